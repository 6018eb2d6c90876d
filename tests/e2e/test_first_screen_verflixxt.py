"""Every decision of a Verflixxt turn on the first screen: right after the roll, who decides, the die
and every move button (figures, guards, the Wurminator) lie inside a 360x740 and a 390x844 phone's
viewport, without a scroll; the track and the piles come below as the picture.

The positions (tests/e2e/vx_positions.py): a busy roll mid-game with two players (three figures
each: three figures, four guards and the Wurminator to choose from) and with three (two figures,
five guards, the Wurminator), and the Wurminator's own phase after a later move (move it or leave
it). The buttons' words are written here from the engine's previews, in German and in English (the
track's letters in the table's language: "(L)" for a lucky tile), on the phone passed around and on
the deciding seat's own phone.
"""

from __future__ import annotations

import time

import pytest

from tests.e2e.conftest import Server
from tests.e2e.test_first_screen_decisions import title_node
from tests.e2e.test_phone_games import NODES_JS, open_phone

pytestmark = pytest.mark.e2e

WORDS = {
    "de": {"figure": "Figur {fig}: {src} » {dst}", "guard": "Wächter: {src} » {dst}",
           "wurm": "Wurminator: {src} » {dst}", "skip": "Wurminator stehen lassen", "takes": ", nimmt {tiles}",
           "bites": ", beißt {names}", "start": "Start", "goal": "Ziel", "slot": "Feld {n} ({tile})",
           "gap": "Feld {n}", "lucky": "G", "turn": "{name} ist dran", "roll": "Gewürfelt: {value}",
           "move": "Wähle einen Zug:", "wurminator": "Jetzt der Wurminator:"},
    "en": {"figure": "Figure {fig}: {src} » {dst}", "guard": "Guard: {src} » {dst}",
           "wurm": "Wurminator: {src} » {dst}", "skip": "Leave the Wurminator", "takes": ", takes {tiles}",
           "bites": ", bites {names}", "start": "Start", "goal": "Goal", "slot": "slot {n} ({tile})",
           "gap": "slot {n}", "lucky": "L", "turn": "{name}'s turn", "roll": "Rolled: {value}",
           "move": "Choose a move:", "wurminator": "Now the Wurminator:"},
}


def tile_words(tile, lang: str) -> str:
    return WORDS[lang]["lucky"] if tile.kind == "lucky" else str(tile).replace("-", "\u2212")


def place(state, p: int, lang: str) -> str:
    w = WORDS[lang]
    if p <= 0:
        return w["start"]
    if p >= state.goal:
        return w["goal"]
    tile = state.tile_at(p)
    return w["gap"].format(n=p) if tile is None else w["slot"].format(n=p, tile=tile_words(tile, lang))


def move_words(state, action, lang: str) -> str:
    """A move button's words, as a player reads them: the piece, from where to where, what it takes or bites."""
    from scoring.verflixxt import MoveFigure, MoveGuard, SkipWurminator, move_preview

    w = WORDS[lang]
    if isinstance(action, SkipWurminator):
        return w["skip"]
    pv = move_preview(state, action)
    if isinstance(action, MoveFigure):
        many = len(state.figures[action.by]) > 1
        fig = state.names[action.by][0] + (str(action.figure + 1) if many else "")
        src = state.figures[action.by][action.figure]
        text = w["figure"].format(fig=fig, src=place(state, src, lang), dst=place(state, pv.landing, lang))
    elif isinstance(action, MoveGuard):
        src = state.guards[action.guard]
        text = w["guard"].format(src=place(state, src, lang), dst=place(state, pv.landing, lang))
    else:
        text = w["wurm"].format(src=place(state, state.wurminator, lang), dst=place(state, pv.landing, lang))
    if pv.collected:
        text += w["takes"].format(tiles=" ".join(tile_words(t, lang) for t in pv.collected))
    bitten = list(dict.fromkeys(state.names[ev.seat] for ev in pv.bites if ev.seat is not None))
    if bitten:
        text += w["bites"].format(names=", ".join(bitten))
    return text


@pytest.fixture(scope="module")
def positions(tmp_path_factory):
    """The positions stored before the server starts; with each, who decides and every button's words."""
    from companion.store import Store
    from companion.table.table import Tables
    from scoring.verflixxt import GAME
    from tests.e2e.vx_positions import POSITIONS, create

    db = tmp_path_factory.mktemp("first_screen_vx") / "tables.db"
    store = Store(db)
    try:
        tables = Tables(store)
        cases = {}
        for name in POSITIONS:
            table = create(tables, name)
            state = table.state
            legal = GAME.legal(state)
            cases[name] = (table.id, state.turn, {lang: {move_words(state, a, lang) for a in legal} for lang in WORDS},
                           {lang: (WORDS[lang]["turn"].format(name=state.names[state.turn]),
                                   WORDS[lang]["roll"].format(value=state.roll), WORDS[lang][state.phase])
                            for lang in WORDS})
            assert len(cases[name][2]["de"]) == len(legal)  # one button a move, none alike
    finally:
        store.close()
    srv = Server(db)
    yield srv, cases
    srv.kill()


def move_nodes(page, expected: set[str], timeout: float = 30.0) -> list[dict]:
    """The moves' buttons as the browser lays them out, once every one is there."""
    deadline = time.monotonic() + timeout
    while True:
        nodes = [n for n in page.evaluate(NODES_JS) if n["role"] == "button"]
        found = [n for n in nodes if n["name"] in expected]
        if {n["name"] for n in found} == expected:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"moves incomplete: {sorted(expected - {n['name'] for n in found})} "
                                 f"among {[n['name'] for n in nodes]}")
        time.sleep(0.2)


SIZES = [(360, 740), (390, 844)]
# (size, language, on the deciding seat's own phone): both sizes in German on the phone passed around,
# and the small phone in English on the seat's own phone
CASES = [(SIZES[0], "de", False), (SIZES[1], "de", False), (SIZES[0], "en", True)]


@pytest.mark.parametrize("position", ["busy-two", "busy-three", "wurm-phase"])
@pytest.mark.parametrize("size,lang,seat_phone", CASES,
                         ids=[f"{w}x{h}-{lang}" + ("-own-phone" if own else "") for (w, h), lang, own in CASES])
def test_every_verflixxt_decision_is_on_the_first_screen(browser, positions, position, size, lang, seat_phone):
    srv, cases = positions
    game_id, seat, expected, heads = cases[position]
    width, height = size
    path = f"/g/{game_id}/seat/{seat}?lang={lang}" if seat_phone else f"/g/{game_id}?all&lang={lang}"
    page = open_phone(browser, srv.url.rstrip("/") + path, width, height)
    try:
        buttons = move_nodes(page, expected[lang])
        for head in heads[lang]:  # who decides, the die, what the decision is
            node = title_node(page, head)
            assert node["y"] >= 0 and node["y"] + node["h"] <= height, (head, node)
        outside = [(b["name"], round(b["y"]), round(b["h"])) for b in buttons
                   if b["y"] < 0 or b["y"] + b["h"] > height or b["x"] < 0 or b["x"] + b["w"] > width]
        assert outside == [], f"below the fold at {width}x{height}: {outside}"
        assert all(b["h"] >= 47.5 for b in buttons), [(b["name"], b["h"]) for b in buttons]
    finally:
        page.context.close()
