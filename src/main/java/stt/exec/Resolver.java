package stt.exec;

import java.util.List;
import java.util.Optional;
import stt.codec.S2S2D2_STT;
import stt.codec.Tensor2D;
import stt.isa.Addr4;
import stt.isa.Decision;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.ImmSrc;
import stt.isa.MemoryRef;
import stt.isa.Opcode;
import stt.machine.Machine;
import stt.validate.Footprint;
import stt.validate.Validator;
import stt.validate.Violation;

/** Validates a word and resolves its addresses (registers included) into a {@link Plan}; shared by engines. */
public final class Resolver {
    private Resolver() {
    }

    public static Plan resolve(Machine m, S2S2D2_STT i) throws ExecutionException {
        Generation gen = m.generation();
        List<Violation> violations = Validator.validate(i, gen);
        if (!violations.isEmpty()) {
            throw ExecutionException.invalid(violations);
        }
        if (!gen.executesStt()) {
            throw ExecutionException.failed(gen + " has no DVE worker for S2S2D2_STT: its words decode and validate"
                    + " but do not execute (the worker is wired CAYMAN to MAVERICK)");
        }
        Opcode opcode = i.opcode().orElseThrow();
        int channels = i.num_active_channels();
        Operand src0 = operand(m, "src0", i.src0_mem_pattern(), i.in0_dtype(), false, channels);
        Operand src1 = operand(m, "src1", i.src1_mem_pattern(), i.in1_dtype(), false, channels);
        Operand dst = operand(m, "dst", i.dst_mem_pattern(), i.out_dtype(), true, channels);
        Dtype scalarDtype = i.imm0Dtype().orElseThrow();
        return new Plan(opcode, i.aluOp0().orElseThrow(), i.aluOp1().orElseThrow(), i.reverseOperands().orElseThrow(),
                i.accumCmd().orElseThrow(), channels, src0, src1, dst, i.imm0(), pointer(m, i), scalarDtype);
    }

    private static Operand operand(Machine m, String name, Tensor2D t, int dtypeCode, boolean isDst, int channels)
            throws ExecutionException {
        Generation gen = m.generation();
        Addr4 a = t.addr();
        if (a.shapeFromRegister() || a.indirect()) {
            throw ExecutionException.failed(name + ".start_addr = " + String.format("0x%08x", t.start_addr())
                    + " uses " + (a.indirect() ? "indirect addressing" : "a shape from a register")
                    + ", which this model decodes and validates but does not execute (" + Decision.SHAPE_AND_INDIRECT
                    .name().toLowerCase(java.util.Locale.ROOT) + ")");
        }
        Dtype dtype = Dtype.of(dtypeCode).orElseThrow();
        if (!a.fromRegister()) {
            return new Operand(name, gen.locate(a.partitionOffset()).orElseThrow(), t, dtype);
        }
        int value = m.register(a.regnum());
        String where = String.format("%s reads address register %d = 0x%08x", name, a.regnum(), value);
        Optional<MemoryRef> ref = (value & ~Addr4.PARTITION_OFFSET_MASK) != 0 ? Optional.empty()
                : gen.locate(value);
        if (ref.isEmpty()) {
            throw ExecutionException.failed(where + ", which is not an SBUF/PSUM address on " + gen + "; "
                    + Footprint.windows(gen));
        }
        List<String> problems = new java.util.ArrayList<>(Footprint.patternProblems(name, ref.get(), t, dtypeCode,
                isDst, gen));
        if (ref.get().partition() + channels > Generation.PARTITIONS) {
            problems.add("partition " + ref.get().partition() + " + num_active_channels " + channels + " exceeds "
                    + Generation.PARTITIONS);
        }
        if (!problems.isEmpty()) {
            throw ExecutionException.failed(where + " (" + ref.get() + "): " + String.join("; ", problems));
        }
        return new Operand(name, ref.get(), t, dtype);
    }

    private static Optional<MemoryRef> pointer(Machine m, S2S2D2_STT i) throws ExecutionException {
        ImmSrc src = i.immSrc().orElseThrow();
        if (src == ImmSrc.INSTRUCTION_IMMEDIATE) {
            return Optional.empty();
        }
        int ptr = src == ImmSrc.POINTER_IMMEDIATE ? i.imm0() : m.register(i.imm0() & 0xff);
        if (src == ImmSrc.REG_PTR_IMMEDIATE) {
            List<String> problems = Footprint.pointerProblems(ptr, i.imm0_dtype(), i.num_active_channels(),
                    m.generation());
            if (!problems.isEmpty()) {
                throw ExecutionException.failed(String.format("imm0 reads address register %d = 0x%08x: %s",
                        i.imm0() & 0xff, ptr, String.join("; ", problems)));
            }
        }
        return m.generation().locate(ptr);
    }
}
