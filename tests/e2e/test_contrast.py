"""Every text a player reads stands out from its ground, in the light and the dark theme: a contrast
ratio of at least 4.5:1 (WCAG AA for text), measured on screenshots, not read from the code.

The screens are build/screens.py's scenes (the same games and walks the screenshots use), at
360x740, with the browser set to light and to dark (the app follows the phone's setting). For each
semantics node without nodes inside it (a text, a button, a die, a field) the screenshot's pixels
in its box are read: the box's most common colour is the ground, the pixel farthest from it the
core of a letter. A disabled control is left out (WCAG asks no contrast of it), and so is a box
without ink or a picture (the QR code).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import pytest

from tests.e2e.conftest import ROOT, Server
from tests.harness import pixels

pytestmark = pytest.mark.e2e

sys.path.insert(0, str(ROOT / "build"))

import screens  # noqa: E402  (build/screens.py: the screenshots' scenes and walks)

SCENES = ("home", "qwixx-after-roll", "qwixx-result", "vx-move-mid", "rv-fight", "rules-entry", "history",
          "statistics", "backup", "what-if")
MIN_RATIO = 4.5

# Leaf semantics nodes: their box, name, and whether they are disabled or a picture.
LEAVES_JS = """() => [...document.querySelectorAll('flt-semantics')]
  .filter(el => !el.querySelector('flt-semantics'))
  .map(el => {
    const r = el.getBoundingClientRect();
    return {x: r.x, y: r.y, w: r.width, h: r.height,
            name: (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 60),
            disabled: el.getAttribute('aria-disabled') === 'true'
                      || !!el.querySelector('[aria-disabled=true]'),
            img: el.getAttribute('role') === 'img'};
  })
  .filter(n => n.w > 2 && n.h > 2 && n.name)"""


@pytest.fixture(scope="module")
def scene_server():
    from companion.store import Store
    from companion.table.table import Tables

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "contrast.db"
        store = Store(str(db))
        try:
            found = {name: (path, walk) for name, path, walk in screens.scenes(Tables(store))}
        finally:
            store.close()
        srv = Server(db)
        try:
            yield srv, found
        finally:
            srv.kill()


def low_contrast(page, shot: bytes, width: int, height: int) -> list[str]:
    out = []
    for n in page.evaluate(LEAVES_JS):
        if n["disabled"] or n["img"]:
            continue
        if n["y"] < 0 or n["y"] + n["h"] > height or n["x"] < 0 or n["x"] + n["w"] > width:
            continue  # not whole on the screen
        # 4 px inside the box: a frame or a field's outline is no text (WCAG asks 3:1 of it, not 4.5)
        box = (n["x"] + 4, n["y"] + 4, n["w"] - 8, n["h"] - 8)
        if box[2] < 4 or box[3] < 4:
            continue
        ratio, share = pixels.contrast(shot, box)
        if share < 0.005:
            continue  # nothing drawn there (a node around a picture or an empty box)
        if ratio < MIN_RATIO:
            out.append(f"{n['name']!r} {ratio:.2f}:1 at ({round(n['x'])}, {round(n['y'])})")
    return out


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("scene", SCENES)
def test_every_text_stands_out_from_its_ground(browser, scene_server, scene, theme):
    srv, found = scene_server
    path, walk = found[scene]
    width, height = 360, 740
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale="de-DE", has_touch=True,
                              color_scheme=theme)
    try:
        page = ctx.new_page()
        page.set_default_timeout(30_000)
        page.goto(srv.url.rstrip("/") + path)
        page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
        page.locator("flt-semantics-placeholder").dispatch_event("click")
        walk(page)
        page.mouse.move(width / 2, 8)  # off the last tapped button: its tooltip is a pointer's, not a phone's
        time.sleep(1.0)  # the last frame drawn, the dice's scale-in and any tooltip over
        shot = page.screenshot()
        bad = low_contrast(page, shot, width, height)
        if bad:
            out = ROOT / "build" / "out" / "contrast"
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{scene}-{theme}.png").write_bytes(shot)
        assert bad == [], f"{scene} ({theme}): text below {MIN_RATIO}:1 — {bad}"
    finally:
        ctx.close()
