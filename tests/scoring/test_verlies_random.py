"""Hundreds of random complete games of Raus aus dem Verlies! through the protocol only.

Invariants checked at every step: gold never below zero and always the sum of
its reasoned log (rv.gold); passage gold at most once per card, and none kept
from a card shuffled back (rv.gold); a card is a passage or a room, never both
(rv.room); nobody acts while recovering (rv.injury) or sitting out
(rv.penalty); a loss asks only a player who has something (rv.loss); the
escaped do not take turns (rv.exit). At the end: the game ended within a bound
of turns (rv.end), the ranking equals an independent recount, and the record
replays to the same state.
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings, strategies as st

from scoring.engine import PlayerSpec, RecordedAction, get_game, new_record, replay
from scoring.errors import InvalidInput, Refusal
from scoring.simulate import concrete, play_random
from scoring.verlies import (
    COLORS,
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
    Trap,
    UnauthorisedDraw,
    Walk,
)

G = get_game("raus-aus-dem-verlies")
TURNS_PER_PLAYER = 25  # after this many turns each, the random adventurers head for the exits


def setup(rng: random.Random):
    n = rng.randint(1, 8)
    players = [PlayerSpec(name=f"Spieler {i + 1}") for i in range(n)]
    adventurers = [
        {
            **PRESETS[i].model_dump(),
            "strength": rng.randint(0, 8),
            "mind": rng.randint(0, 8),
            "dexterity": rng.randint(0, 8),
        }
        for i in range(n)
    ]
    options = {
        "adventurers": adventurers,
        "start_player": rng.randrange(n),
        "exit_min_gold": rng.choice([0, 0, 3, 8]),
        "penalty_turn": rng.choice(["next", "next", "this"]),
    }
    return players, options


def bookkeeping(action) -> bool:
    return isinstance(action, RevealTreasure) or getattr(action, "reason", None) == "correction"


def correction(state, rng: random.Random):
    seat = rng.randrange(len(state.players))
    roll = rng.random()
    if roll < 0.4:
        return GainGold(by=seat, amount=rng.randint(1, 5), reason="correction")
    if roll < 0.8:
        return LoseGold(by=seat, amount=rng.randint(1, 5), reason="correction")
    return GainTreasure(by=seat, name=f"Fund {seat}-{state.turn_no}", gold=rng.randint(0, 9), reason="correction")


def policy(game, state, rng: random.Random, dice):
    """Random among the legal actions; later in the game, head for an exit.

    A card just drawn is mostly said to be a passage or a room first (rv.room);
    now and then it was drawn without being allowed (rv.penalty)."""
    if rng.random() < 0.03:
        return correction(state, rng)
    legal = game.legal(state)
    req = game.pending_roll(state)
    if req is not None:  # chance: the table rolls (rv.dice)
        return game.roll_action(state, [dice.roll(d.sides)[0] for d in req.dice])
    if state.phase == "moved" and state.turn.move == "draw" and state.turn.card is None and rng.random() < 0.7:
        said = [a for a in legal if isinstance(a, (LayCard, UnauthorisedDraw))]
        if said:
            return said[0] if rng.random() < 0.05 else rng.choice([a for a in said if isinstance(a, LayCard)] or said)
    if state.turn_no > TURNS_PER_PLAYER * len(state.players):
        p = state.players[state.current]
        for wanted in (Escape, LayExit):
            picks = [a for a in legal if isinstance(a, wanted)]
            if picks:
                return picks[0]
        if p.gold < state.options.exit_min_gold:
            gold = [a for a in legal if a.type in ("gain_gold", "roll_gold")]
            if gold:
                return concrete(game, rng.choice(gold), rng)
        if state.phase == "start" and DrawCard(by=state.current) in legal:
            return DrawCard(by=state.current)
        if EndTurn(by=state.current) in legal and rng.random() < 0.8:
            return EndTurn(by=state.current)
    return concrete(game, rng.choice(legal), rng)


def check_step(state, action, new):
    # rv.gold: never below zero; the purse is the sum of its reasoned log
    for seat, p in enumerate(new.players):
        assert p.gold >= 0
        assert p.gold == sum(c.delta for c in new.gold_log if c.seat == seat)
    assert new.gold_log[: len(state.gold_log)] == state.gold_log
    for change in new.gold_log[len(state.gold_log) :]:
        assert change.reason and (change.delta == change.asked or change.delta > change.asked)
    # rv.gold: passage gold once per card; a card shuffled back leaves nothing of its gold
    this_turn = [c for c in new.gold_log if c.turn == state.turn_no and c.reason in ("passage", "shuffled_back")]
    assert len([c for c in this_turn if c.reason == "passage"]) <= 1
    if isinstance(action, (UnauthorisedDraw, ShuffleBackExit)):
        assert sum(c.asked for c in this_turn) == 0
    # rv.room: a passage or a room, never both
    if new.phase == "moved" and new.turn.room is not None:
        assert new.turn.card == "room" and not any(c.reason == "passage" for c in this_turn)
    # rv.loss: only a player with something is asked
    if new.pending is not None and new.pending.kind == "loss":
        p = new.players[new.pending.seat]
        assert p.gold or p.treasures
    if bookkeeping(action):
        assert (new.current, new.phase, new.turn_no) == (state.current, state.phase, state.turn_no)
        return
    actor = state.players[action.by]
    if isinstance(action, RollDie):  # chance: the seat pending_roll named (the monster's roller may have escaped)
        assert action.by == G.pending_roll(state).by
        return
    # rv.injury: an injured player's turn is Recover, and nothing else
    if state.phase == "start" and actor.injured:
        assert isinstance(action, Recover)
    # rv.penalty: a player who drew without being allowed sits the next turn out
    if state.phase == "start" and actor.sits_out and not actor.injured:
        assert isinstance(action, SitOut)
    if isinstance(action, UnauthorisedDraw):
        assert new.current != state.current or len(state.players) - len(state.escaped) == 1
        assert new.players[action.by].sits_out == (state.options.penalty_turn == "next")
    if isinstance(action, Recover):
        assert new.current != state.current or len(state.players) - len(state.escaped) == 1
    # rv.exit: the escaped take no turns
    assert not actor.escaped
    assert len(new.escaped) <= new.exits_laid


def recount(state):
    """Independent ranking: coins + treasures; the escaped by total, the one left behind last."""
    totals = [p.gold + sum(t.gold for t in p.treasures) for p in state.players]
    escaped = [p.escaped for p in state.players]
    places = []
    for i, total in enumerate(totals):
        if escaped[i]:
            places.append(1 + sum(1 for j, t in enumerate(totals) if escaped[j] and t > total))
        else:
            places.append(1 + sum(escaped))
    return totals, places, [not e for e in escaped]


def test_three_hundred_random_games_end_conserve_gold_and_rank_like_a_recount():
    rng = random.Random(20261129)
    seen_injuries = seen_fights = seen_shuffles = seen_trap_dice = 0
    seen = {"laid": 0, "unauthorised": 0, "sat_out": 0, "nothing_lost": 0}
    for _ in range(300):
        players, options = setup(rng)
        played = play_random(G.id, players, options, rng, max_steps=20_000, policy=policy, on_step=check_step)
        final = played.final
        n = len(players)
        # rv.end: the game ends on the second-to-last escape (alone: on the escape)
        assert G.is_over(final)
        assert final.turn_no <= (TURNS_PER_PLAYER + 20) * n
        assert len(final.escaped) == max(1, n - 1) == sum(p.escaped for p in final.players)
        assert all(not t.hidden for p in final.players for t in p.treasures)  # rv.treasure
        res = G.result(final)
        totals, places, lost = recount(final)
        assert [p.total for p in res.players] == totals
        assert [p.place for p in res.players] == places
        assert [p.lost for p in res.players] == lost
        assert replay(played.record) == final
        events = [e.kind for e in final.log]
        seen_injuries += events.count("recovered")
        seen_fights += events.count("fight")
        seen_shuffles += events.count("exit_shuffled")
        for what in seen:
            seen[what] += events.count(what)
        seen_trap_dice += sum(1 for r in played.record.actions if r.action.get("lose_dice"))  # rv.dice
    assert seen_trap_dice > 50, seen_trap_dice  # a trap's gold by dice is played too
    assert seen_injuries > 100 and seen_fights > 100 and seen_shuffles > 0  # the paths are exercised
    assert seen["laid"] > 1000 and min(seen.values()) > 50, seen


def test_uniform_random_games_end_too_rv_end():
    """The plain random policy of scoring.simulate (the benchmark's) also reaches the end."""
    rng = random.Random(5)
    for _ in range(60):
        players, options = setup(rng)
        played = play_random(G.id, players, options, rng, max_steps=20_000, on_step=check_step)
        assert G.is_over(played.final)


def test_a_record_of_typed_actions_replays_to_the_same_state():
    """The record format the store keeps: new_record + RecordedAction(seat, dump_action)."""
    players = [PlayerSpec(name=n) for n in ("Ana", "Ben", "Cara")]
    record = new_record(G.id, players, {"exit_min_gold": 2})
    actions = [
        DrawCard(by=0),
        GainGold(by=0, amount=3, reason="passage"),
        Obstacle(by=0, kind="chasm", color="green", number=12),
        RollDie(by=0, value=2),
        LoseGold(by=0),
        EndTurn(by=0),
        DrawCard(by=1),
        RoomCard(by=1, kind="monster"),
        Fight(by=1, monster_value=3, attribute="mind", monster_roller=2),
        RollDie(by=1, value=4),
        RollDie(by=2, value=1),  # Cara rolls for the monster
        GainTreasure(by=1, name="Krone", gold=6, magic=True),
        EndTurn(by=1),
        DrawCard(by=2),
        ShuffleBackExit(by=2),
        Recover(by=0),
        DrawCard(by=1),
        RoomCard(by=1, kind="gold", gold=4),
        EndTurn(by=1),
        DrawCard(by=2),
        LayExit(by=2),
        EndTurn(by=2),
        Walk(by=0, cards=2),
        EndTurn(by=0),
        Walk(by=1, cards=1),
        RevealTreasure(by=1, index=0),  # rv.treasure: in Ben's own turn, once he walked
        Escape(by=1),
        DrawCard(by=2),
        GainGold(by=2, amount=2, reason="passage"),
        LayExit(by=2),
        Escape(by=2),
    ]
    state = G.start(G.parse_options(record.options, players), players)
    for a in actions:
        state = G.apply(state, a)
    record = record.model_copy(
        update={"actions": tuple(RecordedAction(seat=a.by, action=G.dump_action(a)) for a in actions)}
    )
    assert replay(record) == state
    assert G.is_over(state) and state.escaped == (1, 2)
    res = G.result(state)
    assert [(p.name, p.total, p.place, p.lost) for p in res.players] == [
        ("Ana", 0, 3, True),
        ("Ben", 10, 1, False),
        ("Cara", 2, 2, False),
    ]
    assert json.loads(json.dumps(record.model_dump(mode="json")))["actions"][8]["action"]["monster_roller"] == 2
    assert record.actions[10].seat == 2 and record.actions[10].action == {"type": "roll", "by": 2, "value": 1}


# Records written before every die went through chance carried the dice inside the actions (format 1 all the same).
OLD_DICE_ACTIONS = {
    2: [{"type": "obstacle", "by": 0, "kind": "chasm", "color": "green", "number": 12, "roll": 2}],
    7: [{"type": "fight", "by": 1, "monster_value": 3, "attribute": "mind", "roll": 4, "monster_roll": 1,
         "monster_roller": 2}],
}


def test_an_old_record_with_dice_inside_the_actions_still_replays():
    """The same game as above, as the previous version stored it: an obstacle and a fight with their dice."""
    players = [PlayerSpec(name=n) for n in ("Ana", "Ben", "Cara")]
    new = new_record(G.id, players, {"exit_min_gold": 2})
    old_actions, new_actions = [], []
    state = G.start(G.parse_options(new.options, players), players)
    plain = [
        DrawCard(by=0), GainGold(by=0, amount=3, reason="passage"), None, LoseGold(by=0), EndTurn(by=0),
        DrawCard(by=1), RoomCard(by=1, kind="monster"), None, GainTreasure(by=1, name="Krone", gold=6, magic=True),
        EndTurn(by=1), DrawCard(by=2), ShuffleBackExit(by=2), Recover(by=0),
    ]
    for i, a in enumerate(plain):
        if a is None:
            old_actions += [RecordedAction(seat=d["by"], action=d) for d in OLD_DICE_ACTIONS[i]]
        else:
            old_actions.append(RecordedAction(seat=a.by, action=G.dump_action(a)))
    old = new.model_copy(update={"actions": tuple(old_actions)})
    # the same through the chance protocol
    for a in plain[:2] + [Obstacle(by=0, kind="chasm", color="green", number=12), 2] + plain[3:7] + [
            Fight(by=1, monster_value=3, attribute="mind", monster_roller=2), 4, 1] + plain[8:]:
        if isinstance(a, int):
            a = G.roll_action(state, [a])
        new_actions.append(RecordedAction(seat=a.by, action=G.dump_action(a)))
        state = G.apply(state, a)
    assert replay(old) == state == replay(new.model_copy(update={"actions": tuple(new_actions)}))
    assert [p.gold for p in state.players] == [0, 0, 0] and state.players[1].treasures[0].name == "Krone"
    assert state.turn_no == 5 and state.current == 1
    # an old record's actions keep their form when dumped again (the store never rewrites them)
    assert G.dump_action(G.parse_action(OLD_DICE_ACTIONS[2][0])) == OLD_DICE_ACTIONS[2][0]


def offered(legal, action) -> bool:
    """``action`` is in ``legal``, or a template there allows each of its values."""
    if action in legal:
        return True
    data = G.dump_action(action)
    for t in legal:
        if getattr(t, "action_type", None) == data["type"] and all(data.get(k) == v for k, v in t.fixed.items()):
            rest = {k: v for k, v in data.items() if k not in t.fixed and k != "type"}
            unset = all(v in (None, 0, False) for k, v in rest.items() if k not in t.fields)  # defaults
            if unset and all(k in rest and t.allows(k, rest[k]) for k in t.fields):
                return True
    return False


def candidate_actions(state):
    """Well-formed actions of every seat, legal or not."""
    for seat in range(len(state.players)):
        yield from (
            Recover(by=seat),
            DrawCard(by=seat),
            Walk(by=seat, cards=0),
            Walk(by=seat, cards=2),
            EndTurn(by=seat),
        )
        yield from (
            LayCard(by=seat, card="passage"),
            LayCard(by=seat, card="room"),
            UnauthorisedDraw(by=seat),
            SitOut(by=seat),
        )
        yield from (GainGold(by=seat, amount=2, reason="passage"), GainGold(by=seat, amount=2, reason="monster"))
        yield from (LoseGold(by=seat), LoseGold(by=seat, amount=1), LoseTreasure(by=seat, index=0))
        yield from (RevealTreasure(by=seat, index=0), GainTreasure(by=seat, name="Krone", gold=3))
        yield Obstacle(by=seat, kind="lava", color="red", number=7)
        yield RollDie(by=seat, value=3)
        yield RollGold(by=seat, reason="passage", dice="w3")
        yield RollGold(by=seat, reason="monster", dice="1+w6")
        yield RoomCard(by=seat, kind="gold", dice="w6")
        yield DeclineObstacle(by=seat, kind="door", color="blue", number=7)
        yield from (
            RoomCard(by=seat, kind="gold", gold=2),
            RoomCard(by=seat, kind="trap"),
            RoomCard(by=seat, kind="monster"),
        )
        other = (seat + 1) % len(state.players)
        yield Fight(by=seat, monster_value=5, attribute="strength", monster_roller=other)
        yield Trap(by=seat, color=COLORS[seat % 3], number=6, lose_gold=1)
        yield Trap(by=seat, injury=True)
        yield Trap(by=seat, lose_dice="w3", loss_choice=True)  # rv.dice: a trap's gold by dice
        yield Trap(by=seat, color=COLORS[seat % 3], number=8, lose_dice="1+w6", injury=True)
        yield from (LayExit(by=seat), ShuffleBackExit(by=seat), Escape(by=seat))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), cut=st.floats(0, 1))
