"""Raus aus dem Verlies!'s play screen: the turn's choices (start, after a move, pending rolls) beside the purse."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.games.verlies.play_actions import (
    TOP,
    Offer,
    VerliesPlay,
    cause_text,
    event_text,
    injury_cause,
    my_seats,
    offer_of,
    play_state,
    seat_name,
    submit,
    template_of,
)
from companion.games.verlies.play_panels import (
    decline_button,
    fight_panel,
    obstacle_panel,
    passage_gold_panel,
    room_gold_panel,
    spoils_panel,
    trap_panel,
)
from companion.games.verlies.purse import purse_section, treasure_name
from companion.games.verlies.roll_entry import EntryDie, die_look, roll_entry
from companion.games.verlies.roll_result import Rolled, last_rolls, roll_card, shown_events
from companion.games.verlies.widgets import (
    CHECK,
    FIGHT,
    GOLD,
    LOSS,
    ON_GOLD,
    card_box,
    choice_chip,
    frac_text,
    pct,
    wrap_row,
)
from companion.screens.rules import dispute_button
from components import theme
from components.common import TOUCH, big_button, info_line, keyed, section_title
from scoring.engine import RollRequest, Template
from scoring.verlies import (
    ATTRIBUTE_OF,
    PENALTY_GOLD,
    Chance,
    Color,
    LoseGold,
    LoseTreasure,
    Pending,
    State,
    check_chance,
)

if TYPE_CHECKING:
    from companion.shell import Shell
    from companion.table.table import Table

# Portrait: one column, the turn's choices first, the purse and the gold log below them.
# Landscape (>= 576 px wide): the choices on the left, the purse beside them.
ACTIONS_COL: ft.ResponsiveNumber = {"xs": 12, "sm": 7}
PURSE_COL: ft.ResponsiveNumber = {"xs": 12, "sm": 5}
HALF: ft.ResponsiveNumber = {"xs": 6}  # two buttons a row on a phone held upright


def _grid(buttons: list[ft.Control], col: ft.ResponsiveNumber | None = None) -> ft.Control:
    """Buttons of one choice in even columns (two a row on a phone), each as wide as its column."""
    for b in buttons:
        b.col = col or HALF
    return ft.ResponsiveRow(buttons, spacing=8, run_spacing=8)


def _is_roll(table: Table, i: int) -> bool:
    return bool(table.record.actions[i].action.get("type") == "roll")


def undo_step(shell: Shell) -> bool:
    """Undo what the player did in one step: the dice rolled, then the declaration
    they answer (one tap that declared and rolled is two or three records)."""
    table = shell.game_table

    def steps() -> None:
        table.undo(shell.seats)  # the last record (refused in place if it is not this phone's)
        # then back to the declaration, as far as this phone may (a seat's phone: its own records)
        while _is_roll(table, table.cursor) and table.may_undo(shell.seats):
            table.undo(shell.seats)

    return shell.act(steps)


def redo_step(shell: Shell) -> bool:
    """Redo one step: the declaration, then the dice that answered it."""
    table = shell.game_table

    def steps() -> None:
        table.redo(shell.seats)
        while table.may_redo(shell.seats) and _is_roll(table, table.cursor):
            table.redo(shell.seats)

    return shell.act(steps)


def play_view(shell: Shell) -> ft.Control:
    """The decision first: whose turn and the last roll's dice, the decision's title and buttons
    right below them (a 360 x 740 phone shows all of it), then the picture: the table, the purses."""
    table = shell.game_table
    state = table.state_as(State)
    st = play_state(shell)
    me = state.current
    cur = state.players[me]
    mine = my_seats(shell, len(state.players))
    header = ft.Row(
        [
            ft.Text(shell.t("rv.play.turn", name=cur.name, turn=state.turn_no), size=20,
                    weight=ft.FontWeight.BOLD, expand=True),
            ft.IconButton(icon=ft.Icons.UNDO, tooltip=shell.t("play.undo"), on_click=lambda e: undo_step(shell),
                          disabled=not table.may_undo(shell.seats), icon_size=30, width=TOUCH, height=TOUCH),
            ft.IconButton(icon=ft.Icons.REDO, tooltip=shell.t("play.redo"), on_click=lambda e: redo_step(shell),
                          disabled=not table.may_redo(shell.seats), icon_size=30, width=TOUCH, height=TOUCH),
        ],
        spacing=0,
    )
    rolls = last_rolls(table, state)
    card = roll_card(shell, state, rolls)
    # Every block carries a stable key (see ``keyed``): the actions below are keyed where they are
    # built, the event lines by their place in the table's event log. The top is where a roll
    # brings the screen back to (``show_top``): its key is a scroll key.
    top = ft.Column([keyed(header, "header"), *([keyed(card, "roll-card")] if card else [])], spacing=8,
                    key=ft.ScrollKey(TOP))  # type: ignore[call-arg]  # Flet's lazy dataclass hides its fields
    acts: list[ft.Control] = []
    refusal = shell.refusal_control()
    if refusal:
        acts.append(keyed(refusal, "refusal"))
    for idx, text, ok in _turn_events(shell, state, shown_events(rolls)):  # a success green, else a notice
        acts.append(keyed(ft.Container(ft.Text(text, size=15, weight=ft.FontWeight.W_600,
                                               color=theme.TEXT if ok else theme.ON_NOTICE), border_radius=10,
                                       padding=ft.Padding.symmetric(horizontal=8, vertical=6),
                                       bgcolor=theme.SUCCESS if ok else theme.NOTICE),
                          f"event-{idx}"))
    acts += _decision(shell, state, st, mine, rolls)
    picture = [keyed(table_line(shell, state), "table-line"), *purse_section(shell, state, st, mine)]
    play = ft.ResponsiveRow([
        keyed(ft.Column(acts, spacing=10, col=ACTIONS_COL, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
              "actions"),
        keyed(ft.Column(picture, spacing=10, col=PURSE_COL, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
              "purse-col"),
    ], spacing=16, run_spacing=16, vertical_alignment=ft.CrossAxisAlignment.START)
    # out of the way of the game's own buttons: below the purse and the gold log
    dispute = ft.Row([dispute_button(shell)], alignment=ft.MainAxisAlignment.END)
    return ft.Column([top, keyed(play, "play"), keyed(dispute, "dispute")], spacing=10)


def _decision(shell: Shell, state: State, st: VerliesPlay, mine: list[int], rolls: list[Rolled]) -> list[ft.Control]:
    """The decision of the moment: a die due, someone else's turn, a pending choice, the move, what next."""
    me = state.current
    req = shell.game_table.game.pending_roll(state)
    if state.phase == "over":
        return []
    if req is not None:  # a die is due (rv.dice): only that roll, on the phone of the seat that rolls it
        return _roll_controls(shell, state, st, mine, req, rolls)
    if me not in mine:
        return [keyed(info_line(shell.t("rv.play.waiting_for", name=state.players[me].name)), "waiting")]
    offers = shell.game_table.game.legal(state, me)
    if state.pending is not None:
        return _pending_controls(shell, state, state.pending, st, offers)
    if state.phase == "start":
        return _start_controls(shell, state, offers)
    return _moved_controls(shell, state, st, offers)


