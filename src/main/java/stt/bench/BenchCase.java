package stt.bench;

import stt.isa.AluOp;
import stt.isa.Dtype;

/**
 * One benchmarked instruction shape: which instruction, dtypes, ops, [partitions, free]. A one-source kind
 * (tensor_scalar, copy) has no {@code in1}: it is {@code in0} there and read by nothing.
 */
public record BenchCase(String name, Kind kind, Dtype in0, Dtype in1, Dtype out, AluOp op0, AluOp op1,
        int partitions, int free) {
    /** The instructions the bench times; the first three through {@code stt.api.Call}, the rest FAMILY.md §1. */
    public enum Kind {
        STT(2), SCAN(2), SELECT_REDUCE(2), TENSOR_TENSOR(2), TENSOR_SCALAR(1), COPY(1);

        /** How many tensors the instruction reads. */
        public final int sources;

        Kind(int sources) {
            this.sources = sources;
        }
    }

    public long elements() {
        return (long) partitions * free;
    }

    /** Bytes read and written per element: the sources and the destination. */
    public int bytesPerElement() {
        return in0.size() + (kind.sources == 2 ? in1.size() : 0) + out.size();
    }

    /** in1's ISA name, or "-" for a one-source kind. */
    public String in1Name() {
        return kind.sources == 2 ? in1.isaName() : "-";
    }

    /** {@code name@free}: what {@code stt bench --case} takes. */
    public String id() {
        return name + "@" + free;
    }
}
