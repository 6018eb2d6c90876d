"""Real browser, a 360x740 phone: what only the browser can measure.

- right after a Qwixx roll on the phone passed around, the whole decision ("Alle anderen
  passen" and the white-sum buttons) lies inside the viewport, each at its full 48 px;
- touch targets at least 48 px high: a refusal's "Warum? q8.white", the result's
  "Warum so? Punktetabelle q8.score", the Qwixx house-rule radio rows, the Wurminator and
  Zugberatung switches, the Verlies checkboxes (a trap's);
- a refusal's text takes the width of the screen, its link goes below it;
- on a seat's phone the words are in the table's language and the bar's title is whole.
"""

from __future__ import annotations

import time

import pytest

from tests.e2e.conftest import Server, button
from tests.e2e.test_phone_games import NODES_JS, open_phone

pytestmark = pytest.mark.e2e


@pytest.fixture
def phone_tables(tmp_path):
    from companion.store import Store
    from companion.table.table import Tables
    from scoring.engine import PlayerSpec
    from tests.e2e.qwixx_positions import NAMES, OPTIONS, play_until, white_phase_with_crosses

    db = tmp_path / "tables.db"
    store = Store(db)
    try:
        tables = Tables(store)
        players = [PlayerSpec(name=n) for n in NAMES]
        rolled = tables.create("qwixx-longo", players, OPTIONS)
        play_until(rolled, white_phase_with_crosses)
        done = tables.create("qwixx-longo", players[:2], {"lucky_numbers": [(15, 16), (14, 16)], "end_misthrows": 1})
        done.roll(values=[1, 1, 1, 1, 1, 1])
        for seat in (0, 1, 0):
            done.submit({"type": "pass", "by": seat})
        vx = tables.create("verflixxt", players, {"figures_per_player": 2, "wurminator": True})
        vx.roll(None, [3])
        rv = tables.create("raus-aus-dem-verlies", players, {})
        for action in ({"type": "draw_card", "by": 0}, {"type": "lay_card", "by": 0, "card": "room"},
                       {"type": "room_card", "by": 0, "kind": "trap"}):
            rv.submit(action)
        ids = {"rolled": rolled.id, "white": rolled.state.dice.white_sum, "done": done.id, "vx": vx.id, "rv": rv.id}
    finally:
        store.close()
    srv = Server(db)
    yield srv, ids
    srv.kill()


def open_desktop(browser, url: str, width: int = 360, height: int = 740):
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale="de-DE", has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    page.wait_for_selector("flt-semantics[role=button]", state="attached", timeout=30_000)
    return page


def nodes(page, name: str) -> list[dict]:
    return [n for n in page.evaluate(NODES_JS) if n["name"] == name]


