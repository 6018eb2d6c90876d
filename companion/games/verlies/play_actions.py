"""What Verlies' play screen asks of the engine and hands to it.

Submitting an action, the offers, the events' words, the dice. Every rule is asked of
``scoring.verlies``: the screen asks legal() and pending_roll(), never its own rules."""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import flet as ft
from pydantic import BaseModel, ConfigDict, ValidationError

from companion.games.verlies.widgets import parse_roll
from scoring.engine import Range, Template, Text
from scoring.errors import InvalidInput
from scoring.verlies import Action, Event, State

Offer = Action | Template  # what the engine's legal() offers: a concrete action, or a template the table fills in
# A template filled in (Template.fill): the action as data, parsed by the table's engine (parse_action);
# Any is the engine's own type for those values (numbers, colours, names, seats).
Declared = dict[str, Any]

if TYPE_CHECKING:
    from companion.shell import Shell

log = logging.getLogger(__name__)
TOP = "rv-top"  # the scroll key of the play screen's top: whose turn, the last roll, the decision below


# --- play ------------------------------------------------------------------------------
def my_seats(shell: Shell, n: int) -> list[int]:
    return list(range(n)) if shell.seats is None else sorted(s for s in shell.seats if s < n)


NumberKey = Literal["number", "monster_value", "gold", "passage_gold", "room_gold", "treasure_value", "trap_gold"]
TypedKey = Literal["typed", "typed_hero", "typed_monster"]  # a die typed in, as text
TransientKey = Literal["typed", "typed_hero", "typed_monster", "treasure_name", "panel"]
TRANSIENT: tuple[TransientKey, ...] = ("typed", "typed_hero", "typed_monster", "treasure_name", "panel")


@dataclass
class VerliesPlay:
    """What Verlies' play screen remembers per table (``Shell.ui[("rv_play", table id)]``): the open
    panel, what was chosen in it, the numbers set and the dice typed, whose purse is shown."""

    panel: str | None = None  # "obstacle", "room_gold" or None
    kind: str = "door"  # the obstacle's kind (rv.obstacle)
    color: str = "red"  # an obstacle's or a trap's colour
    number: int = 7
    typed: str = ""
    monster_value: int = 5
    attribute: str = "strength"
    roller: int | None = None  # who rolls for the monster (rv.monster)
    typed_hero: str = ""
    typed_monster: str = ""
    gold: int = 1  # the purse's amount counter (corrections)
    passage_gold: int = 1  # the gold on the passage just laid (rv.gold), set beside its button
    room_gold: int = 2
    treasure_name: str = ""
    treasure_value: int = 3
    magic: bool = False
    hidden: bool = True
    trap_check: bool = True
    trap_gold: int = 0
    trap_dice: str | None = None
    trap_injury: bool = False
    trap_loss: bool = False
    seat: int | None = None  # the purse shown, chosen at ``seat_seq``
    seat_seq: int = -1
    fight: tuple[int, int] | None = None  # (turn, log length) of the fight the fight panel's values are for
    # how this phone enters a roll: the app rolls ("Würfeln") or the table's real dice are tapped in;
    # kept from roll to roll, as a table plays with one or the other
    real_dice: bool = False

    def number_of(self, key: NumberKey) -> int:
        value: int = getattr(self, key)
        return value

    def typed_of(self, key: TypedKey) -> str:
        value: str = getattr(self, key)
        return value

    def clear(self, keys: tuple[TransientKey, ...] = TRANSIENT) -> None:
        """Forget what was typed (and the open panel)."""
        for k in keys:
            setattr(self, k, None if k == "panel" else "")

    def new_fight(self, fight: tuple[int, int]) -> None:
        """Each fight starts from the default values."""
        fresh = VerliesPlay()
        self.monster_value, self.attribute, self.roller = fresh.monster_value, fresh.attribute, fresh.roller
        self.typed_hero, self.typed_monster, self.fight = "", "", fight


