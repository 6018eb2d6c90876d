"""Raus aus dem Verlies! rulings rv.*, one situation per test."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Literal

import pytest

from scoring.dice import seeded, w3_of_w6
from scoring.engine import Frozen, PlayerSpec, get_game
from scoring.errors import InvalidInput, Refusal
from scoring.texts import REFUSALS
from scoring.verlies import (
    FAILURE,
    OBSTACLE_KINDS,
    PRESETS,
    DeclineObstacle,
    DrawCard,
    EndTurn,
    Escape,
    Fight,
    GainGold,
    GainTreasure,
    LayCard,
    LayExit,
    LoseGold,
    LoseTreasure,
    Obstacle,
    Recover,
    RevealTreasure,
    RollDie,
    RollGold,
    RoomCard,
    ShuffleBackExit,
    SitOut,
    State,
    Trap,
    UnauthorisedDraw,
    Walk,
    check_chance,
    deck_colors,
    dice_amount,
    draw_start_player,
    fight_chance,
)

G = get_game("raus-aus-dem-verlies")
NAMES = ["Ana", "Ben", "Cara", "Dev", "Eli", "Fay", "Gus", "Hal"]
# strength, mind, dexterity per seat, easy to reckon with
VALUES = [(5, 3, 2), (2, 5, 3), (3, 3, 3), (4, 1, 6), (1, 6, 4), (6, 2, 1), (2, 2, 2), (3, 4, 5)]


def start(n=3, **opts) -> State:
    players = [PlayerSpec(name=name) for name in NAMES[:n]]
    adventurers = [
        {"character": f"Held {i + 1}", "strength": s, "mind": m, "dexterity": d}
        for i, (s, m, d) in enumerate(VALUES[:n])
    ]
    opts.setdefault("adventurers", adventurers)
    return G.start(G.parse_options(opts, players), players)


def rolled(declared, *faces):
    """A declaration and the W6 face(s) the table then rolls for it (every die through chance)."""
    return (declared, *faces)


def play(state, *actions):
    """Apply actions; a ``rolled`` one goes through the protocol: the declaration, then
    ``roll_action`` for each face, for the seat ``pending_roll`` names."""
    for a in actions:
        if isinstance(a, tuple):
            state = G.apply(state, a[0])
            for face in a[1:]:
                assert G.legal(state) == []  # nothing but the die while it is due
                state = G.apply(state, G.roll_action(state, [face]))
        else:
            state = G.apply(state, a)
    return state


def drawn(n=3, **opts) -> State:
    """Ana (seat 0) has drawn and laid a card and stands on it."""
    return play(start(n, **opts), DrawCard(by=0))


def types(legal) -> set[str]:
    """The action types offered (a template makes actions of its ``action_type``)."""
    return {a.type for a in legal}


def refused(state, action, rule) -> Refusal:
    if isinstance(action, tuple):  # a rolled action is refused at its declaration
        action = action[0]
    before = state.model_dump(mode="json")
    with pytest.raises(Refusal) as exc:
        G.apply(state, action)
    assert exc.value.rule == rule
    assert state.model_dump(mode="json") == before  # a refusal changes nothing
    return exc.value


def with_gold(state, seat, gold) -> State:
    return G.apply(state, GainGold(by=seat, amount=gold, reason="correction"))


def with_treasure(state, seat, name="Krone", gold=5, magic=False) -> State:
    return G.apply(state, GainTreasure(by=seat, name=name, gold=gold, magic=magic, reason="correction"))


def purse_from_log(state, seat):
    return sum(c.delta for c in state.gold_log if c.seat == seat)


# rv.dice -----------------------------------------------------------------------
@pytest.mark.parametrize("face,w3", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_w3_is_w6_halved_and_rounded_up_rv_dice(face, w3):
    assert w3_of_w6(face) == w3
    assert dice_amount("w3", face) == w3


def test_one_plus_w6_adds_one_and_w6_is_the_face_rv_dice():
    assert [dice_amount("1+w6", f) for f in range(1, 7)] == [2, 3, 4, 5, 6, 7]
    assert [dice_amount("w6", f) for f in range(1, 7)] == [1, 2, 3, 4, 5, 6]
    with pytest.raises(ValueError):
        dice_amount("w6", 7)


def test_seeded_w3_rolls_only_one_to_three_rv_dice():
    assert set(seeded(3).w3(200)) == {1, 2, 3}


# rv.setup ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "n,colors",
    [(1, ("red",)), (2, ("red",)), (3, ("red", "blue"))] + [(n, ("red", "blue", "green")) for n in range(4, 9)],
)
def test_deck_colours_follow_the_player_count_rv_setup(n, colors):
    assert deck_colors(n) == colors


def test_deck_for_nine_players_is_refused_rv_setup():
    with pytest.raises(InvalidInput):
        deck_colors(9)


def test_eight_editable_character_presets_with_neutral_names_rv_setup():
    assert [p.character for p in PRESETS] == [f"Abenteurer {i}" for i in range(1, 9)]
    edited = PRESETS[0].model_copy(update={"strength": 9})
    assert edited.strength == 9 and PRESETS[0].strength != 9  # editing makes a new value


def test_without_adventurers_the_presets_sit_in_seat_order_rv_setup():
    players = [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")]
    s = G.start(G.parse_options({}, players), players)
    assert [p.character for p in s.players] == ["Abenteurer 1", "Abenteurer 2"]
    assert s.players[1].mind == PRESETS[1].mind


def test_adventurer_values_come_from_the_options_rv_setup():
    s = start(3)
    assert (s.players[1].strength, s.players[1].mind, s.players[1].dexterity) == VALUES[1]
    assert all(p.gold == 0 and p.treasures == () for p in s.players)


def test_one_adventurer_per_seat_rv_setup():
    players = [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")]
    with pytest.raises(InvalidInput) as exc:
        G.parse_options({"adventurers": [PRESETS[0].model_dump()]}, players)
    assert exc.value.rule == "rv.setup"


def test_a_character_is_taken_only_once_rv_setup():
    players = [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")]
    with pytest.raises(InvalidInput) as exc:
        G.parse_options({"adventurers": [PRESETS[0].model_dump()] * 2}, players)
    assert exc.value.rule == "rv.setup"


def test_values_beyond_twenty_are_malformed_rv_setup():
    players = [PlayerSpec(name="Ana")]
    bad = {"character": "X", "strength": 21, "mind": 1, "dexterity": 1}
    with pytest.raises(InvalidInput):
        G.parse_options({"adventurers": [bad]}, players)


def test_start_player_from_the_options_rv_setup():
    assert start(3, start_player=2).current == 2
    with pytest.raises(InvalidInput) as exc:
        start(3, start_player=3)
    assert exc.value.rule == "rv.setup"


def test_the_app_can_draw_the_start_player_rv_setup():
    dice = seeded(7)
    drawn_seats = {draw_start_player(4, dice) for _ in range(100)}
    assert drawn_seats == {0, 1, 2, 3}
    assert draw_start_player(1, dice) == 0


def test_one_to_eight_adventurers_rv_setup():
    G.check_players([PlayerSpec(name=n) for n in NAMES[:1]])
    G.check_players([PlayerSpec(name=n) for n in NAMES])
    with pytest.raises(InvalidInput):
        G.check_players([PlayerSpec(name=f"P{i}") for i in range(9)])


# rv.turn -------------------------------------------------------------------------
def test_a_turn_begins_with_draw_or_walk_rv_turn():
    s = start()
    assert {type(a) for a in G.legal(s)} == {DrawCard, Walk}
    assert G.legal(s, seat=1) == []
    assert G.current_seats(s) == [0]


def test_draw_is_recorded_rv_turn():
    s = drawn()
    assert s.phase == "moved" and s.turn.move == "draw"
    assert s.events[-1].kind == "drew"


def test_walk_of_up_to_two_cards_is_recorded_rv_turn():
    s = play(start(), Walk(by=0, cards=2))
    assert s.turn.move == "walk" and s.turn.cards == 2
    assert s.events[-1].kind == "walked" and s.events[-1].detail == {"cards": 2}
    with pytest.raises(InvalidInput):
        G.parse_action({"type": "walk", "by": 0, "cards": 3})


def test_not_your_turn_is_refused_rv_turn():
    err = refused(start(), DrawCard(by=1), "rv.turn")
    assert "Ana" in err.message("de") and "Ana" in err.message("en")


def test_draw_or_walk_once_per_turn_rv_turn():
    refused(drawn(), Walk(by=0, cards=1), "rv.turn")
    refused(drawn(), DrawCard(by=0), "rv.turn")


def test_end_turn_needs_a_move_first_rv_turn():
    refused(start(), EndTurn(by=0), "rv.turn")


def test_turns_go_round_clockwise_rv_turn():
    s = play(drawn(3), EndTurn(by=0))
    assert s.current == 1 and s.turn_no == 2 and s.phase == "start"
    s = play(s, Walk(by=1, cards=1), EndTurn(by=1), DrawCard(by=2), EndTurn(by=2))
    assert s.current == 0 and s.turn_no == 4


def test_a_seat_that_does_not_exist_is_malformed_rv_turn():
    with pytest.raises(InvalidInput):
        G.apply(start(), DrawCard(by=5))


# rv.gold --------------------------------------------------------------------------
def test_passage_gold_counts_on_a_just_laid_card_rv_gold():
    s = play(drawn(), GainGold(by=0, amount=4, reason="passage"))
    assert s.players[0].gold == 4
    assert s.gold_log[-1].reason == "passage" and s.gold_log[-1].delta == 4


def test_passage_gold_does_not_count_on_an_old_card_rv_gold():
    s = play(start(), Walk(by=0, cards=1))
    refused(s, GainGold(by=0, amount=4, reason="passage"), "rv.gold")


def test_gold_never_goes_below_zero_rv_gold():
    s = play(with_gold(drawn(), 0, 2), RoomCard(by=0, kind="trap"))
    s = play(s, Trap(by=0, lose_gold=5))
    assert s.players[0].gold == 0
    last = s.gold_log[-1]
    assert (last.asked, last.delta, last.reason) == (-5, -2, "trap")
    assert purse_from_log(s, 0) == 0


def test_correction_below_zero_empties_the_purse_rv_gold():
    s = play(with_gold(start(), 1, 3), LoseGold(by=1, amount=10, reason="correction"))
    assert s.players[1].gold == 0 and purse_from_log(s, 1) == 0


def test_every_gold_change_carries_its_reason_rv_gold():
    s = play(drawn(), GainGold(by=0, amount=3, reason="passage"), EndTurn(by=0))
    s = play(s, DrawCard(by=1), RoomCard(by=1, kind="gold", gold=5))
    s = with_gold(s, 2, 1)
    assert [(c.seat, c.delta, c.reason) for c in s.gold_log] == [
        (0, 3, "passage"),
        (1, 5, "room"),
        (2, 1, "correction"),
    ]
    assert all(purse_from_log(s, i) == p.gold for i, p in enumerate(s.players))


def test_a_penalty_without_a_pending_loss_is_refused_rv_gold():
    refused(drawn(), LoseGold(by=0), "rv.gold")


def test_corrections_are_bookkeeping_any_seat_any_time_rv_gold():
    s = drawn()
    s2 = play(s, GainGold(by=2, amount=7, reason="correction"), LoseGold(by=2, amount=2, reason="correction"))
    assert s2.players[2].gold == 5
    assert (s2.current, s2.phase, s2.turn) == (s.current, s.phase, s.turn)  # the turn is untouched


# rv.obstacle ------------------------------------------------------------------------
def test_value_plus_roll_reaching_the_number_passes_rv_obstacle():
    # Ana: strength 5; red door 8 with a 3 -> 8 >= 8
    s = play(drawn(), rolled(Obstacle(by=0, kind="door", color="red", number=8), 3))
    e = s.events[-1]
    assert e.kind == "obstacle" and e.detail["success"] and e.detail["passed"]
    assert not s.turn.stopped and s.pending is None


@pytest.mark.parametrize("color,value", [("red", 5), ("blue", 3), ("green", 2)])
def test_the_colour_names_the_attribute_rv_obstacle(color, value):
    s = play(drawn(), rolled(Obstacle(by=0, kind="door", color=color, number=9), 4))
    assert s.events[-1].detail["value"] == value
    assert s.events[-1].detail["success"] == (value + 4 >= 9)


@pytest.mark.parametrize("kind", ["chasm", "acid_lake", "lava"])
def test_failed_chasm_acid_lake_lava_injure_cost_a_choice_and_pass_rv_obstacle(kind):
    s = play(with_gold(with_treasure(drawn(), 0), 0, 4), rolled(Obstacle(by=0, kind=kind, color="green", number=9), 1))
    assert s.players[0].injured
    assert s.events[-1].kind == "injured" and s.events[-2].detail["passed"]
    assert s.pending.kind == "loss" and s.pending.rule == "rv.obstacle"
    assert set(map(type, G.legal(s))) == {LoseGold, LoseTreasure}
    refused(s, EndTurn(by=0), "rv.obstacle")


@pytest.mark.parametrize("kind", ["magic_barrier", "cave_in", "door"])
def test_failed_barrier_cave_in_door_block_without_injury_rv_obstacle(kind):
    s = play(drawn(), rolled(Obstacle(by=0, kind=kind, color="blue", number=12), 2))
    assert not s.players[0].injured and s.pending is None
    assert s.turn.stopped and not s.events[-1].detail["passed"]
    refused(s, rolled(Obstacle(by=0, kind="door", color="blue", number=1), 6), "rv.obstacle")
    refused(s, LayExit(by=0), "rv.exit")


def test_failed_wooden_bridge_injures_but_passes_rv_obstacle():
    s = play(drawn(), rolled(Obstacle(by=0, kind="wooden_bridge", color="red", number=12), 1))
    assert s.players[0].injured and s.pending is None and not s.turn.stopped
    assert s.events[-2].detail["passed"]


def test_failure_table_covers_every_kind_rv_obstacle():
    assert set(FAILURE) == set(OBSTACLE_KINDS)
    assert [k for k in OBSTACLE_KINDS if FAILURE[k].loss] == ["chasm", "acid_lake", "lava"]
    assert [k for k in OBSTACLE_KINDS if not FAILURE[k].passed] == ["magic_barrier", "cave_in", "door"]


def test_a_blocked_figure_may_retry_next_turn_rv_obstacle():
    s = play(drawn(1), rolled(Obstacle(by=0, kind="door", color="red", number=10), 1), EndTurn(by=0))
    s = play(s, Walk(by=0, cards=0), rolled(Obstacle(by=0, kind="door", color="red", number=10), 5))
    assert s.events[-1].detail["passed"]


def test_declining_to_try_is_an_action_and_stops_the_figure_rv_obstacle():
    s = play(drawn(), DeclineObstacle(by=0, kind="lava", color="green", number=7))
    assert s.events[-1].kind == "declined" and s.turn.stopped
    assert not s.players[0].injured and s.pending is None
    refused(s, rolled(Obstacle(by=0, kind="lava", color="green", number=7), 6), "rv.obstacle")
    assert G.apply(s, EndTurn(by=0)).current == 1


def test_loss_choice_three_gold_rv_obstacle():
    s = play(with_gold(drawn(), 0, 10), rolled(Obstacle(by=0, kind="chasm", color="red", number=12), 1))
    refused(s, LoseGold(by=0, amount=2), "rv.loss")
    s = play(s, LoseGold(by=0))
    assert s.players[0].gold == 7 and s.pending is None
    assert s.gold_log[-1].reason == "penalty"


def test_loss_choice_one_treasure_rv_obstacle():
    s = with_treasure(with_treasure(drawn(), 0, "Krone", 5), 0, "Kelch", 2)
    s = play(s, rolled(Obstacle(by=0, kind="acid_lake", color="red", number=12), 1))
    refused(s, LoseTreasure(by=0, index=2), "rv.treasure")
    s = play(s, LoseTreasure(by=0, index=0))
    assert [t.name for t in s.players[0].treasures] == ["Kelch"]
    assert s.pending is None and s.players[0].gold == 0


def test_loss_choice_with_a_small_purse_takes_what_there_is_rv_gold():
    s = play(with_gold(drawn(), 0, 1), rolled(Obstacle(by=0, kind="lava", color="red", number=12), 1), LoseGold(by=0))
    assert s.players[0].gold == 0 and s.gold_log[-1].delta == -1


@pytest.mark.parametrize("value", range(0, 9))
@pytest.mark.parametrize("number", range(0, 15))
def test_shown_check_chance_equals_the_count_over_the_six_faces_rv_obstacle(value, number):
    s = drawn(1, adventurers=[{"character": "X", "strength": value, "mind": 0, "dexterity": 0}])
    passed = 0
    for face in range(1, 7):
        after = play(s, rolled(Obstacle(by=0, kind="door", color="red", number=number), face))
        passed += after.events[0].detail["success"]
    assert check_chance(value, number) == Fraction(passed, 6)


def test_check_chance_examples_rv_obstacle():
    assert check_chance(4, 9) == Fraction(1, 3)  # door 9, dexterity 4: a 5 or a 6
    assert check_chance(3, 2) == 1 and check_chance(0, 7) == 0


# rv.room ----------------------------------------------------------------------------
def test_a_room_laid_earlier_is_empty_rv_room():
    s = play(start(), Walk(by=0, cards=2))
    refused(s, RoomCard(by=0, kind="gold", gold=3), "rv.room")


def test_gold_room_card_fills_the_purse_rv_room():
    s = play(drawn(), RoomCard(by=0, kind="gold", gold=4))
    assert s.players[0].gold == 4 and s.gold_log[-1].reason == "room"
    refused(s, RoomCard(by=0, kind="gold", gold=4), "rv.room")  # one room card per laid room


def test_a_gold_room_card_names_its_gold_rv_room():
    with pytest.raises(InvalidInput):
        G.parse_action({"type": "room_card", "by": 0, "kind": "gold"})
    with pytest.raises(InvalidInput):
        G.parse_action({"type": "room_card", "by": 0, "kind": "monster", "gold": 2})


def test_monster_room_card_opens_a_fight_rv_room():
    s = play(drawn(), RoomCard(by=0, kind="monster"))
    assert s.pending.kind == "fight"
    (t,) = G.legal(s)  # a template with the values the card may give
    assert (t.action_type, t.fixed, set(t.fields["attribute"]), t.fields["monster_roller"]) == (
        "fight", {"by": 0}, {"strength", "mind", "dexterity"}, (1, 2))
    refused(s, EndTurn(by=0), "rv.monster")


def test_trap_with_a_check_that_succeeds_costs_nothing_rv_room():
    s = play(with_gold(drawn(), 0, 5), RoomCard(by=0, kind="trap"))
    s = play(s, rolled(Trap(by=0, color="green", number=6, lose_gold=3, injury=True), 4))  # 2 + 4 >= 6
    assert s.players[0].gold == 5 and not s.players[0].injured and s.pending is None


def test_trap_with_a_check_that_fails_takes_what_the_card_says_rv_room():
    s = play(with_gold(drawn(), 0, 5), RoomCard(by=0, kind="trap"))
    s = play(s, rolled(Trap(by=0, color="green", number=7, lose_gold=3, injury=True, loss_choice=True), 4))
    assert s.players[0].gold == 2 and s.players[0].injured
    assert s.pending.kind == "loss" and s.pending.rule == "rv.room"


def test_trap_without_a_check_just_takes_rv_room():
    s = play(with_gold(drawn(), 0, 5), RoomCard(by=0, kind="trap"), Trap(by=0, lose_gold=2))
    assert s.players[0].gold == 3 and s.gold_log[-1].reason == "trap"


def test_a_trap_check_needs_colour_and_number_together_rv_room():
    with pytest.raises(InvalidInput):
        G.parse_action({"type": "trap", "by": 0, "color": "red"})


# rv.monster --------------------------------------------------------------------------
def fight(state, roll=3, monster_roll=2, **kw):
    args = dict(by=0, monster_value=6, attribute="strength", monster_roller=1)
    args.update(kw)
    return play(state, RoomCard(by=0, kind="monster"), rolled(Fight(**args), roll, monster_roll))


def test_a_draw_in_a_fight_goes_to_the_adventurer_rv_monster():
    # Ana strength 5 + 3 = 8 against 6 + 2 = 8
    s = fight(drawn())
    assert s.events[-1].detail["won"] and not s.players[0].injured
    assert s.pending.kind == "spoils"


def test_a_won_fight_brings_the_treasure_drawn_rv_monster():
    s = fight(drawn())
    refused(s, EndTurn(by=0), "rv.monster")
    s = play(s, GainGold(by=0, amount=2, reason="monster"))
    assert s.pending.kind == "spoils"  # the treasure is still to come
    s = play(s, GainTreasure(by=0, name="Krone", gold=5, magic=True))
    assert s.pending is None and s.players[0].treasures[0].hidden
    assert s.players[0].gold == 2 and s.gold_log[-1].reason == "monster"
    assert G.apply(s, EndTurn(by=0)).current == 1


def test_falling_short_injures_and_costs_a_choice_rv_monster():
    s = fight(with_gold(drawn(), 0, 3), roll=2)  # 7 against 8
    assert not s.events[-2].detail["won"] and s.players[0].injured
    assert s.pending.kind == "loss" and s.pending.rule == "rv.monster"


def test_the_player_picks_the_attribute_where_the_card_offers_a_choice_rv_monster():
    s = fight(with_gold(drawn(), 0, 3), attribute="dexterity")  # 2 + 3 = 5 against 8
    assert s.events[-2].detail["total"] == 5 and s.players[0].injured


def test_another_player_rolls_for_the_monster_rv_monster():
    s = play(drawn(), RoomCard(by=0, kind="monster"))
    refused(s, rolled(Fight(by=0, monster_value=5, attribute="mind", monster_roller=0), 3, 3), "rv.monster")
    with pytest.raises(InvalidInput):
        play(s, rolled(Fight(by=0, monster_value=5, attribute="mind", monster_roller=5), 3, 3))
    assert play(s, rolled(Fight(by=0, monster_value=5, attribute="mind", monster_roller=2), 3, 3))


def test_alone_the_player_rolls_for_the_monster_too_rv_monster():
    s = fight(drawn(1), monster_roller=0)
    assert s.events[-1].kind in {"fight", "injured"}


# rv.monster / rv.dice: the fight's two W6 come through chance, the monster's from its roller's phone ---
def started(state=None, roll=3, **kw):
    """Ana (strength 5) fights a 6 and has rolled a 3; Ben rolls for the monster."""
    args = dict(by=0, monster_value=6, attribute="strength", monster_roller=1)
    args.update(kw)
    return play(state or drawn(), RoomCard(by=0, kind="monster"), rolled(Fight(**args), roll))


def test_the_adventurer_rolls_first_then_the_monster_player():
    s = play(drawn(), RoomCard(by=0, kind="monster"), Fight(by=0, monster_value=6, attribute="strength",
                                                            monster_roller=1))
    req = G.pending_roll(s)
    assert (req.by, req.purpose, [(d.name, d.sides) for d in req.dice]) == (0, "fight", [("w6", 6)])
    assert G.legal(s) == [] and G.current_seats(s) == [0]
    s = G.apply(s, G.roll_action(s, [3]))
    req = G.pending_roll(s)
    assert (req.by, req.purpose) == (1, "monster")


def test_monster_roll_comes_from_the_monster_players_phone():
    s = started()
    assert s.chance.purpose == "monster" and s.chance.seat == 1 and s.chance.rule == "rv.monster"
    assert s.current == 0  # still Ana's turn
    assert G.legal(s) == [] and G.current_seats(s) == [1]
    assert G.roll_action(s, [4]) == RollDie(by=1, value=4)
    assert G.actor(s, RollDie(by=1, value=4)) == 1  # the table checks Ben's phone for it


def test_a_monster_roll_by_anyone_else_is_refused():
    s = started()
    for seat in (0, 2):
        err = refused(s, RollDie(by=seat, value=1), "rv.monster")
        assert err.code == "rv_monster_roll_by" and err.params["name"] == "Ben"


def test_nothing_else_happens_while_the_monster_roll_is_open():
    s = started()
    for action in (
        EndTurn(by=0),
        Fight(by=0, monster_value=6, attribute="strength", monster_roller=1),
        GainGold(by=0, amount=2, reason="monster"),
        LoseGold(by=0),
        EndTurn(by=1),
    ):
        refused(s, action, "rv.monster")
    # bookkeeping stays possible for anyone, as with every pending decision
    assert play(s, GainGold(by=2, amount=1, reason="correction")).chance.purpose == "monster"


def test_draw_after_separate_monster_roll_goes_to_the_adventurer():
    s = play(started(), RollDie(by=1, value=2))  # 5 + 3 = 8 against 6 + 2 = 8
    assert s.events[-1].kind == "fight" and s.events[-1].detail["won"]
    assert s.events[-1].detail["monster_roller"] == 1 and s.events[-1].seat == 0
    assert s.pending.kind == "spoils" and s.pending.seat == 0 and not s.players[0].injured


def test_losing_after_separate_monster_roll_injures_and_costs_a_choice():
    s = play(started(with_gold(drawn(), 0, 2)), RollDie(by=1, value=3))  # 8 against 9
    assert not s.events[-2].detail["won"] and s.players[0].injured
    assert s.pending.kind == "loss" and s.pending.rule == "rv.monster" and s.pending.seat == 0
    assert G.legal(s, 0) and not G.legal(s, 1)


def test_the_monster_roller_is_another_player():
    s = play(drawn(), RoomCard(by=0, kind="monster"))
    refused(s, Fight(by=0, monster_value=5, attribute="mind", monster_roller=0), "rv.monster")
    with pytest.raises(InvalidInput):
        G.apply(s, Fight(by=0, monster_value=5, attribute="mind", monster_roller=5))
    refused(drawn(), Fight(by=0, monster_value=5, attribute="mind", monster_roller=1), "rv.monster")
    refused(drawn(), RollDie(by=1, value=3), "rv.dice")  # no die due: no roll
    with pytest.raises(Refusal):
        G.roll_action(drawn(), [3])


def test_alone_the_player_starts_and_rolls_for_the_monster():
    s = play(started(drawn(1), monster_roller=0), RollDie(by=0, value=1))
    assert s.events[-1].kind == "fight" and s.pending.kind == "spoils"


def test_a_rolled_fight_replays_from_the_record():
    from scoring.engine import RecordedAction, new_record, replay

    players = [PlayerSpec(name=n) for n in NAMES[:3]]
    record = new_record(G.id, players, {})
    actions = [DrawCard(by=0), RoomCard(by=0, kind="monster"),
               Fight(by=0, monster_value=6, attribute="strength", monster_roller=1),
               RollDie(by=0, value=3), RollDie(by=1, value=5)]
    state = G.start(G.parse_options(record.options, players), players)
    for a in actions:
        state = G.apply(state, a)
    record = record.model_copy(update={"actions": tuple(
        RecordedAction(seat=a.by, action=json.loads(json.dumps(G.dump_action(a)))) for a in actions)})
    assert replay(record) == state and state.players[0].injured


def test_no_monster_spoils_without_a_won_fight_rv_monster():
    refused(drawn(), GainGold(by=0, amount=3, reason="monster"), "rv.monster")
    refused(drawn(), GainTreasure(by=0, name="Krone", gold=3), "rv.monster")
    refused(drawn(), rolled(Fight(by=0, monster_value=1, attribute="mind", monster_roller=1), 3, 3), "rv.monster")


@pytest.mark.parametrize("mine", range(0, 9, 2))
@pytest.mark.parametrize("monster", range(0, 13, 3))
def test_shown_fight_chance_equals_the_count_over_36_rolls_rv_monster(mine, monster):
    s = play(drawn(2, adventurers=[
        {"character": "X", "strength": mine, "mind": 0, "dexterity": 0},
        {"character": "Y", "strength": 0, "mind": 0, "dexterity": 0},
    ]), RoomCard(by=0, kind="monster"))
    wins = 0
    for r in range(1, 7):
        for m in range(1, 7):
            after = play(s, rolled(Fight(by=0, monster_value=monster, attribute="strength", monster_roller=1), r, m))
            wins += after.pending is not None and after.pending.kind == "spoils"
    assert fight_chance(mine, monster) == Fraction(wins, 36)


def test_fight_chance_examples_rv_monster():
    assert fight_chance(5, 5) == Fraction(21, 36)  # equal values: the draws go to the adventurer
    assert fight_chance(0, 6) == 0 and fight_chance(6, 0) == 1


# rv.injury ------------------------------------------------------------------------------
def test_an_injured_player_skips_exactly_one_turn_rv_injury():
    s = play(drawn(2), rolled(Obstacle(by=0, kind="wooden_bridge", color="red", number=12), 1), EndTurn(by=0))
    s = play(s, DrawCard(by=1), EndTurn(by=1))
    assert s.current == 0 and s.players[0].injured
    assert G.legal(s) == [Recover(by=0)]  # the only legal action
    refused(s, DrawCard(by=0), "rv.injury")
    refused(s, Walk(by=0, cards=1), "rv.injury")
    refused(s, EndTurn(by=0), "rv.injury")
    s = play(s, Recover(by=0))
    assert not s.players[0].injured and s.current == 1 and s.events[-1].kind == "recovered"
    s = play(s, DrawCard(by=1), EndTurn(by=1))
    assert s.current == 0 and DrawCard(by=0) in G.legal(s)  # exactly one turn skipped


def test_an_injured_figure_lies_for_the_rest_of_the_turn_rv_injury():
    s = play(drawn(), rolled(Obstacle(by=0, kind="wooden_bridge", color="red", number=12), 1))
    refused(s, rolled(Obstacle(by=0, kind="door", color="red", number=1), 6), "rv.injury")
    refused(s, RoomCard(by=0, kind="gold", gold=3), "rv.injury")
    refused(s, Recover(by=0), "rv.injury")  # recovering is the next turn
    assert types(G.legal(s)) == {"gain_gold", "roll_gold", "end_turn"}  # passage gold, by number or by dice


def test_recover_is_only_for_the_injured_rv_injury():
    refused(start(), Recover(by=0), "rv.injury")


def test_the_turn_tracker_shows_who_recovers_rv_injury():
    s = play(drawn(2), rolled(Obstacle(by=0, kind="wooden_bridge", color="red", number=12), 1), EndTurn(by=0))
    s = play(s, Walk(by=1, cards=1), EndTurn(by=1), Recover(by=0))
    assert [(e.seat, e.kind) for e in s.log if e.kind in {"injured", "recovered"}] == [(0, "injured"), (0, "recovered")]
    assert [e.kind for e in s.events] == ["recovered"]  # events: what the last action caused


# rv.treasure ----------------------------------------------------------------------------
def test_treasures_are_drawn_hidden_rv_treasure():
    s = with_treasure(start(), 0, "Krone", 5, magic=True)
    t = s.players[0].treasures[0]
    assert t.hidden and t.magic and t.gold == 5


def test_a_treasure_is_shown_when_used_rv_treasure():
    s = play(with_treasure(start(), 0, "Krone"), Walk(by=0, cards=1), RevealTreasure(by=0, index=0))
    assert not s.players[0].treasures[0].hidden
    e = refused(s, RevealTreasure(by=0, index=0), "rv.treasure")
    assert words(e) == ("Dieser Schatz liegt schon offen.", "This treasure is already face up.")
    e = refused(s, RevealTreasure(by=0, index=1), "rv.treasure")
    assert words(e) == ("Ana hat keinen Schatz Nr. 1.", "Ana has no treasure no. 1.")


def test_treasure_names_are_at_most_forty_characters_rv_treasure():
    with pytest.raises(InvalidInput):
        G.parse_action({"type": "gain_treasure", "by": 0, "name": "x" * 41, "gold": 1})
    with pytest.raises(InvalidInput):
        G.parse_action({"type": "gain_treasure", "by": 0, "name": "Krone", "gold": -1})


def test_other_seats_see_only_a_hidden_treasure_rv_treasure():
    s = with_treasure(start(), 0, "Drachenkrone", 987, magic=True)
    s = with_treasure(s, 1, "Silberkelch", 654)
    for seat in (1, 2, None):
        text = json.dumps(G.view_for(s, seat))
        assert "Drachenkrone" not in text and "987" not in text
        assert G.view_for(s, seat)["players"][0]["treasures"] == [{"hidden": True}]
    own = json.dumps(G.view_for(s, 0))
    assert "Drachenkrone" in own and "987" in own and "Silberkelch" not in own and "654" not in own


def test_a_shown_treasure_is_seen_by_all_rv_treasure():
    s = play(with_treasure(start(), 0, "Drachenkrone", 987), Walk(by=0, cards=0), RevealTreasure(by=0, index=0))
    assert "Drachenkrone" in json.dumps(G.view_for(s, 2))


def test_a_live_standing_counts_only_shown_treasures_rv_treasure():
    s = with_treasure(with_gold(start(), 0, 4), 0, "Krone", 50)
    assert G.result(s).players[0].total == 4
    assert "Krone" not in json.dumps(G.result(s).model_dump())


# rv.exit ---------------------------------------------------------------------------------
def test_an_exit_holds_one_player_rv_exit():
    s = play(drawn(3), LayExit(by=0), Escape(by=0))
    assert s.escaped == (0,) and s.free_exits == 0 and s.current == 1
    s = play(s, Walk(by=1, cards=2))
    refused(s, Escape(by=1), "rv.exit")  # the exit collapsed behind Ana


def test_each_escape_uses_a_new_exit_rv_exit():
    s = play(drawn(4), LayExit(by=0), EndTurn(by=0))  # laid, not used
    s = play(s, Walk(by=1, cards=2), Escape(by=1))
    assert s.escaped == (1,) and s.exits_laid == 1 and s.free_exits == 0
    s = play(s, DrawCard(by=2), LayExit(by=2), Escape(by=2))
    assert s.escaped == (1, 2) and s.exits_laid == 2


def test_escape_only_from_the_exit_stood_on_rv_exit():
    s = play(drawn(3), LayExit(by=0), EndTurn(by=0), DrawCard(by=1))
    refused(s, Escape(by=1), "rv.exit")  # Ben stands on the card he drew, not on the exit


def test_an_exit_comes_only_as_the_card_just_drawn_rv_exit():
    refused(play(start(), Walk(by=0, cards=1)), LayExit(by=0), "rv.exit")
    refused(play(drawn(), RoomCard(by=0, kind="gold", gold=1)), LayExit(by=0), "rv.exit")
    refused(play(drawn(), LayExit(by=0)), LayExit(by=0), "rv.exit")


def test_leaving_needs_the_exit_gold_rv_exit():
    s = play(drawn(3, exit_min_gold=10), GainGold(by=0, amount=4, reason="passage"), LayExit(by=0))
    err = refused(s, Escape(by=0), "rv.exit")
    assert "10" in err.message("en")
    s = play(with_gold(s, 0, 6), Escape(by=0))
    assert s.players[0].escaped


def test_an_exit_drawn_without_enough_gold_may_be_shuffled_back_rv_exit():
    s = play(drawn(3, exit_min_gold=10), ShuffleBackExit(by=0))
    assert s.current == 1 and s.exits_laid == 0  # the turn ends
    assert s.events[-1].kind == "exit_shuffled"


def test_an_exit_with_enough_gold_is_not_shuffled_back_rv_exit():
    refused(drawn(3), ShuffleBackExit(by=0), "rv.exit")  # exit_min_gold 0


def test_an_injured_figure_does_not_escape_rv_exit():
    s = play(drawn(3), LayExit(by=0), rolled(Obstacle(by=0, kind="wooden_bridge", color="red", number=20), 1))
    refused(s, Escape(by=0), "rv.injury")


def test_the_escaped_leave_the_turn_order_rv_exit():
    s = play(drawn(3), LayExit(by=0), Escape(by=0))
    s = play(s, DrawCard(by=1), EndTurn(by=1), DrawCard(by=2), EndTurn(by=2))
    assert s.current == 1
    refused(s, DrawCard(by=0), "rv.turn")


# rv.end ----------------------------------------------------------------------------------
def test_the_game_ends_when_the_second_to_last_escapes_rv_end():
    s = play(drawn(3), LayExit(by=0), Escape(by=0))
    assert not G.is_over(s)
    s = play(s, DrawCard(by=1), LayExit(by=1), Escape(by=1))
    assert G.is_over(s) and s.phase == "over"
    assert G.legal(s) == []
    refused(s, DrawCard(by=2), "rv.end")
    refused(s, GainGold(by=2, amount=1, reason="correction"), "rv.end")


def test_alone_the_game_ends_on_the_escape_rv_end():
    s = play(drawn(1), LayExit(by=0))
    assert not G.is_over(s)
    s = play(s, Escape(by=0))
    assert G.is_over(s)
    r = G.result(s).players[0]
    assert r.place == 1 and not r.lost


def test_every_treasure_is_shown_at_the_end_rv_end():
    s = with_treasure(with_treasure(start(2), 0, "Krone", 5), 1, "Kelch", 9)
    s = play(s, DrawCard(by=0), LayExit(by=0), Escape(by=0))
    assert all(not t.hidden for p in s.players for t in p.treasures)
    text = json.dumps(G.view_for(s, 0))
    assert "Kelch" in text


def test_the_one_left_behind_loses_and_equal_totals_share_rv_end():
    s = start(3)
    s = with_treasure(with_gold(s, 0, 12), 0, "Krone", 8)  # 20
    s = with_gold(s, 1, 99)  # left behind
    s = with_treasure(with_gold(s, 2, 9), 2, "Kelch", 11)  # 20
    s = play(s, DrawCard(by=0), LayExit(by=0), Escape(by=0))
    s = play(s, DrawCard(by=1), EndTurn(by=1), DrawCard(by=2), LayExit(by=2), Escape(by=2))
    res = G.result(s)
    assert [(p.name, p.total, p.place, p.lost) for p in res.players] == [
        ("Ana", 20, 1, False),
        ("Ben", 99, 3, True),
        ("Cara", 20, 1, False),
    ]
    assert res.players[0].breakdown == {
        "coins": 12,
        "treasure_value": 8,
        "treasures": [{"name": "Krone", "gold": 8, "magic": False}],
        "escaped": True,
    }


# score input (CLI) -----------------------------------------------------------------------
EXAMPLE = {
    "game": "raus-aus-dem-verlies",
    "players": [
        {
            "name": "Ana",
            "gold": 12,
            "escaped": True,
            "treasures": [{"name": "Krone", "gold": 5}, {"name": "Amulett", "gold": 3, "magic": True}],
        },
        {"name": "Ben", "gold": 30, "escaped": False, "treasures": []},
        {"name": "Cara", "gold": 9, "escaped": True, "treasures": [{"name": "Kelch", "gold": 11}]},
    ],
}


def test_score_input_ranks_the_escaped_and_the_left_behind_loses_rv_end():
    res = G.score_input(EXAMPLE)
    assert [(p.name, p.total, p.place, p.lost) for p in res.players] == [
        ("Ana", 20, 1, False),
        ("Ben", 30, 3, True),
        ("Cara", 20, 1, False),
    ]
    ana = res.players[0].breakdown
    assert (ana["coins"], ana["treasure_value"], ana["escaped"]) == (12, 8, True)
    assert get_game("verlies") is G


def test_score_input_refuses_negative_gold_rv_gold():
    data = json.loads(json.dumps(EXAMPLE))
    data["players"][0]["gold"] = -1
    with pytest.raises(InvalidInput) as exc:
        G.score_input(data)
    assert exc.value.rule == "rv.gold"


@pytest.mark.parametrize("treasure", [{"name": "Krone"}, {"name": "Krone", "gold": -2}])
def test_score_input_refuses_a_treasure_without_value_rv_treasure(treasure):
    data = json.loads(json.dumps(EXAMPLE))
    data["players"][2]["treasures"] = [treasure]
    with pytest.raises(InvalidInput) as exc:
        G.score_input(data)
    assert exc.value.rule == "rv.treasure"


@pytest.mark.parametrize("escaped", [[True, True, True], [True, False, False], [False, False, False]])
def test_score_input_needs_exactly_one_left_behind_rv_end(escaped):
    data = json.loads(json.dumps(EXAMPLE))
    for p, e in zip(data["players"], escaped):
        p["escaped"] = e
    with pytest.raises(InvalidInput) as exc:
        G.score_input(data)
    assert exc.value.rule == "rv.end"


def test_score_input_alone_must_have_escaped_rv_end():
    alone = {"game": "verlies", "players": [{"name": "Ana", "gold": 3, "escaped": False}]}
    with pytest.raises(InvalidInput) as exc:
        G.score_input(alone)
    assert exc.value.rule == "rv.end"
    alone["players"][0]["escaped"] = True
    assert G.score_input(alone).players[0].place == 1


def test_score_input_malformed_is_invalid_input():
    with pytest.raises(InvalidInput):
        G.score_input({"game": "verlies", "players": [{"name": "Ana"}]})


# texts and parsing ---------------------------------------------------------------------------
def test_every_refusal_code_has_german_and_english_words():
    source = Path(G.__class__.__module__.replace(".", "/") + ".py")
    source = Path(__file__).resolve().parents[2] / source
    codes = set(re.findall(r'"(rv_[a-z_]*[a-z])"', source.read_text(encoding="utf-8")))
    codes |= {f"rv_decide_{kind}" for kind in ("loss", "fight", "trap", "spoils", "monster_roll")}
    codes |= {"game_over", "player_count", "bad_score_input", "bad_action"}
    for code in codes:
        assert set(REFUSALS[code]) >= {"de", "en"}, code


def test_a_dict_action_is_parsed_at_the_edge():
    s = G.apply(start(), {"type": "walk", "by": 0, "cards": 1})
    assert s.turn.move == "walk"
    with pytest.raises(InvalidInput):
        G.apply(start(), {"type": "fly", "by": 0})


def test_another_games_action_is_malformed():
    class Pass(Frozen):
        type: Literal["pass"] = "pass"
        by: int

    with pytest.raises(InvalidInput):
        G.apply(start(), Pass(by=0))


# --- rooms and passages kept apart, the penalty for a wrong draw, gold once, losses --------------
def words(exc) -> tuple[str, str]:
    return exc.message("de"), exc.message("en")


# rv.room
def test_the_table_says_passage_or_room_when_the_card_is_laid_rv_room():
    s = drawn()
    assert {LayCard(by=0, card="passage"), LayCard(by=0, card="room")} <= set(G.legal(s))
    passage = play(s, LayCard(by=0, card="passage"))
    assert passage.turn.card == "passage" and passage.events[-1].kind == "laid"
    e = refused(passage, RoomCard(by=0, kind="monster"), "rv.room")
    assert words(e) == ("Die gezogene Karte ist ein Gang: kein Raum, keine Raumkarte.",
                        "The card drawn is a passage: not a room, no room card.")
    assert not types(G.legal(passage)) & {"room_card", "lay_card"}
    room = play(s, LayCard(by=0, card="room"))
    for action in (GainGold(by=0, amount=3, reason="passage"),
                   rolled(Obstacle(by=0, kind="door", color="red", number=4), 6),
                   DeclineObstacle(by=0, kind="door", color="red", number=4)):
        e = refused(room, action, "rv.room")
        assert words(e) == ("Die gezogene Karte ist ein Raum: kein Gold im Gang, keine Hindernisse.",
                            "The card drawn is a room: no passage gold, no obstacles.")
    assert not types(G.legal(room)) & {"obstacle", "decline_obstacle", "gain_gold", "roll_gold"}
    assert play(room, RoomCard(by=0, kind="gold", gold=2)).players[0].gold == 2
    e = refused(room, LayCard(by=0, card="passage"), "rv.room")
    assert words(e) == (
        "Was die gezogene Karte ist, steht schon fest.",
        "What the card drawn is has already been said.",
    )


def test_after_a_room_card_passage_gold_and_obstacles_are_refused_rv_room():
    """The reported case: draw_card, room_card (gold 2), gain_gold(3, passage) gave 5 gold."""
    s = play(drawn(), RoomCard(by=0, kind="gold", gold=2))
    refused(s, GainGold(by=0, amount=3, reason="passage"), "rv.room")
    refused(s, rolled(Obstacle(by=0, kind="lava", color="red", number=12), 1), "rv.room")
    assert s.players[0].gold == 2


def test_passage_gold_or_an_obstacle_makes_the_card_a_passage_rv_room():
    for first in (
        GainGold(by=0, amount=3, reason="passage"),
        rolled(Obstacle(by=0, kind="door", color="red", number=4), 6),
    ):
        s = play(drawn(), first)
        assert s.turn.card == "passage"
        refused(s, RoomCard(by=0, kind="gold", gold=2), "rv.room")


def test_only_the_card_just_drawn_is_laid_rv_room():
    s = play(start(), Walk(by=0, cards=1))
    e = refused(s, LayCard(by=0, card="room"), "rv.room")
    assert words(e) == ("Als Gang oder Raum wird nur die gerade gezogene Karte gelegt.",
                        "Only the card just drawn is laid as a passage or a room.")
    assert (
        play(s, rolled(Obstacle(by=0, kind="door", color="red", number=4), 6)).events[-1].detail["passed"]
    )  # old passage
    refused(play(drawn(), LayExit(by=0)), LayCard(by=0, card="passage"), "rv.room")


# rv.gold
def test_passage_gold_counts_once_per_laid_card_rv_gold():
    """The reported case: three gain_gold(3, passage) on one drawn card gave 9."""
    s = play(drawn(), LayCard(by=0, card="passage"), GainGold(by=0, amount=3, reason="passage"))
    e = refused(s, GainGold(by=0, amount=3, reason="passage"), "rv.gold")
    assert words(e) == ("Das Gold dieses Gangs ist schon genommen (3).", ("This passage's gold has already been taken "
                                                                          "(3)."))
    assert not types(G.legal(s)) & {"gain_gold", "roll_gold"}
    s = play(s, EndTurn(by=0), DrawCard(by=1), GainGold(by=1, amount=2, reason="passage"))
    assert [p.gold for p in s.players] == [3, 2, 0]  # the next card is a new card


def test_a_shuffled_back_exit_keeps_no_gold_of_its_own_rv_gold():
    """The reported case: exit_min_gold 5, draw, gain_gold(3, passage), shuffle_back_exit kept the 3."""
    s = play(drawn(exit_min_gold=5), GainGold(by=0, amount=3, reason="passage"), ShuffleBackExit(by=0))
    assert s.players[0].gold == 0 and s.current == 1
    assert [(c.delta, c.reason) for c in s.gold_log] == [(3, "passage"), (-3, "shuffled_back")]


def test_the_cards_own_gold_does_not_open_the_exit_rv_exit():
    s = play(with_gold(drawn(exit_min_gold=5), 0, 3), GainGold(by=0, amount=3, reason="passage"))
    assert ShuffleBackExit(by=0) in G.legal(s)  # 3 coins when the exit was drawn: not enough
    assert play(s, ShuffleBackExit(by=0)).players[0].gold == 3


def test_an_unauthorised_draw_keeps_no_gold_rv_gold():
    s = play(drawn(), GainGold(by=0, amount=4, reason="passage"), UnauthorisedDraw(by=0))
    assert s.players[0].gold == 0 and s.gold_log[-1].reason == "shuffled_back"


# rv.penalty
def test_an_unauthorised_draw_ends_the_turn_and_skips_the_next_rv_penalty():
    s = play(drawn(), UnauthorisedDraw(by=0))
    assert s.current == 1 and s.players[0].sits_out
    assert s.events[-1].kind == "unauthorised" and s.events[-1].detail == {"skips_next": True}
    s = play(s, Walk(by=1, cards=1), EndTurn(by=1), Walk(by=2, cards=0), EndTurn(by=2))
    assert s.current == 0 and G.legal(s) == [SitOut(by=0)]
    e = refused(s, DrawCard(by=0), "rv.penalty")
    assert words(e) == ("Ana hat unberechtigt eine Karte gezogen und setzt diesen ganzen Zug aus.",
                        "Ana drew a card without being allowed and sits out this whole turn.")
    refused(s, Walk(by=0, cards=1), "rv.penalty")
    refused(s, EndTurn(by=0), "rv.penalty")
    refused(s, Recover(by=0), "rv.injury")  # not injured: the skipped turn is its own action
    s = play(s, SitOut(by=0))
    assert s.current == 1 and not s.players[0].sits_out
    # the turn tracker shows the skipped turn like a recovery
    assert [(e.seat, e.kind) for e in s.log if e.kind in {"unauthorised", "sat_out"}] == [
        (0, "unauthorised"),
        (0, "sat_out"),
    ]
    s = play(s, Walk(by=1, cards=1), EndTurn(by=1), Walk(by=2, cards=0), EndTurn(by=2))
    assert DrawCard(by=0) in G.legal(s)  # exactly one turn skipped


def test_penalty_turn_this_loses_only_the_current_turn_rv_penalty():
    s = play(drawn(penalty_turn="this"), UnauthorisedDraw(by=0))
    assert s.current == 1 and not s.players[0].sits_out
    assert s.events[-1].detail == {"skips_next": False}
    s = play(s, Walk(by=1, cards=1), EndTurn(by=1), Walk(by=2, cards=0), EndTurn(by=2))
    assert DrawCard(by=0) in G.legal(s)


def test_the_penalty_option_defaults_to_next_and_is_stored_with_the_game_rv_penalty():
    from scoring.engine import new_record

    players = [PlayerSpec(name=n) for n in NAMES[:2]]
    assert new_record(G.id, players, {}).options["penalty_turn"] == "next"
    assert new_record(G.id, players, {"penalty_turn": "this"}).options["penalty_turn"] == "this"
    with pytest.raises(InvalidInput):
        new_record(G.id, players, {"penalty_turn": "never"})


def test_sitting_out_is_only_for_a_player_who_must_rv_penalty():
    e = refused(start(), SitOut(by=0), "rv.penalty")
    assert words(e) == ("Ana muss nicht aussetzen.", "Ana does not have to sit out.")


def test_an_unauthorised_draw_needs_a_card_drawn_with_nothing_on_it_yet_rv_penalty():
    refused(start(), UnauthorisedDraw(by=0), "rv.turn")  # first the draw (or the walk) itself
    for first in (rolled(Obstacle(by=0, kind="door", color="red", number=4), 6), RoomCard(by=0, kind="gold", gold=2),
                  LayExit(by=0)):
        e = refused(play(drawn(), first), UnauthorisedDraw(by=0), "rv.penalty")
        assert words(e) == (
            ("Auf der Karte ist schon etwas geschehen (Hindernis, Raumkarte oder Ausgang): erst rückgängig machen, "
             "dann zurückmischen."),
            "Something already happened on the card (obstacle, room card or exit): undo it first, then shuffle back.")
    assert UnauthorisedDraw(by=0) in G.legal(play(drawn(), LayCard(by=0, card="room")))  # said, nothing drawn yet


def test_injured_and_sitting_out_recover_first_then_sit_out_rv_penalty():
    s = play(drawn(2), UnauthorisedDraw(by=0))
    s = s.model_copy(update={"players": (s.players[0].model_copy(update={"injured": True}), s.players[1])})
    s = play(s, Walk(by=1, cards=0), EndTurn(by=1))
    assert G.legal(s) == [Recover(by=0)]
    refused(s, SitOut(by=0), "rv.injury")
    s = play(s, Recover(by=0), Walk(by=1, cards=0), EndTurn(by=1))
    assert G.legal(s) == [SitOut(by=0)]


# rv.loss
def lava(state) -> State:
    """Ana fails a lava check (strength 5 + 1 against 12): injured, and the loss."""
    return play(state, rolled(Obstacle(by=0, kind="lava", color="red", number=12), 1))


def test_with_nothing_nothing_is_lost_and_nobody_is_asked_rv_loss():
    s = lava(drawn())
    assert s.pending is None and s.players[0].injured
    assert s.events[-1].kind == "nothing_lost" and s.events[-1].detail == {"cause": "lava"}
    assert s.gold_log == ()  # no "+0 (loss)" line
    refused(s, LoseGold(by=0), "rv.gold")
    assert G.apply(s, EndTurn(by=0)).current == 1


def test_without_coins_a_treasure_goes_and_the_player_picks_which_rv_loss():
    s = lava(with_treasure(with_treasure(drawn(), 0, "Krone", 5), 0, "Kelch", 2))
    assert s.pending.kind == "loss"
    assert G.legal(s) == [LoseTreasure(by=0, index=0), LoseTreasure(by=0, index=1)]
    e = refused(s, LoseGold(by=0), "rv.loss")
    assert words(e) == ("Ana hat keine Münzen: es geht ein Schatz, Ana wählt welchen.",
                        "Ana has no coins: a treasure goes, Ana picks which.")
    e = refused(s, EndTurn(by=0), "rv.obstacle")
    assert words(e) == ("Zuerst gibt Ana einen Schatz ab.", "Ana must first give up a treasure.")
    s = play(s, LoseTreasure(by=0, index=1))
    assert [t.name for t in s.players[0].treasures] == ["Krone"] and s.pending is None


def test_with_coins_and_no_treasure_up_to_three_coins_go_rv_loss():
    s = lava(with_gold(drawn(), 0, 2))
    assert G.legal(s) == [LoseGold(by=0)]
    e = refused(s, LoseTreasure(by=0, index=0), "rv.loss")
    assert words(e) == ("Ana hat keinen Schatz: es gehen bis zu 3 Gold.", "Ana has no treasure: up to 3 gold go.")
    e = refused(s, EndTurn(by=0), "rv.obstacle")
    assert words(e) == ("Zuerst gibt Ana 2 Gold ab.", "Ana must first give up 2 gold.")
    s = play(s, LoseGold(by=0))
    assert s.players[0].gold == 0 and (s.gold_log[-1].delta, s.gold_log[-1].reason) == (-2, "penalty")


def test_with_coins_and_treasures_the_player_chooses_rv_loss():
    s = lava(with_treasure(with_gold(drawn(), 0, 7), 0, "Krone", 5))
    assert G.legal(s) == [LoseGold(by=0), LoseTreasure(by=0, index=0)]
    e = refused(s, EndTurn(by=0), "rv.obstacle")
    assert words(e) == ("Zuerst wählt Ana: 3 Gold oder ein Schatz.", "Ana must choose first: 3 gold or one treasure.")
    assert play(s, LoseGold(by=0)).players[0].gold == 4


@pytest.mark.parametrize("how", ["monster", "trap"])
def test_a_monster_or_trap_asks_nothing_of_a_player_with_nothing_rv_loss(how):
    s = play(drawn(), RoomCard(by=0, kind=how))
    if how == "monster":
        s = play(s, rolled(Fight(by=0, monster_value=9, attribute="strength", monster_roller=1), 1, 6))
    else:
        s = play(s, Trap(by=0, injury=True, loss_choice=True))
    assert s.pending is None and s.events[-1].kind == "nothing_lost"


def test_a_correction_that_empties_the_purse_ends_the_open_loss_rv_loss():
    s = lava(with_gold(drawn(), 0, 2))
    s = play(s, LoseGold(by=0, amount=2, reason="correction"))
    assert s.pending is None and s.events[-1].kind == "nothing_lost"


# --- every die through chance, gold by dice (rv.dice), the last action's events ----------------------
def test_passage_gold_by_dice_is_rolled_through_chance_and_counts_once_rv_dice_rv_gold():
    s = play(drawn(), LayCard(by=0, card="passage"), RollGold(by=0, reason="passage", dice="w3"))
    req = G.pending_roll(s)
    assert (req.by, req.purpose, req.dice[0].name, req.dice[0].sides) == (0, "gold", "w3", 6)  # a W6 read as W3
    refused(s, EndTurn(by=0), "rv.gold")  # the die first
    s = G.apply(s, G.roll_action(s, [5]))  # W3 of a 5 is 3
    assert s.players[0].gold == 3 and s.gold_log[-1].reason == "passage" and s.turn.passage_gold == 3
    refused(s, RollGold(by=0, reason="passage", dice="w6"), "rv.gold")  # once per card
    refused(s, GainGold(by=0, amount=1, reason="passage"), "rv.gold")


def test_a_gold_room_card_by_dice_and_monster_gold_by_dice_rv_dice():
    s = play(drawn(), rolled(RoomCard(by=0, kind="gold", dice="1+w6"), 6))
    assert s.players[0].gold == 7 and s.gold_log[-1].reason == "room"
    s = fight(drawn(), roll=6, monster_roll=1)  # won: spoils pending
    s = play(s, rolled(RollGold(by=0, reason="monster", dice="w6"), 4))
    assert s.players[0].gold == 4 and s.pending.kind == "spoils"  # the treasure still to come
    with pytest.raises(InvalidInput):
        G.parse_action({"type": "room_card", "by": 0, "kind": "gold", "gold": 2, "dice": "w3"})  # one or the other


def test_a_trap_takes_gold_by_dice_through_chance_after_a_failed_check_rv_room_rv_dice():
    s = play(with_gold(drawn(), 0, 5), RoomCard(by=0, kind="trap"))
    t = Trap(by=0, color="green", number=7, lose_dice="1+w6", injury=True, loss_choice=True)
    s = play(s, t, RollDie(by=0, value=4))  # 2 + 4 < 7: the check fails, the gold comes by dice
    req = G.pending_roll(s)
    assert (req.by, req.purpose, req.dice[0].name, req.dice[0].sides) == (0, "gold", "1+w6", 6)
    assert s.players[0].gold == 5 and not s.players[0].injured and s.pending is None  # nothing before the die
    refused(s, EndTurn(by=0), "rv.room")  # the die first (the trap's rule)
    s = G.apply(s, G.roll_action(s, [2]))  # 1 + 2 = 3 coins
    assert s.players[0].gold == 2 and s.gold_log[-1].reason == "trap" and s.gold_log[-1].asked == -3
    assert s.players[0].injured and s.pending.kind == "loss" and s.pending.rule == "rv.room"
    assert G.pending_roll(s) is None


def test_a_trap_by_dice_never_takes_more_than_the_purse_and_an_escape_rolls_nothing_rv_gold():
    s = play(with_gold(drawn(), 0, 2), RoomCard(by=0, kind="trap"), rolled(Trap(by=0, lose_dice="w6"), 6))
    assert s.players[0].gold == 0 and s.gold_log[-1].delta == -2 and s.gold_log[-1].asked == -6  # rv.gold
    s = play(with_gold(drawn(), 0, 5), RoomCard(by=0, kind="trap"),
             rolled(Trap(by=0, color="green", number=6, lose_dice="w6"), 4))  # 2 + 4 >= 6: escaped
    assert s.players[0].gold == 5 and s.chance is None and G.pending_roll(s) is None


def test_a_trap_names_its_gold_as_a_number_or_by_dice_and_legal_offers_both_rv_room_rv_dice():
    with pytest.raises(InvalidInput):
        G.parse_action({"type": "trap", "by": 0, "lose_gold": 2, "lose_dice": "w3"})
    assert G.parse_action({"type": "trap", "by": 0, "lose_dice": "w3"}) == Trap(by=0, lose_dice="w3")
    s = play(drawn(), RoomCard(by=0, kind="trap"))
    dice = [t for t in G.legal(s) if "lose_dice" in t.fields]
    assert [t.fields["lose_dice"] for t in dice] == [("w6", "w3", "1+w6")] * 2
    assert ["number" in t.fields for t in dice] == [False, True] and all("lose_gold" not in t.fields for t in dice)


def test_a_trap_by_dice_replays_and_undoes_from_the_record_rv_dice():
    from scoring.engine import RecordedAction, new_record, replay

    players = [PlayerSpec(name=n) for n in NAMES[:3]]
    record = new_record(G.id, players, {})
    actions = [DrawCard(by=0), GainGold(by=0, amount=4, reason="correction"), RoomCard(by=0, kind="trap"),
               Trap(by=0, lose_dice="w3"), RollDie(by=0, value=3)]
    state = G.start(G.parse_options(record.options, players), players)
    for a in actions:
        state = G.apply(state, a)
    record = record.model_copy(update={"actions": tuple(
        RecordedAction(seat=a.by, action=json.loads(json.dumps(G.dump_action(a)))) for a in actions)})
    assert replay(record) == state and state.players[0].gold == 2  # W3 of a 3 is 2
    undone = replay(record, upto=len(actions) - 1)  # undo the die: the trap waits for it again, the gold is back
    assert undone.players[0].gold == 4 and G.pending_roll(undone).purpose == "gold"
    assert replay(record, upto=len(actions) - 2).pending.kind == "trap"  # undo the trap too


def test_a_typed_die_outside_one_to_six_is_refused_in_words_rv_dice():
    s = play(drawn(), Obstacle(by=0, kind="door", color="red", number=9))
    for bad in ([0], [True], [3, 4], []):
        with pytest.raises(InvalidInput):
            G.roll_action(s, bad)
    with pytest.raises(InvalidInput) as exc:
        G.roll_action(s, [7])
    assert words(exc.value) == ("Ein W6 zeigt 1 bis 6, nicht 7.", "A d6 shows 1 to 6, not 7.")


def test_events_hold_what_the_last_action_caused_and_the_log_keeps_the_game():
    s = play(with_gold(drawn(), 0, 4), Obstacle(by=0, kind="lava", color="red", number=12))
    assert s.events == ()  # declared: nothing has happened yet
    s = G.apply(s, G.roll_action(s, [1]))
    assert [e.kind for e in s.events] == ["obstacle", "injured"]
    s = play(s, LoseGold(by=0))
    assert s.events == () and [e.kind for e in s.log][-3:] == ["drew", "obstacle", "injured"]


# --- the sharpened rulings rv.room, rv.penalty, rv.treasure (the reported records) -------------------
def test_a_just_laid_room_cannot_be_left_before_its_room_card_rv_room():
    """The reported record: draw_card 0, lay_card 0 room, end_turn 0 was accepted."""
    s = play(drawn(), LayCard(by=0, card="room"))
    e = refused(s, EndTurn(by=0), "rv.room")
    assert words(e) == ("Ana hat einen Raum gelegt: erst die Raumkarte eintragen (Gold, Monster oder Falle), "
                        "dann endet der Zug.",
                        "Ana laid a room: enter its room card first (gold, monster or trap), then the turn ends.")
    assert EndTurn(by=0) not in G.legal(s)
    assert types(G.legal(s)) == {"room_card", "unauthorised_draw"}  # the room card is the next step
    # and what the card demands comes first too: the fight, the trap, the gold by dice
    refused(play(s, RoomCard(by=0, kind="monster")), EndTurn(by=0), "rv.monster")
    refused(play(s, RoomCard(by=0, kind="trap")), EndTurn(by=0), "rv.room")
    refused(play(s, RoomCard(by=0, kind="gold", dice="w3")), EndTurn(by=0), "rv.room")
    done = play(s, RoomCard(by=0, kind="gold", gold=2))
    assert EndTurn(by=0) in G.legal(done) and play(done, EndTurn(by=0)).current == 1
    # a card not said to be anything, or a passage, still ends the turn as before
    assert play(drawn(), EndTurn(by=0)).current == 1
    assert play(drawn(), LayCard(by=0, card="passage"), EndTurn(by=0)).current == 1


def test_a_card_drawn_after_a_walk_is_recorded_as_drawn_without_right_rv_penalty():
    """The reported record: walk 0 cards 1, unauthorised_draw 0 was refused (and draw_card too)."""
    s = play(start(), Walk(by=0, cards=1))
    assert UnauthorisedDraw(by=0) in G.legal(s)
    e = refused(s, DrawCard(by=0), "rv.turn")
    assert words(e) == ("Nach dem Laufen zieht Ana in diesem Zug keine Karte. Wurde doch eine gezogen: "
                        "„Unberechtigt gezogen“ eintragen.",
                        "After walking, Ana draws no card this turn. If one was drawn anyway: "
                        "enter “Drawn without being allowed”.")
    after = play(s, UnauthorisedDraw(by=0))
    assert after.current == 1 and after.players[0].sits_out and after.gold_log == ()
    assert after.events[-1].kind == "unauthorised" and after.events[-1].detail == {"skips_next": True}
    # also after an obstacle on the walk stopped the figure (the card drawn is not that passage)
    blocked = play(start(), Walk(by=0, cards=2), rolled(Obstacle(by=0, kind="door", color="red", number=12), 1))
    assert blocked.turn.stopped and UnauthorisedDraw(by=0) in G.legal(blocked)
    assert play(blocked, UnauthorisedDraw(by=0)).players[0].sits_out
    # "this": only the current turn is lost
    assert not play(start(penalty_turn="this"), Walk(by=0, cards=0), UnauthorisedDraw(by=0)).players[0].sits_out


def test_a_treasure_is_shown_in_the_holders_own_turn_once_the_move_is_made_rv_treasure():
    """The reported record: the reveal was accepted on seat 1's turn."""
    won = play(start(), DrawCard(by=0), RoomCard(by=0, kind="monster"),
               rolled(Fight(by=0, monster_value=3, attribute="mind", monster_roller=2), 3, 3),
               GainTreasure(by=0, name="X", gold=4))
    assert RevealTreasure(by=0, index=0) in G.legal(won)  # Ana's turn, move made, nothing open: she may
    assert not play(won, RevealTreasure(by=0, index=0)).players[0].treasures[0].hidden
    s = play(won, EndTurn(by=0))
    e = refused(s, RevealTreasure(by=0, index=0), "rv.treasure")
    assert words(e) == ("Einen Schatz zeigt Ana nur im eigenen Zug; jetzt ist Ben am Zug.",
                        "Ana shows a treasure only in their own turn; it is Ben's turn now.")
    s = play(s, Walk(by=1, cards=0), EndTurn(by=1), Walk(by=2, cards=0), EndTurn(by=2))
    e = refused(s, RevealTreasure(by=0, index=0), "rv.treasure")  # the start of her turn
    assert words(e) == ("Einen Schatz zeigt Ana erst, wenn der Zug gemacht ist (Karte gezogen oder gelaufen).",
                        "Ana shows a treasure only once the move is made (a card drawn or a walk).")
    assert "reveal_treasure" not in types(G.legal(s))
    walked = play(s, Walk(by=0, cards=1))
    assert G.legal(walked)[-2:] == [RevealTreasure(by=0, index=0), EndTurn(by=0)]
    # while something is open: a die, a loss, a fight, a trap, the spoils
    declared = play(with_gold(walked, 0, 2), Obstacle(by=0, kind="lava", color="red", number=12))
    e = refused(declared, RevealTreasure(by=0, index=0), "rv.treasure")
    assert words(e) == ("Zuerst wird gewürfelt; danach kann Ana einen Schatz zeigen.",
                        "The die comes first; then Ana may show a treasure.")
    loss = play(declared, RollDie(by=0, value=1))
    assert loss.pending.kind == "loss"
    e = refused(loss, RevealTreasure(by=0, index=0), "rv.treasure")
    assert words(e) == ("Zuerst wird der Verlust bezahlt; danach kann Ana einen Schatz zeigen.",
                        "The loss is paid first; then Ana may show a treasure.")
    assert "reveal_treasure" not in types(G.legal(loss))
    fight = play(with_treasure(drawn(), 0), RoomCard(by=0, kind="monster"))
    e = refused(fight, RevealTreasure(by=0, index=0), "rv.treasure")
    assert words(e) == ("Zuerst wird der Kampf eingetragen; danach kann Ana einen Schatz zeigen.",
                        "The fight is entered first; then Ana may show a treasure.")
    e = refused(play(with_treasure(drawn(), 0), RoomCard(by=0, kind="trap")), RevealTreasure(by=0, index=0),
                "rv.treasure")
    assert words(e) == ("Zuerst wird die Falle eingetragen; danach kann Ana einen Schatz zeigen.",
                        "The trap is entered first; then Ana may show a treasure.")
    spoils = play(with_treasure(drawn(), 0), RoomCard(by=0, kind="monster"),
                  rolled(Fight(by=0, monster_value=0, attribute="strength", monster_roller=1), 6, 1))
    e = refused(spoils, RevealTreasure(by=0, index=0), "rv.treasure")
    assert words(e) == ("Zuerst wird der Schatz des Monsters gezogen; danach kann Ana einen Schatz zeigen.",
                        "The monster's treasure is drawn first; then Ana may show a treasure.")
