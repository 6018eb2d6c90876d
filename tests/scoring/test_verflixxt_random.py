"""Hundreds of random complete Verflixxt games (OpenSpiel's random_sim idea).

Only the ``scoring.engine`` protocol is used: ``pending_roll`` → roll, else a
random choice among ``legal``. After every action the invariants are checked
against an independent bookkeeping written here.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from scoring.engine import PlayerSpec, get_game
from scoring.errors import InvalidInput, Refusal
from scoring.simulate import play_random
from scoring.verflixxt import DEFAULT_TILE_SET, MoveFigure, MoveGuard, MoveWurminator, Piece, explain_piece

G = get_game("verflixxt")


def setup(rng: random.Random, wurminator: bool):
    n = rng.randint(2, 6)
    players = [PlayerSpec(name=f"Spieler {i + 1}") for i in range(n)]
    pool = list(DEFAULT_TILE_SET)
    rng.shuffle(pool)
    layout = pool[: rng.randint(3, len(pool))] if rng.random() < 0.4 else pool
    options = {
        "layout": [str(t) for t in layout],
        "wurminator": wurminator,
        "bite_takes": rng.choice(["smallest", "smallest", "largest"]),
        "figures_per_player": rng.choice([None, None, 1, 2, 3]),
        "first_seat": rng.randrange(n),
    }
    if rng.random() < 0.3:
        options["guards"] = sorted(rng.randint(1, len(layout)) for _ in range(rng.randint(0, 6)))
    return players, G.parse_options(options, players)


def recount(pile) -> int:
    """vx.score, counted differently: flip minus tiles one lucky tile at a time."""
    values = [str(t) for t in pile]
    lucky = values.count("G")
    minus = [int(v) for v in values if v.startswith("-")]
    total = sum(int(v) for v in values if v.startswith("+")) + sum(minus)
    while lucky and minus:
        worst = min(minus)
        minus.remove(worst)
        total += -2 * worst
        lucky -= 1
    return total


def check(state, layout: Counter, n_figures: tuple[int, ...], n_guards: int, wurm: bool) -> None:
    # every tile in exactly one place: the parcours or one pile (vx.collect, vx.wurm.*)
    here = Counter(str(t) for t in state.parcours if t is not None)
    for pile in state.piles:
        here.update(str(t) for t in pile)
    assert here == layout
    # pieces conserved, never on a gap, never beyond the goal
    assert tuple(len(f) for f in state.figures) == n_figures
    assert len(state.guards) == n_guards
    assert (state.wurminator is not None) == wurm
    pieces = [p for figs in state.figures for p in figs] + list(state.guards)
    if wurm:
        pieces.append(state.wurminator)
        assert state.wurminator != state.goal  # vx.wurm.harmless: it goes home at once
    for p in pieces:
        assert 0 <= p <= state.goal
        assert p in (0, state.goal) or state.parcours[p - 1] is not None
    # exactly one kind of thing is awaited
    if G.is_over(state):
        assert G.pending_roll(state) is None and G.legal(state) == []
        assert all(p == state.goal for figs in state.figures for p in figs)  # vx.out
    else:
        assert (G.pending_roll(state) is None) == bool(G.legal(state))
        # vx.out (a player whose last figure just came home may still move the Wurminator)
        assert state.turn in state.active_seats or state.phase == "wurminator"


def play(seed: int, wurm: bool, try_all: bool) -> tuple[int, int]:
    rng = random.Random(seed)
    players, options = setup(rng, wurm)
    state = G.start(options, players)
    layout = Counter(str(t) for t in options.layout)
    n_figures = tuple(len(f) for f in state.figures)
    n_guards = len(state.guards)
    pieces = sum(n_figures) + n_guards
    bound = (
        3 * pieces * (len(options.layout) + 2) * 2
    )  # actions per turn × moves of every piece, doubled for give-backs
    steps = 0
    while not G.is_over(state):
        check(state, layout, n_figures, n_guards, wurm)
        req = G.pending_roll(state)
        if req is not None:
            assert req.by == state.turn and [d.sides for d in req.dice] == [6]
            action = G.roll_action(state, [rng.randint(1, 6)])
        else:
            legal = G.legal(state)
            for other in range(len(players)):
                if other != state.turn:
                    assert G.legal(state, seat=other) == []
            if try_all:  # every offered action applies
                for a in legal:
                    G.apply(state, a)
            action = rng.choice(legal)
        before = state.model_dump(mode="json")
        state = G.apply(state, action)
        assert before != state.model_dump(mode="json")
        steps += 1
        assert steps <= bound, "the game must end"
    check(state, layout, n_figures, n_guards, wurm)
    res = G.result(state)
    assert [p.total for p in res.players] == [recount(p) for p in state.piles]
    totals = [p.total for p in res.players]
    assert [p.place for p in res.players] == [1 + sum(t > mine for t in totals) for mine in totals]
    return steps, bound


@pytest.mark.parametrize("wurm", [False, True], ids=["basic", "wurminator"])
def test_random_complete_games_keep_every_tile_and_piece_and_score_right(wurm):
    """vx.* and vx.wurm.*: 300 random games each way end, conserve, and score as recounted."""
    worst = 0.0
    for seed in range(300):
        steps, bound = play(seed, wurm, try_all=seed % 3 == 0)
        worst = max(worst, steps / bound)
    assert worst < 1


def test_random_refusals_leave_the_state_unchanged():
    """vx.setup / vx.move / vx.guard / vx.wurm.*: any other action is refused or malformed, and changes nothing."""
    rng = random.Random(99)
    for seed in range(40):
        players, options = setup(random.Random(seed), wurminator=seed % 2 == 0)
        state = G.start(options, players)
        while not G.is_over(state):
            candidates = [{"type": "roll", "by": s, "value": rng.randint(1, 6)} for s in range(len(players))]
            for s in range(len(players)):
                candidates += [{"type": "move_figure", "by": s, "figure": rng.randint(0, 3)}]
                candidates += [{"type": "move_guard", "by": s, "guard": rng.randint(0, 6)}]
                candidates += [{"type": "move_wurminator", "by": s}, {"type": "skip_wurminator", "by": s}]
            legal = [G.dump_action(a) for a in G.legal(state)]
            req = G.pending_roll(state)
            for data in candidates:
                if data in legal or (req and data["type"] == "roll" and data["by"] == req.by):
                    continue
                same_tile_twin = data["type"] in ("move_figure", "move_guard") and data["by"] == state.turn
                before = state.model_dump(mode="json")
                try:
                    G.apply(state, data)
                except (Refusal, InvalidInput) as exc:
                    assert exc.rule is None or exc.rule.startswith("vx.")
                else:
                    # only a twin of an offered move (same piece kind, same tile) may apply
                    assert same_tile_twin and req is None
                assert state.model_dump(mode="json") == before
            if req:
                state = G.apply(state, G.roll_action(state, [rng.randint(1, 6)]))
            else:
                state = G.apply(state, rng.choice(G.legal(state)))


def offered_pieces(state, seat: int) -> set[tuple[str, int | None]]:
    """What ``legal(state, seat)`` lets move, as (piece kind, its tile): one offer stands for every twin on that
    tile."""
    out: set[tuple[str, int | None]] = set()
    for a in G.legal(state, seat):
        if isinstance(a, MoveFigure):
            out.add(("figure", state.figures[a.by][a.figure]))
        elif isinstance(a, MoveGuard):
            out.add(("guard", state.guards[a.guard]))
        elif isinstance(a, MoveWurminator):
            out.add(("wurminator", None))
    return out


def check_explain(state) -> int:
    """explain_piece is None exactly when legal() offers a move of that piece (and then apply takes it)."""
    checked = 0
    for seat in range(len(state.names)):
        offered = offered_pieces(state, seat)
        pieces = [(Piece(kind="figure", index=i), ("figure", p)) for i, p in enumerate(state.figures[seat])]
        pieces += [(Piece(kind="guard", index=g), ("guard", p)) for g, p in enumerate(state.guards)]
        if state.wurminator is not None:
            pieces.append((Piece(kind="wurminator"), ("wurminator", None)))
        for piece, key in pieces:
            why = explain_piece(state, seat, piece)
            assert (why is None) == (key in offered), (piece, seat, state.phase, why and why.code)
            if why is not None:
                assert why.rule is not None and why.rule.startswith("vx.")
                assert why.message("de") and why.message("en") and why.message("de") != why.message("en")
            checked += 1
    return checked


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), wurm=st.booleans(), figures=st.sampled_from([None, 1, 2, 3]),
       players=st.integers(2, 6), short=st.booleans())
def test_explain_piece_agrees_with_legal_in_random_games(seed, wurm, figures, players, short):
    """vx.move / vx.guard / vx.wurm.*: in every state of a random game, for every seat and piece,
    explain_piece(...) is None exactly when legal() offers a move of that piece (scoring.simulate plays)."""
    rng = random.Random(seed)
    layout = [str(t) for t in (DEFAULT_TILE_SET[: rng.randint(3, 12)] if short else DEFAULT_TILE_SET)]
    options = {"layout": layout, "wurminator": wurm, "figures_per_player": figures}
    seen = {"checks": 0}

    def on_step(before, action, after):
        seen["checks"] += check_explain(before)

    played = play_random("verflixxt", [PlayerSpec(name=f"P{i + 1}") for i in range(players)], options, rng,
                         on_step=on_step)
    seen["checks"] += check_explain(played.final)
    assert seen["checks"] > 0
