"""Tischrichter benchmarks (not a test): engine, tap-to-screen, cold start, load, store, faults.

    build/bench.sh                      # everything (a few minutes on 2 cores)
    build/bench.sh --quick              # fewer games, taps, sessions and fault rounds
    build/bench.sh --only engine,store  # sections: engine, tap, cold, load, store, faults
    build/bench.sh --sessions 40        # load section with 40 extra table sessions
    build/bench.sh --only faults --kill-rounds 50   # 50 kill -9 rounds of the real server
    build/bench.sh --only tap --cpu-throttle 1,4 --viewport 390x844   # taps per CPU rate (default 1,4; 1 with --quick)
    build/bench.sh --only web           # the phone's static site (build/bench_web.py): bytes, load, offline, taps
    build/bench.sh --only web --phone-cpu 0.5   # the same, the whole browser held to half a core
    build/bench.sh --only cafe          # 10, 30, 60 tables of 4 phones (build/bench_cafe.py; 5, 10 with --quick)
    build/bench.sh --only coach_phone --phone-cpu 0.5   # the Qwixx coach's "Tipp?" on the phone site, phone class

Prints a table and writes build/out/bench.json. See build/BENCH.md for what each
figure means. Network: loopback only; every wait is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pathlib
import platform
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

OUT = ROOT / "build" / "out"
SECTIONS = ("engine", "tap", "cold", "load", "cafe", "store", "faults", "web", "coach_phone")
QWIXX_ROLL = [3, 4, 8, 1, 2, 5]  # white 3+4 = 7 (as in the browser test)
TARGETS = {
    "tap_p95_ratio": 1.3,
    "cold_ratio": 1.3,
    "load_p95_ms": 150.0,
    "append_p99_ms": 10.0,
    "resume_500_ms": 100.0,
    "tap_throttled_median_ratio": 1.3,  # in page, at a throttled rate (4)
    "tap_throttled_p95_ratio": 1.5,
    "tap_shape_median_ratio": 1.1,  # where Flet cannot reach the above, app vs its same-shape page
}
PHONE = (390, 844)  # the tap section's viewport (--viewport)


# --- small helpers ----------------------------------------------------------------------------------
def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    k = (len(s) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def setup_game(gid: str, rng: random.Random):
    """Sensible options per game, as the random-game tests set them up."""
    from scoring.engine import PlayerSpec

    if gid == "qwixx-longo":
        n = rng.randint(2, 5)
        players = [PlayerSpec(name=f"Spieler {i + 1}") for i in range(n)]
        return players, {"lucky_numbers": [tuple(rng.sample(range(2, 17), 2)) for _ in range(n)]}
    if gid == "verflixxt":
        n = rng.randint(2, 6)
        players = [PlayerSpec(name=f"Spieler {i + 1}") for i in range(n)]
        return players, {"wurminator": rng.random() < 0.5, "first_seat": rng.randrange(n)}
    if gid == "raus-aus-dem-verlies":
        from scoring.verlies import PRESETS

        n = rng.randint(2, 6)
        players = [PlayerSpec(name=f"Spieler {i + 1}") for i in range(n)]
        adv = [PRESETS[i].model_dump() for i in range(n)]
        return players, {"adventurers": adv, "start_player": rng.randrange(n)}
    players = [PlayerSpec(name=f"Spieler {i + 1}") for i in range(2)]
    return players, {}


class Proc:
    """A server subprocess (app or floor); the first stdout line is its URL."""

    def __init__(self, argv: list[str], port: int, env: dict[str, str] | None = None) -> None:
        self.port = port
        self.t_start = time.perf_counter()
        self.proc = subprocess.Popen(
            argv, cwd=ROOT, env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )
        self.url = f"http://127.0.0.1:{port}/"

    def wait_port(self, timeout: float = 30.0) -> float:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return time.perf_counter() - self.t_start
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError("server died") from None
                time.sleep(0.02)
        raise RuntimeError("server did not open its port")

    def rss_mb(self) -> float:
        import psutil

        return psutil.Process(self.proc.pid).memory_info().rss / 2**20

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.send_signal(signal.SIGINT)
                try:
                    self.proc.wait(3)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
                    self.proc.wait()


def start_app(db: pathlib.Path) -> Proc:
    port = free_port()
    return Proc([sys.executable, "-m", "companion", "--port", str(port), "--db", str(db)], port,
                {"TISCHRICHTER_DB": str(db)})


def start_floor(*extra: str) -> Proc:
    port = free_port()
    return Proc([sys.executable, str(ROOT / "build" / "bench_floor.py"), "--port", str(port), *extra], port)


def _prepared_table(db: pathlib.Path, game: str, names: tuple[str, ...], options: dict[str, Any],
                    first: Callable[[Any], Any]) -> str:
    """A table created in ``db`` and brought to the position the taps start from by ``first``."""
    from companion.store import Store
    from companion.table.table import Tables
    from scoring.engine import PlayerSpec

    store = Store(db)
    try:
        table = Tables(store).create(game, [PlayerSpec(name=n) for n in names], options)
        first(table)
        return table.id
    finally:
        store.close()


def prepare_qwixx_table(db: pathlib.Path) -> str:
    """A Qwixx Longo table waiting for Ana's white-sum decision (so 'Rot 7' can be crossed)."""
    return _prepared_table(db, "qwixx-longo", ("Ana", "Ben"), {"lucky_numbers": [(4, 9), (5, 12)]},
                           lambda t: t.roll(values=QWIXX_ROLL))


VX_OPTIONS = {"wurminator": False}  # the default layout (26 tiles), 3 figures each for two players
VX_ROLL = 2  # Ana rolled a 2


def prepare_verflixxt_table(db: pathlib.Path) -> str:
    """A Verflixxt table (default layout, two players, 3 figures each) where Ana rolled a 2 and moves."""
    return _prepared_table(db, "verflixxt", ("Ana", "Ben"), VX_OPTIONS, lambda t: t.roll(values=[VX_ROLL]))


def prepare_verlies_table(db: pathlib.Path) -> str:
    """A Verlies table (three preset adventurers) where Ana has drawn a passage: passage gold may be taken."""
    return _prepared_table(db, "raus-aus-dem-verlies", ("Ana", "Ben", "Cara"), {"start_player": 0},
                           lambda t: (t.submit({"type": "draw_card", "by": 0}),
                                      t.submit({"type": "lay_card", "by": 0, "card": "passage"})))


# --- (a) engine ----------------------------------------------------------------------------------
def bench_engine(quick: bool) -> dict[str, Any]:
    from scoring.engine import games, get_game
    from scoring.simulate import play_random

    budget = 0.4 if quick else 1.5
    out: dict[str, Any] = {}
    for gid in sorted(games()):
        game = get_game(gid)
        rng = random.Random(2024)
        n_games = steps = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < budget or n_games < 3:
            players, options = setup_game(gid, rng)
            played = play_random(gid, players, options, rng)
            n_games += 1
            steps += played.steps
        wall = time.perf_counter() - t0
        # legal + apply alone, on the states of a few recorded games
        rng = random.Random(7)
        step_times: list[float] = []
        for _ in range(3 if quick else 8):
            players, options = setup_game(gid, rng)
            played = play_random(gid, players, options, rng, keep_states=True)
            for state, rec in zip(played.states, played.record.actions):
                action = game.parse_action(rec.action)
                t = time.perf_counter()
                if game.pending_roll(state) is None:
                    game.legal(state)
                game.apply(state, action)
                step_times.append(time.perf_counter() - t)
        out[gid] = {
            "games_per_s": n_games / wall,
            "steps_per_game": steps / n_games,
            "us_per_step_in_play_random": wall / steps * 1e6,
            "us_per_legal_apply_median": statistics.median(step_times) * 1e6,
            "us_per_legal_apply_p95": pct(step_times, 95) * 1e6,
            "games": n_games,
        }
    return out


