#!/usr/bin/env bash
# Install (if needed) and serve the app: http://127.0.0.1:8550 on this device.
# Phones on the table's network: build/serve.sh --lan   (prints the host link; players join by their game's QR link)
set -euo pipefail
cd "$(dirname "$0")/.."
bash build/setup.sh
exec .venv/bin/python -m companion "$@"
