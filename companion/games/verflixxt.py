"""Verflixxt! Kompakt screens: setup, play, result and a quick score screen.

Views only: every rule is asked of the engine (``scoring.verflixxt``): legal
moves, their previews, refusals, advice and scoring.
"""

from __future__ import annotations

import asyncio
import dataclasses
import re
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.app import CLIENT_ANSWER_TIMEOUT
from companion.games.verflixxt_hooks import HOOKS, explain as explain_target
from companion.i18n import add_strings
from companion.profiles import list_profiles
from companion.registry import GameUI, register_ui
from companion.rules_text import VERFLIXXT as RULES
from companion.rules_ui import dispute_button
from companion.seats import add_seat, check_names, error_texts, seats_for, start_controls, start_error_line
from components.common import (
    TOUCH,
    big_button,
    info_line,
    isolated,
    keyed,
    own_node,
    refusal_line,
    section_title,
    stepper,
)
from components.dice_entry import DiceEntryTexts, DieSlot, opened, real_dice, slots_for, toggle
from components.profile_picker import profile_picker
from components.seat_editor import SeatColor, error_text, seat_editor
from components.tile_strip import TAP_SLOT_W, Piece, Slot, tile_strip
from scoring.dice import Dice
from scoring.engine import PlayerSpec
from scoring.errors import InvalidInput, RefereeError, Refusal
from scoring.verflixxt import (
    DEFAULT_LAYOUT,
    DEFAULT_TILE_SET,
    GAME as ENGINE,
    MoveFigure,
    MoveGuard,
    MoveWurminator,
    SkipWurminator,
    Tile,
    advise,
    default_figures,
    default_guards,
    format_layout,
    move_preview,
    parse_layout,
    random_layout,
    score_tiles,
)

GAME = "verflixxt"
MAX_PLAYERS = ENGINE.max_players  # colours by seat, when nobody picked one

add_strings(
    {
        "vx.setup.title": {"de": "Verflixxt! Kompakt – neues Spiel", "en": "Verflixxt! Kompakt – new game"},
        "vx.setup.order": {
            "de": "Reihenfolge: die jüngste Person als Spieler 1, dann im Uhrzeigersinn.",
            "en": "Order: the youngest as player 1, then clockwise.",
        },
        "vx.setup.figures": {"de": "Figuren je Person", "en": "Figures each"},
        "vx.setup.wurminator": {"de": "Wurminator-Variante", "en": "Wurminator variant"},
        "vx.setup.bite_takes": {"de": "Der Wurminator-Biss nimmt", "en": "A Wurminator bite takes"},
        "vx.setup.bite.smallest": {"de": "die kleinste Minustafel", "en": "the smallest minus tile"},
        "vx.setup.bite.largest": {"de": "die größte Minustafel", "en": "the largest minus tile"},
        "vx.setup.layout_title": {"de": "Parcours (wie er auf dem Tisch liegt)", "en": "Parcours (as laid on the table)"},
        "vx.setup.layout": {"de": "Tafeln von Start bis Ziel", "en": "Tiles from start to goal"},
        "vx.setup.layout_ok": {
            "de": "Tafeln: {count} – {plus}× plus, {minus}× minus, {lucky}× G",
            "en": "Tiles: {count} – {plus}× plus, {minus}× minus, {lucky}× G",
        },
        "vx.setup.palette": {"de": "Antippen hängt eine Tafel an:", "en": "Tap to add a tile:"},
        "vx.setup.del_last": {"de": "Letzte Tafel löschen", "en": "Delete last tile"},
        "vx.setup.clear": {"de": "Parcours leeren", "en": "Clear the parcours"},
        "vx.setup.random": {"de": "Zufällige Auslage", "en": "Random layout"},
        "vx.setup.tile_set": {"de": "Tafelsatz für die Zufallsauslage", "en": "Tile set for random layouts"},
        "vx.setup.tile_set_title": {"de": "Tafelsatz eurer Schachtel", "en": "Your box's tile set"},
        "vx.setup.tile_set_ask": {
            "de": "Einmal mit eurer Schachtel vergleichen und bestätigen – dieses Gerät merkt sich den Satz.",
            "en": "Compare once with your box and confirm – this device remembers the set.",
        },
        "vx.setup.tile_set_confirm": {"de": "Tafelsatz bestätigen", "en": "Confirm tile set"},
        "vx.setup.tile_set_ok": {
            "de": "Bestätigt: {count} Tafeln – {plus}× plus, {minus}× minus, {lucky}× G",
            "en": "Confirmed: {count} tiles – {plus}× plus, {minus}× minus, {lucky}× G",
        },
        "vx.setup.tile_set_change": {"de": "Ändern", "en": "Change"},
        "vx.setup.figures_changed": {
            "de": "Jetzt {new} statt {old} Figuren je Person: bei {players} Spielern hat jede Person {new} (vx.setup).",
            "en": "Now {new} figures each instead of {old}: with {players} players everyone has {new} (vx.setup).",
        },
        "vx.setup.tile_set_reset": {"de": "Standard-Tafelsatz", "en": "Default tile set"},
        "vx.setup.guards_title": {
            "de": "Wächter (Start: die ersten Plus- oder G-Tafeln; hier verschiebbar)",
            "en": "Guards (start: the first plus or G tiles; movable here)",
        },
        "vx.setup.guard_line": {"de": "Wächter {g}: {where}", "en": "Guard {g}: {where}"},
        "vx.setup.guard_back": {"de": "Wächter {g} ein Feld zurück", "en": "Guard {g} one tile back"},
        "vx.setup.guard_fwd": {"de": "Wächter {g} ein Feld vor", "en": "Guard {g} one tile forward"},
        "vx.setup.guards_reset": {"de": "Wächter auf die Startfelder", "en": "Guards to their start tiles"},
        "vx.setup.no_guards": {"de": "keine (keine Plustafel)", "en": "none (no plus tile)"},
        "vx.setup.color_tip": {
            "de": "Farbe Spieler {n}: {color} – antippen wechselt",
            "en": "Colour player {n}: {color} – tap to change",
        },
        "vx.color.red": {"de": "Rot", "en": "red"},
        "vx.color.blue": {"de": "Blau", "en": "blue"},
        "vx.color.green": {"de": "Grün", "en": "green"},
        "vx.color.purple": {"de": "Lila", "en": "purple"},
        "vx.color.orange": {"de": "Orange", "en": "orange"},
        "vx.color.teal": {"de": "Türkis", "en": "teal"},
        "vx.color.yellow": {"de": "Gelb", "en": "yellow"},
        "vx.color.pink": {"de": "Pink", "en": "pink"},
        "vx.setup.tap_hint": {
            "de": "Tafel antippen: auswählen, dann davor einfügen, verschieben oder entfernen.",
            "en": "Tap a tile to select it, then insert before it, move or remove it.",
        },
        "vx.setup.selected": {"de": "Gewählt: {where}", "en": "Selected: {where}"},
        "vx.setup.palette_before": {"de": "Antippen fügt vor {where} ein:", "en": "Tap to insert before {where}:"},
        "vx.setup.remove": {"de": "Entfernen", "en": "Remove"},
        "vx.setup.move_left": {"de": "Nach links", "en": "Move left"},
        "vx.setup.move_right": {"de": "Nach rechts", "en": "Move right"},
        "vx.setup.deselect": {"de": "Auswahl aufheben", "en": "Clear selection"},
        "vx.setup.tile_chip": {"de": "Tafel {n}: {tile}", "en": "Tile {n}: {tile}"},
        "vx.setup.quick": {"de": "Nur Punkte zählen", "en": "Only count points"},
        "vx.pos.start": {"de": "Start", "en": "Start"},
        "vx.pos.goal": {"de": "Ziel", "en": "Goal"},
        "vx.pos.slot": {"de": "Feld {n} ({tile})", "en": "slot {n} ({tile})"},
        "vx.pos.gap_slot": {"de": "Feld {n}", "en": "slot {n}"},
        "vx.letter.guard": {"de": "W", "en": "Gd"},
        "vx.letter.wurm": {"de": "Wu", "en": "Wm"},
        # a board slot as a screen reader names it: its place, then who stands on it (issue 18)
        "vx.slot.words": {"de": "{place}: {pieces}", "en": "{place}: {pieces}"},
        "vx.slot.guard": {"de": "Wächter", "en": "guard"},
        "vx.slot.wurm": {"de": "Wurminator", "en": "Wurminator"},
        "vx.play.roll_chip": {"de": "Gewürfelt: {value}", "en": "Rolled: {value}"},
        "vx.play.typed_roll": {"de": "Echte Würfel: Wert eingeben", "en": "Real die: type the value"},
        "vx.play.bad_typed": {"de": "eine Zahl von 1 bis 6", "en": "one number from 1 to 6"},
        "vx.play.die": {"de": "W6", "en": "d6"},
        "vx.play.moves_with": {"de": "Wähle einen Zug:", "en": "Choose a move:"},
        "vx.play.move_figure": {"de": "Figur {fig}: {src} » {dst}", "en": "Figure {fig}: {src} » {dst}"},
        "vx.play.move_guard": {"de": "Wächter: {src} » {dst}", "en": "Guard: {src} » {dst}"},
        "vx.play.move_wurm": {"de": "Wurminator: {src} » {dst}", "en": "Wurminator: {src} » {dst}"},
        "vx.play.skip_wurm": {"de": "Wurminator stehen lassen", "en": "Leave the Wurminator"},
        "vx.play.takes": {"de": ", nimmt {tiles}", "en": ", takes {tiles}"},
        "vx.play.bites": {"de": ", beißt {names}", "en": ", bites {names}"},
        "vx.play.wurm_phase": {"de": "Jetzt der Wurminator:", "en": "Now the Wurminator:"},
        "vx.play.locked": {
            "de": "Wächter, die nicht ziehen dürfen (antippen: warum):",
            "en": "Guards that may not move (tap: why):",
        },
        "vx.play.locked_tip": {"de": "{place}: {why}", "en": "{place}: {why}"},
        "vx.play.advice": {"de": "Zugberatung", "en": "Move advice"},
        "vx.play.advice_line": {
            "de": "{move}: sofort {now}, Ausblick {ahead}",
            "en": "{move}: now {now}, outlook {ahead}",
        },
        "vx.play.advice_best": {"de": "Empfehlung: {move}", "en": "Suggested: {move}"},
        "vx.play.advice_note": {
            "de": "Ausblick: Vorsprung auf die nächste Person nach deren Zug (Durchschnitt über ihren Wurf).",
            "en": "Outlook: lead over the next player after their turn (average over their roll).",
        },
        "vx.play.piles": {"de": "Stapel und Punkte", "en": "Piles and points"},
        "vx.play.pile_line": {"de": {"count": "points", "one": "{name}: {points} Punkt", "other": "{name}: {points} Punkte"},
                              "en": {"count": "points", "one": "{name}: {points} point", "other": "{name}: {points} points"}},
        "vx.play.pile_empty": {"de": "noch keine Tafel", "en": "no tile yet"},
        "vx.play.pile_words": {"de": "{line}, Tafeln: {tiles}", "en": "{line}, tiles: {tiles}"},
        "vx.play.pile_words_empty": {"de": "{line}, noch keine Tafel", "en": "{line}, no tile yet"},
        "vx.play.out": {"de": "im Ziel", "en": "home"},
        "vx.play.other_rolls": {"de": "{name} ist dran und würfelt.", "en": "It is {name}'s turn: {name} rolls."},
        "vx.play.other_moves": {"de": "{name} zieht.", "en": "{name} moves."},
        "vx.play.other_wurm": {"de": "{name} zieht den Wurminator.", "en": "{name} moves the Wurminator."},
        "vx.play.last_move": {"de": "Letzter Zug – {name}: {move}", "en": "Last move – {name}: {move}"},
        "vx.play.events.collect": {"de": "{name} nimmt {tile}.", "en": "{name} takes {tile}."},
        "vx.play.events.bite": {"de": "Wurminator beißt {name}: {tile}.", "en": "Wurminator bites {name}: {tile}."},
        "vx.play.events.give_back": {"de": "{name} gibt {tile} zurück.", "en": "{name} gives back {tile}."},
        "vx.play.events.wurminator_home": {"de": "Der Wurminator geht zurück zum Start.", "en": "The Wurminator goes back to start."},
        "vx.play.events.out": {"de": "{name} ist mit allen Figuren im Ziel.", "en": "{name} has every figure home."},
        "vx.result.line": {"de": {"count": "total", "one": "{place}. {name} – {total} Punkt", "other": "{place}. {name} – {total} Punkte"},
                           "en": {"count": "total", "one": "{place}. {name} – {total} point", "other": "{place}. {name} – {total} points"}},
        "vx.result.tiles": {"de": "Tafeln: {tiles}", "en": "Tiles: {tiles}"},
        "vx.result.turns": {"de": "G dreht {minus} zu +{becomes}", "en": "G turns {minus} into +{becomes}"},
        "vx.result.unused": {"de": "{count}× G ohne Minustafel: 0 Punkte", "en": "{count}× G without a minus tile: 0 points"},
        "vx.result.why": {"de": "Warum so? Wertung vx.score", "en": "Why? Scoring vx.score"},
        "vx.quick.title": {"de": "Verflixxt! – nur Punkte zählen", "en": "Verflixxt! – count points only"},
        "vx.quick.tiles": {"de": "Tafeln Spieler {n}", "en": "Tiles player {n}"},
        "vx.quick.score": {"de": "Auswerten", "en": "Score"},
        "vx.quick.back": {"de": "Zurück zum Spielaufbau", "en": "Back to setup"},
    }
)

