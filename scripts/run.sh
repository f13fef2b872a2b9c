#!/usr/bin/env bash
# Runs the sample game: windowed when a display is available, otherwise a
# headless fly-over that writes out/screenshot.png, out/frames.json and
# out/frames.png. Extra arguments go to the game (e.g. -r opengl -rd 8).
set -euo pipefail
cd "$(dirname "$0")/.."
# Shaders first: the game embeds its .spv files, so one left stale by an
# edited .vert or .frag would run the old shader without a word.
echo "run: compiling stale shaders first (sleak shaders compile)" >&2
if ! go run ./cmd/sleak shaders compile; then
  echo "run: shaders did not all compile (see above); the game runs with the last compiled .spv files" >&2
fi
if [[ -n "${DISPLAY:-}" ]]; then
  exec go run ./cmd/sleakcraft "$@"
fi
exec go run ./cmd/sleakcraft -headless -screenshot out/screenshot.png "$@"