def table_line(shell: Shell, state: State) -> ft.Control:
    if not state.exits_laid:  # what the exits mean for the table
        parts = [shell.t("rv.play.exits_none")]
    elif state.free_exits > 0:
        parts = [shell.t("rv.play.exits_free", n=state.free_exits)]
    else:
        parts = [shell.t("rv.play.exits_used", n=state.exits_laid)]
    if state.options.exit_min_gold:
        parts.append(shell.t("rv.play.need_gold", n=state.options.exit_min_gold))
    for p in state.players:
        if p.escaped:
            parts.append(f"{p.name}: {shell.t('rv.play.escaped')}")
        elif p.injured:
            parts.append(f"{p.name}: {shell.t('rv.play.injured')}")
        elif p.sits_out:
            parts.append(f"{p.name}: {shell.t('rv.play.sits_out')}")
    return ft.Text(" · ".join(parts), size=14, color=theme.MUTED)


def _turn_events(shell: Shell, state: State, beside_dice: set[int]) -> list[tuple[int, str, bool]]:
    """What happened this turn, in words, each with its index in the game's event log (a stable
    key for the line); what the last roll decided is said beside its dice (``beside_dice``). A new
    turn starts with a clean message area: the last turn's lines go."""
    log = state.log
    first = len(log)
    while first > 0 and log[first - 1].turn >= state.turn_no:  # the log runs in turn order
        first -= 1
    # the room card's line while its fight or trap is open: the panel's title says it ("Monster! …")
    opened = state.pending.cause if state.pending is not None and state.pending.kind in ("fight", "trap") else None
    evs = [(i, log[i]) for i in range(first, len(log)) if log[i].turn == state.turn_no and i not in beside_dice
           and not (log[i].kind == "room" and log[i].detail.get("kind") == opened)]
    out = []
    for i, ev in evs[-3:]:
        text = event_text(shell, state, ev)
        if text:
            ok = ev.kind in ("escaped", "exit_laid", "treasure", "recovered", "room") or bool(
                ev.detail.get("success") or ev.detail.get("won"))
            out.append((i, text, ok))
    return out


