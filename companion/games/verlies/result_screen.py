"""Raus aus dem Verlies!'s result screen: places, gold and treasures, and why (rv.end)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.games.verlies.play_actions import close_turn_note
from companion.games.verlies.widgets import GOLDEN
from companion.games.verlies.words import GAME
from companion.screens.result_end import (
    END_REASON,
    NEXT_START,
    WIN_WORDS,
    RecordOptions,
    again_controls,
    and_names,
    end_block,
    reopen_button,
    reopen_question,
    why_link,
)
from components import theme
from components.common import big_button, keyed
from scoring.engine import PlayerSpec
from scoring.verlies import State

if TYPE_CHECKING:
    from companion.shell import Shell


# --- result ------------------------------------------------------------------------------
def result_view(shell: Shell) -> ft.Control:
    table = shell.game_table
    result = table.game.result(table.state_as(State))
    close_turn_note(shell)
    out: list[ft.Control] = [
        keyed(ft.Row(
            [
                ft.Text(shell.t("result.title"), size=22, weight=ft.FontWeight.BOLD, expand=True),
                reopen_button(shell),  # it asks first
            ]
        ), "header")
    ]
    ask = reopen_question(shell)
    if ask is not None:
        out.append(keyed(ask, "reopen"))
    out.append(keyed(ft.Column(end_block(shell), spacing=4), "end"))  # who won and why it ended
    for p in sorted(result.players, key=lambda p: (p.lost, p.place, p.seat)):
        b = p.breakdown
        first = not p.lost and p.place == 1  # the winner's panel stands out, framed in gold
        if p.lost:
            title = shell.t("rv.result.lost_line", name=p.name)
        else:
            title = shell.t("rv.result.line", place=p.place, name=p.name, total=p.total)
        treasures = ", ".join(
            shell.t("rv.result.treasure", name=t["name"], gold=t["gold"], magic=" (M)" if t["magic"] else "")
            for t in b["treasures"]
        )
        lines: list[ft.Control] = [
            ft.Text(title, size=20, weight=ft.FontWeight.BOLD,
                    color=theme.MUTED if p.lost else None),
            ft.Text(shell.t("rv.result.detail", coins=b["coins"], value=b["treasure_value"]), size=14),
        ]
        if treasures:
            lines.append(ft.Text(treasures, size=14, italic=p.lost))
        out.append(keyed(ft.Container(bgcolor=theme.CARD_STRONG if first else theme.CARD, border_radius=10,
                                      padding=10, border=ft.Border.all(2, GOLDEN) if first else None,
                                      content=ft.Column(lines, spacing=2)), f"seat-{p.seat}"))
    out.append(keyed(why_link(shell, "rv.result.why", "rv.end"), "why"))
    again = again_controls(shell)  # "Nochmal" in one tap; the names kept as profiles
    if again:
        out.append(keyed(ft.Column(again, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH), "again"))
    out.append(keyed(big_button(shell.t("result.new_game"), lambda e: shell.go_setup(GAME), color=theme.PRIMARY,
                                text_color=theme.ON_PRIMARY), "new-game"))
    return ft.Column(out, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


# --- the end's hooks (companion.screens.result_end) ----------------------------------------------
def end_reason(shell: Shell, state: State) -> str | None:
    """rv.end: who escaped last, and who is left in the dungeon."""
    if not state.escaped:
        return None
    last = state.players[state.escaped[-1]].name
    left = [p.name for p in state.players if not p.escaped]
    if not left:
        return shell.t("rv.end.alone", name=last)
    return shell.t("rv.end.last", name=last, left=and_names(shell, left))


def next_start(players: list[PlayerSpec], options: RecordOptions) -> tuple[list[PlayerSpec], RecordOptions, int]:
    """The same seats, adventurers and house rules; the next seat begins (rv.setup: ``start_player``)."""
    options = dict(options)
    first = (int(options.get("start_player", 0)) + 1) % max(1, len(players))
    options["start_player"] = first
    return list(players), options, first


END_REASON[GAME] = end_reason
NEXT_START[GAME] = next_start
WIN_WORDS[GAME] = ("rv.end.wins", "rv.end.share")