# the colours a player may pick (vx.color.<key> names them); each dark or light enough for its chip text
COLOR_CHOICES: list[tuple[str, str, str]] = [  # (key, colour, text on it)
    ("red", ft.Colors.RED_700.value, ft.Colors.WHITE.value),
    ("blue", ft.Colors.BLUE_700.value, ft.Colors.WHITE.value),
    ("green", ft.Colors.GREEN_800.value, ft.Colors.WHITE.value),
    ("purple", ft.Colors.PURPLE_600.value, ft.Colors.WHITE.value),
    ("orange", ft.Colors.ORANGE_900.value, ft.Colors.WHITE.value),
    ("teal", ft.Colors.TEAL_700.value, ft.Colors.WHITE.value),
    ("yellow", ft.Colors.AMBER_400.value, ft.Colors.BLACK.value),
    ("pink", ft.Colors.PINK_400.value, ft.Colors.WHITE.value),
]
COLOR_KEYS = [k for k, _, _ in COLOR_CHOICES]
COLOR_OF = {k: c for k, c, _ in COLOR_CHOICES}
TEXT_ON = {c: fg for _, c, fg in COLOR_CHOICES}
PLAYER_COLORS = [c for _, c, _ in COLOR_CHOICES[:MAX_PLAYERS]]  # by seat, when nobody picked one
GUARD_COLOR = ft.Colors.BLUE_GREY_900
WURM_COLOR = ft.Colors.BROWN_500
PREF_TILE_SET = "vx.tile_set"  # the table's own box, remembered in the browser (vx.setup)
PALETTE = [f"+{v}" for v in range(1, 9)] + [f"-{v}" for v in range(1, 11)] + ["G"]


def tile_text(tile: Tile | str | None) -> str:
    """Readable at arm's length: a real minus sign."""
    if tile is None:
        return ""
    return str(tile).replace("-", "−")


def tiles_text(tiles: Any) -> str:
    return " ".join(tile_text(t) for t in tiles)


def _fmt_num(shell: Any, x: float, signed: bool = True) -> str:
    s = f"{x:+.1f}" if signed else f"{x:.1f}"
    s = s.replace("-", "−")
    return s.replace(".", ",") if shell.lang == "de" else s


# --- setup --------------------------------------------------------------------------
def _setup_state(shell: Any) -> dict[str, Any]:
    st = shell.ui.get("vx_setup")
    if st is None:
        st = {
            "players": ["", ""],  # as typed; empty: the hint's default name (issue #15.4)
            "profiles": [None, None],  # per seat, a saved player's id
            "name_errors": [],  # NameProblem dicts, shown beside their fields
            "start_error": None,  # shown beside the start button
            "figures_note": None,  # vx.setup: the ruling's figure count changed with the player count
            "tile_set_confirmed": False,  # the table confirmed its box's tile set (remembered in the browser)
            "figures": None,  # None: the ruling's default for the player count
            "wurminator": False,
            "bite_takes": "smallest",
            "layout": format_layout(DEFAULT_LAYOUT),
            "tile_set": format_layout(DEFAULT_TILE_SET),
            "layout_error": None,
            "tile_set_error": None,
            "colors": COLOR_KEYS[:2],  # per player, a key of COLOR_CHOICES; no two alike
            "guards": None,  # None: the ruling's start tiles for the layout (vx.setup)
            "guard_error": None,  # the engine's refusal of the guard positions, shown by the guards
            "sel": None,  # the selected tile (1-based) of the layout chips
        }
        shell.ui["vx_setup"] = st
        _recall_tile_set(shell, st)
    return st


def _run(shell: Any, coro_fn: Any) -> None:
    try:
        shell.page.run_task(coro_fn)
    except Exception:  # no live page (tests): nothing to remember
        pass


def _remember_tile_set(shell: Any, text: str) -> None:
    async def save() -> None:
        try:
            await asyncio.wait_for(ft.SharedPreferences().set(PREF_TILE_SET, text), timeout=CLIENT_ANSWER_TIMEOUT)
        except Exception:
            pass

    _run(shell, save)


def _recall_tile_set(shell: Any, st: dict[str, Any]) -> None:
    """The tile set this table confirmed on this browser, if any (never blocks the first screen)."""
    async def load() -> None:
        try:
            saved = await asyncio.wait_for(ft.SharedPreferences().get(PREF_TILE_SET), timeout=CLIENT_ANSWER_TIMEOUT)
        except Exception:  # no answer (tests, old browser): nothing remembered
            return
        if shell.ui.get("vx_setup") is st and _use_saved_tile_set(st, saved) and shell.screen == "setup":
            shell.render()

    _run(shell, load)


def _use_saved_tile_set(st: dict[str, Any], saved: Any) -> bool:
    """A remembered tile set counts as confirmed (vx.setup); anything unreadable is ignored."""
    if not isinstance(saved, str):
        return False
    try:
        parse_layout(saved)
    except InvalidInput:
        return False
    st["tile_set"], st["tile_set_confirmed"] = saved, True
    return True


def _layout_summary(shell: Any, text: str) -> tuple[str, tuple[Tile, ...] | None, RefereeError | None]:
    try:
        tiles = parse_layout(text)
    except InvalidInput as exc:
        return exc.message(shell.lang), None, exc
    kinds = [t.kind for t in tiles]
    summary = shell.t("vx.setup.layout_ok", count=len(tiles), plus=kinds.count("plus"), minus=kinds.count("minus"),
                      lucky=kinds.count("lucky"))
    return summary, tiles, None


def _slot_text(shell: Any, tiles: tuple[Tile, ...], p: int) -> str:
    if 1 <= p <= len(tiles):
        return shell.t("vx.pos.slot", n=p, tile=tile_text(tiles[p - 1]))
    return shell.t("vx.pos.gap_slot", n=p)