def _start_controls(shell: Shell, state: State, offers: list[Offer]) -> list[ft.Control]:
    me = state.current
    p = state.players[me]
    recover = offer_of(offers, "recover")
    if recover is not None:  # rv.injury: the only action
        cause = cause_text(shell, injury_cause(state, me)) or "?"
        return [
            keyed(info_line(shell.t("rv.play.injured_turn", name=p.name, cause=cause), color=theme.NOTICE),
                  "injured-turn"),
            keyed(big_button(shell.t("rv.play.recover"), lambda e: submit(shell, recover), color=theme.PRIMARY,
                             text_color=theme.ON_PRIMARY), "recover"),
        ]
    sit_out = offer_of(offers, "sit_out")
    if sit_out is not None:  # rv.penalty: the skipped turn, entered like a recovery
        return [
            keyed(info_line(shell.t("rv.play.sit_out_turn", name=p.name), color=theme.NOTICE), "sit-out-turn"),
            keyed(big_button(shell.t("rv.play.sit_out"), lambda e: submit(shell, sit_out), color=theme.PRIMARY,
                             text_color=theme.ON_PRIMARY), "sit-out"),
        ]
    out = [keyed(section_title(shell.t("rv.play.choose_move")), "choose-move")]
    draw = offer_of(offers, "draw_card")
    if draw is not None:
        out.append(keyed(big_button(shell.t("rv.play.draw"), lambda e: submit(shell, draw), color=theme.PRIMARY,
                                    text_color=theme.ON_PRIMARY), "draw"))
    walks = [(n, offer_of(offers, "walk", cards=n)) for n in (1, 2, 0)]
    out.append(keyed(_grid([
        big_button(shell.t({1: "rv.play.walk1", 2: "rv.play.walk2", 0: "rv.play.stay"}[n]),
                   lambda e, w=w: submit(shell, w))
        for n, w in walks if w is not None
    ]), "walk"))
    return out


