package stt.codec;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A bounded cache of what is computed from a word's bytes and nothing else (a verdict, a resolved instruction):
 * emptied when it holds {@code held} entries; off, so that every value is computed afresh, when {@link Word#MEMO} is.
 */
public final class Memo<K, V> {
    private final Map<K, V> map = new ConcurrentHashMap<>();
    private final int held;
    private final boolean on;

    public Memo(int held) {
        this(held, Word.MEMO);
    }

    Memo(int held, boolean on) {
        this.held = held;
        this.on = on;
    }

    /** The value remembered for {@code key}, or null. */
    public V get(K key) {
        return on ? map.get(key) : null;
    }

    /** Remembers {@code value} for {@code key}, first forgetting everything if the cache is full. */
    public void put(K key, V value) {
        if (!on) {
            return;
        }
        if (map.size() >= held) {
            map.clear();
        }
        map.put(key, value);
    }

    int size() {
        return map.size();
    }
}