def play_state(shell: Shell) -> VerliesPlay:
    """Per-table view state: chosen obstacle, numbers typed, open panel."""
    key = ("rv_play", shell.game_table.id)
    st = shell.ui.get(key)
    if not isinstance(st, VerliesPlay):
        st = shell.ui[key] = VerliesPlay()
    return st


def submit(shell: Shell, action: Action | Declared | None, *, clear: tuple[TransientKey, ...] = TRANSIENT) -> bool:
    """Submit; on success forget what was typed for it, on a refusal keep it."""
    if action is None:  # a template value refused in place (``filled``)
        return False
    st = play_state(shell)
    kept = replace(st)
    st.clear(clear)
    turn = shell.game_table.state_as(State).turn_no
    if shell.submit(action):
        _turn_end_note(shell, turn)
        if shell.game_table.game.pending_roll(shell.game_table.state_as(State)) is not None:
            show_top(shell)  # the roll it asks for waits at the top (gold by dice is tapped far below)
        return True
    for k in clear:
        setattr(st, k, getattr(kept, k))
    shell.render()
    return False


def _turn_end_note(shell: Shell, turn_before: int) -> None:
    """The next turn's screen starts clean; what the tap that ended the turn caused ("card back into
    the pile", "escaped") is said once, on the phone that tapped, as a passing note."""
    state = shell.game_table.state_as(State)
    if state.turn_no == turn_before or shell.game_table.is_over():
        return  # the result screen says how it ended: no note from the last turn over it
    lines = [t for ev in state.events if (t := event_text(shell, state, ev))]
    if not lines:
        return
    note = ft.SnackBar(ft.Text(" ".join(lines), size=16), duration=8000)
    shell.ui[("rv_note", shell.game_table.id)] = note
    with contextlib.suppress(Exception):  # no live page
        shell.page.show_dialog(note)


def close_turn_note(shell: Shell) -> None:
    """The final scores: a note from a past turn that is still showing goes."""
    note = shell.ui.pop(("rv_note", shell.game_table.id), None)
    if isinstance(note, ft.SnackBar) and note.open:
        note.open = False
        with contextlib.suppress(Exception):  # no live page
            note.update()


def bad_roll(shell: Shell, got: str) -> None:
    shell.refuse(InvalidInput("rv_ui_bad_roll", rule="rv.dice", got=(got or "–")[:12]))


def seat_name(state: State, seat: int) -> str:
    return state.players[seat].name


def cause_text(shell: Shell, cause: str) -> str:
    key = f"rv.kind.{cause}"
    try:
        return shell.t(key)
    except KeyError:
        return cause


def injury_cause(state: State, seat: int) -> str:
    for ev in reversed(state.log):
        if ev.seat == seat and ev.kind == "injured":
            return str(ev.detail.get("cause", ""))
    return ""


# What the screen reads of an event's ``detail`` (the engine's dict of numbers, words and flags), by
# kind: a detail without that shape (never written by the engine) gives no line rather than a wrong one.
class _Detail(BaseModel):
    model_config = ConfigDict(frozen=True)


class _CheckDetail(_Detail):  # an obstacle's or a trap's check (rv.obstacle, rv.room)
    number: int
    color: str
    value: int
    roll: int
    success: bool = False


class _ObstacleDetail(_CheckDetail):
    kind: str


class _DeclinedDetail(_Detail):
    kind: str
    number: int


class _FightDetail(_Detail):  # rv.monster
    total: int
    monster_total: int
    won: bool = False


class _FightDiceDetail(_FightDetail):  # with its dice and who rolled for the monster
    attribute: str
    value: int
    roll: int
    monster_value: int
    monster_roll: int
    monster_roller: int


class _RoomDetail(_Detail):  # rv.room
    kind: Literal["gold", "monster", "trap"]


D = TypeVar("D", bound=_Detail)


