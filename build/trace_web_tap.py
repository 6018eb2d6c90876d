"""Where an offline tap's time goes: the phone site's Qwixx cross / undo, each step timed.

    .venv/bin/python build/trace_web_tap.py [--taps 20] [--phone-cpu 0.5] [--site build/out/web]

The site (``bash build/web.sh`` if missing) is served on 127.0.0.1, a fresh Chromium profile opens
it, starts bench_web's Qwixx game (the bench's tap position) and the static server stops, as in the
web bench's tap section. Then ``--taps`` taps (cross "Rot 7", undo, alternating; a warm-up of 4 first)
with these moments taken, every one as epoch milliseconds (``timeOrigin + now()``) so page and worker
line up:

- ``down``: the pointerdown in the page; ``js_send``: Dart hands the event to python.js (``jsSend``);
- ``w_in``: the worker receives it (Flet's ``flet_js.send``);
- ``idb``: IndexedDB transactions the worker opens while the tap is in flight (IDBFS's write-through),
  from ``transaction()`` to its ``complete``;
- in the worker's Python (patched in through ``self.trPyodide``): Flet dispatches the event, the
  handler is done (the screen's message waits at the write-through gate), the save starts and ends;
- ``w_out``: each frame the worker posts back (the first and the last), with its bytes;
- ``seen``: the page's semantics tree shows the expected text (bench.py's in-page measurement).

The page is a touch page, tapped as bench.py's phone pages are (a mouse left hovering shows the
undo's tooltip). ``--chrome-trace`` also records a Chrome trace over the taps and prints each
thread's busy time per tap (top-level tasks, the pauses between taps included): the page's main
thread (Dart), the GPU process (drawing), the Python worker, the browser.

``--games N`` first puts a store with N finished games (bench_stats's random games, made with the
server's Python) into the phone's storage as IDBFS's record of the file (as a site before the block
store kept it; the site reads it and keeps it in its own way from the first save), and reloads: a
phone with a long history, whose every saved tap the store's size may cost.

Printed: the median and p90 of each span over the taps. ``--phone-cpu`` holds this process and the
browser to a share of one core (bench_web's ``PhoneCpu``; the static server outside). Figures, not
assertions.
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build"))

import bench  # noqa: E402
import bench_web  # noqa: E402

from build.web import smoke  # noqa: E402

WORKER_JS = """(PY_TRACE) => {
  if (self.trLog) return 'again';
  const log = self.trLog = [];
  const at = () => performance.timeOrigin + performance.now();
  self.trMark = (kind) => { log.push([kind, at()]); };
  const send = self.flet_js.send;
  self.flet_js.send = (data) => { log.push(['w_in', at(), data.length]); return send(data); };
  const post = self.postMessage.bind(self);
  self.postMessage = (m, t) => { if (m instanceof Uint8Array) log.push(['w_out', at(), m.length]); return post(m, t); };
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (value, key) {
    const bytes = ArrayBuffer.isView(value) ? value.byteLength  // the store's blocks
      : value && value.contents ? value.contents.byteLength : 0;  // IDBFS's record of a file
    log.push(['put', at(), bytes, String(key)]);
    return put.call(this, value, key);
  };
  const tx = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (...args) {
    const t0 = at();
    const t = tx.apply(this, args);
    t.addEventListener('complete', () => log.push(['idb', t0, at(), String(args[1] || 'readonly')]));
    return t;
  };
  self.trPyodide.runPython(PY_TRACE);
  return 'ok';
}"""

# the Python side, patched in through the worker's pyodide: when Flet dispatches the event and when its
# handler is done (the screen's message then waits at the write-through gate), when the save starts
# and ends
PY_TRACE = r'''
import js
from companion import platform
from flet.messaging import session

def log(kind):
    js.trMark(kind)

_dispatch = session.Session.dispatch_event
async def dispatch_event(self, *args, **kwargs):
    log('py_event')
    try:
        return await _dispatch(self, *args, **kwargs)
    finally:
        log('py_event_done')
session.Session.dispatch_event = dispatch_event

_start = platform.start_persist
def start_persist(*args, **kwargs):
    log('py_save')
    pending = _start(*args, **kwargs)
    async def saved():
        try:
            return await pending
        finally:
            log('py_saved')
    return saved()
platform.start_persist = start_persist
'''

# --profile: the worker's Python under cProfile over the traced taps, per tap
PROFILE_ON = "import cProfile; import builtins; builtins._tr_prof = cProfile.Profile(); builtins._tr_prof.enable()"
PROFILE_OFF = """
import builtins, io, pstats
builtins._tr_prof.disable()
out = io.StringIO()
st = pstats.Stats(builtins._tr_prof, stream=out)
st.sort_stats("tottime").print_stats(N_TOP)
st.sort_stats("cumulative").print_stats(N_TOP)
out.getvalue()
"""

PAGE_JS = """() => {
  if (window.__trace) return;
  const log = window.__trace = [];
  const at = () => performance.timeOrigin + performance.now();
  document.addEventListener('pointerdown', () => log.push(['down', at()]), {capture: true});
  const send = globalThis.jsSend;
  globalThis.jsSend = (id, data) => { log.push(['js_send', at(), data.length]); return send(id, data); };
}"""


def span(page_log: list, worker_log: list, down: float, seen: float) -> dict[str, float] | None:
    """One tap (pointerdown ``down`` to the text ``seen``): its steps in ms; None if a moment is missing."""
    def inside(log, kind):
        return [e for e in log if e[0] == kind and down <= e[1] <= seen + 1]

    send = inside(page_log, "js_send")
    w_in = inside(worker_log, "w_in")
    w_out = inside(worker_log, "w_out")
    idb = [e for e in worker_log if e[0] == "idb" and down <= e[1] <= seen]
    if not (send and w_in and w_out):
        return None

    def first(kind):
        hits = inside(worker_log, kind)
        return hits[0][1] if hits else float("nan")

    event, handled, save, saved = (first(k) for k in ("py_event", "py_event_done", "py_save", "py_saved"))
    return {
        "down→jsSend": send[0][1] - down,
        "jsSend→worker": w_in[0][1] - send[0][1],
        "worker→first out": w_out[0][1] - w_in[0][1],
        "  worker→py event": event - w_in[0][1],
        "  py event handled": handled - event,
        "  save begun→handled": handled - save,
        "  save begun→saved": saved - save,
        "  saved→out": w_out[0][1] - saved,
        "first→last out": w_out[-1][1] - w_out[0][1],
        "last out→seen": seen - w_out[-1][1],
        "total": seen - down,
        "IndexedDB tx ms": sum(e[2] - e[1] for e in idb),
        "IDB readonly ms": sum(e[2] - e[1] for e in idb if e[3] == "readonly"),
        "IDB readwrite ms": sum(e[2] - e[1] for e in idb if e[3] != "readonly"),
        "IDB put KB": sum(e[2] for e in worker_log if e[0] == "put" and down <= e[1] <= seen) / 1024,
        "IndexedDB tx": len(idb),
        "frames out": len(w_out),
        "bytes out": sum(e[2] for e in w_out),
    }


def read_trace(cdp) -> list[dict]:
    """Ends the CDP trace started on ``cdp``; its events."""
    import json

    done: list[str] = []
    cdp.on("Tracing.tracingComplete", lambda e: done.append(e["stream"]))
    cdp.send("Tracing.end")
    deadline = time.monotonic() + 120
    while not done and time.monotonic() < deadline:
        time.sleep(0.2)
        cdp.send("Runtime.evaluate", {"expression": "1"})  # lets the event arrive
    chunks = []
    while True:
        r = cdp.send("IO.read", {"handle": done[0], "size": 1 << 20})
        chunks.append(r["data"])
        if r.get("eof"):
            break
    events = json.loads("".join(chunks))
    return events["traceEvents"] if isinstance(events, dict) else events


def trace_names(events: list[dict]) -> tuple[dict, dict]:
    """A trace's process names by pid and thread names by (pid, tid)."""
    procs, threads = {}, {}
    for e in events:
        if e.get("ph") == "M" and e.get("name") == "process_name":
            procs[e["pid"]] = e["args"]["name"]
        if e.get("ph") == "M" and e.get("name") == "thread_name":
            threads[(e["pid"], e["tid"])] = e["args"]["name"]
    return procs, threads


