"""Verflixxt screens, level 1: a real Shell over a stub page; views are plain objects, handlers are called."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Iterator

import flet as ft
import pytest

from companion.app import SCREENS, AppContext, Shell
from companion.games import verflixxt as vxui
from scoring.verflixxt import GAME as ENGINE, MoveFigure, Roll

LAYOUT = "+3 -2 G -4 +5 -1 +2 G"


class StubPage:
    route = "/"

    def __init__(self) -> None:
        self.controls: list[Any] = []
        self.dialogs: list[Any] = []

    def update(self) -> None:
        pass

    def run_task(self, *a: Any, **k: Any) -> None:
        pass

    def show_dialog(self, d: Any) -> None:
        self.dialogs.append(d)

    def pop_dialog(self) -> None:
        pass


@pytest.fixture
def shell() -> Shell:
    ctx = AppContext.create(db=":memory:")
    sh = Shell(StubPage(), ctx)  # type: ignore[arg-type]
    sh.go_setup("verflixxt")
    return sh


def walk(c: Any) -> Iterator[Any]:
    if c is None:
        return
    if isinstance(c, list):
        for x in c:
            yield from walk(x)
        return
    yield c
    for attr in ("controls", "content"):
        sub = getattr(c, attr, None)
        if isinstance(sub, (list, ft.Control)):
            yield from walk(sub)


def label_of(c: Any) -> str:
    content = getattr(c, "content", None)
    if isinstance(content, str):
        return content
    if isinstance(content, ft.Text):
        return content.value or ""
    return ""


def texts(sh: Shell) -> list[str]:
    out = []
    for c in walk(sh.body.controls):
        if isinstance(c, ft.Text) and c.value:
            out.append(c.value)
        elif isinstance(c, (ft.TextButton, ft.OutlinedButton)) and isinstance(c.content, str):
            out.append(c.content)
    return out


def find_button(sh: Shell, name: str) -> Any:
    for c in walk(sh.body.controls):
        if isinstance(c, (ft.Button, ft.OutlinedButton, ft.TextButton)) and label_of(c) == name:
            return c
        if isinstance(c, ft.IconButton) and c.tooltip == name:
            return c
    raise AssertionError(f"no button {name!r}; texts: {texts(sh)}")


def buttons_starting(sh: Shell, prefix: str) -> list[str]:
    return [label_of(c) for c in walk(sh.body.controls)
            if isinstance(c, (ft.Button, ft.OutlinedButton)) and label_of(c).startswith(prefix)]


def click(sh: Shell, name: str) -> None:
    b = find_button(sh, name)
    assert not b.disabled, name
    b.on_click(SimpleNamespace(control=b))


def field(sh: Shell, label: str) -> ft.TextField:
    for c in walk(sh.body.controls):
        if isinstance(c, ft.TextField) and c.label == label:
            return c
    raise AssertionError(f"no field {label!r}")


def type_into(sh: Shell, label: str, text: str) -> None:
    f = field(sh, label)
    f.value = text
    f.on_change(SimpleNamespace(control=f))


def no_hint_text(sh: Shell) -> None:
    for c in walk(sh.body.controls):
        if isinstance(c, ft.TextField):
            assert not c.hint_text, c.label


# --- setup -----------------------------------------------------------------------------------
def test_setup_defaults_follow_the_rulings(shell):
    t = texts(shell)
    assert "Figuren je Person: 3" in t  # 2 players: 3 each
    assert any(x.startswith("Tafeln: 26 –") for x in t)
    assert any(x.startswith("Wächter starten auf: Feld 1 (+3), Feld 3 (G), Feld 4 (+5)") for x in t)
    assert any("Schachtel" in x for x in t)
    no_hint_text(shell)
    click(shell, "Spieler hinzufügen")
    assert "Figuren je Person: 2" in texts(shell)  # 3 players: 2 each


def test_palette_appends_and_bad_text_is_kept_with_its_error(shell):
    click(shell, "Parcours leeren")
    for tok in ("+3", "−2", "G"):
        click(shell, tok)
    assert field(shell, "Tafeln von Start bis Ziel").value == "+3 -2 G"
    click(shell, "Letzte Tafel löschen")
    assert field(shell, "Tafeln von Start bis Ziel").value == "+3 -2"
    type_into(shell, "Tafeln von Start bis Ziel", "+3 x7 G")
    click(shell, "Spiel starten")
    assert shell.table is None  # refused, still on setup
    assert field(shell, "Tafeln von Start bis Ziel").value == "+3 x7 G"
    assert any("„x“ (Stelle 2)" in x for x in texts(shell))


def test_random_layout_uses_the_tile_set(shell):
    type_into(shell, "Tafelsatz für die Zufallsauslage", "+1 +2 -3")
    click(shell, "Zufällige Auslage")
    assert sorted(field(shell, "Tafeln von Start bis Ziel").value.split()) == ["+1", "+2", "-3"]
    type_into(shell, "Tafelsatz für die Zufallsauslage", "+1 0")
    click(shell, "Zufällige Auslage")
    assert any("eine Tafel mit 0" in x for x in texts(shell))


def start_short_game(sh: Shell, wurm: bool = False) -> None:
    type_into(sh, "Name Spieler 1", "Ana")
    type_into(sh, "Name Spieler 2", "Ben")
    type_into(sh, "Tafeln von Start bis Ziel", LAYOUT)
    click(sh, "Figuren je Person −")
    click(sh, "Figuren je Person −")
    assert "Figuren je Person: 1" in texts(sh)
    if wurm:
        sw = next(c for c in walk(sh.body.controls) if isinstance(c, ft.Switch))
        sw.value = True
        sw.on_change(SimpleNamespace(control=sw))
    click(sh, "Spiel starten")
    assert sh.table is not None and sh.screen == "play"


def roll(sh: Shell, value: str) -> None:
    type_into(sh, "Echte Würfel: Wert eingeben", value)
    click(sh, "Übernehmen")


def test_start_passes_the_options(shell):
    start_short_game(shell)
    st = shell.table.state
    assert [str(t) for t in st.parcours] == LAYOUT.split()
    assert st.figures == ((0,), (0,)) and st.wurminator is None
    assert st.guards == (1, 3, 5, 7, 8)


# --- play ------------------------------------------------------------------------------------
def test_play_offers_moves_with_previews_and_explains_locked_guards(shell):
    start_short_game(shell)
    assert "Ana ist dran" in texts(shell)
    no_hint_text(shell)
    roll(shell, "7")
    assert any("nicht 7" in x for x in texts(shell))  # refused in place, nothing rolled
    assert shell.table.state.phase == "roll"
    roll(shell, "2")
    assert "Wurf 2" in texts(shell)
    assert buttons_starting(shell, "Figur") == ["Figur A: Start » Feld 2 (−2)"]
    assert "Wächter, die nicht ziehen dürfen (antippen: warum):" in texts(shell)
    locked = [label_of(c) for c in walk(shell.body.controls) if isinstance(c, ft.OutlinedButton)]
    assert locked == ["Feld 1 (+3)", "Feld 3 (G)", "Feld 5 (+5)", "Feld 7 (+2)", "Feld 8 (G)"]
    click(shell, "Feld 1 (+3)")
    assert "Warum? vx.guard" in texts(shell)
    assert any("nur, wenn eine Spielfigur" in x for x in texts(shell))
    click(shell, "Figur A: Start » Feld 2 (−2)")
    assert "Ben ist dran" in texts(shell)
    roll(shell, "1")
    click(shell, "Figur B: Start » Feld 1 (+3)")
    roll(shell, "2")
    # Ana leaves −2 empty: the preview says so
    assert buttons_starting(shell, "Figur") == ["Figur A: Feld 2 (−2) » Feld 4 (−4), nimmt −2"]
    click(shell, "Figur A: Feld 2 (−2) » Feld 4 (−4), nimmt −2")
    assert "Ana: -2 Punkte" in texts(shell)
    roll(shell, "4")
    # Ben stands with the guard on +3: the guard may move now
    assert "Wächter: Feld 1 (+3) » Feld 6 (−1)" in buttons_starting(shell, "Wächter")
    # advice toggle shows one line per legal move
    sw = next(c for c in walk(shell.body.controls) if isinstance(c, ft.Switch))
    sw.value = True
    sw.on_change(SimpleNamespace(control=sw))
    assert any(x.startswith("Empfehlung: ") for x in texts(shell))
    assert len([x for x in texts(shell) if ": sofort " in x]) == 2
    click(shell, "Rückgängig")
    assert shell.table.state.phase == "roll"
    click(shell, "Wiederholen")
    assert shell.table.state.roll == 4


def test_wurminator_buttons_in_their_phase(shell):
    start_short_game(shell, wurm=True)
    roll(shell, "1")
    labels = buttons_starting(shell, "Wurminator")
    assert labels and labels[0].startswith("Wurminator: Start » Feld 1 (+3)")
    click(shell, "Figur A: Start » Feld 1 (+3)")
    assert shell.table.state.phase == "wurminator"
    labels = buttons_starting(shell, "Wurminator")
    assert "Wurminator: Start » Feld 1 (+3), beißt Ana" in labels
    assert "Wurminator stehen lassen" in labels
    click(shell, "Wurminator stehen lassen")
    assert "Ben ist dran" in texts(shell)


def play_to_end(sh: Shell) -> None:
    for value, move in (("2", "Figur A: Start » Feld 2 (−2)"), ("1", "Figur B: Start » Feld 1 (+3)"),
                        ("2", "Figur A: Feld 2 (−2) » Feld 4 (−4), nimmt −2"),
                        ("4", "Wächter: Feld 1 (+3) » Feld 6 (−1)"),
                        ("5", "Figur A: Feld 4 (−4) » Ziel, nimmt −4"),
                        ("2", "Figur B: Feld 1 (+3) » Feld 5 (+5), nimmt +3"),
                        ("6", "Figur B: Feld 5 (+5) » Ziel")):
        roll(sh, value)
        click(sh, move)


def test_result_screen_shows_piles_conversions_places(shell):
    start_short_game(shell)
    play_to_end(shell)
    t = texts(shell)
    assert "1. Ben – 3 Punkte" in t and "2. Ana – -6 Punkte" in t
    assert "Tafeln: −2 −4" in t
    find_button(shell, "Neues Spiel")
    click(shell, "Rückgängig")
    assert "Ben ist dran" in texts(shell)


def test_result_view_lists_lucky_conversions(shell):
    result = ENGINE.score_input({"players": [{"name": "Ana", "tiles": "+3 -7 -2 G G G"}, {"name": "Ben", "tiles": "-1"}]})
    cards = vxui.result_cards(shell, result)
    t = [c.value for c in walk(cards) if isinstance(c, ft.Text)]
    assert "1. Ana – 12 Punkte" in t
    assert "G dreht −7 zu +7" in t and "G dreht −2 zu +2" in t
    assert "1× G ohne Minustafel: 0 Punkte" in t


# --- quick score -------------------------------------------------------------------------------
def test_quick_score_screen(shell):
    assert SCREENS["vx_quick"] is vxui.quick_score_view
    click(shell, "Nur Punkte zählen")
    assert shell.screen == "vx_quick"
    type_into(shell, "Name Spieler 1", "Ana")
    type_into(shell, "Tafeln Spieler 1", "+5 −3 G")
    type_into(shell, "Tafeln Spieler 2", "+5 x")
    click(shell, "Auswerten")
    assert any("„x“" in x for x in texts(shell))
    assert field(shell, "Tafeln Spieler 2").value == "+5 x"
    type_into(shell, "Tafeln Spieler 2", "+1 -1")
    click(shell, "Auswerten")
    t = texts(shell)
    assert "1. Ana – 8 Punkte" in t and "2. Spieler 2 – 0 Punkte" in t
    click(shell, "Zurück zum Spielaufbau")
    assert shell.screen == "setup"


def test_english_words(shell):
    shell.lang = "en"
    shell.render()
    assert "Figures each: 3" in texts(shell)
    start_short_game_en = [x for x in texts(shell) if x.startswith("Guards start on")]
    assert start_short_game_en


def test_a_tap_before_the_fields_change_event_keeps_what_was_typed(shell):
    # the browser patches a field's value in order, but its change event may run after the next tap
    field(shell, "Name Spieler 2").value = "Ben"
    field(shell, "Tafeln von Start bis Ziel").value = "+3 -2"
    click(shell, "Spieler hinzufügen")
    assert field(shell, "Name Spieler 2").value == "Ben"
    assert field(shell, "Tafeln von Start bis Ziel").value == "+3 -2"
    click(shell, "Spiel starten")
    assert shell.table.state.names[1] == "Ben" and len(shell.table.state.parcours) == 2
    field(shell, "Echte Würfel: Wert eingeben").value = "3"
    click(shell, "Übernehmen")
    assert shell.table.state.roll == 3
