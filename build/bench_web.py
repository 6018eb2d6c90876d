"""The phone's static site, a section of build/bench.py: ``build/bench.sh --only web``.

    build/bench.sh --only web                        # 3 first loads, 3 offline reloads, 100 taps, CPU 1x and 4x
    build/bench.sh --only web --quick                # 1 load, 1 reload, 20 taps, 1x
    build/bench.sh --only web --phone-cpu 0.5        # the whole browser held to half a core (a cgroup)
    build/bench.sh --only web --cpu-throttle 1,4 --taps 50

What it measures, with every host but 127.0.0.1 aborted (build/web/smoke.py), each figure for the
app's site (``build/out/web``, built by ``bash build/web.sh`` if missing) and for the **floor**: a
bare Flet counter built as the same kind of static Pyodide site (``build/out/web-floor``, the same
client, runtime, wheels and worker; its app is 15 lines), in the same run:
- first load, in Chromium: a fresh browser profile (on disk, as a phone's) opens the site from
  ``python -m http.server``; the bytes of the files the server sent (its log) per file group (Flutter, CanvasKit/skwasm,
  Pyodide runtime, standard library, app and wheels, the rest), raw (as served), gzipped
  (``gzip -6``) and brotli (quality 9) — what a host that compresses would send — and any file
  fetched twice; time from ``goto`` to the first screen's button in the semantics tree, and where
  it went: the page's and the worker's performance marks (``tr:…``: page start, Flutter's entry
  point, engine, Dart running, first frame, Dart connects, worker started, Pyodide loaded, the app
  on ``sys.path``, the app imported, Python connected and ready) and the first screen (``tr:home``,
  when the bench saw it).
- offline reload, in Chromium: the server stopped, ``reload()`` answered by the service worker →
  the first screen again, with the same marks.
- in WebKit (Debian's WebKitGTK, tests/harness/webkit.py), when it is installed and not left out
  (``TISCHRICHTER_BENCH_WEBKIT=0``): first screen and
  offline reload, app and floor (WebDriver has no network log and no marks across a reload: times).
- taps (Chromium): the Qwixx cross "Rot 7" / undo of the tap section (bench.py's ``tap``, in-page
  pointerdown → text and Playwright click → text) in three pages side by side, in batches of 10:
  the offline app (Python in the page's web worker, server stopped), the server app
  (``python -m companion``, /g/<id>) and the bare Flet counter (bench_floor.py), each CPU rate of
  ``--cpu-throttle`` applied to the tapped page (bench.py's ``Throttle``: the page's main thread;
  the Pyodide worker is not slowed by Chromium's throttle — ``--phone-cpu`` is).
- ``--phone-cpu F`` (phone class): the bench process and everything it starts — the browsers with
  all their processes, Pyodide's worker included — run in a cgroup v1 ``cpu`` group held to F of
  one core (``cpu.cfs_period_us`` 10000, quota F×10000); the servers (the static site's, the
  server app's, the counter's) are moved out of it: they are not on the phone. Where cgroups are
  not writable the bench says so and measures at full speed.
Figures, not assertions: nothing here passes or fails.
"""

from __future__ import annotations

import contextlib
import gzip
import os
import pathlib
import re
import statistics
import subprocess
import sys
import time
from typing import Any
from urllib.parse import unquote, urlsplit

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build"))

import bench  # noqa: E402 - the tap section's helpers (same taps, same in-page measurement)

from build.web import smoke  # noqa: E402

FIRST_SCREEN = "Qwixx Longo"  # the home screen's first button
LOAD_TIMEOUT = 300_000  # ms: Pyodide's first start on a loaded 2-core machine
STEP_TIMEOUT = 60_000


