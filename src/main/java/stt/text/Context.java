package stt.text;

import java.util.Optional;
import stt.isa.Generation;
import stt.isa.ImmSrc;
import stt.isa.Opcode;

/** What a value's text depends on: the generation (address windows) and, for imm0, the opcode and imm0_src. */
record Context(Generation gen, Optional<Opcode> opcode, Optional<ImmSrc> immSrc) {
}
