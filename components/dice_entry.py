"""How a roll comes in, one way at a time: the app rolls ("Würfeln"), or the table's real dice are
entered ("Echte Würfel": each die's faces as big buttons, and a field to type them).

Folded, the line shows the big "Würfeln" and "Echte Würfel" beside it, nothing else: no field, no
button to take typed values. Unfolded, "Würfeln" is gone (the faces are the one way to enter this
roll): "App würfelt" leads back, every die of the roll has its line of faces, and one field holds
the values in the dice's order ("3 5 8 ? ? ?"), so a tapped face and a typed value are the same
thing and one button ("Übernehmen") takes them.

Generic: the game says which dice are rolled now (the engine's ``pending_roll`` ``RollRequest``:
names and sides) and how each looks (``DieSlot``). Nothing here knows a game's rules or a
screen's state: the caller keeps, in its per-table memory (``Shell.ui``), whether this phone uses
real dice (``real_mode``: kept from roll to roll, as a table plays with the one or the other) and
the values entered for this roll (``typed_text``: tied to the roll, forgotten once it is taken –
by this phone, another one, or an undo).

Hooking it into a game::

    req = game.pending_roll(state)                        # RollRequest(dice=(DieSpec("w6", 6),))
    slots = slots_for(req.dice, lambda d: DieSlot(d.name, d.sides, "W6", "W6", color))
    table_roll_entry(slots, shell.ui, table.id, table.seq, RollEntryTexts(...), render=shell.render,
                     roll=shell.roll, refuse=lambda text: shell.refuse(...))   # or roll_entry, wired by hand
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, MutableMapping
from dataclasses import dataclass
from typing import Any, TypeVar

import flet as ft

from components import theme
from components.common import big_button

D = TypeVar("D")  # a die of the roll the game waits for (the engine's ``DieSpec``)
# Any: where a screen keeps its roll is the shell's per-screen memory (``Shell.ui``), whose values
# are every screen's own
ScreenMemory = MutableMapping[Any, Any]

FACE_HEIGHT = 48  # a face is a button: at least the 48 px touch target
CHIP_WIDTH = 40
OPEN = "?"  # a die not entered yet, in the field ("3 5 ? ? ? ?")


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
    """The words of a die's faces (``face_row``): ``face`` "{die} zeigt {value}" names one face."""

    apply: str
    face: str
    missing: str


@dataclass(frozen=True)
class RollEntryTexts:
    roll: str  # "Würfeln": the app rolls
    real: str  # "Echte Würfel": unfolds the faces
    app: str  # "App würfelt": folds them, back to "Würfeln"
    face: str  # "{die} zeigt {value}": the label of one face button
    field: str  # the typed field's label: "Gewürfelt (W6)", "Echte Würfel: Werte eingeben"
    apply: str  # "Übernehmen": takes the field
    missing: str = ""  # "Noch offen: {dice}" beside the button while a die is open (several dice)
    ready: str = ""  # "Gewürfelt: {values}" beside the button once every die is entered


def slots_for(dice: Iterable[D], describe: Callable[[D], DieSlot]) -> list[DieSlot]:
    """The slots for a ``RollRequest.dice`` tuple (``DieSpec``: name, sides), in its order."""
    return [describe(d) for d in dice]


# --- the values entered: one text, the dice in order --------------------------------------------
def faces_of(text: str, slots: list[DieSlot]) -> list[int | None]:
    """What each die shows in the field, in the roll's order: a number in the die's range, else None
    (open). Tolerant: any character that is neither a digit nor "?" separates ("3,5;8 1-2 4")."""
    tokens = re.findall(r"\d+|\?", text or "")
    out: list[int | None] = []
    for i, s in enumerate(slots):
        token = tokens[i] if i < len(tokens) else OPEN
        out.append(int(token) if token.isdigit() and 1 <= int(token) <= s.sides else None)
    return out


def with_face(text: str, slots: list[DieSlot], key: str, value: int) -> str:
    """The field's text once die ``key`` shows ``value`` (a tapped face): the other dice kept."""
    faces = faces_of(text, slots)
    for i, s in enumerate(slots):
        if s.key == key:
            faces[i] = value
    return " ".join(OPEN if v is None else str(v) for v in faces)


def taken(text: str, slots: list[DieSlot]) -> list[int] | None:
    """The roll the field holds, in the dice's order, when it names each die once and in range; else None."""
    if OPEN in (text or ""):
        return None
    numbers = [int(x) for x in re.findall(r"\d+", text or "")]
    if len(numbers) != len(slots) or not all(1 <= v <= s.sides for v, s in zip(numbers, slots, strict=True)):
        return None
    return numbers


