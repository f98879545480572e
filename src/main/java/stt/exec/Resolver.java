package stt.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import stt.codec.Layout;
import stt.codec.Memo;
import stt.codec.TensorPattern;
import stt.codec.Word;
import stt.isa.Addr4;
import stt.isa.Decision;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.MemoryRef;
import stt.isa.Opcode;
import stt.machine.Machine;
import stt.validate.AddressChecks;
import stt.validate.Validator;
import stt.validate.Violation;

/**
 * What every engine does before executing a word: validate it, check the Vector Engine runs it, and resolve its
 * addresses (registers included) against the machine. Nothing here changes the machine. Built with a
 * {@link Validator} and every opcode's {@link Operation}, which the layer above wires in from the opcodes'
 * definitions ({@code stt.engine.Model}).
 */
public final class Resolver {
    /**
     * Resolved words, per distinct word and generation, when nothing in them came from a register (a kernel issues
     * the same words many times). Bounded: emptied when full.
     */
    private final Memo<Key, Instruction> instructions = new Memo<>(4096);
    private final Validator validator;
    private final Function<Opcode, ? extends Operation> operations;

    private record Key(Word word, Generation gen) {
    }

    /**
     * @param validator  the validity and executability verdicts admission asks for
     * @param operations every opcode's execution part
     */
    public Resolver(Validator validator, Function<Opcode, ? extends Operation> operations) {
        this.validator = Objects.requireNonNull(validator, "validator");
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    /** The validator admission asks. */
    public Validator validator() {
        return validator;
    }

    /** The execution part of {@code opcode}. */
    public Operation operation(Opcode opcode) {
        return operations.apply(opcode);
    }

    /**
     * Throws unless {@code w} is valid on the machine's generation (SUNDA included, by its own tables:
     * {@code sunda_vector_engine}) and meets its definition's executability predicates; returns the definition.
     */
    public Operation admit(Machine m, Word w) throws ExecutionException {
        Generation gen = m.generation();
        List<Violation> violations = validator.validate(w, gen);
        if (!violations.isEmpty()) {
            throw ExecutionException.invalid(violations);
        }
        List<Violation> refusals = validator.executability(w, gen);
        if (!refusals.isEmpty()) {
            throw ExecutionException.notExecutable(refusals);
        }
        return operation(w.opcode().orElseThrow());
    }

    /**
     * {@code w} admitted ({@link #admit}) and resolved on {@code m}. A word {@link #instruction} remembers was
     * admitted on this generation before, and admission is a function of the word's bytes and the generation, so it
     * is not asked again: for a word issued again, one cache lookup instead of three.
     */
    public Instruction admitted(Machine m, Word w) throws ExecutionException {
        Instruction known = instructions.get(new Key(w, m.generation()));
        if (known != null) {
            return known;
        }
        admit(m, w);
        return instruction(m, w);
    }

    /**
     * {@code w}, which {@link #admit} has admitted, resolved on {@code m}; remembered per distinct word and
     * generation when nothing in it came from a register.
     */
    public Instruction instruction(Machine m, Word w) throws ExecutionException {
        Key key = new Key(w, m.generation());
        Instruction known = instructions.get(key);
        if (known != null) {
            return known;
        }
        Instruction.Resolved made = Instruction.of(m, w, operation(w.opcode().orElseThrow()).scalars());
        if (!made.readsRegisters()) {
            instructions.put(key, made.instruction());
        }
        return made.instruction();
    }

    /** Pattern {@code p} of {@code w}, resolved: its start (read from a register if need be) and dtype. */
    static Operand operand(Machine m, Word w, Layout.Pattern p, int channels) throws ExecutionException {
        String name = p.name();
        TensorPattern t = w.pattern(p);
        int dtypeCode = (int) w.get(p.dtypeField());
        Generation gen = m.generation();
        Addr4 a = t.addr();
        if (a.shapeFromRegister() || a.indirect()) {
            throw ExecutionException.failed(name + ".start_addr = " + String.format("0x%08x", t.start_addr())
                    + " uses " + (a.indirect() ? "indirect addressing" : "a shape from a register")
                    + ", which this model decodes and validates but does not execute ("
                    + Decision.SHAPE_AND_INDIRECT.id() + ")");
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
                    + AddressChecks.windows(gen));
        }
        List<String> problems = new ArrayList<>(AddressChecks.patternProblems(name, ref.get(), t, dtypeCode,
                p.written(), gen));
        if (ref.get().partition() + channels > Generation.PARTITIONS) {
            problems.add("partition " + ref.get().partition() + " + num_active_channels " + channels + " exceeds "
                    + Generation.PARTITIONS);
        }
        if (!problems.isEmpty()) {
            throw ExecutionException.failed(where + " (" + ref.get() + "): " + String.join("; ", problems));
        }
        return new Operand(name, ref.get(), t, dtype);
    }

    /**
     * Where a pointer or register scalar lives for lane 0 (lane c reads partition + c): {@code imm} holds the
     * pointer itself, or (from a register) the register number, whose value is checked here as the validator
     * checks an immediate pointer.
     */
    public static MemoryRef pointer(Machine m, int imm, boolean fromRegister, int dtypeCode, int channels, String name)
            throws ExecutionException {
        int ptr = fromRegister ? m.register(imm & 0xff) : imm;
        if (fromRegister) {
            List<String> problems = AddressChecks.pointerProblems(ptr, dtypeCode, channels, m.generation());
            if (!problems.isEmpty()) {
                throw ExecutionException.failed(String.format("%s reads address register %d = 0x%08x: %s", name,
                        imm & 0xff, ptr, String.join("; ", problems)));
            }
        }
        return m.generation().locate(ptr).orElseThrow();
    }
}
