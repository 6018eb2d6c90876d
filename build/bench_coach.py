"""Qwixx Longo coach: strength and speed (a benchmark, not a test).

    .venv/bin/python build/bench_coach.py [--games 2000] [--seed 1]

Plays seeded games in the referee's own engine, the coach's first choice as
one seat's policy:

- two players against a greedy baseline (crosses when the cross skips at most
  one field, the lucky cross whenever allowed, else passes),
- two players against a random legal policy,
- four players: one coached seat among three greedy ones.

The coached seat moves round the table from game to game. Prints the win rate
(a tie counts half) and the mean final margin (the coach's points minus the
best other seat's), each with a 95 % interval, then the time ``advise`` takes
per position (median, p95, max; target p95 <= 50 ms).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.engine import PlayerSpec, initial_state, new_record  # noqa: E402
from scoring.qwixx_coach import advise  # noqa: E402
from scoring.qwixx_longo import GAME, LuckyCross, Pass, crossed_number, draw_lucky, row_fields  # noqa: E402

Policy = Callable[[Any, int, random.Random], Any]
TIMES: list[float] = []


def skipped(state: Any, action: Any) -> int:
    """Fields a cross leaves empty to the left of it."""
    fields = row_fields(action.row)
    crossed = state.sheets[action.by].rows[action.row]
    last = fields.index(crossed[-1]) if crossed else -1
    return fields.index(crossed_number(state, action)) - last - 1


def greedy(state: Any, seat: int, rng: random.Random) -> Any:
    legal = GAME.legal(state, seat)
    lucky = [a for a in legal if isinstance(a, LuckyCross)]
    if lucky:
        return lucky[0]
    crosses = [(skipped(state, a), i) for i, a in enumerate(legal) if not isinstance(a, (Pass, LuckyCross))]
    crosses = [c for c in crosses if c[0] <= 1]
    if crosses:
        return legal[min(crosses)[1]]
    return next(a for a in legal if isinstance(a, Pass))


def uniform(state: Any, seat: int, rng: random.Random) -> Any:
    return rng.choice(GAME.legal(state, seat))


def coach(state: Any, seat: int, rng: random.Random) -> Any:
    t0 = time.perf_counter()
    advice = advise(state, seat)
    TIMES.append(time.perf_counter() - t0)
    return advice[0].action


def play(seed: int, policies: list[Policy]) -> list[int]:
    """One game from ``seed``; the final totals by seat."""
    rng = random.Random(seed)
    n = len(policies)
    record = new_record("qwixx-longo", [PlayerSpec(name=f"P{i}") for i in range(n)],
                        {"lucky_numbers": [draw_lucky(rng) for _ in range(n)]})
    state = initial_state(record)
    while not GAME.is_over(state):
        req = GAME.pending_roll(state)
        if req is not None:
            state = GAME.apply(state, GAME.roll_action(state, [rng.randint(1, d.sides) for d in req.dice]))
            continue
        seat = GAME.current_seats(state)[0]
        state = GAME.apply(state, policies[seat](state, seat, rng))
    return [p.total for p in GAME.result(state).players]


def match(games: int, seed: int, players: int, other: Policy) -> tuple[list[float], list[int]]:
    wins: list[float] = []
    margins: list[int] = []
    for i in range(games):
        seat = i % players
        policies = [coach if s == seat else other for s in range(players)]
        totals = play(seed + i, policies)
        best_other = max(t for s, t in enumerate(totals) if s != seat)
        margins.append(totals[seat] - best_other)
        wins.append(1.0 if totals[seat] > best_other else 0.5 if totals[seat] == best_other else 0.0)
    return wins, margins


def interval(values: list[float] | list[int]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")
    return mean, half


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000, help="games per line of the table")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"Qwixx Longo coach, {args.games} games per line, seeds {args.seed}..{args.seed + args.games - 1}")
    print(f"  {'opponents':<28} {'win rate (95 %)':<22} {'mean margin (95 %)':<20} time")
    lines = [("1 greedy", 2, greedy), ("1 random", 2, uniform), ("3 greedy", 4, greedy)]
    for name, players, other in lines:
        t0 = time.perf_counter()
        wins, margins = match(args.games, args.seed, players, other)
        w, wh = interval(wins)
        m, mh = interval(margins)
        print(f"  {name:<28} {100 * w:5.1f} % ± {100 * wh:4.1f}       {m:+6.1f} ± {mh:4.1f}"
              f"       {time.perf_counter() - t0:5.0f} s")
    ms = sorted(t * 1000 for t in TIMES)
    p95 = ms[int(0.95 * (len(ms) - 1))]
    print(f"advice over {len(ms)} positions: median {statistics.median(ms):.2f} ms   p95 {p95:.2f} ms   "
          f"max {ms[-1]:.2f} ms   target p95 <= 50 ms: {'PASS' if p95 <= 50 else 'MISS'}")


if __name__ == "__main__":
    main()
