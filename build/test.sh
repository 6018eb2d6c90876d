#!/usr/bin/env bash
# Install (if needed, Chromium included), build the phone's site and run the whole test suite, browser tests too.
set -euo pipefail
cd "$(dirname "$0")/.."
bash build/setup.sh --test
# the phone's static site: the offline browser test opens build/out/web
.venv/bin/python build/web/build_site.py >/dev/null
.venv/bin/python -m ruff check .
.venv/bin/python -m mypy scoring components companion
# the slowest tests, for how far they are from the five minutes a test may take (pyproject.toml)
exec .venv/bin/python -m pytest -q -p no:cacheprovider --durations=15 "$@"
