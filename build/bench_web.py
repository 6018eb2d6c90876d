"""The phone's static site (issue 16.6), a section of build/bench.py: ``build/bench.sh --only web``.

    build/bench.sh --only web                        # 3 first loads, 3 offline reloads, 100 taps, CPU 1x and 4x
    build/bench.sh --only web --quick                # 1 load, 1 reload, 20 taps, 1x
    build/bench.sh --only web --cpu-throttle 1,4 --taps 50

What it measures, in Debian's Chromium with every host but 127.0.0.1 aborted (build/web/smoke.py):
- first load: a fresh browser profile opens the site (``build/out/web``, built by ``bash build/web.sh``
  if missing) from ``python -m http.server``; the bytes of the site's files in the network log, raw
  (as served) and gzipped (``gzip -6`` of the same files: what a host that compresses would send),
  for the page's own requests and for the service worker's install (it caches every file); time
  from ``goto`` to the first screen's "Qwixx Longo" button in the semantics tree.
- offline reload: the server stopped, ``reload()`` answered by the service worker → the first
  screen again.
- taps: the Qwixx cross "Rot 7" / undo of the tap section (bench.py's ``tap``, in-page
  pointerdown → text and Playwright click → text) in three pages side by side, in batches of 10:
  the offline app (Python in the page's web worker, server stopped), the server app
  (``python -m companion``, /g/<id>) and the bare Flet counter (bench_floor.py), each CPU rate of
  ``--cpu-throttle`` applied to all three pages (bench.py's ``Throttle``: the page's main thread;
  the Pyodide worker is not slowed by Chromium's throttle).
"""

from __future__ import annotations

import gzip
import pathlib
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


def ensure_site() -> pathlib.Path:
    if not (smoke.SITE / "sw.js").exists():
        print("  building the site (bash build/web.sh) ...", flush=True)
        subprocess.run(["bash", "build/web.sh"], cwd=ROOT, check=True)
    return smoke.SITE


class NetLog:
    """The site's files fetched by a context: by the page and by the service worker (its install)."""

    def __init__(self, ctx) -> None:
        self.page: list[str] = []
        self.worker: list[str] = []
        self.cached = 0  # answered by the HTTP cache (not counted)
        ctx.on("requestfinished", self._finished)

    def _finished(self, request) -> None:
        if not smoke.is_local(request.url) or urlsplit(request.url).scheme not in ("http", "https"):
            return
        resp = request.response()
        if resp is None or resp.status != 200 or resp.from_service_worker:
            return  # only what came over the network
        try:  # the worker's copy of what the page just loaded comes from the HTTP cache: no bytes
            if request.sizes()["responseBodySize"] == 0:
                self.cached += 1
                return
        except Exception:  # noqa: BLE001 - no sizes for this request: count it
            pass
        (self.worker if request.service_worker else self.page).append(request.url)


_gz: dict[pathlib.Path, int] = {}


def site_file(site: pathlib.Path, url: str) -> pathlib.Path | None:
    rel = unquote(urlsplit(url).path).lstrip("/") or "index.html"
    path = site / rel
    if path.is_dir():
        path = path / "index.html"
    return path if path.is_file() else None


def sizes(site: pathlib.Path, urls: list[str]) -> dict[str, Any]:
    """Raw and gzipped bytes of the files behind ``urls`` (each time it was fetched)."""
    raw = gz = n = 0
    for url in urls:
        path = site_file(site, url)
        if path is None:
            continue
        if path not in _gz:
            _gz[path] = len(gzip.compress(path.read_bytes(), compresslevel=6, mtime=0))
        raw += path.stat().st_size
        gz += _gz[path]
        n += 1
    return {"files": n, "raw_mb": raw / 1e6, "gzip_mb": gz / 1e6}


def open_first_screen(ctx, url: str, outside: list[str], viewport: tuple[int, int]):
    """A new page of ``ctx`` opened at ``url`` up to the first screen; (page, seconds)."""
    from tests.e2e.conftest import button

    t0 = time.perf_counter()
    page = smoke.open_site(ctx, url, outside, timeout=LOAD_TIMEOUT, routes=False)
    page.set_default_timeout(STEP_TIMEOUT)
    button(page, FIRST_SCREEN).wait_for(LOAD_TIMEOUT / 1000)
    seconds = time.perf_counter() - t0
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    return page, seconds


