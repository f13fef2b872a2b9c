#!/usr/bin/env bash
# Runs the Windows build's tests: the Direct3D 11 and 12 backends (offscreen
# and windowed conformance), the native window, the Windows input source and
# dxcom, built for Windows and run under Wine (scripts/wine.sh prepares it)
# inside Xvfb, since Wine's Direct3D needs an X display; then the sample
# game on both backends, headless, and windowed with injected keyboard and
# mouse input (scripts/input-windows.sh). Extra arguments go to `go test`
# (e.g. -run Conformance, or -args -update-golden).
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

packages=(./backends/d3d11/ ./backends/d3d12/ ./backends/internal/dxcom/ ./internal/win32/ ./internal/park/ ./systems/frame/ ./input/)
# on_display runs a command on the X display, or inside a fresh Xvfb.
on_display() {
  if [[ -n "${DISPLAY:-}" ]]; then
    "$@"
  elif command -v xvfb-run >/dev/null; then
    xvfb-run -a -s "-screen 0 1280x1024x24" "$@"
  else
    fail_or_skip "no X display and no xvfb-run: Wine's Direct3D needs one"
  fi
}
on_display env GOOS=windows GOARCH=amd64 CGO_ENABLED=0 go test "${packages[@]}" "$@"

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

# A first game built outside the repository (app/testdata/firstgame, its own
# module finding the engine through a replace directive, as docs/FIRST_GAME.md
# builds it) runs headless on both backends too.
game="$tmp/firstgame"
mkdir -p "$game"
cp -r app/testdata/firstgame/. "$game/"
printf 'module example.com/spinner\n\ngo 1.26\n\nrequire github.com/sleakgo/sleak v0.0.0\n\nreplace github.com/sleakgo/sleak => %s\n' "$root" >"$game/go.mod"
cp go.sum "$game/go.sum"
(cd "$game" && GOWORK=off GOFLAGS=-mod=mod GOOS=windows GOARCH=amd64 CGO_ENABLED=0 go build -o spinner.exe .) || {
  echo "test-windows: building the first game for Windows failed" >&2
  exit 1
}
for r in d3d11 d3d12; do
  rc=0
  RUN_WINDOWS_EXE="$game/spinner.exe" bash scripts/run-windows.sh -headless -r "$r" -frames 3 -screenshot "$tmp/first-$r.png" || rc=$?
  if [[ $rc != 0 || ! -s "$tmp/first-$r.png" ]]; then
    echo "test-windows: the first game on $r: exit status $rc, screenshot $(wc -c <"$tmp/first-$r.png" 2>/dev/null || echo missing)" >&2
    exit 1
  fi
  echo "test-windows: first game -r $r: ok ($(wc -c <"$tmp/first-$r.png") byte screenshot)"
done

# The same game in a window, played with injected input: the player must
# walk and turn (run-windows.sh above has built bin/sleakcraft.exe).
for r in d3d11 d3d12; do
  on_display bash scripts/input-windows.sh "$r" || { echo "test-windows: played with injected input, sleakcraft -r $r failed" >&2; exit 1; }
done
