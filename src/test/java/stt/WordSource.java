package stt;

import stt.codec.Word;
import stt.machine.Machine;

/** Random valid words for engine tests; registers a word reads are set on every machine passed in. */
public interface WordSource {
    Word next(Machine... machines);
}
