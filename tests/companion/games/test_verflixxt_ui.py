"""Verflixxt screens, level 1: a real Shell over a stub page; views are plain objects, handlers are called."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import flet as ft
import pytest

from companion import registry
from companion.app import AppContext, AppShell
from companion.games.verflixxt import quick_score, result_screen, setup_state
from scoring.verflixxt import DEFAULT_LAYOUT, GAME as ENGINE, format_layout
from tests.companion.test_fonts import missing  # the one reader of the bundled Roboto
from tests.harness.shell_ui import StubPage, field, type_into, walk

LAYOUT = "+3 -2 G -4 +5 -1 +2 G"


@pytest.fixture
def fresh() -> AppShell:
    """The setup as a table first sees it: a drawn layout, the options folded."""
    ctx = AppContext.create(db=":memory:")
    sh = AppShell(StubPage(), ctx)  # type: ignore[arg-type]
    sh.go_setup("verflixxt")
    return sh


@pytest.fixture
def shell(fresh: AppShell) -> AppShell:
    """The setup with "Mehr Optionen" open and a known layout instead of the drawn one."""
    click(fresh, "Mehr Optionen")
    type_into(fresh, "Tafeln von Start bis Ziel", format_layout(DEFAULT_LAYOUT))
    return fresh


def label_of(c: Any) -> str:
    content = getattr(c, "content", None)
    if isinstance(content, str):
        return content
    if isinstance(content, ft.Text):
        return content.value or ""
    return ""


def texts(sh: AppShell) -> list[str]:
    out = []
    for c in walk(sh.body.controls):
        if isinstance(c, ft.Text) and c.value:
            out.append(c.value)
        elif isinstance(c, (ft.TextButton, ft.OutlinedButton)) and isinstance(c.content, str):
            out.append(c.content)
    return out


def find_button(sh: AppShell, name: str) -> Any:
    for c in walk(sh.body.controls):
        if isinstance(c, (ft.Button, ft.OutlinedButton, ft.TextButton)) and name in (label_of(c), c.tooltip):
            return c
        if isinstance(c, ft.IconButton) and c.tooltip == name:
            return c
    raise AssertionError(f"no button {name!r}; texts: {texts(sh)}")


def buttons_starting(sh: AppShell, prefix: str) -> list[str]:
    return [label_of(c) for c in walk(sh.body.controls)
            if isinstance(c, (ft.Button, ft.OutlinedButton)) and label_of(c).startswith(prefix)]


def click(sh: AppShell, name: str) -> None:
    b = find_button(sh, name)
    assert not b.disabled, name
    b.on_click(SimpleNamespace(control=b))


def no_hint_text(sh: AppShell) -> None:
    for c in walk(sh.body.controls):
        if isinstance(c, ft.TextField):
            assert not c.hint_text, c.label


# --- setup -----------------------------------------------------------------------------------
def test_setup_defaults_follow_the_rulings(shell):
    t = texts(shell)
    assert "Figuren je Person: 3" in t  # 2 players: 3 each
    assert any(x.startswith("Tafeln: 26 –") for x in t)
    assert [x for x in t if x.startswith("Wächter ")][1:4] == [
        "Wächter 1: Feld 1 (+3)", "Wächter 2: Feld 3 (G)", "Wächter 3: Feld 4 (+5)"]
    assert "Einmal mit eurer Schachtel vergleichen und bestätigen – dieses Gerät merkt sich den Satz." in t
    assert [(field(shell, f"Name Spieler {n}").value, field(shell, f"Name Spieler {n}").hint_text)
            for n in (1, 2)] == [("", "Spieler 1"), ("", "Spieler 2")]  # empty, default as hint
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


def tap_toggle(sh: AppShell, label: str) -> None:
    """A switch row (components.common.toggle_row, 48 px to tap) tapped by its label."""
    row = next(c for c in walk(sh.body.controls) if isinstance(c, ft.Semantics) and c.label == label)
    row.on_tap(None)


def start_short_game(sh: AppShell, wurm: bool = False) -> None:
    type_into(sh, "Name Spieler 1", "Ana")
    type_into(sh, "Name Spieler 2", "Ben")
    type_into(sh, "Tafeln von Start bis Ziel", LAYOUT)
    click(sh, "Figuren je Person −")
    click(sh, "Figuren je Person −")
    assert "Figuren je Person: 1" in texts(sh)
    if wurm:
        tap_toggle(sh, "Wurminator-Variante")
    click(sh, "Spiel starten")
    assert sh.table is not None and sh.screen == "play"


def roll(sh: AppShell, value: str) -> None:
    """The table's real die typed in: "Echte Würfel" unfolds its field first (kept from roll to roll)."""
    if not any(isinstance(c, ft.TextField) and c.label == "Gewürfelt (W6)" for c in walk(sh.body.controls)):
        click(sh, "Echte Würfel")
    type_into(sh, "Gewürfelt (W6)", value)
    click(sh, "Übernehmen")


