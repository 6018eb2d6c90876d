"""Where a tap's time goes in the browser: a Chrome trace of throttled taps, per game.

    .venv/bin/python build/trace_tap.py [--rate 4] [--taps 10] [--games qwixx,verflixxt,verlies]
                                        [--floor] [--keep DIR] [--json out.json]

The tap section's tables, pages and taps (``build/bench.py``: the same prepared positions, the
phone viewport, the CPU throttle through CDP), with Chromium's tracing on (categories
devtools.timeline, blink.user_timing, v8, blink) while ``--taps`` taps (tap/undo alternating) run
after a warm-up. Each tap's window is marked in the page (``performance.mark`` at its pointerdown
and right after the expected text showed; the mark comes one Playwright round trip late, so
``window_ms`` is longer than the bench's in-page figure). The window is split at the websocket's
send (the click event) and receive (the patch); see ``analyse`` for each figure. The skwasm
renderer draws in a worker: the main thread's figures are Dart (the framework, Flet's client,
the semantics update) and the browser's DOM work.

Also load-independent counts per tap: the DOM mutation records the page sees (semantics churn),
the semantics nodes (``flt-semantics``) and elements touched, and the websocket bytes received.
``--floor`` adds the bare counter and each traced game's same-shape page (``bench_floor.py --shape``:
the game's screen and tap without the app), tapped as the game.
Timings are as noisy as the machine; the counts are not.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import tempfile
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from build.bench import (  # noqa: E402
    PHONE,
    TAP_GAMES,
    Alternating,
    FloorTapper,
    Throttle,
    launch_browser,
    open_page,
    start_app,
    start_floor,
    start_shape,
)

CATEGORIES = ["toplevel", "devtools.timeline", "blink.user_timing", "v8.execute"]

# Counts what one tap does to the page's DOM (the semantics tree) and its websocket.
COUNT_JS = """() => {
  if (window.__cnt) return;
  window.__cnt = {records: 0, styles: 0, nodes: new Set(), wsBytes: 0, wsMsgs: 0};
  document.addEventListener('pointerdown', () => {
    window.__cnt.records = 0; window.__cnt.styles = 0; window.__cnt.nodes = new Set(); window.__cnt.wsBytes = 0;
    window.__cnt.wsMsgs = 0;
    performance.mark('tap-down');
  }, {capture: true});
  new MutationObserver(recs => {
    window.__cnt.records += recs.length;
    for (const r of recs) {
      window.__cnt.nodes.add(r.target);
      if (r.type === 'attributes' && r.attributeName === 'style') window.__cnt.styles += 1;
    }
  }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""
READ_COUNT_JS = """() => ({records: window.__cnt.records, touched: window.__cnt.nodes.size,
  styles: window.__cnt.styles,
  semantics: document.querySelectorAll('flt-semantics').length})"""
MARK_SEEN_JS = """() => { performance.mark('tap-seen'); }"""

# The websocket: count what arrives (patch bytes) — installed before the page's scripts run.
WS_JS = """(() => {
  const Orig = window.WebSocket;
  window.WebSocket = function(...a) {
    const ws = new Orig(...a);
    ws.addEventListener('message', ev => {
      if (!window.__cnt) return;
      window.__cnt.wsMsgs += 1;
      const d = ev.data;
      window.__cnt.wsBytes += (d.byteLength !== undefined ? d.byteLength : (d.size || d.length || 0));
    });
    return ws;
  };
  window.WebSocket.prototype = Orig.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
})();"""

FRAME = {"FireAnimationFrame"}
LAYOUT = {"UpdateLayoutTree", "Layout", "RecalculateStyles", "PrePaint", "Paint", "Layerize", "UpdateLayer",
          "UpdateLayerTree", "Commit", "HitTest", "IntersectionObserverController::computeIntersections"}
GC = {"MinorGC", "MajorGC", "V8.GC_SCAVENGER", "V8.GC_MARK_COMPACTOR", "V8.GCScavenger", "V8.GCCompactor",
      "BlinkGC.AtomicPhase", "V8.GCIncrementalMarking", "V8.GC_MC_INCREMENTAL", "MinorMS"}


def _main_thread(events: list[dict[str, Any]]) -> tuple[int, int] | None:
    """(pid, tid) of the renderer main thread that holds the tap marks."""
    for e in events:
        if e.get("name") == "tap-down" and e.get("ph") in ("R", "I", "i", "n", "b", "e"):
            return e["pid"], e["tid"]
    return None


def analyse(trace: dict[str, Any], in_page: list[float | None] | None = None) -> list[dict[str, float]]:
    """Per tap window (pointerdown mark → text-seen mark), on the page's main thread:

    - ``to send``: pointerdown → the click's websocket message sent (Flutter's hit test, gesture,
      the ink splash frame and Flet's event handler);
    - ``server``: sent → the patch received (the app server's work and the loopback, while the
      main thread may draw the splash);
    - ``patch frame``: the first animation frame after the patch (Dart: build, layout, paint,
      the semantics update and its DOM writes), with ``style+layout`` the browser's own style and
      layout work (of the semantics DOM) in it and after it until the text was seen;
    - ``after patch``: patch received → text seen; ``gc``: V8 collections in the window.
    """
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    main = _main_thread(events)
    if main is None:
        return []
    pid, tid = main
    marks = sorted((e["ts"], e["name"]) for e in events
                   if e.get("pid") == pid and e.get("name") in ("tap-down", "tap-seen"))
    windows = []
    down = None
    for ts, name in marks:
        if name == "tap-down":
            down = ts
        elif down is not None:
            windows.append((down, ts))
            down = None
    if in_page is not None and len(in_page) == len(windows):
        # the page's own pointerdown → text-seen time (bench.py's IN_PAGE_JS) ends the window
        # where the text showed, not where Playwright's next call marked it
        windows = [(a, a + ms * 1000.0 if ms is not None else b) for (a, b), ms in zip(windows, in_page)]
    mine = [e for e in events if e.get("pid") == pid and e.get("tid") == tid]
    xs = [e for e in mine if e.get("ph") == "X" and "dur" in e]
    frames = sorted((e for e in xs if e["name"] in FRAME), key=lambda e: e["ts"])
    sends = sorted(e["ts"] for e in mine if e.get("name") == "WebSocketSend")
    recvs = sorted(e["ts"] for e in mine if e.get("name") == "WebSocketReceive")
    out = []
    for a, b in windows:
        def inside(e: dict[str, Any], lo: float = a, hi: float = b) -> float:
            return max(0.0, min(hi, e["ts"] + e["dur"]) - max(lo, e["ts"])) / 1000.0
        sent = next((t for t in sends if a <= t <= b), None)
        recv = next((t for t in recvs if sent is not None and sent <= t <= b), None)
        row = {"window_ms": (b - a) / 1000.0}
        row["to send"] = (sent - a) / 1000.0 if sent is not None else float("nan")
        row["server"] = (recv - sent) / 1000.0 if recv is not None and sent is not None else float("nan")
        if recv is not None:
            pf = next((f for f in frames if f["ts"] >= recv), None)
            row["patch frame"] = pf["dur"] / 1000.0 if pf is not None and pf["ts"] <= b else float("nan")
            row["style+layout"] = sum(inside(e, recv, b) for e in xs if e["name"] in LAYOUT)
            row["after patch"] = (b - recv) / 1000.0
        else:
            for k in ("patch frame", "style+layout", "after patch"):
                row[k] = float("nan")
        row["gc"] = sum(inside(e) for e in xs if e["name"] in GC)
        out.append(row)
    return out


def _median(values: list[float]) -> float:
    values = [v for v in values if v == v]  # NaN: that part was not in the window
    return statistics.median(values) if values else float("nan")


def tap_counts(page, tapper, n: int) -> list[dict[str, int]]:
    out = []
    for _ in range(n):
        tapper()
        c = page.evaluate(READ_COUNT_JS)
        c["ws_bytes"] = page.evaluate("() => window.__cnt.wsBytes")
        out.append(c)
    return out


def trace_page(browser, page, tapper, rate: float, taps: int, keep: pathlib.Path | None, name: str) -> dict[str, Any]:
    page.evaluate(COUNT_JS)
    throttle = Throttle(page)
    throttle.set(rate)
    for _ in range(4):  # warm-up
        tapper()
    counts = tap_counts(page, tapper, 6)  # forth, back, forth, ...
    # the text found: mark it in the trace too (the tapper waits for it; the mark follows at once)
    browser.start_tracing(page=page, categories=CATEGORIES)
    in_page = []
    for _ in range(taps):
        in_page.append(tapper()[1])
        page.evaluate(MARK_SEEN_JS)
    raw = browser.stop_tracing()
    throttle.set(1)
    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
        (keep / f"{name}-rate{rate:g}.json").write_bytes(raw)
    rows = analyse(json.loads(raw), in_page)
    keys = list(rows[0]) if rows else []
    med = {k: _median([r[k] for r in rows]) for k in keys}
    cmed = {k: statistics.median(c[k] for c in counts) for k in counts[0]}
    # the tap and its undo apart (a game's tapper alternates, starting with the tap)
    split = {kind: {k: statistics.median(c[k] for c in counts[i::2]) for k in counts[0]}
             for i, kind in enumerate(("forth", "back"))}
    return {"rate": rate, "taps": len(rows), "median_ms": med, "counts": cmed, "counts_by_kind": split}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--rate", type=float, default=4)
    p.add_argument("--taps", type=int, default=10)
    p.add_argument("--games", default=",".join(TAP_GAMES))
    p.add_argument("--floor", action="store_true", help="also the bare counter and each game's same-shape page")
    p.add_argument("--keep", help="keep the raw traces in this folder (open in chrome://tracing / Perfetto)")
    p.add_argument("--json")
    a = p.parse_args(argv)
    keep = pathlib.Path(a.keep) if a.keep else None
    res: dict[str, Any] = {}
    pw, browser = launch_browser()
    with tempfile.TemporaryDirectory() as d:
        db = pathlib.Path(d) / "trace.db"
        games = [g for g in a.games.split(",") if g]
        ids = {g: TAP_GAMES[g]["prepare"](db) for g in games}
        app = start_app(db)
        try:
            app.wait_port()
            for g in games:
                spec = TAP_GAMES[g]
                page = _open(browser, f"{app.url}g/{ids[g]}", spec["forth"][0])
                tapper = Alternating(page, spec["forth"], spec["back"], spec["exact"])
                res[g] = trace_page(browser, page, tapper, a.rate, a.taps, keep, g)
                page.context.close()
                _print(g, res[g])
        finally:
            app.stop()
        if a.floor:
            fl = start_floor()
            try:
                fl.wait_port()
                page = _open(browser, fl.url, "Plus")
                res["floor"] = trace_page(browser, page, FloorTapper(page), a.rate, a.taps, keep, "floor")
                page.context.close()
                _print("floor", res["floor"])
            finally:
                fl.stop()
            for g in games:
                spec, name = TAP_GAMES[g], f"{g} shape"
                sh = start_shape(g, PHONE)
                try:
                    sh.wait_port(60)
                    page = _open(browser, sh.url, spec["forth"][0])
                    tapper = Alternating(page, spec["forth"], spec["back"], spec["exact"])
                    res[name] = trace_page(browser, page, tapper, a.rate, a.taps, keep, name.replace(" ", "_"))
                    page.context.close()
                    _print(name, res[name])
                finally:
                    sh.stop()
    browser.close()
    pw.stop()
    if a.json:
        pathlib.Path(a.json).write_text(json.dumps(res, indent=1))
    return 0


def _open(browser, url: str, first: str):
    """open_page with the websocket counter installed before the page's own scripts."""
    orig_new_context = browser.new_context

    def new_context(**kw):
        ctx = orig_new_context(**kw)
        ctx.add_init_script(WS_JS)
        return ctx

    browser.new_context = new_context
    try:
        return open_page(browser, url, first, PHONE)
    finally:
        browser.new_context = orig_new_context


def _print(name: str, r: dict[str, Any]) -> None:
    m, c = r["median_ms"], r["counts"]
    print(f"{name:12} rate {r['rate']:g}: " + "  ".join(f"{k} {v:.1f}" for k, v in m.items()) +
          f" | DOM records {c['records']:.0f}, touched {c['touched']:.0f}, semantics nodes {c['semantics']:.0f},"
          f" ws bytes {c['ws_bytes']:.0f}", flush=True)
    for kind, k in r.get("counts_by_kind", {}).items():
        print(f"{'':12} {kind:5}: DOM records {k['records']:.0f}, touched {k['touched']:.0f}, style writes "
              f"{k['styles']:.0f}, ws bytes {k['ws_bytes']:.0f}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