def _setup_guards(st: dict[str, Any], tiles: tuple[Tile, ...]) -> list[int]:
    """What the guards' rows show and the game gets: the moved positions, else the ruling's start tiles."""
    return list(st["guards"]) if st.get("guards") is not None else list(default_guards(tiles))


def _layout_slots(tiles: tuple[Tile, ...], guard_letter: str, guards: list[int] | None = None,
                  selected: int | None = None) -> list[Slot]:
    """The layout with its guards, each numbered as in the guards' rows ("W1")."""
    at: dict[int, list[Piece]] = {}
    for g, p in enumerate(default_guards(tiles) if guards is None else guards):
        at.setdefault(p, []).append(Piece(f"{guard_letter}{g + 1}", GUARD_COLOR, round=False))
    slots = [Slot(0, "S", "start")]
    for i, t in enumerate(tiles, start=1):
        pieces = tuple(at.get(i, ()))
        slots.append(Slot(i, tile_text(t), t.kind, pieces, highlight=i == selected))
    slots.append(Slot(len(tiles) + 1, "Z", "goal"))
    return slots


def _pick_color(taken: list[str], after: str | None = None) -> str:
    """The next colour nobody else has (after ``after`` in the palette's cycle)."""
    start = COLOR_KEYS.index(after) + 1 if after in COLOR_KEYS else 0
    for k in range(len(COLOR_KEYS)):
        key = COLOR_KEYS[(start + k) % len(COLOR_KEYS)]
        if key not in taken:
            return key
    return after or COLOR_KEYS[0]


def _fix_colors(st: dict[str, Any]) -> list[str]:
    """One distinct colour per player (players added or removed keep theirs)."""
    colors = [c for c in st.get("colors", []) if c in COLOR_KEYS][: len(st["players"])]
    out: list[str] = []
    for c in colors:
        out.append(c if c not in out else _pick_color(out))
    while len(out) < len(st["players"]):
        out.append(_pick_color(out))
    st["colors"] = out
    return out


def _palette_button(shell: Any, token: str, on_click: Any) -> ft.Control:
    kind = "lucky" if token == "G" else ("minus" if token.startswith("-") else "plus")
    bg, fg = {
        "plus": (ft.Colors.GREEN_100, ft.Colors.GREEN_900),
        "minus": (ft.Colors.RED_100, ft.Colors.RED_900),
        "lucky": (ft.Colors.AMBER_200, ft.Colors.BROWN_900),
    }[kind]
    return ft.Button(
        content=ft.Text(tile_text(token), size=16, weight=ft.FontWeight.BOLD, color=fg),
        bgcolor=bg,
        width=56,
        height=48,
        on_click=on_click,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=8), padding=ft.Padding.all(0)),
    )


def _drop_last(text: str) -> str:
    try:
        return format_layout(parse_layout(text)[:-1])
    except InvalidInput:
        parts = text.split()
        return " ".join(parts[:-1])


def _about_guards(err: RefereeError) -> bool:
    return "guard" in err.code or "guards" in str(err.params.get("detail", ""))


class _Fields:
    """The setup's text fields: a change event may arrive after the next tap, so every tap reads them first."""

    def __init__(self, st: dict[str, Any]) -> None:
        self.st = st
        self.names: list[ft.TextField] = []
        self.text: dict[str, ft.TextField] = {}  # "layout", "tile_set"

    def sync(self) -> None:
        st = self.st
        for i, f in enumerate(self.names):
            if f.value is not None and i < len(st["players"]):
                st["players"][i] = f.value
        for k, f in self.text.items():
            if f.value is None or st.get(k) == f.value:
                continue
            st[k] = f.value
            st[k + "_error"] = None
            if k == "layout":  # a new layout: the guards start on its own tiles again
                _layout_reset(st)


def _layout_reset(st: dict[str, Any], sel: int | None = None) -> None:
    st["layout_error"] = None
    st["guards"] = None
    st["guard_error"] = None
    st["sel"] = sel


# --- setup: players -------------------------------------------------------------------------
def _figures_note(st: dict[str, Any], before: int) -> None:
    """vx.setup: when a seat more or less changes the ruling's figure count, say so by the stepper."""
    after = default_figures(len(st["players"]))
    if st["figures"] is None and after != before:
        st["figures_note"] = {"old": before, "new": after, "players": len(st["players"])}


def _add_seat(st: dict[str, Any], name: str) -> int:
    before = default_figures(len(st["players"]))
    st["players"].append(name)
    st["colors"].append(_pick_color(st["colors"]))
    st["profiles"].append(None)
    _figures_note(st, before)
    return len(st["players"]) - 1


def _seat_actions(shell: Any, st: dict[str, Any], fields: _Fields) -> dict[str, Callable[..., None]]:
    players, seat_profiles = st["players"], st["profiles"]

    def on_name(i: int, value: str) -> None:
        if i < len(seat_profiles) and seat_profiles[i] and value != players[i]:
            seat_profiles[i] = None  # a renamed seat is no longer that saved player
        players[i] = value

    def on_remove(i: int) -> None:
        fields.sync()
        if len(players) > ENGINE.min_players:
            before = default_figures(len(players))
            for lst in (players, st["colors"], seat_profiles):
                lst.pop(i)
            st["name_errors"], st["start_error"] = [], None
            _figures_note(st, before)
            shell.render()

    def on_add() -> None:
        fields.sync()
        if len(players) < ENGINE.max_players:
            _add_seat(st, "")
            shell.render()

    def on_color(i: int) -> None:
        fields.sync()
        others = [c for j, c in enumerate(st["colors"]) if j != i]
        st["colors"][i] = _pick_color(others, after=st["colors"][i])
        shell.render()

    def pick_profile(prof: Any) -> None:
        """A saved player fills the first seat not yet held by a profile (or a new seat)."""
        fields.sync()
        if prof.id in seat_profiles:
            return
        if None in seat_profiles:
            i = seat_profiles.index(None)
        elif len(players) < ENGINE.max_players:
            i = _add_seat(st, prof.name)
        else:
            return
        players[i] = prof.name
        seat_profiles[i] = prof.id
        shell.render()

    return {"on_name": on_name, "on_remove": on_remove, "on_add": on_add, "on_color": on_color,
            "pick_profile": pick_profile}


def _seat_block(shell: Any, st: dict[str, Any], fields: _Fields) -> list[ft.Control]:
    """Players, youngest first: saved players, one card per seat with its colour, the add button."""
    act = _seat_actions(shell, st, fields)
    out: list[ft.Control] = [ft.Text(shell.t("vx.setup.order"), size=14, color=ft.Colors.BLUE_GREY_700)]
    profiles = list_profiles(shell.ctx.store)
    if profiles:
        out.append(profile_picker(profiles, act["pick_profile"], t=shell.t, chosen=st["profiles"]))
    colors = [SeatColor(COLOR_OF[c], TEXT_ON[COLOR_OF[c]],
                        shell.t("vx.setup.color_tip", n=i + 1, color=shell.t(f"vx.color.{c}")))
              for i, c in enumerate(_fix_colors(st))]
    seats = seats_for(shell, st["players"], [str(i) for i in range(len(st["players"]))],
                      error_texts(shell, st["name_errors"]), low=ENGINE.min_players, colors=colors)
    out.append(seat_editor(seats, on_name=act["on_name"], on_remove=act["on_remove"], on_color=act["on_color"],
                           add=add_seat(shell, len(st["players"]), ENGINE.max_players, act["on_add"],
                                        low=ENGINE.min_players),
                           fields=fields.names))
    return out


# --- setup: house rules -----------------------------------------------------------------------
def _figures_stepper(shell: Any, st: dict[str, Any], fields: _Fields) -> ft.Control:
    n = len(st["players"])
    figures = st["figures"] or default_figures(n)  # vx.setup: the engine's default for this many players

    def set_figures(v: int) -> None:
        fields.sync()
        st["figures"] = v
        st["figures_note"] = None
        shell.render()

    note = st.get("figures_note")
    words = shell.t("vx.setup.figures_changed", **note) if note and st["figures"] is None else None
    label = shell.t("vx.setup.figures")
    return stepper(label, figures, 1, 6, set_figures, label + " −", label + " +", note=words)


def _rules_block(shell: Any, st: dict[str, Any], fields: _Fields) -> list[ft.Control]:
    def set_wurm(e: Any) -> None:
        fields.sync()
        st["wurminator"] = bool(e.control.value)
        shell.render()

    def set_bite(e: Any) -> None:
        fields.sync()
        st["bite_takes"] = e.control.value
        shell.render()

    out: list[ft.Control] = [section_title(shell.t("setup.options")), _figures_stepper(shell, st, fields),
                             ft.Switch(label=shell.t("vx.setup.wurminator"), value=st["wurminator"],
                                       on_change=set_wurm)]
    if st["wurminator"]:
        radios = ft.RadioGroup(value=st["bite_takes"], on_change=set_bite, content=ft.Column(
            [ft.Radio(value=v, label=shell.t(f"vx.setup.bite.{v}")) for v in ("smallest", "largest")], spacing=0))
        out.append(ft.Column([ft.Text(shell.t("vx.setup.bite_takes"), size=15), radios], spacing=2))
    return out