# --- what a phone keeps: real dice or not (for the table), the values (for this roll) -----------
def real_mode(store: ScreenMemory, table: Hashable) -> bool:
    """True while this phone enters the table's real dice (kept from roll to roll)."""
    return bool(store.get(("real_dice", table)))


def set_real_mode(store: ScreenMemory, table: Hashable, real: bool) -> None:
    store[("real_dice", table)] = real


def typed_text(store: ScreenMemory, table: Hashable, roll_id: Hashable) -> str:
    """The values entered for this roll ("" for none); a text from another roll (taken, undone, or
    rolled on another phone: ``roll_id`` moved on) is forgotten."""
    mem = store.get(("dice_text", table))
    if isinstance(mem, tuple) and len(mem) == 2 and mem[0] == roll_id and isinstance(mem[1], str):
        return mem[1]
    store.pop(("dice_text", table), None)
    return ""


def keep_text(store: ScreenMemory, table: Hashable, roll_id: Hashable, text: str) -> None:
    store[("dice_text", table)] = (roll_id, text)


# --- controls -------------------------------------------------------------------------------------
def _chip(s: DieSlot, chosen: int | None) -> ft.Control:
    """The die's chip: its colour, letter and the value entered so far ("?")."""
    return ft.Container(
        content=ft.Column(
            [ft.Text(s.letter, size=11, weight=ft.FontWeight.BOLD, color=s.text_color, no_wrap=True),
             ft.Text(str(chosen) if chosen else OPEN, size=18, weight=ft.FontWeight.BOLD, color=s.text_color,
                     no_wrap=True)],
            spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            alignment=ft.MainAxisAlignment.CENTER),
        width=CHIP_WIDTH, height=FACE_HEIGHT, bgcolor=s.color, border_radius=8,
        border=ft.Border.all(2, ft.Colors.BLACK_54), alignment=ft.Alignment.CENTER,
    )


