package stt;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import stt.npy.Npy;
import stt.npy.NpyArray;
import stt.npy.NpyException;

/** Test fixtures made by NumPy (scripts beside them under src/test/resources/fixtures). */
public final class Fixtures {
    private Fixtures() {
    }

    public static InputStream open(String name) {
        InputStream in = Fixtures.class.getResourceAsStream("/fixtures/" + name);
        if (in == null) {
            throw new IllegalStateException("missing fixture " + name);
        }
        return in;
    }

    /** Every array of a {@code .npz} archive, by name (without {@code .npy}). */
    public static Map<String, NpyArray> npz(String name) {
        Map<String, NpyArray> arrays = new HashMap<>();
        try (ZipInputStream zip = new ZipInputStream(open(name))) {
            for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
                arrays.put(e.getName().replace(".npy", ""), Npy.read(zip.readAllBytes()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NpyException e) {
            throw new IllegalStateException(name + ": " + e.getMessage(), e);
        }
        return arrays;
    }
}
