"""The Verflixxt parcours as a compact wrapping strip that fits a phone.

Plain data in, no game rules: the view turns a state into ``Slot``s. Each slot
is a small box with the tile's value on top (``+3``, ``-2``, ``G``; ``S`` and
``Z`` for start and goal; a gap stays visibly empty) and the pieces standing
on it below, as coloured chips with a letter (colour plus letter for
colour-blind players).

Each slot is one node of the semantics tree, named by what it shows (``Slot.words``, given by
the view: "Feld 2 (−1): A1, Wächter"); its texts and chips have no nodes of their own.
A node per text and per chip (and a wrapper control for each) made the phone build and place
~70 nodes for the strip; now it is one per slot, and a slot is 4 controls plus 2 per chip.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import flet as ft

from components import theme
from components.common import isolated

SLOT_W = 44
SLOT_H = 62
TAP_SLOT_W = 48  # a slot that is a touch target (setup: tap a tile to select it) is at least 48 px wide
CHIP_W = 18  # two chips side by side fit a normal slot


@dataclass(frozen=True)
class Piece:
    label: str  # "A1" (figure 1 of Ana), "W" (guard), "Wu" (Wurminator)
    color: str
    text_color: str = ft.Colors.WHITE
    round: bool = True  # figures round, guards and Wurminator square


@dataclass(frozen=True)
class Slot:
    position: int
    label: str  # "+3", "-2", "G", "S", "Z"; "" for a gap
    kind: str  # plus, minus, lucky, start, goal, gap
    pieces: tuple[Piece, ...] = field(default_factory=tuple)
    highlight: bool = False  # e.g. where the chosen move lands
    words: str = ""  # what a screen reader says for the slot ("Feld 2 (−1): A1, Wächter"); "" = label and letters


STYLE = {
    # kind: (background, border, text)
    "plus": (ft.Colors.GREEN_50, ft.Colors.GREEN_700, ft.Colors.GREEN_900),
    "minus": (ft.Colors.RED_50, ft.Colors.RED_700, ft.Colors.RED_900),
    "lucky": (ft.Colors.AMBER_100, ft.Colors.AMBER_800, ft.Colors.BROWN_900),
    "start": (ft.Colors.BLUE_GREY_100, ft.Colors.BLUE_GREY_700, ft.Colors.BLUE_GREY_900),
    "goal": (ft.Colors.INDIGO_100, ft.Colors.INDIGO_700, ft.Colors.INDIGO_900),
    "gap": (None, theme.OUTLINE, theme.MUTED),  # no tile: the page shows through, its frame and text follow it
}


def _chip(p: Piece, key: str | None = None) -> ft.Control:
    """Two controls; its words are part of the slot's name (``Slot.words``)."""
    return ft.Container(
        width=CHIP_W,
        height=16,
        bgcolor=p.color,
        border_radius=8 if p.round else 3,
        alignment=ft.Alignment.CENTER,
        content=ft.Text(p.label, size=9, weight=ft.FontWeight.BOLD, color=p.text_color, no_wrap=True),
        key=key,
    )


def _chips(pieces: tuple[Piece, ...]) -> list[ft.Control]:
    """Keyed by label: when A1 leaves the start, one chip goes instead of every chip being relabelled."""
    seen: dict[str, int] = {}
    out = []
    for p in pieces:
        n = seen[p.label] = seen.get(p.label, 0) + 1
        out.append(_chip(p, f"{p.label}#{n}"))
    return out


def slot_box(s: Slot, on_tap: Callable[[int], None] | None = None, tap_label: str | None = None,
             slot_w: int = SLOT_W) -> ft.Control:
    """One slot: its semantics node (named ``s.words``; with ``on_tap`` a button named ``tap_label``),
    the box, one wrapping row, the tile's text and the chips (4 controls + 2 per chip).

    The text is as wide as the box's inside at its thickest border, so it fills the row's first
    run alone and the chips wrap below it (at most two per run in a normal slot)."""
    bg, border, fg = STYLE.get(s.kind, STYLE["gap"])
    cols = max(2, -(-len(s.pieces) // 2))  # at most two rows of chips: crowded slots grow wider
    width = max(slot_w, cols * (CHIP_W + 1) + 8)
    box = ft.Container(
        width=width,
        height=SLOT_H,
        bgcolor=ft.Colors.DEEP_ORANGE_50 if s.highlight and on_tap else bg,
        border=ft.Border.all(3 if s.highlight else (1 if s.kind == "gap" else 2),
                             ft.Colors.DEEP_ORANGE_400 if s.highlight else border),
        border_radius=8,
        padding=ft.Padding.only(top=1, left=1, right=1),
        content=ft.Row(
            [ft.Text(s.label, size=15, weight=ft.FontWeight.BOLD, color=fg, no_wrap=True, width=width - 8,
                     text_align=ft.TextAlign.CENTER), *_chips(s.pieces)],
            wrap=True, spacing=1, run_spacing=1, alignment=ft.MainAxisAlignment.CENTER,
        ),
    )
    if on_tap is None:
        # one node, read as a whole: "Feld 2 (−1): A1, Wächter" (the strip is ``isolated``)
        return ft.Semantics(content=box, container=True, label=s.words or slot_words(s), exclude_semantics=True)
    box.on_click = lambda e, pos=s.position: on_tap(pos)
    box.ink = True
    return ft.Semantics(content=box, button=True, label=tap_label, selected=s.highlight, exclude_semantics=True)


def slot_words(s: Slot) -> str:
    """A slot's name when the view gives none: what it shows, its text and the chips' letters."""
    return ": ".join(x for x in (s.label, ", ".join(p.label for p in s.pieces)) if x)


def tile_strip(slots: list[Slot], on_tap: Callable[[int], None] | None = None,
               tap_label: Callable[[Slot], str] | None = None, slot_w: int = SLOT_W,
               parts: dict[object, ft.Control] | None = None) -> ft.Control:
    """The whole line, start to goal, wrapping over as many rows as needed.

    With ``on_tap`` every tile (not start, not goal) can be tapped: ``on_tap(position)``.
    ``parts`` (optional, kept by the caller between renders): slot boxes already built,
    by what they show; a slot that looks the same is then the same control object,
    which Flet's diff skips (a move changes two or three of ~30 slots). ``on_tap``
    must then be the same callable each time.
    """
    boxes = []
    for s in slots:
        tappable = on_tap is not None and s.kind not in ("start", "goal")
        label = tap_label(s) if tappable and tap_label else None
        key = (s, tappable, label, slot_w)
        box = parts.get(key) if parts is not None else None
        if box is None:
            box = slot_box(s, on_tap if tappable else None, label, slot_w)
            if parts is not None:
                parts[key] = box
        boxes.append(box)
    # its own semantics node (see ``isolated``): when the blocks above the strip change height,
    # only the strip's element moves, not the ~30 of its slots
    return isolated(ft.Row(boxes, wrap=True, spacing=3, run_spacing=3))
