"""Raus aus dem Verlies!, level 1: a roll shows its dice beside what they did, at the top of the
turn where the roll was tapped, the decision comes first, and a roll is entered one way at a time
("Würfeln" | "Echte Würfel"). A real Shell over a stub page; handlers called, controls read."""

from __future__ import annotations

from typing import Any

import flet as ft
import pytest

from companion.app import AppContext, AppShell
from companion.games.verlies.play_actions import play_state
from scoring.dice import Dice
from tests.companion.games.test_verlies_ui import (
    FixedSource,
    StubPage,
    buttons,
    click,
    english,
    face_labels,
    has_text,
    real_dice,
    start,
    tap_face,
    texts,
    type_into,
    walk,
)

TOP = "rv-top"  # the scroll key of the play screen's top (play_actions.TOP)


class ScrollingPage(StubPage):
    """A stub page that keeps the tasks a handler starts (a scroll of the screen is one)."""

    def __init__(self) -> None:
        self.tasks: list[str] = []

    def run_task(self, handler: Any, *a: Any, **k: Any) -> None:
        self.tasks.append(handler.__name__)


@pytest.fixture
def shell(tmp_path) -> AppShell:
    return AppShell(ScrollingPage(), AppContext.create(db=str(tmp_path / "t.db")))


def top(shell: AppShell) -> ft.Control:
    """The top of the play screen: whose turn, and the last roll's dice beside their words."""
    found = [c for c in walk(shell.body.controls) if isinstance(c.key, ft.ScrollKey) and c.key.value == TOP]
    assert len(found) == 1, "no top block with its scroll key"
    return found[0]


def dice_shown(block: ft.Control) -> list[str]:
    """The dice drawn in ``block``, by their spoken names ("W6 4", "W6 Ana 6")."""
    return [c.label for c in walk(block) if isinstance(c, ft.Semantics) and not c.button
            and isinstance(c.label, str) and c.label.split(" ")[-1].isdigit()]


def words(block: ft.Control) -> list[str]:
    return [c.value for c in walk(block) if isinstance(c, ft.Text) and isinstance(c.value, str)]


def scrolled(shell: AppShell) -> int:
    """How often the screen was sent to its top since the last call."""
    page = shell.page
    n = page.tasks.count("_scroll_top")
    page.tasks.clear()
    return n


def obstacle_open(shell: AppShell) -> None:
    start(shell)
    click(shell, "Karte ziehen")
    click(shell, "Gang")
    click(shell, "Hindernis prüfen")


# --- a roll shows its dice beside its result, where the tap happened ---------------------------
@pytest.mark.parametrize("lang", ["de", "en"])
def test_an_obstacle_roll_shows_its_die_beside_the_result_at_the_top(shell, lang):
    obstacle_open(shell)
    if lang == "en":
        english(shell)
    shell.table.dice = Dice(FixedSource([4]))
    scrolled(shell)
    click(shell, "Würfeln" if lang == "de" else "Roll")
    block = top(shell)
    assert dice_shown(block) == ["W6 4" if lang == "de" else "d6 4"]
    assert words(block)[-1] == ("Tür 7 (Rot): 6 + 4 = 10 – geschafft!" if lang == "de"
                                else "Door 7 (Red): 6 + 4 = 10 – passed!")
    assert texts(shell).count(words(block)[-1]) == 1  # said beside the die, not again as a line below
    assert scrolled(shell) == 1  # the screen goes to its top: the die is seen where the panel was


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_fight_shows_both_dice_beside_the_fight(shell, lang):
    start(shell)
    click(shell, "Karte ziehen")
    click(shell, "Raum: Monster")
    if lang == "en":
        english(shell)
    shell.table.dice = Dice(FixedSource([6, 1]))
    click(shell, "Würfeln" if lang == "de" else "Roll")
    block = top(shell)
    assert dice_shown(block) == (["W6 Ana 6", "W6 Monster 1"] if lang == "de" else ["Ana's d6 6", "Monster's d6 1"])
    assert words(block)[-1] == (
        "Kampf: Stärke 6 + 6 = 12 gegen Monster 5 + 1 = 6 – gewonnen! (Fürs Monster würfelte Ben.)" if lang == "de"
        else "Fight: Strength 6 + 6 = 12 against monster 5 + 1 = 6 – won! (Ben rolled for the monster.)")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_gold_by_dice_shows_its_die_and_the_gold_it_gave_rv_dice(shell, lang):
    start(shell)
    click(shell, "Karte ziehen")
    click(shell, "Gang")
    scrolled(shell)
    click(shell, "Gold im Gang: W3 würfeln")  # in the purse, far below the roll it asks for
    assert scrolled(shell) == 1
    if lang == "en":
        english(shell)
    shell.table.dice = Dice(FixedSource([5]))
    click(shell, "Würfeln" if lang == "de" else "Roll")
    block = top(shell)
    assert dice_shown(block) == ["W6 5" if lang == "de" else "d6 5"]
    assert ("W3" if lang == "de" else "d3") in words(block)  # what the die counts as, under its face
    assert words(block)[-1] == ("Gold (Gang): W3 mit 5 = +3 Gold" if lang == "de"
                                else "Gold (passage): d3 with 5 = +3 gold")
    assert shell.table.state.players[0].gold == 3


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_trap_taking_more_gold_than_there_is_says_so_beside_its_die_rv_gold(shell, lang):
    start(shell)
    click(shell, "Karte ziehen")
    shell.table.submit({"type": "gain_gold", "by": 0, "amount": 2, "reason": "correction"}, None)
    click(shell, "Raum: Falle")
    next(c for c in walk(shell.body.controls) if isinstance(c, ft.Semantics) and c.label == "Mit Probe").on_tap(None)
    click(shell, "1+W6")
    click(shell, "Falle eintragen")
    if lang == "en":
        english(shell)
    shell.table.dice = Dice(FixedSource([4]))
    click(shell, "Würfeln" if lang == "de" else "Roll")
    assert words(top(shell))[-1] == ("Gold (Falle): 1+W6 mit 4 = −5 Gold – da waren nur 2" if lang == "de"
                                     else "Gold (trap): 1+d6 with 4 = −5 gold – only 2 were there")


