"""Every decision of a Raus aus dem Verlies! turn on the first screen: right after the card or the
roll, who decides, the dice and every button of the decision lie inside a 360x740 and a 390x844
phone's viewport, without a scroll; and a roll's die and what it did appear where it was tapped.

The phases: the move (draw or walk), the card drawn, the passage laid with its gold (the amount,
its button and the dice it may give instead; on the phone passed around and on the adventurer's
own phone: they were down in the purse, below the fold), a fight (on the phone passed around and on
the adventurer's own phone), an obstacle, gold by dice, and the spoils right after a fight's dice
(the dice shown above them); the obstacle and the fight with the real dice chosen too ("Echte
Würfel": the faces and the button that takes them). Then rolls tapped down a scrolled screen: their
die and result come into view.
"""

from __future__ import annotations

import re
import time

import pytest

from tests.e2e.conftest import Server, button
from tests.e2e.test_phone_games import NODES_JS, open_phone

pytestmark = pytest.mark.e2e

SIZES = [(360, 740), (390, 844)]
HEADER = "Ana ist dran · Zug 1"
KINDS = ("Abgrund", "Säuresee", "Lava", "Magie-Sperre", "Einsturz", "Tür", "Holzbrücke")
COLORS = ("Rot · Stärke 6", "Blau · Geist 3", "Grün · Geschick 3")
FIGHT = {"Monsterwert −", "Monsterwert +", "Stärke 6", "Geist 3", "Geschick 3", "Monster: Ben", "Monster: Cara"}
ROLL = {"Würfeln", "Echte Würfel"}
# the passage just laid: its gold (rv.gold; by dice, rv.dice) and everything else the card allows
PASSAGE = {"Gold auf dem Gang −", "Gold auf dem Gang +", "Gold im Gang +1", "Gold im Gang: W6 würfeln",
           "Gold im Gang: W3 würfeln", "Gold im Gang: 1+W6 würfeln", "Hindernis prüfen", "Ausgang legen",
           "Unberechtigt gezogen", "Zug beenden"}


def faces(die: str) -> set[str]:
    return {f"{die} zeigt {v}" for v in range(1, 7)}


