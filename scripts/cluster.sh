#!/usr/bin/env bash
# A throwaway Folio test cluster on 127.0.0.1, from Debian's packages (scripts/setup-system.sh):
#   - PostgreSQL 15, a fresh cluster in a temp dir (initdb + pg_ctl, as the postgres user when root);
#   - OpenStack Swift with its s3api middleware: proxy, account, container and object servers,
#     one-replica rings, devices as plain directories, memcached for its auth cache;
#   - one or two `folio serve` nodes on their own ports, behind HAProxy, which health-checks each
#     on /readyz. Until `folio serve --db` exists the nodes share one data directory (its SQLite
#     records) and the bucket (their bytes): docs/deploy.md, "Running Folio Service on several nodes".
#
# Usage:
#   scripts/cluster.sh up [--nodes N]   start everything; print one line per part once it answers.
#                                       N is 1 or 2 (default: $FOLIO_CLUSTER_NODES, else 2)
#   scripts/cluster.sh down             stop everything `up` started, and delete its files
#   scripts/cluster.sh env              print the credentials as shell exports (PGPASSWORD, AWS_*)
#   scripts/cluster.sh status           print `data DIR`, then `node NAME PID URL` per node
#
# $FOLIO_CLUSTER_SERVE_ARGS adds flags to every node's `folio serve` (e.g. "--rate-limit 0" for the
# benchmark); words are split on spaces.
#
# `up` prints, on stdout, once each part answers a real request:
#   db postgres://folio@127.0.0.1:PORT/folio
#   blobs s3://folio?endpoint=http://127.0.0.1:PORT&region=us-east-1
#   balancer on http://127.0.0.1:PORT
# Passwords and keys are never part of those lines: `eval "$(scripts/cluster.sh env)"` exports them.
# The balancer line comes once HAProxy answers and reports every node UP. Its responses name the
# node that answered in an X-Folio-Node header. Tenants are made with
# `folio admin create-tenant --data DIR` on the data directory that `status` prints.
#
# The cluster's files live in a temp dir, recorded in $FOLIO_CLUSTER_STATE (default
# ${TMPDIR:-/tmp}/folio-cluster.current); set it to run several clusters side by side.
#
# Exit codes: 0 done; 1 a part failed to start (everything started is stopped again);
# 2 usage, or `up` while a cluster is already up; 3 `down`/`env`/`status` with no cluster up.
set -euo pipefail
# Piped into `head`, the script must still finish its cleanup.
trap '' PIPE

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
STATE_FILE=${FOLIO_CLUSTER_STATE:-${TMPDIR:-/tmp}/folio-cluster.current}
PG_BIN=/usr/lib/postgresql/15/bin
SWIFT_PYTHON=/usr/bin/python3 # a pyenv python3 on PATH has no Swift
BUCKET=folio
REGION=us-east-1
NODES=${FOLIO_CLUSTER_NODES:-2}

# log, die and wait_until.
source "$HERE/cluster/wait.sh"

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

secret() { head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 24; }

# Servers started in the background, one "name pid" per line, stopped in reverse order by `down`.
record_pid() { printf '%s %s\n' "$1" "$2" >>"$DIR/pids"; }

# The last lines of every log a failed start leaves, on stderr: `down` deletes them right after.
show_logs() {
  local file
  [[ -n ${DIR:-} && -d $DIR ]] || return 0
  while IFS= read -r file; do
    [[ -s $file ]] || continue
    log "--- last lines of ${file#"$DIR"/} ---"
    tail -n 20 "$file" >&2
  done < <(find "$DIR" -name '*.log' -type f | sort)
}

as_owner() {
  if ((EUID == 0)); then runuser -u postgres -- "$@"; else "$@"; fi
}

