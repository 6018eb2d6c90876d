"""One coloured row of a Qwixx sheet: fields, crosses, legal fields highlighted.

Drawn for a phone held in one hand: the fields share the row's width (15 fields,
both lock fields and the count column fit a 360 px portrait screen and spread out
in landscape like the paper sheet). Marks are icons of the bundled Material Icons
font (a cross, a lock): the offline client has no font for symbol characters. A lucky
number is circled, as a player would circle it on paper: the field's own frame turns
round (a circle where the field is square, a capsule where it is narrow).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import partial

import flet as ft

from components import theme
from components.common import own_node

FIELD_HEIGHT = 48  # every field is a button: at least the 48 px touch target high
LABEL_WIDTH = 18
COUNT_WIDTH = 26
ROUND = FIELD_HEIGHT / 2  # a lucky number's frame: Flutter clamps it to half the field's width
RING = 1.5  # px: the ring around a lucky number, outside its frame (the fields are 1 px apart)


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
    text_color: str = ft.Colors.WHITE  # on the strong colour (a crossed field, the label)
    # spoken words for a field's state: "{name} {number}: {word}" (screen readers, browser tests)
    crossed_word: str = "x"
    skipped_word: str = "-"
    count_label: str = ""  # spoken text of the count column ("3 Kreuze, abgeschlossen")
    lucky: frozenset[int] = frozenset()  # the sheet's lucky numbers: their fields are circled
    lucky_word: str = ""  # spoken after a lucky field's name: "Rot 15 (Glückszahl)"


@dataclass(frozen=True)
class FieldLook:
    """What a field shows besides its number: its state (``field_state``), a lock field's lock,
    a lucky number's circle."""

    state: str
    lock: bool = False
    lucky: bool = False


def field_state(row: RowModel, n: int) -> str:
    """'crossed', 'skipped' (left of the row's rightmost cross: can never be crossed),
    'legal' (offered now), 'closed' (the row is locked) or 'open'."""
    if n in row.crossed:
        return "crossed"
    if row.crossed and row.fields.index(n) < max(row.fields.index(c) for c in row.crossed):
        return "skipped"
    if n in row.legal:
        return "legal"
    if row.locked:
        return "closed"
    return "open"


def field_label(row: RowModel, n: int) -> str:
    state = field_state(row, n)
    name = f"{row.name} {n}"
    if n in row.lucky and row.lucky_word:
        name += f" ({row.lucky_word})"
    if state == "crossed":
        return f"{name}: {row.crossed_word}"
    if state == "skipped":
        return f"{name}: {row.skipped_word}"
    return name


