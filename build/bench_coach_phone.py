"""The Qwixx Longo coach on the phone site (a section of build/bench.py: ``--only coach_phone``).

    build/bench.sh --only coach_phone --phone-cpu 0.5      # phone class: the browser held to half a core
    .venv/bin/python build/bench_coach_phone.py --phone-cpu 0.5 [--shows 6] [--calls 20] [--site build/out/web]

The offline site (``build/out/web``, built by ``bash build/web.sh`` if missing) in Debian's Chromium at
360x740 (a touch page), every host but 127.0.0.1 aborted. Five Qwixx Longo games with hints allowed
are made with the server's Python (seeded dice, the coach playing every seat) and put into the
phone's storage (as build/trace_web_tap.py ``--games`` does), then opened one after the other from
the home screen ("Weiterspielen"):

- early, white phase: two players, the first roll (Ana decides the white sum);
- early, colour phase: two players, the first colour decision with a colour cross on offer;
- late, white phase and late, colour phase: four players, three quarters into the game;
- late, white phase: five players (the most sheets to value).

In each, "Tipp?" is tapped ``--shows`` times: tap → the advice's title ("Tipp für …") in the
semantics tree, measured inside the page (pointerdown → text, as bench.py measures a tap) and from
Playwright (tap → text); then the same button again folds the advice away (tap → title gone): the
same tap and screen without the coach, the floor a show is compared with. Inside the worker's
Python (patched in through the worker's Pyodide) each show's ``advise`` call and Flet's whole event
are timed too. The first show of each game is reported apart ("first"): the coach's row tables are
built as far as a question needs, once per app start and table size.

Then the pure coach call inside Pyodide, at the same CPU share: ``advise`` on each game's state,
``--calls`` times (median, p95), and once with its row tables cleared (the first call of a start).
The same figures with the server's Python, for comparison. ``--phone-cpu F``: this process and
every browser process in a cgroup held to F of one core (bench_web's ``PhoneCpu``; the static server
outside it). The machine's load average before and after is printed: other work on the machine
takes the half core's time too (folds slow down as much as shows). Figures, not assertions; the
target is tap → advice ≤ 400 ms (p95) at phone class.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import pathlib
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build"))

import bench  # noqa: E402 - the in-page tap measure and pct
import bench_web  # noqa: E402 - the site, the phone-class cgroup, the first screen

from build.web import smoke  # noqa: E402

VIEWPORT = (360, 740)
TARGET_MS = 400.0
TIP = "Tipp?"
LATE = 0.75  # share of the game's rolls before the late positions


@dataclass(frozen=True)
class Spot:
    """A position to ask the coach in: which game, which phase, how far in."""

    key: str
    names: tuple[str, ...]
    phase: str  # "white" or "color"
    late: bool
    seed: int


SPOTS = (
    Spot("early white, 2 players", ("Ana", "Ben"), "white", False, 3),
    Spot("early colour, 2 players", ("Cara", "Dan"), "color", False, 5),
    Spot("late white, 4 players", ("Eva", "Finn", "Gina", "Hugo"), "white", True, 7),
    Spot("late colour, 4 players", ("Ida", "Jan", "Kai", "Lea"), "color", True, 11),
    Spot("late white, 5 players", ("Mia", "Nils", "Ole", "Pia", "Rob"), "white", True, 13),
)


def _play(spot: Spot, seed: int, stop_at_roll: int | None) -> tuple[Any, list[Any], int, bool]:
    """The game of ``spot`` from ``seed`` (seeded dice, the coach's first choice for every seat) up
    to the first decision that fits the spot from roll ``stop_at_roll`` on (None: to the end).
    (record, actions, rolls so far, whether it stopped at such a decision)."""
    from scoring.engine import PlayerSpec, initial_state, new_record
    from scoring.qwixx_coach import best_action
    from scoring.qwixx_longo import GAME, ColorCross, draw_lucky

    rng = random.Random(seed)
    record = new_record("qwixx-longo", [PlayerSpec(name=n) for n in spot.names],
                        {"lucky_numbers": [draw_lucky(rng) for _ in spot.names], "hints": True})
    state = initial_state(record)
    actions: list[Any] = []
    rolls = 0
    while not GAME.is_over(state):
        req = GAME.pending_roll(state)
        if req is not None:
            action = GAME.roll_action(state, [rng.randint(1, d.sides) for d in req.dice])
            rolls += 1
        else:
            if stop_at_roll is not None and rolls >= stop_at_roll and state.phase == spot.phase:
                # the phone shows the first waiting seat's sheet: seat 0 on a fresh white sum; seat 0
                # active too (its white choices are valued with the colour step that would follow)
                fresh = (spot.phase == "white" and len(GAME.current_seats(state)) == len(spot.names)
                         and state.active == 0 and len(GAME.legal(state, 0)) >= 3)
                colour = spot.phase == "color" and any(isinstance(a, ColorCross)
                                                       for a in GAME.legal(state, state.active))
                if fresh or colour:
                    return record, actions, rolls, True
            seat = GAME.current_seats(state)[0]
            action = best_action(state, seat)
        actions.append(action)
        state = GAME.apply(state, action)
    return record, actions, rolls, False


def prepare(spot: Spot) -> tuple[Any, list[Any]]:
    """The record and the actions that lead to ``spot``'s decision (the first seed from
    ``spot.seed`` on whose game has one)."""
    for seed in range(spot.seed, spot.seed + 100):
        start = 0
        if spot.late:
            start = int(LATE * _play(spot, seed, None)[2])
        record, actions, _, found = _play(spot, seed, start)
        if found:
            return record, actions
    raise RuntimeError(f"no game from seed {spot.seed} on reaches the position {spot.key!r}")


def phone_store(tmp: pathlib.Path) -> tuple[bytes, list[dict[str, Any]]]:
    """A store's file holding one open game per spot, as the phone keeps it; and per spot what the
    bench needs: the resume button's words, the seat the coach advises, the record as JSON."""
    from companion.store import Store
    from companion.table.table import Tables
    from scoring.engine import PlayerSpec
    from scoring.qwixx_longo import GAME

    db = tmp / "coach-phone.db"
    store = Store(db, durable=False)
    out = []
    try:
        tables = Tables(store)
        for spot in SPOTS:
            record, actions = prepare(spot)
            table = tables.create("qwixx-longo", [PlayerSpec(name=n) for n in spot.names], dict(record.options))
            for action in actions:
                table.submit(action)
            state = table.state
            seat = GAME.current_seats(state)[0]  # whose sheet and decision the phone shows
            out.append({"spot": spot, "id": table.id, "seat": seat, "turn": state.turn,
                        "resume": f"Weiterspielen: Qwixx Longo: {', '.join(spot.names)} ·",
                        "title": f"Tipp für {spot.names[seat]} (nur zum Lesen):",
                        "legal": len(GAME.legal(state, seat)),
                        "record": table.record.model_dump_json()})
    finally:
        store.close()
    return db.read_bytes(), out


