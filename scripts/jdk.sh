# Sourced by ./stt and ./run-tests: sets STT_JAVA_HOME to a JDK 25 or newer, or prints one line and exits 2; and
# defines stt_options, which prints the JVM options every launch uses (scripts/stt.options), one a line, and stt_env,
# which exports the environment every launch adds (scripts/stt.env).
java_major() { # $1 = a JDK home; prints its feature version, or nothing
  [ -x "$1/bin/java" ] && [ -x "$1/bin/javac" ] || return 0
  sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release" 2>/dev/null
}
find_jdk25() {
  local c v
  for c in "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25* /usr/lib/jvm/*-25* /usr/lib/jvm/*25* /usr/lib/jvm/* \
           /opt/java/* /opt/jdk* /usr/local/lib/jvm/*; do
    [ -n "$c" ] && [ -d "$c" ] || continue
    v=$(java_major "$c")
    if [ -n "$v" ] && [ "$v" -ge 25 ]; then STT_JAVA_HOME="$c"; return 0; fi
  done
  echo "stt: no JDK 25 or newer found (set JAVA_HOME to one, or install e.g. temurin-25-jdk under /usr/lib/jvm)" >&2
  exit 2
}
stt_lines() { # $1 = a file beside this script; prints its lines, its comments and blank lines left out
  grep -v -e '^#' -e '^[[:space:]]*$' "$(dirname "${BASH_SOURCE[0]}")/$1"
}
stt_options() { # the options file's lines
  stt_lines stt.options
}
stt_env() { # each NAME=VALUE of the environment file beside this script, appended to NAME's value unless there
  local name value
  while IFS='=' read -r name value; do
    case ":${!name:-}:" in
      *":$value:"*) ;;
      *) export "$name=${!name:+${!name}:}$value" ;;
    esac
  done < <(stt_lines stt.env)
}
find_jdk25