FLOOR_SCREEN = "Plus"  # the counter's button
FLOOR = ROOT / "build" / "out" / "web-floor"
# the floor's start snapshot holds flet imported, as the app's holds the app (build_site.py PRELOAD)
FLOOR_PRELOAD = '''"""The floor's start snapshot: flet imported."""
import flet  # noqa: F401
import msgpack


def self_check():
    return f"ok {len(msgpack.packb([1, 2, 3]))}B"
'''
FLOOR_ENTRY = '''"""The bench's floor (build/bench_web.py): a bare Flet counter as a static Pyodide site."""
import flet_js
import flet as ft

flet_js.mark("tr:app-imported")


def main(page):
    count = {"n": 0}
    text = ft.Text("Zähler: 0")

    def plus(e):
        count["n"] += 1
        text.value = f"Zähler: {count['n']}"

    page.title = "Floor"
    page.add(ft.Column([text, ft.Button("Plus", on_click=plus)]))


ft.run(main)
'''
# The site's files by what they are (bytes per group)
GROUPS = (
    ("Flutter (Dart app, loader, fonts, assets)", ("main.dart.", "flutter", "assets/", "version.json")),
    ("CanvasKit / skwasm", ("canvaskit/",)),
    ("Pyodide runtime", ("pyodide/pyodide", "pyodide/micropip", "pyodide/packaging")),
    ("standard library", ("pyodide/python_stdlib",)),
    ("app and wheels", ("app.pack",)),
)
REST = "the rest (page, service worker, icons, Rive stub)"
# the start's steps (python.js, python-worker.js, flutter_bootstrap.js as build_site.py patches it)
MARKS = """() => Object.fromEntries(performance.getEntriesByType("mark")
  .filter((m) => m.name.startsWith("tr:")).map((m) => [m.name.slice(3), Math.round(m.startTime)]))"""
BROTLI_QUALITY = 9
STEPS = ("page-start", "worker-started", "pyodide-imported", "wasm-compiled", "asm-imported", "pack-fetched",
         "flutter-entrypoint", "flutter-engine", "dart-running", "first-frame", "dart-connect", "libs-compiled",
         "cached-snapshot-read", "header-read", "wasm-instantiated", "pack-unpacked", "libs-loaded", "memory-written",
         "memory-restored", "pyodide-loaded", "snapshot-restored",
         "snapshot-made", "app-on-path",
         "app-imported", "python-connected", "python-ready", "session", "store-read", "storage-read-early",
         "storage-loaded", "store-open", "store-persisted", "home-built", "home", "snapshot-kept")


def ensure_site() -> pathlib.Path:
    if not (smoke.SITE / "sw.js").exists():
        print("  building the site (bash build/web.sh) ...", flush=True)
        subprocess.run(["bash", "build/web.sh"], cwd=ROOT, check=True)
    return smoke.SITE


def ensure_floor(site: pathlib.Path) -> pathlib.Path:
    """The floor site, built from the app site's wheels with the counter as its app (again when the
    app's site is newer)."""
    from build.web import build_site

    if (FLOOR / "sw.js").exists() and (FLOOR / "sw.js").stat().st_mtime >= (site / "sw.js").stat().st_mtime:
        return FLOOR
    print("  building the floor site (a bare counter, the same kind of site) ...", flush=True)
    build_site.build(FLOOR, build_site.download_wheels(), entry=FLOOR_ENTRY, packages=(), preload=FLOOR_PRELOAD)
    return FLOOR


class PhoneCpu:
    """A cgroup v1 ``cpu`` group holding this process and what it starts to ``share`` of one core
    (FLET-NOTES: "A phone-class CPU for the whole browser"); ``release(pid)`` moves a server out.
    ``why_not``: why there is none (not asked for, or cgroups not writable here)."""

    BASE = pathlib.Path("/sys/fs/cgroup/cpu")

    def __init__(self, share: float | None) -> None:
        self.share = share
        self.group: pathlib.Path | None = None
        self.why_not: str | None = None if share else "not asked for (--phone-cpu)"

    def __enter__(self) -> PhoneCpu:
        if not self.share:
            return self
        group = self.BASE / f"tischrichter-bench-{os.getpid()}"
        try:
            group.mkdir()
            (group / "cpu.cfs_period_us").write_text("10000")
            (group / "cpu.cfs_quota_us").write_text(str(max(1000, round(self.share * 10000))))
            (group / "cgroup.procs").write_text(str(os.getpid()))
            self.group = group
        except OSError as exc:
            self.why_not = f"cgroups not writable here ({type(exc).__name__}: {exc}); measured at full speed"
            with contextlib.suppress(OSError):
                group.rmdir()
        return self

    def release(self, pid: int) -> None:
        """``pid`` (a server: not on the phone) back to the root group."""
        if self.group is not None:
            with contextlib.suppress(OSError, ProcessLookupError):
                (self.BASE / "cgroup.procs").write_text(str(pid))

    def __exit__(self, *exc: object) -> None:
        if self.group is None:
            return
        import psutil

        self.release(os.getpid())
        for child in psutil.Process().children(recursive=True):  # anything left: out, then the group goes
            self.release(child.pid)
        with contextlib.suppress(OSError):
            self.group.rmdir()


