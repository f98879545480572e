package stt.cli;

import picocli.CommandLine;
import stt.isa.Generation;

/** Converts {@code --gen} values, in any case, naming the allowed generations when one is unknown. */
final class GenerationOption implements CommandLine.ITypeConverter<Generation> {
    @Override
    public Generation convert(String value) {
        return Generation.parse(value).orElseThrow(() -> new CommandLine.TypeConversionException(
                "unknown generation '" + value + "'; allowed: sunda, cayman, mariana, mariana_plus, maverick"));
    }
}
