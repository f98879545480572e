package stt.cli;

import java.io.PrintWriter;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import stt.codec.Codec;
import stt.codec.S2S2D2_STT;
import stt.isa.Generation;
import stt.text.AsmException;
import stt.text.TextForm;
import stt.validate.Validator;
import stt.validate.Violation;

@Command(name = "demo", description = "A tour on built-in words: assemble, encode, decode, validate per generation.")
final class DemoCommand implements Callable<Integer> {
    /** dst = (src0 * 2.5) + src1 over 128 partitions x 512 fp32, then relu((src0 max 0) ...) legal on MARIANA only. */
    static final String PROGRAM = """
            # fma: dst = (src0 mult 2.5) add src1
            scalar_tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,0] src0.num_elem=[512,1] \
            src1=sbuf:0:0x800 src1.step_elem=[1,0] src1.num_elem=[512,1] dst=sbuf:0:0x1000 dst.step_elem=[1,0] \
            dst.num_elem=[512,1] op0=mult op1=add imm0_src=instruction_immediate imm0=2.5 imm0_dtype=fp32 \
            in0_dtype=fp32 in1_dtype=fp32 out_dtype=fp32 num_active_channels=128 accumulator_cmd=idle
            # relu stage: dst = relu(src0 add -1.0) max src1: relu exists from MARIANA on
            scalar_tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,0] src0.num_elem=[512,1] \
            src1=sbuf:0:0x800 src1.step_elem=[1,0] src1.num_elem=[512,1] dst=sbuf:0:0x1000 dst.step_elem=[1,0] \
            dst.num_elem=[512,1] op0=add op1=relu imm0=-1.0 imm0_dtype=fp32 in0_dtype=bf16 in1_dtype=bf16 \
            out_dtype=bf16 num_active_channels=128
            # bitvec mask with the scalar 0xff00 on int16: every dtype must match
            scalar_tensor_tensor_bitvec src0=sbuf:32:0x0 src0.step_elem=[1,0] src0.num_elem=[256,1] \
            src1=sbuf:32:0x200 src1.step_elem=[0,0] src1.num_elem=[256,1] dst=sbuf:32:0x400 dst.step_elem=[1,0] \
            dst.num_elem=[256,1] op0=bitwise_and op1=bitwise_or imm0=0xff00 imm0_dtype=int16 in0_dtype=int16 \
            in1_dtype=int16 out_dtype=int16 num_active_channels=96
            """;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws AsmException {
        PrintWriter out = spec.commandLine().getOut();
        List<S2S2D2_STT> words = TextForm.assemble(PROGRAM.replace("\\\n", ""), "demo.s", Generation.DEFAULT);
        byte[] bytes = Codec.encodeAll(words);
        out.println("stt demo: " + words.size() + " built-in S2S2D2_STT words (execution arrives with the"
                + " reference interpreter)");
        for (int k = 0; k < words.size(); k++) {
            byte[] word = java.util.Arrays.copyOfRange(bytes, k * 64, k * 64 + 64);
            S2S2D2_STT back = Codec.decode(word);
            out.println();
            out.println("word " + k + ": " + TextForm.disassemble(back, Generation.DEFAULT));
            out.println("  bytes: " + HexFormat.ofDelimiter(" ").formatHex(word));
            out.println("  decode(encode(word)) == word: " + back.equals(words.get(k)));
            for (Generation g : List.of(Generation.CAYMAN, Generation.MARIANA)) {
                List<Violation> v = Validator.validate(back, g);
                out.println("  on " + g.isaName() + ": " + (v.isEmpty() ? "valid" : "invalid"));
                v.forEach(x -> out.println("    " + x));
            }
        }
        return ExitCode.OK;
    }
}
