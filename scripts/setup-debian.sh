#!/usr/bin/env bash
# Installs the Debian 12 packages ampvk needs to build and test, when missing.
set -euo pipefail

packages=(
  clang-19 libclang-19-dev llvm-19-dev llvm-19-tools
  spirv-tools spirv-headers glslang-tools
  libvulkan-dev mesa-vulkan-drivers vulkan-validationlayers vulkan-tools
  libgtest-dev cmake ninja-build pkg-config python3 git
  g++ libopenmpi-dev openmpi-bin
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "setup: run as root or install sudo; missing: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
