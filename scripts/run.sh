#!/usr/bin/env bash
# Runs the demo: windowed when a display is available, otherwise headless
# with a screenshot in out/.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p out
if [[ -n "${DISPLAY:-}" ]]; then
  exec go run ./cmd/sleak render -scene game.toml "$@"
fi
exec go run ./cmd/sleak render -scene game.toml -headless -frames 60 -out out/screenshot.png -stats out/stats.json "$@"
