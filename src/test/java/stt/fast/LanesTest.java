package stt.fast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class LanesTest {
    private static final long LARGE = Lanes.PARALLEL_THRESHOLD;

    /** How many times each unit ran, and on which threads. */
    private static final class Tally {
        final AtomicIntegerArray runs;
        final Set<String> threads = ConcurrentHashMap.newKeySet();
        final long deadline = System.nanoTime() + 10_000_000_000L;

        Tally(int units) {
            runs = new AtomicIntegerArray(units);
        }

        void unit(int u) {
            runs.incrementAndGet(u);
            threads.add(Thread.currentThread().getName());
        }

        /**
         * Records the unit, then holds its thread until {@code expected} threads have run units (or 10 s from the
         * tally's making), so that no thread can run a late thread's part for it: how many threads share the units
         * is then not a race.
         */
        void unitOnceAllArrive(int u, int expected) {
            unit(u);
            while (threads.size() < expected && System.nanoTime() < deadline) {
                sleep(1);
            }
        }

        void assertEachOnce() {
            for (int u = 0; u < runs.length(); u++) {
                assertThat(runs.get(u)).as("runs of unit %d", u).isEqualTo(1);
            }
        }
    }

    @Test
    void everyUnitRunsOnceAndALargeInstructionIsShared() {
        for (int units : new int[] {1, 2, 3, 7, 128}) {
            Tally t = new Tally(units);
            int expected = Math.min(3, units);
            new Lanes(3).run(units, LARGE, u -> t.unitOnceAllArrive(u, expected));
            t.assertEachOnce();
            assertThat(t.threads).as("threads for %d units", units).hasSize(expected);
            assertThat(t.threads).contains(Thread.currentThread().getName());
        }
    }

    @Test
    void theCallerRunsWhatAStalledWorkerHasNotClaimed() throws InterruptedException {
        Lanes lanes = new Lanes(2);
        int units = 64;
        int block = units / 2 / 8; // a claim: an eighth of a thread's part
        CountDownLatch claimed = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicIntegerArray byCaller = new AtomicIntegerArray(units);
        String caller = Thread.currentThread().getName();
        Thread releaser = new Thread(() -> {
            sleep(500);
            release.countDown();
        });
        releaser.start();
        long start = System.nanoTime();
        // the worker's first block stalls until released; the caller runs every other block meanwhile
        lanes.run(units, LARGE, u -> {
            if (Thread.currentThread().getName().equals(caller)) {
                await(claimed); // the worker has woken and claimed its first block
                byCaller.incrementAndGet(u);
            } else {
                claimed.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
        });
        releaser.join();
        int ranByCaller = 0;
        for (int u = 0; u < units; u++) {
            ranByCaller += byCaller.get(u);
        }
        // a static split would leave the caller half of the units and the stalled worker the other half; here the
        // worker ran only the block it claimed
        assertThat(ranByCaller).isEqualTo(units - block);
        assertThat(System.nanoTime() - start).isGreaterThan(400_000_000L); // the caller waited for the block in hand
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(10, TimeUnit.SECONDS)).as("the worker claimed a block within 10 s").isTrue();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aSmallInstructionStaysOnTheCaller() {
        Tally t = new Tally(128);
        new Lanes(2).run(128, LARGE - 1, t::unit);
        t.assertEachOnce();
        assertThat(t.threads).containsExactly(Thread.currentThread().getName());
    }

    @Test
    void aWorkerThatParkedWakesForTheNextInstruction() throws InterruptedException {
        Lanes lanes = new Lanes(2);
        for (int round = 0; round < 3; round++) {
            Thread.sleep(20 * Crew.SPIN_NANOS / 1_000_000 + 5); // long past the spin: the worker parks
            Tally t = new Tally(64);
            lanes.run(64, LARGE, u -> t.unitOnceAllArrive(u, 2));
            t.assertEachOnce();
            assertThat(t.threads).hasSize(2);
        }
    }

    @Test
    void aFailureOnAWorkerReachesTheCallerAndTheCrewGoesOn() {
        Lanes lanes = new Lanes(2);
        assertThatThrownBy(() -> lanes.run(64, LARGE, u -> {
            if (u == 63) {
                throw new IllegalStateException("unit 63");
            }
        })).isInstanceOf(IllegalStateException.class).hasMessage("unit 63");
        Tally t = new Tally(64);
        lanes.run(64, LARGE, t::unit);
        t.assertEachOnce();
    }

    @Test
    void callersThatMeetShareTheCrewOrRunAlone() throws InterruptedException {
        Lanes lanes = new Lanes(2);
        int callers = 4;
        Tally[] tallies = new Tally[callers];
        CountDownLatch start = new CountDownLatch(1);
        Thread[] threads = new Thread[callers];
        for (int c = 0; c < callers; c++) {
            Tally t = tallies[c] = new Tally(256);
            threads[c] = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                for (int round = 0; round < 200; round++) {
                    lanes.run(256, LARGE, u -> t.runs.incrementAndGet(u));
                }
            });
            threads[c].start();
        }
        start.countDown();
        for (Thread th : threads) {
            th.join();
        }
        for (Tally t : tallies) {
            for (int u = 0; u < 256; u++) {
                assertThat(t.runs.get(u)).isEqualTo(200);
            }
        }
    }
}
