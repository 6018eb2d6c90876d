"""A large import and the other tables. Printed, never asserted.

One process, one event loop, as the server has it: a Qwixx Longo table gets a tap every
``PACE`` s (undo and redo in turn: the referee, the store's writer thread, the listeners), each
timed from when it is due to its commit (a loop held up makes a tap late, and that counts). Its
p95 is taken idle, during ``import_backup_async`` (the host screen's import now: checked in
another process that hands back the store's rows, staged a chunk per writer job, merged in one
transaction) and during the old way (``import_backup`` called on the event loop), of a backup of
about 100,000 actions (random four-player Qwixx Longo games, made first; its size is printed).
The worst tap during the import is the one queued behind the merge.

    .venv/bin/python build/bench_import_load.py
"""

from __future__ import annotations

import asyncio
import pathlib
import random
import sys
import tempfile
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

ACTIONS = 100_000
PACE = 0.02  # s between taps
IDLE_TAPS = 60
MAX_S = 120.0


def _p95(xs: list[float]) -> float | None:
    if not xs:
        return None
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]


def make_backup() -> tuple[str, int]:
    from companion.records.backup import backup_text, export_backup
    from companion.store import Store
    from scoring.engine import PlayerSpec
    from scoring.simulate import play_random

    src = Store(":memory:")
    rng = random.Random(23)
    players = [PlayerSpec(name=n) for n in ("Ana", "Ben", "Cara", "Dan")]
    n = 0
    t_end = time.monotonic() + 300
    while n < ACTIONS and time.monotonic() < t_end:
        rec = play_random("qwixx-longo", players, {"lucky_numbers": [[3, 9], [4, 12], [2, 5], [6, 7]]}, rng).record
        src.create_game(rec)
        n += len(rec.actions)
    return backup_text(export_backup(src)), n


async def _tap_while(table: Any, busy: asyncio.Task | None, count: int) -> list[float]:
    """Taps until ``busy`` is done (or ``count`` taps when idle), each timed to its commit (ms)."""
    out: list[float] = []
    undo = True
    t_end = time.monotonic() + MAX_S
    while time.monotonic() < t_end and (len(out) < count if busy is None else not busy.done()):
        t0 = time.perf_counter() + PACE  # when the tap is due: a loop held up makes it late, and that counts
        await asyncio.sleep(PACE)
        table.undo() if undo else table.redo()
        undo = not undo
        await table.settled()
        out.append((time.perf_counter() - t0) * 1000)
    return out


async def measure(backup: str) -> dict[str, Any]:
    from companion.records.backup import import_backup, import_backup_async
    from companion.store import Store
    from companion.table.table import Tables
    from scoring.engine import PlayerSpec

    tmp = pathlib.Path(tempfile.mkdtemp(prefix="bench-import-"))
    out: dict[str, Any] = {}
    for way in ("idle", "off the loop (now)", "on the loop (before)"):
        store = Store(tmp / f"{len(out)}.db")
        store.start_writer()
        tables = Tables(store)
        table = tables.create("qwixx-longo", [PlayerSpec(name="Eva"), PlayerSpec(name="Finn")],
                              {"lucky_numbers": [[3, 9], [4, 12]]})
        if not table.can_undo():  # no move to take back: one roll so undo/redo have something to do
            table.roll()
            await table.settled()
        busy: asyncio.Task | None = None
        t0 = time.perf_counter()
        if way == "off the loop (now)":
            busy = asyncio.create_task(import_backup_async(store, backup))
        elif way == "on the loop (before)":
            async def old(target: Any = store) -> Any:
                await asyncio.sleep(PACE * 3)  # a few taps first, then the old handler holds the loop
                return import_backup(target, backup)
            busy = asyncio.create_task(old())
        taps = await _tap_while(table, busy, IDLE_TAPS)
        report = await busy if busy is not None else None
        took = time.perf_counter() - t0
        out[way] = {"p95": _p95(taps), "max": max(taps) if taps else None, "taps": len(taps),
                    "added": report.added if report else None, "s": took}
        store.close()
    return out


def main() -> None:
    t0 = time.perf_counter()
    backup, n = make_backup()
    print(f"backup: {len(backup.encode()) / 2**20:.1f} MB, {n} actions (made in {time.perf_counter() - t0:.0f} s)")
    for way, r in asyncio.run(measure(backup)).items():
        extra = f", import took {r['s']:.1f} s, {r['added']} games added" if r["added"] is not None else ""
        print(f"other table's tap, {way}: p95 {r['p95']:.1f} ms, max {r['max']:.1f} ms over {r['taps']} taps{extra}")


if __name__ == "__main__":
    main()
