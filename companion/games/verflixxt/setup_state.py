"""Verflixxt! Kompakt's setup: what the screen remembers while the table sets up, and the helpers both
setup parts share."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import flet as ft

from companion.games.setup_seats import SetupErrors, Youngest
from companion.games.verflixxt.colors import COLOR_KEYS, GUARD_COLOR, layout_text, letter, tile_text
from companion.shell import CLIENT_ANSWER_TIMEOUT
from components.tile_strip import Piece, Slot
from scoring.dice import Dice
from scoring.errors import InvalidInput, RefereeError
from scoring.verflixxt import (
    DEFAULT_LAYOUT,
    DEFAULT_TILE_SET,
    Tile,
    default_guards,
    format_layout,
    parse_layout,
    random_layout,
)

if TYPE_CHECKING:
    from companion.shell import Shell

PREF_TILE_SET = "vx.tile_set"  # the table's own box, remembered in the browser (vx.setup)
PALETTE = [f"+{v}" for v in range(1, 9)] + [f"-{v}" for v in range(1, 11)] + ["G"]
# --- setup --------------------------------------------------------------------------
@dataclass(kw_only=True)
class VerflixxtSetup(SetupErrors):
    """What Verflixxt's setup screen remembers while the table sets up (``Shell.ui["vx_setup"]``).
    ``players``, ``profiles`` and ``colors`` run in parallel, one entry a seat."""

    players: list[str] = field(default_factory=lambda: ["", ""])  # as typed; empty: the hint's default
    profiles: list[str | None] = field(default_factory=lambda: [None, None])  # per seat, a saved player's id
    colors: list[str] = field(default_factory=lambda: COLOR_KEYS[:2])  # per seat, a key of COLOR_OF; no two alike
    figures_note: dict[str, int] | None = None  # vx.setup: the ruling's figure count changed with the players
    tile_set_confirmed: bool = False  # the table confirmed its box's tile set (remembered in the browser)
    figures: int | None = None  # None: the ruling's default for the player count
    wurminator: bool = False
    bite_takes: str = "smallest"
    layout: str = field(default_factory=lambda: format_layout(DEFAULT_LAYOUT))
    tile_set: str = field(default_factory=lambda: format_layout(DEFAULT_TILE_SET))
    layout_error: str | None = None
    tile_set_error: str | None = None
    guards: list[int] | None = None  # None: the ruling's start tiles for the layout (vx.setup)
    guard_error: RefereeError | None = None  # the engine's refusal of the guard positions, shown by the guards
    sel: int | None = None  # the selected tile (1-based) of the layout chips
    drawn: str | None = None  # the layout as drawn at random, while nobody changed it
    first: int = 0  # the seat that begins (vx.setup: the engine's ``first_seat``)
    first_drawn: bool = False  # the app drew it (said so beside the names)
    youngest: Youngest = field(default_factory=Youngest)  # vx.setup: the youngest begins, when the profiles tell
    more: bool = False  # "Mehr Optionen" unfolded


def setup_state_of(shell: Shell) -> VerflixxtSetup:
    st = shell.ui.get("vx_setup")
    if not isinstance(st, VerflixxtSetup):
        st = VerflixxtSetup()
        draw_layout(st, shell.lang)  # a game starts without anyone laying the track in the app first
        shell.ui["vx_setup"] = st
        _recall_tile_set(shell, st)
    elif st.drawn is not None and st.layout == st.drawn:  # nobody typed in it: its letters follow the language
        st.layout = st.drawn = layout_text(read_layout(st.drawn), shell.lang)
    return st


def draw_layout(st: VerflixxtSetup, lang: str, tile_set: tuple[Tile, ...] | None = None) -> None:
    """vx.setup: a random layout from the table's tile set (the standard set until one is confirmed)."""
    tiles = random_layout(Dice().source, tile_set if tile_set is not None else read_layout(st.tile_set))
    st.layout = st.drawn = layout_text(tiles, lang)
    layout_reset(st)


# a finish letter ("F", "finish") typed at the end, as English screens show it; the referee skips "Z", "Ziel"
# and "goal" itself
_FINISH = re.compile(r"(?<![^\W\d_])(?:f|finish)\s*$", re.IGNORECASE)


def read_layout(text: str) -> tuple[Tile, ...]:
    """The typed tile line in either language's letters (start S, goal Z or F, lucky G or L)."""
    return parse_layout(_FINISH.sub("", text or ""))


def _run(shell: Shell, coro_fn: Callable[[], Awaitable[None]]) -> None:
    try:
        shell.page.run_task(coro_fn)
    except Exception:  # no live page (tests): nothing to remember
        pass


def remember_tile_set(shell: Shell, text: str) -> None:
    async def save() -> None:
        try:
            await asyncio.wait_for(ft.SharedPreferences().set(PREF_TILE_SET, text), timeout=CLIENT_ANSWER_TIMEOUT)
        except Exception:
            pass

    _run(shell, save)


