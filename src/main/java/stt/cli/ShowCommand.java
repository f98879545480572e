package stt.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import stt.codec.Word;
import stt.show.Picture;

@Command(name = "show", description = "Draw what each word touches across the SBUF and PSUM partitions as SVG.")
final class ShowCommand extends Subcommand {
    @Parameters(paramLabel = "FILE", description = "program: .s text, or binary 64-byte words; - for stdin")
    String file;

    @Option(names = "--svg", required = true, paramLabel = "OUT.svg", description = "the picture to write")
    Path svg;

    @Option(names = "--word", paramLabel = "I", description = "only word I (0-based); default: every word, stacked")
    Integer word;

    @Mixin
    GenerationMixin generation;

    @Override
    public Integer call() {
        List<Word> words = Programs.load(file, stdin, generation.gen);
        if (word != null && (word < 0 || word >= words.size())) {
            throw new InputException("--word " + word + ": " + file + " has " + words.size() + " words; allowed: 0.."
                    + (words.size() - 1));
        }
        List<Word> shown = word == null ? words : List.of(words.get(word));
        Programs.write(svg, Picture.svg(shown, word == null ? 0 : word, generation.gen)
                .getBytes(StandardCharsets.UTF_8));
        return ExitCode.OK;
    }
}
