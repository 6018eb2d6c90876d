"""Rules search timing: index build, then every query typed letter by letter (as a phone sends it).

    .venv/bin/python build/bench_search.py [--runs 5] [query ...]

Prints one line per query: its top hits, the median and slowest keystroke (best
of ``--runs`` per keystroke, so a busy machine shows the code's cost, not the
neighbour's), and a summary. Exits non-zero if a keystroke takes 50 ms or more.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

QUERIES = [
    "wachter", "waechter", "gluck", "glukstafel", "glukszahl", "schlosfeld", "fehlwruf", "weisse summe",
    "wurminatr biss", "einsameln", "verletzng", "ausgang", "saeuresee", "monstr", "ruckgangig",
    "may I move this guard", "lucky number", "punktetabelle", "q8.white", "zeil",
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("queries", nargs="*")
    args = ap.parse_args()

    t0 = time.perf_counter()
    from companion.screens.rules_search import RulesIndex

    import_ms = (time.perf_counter() - t0) * 1000
    t0 = time.perf_counter()
    ix = RulesIndex()
    build_ms = (time.perf_counter() - t0) * 1000
    print(f"index: {ix.size} documents, {len(ix.vocab)} words, import {import_ms:.0f} ms, built in {build_ms:.1f} ms")

    all_times: list[float] = []
    for q in args.queries or QUERIES:
        times = []
        for i in range(1, len(q) + 1):
            prefix = q[:i]
            best = float("inf")
            for _ in range(max(1, args.runs)):
                ix.expand.cache_clear()  # a cold keystroke: no cached expansion
                s = time.perf_counter()
                ix.search(prefix, limit=8)
                best = min(best, time.perf_counter() - s)
            times.append(best * 1000)
        hits = [h.ref for h in ix.search(q, limit=3)]
        all_times += times
        print(f"{q!r:26} median {statistics.median(times):5.2f} ms  max {max(times):5.2f} ms  top3 {hits}")
    all_times.sort()
    p95 = all_times[int(len(all_times) * 0.95) - 1]
    print(f"keystrokes: {len(all_times)}  median {statistics.median(all_times):.2f} ms  p95 {p95:.2f} ms  "
          f"max {all_times[-1]:.2f} ms")
    return 0 if all_times[-1] < 50 else 1


if __name__ == "__main__":
    raise SystemExit(main())