def wait_cached(page) -> None:
    """Until the service worker holds what this browser needs to start offline (smoke.WAIT_CACHED)."""
    page.evaluate(smoke.WAIT_CACHED, LOAD_TIMEOUT)


def reload_offline(page) -> float:
    """The server is stopped: reload, answered by the service worker, up to the first screen."""
    from tests.e2e.conftest import button

    t0 = time.perf_counter()
    resp = page.reload(timeout=LOAD_TIMEOUT)
    if resp is None or not resp.from_service_worker:
        raise RuntimeError("the offline reload was not answered by the service worker")
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=LOAD_TIMEOUT)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    button(page, FIRST_SCREEN).wait_for(LOAD_TIMEOUT / 1000)
    return time.perf_counter() - t0


def start_qwixx(page) -> None:
    """On the phone: a Qwixx Longo game (Ana, Ben) at bench.py's tap position (the roll QWIXX_ROLL)."""
    from tests.e2e.conftest import button, fill

    button(page, "Qwixx Longo").click(60)
    fill(page, "Name Spieler 1", "Ana")
    fill(page, "Name Spieler 2", "Ben")
    button(page, "Spiel starten").click(60)
    page.get_by_text("Ana ist dran · Wurf Nr. 1").wait_for()
    fill(page, "Echte Würfel: Werte eingeben", " ".join(map(str, bench.QWIXX_ROLL)))
    button(page, "Übernehmen").click(60)
    page.get_by_text(bench.TAP_GAMES["qwixx"]["back"][1]).wait_for()


def three_way(tappers: dict[str, Any], taps: int, rate: float, focus: Any) -> dict[str, Any]:
    """bench.interleaved for three pages (warm-up, then batches of 10 taps, page after page), only the
    tapped page slowed (``focus``, bench.Throttles)."""
    samples = bench.interleaved(tappers, taps, focus)
    res: dict[str, Any] = {"cpu_throttle": rate, **samples}
    for a, b in (("offline", "floor"), ("offline", "server"), ("server", "floor")):
        x, y = res[a], res[b]
        res[f"{a}_{b}_p95_ratio"] = x["p95_ms"] / y["p95_ms"]
        res[f"{a}_{b}_in_page_p95_ratio"] = (x["in_page_p95_ms"] / y["in_page_p95_ms"]
                                              if x["in_page_p95_ms"] and y["in_page_p95_ms"] else None)
    return res


def bench_web(taps: int, rates: tuple[float, ...], viewport: tuple[int, int], runs: int,
              tmp: pathlib.Path) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    site = ensure_site()
    outside: list[str] = []
    res: dict[str, Any] = {"runs": runs, "viewport": {"width": viewport[0], "height": viewport[1]},
                           "cpu_throttle": list(rates)}
    loads: list[dict[str, Any]] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=smoke.CHROMIUM, args=smoke.CHROMIUM_ARGS)
        server = smoke.StaticServer(site).start()
        keep = None  # the last run's page: played to the tap position, then reloaded offline
        try:
            for i in range(runs):
                print(f"  first load {i + 1}/{runs} ...", flush=True)
                # a fresh profile: no cache, no worker; no routes, they switch the HTTP cache off
                ctx = smoke.new_context(browser, outside, routes=False)
                log = NetLog(ctx)
                page, first = open_first_screen(ctx, server.url, outside, viewport)
                wait_cached(page)
                loads.append({"first_screen_s": first, "page": sizes(site, log.page),
                              "service_worker": sizes(site, log.worker),
                              "from_http_cache": log.cached})
                if keep is not None:
                    keep.context.close()
                keep = page
            start_qwixx(keep)
            server.stop()
            reloads = []
            for i in range(runs):
                print(f"  offline reload {i + 1}/{runs} ...", flush=True)
                reloads.append(reload_offline(keep))
            res["first_load"] = {
                "first_screen_s_median": statistics.median(x["first_screen_s"] for x in loads),
                "first_screen_s": [x["first_screen_s"] for x in loads],
                "page": loads[-1]["page"], "service_worker": loads[-1]["service_worker"],
                "from_http_cache": loads[-1]["from_http_cache"],
            }
            res["offline_reload"] = {"s_median": statistics.median(reloads), "s": reloads}
            unknown = sorted(set(outside))
            res["outside_requests"] = unknown
            print("  taps ...", flush=True)
            res["taps"] = tap_section(browser, keep, taps, rates, viewport, tmp)
        finally:
            server.stop()
            browser.close()
    return res