# --- inside the phone's worker (its Pyodide, as build/trace_web_tap.py reaches it) ----------------
# Each show's ``advise`` call (the coach alone) and Flet's whole event (the handler, the screen built
# anew, the patch sent), in ms of the worker's clock.
PY_TIMING = r'''
import builtins, time
from companion.games.qwixx import coach_panel
from flet.messaging import session

if not hasattr(builtins, "_coach_log"):
    builtins._coach_log = []
    _advise = coach_panel.advise

    def _timed_advise(state, seat):
        t = time.perf_counter()
        try:
            return _advise(state, seat)
        finally:
            builtins._coach_log.append(["advise", (time.perf_counter() - t) * 1000])

    coach_panel.advise = _timed_advise
    _dispatch = session.Session.dispatch_event

    async def _timed_dispatch(self, *args, **kwargs):
        t = time.perf_counter()
        try:
            return await _dispatch(self, *args, **kwargs)
        finally:
            builtins._coach_log.append(["event", (time.perf_counter() - t) * 1000])

    session.Session.dispatch_event = _timed_dispatch
"ok"
'''
PY_TAKE_LOG = "import builtins, json; _l = json.dumps(builtins._coach_log); builtins._coach_log.clear(); _l"

# The coach alone: ``advise`` on each spot's state, cold (row tables cleared: a start's first call)
# and then ``CALLS`` times warm; ms per call. ARG: JSON [[record JSON, seat], ...], CALLS.
PY_CALLS = r'''
import json, time
from scoring.engine import parse_record, replay
from scoring import qwixx_coach, qwixx_coach_value

def _coach_calls(arg, calls):
    out = []
    for rec, seat in json.loads(arg):
        state = replay(parse_record(json.loads(rec)))
        qwixx_coach_value.clear_tables()
        t = time.perf_counter()
        qwixx_coach.advise(state, seat)
        cold = (time.perf_counter() - t) * 1000
        warm = []
        for _ in range(calls):
            t = time.perf_counter()
            qwixx_coach.advise(state, seat)
            warm.append((time.perf_counter() - t) * 1000)
        out.append({"cold": cold, "warm": warm})
    return out

json.dumps(_coach_calls(ARG, CALLS))
'''
RUN_PY = """([code, arg, calls]) => {
  const py = self.trPyodide;
  py.globals.set('ARG', arg);
  py.globals.set('CALLS', calls);
  return py.runPython(code);
}"""


