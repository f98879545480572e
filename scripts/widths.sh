#!/usr/bin/env bash
# The fast engine at every vector width it can be forced to (as simdjson-java runs its suite per width), and the
# default-engine tests on the reference engine: the equivalence and atomicity proofs and a share of the oracle at
# -Dstt.vector.bits=128 and 256, then the API and CLI tests with -Dstt.engine=reference. Called by .ci/run after
# ./run-tests (the oracle share in its target/venv, skipped with STT_SKIP_PYTHON=1); STT_WIDTH_WORDS scales the equivalence share (default 800 STT words per generation).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
words=${STT_WIDTH_WORDS:-800}
python=""
if [ "${STT_SKIP_PYTHON:-}" != 1 ]; then
  . "$root/scripts/pyenv.sh"
  python=$(stt_python)
fi
for bits in 128 256; do
  echo "widths: -Dstt.vector.bits=$bits"
  ./run-tests -Dtest='FastEquivalenceTest,AtomicityTest' -Dstt.test.jvmArgs=-Dstt.vector.bits=$bits \
    -Dstt.equiv.words="$words" -Dstt.equiv.siblingWords=$((words / 3)) -Dstt.equiv.familyWords=$((words / 5))
  if [ -n "$python" ]; then
    STT_JAVA_OPTS=-Dstt.vector.bits=$bits "$python" tests/oracle/run_oracle.py --cases 60 --seed "$bits" --engine fast
    STT_JAVA_OPTS=-Dstt.vector.bits=$bits "$python" tests/oracle/run_programs.py --programs 60 --seed "$bits" \
      --engine fast
  fi
done
echo "widths: -Dstt.engine=reference"
./run-tests -Dtest='NkiTest,EvalCommandTest,RunCommandTest,CliTest,OptionErrorsTest' -Dstt.engine=reference
