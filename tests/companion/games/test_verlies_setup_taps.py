"""Raus aus dem Verlies!'s setup as a table uses it: a usual game in three taps (players from the
profiles, who begins, start); the adventurers and the house rules wait folded under "Mehr Optionen".
Level 1 (views as plain objects)."""

from __future__ import annotations

import flet as ft
import pytest

from companion.records.profiles import save_profile
from tests.companion.games.test_setup_screens import button, click, setup_shell, start, texts
from tests.harness.shell_ui import walk

GAME = "raus-aus-dem-verlies"


def fields_shown(sh) -> list[str]:
    return [c.label for c in walk(sh.body.controls) if isinstance(c, ft.TextField)]


def test_a_usual_game_takes_three_taps_players_who_begins_start():
    sh = setup_shell(GAME)
    for name in ("Ana", "Ben", "Cara"):
        save_profile(sh.ctx.store, name)
    sh.render()
    for name in ("Ana", "Ben", "Cara"):
        click(sh, f"Profil wählen: {name}")  # players: from the profiles, into the three seats
    click(sh, "Startspieler Cara")  # who begins
    assert "Startspieler: Cara" in texts(sh)
    start(sh)  # go
    assert sh.table is not None, sh.refusal
    assert [p.name for p in sh.table.players] == ["Ana", "Ben", "Cara"]
    assert sh.table.state.current == 2
    # every seat was dealt its adventurer without a look at them: the first three preset cards
    assert [p.character for p in sh.table.state.players] == ["Abenteurer 1", "Abenteurer 2", "Abenteurer 3"]


def test_the_deck_to_prepare_is_said_without_unfolding_anything():
    sh = setup_shell(GAME)
    assert "Verliesstapel vorbereiten: Rot + Blau" in texts(sh)


def test_adventurers_and_house_rules_wait_folded_under_more_options():
    sh = setup_shell(GAME)
    assert fields_shown(sh) == ["Name Spieler 1", "Name Spieler 2", "Name Spieler 3"]
    assert "Charaktere, Hausregeln" in texts(sh) and "Hausregeln" not in texts(sh)
    with pytest.raises(AssertionError):
        button(sh, "Gold zum Entkommen +")
    click(sh, "Mehr Optionen")
    assert fields_shown(sh) == ["Name Spieler 1", "Name Spieler 2", "Name Spieler 3", "Charakter Spieler 1",
                                "Charakter Spieler 2", "Charakter Spieler 3"]
    assert ("Jede Person hat schon einen Charakter: den nächsten freien oder den aus ihrem Profil. "
            "Hier könnt ihr ihn ändern.") in texts(sh)
    click(sh, "Gold zum Entkommen +")
    click(sh, "Mehr Optionen")  # folded again: it says that a rule was changed
    assert "Charaktere, Hausregeln – Hausregeln geändert" in texts(sh)
    start(sh)
    assert sh.table is not None and sh.table.state.options.exit_min_gold == 1


def test_the_fold_in_english():
    sh = setup_shell(GAME, "en")
    assert "Characters, house rules" in texts(sh)
    click(sh, "More options")
    assert ("Everyone already has a character: the next free one, or the one from their profile. "
            "You can change it here.") in texts(sh)
    click(sh, "only this turn")
    click(sh, "More options")
    assert "Characters, house rules – house rules changed" in texts(sh)


def test_a_character_typed_while_unfolded_is_kept_when_folded_again():
    sh = setup_shell(GAME)
    click(sh, "Mehr Optionen")
    field = next(c for c in walk(sh.body.controls) if isinstance(c, ft.TextField) and c.label == "Charakter Spieler 1")
    field.value = "Zwergin"  # typed; its change event has not arrived yet when the fold is tapped
    click(sh, "Mehr Optionen")
    start(sh)
    assert sh.table is not None and sh.table.state.players[0].character == "Zwergin"
