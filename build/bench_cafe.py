"""The cafe section of build/bench.py: many tables at once, four phones each.

    build/bench.sh --only cafe                  # 10, 30 and 60 tables, 40 s each, plus an idle run
    build/bench.sh --only cafe --quick          # 5 and 10 tables, 15 s each
    build/bench.sh --only cafe --cafe-tables 30 --cafe-seconds 60

One app server (``python -m companion``, loopback) per level, on a copy of one prepared
database: tables of four players, the three games in turn. Every phone is a light protocol
client (``tests/companion/web/kill_server_client.py``: Flet's WebSocket protocol, no drawing)
that joined like a real phone: the game's guest link ``/g/<id>?t=<token>`` (the server sets
its guest and phone cookies), then ``/g/<id>/seat/<n>`` claims seat n. At each table Ana
(seat 0) taps on her own rhythm (one action every 1-3 s), alternating the game's action and
*Rückgängig*; a tap is done when all four phones show the text it brings. One more table is
played by a Chromium page as Ana (three light phones beside it), timed inside the page as
the tap section does; its idle figure comes from a run with no other table.
See build/BENCH.md ("(h) Cafe") for every figure.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import os
import pathlib
import random
import shutil
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import bench  # build/bench.py: servers, the browser, the in-page tap
import msgpack

from tests.companion.web.kill_server_client import FletClient, open_client

TARGET_P95_MS = 100.0  # tap -> last phone of the table, at 30 tables
TARGET_CHROMIUM_RATIO = 1.5  # the sampled page's in-page p95 vs its idle run
TARGET_TABLES = 30
NAMES = ("Ana", "Ben", "Cara", "Dora")
UNDO = bench.UNDO

# Per game: how the table is prepared (Ana's decision pending), what Ana taps, and the text
# every one of the four phones shows after that tap (the seat views differ, these lines do not).
CAFE_GAMES: dict[str, dict[str, Any]] = {
    "qwixx-longo": {
        "options": {"lucky_numbers": [(15, 16), (14, 16), (13, 16), (12, 16)]},  # far from the sums rolled
        "first": lambda t: t.roll(values=bench.QWIXX_ROLL),  # white sum 7: everyone decides
        "forth": ("Rot 7", "Ana: Rot 7"),
        "back": (UNDO, "Ana, Ben, Cara und Dora entscheiden noch"),
        "action": {"type": "white_cross", "seat": 0, "color": "red"},
    },
    "verflixxt": {
        "options": {"wurminator": False},
        "first": lambda t: t.roll(values=[bench.VX_ROLL]),
        "forth": ("Figur A1: Start » Feld 2 (−1)", "Letzter Zug – Ana: Figur A1: Start » Feld 2 (−1)"),
        "back": (UNDO, "Ana ist dran"),
    },
    "raus-aus-dem-verlies": {
        "options": {"start_player": 0},
        "first": lambda t: (t.submit({"type": "draw_card", "by": 0}),
                            t.submit({"type": "lay_card", "by": 0, "card": "passage"})),
        "forth": ("Gold im Gang +1", "Zug 1: Ana +1 (Gang)"),
        "back": (UNDO, "Noch keine Goldänderung."),
    },
}
# The Chromium phone's table (Qwixx, Ana's seat): the tap and the text Ana's own page then shows.
CHROMIUM_FORTH = ("Rot 7", "Ana: Rot 7")
CHROMIUM_BACK = (UNDO, "Weiße Summe 7 – Ana:")


@dataclass
class Prepared:
    db: pathlib.Path
    tables: list[tuple[str, str, str]]  # (game id, record game, token) for the café tables
    sampled: tuple[str, str]  # (game id, token) of the Chromium phone's table
    start: dict[str, tuple[int, int]]  # game id -> (cursor, rev) as prepared


def prepare(tmp: pathlib.Path, n: int) -> Prepared:
    """``n`` café tables (the three games in turn) and the sampled Qwixx table, in one file."""
    from companion.store import Store
    from companion.table.table import Tables
    from scoring.engine import PlayerSpec

    db = tmp / "cafe.db"
    store = Store(db)
    try:
        tables = Tables(store)
        players = [PlayerSpec(name=x) for x in NAMES]
        games = list(CAFE_GAMES)
        out = []
        for i in range(n):
            g = games[i % len(games)]
            t = tables.create(g, players, CAFE_GAMES[g]["options"])
            CAFE_GAMES[g]["first"](t)
            out.append((t.id, g, t.token))
        s = tables.create("qwixx-longo", players, CAFE_GAMES["qwixx-longo"]["options"])
        CAFE_GAMES["qwixx-longo"]["first"](s)
        start = {gid: store.load_with_rev(gid)[1:] for gid, _, _ in out}
        start[s.id] = store.load_with_rev(s.id)[1:]
        return Prepared(db, out, (s.id, s.token), start)
    finally:
        store.close()


def join_cookie(port: int, game_id: str, token: str) -> str:
    """What a phone's browser holds after opening the game's guest link: its Cookie header."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        conn.request("GET", f"/g/{game_id}?t={token}")
        resp = conn.getresponse()
        resp.read()
        cookies = [h.split(";", 1)[0] for k, h in resp.getheaders() if k.lower() == "set-cookie"]
    finally:
        conn.close()
    if resp.status != 200 or len(cookies) < 2:
        raise RuntimeError(f"guest link refused: HTTP {resp.status}")
    return "; ".join(cookies)


