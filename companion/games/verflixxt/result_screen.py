"""Verflixxt! Kompakt's result screen: places and every player's piles."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.games.verflixxt.colors import WINNER_FRAME, tile_text, tiles_text
from companion.games.verflixxt.play_screen import seat_color
from companion.games.verflixxt.words import GAME
from companion.screens.result_end import (
    END_REASON,
    NEXT_START,
    RecordOptions,
    end_block,
    reopen_button,
    reopen_question,
    result_footer,
)
from components import theme
from scoring.engine import PlayerSpec, Result
from scoring.verflixxt import State

if TYPE_CHECKING:
    from companion.shell import Shell


# --- result ------------------------------------------------------------------------------
def result_cards(shell: Shell, result: Result) -> list[ft.Control]:
    cards: list[ft.Control] = []
    for p in sorted(result.players, key=lambda p: (p.place, p.seat)):
        b = p.breakdown
        lines: list[ft.Control] = [
            ft.Text(shell.t("vx.result.line", place=p.place, name=p.name, total=p.total), size=20,
                    weight=ft.FontWeight.BOLD),
            ft.Text(shell.t("vx.result.tiles", tiles=tiles_text(b["tiles"], shell.lang) or "–"), size=15),
        ]
        for c in b["conversions"]:
            turns = shell.t("vx.result.turns", minus=tile_text(c["minus"], shell.lang), becomes=c["becomes"])
            lines.append(ft.Text(turns, size=15))
        if b["unused_lucky"]:
            lines.append(ft.Text(shell.t("vx.result.unused", count=b["unused_lucky"]), size=14,
                                 color=theme.MUTED))
        cards.append(ft.Container(  # the winner's card stands out, framed in gold
            bgcolor=theme.CARD_STRONG if p.place == 1 else theme.CARD,
            border=ft.Border.all(2, WINNER_FRAME) if p.place == 1 else None,
            border_radius=10, padding=10,
            content=ft.Row([
                ft.Container(width=10, height=48, bgcolor=seat_color(shell, p.seat), border_radius=3),
                ft.Column(lines, spacing=2, expand=True),
            ]),
        ))
    return cards


def result_view(shell: Shell) -> ft.Control:
    table = shell.game_table
    result = table.game.result(table.state_as(State))
    out: list[ft.Control] = [
        ft.Row([
            ft.Text(shell.t("result.title"), size=22, weight=ft.FontWeight.BOLD, expand=True),
            reopen_button(shell),
        ])
    ]
    ask = reopen_question(shell)  # reopening a finished game asks first
    if ask is not None:
        out.append(ask)
    out += end_block(shell)  # who won, in one line, and why the game ended
    refusal = shell.refusal_control()
    if refusal:
        out.append(refusal)
    out += result_cards(shell, result)
    out += result_footer(shell, "vx.result.why", "vx.score", GAME)  # "Warum so?", "Nochmal", "Neues Spiel"
    return ft.Column(out, spacing=10)


# --- the end's hooks (companion.screens.result_end) ----------------------------------------------
def end_reason(shell: Shell, state: State) -> str | None:
    return shell.t("vx.end.home")  # vx.out: the game ends once every figure is home


def next_start(players: list[PlayerSpec], options: RecordOptions) -> tuple[list[PlayerSpec], RecordOptions, int]:
    """The same seats and colours; the next seat begins (``first_seat``)."""
    options = dict(options)
    first = (int(options.get("first_seat", 0)) + 1) % max(1, len(players))
    options["first_seat"] = first
    return list(players), options, first


END_REASON[GAME] = end_reason
NEXT_START[GAME] = next_start
