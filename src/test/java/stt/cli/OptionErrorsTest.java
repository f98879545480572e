package stt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import stt.isa.Dtype;
import stt.machine.Tile;

/**
 * A bad value of every option and parameter of every subcommand: exit 2, one line on standard error that names
 * the option (or its value), no stack trace, and no output file. A test fails if an option has no row here.
 */
class OptionErrorsTest {
    @TempDir
    static Path dir;

    /** One bad use: the subcommand, the option (or positional label) it breaks, the arguments, a message fragment. */
    record Bad(String command, String option, String args, String message) {
        @Override
        public String toString() {
            return command + " " + option;
        }
    }

    static final String STT = "eval --data {a} --op0 mult --operand0 2 --op1 add --operand1 {b} -o {dir}/o.npy";
    static final String MS = "eval --instruction memset --shape 2x3 --value 1.5 --out-dtype fp32 -o {dir}/o.npy";
    static final String CP = "eval --instruction copy-predicated --data {a} --predicate {a} --dst-in {b} -o {dir}/o.npy";
    static final String TT = "eval --instruction tensor-tensor --data {a} --data2 {b} --op add -o {dir}/o.npy";

    static List<Bad> cases() {
        return List.of(
                new Bad("disasm", "FILE", "disasm {dir}/none.bin", "none.bin: cannot read: no such file"),
                new Bad("disasm", "--gen", "disasm {bin} --gen pluto", "unknown generation 'pluto'"),
                new Bad("asm", "FILE.s", "asm {dir}/none.s -o {dir}/o.bin", "none.s: cannot read: no such file"),
                new Bad("asm", "-o", "asm {s} -o {dir}/nodir/o.bin", "cannot write"),
                new Bad("asm", "--gen", "asm {s} -o {dir}/o.bin --gen pluto", "unknown generation 'pluto'"),
                new Bad("check", "FILE", "check {dir}/none.s", "none.s: cannot read: no such file"),
                new Bad("check", "--gen", "check {s} --gen pluto", "unknown generation 'pluto'"),
                new Bad("run", "PROGRAM", "run {dir}/none.s", "none.s: cannot read: no such file"),
                new Bad("run", "--dump", "run {s} --dump sbuf:0:0:2y3:fp32={dir}/o.npy", "shape '2y3' is not ROWSxCOLS"),
                new Bad("run", "--engine", "run {s} --engine slow", "--engine slow: allowed: reference, fast"),
                new Bad("run", "--gen", "run {s} --gen pluto", "unknown generation 'pluto'"),
                new Bad("run", "--load", "run {s} --load dram:0:0={a}", "expected sbuf:P:OFF or psum:P:OFF"),
                new Bad("run", "--reg", "run {s} --reg 64=1", "register 64 is out of range; allowed: 0..63"),
                new Bad("run", "--trace-limit", "run {s} --trace --trace-limit -1", "--trace-limit -1: allowed: 0"),
                new Bad("call", "NAME", "call frobnicate", "no NKI-level call 'frobnicate'; calls: activation"),
                new Bad("call", "ARG=VALUE", "call iota pattern=[[1,2]] offset=two dtype=int32 --out dst={dir}/o.npy",
                        "iota: offset=two: expected an integer"),
                new Bad("call", "--out", "call iota pattern=[[1,2]] dtype=int32 --out dst={dir}/nodir/o.npy",
                        "cannot write"),
                new Bad("call", "--gen", "call iota pattern=[[1,2]] dtype=int32 --gen pluto", "unknown generation"),
                new Bad("eval", "--accum-out", STT + " --accumulate add --accum-out {dir}/nodir/acc.npy", "cannot write"),
                new Bad("eval", "--accumulate", STT + " --accumulate sum", "'--accumulate': 'sum'; allowed: add, reset"),
                new Bad("eval", "--data", STT.replace("{a}", "{dir}/none.npy"), "none.npy: cannot read"),
                new Bad("eval", "--data2", TT.replace("{b}", "{dir}/none.npy"), "none.npy: cannot read"),
                new Bad("eval", "--dtype0", STT + " --dtype0 bfloat16", "--dtype0 bfloat16: unknown dtype"),
                new Bad("eval", "--dtype1", STT + " --dtype1 bfloat16", "--dtype1 bfloat16: unknown dtype"),
                new Bad("eval", "--engine", STT + " --engine slow", "--engine slow: allowed: reference, fast"),
                new Bad("eval", "--gen", STT + " --gen pluto", "unknown generation 'pluto'"),
                new Bad("eval", "--instruction", STT + " --instruction matmul", "'matmul'; allowed: stt"),
                new Bad("eval", "--reduce-size", "eval --instruction tensor-reduce --data {a} --op add --reduce-size lots"
                        + " -o {dir}/o.npy", "'lots' is not an int"),
                new Bad("eval", "-o", STT.replace("{dir}/o.npy", "{dir}/nodir/o.npy"), "cannot write"),
                new Bad("eval", "--staging-bytes", STT + " --staging-bytes some", "'some' is not a long"),
                new Bad("eval", "--op", TT.replace("--op add", "--op frobnicate"), "--op frobnicate: unknown ALU op"),
                new Bad("eval", "--op0", STT.replace("mult", "frobnicate"), "--op0 frobnicate: unknown ALU op"),
                new Bad("eval", "--op1", STT.replace("add", "frobnicate"), "--op1 frobnicate: unknown ALU op"),
                new Bad("eval", "--operand0", STT.replace("--operand0 2", "--operand0 two"), "for --operand0, found"),
                new Bad("eval", "--operand1", STT.replace("{b}", "{dir}/none.npy"), "none.npy: cannot read"),
                new Bad("eval", "--out-dtype", STT + " --out-dtype float", "--out-dtype float: unknown dtype"),
                new Bad("eval", "--reduce-op", "eval --instruction tensor-scalar --data {a} --op0 add --operand0 1"
                        + " --reduce-op frobnicate --accum-out {dir}/r.npy -o {dir}/o.npy", "--reduce-op frobnicate:"),
                new Bad("eval", "--reduce-cmd", "eval --instruction tensor-scalar --data {a} --op0 add --operand0 1"
                        + " --reduce-op add --reduce-cmd later -o {dir}/o.npy", "--reduce-cmd later: allowed:"
                        + " reset_reduce, reduce, load_reduce"),
                new Bad("eval", "--reduce-init", "eval --instruction tensor-scalar --data {a} --op0 add --operand0 1"
                        + " --reduce-op add --reduce-cmd load_reduce --reduce-init lots -o {dir}/o.npy",
                        "for --reduce-init, found 'lots'"),
                new Bad("eval", "--shape", MS.replace("2x3", "2y3"), "--shape 2y3: expected PxF"),
                new Bad("eval", "--value", MS.replace("1.5", "one"), "for --value, found 'one'"),
                new Bad("eval", "--predicate", CP.replace("--predicate {a}", "--predicate {dir}/none.npy"),
                        "none.npy: cannot read"),
                new Bad("eval", "--dst-in", CP.replace("{b}", "{dir}/none.npy"), "none.npy: cannot read"),
                new Bad("cost", "FILE", "cost {dir}/none.s", "none.s: cannot read: no such file"),
                new Bad("cost", "--gen", "cost {s} --gen pluto", "unknown generation 'pluto'"),
                new Bad("show", "FILE", "show {dir}/none.s --svg {dir}/o.svg", "none.s: cannot read: no such file"),
                new Bad("show", "--gen", "show {s} --svg {dir}/o.svg --gen pluto", "unknown generation 'pluto'"),
                new Bad("show", "--svg", "show {s} --svg {dir}/nodir/o.svg", "cannot write"),
                new Bad("show", "--word", "show {s} --svg {dir}/o.svg --word 5", "--word 5: "),
                new Bad("bench", "--case", "bench --quick --case nosuch@64", "--case nosuch@64: no such case"),
                new Bad("bench", "--filter", "bench --quick --filter nosuchcase", "--filter nosuchcase: no case's name"),
                new Bad("bench", "--gen", "bench --quick --gen pluto", "unknown generation 'pluto'"));
    }