def thread_busy(cdp) -> dict[tuple[str, str], float]:
    """Ends the CDP trace; µs of top-level tasks per (process, thread) name."""
    events = read_trace(cdp)
    procs, threads = trace_names(events)
    busy: dict[tuple[str, str], float] = {}
    for e in events:
        if e.get("ph") == "X" and e.get("name") == "ThreadControllerImpl::RunTask" and "dur" in e:
            key = (f"{procs.get(e['pid'], '?')} {e['pid']}", threads.get((e["pid"], e["tid"]), str(e["tid"])))
            busy[key] = busy.get(key, 0.0) + e["dur"]
    return busy


# --games: the store's file as IDBFS's record (version 21, FILE_DATA), the block store's records
# cleared, then this worker closed (it writes nothing more); the page is reloaded next
PUT_STORE = """async (b64) => {
  const contents = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const path = "/data/tischrichter.db";
  const opened = (name, version, upgrade) => new Promise((ok, no) => {
    const request = indexedDB.open(name, version);
    request.onupgradeneeded = () => upgrade(request);
    request.onsuccess = () => ok(request.result);
    request.onerror = () => no(request.error);
  });
  const done = (tx) => new Promise((ok, no) => { tx.oncomplete = ok; tx.onabort = () => no(tx.error); });
  const idbfs = await opened("/data", 21, (request) => {
    const db = request.result;
    const files = db.objectStoreNames.contains("FILE_DATA")
      ? request.transaction.objectStore("FILE_DATA") : db.createObjectStore("FILE_DATA");
    if (!files.indexNames.contains("timestamp")) files.createIndex("timestamp", "timestamp", {unique: false});
  });
  const put = idbfs.transaction(["FILE_DATA"], "readwrite");
  put.objectStore("FILE_DATA").put({timestamp: new Date(), mode: 33206, contents}, path);
  await done(put);
  idbfs.close();
  const blocks = await opened("tischrichter-store", 1, (request) => request.result.createObjectStore("blocks"));
  const clear = blocks.transaction(["blocks"], "readwrite");
  clear.objectStore("blocks").clear();
  await done(clear);
  blocks.close();
  self.close();
  return contents.length;
}"""