def _control_ids(node: Any, names: set[str], ids: dict[str, int]) -> None:
    """Control ids of the buttons named ``names`` (its text, or its tooltip) in a decoded patch."""
    if isinstance(node, dict):
        cid = node.get("_i")
        if cid is not None:
            content = node.get("content")
            text = content.get("value") if isinstance(content, dict) else content
            tip = node.get("tooltip")
            tip = tip.get("message") if isinstance(tip, dict) else tip
            for name in (text, tip):
                if isinstance(name, str) and name in names:
                    ids[name] = cid
        for v in node.values():
            _control_ids(v, names, ids)
    elif isinstance(node, list):
        for v in node:
            _control_ids(v, names, ids)


@dataclass
class TableRun:
    game_id: str
    game: str
    cookies: list[str]
    acting: bool = True  # False: the Chromium page is Ana; these phones only watch
    latencies: list[float] = field(default_factory=list)  # ms, tap -> the 4th phone shows it
    forth: int = 0  # acknowledged (the text on all four phones)
    back: int = 0
    lost: int = 0  # taps sent whose text did not reach all four phones in time
    error: str | None = None
    ready: bool = False


class Watch:
    """One phone's frames as they arrive: when each awaited text came (bytes only, no decoding)."""

    def __init__(self, phone: FletClient, ids: dict[str, int] | None, names: set[str], arrived: asyncio.Event) -> None:
        self.phone, self.ids, self.names, self.arrived = phone, ids, names, arrived
        self.want: set[bytes] = set()
        self.seen: dict[bytes, float] = {}

    def expect(self, needle: bytes) -> None:
        self.seen.pop(needle, None)
        self.want.add(needle)

    async def run(self) -> None:
        while True:
            raw = await self.phone.frame(timeout=3600)
            now = time.perf_counter()
            for needle in [n for n in self.want if n in raw]:
                self.seen[needle] = now
                self.want.discard(needle)
                self.arrived.set()
            if self.ids is not None:  # Ana's phone: the buttons' ids (a redrawn button gets a new one)
                _control_ids(msgpack.unpackb(raw[1:], strict_map_key=False), self.names, self.ids)