def _moved_controls(shell: Shell, state: State, st: VerliesPlay, offers: list[Offer]) -> list[ft.Control]:
    me = state.current
    p = state.players[me]
    t = state.turn
    out: list[ft.Control] = []
    if st.panel == "obstacle" and template_of(offers, "obstacle", "number") is not None:
        pass  # the obstacle's panel is the decision now: the line on the move makes room for it
    elif t.move == "draw":
        key = {"passage": "rv.play.moved_passage", "room": "rv.play.moved_room"}.get(t.card or "", "rv.play.moved_draw")
        out.append(keyed(ft.Text(shell.t(key, name=p.name), size=15), "moved"))
    else:
        out.append(keyed(ft.Text(shell.t("rv.play.moved_walk", name=p.name, n=t.cards), size=15), "moved"))
    if p.injured:
        out.append(keyed(info_line(shell.t("rv.play.lying", name=p.name), color=theme.NOTICE), "lying"))
    elif t.stopped:
        out.append(keyed(info_line(shell.t("rv.play.stopped"), color=theme.NOTICE), "stopped"))
    out += _passage_gold(shell, state, st, offers)

    def toggle(panel: str) -> None:
        st.panel = None if st.panel == panel else panel
        shell.render()

    # rv.room: the table says what the card just drawn is – a passage, a room (by its room card) or an exit
    passage = offer_of(offers, "lay_card", card="passage")
    room = offer_of(offers, "lay_card", card="room")
    end = offer_of(offers, "end_turn")
    room_gold = template_of(offers, "room_card", "gold", kind="gold")
    room_dice = template_of(offers, "room_card", "dice", kind="gold")
    rooms = [(key, offer_of(offers, "room_card", kind=kind)) for key, kind in
             (("rv.play.room_monster", "monster"), ("rv.play.room_trap", "trap"))]
    card_buttons = []  # the card as laid (passage, room, a room's gold) stands out from the room's dangers
    if passage is not None:
        card_buttons.append(big_button(shell.t("rv.play.passage_card"), lambda e: submit(shell, passage),
                                       color=theme.NOTICE, text_color=theme.ON_NOTICE))
    if room is not None:  # rv.room: laid as a room; its room card follows
        card_buttons.append(big_button(shell.t("rv.play.room_card"), lambda e: submit(shell, room),
                                       color=theme.NOTICE, text_color=theme.ON_NOTICE))
    if room_gold is not None or room_dice is not None:
        card_buttons.append(big_button(shell.t("rv.play.room_gold"), lambda e: toggle("room_gold"),
                                       color=theme.NOTICE, text_color=theme.ON_NOTICE))
    card_buttons += [big_button(shell.t(key), lambda e, a=a: submit(shell, a)) for key, a in rooms if a is not None]
    if card_buttons and end is None:  # rv.room: a room just laid – its room card is the next step
        out.append(keyed(info_line(shell.t("rv.play.room_next")), "room-next"))
    if card_buttons:
        title = "rv.play.card_title" if passage is not None else "rv.play.room_title"
        out.append(keyed(section_title(shell.t(title)), "card-title"))
        out.append(keyed(_grid(card_buttons), "card-buttons"))
        if st.panel == "room_gold" and (room_gold is not None or room_dice is not None):
            out.append(keyed(room_gold_panel(shell, st, room_gold, room_dice), "room-gold-panel"))
    obstacle = template_of(offers, "obstacle", "number")
    if obstacle is not None:  # rv.room: obstacles lie in passages
        checking = st.panel == "obstacle"
        declining = template_of(offers, "decline_obstacle", "number") if checking else None
        out.append(keyed(wrap_row([
            choice_chip(shell.t("rv.play.panel_obstacle"), checking, lambda e: toggle("obstacle")),
            *([decline_button(shell, st, declining)] if declining is not None else []),
        ]), "obstacle-chip"))
        if checking:
            out.append(keyed(obstacle_panel(shell, state, st, obstacle), "obstacle-panel"))
    exit_buttons = []
    exits: tuple[tuple[str, str, str | None, str | None], ...] = (
        ("rv.play.lay_exit", "lay_exit", None, None), ("rv.play.shuffle_exit", "shuffle_back_exit", None, None),
        ("rv.play.escape", "escape", ft.Colors.GREEN_800, ft.Colors.WHITE))  # out in the open: green in both themes
    for key, type_, color, text_color in exits:
        a = offer_of(offers, type_)
        if a is not None:  # rv.exit: exactly when the engine allows it (gold, free exit, the card drawn)
            exit_buttons.append(big_button(shell.t(key), lambda e, a=a: submit(shell, a), color=color,
                                           text_color=text_color))
    if exit_buttons:
        out.append(keyed(section_title(shell.t("rv.play.exit_title")), "exit-title"))
        out.append(keyed(_grid(exit_buttons, {"xs": 12}), "exit-buttons"))
    unauthorised = offer_of(offers, "unauthorised_draw")
    if unauthorised is not None:  # rv.penalty: while nothing but its gold came of the card, or after a walk
        out.append(keyed(ft.TextButton(content=shell.t("rv.play.unauthorised"), height=48,
                                       on_click=lambda e: submit(shell, unauthorised)), "unauthorised"))
    if end is not None:
        out.append(keyed(big_button(shell.t("rv.play.end_turn"), lambda e: submit(shell, end),
                                    color=theme.PRIMARY, text_color=theme.ON_PRIMARY), "end-turn"))
    return out


