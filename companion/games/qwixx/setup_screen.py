"""Qwixx Longo's setup screen: a usual game in three taps (players, who begins, start).

The players come from the saved profiles (or are typed); who begins is chosen, drawn, or the youngest
(when every seat has a birth year from its profile). The rest (lucky numbers, already drawn for
everyone, and the house rules) waits folded under "Mehr Optionen".
"""

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
    Youngest,
    add_seat,
    check_names,
    error_texts,
    profile_years,
    seats_for,
    start_controls,
    start_rows,
    youngest_chip,
    youngest_line,
    youngest_seat,
)
from companion.records.profiles import Profile, list_profiles
from components import theme
from components.common import big_button, keyed, section_title, stepper, toggle_row
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
    hints: bool = False  # the play screen offers the coach's advice ("Tipp?")
    lucky_errors: dict[int, InvalidInput] = field(default_factory=dict)  # q8.lucky, beside each seat's numbers
    start: int = 0  # the seat that rolls first
    start_drawn: bool = False  # the start seat was drawn, not chosen: the screen says so
    youngest: Youngest = field(default_factory=Youngest)  # "Jüngste Person beginnt", while it decides
    more: bool = False  # "Mehr Optionen" unfolded
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
                "end_misthrows": self.end_misthrows, "hints": self.hints}

    def clear_errors(self) -> None:
        self.name_errors, self.lucky_errors, self.start_error = [], {}, None

    def rules_changed(self) -> bool:
        """A house rule differs from the game's own (the folded section says so)."""
        return self.options() != QwixxSetup().options()

    def remove_seat(self, i: int) -> None:
        """Seat ``i`` goes; whoever was to begin still begins (the first seat if it was ``i``)."""
        self.players.pop(i)
        if i < self.start:
            self.start -= 1
        elif i == self.start:
            self.start, self.start_drawn = 0, False


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
            st.remove_seat(i)
            st.clear_errors()
            shell.render()

    def on_add() -> None:
        fields.sync()
        if len(players) < ENGINE.max_players:
            players.append(st.new_seat())
            shell.render()

    def pick_profile(prof: Profile) -> None:
        """A saved player takes the first seat not yet held by a profile (or a new seat); a second
        tap on the chip gives the seat up again (a wrong tap costs one tap)."""
        fields.sync()
        held = next((i for i, p in enumerate(players) if p.profile_id == prof.id), None)
        if held is not None:
            if len(players) > ENGINE.min_players:
                st.remove_seat(held)
            else:
                players[held].name, players[held].profile_id, players[held].color = "", None, None
            st.clear_errors()
            shell.render()
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


def _lucky_row(shell: Shell, st: QwixxSetup, i: int, fields: SeatFields, name: str) -> list[ft.Control]:
    """One seat's lucky numbers (q8.lucky): drawn when the seat came, typed over or drawn again here."""
    p = st.players[i]

    def changed(e: ft.Event[ft.TextField]) -> None:
        p.lucky = e.control.value or ""

    def draw(e: ft.Event[ft.Button]) -> None:
        fields.sync()
        p.lucky = _lucky_text(draw_lucky(Dice().source))
        st.lucky_errors.pop(i, None)
        shell.render()

    field = ft.TextField(label=shell.t("q8.setup.lucky", n=i + 1), value=p.lucky, on_change=changed, expand=True,
                         dense=True, keyboard_type=ft.KeyboardType.NUMBER)
    fields.items.append((i, "lucky", field))
    row: list[ft.Control] = [ft.Row([field, big_button(shell.t("q8.setup.draw"), draw,
                                                       tooltip=shell.t("q8.setup.draw_tip", name=name))])]
    err = st.lucky_errors.get(i)
    if err is not None:
        row.append(error_text(shell.err_text(err)))
    return row


def _seat_block(shell: Shell, st: QwixxSetup, fields: SeatFields, profiles: list[Profile]) -> list[ft.Control]:
    """Who plays: the saved players' chips first (a tap seats one), then each seat's name."""
    act = _seat_actions(shell, st, fields)
    players = st.players
    out: list[ft.Control] = []
    if profiles:
        out.append(profile_picker(profiles, act["pick_profile"], t=shell.t,
                                  chosen=[p.profile_id for p in players]))
    seats = seats_for(shell, [p.name for p in players], [str(p.uid) for p in players],
                      error_texts(shell, st.name_errors), low=ENGINE.min_players)
    names_out: list[ft.TextField] = []
    out.append(seat_editor(seats, on_name=act["on_name"], on_remove=act["on_remove"], fields=names_out,
                           add=add_seat(shell, len(players), ENGINE.max_players, act["on_add"],
                                        low=ENGINE.min_players)))
    fields.items += [(i, "name", f) for i, f in enumerate(names_out)]
    return out


def _years(st: QwixxSetup, profiles: list[Profile]) -> list[int | None]:
    return profile_years([p.profile_id for p in st.players], profiles)


def _settle_start(st: QwixxSetup, profiles: list[Profile]) -> None:
    """While the youngest begins, the start seat follows the seats (and their profiles)."""
    seat = youngest_seat(st.youngest, [p.profile_id for p in st.players], profiles)
    if seat is not None:
        st.start, st.start_drawn = seat, False