# --- browser helpers ----------------------------------------------------------------------------
def launch_browser():
    from playwright.sync_api import sync_playwright

    from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS

    pw = sync_playwright().start()
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    return pw, browser


# The in-page measure: pointerdown -> the semantics tree changed so that ``txt`` shows (or, with
# ``gone``, no longer shows: the coach's fold).
IN_PAGE_JS = """([txt, exact, gone]) => {
  window.__tap = {down: null, seen: null};
  // exact: the text is a whole line of the page (innerText puts each semantics node on its own line)
  const shows = () => exact ? ('\\n' + document.body.innerText + '\\n').includes('\\n' + txt + '\\n')
                            : document.body.innerText.includes(txt);
  const done = () => {
    if (window.__tap.seen === null && window.__tap.down !== null && shows() !== !!gone) {
      window.__tap.seen = performance.now();
      obs.disconnect();
    }
  };
  document.addEventListener('pointerdown', () => {
    if (window.__tap.down === null) window.__tap.down = performance.now();
  }, {capture: true, once: true});
  const obs = new MutationObserver(done);
  obs.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""

IN_PAGE_MS = "() => window.__tap && window.__tap.seen !== null ? window.__tap.seen - window.__tap.down : null"


def write_json(res: dict, path: pathlib.Path | str) -> pathlib.Path:
    """A section's figures as JSON (its folder made first); the path, for the line that names it."""
    path = pathlib.Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(res, indent=2, default=str))
    return path


def tap(page, name: str, expect: str, exact: bool = False) -> tuple[float, float | None]:
    """One tap: (ms as seen from Playwright: click → text in the semantics DOM, ms inside the page).

    ``exact``: ``expect`` is a whole text of the page (e.g. "1 Gold", not part of "11 Gold")."""
    from tests.e2e.conftest import button

    loc = button(page, name).first  # resolved before the clock starts
    target = page.get_by_text(expect, exact=exact).first
    page.evaluate(IN_PAGE_JS, [expect, exact])
    t0 = time.perf_counter()
    if page in TOUCH_PAGES:
        loc.tap()  # a finger: no mouse left hovering on the button (see open_page)
    else:
        loc.click()
    target.wait_for(timeout=20_000)
    ms = (time.perf_counter() - t0) * 1000
    return ms, page.evaluate(IN_PAGE_MS)


class Alternating:
    """Taps back and forth: ``forth`` = (button, text that only shows after it), then ``back`` (the undo)."""

    def __init__(self, page, forth: tuple[str, str], back: tuple[str, str], exact: bool = False) -> None:
        self.page = page
        self.forth, self.back, self.exact = forth, back, exact
        self.done = False

    def __call__(self) -> tuple[float, float | None]:
        name, expect = self.back if self.done else self.forth
        r = tap(self.page, name, expect, self.exact)
        self.done = not self.done
        return r


def QwixxTapper(page) -> Alternating:
    """Alternating: Ana crosses red 7 (then Ben decides), undo (Ana decides again)."""
    spec = TAP_GAMES["qwixx"]
    return Alternating(page, spec["forth"], spec["back"], spec["exact"])


class FloorTapper:
    def __init__(self, page) -> None:
        self.page = page
        self.n = 0

    def __call__(self) -> tuple[float, float | None]:
        self.n += 1
        try:
            return tap(self.page, "Plus", f"Zähler: {self.n}")
        except Exception:
            # a tap that timed out may still arrive later: count on from what the page shows, so the
            # next game's taps wait for the right number (one lost tap cost every later game)
            shown = self.page.evaluate("() => (document.body.innerText.match(/Zähler: (\\d+)/) || [])[1] || null")
            if shown is not None:
                self.n = int(shown)
            raise


PASS_AROUND = "Alle (Handy wird herumgereicht)"  # the seat chooser on /g/<id>: this phone acts for all
UNDO = "Rückgängig"  # the undo icon button's tooltip (play.undo), on every game's play screen

# The tap section's games: a table prepared in the database, opened as /g/<id> with "Alle", and the
# two taps that alternate (a typical action, then undo), each with the text only that tap brings.
TAP_GAMES: dict[str, dict[str, Any]] = {
    "qwixx": {
        "game": "qwixx-longo",
        "prepare": prepare_qwixx_table,
        "forth": ("Rot 7", "Weiße Summe 7 – Ben:"),  # Ana crosses red 7 on the white sum: Ben decides
        "back": (UNDO, "Weiße Summe 7 – Ana:"),  # Ana decides again
        "exact": False,
        "what": "cross Rot 7 / undo",
    },
    "verflixxt": {
        "game": "verflixxt",
        "prepare": prepare_verflixxt_table,
        "forth": ("Figur A1: Start » Feld 2 (−1)", "Ben ist dran"),  # Ana's figure moves: Ben's turn to roll
        "back": (UNDO, "Wähle einen Zug:"),  # Ana chooses her move with the 2 again (vx.play.moves_with)
        "exact": True,
        "what": "move figure A1 / undo",
    },
    "verlies": {
        "game": "raus-aus-dem-verlies",
        "prepare": prepare_verlies_table,
        "forth": ("Gold im Gang +1", "1 Gold"),  # passage gold: Ana's purse 0 → 1
        "back": (UNDO, "0 Gold"),  # the purse back to 0
        "exact": True,
        "what": "+1 gold (passage) / undo",
    },
}


# Pages opened as a phone (open_page with a viewport): ``tap`` touches them instead of clicking.
TOUCH_PAGES: weakref.WeakSet[Any] = weakref.WeakSet()


def open_page(browser, url: str, first_button: str, viewport: tuple[int, int] | None = None):
    """The page loaded with semantics on and ``first_button`` shown; ``viewport`` (w, h) or the tests' phone.

    With a ``viewport`` the page is a phone's: it has a touch screen and ``tap`` touches its
    buttons. A mouse click leaves the pointer on the button, and after ~0.8 s Flutter shows an
    icon button's tooltip on hover (the undo's "Rückgängig") and hides it at the next tap: each
    of these rewrote the label of every button node of the page (65 on the Qwixx screen) and
    added its frame to the next tap's. A phone shows a tooltip on a long press only."""
    from tests.e2e.conftest import button, open_app

    if viewport is None:
        page = open_app(browser, url)
    else:  # as open_app, at the given size
        ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, locale="de-DE",
                                  has_touch=True)
        page = ctx.new_page()
        TOUCH_PAGES.add(page)
        page.set_default_timeout(20_000)
        page.goto(url)
        page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=40_000)
        page.locator("flt-semantics-placeholder").dispatch_event("click")
    if "/g/" in url:
        button(page, PASS_AROUND).click(40)
    button(page, first_button).wait_for(40)
    return page


class Throttle:
    """A page's CPU slowed through the Chrome DevTools Protocol (``Emulation.setCPUThrottlingRate``).

    Chromium slows the page's main thread (here: Flutter's Dart code, semantics, events, the DOM)
    by the rate; worker threads such as Flutter's raster worker are not slowed."""

    def __init__(self, page) -> None:
        self.session = page.context.new_cdp_session(page)
        self.rate: float = 1

    def set(self, rate: float) -> None:
        self.session.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        self.rate = rate


def rate_key(rate: float) -> str:
    """A rate as a JSON key and label: 4 → "4", 2.5 → "2.5"."""
    return f"{rate:g}"


def summarize(samples: list[tuple[float, float | None]]) -> dict[str, Any]:
    outer = [s[0] for s in samples]
    inner = [s[1] for s in samples if s[1] is not None]
    return {
        "n": len(outer),
        "median_ms": statistics.median(outer),
        "p95_ms": pct(outer, 95),
        "max_ms": max(outer),
        "in_page_median_ms": statistics.median(inner) if inner else None,
        "in_page_p95_ms": pct(inner, 95) if inner else None,
        "in_page_n": len(inner),
    }


