"""One coloured row of a Qwixx sheet: fields, crosses, legal fields highlighted."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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


def cross_row(
    row: RowModel,
    on_tap: Callable[[str, int], None] | None,
    *,
    cell: int = 21,
    parts: dict | None = None,
) -> ft.Control:
    """The row as one Flet ``Row``.

    ``parts`` (optional, kept by the caller between renders) holds the cells
    already built, by what they show. A cell that looks the same as before is
    then the same control object, and Flet's diff skips it without looking
    inside: switching between two players' sheets, or crossing one field,
    compares only the cells that changed. ``on_tap`` must therefore not depend
    on whose sheet is shown (it is called with colour and number only).
    """
    parts = {} if parts is None else parts
    last = row.crossed[-1] if row.crossed else None
    last_idx = row.fields.index(last) if last is not None else -1

    def part(key: tuple, build: Callable[[], ft.Control]) -> ft.Control:
        got = parts.get(key)
        if got is None:
            got = parts[key] = build()
        return got

    cells: list[ft.Control] = [
        part(
            ("label", row.key, row.label, row.color),
            lambda: ft.Container(
                content=ft.Text(row.label, size=13, weight=ft.FontWeight.BOLD, color=ft.Colors.WHITE),
                bgcolor=row.color,
                width=cell + 3,
                height=cell + 10,
                alignment=ft.Alignment.CENTER,
                border_radius=6,
            ),
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
        cells.append(
            part(
                ("field", row.key, row.name, n, crossed, legal, bg, is_lock, row.color),
                lambda n=n, crossed=crossed, legal=legal, bg=bg, is_lock=is_lock: _field(
                    row, n, crossed, legal, bg, is_lock, cell, on_tap
                ),
            )
        )
    count = row.count_text + (" 🔒" if row.bonus else "")
    cells.append(part(("count", row.key, count), lambda: ft.Text(count, size=12, weight=ft.FontWeight.BOLD, width=30)))
    return ft.Row(cells, spacing=1, scroll=ft.ScrollMode.AUTO)


def _field(
    row: RowModel, n: int, crossed: bool, legal: bool, bg: str, is_lock: bool, cell: int,
    on_tap: Callable[[str, int], None] | None,
) -> ft.Control:
    return ft.Semantics(
        label=f"{row.name} {n}",
        button=True,
        content=ft.Container(
            content=ft.Text(
                "✕" if crossed else str(n),
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
            on_click=(lambda e: on_tap(row.key, n)) if on_tap else None,
        ),
    )