start_postgres() {
  local pg=$DIR/pg
  mkdir -p "$pg/sock"
  printf '%s\n' "$PG_PASSWORD" >"$pg/pwfile"
  ((EUID != 0)) || chown -R postgres "$pg"
  as_owner "$PG_BIN/initdb" -D "$pg/data" -U folio --pwfile="$pg/pwfile" -A scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >"$pg/initdb.log" 2>&1 || die "initdb failed (its log below)"
  rm -f "$pg/pwfile"
  as_owner "$PG_BIN/pg_ctl" start -w -D "$pg/data" -l "$pg/server.log" \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -c unix_socket_directories=$pg/sock" >/dev/null ||
    die "PostgreSQL did not start (its log below)"
  record_pid postgres "$(head -n 1 "$pg/data/postmaster.pid")"
  PGPASSWORD=$PG_PASSWORD "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U folio folio ||
    die "createdb failed"
  PGPASSWORD=$PG_PASSWORD wait_until PostgreSQL "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U folio -d folio -tAc 'SELECT 1'
}

write_swift_conf() {
  local sw=$DIR/swift user
  user=$(id -un)
  mkdir -p "$sw/devices/d1" "$sw/run"
  cat >"$sw/swift.conf" <<EOF
[swift-hash]
swift_hash_path_suffix = $(secret)
swift_hash_path_prefix = $(secret)

[storage-policy:0]
name = Policy-0
default = yes
EOF
  local kind port
  for kind in account container object; do
    case $kind in
      account) port=$ACCOUNT_PORT ;;
      container) port=$CONTAINER_PORT ;;
      object) port=$OBJECT_PORT ;;
    esac
    (cd "$sw" && swift-ring-builder "$kind.builder" create 6 1 1 >/dev/null &&
      swift-ring-builder "$kind.builder" add "r1z1-127.0.0.1:$port/d1" 100 >/dev/null &&
      swift-ring-builder "$kind.builder" rebalance >/dev/null) || die "building the $kind ring failed"
    cat >"$sw/$kind-server.conf" <<EOF
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = $port
workers = 1
user = $user
swift_dir = $sw
devices = $sw/devices
mount_check = false
log_level = WARNING

[pipeline:main]
pipeline = $kind-server

[app:$kind-server]
use = egg:swift#$kind
EOF
  done
  cat >"$sw/proxy-server.conf" <<EOF
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = $PROXY_PORT
workers = 1
user = $user
swift_dir = $sw
log_level = WARNING

