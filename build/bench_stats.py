"""Benchmark (not a test): statistics over 10,000 stored games, and the stats screen built.

    .venv/bin/python build/bench_stats.py [--games 10000] [--db PATH]

Fills a fresh SQLite store (a temp file unless --db) with finished games made
by scoring.simulate.play_random (a few hundred distinct random games of all
three games, stored under new ids until the count is reached), then measures:

- cold: the first statistics run, which replays each Verflixxt/Verlies game
  once for the figures a result does not carry (bites, injuries) and caches them;
- warm: statistics from the results + cache, and the stats screen's controls
  built (overall view and every per-game view), the history's first page too.

The goal is warm < 1 s for 10,000 games.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "scoring"))

from companion.i18n import tr  # noqa: E402
from companion.records import history as H  # noqa: E402
from companion.store import NewGame, Store  # noqa: E402
from scoring.engine import PlayerSpec, get_game, replay  # noqa: E402
from scoring.simulate import play_random  # noqa: E402

NAMES = ["Ana", "Ben", "Cara", "Dora", "Emil", "Finn", "Greta", "Hans"]


class BenchShell:
    """Just enough of a ``companion.shell.Shell`` for the screens to build their controls."""

    def __init__(self, store: Store) -> None:
        from types import SimpleNamespace

        self.ctx = SimpleNamespace(store=store)
        self.lang = "de"
        self.ui: dict[str, Any] = {}
        self.screen = "stats"

    def t(self, key: str, **params: Any) -> str:
        return tr(self.lang, key, **params)

    def go(self, screen: str, **ui: Any) -> None:
        self.screen = screen
        self.ui.update(ui)

    def render(self) -> None:
        pass

    def open_table(self, game_id: str) -> None:
        pass


def templates(rng: random.Random, per_game: int) -> list[Any]:
    import test_qwixx_longo_random as qx
    import test_verflixxt_random as vx
    import test_verlies_random as rv

    out = []
    for _ in range(per_game):
        for gid in ("qwixx-longo", "verflixxt", "raus-aus-dem-verlies"):
            if gid == "qwixx-longo":
                players, options = qx.setup(rng)
                kw: dict[str, Any] = {}
            elif gid == "verflixxt":
                players, options = vx.setup(rng, rng.random() < 0.7)
                options = options.model_dump(mode="json")
                kw = {}
            else:
                players, options = rv.setup(rng)
                kw = {"policy": rv.policy}
            players = [PlayerSpec(name=n) for n in rng.sample(NAMES, len(players))]
            rec = play_random(gid, players, options, rng, **kw).record
            out.append((rec, get_game(gid).result(replay(rec)).model_dump(mode="json")))
    return out


def fill(store: Store, n: int, rng: random.Random) -> None:
    tpl = templates(rng, per_game=max(1, min(100, n // 30)))
    games = []
    for i in range(n):
        rec, result = tpl[i % len(tpl)]
        day = f"2026-{1 + i * 11 // n:02d}-{1 + i % 28:02d}T{10 + i % 12:02d}:{i % 60:02d}:00"
        games.append(NewGame(record=rec.model_copy(update={"id": f"bench-{i:06d}", "created": day}),
                             finished=True, result=result, updated=day))  # no lines: the first run makes them
    store.add_games(games)  # one transaction, through the store


def clock() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


def since(t: tuple[float, float]) -> tuple[float, float]:
    return time.perf_counter() - t[0], time.process_time() - t[1]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--db", default=None, help="keep the store here (filled once, reused)")
    args = ap.parse_args()
    tmp = tempfile.TemporaryDirectory() if args.db is None else None
    path = Path(args.db) if args.db else Path(tmp.name) / "bench.db"
    store = Store(path, durable=False)
    have = store.count_finished()
    if have < args.games:
        t = clock()
        fill(store, args.games - have, random.Random(11 + have))
        print(f"filled {args.games - have} finished games in {since(t)[0]:.1f} s ({path})")
    else:
        print(f"reusing {have} finished games in {path}")

    t = clock()
    H.compute_stats(store)
    wall, cpu = since(t)
    print(f"first statistics run (builds the per-game cache; Verflixxt/Verlies replayed once): "
          f"{wall:.1f} s wall, {cpu:.1f} s CPU")

    from companion.screens.history import history_screen, stats_controls

    runs = []
    for _ in range(5):
        shell = BenchShell(store)
        t = clock()
        st = H.compute_stats(store)
        controls = stats_controls(shell, st)  # what opening the stats screen does
        first = since(t)
        t = clock()
        n = len(controls)
        for gid in st.per_game:  # tapping each game's chip
            shell.ui["hist_stats_game"] = gid
            n += len(stats_controls(shell, st))
        shell.ui["hist_limit"] = 20
        n += len(history_screen(shell))
        views = since(t)
        runs.append((first, views, n))
    first, views, n = min(runs, key=lambda r: r[0][0])
    print(f"stats screen opened (statistics for {st.games} games computed + overall view built): "
          f"{first[0] * 1000:.0f} ms wall, {first[1] * 1000:.0f} ms CPU (best of 5) -> "
          f"{'OK' if first[0] < 1 else 'TOO SLOW'} (< 1 s)")
    print(f"then {len(st.per_game)} per-game views + history page ({n} top-level controls): "
          f"{views[0] * 1000:.0f} ms wall, {views[1] * 1000:.0f} ms CPU")
    store.close()
    if tmp:
        tmp.cleanup()


if __name__ == "__main__":
    main()
