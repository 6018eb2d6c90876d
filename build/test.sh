#!/usr/bin/env bash
# Install (if needed, Chromium included) and run the whole test suite, browser tests too.
set -euo pipefail
cd "$(dirname "$0")/.."
bash build/setup.sh --test
.venv/bin/python -m ruff check .
.venv/bin/python -m mypy scoring
exec .venv/bin/python -m pytest -q -p no:cacheprovider "$@"
