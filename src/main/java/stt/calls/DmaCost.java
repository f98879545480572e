package stt.calls;

import stt.isa.Generation;

/**
 * What a DMA call costs, in nanoseconds (docs/timeline.md): a fixed cost per call, then its bytes at the rate of the
 * queues it spreads over, at most the core's share of HBM bandwidth.
 * <ul>
 * <li>16 DMA engines per NeuronCore of 27 GiB/s each, HBM 820 GB/s for a trn1/inf2 device of 2 NeuronCores
 * (trainium_inferentia2_arch); trn2: 16 DMA engines per NeuronCore, HBM 3 TB/s for 8 (trainium2_arch); trn3: 128 DMA
 * engines and HBM 4.7 TB/s for 8 NeuronCores (trainium3_arch). NC-v5: no public figure; trn3's ({@code dma_queues}).
 * <li>[MODEL] {@code dma_queues}: a call spreads over min(queues, its partitions) queues, 27 GiB/s each on every
 * generation (no later figure is published).
 * <li>[MODEL] {@code dma_fixed_cost}: 500 ns per call, and the core's share of HBM is the device's bandwidth over its
 * cores ({@code hbm_share}).
 * </ul>
 */
public final class DmaCost {
    public static final double QUEUE_GBPS = 27.0 * (1L << 30) / 1e9;
    public static final double FIXED_NS = 500;

    private DmaCost() {
    }

    public static int queues(Generation gen) {
        return 16;
    }

    /** The core's share of HBM bandwidth in GB/s: the device's over its NeuronCores. */
    public static double hbmShareGbps(Generation gen) {
        return switch (gen) {
            case SUNDA -> 820.0 / 2;
            case CAYMAN -> 3000.0 / 8;
            default -> 4700.0 / 8;
        };
    }

    /** Nanoseconds to move {@code bytes} over {@code partitions} partitions on {@code gen}. */
    public static long ns(Generation gen, long bytes, int partitions) {
        int q = Math.max(1, Math.min(queues(gen), partitions));
        double rate = Math.min(q * QUEUE_GBPS, hbmShareGbps(gen));
        return Math.round(FIXED_NS + bytes / rate);
    }

    static final String FORMULA = "DMA ns: 500 + bytes / min(min(16, P) x 27 GiB/s, the core's HBM share) (arch guides;"
            + " dma_fixed_cost, dma_queues, hbm_share)";

    static final CallCost COST = new CallCost(FORMULA, (a, r) -> {
        var dst = r.tiles().get("dst");
        return ns(a.gen(), CallCost.bytes(dst), dst.rows());
    });
}
