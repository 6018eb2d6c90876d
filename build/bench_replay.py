"""Replay cost per action, short record against long record (not a test).

    .venv/bin/python build/bench_replay.py [--sizes 1000,100000] [--repeat 3] [--import]

For each game a legal record of each size is built through the engine (no
rolls at replay time: dice are in the actions), dumped to JSON and read back
the way ``python -m scoring replay`` and the backup import read it:
``parse_record`` (pydantic validation of the whole record) + ``replay`` (every
action parsed, seat-checked and applied). Printed: microseconds per action at
each size and the ratio long/short; wanted: ratio <= 1.5 (linear).

Qwixx Longo and Verflixxt games end by the rules after a bounded number of
actions (every turn crosses a field or moves a piece forward); a record cannot
be longer than the game. For them the long record is the longest game the
length-stretching policy below finds (the actual count is printed) and the
short one its first eighth.
Raus aus dem Verlies! has no such bound (a player may walk 0 cards and end
the turn forever), so its records reach any size.

Times are CPU seconds of this process (``time.process_time``), best of
``--repeat`` runs: on a machine shared with other jobs, wall time mostly
measures the neighbours. Garbage collection stays on (it is part of the cost).

``--import`` also times ``companion.records.history.check_backup`` on the same record
(what the backup import does before it writes anything).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import sys
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from scoring.dice import Dice
from scoring.engine import (
    PlayerSpec,
    RecordedAction,
    get_game,
    initial_state,
    new_record,
    parse_record,
    replay,
)

PLAYERS = [PlayerSpec(name=n) for n in ("Ana", "Ben", "Cara", "Dan", "Eva")]


def _stretch_policy(game: Any, state: Any, rng: random.Random, dice: Dice) -> Any:
    """A legal action that keeps the game going as long as it can (pass where passing is free)."""
    req = game.pending_roll(state)
    if req is not None:
        return game.roll_action(state, [dice.roll(d.sides)[0] for d in req.dice])
    options = game.legal(state)
    if game.id == "qwixx-longo":
        if state.phase == "white":
            return next(a for a in options if a.type == "pass")
        crosses = [a for a in options if a.type == "color"]
        if crosses:  # the cross that skips the fewest fields (more crosses before the rows close)
            def skipped(a: Any) -> int:
                from scoring.qwixx_longo import row_fields

                fields = row_fields(a.row)
                done = state.sheets[state.active].rows[a.row]
                start = fields.index(done[-1]) + 1 if done else 0
                white = state.dice.white1 if a.white == 1 else state.dice.white2
                return fields.index(white + state.dice.color_value(a.row)) - start

            return min(crosses, key=skipped)
        return options[-1]
    return rng.choice(options)


def _bounded_record(game_id: str, target: int, seed: int) -> Any:
    """The longest of a few stretched games, cut to ``target`` actions when longer."""
    game = get_game(game_id)
    best = None
    for k in range(40):
        rng = random.Random(seed + k)
        options: dict[str, Any] = {}
        players = PLAYERS[: game.max_players]
        if game_id == "qwixx-longo":
            options = {"lucky_numbers": [[2, 16]] * len(players)}
        if game_id == "verflixxt":
            options = {"wurminator": True}
        record = new_record(game_id, players, options)
        state = initial_state(record)
        dice = Dice(rng)
        acts = []
        while not game.is_over(state) and len(acts) < target:
            action = _stretch_policy(game, state, rng, dice)
            acts.append(RecordedAction(seat=game.actor(state, action), action=game.dump_action(action)))
            state = game.apply(state, action)
        if best is None or len(acts) > len(best.actions):
            best = record.model_copy(update={"actions": tuple(acts)})
        if len(acts) >= target:
            break
    return best


def _verlies_record(target: int) -> Any:
    """Two adventurers walking the dungeon without end: draw, passage gold, end turn, a correction now and then."""
    record = new_record("raus-aus-dem-verlies", PLAYERS[:2], {})
    acts: list[RecordedAction] = []
    seat = 0
    while len(acts) < target:
        turn = [{"type": "draw_card", "by": seat}, {"type": "gain_gold", "by": seat, "amount": 1, "reason": "passage"},
                {"type": "end_turn", "by": seat}]
        for a in turn:
            acts.append(RecordedAction(seat=seat, action=a))
        seat = 1 - seat
    return record.model_copy(update={"actions": tuple(acts[:target])})


_LONGEST: dict[str, Any] = {}


def build(game_id: str, size: int, sizes: list[int]) -> Any:
    if game_id == "raus-aus-dem-verlies":
        return _verlies_record(size)
    if game_id not in _LONGEST:
        _LONGEST[game_id] = _bounded_record(game_id, max(sizes), seed=1)
    rec = _LONGEST[game_id]
    if size == max(sizes):
        return rec
    return rec.model_copy(update={"actions": rec.actions[: max(1, min(size, len(rec.actions) // 8))]})


def timed(fn: Any, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,100000")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--games", default="qwixx-longo,verflixxt,raus-aus-dem-verlies")
    ap.add_argument("--import", dest="with_import", action="store_true")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    verdicts = []
    print(f"{'game':24} {'asked':>8} {'actions':>8} {'MB':>6} {'replay µs/act':>14}" + (
        f" {'import µs/act':>14}" if args.with_import else ""))
    for gid in args.games.split(","):
        per: list[float] = []
        for size in sizes:
            rec = build(gid, size, sizes)
            text = rec.model_dump_json()
            n = len(rec.actions)

            def run(text: str = text) -> None:
                replay(parse_record(json.loads(text)))

            t = timed(run, args.repeat)
            per.append(t / n * 1e6)
            line = f"{gid:24} {size:8d} {n:8d} {len(text) / 1e6:6.2f} {per[-1]:14.1f}"
            if args.with_import:
                from companion.records.backup import check_backup

                ti = timed(lambda text=text: check_backup(text), args.repeat)
                line += f" {ti / n * 1e6:14.1f}"
            print(line, flush=True)
        ratio = per[-1] / per[0]
        verdicts.append((gid, ratio))
        print(f"{gid:24} ratio long/short per action: {ratio:.2f} ({'ok' if ratio <= 1.5 else 'NOT linear'})",
              flush=True)
    return 0 if all(r <= 1.5 for _, r in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
