#!/usr/bin/env bash
# Installs the Debian packages Sleak builds and tests with. Idempotent: when
# every package is already installed it prints nothing and touches nothing.
#
#   scripts/deps.sh          build + software rendering + shader tools
#   scripts/deps.sh wine     also Wine, for the Direct3D backends
set -euo pipefail

packages=(
  # cgo builds of GLFW (bundled C sources) and go-gl
  gcc pkg-config libgl1-mesa-dev libegl-dev libx11-dev libxcursor-dev
  libxrandr-dev libxinerama-dev libxi-dev libxxf86vm-dev
  # Vulkan loader (vulkan-go dlopens the unversioned libvulkan.so) and lavapipe
  libvulkan-dev mesa-vulkan-drivers vulkan-validationlayers
  # OpenGL on llvmpipe, headless under Xvfb
  libgl1-mesa-dri libegl-mesa0 xvfb xauth
  # injecting keys and clicks into windowed tests
  xdotool
  # shader toolchain
  glslc glslang-tools spirv-tools spirv-cross
)
if [[ "${1:-}" == wine ]]; then
  packages+=(wine wine64 libwine)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
    missing+=("$p")
  fi
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "deps: installing ${missing[*]}" >&2
sudo=""
[[ $(id -u) -ne 0 ]] && sudo=sudo
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
