package stt.engine;

import java.util.Locale;
import stt.exec.Engine;

/**
 * Chooses the engine (Lucene's vectorization-provider pattern): {@code fast} when {@code jdk.incubator.vector}
 * is in the boot layer, else the reference engine with one line on standard error saying how to get the fast one.
 * The system properties {@code stt.engine} (reference|fast) and {@code stt.threads} override the defaults.
 */
public final class EngineProvider {
    public static final String ENGINE_PROPERTY = "stt.engine";
    public static final String THREADS_PROPERTY = "stt.threads";
    private static volatile boolean warned;

    private EngineProvider() {
    }

    /** The engine named by {@code stt.engine}, else the fast one. */
    public static Engine defaultEngine() {
        return named(System.getProperty(ENGINE_PROPERTY, "fast"));
    }

    /** @throws IllegalArgumentException for a name other than reference or fast */
    public static Engine named(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "reference" -> Model.reference();
            case "fast" -> fast(defaultThreads());
            default -> throw new IllegalArgumentException("unknown engine '" + name + "'; allowed: reference, fast");
        };
    }

    public static Engine fast(int threads) {
        if (vectorModulePresent()) {
            return Model.fast(threads);
        }
        if (!warned) {
            warned = true;
            System.err.println("stt: the fast engine needs jdk.incubator.vector (java --add-modules"
                    + " jdk.incubator.vector); using the reference engine");
        }
        return Model.reference();
    }

    /**
     * {@code stt.threads}, else every available core.
     *
     * @throws IllegalArgumentException naming the setting when it is not a whole number of at least 1
     */
    public static int defaultThreads() {
        String text = System.getProperty(THREADS_PROPERTY);
        if (text == null) {
            return Runtime.getRuntime().availableProcessors();
        }
        try {
            int n = Integer.parseInt(text.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("-D" + THREADS_PROPERTY + "=" + text + ": allowed: a whole number of"
                + " threads, 1 or more");
    }

    static boolean vectorModulePresent() {
        return ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    }
}
