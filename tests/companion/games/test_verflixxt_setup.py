"""Verflixxt's set-up in three taps (players, who begins, start) with everything else folded under
"Mehr Optionen", and the track's letters in the table's language. Level 1: a real Shell over a stub
page; views are plain objects, handlers are called."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import flet as ft
import pytest

from companion.app import AppContext, AppShell
from companion.games.verflixxt import result_screen, setup_state
from companion.records.profiles import save_profile
from components.tile_strip import SLOT_H
from scoring.errors import InvalidInput
from scoring.verflixxt import DEFAULT_TILE_SET, GAME as ENGINE, default_guards
from tests.harness.shell_ui import StubPage, field, type_into, walk

START = {"de": "Spiel starten", "en": "Start game"}
MORE = {"de": "Mehr Optionen", "en": "More options"}


def setup_shell(lang: str = "de", profiles: tuple[str, ...] = ()) -> AppShell:
    sh = AppShell(StubPage(), AppContext.create(db=":memory:"))  # type: ignore[arg-type]
    for name in profiles:
        save_profile(sh.ctx.store, name)
    sh.lang = lang
    sh.go_setup("verflixxt")
    return sh


def texts(sh: AppShell) -> list[str]:
    return [c.value for c in walk(sh.body.controls) if isinstance(c, ft.Text) and c.value]


def button(sh: AppShell, name: str) -> Any:
    """A button by its words or its tooltip."""
    for c in walk(sh.body.controls):
        if not isinstance(c, (ft.Button, ft.OutlinedButton, ft.TextButton, ft.IconButton)):
            continue
        content = getattr(c, "content", None)
        words = content if isinstance(content, str) else getattr(content, "value", None)
        if name in (words, c.tooltip):
            return c
    raise AssertionError(f"no button {name!r}; texts: {texts(sh)}")


def has_button(sh: AppShell, name: str) -> bool:
    try:
        button(sh, name)
    except AssertionError:
        return False
    return True


def tap(sh: AppShell, name: str) -> None:
    b = button(sh, name)
    assert not b.disabled, name
    b.on_click(SimpleNamespace(control=b))


def has_field(sh: AppShell, label: str) -> bool:
    try:
        field(sh, label)
    except AssertionError:
        return False
    return True


# --- three taps -------------------------------------------------------------------------------------
def test_a_usual_game_is_set_up_in_three_taps_players_who_begins_start():
    sh = setup_shell(profiles=("Ana", "Ben"))
    tap(sh, "Profil wählen: Ana")
    tap(sh, "Profil wählen: Ben")  # players
    tap(sh, "Ben beginnt")  # who begins
    assert "Beginnt: Ben" in texts(sh)
    tap(sh, "Spiel starten")  # go
    table = sh.table
    assert table is not None and sh.screen == "play"
    state = table.state
    assert state.names == ("Ana", "Ben") and state.turn == 1  # Ben rolls first, Ana after him
    assert table.record.options["first_seat"] == 1
    # the defaults nobody had to open: a random layout of the standard tile set, its guards, 3 figures each
    assert sorted(str(t) for t in state.parcours) == sorted(str(t) for t in DEFAULT_TILE_SET)
    assert state.guards == default_guards(state.parcours)
    assert state.figures == ((0, 0, 0), (0, 0, 0)) and state.wurminator is None


@pytest.mark.parametrize("lang", ["de", "en"])
def test_everything_but_players_and_who_begins_is_folded_with_a_line_saying_what_it_holds(lang):
    sh = setup_shell(lang)
    de = lang == "de"
    folded = ["Tafeln von Start bis Ziel" if de else "Tiles from start to goal",
              "Tafelsatz für die Zufallsauslage" if de else "Tile set for random layouts"]
    assert not any(has_field(sh, f) for f in folded)
    for name in (("Zufällige Auslage", "Tafelsatz bestätigen", "Wächter 1 ein Feld vor", "Figuren je Person +")
                 if de else ("Random layout", "Confirm tile set", "Guard 1 one tile forward", "Figures each +")):
        assert not has_button(sh, name), name
    line = ("3 Figuren je Person · ohne Wurminator · Parcours zufällig (26 Tafeln)" if de
            else "3 figures each · without the Wurminator · random track (26 tiles)")
    t = texts(sh)
    assert line in t
    # folded, the start comes right after who begins and the fold under it (a 360 px phone shows the
    # start with three seats); open, the options come before the start, where changing them ends
    draw = "Auslosen" if de else "Draw"

    def at() -> dict[str, int]:
        order = [c for c in walk(sh.body.controls)]
        return {name: next(i for i, c in enumerate(order) if getattr(c, "content", None) == name
                           or getattr(getattr(c, "content", None), "value", None) == name)
                for name in (MORE[lang], START[lang], draw)}

    assert at()[draw] < at()[START[lang]] < at()[MORE[lang]]
    tap(sh, MORE[lang])
    assert all(has_field(sh, f) for f in folded) and line not in texts(sh)
    assert at()[draw] < at()[MORE[lang]] < at()[START[lang]]
    tap(sh, MORE[lang])
    assert line in texts(sh)
    assert at()[draw] < at()[START[lang]] < at()[MORE[lang]]


def tap_toggle(sh: AppShell, label: str) -> None:
    """A switch row (components.common.toggle_row) tapped by its label."""
    next(c for c in walk(sh.body.controls) if isinstance(c, ft.Semantics) and c.label == label).on_tap(None)


@pytest.mark.parametrize("lang,words", [
    ("de", ["Jetzt 2 statt 3 Figuren je Person: bei 3 Spielern hat jede Person 2 (vx.setup).",
            "3 Figuren je Person · mit Wurminator · Parcours wie eingegeben (3 Tafeln) · Wächter versetzt",
            "3 Figuren je Person · mit Wurminator · Parcours fehlerhaft – bitte ansehen"]),
    ("en", ["Now 2 figures each instead of 3: with 3 players everyone has 2 (vx.setup).",
            "3 figures each · with the Wurminator · track as entered (3 tiles) · guards moved",
            "3 figures each · with the Wurminator · the track has an error – please look"]),
])
def test_the_folded_line_follows_what_was_changed_inside(lang, words):
    sh = setup_shell(lang)
    de = lang == "de"
    layout = "Tafeln von Start bis Ziel" if de else "Tiles from start to goal"
    tap(sh, "Spieler hinzufügen" if de else "Add player")
    assert words[0] in texts(sh)  # the ruling's figure count changed: said under the folded line too
    tap(sh, MORE[lang])
    type_into(sh, layout, "+3 G -2")
    tap(sh, "Figuren je Person +" if de else "Figures each +")
    tap_toggle(sh, "Wurminator-Variante" if de else "Wurminator variant")
    tap(sh, "Wächter 1 ein Feld vor" if de else "Guard 1 one tile forward")
    tap(sh, MORE[lang])
    assert words[1] in texts(sh) and words[0] not in texts(sh)
    tap(sh, MORE[lang])
    type_into(sh, layout, "+3 x")
    tap(sh, MORE[lang])
    assert words[2] in texts(sh)


def test_a_bad_layout_opens_the_options_where_its_error_is():
    sh = setup_shell()
    tap(sh, "Mehr Optionen")
    type_into(sh, "Tafeln von Start bis Ziel", "+3 x7 G")
    tap(sh, "Mehr Optionen")  # folded again, then started
    tap(sh, "Spiel starten")
    assert sh.table is None
    assert field(sh, "Tafeln von Start bis Ziel").value == "+3 x7 G"  # open again, what was typed kept
    assert sum("„x“ (Stelle 2)" in x for x in texts(sh)) == 2  # by the parcours and by the start button


# --- who begins -------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang,drawn,hint", [
    ("de", "Beginnt: Cara (ausgelost)", "Nach der Regel beginnt die jüngste Person: Namen antippen oder auslosen. "
                                        "Mit Geburtsjahr in den Profilen weiß es die App."),
    ("en", "Starts: Cara (drawn)", "By the rules the youngest starts: tap a name or draw. With birth years in "
                                   "the profiles the app knows who."),
])
def test_the_start_player_is_drawn_by_a_die_and_begins(monkeypatch, lang, drawn, hint):
    sh = setup_shell(lang)
    de = lang == "de"
    tap(sh, "Spieler hinzufügen" if de else "Add player")
    for n, name in enumerate(("Ana", "Ben", "Cara"), start=1):
        type_into(sh, f"Name Spieler {n}" if de else f"Name player {n}", name)
    sh.render()
    assert ("Beginnt: Ana" if de else "Starts: Ana") in texts(sh) and hint in texts(sh)
    monkeypatch.setattr("companion.games.verflixxt.setup_screen.Dice", lambda: _Fixed(3))  # the die shows 3
    tap(sh, "Auslosen" if de else "Draw")
    assert drawn in texts(sh)
    tap(sh, START[lang])
    assert sh.table is not None and sh.table.state.turn == 2


class _Fixed:
    """A die that always shows ``face``."""

    def __init__(self, face: int) -> None:
        self.face = face

    def roll(self, sides: int, count: int = 1) -> list[int]:
        assert 1 <= self.face <= sides
        return [self.face] * count


def test_removing_a_seat_keeps_the_same_person_beginning():
    sh = setup_shell()
    for _ in range(2):
        tap(sh, "Spieler hinzufügen")
    for n, name in enumerate(("Ana", "Ben", "Cara", "Dana"), start=1):
        type_into(sh, f"Name Spieler {n}", name)
    tap(sh, "Cara beginnt")
    tap(sh, "Spieler 1 entfernen")
    assert "Beginnt: Cara" in texts(sh)
    tap(sh, "Spieler 2 entfernen")  # Cara leaves: the next seat clockwise begins
    assert "Beginnt: Dana" in texts(sh)
    tap(sh, "Spiel starten")
    assert sh.table is not None and sh.table.state.names == ("Ben", "Dana") and sh.table.state.turn == 1


# --- the track's letters in the table's language ----------------------------------------------------
def strip_letters(sh: AppShell) -> list[str]:
    """The track's boxes as drawn (components.tile_strip): each one's first text, its tile or letter."""
    return [c.content.controls[0].value for c in walk(sh.body.controls)
            if isinstance(c, ft.Container) and c.height == SLOT_H and isinstance(c.content, ft.Row)]


def test_english_screens_show_the_tracks_letters_in_english():
    sh = setup_shell("en")
    tap(sh, "More options")
    type_into(sh, "Tiles from start to goal", "S +3 G -2 L Z")  # German letters read on an English screen
    assert strip_letters(sh) == ["S", "+3", "L", "−2", "L", "F"]
    assert "Tiles: 4 – 1× plus, 1× minus, 2× lucky" in texts(sh)
    type_into(sh, "Tiles from start to goal", "+3 L -2 F")  # the English letters typed: the same track
    assert "Tiles: 3 – 1× plus, 1× minus, 1× lucky" in texts(sh)
    tap(sh, "L")  # the palette's lucky tile, by its English letter
    assert field(sh, "Tiles from start to goal").value == "+3 L -2 L"
    assert "Guard 2: slot 2 (L)" in texts(sh)
    sh.lang = "de"
    sh.render()
    assert "Wächter 2: Feld 2 (G)" in texts(sh)
    assert strip_letters(sh) == ["S", "+3", "G", "−2", "G", "Z"]
    tap(sh, "Spiel starten")
    assert sh.table is not None and [str(t) for t in sh.table.state.parcours] == ["+3", "G", "-2", "G"]


def test_a_drawn_layout_is_written_in_the_tables_letters_until_someone_types_in_it():
    sh = setup_shell()
    tap(sh, "Mehr Optionen")
    drawn = field(sh, "Tafeln von Start bis Ziel").value
    assert drawn.split().count("G") == 5 and "L" not in drawn.split()
    sh.lang = "en"
    sh.render()
    assert field(sh, "Tiles from start to goal").value == drawn.replace("G", "L")
    type_into(sh, "Tiles from start to goal", "+3 G -2")  # typed: kept as typed in either language
    sh.lang = "de"
    sh.render()
    assert field(sh, "Tafeln von Start bis Ziel").value == "+3 G -2"
    sh.lang = "en"
    sh.render()
    assert field(sh, "Tiles from start to goal").value == "+3 G -2"


def test_the_layout_field_reads_a_finish_letter_only_at_the_end():
    assert [str(t) for t in setup_state.read_layout("+3 L -2 F")] == ["+3", "G", "-2"]
    assert [str(t) for t in setup_state.read_layout("S +3-2F")] == ["+3", "-2"]
    assert [str(t) for t in setup_state.read_layout("+1 g -1 finish")] == ["+1", "G", "-1"]
    with pytest.raises(InvalidInput):
        setup_state.read_layout("+3 F -2")  # no tile in the middle of the track


def test_english_play_and_result_screens_name_lucky_tiles_and_the_goal_in_english():
    from scoring.engine import PlayerSpec

    sh = setup_shell("en")
    t = sh.ctx.tables.create("verflixxt", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                             {"layout": "+3 G -2", "figures_per_player": 1})
    sh.open_table(t.id)
    tap(sh, "Real dice")  # the real die's field unfolds
    type_into(sh, "Rolled (d6)", "2")
    tap(sh, "Apply")
    assert has_button(sh, "Figure A: Start » slot 2 (L)")
    assert strip_letters(sh) == ["S", "+3", "L", "−2", "F"]
    result = ENGINE.score_input({"players": [{"name": "Ana", "tiles": "+3 -7 G G"}]})
    words = [c.value for c in walk(result_screen.result_cards(sh, result)) if isinstance(c, ft.Text)]
    assert "Tiles: +3 −7 L L" in words and "L turns −7 into +7" in words
    assert "1× L without a minus tile: 0 points" in words
