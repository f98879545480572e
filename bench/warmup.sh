#!/usr/bin/env bash
# How a fresh JVM (with ./stt's options) warms up on a binary program (e.g. fp32 STT words as bench/realtime.py writes
# them): when the first 1, 10, 100 ... words are done, then the per-word time round after round in the same JVM (the
# same word object again and again, fresh words decoded from the program, Program.run over it, and Cost.of per word),
# each with the bytes the main thread allocated a word.
#   bash bench/warmup.sh PROGRAM.bin [THREADS]
# The floor, the same fused loop alone in a fresh JVM with the same options (bench/warmup/Bare.java):
#   bash bench/warmup.sh --bare vector|scalar [WORDS]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/jdk.sh"
"$root/stt" --version >/dev/null
out=$(mktemp -d)
main=WarmUp
if [ "${1:-}" = --bare ]; then main=Bare; shift; fi
"$STT_JAVA_HOME/bin/javac" --add-modules jdk.incubator.vector -cp "$root/target/classes" -d "$out" \
  "$root/bench/warmup/$main.java" 2>/dev/null
mapfile -t options < <(stt_options) # as ./stt runs
stt_env
"$STT_JAVA_HOME/bin/java" "${options[@]}" -cp "$root/target/classes:$out" "$main" "$@" 2>/dev/null
rm -rf "$out"
