#!/usr/bin/env bash
# Install what Tischrichter needs into .venv (idempotent). With --web also the phone site's build
# tools (fontTools). With --public also, from Debian, HAProxy and supervisor (the public server's
# proxy and the supervisor that restarts its shards: build/serve.sh --public). With --test also the
# test tools and, from Debian, Chromium and WebKitGTK (its WebDriver and MiniBrowser, with Xvfb for
# a display) for the browser tests (never a downloaded browser), and HAProxy and supervisor, which
# the public server's tests start for real.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi

apt_install() {  # Debian's packages, installed only when missing (CI runs as root, a desktop with sudo)
  if [ $# -gt 0 ]; then
    echo "Installing Debian's $* ..."
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -q
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "$@"
  fi
}

public_packages() {  # the proxy in front of the shards and the supervisor that runs them all
  command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || echo haproxy
  command -v supervisord >/dev/null || echo supervisor
}

if [ "${1:-}" = "--test" ]; then
  .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[test]"
  WANT=()
  [ -x /usr/bin/chromium ] || WANT+=(chromium)
  command -v WebKitWebDriver >/dev/null || WANT+=(webkit2gtk-driver)  # brings MiniBrowser (libwebkit2gtk-4.1-0)
  command -v Xvfb >/dev/null || WANT+=(xvfb)
  # an English word list: the test that walks every screen in English tells a German word from an English one
  [ -f /usr/share/dict/american-english ] || WANT+=(wamerican)
  # the HTTPS test makes its own self-signed certificate
  command -v openssl >/dev/null || WANT+=(openssl)
  mapfile -t -O "${#WANT[@]}" WANT < <(public_packages)
  apt_install "${WANT[@]}"
elif [ "${1:-}" = "--web" ]; then  # build/web.sh: the phone site's build tools too
  .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[web]"
elif [ "${1:-}" = "--public" ]; then  # build/serve.sh --public
  .venv/bin/python -m pip install -q --disable-pip-version-check -e .
  mapfile -t WANT < <(public_packages)
  apt_install "${WANT[@]}"
else
  .venv/bin/python -m pip install -q --disable-pip-version-check -e .
fi
