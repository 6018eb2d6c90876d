"""Verflixxt move advice: time per position (a benchmark, not a test).

    .venv/bin/python build/bench_advice.py [--positions 200]

Plays seeded random games (2-6 players, with and without the Wurminator) and,
at every position where a roll was just made, times ``advise(state)``. Prints
median, p95 and max per position; the target is well under 0.1 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.engine import PlayerSpec, get_game, initial_state, new_record  # noqa: E402
from scoring.verflixxt import DEFAULT_LAYOUT, advise  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=300)
    args = ap.parse_args()
    game = get_game("verflixxt")
    rng = random.Random(2026)
    times: list[float] = []
    sizes = []
    while len(times) < args.positions:
        n = rng.randint(2, 6)
        rec = new_record("verflixxt", [PlayerSpec(name=f"P{i}") for i in range(n)],
                         {"wurminator": rng.random() < 0.5, "layout": [str(t) for t in DEFAULT_LAYOUT]})
        state = initial_state(rec)
        while not game.is_over(state) and len(times) < args.positions:
            if game.pending_roll(state):
                state = game.apply(state, game.roll_action(state, [rng.randint(1, 6)]))
                t0 = time.perf_counter()
                advice = advise(state)
                times.append(time.perf_counter() - t0)
                sizes.append(len(advice))
            else:
                state = game.apply(state, rng.choice(game.legal(state)))
    times.sort()
    ms = [t * 1000 for t in times]
    print(f"Verflixxt advice over {len(ms)} positions (legal moves per position: median "
           f"{statistics.median(sizes):.0f}, max {max(sizes)})")
    print(f"  median {statistics.median(ms):.2f} ms   p95 {ms[int(0.95 * (len(ms) - 1))]:.2f} ms   max {ms[-1]:.2f} ms")
    print(f"  target well under 100 ms: {'PASS' if ms[-1] < 100 else 'MISS'}")


if __name__ == "__main__":
    main()
