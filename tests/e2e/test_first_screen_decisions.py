"""Every decision of a turn on the first screen: right after the roll, who decides, the dice and
every button of the decision lie inside a 360x740 and a 390x844 phone's viewport, without a scroll.

Qwixx Longo, the two phases a roll opens: the white sum (everyone may cross it) and the active
player's colour choice (seven crosses and "Passen (Fehlwurf)" here, the most a turn offers), on the
phone passed around and on the deciding seat's own phone.
"""

from __future__ import annotations

import time

import pytest

from tests.e2e.conftest import Server
from tests.e2e.test_phone_games import NODES_JS, open_phone

pytestmark = pytest.mark.e2e

SIZES = [(360, 740), (390, 844)]
COLOR_DE = {"red": "Rot", "yellow": "Gelb", "green": "Grün", "blue": "Blau"}


@pytest.fixture(scope="module")
def decisions(tmp_path_factory):
    """Two Qwixx tables stored before the server starts: one in the white phase, one in the colour
    phase; with each, the buttons its decision must show."""
    from companion.store import Store
    from companion.table.table import Tables
    from scoring.engine import PlayerSpec
    from scoring.qwixx_longo import WhiteCross, crossed_number
    from tests.e2e.qwixx_positions import (
        COLOUR_PHASE,
        NAMES,
        OPTIONS,
        color_choices,
        play_until,
        white_phase_with_crosses,
    )

    db = tmp_path_factory.mktemp("first_screen") / "tables.db"
    store = Store(db)
    try:
        tables = Tables(store)
        players = [PlayerSpec(name=n) for n in NAMES]
        white = tables.create("qwixx-longo", players, OPTIONS)
        play_until(white, white_phase_with_crosses)
        state = white.state
        white_buttons = {f"{COLOR_DE[a.row]} {crossed_number(state, a)}"
                         for a in white.game.legal(state, 0) if isinstance(a, WhiteCross)} | {"Passen"}
        colour = tables.create("qwixx-longo", players, OPTIONS)
        play_until(colour, COLOUR_PHASE)
        state = colour.state
        colour_names = {f"{COLOR_DE[row]} " for row, _ in color_choices(state)}
        # the same position with the coach's "Tipp?" allowed: its button sits in the title's row
        hinted = tables.create("qwixx-longo", players, {**OPTIONS, "hints": True})
        play_until(hinted, COLOUR_PHASE)
        cases = {
            "white": (white.id, 0, white_buttons, f"Weiße Summe {white.state.dice.white_sum} – Ana:"),
            "colour": (colour.id, state.active, len(color_choices(state)), f"Farbe (nur {NAMES[state.active]}):"),
            "colour-hints": (hinted.id, state.active, len(color_choices(state)),
                             f"Farbe (nur {NAMES[state.active]}):"),
        }
        assert colour_names and len(color_choices(state)) >= 5
    finally:
        store.close()
    srv = Server(db)
    yield srv, cases
    srv.kill()


def decision_nodes(page, expected: set[str] | int, timeout: float = 30.0) -> list[dict]:
    """The decision's buttons as the browser lays them out: the named ones (white phase), or every
    colour cross ("Rot 3+2=5") and the pass (colour phase)."""
    deadline = time.monotonic() + timeout
    while True:
        nodes = [n for n in page.evaluate(NODES_JS) if n["role"] == "button"]
        if isinstance(expected, set):
            found = [n for n in nodes if n["name"] in expected]
            complete = {n["name"] for n in found} == expected
        else:
            found = [n for n in nodes if n["name"].startswith("Passen")
                     or (n["name"].split(" ")[0] in COLOR_DE.values() and "=" in n["name"])]
            complete = len(found) == expected + 1
        if complete:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"decision incomplete: {[n['name'] for n in nodes]}")
        time.sleep(0.2)


def title_node(page, title: str) -> dict:
    found = [n for n in page.evaluate(NODES_JS) if n["name"] == title]
    assert found, f"no {title!r} on screen"
    return found[0]


@pytest.mark.parametrize("phase", ["white", "colour", "colour-hints"])
@pytest.mark.parametrize("seat_phone", [False, True], ids=["passed-around", "own-phone"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_qwixx_decision_is_on_the_first_screen(browser, decisions, phase, seat_phone, size):
    srv, cases = decisions
    game_id, seat, expected, title = cases[phase]
    width, height = size
    path = f"/g/{game_id}/seat/{seat}?lang=de" if seat_phone else f"/g/{game_id}?all&lang=de"
    page = open_phone(browser, srv.url.rstrip("/") + path, width, height)
    try:
        buttons = decision_nodes(page, expected)
        head = title_node(page, title)
        assert head["y"] >= 0 and head["y"] + head["h"] <= height, head
        outside = [(b["name"], round(b["y"]), round(b["h"])) for b in buttons
                   if b["y"] < 0 or b["y"] + b["h"] > height or b["x"] < 0 or b["x"] + b["w"] > width]
        assert outside == [], f"below the fold at {width}x{height}: {outside}"
        assert all(b["h"] >= 47.5 for b in buttons), [(b["name"], b["h"]) for b in buttons]
    finally:
        page.context.close()
