package stt.robust;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import stt.isa.Decision;

/** The ledger in the code ({@link Decision}) and the one in docs/decisions.md name the same decisions. */
class DecisionLedgerTest {
    private static final Pattern ROW = Pattern.compile("(?m)^\\| `([a-z0-9_]+)` \\|");

    @Test
    void codeAndDocsNameTheSameDecisions() throws Exception {
        String doc = Files.readString(Path.of("docs", "decisions.md"));
        Set<String> documented = ROW.matcher(doc).results().map(m -> m.group(1)).collect(Collectors.toSet());
        Set<String> registered = Arrays.stream(Decision.values()).map(d -> d.name().toLowerCase(Locale.ROOT))
                .collect(Collectors.toSet());
        assertThat(documented).as("rows of docs/decisions.md").containsExactlyInAnyOrderElementsOf(registered);
        for (Decision d : Decision.values()) {
            assertThat(d.text()).as("ledger text of %s", d).isNotBlank();
        }
    }
}
