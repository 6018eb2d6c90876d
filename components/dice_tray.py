"""Dice tray: the current roll, large and readable at arm's length."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft


@dataclass(frozen=True)
class DieFace:
    label: str  # a letter for colour-blind players: W, R, Y/G, Gr, B
    value: int | None  # None: not rolled (removed or not yet)
    color: str
    text_color: str = ft.Colors.BLACK
    removed: bool = False
    name: str = ""  # spoken name for screen readers and tests


def dice_tray(faces: list[DieFace], *, size: int = 50) -> ft.Control:
    chips: list[ft.Control] = []
    for f in faces:
        shown = "–" if f.value is None else str(f.value)
        ink = ft.Colors.BLACK if f.removed else f.text_color  # on the die's fixed colour, or a removed die's grey
        chips.append(
            ft.Semantics(
                label=f"{f.name} {shown}",
                content=ft.Container(
                    width=size,
                    height=size,
                    bgcolor=ft.Colors.GREY_300 if f.removed else f.color,
                    border=ft.Border.all(2, ft.Colors.BLACK_26),
                    border_radius=10,
                    opacity=0.35 if f.removed else 1.0,
                    alignment=ft.Alignment.CENTER,
                    content=ft.Column(
                        [
                            # a new value pops in (200 ms, readable from the first frames): a roll is
                            # seen, where the numbers used to swap silently
                            ft.AnimatedSwitcher(
                                ft.Text(shown, size=22, weight=ft.FontWeight.BOLD, color=ink),
                                transition=ft.AnimatedSwitcherTransition.SCALE, duration=200,
                                reverse_duration=0, switch_in_curve=ft.AnimationCurve.EASE_OUT_BACK,
                            ),
                            ft.Text(f.label, size=10, color=ink),
                        ],
                        spacing=0,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        alignment=ft.MainAxisAlignment.CENTER,
                    ),
                ),
            )
        )
    return ft.Row(chips, spacing=6, wrap=True)
