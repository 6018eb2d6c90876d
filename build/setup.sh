#!/usr/bin/env bash
# Install what Tischrichter needs into .venv (idempotent). With --web also the phone site's build
# tools (fontTools). With --test also the
# test tools and, from Debian, Chromium and WebKitGTK (its WebDriver and MiniBrowser, with Xvfb for
# a display) for the browser tests (never a downloaded browser).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
if [ "${1:-}" = "--test" ]; then
  .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[test]"
  WANT=()
  [ -x /usr/bin/chromium ] || WANT+=(chromium)
  command -v WebKitWebDriver >/dev/null || WANT+=(webkit2gtk-driver)  # brings MiniBrowser (libwebkit2gtk-4.1-0)
  command -v Xvfb >/dev/null || WANT+=(xvfb)
  # an English word list: the test that walks every screen in English tells a German word from an English one
  [ -f /usr/share/dict/american-english ] || WANT+=(wamerican)
  if [ ${#WANT[@]} -gt 0 ]; then
    echo "Installing Debian's ${WANT[*]} for the browser tests ..."
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -q
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${WANT[@]}"
  fi
elif [ "${1:-}" = "--web" ]; then  # build/web.sh: the phone site's build tools too
  .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[web]"
else
  .venv/bin/python -m pip install -q --disable-pip-version-check -e .
fi
