"""Screenshots of the app's screens for review: build/out/screens/<screen>-<w>x<h>.png (gitignored).

Starts the app as the e2e tests do (tests/e2e/conftest.py: ``python -m companion`` on a free
port, Debian's Chromium through Playwright, semantics on), walks to each screen and saves a
full-page screenshot plus a list of the semantics nodes that stick out of the viewport and
the buttons lower than 48 px (``<name>.txt`` next to the picture).

    .venv/bin/python build/screens.py                 # every screen at 360x740
    .venv/bin/python build/screens.py --sizes 360x740,390x844,740x360 --only qwixx-setup

Grows screen by screen: add a (name, walk) pair to SCREENS; ``walk(page)`` gets a fresh page
on the home screen and leaves it on the screen to capture.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import tempfile
import time
from typing import Callable

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, Server, button  # noqa: E402

OUT = ROOT / "build" / "out" / "screens"

# Where each node lies, in CSS px; "button" nodes lower than 48 px are reported too.
MEASURE_JS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('flt-semantics')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const name = (el.getAttribute('aria-label') || el.innerText || '').trim().slice(0, 60);
    out.push({name, role: el.getAttribute('role') || '', x: r.left, y: r.top, w: r.width, h: r.height});
  }
  return out;
}"""


def _home_to(game: str) -> Callable:
    def walk(page) -> None:
        button(page, game).click()
        button(page, "Spiel starten").wait_for()
        time.sleep(0.8)

    return walk


SCREENS: list[tuple[str, Callable]] = [
    ("qwixx-setup", _home_to("Qwixx Longo")),
    ("verflixxt-setup", _home_to("Verflixxt! Kompakt")),
    ("verlies-setup", _home_to("Raus aus dem Verlies!")),
]


def report(page, width: int) -> list[str]:
    lines = []
    for n in page.evaluate(MEASURE_JS):
        if n["x"] < -0.5 or n["x"] + n["w"] > width + 0.5:
            lines.append(f"outside the width: {n['name']!r} x={n['x']:.0f} w={n['w']:.0f}")
        if n["role"] == "button" and n["h"] < 47.5:
            lines.append(f"button lower than 48 px: {n['name']!r} h={n['h']:.0f}")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="360x740")
    ap.add_argument("--only", default="", help="comma-separated screen names")
    args = ap.parse_args()
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    only = {s for s in args.only.split(",") if s}
    OUT.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        server = Server(pathlib.Path(tmp) / "screens.db")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for name, walk in SCREENS:
                    if only and name not in only:
                        continue
                    for w, h in sizes:
                        shoot(browser, server.url, name, walk, w, h)
                browser.close()
        finally:
            server.kill()


def shoot(browser, url: str, name: str, walk: Callable, w: int, h: int) -> None:
    ctx = browser.new_context(viewport={"width": w, "height": h}, locale="de-DE", has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=40_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    walk(page)
    stem = OUT / f"{name}-{w}x{h}"
    page.screenshot(path=f"{stem}.png")
    # the rest of the screen: scroll the app's own list (Flutter scrolls inside the canvas)
    shots = 1
    for _ in range(6):
        page.mouse.move(w / 2, h / 2)
        page.mouse.wheel(0, h * 0.8)
        time.sleep(0.6)
        page.screenshot(path=f"{stem}-{shots + 1}.png")
        shots += 1
    problems = report(page, w)
    (stem.with_suffix(".txt")).write_text("\n".join(problems) + "\n", encoding="utf-8")
    print(f"{stem.relative_to(ROOT)}.png (+{shots - 1} scrolled): {len(problems)} findings")
    ctx.close()


if __name__ == "__main__":
    main()
