package stt.validate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import stt.codec.S2S2D2_STT;
import stt.codec.Tensor2D;
import stt.isa.AccumCmd;
import stt.isa.Addr4;
import stt.isa.AluOp;
import stt.isa.Coded;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.ImmSrc;
import stt.isa.MemoryRef;
import stt.isa.Opcode;
import stt.isa.ReverseOperands;
import stt.isa.Space;

/**
 * is_valid_scalar_tensor_tensor and its siblings (SPEC §4): every rule is a small method named after the
 * seed's predicate; {@link #validate} runs them all and returns every violation, in rule order.
 */
public final class Validator {
    private static final Set<AccumCmd> ACCUM_IDLE_OR_ACCUMULATE =
            EnumSet.of(AccumCmd.IDLE, AccumCmd.ACCUMULATE, AccumCmd.ZERO_ACCUMULATE);

    private final S2S2D2_STT i;
    private final Generation gen;
    private final Optional<Opcode> opcode;
    private final List<Violation> out = new ArrayList<>();

    private Validator(S2S2D2_STT i, Generation gen) {
        this.i = i;
        this.gen = gen;
        this.opcode = i.opcode();
    }

    /** Every rule {@code instr} breaks on {@code gen}; empty when the word is valid. */
    public static List<Violation> validate(S2S2D2_STT instr, Generation gen) {
        Validator v = new Validator(instr, gen);
        v.s2s2d2_stt_opcode();
        v.reserved_zero();
        v.valid_enum_code();
        v.is_valid_dtype();
        v.opcode.ifPresent(op -> {
            v.has_valid_op(op);
            v.s2s2d2_stt_imm0_dtype(op);
            v.bitvec_and_select_reduce_dtypes(op);
            v.has_valid_select_reduce_rev_ops(op);
            v.accum_cmd(op);
        });
        v.has_valid_s2s2d2_stt_immediate();
        v.check_active_channels();
        v.start_addr_active_channels();
        v.tensor2d_valid("src0", instr.src0_mem_pattern(), instr.in0_dtype(), false);
        v.tensor2d_valid("src1", instr.src1_mem_pattern(), instr.in1_dtype(), false);
        v.tensor2d_valid("dst", instr.dst_mem_pattern(), instr.out_dtype(), true);
        v.element_cnt_checks();
        v.tt_valid_partitions();
        return List.copyOf(v.out);
    }

    private void report(Rule rule, String format, Object... args) {
        out.add(new Violation(rule, String.format(format, args)));
    }

    private void s2s2d2_stt_opcode() {
        if (opcode.isEmpty()) {
            report(Rule.S2S2D2_STT_OPCODE, "opcode = %s is not an S2S2D2_STT opcode; allowed: %s",
                    Coded.hex(i.header().opcode()), Arrays.stream(Opcode.values())
                            .map(o -> Coded.hex(o.code()) + " " + o.seedName()).collect(Collectors.joining(", ")));
        }
    }

    private void reserved_zero() {
        if (i.reserved() != 0) {
            report(Rule.RESERVED_ZERO, "reserved = %s must be [0,0,0]", Arrays.toString(i.reservedBytes()));
        }
    }

    private void valid_enum_code() {
        enumCode("reverse_operands", ReverseOperands.class, i.reverse_operands());
        enumCode("imm0_src", ImmSrc.class, i.imm0_src());
        enumCode("accumulator_cmd", AccumCmd.class, i.accumulator_cmd());
    }

    private <E extends Enum<E> & Coded> void enumCode(String field, Class<E> type, int code) {
        if (Coded.byCode(type, code).isEmpty()) {
            report(Rule.VALID_ENUM_CODE, "%s = %s is not a defined code; allowed: %s", field, Coded.hex(code),
                    names(Arrays.asList(type.getEnumConstants())));
        }
    }

