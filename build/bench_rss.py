"""The server's memory after connections that come and go.
Printed, never asserted.

The real server (``python -m companion --lan --host 127.0.0.1``), one Raus aus dem Verlies table.
Its resident set size (RSS, from /proc) is read:

- at start, and idle: after one guest phone opened the table's link, saw its screen and left,
  and its session expired (the app's modules and first screen are in memory then);
- on one server: with 1,000 websockets open on ``/ws`` that never register, and 12 s after the
  phones closed them (past ``REGISTER_TIMEOUT`` and its grace);
- on another: after each of 3 x 200 guest sessions (each its own phone cookie, the table's
  link, its first screen, then closed), and once those sessions expired;
- then every 2 s until it is within the target of idle (or 90 s passed): the figure and when.

A closed session is kept ``SESSION_TIMEOUT`` (120 s) by Flet's own eviction, which looks every
10 s; the bench starts the server with ``FLET_SESSION_TIMEOUT`` = ``EXPIRE_S`` so it does not wait
minutes: the same mechanism, a shorter time. Target: RSS once they expired within 15 % of idle.

    .venv/bin/python build/bench_rss.py
"""

from __future__ import annotations

import asyncio
import os
import pathlib
import signal
import sys
import tempfile
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TOKEN = "Bench-RSS-Geheimnis_0123456789ab"
SOCKETS = 1000  # websockets that never register
GUESTS = (200, 200, 200)  # guest sessions opened and closed, in three rounds
AT_ONCE = 25  # connections opened at the same time
EXPIRE_S = 5  # FLET_SESSION_TIMEOUT for the bench (the server's own is 120 s)
EVICT_WAIT = EXPIRE_S + 12 + 2  # Flet looks for expired sessions every 10 s
TARGET = 1.15
REGISTER_WAIT = 12.0  # s: past REGISTER_TIMEOUT (10 s) and its grace
SETTLE_MAX = 90.0  # s RSS is watched for coming back, after that
MAX_S = 420.0  # the whole bench ends after this long whatever happens


def rss_mb(pid: int) -> float:
    """The process's resident set (VmRSS), in MB."""
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def guest_cookie(port: int, gid: str, tok: str, phone: str) -> str:
    """The Cookie header of a phone that opened the game's join link on the server at ``port``."""
    from companion.web.cookies import cookie_names, guest_value

    names = cookie_names(port)
    return f"{names.guest}={guest_value(gid, tok)}; {names.phone}={phone}"


async def _guest(port: int, gid: str, tok: str, phone: str) -> bool:
    """One phone opens the table's link as a guest, takes its first screen and leaves."""
    from tests.companion.web.kill_server_client import open_client

    cookie = guest_cookie(port, gid, tok, phone)
    async with open_client(port, f"/g/{gid}", cookie=cookie) as client:
        got = 0
        while True:  # every frame until the screen is quiet for 0.5 s (or 10 s in all)
            try:
                await client.receive(timeout=0.5 if got else 10)
            except TimeoutError:
                break
            got += 1
            if got > 200:
                break
    return got > 0


async def _guests(port: int, gid: str, tok: str, n: int, start: int) -> int:
    sem = asyncio.Semaphore(AT_ONCE)

    async def one(i: int) -> bool:
        async with sem:
            try:
                return await _guest(port, gid, tok, f"{start + i:022d}")
            except Exception:  # noqa: BLE001 - counted as not served
                return False

    return sum(await asyncio.gather(*(one(i) for i in range(n))))


async def _silent_sockets(port: int, gid: str, tok: str, n: int, pid: int) -> tuple[int, float]:
    """``n`` websockets open on /ws at once, none registering; RSS while they are all open; then
    the phones close them. Returns (how many opened, RSS then)."""
    import websockets

    sem = asyncio.Semaphore(AT_ONCE)
    opened: list[Any] = []

    async def one(i: int) -> None:
        async with sem:
            try:
                cookie = guest_cookie(port, gid, tok, f"{'s' * 10}{i:012d}")
                opened.append(await websockets.connect(f"ws://127.0.0.1:{port}/ws", open_timeout=10,
                                                       close_timeout=1, additional_headers={"Cookie": cookie}))
            except Exception:  # noqa: BLE001 - counted as not opened
                pass

    await asyncio.gather(*(one(i) for i in range(n)))
    peak = rss_mb(pid)
    await asyncio.gather(*(ws.close() for ws in opened), return_exceptions=True)
    return len(opened), peak