def node(page, name: str, timeout: float = 20.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        found = nodes(page, name)
        if found:
            return max(found, key=lambda n: n["h"])
        if time.monotonic() > deadline:
            raise AssertionError(f"no node {name!r}: {[n['name'] for n in page.evaluate(NODES_JS)][:60]}")
        time.sleep(0.1)


def scrolled_to(page, name: str) -> dict:
    """The node, after scrolling the app's list until it is whole on screen."""
    height = page.viewport_size["height"]
    n = node(page, name)
    for _ in range(8):
        if n["y"] >= 60 and n["y"] + n["h"] <= height - 2 and n["h"] >= 20:
            break
        page.mouse.move(page.viewport_size["width"] / 2, height / 2)
        page.mouse.wheel(0, n["y"] - height / 2)
        time.sleep(0.5)
        n = node(page, name)
    return n


def test_after_a_qwixx_roll_the_whole_decision_is_on_screen(browser, phone_tables):
    srv, ids = phone_tables
    page = open_phone(browser, f"{srv.url}g/{ids['rolled']}?all&lang=de")
    try:
        page.get_by_text(f"Weiße Summe {ids['white']} – Ana:").wait_for()
        time.sleep(0.8)
        for name in ("Alle anderen passen", "Passen"):
            n = node(page, name)
            assert n["role"] == "button"
            assert n["h"] >= 47.5 and n["y"] + n["h"] <= 740, (name, n)
        cut = [n for n in page.evaluate(NODES_JS) if n["role"] == "button" and n["y"] < 740 < n["y"] + 48
               and n["h"] < 47.5 and n["name"] in ("Alle anderen passen", "Passen")]
        assert cut == []
    finally:
        page.context.close()


def test_touch_targets_and_the_refusal_width_at_360(browser, phone_tables):
    srv, ids = phone_tables
    page = open_desktop(browser, f"{srv.url}g/{ids['rolled']}?all&lang=de")
    try:
        page.get_by_text(f"Weiße Summe {ids['white']} – Ana:").wait_for()
        button(page, "Rot 16 (Glückszahl)").click()  # never the white sum: refused (q8.white)
        why = scrolled_to(page, "Warum? q8.white")
        assert why["h"] >= 47.5, why
        refusal = node(page, "Jetzt gilt die weiße Summe 7, nicht 16.")
        assert refusal["w"] >= 250, refusal  # the text across the width (360 px less the margins) ...
        assert why["y"] >= refusal["y"] + refusal["h"] - 1, (why, refusal)  # ... and the link below it
    finally:
        page.context.close()
    page = open_desktop(browser, f"{srv.url}g/{ids['done']}?all&lang=de")
    try:
        assert scrolled_to(page, "Warum so? Punktetabelle q8.score")["h"] >= 47.5
    finally:
        page.context.close()
    page = open_desktop(browser, f"{srv.url}?lang=de")
    try:
        button(page, "Qwixx Longo").click()
        button(page, "Spiel starten").wait_for()
        button(page, "Mehr Optionen").click()  # the house rules are folded
        for name in ("nur das Weiß-Kreuz", "den ganzen Zug"):
            assert scrolled_to(page, name)["h"] >= 47.5, name
    finally:
        page.context.close()
    page = open_desktop(browser, f"{srv.url}?lang=de")
    try:
        button(page, "Verflixxt! Kompakt").click()
        button(page, "Spiel starten").wait_for()
        assert scrolled_to(page, "Mehr Optionen")["h"] >= 47.5
        button(page, "Mehr Optionen").click()  # the house rules wait folded
        assert scrolled_to(page, "Wurminator-Variante")["h"] >= 47.5
    finally:
        page.context.close()
    page = open_desktop(browser, f"{srv.url}g/{ids['vx']}?all&lang=de")
    try:
        assert scrolled_to(page, "Zugberatung")["h"] >= 47.5
    finally:
        page.context.close()
    # a trap's Verlies checkboxes, in a desktop browser 360 px wide (build/screens.py's context: there a
    # checkbox had no padded tap target and was 40 px high)
    page = open_desktop(browser, f"{srv.url}g/{ids['rv']}?all&lang=de")
    try:
        for name in ("Verletzt", "3 Gold oder Schatz", "Mit Probe"):
            assert scrolled_to(page, name)["h"] >= 47.5, name
    finally:
        page.context.close()


def test_words_in_the_table_language_and_a_whole_title_on_a_seat_phone(browser, phone_tables):
    srv, ids = phone_tables
    page = open_phone(browser, f"{srv.url}?lang=de", width=390, height=844)
    try:
        button(page, "Spielerprofile").click()
        page.get_by_text("Neues Profil").first.wait_for()
        time.sleep(0.5)
        said = " ".join(n["name"] for n in page.evaluate(NODES_JS))
        assert "characters remaining" not in said and "höchstens 40 Zeichen" in said, said[-400:]
        page.get_by_text("Neues Profil").first.wait_for()
    finally:
        page.context.close()
    page = open_phone(browser, f"{srv.url}g/{ids['rolled']}/seat/0?lang=de", width=390, height=844)
    try:
        page.get_by_text("Du: Ana").wait_for()
        time.sleep(0.5)
        # a game's screen shows its clock where the title stands elsewhere (companion.screens.clock):
        # its room in the bar against what it needs (bold 18 px Roboto and a 22 px icon): not "0:…"
        clock = node(page, "Uhr anhalten")
        needs = page.evaluate("""() => { const c = document.createElement('canvas').getContext('2d');
                                 c.font = 'bold 18px Roboto, sans-serif';
                                 return c.measureText('0:00').width + 22; }""")
        assert clock["y"] < 56 and clock["w"] >= needs and clock["h"] >= 47.5, (clock, needs)
        assert not [n for n in nodes(page, "Tischrichter") if n["y"] < 56]
    finally:
        page.context.close()
