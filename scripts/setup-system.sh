#!/usr/bin/env bash
# Installs the Debian 12 (bookworm) system packages that Folio's tests and benchmarks need.
#
# Idempotent: when every package is already installed it does not touch apt at all, so a second
# run takes well under a second. Run it as root; as another user it uses sudo when it can, and
# otherwise prints what is missing and exits non-zero. See docs/ci.md for why each package is here.
#
# Usage: bash scripts/setup-system.sh
set -euo pipefail

PACKAGES=(
  # e2e: Playwright drives the system browser (/usr/bin/chromium, headless, --no-sandbox).
  chromium
  fonts-liberation # chromium only *recommends* fonts; without any, pages render with no glyphs
  # Keychain tests: a real Secret Service (gnome-keyring) on a private bus (dbus-run-session).
  gnome-keyring
  dbus
  dbus-x11
  libsecret-1-0
  libsecret-tools
  # A headless X display for anything that needs one (xvfb-run needs xauth, only recommended).
  xvfb
  xauth
  # Benchmark baselines.
  curl
  ca-certificates
  rclone
  wrk
  hyperfine
  # PDF fixtures (pdftotext, pdfinfo, ...).
  poppler-utils
  # OCR: the tesseract program with its English model, which Folio uses where a machine has it
  # (else tesseract.js), and the text-extraction benchmark's baseline.
  tesseract-ocr
  tesseract-ocr-eng
  # better-sqlite3 compiles from source (node-gyp needs make, g++ and python3).
  build-essential
  python3
  # The durability test records the system calls of a real `folio serve` (directory fsyncs).
  strace
  # CPU load for running the tests as CI's shared machine runs them (docs/ci.md, "Under load").
  stress-ng
  # The test cluster (scripts/cluster.sh, docs/deploy.md "Running Folio Service on several nodes"):
  # PostgreSQL 15, OpenStack Swift with its s3api middleware as the S3-compatible store, memcached
  # (Swift's auth cache) and HAProxy as the balancer.
  postgresql-15
  swift
  swift-proxy
  swift-object
  swift-container
  swift-account
  python3-swift
  memcached
  haproxy
)

log() { printf '[setup-system] %s\n' "$*"; }

is_installed() {
  # `dpkg -s` exits 0 for some packages that are known but not installed (e.g. removed with
  # config files left behind), so compare the status itself. Not `dpkg -s | grep -q` under
  # pipefail: grep exits at the first match, and dpkg, still writing, dies of SIGPIPE, which made
  # an installed package look missing now and then.
  [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" == 'install ok installed' ]]
}

missing_packages() {
  local p
  for p in "${PACKAGES[@]}"; do
    is_installed "$p" || printf '%s\n' "$p"
  done
}

if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
  log "this script needs a Debian-based system (dpkg and apt-get not found)" >&2
  exit 1
fi

mapfile -t MISSING < <(missing_packages)

if ((${#MISSING[@]} == 0)); then
  log "all ${#PACKAGES[@]} system packages are already installed; nothing to do"
  exit 0
fi

log "missing: ${MISSING[*]}"

SUDO=()
if ((EUID != 0)); then
  if command -v sudo >/dev/null 2>&1 && { sudo -n true 2>/dev/null || [[ -t 0 ]]; }; then
    SUDO=(sudo)
  else
    log "not root and sudo is not usable; install these as root, then run this again:" >&2
    log "  apt-get update && apt-get install -y --no-install-recommends ${MISSING[*]}" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
APT_OPTS=(
  -o Acquire::Retries=3
  -o DPkg::Lock::Timeout=300
  -o Dpkg::Options::=--force-confdef
  -o Dpkg::Options::=--force-confold
)

log "apt-get update"
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${APT_OPTS[@]}" update -q

log "apt-get install ${MISSING[*]}"
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get "${APT_OPTS[@]}" install -y -q --no-install-recommends "${MISSING[@]}"

# Check the result: every package installed, and the commands the tests call are on PATH.
mapfile -t STILL_MISSING < <(missing_packages)
if ((${#STILL_MISSING[@]} > 0)); then
  log "still not installed after apt-get: ${STILL_MISSING[*]}" >&2
  exit 1
fi

for cmd in chromium dbus-run-session dbus-launch gnome-keyring-daemon secret-tool xvfb-run Xvfb \
  curl rclone wrk hyperfine pdftotext pdfinfo tesseract make g++ python3 strace stress-ng \
  initdb pg_ctl swift-ring-builder swift-proxy-server memcached haproxy; do
  if ! command -v "$cmd" >/dev/null 2>&1; then
    log "expected command not found after install: $cmd" >&2
    exit 1
  fi
done

log "installed ${#MISSING[@]} package(s); all ${#PACKAGES[@]} system packages present"
