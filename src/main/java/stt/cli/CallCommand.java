package stt.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import stt.api.NeuronCore;
import stt.calls.Args;
import stt.calls.CoreState;
import stt.calls.LevelCall;
import stt.calls.LevelCalls;
import stt.isa.Decision;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.machine.Tile;

@Command(name = "call", description = "Run an NKI call the model runs at NKI level (no instruction words): NAME"
        + " ARG=VALUE..., tiles as .npy files (dtype:FILE reads the bytes as that dtype, e.g. bf16:x.npy) or, in stt"
        + " serve, regions of the session's memory (MEM:P:OFF:ROWSxCOLS:DTYPE), numbers, names, [a, b] lists; --out"
        + " NAME=FILE (or NAME=REGION) per output. Prints the call's engine, fidelity, decisions, cost and"
        + " warnings. `stt call --list` names the calls.")
final class CallCommand extends Subcommand {
    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "the NKI call, e.g. activation")
    String name;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "ARG=VALUE", description = "its arguments, by NKI's"
            + " names")
    List<String> given = List.of();

    @Option(names = "--out", paramLabel = "NAME=FILE", description = "write output NAME (dst, reduce_res) to FILE, or"
            + " in stt serve into a region of the session's memory, MEM:P:OFF:ROWSxCOLS:DTYPE, which it must fill"
            + " exactly")
    Map<String, String> outs = new LinkedHashMap<>();

    @Option(names = "--list", description = "list the calls: engine, arguments, outputs, what they compute")
    boolean list;

    @Mixin
    GenerationMixin generation;

    @Override
    public Integer call() {
        PrintWriter out = out();
        if (list) {
            for (LevelCall c : LevelCalls.all()) {
                out.printf("%-24s %-7s %s -> %s: %s; cost %s%n", c.name(), c.engine().nkiName(),
                        String.join(" ", c.params()), String.join(" ", c.outputs()), c.summary(), c.cost().formula());
            }
            return ExitCode.OK;
        }
        if (name == null) {
            throw new InputException("call: name a call; `stt call --list` lists them");
        }
        LevelCall call = LevelCalls.named(name).orElseThrow(() -> new InputException("call: no NKI-level call '"
                + name + "'; calls: " + String.join(", ", LevelCalls.all().stream().map(LevelCall::name).toList())));
        Map<String, String> args = new LinkedHashMap<>();
        for (String g : given) {
            int eq = g.indexOf('=');
            if (eq < 1) {
                throw new InputException("call: " + g + ": an argument is NAME=VALUE");
            }
            args.put(g.substring(0, eq), g.substring(eq + 1));
        }
        Generation gen = generation.gen;
        Map<String, Locations.Region> regions = new LinkedHashMap<>();
        for (Map.Entry<String, String> o : outs.entrySet()) {
            if (!call.outputs().contains(o.getKey())) {
                throw new InputException("call: --out " + o.getKey() + ": " + name + " writes "
                        + String.join(", ", call.outputs()));
            }
            if (Locations.isRegion(o.getValue())) {
                String what = "call: --out " + o.getKey() + "=" + o.getValue();
                Locations.Region r = Locations.region(o.getValue(), what);
                Locations.checkInside(r, what, gen);
                regions.put(o.getKey(), r);
            } else {
                Programs.checkWritable(Path.of(o.getValue()));
            }
        }
        CoreState core = NeuronCore.CURRENT.isBound() ? NeuronCore.CURRENT.get().state(gen) : CoreState.fresh(gen);
        LevelCall.Outcome r;
        try {
            r = call.run(new Args(call, args, text -> tile(text, gen), gen), core);
        } catch (IllegalArgumentException e) {
            throw new InputException(e.getMessage());
        }
        Served.called(call, r, gen);
        for (Map.Entry<String, String> o : outs.entrySet()) {
            Tile t = r.tiles().get(o.getKey());
            if (t == null) {
                throw new InputException("call: --out " + o.getKey() + ": this " + name + " wrote no " + o.getKey()
                        + " (its arguments do not ask for it)");
            }
            if (regions.containsKey(o.getKey())) {
                Locations.checkFits(regions.get(o.getKey()), t, "call: --out " + o.getKey() + "=" + o.getValue());
            }
        }
        for (Map.Entry<String, String> o : outs.entrySet()) {
            Tile t = r.tiles().get(o.getKey());
            if (regions.containsKey(o.getKey())) {
                Locations.write(regions.get(o.getKey()), t, gen);
            } else {
                NpyFiles.write(Path.of(o.getValue()), t);
            }
        }
        String decisions = r.decisions().isEmpty() ? ""
                : " (" + String.join(", ", r.decisions().stream().map(Decision::id).toList()) + ")";
        out.println(name + ": engine " + call.engine().nkiName() + ", " + r.fidelity().label() + decisions + ", "
                + r.cycles().getAsLong() + (call.engine() == stt.calls.CallEngine.DMA ? " ns" : " cycles") + " ("
                + call.cost().formula() + ")");
        r.warnings().forEach(w -> err().println("stt: call: warning: " + w));
        return ExitCode.OK;
    }

    /**
     * A tile argument: {@code [dtype:]FILE}, FILE a .npy path or a serve request's {@code @name}, or a region of the
     * session's memory.
     */
    private static Tile tile(String text, Generation gen) {
        if (Locations.isRegion(text)) {
            return Locations.read(Locations.region(text, "call: " + text), "call: " + text, gen);
        }
        int colon = text.indexOf(':');
        String file = colon < 0 ? text : text.substring(colon + 1);
        Dtype as = null;
        if (colon >= 0) {
            String d = text.substring(0, colon);
            as = java.util.Arrays.stream(Dtype.values()).filter(x -> x.isaName().equals(d)).findFirst()
                    .orElseThrow(() -> new InputException(text + ": " + d + " is not a dtype"));
        }
        return NpyFiles.tile(file, NpyFiles.read(file), as);
    }
}
