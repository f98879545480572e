package stt.fast;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntConsumer;

/**
 * Worker threads that share an instruction's units with its caller. Each thread has a contiguous part, claimed a
 * few units at a time, and then claims what is left of the others', so the caller never waits for a unit nobody
 * has started: when a worker is slow to wake or off the CPU (the JIT's compiler threads want the same two cores
 * while a JVM warms up), the caller runs the rest itself and waits only for the units a worker has in hand. After
 * each instruction a worker spins for {@link #SPIN_NANOS} before it parks, so that in a stream of instructions the
 * next one finds it awake: waking a parked thread costs tens of microseconds, a good share of a large instruction.
 */
public final class Crew {
    /** How long a worker waits awake for the next instruction, and a caller for its workers before it yields. */
    static final long SPIN_NANOS = 200_000;

    private final Worker[] workers;
    private final ReentrantLock busy = new ReentrantLock();

    public Crew(int size) {
        workers = new Worker[size];
        for (int w = 0; w < size; w++) {
            workers[w] = new Worker(w + 1);
            workers[w].start();
        }
    }

    /**
     * Runs {@code unit} once for each of 0..units-1, on the caller and up to {@code parts - 1} workers
     * ({@code parts - 1 <= } the crew's size), in blocks of units that each claims as it goes; returns false, having
     * run nothing, when another caller has the crew.
     */
    public boolean share(int parts, int units, IntConsumer unit) {
        if (!busy.tryLock()) {
            return false;
        }
        try {
            Job job = new Job(unit, units, parts);
            for (int w = 0; w < parts - 1; w++) {
                workers[w].post(job);
            }
            job.work(0);
            job.await();
            return true;
        } finally {
            busy.unlock();
        }
    }

    /**
     * One instruction's units, cut into {@code parts} contiguous parts as a static split would give them. Each part
     * is claimed from its own counter, a few units at a time: thread k drains part k first (its counter stays in its
     * own cache while it does), then the parts of the others, so a thread that is late or slow leaves its units to
     * the others and nobody waits for a unit nobody has started. {@code finished} counts the units done (or skipped
     * after a failure); the caller rethrows the first failure.
     */
    private static final class Job {
        /** Claims a part is taken in. */
        static final int CLAIMS_PER_PART = 8;

        final IntConsumer unit;
        final int units;
        final Part[] part;
        final AtomicInteger finished = new AtomicInteger();
        volatile Throwable failure;

        Job(IntConsumer unit, int units, int parts) {
            this.unit = unit;
            this.units = units;
            this.part = new Part[parts];
            for (int k = 0; k < parts; k++) {
                part[k] = new Part((int) ((long) units * k / parts), (int) ((long) units * (k + 1) / parts));
            }
        }

        /** Thread {@code self}'s work: its own part, then what is left of the others; then counts it done. */
        void work(int self) {
            int done = 0;
            for (int k = 0; k < part.length; k++) {
                done += drain(part[(self + k) % part.length]);
            }
            finished.addAndGet(done);
        }

        private int drain(Part p) {
            int done = 0;
            for (int from = p.getAndAdd(p.block); from < p.end; from = p.getAndAdd(p.block)) {
                int to = Math.min(p.end, from + p.block);
                try {
                    for (int u = from; u < to && failure == null; u++) {
                        unit.accept(u);
                    }
                } catch (Throwable t) {
                    if (failure == null) {
                        failure = t;
                    }
                }
                done += to - from;
            }
            return done;
        }

        void await() {
            long start = System.nanoTime();
            while (finished.get() < units) {
                if (System.nanoTime() - start < SPIN_NANOS) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield();
                }
            }
            switch (failure) {
                case null -> { }
                case RuntimeException e -> throw e;
                case Error e -> throw e;
                default -> throw new IllegalStateException(failure);
            }
        }
    }

    /** A part's next unclaimed unit (the counter), its end and claim size; padded onto a cache line of its own. */
    @SuppressWarnings("unused")
    private static final class Part extends AtomicInteger {
        final int end;
        final int block;
        long pad0;
        long pad1;
        long pad2;
        long pad3;
        long pad4;
        long pad5;
        long pad6;
        long pad7;

        Part(int start, int end) {
            super(start);
            this.end = end;
            this.block = Math.max(1, (end - start) / Job.CLAIMS_PER_PART);
        }
    }

    private static final class Worker extends Thread {
        private final int part;
        private volatile Job next;
        private volatile boolean parked;

        Worker(int part) {
            super("stt-lanes-" + part);
            this.part = part;
            setDaemon(true);
        }

        /** Offers the worker {@code job}; a previous job it has not taken yet is finished (its caller ran it). */
        void post(Job job) {
            next = job;
            if (parked) {
                LockSupport.unpark(this);
            }
        }

        @Override
        public void run() {
            while (true) {
                take().work(part);
            }
        }

        /**
         * The next job, spinning a while and then parking. {@code parked} is written before {@code next} is read
         * again, and {@link #post} writes {@code next} before it reads {@code parked} (both volatile), so either
         * the worker sees the job or the poster sees it parked and unparks it.
         */
        private Job take() {
            long until = System.nanoTime() + SPIN_NANOS;
            while (true) {
                Job job = next;
                if (job != null) {
                    next = null;
                    return job;
                }
                if (System.nanoTime() < until) {
                    Thread.onSpinWait();
                } else {
                    parked = true;
                    if (next == null) {
                        LockSupport.park(this);
                    }
                    parked = false;
                }
            }
        }
    }
}