    private void has_valid_op(Opcode op) {
        switch (op) {
            case SCALAR_TENSOR_TENSOR_ARITH -> {
                opIn(Rule.HAS_VALID_SCALAR_TENSOR_TENSOR_OP, "op0", i.op0(), gen.generalArith(), "general-arith");
                opIn(Rule.HAS_VALID_SCALAR_TENSOR_TENSOR_OP, "op1", i.op1(), gen.generalArith(), "general-arith");
            }
            case SCALAR_TENSOR_TENSOR_BITVEC -> {
                opIn(Rule.HAS_VALID_SCALAR_TENSOR_TENSOR_OP, "op0", i.op0(), gen.generalBitvec(), "general-bitvec");
                opIn(Rule.HAS_VALID_SCALAR_TENSOR_TENSOR_OP, "op1", i.op1(), gen.generalBitvec(), "general-bitvec");
            }
            case TENSOR_TENSOR_SCAN_ARITH -> {
                opIn(Rule.HAS_VALID_TENSOR_TENSOR_SCAN_OP, "op0", i.op0(), gen.generalArith(), "general-arith");
                opIn(Rule.HAS_VALID_TENSOR_TENSOR_SCAN_OP, "op1", i.op1(), gen.generalArith(), "general-arith");
            }
            case SELECT_REDUCE -> {
                opIn(Rule.HAS_VALID_SELECT_REDUCE_OP, "op0", i.op0(), EnumSet.of(AluOp.BYPASS), "SelectReduce's");
                opIn(Rule.HAS_VALID_SELECT_REDUCE_OP, "op1", i.op1(), EnumSet.of(AluOp.MAX), "SelectReduce's");
            }
        }
    }

    private void opIn(Rule rule, String field, int code, Set<AluOp> allowed, String setName) {
        Optional<AluOp> op = AluOp.of(code);
        if (op.isPresent() && allowed.contains(op.get())) {
            return;
        }
        String what = op.isEmpty() ? "is not an ALU op"
                : !op.get().definedOn(gen) ? "is not in " + gen + "'s ALU_OP enum"
                : "is not a " + setName + " op on " + gen;
        report(rule, "%s = %s %s; allowed: %s", field, Coded.describe(AluOp.class, code), what, names(allowed));
    }

    private void is_valid_dtype() {
        dtypeValid("in0_dtype", i.in0_dtype(), false);
        dtypeValid("in1_dtype", i.in1_dtype(), false);
        dtypeValid("imm0_dtype", i.imm0_dtype(), false);
        dtypeValid("out_dtype", i.out_dtype(), true);
    }

    private static boolean isValidDtype(Dtype d, boolean allowFp32r) {
        return d.code() < 0x10 && d.size() > 0 && d.size() <= 4 && (allowFp32r || d != Dtype.FP32R);
    }

    private void dtypeValid(String field, int code, boolean allowFp32r) {
        Optional<Dtype> d = Dtype.of(code);
        if (d.isPresent() && isValidDtype(d.get(), allowFp32r)) {
            return;
        }
        List<Dtype> allowed = Arrays.stream(Dtype.values()).filter(x -> isValidDtype(x, allowFp32r)).toList();
        report(Rule.IS_VALID_DTYPE, "%s = %s is not a valid dtype%s; allowed: %s", field,
                Coded.describe(Dtype.class, code), allowFp32r ? "" : " here (AllowFP32R::False)", names(allowed));
    }

    private void s2s2d2_stt_imm0_dtype(Opcode op) {
        boolean arithOrScan = op == Opcode.SCALAR_TENSOR_TENSOR_ARITH || op == Opcode.TENSOR_TENSOR_SCAN_ARITH;
        if (arithOrScan && i.imm0_src() == ImmSrc.INSTRUCTION_IMMEDIATE.code()
                && i.imm0_dtype() != Dtype.FP32.code()) {
            report(Rule.S2S2D2_STT_IMM0_DTYPE, "imm0_dtype = %s with an inline imm0 (instruction_immediate);"
                    + " allowed: fp32 (pointer and register sources take the dtype from memory)",
                    Coded.describe(Dtype.class, i.imm0_dtype()));
        }
    }

    private void bitvec_and_select_reduce_dtypes(Opcode op) {
        if (op.isBitvec()) {
            int[] codes = {i.in0_dtype(), i.in1_dtype(), i.imm0_dtype(), i.out_dtype()};
            String[] fields = {"in0_dtype", "in1_dtype", "imm0_dtype", "out_dtype"};
            List<Dtype> ints = Arrays.stream(Dtype.values()).filter(Dtype::isIntDatapath).toList();
            for (int k = 0; k < codes.length; k++) {
                if (!Dtype.of(codes[k]).filter(Dtype::isIntDatapath).isPresent()) {
                    report(Rule.HAS_VALID_SCALAR_TENSOR_TENSOR_DTYPES, "%s = %s on the bitvec datapath; allowed: %s",
                            fields[k], Coded.describe(Dtype.class, codes[k]), names(ints));
                }
            }
            if (Arrays.stream(codes).distinct().count() > 1) {
                report(Rule.S2S2D2_STT_SRC_DST_DTYPE, "in0_dtype = %s, in1_dtype = %s, imm0_dtype = %s, out_dtype = %s"
                        + " must all be equal on the bitvec datapath",
                        Coded.nameOf(Dtype.class, codes[0]), Coded.nameOf(Dtype.class, codes[1]),
                        Coded.nameOf(Dtype.class, codes[2]), Coded.nameOf(Dtype.class, codes[3]));
            }
        } else if (op == Opcode.SELECT_REDUCE) {
            if (!i.in0Dtype().filter(Dtype::isIntDatapath).isPresent()) {
                report(Rule.HAS_VALID_SELECT_REDUCE_DTYPES, "in0_dtype (the predicate) = %s; allowed: %s",
                        Coded.describe(Dtype.class, i.in0_dtype()),
                        names(Arrays.stream(Dtype.values()).filter(Dtype::isIntDatapath).toList()));
            }
            if (i.in1_dtype() == Dtype.INT32.code() || i.in1_dtype() == Dtype.UINT32.code()) {
                report(Rule.HAS_VALID_SELECT_REDUCE_DTYPES, "in1_dtype = %s; a 32-bit integer is not allowed here",
                        Coded.describe(Dtype.class, i.in1_dtype()));
            }
        }
    }