def _server(db: pathlib.Path) -> Any:
    from tests.e2e.conftest import Server

    old = os.environ.get("FLET_SESSION_TIMEOUT")
    os.environ["FLET_SESSION_TIMEOUT"] = str(EXPIRE_S)
    try:
        return Server(db, ["--lan", "--host", "127.0.0.1", "--token", TOKEN])
    finally:
        if old is None:
            os.environ.pop("FLET_SESSION_TIMEOUT")
        else:
            os.environ["FLET_SESSION_TIMEOUT"] = old


def _settle(pid: int, idle: float, t_end: float) -> tuple[float, float]:
    """RSS read every 2 s until it is within the target of idle (twice running) or ``SETTLE_MAX``
    s passed: (the last figure, seconds it took)."""
    t0 = time.monotonic()
    ok = 0
    rss = rss_mb(pid)
    while time.monotonic() - t0 < SETTLE_MAX and time.monotonic() < t_end:
        time.sleep(2.0)
        rss = rss_mb(pid)
        ok = ok + 1 if rss <= idle * TARGET else 0
        if ok >= 2:
            break
    return rss, time.monotonic() - t0


def run() -> dict[str, Any]:
    from companion.store import Store
    from companion.table.table import Tables
    from scoring.engine import PlayerSpec

    tmp = pathlib.Path(tempfile.mkdtemp(prefix="bench-rss-"))
    out: dict[str, Any] = {"sockets": SOCKETS, "guests": sum(GUESTS), "expire_s": EXPIRE_S, "target": TARGET}
    t_end = time.monotonic() + MAX_S
    for part in ("sockets", "guests"):  # each on a server of its own: one's leftovers are not the other's
        db = tmp / f"{part}.db"
        store = Store(db)
        table = Tables(store).create("raus-aus-dem-verlies", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                                     {"start_player": 0})
        gid, tok = table.id, store.table_token(table.id)
        store.close()
        srv = _server(db)
        pid = srv.proc.pid
        r: dict[str, Any] = {}
        try:
            time.sleep(1.0)
            r["start"] = rss_mb(pid)
            asyncio.run(_guests(srv.port, gid, tok, 1, 0))
            time.sleep(EVICT_WAIT)
            r["idle"] = idle = rss_mb(pid)
            if part == "sockets":
                r["opened"], r["peak"] = asyncio.run(_silent_sockets(srv.port, gid, tok, SOCKETS, pid))
                time.sleep(REGISTER_WAIT)  # closed by the phones; any left, closed by the server
                r["after"] = rss_mb(pid)
            else:
                rounds, start = [], 1
                for n in GUESTS:
                    served = asyncio.run(_guests(srv.port, gid, tok, n, start))
                    start += n
                    rounds.append({"n": n, "served": served, "rss": rss_mb(pid)})
                r["rounds"] = rounds
                time.sleep(EVICT_WAIT)  # every session expired and evicted by Flet
                r["after"] = rss_mb(pid)
            r["settled"], r["settle_s"] = _settle(pid, idle, t_end)
            r["ratio"] = r["settled"] / idle
        finally:
            srv.kill(signal.SIGKILL)
        out[part] = r
    return out


def describe(r: dict[str, Any]) -> list[str]:
    def pct(v: float, idle: float) -> str:
        return f"{v:.0f} MB ({(v / idle - 1) * 100:+.0f} %)"

    s, g = r["sockets"], r["guests"]
    rounds = " -> ".join(f"{x['rss']:.0f}" for x in g["rounds"])
    served = "+".join(str(x["served"]) for x in g["rounds"])
    ok = "met" if max(s["ratio"], g["ratio"]) <= r["target"] else "NOT met"
    return [
        f"{s['opened']} websockets on /ws that never register: RSS idle {s['idle']:.0f} MB (start {s['start']:.0f}), "
        f"{s['peak']:.0f} MB while open, {pct(s['after'], s['idle'])} {REGISTER_WAIT:.0f} s after they were "
        f"closed, {pct(s['settled'], s['idle'])} after {s['settle_s']:.0f} s more",
        f"guest sessions opened and closed ({served} served): RSS idle {g['idle']:.0f} MB (start {g['start']:.0f}), "
        f"{rounds} MB after each round; expired ({r['expire_s']} s + Flet's 10 s look): "
        f"{pct(g['after'], g['idle'])}, {pct(g['settled'], g['idle'])} after {g['settle_s']:.0f} s more",
        f"target: within {round((r['target'] - 1) * 100)} % of idle once they are gone: {ok}",
    ]


if __name__ == "__main__":
    for line in describe(run()):
        print(line)
