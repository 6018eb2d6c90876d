"""The coach's advice on the Qwixx play screen, when the table allowed hints in its house rules.

"Tipp?" sits in the decision's title row (so the buttons stay where they were); a tap shows the
coach's three best choices below the buttons, each as the button's own words, the expected final
margin and the reason (``scoring.qwixx_coach``). It only shows: the player still taps the real
button. The advice belongs to one moment of the table and one seat: the next change of the table
(a decision, a roll, an undo) takes it away.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from components import theme
from scoring.qwixx_coach import Advice, advise
from scoring.qwixx_coach_words import signed
from scoring.qwixx_longo import Action, State

if TYPE_CHECKING:
    from companion.shell import Shell

SHOWN = 3  # choices the advice names, best first

Moment = tuple[int, int, int]  # the table's seq, its number of recorded actions, the deciding seat


def _key(shell: Shell) -> tuple[str, str]:
    return ("q8_hint", shell.game_table.id)


def _moment(shell: Shell, seat: int) -> Moment:
    # the count of recorded actions tells an undo from the moment before it (both have the same seq)
    table = shell.game_table
    return (table.seq, len(table.record.actions), seat)


def hint_button(shell: Shell, state: State, seat: int) -> list[ft.Control]:
    """"Tipp?" for the seat this phone decides for, only where the table allowed hints."""
    if not state.options.hints:
        return []

    def flip(e: ft.Event[ft.TextButton]) -> None:
        key, now = _key(shell), _moment(shell, seat)
        kept = shell.ui.get(key)
        if isinstance(kept, tuple) and kept[0] == now:
            shell.ui.pop(key, None)  # a second tap folds the advice away
        else:
            shell.ui[key] = (now, advise(shell.game_table.state_as(State), seat))
        shell.render()

    return [ft.TextButton(content=shell.t("q8.hint.button"), icon=ft.Icons.LIGHTBULB_OUTLINE, height=48,
                          icon_color=theme.PRIMARY, tooltip=shell.t("q8.hint.tip"), on_click=flip)]


def hint_lines(shell: Shell, state: State, advice: list[Advice], label: Callable[[Action], str]) -> list[str]:
    """The best choices in words, "Rot 7: +2,4 — überspringt 1 Feld in Rot"; two choices that read
    the same on a button (both white dice give the same colour sum) are one line, the better one."""
    lines: list[str] = []
    seen: set[str] = set()
    for a in advice:
        text = label(a.action)
        if text in seen:
            continue
        seen.add(text)
        lines.append(shell.t("q8.hint.line", action=text, expected=signed(a.expected, shell.lang),
                             reason=a.reason(shell.lang)))
        if len(lines) == SHOWN:
            break
    return lines


def hint_panel(shell: Shell, state: State, seat: int, label: Callable[[Action], str]) -> ft.Control | None:
    """The advice asked for at this moment of the table for ``seat``; None once the table moved on."""
    key = _key(shell)
    kept = shell.ui.get(key)
    if not isinstance(kept, tuple):
        return None
    if kept[0] != _moment(shell, seat) or not state.options.hints:
        shell.ui.pop(key, None)
        return None
    lines = hint_lines(shell, state, kept[1], label)
    if not lines:
        return None
    return ft.Container(
        ft.Column([ft.Text(shell.t("q8.hint.title", name=state.names[seat]), size=theme.SMALL, color=theme.MUTED),
                   *(ft.Text(line, size=theme.BODY, color=theme.ON_NOTICE) for line in lines)], spacing=4),
        bgcolor=theme.NOTICE, border_radius=theme.RADIUS, padding=8,
    )
