# The cluster script's waiting, apart so that tests can run it on its own:
#   source scripts/cluster/wait.sh; wait_until NAME [--pid PID] COMMAND...
# READY_TIMEOUT_S bounds a part (FOLIO_CLUSTER_READY_TIMEOUT_S, default 600 s), ATTEMPT_TIMEOUT_S
# one try of its check (FOLIO_CLUSTER_ATTEMPT_TIMEOUT_S, default 15 s).
READY_TIMEOUT_S=${FOLIO_CLUSTER_READY_TIMEOUT_S:-600}
ATTEMPT_TIMEOUT_S=${FOLIO_CLUSTER_ATTEMPT_TIMEOUT_S:-15}

log() { printf 'cluster: %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

# Waits until "$@" succeeds, or the part's deadline passes. Startup has no event to wait on from a
# shell, so this polls; the deadline only bounds a part that never comes up. Each attempt is bounded
# too: a server that accepts a connection and never answers would otherwise hold one attempt, and
# the start, for ever. With `--pid PID` first, a part whose process has exited fails at once
# (a port taken by someone else between free_port and the bind ends the server, not the wait).
wait_until() {
  local what=$1 pid='' deadline=$((SECONDS + READY_TIMEOUT_S))
  shift
  if [[ ${1:-} == --pid ]]; then
    pid=$2
    shift 2
  fi
  until attempt "$@" >/dev/null 2>&1; do
    [[ -z $pid ]] || kill -0 "$pid" 2>/dev/null || die "$what exited before it answered"
    ((SECONDS < deadline)) || die "$what did not answer within ${READY_TIMEOUT_S}s"
    sleep 0.1
  done
}

# One try of a readiness check, given at most $ATTEMPT_TIMEOUT_S; a shell function bounds its own.
attempt() {
  if declare -F "$1" >/dev/null; then
    "$@"
  else
    timeout -k 1 "$ATTEMPT_TIMEOUT_S" "$@"
  fi
}