# --- (b) tap to screen ---------------------------------------------------------------------------
def interleaved(tappers: dict[str, Callable[[], Any]], taps: int,
                focus: Callable[[str], Any]) -> dict[str, dict[str, Any]]:
    """Warm-up (4 taps per page), then batches of 10 taps, page after page, until each has ``taps``:
    every page's figures come from the same minutes. A summary per page.

    ``focus(key)`` runs before each page's turn (``Throttles.focus``: only that page slowed)."""
    def turn(key: str) -> Callable[[], Any]:
        focus(key)
        return tappers[key]

    for _ in range(4):  # warm-up: first frames, JIT, fonts
        for key in tappers:
            turn(key)()
    samples: dict[str, list[Any]] = {k: [] for k in tappers}
    batch = 10
    keys = list(tappers)
    while any(len(v) < taps for v in samples.values()):
        for key in keys:
            t = turn(key)
            for _ in range(min(batch, taps - len(samples[key]))):
                samples[key].append(t())
        keys = keys[1:] + keys[:1]  # each page in turn goes first (a page's batch may leave work behind)
    return {k: summarize(v) for k, v in samples.items()}


def ratios(x: dict[str, Any], y: dict[str, Any]) -> dict[str, float | None]:
    """Page x against page y (summaries): Playwright median/p95 and in-page median/p95, x / y."""
    def q(a: float | None, b: float | None) -> float | None:
        return a / b if a and b else None

    return {"median_ratio": q(x["median_ms"], y["median_ms"]), "p95_ratio": q(x["p95_ms"], y["p95_ms"]),
            "in_page_median_ratio": q(x["in_page_median_ms"], y["in_page_median_ms"]),
            "in_page_p95_ratio": q(x["in_page_p95_ms"], y["in_page_p95_ms"])}


def within_throttled(r: dict[str, float | None]) -> bool:
    """The target for a page against the counter at a throttled rate: in page median and p95."""
    med, p95 = r["in_page_median_ratio"], r["in_page_p95_ratio"]
    return (med is not None and p95 is not None and med <= TARGETS["tap_throttled_median_ratio"]
            and p95 <= TARGETS["tap_throttled_p95_ratio"])


def tap_verdict(rate: float, app_floor: dict[str, Any], shape_floor: dict[str, Any] | None,
                app_shape: dict[str, Any] | None) -> tuple[str, str]:
    """(target, verdict) of one game at one rate. Rate 1: app p95 (Playwright) <= 1.3x the
    counter's. Other rates: PASS if the app's in-page median <= 1.3x and p95 <= 1.5x the
    counter's; else PASS (Flet floor) if its same-shape page misses that too and the app's in-page
    median is <= 1.1x the shape page's (Flet itself cannot get there for such a screen); else MISS."""
    if rate == 1:
        return f"p95 <= {TARGETS['tap_p95_ratio']}x floor", verdict(app_floor["p95_ratio"] <= TARGETS["tap_p95_ratio"])
    target = (f"in page median <= {TARGETS['tap_throttled_median_ratio']}x, p95 <= "
              f"{TARGETS['tap_throttled_p95_ratio']}x floor; else shape page misses it and app median <= "
              f"{TARGETS['tap_shape_median_ratio']}x shape")
    if within_throttled(app_floor):
        return target, "PASS"
    if shape_floor is not None and app_shape is not None and not within_throttled(shape_floor):
        med = app_shape["in_page_median_ratio"]
        if med is not None and med <= TARGETS["tap_shape_median_ratio"]:
            return target, "PASS (Flet floor)"
    return target, "MISS"


def side_by_side(app_tap: Callable[[], Any], floor_tap: Callable[[], Any], taps: int, rate: float,
                 shape_tap: Callable[[], Any] | None, focus: Callable[[str], Any]) -> dict[str, Any]:
    """The app page, the floor (counter) page and, if given, the game's same-shape page, in alternating
    batches (``interleaved``); ``rate``: the CPU throttle the tapped page runs at (``focus`` sets it:
    "app", "floor", "shape").

    Top-level ratios are app / floor; ``shape_vs_floor`` and ``app_vs_shape`` the others."""
    pages = {"app": app_tap, "floor": floor_tap, **({"shape": shape_tap} if shape_tap is not None else {})}
    s = interleaved(pages, taps, focus)
    app_floor = ratios(s["app"], s["floor"])
    out: dict[str, Any] = {"cpu_throttle": rate, "app": s["app"], "floor": s["floor"], **app_floor}
    shape_floor = app_shape = None
    if "shape" in s:
        shape_floor, app_shape = ratios(s["shape"], s["floor"]), ratios(s["app"], s["shape"])
        out.update(shape=s["shape"], shape_vs_floor=shape_floor, app_vs_shape=app_shape)
    out["target"], out["verdict"] = tap_verdict(rate, app_floor, shape_floor, app_shape)
    return out


class Throttles:
    """The pages of one comparison, keyed ("app", "floor", ...), of which only the tapped one is slowed.

    Chromium's CPU throttle (``Emulation.setCPUThrottlingRate``) keeps a slowed renderer busy even
    when its page is idle: three idle pages at rate 4 used 1.7 of this machine's 2 cores (three at
    rate 1: 0.03). Measured side by side, the idle pages' throttles took the CPU the tapped page's
    server and Chromium's own processes needed. So the rate is set on the page whose batch is
    running and taken off the others (``focus``), for app and floor pages alike."""

    def __init__(self, pages: dict[str, Any]) -> None:
        self.throttles = {k: Throttle(p) for k, p in pages.items()}
        self.rate: float = 1
        self.slowed: str | None = None

    def focus(self, key: str) -> None:
        if self.slowed == key:
            return
        if self.slowed is not None:
            self.throttles[self.slowed].set(1)
        self.throttles[key].set(self.rate)
        self.slowed = key

    def at(self, rate: float) -> Throttles:
        """All pages back to rate 1; ``focus`` slows the next page to ``rate``."""
        for t in self.throttles.values():
            t.set(1)
        self.rate, self.slowed = rate, None
        return self


def by_rate(pages: dict[str, Any], rates: list[float], run: Callable[[float, Callable[[str], Any]], dict[str, Any]]
            ) -> dict[str, Any]:
    """``run(rate, focus)`` once per rate; ``focus(key)`` slows page ``key`` to the rate (``Throttles``)."""
    throttles = Throttles(pages)
    out: dict[str, Any] = {}
    for rate in rates:
        print(f"    rate {rate_key(rate)} ...", flush=True)
        out[rate_key(rate)] = run(rate, throttles.at(rate).focus)
    throttles.at(1)
    return out


def start_shape(game: str, viewport: tuple[int, int]) -> Proc:
    """The game's same-shape page (``bench_floor.py --shape``): recorded from the app at start-up."""
    return start_floor("--shape", game, "--viewport", f"{viewport[0]}x{viewport[1]}")


