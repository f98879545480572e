package stt.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import stt.bench.Bench;
import stt.bench.BenchCase;
import stt.bench.Measurement;
import stt.isa.Generation;

/**
 * Measures one bench case in a fresh JVM, as JMH forks: the same java, JVM options and class path as this one,
 * running {@code stt bench --case NAME@F --json}. In one JVM, a case that runs after others is timed with code the
 * JIT compiled for all of their profiles (int32 mult/add at [128x2048]: 0.25 ns/el after the other families, 0.15
 * alone), so only a fresh JVM gives every case the speed a program that runs just that shape would see.
 */
record ForkedCase(Generation gen, boolean quick) implements Bench.Measurer {
    @Override
    public List<Measurement> measure(BenchCase c) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElseThrow(
                () -> new IllegalStateException("bench: cannot tell which java runs this JVM, to fork it")));
        cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "bench", "--json",
                "--gen", gen.name().toLowerCase(java.util.Locale.ROOT), "--case", c.id()));
        if (quick) {
            cmd.add("--quick");
        }
        Path errors = Files.createTempFile("stt-bench-", ".err");
        try {
            return run(c, new ProcessBuilder(cmd).redirectError(errors.toFile()).start(), errors);
        } finally {
            Files.delete(errors);
        }
    }

    /** The child's rows; its standard error (the JDK's incubator warning, or why it failed) only if it fails. */
    private static List<Measurement> run(BenchCase c, Process p, Path errors) throws IOException,
            InterruptedException {
        List<Measurement> rows = new ArrayList<>();
        try (BufferedReader out = p.inputReader()) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                JsonNode row = JsonView.MAPPER.readTree(line);
                rows.add(new Measurement(c, row.get("engine").asText(), row.get("threads").asInt(),
                        row.get("ns_per_element").asDouble()));
            }
        }
        int code = p.waitFor();
        if (code != 0 || rows.isEmpty()) {
            throw new IllegalStateException("bench: the JVM forked for " + c.id() + " exited with " + code + " after "
                    + rows.size() + " rows; its standard error:\n" + Files.readString(errors));
        }
        return rows;
    }
}
