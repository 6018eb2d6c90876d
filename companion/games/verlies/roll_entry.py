"""How a Verlies roll is entered, one way at a time: the app rolls ("Würfeln"), or the table's real
dice are entered ("Echte Würfel": their faces tapped, or typed). The way is chosen on the phone and
kept from roll to roll, as a table plays with the one or the other."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from companion.games.verlies.play_actions import (
    TypedKey,
    VerliesPlay,
    seat_name,
    show_top,
    typed_faces,
)
from companion.games.verlies.widgets import GOLD, ON_GOLD, choice_chip, parse_roll
from components import theme
from components.common import big_button
from components.dice_entry import DiceEntryTexts, DieSlot, face_row
from scoring.verlies import State

if TYPE_CHECKING:
    from companion.shell import Shell

# A roll's handler: True once the table took it (the screen then shows what it did)
Rolled = Callable[[], bool]
Applied = Callable[[list[int]], bool]


@dataclass(frozen=True)
class DieLook:
    """How one of Verlies' dice looks wherever it is drawn (its faces to tap, the roll shown)."""

    name: str  # "W6 Ana", "W6 Monster", "W6": spoken, and the faces' labels ("W6 Ana zeigt 3")
    letter: str  # under the value, for colour-blind players: the adventurer's name, "M", the form
    color: str
    text_color: str = ft.Colors.BLACK


def die_look(shell: Shell, state: State, role: str, form: str = "w6") -> DieLook:
    """The adventurer's die amber with their name, the monster's red, a check's and gold's amber
    (the dice keep their colours in a dark theme, black words on them). ``form``: what a gold die
    counts as (rv.dice: W6, W3, 1+W6), said under its value."""
    if role == "hero":
        name = seat_name(state, state.current)
        return DieLook(shell.t("rv.die.hero", name=name), name[:3], ft.Colors.AMBER_300)
    if role == "monster":
        return DieLook(shell.t("rv.die.monster"), "M", ft.Colors.RED_300)
    if role == "gold":
        return DieLook(shell.t("rv.die.check"), shell.t(f"rv.dice.{form}"), GOLD, ON_GOLD)
    return DieLook(shell.t("rv.die.check"), shell.t("rv.die.check"), ft.Colors.AMBER_300)


@dataclass(frozen=True)
class EntryDie:
    """One die of a roll as the real dice enter it: where its value is kept as text, the typed
    field's label ("Gewürfelt (W6)", "Wurf Ana") and its look."""

    typed: TypedKey
    label: str
    look: DieLook


def roll_entry(shell: Shell, st: VerliesPlay, dice: list[EntryDie], *, roll: Rolled, apply: Applied,
               apply_text: str) -> list[ft.Control]:
    """The choice "Würfeln" | "Echte Würfel" and what it leaves: the big Würfeln button alone, or
    each die's faces, its typed field and one button to take them (``apply_text``)."""

    def rolled() -> None:
        if roll():
            show_top(shell)  # the dice and what they did, in view

    def choose(real: bool) -> None:
        st.real_dice = real
        shell.render()

    if not st.real_dice:
        return [ft.Row([
            big_button(shell.t("rv.play.roll"), lambda e: rolled(), color=theme.PRIMARY,
                       text_color=theme.ON_PRIMARY, expand=3),
            _mode_chip(shell.t("dice.toggle"), False, lambda: choose(True), expand=2),
        ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
    return [
        ft.Row([
            _mode_chip(shell.t("rv.play.app_dice"), False, lambda: choose(False), expand=2),
            _mode_chip(shell.t("dice.toggle"), True, lambda: choose(False), expand=3),
        ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        *_real_dice(shell, st, dice, apply, apply_text),
    ]


def _mode_chip(text: str, selected: bool, on_tap: Callable[[], None], expand: int) -> ft.Control:
    chip = choice_chip(text, selected, lambda e: on_tap())
    chip.expand = expand
    return chip


def _real_dice(shell: Shell, st: VerliesPlay, dice: list[EntryDie], apply: Applied,
               apply_text: str) -> list[ft.Control]:
    """Each die's faces as big buttons, its typed field (a tapped face is written into it, so the
    field is the one value of the die) and the button that takes them."""

    def set_face(key: str, value: int) -> None:
        die = next(d for d in dice if d.typed == key)
        setattr(st, die.typed, str(value))
        shell.render()

    def changed(key: TypedKey) -> Callable[[ft.Event[ft.TextField]], None]:
        def handler(e: ft.Event[ft.TextField]) -> None:
            setattr(st, key, e.control.value or "")

        return handler

    def take(e: ft.Event[ft.TextField] | ft.Event[ft.Button]) -> None:
        faces = typed_faces(shell, st, tuple(d.typed for d in dice))
        if faces is not None and apply(faces):
            show_top(shell)

    texts = DiceEntryTexts(apply=apply_text, face=shell.t("dice.face"), missing="")
    lines: list[ft.Control] = [
        face_row(DieSlot(d.typed, 6, d.look.name, d.look.letter, d.look.color, d.look.text_color),
                 parse_roll(st.typed_of(d.typed)), texts, set_face)
        for d in dice]
    fields: list[ft.Control] = [
        ft.TextField(label=d.label, value=st.typed_of(d.typed), on_change=changed(d.typed), on_submit=take,
                     dense=True, expand=True, keyboard_type=ft.KeyboardType.NUMBER) for d in dice]
    button = big_button(apply_text, take, color=theme.PRIMARY, text_color=theme.ON_PRIMARY, expand=True)
    if len(dice) == 1:  # the field and its button side by side
        return [*lines, ft.Row([*fields, button], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
    return [*lines, ft.Row(fields, spacing=8), ft.Row([button])]
