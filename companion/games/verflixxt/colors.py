"""Verflixxt! Kompakt's colours (players, guards, the Wurminator) and how tiles and numbers are written."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import flet as ft

from companion.games.verflixxt import words as _words  # noqa: F401  (its letters' strings)
from companion.i18n import tr
from scoring.verflixxt import (
    GAME as ENGINE,
    Tile,
)

if TYPE_CHECKING:
    from companion.shell import Shell

# the colours a player may pick (vx.color.<key> names them), the same in a light and a dark theme; the
# words on each at least 4.5:1 (black on orange and pink: white on them was 3.8:1)
COLOR_CHOICES: list[tuple[str, str, str]] = [  # (key, colour, text on it)
    ("red", ft.Colors.RED_700.value, ft.Colors.WHITE.value),
    ("blue", ft.Colors.BLUE_700.value, ft.Colors.WHITE.value),
    ("green", ft.Colors.GREEN_800.value, ft.Colors.WHITE.value),
    ("purple", ft.Colors.PURPLE_600.value, ft.Colors.WHITE.value),
    ("orange", ft.Colors.ORANGE_900.value, ft.Colors.BLACK.value),
    ("teal", ft.Colors.TEAL_700.value, ft.Colors.WHITE.value),
    ("yellow", ft.Colors.AMBER_400.value, ft.Colors.BLACK.value),
    ("pink", ft.Colors.PINK_400.value, ft.Colors.BLACK.value),
]
COLOR_KEYS = [k for k, _, _ in COLOR_CHOICES]
COLOR_OF = {k: c for k, c, _ in COLOR_CHOICES}
TEXT_ON = {c: fg for _, c, fg in COLOR_CHOICES}
PLAYER_COLORS = [c for _, c, _ in COLOR_CHOICES[:ENGINE.max_players]]  # by seat, when nobody picked one
GUARD_COLOR = ft.Colors.BLUE_GREY_900
WURM_COLOR = ft.Colors.BROWN_500
WINNER_FRAME = ft.Colors.AMBER_600  # the winner's result card: a gold frame, in a light and a dark theme


def letter(lang: str, kind: str) -> str:
    """The track's letters in the table's language: start, goal and lucky tiles ("S", "Z", "G")."""
    return tr(lang, f"vx.letter.{kind}")


def tile_text(tile: Tile | str | None, lang: str) -> str:
    """Readable at arm's length: a real minus sign; a lucky tile by its letter in the table's language."""
    if tile is None:
        return ""
    text = str(tile)
    return letter(lang, "lucky") if text == "G" else text.replace("-", "−")


def tiles_text(tiles: Iterable[Tile | str], lang: str) -> str:
    return " ".join(tile_text(t, lang) for t in tiles)


def layout_text(tiles: Iterable[Tile | None], lang: str) -> str:
    """A layout as the setup's field shows it ("+3 -2 L" on an English screen); the typed line
    reads either language's letters."""
    return " ".join("·" if t is None else letter(lang, "lucky") if t.kind == "lucky" else str(t) for t in tiles)


def fmt_num(shell: Shell, x: float, signed: bool = True) -> str:
    s = f"{x:+.1f}" if signed else f"{x:.1f}"
    s = s.replace("-", "−")
    return s.replace(".", ",") if shell.lang == "de" else s