    private void has_valid_select_reduce_rev_ops(Opcode op) {
        Optional<ReverseOperands> rev = i.reverseOperands();
        if (op == Opcode.SELECT_REDUCE && rev.isPresent() && rev.get().swapsSecond()) {
            report(Rule.HAS_VALID_SELECT_REDUCE_REV_OPS, "reverse_operands = %s; allowed: none, first",
                    Coded.describe(ReverseOperands.class, i.reverse_operands()));
        }
    }

    private void accum_cmd(Opcode op) {
        Optional<AccumCmd> cmd = i.accumCmd();
        if (cmd.isEmpty()) {
            return; // valid_enum_code reports it
        }
        Rule rule = switch (op) {
            case SCALAR_TENSOR_TENSOR_ARITH, SCALAR_TENSOR_TENSOR_BITVEC -> Rule.HAS_VALID_S2S2D2_STT_ACCUM_CMD;
            case TENSOR_TENSOR_SCAN_ARITH -> Rule.HAS_ZERO_ACCUM_CMD;
            case SELECT_REDUCE -> Rule.HAS_VALID_S2S2D2_CPR_ACCUM_CMD;
        };
        boolean idleOnly = op.isBitvec() || op == Opcode.TENSOR_TENSOR_SCAN_ARITH;
        Set<AccumCmd> allowed = idleOnly ? EnumSet.of(AccumCmd.IDLE) : ACCUM_IDLE_OR_ACCUMULATE;
        if (!allowed.contains(cmd.get())) {
            report(rule, "accumulator_cmd = %s for %s; allowed: %s", Coded.describe(AccumCmd.class,
                    i.accumulator_cmd()), op.seedName(), names(allowed));
        }
    }

    private void has_valid_s2s2d2_stt_immediate() {
        Optional<ImmSrc> src = i.immSrc();
        if (src.isEmpty() || src.get() == ImmSrc.INSTRUCTION_IMMEDIATE) {
            return;
        }
        Rule rule = Rule.HAS_VALID_S2S2D2_STT_IMMEDIATE;
        if (src.get() == ImmSrc.REG_PTR_IMMEDIATE) {
            if ((i.imm0() & 0xff) >= Generation.ADDRESS_REGISTERS || (i.imm0() & ~0xff) != 0) {
                report(rule, "imm0 = 0x%08x as a register immediate; allowed: a register number 0..%d in byte 0,"
                        + " bytes 1..3 zero", i.imm0(), Generation.ADDRESS_REGISTERS - 1);
            }
            return;
        }
        Footprint.pointerProblems(i.imm0(), i.imm0_dtype(), i.num_active_channels(), gen)
                .forEach(m -> report(rule, "imm0 = 0x%08x as a pointer immediate: %s", i.imm0(), m));
    }

    private void check_active_channels() {
        if (i.num_active_channels() < 1 || i.num_active_channels() > Generation.PARTITIONS) {
            report(Rule.CHECK_ACTIVE_CHANNELS, "num_active_channels = %d; allowed: 1..%d", i.num_active_channels(),
                    Generation.PARTITIONS);
        }
    }

