"""Verflixxt! Kompakt's setup screen: players and colours, house rules, start (the parcours: ``setup_parcours``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.games.setup_seats import add_seat, error_texts, names_to_start, seats_for, start_controls
from companion.games.verflixxt.colors import COLOR_KEYS, COLOR_OF, TEXT_ON
from companion.games.verflixxt.setup_parcours import Parcours, tile_set_block
from companion.games.verflixxt.setup_state import (
    Fields,
    VerflixxtSetup,
    about_guards,
    setup_guards,
    setup_state_of,
)
from companion.games.verflixxt.words import GAME
from companion.records.profiles import Profile, list_profiles
from components import theme
from components.common import (
    TOUCH,
    section_title,
    stepper,
    toggle_row,
)
from components.profile_picker import profile_picker
from components.seat_editor import SeatColor, seat_editor
from scoring.engine import PlayerSpec
from scoring.errors import InvalidInput
from scoring.verflixxt import (
    GAME as ENGINE,
    default_figures,
    parse_layout,
)

if TYPE_CHECKING:
    from companion.shell import Shell


def _pick_color(taken: list[str], after: str | None = None) -> str:
    """The next colour nobody else has (after ``after`` in the palette's cycle)."""
    start = COLOR_KEYS.index(after) + 1 if after in COLOR_KEYS else 0
    for k in range(len(COLOR_KEYS)):
        key = COLOR_KEYS[(start + k) % len(COLOR_KEYS)]
        if key not in taken:
            return key
    return after or COLOR_KEYS[0]


def _fix_colors(st: VerflixxtSetup) -> list[str]:
    """One distinct colour per player (players added or removed keep theirs)."""
    colors = [c for c in st.colors if c in COLOR_KEYS][: len(st.players)]
    out: list[str] = []
    for c in colors:
        out.append(c if c not in out else _pick_color(out))
    while len(out) < len(st.players):
        out.append(_pick_color(out))
    st.colors = out
    return out


# --- setup: players -------------------------------------------------------------------------
def _figures_note(st: VerflixxtSetup, before: int) -> None:
    """vx.setup: when a seat more or less changes the ruling's figure count, say so by the stepper."""
    after = default_figures(len(st.players))
    if st.figures is None and after != before:
        st.figures_note = {"old": before, "new": after, "players": len(st.players)}


def _add_seat(st: VerflixxtSetup, name: str) -> int:
    before = default_figures(len(st.players))
    st.players.append(name)
    st.colors.append(_pick_color(st.colors))
    st.profiles.append(None)
    _figures_note(st, before)
    return len(st.players) - 1


def _seat_actions(shell: Shell, st: VerflixxtSetup, fields: Fields) -> dict[str, Callable[..., None]]:
    players, seat_profiles = st.players, st.profiles

    def on_name(i: int, value: str) -> None:
        if i < len(seat_profiles) and seat_profiles[i] and value != players[i]:
            seat_profiles[i] = None  # a renamed seat is no longer that saved player
        players[i] = value

    def on_remove(i: int) -> None:
        fields.sync()
        if len(players) > ENGINE.min_players:
            before = default_figures(len(players))
            players.pop(i)
            st.colors.pop(i)
            seat_profiles.pop(i)
            st.name_errors, st.start_error = [], None
            _figures_note(st, before)
            shell.render()

    def on_add() -> None:
        fields.sync()
        if len(players) < ENGINE.max_players:
            _add_seat(st, "")
            shell.render()

    def on_color(i: int) -> None:
        fields.sync()
        others = [c for j, c in enumerate(st.colors) if j != i]
        st.colors[i] = _pick_color(others, after=st.colors[i])
        shell.render()

    def pick_profile(prof: Profile) -> None:
        """A saved player fills the first seat not yet held by a profile (or a new seat)."""
        fields.sync()
        if prof.id in seat_profiles:
            return
        if None in seat_profiles:
            i = seat_profiles.index(None)
        elif len(players) < ENGINE.max_players:
            i = _add_seat(st, prof.name)
        else:
            return
        players[i] = prof.name
        seat_profiles[i] = prof.id
        shell.render()

    return {"on_name": on_name, "on_remove": on_remove, "on_add": on_add, "on_color": on_color,
            "pick_profile": pick_profile}


def _seat_block(shell: Shell, st: VerflixxtSetup, fields: Fields) -> list[ft.Control]:
    """Players, youngest first: saved players, one card per seat with its colour, the add button."""
    act = _seat_actions(shell, st, fields)
    out: list[ft.Control] = [ft.Text(shell.t("vx.setup.order"), size=14, color=theme.MUTED)]
    profiles = list_profiles(shell.ctx.store)
    if profiles:
        out.append(profile_picker(profiles, act["pick_profile"], t=shell.t, chosen=st.profiles))
    colors = [SeatColor(COLOR_OF[c], TEXT_ON[COLOR_OF[c]],
                        shell.t("vx.setup.color_tip", n=i + 1, color=shell.t(f"vx.color.{c}")))
              for i, c in enumerate(_fix_colors(st))]
    seats = seats_for(shell, st.players, [str(i) for i in range(len(st.players))],
                      error_texts(shell, st.name_errors), low=ENGINE.min_players, colors=colors)
    out.append(seat_editor(seats, on_name=act["on_name"], on_remove=act["on_remove"], on_color=act["on_color"],
                           add=add_seat(shell, len(st.players), ENGINE.max_players, act["on_add"],
                                        low=ENGINE.min_players),
                           fields=fields.names))
    return out


# --- setup: house rules -----------------------------------------------------------------------
def _figures_stepper(shell: Shell, st: VerflixxtSetup, fields: Fields) -> ft.Control:
    n = len(st.players)
    figures = st.figures or default_figures(n)  # vx.setup: the engine's default for this many players

    def set_figures(v: int) -> None:
        fields.sync()
        st.figures = v
        st.figures_note = None
        shell.render()

    note = st.figures_note
    words = shell.t("vx.setup.figures_changed", **note) if note and st.figures is None else None
    label = shell.t("vx.setup.figures")
    return stepper(label, figures, 1, 6, set_figures, label + " −", label + " +", note=words)


def _rules_block(shell: Shell, st: VerflixxtSetup, fields: Fields) -> list[ft.Control]:
    def set_wurm() -> None:
        fields.sync()
        st.wurminator = not st.wurminator
        shell.render()

    def set_bite(value: str) -> Callable[[], None]:
        def pick() -> None:
            fields.sync()
            st.bite_takes = value
            shell.render()

        return pick

    # rows of the full touch height (Flutter's switch and radios were 32 to 40 px)
    out: list[ft.Control] = [section_title(shell.t("setup.options")), _figures_stepper(shell, st, fields),
                             toggle_row(shell.t("vx.setup.wurminator"), st.wurminator, set_wurm,
                                        kind="switch")]
    if st.wurminator:
        radios = ft.Column([toggle_row(shell.t(f"vx.setup.bite.{v}"), st.bite_takes == v,
                                       set_bite(v), kind="radio")
                            for v in ("smallest", "largest")], spacing=0)
        out.append(ft.Column([ft.Text(shell.t("vx.setup.bite_takes"), size=15), radios], spacing=2))
    return out


# --- setup: start ----------------------------------------------------------------------------
def _start(shell: Shell, st: VerflixxtSetup, fields: Fields) -> None:
    fields.sync()
    try:
        layout = parse_layout(st.layout)
    except InvalidInput as exc:
        st.layout_error, st.start_error = exc.message(shell.lang), exc
        shell.refusal = None
        shell.render()
        return
    names = names_to_start(shell, st, st.players)
    if names is None:
        return
    players = [PlayerSpec(name=n, color=COLOR_OF[c], profile_id=pid)
               for n, c, pid in zip(names, _fix_colors(st), st.profiles)]
    options = {
        "layout": [str(t) for t in layout],
        "figures_per_player": st.figures or default_figures(len(players)),
        "wurminator": st.wurminator,
        "bite_takes": st.bite_takes,
        "first_seat": 0,  # the youngest sits first
        "guards": setup_guards(st, layout),
    }
    st.guard_error = None
    shell.start_game(GAME, players, options)
    err = shell.refusal
    if shell.table is None and err is not None and about_guards(err):
        st.guard_error = err  # shown by the guards, with what was entered
        shell.refusal = None
        shell.render()


def _start_block(shell: Shell, st: VerflixxtSetup, fields: Fields) -> list[ft.Control]:
    def start(e: ft.Event[ft.Button]) -> None:
        _start(shell, st, fields)

    out: list[ft.Control] = start_controls(shell, st.start_error, start)
    out.append(ft.OutlinedButton(content=shell.t("vx.setup.quick"), icon=ft.Icons.CALCULATE_OUTLINED,
                                 on_click=lambda e: shell.go("vx_quick"), height=TOUCH))
    return out


def setup_view(shell: Shell) -> ft.Control:
    st = setup_state_of(shell)
    fields = Fields(st)
    rows: list[ft.Control] = [section_title(shell.t("vx.setup.title"))]
    rows += _seat_block(shell, st, fields)
    rows += _rules_block(shell, st, fields)
    rows += Parcours(shell, st, fields).controls()
    rows += tile_set_block(shell, st, fields)
    rows += _start_block(shell, st, fields)
    return ft.Column(rows, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
