package stt.isa;

/** The four SEQ opcodes backed by NEURON_ISA_TPB_S2S2D2_STT_STRUCT (seed §1, instruction_mapping.json). */
public enum Opcode implements Coded {
    SCALAR_TENSOR_TENSOR_ARITH(0x9d, "ScalarTensorTensorArith"),
    SCALAR_TENSOR_TENSOR_BITVEC(0x9e, "ScalarTensorTensorBitvec"),
    TENSOR_TENSOR_SCAN_ARITH(0xe5, "TensorTensorScanArith"),
    SELECT_REDUCE(0xea, "SelectReduce");

    private final int code;
    private final String seedName;

    Opcode(int code, String seedName) {
        this.code = code;
        this.seedName = seedName;
    }

    @Override
    public int code() {
        return code;
    }

    /** The seed's CamelCase name, e.g. {@code ScalarTensorTensorArith}; JSON {@code name}. */
    public String seedName() {
        return seedName;
    }

    /** True for the opcode that runs the integer bit-vector datapath (0x9e). */
    public boolean isBitvec() {
        return this == SCALAR_TENSOR_TENSOR_BITVEC;
    }
}