    private void start_addr_active_channels() {
        String[] names = {"src0", "src1", "dst"};
        Tensor2D[] patterns = {i.src0_mem_pattern(), i.src1_mem_pattern(), i.dst_mem_pattern()};
        for (int k = 0; k < patterns.length; k++) {
            Optional<MemoryRef> ref = immediate(patterns[k]);
            if (ref.isPresent() && ref.get().partition() + i.num_active_channels() > Generation.PARTITIONS) {
                report(Rule.START_ADDR_ACTIVE_CHANNELS, "%s starts at partition %d; with num_active_channels %d it"
                        + " would reach partition %d; allowed: start partition + channels <= %d", names[k],
                        ref.get().partition(), i.num_active_channels(),
                        ref.get().partition() + i.num_active_channels() - 1, Generation.PARTITIONS);
            }
        }
    }

    /** The window an immediate, direct start address falls in; empty for register, indirect or unmapped ones. */
    private Optional<MemoryRef> immediate(Tensor2D t) {
        Addr4 a = t.addr();
        return a.fromRegister() || a.indirect() ? Optional.empty() : gen.locate(a.partitionOffset());
    }

    private void tensor2d_valid(String name, Tensor2D t, int dtypeCode, boolean isDst) {
        Rule rule = Rule.TENSOR2D_VALID;
        Addr4 a = t.addr();
        if (!a.shapeFromRegister()) {
            for (int d = 0; d < 2; d++) {
                if (t.num_elem(d) < 1) {
                    report(rule, "%s.num_elem[%d] = 0; allowed: 1..65535", name, d);
                }
            }
        }
        if (a.fromRegister()) {
            if (a.regnum() >= Generation.ADDRESS_REGISTERS || !a.registerFormClean()) {
                report(rule, "%s.start_addr = 0x%08x reads register %d; allowed: registers 0..%d with bytes 1..2"
                        + " and bits 24..29 zero", name, t.start_addr(), a.regnum(),
                        Generation.ADDRESS_REGISTERS - 1);
            }
            return;
        }
        Optional<MemoryRef> ref = gen.locate(a.partitionOffset());
        if (ref.isEmpty()) {
            report(rule, "%s.start_addr = 0x%08x is in no memory window of %s; %s", name, t.start_addr(), gen,
                    Footprint.windows(gen));
            return;
        }
        Footprint.patternProblems(name, ref.get(), t, dtypeCode, isDst, gen)
                .forEach(m -> report(rule, "%s", m));
    }

    private void element_cnt_checks() {
        Tensor2D s0 = i.src0_mem_pattern();
        Tensor2D s1 = i.src1_mem_pattern();
        Tensor2D d = i.dst_mem_pattern();
        Predicate<Tensor2D> shapeReg = t -> t.addr().shapeFromRegister();
        if (!shapeReg.test(s0) && !shapeReg.test(s1) && s0.elementCount() != s1.elementCount()) {
            report(Rule.S2S2D2_STT_SRC_ELEMENT_CNT_CHECK, "src0 has %d elements (%dx%d), src1 has %d (%dx%d); they"
                    + " must be equal", s0.elementCount(), s0.num_elem_0(), s0.num_elem_1(), s1.elementCount(),
                    s1.num_elem_0(), s1.num_elem_1());
        }
        if (!shapeReg.test(s0) && !shapeReg.test(d) && s0.elementCount() != d.elementCount()) {
            report(Rule.S2S2D2_STT_DST_ELEMENT_CNT_CHECK, "src0 has %d elements (%dx%d), dst has %d (%dx%d); they"
                    + " must be equal", s0.elementCount(), s0.num_elem_0(), s0.num_elem_1(), d.elementCount(),
                    d.num_elem_0(), d.num_elem_1());
        }
    }

    private void tt_valid_partitions() {
        Optional<MemoryRef> a = immediate(i.src0_mem_pattern());
        Optional<MemoryRef> b = immediate(i.src1_mem_pattern());
        if (a.isEmpty() || b.isEmpty()) {
            return;
        }
        if (a.get().space() == Space.PSUM && b.get().space() == Space.PSUM) {
            report(Rule.TT_VALID_PARTITIONS, "src0 (%s) and src1 (%s) are both in PSUM; at most one source may be",
                    a.get(), b.get());
        } else if (a.get().space() == Space.SBUF && b.get().space() == Space.SBUF
                && a.get().partition() / Generation.QUADRANT != b.get().partition() / Generation.QUADRANT) {
            report(Rule.TT_VALID_PARTITIONS, "src0 starts at SBUF partition %d, src1 at %d; two SBUF sources must"
                    + " start in the same %d-partition quadrant", a.get().partition(), b.get().partition(),
                    Generation.QUADRANT);
        }
    }

    private static String names(Collection<? extends Coded> members) {
        return members.stream().map(Coded::isaName).collect(Collectors.joining(", "));
    }
}