# --- setup: the parcours ----------------------------------------------------------------------
class _Parcours:
    """The layout as laid on the table: typed line, palette, tappable chips, edit bar and guards."""

    def __init__(self, shell: Any, st: dict[str, Any], fields: _Fields) -> None:
        self.shell, self.st, self.fields = shell, st, fields
        self.guard_letter = shell.t("vx.letter.guard")
        summary, self.tiles, err = _layout_summary(shell, st["layout"])
        if self.tiles is None or st.get("sel") is not None and not 1 <= st["sel"] <= len(self.tiles):
            st["sel"] = None
        shown = st.get("layout_error")
        self.summary = ft.Text(shown or summary, size=14,
                               color=ft.Colors.RED_800 if (shown or err) else ft.Colors.BLUE_GREY_700)
        self.strip_box = ft.Container()
        self.guard_box = ft.Container()
        self.edit_box = ft.Container()
        self.palette_label = ft.Text(size=14)
        self.hint = ft.Text(shell.t("vx.setup.tap_hint"), size=13, color=ft.Colors.BLUE_GREY_700,
                            visible=bool(self.tiles))
        self.fill_boxes(self.tiles)

    # taps ---------------------------------------------------------------------------------
    def set_layout(self, new: tuple[Tile, ...], sel: int | None) -> None:
        """A tap changed the layout: the text form shows it, the guards start on its tiles again."""
        self.st["layout"] = format_layout(new)
        _layout_reset(self.st, sel if sel is not None and 1 <= sel <= len(new) else None)
        self.shell.render()

    def current(self) -> tuple[Tile, ...] | None:
        self.fields.sync()
        try:
            return parse_layout(self.st["layout"])
        except InvalidInput as exc:
            self.st["layout_error"] = exc.message(self.shell.lang)
            self.shell.render()
            return None

    def selected(self) -> tuple[tuple[Tile, ...], int] | None:
        """The layout and the chosen tile, if both still hold (a typed change drops the selection)."""
        now = self.current()
        sel = self.st.get("sel")
        if now is None or sel is None or not 1 <= sel <= len(now):
            return None
        return now, sel

    def tap_tile(self, pos: int) -> None:
        self.fields.sync()
        if self.tiles is None:
            return
        self.st["sel"] = None if self.st.get("sel") == pos else pos
        self.shell.render()

    def remove_tile(self, e: Any) -> None:
        got = self.selected()
        if got is not None:
            now, sel = got
            new = now[: sel - 1] + now[sel:]
            self.set_layout(new, min(sel, len(new)) if new else None)

    def shift(self, d: int) -> None:
        got = self.selected()
        if got is None or not 1 <= got[1] + d <= len(got[0]):
            return
        lst, sel = list(got[0]), got[1]
        lst[sel - 1], lst[sel - 1 + d] = lst[sel - 1 + d], lst[sel - 1]
        self.set_layout(tuple(lst), sel + d)

    def deselect(self, e: Any) -> None:
        self.fields.sync()
        self.st["sel"] = None
        self.shell.render()

    def append(self, token: str) -> None:
        self.fields.sync()
        st = self.st
        if st.get("sel") is not None:
            now = self.current()
            if now is None:
                return
            sel = st.get("sel")
            if sel is not None and 1 <= sel <= len(now):  # the chosen tile stays chosen: the next tap inserts after it
                self.set_layout(now[: sel - 1] + parse_layout(token) + now[sel - 1:], sel + 1)
                return
        st["layout"] = (st["layout"].rstrip() + " " + token).strip()
        _layout_reset(st, st.get("sel"))
        self.shell.render()

    def drop_last(self, e: Any) -> None:
        self.fields.sync()
        self.st["layout"] = _drop_last(self.st["layout"])
        _layout_reset(self.st, self.st.get("sel"))
        self.shell.render()

    def clear(self, e: Any) -> None:
        self.fields.sync()
        self.st["layout"] = ""
        _layout_reset(self.st)
        self.shell.render()

    def layout_changed(self, e: Any) -> None:
        st = self.st
        st["layout"] = e.control.value or ""
        _layout_reset(st)
        s, t, bad = _layout_summary(self.shell, st["layout"])
        try:  # in place, so the field keeps its cursor
            self.summary.value = s
            self.summary.color = ft.Colors.RED_800 if bad else ft.Colors.BLUE_GREY_700
            self.hint.visible = bool(t)
            if t is not None:
                self.fill_boxes(t)
            else:  # keep the last good picture while typing; its taps wait for a valid line
                self.edit_box.content = None
                self.guard_box.content = None
                self.palette_label.value = self.palette_words(None)
        except RuntimeError:  # Flet froze these controls when it diffed the last render: draw anew
            self.shell.render()

    # pictures -----------------------------------------------------------------------------
    def fill_boxes(self, t: tuple[Tile, ...] | None) -> None:
        self.strip_box.content = self.strip_for(t)
        self.edit_box.content = self.edit_bar(t)
        self.guard_box.content = _guard_rows(self.shell, self.st, self.fields, t)
        self.palette_label.value = self.palette_words(t)

    def strip_for(self, t: tuple[Tile, ...] | None) -> ft.Control | None:
        if not t:
            return None
        named = {"start": self.shell.t("vx.pos.start"), "goal": self.shell.t("vx.pos.goal")}
        slots = [dataclasses.replace(s, words=named.get(s.kind, "")) for s in
                 _layout_slots(t, self.guard_letter, _setup_guards(self.st, t), self.st.get("sel"))]
        return tile_strip(slots, on_tap=self.tap_tile, slot_w=TAP_SLOT_W,
                          tap_label=lambda s: self.shell.t("vx.setup.tile_chip", n=s.position, tile=s.label))

    def palette_words(self, t: tuple[Tile, ...] | None) -> str:
        sel = self.st.get("sel")
        if t and sel is not None:
            return self.shell.t("vx.setup.palette_before", where=_slot_text(self.shell, t, sel))
        return self.shell.t("vx.setup.palette")

    def edit_bar(self, t: tuple[Tile, ...] | None) -> ft.Control | None:
        sel, t_ = self.st.get("sel"), self.shell.t
        if not t or sel is None:
            return None
        head = ft.Row([
            ft.Text(t_("vx.setup.selected", where=_slot_text(self.shell, t, sel)), size=15,
                    weight=ft.FontWeight.BOLD, expand=True),
            ft.IconButton(icon=ft.Icons.CLOSE, icon_size=26, width=TOUCH, height=TOUCH, tooltip=t_("vx.setup.deselect"),
                          on_click=self.deselect),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER)
        moves = ft.Row([
            ft.IconButton(icon=ft.Icons.CHEVRON_LEFT, icon_size=30, width=TOUCH, height=TOUCH, tooltip=t_("vx.setup.move_left"),
                          disabled=sel <= 1, on_click=lambda e: self.shift(-1)),
            ft.IconButton(icon=ft.Icons.CHEVRON_RIGHT, icon_size=30, width=TOUCH, height=TOUCH,
                          tooltip=t_("vx.setup.move_right"),
                          disabled=sel >= len(t), on_click=lambda e: self.shift(1)),
            ft.OutlinedButton(content=t_("vx.setup.remove"), icon=ft.Icons.DELETE_OUTLINE, height=TOUCH,
                              on_click=self.remove_tile),
        ], spacing=8)
        return ft.Column([head, moves], spacing=0)

    def palette(self) -> ft.Control:
        buttons = [_palette_button(self.shell, tok, lambda e, tok=tok: self.append(tok)) for tok in PALETTE]
        buttons.append(ft.IconButton(icon=ft.Icons.BACKSPACE_OUTLINED, tooltip=self.shell.t("vx.setup.del_last"),
                                     on_click=self.drop_last, icon_size=28, width=TOUCH, height=TOUCH))
        buttons.append(ft.IconButton(icon=ft.Icons.DELETE_SWEEP_OUTLINED, tooltip=self.shell.t("vx.setup.clear"),
                                     on_click=self.clear, icon_size=28, width=TOUCH, height=TOUCH))
        return ft.Row(buttons, wrap=True, spacing=4, run_spacing=4)

    def controls(self) -> list[ft.Control]:
        field = ft.TextField(label=self.shell.t("vx.setup.layout"), value=self.st["layout"], multiline=True,
                             min_lines=1, max_lines=4, on_change=self.layout_changed)
        self.fields.text["layout"] = field
        # the palette above the chips: inserting or removing tiles never moves it under the finger;
        # the hint is always there (hidden without tiles): the same rows on every render
        return [section_title(self.shell.t("vx.setup.layout_title")), field, self.summary, self.palette_label,
                self.palette(), self.hint, self.strip_box, self.edit_box, self.guard_box]


def _guard_row(shell: Any, t: tuple[Tile, ...], g: int, p: int, letter: str,
               move: Callable[[int, int], None]) -> ft.Control:
    chip = ft.Container(width=30, height=22, bgcolor=GUARD_COLOR, border_radius=3, alignment=ft.Alignment.CENTER,
                        content=ft.Text(f"{letter}{g + 1}", size=12, weight=ft.FontWeight.BOLD,
                                        color=ft.Colors.WHITE, no_wrap=True))
    step = stepper("", p, 1, len(t), lambda to: move(g, to), shell.t("vx.setup.guard_back", g=g + 1),
                   shell.t("vx.setup.guard_fwd", g=g + 1),
                   text=shell.t("vx.setup.guard_line", g=g + 1, where=_slot_text(shell, t, p)))
    return ft.Row([chip, ft.Container(step, expand=True)], spacing=4,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _guard_rows(shell: Any, st: dict[str, Any], fields: _Fields, t: tuple[Tile, ...] | None) -> ft.Control | None:
    """vx.setup: the guards start on the first plus or G tiles; each can be moved a tile back or forward."""
    if t is None:
        return None
    guards = _setup_guards(st, t)
    out: list[ft.Control] = [section_title(shell.t("vx.setup.guards_title"))]
    if not guards:
        out.append(ft.Text(shell.t("vx.setup.no_guards"), size=14, color=ft.Colors.BLUE_GREY_700))

    def move_guard(g: int, to: int) -> None:
        fields.sync()
        now = _setup_guards(st, t)
        to = max(1, min(len(t), to))  # a guard off the line comes back onto it
        if g < len(now) and to != now[g]:
            now[g] = to
            st["guards"], st["guard_error"] = now, None
            shell.render()

    def reset(e: Any) -> None:
        fields.sync()
        st["guards"], st["guard_error"] = None, None
        shell.render()

    letter = shell.t("vx.letter.guard")
    out += [_guard_row(shell, t, g, p, letter, move_guard) for g, p in enumerate(guards)]
    if st.get("guards") is not None:
        out.append(ft.TextButton(content=shell.t("vx.setup.guards_reset"), icon=ft.Icons.RESTART_ALT, on_click=reset))
    exc = st.get("guard_error")
    if exc is not None:
        rule = exc.rule
        out.append(refusal_line(shell.err_text(exc), shell.t("play.why", rule=rule) if rule else None,
                                (lambda: shell.show_rule(rule)) if rule else None))
    return ft.Column(out, spacing=0)


# --- setup: the table's tile set (confirmed once, remembered) -------------------------------------
def _tile_set_words(shell: Any, text: str) -> str:
    tiles = parse_layout(text)
    kinds = [t.kind for t in tiles]
    return shell.t("vx.setup.tile_set_ok", count=len(tiles), plus=kinds.count("plus"), minus=kinds.count("minus"),
                   lucky=kinds.count("lucky"))


def _tile_set_actions(shell: Any, st: dict[str, Any], fields: _Fields) -> dict[str, Callable[[Any], None]]:
    def checked() -> tuple[Tile, ...] | None:
        fields.sync()
        try:
            return parse_layout(st["tile_set"])
        except InvalidInput as exc:
            st["tile_set_error"] = exc.message(shell.lang)
            shell.render()
            return None

    def randomize(e: Any) -> None:
        tile_set = checked()
        if tile_set is not None:
            st["tile_set_error"] = None
            st["layout"] = format_layout(random_layout(Dice().source, tile_set))
            _layout_reset(st)
            shell.render()

    def confirm(e: Any) -> None:
        if checked() is not None:
            st["tile_set"] = format_layout(parse_layout(st["tile_set"]))
            st["tile_set_error"], st["tile_set_confirmed"] = None, True
            _remember_tile_set(shell, st["tile_set"])
            shell.render()

    def change(e: Any) -> None:
        fields.sync()
        st["tile_set_confirmed"] = False
        shell.render()

    def reset(e: Any) -> None:
        fields.sync()
        st["tile_set"], st["tile_set_error"] = format_layout(DEFAULT_TILE_SET), None
        shell.render()

    return {"randomize": randomize, "confirm": confirm, "change": change, "reset": reset}


def _tile_set_block(shell: Any, st: dict[str, Any], fields: _Fields) -> list[ft.Control]:
    act = _tile_set_actions(shell, st, fields)
    out: list[ft.Control] = [section_title(shell.t("vx.setup.tile_set_title"))]
    if st.get("tile_set_confirmed") and not st.get("tile_set_error"):
        out.append(ft.Row([
            ft.Icon(ft.Icons.CHECK_CIRCLE_OUTLINE, color=ft.Colors.GREEN_800, size=22),
            ft.Text(_tile_set_words(shell, st["tile_set"]), size=14, expand=True),
            ft.TextButton(content=shell.t("vx.setup.tile_set_change"), on_click=act["change"], height=TOUCH),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER))
    else:
        def set_text(e: Any) -> None:
            st["tile_set"], st["tile_set_error"] = e.control.value or "", None

        fields.text["tile_set"] = ft.TextField(label=shell.t("vx.setup.tile_set"), value=st["tile_set"],
                                               multiline=True, min_lines=1, max_lines=4, on_change=set_text,
                                               text_size=13)
        out += [ft.Text(shell.t("vx.setup.tile_set_ask"), size=14), fields.text["tile_set"]]
        if st.get("tile_set_error"):
            out.append(error_text(st["tile_set_error"]))
        out.append(ft.Row([
            big_button(shell.t("vx.setup.tile_set_confirm"), act["confirm"], color=ft.Colors.GREEN_100),
            ft.TextButton(content=shell.t("vx.setup.tile_set_reset"), on_click=act["reset"], height=TOUCH),
        ], wrap=True, spacing=8, run_spacing=4))
    out.append(big_button(shell.t("vx.setup.random"), act["randomize"], color=ft.Colors.AMBER_200))
    return out


# --- setup: start ----------------------------------------------------------------------------
def _start(shell: Any, st: dict[str, Any], fields: _Fields) -> None:
    fields.sync()
    try:
        layout = parse_layout(st["layout"])
    except InvalidInput as exc:
        st["layout_error"], st["start_error"] = exc.message(shell.lang), exc
        shell.refusal = None
        shell.render()
        return
    names, problems = check_names(shell, st["players"])
    st["name_errors"] = [p.model_dump() for p in problems]
    st["start_error"] = st["name_errors"][0] if problems else None
    if problems:
        shell.refusal = None
        shell.render()
        return
    players = [PlayerSpec(name=n, color=COLOR_OF[c], profile_id=pid)
               for n, c, pid in zip(names, _fix_colors(st), st["profiles"])]
    options = {
        "layout": [str(t) for t in layout],
        "figures_per_player": st["figures"] or default_figures(len(players)),
        "wurminator": st["wurminator"],
        "bite_takes": st["bite_takes"],
        "first_seat": 0,  # the youngest sits first
        "guards": _setup_guards(st, layout),
    }
    st["guard_error"] = None
    shell.start_game(GAME, players, options)
    err = shell.refusal
    if shell.table is None and err is not None and _about_guards(err):
        st["guard_error"] = err  # shown by the guards, with what was entered
        shell.refusal = None
        shell.render()


def _start_block(shell: Any, st: dict[str, Any], fields: _Fields) -> list[ft.Control]:
    out: list[ft.Control] = start_controls(shell, st.get("start_error"), lambda e: _start(shell, st, fields))
    out.append(ft.OutlinedButton(content=shell.t("vx.setup.quick"), icon=ft.Icons.CALCULATE_OUTLINED,
                                 on_click=lambda e: shell.go("vx_quick"), height=TOUCH))
    return out


def setup_view(shell: Any) -> ft.Control:
    st = _setup_state(shell)
    fields = _Fields(st)
    rows: list[ft.Control] = [section_title(shell.t("vx.setup.title"))]
    rows += _seat_block(shell, st, fields)
    rows += _rules_block(shell, st, fields)
    rows += _Parcours(shell, st, fields).controls()
    rows += _tile_set_block(shell, st, fields)
    rows += _start_block(shell, st, fields)
    return ft.Column(rows, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


# --- play ------------------------------------------------------------------------------
def seat_color(shell: Any, seat: int) -> str:
    """The colour the player picked at setup (``PlayerSpec.color``), else the seat's default."""
    table = getattr(shell, "table", None)
    players = table.players if table is not None else ()
    color = players[seat].color if 0 <= seat < len(players) else None
    return color or PLAYER_COLORS[seat % len(PLAYER_COLORS)]


def text_on(color: str) -> str:
    return TEXT_ON.get(color, ft.Colors.WHITE.value)


def _letters(names: tuple[str, ...]) -> list[str] | None:
    """Each player's initial, if the initials tell the players apart (else None: seat numbers)."""
    first = [(n.strip()[:1] or "?").upper() for n in names]
    return first if len(set(first)) == len(first) else None


def figure_label(state: Any, seat: int, fig: int) -> str:
    """"A2": Ana's second figure; "2.1" when two names share an initial."""
    letters = _letters(state.names)
    many = len(state.figures[seat]) > 1
    if letters is None:
        return f"{seat + 1}.{fig + 1}" if many else str(seat + 1)
    return letters[seat] + str(fig + 1) if many else letters[seat]


def pos_text(shell: Any, state: Any, p: int) -> str:
    if p <= 0:
        return shell.t("vx.pos.start")
    if p >= state.goal:
        return shell.t("vx.pos.goal")
    tile = state.tile_at(p)
    if tile is None:
        return shell.t("vx.pos.gap_slot", n=p)
    return shell.t("vx.pos.slot", n=p, tile=tile_text(tile))


def board_slots(shell: Any, state: Any, highlight: set[int] | None = None) -> list[Slot]:
    """The strip's slots, each named as a screen reader reads it: "Feld 2 (−1): A1, Wächter"."""
    highlight = highlight or set()
    pieces: dict[int, list[Piece]] = {}
    said: dict[int, list[str]] = {}  # the pieces' words: a figure by its letter, guard and Wurminator by name
    for seat, figs in enumerate(state.figures):
        for i, p in enumerate(figs):
            color = seat_color(shell, seat)
            label = figure_label(state, seat, i)
            pieces.setdefault(p, []).append(Piece(label, color, text_on(color)))
            said.setdefault(p, []).append(label)
    for p in state.guards:
        pieces.setdefault(p, []).append(Piece(shell.t("vx.letter.guard"), GUARD_COLOR, round=False))
        said.setdefault(p, []).append(shell.t("vx.slot.guard"))
    if state.wurminator is not None:
        pieces.setdefault(state.wurminator, []).append(Piece(shell.t("vx.letter.wurm"), WURM_COLOR, round=False))
        said.setdefault(state.wurminator, []).append(shell.t("vx.slot.wurm"))

    def words(p: int) -> str:
        place = pos_text(shell, state, p)
        return shell.t("vx.slot.words", place=place, pieces=", ".join(said[p])) if p in said else place

    slots = [Slot(0, "S", "start", tuple(pieces.get(0, ())), 0 in highlight, words(0))]
    for i, t in enumerate(state.parcours, start=1):
        slots.append(Slot(i, tile_text(t) if t else "", t.kind if t else "gap", tuple(pieces.get(i, ())),
                          i in highlight, words(i)))
    g = state.goal
    slots.append(Slot(g, "Z", "goal", tuple(pieces.get(g, ())), g in highlight, words(g)))
    return slots


def action_label(shell: Any, state: Any, action: Any) -> str:
    """One line for a legal action, from the engine's preview: where it lands, what it takes or bites."""
    if isinstance(action, SkipWurminator):
        return shell.t("vx.play.skip_wurm")
    pv = move_preview(state, action)
    if isinstance(action, MoveFigure):
        src = state.figures[action.by][action.figure]
        text = shell.t("vx.play.move_figure", fig=figure_label(state, action.by, action.figure),
                       src=pos_text(shell, state, src), dst=pos_text(shell, state, pv.landing))
    elif isinstance(action, MoveGuard):
        src = state.guards[action.guard]
        text = shell.t("vx.play.move_guard", src=pos_text(shell, state, src), dst=pos_text(shell, state, pv.landing))
    else:
        text = shell.t("vx.play.move_wurm", src=pos_text(shell, state, state.wurminator or 0),
                       dst=pos_text(shell, state, pv.landing))
    if pv.collected:
        text += shell.t("vx.play.takes", tiles=tiles_text(pv.collected))
    bitten = []
    for ev in pv.bites:
        if ev.seat is not None and state.names[ev.seat] not in bitten:
            bitten.append(state.names[ev.seat])
    if bitten:
        text += shell.t("vx.play.bites", names=", ".join(bitten))
    return text


def _button_text(weight: ft.FontWeight) -> ft.TextStyle:
    """A button's own text at 16 px, drawn as a Text inside it was (Material's label line: height
    20/14, spacing 0.1): the same size of button without a Text control."""
    return ft.TextStyle(size=16, weight=weight, height=20 / 14, letter_spacing=0.1)


def _move_button(text: str, on_click: Any, color: str, text_color: str) -> ft.Control:
    """Full width (the moves' column stretches it), at least 48 px high; long lines wrap instead of
    being cut. One control: the words are the button's own text, styled by the button (issue 18:
    was a Row, the Button and a Text)."""
    return ft.Button(
        content=text,
        on_click=on_click,
        bgcolor=color,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12), color=text_color,
                             text_style=_button_text(ft.FontWeight.W_600),
                             padding=ft.Padding.symmetric(horizontal=14, vertical=15),
                             visual_density=ft.VisualDensity.STANDARD),  # desktop browsers too: >= 48 px
    )


def _parse_roll(text: str) -> list[int]:
    return [int(x) for x in re.findall(r"\d+", text or "")][:8]


def roll_controls(shell: Any, state: Any) -> list[ft.Control]:
    key = ("vx_typed", shell.table.id)
    field = ft.TextField(label=shell.t("vx.play.typed_roll"), value=shell.ui.get(key, ""),
                         keyboard_type=ft.KeyboardType.NUMBER, dense=True, expand=True)

    def changed(e: Any) -> None:
        shell.ui[key] = e.control.value

    def apply_typed(e: Any) -> None:
        # the field's value is patched in order; its change event may run after this click
        if field.value is not None:
            shell.ui[key] = field.value
        values = _parse_roll(shell.ui.get(key, ""))
        if len(values) != 1:
            shell.refuse(InvalidInput("vx_bad_roll", rule="vx.move",
                                      value=shell.ui.get(key, "").strip() or shell.t("vx.play.bad_typed")))
            return
        if shell.roll(values):
            shell.ui.pop(key, None)
            shell.render()

    field.on_change = changed
    field.on_submit = apply_typed
    return [
        ft.Row([big_button(shell.t("play.roll"), lambda e: shell.roll(), color=ft.Colors.INDIGO_600,
                           text_color=ft.Colors.WHITE, expand=True)]),  # the whole width: one thumb, no aiming
        real_dice_entry(shell),
        ft.Row([field, big_button(shell.t("play.typed_roll_apply"), apply_typed)]),
    ]


DICE_KEY = "dice_entry"


def _dice_memory(shell: Any) -> dict[str, int] | None:
    """The faces tapped so far for this roll, if the player opened "Echte Würfel" (else None)."""
    return opened(shell.ui, (DICE_KEY, shell.table.id), shell.table.seq)


def real_dice_entry(shell: Any) -> ft.Control:
    """The d6 the engine asks for (``pending_roll``, vx.move), set by tapping its face: the faces
    are built only while "Echte Würfel" is open (issue 15.3); the die in the roller's colour."""
    table = shell.table
    key = (DICE_KEY, table.id)
    values = _dice_memory(shell)
    req = table.game.pending_roll(table.state) if values is not None else None
    slots = None
    if req is not None:
        color = seat_color(shell, req.by)
        slots = slots_for(req.dice, lambda d: DieSlot(d.name, d.sides, shell.t("vx.play.die"), shell.t("vx.play.die"),
                                                       color, text_on(color)))

    def flip() -> None:
        toggle(shell.ui, key, table.seq)
        shell.render()

    def set_value(k: str, v: int) -> None:
        live = _dice_memory(shell)
        if live is not None:
            live[k] = v
        shell.render()

    def apply(vals: list[int]) -> None:
        shell.roll(vals)  # taken: the table's seq moves on and the open faces are forgotten (``opened``)

    return real_dice(slots, values, on_toggle=flip, on_set=set_value, on_apply=apply,
                     texts=DiceEntryTexts(apply=shell.t("dice.apply_one" if len(slots or ()) == 1 else "dice.apply"),
                                          face=shell.t("dice.face"), missing=shell.t("dice.missing"),
                                          ready=shell.t("dice.ready"), toggle=shell.t("dice.toggle")))


def _locked_guard_chip(shell: Any, state: Any, p: int, err: RefereeError) -> ft.Control:
    """A compact chip (the tile, as on the board); its place and the refusal's words are its tooltip and label."""
    tile = state.tile_at(p) if 0 < p < state.goal else None
    words = shell.t("vx.play.locked_tip", place=pos_text(shell, state, p), why=err.message(shell.lang))
    chip = ft.OutlinedButton(
        content=tile_text(tile) if tile is not None else pos_text(shell, state, p),  # no Text control (issue 18)
        icon=ft.Icons.LOCK_OUTLINE,
        height=TOUCH,
        tooltip=words,
        on_click=lambda e: shell.refuse(err),  # the refusal with its rule link, under the moves
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10),
                             text_style=_button_text(ft.FontWeight.BOLD)),
    )
    return ft.Semantics(label=words, button=True, content=chip, exclude_semantics=True)


