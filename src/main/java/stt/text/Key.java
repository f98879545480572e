package stt.text;

import static stt.codec.Field.*;

import java.util.List;
import stt.codec.Field;
import stt.isa.AccumCmd;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.ImmSrc;
import stt.isa.ReverseOperands;

/**
 * The text form's keys, in the order the disassembler writes them: the one name table that assembling and
 * disassembling share. Every {@link Field} but the opcode (the mnemonic) belongs to exactly one key.
 */
enum Key {
    SRC0("src0", new Syntax.Address(), SRC0_START_ADDR),
    SRC0_STEP("src0.step_elem", new Syntax.Integers(), SRC0_STEP_ELEM_0, SRC0_STEP_ELEM_1),
    SRC0_NUM("src0.num_elem", new Syntax.Integers(), SRC0_NUM_ELEM_0, SRC0_NUM_ELEM_1),
    SRC1("src1", new Syntax.Address(), SRC1_START_ADDR),
    SRC1_STEP("src1.step_elem", new Syntax.Integers(), SRC1_STEP_ELEM_0, SRC1_STEP_ELEM_1),
    SRC1_NUM("src1.num_elem", new Syntax.Integers(), SRC1_NUM_ELEM_0, SRC1_NUM_ELEM_1),
    DST("dst", new Syntax.Address(), DST_START_ADDR),
    DST_STEP("dst.step_elem", new Syntax.Integers(), DST_STEP_ELEM_0, DST_STEP_ELEM_1),
    DST_NUM("dst.num_elem", new Syntax.Integers(), DST_NUM_ELEM_0, DST_NUM_ELEM_1),
    OP0_KEY("op0", new Syntax.Named<>(AluOp.class), OP0),
    OP1_KEY("op1", new Syntax.Named<>(AluOp.class), OP1),
    REVERSE("reverse_operands", new Syntax.Named<>(ReverseOperands.class), REVERSE_OPERANDS),
    IMM_SRC("imm0_src", new Syntax.Named<>(ImmSrc.class), IMM0_SRC),
    IMM("imm0", new Syntax.Immediate(), IMM0),
    IMM_DTYPE("imm0_dtype", new Syntax.Named<>(Dtype.class), IMM0_DTYPE),
    IN0("in0_dtype", new Syntax.Named<>(Dtype.class), IN0_DTYPE),
    IN1("in1_dtype", new Syntax.Named<>(Dtype.class), IN1_DTYPE),
    OUT("out_dtype", new Syntax.Named<>(Dtype.class), OUT_DTYPE),
    CHANNELS("num_active_channels", new Syntax.Integers(), NUM_ACTIVE_CHANNELS),
    ACCUM("accumulator_cmd", new Syntax.Named<>(AccumCmd.class), ACCUMULATOR_CMD),
    WORD_LEN("inst_word_len", true, INST_WORD_LEN),
    DEBUG_CMD_KEY("debug_cmd", true, DEBUG_CMD),
    DEBUG_HINT_KEY("debug_hint", true, DEBUG_HINT),
    WAIT_MODE_KEY("wait_mode", true, WAIT_MODE),
    WAIT_IDX_KEY("wait_idx", true, WAIT_IDX),
    UPDATE_MODE_KEY("update_mode", true, UPDATE_MODE),
    UPDATE_IDX_KEY("update_idx", true, UPDATE_IDX),
    SEMAPHORE("semaphore_value", true, SEMAPHORE_VALUE),
    RESERVED_KEY("reserved", new Syntax.ReservedBytes(), true, RESERVED);

    final String text;
    final Syntax syntax;
    /** Written only when non-zero: the header, events and reserved bytes. */
    final boolean optional;
    final List<Field> fields;

    Key(String text, Syntax syntax, Field... fields) {
        this(text, syntax, false, fields);
    }

    Key(String text, boolean optional, Field... fields) {
        this(text, new Syntax.Integers(), optional, fields);
    }

    Key(String text, Syntax syntax, boolean optional, Field... fields) {
        this.text = text;
        this.syntax = syntax;
        this.optional = optional;
        this.fields = List.of(fields);
    }
}