class Cafe:
    """Every light phone of one level, in one asyncio loop on its own thread."""

    TAP_TIMEOUT = 10.0

    def __init__(self, port: int, runs: list[TableRun], seed: int) -> None:
        self.port, self.runs, self.seed = port, runs, seed
        self.loop = asyncio.new_event_loop()
        self.go = threading.Event()  # set: the tables start tapping
        self.stop_at = float("inf")  # time.monotonic() at which the tables stop
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._main(),), daemon=True)

    async def _main(self) -> None:
        await asyncio.gather(*(self._table(i, r) for i, r in enumerate(self.runs)))

    async def _table(self, i: int, run: TableRun) -> None:
        spec = CAFE_GAMES[run.game]
        names = {spec["forth"][0], spec["back"][0]}
        try:
            async with contextlib.AsyncExitStack() as stack:
                watches: list[Watch] = []
                ids: dict[str, int] = {}
                arrived = asyncio.Event()  # some phone of this table saw an awaited text
                for seat, cookie in enumerate(run.cookies):
                    if seat == 0 and not run.acting:
                        continue  # the Chromium page is Ana
                    phone = await stack.enter_async_context(
                        open_client(self.port, f"/g/{run.game_id}/seat/{seat}", cookie))
                    if seat == 0:  # Ana's phone learns its buttons from the first page it gets
                        while spec["forth"][0] not in ids:
                            _control_ids(await phone.receive(), names, ids)
                    watches.append(Watch(phone, ids if seat == 0 else None, names, arrived))
                readers = [asyncio.create_task(w.run()) for w in watches]
                run.ready = True
                try:
                    if run.acting:
                        await self._tap_loop(i, run, watches, ids, spec)
                    else:
                        while time.monotonic() < self.stop_at:
                            await asyncio.sleep(0.2)
                finally:
                    for t in readers:
                        t.cancel()
        except Exception as exc:  # noqa: BLE001 - reported with the figures, never raised
            run.error = f"{type(exc).__name__}: {exc}"[:200]

    async def _tap_loop(self, i: int, run: TableRun, watches: list[Watch], ids: dict[str, int], spec: dict) -> None:
        rng = random.Random(self.seed * 1000 + i)
        while not self.go.is_set():
            await asyncio.sleep(0.05)
        await asyncio.sleep(rng.uniform(0, 2))  # the tables do not start in step
        forth = True
        while time.monotonic() < self.stop_at:
            name, text = spec["forth"] if forth else spec["back"]
            needle = msgpack.packb(text)
            target = ids.get(name)
            if target is None:  # cannot happen: the previous tap's patch brought the button
                run.error = f"no button {name!r} on Ana's phone"
                return
            for w in watches:
                w.expect(needle)
            arrived = watches[0].arrived
            t0 = time.perf_counter()
            await watches[0].phone.click(target)
            end = time.monotonic() + self.TAP_TIMEOUT
            while any(needle not in w.seen for w in watches) and time.monotonic() < end:
                arrived.clear()
                if any(needle not in w.seen for w in watches):
                    try:
                        await asyncio.wait_for(arrived.wait(), max(0.0, end - time.monotonic()))
                    except TimeoutError:
                        break
            if not all(needle in w.seen for w in watches):
                run.lost += 1
                return  # the table's state is in doubt now: it stops tapping
            run.latencies.append((max(w.seen[needle] for w in watches) - t0) * 1000)
            if forth:
                run.forth += 1
            else:
                run.back += 1
            forth = not forth
            await asyncio.sleep(rng.uniform(1.0, 3.0))  # about one action every 2 s

    def start(self) -> None:
        self.thread.start()

    def wait_ready(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if all(r.ready or r.error for r in self.runs):
                return all(r.ready for r in self.runs)
            time.sleep(0.1)
        return False

    def join(self) -> None:
        self.thread.join(self.TAP_TIMEOUT + 30)


# --- one level ---------------------------------------------------------------------------------------
def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process so far, from /proc/<pid>/stat."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def open_seat_page(browser, url: str, viewport: tuple[int, int]):
    """The Chromium phone: the game's guest link for Ana's seat, semantics on, her sheet shown."""
    from tests.e2e.conftest import button

    ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, locale="de-DE")
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=40_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    button(page, CHROMIUM_FORTH[0]).wait_for(timeout=40_000)
    return page


