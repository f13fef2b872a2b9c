#!/usr/bin/env bash
# Builds the sample game for Windows and runs it under Wine, for trying the
# Direct3D 11 and 12 backends on Linux:
#
#   scripts/run-windows.sh -r d3d11                  play in a window on your display
#   scripts/run-windows.sh -headless -r d3d12 -rd 2 -frames 60 -screenshot /tmp/d3d12.png
#
# The arguments go to sleakcraft as they are. The game runs from the
# repository root, so game.toml and relative paths resolve as with `go run`;
# Wine maps absolute Linux paths (/tmp/...) to its Z: drive, so they work
# too. With DISPLAY set the game opens its native window there, playable
# with keyboard and mouse; Direct3D under Wine needs an X display, so
# without DISPLAY the game runs inside xvfb-run (pass -frames, or it runs
# until killed). The exit status is the game's; Wine that cannot be set up
# or started fails with a message and status 1. See docs/DIRECTX.md.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

fail() {
  echo "run-windows: $1" >&2
  exit 1
}

# RUN_WINDOWS_EXE runs another game built for Windows instead (tests use it
# for a game built outside the repository).
exe=${RUN_WINDOWS_EXE:-bin/sleakcraft.exe}
if [[ -z "${RUN_WINDOWS_EXE:-}" ]]; then
  GOOS=windows GOARCH=amd64 CGO_ENABLED=0 go build -o "$exe" ./cmd/sleakcraft ||
    fail "building $exe failed"
fi

bash scripts/wine.sh setup || fail "Wine could not be set up (scripts/wine.sh setup failed)"
eval "$(bash scripts/wine.sh env)"
# The wrapper carries the Wine environment (prefix, renderer, Vulkan driver,
# quiet debug channels) and passes the exit status through.
command -v go_windows_amd64_exec >/dev/null ||
  fail "go_windows_amd64_exec is not on PATH after scripts/wine.sh setup"

wineserver=$(command -v wineserver || echo /usr/lib/wine/wineserver)

# The prefix is shared, and with it one wineserver and one desktop process
# bound to the X display of whoever started them: a run that joins them
# draws through another display, which may close under it. So the game
# starts once Wine's processes from an earlier run (this script's or a
# test's) have left, and this run waits for its own to leave before its
# Xvfb goes away. Both waits are bounded; the second costs the wineserver's
# 3 s linger.
# (A bash -c script rather than a function: xvfb-run's sh drops exported
# functions.)
play='timeout 60 "$WINESERVER_BIN" -w || true
rc=0
go_windows_amd64_exec "$EXE" "$@" || rc=$?
timeout 30 "$WINESERVER_BIN" -w || true
exit "$rc"'
run=(env WINESERVER_BIN="$wineserver" EXE="$exe" bash -c "$play" play "$@")
if [[ -z "${DISPLAY:-}" ]]; then
  command -v xvfb-run >/dev/null ||
    fail "no X display and no xvfb-run: Wine's Direct3D needs one (apt-get install xvfb)"
  run=(xvfb-run -a -s "-screen 0 1280x1024x24" "${run[@]}")
fi

rc=0
"${run[@]}" || rc=$?
case $rc in
  0) ;;
  # The shell's statuses for a launcher that is missing or not executable.
  126 | 127) fail "Wine could not start $exe (exit status $rc)" ;;
  # Wine's own status when it cannot load the program at all.
  53) fail "Wine could not load $exe (exit status 53)" ;;
  *) echo "run-windows: $exe exited with status $rc" >&2 ;;
esac
exit "$rc"
