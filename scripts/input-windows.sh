#!/usr/bin/env bash
# Plays the sample game's Windows build in a window under Wine and moves the
# player with injected input, as a user would: xdotool clicks into the
# window (capturing the mouse), turns with relative mouse motion, holds W,
# then closes the window with Alt+F4. The game saves the player on exit;
# the test passes when the saved player moved at least a block and turned.
#
#   scripts/input-windows.sh d3d11     (or d3d12)
#
# Needs an X display with XTEST (scripts/test-windows.sh runs it inside
# xvfb-run) and xdotool (scripts/deps.sh installs it). Exits 1 with the
# reason on failure. See docs/DIRECTX.md.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
backend=${1:?usage: scripts/input-windows.sh d3d11|d3d12}

fail() {
  echo "input-windows ($backend): $1" >&2
  exit 1
}

[[ -n "${DISPLAY:-}" ]] || fail "no DISPLAY: run inside xvfb-run"
command -v xdotool >/dev/null || fail "xdotool is missing (scripts/deps.sh installs it)"
command -v go_windows_amd64_exec >/dev/null || fail "go_windows_amd64_exec is not on PATH (eval \"\$(scripts/wine.sh env)\")"
exe=bin/sleakcraft.exe
[[ -f "$exe" ]] || fail "$exe is missing (scripts/run-windows.sh builds it)"

wineserver=$(command -v wineserver || echo /usr/lib/wine/wineserver)

tmp=$(mktemp -d)
game=""
cleanup() {
  [[ -n "$game" ]] && kill "$game" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
saves=$tmp/saves
args=(-r "$backend" -rd 2 -saves "$saves" -world input)

# position FILE prints the saved player's x z yaw.
position() {
  awk '/"position"/ { p = 1; n = 0; next }
       p && n < 3 { gsub(/[ ,]/, ""); v[n++] = $0; if (n == 3) p = 0; next }
       /"yaw"/ { gsub(/[ ,]/, ""); sub(/"yaw":/, ""); yaw = $0 }
       END { if (n == 3) print v[0], v[2], yaw }' "$1"
}

# A first, headless run creates the world and saves where the player
# starts.
go_windows_amd64_exec "$exe" "${args[@]}" -headless -frames 2 >"$tmp/first.log" 2>&1 ||
  { sed 's/^/  /' "$tmp/first.log" >&2; fail "the headless run that creates the world failed"; }
world=$saves/input/world.json
[[ -f "$world" ]] || fail "the first run saved no $world"
read -r x0 z0 yaw0 < <(position "$world") || fail "cannot read the player from $world"

# The play run starts once the first run's Wine processes (its wineserver
# and desktop) have left, as scripts/run-windows.sh does, so it does not
# join a desktop process that outlived the windows it knew.
timeout 60 "$wineserver" -w || true
go_windows_amd64_exec "$exe" "${args[@]}" -frames 3000 >"$tmp/play.log" 2>&1 &
game=$!

# Searched for once a second rather than with --sync: a search walks every
# window on the display, and fails (BadWindow) when one closes meanwhile,
# as Wine's own windows do while the game starts.
win=
for _ in $(seq 120); do
  win=$(xdotool search --name '^Sleakcraft$' 2>/dev/null | head -n 1) || true
  [[ -n "$win" ]] && break
  sleep 1
done
[[ -n "$win" ]] || { sed 's/^/  /' "$tmp/play.log" >&2; fail "no window named Sleakcraft appeared within 120 s"; }
# Wait for the world to be generated and frames to run.
for _ in $(seq 120); do
  grep -Eq 'generating world: ([0-9]+)/\1 chunks' "$tmp/play.log" && break
  kill -0 "$game" 2>/dev/null || { sed 's/^/  /' "$tmp/play.log" >&2; fail "the game ended before its world was ready"; }
  sleep 1
done
sleep 2

xdotool windowfocus --sync "$win" 2>/dev/null || xdotool windowfocus "$win"
sleep 0.5
xdotool mousemove --window "$win" 600 400
xdotool click 1 # captures the mouse
sleep 1
for _ in $(seq 10); do
  xdotool mousemove_relative -- 30 0
  sleep 0.1
done
xdotool keydown w
sleep 4
xdotool keyup w
sleep 1
xdotool key alt+F4

for _ in $(seq 60); do
  kill -0 "$game" 2>/dev/null || break
  sleep 1
done
if kill -0 "$game" 2>/dev/null; then
  fail "the game did not close within 60 s of Alt+F4"
fi
rc=0
wait "$game" || rc=$?
game=""
[[ $rc == 0 ]] || { sed 's/^/  /' "$tmp/play.log" >&2; fail "the game exited with status $rc"; }

timeout 30 "$wineserver" -w || true # before the display goes away
read -r x1 z1 yaw1 < <(position "$world") || fail "cannot read the player from $world"
echo "input-windows ($backend): player from ($x0, $z0) yaw $yaw0 to ($x1, $z1) yaw $yaw1"
awk -v a="$x0" -v b="$z0" -v c="$x1" -v d="$z1" 'BEGIN { exit !((c - a) ^ 2 + (d - b) ^ 2 >= 1) }' ||
  fail "holding W did not move the player a block"
awk -v a="$yaw0" -v b="$yaw1" 'BEGIN { exit !(a != b) }' ||
  fail "mouse motion with the mouse captured did not turn the player"
echo "input-windows ($backend): ok"
