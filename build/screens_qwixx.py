"""Screenshots of the Qwixx Longo play screen on phones, for review (issue 15.11).

    .venv/bin/python build/screens_qwixx.py          # writes build/out/screens/qwixx-*.png

Positions (tests/e2e/qwixx_positions.py): after a roll mid-game with crosses, a locked
row, and the roll with real dice half tapped in; each at 360x740, 390x844 and 740x360,
on the seat's own phone (/g/<id>/seat/<n>): the top of the screen, then scrolled down.
"""

from __future__ import annotations

import pathlib
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, Server
from tests.e2e.qwixx_positions import POSITIONS, SEAT, prepare

SIZES = ((360, 740), (390, 844), (740, 360))
OUT = ROOT / "build" / "out" / "screens"


def main() -> None:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        db = pathlib.Path(tmp) / "screens.db"
        games = {name: prepare(db, name) for name in POSITIONS}
        srv = Server(db)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for name, gid in games.items():
                    for w, h in SIZES:
                        shoot(browser, f"{srv.url}g/{gid}/seat/{SEAT[name]}", name, w, h)
                browser.close()
        finally:
            srv.kill()


def shoot(browser, url: str, name: str, w: int, h: int) -> None:
    ctx = browser.new_context(viewport={"width": w, "height": h}, locale="de-DE", has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=40_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    page.get_by_text("Zettel von", exact=False).first.wait_for()
    time.sleep(0.8)
    base = OUT / f"qwixx-{name}-{w}x{h}"
    page.screenshot(path=f"{base}.png")
    page.mouse.move(w / 2, h / 2)
    page.mouse.wheel(0, h - 120)
    time.sleep(0.8)
    if name == "roll":  # real dice half tapped in (the lines are below the sheet: scrolled to)
        for label in ("Weiß 1 zeigt 3", "Weiß 2 zeigt 5", "Rot zeigt 8"):
            page.get_by_role("button", name=label, exact=True).click()
            time.sleep(0.4)
        page.get_by_text("Noch offen: Gelb, Grün, Blau").wait_for()
        time.sleep(0.8)
    page.screenshot(path=f"{base}-down.png")
    print(f"{base}.png")
    ctx.close()


if __name__ == "__main__":
    main()