# phase: (table, seat phone or None, taps before the decision, its title, every button of it)
CASES = {
    "move": ("start", None, [], "Ziehen oder laufen?",
             {"Karte ziehen", "1 Karte laufen", "2 Karten laufen", "Stehen bleiben"}),
    "card": ("drawn", None, [], "Was ist die gezogene Karte?",
             {"Gang", "Raum", "Raum: Gold", "Raum: Monster", "Raum: Falle", "Hindernis prüfen", "Ausgang legen",
              "Unberechtigt gezogen", "Zug beenden"}),
    "passage-gold": ("passage", None, [], "Gold im Gang: einmal je Karte (rv.gold)", PASSAGE),
    "passage-gold-own-phone": ("passage", 0, [], "Gold im Gang: einmal je Karte (rv.gold)", PASSAGE),
    "fight": ("fight", None, [], "Monster! Ana kämpft.", FIGHT | ROLL),
    "fight-own-phone": ("fight", 0, [], "Monster! Ana kämpft.", FIGHT | ROLL),
    "fight-real-dice": ("fight", None, ["Echte Würfel"], "Monster! Ana kämpft.",
                        FIGHT | {"App würfelt", "Echte Würfel", "Kampf eintragen"} | faces("W6 Ana")
                        | faces("W6 Monster")),
    "obstacle": ("passage", None, ["Hindernis prüfen"], "Stärke 6 + W6 ≥ 7",
                 {"Hindernis prüfen", "Nicht versuchen", *KINDS, *COLORS, "Hinderniszahl −", "Hinderniszahl +"}
                 | ROLL),
    "obstacle-real-dice": ("passage", None, ["Hindernis prüfen", "Echte Würfel"], "Stärke 6 + W6 ≥ 7",
                           {"Hindernis prüfen", "Nicht versuchen", *KINDS, *COLORS, "Hinderniszahl −",
                            "Hinderniszahl +", "App würfelt", "Echte Würfel", "Übernehmen"} | faces("W6")),
    "gold": ("gold", None, [], "Gold würfeln (Gang): W3", ROLL),
    # right after the fight's dice: the dice drawn above the spoils (rv.monster)
    "fight-won": ("won", None, [], "Gewonnen! Ana zieht einen Schatz.",
                  {"Schatzwert −", "Schatzwert +", "Magisch (M)", "Verdeckt", "Schatz nehmen", "Monstergold +1",
                   "Monstergold: W6 würfeln", "Monstergold: W3 würfeln", "Monstergold: 1+W6 würfeln"}),
}
DICE = {"fight-won": ["W6 Ana 4", "W6 Monster 2"]}  # the dice each phase shows, by their spoken names


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    """The Verlies tables of the phases, stored before the server starts (Ana begins)."""
    from companion.store import Store
    from companion.table.table import Tables
    from scoring.engine import PlayerSpec

    db = tmp_path_factory.mktemp("first_screen_verlies") / "tables.db"
    store = Store(db)
    draw = [dict(type="draw_card")]
    steps = {
        "start": [],
        "drawn": draw,
        "fight": draw + [dict(type="room_card", kind="monster")],
        "passage": draw + [dict(type="lay_card", card="passage")],
        "gold": draw + [dict(type="lay_card", card="passage"), dict(type="roll_gold", reason="passage", dice="w3")],
        "won": draw + [dict(type="room_card", kind="monster"),
                       dict(type="fight", monster_value=5, attribute="mind", monster_roller=1), 4, 2],
    }
    for w, h in SIZES:  # a table of its own for each roll taken (the ones above stay as they are)
        steps[f"roll-{w}x{h}"] = steps["passage"]
    ids = {}
    try:
        all_tables = Tables(store)
        for name, actions in steps.items():
            t = all_tables.create("raus-aus-dem-verlies", [PlayerSpec(name=n) for n in ("Ana", "Ben", "Cara")],
                                  {"start_player": 0})
            for a in actions:
                if isinstance(a, int):  # a die the table rolled
                    t.roll(None, [a])
                else:
                    t.submit({"by": t.state.current, **a})
            ids[name] = t.id
    finally:
        store.close()
    srv = Server(db)
    yield srv, ids
    srv.kill()


def nodes_named(page, names: set[str], timeout: float = 30.0) -> dict[str, dict]:
    """Each name's node as the browser lays it out: a button by its words, or the wrapper that carries
    an icon button's or a chip's tooltip (the button inside has its box)."""
    deadline = time.monotonic() + timeout
    while True:
        found: dict[str, dict] = {}
        for n in page.evaluate(NODES_JS):
            if n["name"] in names and n["name"] not in found:
                found[n["name"]] = n
        if set(found) == names:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"missing on the screen: {sorted(names - set(found))}")
        time.sleep(0.2)


def outside(nodes: dict[str, dict], width: int, height: int) -> list[tuple[str, int, int]]:
    return [(name, round(n["y"]), round(n["h"])) for name, n in nodes.items()
            if n["y"] < 0 or n["y"] + n["h"] > height or n["x"] < 0 or n["x"] + n["w"] > width]


def open_table(browser, srv: Server, game_id: str, seat: int | None, width: int, height: int):
    path = f"/g/{game_id}/seat/{seat}?lang=de" if seat is not None else f"/g/{game_id}?all&lang=de"
    page = open_phone(browser, srv.url.rstrip("/") + path, width, height)
    page.get_by_text(HEADER, exact=True).first.wait_for()
    return page