def test_start_passes_the_options(shell):
    start_short_game(shell)
    st = shell.table.state
    assert [str(t) for t in st.parcours] == LAYOUT.split()
    assert st.figures == ((0,), (0,)) and st.wurminator is None
    assert st.guards == (1, 3, 5, 7, 8)


# --- play ------------------------------------------------------------------------------------
def locked_chips(sh: AppShell) -> list[tuple[str, str, str]]:
    """Each locked-guard chip: (its semantics label, its tooltip, its visible tile)."""
    return [(c.label, c.content.tooltip, label_of(c.content)) for c in walk(sh.body.controls)
            if isinstance(c, ft.Semantics) and isinstance(c.content, ft.OutlinedButton)
            and c.content.icon == ft.Icons.LOCK_OUTLINE]


@pytest.mark.parametrize("wurm", [False, True])
def test_a_guard_alone_shows_the_engines_refusal_on_its_chip(shell, wurm):
    """vx.guard / vx.wurm.guard: the chip of a guard alone on its tile carries the engine's whole refusal
    (explain hook), in the session's language; a tap shows it with its rule link."""
    start_short_game(shell, wurm=wurm)
    roll(shell, "2")
    rule, de, en = (("vx.wurm.guard",
                     "Ein Wächter zieht nur, wenn eine Spielfigur oder der Wurminator auf seiner Tafel steht.",
                     "A guard moves only when a player figure or the Wurminator stands on its tile.")
                    if wurm else
                    ("vx.guard", "Ein Wächter zieht nur, wenn eine Spielfigur auf seiner Tafel steht.",
                     "A guard moves only when a player figure stands on its tile."))
    assert locked_chips(shell)[:1] == [(f"Feld 1 (+3): {de}", f"Feld 1 (+3): {de}", "+3")]
    shell.lang = "en"
    shell.render()
    assert locked_chips(shell)[:1] == [(f"slot 1 (+3): {en}", f"slot 1 (+3): {en}", "+3")]
    click(shell, f"slot 1 (+3): {en}")
    assert en in texts(shell) and f"Why? {rule}" in texts(shell)


def test_play_offers_moves_with_previews_and_explains_locked_guards(shell):
    start_short_game(shell)
    assert "Ana ist dran" in texts(shell)
    no_hint_text(shell)
    roll(shell, "7")
    assert any("nicht 7" in x for x in texts(shell))  # refused in place, nothing rolled
    assert shell.table.state.phase == "roll"
    roll(shell, "2")
    assert rolled_die(shell) == "Gewürfelt: 2"  # the rolled value, in other words than a roll count
    assert not any(x.startswith("Wurf") for x in texts(shell))
    assert buttons_starting(shell, "Figur") == ["Figur A: Start » Feld 2 (−2)"]
    assert "Wächter, die nicht ziehen dürfen (antippen: warum):" in texts(shell)
    why = "Ein Wächter zieht nur, wenn eine Spielfigur auf seiner Tafel steht."
    locked = [c.tooltip for c in walk(shell.body.controls)
              if isinstance(c, ft.OutlinedButton) and label_of(c) != "Was wäre wenn?"]
    assert locked == [f"{place}: {why}" for place in
                      ("Feld 1 (+3)", "Feld 3 (G)", "Feld 5 (+5)", "Feld 7 (+2)", "Feld 8 (G)")]
    # compact on a phone: the tile as on the board, its place and the reason spoken (tooltip)
    assert [label_of(c) for c in walk(shell.body.controls) if isinstance(c, ft.OutlinedButton)
            and c.tooltip in locked] == ["+3", "G", "+5", "+2", "G"]
    click(shell, f"Feld 1 (+3): {why}")
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
    assert "Ana: −2 Punkte" in texts(shell)
    roll(shell, "4")
    # Ben stands with the guard on +3: the guard may move now
    assert "Wächter: Feld 1 (+3) » Feld 6 (−1)" in buttons_starting(shell, "Wächter")
    # advice toggle shows one line per legal move
    tap_toggle(shell, "Zugberatung")
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


