"""Issue 25 ("At the table, round two"), the Verlies points: level 1 (a real Shell over a stub
page, handlers called, controls read), as tests/companion/test_verlies_ui.py does."""

from __future__ import annotations

import flet as ft
import pytest

from companion.app import AppContext, Shell
from tests.companion.test_verlies_ui import StubPage, buttons, click, english, start, texts, type_into


@pytest.fixture
def shell(tmp_path) -> Shell:
    return Shell(StubPage(), AppContext.create(db=str(tmp_path / "t.db")))


def monster_value(shell) -> str:
    """The number shown beside "Monsterwert" in the fight panel."""
    t = texts(shell)
    return t[t.index("Monsterwert") + 1]


# --- 25.9: fights ---------------------------------------------------------------------------------
def test_each_new_fight_starts_from_the_default_monster_value(shell):
    start(shell)
    click(shell, "Karte ziehen")
    click(shell, "Raum: Monster")
    assert monster_value(shell) == "5"
    click(shell, "Monsterwert +")
    click(shell, "Monsterwert +")
    assert monster_value(shell) == "7"
    type_into(shell, "Wurf Ana", "6")
    type_into(shell, "Wurf Monster", "1")
    click(shell, "Kampf eintragen")
    assert ("Kampf: Stärke 6 + 6 = 12 gegen Monster 7 + 1 = 8 – gewonnen! (Fürs Monster würfelte Ben.)"
            in texts(shell))
    type_into(shell, "Schatzname", "Kelch")
    click(shell, "Schatz nehmen")
    click(shell, "Zug beenden")
    click(shell, "Karte ziehen")  # Ben
    click(shell, "Raum: Monster")
    assert "Monster! Ben kämpft." in texts(shell)
    assert monster_value(shell) == "5"


def test_no_note_from_the_last_turn_covers_the_final_scores(shell):
    start(shell)
    click(shell, "Karte ziehen")
    click(shell, "Ausgang legen")
    click(shell, "Entkommen")
    note = getattr(shell.page, "dialog", None)
    assert isinstance(note, ft.SnackBar) and note.content.value == "Ana ist entkommen!"  # mid-game: the note
    note.open = True  # as the page shows it (the stub page only keeps it)
    shell.page.dialog = None
    click(shell, "Karte ziehen")  # Ben, within the note's 8 seconds
    click(shell, "Ausgang legen")
    click(shell, "Entkommen")
    assert shell.table.is_over()
    assert note.open is False and getattr(shell.page, "dialog", None) is None  # the scores alone


# --- 25.11: undo and redo take back one step: the declaration with its roll(s) ---------------------------
FOUGHT = "Kampf: Stärke 6 + 1 = 7 gegen Monster 5 + 3 = 8 – verloren. (Fürs Monster würfelte Ben.)"


def test_undo_takes_back_the_fight_with_both_dice_and_redo_brings_all_back(shell):
    start(shell)
    click(shell, "Karte ziehen")
    click(shell, "Raum: Monster")
    before = shell.table.cursor
    type_into(shell, "Wurf Ana", "1")
    type_into(shell, "Wurf Monster", "3")
    click(shell, "Kampf eintragen")  # one tap: the fight and both dice (three records)
    assert shell.table.cursor == before + 3 and FOUGHT in texts(shell)
    click(shell, "Rückgängig")
    assert shell.table.cursor == before
    assert "Monster! Ana kämpft." in texts(shell) and FOUGHT not in texts(shell)
    click(shell, "Wiederholen")
    assert shell.table.cursor == before + 3 and FOUGHT in texts(shell)


def test_undo_of_an_obstacle_takes_its_roll_too_in_english(shell):
    start(shell)
    english(shell)
    click(shell, "Draw a card")
    before = shell.table.cursor
    click(shell, "Check an obstacle")
    type_into(shell, "Rolled (d6)", "6")
    click(shell, "Apply")
    assert shell.table.cursor == before + 2
    click(shell, "Undo")
    assert shell.table.cursor == before and "Undo" in buttons(shell)
    click(shell, "Redo")
    assert shell.table.cursor == before + 2
