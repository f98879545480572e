package stt.cli;

import java.nio.file.Path;
import stt.isa.Dtype;
import stt.machine.Tile;
import stt.npy.Npy;
import stt.npy.NpyArray;
import stt.npy.NpyException;

/** {@code .npy} files as machine tiles: [rows, cols] (a 1-D [n] array is one column, [n, 1]). */
final class NpyFiles {
    private NpyFiles() {
    }

    static NpyArray read(String file) {
        try {
            return Npy.read(Programs.readBytes(file, java.io.InputStream.nullInputStream()));
        } catch (NpyException e) {
            throw new InputException(file + ": " + e.getMessage());
        }
    }

    /** The array as a tile of its own dtype ({@code dtypeOverride} reinterprets same-size storage, e.g. bf16). */
    static Tile tile(String file, NpyArray a, Dtype dtypeOverride) {
        long[] shape = a.shape();
        if (shape.length < 1 || shape.length > 2) {
            throw new InputException(file + ": shape " + java.util.Arrays.toString(shape)
                    + " is not a 2-D [partitions, elements] array (or 1-D [partitions])");
        }
        Dtype own = a.dtype().orElseThrow(() -> new InputException(file + ": dtype '" + a.descr()
                + "' is not a machine dtype; allowed: |u1, |i1, <u2, <i2, <u4, <i4, <f2, <f4 (either byte order)"));
        Dtype dtype = dtypeOverride == null ? own : dtypeOverride;
        if (dtype.size() != own.size()) {
            throw new InputException(file + ": cannot read " + a.descr() + " elements as " + dtype.isaName()
                    + " (" + dtype.size() + " bytes each)");
        }
        Tile t = new Tile(dtype, (int) shape[0], shape.length == 2 ? (int) shape[1] : 1, a.data());
        Served.array(file, t);
        return t;
    }

    static void write(Path file, Tile t) {
        Served.array(file.toString(), t);
        Programs.write(file, Npy.write(NpyArray.of(t.dtype(), new long[] {t.rows(), t.cols()}, t.data())));
    }
}