def named_nodes(sh: AppShell) -> list[str]:
    """The board's slots and the piles as a screen reader reads them: one labelled node each, whose
    texts and chips have no nodes of their own (every node costs the phone)."""
    return [c.label for c in walk(sh.body.controls)
            if isinstance(c, ft.Semantics) and c.container and c.exclude_semantics and c.label
            and c.toggled is None and c.checked is None]  # not the switch rows (components.common.toggle_row)


def test_each_slot_and_pile_is_read_as_one_line_with_its_figures_guards_and_tiles(shell):
    start_short_game(shell)  # +3 -2 G -4 +5 -1 +2 G, one figure each
    for value, move in (("2", "Figur A: Start » Feld 2 (−2)"), ("1", "Figur B: Start » Feld 1 (+3)"),
                        ("2", "Figur A: Feld 2 (−2) » Feld 4 (−4), nimmt −2")):
        roll(shell, value)
        click(shell, move)
    assert named_nodes(shell) == [
        "Start", "Feld 1 (+3): B, Wächter", "Feld 2", "Feld 3 (G): Wächter", "Feld 4 (−4): A",
        "Feld 5 (+5): Wächter", "Feld 6 (−1)", "Feld 7 (+2): Wächter", "Feld 8 (G): Wächter", "Ziel",
        "Ana: −2 Punkte, Tafeln: −2", "Ben: 0 Punkte, noch keine Tafel"]
    shell.lang = "en"
    shell.render()
    assert named_nodes(shell) == [
        "Start", "slot 1 (+3): B, guard", "slot 2", "slot 3 (L): guard", "slot 4 (−4): A",
        "slot 5 (+5): guard", "slot 6 (−1)", "slot 7 (+2): guard", "slot 8 (L): guard", "Goal",
        "Ana: −2 points, tiles: −2", "Ben: 0 points, no tile yet"]


def test_the_wurminator_is_named_on_its_slot(shell):
    start_short_game(shell, wurm=True)
    assert named_nodes(shell)[:2] == ["Start: A, B, Wurminator", "Feld 1 (+3): Wächter"]
    shell.lang = "en"
    shell.render()
    assert named_nodes(shell)[:2] == ["Start: A, B, Wurminator", "slot 1 (+3): guard"]


def play_to_end(sh: AppShell) -> None:
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
    assert "1. Ben – 3 Punkte" in t and "2. Ana – −6 Punkte" in t
    assert "Tafeln: −2 −4" in t
    find_button(shell, "Neues Spiel")
    click(shell, "Spiel wieder öffnen")  # it asks first
    assert "Spiel wieder öffnen? Die Wertung wird zurückgenommen." in texts(shell)
    click(shell, "Ja, wieder öffnen")
    assert "Ben ist dran" in texts(shell)


def test_result_view_lists_lucky_conversions(shell):
    result = ENGINE.score_input(
        {"players": [{"name": "Ana", "tiles": "+3 -7 -2 G G G"}, {"name": "Ben", "tiles": "-1"}]}
    )
    cards = result_screen.result_cards(shell, result)
    t = [c.value for c in walk(cards) if isinstance(c, ft.Text)]
    assert "1. Ana – 12 Punkte" in t
    assert "G dreht −7 zu +7" in t and "G dreht −2 zu +2" in t
    assert "1× G ohne Minustafel: 0 Punkte" in t


# --- quick score -------------------------------------------------------------------------------
def test_quick_score_screen(shell):
    ui = registry.get_ui("verflixxt")  # the quick score is part of the game's registry entry
    assert ui.quick_score.load() is quick_score.quick_score_view and ui.quick_screen == "vx_quick"
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
    assert "Guard 1: slot 1 (+3)" in texts(shell)
    find_button(shell, "Colour player 1: red – tap to change")
    find_button(shell, "Guard 1 one tile forward")
    tap_chip(shell, "Tile 2: −1")
    assert "Selected: slot 2 (−1)" in texts(shell) and "Tap to insert before slot 2 (−1):" in texts(shell)
    for name in ("Move left", "Move right", "Remove", "Clear selection"):
        find_button(shell, name)


def test_a_tap_before_the_fields_change_event_keeps_what_was_typed(shell):
    # the browser patches a field's value in order, but its change event may run after the next tap
    field(shell, "Name Spieler 2").value = "Ben"
    field(shell, "Tafeln von Start bis Ziel").value = "+3 -2"
    click(shell, "Spieler hinzufügen")
    assert field(shell, "Name Spieler 2").value == "Ben"
    assert field(shell, "Tafeln von Start bis Ziel").value == "+3 -2"
    click(shell, "Spiel starten")
    assert shell.table.state.names[1] == "Ben" and len(shell.table.state.parcours) == 2
    click(shell, "Echte Würfel")
    field(shell, "Gewürfelt (W6)").value = "3"
    click(shell, "Übernehmen")
    assert shell.table.state.roll == 3


