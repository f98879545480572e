package stt.fast;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntConsumer;

/**
 * Worker threads that take parts 1, 2, ... of an instruction while its caller runs part 0. After each part a
 * worker spins for {@link #SPIN_NANOS} before it parks, so that in a stream of instructions the next one finds it
 * awake: waking a parked thread costs tens of microseconds, a good share of a large instruction.
 */
public final class Crew {
    /** How long a worker waits awake for the next part, and a caller for its workers before it yields. */
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
     * Runs {@code unit} over 0..units-1 in {@code parts} contiguous parts ({@code parts - 1 <= } the crew's size),
     * part 0 on the caller; returns false, having run nothing, when another caller has the crew.
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
            job.run(0);
            job.await();
            return true;
        } finally {
            busy.unlock();
        }
    }

    /** One instruction's parts: the caller counts down the workers' and rethrows the first failure. */
    private static final class Job {
        final IntConsumer unit;
        final int units;
        final int parts;
        final AtomicInteger running;
        volatile Throwable failure;

        Job(IntConsumer unit, int units, int parts) {
            this.unit = unit;
            this.units = units;
            this.parts = parts;
            this.running = new AtomicInteger(parts);
        }

        void run(int part) {
            try {
                Lanes.part(unit, units, part, parts);
            } catch (Throwable t) {
                if (failure == null) {
                    failure = t;
                }
            } finally {
                running.decrementAndGet();
            }
        }

        void await() {
            long start = System.nanoTime();
            while (running.get() > 0) {
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

    private static final class Worker extends Thread {
        private final int part;
        private volatile Job next;
        private volatile boolean parked;

        Worker(int part) {
            super("stt-lanes-" + part);
            this.part = part;
            setDaemon(true);
        }

        /** Hands the worker its part of {@code job}; the worker has finished its previous one. */
        void post(Job job) {
            next = job;
            if (parked) {
                LockSupport.unpark(this);
            }
        }

        @Override
        public void run() {
            while (true) {
                take().run(part);
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