_packed: dict[pathlib.Path, tuple[int, int]] = {}


def packed(path: pathlib.Path) -> tuple[int, int]:
    """(gzip -6, brotli quality 9) bytes of a file (quality 11 takes minutes for the site)."""
    if path not in _packed:
        import brotli

        data = path.read_bytes()
        _packed[path] = (len(gzip.compress(data, compresslevel=6, mtime=0)),
                         len(brotli.compress(data, quality=BROTLI_QUALITY)))
    return _packed[path]


def site_file(site: pathlib.Path, url: str) -> pathlib.Path | None:
    rel = unquote(urlsplit(url).path).lstrip("/") or "index.html"
    path = site / rel
    if path.is_dir():
        path = path / "index.html"
    return path if path.is_file() else None


def group_of(rel: str) -> str:
    for name, prefixes in GROUPS:
        if rel.startswith(prefixes):
            return name
    return REST


def _zero() -> dict[str, float]:
    return {"files": 0, "raw_mb": 0.0, "gzip_mb": 0.0, "brotli_mb": 0.0}


def sizes(site: pathlib.Path, urls: list[str]) -> dict[str, Any]:
    """Raw, gzipped and brotli bytes of the files behind ``urls`` (each time it was fetched), in all
    and per file group (``GROUPS``)."""
    total, groups = _zero(), {}
    for url in urls:
        path = site_file(site, url)
        if path is None:
            continue
        gz, br = packed(path)
        g = groups.setdefault(group_of(path.relative_to(site).as_posix()), _zero())
        for into in (total, g):
            into["files"] += 1
            into["raw_mb"] += path.stat().st_size / 1e6
            into["gzip_mb"] += gz / 1e6
            into["brotli_mb"] += br / 1e6
    return {**total, "groups": groups}


def seen(page, name: str) -> None:
    """Wait for the button ``name``; mark the moment in the page (``tr:home``)."""
    from tests.e2e.conftest import button

    button(page, name).wait_for(LOAD_TIMEOUT / 1000)
    page.evaluate("() => performance.mark('tr:home')")


def open_first_screen(ctx, url: str, outside: list[str], viewport: tuple[int, int], first: str = FIRST_SCREEN):
    """A new page of ``ctx`` opened at ``url`` up to the first screen; (page, seconds, marks)."""
    t0 = time.perf_counter()
    page = smoke.open_site(ctx, url, outside, timeout=LOAD_TIMEOUT, routes=False)
    page.set_default_timeout(STEP_TIMEOUT)
    seen(page, first)
    seconds = time.perf_counter() - t0
    marks = page.evaluate(MARKS)
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    return page, seconds, marks


def wait_cached(page) -> None:
    """Until the service worker holds what this browser needs to start offline (smoke.WAIT_CACHED),
    and the worker kept the start snapshot it made (python-worker.js: 3 s after the app is up)."""
    page.evaluate(smoke.WAIT_CACHED, LOAD_TIMEOUT)
    wait_snapshot_kept(lambda: page.evaluate(MARKS))


def wait_snapshot_kept(marks, timeout: float = 120.0) -> None:
    """A start that made a snapshot (mark ``snapshot-made``): until it is kept (``snapshot-kept``), so
    the reload measured next restores it as a phone's next start would."""
    deadline = time.monotonic() + timeout
    while "snapshot-made" in (m := marks()) and "snapshot-kept" not in m and time.monotonic() < deadline:
        time.sleep(0.25)


def reload_offline(page, first: str = FIRST_SCREEN) -> tuple[float, dict[str, int]]:
    """The server is stopped: reload, answered by the service worker, up to the first screen."""
    t0 = time.perf_counter()
    resp = page.reload(timeout=LOAD_TIMEOUT)
    if resp is None or not resp.from_service_worker:
        raise RuntimeError("the offline reload was not answered by the service worker")
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=LOAD_TIMEOUT)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    seen(page, first)
    return time.perf_counter() - t0, page.evaluate(MARKS)


