"""A public shard as a real process (``python -m companion --public``), over HTTP and its websocket:
a new browser gets a space, the proxy's names are in every cookie and link, each limit refuses with its
sentence, and nothing of another shard is taken."""

from __future__ import annotations

import asyncio
import http.client
import json

import pytest

from companion.web.spaces import SPACES_PER_ADDRESS_PER_DAY
from tests.e2e.conftest import Server
from tests.harness.ws import refused, ws_outcome

REFUSED = ("Tischrichter: dieser Link gilt hier nicht (mehr). Mitspieler: den Link (QR-Code) ihres Spiels noch "
           "einmal öffnen. Wer selbst spielen will: die Startseite öffnen. / "
           "Tischrichter: this link is not valid here (any more). Players: open their game's link (QR code) "
           "again. To play yourself: open the start page.")


@pytest.fixture(scope="module")
def shard(tmp_path_factory):
    data = tmp_path_factory.mktemp("public")
    srv = Server(data / "unused.db", extra=["--public", "--shard", "q", "--data", str(data)])
    yield srv
    srv.kill()


def get(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, list[str]], str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path, headers=headers or {})
        resp = conn.getresponse()
        body = resp.read().decode("utf-8", "replace")
        heads: dict[str, list[str]] = {}
        for k, v in resp.getheaders():
            heads.setdefault(k.lower(), []).append(v)
        return resp.status, heads, body
    finally:
        conn.close()


def cookie_of(heads: dict[str, list[str]], name: str) -> str | None:
    for line in heads.get("set-cookie", []):
        if line.startswith(name + "="):
            return line
    return None


def test_health_names_the_shard(shard):
    status, heads, body = get(shard.port, "/healthz")
    assert status == 200 and heads["content-type"] == ["application/json"]
    assert json.loads(body)["shard"] == "q"


def test_a_new_browser_gets_a_space_whose_cookie_names_the_shard(shard):
    status, heads, body = get(shard.port, "/", {"X-Forwarded-For": "203.0.113.1"})
    assert status == 200
    line = cookie_of(heads, "tischrichter_space")
    assert line is not None and line.startswith("tischrichter_space=q-")
    assert "; HttpOnly; SameSite=Lax; Path=/;" in line and "Secure" not in line
    assert 'webSocketEndpoint="/ws/q"' in body  # the proxy routes the websocket by this path
    space = line.split(";")[0]
    # the same browser again: its space, no new one
    status, heads, _ = get(shard.port, "/", {"Cookie": space})
    assert status == 200 and cookie_of(heads, "tischrichter_space") is None
    assert asyncio.run(ws_outcome(shard.port, cookie=space, path="/ws/q")) == "open"


def test_over_https_through_the_proxy_the_cookies_are_secure(shard):
    _, heads, _ = get(shard.port, "/", {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.2"})
    assert "; Secure" in (cookie_of(heads, "tischrichter_space") or "")


def test_without_a_space_nothing_but_the_start_page_and_the_sentence(shard):
    status, _, body = get(shard.port, "/main.dart.js")
    assert (status, body) == (403, REFUSED)
    assert refused(asyncio.run(ws_outcome(shard.port, path="/ws/q")))


def test_another_shards_names_are_not_taken(shard):
    # a space cookie and a join link of shard "b" reach this shard: neither opens anything here
    status, heads, body = get(shard.port, "/main.dart.js", {"Cookie": "tischrichter_space=b-" + "x" * 32})
    assert (status, body) == (403, REFUSED)
    status, _, body = get(shard.port, "/g/b-1234abcd?t=" + "y" * 16, {"X-Forwarded-For": "203.0.113.3"})
    assert (status, body) == (403, REFUSED)


def test_new_spaces_per_address_and_day_are_bounded_with_the_sentence(shard):
    addr = {"X-Forwarded-For": "198.51.100.99"}
    for _ in range(SPACES_PER_ADDRESS_PER_DAY):
        assert get(shard.port, "/", addr)[0] == 200
    status, heads, body = get(shard.port, "/", addr)
    assert status == 429 and cookie_of(heads, "tischrichter_space") is None
    assert body == (
        "Tischrichter: von diesem Netz wurden heute schon 20 neue Bereiche angelegt. Bitte morgen wieder, oder "
        "den Link eines bestehenden Bereichs öffnen. / "
        "Tischrichter: 20 new spaces were already made from this network today. Please come back tomorrow, or "
        "open the link of an existing space.")
    assert get(shard.port, "/", {"X-Forwarded-For": "198.51.100.100"})[0] == 200  # another address


def test_a_games_join_link_makes_its_guest_and_a_wrong_token_does_not(tmp_path):
    from companion.web.spaces import Spaces
    from scoring.engine import PlayerSpec
    from tests.harness.ws import link_cookies

    spaces = Spaces(tmp_path, "a", "http://x/")
    space, _ = spaces.mint("192.0.2.9")
    ctx = spaces.context(space)
    table = ctx.tables.create("raus-aus-dem-verlies", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                              {"start_player": 0})
    spaces.announce(space, table.id)
    token = ctx.store.table_token(table.id)
    spaces.close()
    srv = Server(tmp_path / "unused.db", extra=["--public", "--shard", "a", "--data", str(tmp_path)])
    try:
        got = link_cookies(srv.port, f"/g/a-{table.id[:8]}?t={token}")
        assert got["tischrichter_guest"].startswith(f"a-{table.id}.")  # the proxy routes on its first name
        assert "tischrichter_space" not in got  # a guest gets no space of its own
        assert link_cookies(srv.port, f"/g/a-{table.id[:8]}?t={token[:-1]}{'x' if token[-1] != 'x' else 'y'}") == {}
    finally:
        srv.kill()
