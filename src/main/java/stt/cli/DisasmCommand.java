package stt.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import stt.codec.Word;
import stt.engine.Model;
import stt.isa.Generation;
import stt.text.TextForm;

@Command(name = "disasm", description = "Disassemble 64-byte words to text (or JSON, one object per word).")
final class DisasmCommand extends Subcommand {
    @Parameters(paramLabel = "FILE", description = "binary file of 64-byte words, or - for standard input")
    String file;

    @Option(names = "--json", description = "one JSON object per word (SPEC §6)")
    boolean json;

    @Option(names = "--gen", paramLabel = "G", converter = GenerationOption.class,
            description = "generation for address decoding and validation (JSON gains valid/violations)")
    Generation gen;

    @Override
    public Integer call() {
        List<Word> words = Programs.decode(file, Programs.readBytes(file, stdin));
        Generation g = gen == null ? Generation.DEFAULT : gen;
        PrintWriter out = out();
        for (int k = 0; k < words.size(); k++) {
            Word w = words.get(k);
            if (json) {
                var node = JsonView.word(k, w, g);
                out.println(gen == null ? node : JsonView.withValidity(node, Model.VALIDATOR.validate(w, g)));
            } else {
                out.println(TextForm.disassemble(w, g));
            }
        }
        return ExitCode.OK;
    }
}
