"""Raus aus dem Verlies!'s setup screen: a usual game in three taps (players, who begins, start).

The players come from the saved profiles (or are typed); who begins is chosen, drawn, or the youngest
(when every seat has a birth year from its profile). The deck to prepare is said above the start. The
rest waits folded under "Mehr Optionen": each seat's adventurer (already dealt: the next free card, or
the profile's favourite) and the house rules."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Literal

import flet as ft

from companion.games.setup_seats import (
    SeatFields,
    SetupErrors,
    Youngest,
    add_seat,
    check_names,
    error_texts,
    names_to_start,
    profile_years,
    seats_for,
    start_controls,
    start_rows,
    youngest_chip,
    youngest_line,
    youngest_seat,
)
from companion.games.verlies.widgets import choice_chip, wrap_row
from companion.games.verlies.words import GAME, META_PRESETS
from companion.i18n import LANGS, tr
from companion.records.profiles import Profile, list_profiles
from components import theme
from components.common import big_button, keyed, section_title, stepper
from components.gold_counter import clamp
from components.profile_picker import profile_picker
from components.seat_editor import seat_editor
from scoring.dice import Dice
from scoring.engine import PlayerSpec
from scoring.verlies import (
    ATTR_MAX,
    ATTRIBUTES,
    GAME as ENGINE,
    PRESETS,
    Attribute,
    deck_colors,
    draw_start_player,
)

if TYPE_CHECKING:
    from companion.shell import Shell


# --- setup --------------------------------------------------------------------------
@dataclass
class Character:
    """A character card as the setup edits it (rv.setup): its name and its three values."""

    character: str
    strength: int
    mind: int
    dexterity: int

    def value(self, attribute: Attribute) -> int:
        value: int = getattr(self, attribute)
        return value

    def set_value(self, attribute: Attribute, value: int) -> None:
        setattr(self, attribute, clamp(value, 0, ATTR_MAX))

    def card(self) -> Character:
        """The card alone (a copy)."""
        return Character(self.character, self.strength, self.mind, self.dexterity)

    def take(self, card: Character) -> None:
        self.character, self.strength, self.mind, self.dexterity = (card.character, card.strength, card.mind,
                                                                    card.dexterity)


@dataclass(kw_only=True)
class VerliesSeat(Character):
    """One seat as the setup shows it: the name as typed (empty: the hint's default), its character
    (from preset ``preset``, or a profile's favourite: ``profile_character``), a saved player's id and colour."""

    uid: int  # the seat card's lasting key (seats are added and removed in any order)
    preset: int  # which of the table's eight character cards the seat holds
    name: str = ""
    profile_id: str | None = None
    color: str | None = None
    profile_character: bool = False


@dataclass(kw_only=True)
class VerliesSetup(SetupErrors):
    """What Verlies' setup screen remembers while the table sets up (``Shell.ui["rv_setup"]``)."""

    presets: list[Character]  # the table's eight character cards, as last edited
    players: list[VerliesSeat] = field(default_factory=list)
    start_player: int = 0
    start_drawn: bool = False  # the start seat was drawn, not chosen: the screen says so
    youngest: Youngest = field(default_factory=Youngest)  # "Jüngste Person beginnt", while it decides
    exit_min_gold: int = 0  # rv.exit
    penalty_turn: Literal["next", "this"] = "next"  # rv.penalty, option penalty_turn
    more: bool = False  # "Mehr Optionen" unfolded: the adventurers and the house rules
    next_uid: int = 0

    def rules_changed(self) -> bool:
        """A house rule differs from the game's own (the folded section says so)."""
        return (self.exit_min_gold, self.penalty_turn) != (0, "next")

    def uid(self) -> int:
        """A seat card's lasting key in setup (seats are added and removed in any order)."""
        self.next_uid += 1
        return self.next_uid - 1

    def new_seat(self) -> VerliesSeat:
        """An empty name (the field's hint shows the default) and the next free character."""
        used = {p.preset for p in self.players}
        idx = next(i for i in range(len(self.presets)) if i not in used)
        c = self.presets[idx]
        return VerliesSeat(character=c.character, strength=c.strength, mind=c.mind, dexterity=c.dexterity,
                           uid=self.uid(), preset=idx)


def load_presets(shell: Shell) -> list[Character]:
    """The eight characters as this table last edited them (else the engine's placeholders)."""
    base = [Character(p.character, p.strength, p.mind, p.dexterity) for p in PRESETS]
    try:
        saved = json.loads(shell.ctx.store.meta(META_PRESETS) or "[]")
    except (ValueError, TypeError):
        saved = []
    for i, p in enumerate(saved[: len(base)] if isinstance(saved, list) else []):
        try:
            values = [max(0, min(ATTR_MAX, int(p[a]))) for a in ATTRIBUTES]
            base[i] = Character(str(p["character"])[:40] or base[i].character, *values)
        except (KeyError, TypeError, ValueError):
            continue
    return base


def _localized(shell: Shell, i: int, name: str) -> str:
    """A placeholder character ("Abenteurer 1", in any language) in the table's language."""
    n = i + 1
    placeholders = {PRESETS[i].character if i < len(PRESETS) else None,
                    *(tr(lang, "rv.setup.default_character", n=n) for lang in LANGS)}
    return shell.t("rv.setup.default_character", n=n) if name in placeholders else name


def _localize_defaults(shell: Shell, st: VerliesSetup) -> None:
    """The setup's placeholder characters follow a language switch (an English table
    was shown the German "Abenteurer 1/2/3")."""
    for i, preset in enumerate(st.presets):
        preset.character = _localized(shell, i, preset.character)
    for p in st.players:
        if not p.profile_character:
            p.character = _localized(shell, p.preset, p.character)


def save_presets(shell: Shell, st: VerliesSetup) -> None:
    presets = st.presets
    for p in st.players:
        if p.profile_character:
            continue  # a profile's favourite character stays the profile's, not the table's preset
        presets[p.preset] = p.card()
    try:
        shell.ctx.store.set_meta(META_PRESETS, json.dumps([asdict(c) for c in presets], ensure_ascii=False))
    except Exception:  # read-only store: the game still starts
        pass


def _pick_profile(shell: Shell, st: VerliesSetup, profile: Profile) -> None:
    """A profile fills the next seat without one (or a new seat); tapped again, it frees its seat."""
    players = st.players
    for p in players:
        if p.profile_id == profile.id:
            p.profile_id, p.color, p.name = None, None, ""
            if p.profile_character:
                p.profile_character = False
                p.take(st.presets[p.preset])
            shell.render()
            return
    free = next((i for i, p in enumerate(players) if not p.profile_id), None)
    if free is None:
        if len(players) >= ENGINE.max_players:
            return
        players.append(st.new_seat())
        free = len(players) - 1
    spec = profile.player_spec()
    seat = players[free]
    seat.name, seat.color, seat.profile_id = spec.name, spec.color, spec.profile_id
    ch = profile.character
    if ch and ch.get("character"):
        seat.character = str(ch["character"])[:40]
        for a in ATTRIBUTES:
            if ch.get(a) is not None:
                seat.set_value(a, int(ch[a]))
        seat.profile_character = True
    shell.render()


def _setup_state(shell: Shell) -> VerliesSetup:
    st = shell.ui.get("rv_setup")
    if not isinstance(st, VerliesSetup):
        st = VerliesSetup(presets=load_presets(shell))
        for _ in range(3):
            st.players.append(st.new_seat())
        shell.ui["rv_setup"] = st
    return st


def _seat_actions(shell: Shell, st: VerliesSetup, fields: SeatFields) -> dict[str, Callable[..., None]]:
    players = st.players

    def on_name(i: int, value: str) -> None:
        players[i].name = value

    def on_remove(i: int) -> None:
        fields.sync()
        if len(players) > ENGINE.min_players:
            players.pop(i)
            if i < st.start_player:  # the same person still begins
                st.start_player -= 1
            elif i == st.start_player:
                st.start_drawn = False
            st.start_player = min(st.start_player, len(players) - 1)
            st.name_errors, st.start_error = [], None
            shell.render()

    def on_add() -> None:
        fields.sync()
        if len(players) < ENGINE.max_players:
            players.append(st.new_seat())
            shell.render()

    def other_character(i: int) -> None:
        fields.sync()
        used = {q.preset for j, q in enumerate(players) if j != i}
        p = players[i]
        cur = p.preset
        for k in range(1, len(st.presets) + 1):
            idx = (cur + k) % len(st.presets)
            if idx not in used:
                if not p.profile_character:
                    st.presets[cur] = p.card()
                p.preset, p.profile_character = idx, False
                p.take(st.presets[idx])
                break
        shell.render()

    return {"on_name": on_name, "on_remove": on_remove, "on_add": on_add, "other_character": other_character}


def _character_rows(shell: Shell, st: VerliesSetup, i: int, fields: SeatFields,
                    other: Callable[[int], None]) -> tuple[ft.Control, ...]:
    """The seat's adventurer: its name, another preset, strength/mind/dexterity 0..ATTR_MAX (rv.setup)."""
    p, n = st.players[i], i + 1

    def set_character(e: ft.Event[ft.TextField]) -> None:
        p.character = (e.control.value or "")[:40]

    def set_attr(attr: Attribute) -> Callable[[int], None]:
        def changed(value: int) -> None:
            fields.sync()
            p.set_value(attr, value)
            shell.render()

        return changed

    field = ft.TextField(label=shell.t("rv.setup.character", n=n), value=p.character, on_change=set_character,
                         dense=True, expand=True)
    fields.items.append((i, "character", field))
    # one line each: three side by side do not fit 360 px with 48 px buttons
    attrs = [stepper(shell.t(f"rv.attr.{a}"), p.value(a), 0, ATTR_MAX, set_attr(a),
                     shell.t("rv.setup.attr_minus", attr=shell.t(f"rv.attr.{a}"), n=n),
                     shell.t("rv.setup.attr_plus", attr=shell.t(f"rv.attr.{a}"), n=n)) for a in ATTRIBUTES]
    return (
        ft.Row([field, ft.IconButton(icon=ft.Icons.SWITCH_ACCOUNT, width=48, height=48, on_click=lambda e: other(i),
                                     tooltip=shell.t("rv.setup.next_character", n=n))]),
        ft.Column(attrs, spacing=0),
    )


def _profiles(shell: Shell) -> list[Profile]:
    try:
        return list_profiles(shell.ctx.store)
    except Exception:  # an unreadable profile table: setup still works by typing names
        return []


def _seat_block(shell: Shell, st: VerliesSetup, fields: SeatFields, profiles: list[Profile]) -> list[ft.Control]:
    """Who plays: the saved players' chips first (a tap seats one), then each seat's name."""
    players = st.players
    act = _seat_actions(shell, st, fields)
    out: list[ft.Control] = []
    if profiles:
        out.append(keyed(profile_picker(profiles, lambda pr: _pick_profile(shell, st, pr), t=shell.t,
                                        chosen=[p.profile_id for p in players]), "profiles"))
    seats = seats_for(shell, [p.name for p in players], [str(p.uid) for p in players],
                      error_texts(shell, st.name_errors), low=ENGINE.min_players)
    names: list[ft.TextField] = []
    out.append(keyed(seat_editor(seats, on_name=act["on_name"], on_remove=act["on_remove"], fields=names,
                                 add=add_seat(shell, len(players), ENGINE.max_players, act["on_add"],
                                              low=ENGINE.min_players)), "seats"))
    fields.items += [(i, "name", f) for i, f in enumerate(names)]
    return out


def _years(st: VerliesSetup, profiles: list[Profile]) -> list[int | None]:
    return profile_years([p.profile_id for p in st.players], profiles)


def _settle_start(st: VerliesSetup, profiles: list[Profile]) -> None:
    """While the youngest begins, the start seat follows the seats (and their profiles)."""
    seat = youngest_seat(st.youngest, [p.profile_id for p in st.players], profiles)
    if seat is not None:
        st.start_player, st.start_drawn = seat, False


def _start_player_block(shell: Shell, st: VerliesSetup, names: list[str], fields: SeatFields,
                        profiles: list[Profile]) -> list[ft.Control]:
    """Who begins: a chip per seat (chosen), drawn by the engine (rv.setup), or the youngest (every
    seat from a profile with a birth year; a line says so otherwise)."""
    sp = min(st.start_player, len(names) - 1)
    years = _years(st, profiles)

    def pick(i: int, drawn: bool = False) -> None:
        fields.sync()
        st.start_player, st.start_drawn = i, drawn
        st.youngest.choose(False)
        shell.render()

    def draw(e: ft.Event[ft.Button]) -> None:
        pick(draw_start_player(len(names), Dice()), drawn=True)  # rv.setup: the engine draws

    def youngest() -> None:
        fields.sync()
        st.youngest.choose(True)
        shell.render()

    chips = [choice_chip(name, i == sp, lambda e, i=i: pick(i), tooltip=shell.t("rv.setup.start_pick", name=name))
             for i, name in enumerate(names)]
    way = "rv.setup.start_youngest" if st.youngest.on else "rv.setup.start_drawn" if st.start_drawn else None
    title = ft.Text(shell.t(way or "rv.setup.start_player", name=names[sp]), size=16, weight=ft.FontWeight.W_600)
    # the reason the youngest is missing, said where the profiles are in use
    needs = "setup.youngest_needs" if any(p.profile_id for p in st.players) else None
    return start_rows(title, chips, big_button(shell.t("rv.setup.draw_start"), draw),
                      youngest_chip(shell, st.youngest, years, youngest),
                      youngest_line(shell, st.youngest, years, names, needs))


def _deck_line(shell: Shell, names: list[str]) -> ft.Control:
    """rv.setup: which dungeon cards the table lays out for this many players (a task, not an option)."""
    colors = " + ".join(shell.t(f"rv.color.{c}") for c in deck_colors(len(names)))
    return keyed(ft.Container(ft.Text(shell.t("rv.setup.deck", colors=colors), size=15, color=theme.ON_NOTICE),
                              bgcolor=theme.NOTICE, border_radius=10, padding=ft.Padding.symmetric(horizontal=10,
                                                                                                  vertical=6)),
                 "deck")


def _more_toggle(shell: Shell, st: VerliesSetup, fields: SeatFields) -> ft.Control:
    """The fold: "Mehr Optionen" and, beside it, what waits inside (and whether a rule was changed)."""
    def flip(e: ft.Event[ft.TextButton]) -> None:
        fields.sync()
        st.more = not st.more
        shell.render()

    inside = shell.t("rv.setup.more_inside")
    if st.rules_changed():
        inside = shell.t("rv.setup.more_changed", inside=inside)
    return keyed(ft.Row([ft.TextButton(content=shell.t("rv.setup.more"), height=48, on_click=flip,
                                       icon=ft.Icons.EXPAND_LESS if st.more else ft.Icons.EXPAND_MORE),
                         ft.Text(inside, size=14, color=theme.MUTED, expand=True)],
                        spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER), "more")


def _characters_block(shell: Shell, st: VerliesSetup, fields: SeatFields, names: list[str]) -> list[ft.Control]:
    """Each seat's adventurer (rv.setup), under the seat's name: dealt already, changed here."""
    other = _seat_actions(shell, st, fields)["other_character"]
    out: list[ft.Control] = [section_title(shell.t("rv.setup.characters_title")),
                             ft.Text(shell.t("rv.setup.characters_intro"), size=14)]
    for i, name in enumerate(names):
        out.append(keyed(ft.Container(ft.Column([ft.Text(name, size=16, weight=ft.FontWeight.W_600),
                                                 *_character_rows(shell, st, i, fields, other)], spacing=6),
                                      bgcolor=theme.CARD, border_radius=10, padding=8),
                         f"character-{st.players[i].uid}"))
    return out


def _options_block(shell: Shell, st: VerliesSetup, fields: SeatFields) -> list[ft.Control]:
    def set_min_gold(v: int) -> None:
        fields.sync()
        st.exit_min_gold = v
        shell.render()

    def set_penalty(value: Literal["next", "this"]) -> None:
        fields.sync()
        st.penalty_turn = value
        shell.render()

    label = shell.t("rv.setup.exit_min_gold")
    penalty = st.penalty_turn  # rv.penalty, option penalty_turn
    return [
        keyed(section_title(shell.t("setup.options")), "options-title"),
        keyed(stepper(label, st.exit_min_gold, 0, 99, set_min_gold, label + " −", label + " +"), "exit-min-gold"),
        keyed(ft.Text(shell.t("rv.setup.penalty_title"), size=15), "penalty-title"),
        keyed(wrap_row([choice_chip(shell.t(f"rv.setup.penalty_{v}"), penalty == v, lambda e, v=v: set_penalty(v))
                        for v in ("next", "this")]), "penalty-chips"),
    ]


def _start(shell: Shell, st: VerliesSetup, fields: SeatFields) -> None:
    fields.sync()
    _settle_start(st, _profiles(shell))  # a seat renamed since has no profile now
    players = st.players
    names = names_to_start(shell, st, [p.name for p in players])
    if names is None:
        return
    specs = [PlayerSpec(name=n, color=p.color, profile_id=p.profile_id) for n, p in zip(names, players)]
    options = {
        "adventurers": [asdict(p.card()) for p in players],
        "start_player": min(st.start_player, len(players) - 1),
        "exit_min_gold": st.exit_min_gold,
        "penalty_turn": st.penalty_turn,
    }
    save_presets(shell, st)
    shell.start_game(GAME, specs, options)
    err = shell.refusal
    if shell.table is None and err is not None and err.rule == "rv.setup" and not st.more:
        st.more = True  # an adventurer refused (rv.setup): shown unfolded, beside what was entered
        shell.render()


def setup_view(shell: Shell) -> ft.Control:
    st = _setup_state(shell)
    _localize_defaults(shell, st)
    fields = SeatFields(st.players, {"character": 40})
    profiles = _profiles(shell)
    _settle_start(st, profiles)
    names, _ = check_names(shell, [p.name for p in st.players])
    rows: list[ft.Control] = [keyed(section_title(shell.t("rv.setup.title")), "title")]
    rows += _seat_block(shell, st, fields, profiles)
    rows += _start_player_block(shell, st, names, fields, profiles)
    rows.append(_deck_line(shell, names))
    rows.append(_more_toggle(shell, st, fields))
    if st.more:
        rows.append(keyed(ft.Column(_characters_block(shell, st, fields, names) + _options_block(shell, st, fields),
                                    spacing=10), "more-options"))

    def start(e: ft.Event[ft.Button]) -> None:
        _start(shell, st, fields)

    rows += start_controls(shell, st.start_error, start)
    return ft.Column(rows, spacing=10)
