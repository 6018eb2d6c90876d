"""Qwixx Longo's setup screen: players, their lucky numbers (drawn or typed) and the house rules."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

import flet as ft

from companion.games.qwixx.words import GAME
from companion.games.setup_seats import (
    SeatFields,
    SetupErrors,
    StartProblem,
    add_seat,
    check_names,
    error_texts,
    seats_for,
    start_controls,
)
from companion.records.profiles import Profile, list_profiles
from components import theme
from components.common import big_button, section_title, stepper, toggle_row
from components.profile_picker import profile_picker
from components.seat_editor import error_text, seat_editor
from scoring.dice import Dice
from scoring.engine import PlayerSpec
from scoring.errors import InvalidInput
from scoring.qwixx_longo import (
    GAME as ENGINE,
    check_lucky,
    draw_lucky,
)

if TYPE_CHECKING:
    from companion.shell import Shell


def parse_numbers(text: str) -> list[int]:
    """Tolerant: '3 5,4;8 1-2' -> [3, 5, 4, 8, 1, 2]; anything not a digit separates."""
    return [int(x) for x in re.findall(r"\d+", text or "")][:64]


# --- setup --------------------------------------------------------------------------
StepOption = Literal["lock_min_crosses", "misthrow_penalty", "end_locked_rows", "end_misthrows"]


def _lucky_text(pair: tuple[int, ...] | list[int]) -> str:
    return f"{pair[0]} {pair[1]}"


@dataclass
class QwixxSeat:
    """One seat as the setup shows it: the name as typed (empty: the hint's default), the lucky
    numbers as typed (q8.lucky), a saved player's id and colour if one took the seat."""

    uid: int  # the seat card's lasting key (seats are added and removed in any order)
    lucky: str
    name: str = ""
    profile_id: str | None = None
    color: str | None = None


@dataclass(kw_only=True)
class QwixxSetup(SetupErrors):
    """What Qwixx Longo's setup screen remembers while the table sets up (``Shell.ui["q8_setup"]``)."""

    players: list[QwixxSeat] = field(default_factory=list)
    lucky_replaces: str = "white"  # the house rules, as the game's options name them
    lock_min_crosses: int = 6
    misthrow_penalty: int = 5
    end_locked_rows: int = 2
    end_misthrows: int = 4
    lucky_errors: dict[int, InvalidInput] = field(default_factory=dict)  # q8.lucky, beside each seat's numbers
    start: int = 0  # the seat that rolls first
    next_uid: int = 0

    def new_seat(self) -> QwixxSeat:
        """An empty name (the hint shows the default) and lucky numbers drawn by the engine (q8.lucky)."""
        self.next_uid += 1
        return QwixxSeat(uid=self.next_uid - 1, lucky=_lucky_text(draw_lucky(Dice().source)))

    def step_option(self, key: StepOption) -> int:
        value: int = getattr(self, key)
        return value

    def options(self) -> dict[str, object]:
        """The house rules as the game's options."""
        return {"lucky_replaces": self.lucky_replaces, "lock_min_crosses": self.lock_min_crosses,
                "misthrow_penalty": self.misthrow_penalty, "end_locked_rows": self.end_locked_rows,
                "end_misthrows": self.end_misthrows}

    def clear_errors(self) -> None:
        self.name_errors, self.lucky_errors, self.start_error = [], {}, None


def _setup_state(shell: Shell) -> QwixxSetup:
    st = shell.ui.get("q8_setup")
    if not isinstance(st, QwixxSetup):
        st = QwixxSetup()
        st.players = [st.new_seat() for _ in range(2)]
        shell.ui["q8_setup"] = st
    return st


def _seat_actions(shell: Shell, st: QwixxSetup, fields: SeatFields) -> dict[str, Callable[..., None]]:
    players = st.players

    def on_name(i: int, value: str) -> None:
        if players[i].profile_id and value != players[i].name:
            players[i].profile_id = None  # a renamed seat is no longer that profile
        players[i].name = value

    def on_remove(i: int) -> None:
        fields.sync()
        if len(players) > ENGINE.min_players:
            players.pop(i)
            st.clear_errors()
            shell.render()

    def on_add() -> None:
        fields.sync()
        if len(players) < ENGINE.max_players:
            players.append(st.new_seat())
            shell.render()

    def pick_profile(prof: Profile) -> None:
        """A saved player takes the first seat not yet held by a profile (or a new seat)."""
        fields.sync()
        if any(p.profile_id == prof.id for p in players):
            return
        free = next((p for p in players if not p.profile_id), None)
        if free is None:
            if len(players) >= ENGINE.max_players:
                return
            free = st.new_seat()
            players.append(free)
        free.name, free.profile_id, free.color = prof.name, prof.id, prof.color
        if prof.lucky:
            free.lucky = _lucky_text(prof.lucky)
        shell.render()

    return {"on_name": on_name, "on_remove": on_remove, "on_add": on_add, "pick_profile": pick_profile}


def _lucky_row(shell: Shell, st: QwixxSetup, i: int, fields: SeatFields, name: str) -> tuple[ft.Control, ...]:
    p = st.players[i]

    def changed(e: ft.Event[ft.TextField]) -> None:
        p.lucky = e.control.value or ""

    def draw(e: ft.Event[ft.Button]) -> None:
        fields.sync()
        p.lucky = _lucky_text(draw_lucky(Dice().source))
        st.lucky_errors.pop(i, None)
        shell.render()

    def begins(e: ft.Event[ft.IconButton]) -> None:
        fields.sync()
        st.start = i
        shell.render()

    field = ft.TextField(label=shell.t("q8.setup.lucky", n=i + 1), value=p.lucky, on_change=changed, expand=True,
                         dense=True, keyboard_type=ft.KeyboardType.NUMBER)
    fields.items.append((i, "lucky", field))
    first = min(st.start, len(st.players) - 1) == i
    flag = ft.IconButton(icon=ft.Icons.FLAG if first else ft.Icons.OUTLINED_FLAG, icon_size=28, width=48, height=48,
                         icon_color=theme.ON_CHOICE if first else theme.MUTED,
                         bgcolor=theme.CHOICE if first else None, selected=first,
                         tooltip=shell.t("q8.setup.start_pick", n=i + 1), on_click=begins)
    row: list[ft.Control] = [ft.Row([field, big_button(shell.t("q8.setup.draw"), draw,
                                                       tooltip=shell.t("q8.setup.draw_tip", name=name)), flag])]
    err = st.lucky_errors.get(i)
    if err is not None:
        row.append(error_text(shell.err_text(err)))
    return tuple(row)


def _seat_block(shell: Shell, st: QwixxSetup, fields: SeatFields) -> list[ft.Control]:
    act = _seat_actions(shell, st, fields)
    players = st.players
    out: list[ft.Control] = []
    profiles = list_profiles(shell.ctx.store)
    if profiles:
        out.append(profile_picker(profiles, act["pick_profile"], t=shell.t,
                                  chosen=[p.profile_id for p in players]))
    names, _ = check_names(shell, [p.name for p in players])
    extras = [_lucky_row(shell, st, i, fields, names[i]) for i in range(len(players))]
    seats = seats_for(shell, [p.name for p in players], [str(p.uid) for p in players],
                      error_texts(shell, st.name_errors), low=ENGINE.min_players, extras=extras)
    names_out: list[ft.TextField] = []
    out.append(seat_editor(seats, on_name=act["on_name"], on_remove=act["on_remove"], fields=names_out,
                           add=add_seat(shell, len(players), ENGINE.max_players, act["on_add"],
                                        low=ENGINE.min_players)))
    fields.items += [(i, "name", f) for i, f in enumerate(names_out)]
    return out


def _start_player_block(shell: Shell, st: QwixxSetup, fields: SeatFields) -> list[ft.Control]:
    """Who rolls first (as the other games have it): a chip per seat, or drawn."""
    names, _ = check_names(shell, [p.name for p in st.players])
    sp = min(st.start, len(names) - 1)

    def pick(i: int) -> None:
        fields.sync()
        st.start = i
        shell.render()

    def draw(e: ft.Event[ft.Button]) -> None:
        pick(Dice().roll(len(names))[0] - 1)

    # the choice itself is the flag in each seat's card (``_lucky_row``): always beside the right name
    return [ft.Row([ft.Icon(ft.Icons.FLAG, color=theme.PRIMARY),
                    ft.Text(shell.t("q8.setup.start_player", name=names[sp]), size=16, weight=ft.FontWeight.W_600,
                            expand=True),
                    big_button(shell.t("q8.setup.draw_start"), draw)], wrap=False,
                   vertical_alignment=ft.CrossAxisAlignment.CENTER)]


def _options_block(shell: Shell, st: QwixxSetup, fields: SeatFields) -> list[ft.Control]:
    def opt_step(key: StepOption, low: int, high: int) -> ft.Control:
        def changed(v: int) -> None:
            fields.sync()
            setattr(st, key, v)
            shell.render()

        label = shell.t(f"q8.opt.{key}")
        return stepper(label, st.step_option(key), low, high, changed, label + " −", label + " +")

    def set_lucky_mode(value: str) -> Callable[[], None]:
        def pick() -> None:
            fields.sync()
            st.lucky_replaces = value
            shell.render()

        return pick

    radios = ft.Column(  # rows of the full touch height (Flutter's radios were 32 px)
        [toggle_row(shell.t(f"q8.opt.lucky_replaces.{v}"), st.lucky_replaces == v,
                    set_lucky_mode(v), kind="radio") for v in ("white", "turn")], spacing=0)
    return [section_title(shell.t("setup.options")), ft.Column([
        ft.Text(shell.t("q8.opt.lucky_replaces"), size=15), radios,
        opt_step("lock_min_crosses", 0, 13), opt_step("misthrow_penalty", 0, 20),
        opt_step("end_locked_rows", 1, 4), opt_step("end_misthrows", 1, 10),
    ], spacing=2)]


def _checked_players(shell: Shell, st: QwixxSetup) -> tuple[list[PlayerSpec], list[tuple[int, ...]]] | None:
    """The seats as the game gets them, or None with every problem kept beside its field."""
    players = st.players
    names, problems = check_names(shell, [p.name for p in players])
    st.name_errors = problems
    st.lucky_errors = {}
    lucky: list[tuple[int, ...]] = []
    for i, (p, name) in enumerate(zip(players, names)):
        nums = parse_numbers(p.lucky)
        try:
            check_lucky(name, nums)  # q8.lucky, the engine's range
        except InvalidInput as exc:
            st.lucky_errors[i] = exc
        lucky.append(tuple(nums))
    first = next(iter(st.lucky_errors.values()), None)
    problem: StartProblem | None = problems[0] if problems else first
    st.start_error = problem
    if problem is not None:
        return None
    return [PlayerSpec(name=n, color=p.color, profile_id=p.profile_id)
            for n, p in zip(names, players)], lucky


def _start_block(shell: Shell, st: QwixxSetup, fields: SeatFields) -> list[ft.Control]:
    def start(e: ft.Event[ft.Button]) -> None:
        fields.sync()
        checked = _checked_players(shell, st)
        if checked is None:
            shell.refusal = None
            shell.render()
            return
        options = st.options()
        # the first seat rolls first: the table's order kept, the chosen player first
        k = min(st.start, len(checked[0]) - 1)
        options["lucky_numbers"] = checked[1][k:] + checked[1][:k]
        shell.start_game(GAME, checked[0][k:] + checked[0][:k], options)

    return start_controls(shell, st.start_error, start)


def setup_view(shell: Shell) -> ft.Control:
    st = _setup_state(shell)
    fields = SeatFields(st.players)
    rows: list[ft.Control] = [section_title(shell.t("q8.setup.title"))]
    rows += _seat_block(shell, st, fields)
    rows += _start_player_block(shell, st, fields)
    rows += _options_block(shell, st, fields)
    rows += _start_block(shell, st, fields)
    return ft.Column(rows, spacing=10)
