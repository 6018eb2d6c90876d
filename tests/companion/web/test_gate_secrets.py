"""Secrets at the gate: every wrong one is a try of its address, however it comes; cookies hold none.

In-process, the Gate as an ASGI app over a real store (addresses are only an ASGI scope's field,
a fake clock for the refill); then the real server (``python -m companion --lan``) on loopback:
wrong host tokens sent with a valid guest cookie, and two servers on one machine."""

from __future__ import annotations

import asyncio

import pytest

from companion.store import Store
from companion.table.table import Tables
from companion.web.cookies import FAILS_BURST, FAILS_PER_S, cookie_names, guest_value
from companion.web.server import Gate, store_lookups
from scoring.engine import PlayerSpec
from tests.companion.web.test_access_roles import HOST_TOKEN, browser_cookies, get, set_cookies
from tests.e2e.conftest import Server

PORT = 8550
NAMES = cookie_names(PORT)
TOO_MANY = ("Tischrichter: zu viele falsche Links von diesem Gerät. Bitte in einer Minute den Link (QR-Code) des "
            "Spiels noch einmal öffnen. / Tischrichter: too many wrong links from this device. Please open the "
            "game's link (QR code) again in a minute.")


async def _app(scope, receive, send):
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"app"})


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    store = Store(tmp_path_factory.mktemp("secrets") / "secrets.db")
    table = Tables(store).create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                                 {"lucky_numbers": [(15, 16), (14, 16)]})
    yield store, table.id, store.table_token(table.id) or ""
    store.close()


def _gate(store: Store, clock: list[float], host_token: str = HOST_TOKEN) -> Gate:
    table_token, resolve = store_lookups(store)
    gate = Gate(_app, host_token=host_token, table_token=table_token, resolve=resolve, gated=True)
    gate.tries.now = lambda: clock[0]
    return gate


def _scope(kind: str, path: str, query: str, cookies: dict[str, str], peer: str, scheme: str = "http") -> dict:
    headers = [(b"host", f"tisch.lan:{PORT}".encode())]
    if cookies:
        headers.append((b"cookie", "; ".join(f"{k}={v}" for k, v in cookies.items()).encode()))
    return {"type": kind, "path": path, "query_string": query.encode(), "headers": headers,
            "client": (peer, 50000), "server": ("192.168.1.5", PORT), "scheme": scheme}