def cross_row(
    row: RowModel,
    on_tap: Callable[[str, int], None] | None,
    *,
    parts: dict[Hashable, ft.Control] | None = None,
) -> ft.Control:
    """The row as one Flet ``Row`` that fills its width (no sideways scrolling).

    ``parts`` (optional, kept by the caller between renders) holds the cells
    already built, by what they show. A cell that looks the same as before is
    then the same control object, and Flet's diff skips it without looking
    inside: switching between two players' sheets, or crossing one field,
    compares only the cells that changed. ``on_tap`` must therefore not depend
    on whose sheet is shown (it is called with colour and number only).
    """
    parts = {} if parts is None else parts

    def part(key: tuple[object, ...], build: Callable[[], ft.Control]) -> ft.Control:
        got = parts.get(key)
        if got is None:
            got = parts[key] = build()
        return got

    cells: list[ft.Control] = [
        part(
            ("label", row.key, row.label, row.color, row.text_color),
            lambda: ft.Container(
                # its own semantics node: the sheet is an ``isolated`` block, where a plain text
                # would merge into the sheet's label
                content=own_node(ft.Text(row.label, size=12, weight=ft.FontWeight.BOLD, color=row.text_color,
                                         no_wrap=True)),
                bgcolor=row.color,
                width=LABEL_WIDTH,
                height=FIELD_HEIGHT,
                alignment=ft.Alignment.CENTER,
                border_radius=4,
            ),
        )
    ]
    for n in row.fields:
        state = field_state(row, n)
        look = FieldLook(state, n in row.lock_fields, n in row.lucky)
        label = field_label(row, n)
        cells.append(
            part(
                ("field", row.key, label, look, row.color, row.light, row.text_color),
                partial(_field, row, n, look, label, on_tap),
            )
        )
    cells.append(
        part(("count", row.key, row.count_text, row.bonus, row.locked, row.color, row.count_label),
             lambda: _count(row))
    )
    return ft.Row(cells, spacing=1, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _count(row: RowModel) -> ft.Control:
    """The row's cross count, and its lock: filled when this player locked it (bonus cross),
    an outline when the row is closed by someone else."""
    items: list[ft.Control] = [ft.Text(row.count_text, size=14, weight=ft.FontWeight.BOLD, no_wrap=True)]
    if row.bonus:
        items.append(ft.Icon(ft.Icons.LOCK, size=16, color=row.color))
    elif row.locked:
        items.append(ft.Icon(ft.Icons.LOCK_OUTLINE, size=16, color=theme.MUTED))  # on the page
    # the count alone needs no column around it (one control less per row); the lock
    # goes under it
    inner = items[0] if len(items) == 1 else ft.Column(
        items, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER, alignment=ft.MainAxisAlignment.CENTER,
        tight=True)
    return ft.Semantics(
        label=row.count_label or row.count_text,
        content=ft.Container(
            content=inner,
            width=COUNT_WIDTH,
            height=FIELD_HEIGHT,
            alignment=ft.Alignment.CENTER,
        ),
    )


def _frame(look: FieldLook) -> tuple[ft.Border, float, list[ft.BoxShadow] | None]:
    """A field's frame: a thin one, or a thicker one in the text's colour on a lock field; a lucky
    number's field is round, with a ring around it. The ring is drawn as the field's shadow, not as
    another border: a sheet switched to a player with other lucky numbers changes two values of such
    a field (radius, shadow) instead of its border's four sides."""
    border = ft.Border.all(2, theme.TEXT) if look.lock else ft.Border.all(1, ft.Colors.BLACK_26)
    if not look.lucky:
        return border, 4, None
    return border, ROUND, [ft.BoxShadow(spread_radius=RING, color=theme.TEXT)]


def _field(
    row: RowModel, n: int, look: FieldLook, label: str,
    on_tap: Callable[[str, int], None] | None,
) -> ft.Control:
    inner: ft.Control
    state, is_lock = look.state, look.lock
    if state == "crossed":
        # unmistakable at arm's length: the row's strong colour, a big cross from the icon font
        bg, inner = row.color, ft.Icon(ft.Icons.CLOSE, size=20, color=row.text_color)
    else:
        bg = {"legal": ft.Colors.AMBER_300, "skipped": ft.Colors.GREY_300,
              "closed": ft.Colors.GREY_200}.get(state, row.light)
        # fixed like the cell it is on (a grey, a pale row colour): dark text in both themes, >= 4.5:1
        color = ft.Colors.GREY_800 if state in ("skipped", "closed") else ft.Colors.BLACK
        # the label alone names the field ("Rot 7"): the number says nothing more to a screen
        # reader, so its own semantics label is empty (a Semantics(exclude_semantics) wrapper did
        # the same with one control more per field)
        number = ft.Text(str(n), size=13, no_wrap=True, color=color, semantics_label="",
                         weight=ft.FontWeight.BOLD if state == "legal" else ft.FontWeight.NORMAL)
        inner = number
        if is_lock:
            inner = ft.Column([number, ft.Icon(ft.Icons.LOCK_OUTLINE, size=12, color=color)], spacing=0, tight=True,
                              horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                              alignment=ft.MainAxisAlignment.CENTER)
    border, radius, ring = _frame(look)
    return ft.Semantics(
        label=label,
        button=True,
        content=ft.Container(
            # the label alone names the field ("Rot 7", "Rot 12: angekreuzt"): an icon adds no
            # words, the number's are empty. (Excluding the semantics of the whole field instead,
            # in Flet 1.0.5 web, sent taps on reused cells to the wrong field.)
            content=inner,
            height=FIELD_HEIGHT,
            bgcolor=bg,
            border=border,
            border_radius=radius,
            shadow=ring,
            alignment=ft.Alignment.CENTER,
            on_click=(lambda e: on_tap(row.key, n)) if on_tap else None,
        ),
        expand=1,
    )