def check_store(db: pathlib.Path, prep: Prepared, acked: dict[str, tuple[int, int, int]]) -> dict[str, Any]:
    """Every table against its log, the server stopped: store -> replay -> the state the acknowledged
    taps make; revisions = acknowledged writes (nothing lost, nothing doubled). ``acked``: game id ->
    (forth, back, lost) where a lost tap (text not on every phone in time) may or may not be saved."""
    from companion.store import Store
    from scoring.engine import get_game, replay

    store = Store(db)
    bad: list[str] = []
    checked = in_doubt = 0
    try:
        for gid, (forth, back, lost) in acked.items():
            record, cursor, rev = store.load_with_rev(gid)
            c0, r0 = prep.start[gid]
            writes = rev - r0
            ok_rev = writes == forth + back or (lost and writes == forth + back + 1)
            in_doubt += bool(lost)
            want_cursor = c0 + forth - back
            # the tap in doubt (lost) is the next one: forth when forth == back, else the undo
            ok_cursor = cursor == want_cursor or bool(lost and cursor == c0 + (1 if forth == back else 0))
            ok_log = len(record.actions) == c0 + (1 if forth or cursor > c0 else 0)
            state = replay(record, cursor)
            expect = replay(record, c0)
            if cursor > c0:  # Ana's action on top of the prepared position, nothing else
                game = get_game(record.game)
                expect = game.apply(expect, game.parse_action(record.actions[c0].action))
                ok_log = ok_log and record.actions[c0].seat == 0
            if not (ok_rev and ok_cursor and ok_log and state == expect):
                bad.append(f"{gid[:8]}: {forth}+{back} acked, rev +{writes}, cursor {cursor} (want {want_cursor}), "
                           f"{len(record.actions)} actions")
            checked += 1
    finally:
        store.close()
    return {"tables": checked, "in_doubt": in_doubt, "bad": bad[:5], "n_bad": len(bad),
            "verdict": bench.verdict(not bad)}


