package stt.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import stt.codec.Word;
import stt.engine.Model;
import stt.exec.Engine;
import stt.exec.Program;
import stt.exec.Trace;
import stt.cost.Cost;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.MemoryRef;
import stt.machine.Machine;

@Command(name = "run", description = "Run a program on a zeroed machine: load .npy tensors, execute, dump .npy.")
final class RunCommand extends Subcommand {
    @Parameters(paramLabel = "PROGRAM", description = ".bin (64-byte words) or .s (text)")
    String program;

    @Mixin
    GenerationMixin generation;

    @Option(names = "--load", paramLabel = "MEM=IN.npy", description = "before the run: rows of IN.npy to"
            + " partitions P, P+1 ... from byte OFF; MEM is sbuf:P:OFF or psum:P:OFF")
    List<String> loads = new ArrayList<>();

    @Option(names = "--dump", paramLabel = "MEM:SHAPE:DTYPE=OUT.npy", description = "after the run (also on"
            + " failure): a ROWSxCOLS tile of DTYPE from MEM to OUT.npy")
    List<String> dumps = new ArrayList<>();

    @Option(names = "--reg", paramLabel = "N=VALUE", description = "before the run: address register N (0..63)"
            + " holds VALUE (a u32, decimal or 0x-hex), e.g. a PARTITION_OFFSET for reg:N addresses and scalars")
    List<String> registers = new ArrayList<>();

    @Option(names = "--trace", description = "print the seed's debug trace lines")
    boolean trace;

    @Option(names = "--trace-limit", paramLabel = "N", defaultValue = "64",
            description = "element trace lines to print at most (default: ${DEFAULT-VALUE})")
    long traceLimit;

    @Mixin
    EngineMixin engineOption;

    @Override
    public Integer call() {
        Generation gen = generation.gen;
        Engine e = engineOption.engine();
        if (traceLimit < 0) {
            throw new InputException("--trace-limit " + traceLimit + ": allowed: 0 or more element lines");
        }
        List<Word> words = Programs.load(program, java.io.InputStream.nullInputStream(), gen);
        List<Dump> dumpSpecs = dumps.stream().map(Dump::parse).toList();
        Machine m = new Machine(gen);
        for (String load : loads) {
            int eq = load.indexOf('=');
            if (eq < 0) {
                throw new InputException("--load " + load + ": expected MEM=IN.npy");
            }
            String file = load.substring(eq + 1);
            MemoryRef at = Locations.memory(load.substring(0, eq), "--load " + load);
            try {
                m.write(at, NpyFiles.tile(file, NpyFiles.read(file), null));
            } catch (IllegalArgumentException ex) {
                throw new InputException("--load " + load + ": " + ex.getMessage());
            }
        }
        for (String reg : registers) {
            int eq = reg.indexOf('=');
            if (eq < 0) {
                throw new InputException("--reg " + reg + ": expected N=VALUE, e.g. 5=0x40000");
            }
            int n = (int) Locations.number(reg.substring(0, eq), "--reg " + reg + " register",
                    Generation.ADDRESS_REGISTERS - 1);
            m.setRegister(n, (int) Locations.number(reg.substring(eq + 1), "--reg " + reg + " value", 0xffff_ffffL));
        }
        PrintWriter out = out();
        int code = ExitCode.OK;
        Served.ran(words, gen);
        try {
            Program.run(m, words, e, trace ? Trace.to(out, traceLimit) : Trace.OFF);
            out.println("ran " + words.size() + " words on " + gen.isaName() + " (" + e.name() + " engine); "
                    + estimate(words, gen));
        } catch (Program.Failure f) {
            Served.refused(f.verdicts(), f.index());
            err().println("stt: " + program + ": " + f.getMessage()
                    + (f.nothingRan() ? "\nstt: nothing was executed" : ""));
            code = ExitCode.INVALID;
        }
        for (Dump d : dumpSpecs) {
            try {
                NpyFiles.write(d.file, m.read(d.at, d.dtype, d.rows, d.cols));
            } catch (IllegalArgumentException ex) {
                throw new InputException("--dump " + d.text + ": " + ex.getMessage());
            }
        }
        return code;
    }

    /** The program's estimated device total (every word is valid once it ran), as {@code stt cost} gives it. */
    private static String estimate(List<Word> words, Generation gen) {
        long cycles = 0;
        double ns = 0;
        for (Word w : words) {
            Cost.Estimate e = Model.COST.of(w, gen);
            cycles += e.cycles().orElse(0L);
            ns += e.ns().orElse(0);
        }
        return "estimated " + cycles + " DVE cycles" + (gen.dveClockGhz().isPresent() ? String.format(" (%.1f ns)", ns)
                : "") + " by NKI 2.26's published formulas";
    }

    /** {@code --dump MEM:SHAPE:DTYPE=OUT.npy}. */
    private record Dump(String text, MemoryRef at, int rows, int cols, Dtype dtype, Path file) {
        static Dump parse(String text) {
            String what = "--dump " + text;
            int eq = text.indexOf('=');
            if (eq < 0 || eq == text.length() - 1) {
                throw new InputException(what + ": expected MEM:SHAPE:DTYPE=OUT.npy, e.g."
                        + " sbuf:0:0x1000:128x512:fp32=out.npy");
            }
            Locations.Region r = Locations.region(text.substring(0, eq), what);
            Path file = Path.of(text.substring(eq + 1));
            Programs.checkWritable(file);
            return new Dump(text, r.at(), r.rows(), r.cols(), r.dtype(), file);
        }
    }
}