def coach_calls(records: list[tuple[str, int]], calls: int) -> list[dict[str, Any]]:
    """PY_CALLS with the server's Python (this process): the same figures natively."""
    scope: dict[str, Any] = {"ARG": json.dumps(records), "CALLS": calls}
    exec(compile(PY_CALLS, "<coach calls>", "exec"), scope)  # noqa: S102 - our own code, as the worker runs it
    return scope["_coach_calls"](scope["ARG"], calls)


def summary(ms: list[float]) -> dict[str, Any]:
    return {"n": len(ms), "p50_ms": statistics.median(ms) if ms else None,
            "p95_ms": bench.pct(ms, 95) if ms else None, "max_ms": max(ms) if ms else None}


def _py(worker, code: str, arg: str = "", calls: int = 0) -> Any:
    return worker.evaluate(RUN_PY, [code, arg, calls])


def _to_game(page, info: dict[str, Any]) -> None:
    """From the home screen into the spot's game (the open games' list unfolded when needed)."""
    import re

    from playwright.sync_api import Error as PlaywrightError

    from tests.e2e.conftest import button

    resume = button(page, info["resume"], exact=False)
    more = page.get_by_role("button", name=re.compile(r"weiteres? offenes? Spiele? zeigen"))
    deadline = time.monotonic() + 120
    while not resume.count():
        if more.count():
            try:  # a loaded machine may redraw the list under the tap: look again
                more.first.click(timeout=5_000)
            except PlaywrightError:
                pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"no open game {info['resume']!r} on the home screen")
        time.sleep(0.3)
    resume.click(60)
    button(page, TIP).wait_for(60)


def _tap(page, title: str, gone: bool) -> tuple[float, float | None]:
    """One tap on "Tipp?" (a finger, as on a phone): ms from Playwright's tap until ``title`` shows
    (or is gone), and the same inside the page."""
    from tests.e2e.conftest import button

    loc = button(page, TIP).first  # resolved before the clock starts
    target = page.get_by_text(title).first
    page.evaluate(bench.IN_PAGE_JS, [title, False, gone])  # gone: the fold, the same tap without the coach
    t0 = time.perf_counter()
    loc.tap()
    target.wait_for(state="detached" if gone else "visible", timeout=30_000)
    return (time.perf_counter() - t0) * 1000, page.evaluate(bench.IN_PAGE_MS)


def _shows(page, worker, info: dict[str, Any], shows: int) -> list[dict[str, Any]]:
    """``shows`` taps on "Tipp?", each folded away again by a second tap (the same button and screen
    without the coach: the floor of the show); per show its figures."""
    out = []
    for _ in range(shows):
        _py(worker, PY_TAKE_LOG)
        ms, inner = _tap(page, info["title"], gone=False)
        time.sleep(0.3)  # the event's end is logged after the patch left
        log = json.loads(_py(worker, PY_TAKE_LOG))
        fold_ms, fold_inner = _tap(page, info["title"], gone=True)
        time.sleep(0.3)
        fold_log = json.loads(_py(worker, PY_TAKE_LOG))
        out.append({"ms": ms, "in_page_ms": inner,
                    "advise_ms": sum(v for k, v in log if k == "advise"),
                    "event_ms": max((v for k, v in log if k == "event"), default=None),
                    "fold_ms": fold_ms, "fold_in_page_ms": fold_inner,
                    "fold_event_ms": max((v for k, v in fold_log if k == "event"), default=None)})
    return out