def filled_store(games: int, tmp: pathlib.Path) -> bytes:
    """A store's file with ``games`` finished games, as the phone keeps it (one file, no journal)."""
    import random

    import bench_stats

    from companion.store import Store

    db = tmp / "filled.db"
    store = Store(db, durable=False)
    bench_stats.fill(store, games, random.Random(11))
    store.close()
    return db.read_bytes()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--taps", type=int, default=20)
    ap.add_argument("--phone-cpu", type=float, default=None)
    ap.add_argument("--site", type=pathlib.Path, default=None)
    ap.add_argument("--chrome-trace", action="store_true", help="also: each thread's busy time per tap")
    ap.add_argument("--profile", type=int, default=0, metavar="N",
                    help="also: cProfile the worker's Python over the taps, its N costliest functions")
    ap.add_argument("--reloads", type=int, default=0,
                    help="after the taps: this many offline reloads to the first screen, each timed")
    ap.add_argument("--games", type=int, default=0,
                    help="first: a store with this many finished games on the phone (a long history)")
    args = ap.parse_args(argv)
    site = args.site or bench_web.ensure_site()
    spec = bench.TAP_GAMES["qwixx"]
    from playwright.sync_api import sync_playwright

    with bench_web.PhoneCpu(args.phone_cpu) as cpu, tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        print(f"phone class: {cpu.why_not or f'{args.phone_cpu} of a core'}", flush=True)
        server = smoke.StaticServer(site).start()
        cpu.release(server.proc.pid)
        outside: list[str] = []
        ctx = pw.chromium.launch_persistent_context(
            str(pathlib.Path(tmp) / "profile"), executable_path=smoke.CHROMIUM, args=smoke.CHROMIUM_ARGS,
            viewport={"width": bench.PHONE[0], "height": bench.PHONE[1]}, locale="de-DE", has_touch=True)
        try:
            page, seconds, _ = bench_web.open_first_screen(ctx, server.url, outside, bench.PHONE)
            print(f"first screen after {seconds:.2f} s; waiting for the cache and the snapshot ...", flush=True)
            page.on("console", lambda m: m.type in ("error", "warning") and print("  console:", m.text[:800]))
            bench_web.wait_cached(page)
            if args.games:
                import base64

                filled = filled_store(args.games, pathlib.Path(tmp))
                (worker,) = page.workers
                kb = worker.evaluate(PUT_STORE, base64.b64encode(filled).decode()) / 1024
                page.reload(timeout=bench_web.LOAD_TIMEOUT)
                page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=bench_web.LOAD_TIMEOUT)
                page.locator("flt-semantics-placeholder").dispatch_event("click")
                bench_web.seen(page, bench_web.FIRST_SCREEN)
                print(f"the phone's store: {args.games} finished games, {kb:.0f} KB", flush=True)
            bench.TOUCH_PAGES.add(page)  # tapped with a finger, as a phone: no hover, no tooltip
            bench_web.start_qwixx(page)
            server.stop()
            workers = page.workers
            if len(workers) != 1:
                raise SystemExit(f"expected the one Python worker, found {len(workers)}")
            workers[0].evaluate(WORKER_JS, PY_TRACE)
            page.evaluate(PAGE_JS)
            tapper = bench.Alternating(page, spec["forth"], spec["back"], spec["exact"])
            for _ in range(4):
                tapper()
            windows = []
            cdp = None
            if args.chrome_trace:
                cdp = ctx.new_cdp_session(page)
                cdp.send("Tracing.start", {"traceConfig": {"includedCategories": ["toplevel", "v8.execute",
                                                                                  "disabled-by-default-devtools.timeline"],
                                                          "recordMode": "recordAsMuchAsPossible"},
                                           "transferMode": "ReturnAsStream"})
            if args.profile:
                workers[0].evaluate("(code) => self.trPyodide.runPython(code)", PROFILE_ON)
            for _ in range(args.taps):
                page.evaluate("() => { window.__trace.length = 0; }")
                workers[0].evaluate("() => { self.trLog.length = 0; }")
                _ms, inner = tapper()
                plog = page.evaluate("() => window.__trace")
                wlog = workers[0].evaluate("() => self.trLog")
                downs = [e[1] for e in plog if e[0] == "down"]
                if downs and inner is not None:
                    windows.append((downs[0], downs[0] + inner, plog, wlog))
                time.sleep(0.3)
            if args.profile:
                print(workers[0].evaluate("(code) => self.trPyodide.runPython(code)",
                                          PROFILE_OFF.replace("N_TOP", str(args.profile))))
            if cdp is not None:
                busy = thread_busy(cdp)
                print(f"busy per tap (ms, all threads' top-level tasks over {args.taps} taps and their pauses):")
                for (proc, thread), us in sorted(busy.items(), key=lambda kv: -kv[1])[:14]:
                    print(f"  {proc[:24]:24s} {thread[:34]:34s} {us / 1000 / args.taps:8.1f}")
            rows = [r for down, seen, plog, wlog in windows if (r := span(plog, wlog, down, seen)) is not None]
            reloads = []
            for _ in range(args.reloads):  # the store as the taps left it, read at each start
                time.sleep(1.0)
                seconds, marks = bench_web.reload_offline(page)
                reloads.append(seconds)
                later = bench_web.STEPS[bench_web.STEPS.index("app-imported"):]
                print(f"  reload {seconds:.2f} s: " + " → ".join(
                    f"{name} {marks[name] / 1000:.2f}" for name in later if name in marks), flush=True)
            if reloads:
                print(f"offline reloads to the first screen: {', '.join(f'{s:.2f}' for s in reloads)} s "
                      f"(median {statistics.median(reloads):.2f})", flush=True)
        finally:
            ctx.close()
            server.stop()
    if not rows:
        print("no tap was traced")
        return 1
    print(f"{len(rows)} taps traced ({'phone class ' + str(args.phone_cpu) if cpu.group else 'full speed'})")
    for key in rows[0]:
        vals = sorted(r[key] for r in rows if r[key] == r[key])  # NaN: that moment was not seen
        if not vals:
            continue
        p90 = vals[min(len(vals) - 1, int(0.9 * len(vals)))]
        print(f"  {key:20s} median {statistics.median(vals):8.1f}   p90 {p90:8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
