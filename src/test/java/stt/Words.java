package stt;

import java.util.Random;
import stt.codec.Field;
import stt.codec.FieldValues;
import stt.codec.S2S2D2_STT;
import stt.isa.Generation;
import stt.isa.Opcode;

/** Random words for property tests: half arbitrary bytes, half with plausible codes and in-window addresses. */
public final class Words {
    private Words() {
    }

    public static byte[] randomBytes(Random rnd) {
        byte[] w = new byte[S2S2D2_STT.SIZE];
        rnd.nextBytes(w);
        return w;
    }

    /** A word whose enum fields and addresses are mostly meaningful, so readable text forms get exercised. */
    public static S2S2D2_STT plausible(Random rnd, Generation gen) {
        FieldValues v = FieldValues.of(stt.codec.Codec.decode(randomBytes(rnd)));
        Opcode[] ops = Opcode.values();
        v.set(Field.OPCODE, ops[rnd.nextInt(ops.length)].code());
        v.set(Field.OP0, rnd.nextInt(0x25));
        v.set(Field.OP1, rnd.nextInt(0x25));
        v.set(Field.REVERSE_OPERANDS, rnd.nextInt(4));
        v.set(Field.IMM0_SRC, rnd.nextInt(3));
        v.set(Field.IN0_DTYPE, rnd.nextInt(16));
        v.set(Field.IN1_DTYPE, rnd.nextInt(16));
        v.set(Field.OUT_DTYPE, rnd.nextInt(16));
        v.set(Field.IMM0_DTYPE, rnd.nextInt(16));
        v.set(Field.ACCUMULATOR_CMD, rnd.nextInt(5));
        v.set(Field.RESERVED, rnd.nextInt(4) == 0 ? rnd.nextInt(1 << 24) : 0);
        for (Field f : new Field[] {Field.SRC0_START_ADDR, Field.SRC1_START_ADDR, Field.DST_START_ADDR}) {
            v.set(f, Integer.toUnsignedLong(address(rnd, gen)));
        }
        if (rnd.nextBoolean()) {
            v.set(Field.IMM0, Integer.toUnsignedLong(rnd.nextBoolean() ? address(rnd, gen) : rnd.nextInt(70)));
        }
        return v.build();
    }

    private static int address(Random rnd, Generation gen) {
        int marker = switch (rnd.nextInt(8)) {
            case 0 -> 0x8000_0000 | rnd.nextInt(80);
            case 1 -> 0xC000_0000 | rnd.nextInt(64);
            case 2 -> 0x4000_0000;
            case 3 -> 0x2000_0000;
            default -> 0;
        };
        if ((marker & 0x8000_0000) != 0) {
            return marker;
        }
        int a = gen.hasPsum() && rnd.nextInt(4) == 0 ? Generation.PSUM_BASE + rnd.nextInt(0x40_0000)
                : rnd.nextInt(gen.stateBufSize());
        return marker | a;
    }
}
