package stt.validate;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/validation.md names every rule the validator reports. */
class ValidationDocTest {
    @Test
    void everyRuleIsDocumented() throws Exception {
        String doc = Files.readString(Path.of("docs", "validation.md"));
        for (Rule r : Rule.values()) {
            assertThat(doc).as("docs/validation.md").contains("`" + r.isaName() + "`");
        }
    }
}