def run_level(browser, prep: Prepared, tables: int, seconds: float, tmp: pathlib.Path,
              viewport: tuple[int, int], seed: int) -> dict[str, Any]:
    """``tables`` café tables (light phones) and the Chromium phone's table, for ``seconds``."""
    db = tmp / f"cafe-{tables}.db"
    shutil.copy(prep.db, db)
    for ext in ("-wal", "-shm"):
        if pathlib.Path(str(prep.db) + ext).exists():
            shutil.copy(str(prep.db) + ext, str(db) + ext)
    app = bench.start_app(db)
    page = None
    cafe = None
    try:
        app.wait_port()
        time.sleep(0.5)
        rss_idle = app.rss_mb()
        sid, stok = prep.sampled
        runs = [TableRun(gid, game, [join_cookie(app.port, gid, tok) for _ in NAMES])
                for gid, game, tok in prep.tables[:tables]]
        watchers = TableRun(sid, "qwixx-longo", [""] + [join_cookie(app.port, sid, stok) for _ in NAMES[1:]],
                            acting=False)
        cafe = Cafe(app.port, [*runs, watchers], seed)
        cafe.start()
        if not cafe.wait_ready(60 + tables):
            errs = [r.error for r in cafe.runs if r.error][:3]
            return {"tables": tables, "measured": False, "reason": f"phones not ready: {errs}"}
        page = open_seat_page(browser, f"{app.url}g/{sid}/seat/0?t={stok}", viewport)
        tapper = bench.Alternating(page, CHROMIUM_FORTH, CHROMIUM_BACK)
        for _ in range(4):  # warm-up, as in the tap section
            tapper()
        time.sleep(1.0)
        sessions = 4 * (tables + 1)
        rss_sessions = app.rss_mb()
        cpu0 = cpu_seconds(app.proc.pid)
        t_start = time.monotonic()
        cafe.stop_at = t_start + seconds
        cafe.go.set()
        chromium: list[tuple[float, float | None]] = []
        chromium_acked = [0, 0]  # (forth, back) after the warm-up's even number of taps
        while time.monotonic() < cafe.stop_at:
            fwd = not tapper.done
            chromium.append(tapper())
            chromium_acked[0 if fwd else 1] += 1
            time.sleep(0.5)
        cafe.join()
        wall = time.monotonic() - t_start
        cpu = cpu_seconds(app.proc.pid) - cpu0
        load = os.getloadavg()[0]  # other programs on the machine: the latencies depend on it
        rss_after = app.rss_mb()
    finally:
        if page is not None:
            page.context.close()
        if cafe is not None:
            cafe.stop_at = 0
            cafe.join()
        app.stop()
    lat = [x for r in runs for x in r.latencies]
    taps = len(lat) + len(chromium)
    acked = {r.game_id: (r.forth, r.back, r.lost) for r in runs}
    acked[sid] = (chromium_acked[0] + 2, chromium_acked[1] + 2, 0)  # the 4 warm-up taps: 2 + 2
    inner = [v for _, v in chromium if v is not None]
    return {
        "tables": tables,
        "measured": True,
        "sessions": sessions,
        "seconds": round(wall, 1),
        "taps": len(lat),
        "taps_per_s": len(lat) / wall if wall else None,
        "lost": sum(r.lost for r in runs),
        "errors": [f"{r.game_id[:8]}: {r.error}" for r in cafe.runs if r.error][:5],
        "p50_ms": bench.pct(lat, 50), "p95_ms": bench.pct(lat, 95), "p99_ms": bench.pct(lat, 99),
        "max_ms": max(lat) if lat else None,
        "by_game": {g: {"taps": len(v), "p95_ms": bench.pct(v, 95)}
                    for g in CAFE_GAMES for v in [[x for r in runs if r.game == g for x in r.latencies]]},
        "chromium": {"taps": len(chromium), "in_page_median_ms": bench.pct(inner, 50) if inner else None,
                     "in_page_p95_ms": bench.pct(inner, 95) if inner else None,
                     "playwright_p95_ms": bench.pct([m for m, _ in chromium], 95)},
        "server_cpu_ms_per_tap": cpu * 1000 / taps if taps else None,  # every tap: the tables' and Chromium's
        "server_cpu_share": cpu / wall if wall else None,
        "load_average_1min": load,
        "rss_mb_idle": rss_idle, "rss_mb_sessions": rss_sessions, "rss_mb_after": rss_after,
        "rss_mb_per_session": (rss_after - rss_idle) / sessions,
        "store": check_store(db, prep, acked),
    }


def bench_cafe(browser, levels: list[int], seconds: float, tmp: pathlib.Path,
               viewport: tuple[int, int] = bench.PHONE, seed: int = 17) -> dict[str, Any]:
    prep = prepare(tmp, max(levels))
    out: dict[str, Any] = {"levels": levels, "seconds": seconds, "seed": seed, "runs": {}}
    print("  cafe: idle (the Chromium phone's table alone) ...", flush=True)
    idle = run_level(browser, prep, 0, min(seconds, 20), tmp, viewport, seed)
    out["idle"] = idle
    idle_p95 = idle.get("chromium", {}).get("in_page_p95_ms")
    for n in levels:
        print(f"  cafe: {n} tables ...", flush=True)
        try:
            r = run_level(browser, prep, n, seconds, tmp, viewport, seed)
        except Exception as exc:  # noqa: BLE001 - one level failing does not hide the others
            r = {"tables": n, "measured": False, "reason": f"{type(exc).__name__}: {exc}"[:300]}
        if r.get("measured") and idle_p95:
            p95 = r["chromium"]["in_page_p95_ms"]
            r["chromium"]["in_page_p95_ratio"] = p95 / idle_p95 if p95 else None
        out["runs"][str(n)] = r
    out["knee"] = knee([out["runs"][str(n)] for n in levels])
    at = out["runs"].get(str(TARGET_TABLES))
    if at and at.get("measured"):
        ratio = at["chromium"].get("in_page_p95_ratio")
        out["target"] = (f"{TARGET_TABLES} tables: tap -> last phone p95 < {TARGET_P95_MS:.0f} ms; "
                         f"Chromium in-page p95 <= {TARGET_CHROMIUM_RATIO}x idle")
        out["verdict"] = bench.verdict(at["p95_ms"] < TARGET_P95_MS and ratio is not None
                                       and ratio <= TARGET_CHROMIUM_RATIO)
    return out


