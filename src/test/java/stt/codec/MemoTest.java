package stt.codec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The bounded cache of word-derived values: remembers, forgets all when full, and remembers nothing when off. */
class MemoTest {
    @Test
    void remembersUntilFullThenStartsAgain() {
        Memo<String, Integer> m = new Memo<>(2, true);
        assertThat(m.get("a")).isNull();
        m.put("a", 1);
        m.put("b", 2);
        assertThat(m.get("a")).isEqualTo(1);
        assertThat(m.size()).isEqualTo(2);
        m.put("c", 3); // full: everything forgotten first
        assertThat(m.size()).isEqualTo(1);
        assertThat(m.get("a")).isNull();
        assertThat(m.get("c")).isEqualTo(3);
    }

    @Test
    void offRemembersNothing() {
        Memo<String, Integer> m = new Memo<>(2, false);
        m.put("a", 1);
        assertThat(m.get("a")).isNull();
        assertThat(m.size()).isZero();
    }
}