def _http(gate: Gate, path: str, query: str = "", cookies: dict[str, str] | None = None, peer: str = "10.0.0.2",
          scheme: str = "http") -> tuple[int, bytes, dict[str, str]]:
    """Status, body and the cookies set (name -> the whole Set-Cookie line)."""
    sent: list[dict] = []

    async def receive():
        return {"type": "http.request", "body": b""}

    async def send(m):
        sent.append(m)

    asyncio.run(gate(_scope("http", path, query, cookies or {}, peer, scheme), receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    lines = [v.decode() for k, v in start.get("headers", []) if k == b"set-cookie"]
    return start["status"], body, {line.partition("=")[0]: line for line in lines}


def _ws(gate: Gate, cookies: dict[str, str], peer: str) -> list[dict]:
    """What the Gate sends a websocket that it does not let in (it never reaches the app here)."""
    sent: list[dict] = []

    async def receive():
        return {"type": "websocket.disconnect", "code": 1000}

    async def send(m):
        sent.append(m)

    asyncio.run(gate(_scope("websocket", "/ws", "", cookies, peer, "ws"), receive, send))
    return sent


# --- every wrong secret is a try --------------------------------------------------------------------
def test_wrong_host_tokens_with_a_valid_guest_cookie_are_tries_and_then_right_and_wrong_answer_alike(game):
    store, gid, tok = game
    clock = [100.0]
    gate = _gate(store, clock)
    guest = {NAMES.guest: guest_value(gid, tok)}
    for i in range(FAILS_BURST):  # the guest's app is served; the token counts as wrong
        status, _, cookies = _http(gate, "/", f"h=wrong-{i:02d}-0123456789", guest)
        assert status == 200 and NAMES.host not in cookies
    right = _http(gate, "/", f"h={HOST_TOKEN}", guest)
    wrong = _http(gate, "/", "h=wrong-xx-0123456789", guest)
    assert right == wrong == (429, TOO_MANY.encode(), {})  # nothing tells the right token from a wrong one
    # a join link of this game, with or without the cookie: refused as well while the tries are spent
    assert _http(gate, f"/g/{gid[:8]}", f"t={tok}")[0] == 429
    assert _http(gate, f"/g/{gid[:8]}", "t=" + "W" * 16, guest)[0] == 429
    assert _http(gate, "/", f"h={HOST_TOKEN}", peer="10.0.0.3")[0] == 200  # another address
    clock[0] += 1 / FAILS_PER_S + 0.1
    status, _, cookies = _http(gate, "/", f"h={HOST_TOKEN}", guest)
    assert status == 200 and NAMES.host in cookies  # one try back: the right token is the host's


def test_wrong_join_tokens_with_a_valid_guest_cookie_are_tries(game):
    store, gid, tok = game
    gate = _gate(store, [100.0])
    guest = {NAMES.guest: guest_value(gid, tok)}
    for i in range(FAILS_BURST):
        assert _http(gate, f"/g/{gid[:8]}", f"t=Wrong{i:02d}-0123456789", guest, peer="10.0.1.2")[0] == 200
    assert _http(gate, f"/g/{gid[:8]}", f"t={tok}", guest, peer="10.0.1.2")[0] == 429


def test_wrong_cookies_are_tries_and_are_dropped_from_the_browser(game):
    store, gid, tok = game
    gate = _gate(store, [100.0])
    for i in range(FAILS_BURST // 2):
        status, _, cookies = _http(gate, "/", cookies={NAMES.host: f"guessed-key-{i}"}, peer="10.0.2.2")
        assert status == 403
        assert cookies[NAMES.host] == f"{NAMES.host}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0"
        status, _, cookies = _http(gate, "/", cookies={NAMES.guest: f"{gid}.guessed-{i}"}, peer="10.0.2.2")
        assert status == 403 and cookies[NAMES.guest].endswith("Max-Age=0")
    # tries spent: the valid guest cookie is not even looked at now (a wrong one would get the same)
    assert _http(gate, "/", cookies={NAMES.guest: guest_value(gid, tok)}, peer="10.0.2.2")[0] == 429
    assert _http(gate, "/", cookies={NAMES.guest: guest_value(gid, tok)}, peer="10.0.2.3")[0] == 200


def test_wrong_cookies_on_the_websocket_are_tries(game):
    store, gid, tok = game
    gate = _gate(store, [100.0])
    for i in range(FAILS_BURST):
        sent = _ws(gate, {NAMES.guest: f"{gid}.guessed-{i}"}, peer="10.0.3.2")
        assert sent == [{"type": "websocket.close", "code": 1008}]
    assert _http(gate, f"/g/{gid[:8]}", f"t={tok}", peer="10.0.3.2")[0] == 429
    assert _ws(gate, {NAMES.guest: guest_value(gid, tok)}, peer="10.0.3.2") == [{"type": "websocket.close",
                                                                                 "code": 1008}]


def test_a_stale_cookie_sent_again_and_again_costs_one_try(game):
    """A browser holding a key from before a restart sends it with every request and every
    reconnect of its open tab: that is one wrong cookie, not a hundred."""
    store, _, _ = game
    gate = _gate(store, [100.0])
    for _ in range(5 * FAILS_BURST):
        assert _http(gate, "/main.dart.js", cookies={NAMES.host: "a-key-of-the-last-run"}, peer="10.0.4.2")[0] == 403
        assert _ws(gate, {NAMES.host: "a-key-of-the-last-run"}, peer="10.0.4.2")[0]["code"] == 1008
    status, _, cookies = _http(gate, "/", f"h={HOST_TOKEN}", {NAMES.host: "a-key-of-the-last-run"}, peer="10.0.4.2")
    assert status == 200 and NAMES.host in cookies


# --- cookies hold no secret --------------------------------------------------------------------------
def test_the_host_cookie_is_a_key_the_server_made_named_after_its_port(game):
    store, _, _ = game
    gate = _gate(store, [100.0])
    status, _, cookies = _http(gate, "/", f"h={HOST_TOKEN}")
    assert status == 200 and set(cookies) == {f"tischrichter_host_{PORT}", f"tischrichter_phone_{PORT}"}
    line = cookies[NAMES.host]
    key = line.split(";")[0].partition("=")[2]
    assert HOST_TOKEN not in line and len(key) >= 40
    assert line == f"{NAMES.host}={key}; HttpOnly; SameSite=Strict; Path=/; Max-Age=2592000"
    assert _http(gate, "/", cookies={NAMES.host: key})[0] == 200
    assert _http(gate, "/", cookies={NAMES.host: HOST_TOKEN}, peer="10.0.5.2")[0] == 403  # the token is no key
    # the browser holds a key already: opening the host link again keeps it
    assert NAMES.host not in _http(gate, "/", f"h={HOST_TOKEN}", {NAMES.host: key})[2]
    # over https (a proxy in front) the cookies are Secure
    assert _http(gate, "/", f"h={HOST_TOKEN}", peer="10.0.5.3", scheme="https")[2][NAMES.host].endswith("; Secure")
    # another server, even with the same token, does not know this server's key
    other = _gate(store, [100.0])
    assert _http(other, "/", cookies={NAMES.host: key}, peer="10.0.5.4")[0] == 403


def test_the_guest_cookie_names_its_game_but_not_its_token(game):
    store, gid, tok = game
    gate = _gate(store, [100.0])
    status, _, cookies = _http(gate, f"/g/{gid[:8]}", f"t={tok}")
    value = cookies[NAMES.guest].split(";")[0].partition("=")[2]
    assert status == 200 and value == guest_value(gid, tok) and value.startswith(gid + ".") and tok not in value
    assert _http(gate, "/", cookies={NAMES.guest: value})[0] == 200
    # the old cookie, with the token itself in it, opens nothing
    assert _http(gate, "/", cookies={NAMES.guest: f"{gid}.{tok}"}, peer="10.0.6.2")[0] == 403


def test_a_cookie_of_old_that_held_the_host_token_is_removed(game):
    store, _, _ = game
    gate = _gate(store, [100.0])
    status, _, cookies = _http(gate, "/", cookies={"tischrichter_host": HOST_TOKEN}, peer="10.0.7.2")
    assert status == 403
    assert cookies["tischrichter_host"] == "tischrichter_host=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0"


# --- the real server -----------------------------------------------------------------------------------
def _prepare(db) -> tuple[str, str]:
    store = Store(str(db))
    try:
        table = Tables(store).create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                                     {"lucky_numbers": [(15, 16), (14, 16)]})
        return table.id, store.table_token(table.id) or ""
    finally:
        store.close()


def test_wrong_host_tokens_with_a_guest_cookie_are_limited_on_the_real_server(tmp_path):
    gid, tok = _prepare(tmp_path / "flood.db")
    srv = Server(tmp_path / "flood.db", ["--lan", "--host", "127.0.0.1", "--token", HOST_TOKEN])
    try:
        guest = browser_cookies(srv.port, f"/g/{gid[:8]}?t={tok}")
        statuses = [get(srv.port, f"/?h=wrong-{i:03d}-0123456789", guest)[0] for i in range(3 * FAILS_BURST)]
        assert statuses[:FAILS_BURST - 1] == [200] * (FAILS_BURST - 1)  # the join link above was a right one
        assert set(statuses[FAILS_BURST:]) == {429}
        right = get(srv.port, f"/?h={HOST_TOKEN}", guest)
        wrong = get(srv.port, "/?h=wrong-xxx-0123456789", guest)
        assert right[0] == wrong[0] == 429 and right[2] == wrong[2] and set_cookies(right[1]) == {}
    finally:
        srv.kill()


def test_two_servers_on_one_machine_keep_their_own_cookies(tmp_path):
    """A browser holds the host link of both: each server's cookie is its own (another name), and
    neither is a host on the other, though both run with the same token."""
    _prepare(tmp_path / "a.db")
    _prepare(tmp_path / "b.db")
    a = Server(tmp_path / "a.db", ["--lan", "--host", "127.0.0.1", "--token", HOST_TOKEN])
    b = Server(tmp_path / "b.db", ["--lan", "--host", "127.0.0.1", "--token", HOST_TOKEN])
    try:
        jar: dict[str, str] = {}  # a browser's cookies for 127.0.0.1: one per name, whatever the port
        jar.update(browser_cookies(a.port, f"/?h={HOST_TOKEN}"))
        jar.update(browser_cookies(b.port, f"/?h={HOST_TOKEN}"))
        assert len(jar) == 4 and all(HOST_TOKEN not in v for v in jar.values())
        assert get(a.port, "/", jar)[0] == 200 and get(b.port, "/", jar)[0] == 200
        only_a = {k: v for k, v in jar.items() if k.endswith(f"_{a.port}")}
        assert get(b.port, "/", {f"tischrichter_host_{b.port}": only_a[f"tischrichter_host_{a.port}"]})[0] == 403
    finally:
        a.kill()
        b.kill()
