package stt.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import stt.codec.Codec;
import stt.codec.Word;
import stt.isa.Generation;
import stt.text.AsmException;
import stt.text.TextForm;

/** Reading and writing the CLI's program files: raw 64-byte words, or text ({@code .s}). */
final class Programs {
    private Programs() {
    }

    /**
     * While {@code stt serve} answers a request, the request's arrays by name: a file argument {@code @name} reads
     * and writes these instead of the file system.
     */
    static final ScopedValue<Map<String, byte[]>> MEMORY = ScopedValue.newInstance();

    private static boolean inMemory(String file) {
        return MEMORY.isBound() && file.startsWith("@");
    }

    /** The bytes of {@code file}, or of standard input for {@code -} (or a request's array, {@link #MEMORY}). */
    static byte[] readBytes(String file, InputStream stdin) {
        if (inMemory(file)) {
            byte[] b = MEMORY.get().get(file.substring(1));
            if (b == null) {
                throw new InputException(file + ": no such array in the request; arrays: " + MEMORY.get().keySet());
            }
            return b;
        }
        try {
            return "-".equals(file) ? stdin.readAllBytes() : Files.readAllBytes(Path.of(file));
        } catch (IOException e) {
            throw new InputException(file + ": cannot read: " + reason(e));
        }
    }

    /** Decodes a binary program; a length that is not a multiple of 64 is an input error naming the file. */
    static List<Word> decode(String file, byte[] bytes) {
        try {
            return Codec.view(bytes);
        } catch (IllegalArgumentException e) {
            throw new InputException(file + ": " + e.getMessage());
        }
    }

    /** A program from a {@code .s} text file (assembled for {@code gen}) or a binary one. */
    static List<Word> load(String file, InputStream stdin, Generation gen) {
        return file.endsWith(".s") ? assemble(file, stdin, gen) : decode(file, readBytes(file, stdin));
    }

    /** Assembles a text program for {@code gen}; an assembly error is an input error at file:line:column. */
    static List<Word> assemble(String file, InputStream stdin, Generation gen) {
        try {
            return TextForm.assemble(new String(readBytes(file, stdin), StandardCharsets.UTF_8), file, gen);
        } catch (AsmException e) {
            throw new InputException(e.getMessage());
        }
    }

    static void write(Path file, byte[] bytes) {
        if (inMemory(file.toString())) {
            MEMORY.get().put(file.toString().substring(1), bytes);
            return;
        }
        try {
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new InputException(file + ": cannot write: " + reason(e));
        }
    }

    /** Refuses, before any work, an output file whose directory does not exist (what {@link #write} would say). */
    static void checkWritable(Path file) {
        if (inMemory(file.toString())) {
            return;
        }
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            throw new InputException(file + ": cannot write: no such directory " + dir);
        }
    }

    private static String reason(IOException e) {
        return e instanceof java.nio.file.NoSuchFileException ? "no such file"
                : e instanceof java.nio.file.AccessDeniedException ? "permission denied"
                : String.valueOf(e.getMessage());
    }
}