# --- setup: guards, colours, layout chips ------------------------------------------------------
class Recorder:
    """Wraps shell.start_game: what the setup hands to the table."""

    def __init__(self, sh: AppShell) -> None:
        self.calls: list[tuple[str, list[Any], dict[str, Any]]] = []
        real = sh.start_game

        def start_game(game_id: str, players: list[Any], options: dict[str, Any]) -> None:
            self.calls.append((game_id, players, dict(options)))
            real(game_id, players, options)

        sh.start_game = start_game  # type: ignore[method-assign]


def chip(sh: AppShell, name: str) -> Any:
    """A tappable tile of the layout strip (a Semantics button named 'Tafel n: +3')."""
    for c in walk(sh.body.controls):
        if isinstance(c, ft.Semantics) and c.label == name:
            return c
    raise AssertionError(f"no tile chip {name!r}")


def tap_chip(sh: AppShell, name: str) -> None:
    box = chip(sh, name).content
    box.on_click(SimpleNamespace(control=box))


def guard_lines(sh: AppShell) -> list[str]:
    return [x for x in texts(sh) if re.match(r"Wächter \d+: ", x)]


def layout_text(sh: AppShell) -> str:
    return field(sh, "Tafeln von Start bis Ziel").value


def test_guards_move_in_setup_and_reach_the_game(shell):
    rec = Recorder(shell)
    type_into(shell, "Tafeln von Start bis Ziel", LAYOUT)  # +3 -2 G -4 +5 -1 +2 G
    assert guard_lines(shell)[:5] == [
        "Wächter 1: Feld 1 (+3)", "Wächter 2: Feld 3 (G)", "Wächter 3: Feld 5 (+5)", "Wächter 4: Feld 7 (+2)",
        "Wächter 5: Feld 8 (G)"]
    assert find_button(shell, "Wächter 1 ein Feld zurück").disabled  # already on the first tile
    assert find_button(shell, "Wächter 5 ein Feld vor").disabled  # already on the last tile
    click(shell, "Wächter 1 ein Feld vor")
    click(shell, "Wächter 1 ein Feld vor")
    click(shell, "Wächter 3 ein Feld zurück")
    assert "Wächter 1: Feld 3 (G)" in texts(shell) and "Wächter 3: Feld 4 (−4)" in texts(shell)
    # the preview strip shows the guards where they stand now, numbered as in their rows: two on slot 3
    guards_on = [
        [p.value for p in walk(chip(shell, f"Tafel {n}: {tok}")) if isinstance(p, ft.Text) and p.value[0] == "W"]
        for n, tok in ((1, "+3"), (3, "G"), (4, "−4"))
    ]
    assert guards_on == [[], ["W1", "W2"], ["W3"]]
    click(shell, "Spiel starten")
    assert rec.calls[-1][2]["guards"] == [3, 3, 4, 7, 8]
    assert shell.table.state.guards == (3, 3, 4, 7, 8)


def test_guards_reset_with_a_new_layout_and_by_button(shell):
    type_into(shell, "Tafeln von Start bis Ziel", LAYOUT)
    click(shell, "Wächter 2 ein Feld vor")
    assert "Wächter 2: Feld 4 (−4)" in texts(shell)
    click(shell, "Wächter auf die Startfelder")
    assert "Wächter 2: Feld 3 (G)" in texts(shell)
    click(shell, "Wächter 2 ein Feld vor")
    type_into(shell, "Tafeln von Start bis Ziel", "-1 +4 +6")  # a new layout: the ruling's start again
    assert guard_lines(shell) == [
        "Wächter 1: Feld 2 (+4)", "Wächter 2: Feld 3 (+6)"]
    click(shell, "Wächter 1 ein Feld zurück")
    click(shell, "G")  # appending a tile is a new layout too
    assert "Wächter 1: Feld 2 (+4)" in texts(shell) and "Wächter 3: Feld 4 (G)" in texts(shell)
    type_into(shell, "Tafeln von Start bis Ziel", "-1 -2")
    assert "keine (keine Plustafel)" in texts(shell)


