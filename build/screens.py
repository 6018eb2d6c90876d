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
from collections.abc import Callable

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, Server, button, fill  # noqa: E402

OUT = ROOT / "build" / "out" / "screens"

# Where each node lies, in CSS px; "button" nodes lower than 48 px are reported too.
MEASURE_JS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('flt-semantics')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const name = (el.getAttribute('aria-label') || el.innerText || el.querySelector('[aria-label]')?.getAttribute('aria-label')
                  || '').trim().slice(0, 60);
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


def _twice_anna(game: str) -> Callable:
    """A setup refused: two players called Anna (the error beside the field and by the start button)."""
    def walk(page) -> None:
        _home_to(game)(page)
        fill(page, "Name Spieler 1", "Anna")
        fill(page, "Name Spieler 2", "anna")
        button(page, "Spiel starten").click()
        page.get_by_text("Zwei Spieler heißen Anna").first.wait_for()
        time.sleep(0.8)

    return walk


def _verflixxt_three(page) -> None:
    """A third player: the figure count changes from 3 to 2 and the screen says so."""
    _home_to("Verflixxt! Kompakt")(page)
    button(page, "Spieler hinzufügen").click()
    page.get_by_text("Figuren je Person: 2").wait_for()
    time.sleep(0.8)


def _verflixxt_confirmed(page) -> None:
    """The table confirmed its tile set: one line, and the browser remembers it."""
    _home_to("Verflixxt! Kompakt")(page)
    button(page, "Tafelsatz bestätigen").click()
    page.get_by_text("Bestätigt: 26 Tafeln – 8× plus, 13× minus, 5× G").wait_for()
    time.sleep(0.8)


SCREENS: list[tuple[str, Callable]] = [
    ("qwixx-setup", _home_to("Qwixx Longo")),
    ("verflixxt-setup", _home_to("Verflixxt! Kompakt")),
    ("verlies-setup", _home_to("Raus aus dem Verlies!")),
    ("qwixx-setup-refused", _twice_anna("Qwixx Longo")),
    ("verflixxt-setup-three", _verflixxt_three),
    ("verflixxt-setup-confirmed", _verflixxt_confirmed),
]


def report(page, width: int, height: int, *, top: bool = False) -> list[str]:
    """Findings among the nodes whose middle lies in the inner band of the window (a node cut by the
    scrolling edge is measured again after the next scroll); ``top``: the fixed top bar too."""
    lines = []
    for n in page.evaluate(MEASURE_JS):
        mid = n["y"] + n["h"] / 2
        inside = 0.12 * height < mid < 0.88 * height and n["y"] > 0.05 * height and n["y"] + n["h"] < 0.95 * height
        if not inside and not (top and n["y"] + n["h"] < 0.12 * height):
            continue
        if n["x"] < -0.5 or n["x"] + n["w"] > width + 0.5:
            lines.append(f"outside the width: {n['name']!r} x={n['x']:.0f} w={n['w']:.0f}")
        if n["role"] == "button" and n["h"] < 47.5:
            lines.append(f"button lower than 48 px: {n['name']!r} h={n['h']:.0f} w={n['w']:.0f}")
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
    problems = report(page, w, h, top=True)
    for old in OUT.glob(f"{stem.name}-*.png"):
        old.unlink()
    # the rest of the screen: scroll the app's own list (Flutter scrolls inside the canvas) half a
    # window at a time, measuring and taking a picture each time, until nothing moves
    shots, last = 1, page.screenshot()
    for _ in range(40):
        page.mouse.move(w / 2, h / 2)
        page.mouse.wheel(0, h * 0.5)
        time.sleep(0.6)
        now = page.screenshot()
        if now == last:
            break
        last = now
        problems += [p for p in report(page, w, h) if p not in problems]
        shots += 1
        pathlib.Path(f"{stem}-{shots}.png").write_bytes(now)
    (stem.with_suffix(".txt")).write_text("\n".join(problems) + "\n", encoding="utf-8")
    print(f"{stem.relative_to(ROOT)}.png (+{shots - 1} scrolled): {len(problems)} findings")
    ctx.close()


if __name__ == "__main__":
    main()