def test_the_roll_stays_shown_for_the_turn_and_goes_with_it(shell):
    obstacle_open(shell)
    shell.table.dice = Dice(FixedSource([4]))
    click(shell, "Würfeln")
    click(shell, "Gold im Gang +1")  # something else in the same turn: the dice stay on the table
    assert dice_shown(top(shell)) == ["W6 4"]
    click(shell, "Zug beenden")
    assert dice_shown(top(shell)) == []  # Ben's turn: no dice yet


def test_the_adventurers_die_shows_while_the_monsters_is_due_on_another_phone(shell):
    start(shell)
    shell.seats = {0}  # Ana's phone
    click(shell, "Karte ziehen")
    click(shell, "Raum: Monster")
    shell.table.dice = Dice(FixedSource([1]))
    click(shell, "Würfeln")
    shell.seats = {1}  # Ben's phone: he rolls for the monster, Ana's die above his roll
    shell.render()
    block = top(shell)
    assert dice_shown(block) == ["W6 Ana 1"]
    assert words(block)[-1] == "Ana: Stärke 6 + 1 = 7 gegen Monster 5 + W6"
    assert texts(shell).count("Ana: Stärke 6 + 1 = 7 gegen Monster 5 + W6") == 1


# --- the decision first, the picture below -----------------------------------------------------
def test_every_verlies_roll_is_felt_like_the_other_games_rolls(shell):
    """An obstacle's and a fight's dice are declared and rolled in one tap, past the table's roll
    that vibrates: they were seen but not felt. Now every roll vibrates once where the phone can:
    real dice tapped in, the obstacle's die, the fight's two dice, gold by dice; a refused one not."""
    felt: list[str] = []
    shell.buzz = lambda: felt.append(shell.table.record.actions[-1].action["type"])  # the phone's vibration
    obstacle_open(shell)
    real_dice(shell)
    type_into(shell, "Gewürfelt (W6)", "9")
    click(shell, "Übernehmen")
    assert has_text(shell, "Bitte eine Zahl von 1 bis 6") and felt == []  # refused: nothing rolled
    tap_face(shell, "W6 zeigt 4")
    click(shell, "Übernehmen")
    assert dice_shown(top(shell)) == ["W6 4"] and felt == ["roll"]
    click(shell, "Hindernis prüfen")  # the next obstacle with the app's die
    click(shell, "App würfelt")
    shell.table.dice = Dice(FixedSource([5]))
    click(shell, "Würfeln")
    assert dice_shown(top(shell)) == ["W6 5"] and felt == ["roll", "roll"]
    click(shell, "Zug beenden")
    click(shell, "Karte ziehen")  # Ben meets a monster: his die and the monster's in one tap
    click(shell, "Raum: Monster")
    shell.table.dice = Dice(FixedSource([6, 1]))
    click(shell, "Würfeln")
    assert len(dice_shown(top(shell))) == 2 and len(felt) == 3  # one tap, felt once
    click(shell, "Monstergold: W3 würfeln")  # the spoils by dice: asked for, then rolled
    assert len(felt) == 3
    shell.table.dice = Dice(FixedSource([5]))
    click(shell, "Würfeln")
    assert dice_shown(top(shell)) == ["W6 5"] and len(felt) == 4


def test_the_decision_comes_before_the_table_and_the_purses(shell):
    obstacle_open(shell)
    order = texts(shell)
    assert order.index("Ana ist dran · Zug 1") < order.index("Hinderniszahl") < order.index("Noch kein Ausgang gelegt")
    assert order.index("Hinderniszahl") < order.index("Ana (Abenteurer 1)")


# --- one way at a time: "Würfeln" | "Echte Würfel" ----------------------------------------------
def fields(shell: AppShell) -> list[str]:
    return [c.label for c in walk(shell.body.controls) if isinstance(c, ft.TextField)]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_rolling_is_one_way_at_a_time(shell, lang):
    obstacle_open(shell)
    if lang == "en":
        english(shell)
    de = lang == "de"
    roll, real, app, apply = ("Würfeln", "Echte Würfel", "App würfelt", "Übernehmen") if de else (
        "Roll", "Real dice", "App rolls", "Apply")
    # the app's dice: the big button, beside it the other way; nothing of the real dice
    assert {roll, real} <= set(buttons(shell))
    assert apply not in buttons(shell) and fields(shell) == [] and face_labels(shell) == []
    click(shell, real)  # the real dice: their faces, the typed field and one button to take them
    assert roll not in buttons(shell) and {app, real, apply} <= set(buttons(shell))
    assert fields(shell) == ["Gewürfelt (W6)" if de else "Rolled (d6)"] and len(face_labels(shell)) == 6
    tap_face(shell, "W6 zeigt 6" if de else "d6 shows 6")
    click(shell, apply)
    assert shell.table.state.log[-1].kind == "obstacle" and shell.table.state.log[-1].detail["roll"] == 6
    click(shell, "Hindernis prüfen" if de else "Check an obstacle")  # the next roll: still the real dice
    assert roll not in buttons(shell) and len(face_labels(shell)) == 6
    click(shell, app)  # and back
    assert roll in buttons(shell) and fields(shell) == [] and face_labels(shell) == []
    assert play_state(shell).real_dice is False