def test_a_refused_guard_position_is_shown_by_the_guards_keeping_them(shell):
    type_into(shell, "Tafeln von Start bis Ziel", LAYOUT)
    click(shell, "Wächter 1 ein Feld vor")
    shell.ui["vx_setup"].guards = [2, 3, 5, 7, 12]  # e.g. an older, longer layout's guard
    shell.render()
    click(shell, "Spiel starten")
    assert shell.table is None and shell.screen == "setup"
    t = texts(shell)
    assert any("Wächter kann nicht auf Feld 12 stehen" in x for x in t)
    assert "Warum? vx.setup" in t
    assert "Wächter 5: Feld 12" in t and "Wächter 1: Feld 2 (−2)" in t  # kept as entered
    assert shell.refusal is None  # not at the top: by the guards
    click(shell, "Wächter 5 ein Feld zurück")  # back onto the line
    assert "Wächter 5: Feld 8 (G)" in texts(shell)
    assert not any("Wächter kann nicht" in x for x in texts(shell))


def test_players_pick_distinct_colours_used_in_play(shell):
    rec = Recorder(shell)
    click(shell, "Farbe Spieler 1: Rot – antippen wechselt")  # red -> next free: green (blue is taken)
    find_button(shell, "Farbe Spieler 1: Grün – antippen wechselt")
    click(shell, "Farbe Spieler 2: Blau – antippen wechselt")
    find_button(shell, "Farbe Spieler 2: Lila – antippen wechselt")
    click(shell, "Spieler hinzufügen")
    find_button(shell, "Farbe Spieler 3: Rot – antippen wechselt")  # the first free colour
    for name in ("Rot", "Blau", "Orange", "Türkis"):  # green and purple are taken: skipped
        click(shell, f"Farbe Spieler 3: {name} – antippen wechselt")
    find_button(shell, "Farbe Spieler 3: Gelb – antippen wechselt")
    colors = setup_state.setup_state_of(shell).colors
    assert colors == ["green", "purple", "yellow"] and len(set(colors)) == 3
    click(shell, "Spieler 2 entfernen")  # the others keep theirs
    assert setup_state.setup_state_of(shell).colors == ["green", "yellow"]
    type_into(shell, "Name Spieler 1", "Ana")
    type_into(shell, "Name Spieler 2", "Ben")
    type_into(shell, "Tafeln von Start bis Ziel", LAYOUT)
    click(shell, "Spiel starten")
    players = rec.calls[-1][1]
    assert [p.color for p in players] == [ft.Colors.GREEN_800.value, ft.Colors.AMBER_400.value]
    assert [p.color for p in shell.table.players] == [ft.Colors.GREEN_800.value, ft.Colors.AMBER_400.value]
    # the play screen: figure chips and piles in the chosen colours (yellow carries dark letters)
    chips = {c.content.value: (c.bgcolor, c.content.color) for c in walk(shell.body.controls)
             if isinstance(c, ft.Container) and isinstance(c.content, ft.Text) and c.content.value in ("A1", "B1")}
    assert chips == {"A1": (ft.Colors.GREEN_800.value, ft.Colors.WHITE.value),
                     "B1": (ft.Colors.AMBER_400.value, ft.Colors.BLACK.value)}
    bars = [c.bgcolor for c in walk(shell.body.controls) if isinstance(c, ft.Container) and c.width == 10]
    assert bars == [ft.Colors.GREEN_800.value, ft.Colors.AMBER_400.value]  # one per pile
    roll(shell, "2")
    move = next(c for c in walk(shell.body.controls) if isinstance(c, ft.Button) and label_of(c).startswith("Figur A1"))
    assert move.bgcolor == ft.Colors.GREEN_800.value


def test_layout_chips_insert_move_delete_keep_the_text_in_sync(shell):
    rec = Recorder(shell)
    type_into(shell, "Tafeln von Start bis Ziel", "+3 -2 G")
    assert "Antippen hängt eine Tafel an:" in texts(shell)
    tap_chip(shell, "Tafel 2: −2")
    assert chip(shell, "Tafel 2: −2").selected
    assert "Gewählt: Feld 2 (−2)" in texts(shell)
    assert "Antippen fügt vor Feld 2 (−2) ein:" in texts(shell)
    click(shell, "+5")  # inserted before the selection, which stays on −2
    click(shell, "−7")
    assert layout_text(shell) == "+3 +5 -7 -2 G"
    assert "Gewählt: Feld 4 (−2)" in texts(shell)
    click(shell, "Nach rechts")
    assert layout_text(shell) == "+3 +5 -7 G -2"
    assert find_button(shell, "Nach rechts").disabled  # the last tile
    click(shell, "Nach links")
    click(shell, "Nach links")
    assert layout_text(shell) == "+3 +5 -2 -7 G"
    tap_chip(shell, "Tafel 1: +3")
    assert find_button(shell, "Nach links").disabled
    click(shell, "Entfernen")
    assert layout_text(shell) == "+5 -2 -7 G"
    assert "Gewählt: Feld 1 (+5)" in texts(shell)  # the next tile is selected now
    tap_chip(shell, "Tafel 1: +5")  # tapping the selection again clears it
    assert not any(x.startswith("Gewählt") for x in texts(shell))
    click(shell, "+1")  # no selection: appended
    assert layout_text(shell) == "+5 -2 -7 G +1"
    tap_chip(shell, "Tafel 3: −7")
    click(shell, "Auswahl aufheben")
    assert not any(x.startswith("Gewählt") for x in texts(shell))
    # typing drops the selection; the chips follow the text
    tap_chip(shell, "Tafel 2: −2")
    type_into(shell, "Tafeln von Start bis Ziel", "+2 G")
    assert not any(x.startswith("Gewählt") for x in texts(shell))
    chip(shell, "Tafel 2: G")
    click(shell, "Spiel starten")
    assert rec.calls[-1][2]["layout"] == ["+2", "G"] and rec.calls[-1][2]["guards"] == [1, 2]


