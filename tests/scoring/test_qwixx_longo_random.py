"""Hundreds of random complete Qwixx Longo games (OpenSpiel's random_sim idea)."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from scoring.engine import PlayerSpec, get_game, replay
from scoring.errors import InvalidInput, Refusal
from scoring.qwixx_longo import COLORS, ColorCross, LuckyCross, Pass, WhiteCross, row_fields
from scoring.simulate import play_random

G = get_game("qwixx-longo")


def setup(rng: random.Random):
    n = rng.randint(1, 5)
    players = [PlayerSpec(name=f"Spieler {i + 1}") for i in range(n)]
    options = {
        "lucky_numbers": [tuple(rng.sample(range(2, 17), 2)) for _ in range(n)],
        "lucky_replaces": rng.choice(["white", "turn"]),
        "lock_min_crosses": rng.choice([6, 6, 4]),
    }
    return players, options


def recount(state) -> list[int]:
    """Independent score: count crosses on each sheet, add a bonus for each own lock."""
    totals = []
    for sheet in state.sheets:
        total = 0
        for c in COLORS:
            n = len(sheet.rows[c]) + (1 if c in sheet.locked_by_me else 0)
            total += sum(range(1, n + 1))
        totals.append(total - 5 * sheet.misthrows)
    return totals


def candidate_actions(state):
    """Every well-formed non-roll action, legal or not."""
    for seat in range(len(state.names)):
        yield Pass(by=seat)
        for c in COLORS:
            yield WhiteCross(by=seat, row=c)
            yield LuckyCross(by=seat, row=c)
            yield ColorCross(by=seat, row=c, white=1)
            yield ColorCross(by=seat, row=c, white=2)


def check_step(state, action, new):
    # rows stay monotonic along their direction, locks only grow
    for sheet in new.sheets:
        for c in COLORS:
            idx = [row_fields(c).index(n) for n in sheet.rows[c]]
            assert idx == sorted(set(idx))
    assert set(state.removed) <= set(new.removed)


def test_three_hundred_random_games_end_and_score_like_a_recount():
    rng = random.Random(20261129)
    over_by_locks = 0
    for _ in range(300):
        players, options = setup(rng)
        played = play_random("qwixx-longo", players, options, rng, max_steps=5000, on_step=check_step)
        final = played.final
        assert G.is_over(final)
        assert [p.total for p in G.result(final).players] == recount(final)
        assert replay(played.record) == final
        over_by_locks += len(final.removed) >= 2
    assert over_by_locks > 0  # both end conditions are exercised


def greedy(game, state, rng, dice):
    """A policy that crosses whenever it can, so games reach locks and high scores."""
    req = game.pending_roll(state)
    if req is not None:
        return game.roll_action(state, [dice.roll(d.sides)[0] for d in req.dice])
    acts = game.legal(state)
    crosses = [a for a in acts if not isinstance(a, Pass)]
    return rng.choice(crosses) if crosses and rng.random() < 0.9 else rng.choice(acts)


def test_greedy_random_games_reach_locks_and_stay_consistent():
    rng = random.Random(7)
    locks = 0
    for _ in range(150):
        players, options = setup(rng)
        played = play_random("qwixx-longo", players, options, rng, policy=greedy, on_step=check_step)
        assert [p.total for p in G.result(played.final).players] == recount(played.final)
        locks += len(played.final.removed)
    assert locks > 50


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), cut=st.floats(0, 1))
def test_legal_actions_apply_and_illegal_ones_change_nothing(seed, cut):
    rng = random.Random(seed)
    players, options = setup(rng)
    played = play_random("qwixx-longo", players, options, rng, policy=greedy, keep_states=True)
    state = played.states[int(cut * (len(played.states) - 1))]
    legal = G.legal(state)
    for action in legal:
        G.apply(state, action)  # never raises
    before = state.model_dump_json()
    for action in candidate_actions(state):
        if action in legal:
            continue
        try:
            G.apply(state, action)
        except (Refusal, InvalidInput):
            assert state.model_dump_json() == before
        else:
            raise AssertionError(f"{action} applied but was not offered as legal")