def bench_tap(browser, taps: int, tmp: pathlib.Path, games: tuple[str, ...] = tuple(TAP_GAMES),
              rates: tuple[float, ...] = (1,), viewport: tuple[int, int] = PHONE) -> dict[str, Any]:
    """Per game: its app page, the floor (counter) page and the game's same-shape page, side by side
    (``side_by_side``), ``taps`` taps each, per CPU rate.

    Every page is opened at ``viewport``; for each rate in ``rates`` each page is throttled to it
    for its own warm-up taps and batches, the idle ones not (``Throttles``). A shape page that cannot
    start leaves its game measured against the counter alone (its ``shape_error`` says why)."""
    db = tmp / "tap.db"
    ids = {key: TAP_GAMES[key]["prepare"](db) for key in games}
    app, floor = start_app(db), start_floor()
    shapes: dict[str, Proc] = {}
    res: dict[str, Any] = {"cpu_throttle": list(rates), "viewport": {"width": viewport[0], "height": viewport[1]}}
    out: dict[str, Any] = {}
    res["games"] = out
    try:
        app.wait_port(90), floor.wait_port(90)  # a loaded machine: 30 s were not always enough
        # each shape server records its game's screen at start-up, while the first pages open
        shapes.update((key, start_shape(key, viewport)) for key in games)
        floor_page = open_page(browser, floor.url, "Plus", viewport)
        f = FloorTapper(floor_page)  # one floor page; its counter goes on from game to game
        for key in games:
            spec = TAP_GAMES[key]
            app_page = shape_page = None
            shape_error = None
            print(f"  {key} ...", flush=True)
            try:
                app_page = open_page(browser, f"{app.url}g/{ids[key]}", spec["forth"][0], viewport)
                a = Alternating(app_page, spec["forth"], spec["back"], spec["exact"])
                try:
                    shapes[key].wait_port(90)
                    shape_page = open_page(browser, shapes[key].url, spec["forth"][0], viewport)
                    st: Alternating | None = Alternating(shape_page, spec["forth"], spec["back"], spec["exact"])
                except Exception as exc:  # noqa: BLE001 - the game is still measured against the counter
                    shape_error, st = f"{type(exc).__name__}: {exc}"[:300], None
                pages = {k: p for k, p in (("app", app_page), ("floor", floor_page), ("shape", shape_page))
                         if p is not None}
                out[key] = {"game": spec["game"], "taps": spec["what"],
                            "rates": by_rate(pages, list(rates),
                                             lambda rate, focus: side_by_side(a, f, taps, rate, st, focus))}  # noqa: B023 - called at once
                if shape_error:
                    out[key]["shape_error"] = shape_error
            except Exception as exc:  # noqa: BLE001 - one game's failure is reported, the others still run
                out[key] = {"game": spec["game"], "taps": spec["what"], "error": f"{type(exc).__name__}: {exc}"[:300]}
            finally:
                for p in (app_page, shape_page):
                    if p is not None:
                        p.context.close()
                shapes[key].stop()
        floor_page.context.close()
    finally:
        app.stop(), floor.stop()
        for sp in shapes.values():
            sp.stop()
    return res


# --- (c) cold start ---------------------------------------------------------------------------
def cold_once(browser, make: Callable[[], Proc], first_button: str) -> dict[str, float]:
    from tests.e2e.conftest import button

    proc = make()
    try:
        port_s = proc.wait_port()
        ctx = browser.new_context(viewport={"width": 412, "height": 915}, locale="de-DE")
        page = ctx.new_page()
        page.set_default_timeout(40_000)
        page.goto(proc.url)
        page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=40_000)
        page.locator("flt-semantics-placeholder").dispatch_event("click")
        button(page, first_button).wait_for(40)
        total = time.perf_counter() - proc.t_start
        rss = proc.rss_mb()
        ctx.close()
        return {"port_open_s": port_s, "interactive_s": total, "rss_mb_one_client": rss}
    finally:
        proc.stop()


def bench_cold(browser, runs: int, tmp: pathlib.Path) -> dict[str, Any]:
    app_runs, floor_runs = [], []
    for i in range(runs):  # alternate so both see the same machine state
        app_runs.append(cold_once(browser, lambda: start_app(tmp / f"cold{i}.db"), "Qwixx Longo"))  # noqa: B023 - called at once
        floor_runs.append(cold_once(browser, start_floor, "Plus"))

    def med(runs_: list[dict[str, float]], key: str) -> float:
        return statistics.median(r[key] for r in runs_)

    app_s, floor_s = med(app_runs, "interactive_s"), med(floor_runs, "interactive_s")
    ratio = app_s / floor_s
    return {
        "runs": runs,
        "app_interactive_s": app_s,
        "floor_interactive_s": floor_s,
        "app_port_open_s": med(app_runs, "port_open_s"),
        "floor_port_open_s": med(floor_runs, "port_open_s"),
        "app_rss_mb": med(app_runs, "rss_mb_one_client"),
        "floor_rss_mb": med(floor_runs, "rss_mb_one_client"),
        "ratio": ratio,
        "target": f"<= {TARGETS['cold_ratio']}x floor",
        "verdict": verdict(ratio <= TARGETS["cold_ratio"]),
        "all": {"app": app_runs, "floor": floor_runs},
    }


# --- (d) load: light clients speaking Flet's protocol -------------------------------------------
def _learn_ids(node: Any, ids: dict[str, int]) -> None:
    """Find the controls a playing light client taps in a patch: 'Rot 7' and the undo button."""
    if isinstance(node, dict):
        cid = node.get("_i")
        if cid is not None:
            content = node.get("content")
            if node.get("_c") == "Button" and isinstance(content, dict) and content.get("value") == "Rot 7":
                ids["Rot 7"] = cid
            tip = node.get("tooltip")
            if node.get("_c") == "IconButton" and ("Rückgängig" in str(tip)):
                ids["Rückgängig"] = cid
        for v in node.values():
            _learn_ids(v, ids)
    elif isinstance(node, list):
        for v in node:
            _learn_ids(v, ids)


