"""Where an offline reload's time goes after Python is up: each thread's busy time per step.

    .venv/bin/python build/trace_web_start.py [--phone-cpu 0.5] [--reloads 2] [--floor] [--top 12]
    .venv/bin/python build/trace_web_start.py --site A --versus B --reloads 6 [--phone-cpu 0.5]   # an A/B
    .venv/bin/python build/trace_web_start.py --wasm-compiles --reloads 2 [--floor]   # what TurboFan compiles

The site (``bash build/web.sh`` if missing; with ``--floor`` bench_web's bare-counter site) is served
on 127.0.0.1, a fresh Chromium profile opens it up to its first screen, waits for the service
worker's cache and the start snapshot, and the static server stops. Then ``--reloads`` offline
reloads, each under a Chrome trace: for the windows between the start's marks (``tr:…``, as the web
bench reads them; ``home`` is the moment the first screen's button is in the semantics tree) it prints
each thread's busy time (top-level tasks) and, for the page's main thread, the costliest kinds of
task in the last windows. Figures, not assertions.
"""

from __future__ import annotations

import argparse
import pathlib
import re
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build"))

import bench  # noqa: E402
import bench_web  # noqa: E402
from trace_web_tap import read_trace, trace_names  # noqa: E402

from build.web import smoke  # noqa: E402

CATEGORIES = ["toplevel", "blink.user_timing", "devtools.timeline", "disabled-by-default-devtools.timeline",
              "v8.execute", "blink", "loading", "cc", "gpu"]
# a thread's top-level task: its message loop's, or a thread pool worker's (V8's background compiles,
# the GPU process's software rasteriser)
TOP_LEVEL = ("ThreadControllerImpl::RunTask", "ThreadPool_RunTask")
WINDOWS = ("page-start", "python-connected", "python-ready", "store-open", "home-built", "home")


def summarise(events: list[dict], marks: dict[str, int], top: int) -> None:
    procs, threads = trace_names(events)
    # the trace's clock for the page's marks: the user-timing event of tr:page-start
    starts = [e["ts"] for e in events if e.get("name") == "tr:page-start" and e.get("ph") in ("R", "I", "n", "b")]
    if not starts:
        print("  (no tr:page-start in the trace: cannot line the marks up)")
        return
    t0 = starts[-1] - marks["page-start"] * 1000
    names = [w for w in WINDOWS if w in marks]
    bounds = [(a, b, t0 + marks[a] * 1000, t0 + marks[b] * 1000) for a, b in zip(names, names[1:])]
    print("  marks (s): " + "  ".join(f"{n} {marks[n] / 1000:.2f}" for n in names))
    tasks = [e for e in events if e.get("ph") == "X" and e.get("name") in TOP_LEVEL and "dur" in e]
    busy: dict[tuple[str, str], list[float]] = {}
    for e in tasks:
        key = (procs.get(e["pid"], "?"), threads.get((e["pid"], e["tid"]), str(e["tid"])))
        row = busy.setdefault(key, [0.0] * len(bounds))
        for i, (_, _, lo, hi) in enumerate(bounds):
            overlap = min(hi, e["ts"] + e["dur"]) - max(lo, e["ts"])
            if overlap > 0:  # the task's CPU time (tdur), in proportion to its part in this window
                row[i] += overlap * (e.get("tdur", e["dur"]) / e["dur"] if e["dur"] else 1.0)
    head = " ".join(f"{a[:8]}→{b[:8]:>8}" for a, b, _, _ in bounds)
    print(f"  {'CPU ms per window (top-level tasks)':54s} {head}")
    print(f"  {'(window length)':54s} " + " ".join(f"{(hi - lo) / 1000:17.0f}" for _, _, lo, hi in bounds))
    for key, row in sorted(busy.items(), key=lambda kv: -sum(kv[1]))[:top]:
        print(f"  {key[0][:20]:20s} {key[1][:33]:33s} " + " ".join(f"{us / 1000:17.0f}" for us in row))
    # the page's main thread: what its time after home-built went to (nested events by name, self-less)
    main = [k for k in threads.items() if k[1] == "CrRendererMain"]
    if not main or "home-built" not in marks or "home" not in marks:
        return
    lo, hi = t0 + marks["home-built"] * 1000, t0 + marks["home"] * 1000
    kinds: dict[str, float] = {}
    for (pid, tid), _ in main:
        for e in events:
            if e.get("pid") == pid and e.get("tid") == tid and e.get("ph") == "X" and "dur" in e:
                overlap = min(hi, e["ts"] + e["dur"]) - max(lo, e["ts"])
                if overlap > 0 and e["name"] != "ThreadControllerImpl::RunTask":
                    label = e["name"]
                    data = (e.get("args") or {}).get("data") or {}
                    if e["name"] in ("FunctionCall", "EvaluateScript", "TimerFire", "FireAnimationFrame",
                                     "EventDispatch") and isinstance(data, dict):
                        label += f" {data.get('functionName') or data.get('type') or data.get('url', '')[-30:]}"
                    kinds[label] = kinds.get(label, 0.0) + overlap
    frames = sorted((e["ts"], e["dur"]) for (pid, tid), _ in main for e in events
                    if e.get("pid") == pid and e.get("tid") == tid and e.get("name") == "FireAnimationFrame"
                    and "dur" in e and lo <= e["ts"] <= hi)
    print(f"  animation frames on the page's main thread, home-built → home: {len(frames)}, ms each (in order): "
          + " ".join(f"{d / 1000:.0f}@{(t - lo) / 1000:.0f}" for t, d in frames[:40]))
    print("  the page's main thread, home-built → home, by event (ms, nested events counted in each):")
    for label, us in sorted(kinds.items(), key=lambda kv: -kv[1])[:top]:
        print(f"    {label[:70]:70s} {us / 1000:8.0f}")


