"""Setup seats shared by every game's setup screen: names as typed, defaults, refusals by field,
and who begins (chosen, drawn, or the youngest by the profiles' birth years).

A name field starts empty and shows the default name as a hint; an
empty name takes that default; two names alike (ignoring case and spaces) are refused
beside the second field, naming the name. Words in both languages, German first.
"Alike" is ``scoring.names.name_key`` (invisible characters dropped, NFKC, case
folded, confusables of other scripts folded), and a name with a bidirectional override is refused.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

import flet as ft
from pydantic import BaseModel

from companion.i18n import add_strings
from components import theme
from components.common import big_button, keyed, refusal_line
from components.seat_editor import AddSeat, Seat, SeatColor
from scoring.dice import Dice
from scoring.engine import NAME_MAX, visible
from scoring.errors import RefereeError
from scoring.names import has_bidi_control, name_key

if TYPE_CHECKING:
    from companion.records.profiles import Profile
    from companion.shell import Shell

add_strings(
    {
        "setup.name_twice": {"de": "Zwei Spieler heißen {name}", "en": "Two players are called {name}"},
        "setup.name_long": {
            "de": "Name für Platz {n} ist zu lang (höchstens {most} Zeichen)",
            "en": "The name for seat {n} is too long (at most {most} characters)",
        },
        "setup.name_unreadable": {
            "de": "Name für Platz {n} enthält Steuerzeichen",
            "en": "The name for seat {n} holds control characters",
        },
        "setup.name_bidi": {
            "de": "Name für Platz {n} enthält Zeichen, die die Schreibrichtung umkehren",
            "en": "The name for seat {n} holds characters that reverse the writing direction",
        },
        "setup.at_least": {"de": "Mindestens {n} Spieler", "en": "At least {n} players"},
        "setup.at_most": {"de": "Voll: höchstens {n} Spieler", "en": "Full: at most {n} players"},
    }
)
add_strings(
    {
        "setup.youngest": {"de": "Jüngste Person beginnt", "en": "Youngest starts"},
        "setup.youngest_needs": {
            "de": "„Jüngste Person beginnt“ geht, wenn alle aus Profilen mit Geburtsjahr kommen.",
            "en": "“Youngest starts” works when everyone comes from a profile with a birth year.",
        },
        "setup.youngest_tie": {
            "de": "{names} sind gleich jung: ausgelost.",
            "en": "{names} are equally young: drawn by lot.",
        },
        "setup.and": {"de": "{names} und {last}", "en": "{names} and {last}"},
    }
)


class NameProblem(BaseModel):
    seat: int  # 0-based: the field that shows it
    key: str
    params: dict[str, object]


def norm(name: str) -> str:
    """How two names are compared: case, spaces, invisible characters and look-alike letters of
    another script do not make them different (``scoring.names.name_key``)."""
    return name_key(name)


def resolve(typed: list[str], default: Callable[[int], str]) -> list[str]:
    """Each seat's name: what was typed (spaces trimmed), else the seat's default (1-based).

    A name that shows nothing (only spaces or zero-width characters) counts as empty."""
    out = []
    for i, t in enumerate(typed):
        name = " ".join((t or "").split())
        out.append(name if any(visible(c) for c in name) else default(i + 1))
    return out


def name_problems(names: list[str]) -> list[NameProblem]:
    """What ``PlayerSpec`` would refuse, and a later seat whose name an earlier seat already has
    (after ``resolve``), each by the seat whose field shows it."""
    first: dict[str, str] = {}
    out = []
    for i, name in enumerate(names):
        if len(name) > NAME_MAX:
            out.append(NameProblem(seat=i, key="setup.name_long", params={"n": i + 1, "most": NAME_MAX}))
            continue
        if any(unicodedata.category(c) == "Cc" for c in name):
            out.append(NameProblem(seat=i, key="setup.name_unreadable", params={"n": i + 1}))
            continue
        if has_bidi_control(name):
            out.append(NameProblem(seat=i, key="setup.name_bidi", params={"n": i + 1}))
            continue
        key = norm(name)
        if key in first:  # named as the earlier seat spells it
            out.append(NameProblem(seat=i, key="setup.name_twice", params={"name": first[key]}))
        first.setdefault(key, name)
    return out


def seats_for(shell: Shell, typed: list[str], keys: list[str], errors: dict[int, str], *, low: int,
              colors: list[SeatColor] | None = None, extras: list[tuple[ft.Control, ...]] | None = None) -> list[Seat]:
    """The seat editor's data in this language."""
    n = len(typed)
    return [
        Seat(key=keys[i], label=shell.t("setup.player_name", n=i + 1), hint=shell.t("setup.default_name", n=i + 1),
             value=typed[i] or "", remove_tip=shell.t("setup.remove_player", n=i + 1), removable=n > low,
             error=errors.get(i), color=colors[i] if colors else None, extra=extras[i] if extras else ())
        for i in range(n)
    ]