def test_layout_chips_then_start(shell):
    rec = Recorder(shell)
    type_into(shell, "Tafeln von Start bis Ziel", LAYOUT)
    tap_chip(shell, "Tafel 8: G")
    click(shell, "Entfernen")
    tap_chip(shell, "Tafel 1: +3")
    click(shell, "Nach rechts")
    click(shell, "Wächter 1 ein Feld vor")  # guards follow the new layout, then move
    click(shell, "Spiel starten")
    opts = rec.calls[-1][2]
    assert opts["layout"] == ["-2", "+3", "G", "-4", "+5", "-1", "+2"]
    assert opts["guards"] == [3, 3, 5, 7]
    assert shell.table.state.guards == (3, 3, 5, 7)


def test_typing_a_layout_over_controls_flet_froze_draws_anew(shell):
    """Flet may freeze controls it reconciled; the in-place update then raises: the view renders anew."""
    type_into(shell, "Tafeln von Start bis Ziel", "+3 -2")
    summary = next(
        c for c in walk(shell.body.controls) if isinstance(c, ft.Text) and (c.value or "").startswith("Tafeln:")
    )
    object.__setattr__(summary, "_frozen", True)
    type_into(shell, "Tafeln von Start bis Ziel", "+3 -2 G")
    assert "Tafeln: 3 – 1× plus, 1× minus, 1× G" in texts(shell)
    assert "Wächter 2: Feld 3 (G)" in texts(shell)


async def test_dispute_button_on_the_play_screen_leaves_the_game_unchanged(tmp_path):
    from tests.harness.flet_session import AppSession, make_context

    ctx = make_context(tmp_path / "d.db")
    app = await AppSession.start(ctx)
    await app.click(text="Verflixxt! Kompakt")
    await app.click(text="Spiel starten")
    table = app.shell.table
    before = ctx.store.record(table.id).model_dump_json()
    await app.click(text="Was wäre wenn?")
    assert app.has_text("Was wäre wenn?", contains=True)
    assert ctx.store.record(table.id).model_dump_json() == before
    assert not app.crashes()
    await app.close()


async def test_saved_player_is_picked_in_setup_and_keeps_its_profile(tmp_path):
    from companion.records.profiles import save_profile
    from tests.harness.flet_session import AppSession, make_context

    ctx = make_context(tmp_path / "p.db")
    ben = save_profile(ctx.store, "Ben", color="blue")
    app = await AppSession.start(ctx)
    await app.click(text="Verflixxt! Kompakt")
    await app.click(text="Ben")  # the profile chip
    assert app.find(label="Name Spieler 1").control.value == "Ben"
    await app.click(text="Spiel starten")
    players = app.shell.table.players
    assert players[0].name == "Ben" and players[0].profile_id == ben.id and players[1].profile_id is None
    assert not app.crashes()
    await app.close()


def offers(sh: AppShell, name: str) -> bool:
    try:
        return not find_button(sh, name).disabled
    except AssertionError:
        return False


def undo_disabled(sh: AppShell) -> bool:
    return next(c for c in walk(sh.body.controls) if getattr(c, "tooltip", None) == "Rückgängig").disabled


