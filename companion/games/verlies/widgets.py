"""What Verlies' screens share: the deck colours, chips, cards, percentages and a typed die."""

from __future__ import annotations

import re
from fractions import Fraction

import flet as ft

COLOR_STYLE = {
    "red": (ft.Colors.RED_700, ft.Colors.WHITE),
    "blue": (ft.Colors.BLUE_700, ft.Colors.WHITE),
    "green": (ft.Colors.GREEN_700, ft.Colors.WHITE),
}
SELECTED = ft.Colors.INDIGO_100
PRIMARY = ft.Colors.INDIGO_600


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
    """A choice among a few: the chosen one is bold with a frame."""
    return ft.Button(
        content=ft.Text(text, size=16,
                        weight=ft.FontWeight.BOLD if selected else ft.FontWeight.W_500, color=text_color),
        height=48,
        icon=ft.Icons.CHECK if selected else None,
        icon_color=text_color,
        bgcolor=color or (SELECTED if selected else None),
        tooltip=tooltip,
        on_click=on_click,
        style=ft.ButtonStyle(
            shape=ft.RoundedRectangleBorder(radius=10),
            side=ft.BorderSide(3, ft.Colors.BLACK) if selected else None,
            padding=ft.Padding.symmetric(horizontal=10),
        ),
    )


def wrap_row(controls: list[ft.Control]) -> ft.Control:
    return ft.Row(controls, wrap=True, spacing=6, run_spacing=6)


def card_box(controls: list[ft.Control], color: str = ft.Colors.BLUE_GREY_50) -> ft.Control:
    return ft.Container(ft.Column(controls, spacing=8), bgcolor=color, border_radius=12, padding=10)
