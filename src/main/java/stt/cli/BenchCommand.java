package stt.cli;

import java.io.PrintWriter;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import stt.bench.Bench;
import stt.bench.BenchCase;
import stt.bench.Measurement;
import stt.isa.Generation;

@Command(name = "bench", description = "Time the engines and a plain Java triad on the same element counts.")
final class BenchCommand extends Subcommand {
    @Option(names = "--quick", description = "a subset that finishes in under a minute")
    boolean quick;

    @Option(names = "--json", description = "one JSON object per row")
    boolean json;

    @Option(names = "--filter", paramLabel = "TEXT", description = "only cases whose name contains TEXT")
    String filter;

    @Option(names = "--no-fork", description = "time every case in this JVM: quicker to start, but later cases run"
            + " on code the JIT compiled for the earlier cases' profiles too")
    boolean noFork;

    @Option(names = "--case", paramLabel = "NAME@F", hidden = true,
            description = "time just this case, in this JVM (what each forked JVM runs)")
    String only;

    @Mixin
    GenerationMixin generation;

    @Override
    public Integer call() throws Exception {
        Generation gen = generation.gen;
        PrintWriter out = out();
        Bench bench = new Bench(gen, quick, filter == null ? "" : filter);
        if (only != null) {
            BenchCase c = bench.cases().stream().filter(k -> k.id().equals(only)).findFirst().orElseThrow(
                    () -> new InputException("--case " + only + ": no such case (NAME@F, as --json rows name them)"));
            OptionalDouble deviceNs = bench.deviceNs(c);
            for (Measurement m : bench.measure(c)) {
                out.println(json(m, realTimeFactor(m, deviceNs)));
            }
            return ExitCode.OK;
        }
        if (bench.cases().isEmpty()) {
            throw new InputException("--filter " + filter + ": no case's name contains it; the cases: " + String.join(
                    ", ", new Bench(gen, quick, "").cases().stream().map(c -> c.name()).distinct().toList()));
        }
        if (!json) {
            out.printf("%-30s %-9s %-9s %-9s %10s %-10s %7s %8s %12s %9s %9s%n", "case", "in0", "in1", "out",
                    "P x F", "engine", "threads", "parallel", "ns/element", "GB/s", "x device");
        }
        Map<BenchCase, OptionalDouble> device = new HashMap<>();
        ProgressLine progress = ProgressLine.on(err());
        bench.run(m -> {
            progress.clear();
            OptionalDouble factor = realTimeFactor(m, device.computeIfAbsent(m.c(), bench::deviceNs));
            if (json) {
                out.println(json(m, factor));
            } else {
                out.printf(Locale.ROOT, "%-30s %-9s %-9s %-9s %10s %-10s %7d %8s %12.4f %9.2f %9s%n", m.c().name(),
                        m.c().in0().isaName(), m.c().in1Name(), m.c().out().isaName(),
                        m.c().partitions() + "x" + m.c().free(), m.engine(), m.threads(), m.parallel() ? "yes" : "no",
                        m.nsPerElement(), m.gbPerSecond(), factor.isPresent()
                                ? String.format(Locale.ROOT, "%.1f", factor.getAsDouble()) : "-");
            }
            out.flush();
        }, progress, noFork ? bench::measure : new ForkedCase(gen, quick));
        progress.clear();
        return ExitCode.OK;
    }

    /**
     * The row's time for one word over the device's estimated time for it ({@code stt cost}): how many times slower
     * than the device a steady stream of such words runs; none where the generation has no published clock.
     */
    static OptionalDouble realTimeFactor(Measurement m, OptionalDouble deviceNs) {
        return deviceNs.isPresent() && deviceNs.getAsDouble() > 0
                ? OptionalDouble.of(m.nsPerElement() * m.c().elements() / deviceNs.getAsDouble()) : OptionalDouble.empty();
    }

    /** One row as the JSON object SPEC's performance issue names, with its real-time factor when known. */
    static com.fasterxml.jackson.databind.node.ObjectNode json(Measurement m, OptionalDouble factor) {
        var node = json(m);
        if (factor.isPresent()) {
            node.put("real_time_factor", round(factor.getAsDouble()));
        }
        return node;
    }

    /** One row as the JSON object SPEC's performance issue names. */
    static com.fasterxml.jackson.databind.node.ObjectNode json(Measurement m) {
        return JsonView.MAPPER.createObjectNode().put("case", m.c().name()).put("in0", m.c().in0().isaName())
                .put("in1", m.c().in1Name()).put("out", m.c().out().isaName())
                .put("op0", m.c().op0().isaName()).put("op1", m.c().op1().isaName())
                .put("partitions", m.c().partitions()).put("free", m.c().free()).put("engine", m.engine())
                .put("threads", m.threads()).put("parallel", m.parallel())
                .put("ns_per_element", round(m.nsPerElement()))
                .put("gb_per_s", round(m.gbPerSecond()));
    }

    private static double round(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }
}