def test_legal_actions_apply_refusals_change_nothing_and_hidden_treasures_stay_hidden(seed, cut):
    rng = random.Random(seed)
    players, options = setup(rng)
    played = play_random(G.id, players, options, rng, policy=policy, keep_states=True)
    state = played.states[int(cut * (len(played.states) - 2))]  # a running game
    assert not G.is_over(state)
    legal = G.legal(state)
    for action in legal:
        G.apply(state, concrete(G, action, rng))  # never raises, templates filled with allowed values
    req = G.pending_roll(state)
    assert (req is None) or legal == []  # a die due: nothing else
    before = state.model_dump(mode="json")
    for action in candidate_actions(state):
        try:
            G.apply(state, action)
        except (Refusal, InvalidInput) as exc:
            assert exc.rule is None or exc.rule.startswith("rv.")
        else:  # legal() is exact: whatever applies is offered (corrections aside; reveals too, rv.treasure)
            if isinstance(action, RollDie):
                assert req is not None and action.by == req.by
            elif getattr(action, "reason", None) != "correction":
                assert offered(legal, action), action
        assert state.model_dump(mode="json") == before
    # rv.treasure: another seat never sees a hidden treasure: in its place only "a hidden treasure",
    # and its name nowhere in the view (unless a shown treasure bears the same name: the random
    # games' found treasures are named by turn, and a turn can find two)
    shown = {t.name for q in state.players for t in q.treasures if not t.hidden}
    for seat, p in enumerate(state.players):
        for other in range(len(state.players)):
            if other == seat:
                continue
            view = G.view_for(state, other)
            seen = json.dumps(view)
            for i, t in enumerate(p.treasures):
                if t.hidden:
                    assert view["players"][seat]["treasures"][i] == {"hidden": True}
                    if t.name not in shown:
                        assert json.dumps(t.name) not in seen