def offline_phone(pw, cpu, site: pathlib.Path, first: str, profile: pathlib.Path, args: tuple[str, ...] = ()):
    """A fresh Chromium profile at ``profile`` opens ``site`` up to its first screen, waits for the
    service worker's cache and the start snapshot, then the static server stops and one offline
    reload (not measured) leaves the snapshot and caches as a phone has them: (context, page,
    seconds to the first screen)."""
    server = smoke.StaticServer(site).start()
    cpu.release(server.proc.pid)
    ctx = pw.chromium.launch_persistent_context(
        str(profile), executable_path=smoke.CHROMIUM, args=[*smoke.CHROMIUM_ARGS, *args],
        viewport={"width": bench.PHONE[0], "height": bench.PHONE[1]}, locale="de-DE", has_touch=True)
    try:
        page, seconds, _ = bench_web.open_first_screen(ctx, server.url, [], bench.PHONE, first)
        print(f"{site.name}: first screen after {seconds:.2f} s; waiting for the cache and the snapshot ...",
              flush=True)
        bench_web.wait_cached(page)
        server.stop()  # from here on offline (the finally stops it too when the open failed)
        bench_web.reload_offline(page, first)
    except BaseException:
        ctx.close()
        raise
    finally:
        server.stop()
    return ctx, page, seconds


def print_reload(label: str, seconds: float, marks: dict[str, int]) -> None:
    print(f"reload {label}: {seconds:.2f} s  " + "  ".join(
        f"{n} {marks[n] / 1000:.2f}" for n in WINDOWS if n in marks), flush=True)


def print_steps(prefix: str, med: dict[str, float]) -> None:
    """Every step's median (``bench_web.median_marks``), in the order they happen."""
    print(f"{prefix}every step, median s: " + "  ".join(
        f"{n} {at / 1000:.3f}" for n, at in sorted(med.items(), key=lambda kv: kv[1])))


SETTLE = 3.0  # s between two measured reloads of --versus and --wasm-compiles


