package stt;

import java.util.List;
import java.util.Random;
import stt.codec.Field;
import stt.codec.Format;
import stt.codec.Layout;
import stt.codec.Word;
import stt.isa.Generation;
import stt.isa.Opcode;

/** Random words for property tests: arbitrary bytes, or with plausible codes and in-window addresses. */
public final class Words {
    private Words() {
    }

    public static byte[] randomBytes(Random rnd) {
        byte[] w = new byte[Word.SIZE];
        rnd.nextBytes(w);
        return w;
    }

    /** Random bytes whose opcode byte is one of {@code format}'s opcodes (an unknown one for RAW). */
    public static byte[] randomBytes(Random rnd, Format format) {
        byte[] w = randomBytes(rnd);
        List<Opcode> ops = format.opcodes();
        if (ops.isEmpty()) {
            while (Format.of(w[0]) != Format.RAW) {
                w[0] = (byte) rnd.nextInt(256);
            }
        } else {
            w[0] = (byte) ops.get(rnd.nextInt(ops.size())).code();
        }
        return w;
    }

    /** A word of a known opcode whose enum fields and addresses are mostly meaningful, so text forms get exercised. */
    public static Word plausible(Random rnd, Generation gen) {
        Opcode[] ops = Opcode.values();
        byte[] bytes = randomBytes(rnd);
        bytes[0] = (byte) ops[rnd.nextInt(ops.length)].code();
        return plausible(rnd, gen, stt.codec.Codec.decode(bytes));
    }

    /** {@code w} with its enum, address, immediate and reserved fields made plausible. */
    public static Word plausible(Random rnd, Generation gen, Word w) {
        Word.Builder b = w.toBuilder();
        for (Field f : w.layout().fields()) {
            if (f == Layout.OPCODE) {
                continue;
            }
            switch (f.kind()) {
                case ENUM -> b.set(f, Math.min(f.max(), rnd.nextInt(f.names() == Layout.ALU_OP ? 0x25 : 16)));
                case ADDR4 -> b.set(f, Integer.toUnsignedLong(address(rnd, gen)));
                case IMM4 -> {
                    if (rnd.nextBoolean()) {
                        b.set(f, Integer.toUnsignedLong(rnd.nextBoolean() ? address(rnd, gen) : rnd.nextInt(70)));
                    }
                }
                case BYTE -> b.set(f, rnd.nextInt(8) == 0 ? rnd.nextInt(256) : 0);
                default -> {
                }
            }
        }
        return b.build();
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
