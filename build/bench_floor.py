"""The floor for build/bench.py: a bare Flet counter, served exactly like the app.

    .venv/bin/python build/bench_floor.py --port 8551

Same Flet, same uvicorn settings, offline (no_cdn), 127.0.0.1; the first stdout
line is the URL, as with ``python -m companion``. One button "Plus", one text
"Zähler: N": the smallest update a Flet page can show after a tap.

``--sheet``: the same counter on a page shaped like a Qwixx screen (five big
buttons, a sheet of 4 × 15 fields, each field a labelled container with its
number); every tap also changes the five buttons' text and colour and the
colour of 8 fields, changed in place (Flet's cheapest update). That is what
crossing a field makes a Flet page do, without any app around it.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import Any


def main_page(page) -> None:
    import flet as ft

    count = {"n": 0}
    text = ft.Text("Zähler: 0")

    def plus(e) -> None:
        count["n"] += 1
        text.value = f"Zähler: {count['n']}"

    page.title = "Floor"
    page.add(ft.Column([text, ft.Button("Plus", on_click=plus)]))


def sheet_page(page) -> None:
    import flet as ft

    count = {"n": 0}
    text = ft.Text("Zähler: 0")
    fields: list[tuple[ft.Container, str]] = []
    rows = []
    for strong, light in (("red700", "red50"), ("amber700", "yellow50"), ("green700", "green50"), ("blue700", "blue50")):
        cells: list[ft.Control] = [ft.Container(content=ft.Text("R", size=13, color="white"), bgcolor=strong, width=24,
                                                height=31, border_radius=6, alignment=ft.Alignment.CENTER)]
        for n in range(2, 17):
            box = ft.Container(content=ft.Text(str(n), size=13), width=21, height=31, bgcolor=light,
                               border=ft.Border.all(1, ft.Colors.BLACK_26), border_radius=4,
                               alignment=ft.Alignment.CENTER, on_click=lambda e: None)
            fields.append((box, light))
            cells.append(ft.Semantics(label=f"Feld {n}", button=True, content=box))
        cells.append(ft.Text("0", size=12, width=30))
        rows.append(ft.Row(cells, spacing=1, scroll=ft.ScrollMode.AUTO))
    buttons = [ft.Button(content=ft.Text(f"Knopf {i}", size=17), height=52, bgcolor="red700", on_click=lambda e: None)
               for i in range(5)]

    def plus(e) -> None:
        count["n"] += 1
        odd = count["n"] % 2 == 1
        text.value = f"Zähler: {count['n']}"
        for i, b in enumerate(buttons):
            b.content.value = f"{'Glückszahl ' if odd else ''}Knopf {i}"
            b.bgcolor = "blue700" if odd else "red700"
        for k, (box, light) in enumerate(fields):
            if k % 8 == 0:
                box.bgcolor = "amber300" if odd else light
                box.content.weight = ft.FontWeight.BOLD if odd else ft.FontWeight.NORMAL

    page.title = "Floor (sheet)"
    page.add(ft.Column([text, ft.Button("Plus", on_click=plus), ft.Row(buttons, wrap=True), *rows]))


def run(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8551)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--sheet", action="store_true", help="the counter on a Qwixx-shaped page (see above)")
    args = parser.parse_args(argv)
    serve(sheet_page if args.sheet else main_page, args.host, args.port)
    return 0


def serve(main: Callable[[Any], None], host: str = "127.0.0.1", port: int = 8551, name: str = "Floor") -> None:
    """Serve the page ``main`` as the app is served (offline, same uvicorn settings) until stopped;
    the first stdout line is the URL. Other bare pages (e.g. the typing test's one text field) use it too."""
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    import flet as ft
    import uvicorn

    app = ft.run(main, export_asgi_app=True, no_cdn=True)
    print(f"{name}: http://{host}:{port}/", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_ping_interval=20, ws_ping_timeout=30)


if __name__ == "__main__":
    sys.exit(run())