def _start_player_block(shell: Shell, st: QwixxSetup, fields: SeatFields,
                        profiles: list[Profile]) -> list[ft.Control]:
    """Who rolls first: a chip per seat (chosen), drawn by the app's dice, or the youngest (every seat
    from a profile with a birth year; a line says so otherwise)."""
    names, _ = check_names(shell, [p.name for p in st.players])
    sp = min(st.start, len(names) - 1)
    years = _years(st, profiles)

    def pick(i: int, drawn: bool = False) -> None:
        fields.sync()
        st.start, st.start_drawn = i, drawn
        st.youngest.choose(False)
        shell.render()

    def draw(e: ft.Event[ft.OutlinedButton]) -> None:
        pick(Dice().roll(len(names))[0] - 1, drawn=True)

    def youngest() -> None:
        fields.sync()
        st.youngest.choose(True)
        shell.render()

    chips: list[ft.Control] = [
        ft.Button(content=ft.Text(name, size=15, weight=ft.FontWeight.BOLD if i == sp else None,
                                  color=theme.ON_CHOICE if i == sp else None),
                  icon=ft.Icons.FLAG if i == sp else ft.Icons.OUTLINED_FLAG,
                  icon_color=theme.ON_CHOICE if i == sp else theme.MUTED, height=48,
                  bgcolor=theme.CHOICE if i == sp else None, tooltip=shell.t("q8.setup.start_pick", n=i + 1),
                  on_click=lambda e, i=i: pick(i))
        for i, name in enumerate(names)]
    way = "q8.setup.start_youngest" if st.youngest.on else "q8.setup.start_drawn" if st.start_drawn else None
    title = ft.Text(shell.t(way or "q8.setup.start_player", name=names[sp]), size=16, weight=ft.FontWeight.W_600)
    draw_button = ft.OutlinedButton(content=shell.t("q8.setup.draw_start"), icon=ft.Icons.CASINO_OUTLINED, height=48,
                                    on_click=draw, style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12)))
    # the reason the youngest is missing, said where the profiles are in use
    needs = "setup.youngest_needs" if any(p.profile_id for p in st.players) else None
    return start_rows(title, chips, draw_button, youngest_chip(shell, st.youngest, years, youngest),
                      youngest_line(shell, st.youngest, years, names, needs))


def _more_toggle(shell: Shell, st: QwixxSetup, fields: SeatFields) -> ft.Control:
    """The fold: "Mehr Optionen" and, beside it, what waits inside (and whether a rule was changed)."""
    def flip(e: ft.Event[ft.TextButton]) -> None:
        fields.sync()
        st.more = not st.more
        shell.render()

    inside = shell.t("q8.setup.more_inside")
    if st.rules_changed():
        inside = shell.t("q8.setup.more_changed", inside=inside)
    return ft.Row([ft.TextButton(content=shell.t("q8.setup.more"), height=48, on_click=flip,
                                 icon=ft.Icons.EXPAND_LESS if st.more else ft.Icons.EXPAND_MORE),
                   ft.Text(inside, size=14, color=theme.MUTED, expand=True)],
                  spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _lucky_block(shell: Shell, st: QwixxSetup, fields: SeatFields) -> list[ft.Control]:
    names, _ = check_names(shell, [p.name for p in st.players])
    out: list[ft.Control] = [section_title(shell.t("q8.setup.lucky_title")),
                             ft.Text(shell.t("q8.setup.lucky_intro"), size=14)]
    for i in range(len(st.players)):
        out += _lucky_row(shell, st, i, fields, names[i])
    return out


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

    def flip_hints() -> None:
        fields.sync()
        st.hints = not st.hints
        shell.render()

    radios = ft.Column(  # rows of the full touch height (Flutter's radios were 32 px)
        [toggle_row(shell.t(f"q8.opt.lucky_replaces.{v}"), st.lucky_replaces == v,
                    set_lucky_mode(v), kind="radio") for v in ("white", "turn")], spacing=0)
    return [section_title(shell.t("setup.options")), ft.Column([
        ft.Text(shell.t("q8.opt.lucky_replaces"), size=15), radios,
        opt_step("lock_min_crosses", 0, 13), opt_step("misthrow_penalty", 0, 20),
        opt_step("end_locked_rows", 1, 4), opt_step("end_misthrows", 1, 10),
        toggle_row(shell.t("q8.opt.hints"), st.hints, flip_hints, kind="switch"),
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
        _settle_start(st, list_profiles(shell.ctx.store))  # a seat renamed since has no profile now
        checked = _checked_players(shell, st)
        if checked is None:
            shell.refusal = None
            st.more = st.more or bool(st.lucky_errors)  # a lucky number's error shows beside its field
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
    profiles = list_profiles(shell.ctx.store)
    _settle_start(st, profiles)
    rows: list[ft.Control] = [section_title(shell.t("q8.setup.title"))]
    rows += _seat_block(shell, st, fields, profiles)
    rows += _start_player_block(shell, st, fields, profiles)
    rows.append(keyed(_more_toggle(shell, st, fields), "more"))
    if st.more:
        rows.append(keyed(ft.Column(_lucky_block(shell, st, fields) + _options_block(shell, st, fields),
                                    spacing=10), "more-options"))
    rows += _start_block(shell, st, fields)
    return ft.Column(rows, spacing=10)
