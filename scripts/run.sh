#!/usr/bin/env bash
# Runs the sample game: windowed when a display is available, otherwise a
# headless fly-over that writes out/screenshot.png, out/frames.json and
# out/frames.png. Extra arguments go to the game (e.g. -r opengl -rd 8).
# A Direct3D backend (-r d3d11, -r d3d12) off Windows runs the Windows
# build under Wine through scripts/run-windows.sh, the same way.
set -euo pipefail
cd "$(dirname "$0")/.."

# direct3d reports whether the arguments choose a Direct3D backend.
direct3d() {
  local prev="" a v
  for a in "$@"; do
    v=""
    case $a in
      -r=* | --r=*) v=${a#*=} ;;
      *) [[ "$prev" == -r || "$prev" == --r ]] && v=$a ;;
    esac
    case ${v,,} in
      d3d11 | d11 | directx11 | d3d12 | d12 | directx12) return 0 ;;
    esac
    prev=$a
  done
  return 1
}
if [[ "$(uname -s)" != MINGW* && "$(uname -s)" != MSYS* ]] && direct3d "$@"; then
  echo "run: Direct3D is Windows only: running the Windows build under Wine (scripts/run-windows.sh)" >&2
  if [[ -n "${DISPLAY:-}" ]]; then
    exec bash scripts/run-windows.sh "$@"
  fi
  mkdir -p out
  exec bash scripts/run-windows.sh -headless -screenshot out/screenshot.png "$@"
fi
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
