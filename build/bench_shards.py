"""The shards section: the café of build/bench_cafe.py played through HAProxy, 1 shard against 2.

    build/bench.sh --only shards                  # 30 and 60 tables on 1 and on 2 shards, 40 s each,
                                                  # then 60 tables on 2 shards with shard a killed mid-run
    build/bench.sh --only shards --quick          # 10 tables, 15 s; the fault run 10 tables, 40 s
    build/bench.sh --only shards --tables 60 --shards 2 --no-fault --nice 10

Each run starts the public server as serve.sh --public does (build/cluster.py writes HAProxy's and
supervisord's files, ``supervisord -n`` runs HAProxy and the shards, ``python -m companion --public``),
on a copy of a prepared data folder: one space per table (``Spaces.mint``), its game created in that
space and announced, the tables spread evenly over the shards. Every phone joins as a real phone does,
through the proxy's port: ``GET /g/<shard>-<id8>?t=<token>`` (guest and phone cookies), then the
websocket ``/ws/<shard>`` with those cookies and the route ``/g/<shard>-<id8>/seat/<n>``. Ana taps as
in the café section (the game's action, then *Rückgängig*, 1-3 s apart); a tap is acknowledged when
all four phones show its text.

Fault run: ``kill -9`` of shard a's process in the middle. Its phones' websockets end; each table
reconnects its four phones to their seats (retrying while supervisord starts the shard again) and
checks that all four show the state of its last acknowledged tap (a tap in flight at the kill may
have been taken or not: the phones say which). The other shard's p95 is compared before and after.
After every run the shards are stopped and each table's space file is checked against the
acknowledged taps (bench_cafe.check_store). Figures: build/SCALE.md, BENCH.md "Shards behind HAProxy".
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import pathlib
import random
import shutil
import signal
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import bench  # build/bench.py: percentiles, verdicts (and ROOT on sys.path)
import cluster  # build/cluster.py: the configuration files serve.sh --public writes
import msgpack
import websockets
from bench_cafe import (
    CAFE_GAMES,
    NAMES,
    Cafe,
    Prepared,
    TableRun,
    Watch,
    _control_ids as control_ids,
    check_store,
    cpu_seconds,
    join_cookie,
)

from tests.companion.web.kill_server_client import FletClient, open_client
from tests.harness.proxy import Supervised, answers

ROOT = bench.ROOT
TARGET_P95_MS = 100.0  # tap -> last phone, at TARGET_TABLES on TARGET_SHARDS shards
TARGET_TABLES, TARGET_SHARDS = 60, 2
FAULT_RATIO = 1.5  # the other shard's p95 after the kill against its own before
DISTURBED = 0.15  # other people's work above this share of one core during a run: it is marked (and may be run again)
RECONNECT_FOR = 60.0  # s a table whose phones were dropped keeps trying to reconnect them
STAGGER = 0.05  # s between two tables' first phones (240 phones opening in the same instant are no café)
START_FOR = 180.0  # s for supervisord, HAProxy and the shards to come up on a loaded machine


@dataclass
class Spec:
    shard: str
    space: str
    game_id: str
    game: str
    token: str

    @property
    def link(self) -> str:
        return f"{self.shard}-{self.game_id[:8]}"


@dataclass
class Template:
    data: pathlib.Path  # the prepared data folder, copied for each run
    specs: list[Spec]  # in order: the first n of them spread evenly over the shards
    start: dict[str, tuple[int, int]]  # game id -> (cursor, rev) as prepared


def prepare(folder: pathlib.Path, shards: int, n: int) -> Template:
    """``n`` tables on ``shards`` shards, one space per table, each game as the café prepares it."""
    from companion.store import Store
    from companion.web.spaces import Spaces
    from scoring.engine import PlayerSpec

    names = cluster.NAMES[:shards]
    spaces = {s: Spaces(folder, s, "http://127.0.0.1/") for s in names}
    players = [PlayerSpec(name=x) for x in NAMES]
    games = list(CAFE_GAMES)
    specs = []
    try:
        for i in range(n):
            shard, g = names[i % shards], games[(i // shards) % len(games)]  # each shard: the games in turn
            made = spaces[shard].mint(f"10.{shards}.{i // 200}.{i % 200}")  # an address each: the day's bound
            assert made is not None
            ctx = spaces[shard].context(made[0])
            t = ctx.tables.create(g, players, CAFE_GAMES[g]["options"])
            CAFE_GAMES[g]["first"](t)
            spaces[shard].announce(made[0], t.id)
            token = ctx.store.table_token(t.id)
            assert token
            specs.append(Spec(shard, made[0], t.id, g, token))
    finally:
        for sp in spaces.values():
            sp.close()
    start = {}
    for s in specs:
        store = Store(space_file(folder, s))
        try:
            start[s.game_id] = store.load_with_rev(s.game_id)[1:]
        finally:
            store.close()
    return Template(folder, specs, start)


def space_file(data: pathlib.Path, s: Spec) -> pathlib.Path:
    return data / s.shard / "spaces" / f"{s.space}.sqlite"


# --- the phones -------------------------------------------------------------------------------------
@dataclass
class Seated(TableRun):
    """A café table whose phones came through the proxy (``TableRun``'s counts), and what a kill did."""

    spec: Spec | None = None
    taps: list[tuple[float, float]] = field(default_factory=list)  # (time.monotonic() of the tap, ms)
    next_forth: bool = True  # the prepared position: the game's action comes next
    in_flight: bool = False  # a tap sent and not yet on all four phones
    late: int = 0  # taps in flight at a drop that the phones showed taken after it
    back_after: list[float] = field(default_factory=list)  # s from a drop to four phones back, state checked
    dropped_at: float | None = None
    refused: list[float] = field(default_factory=list)  # when an opening of a phone's websocket was refused
    drops: int = 0  # times its phones' connections ended under it


class Dropped(Exception):
    """A phone's websocket ended (its shard died)."""


class Phone(Watch):
    """A ``Watch`` that tells its table when its connection ends."""

    def __init__(self, phone, ids, names, arrived: asyncio.Event, dropped: asyncio.Event) -> None:
        super().__init__(phone, ids, names, arrived)
        self.dropped = dropped

    async def run(self) -> None:
        try:
            await super().run()
        except Exception:  # noqa: BLE001 - the connection ended: the table reconnects or stops
            self.dropped.set()
            self.arrived.set()


class ShardCafe(Cafe):
    """The café's loop of light phones, through the proxy, reconnecting after a shard died."""

    def __init__(self, port: int, runs: list[Seated], seed: int, nice: int) -> None:
        # Cafe's own __init__ would make its thread's coroutine here; this one is made in the thread
        self.port, self.runs, self.seed = port, runs, seed
        self.loop = asyncio.new_event_loop()
        self.go = threading.Event()
        self.stop_at = float("inf")
        self.nice = nice
        self.thread = threading.Thread(target=self._thread, daemon=True)

    def _thread(self) -> None:
        if self.nice:  # Linux: the calling thread's nice value (the phones), not the shards'
            os.nice(self.nice)
        self.loop.run_until_complete(self._main())

    async def _table(self, i: int, run: Seated) -> None:  # type: ignore[override]
        rng = random.Random(self.seed * 1000 + i)
        last, first = "", time.monotonic()
        await asyncio.sleep(i * STAGGER)
        while True:
            try:
                async with contextlib.AsyncExitStack() as stack:
                    watches, ids = await self._seat(stack, run)
                    run.ready = True
                    readers = [asyncio.create_task(w.run()) for w in watches]
                    try:
                        await self._taps(i, run, watches, ids, rng)
                    finally:
                        for t in readers:
                            t.cancel()
                    return
            except Dropped:
                last = "dropped"
                run.drops += 1
            except AssertionError as exc:  # the phones show a state the acknowledged taps do not make
                run.error = str(exc)[:200]
                return
            except Exception as exc:  # noqa: BLE001 - no connection (a shard starting, or marked down): again
                last = f"{type(exc).__name__}: {exc}"[:200]
            now = time.monotonic()
            if run.ready and run.dropped_at is None:  # it was seated: from now on it is coming back
                run.dropped_at = now
            if now >= self.stop_at or now - (run.dropped_at or first) > RECONNECT_FOR:
                run.error = f"phones not back: {last}"
                return
            await asyncio.sleep(0.5)

    async def _seat(self, stack: contextlib.AsyncExitStack, run: Seated) -> tuple[list[Phone], dict[str, int]]:
        """The four phones on their seats, each showing the state of the last acknowledged tap (after a
        drop: a tap in flight then is counted if the phones show it taken); Ana's button ids."""
        assert run.spec is not None
        spec = CAFE_GAMES[run.game]
        names = {spec["forth"][0], spec["back"][0]}
        needles = {"forth": msgpack.packb(spec["forth"][1]), "back": msgpack.packb(spec["back"][1])}
        ids: dict[str, int] = {}
        arrived, dropped = asyncio.Event(), asyncio.Event()
        phones: list[Phone] = []
        shown: list[set[str]] = []
        for seat, cookie in enumerate(run.cookies):
            client = await self._open(stack, run, seat, cookie)
            seen: set[str] = set()
            end = time.monotonic() + 30
            # Ana's phone also learns the button of the next tap (the game's action after an undo)
            while not seen or (seat == 0 and spec["forth" if "back" in seen else "back"][0] not in ids):
                raw = await client.frame(timeout=max(0.1, end - time.monotonic()))
                seen |= {k for k, n in needles.items() if n in raw}
                if seat == 0:
                    control_ids(msgpack.unpackb(raw[1:], strict_map_key=False), names, ids)
            shown.append(seen)
            phones.append(Phone(client, ids if seat == 0 else None, names, arrived, dropped))
        want = "back" if run.next_forth else "forth"  # what the last acknowledged tap shows
        other = "forth" if want == "back" else "back"
        if all(s == {want} for s in shown):
            pass
        elif run.in_flight and all(s == {other} for s in shown):  # the tap in flight at the drop was taken
            run.late += 1
            run.forth, run.back = (run.forth + 1, run.back) if run.next_forth else (run.forth, run.back + 1)
            run.next_forth = not run.next_forth
        else:
            raise AssertionError(f"four phones show {[sorted(s) for s in shown]}, {want!r} acknowledged")
        run.in_flight = False
        if run.dropped_at is not None:
            run.back_after.append(time.monotonic() - run.dropped_at)
            run.dropped_at = None
        return phones, ids

    async def _open(self, stack: contextlib.AsyncExitStack, run: Seated, seat: int, cookie: str) -> FletClient:
        """One phone's websocket on its seat; a refusal (HTTP 503: the proxy counts the shard down, or
        it is starting) is tried again after half a second, as Flet's page reconnects by itself."""
        assert run.spec is not None
        end = time.monotonic() + RECONNECT_FOR
        while True:
            try:
                return await stack.enter_async_context(open_client(
                    self.port, f"/g/{run.spec.link}/seat/{seat}", cookie, path=f"/ws/{run.spec.shard}"))
            except (websockets.exceptions.InvalidStatus, OSError):
                run.refused.append(time.monotonic())
                if time.monotonic() > min(end, self.stop_at):
                    raise
                await asyncio.sleep(0.5)

    async def _taps(self, i: int, run: Seated, phones: list[Phone], ids: dict[str, int], rng: random.Random) -> None:
        spec = CAFE_GAMES[run.game]
        dropped = phones[0].dropped
        while not self.go.is_set():
            await asyncio.sleep(0.05)
        if not run.taps and not run.back_after:
            await asyncio.sleep(rng.uniform(0, 2))  # the tables do not start in step
        while time.monotonic() < self.stop_at:
            name, text = spec["forth"] if run.next_forth else spec["back"]
            needle = msgpack.packb(text)
            target = ids.get(name)
            if target is None:
                run.error = f"no button {name!r} on Ana's phone"
                return
            for w in phones:
                w.expect(needle)
            arrived = phones[0].arrived
            t0, at = time.perf_counter(), time.monotonic()
            run.in_flight = True
            try:
                await phones[0].phone.click(target)
            except Exception as exc:  # noqa: BLE001 - the connection ended under the tap
                raise Dropped from exc
            end = time.monotonic() + self.TAP_TIMEOUT
            while any(needle not in w.seen for w in phones) and time.monotonic() < end and not dropped.is_set():
                arrived.clear()
                if any(needle not in w.seen for w in phones) and not dropped.is_set():
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(arrived.wait(), max(0.0, end - time.monotonic()))
            if not all(needle in w.seen for w in phones):
                if dropped.is_set():
                    raise Dropped
                run.lost += 1
                return  # the table's state is in doubt now: it stops tapping
            run.in_flight = False
            ms = (max(w.seen[needle] for w in phones) - t0) * 1000
            run.latencies.append(ms)
            run.taps.append((at, ms))
            run.forth, run.back = (run.forth + 1, run.back) if run.next_forth else (run.forth, run.back + 1)
            run.next_forth = not run.next_forth
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(dropped.wait(), rng.uniform(1.0, 3.0))  # about one action every 2 s
            if dropped.is_set():
                raise Dropped


# --- one run ------------------------------------------------------------------------------------------
def ports(shards: int) -> tuple[int, int]:
    """A free port for the proxy and ``shards`` consecutive free ones for the shards."""
    rng = random.Random()
    for _ in range(200):
        base = rng.randrange(20000, 60000)
        try:
            socks = []
            for p in range(base, base + shards + 1):
                s = socket.socket()
                socks.append(s)
                s.bind(("127.0.0.1", p))
            return base, base + 1
        except OSError:
            continue
        finally:
            for s in socks:
                s.close()
    raise RuntimeError("no free ports")


def machine_busy() -> tuple[float, float]:
    """(busy, all) CPU seconds of the whole machine so far, every core (/proc/stat)."""
    v = [int(x) for x in pathlib.Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    tick = os.sysconf("SC_CLK_TCK")
    return (sum(v) - v[3] - v[4]) / tick, sum(v) / tick


def cpu_of(pid: int | None) -> float:
    try:
        return cpu_seconds(pid) if pid else 0.0
    except OSError:
        return 0.0  # it ended (the killed shard)


def programs(sup: Supervised) -> dict[str, int]:
    """supervisord's programs now ("shard-a", ..., "haproxy") -> pid, from its children's command lines
    in /proc (supervisorctl would be a Python start-up each time: CPU in the window measured)."""
    out = {}
    with contextlib.suppress(OSError):
        for k in pathlib.Path(f"/proc/{sup.proc.pid}/task/{sup.proc.pid}/children").read_text().split():
            with contextlib.suppress(OSError):
                argv = pathlib.Path(f"/proc/{k}/cmdline").read_bytes().decode().split("\0")
                if "--shard" in argv:
                    out[f"shard-{argv[argv.index('--shard') + 1]}"] = int(k)
                elif argv and pathlib.Path(argv[0]).name == "haproxy":
                    out["haproxy"] = int(k)
    return out


class Cpu:
    """CPU seconds of the shards, HAProxy, the phones (this process) and the machine over a window."""

    def __init__(self, sup: Supervised) -> None:
        self.sup = sup
        self.pids = programs(sup) | {"phones": os.getpid()}
        self.t0 = time.monotonic()
        self.c0 = {k: cpu_of(p) for k, p in self.pids.items()}
        self.m0 = machine_busy()
        self.procs = processes()
        self.killed: dict[str, float] = {}  # program -> its CPU seconds in this window until it was killed

    def kill(self, program: str) -> None:
        """``program`` is about to be killed: its CPU so far is kept, its next process counted from 0."""
        self.killed[program] = cpu_of(self.pids[program]) - self.c0[program]

    def shares(self) -> dict[str, float]:
        """Each one's share of one core over the window; "machine" of both cores, "others" what none
        of ours used (other people's work)."""
        wall = time.monotonic() - self.t0
        out = {k: (cpu_of(p) - self.c0[k]) / wall for k, p in self.pids.items() if k not in self.killed}
        for k, used in self.killed.items():  # the process supervisord started again: all its CPU is in the window
            out[k] = (used + cpu_of(programs(self.sup).get(k))) / wall
        busy, total = machine_busy()
        out["machine"] = (busy - self.m0[0]) / (total - self.m0[1])  # 1.0 = every core busy
        out["others"] = max(0.0, out["machine"] * (os.cpu_count() or 1) - sum(out[k] for k in self.pids))
        return out

    def busiest(self, n: int = 4) -> dict[str, float]:
        """The processes that used most CPU in the window by name (ours among them), share of one core;
        one that started and ended inside the window is not seen."""
        wall = time.monotonic() - self.t0
        used = sorted(others(self.procs).items(), key=lambda kv: -kv[1])[:n]
        return {name: round(cpu / wall, 3) for name, cpu in used}


def start_cluster(data: pathlib.Path, shards: int, check_timeout: float = 0) -> tuple[Supervised, int]:
    port, first = ports(shards)
    c = cluster.Cluster(shards=shards, port=port, data=data, host="127.0.0.1", shard_port=first,
                        base_url=f"http://127.0.0.1:{port}/")
    cfg, conf = cluster.write(c)
    if check_timeout:  # an experiment: another wait for a busy shard's /healthz than cluster.py's
        line = "    timeout check 10s\n"
        text = cfg.read_text()
        assert line in text
        cfg.write_text(text.replace(line, f"    timeout check {check_timeout:g}s\n"))
    sup = Supervised([shutil.which("supervisord") or "/usr/bin/supervisord", "-n", "-c", str(conf)], data, ROOT)
    try:
        deadline = time.monotonic() + START_FOR
        sup.all_up(deadline)
        answers(f"http://127.0.0.1:{port}/healthz", deadline)
    except BaseException:
        sup.stop()
        raise
    return sup, port


def kill_shard(sup: Supervised, cafe: ShardCafe, runs: list[Seated], name: str, port: int,
               cpu: Cpu, window: Cpu) -> dict[str, Any]:
    """``kill -9`` of shard ``name``; waits for supervisord's restart and its tables' phones. ``cpu``
    measures the whole run, ``window`` the part before the kill."""
    program = f"shard-{name}"
    old = programs(sup)[program]
    out: dict[str, Any] = {"shard": name, "cpu_before": window.shares()}
    cpu.kill(program)
    t_kill = time.monotonic()
    os.kill(old, signal.SIGKILL)
    out["at"] = t_kill
    mine = [r for r in runs if r.spec and r.spec.shard == name]
    while time.monotonic() < cafe.stop_at:
        if "new_pid_s" not in out:
            if programs(sup).get(program, old) != old:
                out["new_pid_s"] = time.monotonic() - t_kill
        elif "health_s" not in out:
            with contextlib.suppress(Exception):
                answers(f"http://127.0.0.1:{port + 1 + cluster.NAMES.index(name)}/healthz", time.monotonic() + 0.3)
                out["health_s"] = time.monotonic() - t_kill
        if all(r.back_after or r.error for r in mine):
            out["tables_back_s"] = time.monotonic() - t_kill
            out["cpu_after_back"] = Cpu(sup)  # its shares: at the end of the run
            break
        time.sleep(0.2)
    return out


def wait_quiet(busy: float, longest: float = 1800.0) -> float:
    """Waits (at most ``longest`` s) until the machine was less than ``busy`` busy (0.15: 15 % of all
    cores) over 10 s (0: no wait); returns that last share. The load average lags and misses short jobs."""
    end = time.monotonic() + longest
    shown = False
    while True:
        b0, t0 = machine_busy()
        time.sleep(10)
        b1, t1 = machine_busy()
        share = (b1 - b0) / (t1 - t0)
        if not busy or share < busy or time.monotonic() > end:
            return share
        if not shown:
            print(f"    waiting for the machine to be less than {busy:.0%} busy (now {share:.0%}) ...", flush=True)
            shown = True


def others(before: dict[int, tuple[str, float]]) -> dict[str, float]:
    """CPU seconds of every process since ``before`` (a ``processes()``), summed by its name."""
    out: dict[str, float] = {}
    for pid, (name, cpu) in processes().items():
        used = cpu - before[pid][1] if pid in before and before[pid][0] == name else cpu
        out[name] = out.get(name, 0.0) + used
    return out


def processes() -> dict[int, tuple[str, float]]:
    """pid -> (its command line's start, its CPU seconds so far with its ended children's), every
    process now: a test run's short processes are counted in the runner that waited for them."""
    out = {}
    tick = os.sysconf("SC_CLK_TCK")
    for d in pathlib.Path("/proc").iterdir():
        if d.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
                argv = (d / "cmdline").read_bytes().split(b"\0")
                name = " ".join(pathlib.Path(a.decode(errors="replace")).name if i == 0 else a.decode(errors="replace")
                                for i, a in enumerate(argv[:4]))[:70] or (d / "comm").read_text().strip()
                out[int(d.name)] = (name, sum(int(x) for x in fields[11:15]) / tick)
    return out


def run_once(tmpl: Template, shards: int, tables: int, seconds: float, work: pathlib.Path, seed: int,
             kill_at: float | None = None, nice: int = 0, check_timeout: float = 0,
             quiet: float = 0) -> dict[str, Any]:
    """``tables`` tables of four phones on ``shards`` shards behind HAProxy for ``seconds``."""
    busy0 = wait_quiet(quiet)
    data = work / f"run-{shards}x{tables}{'-kill' if kill_at else ''}-{int(time.time())}"
    shutil.copytree(tmpl.data, data)
    specs = tmpl.specs[:tables]
    sup, port = start_cluster(data, shards, check_timeout)
    cafe = None
    fault = None
    try:
        runs = [Seated(s.game_id, s.game, [join_cookie(port, s.link, s.token) for _ in NAMES], spec=s) for s in specs]
        cafe = ShardCafe(port, runs, seed, nice=nice)
        cafe.start()
        if not cafe.wait_ready(60 + 2 * tables):
            errs = [r.error for r in runs if r.error][:3]
            return {"shards": shards, "tables": tables, "measured": False, "reason": f"phones not ready: {errs}"}
        cpu, window = Cpu(sup), Cpu(sup)
        t_start = time.monotonic()
        cafe.stop_at = t_start + seconds
        cafe.go.set()
        if kill_at is not None:
            time.sleep(max(0.0, t_start + kill_at - time.monotonic()))
            fault = kill_shard(sup, cafe, runs, "a", port, cpu, window)
        while time.monotonic() < cafe.stop_at:
            time.sleep(0.2)
        cafe.join()
        wall = time.monotonic() - t_start
        shares = cpu.shares()
        if fault and "cpu_after_back" in fault:
            fault["cpu_after_back"] = fault["cpu_after_back"].shares()
        busiest = cpu.busiest(6)
        load = os.getloadavg()[0]
    finally:
        if cafe is not None:
            cafe.stop_at = 0
            cafe.join()
        sup.stop()
    out = figures(runs, shards, tables, wall, t_start)
    shard_cpu = sum(v for k, v in shares.items() if k.startswith("shard-")) * wall
    out.update(cpu_share=shares, busiest=busiest, load_average_1min=load, busy_before=busy0, nice=nice,
               check_timeout=check_timeout,
               shard_cpu_ms_per_tap=shard_cpu * 1000 / out["taps"] if out["taps"] else None,
               store=check_tables(data, tmpl, runs))
    if fault is not None:
        out["fault"] = fault_figures(runs, fault, t_start)
    return out


def p(values: list[float]) -> dict[str, float | int]:
    return {"n": len(values), "p50_ms": bench.pct(values, 50), "p95_ms": bench.pct(values, 95),
            "p99_ms": bench.pct(values, 99)}


def figures(runs: list[Seated], shards: int, tables: int, wall: float, t_start: float) -> dict[str, Any]:
    lat = [ms for r in runs for _, ms in r.taps]
    return {
        "shards": shards, "tables": tables, "measured": True, "phones": 4 * tables, "seconds": round(wall, 1),
        "taps": len(lat), "taps_per_s": len(lat) / wall if wall else None,
        "lost": sum(r.lost for r in runs), "in_doubt": sum(r.in_flight for r in runs),
        "errors": [f"{r.spec.link if r.spec else r.game_id[:8]}: {r.error}" for r in runs if r.error][:5],
        "n_errors": sum(bool(r.error) for r in runs),
        "refused_before": sum(t < t_start for r in runs for t in r.refused),  # while the phones were joining
        "refused": sum(t >= t_start for r in runs for t in r.refused), "drops": sum(r.drops for r in runs),
        "reconnected_s": sorted(x for r in runs for x in r.back_after),
        **p(lat), "max_ms": max(lat) if lat else None,
        "by_shard": {n: p([ms for r in runs if r.spec and r.spec.shard == n for _, ms in r.taps])
                     for n in cluster.NAMES[:shards]},
        # p95 per 10 s of the run: a start-up effect (the first full garbage collections walk every new
        # session) or a fault shows here
        "timeline": [[b * 10, len(v), round(bench.pct(v, 95))] for b in range(int(wall // 10) + 1)
                     for v in [[ms for r in runs for t, ms in r.taps if b * 10 <= t - t_start < b * 10 + 10]] if v],
        "p95_after_10s_ms": bench.pct([ms for r in runs for t, ms in r.taps if t - t_start >= 10], 95),
    }


def fault_figures(runs: list[Seated], fault: dict[str, Any], t_start: float) -> dict[str, Any]:
    """The other shard's taps before the kill, until the killed one's tables were back, and after."""
    t_kill = fault.pop("at")
    back = t_kill + fault.get("tables_back_s", float("inf"))
    other = [x for r in runs if r.spec and r.spec.shard != fault["shard"] for x in r.taps]
    before = p([ms for t, ms in other if t < t_kill])
    steady = p([ms for t, ms in other if t_start + 10 <= t < t_kill])  # the run's first 10 s left out
    after = p([ms for t, ms in other if t >= t_kill])
    killed = [r for r in runs if r.spec and r.spec.shard == fault["shard"]]
    ratio = after["p95_ms"] / before["p95_ms"] if before["n"] and after["n"] else None
    backs = sorted(x for r in killed for x in r.back_after)
    return {
        **fault, "other_before": before, "other_after": after, "other_before_after_10s": steady,
        "other_ratio_after_10s": after["p95_ms"] / steady["p95_ms"] if steady["n"] and after["n"] else None,
        "other_recovering": p([ms for t, ms in other if t_kill <= t < back]),
        "other_recovered": p([ms for t, ms in other if t >= back]),
        "killed_after": p([ms for r in killed for t, ms in r.taps if t >= back]),
        "other_ratio": ratio,
        "tables": len(killed), "tables_back": len(backs), "back_p50_s": bench.pct(backs, 50) if backs else None,
        "back_max_s": backs[-1] if backs else None, "back_min_s": backs[0] if backs else None,
        "late": sum(r.late for r in killed),
        "verdict": bench.verdict(ratio is not None and ratio <= FAULT_RATIO and len(backs) == len(killed)),
    }


def check_tables(data: pathlib.Path, tmpl: Template, runs: list[Seated]) -> dict[str, Any]:
    """Every table's space file against its acknowledged taps (the shards stopped)."""
    out = {"tables": 0, "in_doubt": 0, "n_bad": 0, "bad": []}
    for r in runs:
        assert r.spec is not None
        db = space_file(data, r.spec)
        prep = Prepared(db, [], ("", ""), {r.game_id: tmpl.start[r.game_id]})
        c = check_store(db, prep, {r.game_id: (r.forth, r.back, r.lost + int(r.in_flight))})
        for k in ("tables", "in_doubt", "n_bad"):
            out[k] += c[k]
        out["bad"] += c["bad"]
    out["bad"] = out["bad"][:5]
    out["verdict"] = bench.verdict(not out["n_bad"])
    return out


def undisturbed(again: int, run: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """``run()``, repeated up to ``again`` times while other people's work took more than
    ``DISTURBED`` of a core during it; the runs put aside are summed up in ``disturbed_runs``."""
    put_aside: list[dict[str, Any]] = []
    while True:
        try:
            r = run()
        except Exception as exc:  # noqa: BLE001 - one run failing does not hide the others
            return {"measured": False, "reason": f"{type(exc).__name__}: {exc}"[:300]}
        others = r.get("cpu_share", {}).get("others", 0.0)
        r["disturbed"] = others > DISTURBED
        if not r["disturbed"] or len(put_aside) >= again:
            r["disturbed_runs"] = put_aside
            return r
        print(f"    other work took {others:.0%} of a core: run again", flush=True)
        put_aside.append({"others": others, "p95_ms": r.get("p95_ms"), "busiest": r.get("busiest")})


# --- the section ----------------------------------------------------------------------------------------
def bench_shards(tables: list[int], shard_counts: list[int], seconds: float, fault: tuple[int, float] | None,
                 work: pathlib.Path, nice: int = 0, check_timeout: float = 0, quiet: float = 0, again: int = 0,
                 seed: int = 17) -> dict[str, Any]:
    """Each table count on each shard count (side by side: 1 then 2 shards at one count, then the
    next count), then the fault run (``fault``: tables, seconds; shard a killed at 40 % of it)."""
    needed = {k: max(tables + ([fault[0]] if fault and k == TARGET_SHARDS else [])) for k in shard_counts}
    if fault:
        needed[TARGET_SHARDS] = max(needed.get(TARGET_SHARDS, 0), fault[0])
    print(f"  shards: preparing {', '.join(f'{n} tables on {k}' for k, n in needed.items())} ...", flush=True)
    tmpls = {k: prepare(work / f"template-{k}", k, n) for k, n in needed.items()}
    out: dict[str, Any] = {"tables": tables, "shards": shard_counts, "seconds": seconds, "nice": nice,
                           "check_timeout": check_timeout, "seed": seed, "runs": {}}
    for n in tables:
        for k in shard_counts:
            print(f"  shards: {n} tables on {k} shard(s) ...", flush=True)
            out["runs"][f"{k}x{n}"] = undisturbed(again, lambda k=k, n=n: run_once(
                tmpls[k], k, n, seconds, work, seed, nice=nice, check_timeout=check_timeout, quiet=quiet))
    if fault:
        n, secs = fault
        print(f"  shards: {n} tables on {TARGET_SHARDS} shards, shard a killed after {0.4 * secs:.0f} s ...",
              flush=True)
        out["fault"] = undisturbed(again, lambda: run_once(
            tmpls[TARGET_SHARDS], TARGET_SHARDS, n, secs, work, seed + 1, kill_at=0.4 * secs, nice=nice,
            check_timeout=check_timeout, quiet=quiet))
    at = out["runs"].get(f"{TARGET_SHARDS}x{TARGET_TABLES}")
    if at and at.get("measured"):
        out["target"] = f"{TARGET_TABLES} tables on {TARGET_SHARDS} shards: p95 < {TARGET_P95_MS:.0f} ms, 0 lost"
        out["verdict"] = bench.verdict(at["p95_ms"] < TARGET_P95_MS and at["lost"] == 0 and not at["n_errors"]
                                       and at["store"]["verdict"] == "PASS")
    return out


def _row(r: dict[str, Any]) -> str:
    c = r["cpu_share"]
    shards = " + ".join(f"{c[k]:.0%}" for k in sorted(c) if k.startswith("shard-"))
    per = " ".join(f"{n} {v['p95_ms']:.0f}" for n, v in r["by_shard"].items()) if r["shards"] > 1 else ""
    st = r["store"]
    return (f"  {r['shards']:6d} {r['tables']:6d} {r['phones']:6d} {r['taps']:5d} {r['lost']:4d}  "
            f"{r['p50_ms']:5.0f} {r['p95_ms']:5.0f} {r['p99_ms']:5.0f}  {per:>11}  {shards:>9}  {c['haproxy']:4.0%}"
            f"  {c['phones']:4.0%}  {c['others']:5.0%}  {r['shard_cpu_ms_per_tap'] or float('nan'):5.1f}"
            f"  {r['busy_before']:4.0%} {r['load_average_1min']:4.1f}  {st['verdict']}"
            + (f" ({st['in_doubt']} in doubt)" if st["in_doubt"] else ""))


def print_shards(s: dict[str, Any]) -> None:
    print(f"\n(s) shards: the café through HAProxy, tables of 4 light phones, {s['seconds']:.0f} s per run, Ana taps "
          f"every 1-3 s" + (f"; phones at nice {s['nice']}" if s.get("nice") else "")
          + (f"; HAProxy 'timeout check {s['check_timeout']:g}s'" if s.get("check_timeout") else ""))
    print("  shards tables phones  taps lost  tap->last phone ms   p95 by shard  CPU (share of one core):"
          "         shard CPU  before  load  store")
    print("                                   p50   p95   p99                  shards  haproxy phones others"
          "  ms/tap  (busy)")
    for key, r in [*s["runs"].items(), *([("fault", s["fault"])] if "fault" in s else [])]:
        if not r.get("measured"):
            print(f"  {key}: not measured: {r.get('reason')}")
            continue
        print(_row(r) + ("   <- shard a killed mid-run" if key == "fault" else "")
              + ("   DISTURBED (other work)" if r.get("disturbed") else ""))
        for d in r.get("disturbed_runs", []):
            print(f"           put aside: a run with other work at {d['others']:.0%} of a core, "
                  f"p95 {d['p95_ms']:.0f} ms")
        for bad in r["store"]["bad"]:
            print(f"           store MISS {bad}")
        for err in r["errors"]:
            print(f"           error {err}")
        print(f"           p95 by 10 s: {' '.join(str(x[2]) for x in r['timeline'])} ms; after the first 10 s "
              f"{r['p95_after_10s_ms']:.0f} ms")
        print("           busiest processes (share of one core): "
              + ", ".join(f"{k} {v:.0%}" for k, v in r.get("busiest", {}).items()))
        if r["refused_before"] or r["refused"] or r["drops"]:
            print(f"           connections: websocket openings refused (HTTP 503, each tried again after 0.5 s) "
                  f"{r['refused_before']} while joining, {r['refused']} while tapping; {r['drops']} tables' phones "
                  "dropped")
    f = s.get("fault", {}).get("fault")
    if f:
        b, a = f["other_before"], f["other_after"]
        print(f"  fault: kill -9 of shard a; supervisord's new process after {f.get('new_pid_s', float('nan')):.1f} s, "
              f"its /healthz after {f.get('health_s', float('nan')):.1f} s; {f['tables_back']}/{f['tables']} tables' "
              f"phones back on their seats (first {bench._ms(f['back_min_s'] and f['back_min_s'] * 1000)}, "
              f"p50 {bench._ms(f['back_p50_s'] and f['back_p50_s'] * 1000)}, "
              f"max {bench._ms(f['back_max_s'] and f['back_max_s'] * 1000)} after the kill), "
              f"{f['late']} taps in flight found taken")
        print(f"         shard b p95 before {b['p95_ms']:.0f} ms ({b['n']} taps), after the kill {a['p95_ms']:.0f} ms "
              f"({a['n']}; {f['other_recovering']['p95_ms']:.0f} ms while a restarted, "
              f"{f['other_recovered']['p95_ms']:.0f} ms after): {f['other_ratio'] or float('nan'):.2f}x "
              f"(<= {FAULT_RATIO}x) {f['verdict']} (before, leaving the first 10 s out: "
              f"{f['other_before_after_10s']['p95_ms']:.0f} ms, {f['other_ratio_after_10s'] or float('nan'):.2f}x);"
              f" shard a after: p95 {f['killed_after']['p95_ms']:.0f} ms "
              f"({f['killed_after']['n']} taps)")
        cb, ca = f.get("cpu_before", {}), f.get("cpu_after_back", {})
        if cb and ca:
            print(f"         CPU (share of one core) before the kill / after a's tables were back: shard b "
                  f"{cb['shard-b']:.0%} / {ca['shard-b']:.0%}, shard a {cb['shard-a']:.0%} / {ca['shard-a']:.0%}, "
                  f"phones {cb['phones']:.0%} / {ca['phones']:.0%}, others {cb['others']:.0%} / {ca['others']:.0%}")
    if "verdict" in s:
        print(f"  target: {s['target']}: {s['verdict']}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="build/bench.sh --only shards", description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="10 tables, 15 s; the fault run 10 tables, 40 s")
    ap.add_argument("--tables", default=None, help="comma list of table counts (default 30,60)")
    ap.add_argument("--shards", default="1,2", help="comma list of shard counts (default 1,2)")
    ap.add_argument("--seconds", type=float, default=None, help="tapping per run (default 40)")
    ap.add_argument("--fault-tables", type=int, default=None, help="tables in the fault run (default 60)")
    ap.add_argument("--fault-seconds", type=float, default=None, help="the fault run's length (default 90)")
    ap.add_argument("--no-fault", action="store_true", help="leave the fault run out")
    ap.add_argument("--nice", type=int, default=0, help="run the light phones at this nice value (e.g. 10)")
    ap.add_argument("--check-timeout", type=float, default=0,
                    help="HAProxy's 'timeout check' in seconds instead of build/cluster.py's 10 s (a /healthz "
                         "slower than this counts as a failure)")
    ap.add_argument("--quiet", type=float, default=0,
                    help="before each run wait (up to 30 min) until the machine is less busy than this over 10 s, "
                         "e.g. 0.15 = 15 %% of all cores (default: no wait)")
    ap.add_argument("--again", type=int, default=0,
                    help=f"run a level again (up to this many times) when other work took more than "
                         f"{DISTURBED * 100:.0f} %% of a core during it (default 0: marked only)")
    ap.add_argument("--work", default=None, help="keep each run's data folder and logs here (default: a temporary "
                    "folder, deleted)")
    ap.add_argument("--json", default=str(ROOT / "build" / "out" / "bench_shards.json"))
    a = ap.parse_args(argv)
    tables = [int(x) for x in (a.tables or ("10" if a.quick else "30,60")).split(",") if x.strip()]
    shard_counts = [int(x) for x in a.shards.split(",") if x.strip()]
    fault = None if a.no_fault else (a.fault_tables or (10 if a.quick else 60),
                                     a.fault_seconds or (40 if a.quick else 90))
    res: dict[str, Any] = {"when": time.strftime("%Y-%m-%d %H:%M:%S"), "cores": os.cpu_count(), "args": vars(a)}
    with contextlib.ExitStack() as stack:
        work = pathlib.Path(a.work) if a.work else pathlib.Path(
            stack.enter_context(tempfile.TemporaryDirectory(prefix="tischrichter-shards-")))
        work.mkdir(parents=True, exist_ok=True)
        res["shards"] = bench_shards(tables, shard_counts, a.seconds or (15 if a.quick else 40), fault, work,
                                     nice=a.nice, check_timeout=a.check_timeout, quiet=a.quiet, again=a.again)
    print_shards(res["shards"])
    print(f"JSON: {bench.write_json(res, a.json)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