def add_seat(shell: Shell, count: int, high: int, on_add: Callable[[], None], *, low: int = 1) -> AddSeat:
    """The add button; at either limit the limit in words (the game's own player range)."""
    return AddSeat(shell.t("setup.add_player"), on_add,
                   full_text=shell.t("setup.at_most", n=high) if count >= high else None,
                   note=shell.t("setup.at_least", n=low) if count <= low and low > 1 else None)


def check_names(shell: Shell, typed: list[str]) -> tuple[list[str], list[NameProblem]]:
    """Names to start with, and what is wrong with them (empty: fine)."""
    names = resolve(typed, lambda n: shell.t("setup.default_name", n=n))
    return names, name_problems(names)


StartProblem = NameProblem | RefereeError  # what a setup shows by its start button


@dataclass(kw_only=True)
class SetupErrors:
    """What every setup state keeps of its last refused start: each name's problem beside its field
    (``name_errors``), the first problem by the start button (``start_error``)."""

    name_errors: list[NameProblem] = field(default_factory=list)
    start_error: StartProblem | None = None


def names_to_start(shell: Shell, st: SetupErrors, typed: list[str]) -> list[str] | None:
    """The names to start with; None when one is refused: every problem is kept on the setup state
    (``name_errors`` beside its field, the first by the start button) and the screen is drawn again."""
    names, problems = check_names(shell, typed)
    st.name_errors = problems
    st.start_error = problems[0] if problems else None
    if problems:
        shell.refusal = None
        shell.render()
        return None
    return names


def error_texts(shell: Shell, problems: Sequence[NameProblem]) -> dict[int, str]:
    """Problems by seat, in this language."""
    out: dict[int, str] = {}
    for p in problems:
        out.setdefault(p.seat, shell.t(p.key, **p.params))
    return out


def start_controls(shell: Shell, problem: StartProblem | None,
                   on_start: ft.ControlEventHandler[ft.Button]) -> list[ft.Control]:
    """The setup's last rows: its problem (if any) right above the start button, both keyed."""
    out: list[ft.Control] = []
    line = start_error_line(shell, problem)
    if line is not None:
        out.append(keyed(line, "refusal"))
    out.append(keyed(big_button(shell.t("setup.start"), on_start, color=theme.PRIMARY,
                                text_color=theme.ON_PRIMARY), "start"))
    return out


def start_error_line(shell: Shell, problem: StartProblem | None) -> ft.Control | None:
    """Beside the start button, where the tap happened: the setup's own problem, else the table's refusal."""
    if problem is None:
        return shell.refusal_control()
    if isinstance(problem, RefereeError):
        message, rule = shell.err_text(problem), problem.rule
    else:
        message, rule = shell.t(problem.key, **problem.params), None
    return refusal_line(message, shell.t("play.why", rule=rule) if rule else None,
                        (lambda: shell.show_rule(rule)) if rule else None)


SeatText = Literal["name", "lucky", "character", "tiles"]  # a seat's text a setup's field edits


class SeatFields:
    """A setup's per-seat text fields: a change event may arrive after the next tap, so every tap
    reads them first (``sync``). ``seats`` is the setup's (live) list of seats, ``items`` holds
    (seat, key, field): the field's text goes to that seat's attribute ``key``; ``limits`` cuts a
    key's text."""

    def __init__(self, seats: Sequence[object], limits: Mapping[SeatText, int] | None = None) -> None:
        self.seats = seats
        self.limits = limits or {}
        self.items: list[tuple[int, SeatText, ft.TextField]] = []

    def sync(self) -> None:
        for i, key, f in self.items:
            if f.value is not None and i < len(self.seats):
                limit = self.limits.get(key)
                setattr(self.seats[i], key, f.value[:limit] if limit else f.value)


# --- who begins: chosen, drawn, or the youngest -------------------------------------------------
@dataclass
class Youngest:
    """"Jüngste Person beginnt" while ``on``: the start seat follows the seats (one added, removed or
    given another profile), so it stays the youngest. Among several born in the latest year the lot
    falls once (``lot``, a profile id) and stays while that group (``group``) stays. ``asked``: the
    table chose how the start is found, so a game's default (``settle_youngest``) no longer applies."""

    on: bool = False
    lot: str | None = None
    group: tuple[str, ...] = ()
    asked: bool = False

    def choose(self, on: bool) -> None:
        """The table's own choice: the youngest (``on``), or a seat tapped or drawn."""
        self.on, self.asked = on, True


