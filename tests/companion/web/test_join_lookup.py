"""Join links are looked up by an index, the token is checked before any lookup, and
wrong tries are limited per client address (the Gate as an ASGI app over a real store; the
addresses are only an ASGI scope's field, nothing is sent anywhere)."""

from __future__ import annotations

import asyncio
import secrets

import pytest

from companion.store import Store
from companion.web.server import FAILS_BURST, FAILS_PER_S, Gate, store_lookups
from scoring.engine import GameRecord, PlayerSpec

HOST = "Gastgeber-Schluessel-0123456789"


async def _app(scope, receive, send):
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"app"})


def _get(gate: Gate, path: str, query: str, peer: str = "127.0.0.2") -> tuple[int, bytes, list]:
    sent: list[dict] = []

    async def receive():
        return {"type": "http.request", "body": b""}

    async def send(m):
        sent.append(m)

    scope = {"type": "http", "path": path, "query_string": query.encode(), "headers": [(b"host", b"tisch.lan:8550")],
             "client": (peer, 50000), "scheme": "http"}
    asyncio.run(gate(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], body, start.get("headers", [])


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    s = Store(tmp_path_factory.mktemp("join") / "join.db")
    players = (PlayerSpec(name="Ana"), PlayerSpec(name="Ben"))
    for n in range(1000):
        rec = GameRecord(game="raus-aus-dem-verlies", players=players)
        s.create_game(rec)
        s.set_table_token(rec.id, secrets.token_urlsafe(12 if n % 2 else 16))  # as the app makes them
    yield s
    s.close()


def _gate(store: Store, clock: list[float] | None = None) -> Gate:
    table_token, resolve = store_lookups(store)
    gate = Gate(_app, host_token=HOST, table_token=table_token, resolve=resolve, gated=True)
    if clock is not None:
        gate.tries.now = lambda: clock[0]
    return gate


def _statements(store: Store, fn) -> list[str]:
    seen: list[str] = []
    store.conn.set_trace_callback(seen.append)
    try:
        fn()
    finally:
        store.conn.set_trace_callback(None)
    return seen


def test_a_token_the_app_never_makes_is_refused_without_asking_the_store(store):
    gate = _gate(store)
    gid = store.game_ids()[0]
    for query in ("t=x", "t=" + "%3C" * 20, "t=" + "a" * 65):
        seen = _statements(store, lambda q=query: _get(gate, "/g/abcdef", q, peer=f"127.0.0.{len(q)}"))
        assert seen == []
    seen = _statements(store, lambda: _get(gate, f"/g/{gid[:8]}", "t=x"))
    assert seen == []


def test_a_join_link_is_found_by_the_index_with_1000_games(store):
    gate = _gate(store)
    gid = store.game_ids()[500]
    token = store.table_token(gid)
    seen = _statements(store, lambda: _get(gate, f"/g/{gid[:8]}", f"t={token}", peer="127.0.0.9"))
    assert seen and not any("FROM games" in s and "WHERE" not in s for s in seen), seen  # no scan of the games
    for sql in seen:
        if sql.lstrip().upper().startswith("SELECT"):
            plan = " ".join(str(r[-1]) for r in store.conn.execute("EXPLAIN QUERY PLAN " + sql))
            assert "SCAN games" not in plan, (sql, plan)
    status, _, headers = _get(gate, f"/g/{gid[:8]}", f"t={token}", peer="127.0.0.9")
    assert status == 200 and any(b"tischrichter_guest=" + gid.encode() in v for _, v in headers)


def test_wrong_tries_are_limited_per_address_and_come_back_with_time(store):
    clock = [1000.0]
    gate = _gate(store, clock)
    gid = store.game_ids()[7]
    token = store.table_token(gid)
    wrong = "W" * 16
    for _ in range(FAILS_BURST):
        assert _get(gate, f"/g/{gid[:8]}", f"t={wrong}", peer="127.0.0.20")[0] == 403
    status, body, _ = _get(gate, f"/g/{gid[:8]}", f"t={token}", peer="127.0.0.20")  # even the right one now
    assert status == 429
    assert body.decode() == (
        "Tischrichter: zu viele falsche Links von diesem Gerät. Bitte in einer Minute den Link (QR-Code) des "
        "Spiels noch einmal öffnen. / Tischrichter: too many wrong links from this device. Please open the "
        "game's link (QR code) again in a minute.")
    assert _get(gate, "/", f"h={HOST}x", peer="127.0.0.20")[0] == 429  # a host token is a try too
    assert _get(gate, f"/g/{gid[:8]}", f"t={token}", peer="127.0.0.21")[0] == 200  # another address
    clock[0] += 1 / FAILS_PER_S + 0.1
    assert _get(gate, f"/g/{gid[:8]}", f"t={token}", peer="127.0.0.20")[0] == 200  # one try back


def test_an_address_that_opened_a_link_is_not_limited_by_its_own_later_visits(store):
    gate = _gate(store)
    gid = store.game_ids()[3]
    token = store.table_token(gid)
    for _ in range(3 * FAILS_BURST):  # the app's own requests without a token: no tries counted
        assert _get(gate, "/assets/x.js", "", peer="127.0.0.30")[0] == 403
    assert _get(gate, f"/g/{gid[:8]}", f"t={token}", peer="127.0.0.30")[0] == 200