def start_qwixx(page) -> None:
    """On the phone: a Qwixx Longo game (Ana, Ben) at bench.py's tap position (the roll QWIXX_ROLL)."""
    from tests.e2e.conftest import button, fill, unfold_real_dice

    button(page, "Qwixx Longo").click(60)
    fill(page, "Name Spieler 1", "Ana")
    fill(page, "Name Spieler 2", "Ben")
    button(page, "Spiel starten").click(60)
    page.get_by_text("Ana ist dran · Wurf Nr. 1").wait_for()
    unfold_real_dice(page)  # the table's dice: their field unfolds under "Echte Würfel"
    fill(page, "Echte Würfel: Werte eingeben", " ".join(map(str, bench.QWIXX_ROLL)))
    button(page, "Übernehmen").click(60)
    page.get_by_text(bench.TAP_GAMES["qwixx"]["back"][1]).wait_for()


def three_way(tappers: dict[str, Any], taps: int, rate: float, focus: Any) -> dict[str, Any]:
    """bench.interleaved for three pages (warm-up, then batches of 10 taps, page after page), only the
    tapped page slowed (``focus``, bench.Throttles)."""
    samples = bench.interleaved(tappers, taps, focus)
    res: dict[str, Any] = {"cpu_throttle": rate, **samples}
    for a, b in (("offline", "floor"), ("offline", "server"), ("server", "floor"), ("floor_site", "floor")):
        x, y = res[a], res[b]
        res[f"{a}_{b}_p95_ratio"] = x["p95_ms"] / y["p95_ms"]
        res[f"{a}_{b}_in_page_p95_ratio"] = (x["in_page_p95_ms"] / y["in_page_p95_ms"]
                                              if x["in_page_p95_ms"] and y["in_page_p95_ms"] else None)
        res[f"{a}_{b}_in_page_median_ratio"] = (x["in_page_median_ms"] / y["in_page_median_ms"]
                                                 if x["in_page_median_ms"] and y["in_page_median_ms"] else None)
    return res


def median_marks(runs: list[dict[str, int]]) -> dict[str, float]:
    return {k: statistics.median(r[k] for r in runs if k in r) for k in STEPS if any(k in r for r in runs)}


def served(log: pathlib.Path, since: int) -> tuple[list[str], int]:
    """The paths the static server answered with 200 (a body sent) in its log after byte ``since``;
    and where the log ends now. The server's own count: what really went over the wire."""
    text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
    paths = [m.group(1) for m in re.finditer(r'"GET (\S+) HTTP/[\d.]+" 200 ', text[since:])]
    return paths, len(text)