def _passage_gold(shell: Shell, state: State, st: VerliesPlay, offers: list[Offer]) -> list[ft.Control]:
    """rv.gold: the passage's gold right below the card said a passage (the first screen), while it
    is offered or taken. While the obstacle's panel is the decision it needs the screen: the gold
    stays mounted, hidden, and comes back as a change of ``visible``, not as its controls sent anew."""
    amount = template_of(offers, "gain_gold", "amount", reason="passage")
    dice = template_of(offers, "roll_gold", "dice", reason="passage")
    taken = state.turn.passage_gold > 0
    if state.turn.card != "passage" or not (amount or dice or taken):
        return []
    panel = passage_gold_panel(shell, st, amount, dice, taken)
    panel.visible = st.panel != "obstacle"
    return [keyed(panel, "passage-gold")]


def _pending_controls(shell: Shell, state: State, pend: Pending, st: VerliesPlay,
                      offers: list[Offer]) -> list[ft.Control]:
    """The decision ``pend`` (``state.pending``) the current player makes before anything else."""
    me = state.current
    p = state.players[me]
    if pend.kind == "loss":  # rv.loss: exactly what the engine offers (only what the player has)
        gold = min(PENALTY_GOLD, p.gold)  # rv.gold: never below zero
        buttons = []
        for a in offers:
            if isinstance(a, LoseGold):
                buttons.append(big_button(shell.t("rv.play.lose_gold", n=gold), lambda e, a=a: submit(shell, a),
                                          color=GOLD, text_color=ON_GOLD))
            elif isinstance(a, LoseTreasure):
                buttons.append(big_button(
                    shell.t("rv.play.lose_treasure", n=a.index + 1, name=treasure_name(shell, state, me, a.index)),
                    lambda e, a=a: submit(shell, a)))
        cause = cause_text(shell, pend.cause)
        if p.gold and p.treasures:
            title = shell.t("rv.play.loss_title", name=p.name, cause=cause)
        elif p.gold:
            title = shell.t("rv.play.loss_gold_title", name=p.name, cause=cause, n=gold)
        else:
            title = shell.t("rv.play.loss_treasure_title", name=p.name, cause=cause)
        return [keyed(card_box([
            ft.Text(title, size=16, weight=ft.FontWeight.W_600),
            wrap_row(buttons),
        ], color=theme.CARD_STRONG, frame=LOSS), "pending-loss")]
    if pend.kind == "fight":
        fight = template_of(offers, "fight", "monster_value")  # rv.monster: always offered while a fight is open
        return [keyed(fight_panel(shell, state, st, fight), "pending-fight")] if fight is not None else []
    if pend.kind == "trap":
        dice = [o for o in offers if isinstance(o, Template) and o.action_type == "trap" and "lose_dice" in o.fields]
        by_check = {"number" in t.fields: t for t in dice}  # rv.dice: the trap's gold by dice, with or without a check
        return [keyed(trap_panel(shell, state, st, template_of(offers, "trap", "lose_gold"),
                                 template_of(offers, "trap", "number"), by_check.get(False), by_check.get(True)),
                      "pending-trap")]
    return [keyed(spoils_panel(shell, state, st, offers), "pending-spoils")]


def _checked(c: Chance) -> tuple[Color, int] | None:
    """The colour and number a check's die is rolled against: the declared obstacle's (rv.obstacle) or
    the trap's (rv.room: a trap's die is a check only when it has one); None if the chance has neither."""
    if c.purpose == "obstacle" and c.obstacle is not None:
        return c.obstacle.color, c.obstacle.number
    if c.purpose == "trap" and c.trap is not None and c.trap.color is not None and c.trap.number is not None:
        return c.trap.color, c.trap.number
    return None