@pytest.mark.parametrize("phase", list(CASES))
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_verlies_decision_is_on_the_first_screen(browser, tables, phase, size):
    srv, ids = tables
    table, seat, taps, title, expected = CASES[phase]
    width, height = size
    page = open_table(browser, srv, ids[table], seat, width, height)
    try:
        for tap in taps:
            button(page, tap).click()
            time.sleep(0.3)
        nodes = nodes_named(page, expected | {HEADER, title, "Rückgängig"})
        nodes |= {die: die_node(page, die) for die in DICE.get(phase, [])}
        assert outside(nodes, width, height) == [], f"below the fold at {width}x{height}"
        small = [(name, n["h"]) for name, n in nodes.items() if name in expected and n["h"] < 47.5]
        assert small == [], small
    finally:
        page.context.close()


def die_node(page, name: str) -> dict:
    """A drawn die by its spoken name ("W6 Ana 4"; the words on it follow in its node)."""
    found = [n for n in page.evaluate(NODES_JS) if n["name"] == name or n["name"].startswith(name + "\n")]
    assert found, f"no die {name!r} on the screen"
    return found[0]


def die_and_words(page, words: re.Pattern[str], timeout: float = 30.0) -> tuple[dict, dict]:
    """The drawn die ("W6 4", the words on it follow in its node) and the line of what it did, once
    both are on the screen."""
    deadline = time.monotonic() + timeout
    while True:
        nodes = page.evaluate(NODES_JS)
        dice = [n for n in nodes if re.match(r"W6 [1-6](?:\n|$)", n["name"])]  # its label, then its faces
        said = [n for n in nodes if words.fullmatch(n["name"])]
        if dice and said:
            return dice[0], said[0]
        if time.monotonic() > deadline:
            raise AssertionError(f"no die and result: {[n['name'] for n in nodes]}")
        time.sleep(0.2)


def header_hidden(page) -> bool:
    """The turn's header is scrolled under the app's top bar (or out of the semantics tree)."""
    head = [n for n in page.evaluate(NODES_JS) if n["name"] == HEADER]
    return not head or head[0]["y"] + head[0]["h"] <= 60


def scroll(page, dy: int) -> None:
    vp = page.viewport_size
    page.mouse.move(vp["width"] / 2, vp["height"] / 2)
    page.mouse.wheel(0, dy)
    time.sleep(0.8)


def in_view(page, names: set[str], width: int, height: int) -> None:
    time.sleep(0.6)  # the scroll back to the top runs a quarter of a second
    nodes = nodes_named(page, names)
    assert outside(nodes, width, height) == [], f"not in view at {width}x{height}"
    assert all(n["y"] >= 56 for n in nodes.values()), nodes  # below the app's top bar, not under it


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_rolls_tapped_down_the_screen_show_their_die_and_result_in_view(browser, tables, size):
    """A screen scrolled down, the turn's header gone above: the passage gold by dice tapped
    (scrolled back to it, as a thumb would) brings up its roll in view; "Würfeln" shows the die,
    drawn as a die, and what it gave in view; then the obstacle's die and result, "Würfeln" tapped
    at the bottom of its panel."""
    srv, ids = tables
    width, height = size
    page = open_table(browser, srv, ids[f"roll-{width}x{height}"], None, width, height)
    try:
        scroll(page, 700)  # down to the purse and the gold log
        assert header_hidden(page)
        button(page, "Gold im Gang: W3 würfeln").click()
        in_view(page, {HEADER, "Gold würfeln (Gang): W3", "Würfeln", "Echte Würfel"}, width, height)
        button(page, "Würfeln").click()
        die, said = die_and_words(page, re.compile(r"Gold \(Gang\): W3 mit [1-6] = \+[1-3] Gold"))
        in_view(page, {die["name"], said["name"], HEADER}, width, height)

        button(page, "Hindernis prüfen").click()
        page.get_by_text("Stärke 6 + W6 ≥ 7", exact=True).wait_for()
        scroll(page, 200)  # "Würfeln" at the bottom of the panel
        assert header_hidden(page)
        button(page, "Würfeln").click()
        die, said = die_and_words(page, re.compile(r"Tür 7 \(Rot\): 6 \+ [1-6] = \d+ – geschafft!"))
        in_view(page, {die["name"], said["name"], HEADER}, width, height)
    finally:
        page.context.close()
