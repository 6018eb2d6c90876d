"""Real dice entered by tapping: one line per die of the roll the referee asks for, its faces
as big buttons (1..sides), then one button to take the roll.

Generic: the game says which dice are rolled now (the engine's ``pending_roll``
``RollRequest``: names and sides) and how each looks (``DieSlot``); the caller keeps
the values tapped so far (a dict by die name, e.g. in ``shell.ui``) and re-renders on
``on_set``. Nothing here knows a game's rules or a screen's state.

The faces are many controls (8 per Qwixx die): they are built only while the player has
opened "Echte Würfel" (``real_dice``: a toggle button, then the faces). What is open and
what was tapped is kept by the caller in a mapping (``shell.ui``) under one key per table,
tied to the roll (``roll_id``: e.g. the table's ``seq``), so it closes by itself once the
roll is taken – by taps, by the typed field, by "Würfeln" or on another phone.

Hooking it into a game (e.g. Verflixxt's or Verlies' d6)::

    req = game.pending_roll(state)                      # RollRequest(dice=(DieSpec("w6", 6),))
    key = ("dice_entry", table.id)
    values = opened(shell.ui, key, table.seq)           # None while closed
    slots = None if values is None else slots_for(req.dice, lambda d: DieSlot(d.name, d.sides, ...))
    real_dice(slots, values,
              on_toggle=lambda: (toggle(shell.ui, key, table.seq), shell.render()),
              on_set=lambda k, v: (values.__setitem__(k, v), shell.render()),
              on_apply=lambda vals: shell.roll(vals),
              texts=DiceEntryTexts(apply=..., face="{die} zeigt {value}", missing="Noch offen: {dice}",
                                   toggle="Echte Würfel"))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any, TypeVar

import flet as ft

from components import theme

D = TypeVar("D")  # a die of the roll the game waits for (the engine's ``DieSpec``)
# Any: where a screen keeps its open dice is the shell's per-screen memory (``Shell.ui``), whose values
# are every screen's own
ScreenMemory = MutableMapping[Any, Any]

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
    toggle: str = ""  # "Echte Würfel": the button that shows and hides the faces (``real_dice``)


def slots_for(dice: Iterable[D], describe: Callable[[D], DieSlot]) -> list[DieSlot]:
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


def _chip(s: DieSlot, chosen: int | None) -> ft.Control:
    """The die's chip: its colour, letter and the value tapped so far ("?")."""
    return ft.Container(
        content=ft.Column(
            [ft.Text(s.letter, size=11, weight=ft.FontWeight.BOLD, color=s.text_color, no_wrap=True),
             ft.Text(str(chosen) if chosen else "?", size=18, weight=ft.FontWeight.BOLD, color=s.text_color,
                     no_wrap=True)],
            spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            alignment=ft.MainAxisAlignment.CENTER),
        width=CHIP_WIDTH, height=FACE_HEIGHT, bgcolor=s.color, border_radius=8,
        border=ft.Border.all(2, ft.Colors.BLACK_54), alignment=ft.Alignment.CENTER,
    )


def _face(s: DieSlot, v: int, picked: bool, texts: DiceEntryTexts, on_set: Callable[[str, int], None]) -> ft.Control:
    """One face of the die, a button; the chosen one filled in the die's colour."""
    return ft.Semantics(
        label=texts.face.format(die=s.name, value=v),
        button=True,
        selected=picked,
        expand=1,
        content=ft.Container(
            content=ft.Semantics(  # the label alone names the face
                content=ft.Text(str(v), size=18, weight=ft.FontWeight.BOLD if picked else ft.FontWeight.NORMAL,
                                color=s.text_color if picked else theme.TEXT, no_wrap=True),
                exclude_semantics=True),
            height=FACE_HEIGHT,
            # the chosen face in the die's own colour (its text colour beside it), the others on the page
            bgcolor=s.color if picked else None,
            border=ft.Border.all(3 if picked else 1, ft.Colors.BLACK_87 if picked else theme.OUTLINE),
            border_radius=8,
            alignment=ft.Alignment.CENTER,
            on_click=lambda e: on_set(s.key, v),
        ),
    )


