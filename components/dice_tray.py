"""Dice tray: the current roll, large and readable at arm's length.

A new roll is seen: each newly rolled die lands. It is drawn at once with its value, a little
larger and tilted as if just thrown, and settles into its place within a quarter of a second.
The value is never hidden or small on the way (a scale-in from nothing, as before, left the die
blank in its first frame), and nothing waits for the animation: the roll is on the screen in the
same frame as without it.

Flutter animates a change of a control it already shows, not a control that is new, and a new
roll is a new tray (with a key of its own: a new control on the phone too): so a tray, once on the
phone (``did_mount``), settles its dice itself, a moment later (``LAND_DELAY``: after the phone has
drawn them where they land). Which dice land is decided
there, by what this phone showed in the same place before (``LANDS``): a table opened on a roll
already made shows its dice lying still, and a tray shown again (the screen keeps it) has landed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

import flet as ft

log = logging.getLogger(__name__)

LAND_MS = 200  # how long a die takes to settle
LAND_DELAY = 0.12  # s after the tray is on the phone: its first frames are drawn where the dice land
LAND_SCALE = 1.18  # how much larger a die lands: its value larger, never smaller
LAND_TURN = -0.15  # its tilt when it lands, in radians (about 9 degrees, counter-clockwise)

# When a rolled die lands: "changed", when this phone showed another value in its place before
# (a tray that is always there, "–" before the roll); "new", also the first time it shows there
# (a tray that comes only with a roll); "never" (a picture of a past roll).
Lands = Literal["changed", "new", "never"]
_UNSEEN = object()
_SHOWN: dict[int, dict[str, object]] = {}  # per page (its id): what each die's place showed last


@dataclass(frozen=True)
class DieFace:
    label: str  # a letter for colour-blind players: W, R, Y/G, Gr, B
    value: int | None  # None: not rolled (removed or not yet)
    color: str
    text_color: str = ft.Colors.BLACK
    removed: bool = False
    name: str = ""  # spoken name for screen readers and tests


def _shown_on(page: ft.Page) -> dict[str, object]:
    """What the dice showed on this page (one phone), forgotten with the page."""
    key = id(page)
    shown = _SHOWN.get(key)
    if shown is None:
        shown = _SHOWN[key] = {}
        weakref.finalize(page, _SHOWN.pop, key, None)
    return shown


class DiceTray(ft.Row):
    """The dice in a row; on the phone, the dice that land settle (see the module's words)."""

    lands: Lands = "changed"
    places: tuple[tuple[str, int | None, ft.Container], ...] = ()  # (place, value, die)

    def did_mount(self) -> None:
        super().did_mount()  # type: ignore[no-untyped-call]  # Flet leaves it unannotated
        try:
            shown = _shown_on(self.page)
        except Exception as err:  # no page (a screen built without a client): nothing is drawn anyway
            log.debug("dice not settled: %r", err)
            return
        landing: list[ft.Container] = []
        still: list[ft.Container] = []
        for place, value, die in self.places:
            before = shown.get(place, _UNSEEN)
            shown[place] = value
            if die.scale != LAND_SCALE:
                continue  # not rolled, or settled already
            new = before is _UNSEEN and self.lands == "new" or before is not _UNSEEN and before != value
            (landing if new else still).append(die)
        if still:  # the same roll as before, or a table just opened: lying still at once
            self._later(still, 0.0, animate=False)
        if landing:
            self._later(landing, LAND_DELAY, animate=True)

    def _later(self, dice: list[ft.Container], delay: float, *, animate: bool) -> None:
        async def settle() -> None:
            await asyncio.sleep(delay)
            # gone from the screen meanwhile: nothing to settle
            with contextlib.suppress(Exception), _thawed(dice):
                for die in dice:
                    if not animate:
                        die.animate_scale = die.animate_rotation = None
                    die.scale, die.rotate = 1, 0
                self.page.update(*dice)

        try:
            self.page.run_task(settle)
        except Exception as err:  # the session's loop is gone
            log.debug("dice not settled: %r", err)


@contextlib.contextmanager
def _thawed(dice: list[ft.Container]) -> Iterator[None]:
    """The app draws each screen anew and lets Flet compare it with the last one, which Flet then
    keeps frozen (read-only). A die settling by itself changes two values of a control already on
    the phone: thawed for that moment, as Flet does around a control's own ``before_update``."""
    frozen = [(die, die.__dict__.pop("_frozen", None)) for die in dice]
    try:
        yield
    finally:
        for die, mark in frozen:
            if mark is not None:
                die.__dict__["_frozen"] = mark


def _die(f: DieFace, size: int, posed: bool) -> ft.Container:
    shown = "–" if f.value is None else str(f.value)
    ink = ft.Colors.BLACK if f.removed else f.text_color  # on the die's fixed colour, or a removed die's grey
    # where it lands (``posed``): the tray settles it on the phone. All given here, none set later:
    # the settling then sends its two values and nothing else
    landing = ft.Animation(LAND_MS, ft.AnimationCurve.EASE_OUT) if posed else None
    return ft.Container(
        width=size, height=size, bgcolor=ft.Colors.GREY_300 if f.removed else f.color,
        border=ft.Border.all(2, ft.Colors.BLACK_26), border_radius=10, opacity=0.35 if f.removed else 1.0,
        alignment=ft.Alignment.CENTER,
        scale=LAND_SCALE if posed else None, rotate=LAND_TURN if posed else None,
        animate_scale=landing, animate_rotation=landing,
        content=ft.Column(
            [ft.Text(shown, size=22, weight=ft.FontWeight.BOLD, color=ink), ft.Text(f.label, size=10, color=ink)],
            spacing=0,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            alignment=ft.MainAxisAlignment.CENTER,
        ),
    )


def dice_tray(faces: list[DieFace], *, size: int = 50, lands: Lands = "changed") -> ft.Control:
    """The dice, each its value, colour and letter; ``lands``: when a rolled die lands (``Lands``)."""
    places = []
    chips: list[ft.Control] = []
    for i, f in enumerate(faces):
        die = _die(f, size, posed=lands != "never" and f.value is not None and not f.removed)
        places.append((f"{i}:{f.name}", f.value, die))
        chips.append(ft.Semantics(label=f"{f.name} {'–' if f.value is None else f.value}", content=die))
    tray = DiceTray(chips, spacing=6, wrap=True)
    tray.lands, tray.places = lands, tuple(places)
    # A key of its own: a new tray is a new control on the phone, not the last one's dice changed in
    # place (Flet would match it to the tray it replaces, and never tell it that it is on the phone)
    tray.key = f"dice-{id(tray)}"
    return tray