def versus(site_a: pathlib.Path, site_b: pathlib.Path, first: str, reloads: int, phone_cpu: float | None,
           flags: dict[str, tuple[str, ...]] | None = None) -> int:
    """Two builds of the site, each in its own browser and from its own (stopped) server, reloaded in
    turn (A B, B A, ...); per site the median of every step, and the reload to the first screen A
    against B. The same build on both sides shows what is left of the machine's noise."""
    from playwright.sync_api import sync_playwright

    sites = {"A": site_a, "B": site_b}
    with bench_web.PhoneCpu(phone_cpu) as cpu, tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        print(f"A {site_a}, B {site_b}; phone class: {cpu.why_not or f'{phone_cpu} of a core'}", flush=True)
        pages, contexts = {}, []
        try:
            for name, site in sites.items():
                ctx, page, _ = offline_phone(pw, cpu, site, first, pathlib.Path(tmp) / f"profile-{name}",
                                             (flags or {}).get(name, ()))
                contexts.append(ctx)
                pages[name] = page
            runs: dict[str, list[dict[str, int]]] = {name: [] for name in sites}
            for i in range(reloads):
                # A B, then B A, ...: in a fixed order the second site was measured 0.74 s slower than
                # the first with the very same build on both sides (8 reloads, full speed), each
                # reload still running into what the one before it left (V8 compiles on after the
                # first screen); and a pause lets that settle
                for name in (["A", "B"] if i % 2 == 0 else ["B", "A"]):
                    time.sleep(SETTLE)
                    seconds, marks = bench_web.reload_offline(pages[name], first)
                    runs[name].append(marks)
                    print_reload(f"{i + 1} {name}", seconds, marks)
            for name in sites:
                print_steps(f"{name} ", bench_web.median_marks(runs[name]))
            seen = {name: [marks["home"] / 1000 for marks in runs[name]] for name in sites}
            a, b = statistics.median(seen["A"]), statistics.median(seen["B"])
            pairs = [y - x for x, y in zip(seen["A"], seen["B"])]
            print(f"first screen, median: A {a:.2f} s, B {b:.2f} s (B - A {b - a:+.2f} s); "
                  f"B - A reload by reload: " + " ".join(f"{d:+.2f}" for d in pairs))
        finally:
            for ctx in contexts:
                ctx.close()
    return 0


TURBOFAN = re.compile(r"Compiled function (0x[0-9a-f]+)#(\d+) using TurboFan, took (\d+) μs")


