#!/usr/bin/env bash
# PIT mutation testing of the model's core (issue 36): which mutants of the code the suite kills. Not run by CI (it
# takes long); reports go to target/pit-reports/ (index.html, mutations.xml). Usage:
#   scripts/mutation.sh                 the seven core packages
#   scripts/mutation.sh 'stt.alu.*'     any PIT class globs, comma-separated
# What the run leaves out, each with its reason (the Maven profile `mutation` in pom.xml holds the lists):
#   tests  FuzzTest, AtomicityTest, SmallFloatTest, FastEquivalenceTest: over 10 s a run each, so every mutant they
#          cover would rerun them; faster tests reach the same code, and ./run-tests runs them as always
#   methods hashCode: equivalent, a changed hash keeps the equals contract (only lookups' speed changes)
#           readsRegisters: equivalent under -Dstt.memo=off, which the run sets (it only decides what is cached)
# Measured at 0407216 on a 2-vCPU AMD EPYC: 1,254 of 1,381 mutants killed (90.8%) in 31 minutes.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/jdk.sh"
classes=${1:-stt.isa.*,stt.alu.*,stt.codec.*,stt.text.*,stt.validate.*,stt.exec.*,stt.cost.*}
cd "$root"
JAVA_HOME="$STT_JAVA_HOME" mvn -B -q -Pmutation -DtargetClasses="$classes" test-compile \
  org.pitest:pitest-maven:mutationCoverage
python3 - "$root/target/pit-reports/mutations.xml" <<'PY'
import collections, sys, xml.etree.ElementTree as ET
killed, total = collections.Counter(), collections.Counter()
for m in ET.parse(sys.argv[1]).getroot():
    package = m.findtext("mutatedClass").rsplit(".", 1)[0]
    total[package] += 1
    killed[package] += m.get("status") in ("KILLED", "TIMED_OUT", "MEMORY_ERROR", "RUN_ERROR")
for p in sorted(total):
    print(f"{p:16} {killed[p]:5d} of {total[p]:5d} killed  {100 * killed[p] / total[p]:5.1f}%")
print(f"{'all':16} {sum(killed.values()):5d} of {sum(total.values()):5d} killed  "
      f"{100 * sum(killed.values()) / max(1, sum(total.values())):5.1f}%")
PY
