"""The seat editor of every setup: one card per seat (name, colour, remove, extra rows), an add button.

Plain data in, callbacks out (no storage, no game rules)::

    seats = [Seat(key="s0", label="Name Spieler 1", hint="Spieler 1", value="", remove_tip="Spieler 1 entfernen")]
    editor = seat_editor(seats, on_name=lambda i, v: ..., on_remove=lambda i: ...,
                         add=AddSeat("Spieler hinzufügen", on_add, full_text=None), fields=[])
    # with fields=[...]: the name fields, in seat order (read their values before acting on a tap)

A name field starts with what the caller holds (empty: the hint shows the default name);
``Seat.error`` is shown right under the field that caused it. At the limit the add button
stays in place, disabled, and ``AddSeat.full_text`` says why ("höchstens 5 Spieler").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

import flet as ft

from components import theme

TARGET = 48  # px: the minimum touch target
ERROR_COLOR = theme.ERROR  # the words, icon and frame of a field's error


@dataclass(frozen=True)
class SeatColor:
    """The seat's colour button: its fill, the icon colour on it, and what a tap does (tooltip)."""

    fill: str
    ink: str
    tooltip: str


@dataclass(frozen=True)
class Seat:
    key: str  # lasting per seat (seats are added and removed in any order)
    label: str  # "Name Spieler 2"
    hint: str  # the default name, shown while the field is empty
    value: str  # what was typed (may be empty)
    remove_tip: str
    removable: bool = True
    error: str | None = None  # beside the field: "Zwei Spieler heißen Anna"
    color: SeatColor | None = None
    extra: tuple[ft.Control, ...] = field(default=())  # the game's own rows (lucky numbers, character, ...)


@dataclass(frozen=True)
class AddSeat:
    label: str
    on_add: Callable[[], None]
    full_text: str | None = None  # set at the limit: the button is disabled and this says why
    note: str | None = None  # beside the button otherwise (e.g. why no seat can be removed)


def error_text(message: str) -> ft.Control:
    """A field's error, right under it, in words that name the field."""
    return ft.Row(
        [ft.Icon(ft.Icons.ERROR_OUTLINE, color=ERROR_COLOR, size=18),
         ft.Text(message, size=14, color=ERROR_COLOR, weight=ft.FontWeight.W_600, expand=True)],
        spacing=6,
    )


def name_field(seat: Seat, on_name: Callable[[str], None]) -> ft.TextField:
    return ft.TextField(
        # no max_length: its counter line costs every card a row; a long name is refused beside the field
        label=seat.label, hint_text=seat.hint, value=seat.value, dense=True, expand=True,
        border_color=ERROR_COLOR if seat.error else None,
        on_change=lambda e: on_name(e.control.value or ""),
    )


def seat_card(seat: Seat, name: ft.TextField, on_remove: Callable[[], None],
              on_color: Callable[[], None] | None = None) -> ft.Control:
    head: list[ft.Control] = []
    if seat.color is not None and on_color is not None:
        head.append(ft.IconButton(icon=ft.Icons.PALETTE_OUTLINED, icon_size=24, width=TARGET, height=TARGET,
                                  bgcolor=seat.color.fill, icon_color=seat.color.ink, tooltip=seat.color.tooltip,
                                  on_click=lambda e: on_color()))
    head += [name, ft.IconButton(icon=ft.Icons.DELETE_OUTLINE, width=TARGET, height=TARGET, tooltip=seat.remove_tip,
                                 disabled=not seat.removable, on_click=lambda e: on_remove())]
    rows: list[ft.Control] = [ft.Row(head, spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
    if seat.error:
        rows.append(error_text(seat.error))
    rows += list(seat.extra)
    # a slim frame: three seats, who begins and the start button fit a 360 x 740 phone together
    return ft.Container(ft.Column(rows, spacing=6), bgcolor=theme.CARD, border_radius=10,
                        padding=ft.Padding.symmetric(horizontal=8, vertical=4), key=f"seat-{seat.key}")


def add_seat_button(add: AddSeat) -> ft.Control:
    button = ft.OutlinedButton(content=add.label, icon=ft.Icons.PERSON_ADD, height=TARGET,
                               disabled=add.full_text is not None, on_click=lambda e: add.on_add())
    words = add.full_text or add.note
    if words is None:
        return button
    return ft.Row([button, ft.Text(words, size=14, color=theme.MUTED, expand=True)],
                  spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def seat_editor(seats: list[Seat], *, on_name: Callable[[int, str], None], on_remove: Callable[[int], None],
                add: AddSeat, on_color: Callable[[int], None] | None = None,
                fields: list[ft.TextField] | None = None) -> ft.Column:
    """Every seat's card, then the add button; ``fields`` (if given) receives the name fields in seat order."""
    fields = fields if fields is not None else []
    cards: list[ft.Control] = []
    for i, seat in enumerate(seats):
        f = name_field(seat, partial(on_name, i))
        fields.append(f)
        cards.append(seat_card(seat, f, partial(on_remove, i), partial(on_color, i) if on_color is not None else None))
    cards.append(add_seat_button(add))
    return ft.Column(cards, spacing=6)
