"""Real dice entered by tapping: one line per die of the roll the referee asks for, its faces
as big buttons (1..sides), then one button to take the roll.

Generic: the game says which dice are rolled now (the engine's ``pending_roll``
``RollRequest``: names and sides) and how each looks (``DieSlot``); the caller keeps
the values tapped so far (a dict by die name, e.g. in ``shell.ui``) and re-renders on
``on_set``. Nothing here knows a game's rules or a screen's state.

Hooking it into a game (e.g. Verflixxt's or Verlies' d6)::

    req = game.pending_roll(state)                      # RollRequest(dice=(DieSpec("w6", 6),))
    slots = slots_for(req.dice, lambda d: DieSlot(d.name, d.sides, shell.t("vx.die"), "",
                                                   ft.Colors.WHITE))
    values = shell.ui.setdefault(("dice_entry", table.id), {})
    dice_entry(slots, values, on_set=lambda k, v: (values.__setitem__(k, v), shell.render()),
               on_apply=lambda vals: shell.roll(vals) and values.clear(),
               texts=DiceEntryTexts(apply=..., face="{die} zeigt {value}", missing="Noch offen: {dice}"))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import flet as ft

FACE_HEIGHT = 48  # a face is a button: at least the 48 px touch target
CHIP_WIDTH = 40


@dataclass(frozen=True)
class DieSlot:
    key: str  # the engine's die name ("white1", "red", "w6"): the order of the roll
    sides: int
    name: str  # spoken and shown name: "Weiß 1", "Rot", "Würfel"
    letter: str  # for colour-blind players: "W", "R", "Ge", …
    color: str  # the die's colour
    text_color: str = ft.Colors.BLACK


@dataclass(frozen=True)
class DiceEntryTexts:
    apply: str  # "Würfel übernehmen"
    face: str  # "{die} zeigt {value}": the label of one face button
    missing: str  # "Noch offen: {dice}"
    ready: str = ""  # "Wurf: {values}" (optional)


def slots_for(dice: Iterable[Any], describe: Callable[[Any], DieSlot]) -> list[DieSlot]:
    """The slots for a ``RollRequest.dice`` tuple (``DieSpec``: name, sides), in its order."""
    return [describe(d) for d in dice]


def entered(slots: list[DieSlot], values: Mapping[str, int | None]) -> list[int] | None:
    """The values in the roll's order when every die has one in range, else None."""
    out = []
    for s in slots:
        v = values.get(s.key)
        if not isinstance(v, int) or not 1 <= v <= s.sides:
            return None
        out.append(v)
    return out


def dice_entry(
    slots: list[DieSlot],
    values: Mapping[str, int | None],
    *,
    on_set: Callable[[str, int], None],
    on_apply: Callable[[list[int]], Any],
    texts: DiceEntryTexts,
    apply_color: str | None = ft.Colors.INDIGO_600,
) -> ft.Control:
    """One line per die: its chip (colour, letter, value so far) and a button per face.

    The faces share the line's width (8 faces fit a 360 px phone); the chosen face is
    filled in the die's colour. ``on_apply`` gets the values in the roll's order."""
    lines: list[ft.Control] = []
    for s in slots:
        chosen = values.get(s.key)
        chip = ft.Container(
            content=ft.Column(
                [ft.Text(s.letter, size=11, weight=ft.FontWeight.BOLD, color=s.text_color, no_wrap=True),
                 ft.Text(str(chosen) if chosen else "?", size=18, weight=ft.FontWeight.BOLD, color=s.text_color,
                         no_wrap=True)],
                spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                alignment=ft.MainAxisAlignment.CENTER),
            width=CHIP_WIDTH, height=FACE_HEIGHT, bgcolor=s.color, border_radius=8,
            border=ft.Border.all(2, ft.Colors.BLACK_54), alignment=ft.Alignment.CENTER,
        )
        faces: list[ft.Control] = [ft.Semantics(label=s.name, content=chip)]
        for v in range(1, s.sides + 1):
            picked = v == chosen
            faces.append(
                ft.Semantics(
                    label=texts.face.format(die=s.name, value=v),
                    button=True,
                    selected=picked,
                    expand=1,
                    content=ft.Container(
                        content=ft.Semantics(  # the label alone names the face
                            content=ft.Text(str(v), size=18, weight=ft.FontWeight.BOLD if picked else ft.FontWeight.NORMAL,
                                    color=s.text_color if picked else ft.Colors.BLACK, no_wrap=True),
                            exclude_semantics=True),
                        height=FACE_HEIGHT,
                        bgcolor=s.color if picked else ft.Colors.WHITE,
                        border=ft.Border.all(3 if picked else 1, ft.Colors.BLACK_87 if picked else ft.Colors.BLACK_26),
                        border_radius=8,
                        alignment=ft.Alignment.CENTER,
                        on_click=lambda e, k=s.key, v=v: on_set(k, v),
                    ),
                )
            )
        # one die per line on a phone held upright, two side by side in landscape
        lines.append(ft.Row(faces, spacing=3, vertical_alignment=ft.CrossAxisAlignment.CENTER,
                            col={"xs": 12, "sm": 6}))

    def _apply() -> None:
        live = entered(slots, values)  # the values as they are at the tap
        if live is not None:
            on_apply(live)

    done = entered(slots, values)
    if done is None:
        status = texts.missing.format(dice=", ".join(s.name for s in slots if not values.get(s.key)))
    else:
        status = texts.ready.format(values=" ".join(map(str, done))) if texts.ready else ""
    apply = ft.Button(
        content=ft.Text(texts.apply, size=17, weight=ft.FontWeight.W_600,
                        color=ft.Colors.WHITE if done is not None and apply_color else None),
        on_click=lambda e: _apply(),
        disabled=done is None,
        bgcolor=apply_color if done is not None else None,
        height=52,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12), padding=ft.Padding.symmetric(horizontal=14)),
    )
    footer: list[ft.Control] = [apply]
    if status:
        footer.append(ft.Text(status, size=14, expand=True))
    return ft.Column(
        [ft.ResponsiveRow(lines, spacing=8, run_spacing=4),
         ft.Row(footer, spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER)],
        spacing=6,
    )
