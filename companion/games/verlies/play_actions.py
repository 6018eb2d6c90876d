"""What Verlies' play screen asks of the engine and hands to it.

Submitting an action, the offers, the events' words, the dice. Every rule is asked of
``scoring.verlies`` (issue 13: the screen asks legal() and pending_roll(), never its own rules)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

import flet as ft

from companion.games.verlies.widgets import parse_roll
from components.dice_entry import DiceEntryTexts, DieSlot, opened, real_dice, toggle
from scoring.engine import DieSpec, Range, Template, Text
from scoring.errors import InvalidInput

if TYPE_CHECKING:
    from companion.app import Shell


# --- play ------------------------------------------------------------------------------
def my_seats(shell: Shell, n: int) -> list[int]:
    return list(range(n)) if shell.seats is None else sorted(s for s in shell.seats if s < n)


NumberKey = Literal["number", "monster_value", "gold", "room_gold", "treasure_value", "trap_gold"]
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
    gold: int = 1  # the purse's amount counter
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
        """Each fight starts from the default values (issue 25.9)."""
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


def submit(shell: Shell, action: Any, *, clear: tuple[TransientKey, ...] = TRANSIENT) -> bool:
    """Submit; on success forget what was typed for it, on a refusal keep it."""
    if action is None:  # a template value refused in place (``filled``)
        return False
    st = play_state(shell)
    kept = replace(st)
    st.clear(clear)
    turn = shell.game_table.state.turn_no
    if shell.submit(action):
        _turn_end_note(shell, turn)
        return True
    for k in clear:
        setattr(st, k, getattr(kept, k))
    shell.render()
    return False


def _turn_end_note(shell: Shell, turn_before: int) -> None:
    """The next turn's screen starts clean; what the tap that ended the turn caused ("card back into
    the pile", "escaped") is said once, on the phone that tapped, as a passing note."""
    state = shell.game_table.state
    if state.turn_no == turn_before or shell.game_table.is_over():
        return  # the result screen says how it ended: no note from the last turn over it (issue 25.9)
    lines = [t for ev in state.events if (t := event_text(shell, state, ev))]
    if not lines:
        return
    note = ft.SnackBar(ft.Text(" ".join(lines), size=16), duration=8000)
    shell.ui[("rv_note", shell.game_table.id)] = note
    with contextlib.suppress(Exception):  # no live page
        shell.page.show_dialog(note)


def close_turn_note(shell: Shell) -> None:
    """The final scores: a note from a past turn that is still showing goes (issue 25.9)."""
    note = shell.ui.pop(("rv_note", shell.game_table.id), None)
    if isinstance(note, ft.SnackBar) and note.open:
        note.open = False
        with contextlib.suppress(Exception):  # no live page
            note.update()


def bad_roll(shell: Shell, got: str) -> None:
    shell.refuse(InvalidInput("rv_ui_bad_roll", rule="rv.dice", got=(got or "–")[:12]))


def seat_name(state: Any, seat: int) -> str:
    name: str = state.players[seat].name
    return name


def cause_text(shell: Shell, cause: str) -> str:
    key = f"rv.kind.{cause}"
    try:
        return shell.t(key)
    except KeyError:
        return cause


def injury_cause(state: Any, seat: int) -> str:
    for ev in reversed(state.log):
        if ev.seat == seat and ev.kind == "injured":
            return str(ev.detail.get("cause", ""))
    return ""


def event_text(shell: Shell, state: Any, ev: Any) -> str | None:
    d = ev.detail
    name = seat_name(state, ev.seat)
    if ev.kind == "obstacle":
        key = "rv.ev.obstacle_ok" if d.get("success") else "rv.ev.obstacle_fail"
        return shell.t(key, kind=cause_text(shell, d["kind"]), number=d["number"],
                       color=shell.t(f"rv.color.{d['color']}"),
                       value=d["value"], roll=d["roll"], sum=d["value"] + d["roll"])
    if ev.kind == "declined":
        return shell.t("rv.ev.declined", kind=cause_text(shell, d["kind"]), number=d["number"])
    if ev.kind == "fight":
        if "roll" in d and "monster_roll" in d:
            return shell.t("rv.ev.fight_won_dice" if d.get("won") else "rv.ev.fight_lost_dice",
                           attr=shell.t(f"rv.attr.{d['attribute']}"), value=d["value"], roll=d["roll"],
                           total=d["total"], mvalue=d["monster_value"], mroll=d["monster_roll"],
                           monster=d["monster_total"], roller=seat_name(state, d["monster_roller"]))
        return shell.t("rv.ev.fight_won" if d.get("won") else "rv.ev.fight_lost", total=d["total"],
                       monster=d["monster_total"])
    if ev.kind == "trap":
        if "roll" in d:  # a trap with a check: its die, as for an obstacle
            return shell.t("rv.ev.trap_ok_roll" if d.get("success") else "rv.ev.trap_hit_roll", number=d["number"],
                           color=shell.t(f"rv.color.{d['color']}"), value=d["value"], roll=d["roll"],
                           sum=d["value"] + d["roll"])
        return shell.t("rv.ev.trap_ok" if d.get("success") else "rv.ev.trap_hit")
    if ev.kind == "injured":
        return shell.t("rv.ev.injured", name=name, cause=cause_text(shell, str(d.get("cause", ""))))
    if ev.kind == "room":
        return shell.t("rv.ev.room", kind=shell.t({"gold": "rv.play.panel_gold", "monster": "rv.kind.monster",
                                                     "trap": "rv.kind.trap"}[d["kind"]]))
    if ev.kind == "unauthorised":
        return shell.t("rv.ev.unauthorised_next" if d.get("skips_next") else "rv.ev.unauthorised_this", name=name)
    if ev.kind == "nothing_lost":
        return shell.t("rv.ev.nothing_lost", name=name, cause=cause_text(shell, str(d.get("cause", ""))))
    if ev.kind in ("escaped", "exit_laid", "treasure", "treasure_lost", "recovered", "sat_out"):
        return shell.t(f"rv.ev.{ev.kind}", name=name)
    return None


