package stt.fast;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import jdk.incubator.vector.Vector;
import jdk.incubator.vector.VectorMask;
import org.junit.jupiter.api.Test;

/**
 * scripts/stt.options names kernels by class and method, and HotSpot's quiet CompileCommand says nothing when a
 * pattern matches no method: a kernel renamed without its option would silently lose it.
 */
class JvmOptionsTest {
    private static final Pattern METHOD = Pattern.compile("-XX:CompileCommand=(\\w+),([\\w.]+)::(\\w+)(,.*)?");

    private static List<Matcher> named() throws Exception {
        return Files.readAllLines(Path.of("scripts/stt.options")).stream()
                .filter(l -> l.startsWith("-XX:CompileCommand=") && l.contains("::")).map(METHOD::matcher).toList();
    }

    @Test
    void everyMethodTheLaunchersOptionsNameExists() throws Exception {
        List<Matcher> named = named();
        assertThat(named).isNotEmpty();
        for (Matcher m : named) {
            assertThat(m.matches()).as("%s names one method of one class", m.group()).isTrue();
            assertThat(Arrays.stream(Class.forName(m.group(2)).getDeclaredMethods()).map(Method::getName))
                    .as(m.group()).contains(m.group(3));
        }
    }

    /**
     * A helper that takes or returns a vector must be inlined, or C2 boxes every vector that crosses the call, and
     * the kernel runs about 300 times slower. C2 inlines such a helper only while the call site looks hot, and a
     * recompilation after an uncommon trap can judge it cold: tensor_scalar_bf16_mult_add ran at 35 ns an element in
     * about one fresh JVM of 20 (docs/decisions.md). So every one is named by an {@code inline} command, and each
     * command names one of them: by name alone, so no other method of its class may share the name.
     */
    @Test
    void everyVectorHelperOfTheFastEngineIsForcedInline() throws Exception {
        Set<String> helpers = new TreeSet<>();
        Set<String> others = new TreeSet<>();
        for (Class<?> in : new Class<?>[] {ArithKernel.class, Class.forName("stt.calls.ExpRow")}) { // the engine's
            // kernels, and the NKI-level calls' rows
            String pkg = in.getPackageName();
            Path dir = Path.of(in.getResource(in.getSimpleName() + ".class").toURI()).getParent();
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                    String name = f.getFileName().toString();
                    Class<?> c = Class.forName(pkg + "." + name.substring(0, name.length() - ".class".length()));
                    for (Method m : c.getDeclaredMethods()) {
                        (vectorTyped(m) ? helpers : others).add(c.getName() + "::" + m.getName());
                    }
                }
            }
        }
        Set<String> inlined = new TreeSet<>();
        for (Matcher m : named()) {
            if (m.matches() && m.group(1).equals("inline")) {
                inlined.add(m.group(2) + "::" + m.group(3));
            }
        }
        assertThat(helpers).as("helpers with a vector in their signature").hasSizeGreaterThan(20);
        assertThat(inlined).as("inline commands in scripts/stt.options").containsExactlyElementsOf(helpers);
        assertThat(others).as("methods sharing a helper's name, which its inline command would force too")
                .doesNotContainAnyElementsOf(helpers);
    }

    private static boolean vectorTyped(Method m) {
        return Stream.concat(Stream.of(m.getReturnType()), Arrays.stream(m.getParameterTypes()))
                .anyMatch(t -> Vector.class.isAssignableFrom(t) || VectorMask.class.isAssignableFrom(t));
    }
}
