"""Verflixxt! Kompakt's quick score: count finished piles without playing."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import flet as ft

from companion.games.setup_seats import (
    NameProblem,
    SeatFields,
    add_seat,
    check_names,
    error_texts,
    seats_for,
    start_error_line,
)
from companion.games.verflixxt.result_screen import result_cards
from companion.games.verflixxt.words import GAME
from components import theme
from components.common import (
    TOUCH,
    big_button,
    section_title,
)
from components.seat_editor import seat_editor
from scoring.engine import Result
from scoring.errors import InvalidInput
from scoring.verflixxt import (
    GAME as ENGINE,
)

if TYPE_CHECKING:
    from companion.shell import Shell


# --- quick score -----------------------------------------------------------------------------
@dataclass
class QuickSeat:
    name: str = ""  # as typed; empty: the hint's default name
    tiles: str = ""  # the finished pile as typed ("+3 -2 G")


@dataclass
class QuickScore:
    """What the quick score remembers (``Shell.ui["vx_quick"]``): the seats with their piles, the
    name problems beside their fields and the last result."""

    players: list[QuickSeat] = field(default_factory=lambda: [QuickSeat(), QuickSeat()])
    result: Result | None = None
    name_errors: list[NameProblem] = field(default_factory=list)


def _quick_state(shell: Shell) -> QuickScore:
    st = shell.ui.get("vx_quick")
    if not isinstance(st, QuickScore):
        st = shell.ui["vx_quick"] = QuickScore()
    return st


def _quick_seats(shell: Shell, st: QuickScore, fields: SeatFields) -> ft.Control:
    """The shared seat editor, each seat with its pile typed in."""
    players = st.players

    def set_name(i: int, value: str) -> None:
        players[i].name = value

    def remove(i: int) -> None:
        fields.sync()
        if len(players) > 1:
            players.pop(i)
            st.result, st.name_errors = None, []
            shell.render()

    def add() -> None:
        fields.sync()
        if len(players) < ENGINE.max_players:
            players.append(QuickSeat())
            shell.render()

    def tiles_row(i: int) -> tuple[ft.Control, ...]:
        def changed(e: ft.Event[ft.TextField]) -> None:
            players[i].tiles = e.control.value or ""

        f = ft.TextField(label=shell.t("vx.quick.tiles", n=i + 1), value=players[i].tiles, dense=True,
                         expand=True, on_change=changed)
        fields.items.append((i, "tiles", f))
        return (ft.Row([f]),)

    seats = seats_for(shell, [p.name for p in players], [str(i) for i in range(len(players))],
                      error_texts(shell, st.name_errors), low=1, extras=[tiles_row(i) for i in range(len(players))])
    names: list[ft.TextField] = []
    editor = seat_editor(seats, on_name=set_name, on_remove=remove, fields=names,
                         add=add_seat(shell, len(players), ENGINE.max_players, add))
    fields.items += [(i, "name", f) for i, f in enumerate(names)]
    return editor


def quick_score_view(shell: Shell) -> list[ft.Control]:
    """Score finished piles typed in (``GAME.score_input``), without playing in the app."""
    st = _quick_state(shell)
    fields = SeatFields(st.players)

    def score(e: ft.Event[ft.Button]) -> None:
        fields.sync()
        names, problems = check_names(shell, [p.name for p in st.players])
        st.name_errors = problems
        st.result = None
        if problems:
            shell.refusal = None
            shell.render()
            return
        data = {"players": [{"name": n, "tiles": p.tiles.replace("−", "-")} for n, p in zip(names, st.players)]}
        try:
            st.result = ENGINE.score_input(data)
        except InvalidInput as exc:
            shell.refuse(exc)
            return
        shell.refusal = None
        shell.render()

    out: list[ft.Control] = [
        ft.Row([
            ft.IconButton(icon=ft.Icons.ARROW_BACK, tooltip=shell.t("vx.quick.back"), width=TOUCH, height=TOUCH,
                          on_click=lambda e: shell.go_setup(GAME)),  # a thumb-sized target
            ft.Text(shell.t("vx.quick.title"), size=18, weight=ft.FontWeight.BOLD, expand=True),
        ]),
        _quick_seats(shell, st, fields),
    ]
    problem = st.name_errors[0] if st.name_errors else None
    line = start_error_line(shell, problem)
    if line is not None:
        out.append(line)
    out.append(big_button(shell.t("vx.quick.score"), score, color=theme.PRIMARY, text_color=theme.ON_PRIMARY))
    if st.result is not None:
        out.append(section_title(shell.t("result.title")))
        out += result_cards(shell, st.result)
        out.append(ft.TextButton(content=shell.t("vx.result.why"), on_click=lambda e: shell.show_rule("vx.score")))
    return out
