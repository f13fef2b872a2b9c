#!/usr/bin/env bash
# Runs the Direct3D 11 and 12 backends' tests: built for Windows and run under
# Wine (scripts/wine.sh prepares it) inside Xvfb, since Wine's Direct3D needs
# an X display. Extra arguments go to `go test` (e.g. -run Conformance, or
# -args -update-golden).
#
# With SLEAK_REQUIRE_DRIVERS=1 (as `make test` sets it) a machine where Wine
# cannot run fails instead of skipping.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

fail_or_skip() {
  if [[ "${SLEAK_REQUIRE_DRIVERS:-}" == 1 ]]; then
    echo "test-windows: $1" >&2
    exit 1
  fi
  echo "test-windows: skipped: $1 (SLEAK_REQUIRE_DRIVERS=1 makes this a failure)" >&2
  exit 0
}

if ! bash scripts/wine.sh setup; then
  fail_or_skip "Wine could not be set up"
fi
eval "$(bash scripts/wine.sh env)"
if ! command -v go_windows_amd64_exec >/dev/null; then
  fail_or_skip "go_windows_amd64_exec is not on PATH"
fi

packages=(./backends/d3d11/ ./backends/d3d12/)
run=(env GOOS=windows GOARCH=amd64 CGO_ENABLED=0 go test "${packages[@]}" "$@")
if [[ -n "${DISPLAY:-}" ]]; then
  "${run[@]}"
elif command -v xvfb-run >/dev/null; then
  xvfb-run -a -s "-screen 0 1280x1024x24" "${run[@]}"
else
  fail_or_skip "no X display and no xvfb-run: Wine's Direct3D needs one"
fi

# The sample game on both backends: a short headless fly-over that must exit
# 0 and write its screenshot. Only the run and the file are checked; the
# pictures are the conformance tests' business (and docs/DIRECTX.md says how
# they compare with Vulkan's).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for r in d3d11 d3d12; do
  rc=0
  bash scripts/run-windows.sh -headless -r "$r" -rd 2 -frames 30 -saves "$tmp/saves-$r" -screenshot "$tmp/$r.png" || rc=$?
  if [[ $rc != 0 ]]; then
    echo "test-windows: sleakcraft -r $r exited with status $rc" >&2
    exit 1
  fi
  if [[ ! -s "$tmp/$r.png" ]]; then
    echo "test-windows: sleakcraft -r $r wrote no screenshot ($tmp/$r.png is missing or empty)" >&2
    exit 1
  fi
  echo "test-windows: sleakcraft -r $r: ok ($(wc -c <"$tmp/$r.png") byte screenshot)"
done
