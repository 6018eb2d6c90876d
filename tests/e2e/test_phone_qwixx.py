"""Real browser, phone sized: the Qwixx Longo play screen fits 360 px, its buttons are
thumb-sized, marks are drawn, real dice are tapped in, and a seat's phone shows its own sheet.

Positions come from tests/e2e/qwixx_positions.py (seeded games played through the Table).
"""

from __future__ import annotations

import re
import struct
import time
import zlib

import pytest

from tests.e2e.conftest import Server, button
from tests.e2e.qwixx_positions import SEAT, prepare

pytestmark = pytest.mark.e2e

# fields of every row, lock fields included (red/yellow 2..16, green/blue 16..2)
ROWS = {"Rot": range(2, 17), "Gelb": range(2, 17), "Grün": range(16, 1, -1), "Blau": range(16, 1, -1)}


@pytest.fixture(scope="module")
def positions(tmp_path_factory):
    db = tmp_path_factory.mktemp("phone") / "phone.db"
    games = {name: prepare(db, name) for name in ("after-roll", "locked-row", "roll")}
    srv = Server(db)
    yield srv, games
    srv.kill()


def open_phone(browser, url: str, width: int, height: int, locale: str = "de-DE", init_script: str | None = None,
               timeout: float = 20_000):
    # Chromium with a desktop user agent (as a tester used): Flutter then lays out
    # compact desktop controls, so the 48 px below are the app's own doing, not the platform's
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale=locale, has_touch=True)
    if init_script:
        ctx.add_init_script(init_script)  # runs before the app
    page = ctx.new_page()
    page.set_default_timeout(timeout)
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=max(40_000, 1.5 * timeout))
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    return page


NODES = """() => Array.from(document.querySelectorAll('flt-semantics')).map(e => {
    const r = e.getBoundingClientRect();
    return {label: (e.getAttribute('aria-label') || e.textContent || '').slice(0, 60),
            role: e.getAttribute('role') || '', x: r.left, y: r.top, w: r.width, h: r.height};
}).filter(n => n.w > 0 && n.h > 0)"""


def check_fits(page, width: int, scrolled: bool = False) -> list[dict]:
    """Every semantics node lies within the screen's width (nothing clipped, nothing to scroll
    sideways) and, before scrolling, below its top; every button is at least 48 px high."""
    nodes = page.evaluate(NODES)
    assert len(nodes) > 50
    outside = [n for n in nodes if n["x"] < -0.5 or n["x"] + n["w"] > width + 0.5 or (n["y"] < -0.5 and not scrolled)]
    assert not outside, str(outside)
    screen_height = page.viewport_size["height"]
    # (a button cut by the scrolling body's lower edge, 10 px above the screen's, is measured after scrolling)
    # (scrolled: one cut by the top bar was measured before scrolling)
    small = [n for n in nodes if n["role"] == "button" and n["h"] < 47.5 and n["y"] + n["h"] < screen_height - 12
             and not (scrolled and n["y"] < 100)]
    assert not small, str(small)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    return nodes


def box(page, label: str) -> dict:
    loc = page.get_by_role("button", name=label, exact=True)
    loc.wait_for()
    return loc.bounding_box()


def scroll(page, width: int, height: int, dy: int) -> None:
    page.mouse.move(width / 2, height / 2)
    page.mouse.wheel(0, dy)
    time.sleep(0.6)


@pytest.mark.parametrize("width,height", [(360, 740), (390, 844)])
def test_the_play_screen_fits_a_phone_held_upright(browser, positions, width, height):
    srv, games = positions
    for name in ("after-roll", "locked-row", "roll"):
        page = open_phone(browser, f"{srv.url}g/{games[name]}/seat/{SEAT[name]}", width, height)
        try:
            page.get_by_text("Zettel von", exact=False).first.wait_for()
            time.sleep(0.5)
            check_fits(page, width)
            # all 15 fields of every row, both lock fields and the count column are on screen
            for row, fields in ROWS.items():
                for n in fields:
                    b = page.get_by_role("button", name=f"{row} {n}").first.bounding_box()
                    assert b is not None and b["x"] >= 0 and b["x"] + b["width"] <= width, (row, n)
                count = page.get_by_text(f"Kreuze {row}: ", exact=False).first.bounding_box()
                assert count is not None and count["x"] + count["width"] <= width
            if name == "after-roll":
                button(page, "Passen").wait_for()
                assert box(page, "Passen")["height"] >= 48
            # the lower part of the screen (buttons, dice entry) fits as well
            scroll(page, width, height, 2000)
            check_fits(page, width, scrolled=True)
            if name == "roll":
                # the faces come only once "Echte Würfel" is unfolded, in place of "Würfeln"; they fit too
                assert box(page, "Würfeln")["height"] >= 48 and box(page, "Echte Würfel")["height"] >= 48
                assert page.get_by_role("button", name="Blau zeigt 8", exact=True).count() == 0
                button(page, "Echte Würfel").click()
                assert box(page, "Blau zeigt 8")["height"] >= 48 and box(page, "App würfelt")["height"] >= 48
                assert page.get_by_role("button", name="Würfeln", exact=True).count() == 0
                scroll(page, width, height, 2000)
                check_fits(page, width, scrolled=True)
                assert box(page, "Blau zeigt 8")["height"] >= 48
        finally:
            page.context.close()