def bench_coach_phone(shows: int = 6, calls: int = 20, phone_cpu: float | None = None,
                      site: pathlib.Path | None = None) -> dict[str, Any]:
    """The figures (see the module's doc); ``print_coach_phone`` prints them."""
    from playwright.sync_api import sync_playwright

    from build.trace_web_tap import PUT_STORE
    from tests.e2e.conftest import button

    site = site or bench_web.ensure_site()
    res: dict[str, Any] = {"viewport": list(VIEWPORT), "shows_per_spot": shows, "calls": calls,
                           "load_before": os.getloadavg()[0]}
    with tempfile.TemporaryDirectory(prefix="tischrichter-coach-") as tmpdir:
        tmp = pathlib.Path(tmpdir)
        store_bytes, infos = phone_store(tmp)
        records = [(i["record"], i["seat"]) for i in infos]
        res["spots"] = [{"key": i["spot"].key, "turn": i["turn"], "seat": i["seat"], "choices": i["legal"]}
                        for i in infos]
        res["native"] = coach_calls(records, calls)  # before the cgroup: the server's full speed
        with bench_web.PhoneCpu(phone_cpu) as cpu, sync_playwright() as pw:
            res["phone_cpu"] = {"share": phone_cpu if cpu.group else None, "why_not": cpu.why_not}
            print(f"  phone class: {cpu.why_not or f'{phone_cpu} of a core'}", flush=True)
            server = smoke.StaticServer(site).start()
            cpu.release(server.proc.pid)
            outside: list[str] = []
            ctx = pw.chromium.launch_persistent_context(
                str(tmp / "profile"), executable_path=smoke.CHROMIUM, args=smoke.CHROMIUM_ARGS,
                viewport={"width": VIEWPORT[0], "height": VIEWPORT[1]}, locale="de-DE", has_touch=True)
            ctx.on("request", lambda r: None if smoke.is_local(r.url) else outside.append(r.url))
            try:
                page, seconds, _ = bench_web.open_first_screen(ctx, server.url, outside, VIEWPORT)
                print(f"  first screen after {seconds:.1f} s; waiting for the cache and the snapshot ...", flush=True)
                bench_web.wait_cached(page)
                (worker,) = page.workers
                worker.evaluate(PUT_STORE, base64.b64encode(store_bytes).decode())  # the worker closes
                page.reload(timeout=bench_web.LOAD_TIMEOUT)
                page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=bench_web.LOAD_TIMEOUT)
                page.locator("flt-semantics-placeholder").dispatch_event("click")
                bench_web.seen(page, bench_web.FIRST_SCREEN)
                server.stop()  # offline from here on, as a phone at the table
                bench.TOUCH_PAGES.add(page)
                (worker,) = page.workers
                _py(worker, PY_TIMING)
                res["taps"] = []
                for info in infos:
                    print(f"  {info['spot'].key}: {shows} shows ...", flush=True)
                    _to_game(page, info)
                    res["taps"].append(_shows(page, worker, info, shows))
                    button(page, "Start").click(60)
                    bench_web.seen(page, bench_web.FIRST_SCREEN)
                print("  the coach alone in the worker ...", flush=True)
                res["pyodide"] = json.loads(_py(worker, PY_CALLS, json.dumps(records), calls))
            finally:
                ctx.close()
                server.stop()
            res["outside_requests"] = sorted(set(outside))
    res["load_after"] = os.getloadavg()[0]  # the machine's other work: a loaded machine gives the half core late
    return res


def _in_page(taps: list[dict[str, Any]], key: str = "") -> list[float]:
    """Each tap's in-page ms (Playwright's where the page saw no pointerdown)."""
    return [t[f"{key}in_page_ms"] if t[f"{key}in_page_ms"] is not None else t[f"{key}ms"] for t in taps]


