"""The setup screens of all three games (names, errors, what the engine decides, Verflixxt's figures),
level 1 and level 2.

Level 1: a real AppShell over a stub page, views built as plain objects and their handlers called.
Level 2: the real Flet session over a fake connection (tests/harness/flet_session.py).
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import flet as ft
import pytest
from flet.messaging.protocol import MessageAction

from companion.app import AppContext, AppShell
from companion.games.verflixxt import setup_state as vxui
from scoring.errors import InvalidInput
from scoring.qwixx_longo import check_lucky, draw_lucky
from scoring.verflixxt import default_figures
from tests.harness.shell_ui import StubPage, field, type_into, walk

GAMES = ["qwixx-longo", "verflixxt", "raus-aus-dem-verlies"]


def setup_shell(game: str, lang: str = "de") -> AppShell:
    sh = AppShell(StubPage(), AppContext.create(db=":memory:"))  # type: ignore[arg-type]
    sh.lang = lang
    sh.go_setup(game)
    return sh


def texts(sh: AppShell) -> list[str]:
    return [c.value for c in walk(sh.body.controls) if isinstance(c, ft.Text) and c.value]


def button(sh: AppShell, name: str) -> Any:
    for c in walk(sh.body.controls):
        content = getattr(c, "content", None)
        label = content if isinstance(content, str) else getattr(content, "value", None)
        if isinstance(c, (ft.Button, ft.OutlinedButton, ft.TextButton)) and label == name:
            return c
        if isinstance(c, (ft.IconButton, ft.Button)) and c.tooltip == name:
            return c
    raise AssertionError(f"no button {name!r}; texts: {texts(sh)}")


def click(sh: AppShell, name: str) -> None:
    b = button(sh, name)
    assert not b.disabled, name
    b.on_click(SimpleNamespace(control=b))


def start(sh: AppShell, lang: str = "de") -> None:
    click(sh, "Spiel starten" if lang == "de" else "Start game")


# --- names start empty, the default as hint; an empty name takes the default ------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang,label,hint", [("de", "Name Spieler {n}", "Spieler {n}"),
                                             ("en", "Name player {n}", "Player {n}")])
def test_names_start_empty_with_the_default_as_hint(game, lang, label, hint):
    sh = setup_shell(game, lang)
    for n in (1, 2):
        f = field(sh, label.format(n=n))
        assert (f.value, f.hint_text) == ("", hint.format(n=n))


@pytest.mark.parametrize("game", GAMES)
def test_an_empty_name_takes_the_default_and_a_typed_one_is_trimmed(game):
    sh = setup_shell(game)
    type_into(sh, "Name Spieler 2", "  Ben  ")
    start(sh)
    assert sh.table is not None, sh.refusal
    assert [p.name for p in sh.table.players][:2] == ["Spieler 1", "Ben"]


# --- errors beside the field that caused them, naming it; limits in words ---------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang,message", [("de", "Zwei Spieler heißen Anna"), ("en", "Two players are called Anna")])
def test_two_players_alike_are_refused_beside_the_second_name(game, lang, message):
    sh = setup_shell(game, lang)
    label = "Name Spieler {n}" if lang == "de" else "Name player {n}"
    type_into(sh, label.format(n=1), "Anna")
    type_into(sh, label.format(n=2), " aNNa ")  # case and spaces do not make another name
    start(sh, lang)
    assert sh.table is None and sh.screen == "setup"
    col = [c for c in walk(sh.body.controls)]
    second = col.index(field(sh, label.format(n=2)))
    errors = [i for i, c in enumerate(col) if isinstance(c, ft.Text) and c.value == message]
    # once under the second name field (before the next seat's field), once by the start button
    assert len(errors) == 2 and second < errors[0]
    assert not any(isinstance(c, ft.TextField) for c in col[second + 1:errors[0]])  # right under it
    start_button = col.index(button(sh, "Spiel starten" if lang == "de" else "Start game"))
    assert errors[1] < start_button and not any(isinstance(c, ft.TextField) for c in col[errors[1]:start_button])
    assert field(sh, label.format(n=2)).value == " aNNa "  # what was entered is kept


@pytest.mark.parametrize("game", GAMES)
def test_a_corrected_name_starts_the_game(game):
    sh = setup_shell(game)
    type_into(sh, "Name Spieler 1", "Anna")
    type_into(sh, "Name Spieler 2", "anna")
    start(sh)
    assert "Zwei Spieler heißen Anna" in texts(sh)
    type_into(sh, "Name Spieler 2", "Ben")
    start(sh)
    assert sh.table is not None and [p.name for p in sh.table.players][:2] == ["Anna", "Ben"]


@pytest.mark.parametrize("game,most", [("qwixx-longo", 5), ("verflixxt", 6), ("raus-aus-dem-verlies", 8)])
def test_the_player_limit_is_said_in_words_and_the_add_button_stays(game, most):
    sh = setup_shell(game)
    while not button(sh, "Spieler hinzufügen").disabled:
        click(sh, "Spieler hinzufügen")
    assert sum(1 for c in walk(sh.body.controls) if isinstance(c, ft.TextField) and
               (c.label or "").startswith("Name Spieler")) == most
    assert f"Voll: höchstens {most} Spieler" in texts(sh)
    sh.lang = "en"
    sh.render()
    assert button(sh, "Add player").disabled and f"Full: at most {most} players" in texts(sh)


@pytest.mark.parametrize("lang,message", [
    ("de", "Glückszahlen von Spieler 2: zwei verschiedene Zahlen von 2 bis 16 (3, 3)."),
    ("en", "Lucky numbers of Player 2: two different numbers from 2 to 16 (3, 3)."),
])
def test_bad_lucky_numbers_are_refused_beside_their_field_q8_lucky(lang, message):
    sh = setup_shell("qwixx-longo", lang)
    label = "Glückszahlen Spieler 2" if lang == "de" else "Lucky numbers player 2"
    click(sh, "Mehr Optionen" if lang == "de" else "More options")  # the lucky numbers wait folded
    type_into(sh, label, "3 3")
    start(sh, lang)
    assert sh.table is None
    col = list(walk(sh.body.controls))
    errors = [i for i, c in enumerate(col) if isinstance(c, ft.Text) and c.value == message]
    assert len(errors) == 2 and col.index(field(sh, label)) < errors[0]
    assert any(isinstance(c, ft.TextButton) and c.content == ("Warum? q8.lucky" if lang == "de" else "Why? q8.lucky")
               for c in col)


# --- the setup asks the engine ------------------------------------------------------------------
def test_lucky_numbers_are_drawn_by_the_engine_in_its_range_q8_lucky():
    rng = random.Random(7)
    pairs = {draw_lucky(rng) for _ in range(3000)}
    assert len(pairs) == 15 * 14 // 2  # every pair of two different numbers 2..16
    assert all(2 <= a < b <= 16 for a, b in pairs)
    for bad in ([3, 3], [1, 5], [2, 17], [4]):
        with pytest.raises(InvalidInput):
            check_lucky("Ana", bad)
    check_lucky("Ana", [2, 16])


def test_the_qwixx_setup_draws_with_the_engine(monkeypatch):
    import companion.games.qwixx.setup_screen as q8ui

    monkeypatch.setattr(q8ui, "draw_lucky", lambda rng: (4, 13))
    sh = setup_shell("qwixx-longo")
    click(sh, "Mehr Optionen")
    assert field(sh, "Glückszahlen Spieler 1").value == "4 13"
    click(sh, "Glückszahlen für Spieler 2 ziehen")
    assert field(sh, "Glückszahlen Spieler 2").value == "4 13"


def test_figures_default_is_the_engines_vx_setup():
    assert [default_figures(n) for n in range(2, 7)] == [3, 2, 2, 2, 2]
    assert not hasattr(vxui, "default_figures") or vxui.default_figures is default_figures


# --- Verflixxt says when the figure count changes, and keeps the table's tile set ----------------------
@pytest.mark.parametrize("lang,added,removed", [
    ("de", "Jetzt 2 statt 3 Figuren je Person: bei 3 Spielern hat jede Person 2 (vx.setup).",
     "Jetzt 3 statt 2 Figuren je Person: bei 2 Spielern hat jede Person 3 (vx.setup)."),
    ("en", "Now 2 figures each instead of 3: with 3 players everyone has 2 (vx.setup).",
     "Now 3 figures each instead of 2: with 2 players everyone has 3 (vx.setup)."),
])
def test_a_third_player_changes_the_figures_and_says_so_vx_setup(lang, added, removed):
    sh = setup_shell("verflixxt", lang)
    de = lang == "de"
    click(sh, "Mehr Optionen" if de else "More options")  # the figures wait folded
    assert added not in texts(sh)
    click(sh, "Spieler hinzufügen" if de else "Add player")
    t = texts(sh)
    assert ("Figuren je Person: 2" if de else "Figures each: 2") in t
    assert t.index(added) == t.index("Figuren je Person: 2" if de else "Figures each: 2") + 1  # beside the stepper
    click(sh, "Spieler 3 entfernen" if de else "Remove player 3")
    assert removed in texts(sh)
    click(sh, "Figuren je Person −" if de else "Figures each −")  # the table chose: no more notes
    assert removed not in texts(sh) and added not in texts(sh)


def test_the_tile_set_is_confirmed_once_without_doubt_vx_setup():
    sh = setup_shell("verflixxt")
    click(sh, "Mehr Optionen")
    assert "Einmal mit eurer Schachtel vergleichen und bestätigen – dieses Gerät merkt sich den Satz." in texts(sh)
    type_into(sh, "Tafelsatz für die Zufallsauslage", "+1 +2 -3 G")
    click(sh, "Tafelsatz bestätigen")
    assert "Bestätigt: 4 Tafeln – 2× plus, 1× minus, 1× G" in texts(sh)
    with pytest.raises(AssertionError):
        field(sh, "Tafelsatz für die Zufallsauslage")  # confirmed: no field to doubt it in
    click(sh, "Zufällige Auslage")
    assert sorted(field(sh, "Tafeln von Start bis Ziel").value.split()) == ["+1", "+2", "-3", "G"]
    click(sh, "Ändern")
    assert field(sh, "Tafelsatz für die Zufallsauslage").value == "+1 +2 -3 G"
    for lang in ("de", "en"):
        sh.lang = lang
        sh.render()
        assert not any("Annahme" in x or "assumption" in x or "Bitte mit eurer Schachtel" in x for x in texts(sh))
    from companion.games.verflixxt.rules_text import VX_LAYOUT  # the rules screen tells the same, without doubt

    assert VX_LAYOUT.meaning["de"].endswith("ihr vergleicht ihn beim Spielaufbau einmal und bestätigt ihn, "
                                            "das Gerät merkt ihn sich.")
    assert VX_LAYOUT.meaning["en"].endswith("compare it once in setup and confirm it, the device remembers it.")


def test_a_bad_tile_set_is_not_confirmed_and_its_error_is_beside_it():
    sh = setup_shell("verflixxt")
    click(sh, "Mehr Optionen")
    type_into(sh, "Tafelsatz für die Zufallsauslage", "+1 0")
    click(sh, "Tafelsatz bestätigen")
    t = texts(sh)
    assert not any(x.startswith("Bestätigt:") for x in t)
    err = next(x for x in t if "eine Tafel mit 0" in x)
    assert t.index(err) > t.index("Einmal mit eurer Schachtel vergleichen und bestätigen – dieses Gerät merkt sich "
                                   "den Satz.")


async def test_the_confirmed_tile_set_is_remembered_by_the_browser_vx_setup(tmp_path):
    from tests.harness.flet_session import AppSession, make_context

    app = await AppSession.start(make_context(tmp_path / "a.db"))
    await app.click(text="Verflixxt! Kompakt")
    await app.click(text="Mehr Optionen")
    await app.type_into("Tafelsatz für die Zufallsauslage", "+1 +2 -3 G")
    await app.click(text="Tafelsatz bestätigen")
    await app.settle()
    calls = [b for b in app.messages_of(MessageAction.INVOKE_METHOD) if b.get("name") == "set"]
    assert any(b.get("args") == {"key": "vx.tile_set", "value": "+1 +2 -3 G"} for b in calls), calls
    assert not app.crashes()
    await app.close()

    # the next session on this browser: the saved set comes back confirmed
    app = await AppSession.start(make_context(tmp_path / "b.db"))
    app.conn.answers["get"] = "+1 +2 -3 G"
    await app.click(text="Verflixxt! Kompakt")
    # the layout drawn at once is drawn again from the table's own set when it arrives
    await app.wait_for(lambda: app.has_text("3 Figuren je Person · ohne Wurminator · Parcours zufällig (4 Tafeln)"))
    await app.click(text="Mehr Optionen")
    await app.wait_for(lambda: app.has_text("Bestätigt: 4 Tafeln – 2× plus, 1× minus, 1× G"))
    assert not app.crashes()
    await app.close()


@pytest.mark.parametrize("game", GAMES)
def test_names_the_table_would_refuse_are_refused_beside_their_field(game):
    sh = setup_shell(game)
    type_into(sh, "Name Spieler 1", "\u200b \u200b")  # shows nothing: the default
    type_into(sh, "Name Spieler 2", "Be\x07n")
    start(sh)
    assert sh.table is None and texts(sh).count("Name für Platz 2 enthält Steuerzeichen") == 2
    type_into(sh, "Name Spieler 2", "B" * 41)
    start(sh)
    assert texts(sh).count("Name für Platz 2 ist zu lang (höchstens 40 Zeichen)") == 2
    sh.lang = "en"
    sh.render()
    assert "The name for seat 2 is too long (at most 40 characters)" in texts(sh)
    type_into(sh, "Name player 2", "Ben")
    start(sh, "en")
    assert sh.table is not None and [p.name for p in sh.table.players][:2] == ["Player 1", "Ben"]


@pytest.mark.parametrize("lang,words", [("de", "Mindestens 2 Spieler"), ("en", "At least 2 players")])
def test_verflixxt_says_why_no_seat_can_be_removed(lang, words):
    sh = setup_shell("verflixxt", lang)
    de = lang == "de"
    assert button(sh, "Spieler 1 entfernen" if de else "Remove player 1").disabled and words in texts(sh)
    click(sh, "Spieler hinzufügen" if de else "Add player")
    assert words not in texts(sh) and not button(sh, "Spieler 1 entfernen" if de else "Remove player 1").disabled
