#!/usr/bin/env bash
# Install what Tischrichter needs into .venv (idempotent). With --test also the
# test tools and Debian's Chromium for the browser tests (never a downloaded browser).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
if [ "${1:-}" = "--test" ]; then
  .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[test]"
  if [ ! -x /usr/bin/chromium ]; then
    echo "Installing Debian's chromium for the browser tests ..."
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -q
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q chromium
  fi
else
  .venv/bin/python -m pip install -q --disable-pip-version-check -e .
fi