def _locked_guards(shell: Any, state: Any) -> list[ft.Control]:
    """Guards that may not move now, each tappable: the engine says why (vx.guard, vx.wurm.guard)."""
    seen: set[int] = set()
    chips = []
    for g, p in enumerate(state.guards):
        if p in seen or p >= state.goal:
            continue
        seen.add(p)
        why = explain_target(state, state.turn, ("guard", g))  # a move when it may move: among the moves
        if isinstance(why, RefereeError):
            chips.append(_locked_guard_chip(shell, state, p, why))
    if not chips:
        return []
    return [ft.Text(shell.t("vx.play.locked"), size=13, color=ft.Colors.BLUE_GREY_700),
            ft.Row(chips, wrap=True, spacing=6, run_spacing=6)]


def _advice_controls(shell: Any, state: Any) -> list[ft.Control]:
    tips = advise(state)
    if not tips:
        return []
    best = max(tips, key=lambda a: (a.expected, a.immediate))
    lines: list[ft.Control] = [
        ft.Text(shell.t("vx.play.advice_best", move=action_label(shell, state, best.action)), size=15,
                weight=ft.FontWeight.BOLD, color=ft.Colors.TEAL_900)
    ]
    for a in sorted(tips, key=lambda a: -a.expected):
        lines.append(ft.Text(shell.t("vx.play.advice_line", move=action_label(shell, state, a.action),
                                     now=f"{a.immediate:+d}".replace("-", "−"),
                                     ahead=_fmt_num(shell, a.expected)), size=14))
    lines.append(ft.Text(shell.t("vx.play.advice_note"), size=12, color=ft.Colors.BLUE_GREY_600))
    return [ft.Container(content=ft.Column(lines, spacing=2), bgcolor=ft.Colors.TEAL_50, border_radius=10, padding=8)]


