package stt;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import stt.machine.Machine;
import stt.machine.internal.RawMemory;

/**
 * The package layers of docs/architecture.md: data flows up from the ISA's vocabulary to the command line, and no
 * package uses one above it, so the opcodes' definitions ({@code stt.def}) are read by the layers below only
 * through the lookups they own and are built with ({@code stt.engine.Model} wires them). No two packages depend on
 * each other, but for one grant: {@code Machine} hands its segments to {@code machine.internal.RawMemory}, which
 * names {@code Machine} as the key of the grant.
 */
class LayersTest {
    /** The layers, bottom up; a layer is its package and the packages under it. */
    static final List<String> LAYERS = List.of("isa", "codec", "text", "validate", "alu", "machine", "exec", "fast",
            "cost", "def", "engine", "show", "calls", "api", "npy", "bench", "cli");

    static final JavaClasses MAIN = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("stt");

    @Test
    void everyPackageIsInALayer() {
        TreeSet<String> unplaced = new TreeSet<>();
        for (JavaClass c : MAIN) {
            String pkg = c.getPackageName();
            if (LAYERS.stream().noneMatch(l -> pkg.equals("stt." + l) || pkg.startsWith("stt." + l + "."))) {
                unplaced.add(pkg);
            }
        }
        assertThat(MAIN.size()).as("classes imported").isGreaterThan(100);
        assertThat(unplaced).as("packages in no layer of LayersTest.LAYERS (and docs/architecture.md)").isEmpty();
    }

    static List<String> layers() {
        return LAYERS.subList(0, LAYERS.size() - 1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("layers")
    void noLayerUsesOneAboveIt(String layer) {
        String[] above = LAYERS.subList(LAYERS.indexOf(layer) + 1, LAYERS.size()).stream().map(l -> "stt." + l + "..")
                .toArray(String[]::new);
        noClasses().that().resideInAPackage("stt." + layer + "..").should().dependOnClassesThat()
                .resideInAnyPackage(above).because("docs/architecture.md orders the layers " + LAYERS + ", bottom up")
                .check(MAIN);
    }

    @Test
    void noTwoPackagesDependOnEachOtherButMachinesGrant() {
        slices().matching("stt.(**)").should().beFreeOfCycles()
                .ignoreDependency(RawMemory.class, Machine.class)
                .check(MAIN);
    }

    /**
     * docs/architecture.md draws the same order: the first code block after "## The Java layers", one row per layer
     * from the top, a row naming its packages before two spaces ("text, codec, isa" is three layers, top first).
     */
    @Test
    void architectureDocDrawsTheseLayers() throws IOException {
        String doc = Files.readString(Path.of("docs/architecture.md"));
        String block = doc.substring(doc.indexOf("## The Java layers"));
        block = block.substring(block.indexOf("```") + 3);
        block = block.substring(0, block.indexOf("```")).strip();
        List<String> drawn = new ArrayList<>();
        for (String row : block.split("\n")) {
            drawn.addAll(Arrays.asList(row.split(" {2,}")[0].strip().split(",\\s*")));
        }
        Collections.reverse(drawn);
        assertThat(drawn).as("the layers drawn in docs/architecture.md, bottom up").isEqualTo(LAYERS);
    }
}
