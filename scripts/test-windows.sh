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