def _recall_tile_set(shell: Shell, st: VerflixxtSetup) -> None:
    """The tile set this table confirmed on this browser, if any (never blocks the first screen)."""
    async def load() -> None:
        try:
            saved = await asyncio.wait_for(ft.SharedPreferences().get(PREF_TILE_SET), timeout=CLIENT_ANSWER_TIMEOUT)
        except Exception:  # no answer (tests, old browser): nothing remembered
            return
        if shell.ui.get("vx_setup") is st and _use_saved_tile_set(st, saved, shell.lang) and shell.screen == "setup":
            shell.render()

    _run(shell, load)


def _use_saved_tile_set(st: VerflixxtSetup, saved: object, lang: str) -> bool:
    """A remembered tile set counts as confirmed (vx.setup); anything unreadable is ignored. A layout
    drawn before it came, and not changed since, is drawn again from the table's own set."""
    if not isinstance(saved, str):
        return False
    try:
        tiles = read_layout(saved)
    except InvalidInput:
        return False
    st.tile_set, st.tile_set_confirmed = saved, True
    if st.drawn is not None and st.layout == st.drawn:
        draw_layout(st, lang, tiles)
    return True


def layout_summary(shell: Shell, text: str) -> tuple[str, tuple[Tile, ...] | None, RefereeError | None]:
    try:
        tiles = read_layout(text)
    except InvalidInput as exc:
        return exc.message(shell.lang), None, exc
    kinds = [t.kind for t in tiles]
    summary = shell.t("vx.setup.layout_ok", count=len(tiles), plus=kinds.count("plus"), minus=kinds.count("minus"),
                      lucky=kinds.count("lucky"))
    return summary, tiles, None


def slot_text(shell: Shell, tiles: tuple[Tile, ...], p: int) -> str:
    if 1 <= p <= len(tiles):
        return shell.t("vx.pos.slot", n=p, tile=tile_text(tiles[p - 1], shell.lang))
    return shell.t("vx.pos.gap_slot", n=p)


def setup_guards(st: VerflixxtSetup, tiles: tuple[Tile, ...]) -> list[int]:
    """What the guards' rows show and the game gets: the moved positions, else the ruling's start tiles."""
    return list(st.guards) if st.guards is not None else list(default_guards(tiles))


def layout_slots(tiles: tuple[Tile, ...], guard_letter: str, lang: str, guards: list[int] | None = None,
                 selected: int | None = None) -> list[Slot]:
    """The layout with its guards, each numbered as in the guards' rows ("W1"), in the table's letters."""
    at: dict[int, list[Piece]] = {}
    for g, p in enumerate(default_guards(tiles) if guards is None else guards):
        at.setdefault(p, []).append(Piece(f"{guard_letter}{g + 1}", GUARD_COLOR, round=False))
    slots = [Slot(0, letter(lang, "start"), "start")]
    for i, t in enumerate(tiles, start=1):
        pieces = tuple(at.get(i, ()))
        slots.append(Slot(i, tile_text(t, lang), t.kind, pieces, highlight=i == selected))
    slots.append(Slot(len(tiles) + 1, letter(lang, "goal"), "goal"))
    return slots


def palette_button(shell: Shell, token: str, on_click: ft.ControlEventHandler[ft.Button]) -> ft.Control:
    kind = "lucky" if token == "G" else ("minus" if token.startswith("-") else "plus")
    bg, fg = {
        "plus": (ft.Colors.GREEN_100, ft.Colors.GREEN_900),
        "minus": (ft.Colors.RED_100, ft.Colors.RED_900),
        "lucky": (ft.Colors.AMBER_200, ft.Colors.BROWN_900),
    }[kind]
    return ft.Button(
        content=ft.Text(tile_text(token, shell.lang), size=16, weight=ft.FontWeight.BOLD, color=fg),
        bgcolor=bg,
        width=56,
        height=48,
        on_click=on_click,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=8), padding=ft.Padding.all(0)),
    )


def drop_last(text: str, lang: str) -> str:
    try:
        return layout_text(read_layout(text)[:-1], lang)
    except InvalidInput:
        parts = text.split()
        return " ".join(parts[:-1])


def about_guards(err: RefereeError) -> bool:
    return "guard" in err.code or "guards" in str(err.params.get("detail", ""))


class Fields:
    """The setup's text fields: a change event may arrive after the next tap, so every tap reads them first."""

    def __init__(self, st: VerflixxtSetup) -> None:
        self.st = st
        self.names: list[ft.TextField] = []
        self.layout: ft.TextField | None = None
        self.tile_set: ft.TextField | None = None

    def sync(self) -> None:
        st = self.st
        for i, f in enumerate(self.names):
            if f.value is not None and i < len(st.players):
                st.players[i] = f.value
        if self.layout is not None and self.layout.value is not None and st.layout != self.layout.value:
            st.layout = self.layout.value
            layout_reset(st)  # a new layout: the guards start on its own tiles again
        if self.tile_set is not None and self.tile_set.value is not None and st.tile_set != self.tile_set.value:
            st.tile_set, st.tile_set_error = self.tile_set.value, None


def layout_reset(st: VerflixxtSetup, sel: int | None = None) -> None:
    st.layout_error = None
    st.guards = None
    st.guard_error = None
    st.sel = sel
