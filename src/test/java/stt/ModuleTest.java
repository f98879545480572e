package stt;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.MemorySegment;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import stt.machine.Machine;

/** What the module shows its users: the API packages, and none of the engines' internals. */
class ModuleTest {
    @Test
    void theModuleExportsTheApiAndKeepsTheEnginesInternalsInside() {
        Module m = Machine.class.getModule();
        assertThat(m.isNamed()).as("the tests run inside the named module stt").isTrue();
        assertThat(m.getDescriptor().exports()).extracting(ModuleDescriptor.Exports::source)
                .containsExactlyInAnyOrder("stt.api", "stt.calls", "stt.cli", "stt.codec", "stt.cost", "stt.engine", "stt.exec",
                        "stt.isa", "stt.machine", "stt.npy", "stt.show", "stt.text", "stt.validate");
        assertThat(m.getPackages()).contains("stt.fast", "stt.alu", "stt.bench", "stt.machine.internal");
    }

    @Test
    void noPublicMethodOfMachineHandsOutRawMemory() {
        assertThat(Arrays.stream(Machine.class.getMethods()).filter(x -> Modifier.isPublic(x.getModifiers()))
                .filter(x -> x.getReturnType() == MemorySegment.class)).isEmpty();
    }
}