def _event_lines(shell: Any, state: Any) -> list[str]:
    out = []
    for ev in state.events:
        name = state.names[ev.seat] if ev.seat is not None else ""
        if ev.kind == "bite_empty":
            continue
        out.append(shell.t(f"vx.play.events.{ev.kind}", name=name, tile=tile_text(ev.tile)))
    return out


def piles_view(shell: Any, state: Any) -> ft.Control:
    cards = []
    goal = state.goal
    for seat, name in enumerate(state.names):
        pile = state.piles[seat]
        points = score_tiles(pile).total
        out = all(p == goal for p in state.figures[seat])
        head = shell.t("vx.play.pile_line", name=name, points=points)
        if out:
            head += " · " + shell.t("vx.play.out")
        tiles = tiles_text(pile)
        # Issue 18: whose turn it is (the card's colour) changes with every move. The colour is a box
        # of its own behind the card's words (filling the stack), so a move rebuilds that one box on
        # the phone, not the card with its bar and two lines (6 controls per pile, two piles a move).
        shade = ft.Container(
            bgcolor=ft.Colors.AMBER_50 if seat == state.turn and state.phase != "over" else ft.Colors.BLUE_GREY_50,
            border_radius=10, left=0, top=0, right=0, bottom=0,
        )
        color, lines = seat_color(shell, seat), (head, tiles or shell.t("vx.play.pile_empty"))
        # the words and the seat's bar stay the same objects while they read the same (Shell.memo):
        # a move that only passes the turn builds each pile's shade and frame, not its 6 controls
        # (on the server: less for Flet to build and diff before the phone gets the patch)
        words_box = shell.memo((shell.table.id, "pile", seat), (color, lines), lambda color=color, lines=lines: ft.Container(
            padding=ft.Padding.symmetric(horizontal=10, vertical=6),
            content=ft.Row([
                ft.Container(width=10, height=36, bgcolor=color, border_radius=3),
                ft.Column([
                    ft.Text(lines[0], size=15, weight=ft.FontWeight.BOLD),
                    ft.Text(lines[1], size=15, color=ft.Colors.BLUE_GREY_800),
                ], spacing=0, expand=True),
            ]),
        ))
        card = ft.Stack([shade, words_box])
        # one semantics node per pile, read as a whole ("Ana: 3 Punkte, Tafeln: −2 +5"); its two
        # lines have none of their own (issue 18)
        words = shell.t("vx.play.pile_words" if tiles else "vx.play.pile_words_empty", line=head, tiles=tiles)
        cards.append(ft.Semantics(container=True, label=words, exclude_semantics=True, content=card))
    # its own semantics node (see ``isolated``): the side's blocks above it change height per tap
    return isolated(ft.Column([own_node(section_title(shell.t("vx.play.piles"))), *cards], spacing=6))


