package stt.engine;

import stt.cost.Cost;
import stt.def.Definitions;
import stt.exec.Engine;
import stt.exec.ReferenceEngine;
import stt.exec.Resolver;
import stt.fast.FastEngine;
import stt.validate.Validator;

/**
 * The model wired from its one table: the opcodes' definitions ({@code stt.def.Definitions}) handed to the layers
 * below, each of which owns the lookup it is built with ({@code Validator}: the rules; {@code Resolver} and the
 * engines: the bodies, scalars and trace names; the fast engine: the kernels; {@code Cost}: the formulas). Nothing
 * below {@code stt.def} imports it; everything above takes its validator, engines and cost table from here.
 */
public final class Model {
    /** Validity and executability verdicts by every opcode's definition. */
    public static final Validator VALIDATOR = new Validator(Definitions::of);
    /** Admission and resolution, shared by every engine (one memo of resolved words). */
    public static final Resolver RESOLVER = new Resolver(VALIDATOR, Definitions::of);
    /** Cost estimates by every opcode's formula. */
    public static final Cost COST = new Cost(op -> Definitions.of(op).cost());

    private Model() {
    }

    /** The reference engine: every executing opcode's body. */
    public static ReferenceEngine reference() {
        return new ReferenceEngine(RESOLVER);
    }

    /**
     * The fast engine on up to {@code threads} threads: every opcode's kernel, the reference for the rest. Its class
     * needs {@code jdk.incubator.vector} ({@link EngineProvider#fast} checks).
     */
    public static Engine fast(int threads) {
        return new FastEngine(RESOLVER, op -> Definitions.of(op).kernel(), threads);
    }
}
