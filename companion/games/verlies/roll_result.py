"""What the turn's last roll did: its dice drawn beside its words ("Tür 9 (Rot): 6 + 4 = 10 –
geschafft!", "Gold (Gang): W3 mit 5 = +3 Gold"), at the top of the turn, where the panel that rolled
them was; it stays there for the rest of the turn, as the dice stay on the table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from companion.games.verlies.play_actions import event_text
from companion.games.verlies.roll_entry import die_look
from components import theme
from components.dice_tray import DieFace, dice_tray
from scoring.verlies import Chance, State

if TYPE_CHECKING:
    from companion.shell import Shell
    from companion.table.table import Table

OUTCOMES = ("obstacle", "fight", "trap")  # the events a die decides; their lines go beside the dice


@dataclass(frozen=True)
class Rolled:
    """One die the table rolled: what it was rolled for, its face, and the game before and after it."""

    chance: Chance
    value: int
    before: State
    after: State


def last_rolls(table: Table, state: State) -> list[Rolled]:
    """The dice of this turn's last roll: the records that answered one declaration, one after the
    other (a fight's two dice; a trap's check and the gold it then takes by dice). None in a new turn."""
    actions = table.record.actions[: table.cursor]
    last = len(actions) - 1
    # back through this turn's records only (their states are the table's recent ones, kept)
    while last >= 0 and actions[last].action.get("type") != "roll":
        if table.state_as(State, last).turn_no != state.turn_no:
            return []
        last -= 1
    if last < 0:
        return []
    first = last
    while first > 0 and actions[first - 1].action.get("type") == "roll":
        first -= 1
    now = table.state_as(State, first)
    if now.turn_no != state.turn_no:
        return []
    out = []
    for n in range(first, last + 1):
        chance = now.chance
        if chance is None:  # not reached: a roll is recorded only while a die is due
            return []
        after = table.state_as(State, n + 1)
        out.append(Rolled(chance, int(actions[n].action.get("value", 0)), now, after))
        now = after
    return out


def shown_events(rolls: list[Rolled]) -> set[int]:
    """The places in the event log of the outcomes the dice decided: said beside them, not twice."""
    if not rolls:
        return set()
    start, end = len(rolls[0].before.log), len(rolls[-1].after.log)
    return {i for i in range(start, end) if rolls[-1].after.log[i].kind in OUTCOMES}


def _gold_words(shell: Shell, r: Rolled) -> str | None:
    """Gold by dice (rv.dice): the form, the face and what it gave or took."""
    c = r.chance
    if len(r.after.gold_log) <= len(r.before.gold_log):
        return None
    g = r.after.gold_log[-1]
    reason = shell.t(f"rv.reason.{c.reason}") if c.reason else "–"
    form = shell.t(f"rv.dice.{c.form}")
    key = "rv.roll.gold_loss" if g.asked < 0 else "rv.roll.gold_gain"
    words = shell.t(key, reason=reason, form=form, face=r.value, n=abs(g.asked))
    if g.asked != g.delta:  # rv.gold: a purse never goes below zero
        words += shell.t("rv.roll.gold_short", had=abs(g.delta))
    return words


def _words(shell: Shell, state: State, rolls: list[Rolled]) -> tuple[list[str], bool]:
    """The lines beside the dice, and whether the roll went the player's way."""
    lines: list[str] = []
    ok = True
    for r in rolls:
        c = r.chance
        if c.purpose == "gold":
            words = _gold_words(shell, r)
            ok = ok and c.reason != "trap"
            lines += [words] if words else []
            continue
        if c.purpose == "fight" and r is rolls[-1] and c.fight is not None:  # the monster's die is still due
            hero = r.before.players[r.before.current]
            value = hero.value(c.fight.attribute)
            lines.append(shell.t("rv.play.monster_fight", name=hero.name, attr=shell.t(f"rv.attr.{c.fight.attribute}"),
                                 value=value, roll=r.value, total=value + r.value, monster=c.fight.monster_value))
            continue
        for ev in r.after.log[len(r.before.log):]:
            if ev.kind in OUTCOMES and (text := event_text(shell, state, ev)):
                lines.append(text)
                ok = ok and bool(ev.detail.get("success") or ev.detail.get("won"))
    return lines, ok


def _face(shell: Shell, state: State, r: Rolled) -> DieFace:
    role = {"fight": "hero", "monster": "monster", "gold": "gold"}.get(r.chance.purpose, "check")
    look = die_look(shell, state, role, r.chance.form)
    return DieFace(look.letter, r.value, look.color, text_color=look.text_color, name=look.name)


def roll_card(shell: Shell, state: State, rolls: list[Rolled]) -> ft.Control | None:
    """The dice as dice (each its value, its colour and its letter) and, beside them, what they did:
    green when it went the player's way, the notice colour when not.

    The same card while it shows the same (``Shell.memo``): a tap later in the turn leaves the
    dice lying as they landed, instead of a new card whose dice land again."""
    if not rolls:
        return None
    lines, ok = _words(shell, state, rolls)
    faces = tuple(_face(shell, state, r) for r in rolls)

    def build() -> ft.Control:
        ink = theme.TEXT if ok else theme.ON_NOTICE
        return ft.Container(
            ft.Row([
                dice_tray(list(faces), size=48, lands="new"),  # the card comes only with a roll
                ft.Column([ft.Text(t, size=16, weight=ft.FontWeight.W_600, color=ink) for t in lines], spacing=4,
                          expand=True),
            ], spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            bgcolor=theme.SUCCESS if ok else theme.NOTICE, border_radius=12, padding=8,
        )

    # which roll it is (the turn, where in the game's log it fell) and how it reads
    which = (state.turn_no, len(rolls[0].before.log), len(rolls[0].before.gold_log))
    return shell.memo((shell.game_table.id, "rv-roll-card"), (which, faces, tuple(lines), ok), build)