def _roll_controls(shell: Shell, state: State, st: VerliesPlay, mine: list[int], req: RollRequest,
                   rolls: list[Rolled]) -> list[ft.Control]:
    """A die is due (rv.dice, ``pending_roll``): what it decides, and – on the phone of the seat that
    rolls it – "Würfeln" or the real die (rv.monster: the monster's roller)."""
    c = state.chance
    if c is None:  # not reached: the engine asks for a die (pending_roll) only while a chance is open
        return []
    hero = state.players[state.current]
    roller = seat_name(state, req.by)
    lines: list[ft.Control] = []
    if c.purpose in ("obstacle", "trap"):
        check = _checked(c)
        if c.purpose == "obstacle" and c.obstacle is not None:
            title = shell.t("rv.play.panel_obstacle") + f": {cause_text(shell, c.obstacle.kind)} {c.obstacle.number}"
        else:
            title = shell.t("rv.play.trap_roll")
        if check is not None:
            attr = ATTRIBUTE_OF[check[0]]
            value = hero.value(attr)
            chance = check_chance(value, check[1])
            lines += [ft.Text(shell.t("rv.play.needs", attr=shell.t(f"rv.attr.{attr}"), value=value,
                                      number=check[1]), size=15),
                      ft.Text(shell.t("rv.play.chance", pct=pct(chance), frac=frac_text(chance, 6)), size=18,
                              weight=ft.FontWeight.BOLD, color=theme.PRIMARY)]
    elif c.purpose in ("fight", "monster"):
        f = c.fight  # rv.monster: the fight declared; its line is left out were it missing
        if c.purpose == "fight":
            title = shell.t("rv.play.fight_title", name=hero.name)
        else:
            title = (shell.t("rv.play.monster_you") if shell.seats is not None and req.by in mine
                     else shell.t("rv.play.monster_by", name=roller))
        if f is not None:
            value = hero.value(f.attribute)
            if c.purpose == "fight" or f.roll is None:  # the monster's die comes after the adventurer's
                lines.append(ft.Text(shell.t("rv.play.fight_needs", attr=shell.t(f"rv.attr.{f.attribute}"),
                                             value=value, monster=f.monster_value), size=15))
            elif not rolls or rolls[-1].chance.purpose != "fight":  # beside the adventurer's die, when shown
                lines.append(ft.Text(shell.t("rv.play.monster_fight", name=hero.name,
                                             attr=shell.t(f"rv.attr.{f.attribute}"), value=value, roll=f.roll,
                                             total=value + f.roll, monster=f.monster_value), size=15))
    else:
        title = shell.t("rv.play.gold_roll", reason=shell.t(f"rv.reason.{c.reason}") if c.reason else "–",
                        form=shell.t(f"rv.dice.{c.form}"))
    head = ft.Text(title, size=17, weight=ft.FontWeight.BOLD)
    frame = FIGHT if c.purpose in ("fight", "monster") else CHECK
    if req.by not in mine:
        wait = (shell.t("rv.play.monster_by", name=roller) if c.purpose == "monster"
                else shell.t("rv.play.roll_wait", name=roller))
        return [keyed(card_box([head, *lines, info_line(wait)], color=theme.CARD_STRONG, frame=frame), "roll-wait")]
    # the die the engine asks for (rv.dice: a W6 – for a W3 or 1+W6 card too, the screen says the form)
    die = {
        "fight": EntryDie("typed_hero", shell.t("rv.play.typed_hero", name=roller), die_look(shell, state, "hero")),
        "monster": EntryDie("typed_monster", shell.t("rv.play.typed_monster"), die_look(shell, state, "monster")),
    }.get(c.purpose) or EntryDie("typed", shell.t("rv.play.typed"),
                                 die_look(shell, state, "gold" if c.purpose == "gold" else "check", c.form))

    def roll(values: list[int] | None) -> bool:
        if not shell.roll(values):
            return False
        setattr(st, die.typed, "")
        return True

    entry = roll_entry(shell, st, [die], roll=lambda: roll(None), apply=roll, apply_text=shell.t("rv.play.apply"))
    return [keyed(card_box([head, *lines, *entry], color=theme.CARD_STRONG, frame=frame), "roll")]
