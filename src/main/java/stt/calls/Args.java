package stt.calls;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.machine.Tile;
import stt.text.MemoryText;

/**
 * The arguments of one NKI-level call, by NKI's names, each read as the kind it is: a tile (a {@code .npy} file or
 * an in-memory {@code @name}, optionally {@code dtype:} first to read its bytes as that dtype, or a region of the
 * session's memory; the caller resolves it), a number, an integer, a flag, a name, a dtype, an access pattern. Every
 * error names the call, the argument, its value and the rule.
 */
public final class Args {
    private final LevelCall call;
    private final Map<String, String> given;
    private final Function<String, Tile> tiles;
    private final Generation gen;

    /**
     * @param given the arguments as text, by name
     * @param tiles resolves a tile argument's text
     * @throws IllegalArgumentException when an argument is not one the call takes
     */
    public Args(LevelCall call, Map<String, String> given, Function<String, Tile> tiles, Generation gen) {
        this.call = call;
        this.given = new LinkedHashMap<>(given);
        this.tiles = tiles;
        this.gen = gen;
        for (String name : given.keySet()) {
            if (!call.params().contains(name)) {
                throw new IllegalArgumentException(call.name() + ": no argument '" + name + "'; it takes "
                        + String.join(", ", call.params()));
            }
        }
    }

    public Generation gen() {
        return gen;
    }

    public boolean has(String name) {
        return given.containsKey(name);
    }

    /** An error about argument {@code name}: what its value breaks. */
    public IllegalArgumentException bad(String name, String rule) {
        String value = given.get(name);
        return new IllegalArgumentException(call.name() + ": " + name + (value == null ? "" : "=" + value) + ": "
                + rule);
    }

    /** An error about the call as a whole. */
    public IllegalArgumentException bad(String rule) {
        return new IllegalArgumentException(call.name() + ": " + rule);
    }

    public Tile tile(String name) {
        return optionalTile(name).orElseThrow(() -> bad(name, "required (a tile: a .npy file)"));
    }

    public Optional<Tile> optionalTile(String name) {
        String text = given.get(name);
        if (text == null) {
            return Optional.empty();
        }
        if (!isTile(name)) {
            throw bad(name, "expected a tile (a .npy file)");
        }
        return Optional.of(tiles.apply(text));
    }

    /**
     * True when {@code name} was given as a tile (a {@code .npy} file, {@code @name}, or a region of the session's
     * memory, {@code sbuf:...} / {@code psum:...}) rather than a number.
     */
    public boolean isTile(String name) {
        String text = given.get(name);
        if (text == null) {
            return false;
        }
        String ref = text.substring(text.indexOf(':') + 1);
        return MemoryText.namesMemory(text) || ref.startsWith("@") || ref.endsWith(".npy");
    }

    public float number(String name, float otherwise) {
        String text = given.get(name);
        if (text == null) {
            return otherwise;
        }
        try {
            return switch (text.toLowerCase(Locale.ROOT)) {
                case "inf", "+inf" -> Float.POSITIVE_INFINITY;
                case "-inf" -> Float.NEGATIVE_INFINITY;
                case "nan" -> Float.NaN;
                default -> text.startsWith("0x") ? Float.intBitsToFloat(Integer.parseUnsignedInt(text.substring(2),
                        16)) : Float.parseFloat(text);
            };
        } catch (NumberFormatException e) {
            throw bad(name, "expected a number (decimal, inf, nan, or 0x fp32 bits)");
        }
    }

    public long integer(String name, long otherwise) {
        String text = given.get(name);
        if (text == null) {
            return otherwise;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw bad(name, "expected an integer");
        }
    }

    public boolean flag(String name) {
        String text = given.getOrDefault(name, "false");
        return switch (text) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw bad(name, "expected true or false");
        };
    }

    /** A name out of {@code allowed} (or {@code otherwise} when not given). */
    public String choice(String name, List<String> allowed, String otherwise) {
        String text = given.getOrDefault(name, otherwise);
        if (text == null || !allowed.contains(text)) {
            throw bad(name, (text == null ? "required" : "not allowed") + "; allowed: " + String.join(", ", allowed));
        }
        return text;
    }

    public Optional<Dtype> dtype(String name) {
        String text = given.get(name);
        if (text == null) {
            return Optional.empty();
        }
        for (Dtype d : Dtype.values()) {
            if (d.isaName().equals(text) && d.size() > 0 && d.size() <= 4 && d != Dtype.INVALID) {
                return Optional.of(d);
            }
        }
        throw bad(name, "not a dtype the model stores (fp32, bf16, fp16, fp8_e4m3, ..., int32, uint8, ...)");
    }

    /**
     * An access pattern {@code [[step, num], ...]}, outermost first, as iota's and affine_select's {@code pattern}:
     * at most 4 entries, counts of at least 1.
     */
    public int[][] pattern(String name) {
        String text = given.get(name);
        if (text == null) {
            throw bad(name, "required ([[step, num], ...], outermost first)");
        }
        String body = text.replace(" ", "");
        if (!body.matches("\\[(\\[-?\\d+,\\d+\\])(,\\[-?\\d+,\\d+\\])*\\]")) {
            throw bad(name, "expected [[step, num], ...] with integer steps and counts");
        }
        String[] pairs = body.substring(2, body.length() - 2).split("\\],\\[");
        if (pairs.length > 4) {
            throw bad(name, pairs.length + " entries; a pattern has at most 4");
        }
        int[][] out = new int[pairs.length][];
        for (int i = 0; i < pairs.length; i++) {
            String[] sn = pairs[i].split(",");
            try {
                out[i] = new int[] {Integer.parseInt(sn[0]), Integer.parseInt(sn[1])};
            } catch (NumberFormatException e) {
                throw bad(name, "entry " + i + " does not fit in 32 bits");
            }
            if (out[i][1] < 1) {
                throw bad(name, "entry " + i + " has count " + out[i][1] + "; counts are at least 1");
            }
        }
        return out;
    }

    /** A list of integers {@code [a, b, ...]} (at most {@code max} of them). */
    public int[] ints(String name, int max) {
        String text = given.get(name);
        if (text == null) {
            throw bad(name, "required ([a, b, ...])");
        }
        String body = text.replace(" ", "");
        if (!body.matches("\\[(-?\\d+(,-?\\d+)*)?\\]")) {
            throw bad(name, "expected a list of integers [a, b, ...]");
        }
        String[] parts = body.length() == 2 ? new String[0] : body.substring(1, body.length() - 1).split(",");
        if (parts.length > max) {
            throw bad(name, parts.length + " entries; at most " + max);
        }
        int[] out = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                out[i] = Integer.parseInt(parts[i]);
            } catch (NumberFormatException e) {
                throw bad(name, "entry " + i + " does not fit in 32 bits");
            }
        }
        return out;
    }

    /**
     * A per-partition fp32 value for {@code rows} lanes: a number for every lane, or a [rows, 1] tile whose element
     * p (converted to fp32 by SPEC §5) is lane p's.
     */
    public float[] column(String name, int rows, float otherwise) {
        float[] out = new float[rows];
        if (isTile(name)) {
            Tile t = tile(name);
            if (t.rows() != rows || t.cols() != 1) {
                throw bad(name, "a " + t.rows() + "x" + t.cols() + " tile; a per-partition value is [" + rows
                        + ", 1]");
            }
            for (int p = 0; p < rows; p++) {
                out[p] = t.get(p, 0);
            }
        } else {
            java.util.Arrays.fill(out, number(name, otherwise));
        }
        return out;
    }
}