def wasm_compiles(site: pathlib.Path, first: str, reloads: int, phone_cpu: float | None) -> int:
    """What V8's optimising compiler (TurboFan) compiles of the site's WebAssembly during each offline
    reload: Chromium started with ``--js-flags=--trace-wasm-compilation-times``, whose lines (one per
    compiled function) Playwright's driver passes on (``DEBUG=pw:browser``); per reload, the CPU time
    per function, the largest first. A diagnosis, not a figure to compare: the tracing slows V8."""
    import os
    from datetime import datetime

    from playwright.sync_api import sync_playwright

    os.environ["DEBUG"] = "pw:browser"
    saved = os.dup(2)
    windows: list[tuple[float, float, float]] = []
    with bench_web.PhoneCpu(phone_cpu) as cpu, tempfile.TemporaryDirectory() as tmp, \
            open(pathlib.Path(tmp) / "browser.log", "w", encoding="utf-8") as log:
        os.dup2(log.fileno(), 2)  # the driver's stderr (and the browser's output in it) into the log
        try:
            with sync_playwright() as pw:
                ctx, page, _ = offline_phone(pw, cpu, site, first, pathlib.Path(tmp) / "profile",
                                             ("--js-flags=--trace-wasm-compilation-times",))
                try:
                    for _ in range(reloads):
                        time.sleep(SETTLE)  # what the last start still compiles in the background, out of the window
                        t0 = time.time()
                        seconds, _ = bench_web.reload_offline(page, first)
                        windows.append((t0, time.time(), seconds))
                    time.sleep(1)
                finally:
                    ctx.close()
        finally:
            os.dup2(saved, 2)
        lines = pathlib.Path(log.name).read_text(encoding="utf-8", errors="replace").splitlines()
    print(f"{site.name}; phone class: {cpu.why_not or f'{phone_cpu} of a core'}")
    for i, (lo, hi, seconds) in enumerate(windows):
        per: dict[tuple[str, int], list[float]] = {}
        for line in lines:
            m = TURBOFAN.search(line)
            if not m:
                continue
            at = datetime.fromisoformat(line.split(" ", 1)[0].replace("Z", "+00:00")).timestamp()
            if lo <= at <= hi + 1:
                per.setdefault((m[1], int(m[2])), []).append(int(m[3]) / 1000)
        total = sum(sum(v) for v in per.values())
        print(f"reload {i + 1}: first screen after {seconds:.2f} s; TurboFan {total:.0f} ms CPU in "
              f"{sum(len(v) for v in per.values())} compilations of {len(per)} functions; the largest:")
        for (module, index), took in sorted(per.items(), key=lambda kv: -sum(kv[1]))[:8]:
            print(f"  module {module} function #{index}: {len(took)}x, " + " + ".join(f"{t:.0f}" for t in took)
                  + " ms")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--phone-cpu", type=float, default=None)
    ap.add_argument("--reloads", type=int, default=2)
    ap.add_argument("--floor", action="store_true", help="the bare-counter site instead of the app's")
    ap.add_argument("--top", type=int, default=12)
    ap.add_argument("--site", type=pathlib.Path, default=None, help="another build of the site (an A/B run)")
    ap.add_argument("--no-trace", action="store_true",
                    help="reloads without a Chrome trace (it slows a phone-class start): marks only, and their medians")
    ap.add_argument("--wasm-compiles", action="store_true",
                    help="what V8's TurboFan compiles of the site's WebAssembly in each reload (a diagnosis)")
    ap.add_argument("--versus", type=pathlib.Path, default=None,
                    help="another build, opened beside the first in its own browser: the reloads alternate between "
                         "the two (A B A B ...), so a drift of the machine falls on both alike; marks only")
    ap.add_argument("--js-flags", default=None,
                    help="V8 flags for the (first) site's browser, a diagnosis (e.g. --no-wasm-deopt)")
    ap.add_argument("--versus-js-flags", default=None, help="V8 flags for --versus' browser")
    args = ap.parse_args(argv)
    flags = {name: (f"--js-flags={value}",) if value else ()
             for name, value in (("A", args.js_flags), ("B", args.versus_js_flags))}
    site = args.site or bench_web.ensure_site()
    first = bench_web.FIRST_SCREEN
    if args.floor:
        site, first = bench_web.ensure_floor(bench_web.ensure_site()), bench_web.FLOOR_SCREEN
    from playwright.sync_api import sync_playwright

    if args.wasm_compiles:
        return wasm_compiles(site, first, args.reloads, args.phone_cpu)
    if args.versus is not None:
        return versus(site, args.versus, first, args.reloads, args.phone_cpu, flags)
    with bench_web.PhoneCpu(args.phone_cpu) as cpu, tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        print(f"{site.name}; phone class: {cpu.why_not or f'{args.phone_cpu} of a core'}", flush=True)
        ctx, page, _ = offline_phone(pw, cpu, site, first, pathlib.Path(tmp) / "profile", flags["A"])
        try:
            if args.no_trace:
                runs = []
                for i in range(args.reloads):
                    seconds, marks = bench_web.reload_offline(page, first)
                    runs.append(marks)
                    print_reload(str(i + 1), seconds, marks)
                med = bench_web.median_marks(runs)
                print("median: " + "  ".join(f"{n} {med[n] / 1000:.2f}" for n in WINDOWS if n in med))
                print_steps("", med)
                return 0
            for i in range(args.reloads):
                cdp = ctx.new_cdp_session(page)
                cdp.send("Tracing.start", {"traceConfig": {"includedCategories": CATEGORIES,
                                                          "recordMode": "recordAsMuchAsPossible"},
                                           "transferMode": "ReturnAsStream"})
                seconds, marks = bench_web.reload_offline(page, first)
                time.sleep(0.5)
                events = read_trace(cdp)
                print(f"reload {i + 1}: {seconds:.2f} s", flush=True)
                summarise(events, marks, args.top)
        finally:
            ctx.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
