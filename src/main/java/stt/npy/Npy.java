package stt.npy;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads and writes the NumPy {@code .npy} format (versions 1.0, 2.0 and 3.0): little- and big-endian plain
 * numeric types; C order, and Fortran order for arrays of up to two dimensions (transposed on reading).
 */
public final class Npy {
    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    private static final Pattern DESCR = Pattern.compile("'descr'\\s*:\\s*'([^']*)'");
    private static final Pattern FORTRAN = Pattern.compile("'fortran_order'\\s*:\\s*(True|False)");
    private static final Pattern SHAPE = Pattern.compile("'shape'\\s*:\\s*\\(([^)]*)\\)");
    private static final Pattern TYPE = Pattern.compile("([<>|=])([biuf])(\\d+)");

    private Npy() {
    }

    public static NpyArray read(byte[] file) throws NpyException {
        if (file.length < 10 || !java.util.Arrays.equals(file, 0, 6, MAGIC, 0, 6)) {
            throw new NpyException("bad magic at offset 0: expected \\x93NUMPY, the start of a .npy file");
        }
        int major = file[6];
        if (major < 1 || major > 3) {
            throw new NpyException("unsupported .npy format version " + major + "." + file[7]
                    + " at offset 6; supported: 1.0, 2.0, 3.0");
        }
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        int lenBytes = major == 1 ? 2 : 4;
        if (file.length < 8 + lenBytes) {
            throw new NpyException("truncated: the header length field at offset 8 is incomplete");
        }
        long headerLen = major == 1 ? Short.toUnsignedInt(b.getShort(8)) : Integer.toUnsignedLong(b.getInt(8));
        int headerStart = 8 + lenBytes;
        if (file.length - headerStart < headerLen) {
            throw new NpyException("truncated: the header at offset " + headerStart + " says " + headerLen
                    + " bytes, " + (file.length - headerStart) + " are present");
        }
        String header = new String(file, headerStart, (int) headerLen,
                major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
        String descr = field(DESCR, header, "'descr'", headerStart);
        boolean fortran = field(FORTRAN, header, "'fortran_order'", headerStart).equals("True");
        long[] shape = shape(field(SHAPE, header, "'shape'", headerStart), headerStart);
        Matcher t = TYPE.matcher(descr);
        if (!t.matches()) {
            throw new NpyException("unsupported dtype '" + descr + "' in the header at offset " + headerStart
                    + "; supported: plain bool, int, uint and float types");
        }
        int size = Integer.parseInt(t.group(3));
        String le = (size == 1 ? "|" : "<") + t.group(2) + size;
        if (!NpyTypes.STORAGE.containsKey(le) && !NpyTypes.READABLE_ONLY.contains(le)) {
            throw new NpyException("unsupported dtype '" + descr + "'; supported: " + supported());
        }
        long count = NpyArray.elementCount(shape);
        long dataStart = headerStart + headerLen;
        long need = count * size;
        if (file.length - dataStart < need) {
            throw new NpyException("truncated: shape " + java.util.Arrays.toString(shape) + " of " + descr + " needs "
                    + need + " data bytes from offset " + dataStart + ", " + (file.length - dataStart) + " present");
        }
        if (file.length - dataStart > need) {
            throw new NpyException((file.length - dataStart - need) + " bytes after the data end at offset "
                    + (dataStart + need));
        }
        byte[] data = java.util.Arrays.copyOfRange(file, (int) dataStart, (int) (dataStart + need));
        if (t.group(1).equals(">") && size > 1) {
            swapBytes(data, size);
        }
        if (fortran && shape.length > 1) {
            if (shape.length > 2) {
                throw new NpyException("Fortran-order arrays of more than 2 dimensions are not supported;"
                        + " save with numpy.ascontiguousarray");
            }
            data = transpose(data, (int) shape[1], (int) shape[0], size);
        }
        return new NpyArray(le, shape, data);
    }

    /** The {@code .npy} version 1.0 bytes of {@code a}, little-endian, C order. */
    public static byte[] write(NpyArray a) {
        StringBuilder shape = new StringBuilder("(");
        long[] dims = a.shape();
        for (int k = 0; k < dims.length; k++) {
            shape.append(k == 0 ? "" : ", ").append(dims[k]);
        }
        shape.append(dims.length == 1 ? ",)" : ")");
        StringBuilder header = new StringBuilder("{'descr': '" + a.descr() + "', 'fortran_order': False, 'shape': "
                + shape + ", }");
        int total = 10 + header.length() + 1;
        header.append(" ".repeat((64 - total % 64) % 64)).append('\n');
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(MAGIC);
        out.write(1);
        out.write(0);
        out.write(header.length() & 0xff);
        out.write(header.length() >>> 8);
        out.writeBytes(header.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(a.data());
        return out.toByteArray();
    }

    private static String field(Pattern p, String header, String name, int at) throws NpyException {
        Matcher m = p.matcher(header);
        if (!m.find()) {
            throw new NpyException("bad header dictionary at offset " + at + ": no " + name + " entry in "
                    + header.strip());
        }
        return m.group(1);
    }

    private static long[] shape(String tuple, int at) throws NpyException {
        List<Long> dims = new ArrayList<>();
        for (String part : tuple.split(",")) {
            if (!part.isBlank()) {
                try {
                    long d = Long.parseLong(part.strip().replace("L", ""));
                    if (d < 0) {
                        throw new NumberFormatException();
                    }
                    dims.add(d);
                } catch (NumberFormatException e) {
                    throw new NpyException("bad header dictionary at offset " + at + ": shape (" + tuple
                            + ") is not a tuple of non-negative integers");
                }
            }
        }
        long[] shape = dims.stream().mapToLong(Long::longValue).toArray();
        long count = 1;
        for (long d : shape) {
            count = Math.multiplyExact(count, Math.max(d, 1));
        }
        if (count > Integer.MAX_VALUE / 8) {
            throw new NpyException("shape (" + tuple + ") is too large for this model");
        }
        return shape;
    }

    private static void swapBytes(byte[] data, int size) {
        for (int i = 0; i < data.length; i += size) {
            for (int a = i, z = i + size - 1; a < z; a++, z--) {
                byte t = data[a];
                data[a] = data[z];
                data[z] = t;
            }
        }
    }

    /** Fortran order [rows, cols] stores column-major: element (r, c) at c * rows + r. */
    private static byte[] transpose(byte[] data, int cols, int rows, int size) {
        byte[] out = new byte[data.length];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                System.arraycopy(data, (c * rows + r) * size, out, (r * cols + c) * size, size);
            }
        }
        return out;
    }

    private static String supported() {
        List<String> all = new ArrayList<>(NpyTypes.STORAGE.keySet());
        all.addAll(NpyTypes.READABLE_ONLY);
        java.util.Collections.sort(all);
        return String.join(", ", all) + " (either byte order)";
    }
}
