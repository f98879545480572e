/**
 * stt: a bit-exact model of the Neuron NeuronCore's Vector Engine, from its 64-byte instruction words to NKI's calls.
 *
 * <p>The exported packages are the API: the ISA vocabulary ({@code stt.isa}), instruction words ({@code stt.codec},
 * {@code stt.text}), validation ({@code stt.validate}), the machine and execution ({@code stt.machine},
 * {@code stt.exec}, {@code stt.engine} to choose an engine), the NKI-style calls ({@code stt.api}) and those run at NKI level ({@code stt.calls}), {@code .npy}
 * files, cost estimates, pictures and the command line's entry point. The fast engine's kernels ({@code stt.fast}),
 * the ALU op bodies ({@code stt.alu}), the benchmark runner ({@code stt.bench}) and raw machine memory
 * ({@code stt.machine.internal}) stay inside the module.
 */
module stt {
    requires static jdk.incubator.vector;
    requires info.picocli;
    requires com.fasterxml.jackson.databind;
    requires java.management;

    exports stt.api;
    exports stt.calls;
    exports stt.cli;
    exports stt.codec;
    exports stt.cost;
    exports stt.engine;
    exports stt.exec;
    exports stt.isa;
    exports stt.machine;
    exports stt.npy;
    exports stt.show;
    exports stt.text;
    exports stt.validate;

    opens stt.cli to info.picocli;
}
