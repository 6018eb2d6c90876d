"""What players of Raus aus dem Verlies ran into at a real table: fights, undo, words and the end.
Level 1 (a real Shell over a stub page, handlers called, controls read), as
tests/companion/games/test_verlies_ui.py does."""

from __future__ import annotations

import flet as ft
import pytest

from companion.app import AppContext, AppShell
from tests.companion.games.test_verlies_ui import (
    StubPage,
    buttons,
    click,
    english,
    real_dice,
    start,
    texts,
    type_into,
    walk,
)


@pytest.fixture
def shell(tmp_path) -> AppShell:
    return AppShell(StubPage(), AppContext.create(db=str(tmp_path / "t.db")))


def monster_value(shell) -> str:
    """The number shown beside "Monsterwert" in the fight panel."""
    t = texts(shell)
    return t[t.index("Monsterwert") + 1]


# --- fights ---------------------------------------------------------------------------------------
def test_each_new_fight_starts_from_the_default_monster_value(shell):
    start(shell)
    click(shell, "Karte ziehen")
    click(shell, "Raum: Monster")
    assert monster_value(shell) == "5"
    click(shell, "Monsterwert +")
    click(shell, "Monsterwert +")
    assert monster_value(shell) == "7"
    real_dice(shell)
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


# --- undo and redo take back one step: the declaration with its roll(s) ----------------------------------
FOUGHT = "Kampf: Stärke 6 + 1 = 7 gegen Monster 5 + 3 = 8 – verloren. (Fürs Monster würfelte Ben.)"


def test_undo_takes_back_the_fight_with_both_dice_and_redo_brings_all_back(shell):
    start(shell)
    click(shell, "Karte ziehen")
    click(shell, "Raum: Monster")
    before = shell.table.cursor
    real_dice(shell)
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
    real_dice(shell)
    type_into(shell, "Rolled (d6)", "6")
    click(shell, "Apply")
    assert shell.table.cursor == before + 2
    click(shell, "Undo")
    assert shell.table.cursor == before and "Undo" in buttons(shell)
    click(shell, "Redo")
    assert shell.table.cursor == before + 2


# --- words --------------------------------------------------------------------------------------------
def test_the_english_setup_names_the_placeholder_adventurers_in_english(shell):
    english(shell)
    shell.go_setup("raus-aus-dem-verlies")
    click(shell, "More options")  # the characters wait folded
    fields = {c.label: c.value for c in walk(shell.body.controls) if isinstance(c, ft.TextField)}
    assert [fields[f"Character player {n}"] for n in (1, 2)] == ["Adventurer 1", "Adventurer 2"]
    shell.lang = "de"
    shell.render()
    fields = {c.label: c.value for c in walk(shell.body.controls) if isinstance(c, ft.TextField)}
    assert [fields[f"Charakter Spieler {n}"] for n in (1, 2)] == ["Abenteurer 1", "Abenteurer 2"]


def test_the_treasure_name_counts_in_the_table_language(shell):
    start(shell)
    shell.submit({"type": "draw_card", "by": 0})
    shell.submit({"type": "lay_card", "by": 0, "card": "room"})
    click(shell, "Raum: Monster")
    real_dice(shell)
    type_into(shell, "Wurf Ana", "6")
    type_into(shell, "Wurf Monster", "1")
    click(shell, "Kampf eintragen")
    field = next(c for c in walk(shell.body.controls) if isinstance(c, ft.TextField) and c.label == "Schatzname")
    assert field.counter == "höchstens 40 Zeichen"
    english(shell)
    field = next(c for c in walk(shell.body.controls) if isinstance(c, ft.TextField) and c.label == "Treasure name")
    assert field.counter == "at most 40 characters"


def test_the_table_line_says_what_the_exits_mean(shell):
    start(shell)
    assert "Noch kein Ausgang gelegt" in texts(shell)
    click(shell, "Karte ziehen")
    click(shell, "Ausgang legen")
    assert "1 Ausgang frei: eine Person kann hinaus" in texts(shell)
    click(shell, "Entkommen")
    assert "Kein Ausgang frei: der 1 gelegte ist benutzt · Ana: entkommen" in texts(shell)
    english(shell)
    assert "No exit free: the 1 laid is used · Ana: escaped" in texts(shell)


def test_the_gold_log_says_what_was_due_and_what_was_there(shell):
    from tests.companion.games.test_verlies_ui import lava_fails

    start(shell)
    click(shell, "Korrektur +1")
    lava_fails(shell)  # the loss asks 3, Ana has 1
    click(shell, "1 Gold abgeben")
    assert "Zug 1: Ana −1 (Verlust) – fällig waren 3, da waren nur 1" in texts(shell)
    assert "Zug 1: Ana +1 (Korrektur)" in texts(shell)
    english(shell)
    assert "Turn 1: Ana −1 (loss) – 3 were due, only 1 were there" in texts(shell)


# --- the end -----------------------------------------------------------------------------------------
def escape_two(shell) -> None:
    """Ana and Ben escape; Cara stays in the dungeon."""
    click(shell, "Korrektur +1")
    click(shell, "Karte ziehen")
    click(shell, "Ausgang legen")
    click(shell, "Entkommen")
    click(shell, "Karte ziehen")  # Ben
    click(shell, "Ausgang legen")
    click(shell, "Entkommen")
    assert shell.table.is_over()


def test_the_verlies_result_says_who_won_why_it_ended_and_asks_before_reopening(shell):
    start(shell)
    escape_two(shell)
    t = texts(shell)
    assert "Ana gewinnt mit 1 Gold" in t
    assert "Spielende: Zuletzt entkam Ben; Cara bleibt im Verlies." in t
    click(shell, "Spiel wieder öffnen")
    assert "Spiel wieder öffnen? Die Wertung wird zurückgenommen." in texts(shell) and shell.table.is_over()
    click(shell, "Nein, Wertung behalten")
    english(shell)
    assert "Ana wins with 1 gold" in texts(shell)
    assert "Game over: Ben escaped last; Cara stays in the dungeon." in texts(shell)
    click(shell, "Reopen the game")
    click(shell, "Yes, reopen")
    assert not shell.table.is_over()


def test_nochmal_starts_the_same_verlies_game_with_the_next_start_player(shell):
    from companion.records.profiles import list_profiles

    start(shell)
    escape_two(shell)
    old = shell.table
    assert "Gleiche Spieler und Hausregeln; Ben beginnt." in texts(shell)
    click(shell, "Als Profile speichern: Ana, Ben und Cara")
    assert "Als Profile gespeichert: Ana, Ben und Cara" in texts(shell)
    assert sorted(p.name for p in list_profiles(shell.ctx.store)) == ["Ana", "Ben", "Cara"]
    click(shell, "Nochmal")
    new = shell.table
    assert new.id != old.id and [p.name for p in new.record.players] == ["Ana", "Ben", "Cara"]
    assert new.record.options["start_player"] == 1
    assert {k: v for k, v in new.record.options.items() if k != "start_player"} == \
        {k: v for k, v in old.record.options.items() if k != "start_player"}
    assert "Ben ist dran · Zug 1" in texts(shell)