# --- what the engine offers (issue 13: the screen asks legal() and pending_roll(), never its own rules) ---
def offer_of(offers: list[Any], type_: str, **fixed: Any) -> Any | None:
    """The concrete action of ``type_`` with these values that ``legal()`` offers, if any."""
    for o in offers:
        if not isinstance(o, Template) and o.type == type_ and all(getattr(o, k) == v for k, v in fixed.items()):
            return o
    return None


def template_of(offers: list[Any], type_: str, field: str, **fixed: Any) -> Template | None:
    """The template of ``type_`` that leaves ``field`` to the table, with these fixed values, if offered."""
    for o in offers:
        if (isinstance(o, Template) and o.action_type == type_ and field in o.fields
                and all(o.fixed.get(k) == v for k, v in fixed.items())):
            return o
    return None


def choices(template: Template, field: str) -> tuple[Any, ...]:
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


def filled(shell: Shell, template: Template, **values: Any) -> dict[str, Any] | None:
    """The template's action with the values entered; a value outside its range is refused in place."""
    try:
        return template.fill(**values)
    except InvalidInput as exc:
        shell.refuse(exc)
        return None


def declare_and_roll(shell: Shell, declared: Any, faces: list[int] | None, rolls: int) -> bool:
    """One tap: the declaration, then up to ``rolls`` dice through the table's chance protocol
    (``faces``: the real dice typed, else the table rolls), drawn once. Dice the engine asks of
    another seat's phone are left to that phone (its roll panel)."""
    if declared is None:
        return False
    table = shell.game_table

    def steps() -> None:
        table.submit(declared, shell.seats)
        for i in range(rolls):
            req = table.game.pending_roll(table.state)
            if req is None or (shell.seats is not None and req.by not in shell.seats):
                return
            table.roll(shell.seats, None if faces is None or i >= len(faces) else [faces[i]])

    if not shell._act(steps):
        return False
    play_state(shell).clear()
    shell.render()
    return True


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


# rv.dice: a check's and a fight's die is a W6 (the declaration panels roll it at once; later
# dice come from the engine's ``pending_roll``)
CHECK_DIE = DieSpec(name="w6", sides=6)
DICE_KEY = "dice_entry"


def _die_slot(shell: Shell, state: Any, key: str, spec: DieSpec, role: str) -> DieSlot:
    """How a die looks on the faces: the adventurer's amber with their name, the monster's red (a
    tapped face is filled in its die's colour: white would not stand out from the others)."""
    if role == "hero":
        name = seat_name(state, state.current)
        return DieSlot(key, spec.sides, shell.t("rv.die.hero", name=name), name[:3], ft.Colors.AMBER_300)
    if role == "monster":
        return DieSlot(key, spec.sides, shell.t("rv.die.monster"), "M", ft.Colors.RED_300)
    return DieSlot(key, spec.sides, shell.t("rv.die.check"), shell.t("rv.die.check"), ft.Colors.AMBER_300)


def real_dice_row(shell: Shell, tag: str, dice: list[tuple[str, DieSpec, str]],
                  on_apply: Callable[[list[int]], Any]) -> ft.Control:
    """ "Echte Würfel": the toggle and – once opened, for this roll (``tag`` at the table's seq) – a
    face button per die (``dice``: key, spec, role), then one button to take them (issue 15.3)."""
    table = shell.game_table
    key, roll_id = (DICE_KEY, table.id), (table.seq, tag)
    values = opened(shell.ui, key, roll_id)
    slots = None if values is None else [_die_slot(shell, table.state, k, spec, role) for k, spec, role in dice]

    def flip() -> None:
        toggle(shell.ui, key, roll_id)
        shell.render()

    def set_value(k: str, v: int) -> None:
        live = opened(shell.ui, key, roll_id)
        if live is not None:
            live[k] = v
        shell.render()

    # taken (the seq moves on): the open faces are forgotten by ``opened``
    return real_dice(slots, values, on_toggle=flip, on_set=set_value, on_apply=on_apply,
                     texts=DiceEntryTexts(apply=shell.t("dice.apply_one" if len(dice) == 1 else "dice.apply"),
                                          face=shell.t("dice.face"),
                                          missing=shell.t("dice.missing"), ready=shell.t("dice.ready"),
                                          toggle=shell.t("dice.toggle")))
