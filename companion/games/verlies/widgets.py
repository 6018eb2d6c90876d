"""What Verlies' screens share: the deck colours, chips, cards, percentages and a typed die."""

from __future__ import annotations

import re
from fractions import Fraction

import flet as ft

from components import theme

# the deck's colours are the cards' own: the same in a light and a dark theme, white words on them
COLOR_STYLE = {
    "red": (ft.Colors.RED_700, ft.Colors.WHITE),
    "blue": (ft.Colors.BLUE_700, ft.Colors.WHITE),
    "green": (ft.Colors.GREEN_800, ft.Colors.WHITE),  # 5.1:1 under white words (GREEN_700: 4.1)
}
# Gold is gold at the table too: its buttons and the purse's amount keep their amber, dark words on it
GOLD = ft.Colors.AMBER_300
ON_GOLD = ft.Colors.BLACK
# Each panel of a turn is framed in its own colour (fixed, a frame without words on it), filled in
# the theme's panel colour: the fight red, gold amber, a check indigo, a trap purple, a loss orange.
FIGHT = ft.Colors.RED_400
CHECK = ft.Colors.INDIGO_300
GOLDEN = ft.Colors.AMBER_600
TRAP = ft.Colors.PURPLE_300
LOSS = ft.Colors.ORANGE_600


def parse_roll(text: str) -> int | None:
    """Tolerant: the first number in the text, if it is a W6 face."""
    nums = re.findall(r"\d+", text or "")
    if len(nums) != 1:
        return None
    v = int(nums[0])
    return v if 1 <= v <= 6 else None


def pct(chance: Fraction) -> str:
    return str(round(float(chance) * 100))


def frac_text(chance: Fraction, den: int) -> str:
    return f"{chance.numerator * den // chance.denominator}/{den}"


def choice_chip(text: str, selected: bool, on_click: ft.ControlEventHandler[ft.Button], *, color: str | None = None,
                text_color: str | None = None, tooltip: str | None = None) -> ft.Control:
    """A choice among a few: the chosen one is bold with a frame (``color``: a deck colour of its own,
    with ``text_color`` on it; else the theme's chip colours)."""
    if color is None and selected:
        color, text_color = theme.CHOICE, theme.ON_CHOICE
    return ft.Button(
        content=ft.Text(text, size=16,
                        weight=ft.FontWeight.BOLD if selected else ft.FontWeight.W_500, color=text_color),
        height=48,
        icon=ft.Icons.CHECK if selected else None,
        icon_color=text_color,
        bgcolor=color,
        tooltip=tooltip,
        on_click=on_click,
        style=ft.ButtonStyle(
            shape=ft.RoundedRectangleBorder(radius=10),
            side=ft.BorderSide(3, theme.TEXT) if selected else None,  # black on a light phone, white on a dark one
            padding=ft.Padding.symmetric(horizontal=10),
        ),
    )


def wrap_row(controls: list[ft.Control]) -> ft.Control:
    return ft.Row(controls, wrap=True, spacing=6, run_spacing=6)


def card_box(controls: list[ft.Control], color: str = theme.CARD, frame: str | None = None) -> ft.Control:
    """A panel: ``color`` a role of components.theme, ``frame`` the panel's own colour (``FIGHT``, ...)."""
    return ft.Container(ft.Column(controls, spacing=8), bgcolor=color, border_radius=12, padding=10,
                        border=ft.Border.all(2, frame) if frame else None)
