# Sourced by ./run-tests and scripts/widths.sh: stt_python prints the python of the project's own virtual environment,
# target/venv, made on first use with python3's venv and given python/requirements-test.txt by plain pip (whatever
# index this machine's pip is configured with); a later run reuses it, and reinstalls only when the requirements
# file changed. It prints one line naming what failed and returns 1 when it cannot.
stt_python() {
  local root venv reqs stamp log
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  venv="$root/target/venv"
  reqs="$root/python/requirements-test.txt"
  stamp="$venv/requirements-test.txt"
  if [ -x "$venv/bin/python" ] && cmp -s "$reqs" "$stamp"; then
    echo "$venv/bin/python"
    return 0
  fi
  command -v python3 >/dev/null || { echo "stt: python3 not found (STT_SKIP_PYTHON=1 skips the Python stage)" >&2; return 1; }
  log=$(mktemp)
  if [ ! -x "$venv/bin/python" ] && ! python3 -m venv "$venv" >"$log" 2>&1; then
    echo "stt: python3 -m venv $venv failed: $(tail -n 1 "$log") (Debian: apt-get install python3-venv;" \
      "STT_SKIP_PYTHON=1 skips the Python stage)" >&2
    rm -f "$log"; rm -rf "$venv"
    return 1
  fi
  echo "stt: installing python/requirements-test.txt into target/venv" >&2
  if ! "$venv/bin/python" -m pip install -q -r "$reqs" >"$log" 2>&1; then
    echo "stt: pip install -r python/requirements-test.txt failed: $(grep -m 1 ERROR "$log" || tail -n 1 "$log")" >&2
    rm -f "$log"
    return 1
  fi
  rm -f "$log"
  cp "$reqs" "$stamp"
  echo "$venv/bin/python"
}