def _detail(kind: type[D], ev: Event) -> D | None:
    try:
        return kind.model_validate(ev.detail)
    except ValidationError:
        return None


ROOM_WORDS = {"gold": "rv.play.panel_gold", "monster": "rv.kind.monster", "trap": "rv.kind.trap"}


def event_text(shell: Shell, state: State, ev: Event) -> str | None:
    d = ev.detail
    name = seat_name(state, ev.seat)
    if ev.kind == "obstacle":
        ob = _detail(_ObstacleDetail, ev)
        if ob is None:
            return None
        return shell.t("rv.ev.obstacle_ok" if ob.success else "rv.ev.obstacle_fail", kind=cause_text(shell, ob.kind),
                       number=ob.number, color=shell.t(f"rv.color.{ob.color}"), value=ob.value, roll=ob.roll,
                       sum=ob.value + ob.roll)
    if ev.kind == "declined":
        de = _detail(_DeclinedDetail, ev)
        return None if de is None else shell.t("rv.ev.declined", kind=cause_text(shell, de.kind), number=de.number)
    if ev.kind == "fight":
        fd = _detail(_FightDiceDetail, ev) if "roll" in d and "monster_roll" in d else None
        if fd is not None and 0 <= fd.monster_roller < len(state.players):
            return shell.t("rv.ev.fight_won_dice" if fd.won else "rv.ev.fight_lost_dice",
                           attr=shell.t(f"rv.attr.{fd.attribute}"), value=fd.value, roll=fd.roll,
                           total=fd.total, mvalue=fd.monster_value, mroll=fd.monster_roll,
                           monster=fd.monster_total, roller=seat_name(state, fd.monster_roller))
        f = _detail(_FightDetail, ev)
        return None if f is None else shell.t("rv.ev.fight_won" if f.won else "rv.ev.fight_lost", total=f.total,
                                              monster=f.monster_total)
    if ev.kind == "trap":
        tc = _detail(_CheckDetail, ev) if "roll" in d else None
        if tc is not None:  # a trap with a check: its die, as for an obstacle
            return shell.t("rv.ev.trap_ok_roll" if tc.success else "rv.ev.trap_hit_roll", number=tc.number,
                           color=shell.t(f"rv.color.{tc.color}"), value=tc.value, roll=tc.roll,
                           sum=tc.value + tc.roll)
        return shell.t("rv.ev.trap_ok" if d.get("success") else "rv.ev.trap_hit")
    if ev.kind == "injured":
        return shell.t("rv.ev.injured", name=name, cause=cause_text(shell, str(d.get("cause", ""))))
    if ev.kind == "room":
        room = _detail(_RoomDetail, ev)
        return None if room is None else shell.t("rv.ev.room", kind=shell.t(ROOM_WORDS[room.kind]))
    if ev.kind == "unauthorised":
        return shell.t("rv.ev.unauthorised_next" if d.get("skips_next") else "rv.ev.unauthorised_this", name=name)
    if ev.kind == "nothing_lost":
        return shell.t("rv.ev.nothing_lost", name=name, cause=cause_text(shell, str(d.get("cause", ""))))
    if ev.kind in ("escaped", "exit_laid", "treasure", "treasure_lost", "recovered", "sat_out"):
        return shell.t(f"rv.ev.{ev.kind}", name=name)
    return None


# --- what the engine offers (the screen asks legal() and pending_roll(), never its own rules) ---
def offer_of(offers: list[Offer], type_: str, **fixed: object) -> Action | None:
    """The concrete action of ``type_`` with these values that ``legal()`` offers, if any."""
    for o in offers:
        if not isinstance(o, Template) and o.type == type_ and all(getattr(o, k) == v for k, v in fixed.items()):
            return o
    return None


