#!/usr/bin/env bash
# Install (if needed) and serve the app: http://127.0.0.1:8550 on this device.
# Phones on the table's network: build/serve.sh --lan   (prints the host link; players join by their game's QR link)
# Online, any group with a phone each: build/serve.sh --public [--shards K] [--host H] [--port P] [--data DIR]
#   [--cert PEM [--http-port N]] [--base-url URL]: K server processes (shards a, b, ...) on 127.0.0.1 from
#   port P+1 on, behind HAProxy on H:P (with --cert over HTTPS, plain HTTP on N redirecting to it), all run and
#   restarted by supervisord in the foreground: Ctrl-C or SIGTERM stops them all. Written by build/cluster.py
#   into DIR/run/ (haproxy.cfg, supervisord.conf, log/); `.venv/bin/python build/cluster.py --help` for defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
for arg in "$@"; do
  if [ "$arg" = "--public" ]; then
    bash build/setup.sh --public  # Debian's haproxy and supervisor too
    exec .venv/bin/python build/cluster.py "$@"
  fi
done
bash build/setup.sh
exec .venv/bin/python -m companion "$@"