def face_row(s: DieSlot, chosen: int | None, texts: DiceEntryTexts,
             on_set: Callable[[str, int], None]) -> ft.Row:
    """One die's line: its chip (colour, letter, value so far) and a button per face, sharing the
    line's width. For a game that keeps the values itself (and its own button to take them)."""
    faces: list[ft.Control] = [ft.Semantics(label=s.name, content=_chip(s, chosen))]
    faces += [_face(s, v, v == chosen, texts, on_set) for v in range(1, s.sides + 1)]
    return ft.Row(faces, spacing=3, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _on(color: str | None) -> str | None:
    """The text colour on the apply button: the role's own on the main action's colour, white on a
    fixed strong colour a caller chose."""
    if color is None:
        return None
    return theme.ON_PRIMARY if color == theme.PRIMARY else ft.Colors.WHITE


def dice_entry(
    slots: list[DieSlot],
    values: Mapping[str, int | None],
    *,
    on_set: Callable[[str, int], None],
    on_apply: Callable[[list[int]], object],
    texts: DiceEntryTexts,
    apply_color: str | None = theme.PRIMARY,
) -> ft.Control:
    """One line per die: its chip (colour, letter, value so far) and a button per face.

    The faces share the line's width (8 faces fit a 360 px phone); the chosen face is
    filled in the die's colour. ``on_apply`` gets the values in the roll's order."""
    lines: list[ft.Control] = []
    for s in slots:
        line = face_row(s, values.get(s.key), texts, on_set)
        # one die per line on a phone held upright; many dice (Qwixx's six) two side by side in landscape.
        # One or two dice keep the whole line: in landscape they often sit in a narrow column beside a
        # board (Verflixxt), where half a line leaves faces narrower than a finger.
        line.col = {"xs": 12, "sm": 6 if len(slots) > 2 else 12}
        lines.append(line)

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
                        color=_on(apply_color) if done is not None else None),
        on_click=lambda e: _apply(),
        disabled=done is None,
        bgcolor=apply_color if done is not None else None,
        height=52,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12),
                             padding=ft.Padding.symmetric(horizontal=14)),
    )
    footer: list[ft.Control] = [apply]
    if status:
        footer.append(ft.Text(status, size=14, expand=True))
    return ft.Column(
        [ft.ResponsiveRow(lines, spacing=8, run_spacing=4),
         ft.Row(footer, spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER)],
        spacing=6,
    )


def opened(store: ScreenMemory, key: Hashable, roll_id: Hashable) -> dict[str, int] | None:
    """The values tapped so far when the player opened the real dice for this roll, else None.

    A memory from another roll (``roll_id`` changed: the roll was taken, undone, …) is forgotten."""
    mem = store.get(key)
    values = mem.get("values") if isinstance(mem, dict) and mem.get("roll") == roll_id else None
    if isinstance(values, dict):
        return values
    if mem is not None:
        store.pop(key, None)
    return None


def toggle(store: ScreenMemory, key: Hashable, roll_id: Hashable) -> bool:
    """Open the real dice for this roll (nothing tapped yet) or close them; True when now open."""
    if opened(store, key, roll_id) is None:
        store[key] = {"roll": roll_id, "values": {}}
        return True
    store.pop(key, None)
    return False


def dice_toggle(label: str, is_open: bool, on_toggle: Callable[[], object]) -> ft.Control:
    """The "Echte Würfel" button; its arrow says whether the faces show below it."""
    return ft.Button(
        content=ft.Text(label, size=17, weight=ft.FontWeight.W_600, color=theme.ON_CHOICE if is_open else None),
        icon=ft.Icons.EXPAND_LESS if is_open else ft.Icons.EXPAND_MORE,
        icon_color=theme.ON_CHOICE if is_open else None,
        on_click=lambda e: on_toggle(),
        bgcolor=theme.CHOICE if is_open else theme.CARD,
        height=FACE_HEIGHT + 4,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12),
                             padding=ft.Padding.symmetric(horizontal=14)),
    )


def real_dice(
    slots: list[DieSlot] | None,
    values: Mapping[str, int | None] | None,
    *,
    on_toggle: Callable[[], object],
    on_set: Callable[[str, int], None],
    on_apply: Callable[[list[int]], object],
    texts: DiceEntryTexts,
    apply_color: str | None = theme.PRIMARY,
) -> ft.Control:
    """The toggle, and under it – only while open (``values`` not None) – the faces of ``slots``."""
    parts: list[ft.Control] = [dice_toggle(texts.toggle, values is not None and slots is not None, on_toggle)]
    if values is not None and slots is not None:
        parts.append(dice_entry(slots, values, on_set=on_set, on_apply=on_apply, texts=texts,
                                apply_color=apply_color))
    return ft.Column(parts, spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def typed_roll_row(field: ft.TextField, apply: ft.Control) -> ft.Control:
    """The typed roll ("Echte Würfel: Werte eingeben") and its button: the field has the whole width
    of its column, its label on one line, and the button goes below it (beside it, in a
    360 px phone or in a landscape side column, the label wrapped and was cut)."""
    field.expand = None
    return ft.Column([field, apply], spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
