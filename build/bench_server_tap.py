"""The server's share of a tap: where a tap's server time goes, per game.

    .venv/bin/python build/bench_server_tap.py [--taps 20] [--phones 4] [--games qwixx,verflixxt,verlies]
                                               [--json out.json] [--profile 25]

No browser: the app runs in the level-2 harness (``tests/harness/flet_session.py``: Flet's real
``Session`` over a fake connection that msgpack-encodes every message as the websocket does), on a
real database file (WAL, ``synchronous=FULL``: the commit's fsync is in the figures). Each game's
table is prepared as in the tap section of ``build/bench.py`` (``TAP_GAMES``: same positions, same
taps). ``--phones`` sessions show the table: the tapping one opened ``/g/<id>`` with "Alle" (as the
tap section), the others are the other seats' phones (``/g/<id>/seat/<n>``), then more "Alle" phones.
The tap and its undo alternate; per tap (median over the taps, ms), in CPU time of the event
loop's thread (``time.thread_time``: what queues every other table, and steady on a loaded
machine; ``--clock wall`` for ``time.perf_counter``):

- ``referee``: the table's own work on the loop (parse, seat check, ``apply``, result, the record),
  i.e. ``Table.submit`` / ``undo`` without the store;
- ``commit``: ``Store.append`` / ``move_cursor`` (the transaction and its fsync) in wall time,
  wherever it runs; ``loop-blk``: how much of it the event loop waited for (all of it with
  ``--no-writer``, the server's old way; none with the store's writer thread, as the server runs);
- ``view``: ``Shell._screen`` (building the view's controls), summed over the sessions;
- ``flet``: the rest of ``Shell.render`` (Flet's diff of the page, the message, the reindex),
  summed over the sessions, without the msgpack encoding; ``encode``: ``msgpack.packb`` of the
  messages (what the websocket transport does);
- ``per phone``: ``view + flet + encode`` of one watching (not tapping) session;
- ``total``: the loop's CPU from the tap event to the last session's patch, minus the harness's
  own decoding of what was sent (``msgpack.unpackb``, not done by a server);
- ``wall`` / ``p95``: the same span in wall time (the commit's fsync included), median and p95.

Wall times on a loaded machine are indicative; the split is what this is for.
``--profile N`` also prints cProfile's N most expensive functions (cumulative) over all taps.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import pathlib
import pstats
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

CLOCK = time.thread_time  # CPU time of the loop's thread (``--clock wall``: time.perf_counter)
SPANS = ("referee", "commit", "loop_blocked", "view", "flet", "encode", "total", "per_phone", "wall")


class Spans:
    """Accumulated spans of the current tap (seconds)."""

    def __init__(self) -> None:
        self.now: dict[str, float] = defaultdict(float)
        self.per_session: dict[int, float] = defaultdict(float)

    def reset(self) -> None:
        self.now = defaultdict(float)
        self.per_session = defaultdict(float)


def _wrap(owner: Any, name: str, around: Callable[[Callable, tuple, dict], Any]) -> Callable[[], None]:
    original = getattr(owner, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        return around(original, args, kwargs)

    setattr(owner, name, wrapper)
    return lambda: setattr(owner, name, original)


def instrument(spans: Spans, shells: list[Any]) -> Callable[[], None]:
    """Patch the per-tap path (and each of ``shells``) with timers; returns the undo."""
    import msgpack

    from companion.app import AppShell
    from companion.store import Store
    from companion.table.table import Table

    depth = {"table": 0}
    undo: list[Callable[[], None]] = []

    def table_call(orig: Callable, args: tuple, kwargs: dict) -> Any:
        depth["table"] += 1
        t0 = CLOCK()
        c0 = spans.now["store_clock"]
        try:
            return orig(*args, **kwargs)
        finally:
            depth["table"] -= 1
            if depth["table"] == 0:  # roll() calls submit(): count the outer call once
                spans.now["referee"] += CLOCK() - t0 - (spans.now["store_clock"] - c0)

    for name in ("submit", "undo", "redo", "roll"):
        undo.append(_wrap(Table, name, table_call))

    def store_call(orig: Callable, args: tuple, kwargs: dict) -> Any:
        t0, c0 = time.perf_counter(), CLOCK()  # the commit in wall time: its fsync is waiting, not CPU
        try:
            return orig(*args, **kwargs)
        finally:
            dt = time.perf_counter() - t0
            spans.now["commit"] += dt
            if threading.current_thread() is threading.main_thread():  # no writer thread: the loop waits
                spans.now["loop_blocked"] += dt
                spans.now["store_clock"] += CLOCK() - c0

    for name in ("append", "move_cursor"):
        undo.append(_wrap(Store, name, store_call))

    for shell in shells:  # companion/screens/join.py gives each session its own ``_screen`` (with the seat bar)
        def screen(orig: Callable, args: tuple, kwargs: dict, shell: Any = shell) -> Any:
            t0 = CLOCK()
            try:
                return orig(*args, **kwargs)
            finally:
                dt = CLOCK() - t0
                spans.now["view"] += dt
                spans.per_session[id(shell)] += dt

        undo.append(_wrap(shell, "_screen", screen))

    def render(orig: Callable, args: tuple, kwargs: dict) -> Any:
        t0 = CLOCK()
        v0, e0, d0 = spans.now["view"], spans.now["encode"], spans.now["decode"]
        try:
            return orig(*args, **kwargs)
        finally:
            dt = CLOCK() - t0
            rest = dt - (spans.now["view"] - v0) - (spans.now["decode"] - d0)
            spans.now["flet"] += rest - (spans.now["encode"] - e0)
            spans.per_session[id(args[0])] += rest

    undo.append(_wrap(AppShell, "render", render))

    def timed(span: str) -> Callable[[Callable, tuple, dict], Any]:
        def call(orig: Callable, args: tuple, kwargs: dict) -> Any:
            t0 = CLOCK()
            try:
                return orig(*args, **kwargs)
            finally:
                spans.now[span] += CLOCK() - t0
        return call

    packb, unpackb = timed("encode"), timed("decode")

    undo.append(_wrap(msgpack, "packb", packb))
    undo.append(_wrap(msgpack, "unpackb", unpackb))

    def restore() -> None:
        for u in reversed(undo):
            u()

    return restore


async def open_phones(ctx: Any, gid: str, players: int, phones: int) -> list[Any]:
    from build.bench import PASS_AROUND
    from tests.companion.table.test_many_phones import open_phone

    tapper = await open_phone(ctx, f"/g/{gid}")
    await tapper.click(text=PASS_AROUND)
    out = [tapper]
    for i in range(1, phones):
        if i < players:
            out.append(await open_phone(ctx, f"/g/{gid}/seat/{i}"))
        else:
            p = await open_phone(ctx, f"/g/{gid}")
            await p.click(text=PASS_AROUND)
            out.append(p)
    return out


async def measure_game(key: str, spec: dict[str, Any], taps: int, phones: int, tmp: pathlib.Path,
                       prof: cProfile.Profile | None, writer: bool = True) -> dict[str, Any]:
    from tests.harness.flet_session import make_context

    db = tmp / f"{key}.db"
    gid = spec["prepare"](db)
    ctx = make_context(db)
    if writer:
        ctx.store.start_writer()  # as the server does (AppContext.create(writer=True))
    table = ctx.tables.open(gid)
    sessions = await open_phones(ctx, gid, len(table.players), phones)
    tapper, watchers = sessions[0], sessions[1:]
    spans = Spans()
    restore = instrument(spans, [s.shell for s in sessions])
    rows: list[dict[str, float]] = []
    try:
        for i in range(taps * 2 + 4):  # 4 warm-up taps
            forth = i % 2 == 0
            label, expect = spec["forth"] if forth else spec["back"]
            how = next((h for h in ({"text": label}, {"label": label}, {"tooltip": label})
                        if tapper.find_all(**h)), None)
            if how is None:
                raise AssertionError(f"{key}: no {label!r} on screen: {tapper.texts()}")
            target = tapper.find(**how).clickable()
            seq = table.seq
            want = [s.shell for s in sessions]
            spans.reset()
            if prof is not None and i >= 4:
                prof.enable()
            t0, w0 = CLOCK(), time.perf_counter()
            await tapper.session.dispatch_event(target._i, "click", None)
            await table.settled()  # the writer thread's commit (no busy wait holding the GIL meanwhile)
            while any(getattr(s, "_rendered_seq", None) != (table.seq, len(table.record.actions)) for s in want) \
                    or table.seq == seq:
                await asyncio.sleep(0)
            total, wall = CLOCK() - t0, time.perf_counter() - w0
            if prof is not None:
                prof.disable()
            if not tapper.has_text(expect, contains=not spec["exact"]):
                raise AssertionError(f"{key}: {expect!r} not shown after {label!r}: {tapper.texts()}")
            if i < 4:
                continue
            n = spans.now
            row = {k: n[k] * 1000 for k in ("referee", "commit", "loop_blocked", "view", "flet", "encode")}
            row["total"] = (total - n["decode"]) * 1000
            row["wall"] = (wall - n["decode"]) * 1000
            row["per_phone"] = statistics.mean(spans.per_session[id(w.shell)] for w in watchers) * 1000 \
                if watchers else 0.0
            rows.append(row)
    finally:
        restore()
        for s in sessions:
            await s.close()
        ctx.store.close()
    return {"what": spec["what"], "phones": phones,
            **{k: round(statistics.median(r[k] for r in rows), 2) for k in SPANS},
            "wall_p95": round(sorted(r["wall"] for r in rows)[int(0.95 * (len(rows) - 1))], 2)}


async def run(taps: int, phones: int, games: list[str], prof: cProfile.Profile | None,
              writer: bool = True) -> dict[str, Any]:
    from build.bench import TAP_GAMES

    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as d:
        for g in games:
            out[g] = await measure_game(g, TAP_GAMES[g], taps, phones, pathlib.Path(d), prof, writer)
    return out


def main(argv: list[str] | None = None) -> int:
    import logging

    logging.disable(logging.WARNING)
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--taps", type=int, default=20, help="taps and as many undos per game")
    p.add_argument("--phones", type=int, default=4, help="sessions showing the table (the tapping one included)")
    p.add_argument("--games", default="qwixx,verflixxt,verlies")
    p.add_argument("--no-writer", action="store_true",
                   help="commit on the event loop (the server's old way), not in the store's writer thread")
    p.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                   help="cpu: the loop thread's CPU time (steady on a loaded machine); wall: perf_counter")
    p.add_argument("--json")
    p.add_argument("--profile", type=int, default=0, help="print cProfile's N top functions (cumulative)")
    a = p.parse_args(argv)
    global CLOCK
    CLOCK = time.thread_time if a.clock == "cpu" else time.perf_counter
    prof = cProfile.Profile() if a.profile else None
    res = asyncio.run(run(a.taps, a.phones, a.games.split(","), prof, not a.no_writer))
    where = "on the event loop" if a.no_writer else "in the store's writer thread"
    print(f"server share of a tap, {a.phones} phones, commit {where}, median ms over {a.taps * 2} taps (tap and undo)")
    print(f"({a.clock} time, except commit and wall: wall time)")
    print(f"{'game':10} {'referee':>8} {'commit':>7} {'loop-blk':>8} {'view':>6} {'flet':>6} {'encode':>7} "
          f"{'per phone':>9} {'total':>6} | {'wall':>6} {'p95':>6}")
    for g, r in res.items():
        print(f"{g:10} {r['referee']:>8.2f} {r['commit']:>7.2f} {r['loop_blocked']:>8.2f} {r['view']:>6.2f} "
              f"{r['flet']:>6.2f} {r['encode']:>7.2f} {r['per_phone']:>9.2f} {r['total']:>6.2f} | "
              f"{r['wall']:>6.2f} {r['wall_p95']:>6.2f}")
    if prof is not None:
        s = io.StringIO()
        pstats.Stats(prof, stream=s).sort_stats("cumulative").print_stats(a.profile)
        print(s.getvalue())
    if a.json:
        pathlib.Path(a.json).write_text(json.dumps(res, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
