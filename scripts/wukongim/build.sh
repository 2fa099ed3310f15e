#!/usr/bin/env bash
# Builds the vendored WuKongIM v2.2.5 (../shared/vendor/wukongim-v2.2.5 from the repo root) for the
# tests that run the messenger on a real WuKongIM, and prints the binary's path as its LAST line
# (progress goes to stderr). The binary is cached under
#   ${WUKONGIM_CACHE_DIR:-$HOME/.cache/fuyuan/wukongim}/<hash>/wukongim
# keyed by a hash of the source tree and of this build recipe, so a rerun is a hash and a stat.
# Measured on 2 cores (go1.26): 190 s cold (empty module and build caches; ~460 MB of modules),
# 2.6 s with Go's caches warm but no cached binary, 0.05 s cached. -trimpath makes the binary
# reproducible (two builds compared byte-identical).
#
# Why a copy: shared/ is read-only in CI and `go build` must never write next to the sources (it
# may want to touch go.sum); building from a throwaway copy also keeps the tree's hash honest.
# Why GOWORK=off: a go.work above the copy must not pull other modules in.
# Why flock: several test processes may ask for the binary at once on a fresh machine; one builds,
# the others wait and reuse it.
#
# Environment: WUKONGIM_SRC (source tree, default the vendored one), WUKONGIM_CACHE_DIR, GO (the go
# command, default `go`, then /usr/local/go/bin/go).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SRC="${WUKONGIM_SRC:-$ROOT/../shared/vendor/wukongim-v2.2.5}"
CACHE_ROOT="${WUKONGIM_CACHE_DIR:-${HOME:?HOME is unset}/.cache/fuyuan/wukongim}"

# Values baked into the binary (its /varz shows them), from VENDORED.md.
UPSTREAM_VERSION="v2.2.5-20260422"
UPSTREAM_COMMIT="a888f89533d0e7d1b2030e06504ca97f1ad891d4"
# Part of the cache key: change it when the flags below change so old binaries are not reused.
RECIPE="recipe-1 CGO_ENABLED=0 -trimpath -buildvcs=false ldflags=-s,-w,-X version $UPSTREAM_VERSION $UPSTREAM_COMMIT"

log() { printf 'wukongim build: %s\n' "$*" >&2; }

if [ ! -f "$SRC/go.mod" ] || [ ! -f "$SRC/main.go" ]; then
  log "no WuKongIM source at $SRC (expected the vendored tree, see VENDORED.md)"
  exit 1
fi
SRC="$(cd "$SRC" && pwd)"

# Hash of every file's path and content (sorted, so independent of directory order), plus the
# recipe. File modes and timestamps are left out: a fresh checkout hashes the same.
tree_hash() {
  {
    printf '%s\n' "$RECIPE"
    (cd "$SRC" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum)
  } | sha256sum | cut -c1-16
}

HASH="$(tree_hash)"
OUT_DIR="$CACHE_ROOT/$HASH"
BIN="$OUT_DIR/wukongim"

if [ -x "$BIN" ]; then
  log "cached ($HASH)"
  printf '%s\n' "$BIN"
  exit 0
fi

GO_CMD="${GO:-}"
if [ -z "$GO_CMD" ]; then
  if command -v go >/dev/null 2>&1; then GO_CMD=go
  elif [ -x /usr/local/go/bin/go ]; then GO_CMD=/usr/local/go/bin/go
  else
    log "Go is not installed (need go >= 1.23 on PATH, or GO=/path/to/go)"
    exit 1
  fi
fi

mkdir -p "$OUT_DIR"
exec 9>"$OUT_DIR/.lock"
if command -v flock >/dev/null 2>&1; then flock 9; fi
# Someone else may have finished the build while this one waited for the lock.
if [ -x "$BIN" ]; then
  log "built meanwhile by another process ($HASH)"
  printf '%s\n' "$BIN"
  exit 0
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/wukongim-build.XXXXXX")"
trap 'chmod -R u+w "$WORK" 2>/dev/null; rm -rf "$WORK"' EXIT
cp -R "$SRC" "$WORK/src"
chmod -R u+w "$WORK/src"

log "building $("$GO_CMD" version) from $SRC ($HASH)"
started=$SECONDS
(
  cd "$WORK/src"
  GOWORK=off GOTOOLCHAIN=local CGO_ENABLED=0 "$GO_CMD" build -trimpath -buildvcs=false \
    -ldflags "-s -w -X main.Version=$UPSTREAM_VERSION -X main.Commit=$UPSTREAM_COMMIT" \
    -o "$WORK/wukongim" .
) >&2
# Atomic: a reader never sees a half-written binary.
mv "$WORK/wukongim" "$BIN.tmp.$$"
mv "$BIN.tmp.$$" "$BIN"
log "built in $((SECONDS - started)) s"
printf '%s\n' "$BIN"
