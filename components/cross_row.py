"""One coloured row of a Qwixx sheet: fields, crosses, legal fields highlighted."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import flet as ft


@dataclass(frozen=True)
class RowModel:
    key: str  # "red"
    label: str  # "R" (letter for colour-blind players)
    name: str  # "Rot"
    fields: tuple[int, ...]
    crossed: tuple[int, ...]
    legal: frozenset[int]
    lock_fields: tuple[int, ...]
    bonus: bool
    locked: bool
    color: str
    light: str
    count_text: str


def cross_row(row: RowModel, on_tap: Callable[[str, int], None] | None, *, cell: int = 21) -> ft.Control:
    last = row.crossed[-1] if row.crossed else None
    last_idx = row.fields.index(last) if last is not None else -1
    cells: list[ft.Control] = [
        ft.Container(
            content=ft.Text(row.label, size=13, weight=ft.FontWeight.BOLD, color=ft.Colors.WHITE),
            bgcolor=row.color,
            width=cell + 3,
            height=cell + 10,
            alignment=ft.Alignment.CENTER,
            border_radius=6,
        )
    ]
    for i, n in enumerate(row.fields):
        crossed = n in row.crossed
        dead = not crossed and i < last_idx
        is_lock = n in row.lock_fields
        legal = n in row.legal
        bg = row.light
        if legal:
            bg = ft.Colors.AMBER_300
        elif dead or row.locked:
            bg = ft.Colors.GREY_300
        text = "✕" if crossed else str(n)
        cells.append(
            ft.Semantics(
                label=f"{row.name} {n}",
                button=True,
                content=ft.Container(
                    content=ft.Text(
                        text,
                        size=13 if not crossed else 16,
                        weight=ft.FontWeight.BOLD if (crossed or legal) else ft.FontWeight.NORMAL,
                        color=ft.Colors.BLACK if not crossed else row.color,
                    ),
                    width=cell,
                    height=cell + 10,
                    bgcolor=bg,
                    border=ft.Border.all(2 if is_lock else 1, ft.Colors.BLACK_87 if is_lock else ft.Colors.BLACK_26),
                    border_radius=4,
                    alignment=ft.Alignment.CENTER,
                    on_click=(lambda e, num=n: on_tap(row.key, num)) if on_tap else None,
                ),
            )
        )
    cells.append(
        ft.Text(row.count_text + (" 🔒" if row.bonus else ""), size=12, weight=ft.FontWeight.BOLD, width=30)
    )
    return ft.Row(cells, spacing=1, scroll=ft.ScrollMode.AUTO)