def print_coach_phone(r: dict[str, Any]) -> None:
    if r.get("error"):
        print(f"(i) Coach on the phone site: not measured ({r['error']})")
        return
    cpu = r.get("phone_cpu") or {}
    speed = (f"phone class: the browser held to {cpu['share']} of a core (cgroup)" if cpu.get("share")
             else f"FULL SPEED (phone class: {cpu.get('why_not')})")
    load = f"{r.get('load_before', float('nan')):.1f} before, {r.get('load_after', float('nan')):.1f} after"
    print(f"(i) Qwixx Longo coach on the phone site (offline), {r['viewport'][0]}x{r['viewport'][1]}, {speed}; "
          f"the machine's load average {load}")
    print("    tap \"Tipp?\" → advice shown, in page, ms: the game's first show, then p50 / p95; the fold (the same")
    print("    tap, the advice taken away: no coach) p50 / p95; in the worker, p50: advise() and Flet's whole event")
    print(f"    {'position':<24} {'turn':>4} {'choices':>7} | {'first':>5} {'p50':>5} {'p95':>5} | fold {'p50':>5} "
          f"{'p95':>5} | advise() first, p50 | event show / fold")
    every, warm, folds, adv, more = [], [], [], [], []
    for spot, taps in zip(r["spots"], r["taps"], strict=True):
        shown, folded = _in_page(taps), _in_page(taps, "fold_")
        every += shown
        warm += shown[1:]
        folds += folded
        more += [a - b for a, b in zip(shown[1:], folded[1:], strict=True)]
        adv += [t["advise_ms"] for t in taps[1:]]
        s, f = summary(shown[1:]), summary(folded)
        ev = statistics.median(t["event_ms"] or 0 for t in taps[1:])
        fev = statistics.median(t["fold_event_ms"] or 0 for t in taps)
        print(f"    {spot['key']:<24} {spot['turn']:>4} {spot['choices']:>7} | {shown[0]:5.0f} {s['p50_ms']:5.0f} "
              f"{s['p95_ms']:5.0f} | fold {f['p50_ms']:5.0f} {f['p95_ms']:5.0f} | {taps[0]['advise_ms']:6.1f}, "
              f"{statistics.median(t['advise_ms'] for t in taps[1:]):5.1f} ms | {ev:4.0f} / {fev:4.0f} ms")
    a, w, f = summary(every), summary(warm), summary(folds)
    verdict = "PASS" if a["p95_ms"] <= TARGET_MS else "MISS"
    print(f"    all {a['n']} shows: p50 {a['p50_ms']:.0f} ms, p95 {a['p95_ms']:.0f} ms, max {a['max_ms']:.0f} ms "
          f"(without each game's first: p50 {w['p50_ms']:.0f}, p95 {w['p95_ms']:.0f})   target p95 <= "
          f"{TARGET_MS:.0f} ms: {verdict}")
    print(f"    all {f['n']} folds: p50 {f['p50_ms']:.0f} ms, p95 {f['p95_ms']:.0f} ms; a show minus its fold (the "
          f"coach and its panel), p50 {statistics.median(more):+.0f} ms")
    print(f"    advise() inside the shows (without each game's first): p50 {statistics.median(adv):.1f} ms, "
          f"p95 {bench.pct(adv, 95):.1f} ms")
    print(f"    the coach alone, {r['calls']} calls per position, ms: in the phone's worker cold (row tables built "
          "as far as this position needs) / p50 / p95   |   the server's Python, the same")
    for spot, py, nat in zip(r["spots"], r["pyodide"], r["native"], strict=True):
        ps, ns = summary(py["warm"]), summary(nat["warm"])
        print(f"    {spot['key']:<24} {py['cold']:8.1f} / {ps['p50_ms']:6.2f} / {ps['p95_ms']:6.2f}   |   "
              f"{nat['cold']:6.1f} / {ns['p50_ms']:5.2f} / {ns['p95_ms']:5.2f}")
    if r.get("outside_requests"):
        print(f"    requests to other hosts (aborted): {r['outside_requests']}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shows", type=int, default=6, help="taps on Tipp? per position (5 positions)")
    ap.add_argument("--calls", type=int, default=20, help="advise() calls per position, timed in the worker")
    ap.add_argument("--phone-cpu", type=float, default=None, help="e.g. 0.5: the browser held to half a core")
    ap.add_argument("--site", type=pathlib.Path, default=None)
    ap.add_argument("--json", type=pathlib.Path, default=None, help="also write the figures here")
    args = ap.parse_args(argv)
    res = bench_coach_phone(args.shows, args.calls, args.phone_cpu, args.site)
    print_coach_phone(res)
    if args.json:
        bench.write_json(res, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