def _face(s: DieSlot, v: int, picked: bool, face_words: str, on_set: Callable[[str, int], None]) -> ft.Control:
    """One face of the die, a button; the chosen one filled in the die's colour."""
    return ft.Semantics(
        label=face_words.format(die=s.name, value=v),
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


def face_row(s: DieSlot, chosen: int | None, texts: DiceEntryTexts | RollEntryTexts,
             on_set: Callable[[str, int], None]) -> ft.Row:
    """One die's line: its chip (colour, letter, value so far) and a button per face, sharing the
    line's width (8 faces fit a 360 px phone)."""
    faces: list[ft.Control] = [ft.Semantics(label=s.name, content=_chip(s, chosen))]
    faces += [_face(s, v, v == chosen, texts.face, on_set) for v in range(1, s.sides + 1)]
    return ft.Row(faces, spacing=3, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def mode_chip(text: str, selected: bool, on_tap: Callable[[], object], expand: int) -> ft.Control:
    """One of the two ways to roll: the chosen one bold, framed and ticked (as Verlies' choices)."""
    return ft.Button(
        content=ft.Text(text, size=16, weight=ft.FontWeight.BOLD if selected else ft.FontWeight.W_500,
                        color=theme.ON_CHOICE if selected else None, no_wrap=True),
        height=FACE_HEIGHT,
        icon=ft.Icons.CHECK if selected else None,
        icon_color=theme.ON_CHOICE if selected else None,
        bgcolor=theme.CHOICE if selected else None,
        on_click=lambda e: on_tap(),
        expand=expand,
        style=ft.ButtonStyle(
            shape=ft.RoundedRectangleBorder(radius=10),
            side=ft.BorderSide(3, theme.TEXT) if selected else None,  # black on a light phone, white on a dark one
            padding=ft.Padding.symmetric(horizontal=10),
        ),
    )


def roll_entry(
    slots: list[DieSlot],
    *,
    real: bool,
    text: str,
    texts: RollEntryTexts,
    on_roll: Callable[[], object],
    on_mode: Callable[[bool], object],
    on_text: Callable[[str, bool], object],
    on_apply: Callable[[str], object],
) -> list[ft.Control]:
    """The roll's controls, one way at a time. Folded (``real`` False): "Würfeln" and "Echte Würfel"
    in one line. Unfolded: "App würfelt" | "Echte Würfel", each die's faces, the field and "Übernehmen".

    ``on_text(text, redraw)``: the field's text changed (typed: keep it; a face tapped: keep it and
    draw again). ``on_apply(text)``: "Übernehmen" (or Enter in the field) with the field's text."""
    if not real:
        return [ft.Row([
            big_button(texts.roll, lambda e: on_roll(), color=theme.PRIMARY, text_color=theme.ON_PRIMARY, expand=3),
            mode_chip(texts.real, False, lambda: on_mode(True), expand=2),
        ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
    field = ft.TextField(label=texts.field, value=text, dense=True, expand=True,
                         keyboard_type=ft.KeyboardType.NUMBER)

    def live() -> str:
        # the field's value is patched in order; its change event may come after a tap
        return field.value if field.value is not None else text

    def changed(e: ft.Event[ft.TextField]) -> None:
        on_text(e.control.value or "", False)

    def tapped(key: str, value: int) -> None:
        on_text(with_face(live(), slots, key, value), True)

    def take(e: ft.Event[ft.TextField] | ft.Event[ft.Button]) -> None:
        on_text(live(), False)
        on_apply(live())

    field.on_change = changed
    field.on_submit = take
    faces = faces_of(text, slots)
    lines: list[ft.Control] = []
    for s, chosen in zip(slots, faces, strict=True):
        line = face_row(s, chosen, texts, tapped)
        # one die per line on a phone held upright; many dice (Qwixx's six) two side by side in landscape.
        # One or two dice keep the whole line: in landscape they often sit in a narrow column beside a
        # board (Verflixxt), where half a line leaves faces narrower than a finger.
        line.col = {"xs": 12, "sm": 6 if len(slots) > 2 else 12}
        lines.append(line)
    button = big_button(texts.apply, take, color=theme.PRIMARY, text_color=theme.ON_PRIMARY)
    out: list[ft.Control] = [
        ft.Row([mode_chip(texts.app, False, lambda: on_mode(False), expand=2),
                mode_chip(texts.real, True, lambda: on_mode(False), expand=3)],
               spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        ft.ResponsiveRow(lines, spacing=8, run_spacing=4),
    ]
    if len(slots) == 1:  # the field and its button side by side, as in Verlies
        return [*out, ft.Row([field, button], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
    # several dice: the field has the whole width (its label on one line), the button and what is
    # still open below it
    footer: list[ft.Control] = [button]
    status = _status(texts, slots, faces, taken(text, slots))
    if status:
        footer.append(ft.Text(status, size=14, expand=True))
    return [*out, ft.Row([field]), ft.Row(footer, spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER)]


def table_roll_entry(
    slots: list[DieSlot],
    ui: ScreenMemory,
    table: Hashable,
    roll_id: Hashable,
    texts: RollEntryTexts,
    *,
    render: Callable[[], object],
    roll: Callable[[list[int] | None], object],
    refuse: Callable[[str], object],
) -> list[ft.Control]:
    """``roll_entry`` for a table's roll, as every game wires it: the way (the app or real dice) kept in
    the screen memory ``ui`` for ``table``, the values entered so far for this roll (``roll_id``: once
    the roll is taken they are forgotten). ``render()`` draws the screen again; ``roll(values)`` rolls
    (``None``: the app rolls); ``refuse(text)`` says why the entered text is no roll of these dice."""

    def mode(real: bool) -> None:
        set_real_mode(ui, table, real)
        render()

    def text(value: str, redraw: bool) -> None:
        keep_text(ui, table, roll_id, value)
        if redraw:
            render()

    def apply(value: str) -> None:
        values = taken(value, slots)
        if values is None:
            refuse(value)
            return
        roll(values)  # taken: the table's roll moves on and the entered values are forgotten

    return roll_entry(slots, real=real_mode(ui, table), text=typed_text(ui, table, roll_id), texts=texts,
                      on_roll=lambda: roll(None), on_mode=mode, on_text=text, on_apply=apply)


def _status(texts: RollEntryTexts, slots: list[DieSlot], faces: list[int | None], done: list[int] | None) -> str:
    """Beside the button: the roll once whole ("Gewürfelt: 3 5 8 1 2 4"), or – once a die is
    entered – the dice still open ("Noch offen: Gelb, Grün, Blau"); nothing before the first."""
    if done is not None:
        return texts.ready.format(values=" ".join(map(str, done))) if texts.ready else ""
    still = [s.name for s, v in zip(slots, faces, strict=True) if v is None]
    if not texts.missing or not still or len(still) == len(slots):
        return ""
    return texts.missing.format(dice=", ".join(still))