def test_the_sheet_fills_a_phone_held_sideways(browser, positions):
    srv, games = positions
    page = open_phone(browser, f"{srv.url}g/{games['locked-row']}/seat/1", 740, 360)
    try:
        page.get_by_text("Zettel von Ben").wait_for()
        time.sleep(0.5)
        check_fits(page, 740)
        first = page.get_by_role("button", name="Rot 2").first.bounding_box()
        last = page.get_by_role("button", name="Rot 16").first.bounding_box()
        assert first["x"] < 60 and last["x"] + last["width"] > 740 - 80  # the whole width, like paper
        assert last["width"] >= 36  # wider fields than upright
    finally:
        page.context.close()


CELL = re.compile(r"^(Rot|Gelb|Grün|Blau) (\d+)( \(Glückszahl\))?(: .*)?$")


def sheet_cells(nodes: list[dict]) -> list[dict]:
    """The sheet's 60 fields among the semantics nodes (a field and a decision's button may share a
    name, "Rot 7": the field is the lower one)."""
    by_name: dict[tuple[str, str], dict] = {}
    for n in nodes:
        m = CELL.match(n["label"])
        if m and n["role"] == "button":
            key = (m.group(1), m.group(2))
            if key not in by_name or n["y"] > by_name[key]["y"]:
                by_name[key] = n
    return list(by_name.values())


def test_a_whole_sheet_and_the_decision_fit_a_phone_turned_sideways(browser, positions):
    """844x390 (a 390x844 phone turned): every field is at least 48 px wide, and one screenful shows the
    whole sheet with the decision's buttons right above it (the sheet chips beside them)."""
    srv, games = positions
    width, height = 844, 390
    page = open_phone(browser, f"{srv.url}g/{games['after-roll']}/seat/0", width, height)
    try:
        page.get_by_text("Zettel von Ana").wait_for()
        button(page, "Passen").wait_for()
        time.sleep(0.5)
        cells = sheet_cells(page.evaluate(NODES))
        assert len(cells) == 60, cells
        narrow = [c for c in cells if c["x"] < -0.5 or c["x"] + c["w"] > width + 0.5 or c["w"] < 47.5]
        assert not narrow, narrow
        # the body scrolls under the top bar: its buttons end 4 px above its lower edge
        top = max(n["y"] + n["h"] for n in page.evaluate(NODES) if n["y"] < 10 and n["h"] <= 60) + 4

        def whole(n: dict, high: float = 47.5) -> bool:
            # a node the scrolling edge cuts is reported cut to what is seen: lower than it is
            return n["y"] >= top - 0.5 and n["y"] + n["h"] <= height + 0.5 and n["h"] >= high

        # scroll down until the sheet's last row is whole on the screen
        for _ in range(40):
            cells = sheet_cells(page.evaluate(NODES))
            if len(cells) == 60 and min(c["y"] for c in cells) > top and all(whole(c) for c in cells
                                                                            if c["y"] > height / 2):
                break
            page.mouse.move(width / 2, height / 2)
            page.mouse.wheel(0, 25)
            time.sleep(0.3)
        nodes = page.evaluate(NODES)
        cells = sheet_cells(nodes)
        hidden = [c for c in cells if not whole(c) or c["w"] < 47.5]
        assert len(cells) == 60 and not hidden, hidden
        # ... and above it, on the same screen, the decision's buttons
        passen = [n for n in nodes if n["label"] == "Passen" and n["role"] == "button"]
        assert passen and whole(passen[0], 46.5), (top, passen)
        decision = [n for n in nodes if n["role"] == "button" and abs(n["y"] - passen[0]["y"]) < 2
                    and n["x"] < width / 2]
        assert {n["label"] for n in decision} >= {"Rot 7", "Passen"}, decision
        cut = [n for n in decision if not whole(n, 46.5)]
        assert not cut, (top, cut)
        for chip in ("Ana", "Ben", "Cara"):  # the sheet chips: beside the buttons, on the same screen
            n = next(n for n in nodes if n["label"] == chip and n["role"] == "button")
            assert whole(n, 46.5) and n["y"] + n["h"] <= min(c["y"] for c in cells), n
    finally:
        page.context.close()


