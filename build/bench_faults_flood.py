"""The fault bench's event flood: one phone floods its table with clicks for a
control id that is on no page, while a phone at another table taps. Printed, never asserted.

The real server (``python -m companion --lan --host 127.0.0.1``), two Raus aus dem Verlies
tables; phone B taps "Korrektur +1" at table 2 (tap -> the frame showing the new amount),
first alone (idle), then while phone A sends ``FLOOD`` click frames as fast as it can at
table 1. Reported: B's tap p95 idle and during the flood, their ratio (target <= 1.5x), and
how A's connection ended. All load on loopback; every loop bounded in count and time.

    .venv/bin/python build/bench_faults_flood.py
"""

from __future__ import annotations

import asyncio
import pathlib
import signal
import sys
import tempfile
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TOKEN = "Bench-Flood-Geheimnis_0123456789"
FLOOD = 1000  # frames phone A sends
TAPS = 40  # phone B's taps per run
MAX_S = 60.0  # each run ends after this long whatever happens


def _p95(xs: list[float]) -> float | None:
    if not xs:
        return None
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]


async def _taps(port: int, gid: str, cookie: str, n: int, gold0: int, during: asyncio.Event | None) -> list[float]:
    """Phone B: ``n`` taps, each timed until its new amount arrives (ms)."""
    import msgpack  # noqa: F401 - the client's frames

    from tests.companion.web.kill_server_client import TAP, _find, _has_text, open_client

    out: list[float] = []
    t_end = time.monotonic() + MAX_S
    async with open_client(port, f"/g/{gid}?all", cookie=cookie) as client:
        button = None
        while button is None and time.monotonic() < t_end:
            msg = await client.receive()
            button = next((d["_i"] for d in _find(msg, lambda d: d.get("_c") == "Button"
                           and isinstance(d.get("content"), dict) and d["content"].get("value") == TAP)), None)
        if during is not None:
            await during.wait()
        gold = gold0
        for _ in range(n):
            if time.monotonic() > t_end:
                break
            t0 = time.perf_counter()
            await client.click(button)
            for _ in range(100):
                msg = await client.receive(timeout=30)
                if msg[0] == 2 and _has_text(msg, f"{gold + 1} Gold"):
                    gold += 1
                    out.append((time.perf_counter() - t0) * 1000)
                    break
    return out


async def _flood(port: int, gid: str, cookie: str, started: asyncio.Event) -> str:
    import msgpack
    import websockets

    from tests.companion.web.kill_server_client import open_client

    frame = b"\x00" + msgpack.packb([3, {"target": 987654321, "name": "click", "data": None}])
    t_end = time.monotonic() + MAX_S
    async with open_client(port, f"/g/{gid}?all", cookie=cookie) as client:
        settle = time.monotonic() + 3.0  # its own first screen drawn and sent: only the flood is measured
        while (left := settle - time.monotonic()) > 0:
            try:
                await client.receive(timeout=left)
            except TimeoutError:
                break
        started.set()
        try:
            for _ in range(FLOOD):
                await client.ws.send(frame)
                if time.monotonic() > t_end:
                    return "time limit"
            while time.monotonic() < t_end:
                await asyncio.wait_for(client.ws.recv(), 10)
        except websockets.ConnectionClosed as exc:
            return f"disconnected by the server ({exc.rcvd.code if exc.rcvd else 'no close frame'})"
        except TimeoutError:
            return "still open"
    return "still open"


def _flood_process(port: int, gid: str, cookie: str, go: Any, result: Any) -> None:
    async def main() -> str:
        started = asyncio.Event()

        async def signal_go() -> None:
            await started.wait()
            go.set()

        waiter = asyncio.create_task(signal_go())
        out = await _flood(port, gid, cookie, started)
        waiter.cancel()
        return out

    result.put(asyncio.run(main()))


def run() -> dict[str, Any]:
    from companion.store import Store
    from companion.table.table import Tables
    from companion.web.cookies import cookie_names
    from scoring.engine import PlayerSpec
    from tests.e2e.conftest import Server

    tmp = pathlib.Path(tempfile.mkdtemp(prefix="bench-flood-"))
    db = tmp / "flood.db"
    store = Store(db)
    tables = Tables(store)
    a, b = (tables.create("raus-aus-dem-verlies", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                          {"start_player": 0}).id for _ in range(2))
    store.close()
    srv = Server(db, ["--lan", "--host", "127.0.0.1", "--token", TOKEN])
    try:
        # the host cookie holds a key the server made for the host link, never the token itself
        from tests.harness.ws import host_key

        names = cookie_names(srv.port)
        key = host_key(srv.port, TOKEN)
        cookie_a = f"{names.host}={key}; {names.phone}={'a' * 22}"
        cookie_b = f"{names.host}={key}; {names.phone}={'b' * 22}"
        idle = asyncio.run(_taps(srv.port, b, cookie_b, TAPS, 0, None))

        # the flooding phone is its own process (as it would be its own device): its sending
        # does not share this process's event loop with phone B's timing
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")
        result = ctx.Queue()
        go = ctx.Event()
        proc = ctx.Process(target=_flood_process, args=(srv.port, a, cookie_a, go, result), daemon=True)
        proc.start()
        go.wait(MAX_S)

        async def after_go() -> list[float]:
            started = asyncio.Event()
            started.set()
            return await _taps(srv.port, b, cookie_b, TAPS, len(idle), started)

        during = asyncio.run(after_go())
        try:
            ended = result.get(timeout=MAX_S)
        except Exception:  # noqa: BLE001
            ended = "no answer"
        proc.join(5)
        if proc.is_alive():
            proc.kill()
        rss = _rss_mb(srv.proc.pid)
    finally:
        srv.kill(signal.SIGKILL)
    p_idle, p_flood = _p95(idle), _p95(during)
    ratio = p_flood / p_idle if p_idle and p_flood else None
    return {"flood_frames": FLOOD, "taps": TAPS, "idle_p95_ms": p_idle, "flood_p95_ms": p_flood,
            "ratio": ratio, "flooder": ended, "taps_done": (len(idle), len(during)), "rss_mb": rss,
            "target": 1.5}


def _rss_mb(pid: int) -> float | None:
    try:
        import psutil

        return psutil.Process(pid).memory_info().rss / 2**20
    except Exception:  # noqa: BLE001
        return None


def describe(r: dict[str, Any]) -> str:
    def ms(v: float | None) -> str:
        return "n/a" if v is None else f"{v:.1f} ms"

    ratio = "n/a" if r["ratio"] is None else f"{r['ratio']:.2f}x"
    return (f"event flood ({r['flood_frames']} clicks for a control on no page) at table 1; table 2's tap p95: "
            f"idle {ms(r['idle_p95_ms'])}, during the flood {ms(r['flood_p95_ms'])} ({ratio}, target <= "
            f"{r['target']}x; {r['taps_done'][0]}+{r['taps_done'][1]} taps); the flooding phone: {r['flooder']}")


if __name__ == "__main__":
    print(describe(run()))
