#!/usr/bin/env bash
# Build the phone's static site: build/out/web/, the whole app running in the browser
# (Pyodide), every dependency bundled from pinned PyPI wheels (build/web-requirements.txt).
#   bash build/web.sh                 # the site, to be published at the root of a host
#   bash build/web.sh --base /tr/     # the site published under https://host/tr/
#   bash build/web.sh --no-snapshot   # without the start snapshot (build/web/pyboot.mjs): each start imports the app
# Try it here: .venv/bin/python -m http.server -b 127.0.0.1 -d build/out/web 8600
set -euo pipefail
cd "$(dirname "$0")/.."
bash build/setup.sh --web
exec .venv/bin/python build/web/build_site.py "$@"