def chromium_site(pw, site: pathlib.Path, runs: int, viewport: tuple[int, int], first: str,
                  cpu: PhoneCpu, outside: list[str], keep_for_taps: bool,
                  tmp: pathlib.Path) -> tuple[dict[str, Any], Any]:
    """``runs`` first loads and ``runs`` offline reloads of one site in Chromium. Each first load is a
    fresh browser profile on disk, as a phone has (an in-memory profile's HTTP cache keeps no big
    file, so its service worker would download Pyodide and the app again); the bytes are what the
    static server sent (its log)."""
    log = tmp / f"{site.name}-served.log"
    log.unlink(missing_ok=True)
    server = smoke.StaticServer(site, log=log).start()
    cpu.release(server.proc.pid)
    loads: list[dict[str, Any]] = []
    keep = None
    at = 0
    try:
        for i in range(runs):
            print(f"  {site.name}: first load {i + 1}/{runs} ...", flush=True)
            # no Playwright routes (they switch Chromium's HTTP cache off); other hosts fail all the same
            # (CHROMIUM_ARGS' host resolver) and are noted
            ctx = pw.chromium.launch_persistent_context(
                str(tmp / f"{site.name}-profile-{i}"), executable_path=smoke.CHROMIUM, args=smoke.CHROMIUM_ARGS,
                viewport={"width": viewport[0], "height": viewport[1]}, locale="de-DE", has_touch=True)
            ctx.on("request", lambda r: None if smoke.is_local(r.url) else outside.append(r.url))
            page, seconds, marks = open_first_screen(ctx, server.url, outside, viewport, first)
            print(f"    first screen after {seconds:.2f} s; waiting for the service worker's cache ...", flush=True)
            wait_cached(page)
            time.sleep(1)  # the log's last lines
            paths, at = served(log, at)
            loads.append({"first_screen_s": seconds, "marks": marks,
                          "served": sizes(site, [server.url.rstrip("/") + p for p in paths]),
                          "fetched_twice": sorted({p for p in paths if paths.count(p) > 1})})
            if keep is not None:
                keep.context.close()
            keep = page
            # tapped with a finger as the server app's page is (bench.open_page): a mouse left on the
            # undo button shows its tooltip, which rewrote every button's label and slowed the next tap
            bench.TOUCH_PAGES.add(page)
        if keep_for_taps and first == FIRST_SCREEN:
            start_qwixx(keep)
        server.stop()
        reloads = []
        for i in range(runs):
            print(f"  {site.name}: offline reload {i + 1}/{runs} ...", flush=True)
            reloads.append(reload_offline(keep, first))
    finally:
        server.stop()
    out = {
        "first_load": {
            "first_screen_s_median": statistics.median(x["first_screen_s"] for x in loads),
            "first_screen_s": [x["first_screen_s"] for x in loads],
            "marks_median": median_marks([x["marks"] for x in loads]),
            "served": loads[-1]["served"], "fetched_twice": loads[-1]["fetched_twice"],
        },
        "offline_reload": {"s_median": statistics.median(s for s, _ in reloads), "s": [s for s, _ in reloads],
                           "marks_median": median_marks([m for _, m in reloads])},
    }
    if not keep_for_taps:
        keep.context.close()
        keep = None
    return out, keep


def webkit_site(site: pathlib.Path, runs: int, viewport: tuple[int, int], first: str, cpu: PhoneCpu,
                tmp: pathlib.Path) -> dict[str, Any]:
    """First screen (a new browser each run) and offline reload of one site in WebKit."""
    from tests.e2e.test_webkit import SEMANTICS_ON, wait_node
    from tests.harness import webkit

    def first_screen(driver, action) -> float:
        t0 = time.perf_counter()
        action()
        deadline = time.monotonic() + LOAD_TIMEOUT / 1000
        while not driver.execute_script(SEMANTICS_ON):
            if time.monotonic() > deadline:
                raise RuntimeError("WebKit never showed the first screen")
            time.sleep(0.05)
        wait_node(driver, first, role="button", timeout=LOAD_TIMEOUT / 1000)
        return time.perf_counter() - t0

    firsts, reloads, first_marks, reload_marks = [], [], [], []
    marks_js = f"return ({MARKS})();"
    for i in range(runs):
        print(f"  {site.name}: WebKit first load and offline reload {i + 1}/{runs} ...", flush=True)
        server = smoke.StaticServer(site).start()
        cpu.release(server.proc.pid)
        try:
            with webkit.webkit(tmp / f"webkit-{site.name}-{i}.log", *viewport) as driver:
                firsts.append(first_screen(driver, lambda d=driver, u=server.url: d.get(u)))
                first_marks.append(driver.execute_script(marks_js))
                # the service worker holds the core once it is active (sw-register.js tells it the rest)
                driver.execute_async_script(
                    "const done = arguments[arguments.length - 1];"
                    "navigator.serviceWorker.ready.then(() => window.tischrichterCacheLoaded())"
                    ".then(() => done(true), (e) => done(String(e)));")
                wait_snapshot_kept(lambda d=driver: d.execute_script(marks_js))
                server.stop()
                reloads.append(first_screen(driver, driver.refresh))
                reload_marks.append(driver.execute_script(marks_js))
        finally:
            server.stop()
    return {"first_screen_s_median": statistics.median(firsts), "first_screen_s": firsts,
            "offline_reload_s_median": statistics.median(reloads), "offline_reload_s": reloads,
            "first_marks_median": median_marks(first_marks), "reload_marks_median": median_marks(reload_marks)}