def tap_section(browser, offline_page, taps: int, rates: tuple[float, ...], viewport: tuple[int, int],
                tmp: pathlib.Path) -> dict[str, Any]:
    """The offline app (its game resumed from IndexedDB), the server app and the floor, per rate."""
    from tests.e2e.conftest import button

    spec = bench.TAP_GAMES["qwixx"]
    button(offline_page, "Weiterspielen: Qwixx Longo: Ana, Ben · 1 Zug").click(60)
    offline_page.get_by_text(spec["back"][1]).wait_for()
    db = tmp / "web-tap.db"
    gid = bench.prepare_qwixx_table(db)
    app, floor = bench.start_app(db), bench.start_floor()
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
        }
        pages_by_key = {"offline": offline_page, "server": server_page, "floor": floor_page}
        out: dict[str, Any] = {"taps": spec["what"],
                               "rates": bench.by_rate(pages_by_key, list(rates),
                                                      lambda rate, focus: three_way(tappers, taps, rate, focus))}
        return out
    finally:
        for p in pages:
            p.context.close()
        app.stop(), floor.stop()


def print_web(w: dict[str, Any]) -> None:
    if w.get("error"):
        print(f"(g) Phone site: not measured ({w['error']})")
        return
    fl, off = w["first_load"], w["offline_reload"]
    print(f"(g) Phone site (build/out/web, Pyodide), {w['viewport']['width']}x{w['viewport']['height']}, "
          f"{w['runs']} run(s), every host but 127.0.0.1 aborted")
    for who, s in (("page", fl["page"]), ("service worker (install, passed on)", fl["service_worker"])):
        print(f"    first load, {who}: {s['files']} files, {s['raw_mb']:.1f} MB raw, {s['gzip_mb']:.1f} MB gzipped")
    total_raw = fl["page"]["raw_mb"] + fl["service_worker"]["raw_mb"]
    total_gz = fl["page"]["gzip_mb"] + fl["service_worker"]["gzip_mb"]
    print(f"    first visit in all: {total_raw:.1f} MB raw, {total_gz:.1f} MB gzipped")
    print(f"    first screen {fl['first_screen_s_median']:.1f} s (median; "
          f"{', '.join(f'{s:.1f}' for s in fl['first_screen_s'])})   offline reload {off['s_median']:.1f} s "
          f"(median; {', '.join(f'{s:.1f}' for s in off['s'])})")
    if w["outside_requests"]:
        print(f"    requests to other hosts (aborted): {w['outside_requests']}")
    t = w["taps"]
    print(f"    taps ({t['taps']}), in page pointerdown → text / Playwright click → text, median/p95 ms")
    print(f"      {'rate':>4} | {'offline':>13} {'server':>13} {'floor':>13} | p95 offline/floor offline/server "
          "server/floor (in page; Playwright)")
    for rk, r in t["rates"].items():
        cells = " ".join(f"{bench._n(r[k]['in_page_median_ms'])}/{bench._n(r[k]['in_page_p95_ms'])}"
                         for k in ("offline", "server", "floor"))
        ratios = " ".join(f"{bench._r(r[f'{a}_{b}_in_page_p95_ratio'])}; {bench._r(r[f'{a}_{b}_p95_ratio'])}"
                          for a, b in (("offline", "floor"), ("offline", "server"), ("server", "floor")))
        print(f"      {rk + 'x':>4} | {cells} | {ratios}")
        cells = " ".join(f"{r[k]['median_ms']:6.1f}/{r[k]['p95_ms']:6.1f}" for k in ("offline", "server", "floor"))
        print(f"      {'':>4} | {cells} | (Playwright)")
