"""Real browser, a 360 px phone: a new roll's dice are there at once, values and all.

The first picture the phone paints with the new roll (Chromium's screencast: every frame it
paints, in order) already shows each die's number standing out from its die: never a blank or a
shrunken die while an animation runs (a scale-in from nothing drew the die empty first). And the
values the dice are read out with are the roll the table recorded. No timing is asserted: that
first picture counts whenever it comes, however loaded the machine is.
"""

from __future__ import annotations

import base64
import io
import re
import time

import pytest

from tests.e2e.conftest import Server, button
from tests.e2e.test_phone_games import NODES_JS, open_phone
from tests.harness import pixels

pytestmark = pytest.mark.e2e

# a die's node: its name and value, then the words drawn on it (a sheet's field has no words of its own)
DIE = re.compile(r"(Weiß|Rot|Gelb|Grün|Blau) (–|[1-8])\n")
HEADER = "Ana ist dran · Wurf Nr. 1"


@pytest.fixture(scope="module")
def qwixx_table(tmp_path_factory):
    from companion.store import Store
    from companion.table.table import Tables
    from scoring.engine import PlayerSpec

    db = tmp_path_factory.mktemp("dice_seen") / "dice.db"
    store = Store(db)
    try:
        table = Tables(store).create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                                     {"lucky_numbers": [[3, 13], [4, 14]]})
        gid = table.id
    finally:
        store.close()
    srv = Server(db)
    yield srv, gid, db
    srv.kill()


def dice_nodes(page) -> list[dict]:
    """The dice in screen order: each node's box and (name, value)."""
    out = []
    for n in page.evaluate(NODES_JS):
        m = DIE.match(n["name"])
        if m:
            out.append({**n, "die": (m.group(1), m.group(2))})
    return out


def number_area(n: dict) -> tuple[float, float, float, float]:
    """Where a die's number is drawn: inside its frame, above its letter."""
    return n["x"] + 8, n["y"] + 4, n["w"] - 16, n["h"] * 0.6


def crop(png: bytes, box: tuple[float, float, float, float]) -> bytes:
    from PIL import Image

    img = Image.open(io.BytesIO(png)).convert("RGB")
    x, y, w, h = (round(v) for v in box)
    out = io.BytesIO()
    img.crop((x, y, x + w, y + h)).save(out, format="PNG")
    return out.getvalue()


class Frames:
    """Every frame the page paints (Chromium's screencast), in order."""

    def __init__(self, page) -> None:
        self.cdp = page.context.new_cdp_session(page)
        self.shots: list[bytes] = []
        self.cdp.on("Page.screencastFrame", self._frame)
        self.cdp.send("Page.startScreencast", {"format": "png"})

    def _frame(self, ev: dict) -> None:
        self.shots.append(base64.b64decode(ev["data"]))
        self.cdp.send("Page.screencastFrameAck", {"sessionId": ev["sessionId"]})

    def stop(self) -> None:
        self.cdp.send("Page.stopScreencast")


def test_a_new_roll_shows_its_values_in_the_first_picture(browser, qwixx_table):
    from companion.store import Store

    srv, gid, db = qwixx_table
    page = open_phone(browser, srv.url.rstrip("/") + f"/g/{gid}?all&lang=de")
    try:
        page.get_by_text(HEADER, exact=True).wait_for()
        before = dice_nodes(page)
        assert [d["die"][1] for d in before] == ["–"] * 6  # nothing rolled yet
        frames = Frames(page)
        page.wait_for_timeout(300)
        button(page, "Würfeln").click()
        deadline = time.monotonic() + 30
        while not all(d["die"][1] != "–" for d in dice_nodes(page)):
            assert time.monotonic() < deadline, [d["die"] for d in dice_nodes(page)]
            page.wait_for_timeout(20)
        page.wait_for_timeout(1000)  # the dice lie still
        frames.stop()
        dice = dice_nodes(page)
        areas = [number_area(d) for d in dice]
        blank = [crop(frames.shots[0], a) for a in areas]  # the dice before the roll: "–"
        # the first picture painted with the new roll: the first frame whose dice differ from "–"
        first = next((f for f in frames.shots if any(crop(f, a) != b for a, b in zip(areas, blank))), None)
        assert first is not None, f"{len(frames.shots)} frames, none with the roll"
        for d, area in zip(dice, areas):
            # its number stands out from its die (white on a colour, black on white or amber) in that
            # first picture: a blank die, or a dot of a number growing, would not
            ratio, share = pixels.contrast(first, area)
            assert ratio >= 3 and share >= 0.03, (d["die"], ratio, share)
        store = Store(db)
        try:
            roll = store.record(gid).actions[0].action
        finally:
            store.close()
        said = [int(d["die"][1]) for d in dice]
        assert said == [roll[k] for k in ("white1", "white2", "red", "yellow", "green", "blue")]
    finally:
        page.context.close()
