"""Setup seats shared by every game's setup screen: names as typed, defaults, refusals by field.

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
from scoring.engine import NAME_MAX, visible
from scoring.errors import RefereeError
from scoring.names import has_bidi_control, name_key

if TYPE_CHECKING:
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
