package stt.isa;

/**
 * How far the model claims a call's result (FAMILY-NEXT's fidelity levels), as every report shows it per call.
 */
public enum Fidelity {
    /** The sources' semantics bit for bit: the Vector Engine's words, data movement, integer generators. */
    EXACT("exact: the sources' semantics, bit for bit"),
    /** Exact under a [MODEL] decision the sources leave open (a fold order, a rounding); the decision is named. */
    MODEL("exact under a [MODEL] decision the sources leave open"),
    /** A defined, reproducible value that does not claim the device's bits (tables, split-mantissa passes). */
    APPROX("approximate: reproducible, not the device's bits");

    private final String meaning;

    Fidelity(String meaning) {
        this.meaning = meaning;
    }

    /** One line saying what the level claims. */
    public String meaning() {
        return meaning;
    }

    /** This level when {@code decisions} is empty, else at most as exact as {@link #MODEL}: they stand under it. */
    public Fidelity under(java.util.List<Decision> decisions) {
        return decisions.isEmpty() || compareTo(MODEL) >= 0 ? this : MODEL;
    }

    /** The lower-case name reports show. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