class LightClients:
    """N table sessions over real WebSockets, each a minimal Flet client (msgpack frames).

    Each registers with the table's route (/g/<id>), answers the server's method
    calls with an error (no device info, no preferences: the app falls back), and
    drains every patch the server sends, in an asyncio loop of its own thread.
    """

    def __init__(self, port: int, route: str | list[str], n: int, play_every: float | None = None) -> None:
        self.port, self.n = port, n
        self.routes = route if isinstance(route, list) else [route] * n
        self.play_every = play_every  # seconds between two taps of one client (None: watch only)
        self.own_taps: list[float] = []  # ms from a client's tap to the first patch back
        self.messages = [0] * n
        self.bytes = [0] * n
        self.registered = [False] * n
        self.errors: list[str] = []
        self._stop: asyncio.Event | None = None
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._main(),), daemon=True)

    async def _client(self, i: int) -> None:
        import msgpack
        import websockets

        try:
            async with websockets.connect(f"ws://127.0.0.1:{self.port}/ws", max_size=None, open_timeout=20) as ws:
                page = {"route": self.routes[i], "width": 412, "height": 915, "web": True, "platform": "android"}
                await ws.send(b"\x00" + msgpack.packb([1, {"session_id": "", "page_name": "", "page": page}]))
                ids: dict[str, int] = {}  # "Rot 7" / "Rückgängig" -> control id, learnt from the patches
                crossed = False
                rng = random.Random(i)
                next_tap = time.monotonic() + 2.0 + rng.random() * (self.play_every or 0)
                tapped_at: float | None = None
                while not self._stop.is_set():
                    if self.play_every and tapped_at is None and time.monotonic() >= next_tap:
                        target = ids.get("Rückgängig" if crossed else "Rot 7")
                        if target is not None:
                            await ws.send(
                                b"\x00" + msgpack.packb([3, {"target": target, "name": "click", "data": None}])
                            )
                            tapped_at = time.perf_counter()
                            crossed = not crossed
                        next_tap = time.monotonic() + self.play_every * (0.5 + rng.random())
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
                    except TimeoutError:
                        continue
                    if not isinstance(raw, bytes) or not raw or raw[0] != 0:
                        continue
                    msg = msgpack.unpackb(raw[1:], strict_map_key=False)
                    self.messages[i] += 1
                    self.bytes[i] += len(raw)
                    if self.play_every:
                        _learn_ids(msg, ids)
                        if tapped_at is not None and msg[0] == 2:
                            self.own_taps.append((time.perf_counter() - tapped_at) * 1000)
                            tapped_at = None
                    if msg[0] == 1:
                        self.registered[i] = True
                    elif msg[0] == 5:  # invoke method: this client has no such service
                        body = msg[1]
                        reply = {"control_id": body.get("control_id"), "call_id": body.get("call_id"),
                                 "result": None, "error": "not supported by the bench client"}
                        await ws.send(b"\x00" + msgpack.packb([5, reply]))
        except Exception as exc:  # noqa: BLE001 - reported, not raised
            self.errors.append(f"{type(exc).__name__}: {exc}"[:200])

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        await asyncio.gather(*(self._client(i) for i in range(self.n)))

    def start(self) -> None:
        self.thread.start()

    def wait_ready(self, timeout: float = 60.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if all(self.registered) and all(m >= 2 for m in self.messages):
                return True
            if len(self.errors) >= self.n:
                return False
            time.sleep(0.1)
        return False

    def stop(self) -> None:
        if self._stop is not None:
            self.loop.call_soon_threadsafe(self._stop.set)
        self.thread.join(10)


def bench_load(browser, sessions: int, taps: int, tmp: pathlib.Path) -> dict[str, Any]:
    db = tmp / "load.db"
    gid = prepare_qwixx_table(db)
    own_games = [prepare_qwixx_table(db) for _ in range(sessions)]
    app = start_app(db)
    clients = None
    try:
        app.wait_port()
        time.sleep(0.5)
        rss_idle = app.rss_mb()
        page = open_page(browser, f"{app.url}g/{gid}", "Rot 7")
        tapper = QwixxTapper(page)
        for _ in range(4):
            tapper()
        time.sleep(0.5)
        rss_one = app.rss_mb()
        # the load: N table sessions, each playing its own game (a tap every ~1.5 s, as
        # at a real table), while the Chromium page taps on its own table and is timed
        clients = LightClients(app.port, [f"/g/{g}?all" for g in own_games], sessions, play_every=1.5)
        clients.start()
        ready = clients.wait_ready()
        if not ready:
            return {"measured": False, "reason": f"light clients not ready: {clients.errors[:3]}"}
        time.sleep(1.0)
        rss_n = app.rss_mb()
        before = sum(clients.messages)
        before_bytes = sum(clients.bytes)
        samples = [tapper() for _ in range(taps)]
        time.sleep(0.5)
        fanout = sum(clients.messages) - before
        fanout_bytes = sum(clients.bytes) - before_bytes
        rss_after = app.rss_mb()
        page.context.close()
    finally:
        if clients is not None:
            clients.stop()
        app.stop()
    s = summarize(samples)
    return {
        "measured": True,
        "sessions": sessions,
        "taps": taps,
        "tap": s,
        "patches_received_by_light_clients": fanout,
        "light_client_taps": len(clients.own_taps) if clients else 0,
        "light_client_tap_p95_ms": (sorted(clients.own_taps)[int(0.95 * (len(clients.own_taps) - 1))]
                                    if clients and clients.own_taps else None),
        "patch_kb_per_tap_per_session": fanout_bytes / 1024 / taps / sessions,
        "rss_mb_idle": rss_idle,
        "rss_mb_one_browser": rss_one,
        "rss_mb_with_sessions": rss_n,
        "rss_mb_after_taps": rss_after,
        "rss_mb_per_extra_session": (rss_after - rss_one) / sessions,
        "errors": clients.errors[:3] if clients else [],
        "target": f"p95 < {TARGETS['load_p95_ms']} ms with {sessions} sessions",
        "verdict": verdict(s["p95_ms"] < TARGETS["load_p95_ms"]),
    }


# --- (e) store ------------------------------------------------------------------------------------
def long_game(min_actions: int = 500):
    """A real game of at least ``min_actions`` actions (its first 500 replay as a game)."""
    from scoring.simulate import play_random

    for seed in range(200):
        for gid in ("raus-aus-dem-verlies", "qwixx-longo", "verflixxt"):
            rng = random.Random(seed)
            players, options = setup_game(gid, rng)
            played = play_random(gid, players, options, rng)
            if played.steps >= min_actions:
                return played.record
    raise RuntimeError("no game long enough")


def bench_store(tmp: pathlib.Path, n: int = 500) -> dict[str, Any]:
    from companion.store import Store
    from companion.table.table import Tables

    record = long_game(n)
    base = record.model_copy(update={"actions": ()})
    path = tmp / "bench.db"
    store = Store(path)  # default: WAL + synchronous=FULL
    store.create_game(base)
    times = []
    for seq, act in enumerate(record.actions[:n], start=1):
        t = time.perf_counter()
        store.append(base.id, seq - 1, act)  # based on the cursor before it
        times.append((time.perf_counter() - t) * 1000)
    store.close()
    resumes = []
    for _ in range(5):
        t = time.perf_counter()
        fresh = Store(path)
        table = Tables(fresh).open(base.id)
        resumes.append((time.perf_counter() - t) * 1000)
        assert table.seq == n
        fresh.close()
    # a whole submit through the table (parse, rules, commit) on the same durable store
    store = Store(tmp / "submit.db")
    tables = Tables(store)
    from scoring.dice import Dice
    from scoring.simulate import random_step

    rng = random.Random(11)
    submit_times = []
    while len(submit_times) < 200:
        players, options = setup_game("qwixx-longo", rng)
        table = tables.create("qwixx-longo", players, options)
        dice = Dice(rng)
        while not table.is_over() and len(submit_times) < 200:
            action = random_step(table.game, table.state, rng, dice)
            t = time.perf_counter()
            table.submit(action)
            submit_times.append((time.perf_counter() - t) * 1000)
    store.close()
    p99 = pct(times, 99)
    resume = statistics.median(resumes)
    return {
        "game": record.game,
        "appends": n,
        "append_p50_ms": pct(times, 50),
        "append_p99_ms": p99,
        "append_max_ms": max(times),
        "resume_500_ms_median": resume,
        "resume_500_ms_all": resumes,
        "submit_p50_ms": pct(submit_times, 50),
        "submit_p99_ms": pct(submit_times, 99),
        "append_verdict": verdict(p99 < TARGETS["append_p99_ms"]),
        "resume_verdict": verdict(resume < TARGETS["resume_500_ms"]),
        "fs": _fs_of(tmp),
    }


def _fs_of(path: pathlib.Path) -> str:
    try:
        best = ""
        fstype = "?"
        with open("/proc/mounts") as fh:
            for line in fh:
                parts = line.split()
                if str(path.resolve()).startswith(parts[1]) and len(parts[1]) >= len(best):
                    best, fstype = parts[1], parts[2]
        return f"{fstype} at {best}"
    except OSError:
        return "?"


# --- (f) faults -----------------------------------------------------------------------------------
FAULTS_SEED = 2025  # one seed for the kill points and hypothesis (printed)
KILL_GAMES = 3  # Verlies tables played at once, one WebSocket client each
KILL_DELAY_S = (0.05, 2.5)  # the kill lands this long after the clients start (uniform)


def faults_server_kill(rounds: int, tmp: pathlib.Path, seed: int = FAULTS_SEED) -> dict[str, Any]:
    """kill -9 of the real server (``python -m companion``) during scripted play over its WebSocket.

    KILL_GAMES Raus aus dem Verlies tables in one database; each round starts the server on it,
    one light Flet client per table taps "Korrektur +1" without pause, and the server gets SIGKILL
    after a random delay (wherever the clients are). Then every table is reopened from the store:
    each acknowledged tap must be there (at most the one tap in flight on top), one action per
    coin (nothing half applied), and the state must equal the replay of its log. The next round
    plays on from there."""
    from companion.store import Store
    from companion.table.table import Tables
    from scoring.engine import PlayerSpec, replay
    from tests.companion.web.kill_server_client import tap_until_killed
    from tests.e2e.conftest import Server

    rng = random.Random(seed)
    db = tmp / "faults-server.db"
    store = Store(db)
    tables = Tables(store)
    gids = [tables.create("raus-aus-dem-verlies", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                          {"start_player": 0}).id for _ in range(KILL_GAMES)]
    store.close()
    routes = {gid: f"/g/{gid}?all" for gid in gids}
    gold = {gid: 0 for gid in gids}
    acked = lost = in_flight_kept = half = mismatched = checked = 0
    detail: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    for _ in range(rounds):
        delay = rng.uniform(*KILL_DELAY_S)
        srv = Server(db)
        try:
            acks = asyncio.run(tap_until_killed(srv, routes, gold, delay))
        finally:
            srv.kill(signal.SIGKILL)
        store = Store(db)
        try:
            tables = Tables(store)
            round_lost = 0
            for gid in gids:
                table = tables.open(gid)
                now = table.state.players[0].gold
                want = gold[gid] + acks[gid]
                round_lost += max(0, want - now)
                in_flight_kept += max(0, now - want)
                half += table.cursor != now  # one action per coin: nothing half applied
                mismatched += table.state != replay(store.record(gid))
                checked += 1
                gold[gid] = now
        finally:
            store.close()
        acked += sum(acks.values())
        lost += round_lost
        detail.append({"delay_s": round(delay, 3), "acked": sum(acks.values()), "lost": round_lost})
    secs = time.perf_counter() - t0
    ok = lost == 0 and mismatched == 0 and half == 0 and acked > 0
    return {
        "rounds": rounds, "seed": seed, "games": KILL_GAMES, "acked": acked, "lost": lost,
        "in_flight_kept": in_flight_kept, "half_applied": half, "replay_mismatches": mismatched,
        "games_checked": checked, "seconds": secs, "per_round": detail, "verdict": verdict(ok),
    }


def faults_soak(rounds: int, seed: int = 7) -> dict[str, Any]:
    """build/soak_kill.py: kill -9 of the in-process player (Table + Store), ``rounds`` rounds."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("soak_kill", ROOT / "build" / "soak_kill.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    r = mod.soak(rounds, seed=seed)
    r["verdict"] = verdict(r["lost"] == 0 and r["replay_mismatches"] == 0 and r["acked"] > 0)
    return r


def faults_fuzz(examples: int, seed: int = FAULTS_SEED) -> dict[str, Any]:
    """pytest on tests/**/test_fuzz*.py in a subprocess with TISCHRICHTER_FUZZ_EXAMPLES=``examples``."""
    import re

    files = sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("tests/**/test_fuzz*.py"))
    argv = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--hypothesis-seed={seed}", *files]
    env = {**os.environ, "TISCHRICHTER_FUZZ_EXAMPLES": str(examples)}
    t0 = time.perf_counter()
    try:
        proc = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
        out, rc = proc.stdout, proc.returncode
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode(errors="replace") if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        rc = None
    secs = time.perf_counter() - t0
    lines = [ln for ln in out.splitlines() if ln.strip()]
    summary = next((ln.strip("= ") for ln in reversed(lines) if re.search(r"\d+ (passed|failed|errors?)\b", ln)), "")
    counts = {k: 0 for k in ("passed", "failed", "errors", "skipped")}
    for n, word in re.findall(r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed)", summary):
        key = "errors" if word.startswith("error") else word
        counts[key] = counts.get(key, 0) + int(n)
    tests = sum(counts.values())
    failed = counts["failed"] + counts["errors"]
    ok = rc == 0 and tests > 0 and failed == 0
    return {
        "examples": examples, "seed": seed, "files": files, "tests": tests, **counts, "seconds": secs,
        "returncode": rc, "summary": summary or "(no pytest summary: timeout?)",
        "failures": [ln for ln in lines if ln.startswith(("FAILED", "ERROR"))][:10],
        "verdict": verdict(ok),
    }


def _store_faults() -> Any:
    """build/bench_faults_store.py: the store attacked, beside the process faults above."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_faults_store", ROOT / "build" / "bench_faults_store.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _flood_faults() -> Any:
    """build/bench_faults_flood.py: one phone's event flood, another table's tap p95."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_faults_flood", ROOT / "build" / "bench_faults_flood.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["bench_faults_flood"] = mod  # its flooding phone runs in a spawned process
    spec.loader.exec_module(mod)
    return mod


def _bench_module(name: str) -> Any:
    """build/<name>.py, loaded by path (build/ is no package)."""
    import importlib.util

    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "build" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def bench_faults(kill_rounds: int, soak_rounds: int, fuzz_examples: int, tmp: pathlib.Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    parts = (
        ("server_kill", f"kill -9 of the server, {kill_rounds} rounds", lambda: faults_server_kill(kill_rounds, tmp)),
        ("soak", f"kill -9 of the playing process, {soak_rounds} rounds", lambda: faults_soak(soak_rounds)),
        ("fuzz", f"fuzz tests, {fuzz_examples} examples", lambda: faults_fuzz(fuzz_examples)),
        ("two_servers", "two servers and two writers on one database", lambda: _store_faults().two_servers(tmp)),
        ("read_only", "a read-only data folder", lambda: _store_faults().read_only_folder()),
        ("import_bombs", "import bombs", lambda: _store_faults().import_bombs()),
        ("flood", "an event flood from one phone while another table taps", lambda: _flood_faults().run()),
        ("rss", "the server's memory after 1,000 silent websockets and 600 guest sessions",
         lambda: _bench_module("bench_rss").run()),
    )
    for key, what, run in parts:
        print(f"  {what} ...", flush=True)
        try:
            out[key] = run()
        except Exception as exc:  # noqa: BLE001 - reported as a MISS, not raised
            out[key] = {"error": f"{type(exc).__name__}: {exc}"[:300], "verdict": verdict(False)}
    return out


# --- main -----------------------------------------------------------------------------------------
def print_report(res: dict[str, Any]) -> None:
    line = "-" * 78
    print(line)
    print(f"Tischrichter bench  {res['when']}  {res['machine']}")
    print(line)
    if "engine" in res:
        print("(a) Engine: random complete games (play_random, seeded)")
        print(f"    {'game':24} {'games/s':>9} {'steps/game':>11} {'us/step':>9} {'legal+apply us (med/p95)':>26}")
        for gid, r in res["engine"].items():
            print(
                f"    {gid:24} {r['games_per_s']:9.1f} {r['steps_per_game']:11.0f} "
                f"{r['us_per_step_in_play_random']:9.0f} "
                f"{r['us_per_legal_apply_median']:12.0f} / {r['us_per_legal_apply_p95']:.0f}"
            )
    if "tap" in res:
        print_tap(res["tap"])
    if "cold" in res:
        c = res["cold"]
        if c.get("error"):
            print(f"(c) Cold start: not measured ({c['error']})")
        else:
            print(f"(c) Cold start (process start → first button in semantics), median of {c['runs']}")
            print(
                f"    app {c['app_interactive_s']:.2f} s (port {c['app_port_open_s']:.2f} s, "
                f"RSS {c['app_rss_mb']:.0f} MB)   "
                f"floor {c['floor_interactive_s']:.2f} s (port {c['floor_port_open_s']:.2f} s, "
                f"RSS {c['floor_rss_mb']:.0f} MB)"
            )
            print(f"    ratio {c['ratio']:.2f}x   target {c['target']}: {c['verdict']}")
    if "load" in res:
        d = res["load"]
        if not d.get("measured"):
            print(f"(d) Load: not measured ({d.get('reason')})")
        else:
            s = d["tap"]
            print(f"(d) Load: {d['sessions']} table sessions, each playing its own Qwixx game over a WebSocket "
                  f"(light Flet clients, a tap every ~1.5 s) + 1 Chromium page timed on its own table")
            print(f"    Chromium tap median {s['median_ms']:.1f} ms  p95 {s['p95_ms']:.1f} ms  ({d['taps']} taps); "
                  f"light clients: {d.get('light_client_taps', 0)} taps, p95 tap->patch "
                  f"{d.get('light_client_tap_p95_ms') or float('nan'):.1f} ms, "
                  f"{d['patches_received_by_light_clients']} patches received")
            print(
                f"    server RSS: idle {d['rss_mb_idle']:.0f} MB, 1 browser {d['rss_mb_one_browser']:.0f} MB, "
                f"+{d['sessions']} sessions "
                f"{d['rss_mb_after_taps']:.0f} MB → {d['rss_mb_per_extra_session']:.2f} MB/session"
            )
            print(f"    target {d['target']}: {d['verdict']}")
    if "store" in res:
        s = res["store"]
        print(f"(e) Store (WAL, synchronous=FULL, {s['fs']}); {s['appends']}-action {s['game']} game")
        print(
            f"    append p50 {s['append_p50_ms']:.2f} ms  p99 {s['append_p99_ms']:.2f} ms  "
            f"(max {s['append_max_ms']:.2f})  "
            f"target p99 < {TARGETS['append_p99_ms']:.0f} ms: {s['append_verdict']}"
        )
        print(f"    resume (fresh Store + Tables.open) {s['resume_500_ms_median']:.1f} ms  "
              f"target < {TARGETS['resume_500_ms']:.0f} ms: {s['resume_verdict']}")
        print(f"    whole Table.submit p50 {s['submit_p50_ms']:.2f} ms  p99 {s['submit_p99_ms']:.2f} ms")
    if "web" in res:
        import bench_web

        bench_web.print_web(res["web"])
    if "coach_phone" in res:
        import bench_coach_phone

        bench_coach_phone.print_coach_phone(res["coach_phone"])
    if "cafe" in res:
        if res["cafe"].get("error"):
            print(f"(h) Cafe: not measured ({res['cafe']['error']})")
        else:
            from bench_cafe import print_cafe

            print_cafe(res["cafe"])
    if "faults" in res:
        print_faults(res["faults"])
    print(line)


def print_faults(f: dict[str, Any]) -> None:
    print("(f) Faults survived")
    k = f.get("server_kill", {})
    if k.get("error"):
        print(f"    kill -9 of the server: not run ({k['error']})  MISS")
    elif k:
        print(
            f"    kill -9 of the real server during play over its WebSocket (seed {k['seed']}): {k['rounds']} rounds, "
            f"{k['games']} games at once, {k['seconds']:.0f} s"
        )
        print(
            f"      acknowledged actions {k['acked']}, lost {k['lost']} (+{k['in_flight_kept']} in-flight taps kept), "
            f"games checked {k['games_checked']}, replay equal: {'yes' if not k['replay_mismatches'] else 'NO'}"
            f"{'' if not k['half_applied'] else ', HALF APPLIED: ' + str(k['half_applied'])}   {k['verdict']}"
        )
    s = f.get("soak", {})
    if s.get("error"):
        print(f"    kill -9 of the playing process: not run ({s['error']})  MISS")
    elif s:
        print(f"    kill -9 of the playing process (Table + Store, build/soak_kill.py, seed {s['seed']}): "
              f"{s['rounds']} rounds, {s['seconds']:.0f} s")
        print(f"      acknowledged actions {s['acked']}, lost {s['lost']}, games checked {s['games_checked']}, "
              f"replay equal: {'yes' if not s['replay_mismatches'] else 'NO'}   {s['verdict']}")
    z = f.get("fuzz", {})
    if z.get("error"):
        print(f"    fuzz: not run ({z['error']})  MISS")
    elif z:
        print(f"    fuzz (hypothesis, TISCHRICHTER_FUZZ_EXAMPLES={z['examples']}, seed {z['seed']}): "
              f"{len(z['files'])} files, {z['tests']} tests, {z['passed']} passed, {z['failed']} failed"
              f"{', ' + str(z['errors']) + ' errors' if z['errors'] else ''}, {z['seconds']:.0f} s   {z['verdict']}")
        for ln in z["failures"]:
            print(f"      {ln[:150]}")
    t = f.get("two_servers", {})
    if t.get("error"):
        print(f"    two servers on one database: not run ({t['error']})  MISS")
    elif t:
        print(f"    two servers on one database: second exits {t['second_exit']} naming the holder: "
              f"{'yes' if t['holder_named'] else 'NO'}, first plays on: {'yes' if t['first_kept_running'] else 'NO'}; "
              f"a stale second writer: {t['stale_writes_refused']} writes refused, {t['acked']} acknowledged, "
              f"lost {t['lost']}   {verdict(t['ok'])}")
    r = f.get("read_only", {})
    if r.get("error") or r.get("skipped"):
        print(f"    read-only data folder: not run ({r.get('error') or r.get('skipped')})  MISS")
    elif r:
        c = r["child"]
        print(
            f"    read-only data folder (as {r['as_user']}): notices {c.get('notices')}, read-only "
            f"{'yes' if c.get('readonly') else 'NO'}, games {len(c.get('games', []))}, "
            f"write attempt -> {c.get('write')}, "
            f"files unchanged: {'yes' if r['files_unchanged'] else 'NO'}, lost {r['lost']}   {verdict(r['ok'])}"
        )
    fl = f.get("flood", {})
    if fl.get("error"):
        print(f"    event flood: not run ({fl['error']})")
    elif fl:
        print("    " + _flood_faults().describe(fl))  # printed, not judged
    rs = f.get("rss", {})
    if rs.get("error"):
        print(f"    server memory: not run ({rs['error']})")
    elif rs:
        for line in _bench_module("bench_rss").describe(rs):  # printed, not judged
            print("    " + line)
    b = f.get("import_bombs", {})
    if b.get("error"):
        print(f"    import bombs: not run ({b['error']})  MISS")
    elif b:
        print(f"    import bombs ({len(b['bombs'])}), each: verdict, store unchanged   {verdict(b['ok'])}")
        for name, row in b["bombs"].items():
            print(
                f"      {name:14} {row['verdict']:26} {row['ms']:7.1f} ms  "
                f"unchanged: {'yes' if row['store_unchanged'] else 'NO'}"
            )


def _r(v: float | None) -> str:
    return "  n/a" if v is None else f"{v:.2f}x"


def print_tap(t: dict[str, Any]) -> None:
    if t.get("error"):
        print(f"(b) Tap to screen: not measured ({t['error']})")
        return
    vp = t["viewport"]
    print(f"(b) Tap to screen, per game: app page, bare Flet counter and the game's same-shape page side by side, "
          f"{vp['width']}x{vp['height']}, CPU throttle {', '.join(rate_key(r) + 'x' for r in t['cpu_throttle'])} "
          "(each page while it is tapped, all pages alike)")
    print("    in page: pointerdown → text, ms median/p95 and ratios median/p95; Playwright: click() → text, "
          "p95 app/counter")
    for key, g in t["games"].items():
        if g.get("error"):
            print(f"    {key} ({g['taps']}): not measured ({g['error']})")
            continue
        n = next(iter(g["rates"].values()))["app"]["n"]
        print(
            f"    {key}: {g['taps']}, {n} taps each"
            + (f" (no shape page: {g['shape_error']})" if g.get("shape_error") else "")
        )
        print(f"      {'rate':>4} | {'app':>13} {'counter':>13} {'shape':>13} | {'app/counter':>13} "
              f"{'shape/counter':>13} {'app/shape':>13} | {'Playwright':>10} | verdict")
        for rk, r in g["rates"].items():
            a, f, sh = r["app"], r["floor"], r.get("shape")
            ms = " ".join(f"{_n(x['in_page_median_ms'])}/{_n(x['in_page_p95_ms'])}" if x else f"{'-':>13}"
                          for x in (a, f, sh))
            pairs = [r, r.get("shape_vs_floor"), r.get("app_vs_shape")]
            rs = " ".join(f"{_r(x['in_page_median_ratio']) + '/' + _r(x['in_page_p95_ratio']):>13}" if x
                          else f"{'-':>13}" for x in pairs)
            print(f"      {rk + 'x':>4} | {ms} | {rs} | {_r(r['p95_ratio']):>10} | {r['verdict']}")
    print(f"    verdict at rate 1: Playwright p95 app/counter <= {TARGETS['tap_p95_ratio']}x; other rates: PASS if "
          f"in page app/counter median <= {TARGETS['tap_throttled_median_ratio']}x and p95 <= "
          f"{TARGETS['tap_throttled_p95_ratio']}x; PASS (Flet floor) if the shape page misses that too and "
          f"app/shape median <= {TARGETS['tap_shape_median_ratio']}x; else MISS")


def _n(v: float | None) -> str:
    return "  n/a" if v is None else f"{v:6.1f}"


def _ms(v: float | None) -> str:
    return "n/a" if v is None else f"{v:.1f}/"[:-1] + " ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build/bench.sh", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer games, taps and sessions")
    parser.add_argument("--only", default=",".join(SECTIONS), help="comma list of: " + ",".join(SECTIONS))
    parser.add_argument(
        "--sessions",
        type=int,
        default=None,
        help="extra table sessions for the load section (default 20; 5 with --quick)",
    )
    parser.add_argument(
        "--taps", type=int, default=None, help="taps per game in the tap section (default 100; 20 with --quick)"
    )
    parser.add_argument(
        "--kill-rounds",
        type=int,
        default=None,
        help="kill -9 rounds of the real server in the faults section (default 20; 3 with --quick)",
    )
    parser.add_argument(
        "--fuzz-examples",
        type=int,
        default=None,
        help="TISCHRICHTER_FUZZ_EXAMPLES for the fuzz run in the faults section (default 1000; 200 with --quick)",
    )
    parser.add_argument("--games", default=",".join(TAP_GAMES),
                        help="tap section: comma list of " + ",".join(TAP_GAMES) + " (default all)")
    parser.add_argument(
        "--cpu-throttle",
        default=None,
        help="tap section: CPU throttle rate(s) for every page (while it is tapped), comma list, e.g. 1,4 "
        "(Emulation.setCPUThrottlingRate; default 1,4; 1 with --quick)",
    )
    parser.add_argument("--viewport", default=f"{PHONE[0]}x{PHONE[1]}",
                        help=f"tap section: every page's viewport WxH (default {PHONE[0]}x{PHONE[1]})")
    parser.add_argument("--cafe-tables", default=None,
                        help="cafe section: levels, comma list of table counts (default 10,30,60; 5,10 with --quick)")
    parser.add_argument("--cafe-seconds", type=float, default=None,
                        help="cafe section: seconds of tapping per level (default 40; 15 with --quick)")
    parser.add_argument("--phone-cpu", type=float, default=None,
                        help="web and coach_phone sections: hold the browser (all its processes) to this share of "
                             "one core in a cgroup, e.g. 0.5 (phone class; off when cgroups are not writable)")
    parser.add_argument("--json", default=str(OUT / "bench.json"))
    args = parser.parse_args(argv)
    only = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = set(only) - set(SECTIONS)
    if unknown:
        parser.error(f"unknown section(s): {', '.join(sorted(unknown))}")
    taps = args.taps or (20 if args.quick else 100)
    try:
        rates = tuple(float(r) for r in (args.cpu_throttle or ("1" if args.quick else "1,4")).split(",") if r.strip())
        w, h = (int(v) for v in args.viewport.lower().replace("×", "x").split("x"))
    except ValueError:
        parser.error("--cpu-throttle takes numbers (e.g. 1,4), --viewport WxH (e.g. 390x844)")
    if not rates or any(r < 1 for r in rates) or w < 100 or h < 100:
        parser.error("--cpu-throttle: rates >= 1 (1 = not slowed); --viewport at least 100x100")
    sessions = args.sessions or (5 if args.quick else 20)
    kill_rounds = args.kill_rounds or (3 if args.quick else 20)
    fuzz_examples = args.fuzz_examples or (200 if args.quick else 1000)

    res: dict[str, Any] = {
        "when": time.strftime("%Y-%m-%d %H:%M:%S"),
        "machine": f"{platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} cores, {platform.machine()}",
        "args": vars(args),
    }
    with tempfile.TemporaryDirectory(prefix="tischrichter-bench-") as tmpdir:
        tmp = pathlib.Path(tmpdir)
        if "engine" in only:
            print("engine ...", flush=True)
            res["engine"] = bench_engine(args.quick)
        if "store" in only:
            print("store ...", flush=True)
            res["store"] = bench_store(tmp)
        browser_sections = [s for s in ("tap", "cold", "load", "cafe") if s in only]
        if browser_sections:
            pw = browser = None
            try:
                pw, browser = launch_browser()
            except Exception as exc:  # noqa: BLE001
                for s in browser_sections:
                    res[s] = {"error": f"no browser: {exc}"[:200], "measured": False, "reason": str(exc)[:200]}
            if browser is not None:
                try:
                    if "tap" in only:
                        print("tap ...", flush=True)
                        try:
                            res["tap"] = bench_tap(
                                browser,
                                taps,
                                tmp,
                                tuple(g for g in args.games.split(",") if g in TAP_GAMES),
                                rates,
                                (w, h),
                            )
                        except Exception as exc:  # noqa: BLE001
                            res["tap"] = {"error": f"{type(exc).__name__}: {exc}"[:300]}
                    if "cold" in only:
                        print("cold ...", flush=True)
                        try:
                            res["cold"] = bench_cold(browser, 1 if args.quick else 3, tmp)
                        except Exception as exc:  # noqa: BLE001
                            res["cold"] = {"error": f"{type(exc).__name__}: {exc}"[:300]}
                    if "load" in only:
                        print("load ...", flush=True)
                        try:
                            res["load"] = bench_load(browser, sessions, max(20, taps // 2), tmp)
                        except Exception as exc:  # noqa: BLE001
                            res["load"] = {"measured": False, "reason": f"{type(exc).__name__}: {exc}"[:300]}
                    if "cafe" in only:
                        print("cafe ...", flush=True)
                        try:
                            from bench_cafe import bench_cafe

                            levels = [
                                int(x)
                                for x in (args.cafe_tables or ("5,10" if args.quick else "10,30,60")).split(",")
                                if x.strip()
                            ]
                            res["cafe"] = bench_cafe(browser, levels, args.cafe_seconds or (15 if args.quick else 40),
                                                     tmp, (w, h))
                        except Exception as exc:  # noqa: BLE001
                            res["cafe"] = {"error": f"{type(exc).__name__}: {exc}"[:300]}
                finally:
                    browser.close()
                    pw.stop()
        if "web" in only:  # build/bench_web.py: its own browser, every other host aborted
            print("web ...", flush=True)
            import bench_web

            try:
                res["web"] = bench_web.bench_web(taps, rates, (w, h), 1 if args.quick else 3, tmp,
                                                 phone_cpu=args.phone_cpu)
            except Exception as exc:  # noqa: BLE001
                res["web"] = {"error": f"{type(exc).__name__}: {exc}"[:300]}
        if "coach_phone" in only:  # build/bench_coach_phone.py: its own browser, every other host aborted
            print("coach_phone ...", flush=True)
            import bench_coach_phone

            try:
                res["coach_phone"] = bench_coach_phone.bench_coach_phone(3 if args.quick else 6,
                                                                         phone_cpu=args.phone_cpu)
            except Exception as exc:  # noqa: BLE001
                res["coach_phone"] = {"error": f"{type(exc).__name__}: {exc}"[:300]}
        if "faults" in only:  # last: its server processes and fuzz run do not overlap the timed sections
            print("faults ...", flush=True)
            res["faults"] = bench_faults(kill_rounds, 5 if args.quick else 30, fuzz_examples, tmp)
    print_report(res)
    print(f"JSON: {write_json(res, args.json)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