def last_move_line(shell: Any) -> str | None:
    """The last move made (by any phone) and what it took or bit, from the state before it."""
    table = shell.table
    if table.cursor == 0:
        return None
    rec = table.record.actions[table.cursor - 1]
    if rec.action.get("type") == "roll":
        return None
    key = ("vx_last", table.id)
    mark = (table.cursor, repr(rec.action), shell.lang)
    cached = shell.ui.get(key)
    if cached and cached[0] == mark:
        return cached[1]
    try:
        before = table.state_at(table.cursor - 1)
        action = ENGINE.parse_action(rec.action)
        text = shell.t("vx.play.last_move", name=before.names[action.by], move=action_label(shell, before, action))
    except (Refusal, InvalidInput, AttributeError, IndexError):
        text = None
    shell.ui[key] = (mark, text)
    return text


def _roll_line(shell: Any, roll_text: str, words: str | None) -> ft.Control:
    """The rolled value, big, with what it is for: right above the moves it allows."""
    parts: list[ft.Control] = [ft.Container(
        content=ft.Row([ft.Icon(ft.Icons.CASINO_OUTLINED, color=ft.Colors.WHITE, size=22),
                        ft.Text(roll_text, size=18, weight=ft.FontWeight.BOLD, color=ft.Colors.WHITE)],
                       spacing=6, tight=True),
        bgcolor=ft.Colors.INDIGO_600, border_radius=8, padding=ft.Padding.symmetric(horizontal=10, vertical=6),
    )]
    if words:
        parts.append(ft.Text(words, size=15, weight=ft.FontWeight.BOLD, color=ft.Colors.BLUE_GREY_700, expand=True))
    return ft.Row(parts, spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER)


# Portrait: one column, the moves first (under the roll), the board and the piles below them.
# Landscape (>= 576 px wide): the moves on the left, the board and the piles beside them.
SIDE_COL = {"xs": 12, "sm": 5}
BOARD_COL = {"xs": 12, "sm": 7}


def _header(shell: Any, state: Any) -> ft.Control:
    """Whose turn, with undo and redo; the same controls while it looks the same (Shell.memo)."""
    table, me = shell.table, state.turn
    turn_text = shell.t("play.turn_of", name=state.names[me])
    may_undo, may_redo = table.may_undo(shell.seats), table.may_redo(shell.seats)
    tips = (shell.t("play.undo"), shell.t("play.redo"))
    me_color = seat_color(shell, me)

    def header() -> ft.Control:
        # on a seat's own phone: only that seat's moves are taken back or redone. Undo and redo are
        # the same buttons while they look the same (a move changes whose turn it is, not them).
        undo = shell.memo((table.id, "header-undo"), (tips[0], may_undo), lambda: ft.IconButton(
            icon=ft.Icons.UNDO, tooltip=tips[0], on_click=lambda e: shell.undo(),
            disabled=not may_undo, icon_size=28, width=TOUCH, height=TOUCH, key="undo"))
        redo = shell.memo((table.id, "header-redo"), (tips[1], may_redo), lambda: ft.IconButton(
            icon=ft.Icons.REDO, tooltip=tips[1], on_click=lambda e: shell.redo(),
            disabled=not may_redo, icon_size=28, width=TOUCH, height=TOUCH, key="redo"))
        return ft.Row([
            ft.Container(width=12, height=30, bgcolor=me_color, border_radius=3, key="color"),
            ft.Text(turn_text, size=19, weight=ft.FontWeight.BOLD, expand=True, key="turn"),
            undo, redo,
        ], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)

    return keyed(shell.memo((table.id, "header"), (turn_text, may_undo, may_redo, tips, me_color), header),
                 "header")


def _roll_block(shell: Any, state: Any) -> ft.Control:
    """The roll controls stay mounted (hidden while a move is chosen): after every move they
    come back as the same controls instead of a new text field and buttons each turn."""
    table = shell.table
    typed = shell.ui.get(("vx_typed", table.id), "")
    tapped = _dice_memory(shell)  # the real dice open: their faces and what was tapped
    dice = None if tapped is None else (table.seq, tuple(sorted(tapped.items())))
    roll_block = shell.memo((table.id, "roll-block"), (shell.lang, typed, dice),
                            lambda: ft.Column(roll_controls(shell, state), spacing=8))
    return keyed(ft.Container(roll_block, visible=state.phase == "roll"), "roll-block")


def _waiting(shell: Any, state: Any, roll_text: str | None) -> list[ft.Control]:
    """Another seat's phone: everyone sees the board, only the player on turn acts."""
    waiting = {"roll": "vx.play.other_rolls", "wurminator": "vx.play.other_wurm"}.get(state.phase,
                                                                                      "vx.play.other_moves")
    out: list[ft.Control] = []
    if roll_text is not None and state.phase != "roll":
        out.append(keyed(_roll_line(shell, roll_text, None), "roll-line"))
    out.append(keyed(info_line(shell.t(waiting, name=state.names[state.turn])), "waiting"))
    return out


def _move_colors(shell: Any, state: Any, a: Any) -> tuple[str, str]:
    if isinstance(a, MoveFigure):
        me_color = seat_color(shell, state.turn)
        return me_color, text_on(me_color)
    if isinstance(a, MoveGuard):
        return ft.Colors.BLUE_GREY_100, ft.Colors.BLACK
    if isinstance(a, MoveWurminator):
        return ft.Colors.BROWN_100, ft.Colors.BROWN_900
    return ft.Colors.GREY_200, ft.Colors.BLACK