[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo proxy-logging proxy-server

[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true

[filter:s3api]
use = egg:swift#s3api
location = $REGION

[filter:tempauth]
use = egg:swift#tempauth
user_folio_cluster = $S3_SECRET .admin

[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:$MEMCACHED_PORT

[filter:catch_errors]
use = egg:swift#catch_errors
[filter:gatekeeper]
use = egg:swift#gatekeeper
[filter:healthcheck]
use = egg:swift#healthcheck
[filter:proxy-logging]
use = egg:swift#proxy_logging
[filter:listing_formats]
use = egg:swift#listing_formats
[filter:copy]
use = egg:swift#copy
[filter:slo]
use = egg:swift#slo
[filter:dlo]
use = egg:swift#dlo
EOF
}

start_swift() {
  local sw=$DIR/swift kind
  local memcached_user=()
  ((EUID != 0)) || memcached_user=(-u memcache)
  memcached "${memcached_user[@]}" -l 127.0.0.1 -p "$MEMCACHED_PORT" -U 0 </dev/null >"$sw/memcached.log" 2>&1 &
  record_pid memcached $!
  for kind in account container object proxy; do
    "$SWIFT_PYTHON" "$HERE/cluster/swift-server.py" "$sw" "$kind" "$sw/$kind-server.conf" \
      </dev/null >"$sw/$kind.log" 2>&1 &
    record_pid "swift-$kind" $!
  done
  wait_until 'Swift proxy' --pid $! curl -fsS "http://127.0.0.1:$PROXY_PORT/healthcheck"
  AWS_ACCESS_KEY_ID=$S3_KEY AWS_SECRET_ACCESS_KEY=$S3_SECRET AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true \
    wait_until 'Swift s3api' env -C "$HERE/.." node --import tsx scripts/cluster/s3-bucket.ts "http://127.0.0.1:$PROXY_PORT" "$REGION" "$BUCKET"
}

# One `folio serve` per node, all on the data directory $DIR/data and the bucket. The first starts
# alone, so it creates and migrates the store before the second opens it.
start_nodes() {
  local i port pid url blobs=$1
  local -a SERVE_ARGS=()
  read -r -a SERVE_ARGS <<<"${FOLIO_CLUSTER_SERVE_ARGS:-}"
  mkdir -p "$DIR/data"
  : >"$DIR/nodes"
  for ((i = 1; i <= NODES; i++)); do
    port=$(free_port)
    AWS_ACCESS_KEY_ID=$S3_KEY AWS_SECRET_ACCESS_KEY=$S3_SECRET \
      node "$ROOT/bin/folio.mjs" serve --data "$DIR/data" --blobs "$blobs" --host 127.0.0.1 --port "$port" \
      --log-level info "${SERVE_ARGS[@]}" </dev/null >"$DIR/node$i.log" 2>&1 &
    pid=$!
    record_pid "node$i" "$pid"
    url=http://127.0.0.1:$port
    printf 'node%s %s %s\n' "$i" "$pid" "$url" >>"$DIR/nodes"
    wait_until "folio serve node$i" --pid "$pid" curl -fsS "$url/readyz"
  done
}

write_haproxy_conf() {
  local name pid url
  cat >"$DIR/haproxy.cfg" <<EOF
global
  maxconn 2000

defaults
  mode http
  timeout connect 5s
  # Inactivity limits, not durations: a large upload or a long download keeps moving.
  timeout client 5m
  timeout server 5m
  timeout http-request 30s
  # A connection a node refuses (it stopped, or is draining) is tried on another node.
  retries 2
  option redispatch

frontend folio
  bind 127.0.0.1:$BALANCER_PORT
  default_backend nodes

backend nodes
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  # A check waits up to 10 s for its answer: a node busy with a burst of writes is slow, not down.
  # A node that died refuses the connection, and is DOWN after three refusals, in about 1.5 s.
  timeout check 10s
  default-server inter 500ms fall 3 rise 1
  http-response set-header X-Folio-Node %[srv_name]
EOF
  while read -r name pid url; do
    printf '  server %s %s check\n' "$name" "${url#http://}" >>"$DIR/haproxy.cfg"
  done <"$DIR/nodes"
  cat >>"$DIR/haproxy.cfg" <<EOF

listen stats
  bind 127.0.0.1:$STATS_PORT
  stats enable
  stats uri /stats
EOF
}

# True once the stats page lists every node, and all of them UP.
all_nodes_up() {
  local csv
  csv=$(curl -fsS --max-time "$ATTEMPT_TIMEOUT_S" "http://127.0.0.1:$STATS_PORT/stats;csv") || return 1
  awk -F, -v want="$NODES" '$1 == "nodes" && $2 ~ /^node/ { n++; if ($18 == "UP") up++ } END { exit !(n == want && up == want) }' <<<"$csv"
}

start_haproxy() {
  write_haproxy_conf
  haproxy -db -f "$DIR/haproxy.cfg" </dev/null >"$DIR/haproxy.log" 2>&1 &
  record_pid haproxy $!
  wait_until 'HAProxy with every node UP' --pid $! all_nodes_up
  wait_until 'the balancer' curl -fsS "http://127.0.0.1:$BALANCER_PORT/readyz"
}

cluster_dir() {
  [[ -f $STATE_FILE ]] || return 1
  local dir
  dir=$(cat "$STATE_FILE")
  [[ -d $dir ]] || return 1
  printf '%s\n' "$dir"
}

up() {
  while (($# > 0)); do
    case $1 in
      --nodes)
        NODES=${2:-}
        shift 2 || true
        ;;
      *)
        log "unknown option for up: $1 (usage: $0 up [--nodes 1|2])"
        exit 2
        ;;
    esac
  done
  if [[ $NODES != 1 && $NODES != 2 ]]; then
    log "--nodes (or FOLIO_CLUSTER_NODES) must be 1 or 2, not \"$NODES\""
    exit 2
  fi
  if cluster_dir >/dev/null; then
    log "a cluster is already up in $(cluster_dir); run \`$0 down\` first"
    exit 2
  fi
  DIR=$(mktemp -d "${TMPDIR:-/tmp}/folio-cluster.XXXXXX")
  chmod 755 "$DIR"
  printf '%s\n' "$DIR" >"$STATE_FILE"
  : >"$DIR/pids"
  # A part that fails stops the parts already started: `up` leaves all or nothing.
  trap 'status=$?; if ((status != 0)); then show_logs; down >/dev/null 2>&1 || true; fi' EXIT

  PG_PORT=$(free_port) PROXY_PORT=$(free_port) ACCOUNT_PORT=$(free_port)
  CONTAINER_PORT=$(free_port) OBJECT_PORT=$(free_port) MEMCACHED_PORT=$(free_port)
  BALANCER_PORT=$(free_port) STATS_PORT=$(free_port)
  PG_PASSWORD=$(secret) S3_KEY=folio:cluster S3_SECRET=$(secret)
  umask 077
  cat >"$DIR/env" <<EOF
export PGPASSWORD='$PG_PASSWORD'
export AWS_ACCESS_KEY_ID='$S3_KEY'
export AWS_SECRET_ACCESS_KEY='$S3_SECRET'
EOF
  umask 022

  write_swift_conf
  start_postgres
  printf 'db postgres://folio@127.0.0.1:%s/folio\n' "$PG_PORT" | tee "$DIR/lines"
  start_swift
  local blobs
  blobs=$(printf 's3://%s?endpoint=http://127.0.0.1:%s&region=%s' "$BUCKET" "$PROXY_PORT" "$REGION")
  printf 'blobs %s\n' "$blobs" | tee -a "$DIR/lines"
  start_nodes "$blobs"
  start_haproxy
  printf 'balancer on http://127.0.0.1:%s\n' "$BALANCER_PORT" | tee -a "$DIR/lines"
  trap - EXIT
}

stop_pid() {
  local name=$1 pid=$2
  kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || return 0
  local deadline=$((SECONDS + 20))
  while kill -0 "$pid" 2>/dev/null; do
    if ((SECONDS >= deadline)); then
      log "$name ($pid) did not stop on SIGTERM; killing it"
      kill -KILL "$pid" 2>/dev/null || true
      return 0
    fi
    sleep 0.05
  done
}

down() {
  local dir
  dir=$(cluster_dir) || { log "no cluster is up (no state in $STATE_FILE)"; exit 3; }
  if [[ -d $dir/pg/data ]] && [[ -f $dir/pg/data/postmaster.pid ]]; then
    as_owner "$PG_BIN/pg_ctl" stop -w -m fast -D "$dir/pg/data" >/dev/null 2>&1 || true
  fi
  if [[ -f $dir/pids ]]; then
    local name pid
    while read -r name pid; do
      [[ $name == postgres ]] || stop_pid "$name" "$pid"
    done < <(tac "$dir/pids")
  fi
  rm -rf "$dir"
  rm -f "$STATE_FILE"
}

case ${1:-} in
  up)
    shift
    up "$@"
    ;;
  down) down ;;
  env)
    dir=$(cluster_dir) || { log "no cluster is up (no state in $STATE_FILE)"; exit 3; }
    cat "$dir/env"
    ;;
  status)
    dir=$(cluster_dir) || { log "no cluster is up (no state in $STATE_FILE)"; exit 3; }
    printf 'data %s\n' "$dir/data"
    sed 's/^/node /' "$dir/nodes"
    ;;
  -h | --help | help) sed -n '2,33p' "$0" | sed 's/^# \{0,1\}//' ;;
  *)
    log "usage: $0 up [--nodes 1|2]|down|env|status"
    exit 2
    ;;
esac