def knee(runs: list[dict[str, Any]]) -> str:
    """Where tap -> last phone stops holding: the first level over the target, or whose p95 is more
    than twice the smallest level's."""
    ok = [r for r in runs if r.get("measured")]
    if not ok:
        return "not measured"
    base = ok[0]["p95_ms"]
    prev = None
    for r in ok:
        if r["p95_ms"] >= TARGET_P95_MS or r["p95_ms"] > 2 * base:
            if prev is None:
                return f"at or below {r['tables']} tables (p95 {r['p95_ms']:.0f} ms)"
            return (f"between {prev['tables']} and {r['tables']} tables "
                    f"(p95 {prev['p95_ms']:.0f} -> {r['p95_ms']:.0f} ms)")
        prev = r
    return f"not reached up to {ok[-1]['tables']} tables (p95 {ok[-1]['p95_ms']:.0f} ms)"


def print_cafe(c: dict[str, Any]) -> None:
    print(f"\n(h) cafe: tables of 4 phones (light clients joined by the guest link), {c['seconds']:.0f} s per level, "
          f"Ana taps every 1-3 s; one Chromium phone (Ana) at one more table")
    idle = c.get("idle", {})
    ich = idle.get("chromium", {})
    print(f"  idle: Chromium in page median {bench._ms(ich.get('in_page_median_ms'))}, "
          f"p95 {bench._ms(ich.get('in_page_p95_ms'))} ({ich.get('taps', 0)} taps)")
    print("  tables sessions  taps  lost  tap->last phone p50/p95/p99 ms   Chromium in-page p95 (x idle)"
          "  CPU ms/tap  CPU share  MB/session  store")
    for n in c["levels"]:
        r = c["runs"].get(str(n), {})
        if not r.get("measured"):
            print(f"  {n:6d}  not measured: {r.get('reason')}")
            continue
        ch = r["chromium"]
        ratio = ch.get("in_page_p95_ratio")
        st = r["store"]
        print(f"  {n:6d} {r['sessions']:8d} {r['taps']:5d} {r['lost']:5d}   "
              f"{r['p50_ms']:6.0f} {r['p95_ms']:6.0f} {r['p99_ms']:6.0f}              "
              f"{bench._ms(ch.get('in_page_p95_ms')):>9} ({'-' if ratio is None else f'{ratio:.2f}x'})"
              f"        {r['server_cpu_ms_per_tap']:7.1f}     {r['server_cpu_share']:5.0%}     "
              f"{r['rss_mb_per_session']:6.2f}   {st['verdict']} {st['tables']} tables"
              + (f", {st['in_doubt']} in doubt" if st["in_doubt"] else ""))
        for bad in st["bad"]:
            print(f"           store MISS {bad}")
        for err in r["errors"]:
            print(f"           error {err}")
        load = r.get("load_average_1min", float("nan"))
        print(f"           machine load average {load:.1f} ({os.cpu_count()} cores); "
              "p95 by game: " + ", ".join(f"{g} {v['p95_ms']:.0f} ms ({v['taps']})"
                                                   for g, v in r["by_game"].items() if v["taps"]))
    print(f"  knee: {c.get('knee')}")
    if "verdict" in c:
        print(f"  target: {c['target']}: {c['verdict']}")
