"""Benchmark (not a test): what a phone's long history costs its start and its taps.

    .venv/bin/python build/bench_store_growth.py [--games 0,30,100,300] [--runs 5]

The phone keeps every game in one SQLite file, and its browser keeps that file in IndexedDB whole:
Emscripten's IDBFS stores one record per file, so every saved tap writes the entire file again
(``build/web/python-worker.js`` ``writeThrough``), and every start opens it with the store's check
(``PRAGMA quick_check`` over every page) and lists the open games (whose action rows are checked
for damage once; before that, the open scanned every stored move for that). For a
store filled with ``--games`` finished games (``build/bench_stats.py``'s random games of all three
games), in one file as the phone has it, this prints (through the store) with the server's Python:

- the file's size: what IndexedDB is given on each saved tap;
- the store's open, and of it the file's inspection (``quick_check``); the home screen's list of
  open games (its first call: the damage check of those games); and the scan of every game's
  rows, which the open did before;
- a move's commit on that file (one Qwixx Longo roll appended; the server's journal, the phone's
  differs: ``StoreFile._connect_writer``), which does not grow with the history.

Figures, not assertions; WebAssembly on a phone-class CPU is ~10x slower than these figures
(``build/bench.sh --only web --phone-cpu 0.5`` measures the site itself, on an empty store).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "scoring"))

import bench_stats  # noqa: E402  # build/ is on sys.path as the script's folder

from companion.store import Store  # noqa: E402
from companion.store.opening import _inspect  # noqa: E402
from companion.table.table import Tables  # noqa: E402
from scoring.engine import PlayerSpec  # noqa: E402


def ms(samples: list[float]) -> str:
    return f"{statistics.median(samples) * 1000:7.1f}"


def measure(n: int, runs: int, tmp: Path) -> str:
    db = tmp / f"growth-{n}.db"
    store = Store(db, durable=False)
    if n:
        bench_stats.fill(store, n, random.Random(11))
    table = Tables(store).create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                                  {"lucky_numbers": [(4, 9), (5, 12)]})
    table_id = table.id
    store.close()  # SQLite folds its write-ahead log into the file: one file, as the phone has it
    size = db.stat().st_size
    opens, inspects, lists, scans, commits = [], [], [], [], []
    for _ in range(runs):
        t = time.perf_counter()
        _inspect(db)
        inspects.append(time.perf_counter() - t)
        t = time.perf_counter()
        store = Store(db, durable=False)
        opens.append(time.perf_counter() - t)
        t = time.perf_counter()
        store.games(finished=False, limit=30)  # companion/screens/home.py
        lists.append(time.perf_counter() - t)
        t = time.perf_counter()
        store._find_damaged(store.ids_starting("", limit=n + 1))  # every game, as the open did
        scans.append(time.perf_counter() - t)
        table = Tables(store).open(table_id)
        t = time.perf_counter()
        table.roll(values=[1, 2, 3, 4, 5, 6])
        commits.append(time.perf_counter() - t)
        table.undo()
        store.close()
    return (f"{n:6d} | {size / 1024:8.0f} | {ms(opens)} | {ms(inspects)} | {ms(lists)} | {ms(scans)} | {ms(commits)}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", default="0,30,100,300", help="finished games in the store, comma-separated")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    print("finished games | file KB (IndexedDB per saved tap) | store open ms | of it: quick_check ms | "
          "open games listed ms | every game's rows scanned ms | a roll's commit ms  (median, native Python)")
    with tempfile.TemporaryDirectory() as tmp:
        for n in (int(x) for x in args.games.split(",")):
            print(measure(n, args.runs, Path(tmp)), flush=True)


if __name__ == "__main__":
    main()
