#!/usr/bin/env bash
# Renders the one source image (build/icon.svg) to build/icon.png (1024×1024);
# electron-builder derives the .ico, .icns and Linux sizes from that PNG.
set -euo pipefail
cd "$(dirname "$0")/.."
chromium --headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update \
  --no-first-run --hide-scrollbars --default-background-color=00000000 --window-size=1024,1024 \
  --screenshot="$PWD/build/icon.png" "file://$PWD/build/icon.svg" 2>/dev/null
