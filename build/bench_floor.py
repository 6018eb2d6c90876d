"""The floor for build/bench.py: a bare Flet counter, served exactly like the app.

    .venv/bin/python build/bench_floor.py --port 8551

Same Flet, same uvicorn settings, offline (no_cdn), 127.0.0.1; the first stdout
line is the URL, as with ``python -m companion``. One button "Plus", one text
"Zähler: N": the smallest update a Flet page can show after a tap.
"""

from __future__ import annotations

import argparse
import os
import sys


def main_page(page) -> None:
    import flet as ft

    count = {"n": 0}
    text = ft.Text("Zähler: 0")

    def plus(e) -> None:
        count["n"] += 1
        text.value = f"Zähler: {count['n']}"

    page.title = "Floor"
    page.add(ft.Column([text, ft.Button("Plus", on_click=plus)]))


def run(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8551)
    parser.add_argument("--host", default="127.0.0.1")
    args = parser.parse_args(argv)
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    import flet as ft
    import uvicorn

    app = ft.run(main_page, export_asgi_app=True, no_cdn=True)
    print(f"Floor: http://{args.host}:{args.port}/", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_ping_interval=20, ws_ping_timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(run())
