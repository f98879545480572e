package stt.text;

import java.util.Optional;
import java.util.function.ToLongFunction;
import stt.codec.Field;
import stt.isa.Generation;
import stt.isa.Opcode;

/**
 * What a value's text depends on: the generation (address windows) and, for an immediate, the opcode and the
 * value of its source field ({@code values} reads the word being written or read).
 */
record Context(Generation gen, Optional<Opcode> opcode, ToLongFunction<Field> values) {
}