def test_a_record_with_cards_laid_a_wrong_draw_and_a_skipped_turn_replays():
    """rv.room, rv.penalty, rv.gold, rv.loss in the stored record format."""
    players = [PlayerSpec(name=n) for n in ("Ana", "Ben")]
    record = new_record(G.id, players, {"penalty_turn": "next"})
    actions = [
        DrawCard(by=0),
        LayCard(by=0, card="passage"),
        GainGold(by=0, amount=3, reason="passage"),
        UnauthorisedDraw(by=0),  # the 3 go back, Ana sits the next turn out
        DrawCard(by=1),
        LayCard(by=1, card="room"),
        RoomCard(by=1, kind="monster"),
        Fight(by=1, monster_value=9, attribute="strength", monster_roller=0),
        RollDie(by=1, value=1),
        RollDie(by=0, value=6),  # Ana rolls for the monster; Ben has nothing to lose
        EndTurn(by=1),
        SitOut(by=0),
        Recover(by=1),
        DrawCard(by=0),
        LayCard(by=0, card="passage"),
        GainGold(by=0, amount=2, reason="passage"),
        EndTurn(by=0),
    ]
    state = G.start(G.parse_options(record.options, players), players)
    for a in actions:
        state = G.apply(state, a)
    record = record.model_copy(
        update={"actions": tuple(RecordedAction(seat=a.by, action=G.dump_action(a)) for a in actions)}
    )
    assert replay(record) == state
    assert [p.gold for p in state.players] == [2, 0] and state.current == 1
    assert [(c.seat, c.delta, c.reason) for c in state.gold_log] == [(0, 3, "passage"), (0, -3, "shuffled_back"),
                                                                     (0, 2, "passage")]
    assert [e.kind for e in state.log if e.kind in {"unauthorised", "nothing_lost", "sat_out", "recovered"}] == [
        "unauthorised", "nothing_lost", "sat_out", "recovered"]
