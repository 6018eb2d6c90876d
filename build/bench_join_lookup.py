"""Join links with 1,000 games stored. Printed, never asserted.

1. In process: the Gate over a real store of 1,000 games, one request at a time (ms per
   request): ``/g/abcdef?t=x`` (no token the app makes), a wrong token of the app's shape, the
   right link, each from addresses that still have tries left.
2. The real server (``--lan --host 127.0.0.1``): 4 threads send ``/g/abcdef?t=x`` as fast as they can
   (bounded: ``FLOOD`` requests each) while the host requests its page; the host request's
   median and p95 beside the same with no flood, and what the flood was answered (403, then 429
   once the address has spent its tries). All load on loopback.

    .venv/bin/python build/bench_join_lookup.py
"""

from __future__ import annotations

import asyncio
import http.client
import pathlib
import secrets
import signal
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

GAMES = 1000
TOKEN = "Bench-Join-Geheimnis_0123456789"
FLOOD = 400  # requests per flooding thread
HOST_REQUESTS = 40


def _p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]


def _fill(db: pathlib.Path) -> tuple[str, str]:
    from companion.store import Store
    from scoring.engine import GameRecord, PlayerSpec

    store = Store(db)
    players = (PlayerSpec(name="Ana"), PlayerSpec(name="Ben"))
    for _ in range(GAMES):
        rec = GameRecord(game="raus-aus-dem-verlies", players=players)
        store.create_game(rec)
        store.set_table_token(rec.id, secrets.token_urlsafe(12))
    gid = store.game_ids()[GAMES // 2]
    token = store.table_token(gid) or ""
    store.close()
    return gid, token


def in_process(db: pathlib.Path, gid: str, token: str) -> dict[str, float]:
    from companion.store import Store
    from companion.web.server import Gate, store_lookups

    async def app(scope: dict, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    store = Store(db)
    table_token, resolve = store_lookups(store)
    gate = Gate(app, host_token=TOKEN, table_token=table_token, resolve=resolve, gated=True)

    async def one(path: str, query: str, peer: str) -> None:
        async def receive() -> dict:
            return {"type": "http.request", "body": b""}

        async def send(m: dict) -> None:
            pass

        await gate({"type": "http", "path": path, "query_string": query.encode(), "client": (peer, 1),
                    "headers": [(b"host", b"127.0.0.1")], "scheme": "http"}, receive, send)

    out = {}
    cases = {"no token the app makes": ("/g/abcdef", "t=x"), "wrong token": (f"/g/{gid[:8]}", "t=" + "W" * 16),
             "the right link": (f"/g/{gid[:8]}", f"t={token}")}
    for name, (path, query) in cases.items():
        n = 200
        t0 = time.perf_counter()
        for i in range(n):
            gate.tries.left.clear()  # every request from an address with tries left: the lookup is timed
            asyncio.run(one(path, query, f"127.0.0.{i % 200 + 2}"))
        out[name] = (time.perf_counter() - t0) * 1000 / n
    store.close()
    return out


def _get(port: int, path: str, cookie: str | None = None) -> int:
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        c.request("GET", path, headers={"Cookie": cookie} if cookie else {})
        r = c.getresponse()
        r.read()
        return r.status
    finally:
        c.close()


def real_server(db: pathlib.Path) -> dict[str, Any]:
    from companion.web.cookies import cookie_names
    from tests.e2e.conftest import Server
    from tests.harness.ws import host_key

    srv = Server(db, ["--lan", "--host", "127.0.0.1", "--token", TOKEN])
    try:
        # the host cookie holds a key the server made for the host link, never the token itself
        cookie = f"{cookie_names(srv.port).host}={host_key(srv.port, TOKEN)}"
        def host_times() -> list[float]:
            out = []
            for _ in range(HOST_REQUESTS):
                t0 = time.perf_counter()
                _get(srv.port, "/", cookie)
                out.append((time.perf_counter() - t0) * 1000)
            return out

        idle = host_times()
        answers: Counter[int] = Counter()
        stop = time.monotonic() + 60

        def flood() -> None:
            for _ in range(FLOOD):
                if time.monotonic() > stop:
                    return
                answers[_get(srv.port, "/g/abcdef?t=x")] += 1

        threads = [threading.Thread(target=flood, daemon=True) for _ in range(4)]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        during = host_times()
        for t in threads:
            t.join(60)
        flood_s = time.perf_counter() - t0
    finally:
        srv.kill(signal.SIGKILL)
    return {"idle": idle, "during": during, "answers": dict(answers), "rate": sum(answers.values()) / flood_s}


def main() -> None:
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="bench-join-"))
    db = tmp / "join.db"
    gid, token = _fill(db)
    for name, ms in in_process(db, gid, token).items():
        print(f"in process, {GAMES} games: {name}: {ms:.3f} ms per request")
    r = real_server(db)
    print(f"real server, host page: idle median {statistics.median(r['idle']):.1f} ms, p95 {_p95(r['idle']):.1f} ms; "
          f"during 4 threads of /g/abcdef?t=x ({r['rate']:.0f} requests/s, answered {r['answers']}): "
          f"median {statistics.median(r['during']):.1f} ms, p95 {_p95(r['during']):.1f} ms")


if __name__ == "__main__":
    main()
