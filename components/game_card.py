"""A game as a card on the home screen: in its own colour, with its symbol, one tap to start it,
and the card of a game left open with a big button to play on.

Plain data in, callbacks out: which colour and symbol a game has is the caller's (``Look``). The
game's colour is its own and stays the same on a light and a dark phone, so its words and marks
name their colour beside it (``Look.ink``); the symbol is drawn on a white tile, like a box lid.
"""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from components import theme
from components.common import TOUCH

SYMBOL = 56  # px: the symbol's tile on a new game's card
SMALL_SYMBOL = 44  # ... on an open game's card
TILE = ft.Colors.WHITE  # the symbol's ground, whatever the theme


@dataclass(frozen=True)
class Mark:
    """One piece of a symbol: a Material icon, or a short text on a small tile of its own."""

    icon: ft.IconData | None = None
    text: str = ""
    color: str = ft.Colors.BLACK  # the icon, or the tile's text
    fill: str | None = None  # the small tile's colour (a text mark)
    border: str | None = None


@dataclass(frozen=True)
class Look:
    """How a game looks on the home screen."""

    color: str  # the game's own colour, fixed in both themes
    ink: str  # words and marks on that colour: at least 4.5:1 against it
    marks: tuple[tuple[Mark, ...], ...]  # the symbol, row by row, on a white tile


def _mark(m: Mark, width: float, height: float) -> ft.Control:
    if m.icon is not None:
        return ft.Icon(m.icon, color=m.color, size=min(width, height))
    # a text mark is a tiny tile ("+3", "G"); its words are the symbol's, not the button's name
    return ft.Container(
        content=ft.Text(m.text, size=min(width * 0.62, height * 0.5), weight=ft.FontWeight.BOLD, color=m.color,
                        no_wrap=True, semantics_label=""),
        bgcolor=m.fill, border=ft.Border.all(1.5, m.border) if m.border else None, border_radius=3,
        width=width, height=height, alignment=ft.Alignment.CENTER,
    )


def symbol(look: Look, size: float = SYMBOL) -> ft.Control:
    """The game's symbol on its white tile, ``size`` px square; nothing of it is read aloud."""
    per_row = max((len(r) for r in look.marks), default=1)
    rows = len(look.marks) or 1
    room = size * (0.72 if per_row == rows == 1 else 0.84)  # one mark alone keeps a wider margin
    width = (room - (per_row - 1)) / per_row
    height = min((room - (rows - 1)) / rows, width * 2)  # a text tile is at most twice as high as wide
    return ft.Container(
        content=ft.Column(
            [ft.Row([_mark(m, width, height) for m in r], spacing=1, tight=True,
                    alignment=ft.MainAxisAlignment.CENTER)
             for r in look.marks],
            spacing=1, tight=True, alignment=ft.MainAxisAlignment.CENTER,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        ),
        width=size, height=size, bgcolor=TILE, border_radius=size * 0.22, alignment=ft.Alignment.CENTER,
    )


def new_game_card(title: str, line: str, look: Look, on_click: ft.ControlEventHandler[ft.Button],
                  *, tooltip: str) -> ft.Control:
    """A tap starts the game's setup. The button is named by the title alone (a screen reader, the
    browser tests): the symbol and the ``line`` below the title have no words of their own."""
    words: list[ft.Control] = [ft.Text(title, size=20, weight=ft.FontWeight.BOLD, color=look.ink)]
    if line:
        words.append(ft.Text(line, size=14, color=look.ink, semantics_label=""))
    return ft.Button(
        content=ft.Row(
            [symbol(look), ft.Column(words, spacing=2, tight=True, expand=True),
             ft.Icon(ft.Icons.ARROW_FORWARD, color=look.ink, size=24)],
            spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
        # flat: a raised button on a dark phone is tinted lighter, and the game's colour is its own
        bgcolor=look.color, elevation=0, height=SYMBOL + 24, tooltip=tooltip, on_click=on_click,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=16),
                             padding=ft.Padding.symmetric(horizontal=12, vertical=8)),
    )


@dataclass(frozen=True)
class OpenGame:
    """An open game's card, in words: its title, who plays, when it was last played."""

    title: str
    players: str  # "Ana, Ben, Cara"
    when: str  # "heute 20:15 · 12 Züge"
    spoken: str  # the card's words for a screen reader, in one line


def open_game_card(game: OpenGame, look: Look, *, button: str, tooltip: str,
                   on_resume: ft.ControlEventHandler[ft.Button] | None, trouble: ft.Control | None = None
                   ) -> ft.Control:
    """An open game: its symbol, title, players and time, and below them, across the card, the big
    ``button`` in the game's colour. ``on_resume`` None: the game cannot be opened; ``trouble`` says why."""
    info = ft.Semantics(
        label=game.spoken, container=True, exclude_semantics=True,
        content=ft.Row(
            [symbol(look, SMALL_SYMBOL),
             ft.Column([ft.Text(game.title, size=17, weight=ft.FontWeight.BOLD),
                        *([ft.Text(game.players, size=15)] if game.players else []),
                        ft.Text(game.when, size=14, color=theme.MUTED)], spacing=0, tight=True, expand=True)],
            spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
    )
    parts: list[ft.Control] = [info]
    if trouble is not None:
        parts.append(trouble)
    if on_resume is not None:
        parts.append(ft.Button(
            content=ft.Text(button, size=18, weight=ft.FontWeight.BOLD, color=look.ink),
            icon=ft.Icons.PLAY_ARROW, icon_color=look.ink, bgcolor=look.color, elevation=0, height=TOUCH,
            tooltip=tooltip, on_click=on_resume,
            style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=theme.RADIUS)),
        ))
    return ft.Container(
        content=ft.Column(parts, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        bgcolor=theme.CARD, border_radius=16, padding=10,
    )
