"""The LAN gate over real HTTP and WebSocket on loopback: the server as a subprocess.

``--lan --host 127.0.0.1 --token T``: nothing of the app without a link, loopback
included; the host link ``/?h=T`` sets an HttpOnly SameSite=Strict cookie named after the
server's port that holds a key the server made, never T; assets and /ws need the cookie;
traversal never leaves the app. Without ``--lan`` the server binds 127.0.0.1 only.
(Guests' per-game links: tests/companion/web/test_access_roles.py.)
"""

from __future__ import annotations

import asyncio
import http.client
import socket

import psutil
import pytest

from companion.web.cookies import cookie_names
from tests.e2e.conftest import Server
from tests.harness.ws import host_key, ws_outcome

TOKEN = "Tisch-Geheimnis_0123456789abc"


@pytest.fixture(scope="module")
def lan(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("lan") / "lan.db", ["--lan", "--host", "127.0.0.1", "--token", TOKEN])
    srv.cookie = cookie_names(srv.port).host
    srv.key = host_key(srv.port, TOKEN)
    yield srv
    srv.kill()


def get(srv: Server, path: str, cookie: str | None = None) -> tuple[int, dict[str, str], bytes]:
    """A raw GET: http.client sends the path exactly as given (no normalisation)."""
    conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
    try:
        headers = {"Cookie": cookie} if cookie else {}
        conn.request("GET", path, headers=headers)
        resp = conn.getresponse()
        body = resp.read()
        out: dict[str, str] = {}
        for k, v in resp.getheaders():  # several Set-Cookie headers: one per line
            out[k.lower()] = f"{out[k.lower()]}\n{v}" if k.lower() in out else v
        return resp.status, out, body
    finally:
        conn.close()


def cookie_header(srv: Server) -> str:
    return f"{srv.cookie}={srv.key}"


def test_host_link_is_printed_with_the_token(lan):
    assert lan.first_line == f"Tischrichter: http://127.0.0.1:{lan.port}/?h={TOKEN}"


def test_no_token_no_app(lan):
    status, headers, body = get(lan, "/")
    assert status == 403
    assert b"<html" not in body.lower() and b"flutter" not in body.lower()
    assert "set-cookie" not in headers


def test_wrong_token_refused(lan):
    for path in ("/?h=wrong", f"/?h={TOKEN}x", f"/?h={TOKEN[:-1]}", "/?h=", "/?x=" + TOKEN, f"/?t={TOKEN}",
                 f"/g/abcdef12?t={TOKEN}"):
        status, headers, body = get(lan, path)
        assert status == 403, path
        assert "set-cookie" not in headers
        assert b"<html" not in body.lower()


def test_wrong_cookie_refused(lan):
    status, _, _ = get(lan, "/", cookie=f"{lan.cookie}=wrong")
    assert status == 403
    status, _, _ = get(lan, "/", cookie=f"other={TOKEN}")
    assert status == 403
    status, _, _ = get(lan, "/", cookie=f"{lan.cookie}={TOKEN}")  # the token is no key
    assert status == 403


def test_token_sets_strict_httponly_cookie_and_serves_the_app(lan):
    status, headers, body = get(lan, f"/?h={TOKEN}")
    assert status == 200
    assert b"<html" in body.lower()
    assert lan.cookie == f"tischrichter_host_{lan.port}"
    cookie = next(v for v in headers["set-cookie"].split("\n") if v.startswith(lan.cookie + "="))
    parts = [p.strip() for p in cookie.split(";")]
    key = parts[0].partition("=")[2]
    assert len(key) >= 40 and TOKEN not in key and TOKEN not in headers["set-cookie"]
    assert {p.lower() for p in parts[1:]} >= {"httponly", "samesite=strict", "path=/"}
    assert "secure" not in {p.lower() for p in parts}  # plain http: a Secure cookie would never come back
    assert get(lan, "/", cookie=f"{lan.cookie}={key}")[0] == 200  # the key is the host's


def test_assets_need_the_cookie(lan):
    # an asset the page loads after the join URL
    for asset in ("/flutter_bootstrap.js", "/main.dart.js", "/manifest.json"):
        status, _, body = get(lan, asset, cookie=cookie_header(lan))
        if status == 200:
            break
    else:
        pytest.fail("no known asset served with the cookie")
    assert body
    status, _, body2 = get(lan, asset)
    assert status == 403
    assert body2 != body


def test_websocket_needs_the_cookie(lan):
    without = asyncio.run(ws_outcome(lan.port, None))
    assert without.startswith("rejected") or without == "closed 1008", without
    wrong = asyncio.run(ws_outcome(lan.port, f"{lan.cookie}=nope"))
    assert wrong.startswith("rejected") or wrong == "closed 1008", wrong
    with_cookie = asyncio.run(ws_outcome(lan.port, cookie_header(lan)))
    assert with_cookie == "open", with_cookie


TRAVERSALS = [
    "/../../etc/passwd",
    "/../../../../../../etc/passwd",
    "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/%2e%2e/",
    "/..%2f..%2f..%2f..%2fetc%2fpasswd",
    "/%252e%252e/%252e%252e/etc/passwd",
    "/assets/../../../../etc/passwd",
    "/assets/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "//etc/passwd",
    "/....//....//etc/passwd",
    "/..\\..\\..\\etc\\passwd",
]


@pytest.mark.parametrize("path", TRAVERSALS)
def test_traversal_never_leaves_the_app(lan, path):
    with open("/etc/passwd", "rb") as fh:
        passwd = fh.read()
    for cookie in (cookie_header(lan), None):
        status, _, body = get(lan, path, cookie=cookie)
        assert b"root:" not in body and passwd[:64] not in body, (path, status)
        if cookie is None:
            assert status in (400, 403, 404), (path, status)


def test_traversal_with_token_query_also_contained(lan):
    status, _, body = get(lan, f"/../../etc/passwd?h={TOKEN}")
    assert b"root:" not in body


def _listening(pid: int, port: int) -> set[str]:
    addrs = set()
    for c in psutil.Process(pid).net_connections(kind="inet"):
        if c.status == psutil.CONN_LISTEN and c.laddr and c.laddr.port == port:
            addrs.add(c.laddr.ip)
    return addrs


def _non_loopback_address() -> str | None:
    for addrs in psutil.net_if_addrs().values():
        for a in addrs:
            if a.family == socket.AF_INET and not a.address.startswith("127."):
                return a.address
    return None


def test_default_binds_loopback_only(tmp_path):
    srv = Server(tmp_path / "local.db")
    try:
        assert srv.first_line == f"Tischrichter: http://127.0.0.1:{srv.port}/"
        assert _listening(srv.proc.pid, srv.port) == {"127.0.0.1"}
        other = _non_loopback_address()
        if other is not None:
            with pytest.raises(OSError):
                socket.create_connection((other, srv.port), timeout=1).close()
        # no token needed on this device
        status, _, body = get(srv, "/")
        assert status == 200 and b"<html" in body.lower()
    finally:
        srv.kill()


def test_lan_server_listens_where_told(lan):
    assert _listening(lan.proc.pid, lan.port) == {"127.0.0.1"}
