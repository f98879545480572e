package stt.def;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import stt.codec.ScalarOperand;
import stt.cost.Cost;
import stt.exec.Operation;
import stt.exec.Semantics;
import stt.fast.Kernel;
import stt.isa.Decision;
import stt.isa.EngineKind;
import stt.isa.Fidelity;
import stt.isa.Generation;
import stt.isa.Opcode;
import stt.validate.Check;
import stt.validate.Rules;

/**
 * Everything the model does with one opcode, in one place (as a TableGen record or a decodetree line): its
 * identity (the {@link Opcode} row: code, mnemonic, struct, engine, generations, datapath), its validity checks,
 * its executability predicates (reported at {@code not_executable}), how it reads its immediates as per-lane
 * scalars, its semantics body, its fast kernel, its cost
 * formula, the worker name its trace line shows, and the NKI call that emits it. An opcode without a body decodes
 * and validates only, and {@link #refusal} says why execution refuses it. The layers below read their part through
 * an interface they own ({@link Rules}: validation; {@link Operation}: execution) or a lookup they are built with
 * (the kernel, the cost formula); {@code stt.engine.Model} wires them.
 *
 * @param checks     the validity rules, in report order
 * @param executable the executability predicates: a valid word that breaks one is refused by execution, unchanged
 * @param nki        the NKI call that emits this opcode; empty when none does, {@link #nkiNote} saying why
 * @param decisions  the [MODEL] decisions its body stands on where the sources leave the result open (a fold
 *                   order, a rounding), on every generation: its results are then {@link Fidelity#MODEL}, else
 *                   {@link Fidelity#EXACT} unless the generation adds one ({@link #decisions(Generation)})
 */
public record OpcodeDef(Opcode opcode, List<Check> checks, List<Check> executable, List<ScalarOperand> scalars,
        Optional<Semantics> body,
        Optional<Supplier<Kernel>> kernelRef, Optional<Cost.Formula> cost, Optional<String> trace, Optional<String> nki,
        String nkiNote, String refusal, List<Decision> decisions) implements Rules, Operation {

    public OpcodeDef {
        decisions = List.copyOf(decisions);
        checks = List.copyOf(checks);
        executable = List.copyOf(executable);
        scalars = List.copyOf(scalars);
    }

    /** The fast kernel, made on first use (a kernel's class needs jdk.incubator.vector, which may be absent). */
    public Optional<Kernel> kernel() {
        return kernelRef.map(Supplier::get);
    }

    /** A kernel made once, on first use, and shared by every definition that names this reference. */
    static Supplier<Kernel> kernel(Supplier<Kernel> make) {
        return new Supplier<>() {
            private volatile Kernel made;

            @Override
            public Kernel get() {
                Kernel k = made;
                if (k == null) {
                    synchronized (this) {
                        k = made == null ? (made = make.get()) : made;
                    }
                }
                return k;
            }
        };
    }

    /**
     * The [MODEL] decisions this opcode's results on {@code gen} stand on: its own, then, for a Vector Engine opcode,
     * the generation's ({@link Generation#vectorEngineDecisions}: {@code sunda_vector_engine} on SUNDA).
     */
    public List<Decision> decisions(Generation gen) {
        return opcode.engine() == EngineKind.DVE ? gen.onVectorEngine(decisions) : decisions;
    }

    /** How far the model claims this opcode's results on {@code gen} (FAMILY-NEXT's levels). */
    public Fidelity fidelity(Generation gen) {
        return Fidelity.EXACT.under(decisions(gen));
    }

    /** A definition built part by part: {@code def(Opcode.X).checks(...).body(...)...}. */
    static Builder def(Opcode opcode) {
        return new Builder(opcode);
    }

    static final class Builder {
        private final Opcode opcode;
        private List<Check> checks = List.of();
        private List<Check> executable = List.of();
        private List<ScalarOperand> scalars = List.of();
        private Semantics body;
        private Supplier<Kernel> kernel;
        private Cost.Formula cost;
        private String trace;
        private String nki;
        private String nkiNote = "";
        private String refusal = "";
        private List<Decision> decisions = List.of();

        private Builder(Opcode opcode) {
            this.opcode = opcode;
        }

        Builder checks(List<Check> list) {
            this.checks = list;
            return this;
        }

        Builder executable(Check... predicates) {
            this.executable = List.of(predicates);
            return this;
        }

        Builder scalars(List<ScalarOperand> immediates) {
            this.scalars = immediates;
            return this;
        }

        /** Executes: its body, its cost formula and the worker name of its trace line. */
        Builder body(Semantics semantics, Cost.Formula formula, String worker) {
            this.body = semantics;
            this.cost = formula;
            this.trace = worker;
            return this;
        }

        Builder kernel(Supplier<Kernel> k) {
            this.kernel = k;
            return this;
        }

        Builder nki(String call) {
            this.nki = call;
            return this;
        }

        /** No NKI call emits this opcode by itself: why. */
        Builder noNki(String why) {
            this.nkiNote = why;
            return this;
        }

        /** The [MODEL] decisions the body's results stand on. */
        Builder model(Decision... standOn) {
            this.decisions = List.of(standOn);
            return this;
        }

        /** Decode and validate only: why execution refuses it. */
        Builder refused(String why) {
            this.refusal = why;
            return this;
        }

        OpcodeDef build() {
            return new OpcodeDef(opcode, checks, executable, scalars, Optional.ofNullable(body),
                    Optional.ofNullable(kernel),
                    Optional.ofNullable(cost), Optional.ofNullable(trace), Optional.ofNullable(nki), nkiNote, refusal,
                    decisions);
        }
    }
}
