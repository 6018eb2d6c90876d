"""The server after phones that close while it is still sending. Printed, never asserted.

The real server (``python -m companion --lan --host 127.0.0.1``), one Qwixx Longo table of four.
``PHONES`` guest phones (each its own browser: the table's join link over HTTP, its cookies) open
a seat's link on the websocket and close it the moment the register answer arrives, while the
server still sends their first screen; ``AT_ONCE`` at a time. Flet 1.0.5's handler then skips its
own disconnect (its send loop raised): the sessions stayed attached, never expired, RSS stayed
(71.7 -> 111.4 MB for 200) and uvicorn printed "Exception in ASGI application" for each.

Read: RSS (VmRSS from /proc) idle (one guest came and went, its session expired), right after the
closes, once their sessions expired (``FLET_SESSION_TIMEOUT`` = ``EXPIRE_S`` for the bench, Flet's
eviction looks every 10 s), then every 2 s until within ``TARGET`` of idle or ``SETTLE_MAX`` s;
the server's "Exception in ASGI application" lines; and whether a new phone still sees a seat
"(schon verbunden)". Target: within 15 % of idle once expired, no exception, no seat connected.

    .venv/bin/python build/bench_abrupt_close.py
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
for folder in (ROOT, ROOT / "build"):  # the project, and the scripts beside this one
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from bench_rss import EVICT_WAIT, EXPIRE_S, TARGET, _server, _settle, rss_mb  # noqa: E402

PHONES = 200
AT_ONCE = 10
NAMES = ["Ana", "Ben", "Cara", "Dora"]


async def _closing_phone(port: int, link: str, seat_link: str, sem: asyncio.Semaphore) -> bool:
    """One browser: the join link's cookies, the seat link's register, closed as the answer comes."""
    from tests.companion.web.test_access_roles import Phone, browser_cookies

    async with sem:
        try:
            cookies = await asyncio.to_thread(browser_cookies, port, link)
            phone = await Phone(port, cookies).open(seat_link)
            await phone.wait_for(lambda: bool(phone.session_id), timeout=20)
            await phone.close()
            return True
        except Exception:  # noqa: BLE001 - counted as not served
            return False


async def _phones(port: int, gid: str, tok: str, n: int) -> int:
    sem = asyncio.Semaphore(AT_ONCE)
    link = f"/g/{gid[:8]}?t={tok}"
    done = await asyncio.gather(*(_closing_phone(port, link, f"/g/{gid}/seat/{i % 4}", sem) for i in range(n)))
    return sum(done)


async def _connected_seats(port: int, gid: str, tok: str) -> list[str]:
    """The seats a new phone's picker shows as "(schon verbunden)"."""
    from tests.companion.web.test_access_roles import Phone, browser_cookies

    link = f"/g/{gid[:8]}?t={tok}"
    phone = await Phone(port, browser_cookies(port, link)).open(link)
    await phone.wait_text("Wer bist du?")
    await phone.quiet(1.0)
    await phone.close()
    return [n for n in NAMES if phone.saw(f"{n} (schon verbunden)")]


def run() -> dict[str, Any]:
    from companion.store import Store
    from companion.table.table import Tables
    from scoring.engine import PlayerSpec

    db = pathlib.Path(tempfile.mkdtemp(prefix="bench-abrupt-")) / "abrupt.db"
    store = Store(db)
    table = Tables(store).create("qwixx-longo", [PlayerSpec(name=x) for x in NAMES],
                                 {"lucky_numbers": [(15, 16), (14, 16), (13, 16), (12, 16)]})
    gid, tok = table.id, store.table_token(table.id) or ""
    store.close()
    srv = _server(db)
    pid = srv.proc.pid
    r: dict[str, Any] = {"phones": PHONES, "expire_s": EXPIRE_S, "target": TARGET}
    try:
        time.sleep(1.0)
        r["start"] = rss_mb(pid)
        asyncio.run(_phones(srv.port, gid, tok, 1))
        time.sleep(EVICT_WAIT)
        r["idle"] = idle = rss_mb(pid)
        t0 = time.monotonic()
        r["served"] = asyncio.run(_phones(srv.port, gid, tok, PHONES))
        r["seconds"] = time.monotonic() - t0
        r["peak"] = rss_mb(pid)
        time.sleep(3.0)
        r["connected"] = asyncio.run(_connected_seats(srv.port, gid, tok))
        time.sleep(EVICT_WAIT)
        r["after"] = rss_mb(pid)
        r["settled"], r["settle_s"] = _settle(pid, idle, time.monotonic() + 120)
        r["ratio"] = r["settled"] / idle
        r["exceptions"] = srv.output().count("Exception in ASGI application")
    finally:
        srv.kill(signal.SIGKILL)
    return r


def describe(r: dict[str, Any]) -> list[str]:
    def pct(v: float) -> str:
        return f"{v:.1f} MB ({(v / r['idle'] - 1) * 100:+.0f} %)"

    ok = r["ratio"] <= r["target"] and not r["exceptions"] and not r["connected"]
    return [
        f"{r['served']} of {r['phones']} phones closed while the server sent their first screen "
        f"({r['seconds']:.1f} s): RSS idle {r['idle']:.1f} MB (start {r['start']:.1f}), {pct(r['peak'])} right after",
        f"3 s later a new phone sees connected: {', '.join(r['connected']) or 'no seat'}",
        f"expired ({r['expire_s']} s + Flet's 10 s look): {pct(r['after'])}, {pct(r['settled'])} after "
        f"{r['settle_s']:.0f} s more; 'Exception in ASGI application': {r['exceptions']}",
        f"target: within {round((r['target'] - 1) * 100)} % of idle, no exception, no seat connected: "
        f"{'met' if ok else 'NOT met'}",
    ]


if __name__ == "__main__":
    for line in describe(run()):
        print(line)