def bench_web(taps: int, rates: tuple[float, ...], viewport: tuple[int, int], runs: int,
              tmp: pathlib.Path, phone_cpu: float | None = None) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from tests.harness import webkit

    site = ensure_site()
    floor = ensure_floor(site)
    outside: list[str] = []
    res: dict[str, Any] = {"runs": runs, "viewport": {"width": viewport[0], "height": viewport[1]},
                           "cpu_throttle": list(rates)}
    with PhoneCpu(phone_cpu) as cpu:
        res["phone_cpu"] = {"share": phone_cpu if cpu.group else None, "why_not": cpu.why_not}
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=smoke.CHROMIUM, args=smoke.CHROMIUM_ARGS)
            try:
                res["chromium"] = {}
                res["chromium"]["floor"], floor_page = chromium_site(pw, floor, runs, viewport, FLOOR_SCREEN, cpu,
                                                                     outside, keep_for_taps=bool(taps), tmp=tmp)
                res["chromium"]["app"], keep = chromium_site(pw, site, runs, viewport, FIRST_SCREEN, cpu,
                                                             outside, keep_for_taps=bool(taps), tmp=tmp)
                res["outside_requests"] = sorted(set(outside))
                if taps:
                    print("  taps ...", flush=True)
                    res["taps"] = tap_section(browser, keep, floor_page, taps, rates, viewport, tmp, cpu)
            finally:
                browser.close()
        why = webkit.missing() or ("left out (TISCHRICHTER_BENCH_WEBKIT=0)"
                                   if os.environ.get("TISCHRICHTER_BENCH_WEBKIT") == "0" else None)
        if why:
            res["webkit"] = {"error": why}
        else:
            try:
                res["webkit"] = {"floor": webkit_site(floor, runs, viewport, FLOOR_SCREEN, cpu, tmp),
                                 "app": webkit_site(site, runs, viewport, FIRST_SCREEN, cpu, tmp)}
            except Exception as exc:  # noqa: BLE001 - the figures so far stand; say why WebKit has none
                res["webkit"] = {"error": f"{type(exc).__name__}: {exc}"[:300]}
    return res


def tap_section(browser, offline_page, floor_site_page, taps: int, rates: tuple[float, ...],
                viewport: tuple[int, int], tmp: pathlib.Path, cpu: PhoneCpu) -> dict[str, Any]:
    """The offline app (its game resumed from IndexedDB), the server app and the floor (the bare
    counter served by bench_floor.py), per rate (the servers out of the phone's cgroup); and the
    floor site (the same counter as the offline site, its static server stopped): the counter's
    offline/server ratio is what Pyodide and the worker cost a tap with the app left out."""
    from tests.e2e.conftest import button

    spec = bench.TAP_GAMES["qwixx"]
    button(offline_page, "Weiterspielen: Qwixx Longo: Ana, Ben · 1 Zug").click(60)
    offline_page.get_by_text(spec["back"][1]).wait_for()
    db = tmp / "web-tap.db"
    gid = bench.prepare_qwixx_table(db)
    app, floor = bench.start_app(db), bench.start_floor()
    cpu.release(app.proc.pid), cpu.release(floor.proc.pid)
    pages = []
    try:
        app.wait_port(), floor.wait_port()
        server_page = bench.open_page(browser, f"{app.url}g/{gid}", spec["forth"][0], viewport)
        floor_page = bench.open_page(browser, floor.url, "Plus", viewport)
        pages = [server_page, floor_page]
        tappers = {
            "offline": bench.Alternating(offline_page, spec["forth"], spec["back"], spec["exact"]),
            "server": bench.Alternating(server_page, spec["forth"], spec["back"], spec["exact"]),
            "floor": bench.FloorTapper(floor_page),
            "floor_site": bench.FloorTapper(floor_site_page),
        }
        pages_by_key = {"offline": offline_page, "server": server_page, "floor": floor_page,
                        "floor_site": floor_site_page}
        out: dict[str, Any] = {"taps": spec["what"],
                               "rates": bench.by_rate(pages_by_key, list(rates),
                                                      lambda rate, focus: three_way(tappers, taps, rate, focus))}
        return out
    finally:
        for p in pages:
            p.context.close()
        app.stop(), floor.stop()


def _mb(s: dict[str, Any]) -> str:
    return f"{s['raw_mb']:5.1f} raw {s['gzip_mb']:5.1f} gz {s['brotli_mb']:5.1f} br"


