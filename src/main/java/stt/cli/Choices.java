package stt.cli;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine;

/**
 * Enum-valued options written in lower case with '-' for '_' ({@code --instruction select-reduce}): the enums'
 * {@code toString} is that spelling, which picocli lists in the help (${COMPLETION-CANDIDATES}), and this converter
 * reads it back, naming the allowed values when a value is unknown.
 */
final class Choices {
    private Choices() {
    }

    /** The spelling of a constant on the command line. */
    static String spelling(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static <E extends Enum<E>> CommandLine.ITypeConverter<E> converter(Class<E> type) {
        return value -> Arrays.stream(type.getEnumConstants()).filter(e -> e.toString().equals(value)).findFirst()
                .orElseThrow(() -> new CommandLine.TypeConversionException("'" + value + "'; allowed: "
                        + Arrays.stream(type.getEnumConstants()).map(Object::toString)
                                .collect(Collectors.joining(", "))));
    }
}