def test_on_seat_phones_only_the_player_on_turn_rolls_and_moves(shell):
    start_short_game(shell)
    shell.seats = {1}  # Ben's phone while Ana is on turn
    shell.render()
    assert "Ana ist dran und würfelt." in texts(shell)
    assert not offers(shell, "Würfeln") and undo_disabled(shell)
    shell.seats = {0}  # Ana's phone
    shell.render()
    assert "Ana ist dran und würfelt." not in texts(shell)
    roll(shell, "2")
    assert buttons_starting(shell, "Figur") == ["Figur A: Start » Feld 2 (−2)"] and not undo_disabled(shell)
    shell.seats = {1}
    shell.render()
    assert "Ana zieht." in texts(shell) and buttons_starting(shell, "Figur") == []
    assert not any(isinstance(c, ft.Semantics) and c.label == "Zugberatung"
                   for c in walk(shell.body.controls))  # no move advice for Ben
    assert undo_disabled(shell)  # Ana's roll is hers to take back
    shell.seats = {0}
    shell.render()
    click(shell, "Figur A: Start » Feld 2 (−2)")
    shell.seats = {1}
    shell.render()
    assert "Letzter Zug – Ana: Figur A: Start » Feld 2 (−2)" in texts(shell)
    # the roll is Ben's now (this one shell stands for both phones: it keeps Ana's real dice)
    assert "Ben ist dran" in texts(shell) and offers(shell, "Übernehmen")
    assert undo_disabled(shell)


# --- the play screen on a phone --------------------------------------------------------------------
def vx_table(sh: AppShell, wurm: bool = True) -> Any:
    from scoring.engine import PlayerSpec

    t = sh.ctx.tables.create("verflixxt", [PlayerSpec(name=n) for n in ("Ana", "Ben", "Cara")],
                             {"layout": LAYOUT.split(), "figures_per_player": 2, "wurminator": wurm})
    sh.open_table(t.id)
    return t


def all_strings(sh: AppShell) -> list[str]:
    """Every string the screen shows or speaks: texts, labels, tooltips, button words."""
    out = []
    for c in walk(sh.body.controls):
        for attr in ("value", "label", "tooltip", "content", "text"):
            v = getattr(c, attr, None)
            if isinstance(v, str):
                out.append(v)
    return out


def test_after_a_roll_the_moves_come_right_under_the_rolled_value(shell):
    vx_table(shell)
    roll(shell, "2")
    seq = [c for c in walk(shell.body.controls)]

    def first(pred: Any) -> int:
        return next(i for i, c in enumerate(seq) if pred(c))

    rolled = first(lambda c: isinstance(c, ft.Text) and c.semantics_label == "Gewürfelt: 2")
    words = first(lambda c: isinstance(c, ft.Text) and c.value == "Wähle einen Zug:")
    turn = first(lambda c: isinstance(c, ft.Text) and c.value == "Ana ist dran")
    move = first(lambda c: isinstance(c, ft.Button) and label_of(c) == "Figur A1: Start » Feld 2 (−2)")
    goal = first(lambda c: isinstance(c, ft.Text) and c.value == "Z")  # the board's last slot
    piles = first(lambda c: isinstance(c, ft.Text) and c.value == "Stapel und Punkte")
    # one line: whose turn and what to do, then the die; the moves right below it
    assert turn < words < rolled < move < goal < piles
    header = next(c for c in seq if isinstance(c, ft.Row) and c.key == "header")
    assert {id(c) for c in walk(header)} >= {id(seq[turn]), id(seq[words]), id(seq[rolled])}
    assert not any(x.startswith("Wurf") for x in texts(shell))  # "Wurf" is a roll count elsewhere
    shell.lang = "en"
    shell.render()
    assert rolled_die(shell) == "Rolled: 2" and "Choose a move:" in texts(shell)


def test_play_never_doubts_the_tile_set(shell):
    vx_table(shell)
    for lang in ("de", "en"):
        shell.lang = lang
        shell.render()
        roll(shell, "3") if lang == "de" else None
        joined = " ".join(all_strings(shell))
        assert "Annahme" not in joined and "assumption" not in joined and "Schachtel" not in joined


def test_every_play_screen_draws_with_roboto_and_icons_only(shell):
    t = vx_table(shell)
    seen: list[str] = []

    def look() -> None:
        for lang in ("de", "en"):
            shell.lang = lang
            shell.render()
            seen.extend(all_strings(shell))
        shell.lang = "de"
        shell.render()

    look()
    roll(shell, "1")
    tap_toggle(shell, "Zugberatung")  # move advice on
    look()
    click(shell, "Figur A1: Start » Feld 1 (+3)")
    assert t.state.phase == "wurminator"
    look()
    shell.seats = {2}  # Cara's phone while Ana plays
    look()
    assert "Wächter, die nicht ziehen dürfen (antippen: warum):" in seen
    assert missing("".join(seen)) == ""