def print_web(w: dict[str, Any]) -> None:
    if w.get("error"):
        print(f"(g) Phone site: not measured ({w['error']})")
        return
    cpu = w.get("phone_cpu") or {}
    speed = (f"phone class: the browser held to {cpu['share']} of a core (cgroup)" if cpu.get("share")
             else f"full speed (phone class: {cpu.get('why_not')})")
    print(f"(g) Phone site (build/out/web, Pyodide) beside the floor (build/out/web-floor, a bare counter), "
          f"{w['viewport']['width']}x{w['viewport']['height']}, {w['runs']} run(s), {speed}; "
          "every host but 127.0.0.1 aborted")
    ch = w["chromium"]
    for key in ("app", "floor"):
        fl, off = ch[key]["first_load"], ch[key]["offline_reload"]
        print(f"  Chromium, {key}:")
        total = fl["served"]
        print(f"    first visit, bytes on the wire (what the server sent, {total['files']} files): {_mb(total)} MB; "
              f"fetched twice: {fl['fetched_twice'] or 'none'}")
        for g, v in sorted(total["groups"].items(), key=lambda kv: -kv[1]["gzip_mb"]):
            print(f"      {g:<44} {_mb(v)} MB ({v['files']} files)")
        print(f"    first screen {fl['first_screen_s_median']:.2f} s (median; "
              f"{', '.join(f'{s:.2f}' for s in fl['first_screen_s'])})   offline reload {off['s_median']:.2f} s "
              f"(median; {', '.join(f'{s:.2f}' for s in off['s'])})")
        for what, marks in (("first load", fl["marks_median"]), ("offline reload", off["marks_median"])):
            steps = "  ".join(f"{k} {v / 1000:.2f}" for k, v in sorted(marks.items(), key=lambda kv: kv[1]))
            print(f"    {what}, marks (s after navigation, median): {steps}")
    if w.get("outside_requests"):
        print(f"    requests to other hosts (aborted): {w['outside_requests']}")
    wk = w.get("webkit") or {}
    if wk.get("error"):
        print(f"  WebKit: not measured ({wk['error']})")
    else:
        for key in ("app", "floor"):
            r = wk[key]
            print(f"  WebKit, {key}: first screen {r['first_screen_s_median']:.2f} s "
                  f"({', '.join(f'{s:.2f}' for s in r['first_screen_s'])})   offline reload "
                  f"{r['offline_reload_s_median']:.2f} s ({', '.join(f'{s:.2f}' for s in r['offline_reload_s'])})")
            for what, marks in (("first load", r.get("first_marks_median") or {}),
                                ("offline reload", r.get("reload_marks_median") or {})):
                steps = "  ".join(f"{k} {v / 1000:.2f}" for k, v in sorted(marks.items(), key=lambda kv: kv[1]))
                print(f"    {what}, marks (s after navigation, median): {steps}")
    t = w.get("taps")
    if not t:
        return
    print(f"  taps ({t['taps']}), in page pointerdown → text / Playwright click → text, median/p95 ms")
    keys = [k for k in ("offline", "server", "floor", "floor_site") if k in next(iter(t["rates"].values()))]
    print(f"      {'rate':>4} | " + " ".join(f"{k.replace('_', ' '):>13}" for k in keys)
          + " | offline/server median, p95; floor site/floor (in page)")
    for rk, r in t["rates"].items():
        cells = " ".join(f"{bench._n(r[k]['in_page_median_ms'])}/{bench._n(r[k]['in_page_p95_ms'])}" for k in keys)
        ratios = (f"{bench._r(r['offline_server_in_page_median_ratio'])}, "
                  f"{bench._r(r['offline_server_in_page_p95_ratio'])}")
        if "floor_site" in keys:
            ratios += (f"; {bench._r(r['floor_site_floor_in_page_median_ratio'])}, "
                       f"{bench._r(r['floor_site_floor_in_page_p95_ratio'])}")
        print(f"      {rk + 'x':>4} | {cells} | {ratios}")
        cells = " ".join(f"{r[k]['median_ms']:6.1f}/{r[k]['p95_ms']:6.1f}" for k in keys)
        print(f"      {'':>4} | {cells} | (Playwright)")