# --- colours, read from a screenshot ------------------------------------------------------------
def png_pixels(data: bytes) -> tuple[int, int, list[list[tuple[int, ...]]]]:
    """A small PNG reader (8-bit RGB/RGBA, not interlaced: what Chromium writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", chunk[:10])
            assert depth == 8 and color in (2, 6)
            bpp = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(width)])
        prev = line
    return width, height, rows


def corner_colour(page, label: str) -> tuple[int, ...]:
    """The colour just inside a field's top edge, in its middle: above its number or icon, and inside
    the frame of a round (lucky) field too, where a corner would be outside it."""
    b = box(page, label)
    shot = page.screenshot(clip={"x": b["x"] + b["width"] / 2 - 1, "y": b["y"] + 4, "width": 3, "height": 3})
    _, _, rows = png_pixels(shot)
    return rows[1][1]


def tap(page, label: str) -> None:
    page.get_by_role("button", name=label, exact=True).click()


def ana_and_ben(db) -> str:
    """A new Qwixx Longo table in ``db``: Ana (lucky numbers 15, 16) and Ben (14, 16); its id."""
    from companion.store import Store
    from companion.table.table import Tables
    from scoring.engine import PlayerSpec

    store = Store(str(db))
    gid = Tables(store).create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                               {"lucky_numbers": [(15, 16), (14, 16)]}).id
    store.close()
    return gid


def test_dice_tapped_in_and_two_crosses_in_one_turn_grey_the_skipped_field_at_once(browser, tmp_path):
    db = tmp_path / "turn.db"
    gid = ana_and_ben(db)
    srv = Server(db)
    ana = open_phone(browser, f"{srv.url}g/{gid}/seat/0", 360, 740)
    ben = open_phone(browser, f"{srv.url}g/{gid}/seat/1", 360, 740, locale="en-US")
    try:
        ana.get_by_text("Zettel von Ana").wait_for()
        scroll(ana, 360, 740, 2000)
        button(ana, "Echte Würfel").click()  # the faces come once the real dice are unfolded
        button(ana, "Weiß 1 zeigt 6").wait_for()
        scroll(ana, 360, 740, 2000)
        # real dice by tapping, die by die; the status line says what is still open
        tap(ana, "Weiß 1 zeigt 6")
        for face, still in (
            ("Weiß 1 zeigt 6", "Weiß 2, Rot, Gelb, Grün, Blau"),
            ("Weiß 2 zeigt 6", "Rot, Gelb, Grün, Blau"),
            ("Rot zeigt 8", "Gelb, Grün, Blau"),
            ("Gelb zeigt 1", "Grün, Blau"),
            ("Grün zeigt 1", "Blau"),
        ):
            tap(ana, face)
            ana.get_by_text(f"Noch offen: {still}", exact=True).wait_for()
        tap(ana, "Blau zeigt 1")
        ana.get_by_text("Gewürfelt: 6 6 8 1 1 1", exact=True).wait_for()
        button(ana, "Übernehmen").click()
        ana.get_by_text("Weiße Summe 12 – Ana:").wait_for()
        # the sheet's fields answer for themselves: a refused one, then the white sum's field
        # (with the whole field's semantics excluded, Flet sent such taps to another field)
        scroll(ana, 360, 740, -2000)
        ana.get_by_role("button", name="Rot 15 (Glückszahl)", exact=True).first.click()  # Ana's lucky 15
        ana.get_by_text("Warum? q8.white").wait_for()
        ana.get_by_role("button", name="Rot 12", exact=True).first.click()  # the field (the sheet comes first)
        ana.get_by_text("Ana: Rot 12", exact=True).wait_for()
        scroll(ana, 360, 740, 2000)
        ana.get_by_text("Ben entscheidet noch", exact=True).wait_for()
        ben.get_by_text("Ana: Red 12", exact=True).wait_for()
        ben.get_by_text("Ben is still deciding", exact=True).wait_for()
        button(ben, "Pass").click()
        ana.get_by_text("Farbe (nur Ana):").wait_for()
        button(ana, "Rot 6+8=14").click()
        ana.get_by_text("Ana: Rot 6+8=14", exact=True).wait_for()
        # at once, on Ana's own sheet: 12 and 14 crossed, 13 between them skipped
        ana.get_by_role("button", name="Rot 13: übersprungen", exact=True).wait_for()
        scroll(ana, 360, 740, -2000)
        time.sleep(0.6)  # a screenshot may show the previous frame
        crossed, skipped, open_ = (corner_colour(ana, x) for x in ("Rot 14: angekreuzt", "Rot 13: übersprungen",
                                                                    "Rot 15 (Glückszahl)"))
        red_700, grey_300, red_50 = (0xD3, 0x2F, 0x2F), (0xE0, 0xE0, 0xE0), (0xFF, 0xEB, 0xEE)
        def near(a, b):
            return all(abs(x - y) <= 12 for x, y in zip(a, b))
        assert near(crossed, red_700), crossed
        assert near(skipped, grey_300), skipped
        assert near(open_, red_50), open_
        # Ben's phone, in English, looking at Ana's sheet
        ben.get_by_text("Ben's turn · roll no. 2").wait_for()
        button(ben, "Ana").click()
        ben.get_by_role("button", name="Red 13: skipped", exact=True).wait_for()
    finally:
        ana.context.close()
        ben.context.close()
        srv.kill()


def test_a_seat_phone_comes_back_to_its_own_sheet_after_a_reload(browser, positions):
    srv, games = positions
    page = open_phone(browser, f"{srv.url}g/{games['after-roll']}/seat/1", 360, 740)
    try:
        page.get_by_text("Zettel von Ben").wait_for()
        page.get_by_text("Weiße Summe 7 – Ben:").wait_for()
        button(page, "Cara").click()
        page.get_by_text("Zettel von Cara").wait_for()
        # still Ben's decision, never Cara's
        page.get_by_text("Weiße Summe 7 – Ben:").wait_for()
        assert page.get_by_text("Weiße Summe 7 – Cara:").count() == 0
        page.reload()
        page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=40_000)
        page.locator("flt-semantics-placeholder").dispatch_event("click")
        page.get_by_text("Zettel von Ben").wait_for()
        page.get_by_text("Weiße Summe 7 – Ben:").wait_for()
        button(page, "Passen").wait_for()
    finally:
        page.context.close()


# A phone that answers late: every message from the server reaches the app ~4 s after it arrived
# (the order kept), as a browser that has just loaded on a busy phone or CPU does. Before the
# fix the app asked for the phone's language with a bound of 3 s and, on no answer, kept German
# for the whole session: "Ana: Red 12" never came on Ben's English phone under CPU load.
SLOW_PHONE = """(() => {
  const Native = window.WebSocket, DELAY_MS = 4000;
  const late = fn => function (ev) { setTimeout(() => fn.call(this, ev), DELAY_MS); };
  class SlowSocket extends Native {
    addEventListener(type, fn, opts) {
      super.addEventListener(type, type === 'message' && typeof fn === 'function' ? late(fn) : fn, opts);
    }
    set onmessage(fn) { super.onmessage = typeof fn === 'function' ? late(fn) : fn; }
    get onmessage() { return super.onmessage; }
  }
  window.WebSocket = SlowSocket;
})();"""


def test_a_phone_that_answers_late_still_gets_its_own_language(browser, tmp_path):
    db = tmp_path / "late.db"
    gid = ana_and_ben(db)
    srv = Server(db)
    ben = open_phone(browser, f"{srv.url}g/{gid}/seat/1", 360, 740, locale="en-US", init_script=SLOW_PHONE,
                     timeout=40_000)
    try:
        ben.get_by_text("Ben's sheet", exact=True).wait_for()
        assert ben.get_by_text("Zettel von Ben", exact=True).count() == 0
    finally:
        ben.context.close()
        srv.kill()
