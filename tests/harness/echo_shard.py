"""A stand-in shard for the proxy's tests: the public server's command line, and every request
answered with JSON naming this shard and what reached it (path, cookies, forwarded headers).

    python tests/harness/echo_shard.py --public --shard b --host 127.0.0.1 --port 8552 --data DIR --base-url URL

It lets the routing be checked request by request, whatever the real server answers on a path.
"""

from __future__ import annotations

import argparse
import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--public", action="store_true")
    p.add_argument("--shard", required=True)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--data", required=True)
    p.add_argument("--base-url", default="")
    args = p.parse_args()

    class Echo(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            body = json.dumps({
                "shard": args.shard, "path": self.path, "base_url": args.base_url,
                "forwarded_proto": self.headers.get("X-Forwarded-Proto"),
                # every X-Forwarded-For line as one list, as the server (uvicorn) reads them
                "forwarded_for": ", ".join(self.headers.get_all("X-Forwarded-For", [])) or None,
            }).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *a: object) -> None:  # noqa: A002 (the base class's name)
            pass  # the health checks every two seconds would fill the log

    ThreadingHTTPServer((args.host, args.port), Echo).serve_forever()


if __name__ == "__main__":
    main()