def birth_years(ids: Sequence[str | None], years_by_id: Mapping[str, int | None]) -> list[int | None]:
    """Each seat's birth year, from the profile that holds it (None: a typed seat or no year given)."""
    return [years_by_id.get(i) if i else None for i in ids]


def youngest_group(years: Sequence[int | None]) -> list[int] | None:
    """The seats born in the latest year; None unless every seat has a birth year."""
    known = [y for y in years if y is not None]
    if not known or len(known) < len(years):
        return None
    latest = max(known)
    return [i for i, y in enumerate(years) if y == latest]


def settle_youngest(y: Youngest, ids: Sequence[str | None], years: Sequence[int | None],
                    roll: Callable[[int], int], *, default: bool = False) -> int | None:
    """The seat that begins as the youngest, or None when the youngest is not asked for or cannot be
    told (a seat without a birth year ends the choice). ``roll(n)`` (1..n) draws among several of the
    same year, once per group. ``default``: the game's rules let the youngest begin, so it does until
    the table chooses otherwise."""
    group = youngest_group(years)
    if default and not y.asked and group is not None:
        y.on = True
    if not y.on:
        return None
    if group is None:
        y.on, y.lot, y.group = False, None, ()
        return None
    ids_of = tuple(str(ids[i]) for i in group)
    if len(group) == 1:
        y.lot, y.group = None, ids_of
        return group[0]
    if ids_of != y.group or y.lot not in ids_of:
        y.lot = ids_of[roll(len(group)) - 1]
    y.group = ids_of
    return group[ids_of.index(str(y.lot))]


def profile_years(ids: Sequence[str | None], profiles: Sequence[Profile]) -> list[int | None]:
    """Each seat's birth year from the saved profiles (``ids``: the seats' profile ids, None when typed)."""
    return birth_years(ids, {p.id: p.birth_year for p in profiles})


def youngest_seat(y: Youngest, ids: Sequence[str | None], profiles: Sequence[Profile], *,
                  default: bool = False) -> int | None:
    """``settle_youngest`` with the seats' years from the profiles and the app's die for a tie."""
    return settle_youngest(y, ids, profile_years(ids, profiles), lambda n: Dice().roll(n)[0], default=default)


def youngest_chip(shell: Shell, y: Youngest, years: Sequence[int | None],
                  on_tap: Callable[[], None]) -> ft.Control | None:
    """The third way to find who begins, beside the names and the draw: only while every seat has a
    birth year (``youngest_line`` says why not otherwise); marked while it decides."""
    if youngest_group(years) is None:
        return None
    on = y.on
    return ft.Button(content=ft.Text(shell.t("setup.youngest"), size=15,
                                     weight=ft.FontWeight.BOLD if on else ft.FontWeight.W_500,
                                     color=theme.ON_CHOICE if on else None),
                     icon=ft.Icons.CHECK if on else ft.Icons.CAKE_OUTLINED,
                     icon_color=theme.ON_CHOICE if on else theme.MUTED, height=48,
                     bgcolor=theme.CHOICE if on else None, on_click=lambda e: on_tap(),
                     style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12)))


def youngest_line(shell: Shell, y: Youngest, years: Sequence[int | None], names: Sequence[str],
                  needs_key: str | None = "setup.youngest_needs") -> ft.Control | None:
    """One short line under who begins: why the youngest cannot be asked for (``needs_key``, None: not
    said), or, when several are equally young, that the lot fell among them (the title says on whom)."""
    group = youngest_group(years)
    if group is None:
        return ft.Text(shell.t(needs_key), size=14, color=theme.MUTED) if needs_key else None
    if not y.on or len(group) < 2:
        return None
    tied = [names[i] for i in group]
    return ft.Text(shell.t("setup.youngest_tie", names=shell.t("setup.and", names=", ".join(tied[:-1]),
                                                                last=tied[-1])),
                   size=14, color=theme.MUTED, weight=ft.FontWeight.W_500)


def start_rows(title: ft.Control, seats: list[ft.Control], draw: ft.Control, youngest: ft.Control | None,
               line: ft.Control | None) -> list[ft.Control]:
    """Who begins in as few rows as a 360 px phone allows: the title with the draw button beside it and
    the seats' chips, or, when the youngest is offered, the title, the seats' chips, and the draw and the
    youngest in a row of their own; then the line, if any."""
    chips = keyed(ft.Row(seats, wrap=True, spacing=6, run_spacing=6), "start-chips")
    if youngest is None:
        title.expand = True
        rows = [keyed(ft.Row([title, draw], vertical_alignment=ft.CrossAxisAlignment.CENTER), "start-title"), chips]
    else:
        rows = [keyed(title, "start-title"), chips,
                keyed(ft.Row([draw, youngest], wrap=True, spacing=6, run_spacing=6), "start-ways")]
    return rows + ([line] if line is not None else [])