def test_the_what_if_list_says_not_allowed(shell):
    from companion.screens.rules import dispute_body

    t = vx_table(shell)
    t.roll(values=[3])
    for lang, title in (("de", "Nicht erlaubt:"), ("en", "Not allowed:")):
        shell.lang = lang
        words = [c.value for c in walk(dispute_body(shell, t)) if isinstance(c, ft.Text)]
        assert title in words and "Strittig:" not in words and "Disputed:" not in words


# --- the real die set by tapping its face (opened by "Echte Würfel") -------------------------------
def face_labels(sh: AppShell) -> list[str]:
    return [c.label for c in walk(sh.body.controls)
            if isinstance(c, ft.Semantics) and c.button and isinstance(c.label, str)
            and (" zeigt " in c.label or " shows " in c.label)]


def tap_face(sh: AppShell, label: str) -> None:
    face = next(c for c in walk(sh.body.controls) if isinstance(c, ft.Semantics) and c.label == label)
    face.content.on_click(SimpleNamespace(control=face.content))


@pytest.mark.parametrize("lang,words", [
    ("de", {"toggle": "Echte Würfel", "roll": "Würfeln", "app": "App würfelt", "die": "W6", "shows": "zeigt",
            "field": "Gewürfelt (W6)", "apply": "Übernehmen", "rolled": "Gewürfelt: 4",
            "choose": "Wähle einen Zug:", "move": "Figur A1: Start » Feld 4 (−4)"}),
    ("en", {"toggle": "Real dice", "roll": "Roll", "app": "App rolls", "die": "d6", "shows": "shows",
            "field": "Rolled (d6)", "apply": "Apply", "rolled": "Rolled: 4", "choose": "Choose a move:",
            "move": "Figure A1: Start » slot 4 (−4)"}),
])
def test_the_real_die_is_tapped_in_after_opening_real_dice(shell, lang, words):
    """vx.move: folded, "Würfeln" and "Echte Würfel" only; unfolded, "Würfeln" is gone and the d6 the
    engine asks for has a face button per value, written into the field beside "Übernehmen"; the
    tapped value reaches the table, and the next roll comes in the same way."""
    t = vx_table(shell)
    shell.lang = lang
    shell.render()
    assert face_labels(shell) == []  # folded: no faces built (every control costs the phone)
    assert fields(shell) == [] and words["apply"] not in texts(shell)
    find_button(shell, words["roll"])
    click(shell, words["toggle"])
    assert face_labels(shell) == [f"{words['die']} {words['shows']} {v}" for v in range(1, 7)]
    assert fields(shell) == [words["field"]] and words["roll"] not in texts(shell)
    tap_face(shell, f"{words['die']} {words['shows']} 2")
    tap_face(shell, f"{words['die']} {words['shows']} 4")  # a second tap changes the die
    assert field(shell, words["field"]).value == "4"
    assert t.seq == 0 and t.state.roll is None  # nothing taken before the apply button
    click(shell, words["apply"])
    assert t.state.roll == 4 and t.state.phase == "move"
    assert rolled_die(shell) == words["rolled"] and words["choose"] in texts(shell)
    assert words["move"] in buttons_starting(shell, words["move"][:5])
    click(shell, words["move"])
    assert t.state.phase == "roll" and t.state.turn == 1
    # the next roll: real dice again, nothing entered yet
    assert len(face_labels(shell)) == 6 and field(shell, words["field"]).value == ""
    click(shell, words["app"])  # the way back
    assert face_labels(shell) == [] and fields(shell) == []
    find_button(shell, words["roll"])


def fields(sh: AppShell) -> list[str]:
    return [c.label for c in walk(sh.body.controls) if isinstance(c, ft.TextField) and c.visible is not False]


def rolled_die(sh: AppShell) -> str | None:
    """The die in the header, as it is read ("Gewürfelt: 4")."""
    return next((c.semantics_label for c in walk(sh.body.controls)
                 if isinstance(c, ft.Text) and c.key == "roll" and c.visible is not False), None)


def test_a_typed_die_and_a_tapped_face_are_one_value(shell):
    t = vx_table(shell)
    click(shell, "Echte Würfel")
    tap_face(shell, "W6 zeigt 5")
    assert field(shell, "Gewürfelt (W6)").value == "5"
    type_into(shell, "Gewürfelt (W6)", "7")
    click(shell, "Übernehmen")  # a die has no 7: refused, the field keeps it to be corrected
    assert t.state.roll is None and field(shell, "Gewürfelt (W6)").value == "7"
    roll(shell, "3")
    assert t.state.roll == 3 and face_labels(shell) == []
