package stt.fast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class LanesTest {
    private static final long LARGE = Lanes.PARALLEL_THRESHOLD;

    /** How many times each unit ran, and on which threads. */
    private static final class Tally {
        final AtomicIntegerArray runs;
        final Set<String> threads = ConcurrentHashMap.newKeySet();

        Tally(int units) {
            runs = new AtomicIntegerArray(units);
        }

        void unit(int u) {
            runs.incrementAndGet(u);
            threads.add(Thread.currentThread().getName());
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
            new Lanes(3).run(units, LARGE, t::unit);
            t.assertEachOnce();
            assertThat(t.threads).as("threads for %d units", units).hasSize(Math.min(3, units));
            assertThat(t.threads).contains(Thread.currentThread().getName());
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
            lanes.run(64, LARGE, t::unit);
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