def _moves(shell: Any, state: Any, legal: list[Any], roll_text: str) -> ft.Control:
    """The roll, right above the moves it allows, and the guards it does not move."""
    title = shell.t("vx.play.moves_with" if state.phase == "move" else "vx.play.wurm_phase")
    table = shell.table

    def block() -> ft.Control:
        moves: list[ft.Control] = []
        for a in legal:
            bg, fg = _move_colors(shell, state, a)
            moves.append(_move_button(action_label(shell, state, a), lambda e, a=a: shell.submit(a), bg, fg))
        if state.phase == "move":
            moves += _locked_guards(shell, state)
        # stretched: each move button is as wide as the column (no Row around it)
        return ft.Column(moves, spacing=8, key=f"actions-{state.phase}",
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    # Issue 18: the moves (their labels, colours, targets and the locked guards' refusals) follow
    # from the state, the language and the seats' colours alone: a position shown before (an undo
    # back to it) gets the same controls again (Shell.memo).
    colors = tuple(seat_color(shell, s) for s in range(len(state.names)))
    sig = (state.model_dump_json(), shell.lang, colors)
    line = shell.memo((table.id, "roll-line"), (roll_text, title), lambda: _roll_line(shell, roll_text, title))
    moves = shell.memo((table.id, "moves"), sig, block)
    shell.ui[("vx_moves_shown", table.id)] = (line, moves)
    return _moves_box(line, moves, visible=True)


def _moves_box(line: ft.Control, moves: ft.Control, *, visible: bool) -> ft.Control:
    return keyed(ft.Container(ft.Column([keyed(line, "roll-line"), moves], spacing=8), visible=visible), "moves")


def _hidden_moves(shell: Any) -> list[ft.Control]:
    """While the player rolls, the last moves shown stay mounted, hidden (as the roll block
    does during a move): the client keeps them, so an undo back to that move brings them back
    as a change of ``visible``, not as ~30 controls sent and built again (issue 18). Hidden
    controls are not drawn, not in the semantics tree and cannot be tapped."""
    shown = shell.ui.get(("vx_moves_shown", shell.table.id))
    if shown is None:
        return []
    line, moves = (shell.reuse(c) for c in shown)
    return [_moves_box(line, moves, visible=False)]


def _news(shell: Any, state: Any) -> list[ft.Control]:
    """A refusal where the tap happened (under the roll field or the moves), the last move, events."""
    out: list[ft.Control] = []
    refusal = shell.refusal_control()
    if refusal:
        out.append(keyed(refusal, "refusal"))
    last = last_move_line(shell)
    # always there (hidden when there is none, e.g. after a roll): a move changes its words in
    # place instead of sending a new control (issue 18)
    out.append(keyed(ft.Text(last or "", size=15, weight=ft.FontWeight.W_600, color=ft.Colors.BLUE_GREY_900,
                             visible=bool(last)), "last"))
    for i, line in enumerate(_event_lines(shell, state)):
        out.append(keyed(ft.Text(line, size=14, color=ft.Colors.BLUE_GREY_800), f"event{i}"))
    return out


def _advice(shell: Any, state: Any, shown: bool) -> list[ft.Control]:
    """The advice switch and, when on, one line per legal move. The switch stays mounted, hidden
    while the player rolls: a move and its undo change its ``visible`` instead of sending it
    whole (issue 18)."""
    key = "vx_advice"

    def toggle(e: Any) -> None:
        shell.ui[key] = bool(e.control.value)
        shell.render()

    out: list[ft.Control] = [keyed(ft.Switch(label=shell.t("vx.play.advice"), value=bool(shell.ui.get(key)),
                                             on_change=toggle, visible=shown), "advice")]
    if shown and shell.ui.get(key):
        out.append(keyed(ft.Column(_advice_controls(shell, state), spacing=8), "advice-lines"))
    return out


def _side(shell: Any, state: Any, legal: list[Any], mine: bool) -> list[ft.Control]:
    """The roll and what to do with it."""
    roll_text = shell.t("vx.play.roll_chip", value=state.roll) if state.roll is not None else None
    side: list[ft.Control] = []
    if mine and state.phase in ("roll", "move", "wurminator"):
        side.append(_roll_block(shell, state))
    if not mine:
        side += _waiting(shell, state, roll_text)
    elif state.phase in ("move", "wurminator") and roll_text is not None:
        side.append(_moves(shell, state, legal, roll_text))
    elif state.phase == "roll":
        side += _hidden_moves(shell)
    side += _news(shell, state)
    if mine and state.phase in ("roll", "move", "wurminator"):
        side += _advice(shell, state, shown=state.phase != "roll")
    return side


def _board(shell: Any, state: Any, legal: list[Any]) -> list[ft.Control]:
    """The parcours (a single possible move's landing marked) and the piles."""
    table = shell.table
    landing: set[int] = set()
    if len(legal) == 1 and not isinstance(legal[0], SkipWurminator):
        landing.add(move_preview(state, legal[0]).landing)
    slots = tuple(board_slots(shell, state, landing))
    parts = shell.parts(("vx_slots", table.id), 512)
    board: list[ft.Control] = [keyed(shell.memo((table.id, "strip"), slots,
                                                lambda: tile_strip(list(slots), parts=parts)), "strip")]
    piles_sig = (tuple(state.names), tuple(tuple(p) for p in state.piles), tuple(tuple(f) for f in state.figures),
                 state.turn, state.phase, shell.lang, tuple(seat_color(shell, s) for s in range(len(state.names))))
    board.append(keyed(shell.memo((table.id, "piles"), piles_sig, lambda: piles_view(shell, state)), "piles"))
    return board


def play_view(shell: Any) -> ft.Control:
    # Blocks that look the same as last time are the same controls (Shell.memo): Flet's diff skips them.
    table = shell.table
    state = table.state
    mine = shell.seats is None or state.turn in shell.seats
    legal = ENGINE.legal(state) if mine else []
    return ft.Column([
        _header(shell, state),
        keyed(ft.ResponsiveRow([
            keyed(ft.Column(_side(shell, state, legal, mine), spacing=8, col=SIDE_COL), "side"),
            keyed(ft.Column(_board(shell, state, legal), spacing=8, col=BOARD_COL), "board"),
        ], spacing=12, run_spacing=10, vertical_alignment=ft.CrossAxisAlignment.START), "play"),
        keyed(shell.memo((table.id, "dispute"), shell.lang, lambda: dispute_button(shell)), "dispute"),
    ], spacing=8)


# --- result ------------------------------------------------------------------------------
def result_cards(shell: Any, result: Any) -> list[ft.Control]:
    cards: list[ft.Control] = []
    for p in sorted(result.players, key=lambda p: (p.place, p.seat)):
        b = p.breakdown
        lines: list[ft.Control] = [
            ft.Text(shell.t("vx.result.line", place=p.place, name=p.name, total=p.total), size=20,
                    weight=ft.FontWeight.BOLD),
            ft.Text(shell.t("vx.result.tiles", tiles=tiles_text(b["tiles"]) or "–"), size=15),
        ]
        for c in b["conversions"]:
            lines.append(ft.Text(shell.t("vx.result.turns", minus=tile_text(c["minus"]), becomes=c["becomes"]),
                                 size=15, color=ft.Colors.GREEN_900))
        if b["unused_lucky"]:
            lines.append(ft.Text(shell.t("vx.result.unused", count=b["unused_lucky"]), size=14,
                                 color=ft.Colors.BLUE_GREY_700))
        cards.append(ft.Container(
            bgcolor=ft.Colors.AMBER_50 if p.place == 1 else ft.Colors.BLUE_GREY_50,
            border_radius=10, padding=10,
            content=ft.Row([
                ft.Container(width=10, height=48, bgcolor=seat_color(shell, p.seat), border_radius=3),
                ft.Column(lines, spacing=2, expand=True),
            ]),
        ))
    return cards


def result_view(shell: Any) -> ft.Control:
    table = shell.table
    result = table.game.result(table.state)
    out: list[ft.Control] = [
        ft.Row([
            ft.Text(shell.t("result.title"), size=22, weight=ft.FontWeight.BOLD, expand=True),
            ft.IconButton(icon=ft.Icons.UNDO, tooltip=shell.t("play.undo"), on_click=lambda e: shell.undo(),
                          disabled=not table.may_undo(shell.seats), icon_size=30),
        ])
    ]
    refusal = shell.refusal_control()
    if refusal:
        out.append(refusal)
    out += result_cards(shell, result)
    out.append(ft.TextButton(content=shell.t("vx.result.why"), on_click=lambda e: shell.show_rule("vx.score")))
    out.append(big_button(shell.t("result.new_game"), lambda e: shell.go_setup(GAME), color=ft.Colors.INDIGO_600,
                          text_color=ft.Colors.WHITE))
    return ft.Column(out, spacing=10)


# --- quick score -----------------------------------------------------------------------------
def _quick_state(shell: Any) -> dict[str, Any]:
    st = shell.ui.get("vx_quick")
    if st is None:
        st = {"players": [{"name": "", "tiles": ""} for _ in range(2)], "result": None, "name_errors": []}
        shell.ui["vx_quick"] = st
    return st


def _quick_seats(shell: Any, st: dict[str, Any], fields: list[tuple[int, str, ft.TextField]],
                 sync: Callable[[], None]) -> ft.Control:
    """The shared seat editor, each seat with its pile typed in."""
    players = st["players"]

    def set_name(i: int, value: str) -> None:
        players[i]["name"] = value

    def remove(i: int) -> None:
        sync()
        if len(players) > 1:
            players.pop(i)
            st["result"], st["name_errors"] = None, []
            shell.render()

    def add() -> None:
        sync()
        if len(players) < ENGINE.max_players:
            players.append({"name": "", "tiles": ""})
            shell.render()

    def tiles_row(i: int) -> tuple[ft.Control, ...]:
        def changed(e: Any) -> None:
            players[i]["tiles"] = e.control.value or ""

        f = ft.TextField(label=shell.t("vx.quick.tiles", n=i + 1), value=players[i]["tiles"], dense=True,
                         expand=True, on_change=changed)
        fields.append((i, "tiles", f))
        return (ft.Row([f]),)

    seats = seats_for(shell, [p["name"] for p in players], [str(i) for i in range(len(players))],
                      error_texts(shell, st["name_errors"]), low=1, extras=[tiles_row(i) for i in range(len(players))])
    names: list[ft.TextField] = []
    editor = seat_editor(seats, on_name=set_name, on_remove=remove, fields=names,
                         add=add_seat(shell, len(players), ENGINE.max_players, add))
    fields += [(i, "name", f) for i, f in enumerate(names)]
    return editor


def quick_score_view(shell: Any) -> list[ft.Control]:
    """Score finished piles typed in (``GAME.score_input``), without playing in the app."""
    st = _quick_state(shell)
    fields: list[tuple[int, str, ft.TextField]] = []

    def sync() -> None:
        for i, key, f in fields:
            if f.value is not None and i < len(st["players"]):
                st["players"][i][key] = f.value

    def score(e: Any) -> None:
        sync()
        names, problems = check_names(shell, [p["name"] for p in st["players"]])
        st["name_errors"] = [p.model_dump() for p in problems]
        st["result"] = None
        if problems:
            shell.refusal = None
            shell.render()
            return
        data = {"players": [{"name": n, "tiles": p["tiles"].replace("−", "-")} for n, p in zip(names, st["players"])]}
        try:
            st["result"] = ENGINE.score_input(data)
        except InvalidInput as exc:
            shell.refuse(exc)
            return
        shell.refusal = None
        shell.render()

    out: list[ft.Control] = [
        ft.Row([
            ft.IconButton(icon=ft.Icons.ARROW_BACK, tooltip=shell.t("vx.quick.back"), width=TOUCH, height=TOUCH,
                          on_click=lambda e: shell.go_setup(GAME)),  # a thumb-sized target (issue 15.1)
            ft.Text(shell.t("vx.quick.title"), size=18, weight=ft.FontWeight.BOLD, expand=True),
        ]),
        _quick_seats(shell, st, fields, sync),
    ]
    problem = st["name_errors"][0] if st["name_errors"] else None
    line = start_error_line(shell, problem)
    if line is not None:
        out.append(line)
    out.append(big_button(shell.t("vx.quick.score"), score, color=ft.Colors.INDIGO_600, text_color=ft.Colors.WHITE))
    if st["result"] is not None:
        out.append(section_title(shell.t("result.title")))
        out += result_cards(shell, st["result"])
        out.append(ft.TextButton(content=shell.t("vx.result.why"), on_click=lambda e: shell.show_rule("vx.score")))
    return out


# --- the game's entry in the app's registry (companion.registry) ------------------------------
register_ui(GameUI(id=GAME, prefix="vx", title=RULES.title, setup=setup_view, play=play_view,
                   result=result_view, rules=RULES, quick_score=quick_score_view, **HOOKS))
