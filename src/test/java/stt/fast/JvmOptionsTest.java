package stt.fast;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * scripts/stt.options names kernels by class and method, and HotSpot's quiet CompileCommand says nothing when a
 * pattern matches no method: a kernel renamed without its option would silently lose it.
 */
class JvmOptionsTest {
    private static final Pattern METHOD = Pattern.compile("-XX:CompileCommand=\\w+,([\\w.]+)::(\\w+)(,.*)?");

    @Test
    void everyMethodTheLaunchersOptionsNameExists() throws Exception {
        List<String> named = Files.readAllLines(Path.of("scripts/stt.options")).stream()
                .filter(l -> l.startsWith("-XX:CompileCommand=") && l.contains("::")).toList();
        assertThat(named).isNotEmpty();
        for (String option : named) {
            Matcher m = METHOD.matcher(option);
            assertThat(m.matches()).as("%s names one method of one class", option).isTrue();
            assertThat(Arrays.stream(Class.forName(m.group(1)).getDeclaredMethods()).map(Method::getName))
                    .as(option).contains(m.group(2));
        }
    }
}
