#!/usr/bin/env bash
# The fast engine's per-word time round after round in one JVM, on a binary program (e.g. 1M fp32 STT [128x8] words,
# as bench/realtime.py writes them): the same word object again and again, fresh words decoded from the program,
# Program.run over it, and Cost.of per word. Shows how long the JIT takes to reach the steady rate.
#   bash bench/warmup.sh PROGRAM.bin
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/jdk.sh"
"$root/stt" --version >/dev/null
out=$(mktemp -d)
"$STT_JAVA_HOME/bin/javac" --add-modules jdk.incubator.vector -cp "$root/target/classes" -d "$out" \
  "$root/bench/warmup/WarmUp.java" 2>/dev/null
mapfile -t options < <(grep -v -e '^#' -e '^[[:space:]]*$' "$root/src/main/jvm/stt.options") # as ./stt runs
"$STT_JAVA_HOME/bin/java" "${options[@]}" -cp "$root/target/classes:$out" WarmUp "$1" 2>/dev/null
rm -rf "$out"
