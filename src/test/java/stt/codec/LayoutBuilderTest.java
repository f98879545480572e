package stt.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * A layout built afresh (the formats' tables are built once, at start-up): where each builder call puts its fields,
 * how they read and write, and the coverage rules (every bit of the 64 bytes named once).
 */
class LayoutBuilderTest {
    /** Bytes 12..63 after the header and events, each part at an offset worked out by hand. */
    static Layout.Builder body() {
        return Layout.builder("TEST").u8("a", 12).code("dt", 13, Layout.DTYPE).dtypePair(14).u8("b", 15)
                .u32("u", 16).i32("i", 20).imm("imm", 24).pattern("src", 28, 2, "in0_dtype").data("d", 40, 2)
                .reserved("res", 52, 4).bytes("raw", 56, 8, false);
    }

    @Test
    void eachPartsFieldsLandWhereTheTableSays() {
        Layout l = body().build();
        assertThat(l.field("u").offset()).isEqualTo(16);
        assertThat(l.field("i").signed()).isTrue();
        assertThat(l.field("in1_dtype").shift()).isEqualTo(4);
        assertThat(l.field("src.start_addr").offset()).isEqualTo(28);
        assertThat(l.field("src.step_elem[1]").offset()).isEqualTo(34);
        assertThat(l.field("src.num_elem[0]").offset()).isEqualTo(36);
        assertThat(l.field("src.num_elem[1]").offset()).isEqualTo(38);
        assertThat(l.field("d.base").offset()).isEqualTo(40);
        assertThat(l.field("d.num_elem[1]").offset()).isEqualTo(50);
        assertThat(l.field("res[3]").offset()).isEqualTo(55);
        assertThat(l.field("raw[7]").offset()).isEqualTo(63);
        assertThat(l.hasPattern("src")).isTrue();
        assertThat(l.hasPattern("d")).isFalse();
        assertThat(l.has("imm")).isTrue();
        assertThat(l.pattern("src").rank()).isEqualTo(2);
        assertThat(l.pattern("src").fields()).hasSize(5);
        assertThat(l.parts()).hasSize(12);
    }

    @Test
    void fieldsReadAndWriteTheirBitsOnly() {
        Layout l = body().build();
        byte[] w = new byte[64];
        l.field("src.step_elem[1]").write(w, 0, -3);
        l.field("src.num_elem[1]").write(w, 0, 65535);
        l.field("in1_dtype").write(w, 0, 0xa);
        l.field("i").write(w, 0, -2);
        assertThat(l.field("src.step_elem[1]").read(w, 0)).isEqualTo(-3);
        assertThat(w[34] & 0xff).isEqualTo(0xfd);
        assertThat(w[35] & 0xff).isEqualTo(0xff);
        assertThat(l.field("src.num_elem[1]").read(w, 0)).isEqualTo(65535);
        assertThat(l.field("in1_dtype").read(w, 0)).isEqualTo(0xa);
        assertThat(l.field("in0_dtype").read(w, 0)).isZero();
        assertThat(w[14] & 0xff).isEqualTo(0xa0);
        assertThat(l.field("i").read(w, 0)).isEqualTo(-2);
        assertThat(l.field("i").min()).isEqualTo(Integer.MIN_VALUE);
        assertThat(l.field("i").max()).isEqualTo(Integer.MAX_VALUE);
        assertThat(l.field("u").min()).isZero();
        assertThat(l.field("u").max()).isEqualTo(0xffff_ffffL);
        assertThat(l.field("src.step_elem[0]").min()).isEqualTo(-32768);
        assertThat(l.field("in0_dtype").max()).isEqualTo(15);
    }

    @Test
    void everyBitIsNamedExactlyOnce() {
        assertThatThrownBy(() -> body().u8("late", 63).build()).hasMessageContaining("named by both raw[7] and late");
        assertThatThrownBy(() -> Layout.builder("GAP").u8("a", 12).build()).hasMessageContaining(
                "byte 13 (bit 0) is unnamed");
        assertThatThrownBy(() -> Layout.builder("P").u32("past", 62).build()).hasMessageContaining(
                "past runs past byte 63");
        assertThatThrownBy(() -> body().u8("a", 12).build()).hasMessageContaining("field a is named twice");
        assertThatThrownBy(() -> new Field("x", 0, 3, 0, 8, Field.Kind.UNSIGNED, null)).hasMessageContaining(
                "1, 2 or 4 bytes, not 3");
        assertThatThrownBy(() -> new Field("x", 0, 1, 4, 5, Field.Kind.UNSIGNED, null)).hasMessageContaining(
                "bits 4..8 do not fit 1 bytes");
        assertThatThrownBy(() -> new Field("x", 0, 1, 0, 8, Field.Kind.ENUM, null)).hasMessageContaining(
                "needs its names");
        assertThat(new Field("x", 0, 1, 4, 4, Field.Kind.UNSIGNED, null).bits()).isEqualTo(4);
    }
}
