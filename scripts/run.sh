#!/usr/bin/env bash
# Runs the sample game: windowed when a display is available, otherwise a
# headless fly-over that writes out/screenshot.png, out/frames.json and
# out/frames.png. Extra arguments go to the game (e.g. -r opengl -rd 8).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -n "${DISPLAY:-}" ]]; then
  exec go run ./cmd/sleakcraft "$@"
fi
exec go run ./cmd/sleakcraft -headless -screenshot out/screenshot.png "$@"