    static Map<String, String> files;

    @BeforeAll
    static void files() throws Exception {
        Path a = dir.resolve("a.npy");
        Files.write(a, stt.npy.Npy.write(stt.npy.NpyArray.of(Dtype.FP32, new long[] {2, 3},
                Tile.zeros(Dtype.FP32, 2, 3).data())));
        Path s = dir.resolve("p.s");
        Files.writeString(s, "memset dst=sbuf:0:0x0 dst.step_elem=[1,1,1,1] dst.num_elem=[4,1,1,1] dtype=fp32"
                + " dst_element_count=4 num_active_channels=2\n");
        Path bin = dir.resolve("p.bin");
        assertThat(CliTest.stt("asm", s.toString(), "-o", bin.toString()).code()).isZero();
        files = Map.of("{a}", a.toString(), "{b}", a.toString(), "{s}", s.toString(), "{bin}", bin.toString(),
                "{dir}", dir.toString());
    }

    static String[] argv(String args) {
        String[] words = args.split(" ");
        for (int k = 0; k < words.length; k++) {
            for (var f : files.entrySet()) {
                words[k] = words[k].replace(f.getKey(), f.getValue());
            }
        }
        return words;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void aBadValueIsBadUsageInOneLine(Bad bad) throws Exception {
        CliTest.Result r = CliTest.stt(argv(bad.args()));
        assertThat(r.code()).as("%s\n%s", bad.args(), r.err()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err().strip()).as(bad.args()).doesNotContain("\n").doesNotContain("\tat ").startsWith("stt: ")
                .contains(bad.message());
        assertThat(r.out()).as("nothing on standard output").isEmpty();
        try (var left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).as("no output file")
                    .containsExactlyInAnyOrder("a.npy", "p.s", "p.bin");
        }
    }

    /** The rows above cover every option that takes a value, and every positional parameter, of every subcommand. */
    @Test
    void everyOptionWithAValueHasARow() {
        Set<String> covered = cases().stream().map(Bad::toString).collect(Collectors.toCollection(TreeSet::new));
        Set<String> options = new TreeSet<>();
        for (Main.Sub x : Main.SUBCOMMANDS) {
            String name = x.name();
            CommandLine sub = new CommandLine(x.make().get());
            for (OptionSpec o : sub.getCommandSpec().options()) {
                if (!o.usageHelp() && !o.versionHelp() && o.arity().max() > 0) {
                    options.add(name + " " + o.longestName());
                }
            }
            for (PositionalParamSpec p : sub.getCommandSpec().positionalParameters()) {
                options.add(name + " " + p.paramLabel());
            }
        }
        assertThat(covered).isEqualTo(options);
    }

    @Test
    void aFlagGivenAValueIsBadUsageInOneLine() {
        CliTest.Result r = CliTest.stt("spec", "--model=yes");
        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err().strip()).doesNotContain("\n").contains("--model");
    }
}