def template_of(offers: list[Offer], type_: str, field: str, **fixed: object) -> Template | None:
    """The template of ``type_`` that leaves ``field`` to the table, with these fixed values, if offered."""
    for o in offers:
        if (isinstance(o, Template) and o.action_type == type_ and field in o.fields
                and all(o.fixed.get(k) == v for k, v in fixed.items())):
            return o
    return None


def choices(template: Template, field: str) -> tuple[Any, ...]:
    # Any: the engine's Template.fields hold a choice's values as they come (kinds, colours, seats)
    """The values a template's field allows (the engine's choices: kinds, colours, seats)."""
    spec = template.fields[field]
    if not isinstance(spec, tuple):
        raise TypeError(f"{template.action_type}.{field} is not a choice")
    return spec


def range_of(template: Template, field: str) -> Range:
    spec = template.fields[field]
    if not isinstance(spec, Range):
        raise TypeError(f"{template.action_type}.{field} is not a range")
    return spec


def text_of(template: Template, field: str) -> Text:
    spec = template.fields[field]
    if not isinstance(spec, Text):
        raise TypeError(f"{template.action_type}.{field} is not a text")
    return spec


def filled(shell: Shell, template: Template, **values: object) -> Declared | None:
    """The template's action with the values entered; a value outside its range is refused in place."""
    try:
        return template.fill(**values)
    except InvalidInput as exc:
        shell.refuse(exc)
        return None


def declare_and_roll(shell: Shell, declared: Declared | None, faces: list[int] | None, rolls: int) -> bool:
    """One tap: the declaration, then up to ``rolls`` dice through the table's chance protocol
    (``faces``: the real dice typed, else the table rolls), drawn once. Dice the engine asks of
    another seat's phone are left to that phone (its roll panel)."""
    if declared is None:
        return False
    table = shell.game_table
    rolled: list[int] = []

    def steps() -> None:
        table.submit(declared, shell.seats)
        for i in range(rolls):
            req = table.game.pending_roll(table.state_as(State))
            if req is None or (shell.seats is not None and req.by not in shell.seats):
                break
            table.roll(shell.seats, None if faces is None or i >= len(faces) else [faces[i]])
            rolled.append(i)
        play_state(shell).clear()  # taken: what was entered for it goes with the tap's one redraw

    taken = shell.act(steps)
    if taken and rolled:
        felt(shell)  # the dice rolled with the declaration are felt like any roll (``shell.roll``)
    return taken


def felt(shell: Shell) -> None:
    """A roll is felt as well as seen: the shell's short vibration where the phone has one. A roll
    declared and rolled in one tap goes through ``shell.act``, which does not vibrate itself."""
    buzz = getattr(shell, "buzz", None)  # the app's shell has it; a screen's stand-in may not
    if callable(buzz):
        buzz()


def typed_faces(shell: Shell, st: VerliesPlay, keys: tuple[TypedKey, ...]) -> list[int] | None:
    """The typed dice of ``keys`` in order (an empty later field ends the list); a bad one is refused."""
    faces: list[int] = []
    for k in keys:
        text = (st.typed_of(k) or "").strip()
        if not text and faces:
            break
        v = parse_roll(text)
        if v is None:
            bad_roll(shell, text)
            return None
        faces.append(v)
    return faces


async def _scroll_top(shell: Shell) -> None:
    try:
        await shell.body.scroll_to(scroll_key=TOP, duration=250)
    except Exception as err:  # no client (tests) or an old one: the screen still shows
        log.debug("scroll to the turn not done: %r", err)


def show_top(shell: Shell) -> None:
    """After a roll, or a tap that asks for one, on this phone: the screen goes to its top, where the
    dice and what they did, or the roll asked for, now are; the tap may have been far down the screen
    (the purse's gold by dice, the bottom of a long panel)."""
    try:
        shell.page.run_task(_scroll_top, shell)
    except RuntimeError as err:  # no running loop (a test building the screen by hand)
        log.debug("scroll to the turn not scheduled: %r", err)
