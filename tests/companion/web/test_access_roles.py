"""Who may see what, over the real server (``python -m companion``) on real HTTP and WebSocket.

Roles and the gate (DESIGN.md "Who may see and do what"). Each "phone" here is a
minimal Flet client (``Phone``): it gets its cookies over HTTP as a browser would (the
host link ``/?h=…`` or a game's join link ``/g/<short id>?t=…``), opens ``/ws`` with them
and a browser's ``Origin``, registers a route like the Flutter client and records every
message the server sends, so a test can say what never reached that phone.
"""

from __future__ import annotations

import asyncio
import http.client
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import msgpack
import pytest
import websockets

from companion.store import Store
from companion.table.table import Tables
from companion.web.cookies import guest_value
from scoring.engine import PlayerSpec
from tests.e2e.conftest import ROOT, Server
from tests.harness.ws import refused, ws_outcome

HOST_TOKEN = "Gastgeber-Geheimnis_0123456789"


def names(port: int) -> tuple[str, str, str]:
    """The cookie names of the server on ``port`` (host, guest, phone), spelled out: each server's
    carry its port."""
    return f"tischrichter_host_{port}", f"tischrichter_guest_{port}", f"tischrichter_phone_{port}"
BUTTONS = {"Button", "OutlinedButton", "TextButton", "FilledButton", "IconButton", "ElevatedButton"}


# --- HTTP ------------------------------------------------------------------------------------
def get(port: int, path: str, cookies: dict[str, str] | None = None,
        headers: dict[str, str] | None = None) -> tuple[int, list[tuple[str, str]], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        h = dict(headers or {})
        if cookies:
            h["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        conn.request("GET", path, headers=h)
        resp = conn.getresponse()
        return resp.status, resp.getheaders(), resp.read()
    finally:
        conn.close()


def set_cookies(headers: list[tuple[str, str]]) -> dict[str, str]:
    out = {}
    for k, v in headers:
        if k.lower() == "set-cookie":
            name, _, rest = v.partition("=")
            out[name] = rest.split(";")[0]
    return out


def browser_cookies(port: int, link: str, cookies: dict[str, str] | None = None) -> dict[str, str]:
    """What a browser holds after opening ``link`` (path and query): the cookies set."""
    status, headers, _ = get(port, link, cookies)
    assert status == 200, (link, status)
    return {**(cookies or {}), **set_cookies(headers)}


# --- a Flet client ---------------------------------------------------------------------------
def _walk(node: Any):
    if isinstance(node, dict):
        yield node
        for v in node.values():
            yield from _walk(v)
    elif isinstance(node, list):
        for v in node:
            yield from _walk(v)


def _label(d: dict) -> set[str]:
    out = set()
    for key in ("content", "text", "tooltip", "label"):
        v = d.get(key)
        if isinstance(v, str):
            out.add(v)
        elif isinstance(v, dict):
            if isinstance(v.get("value"), str):
                out.add(v["value"])
            if isinstance(v.get("message"), str):
                out.add(v["message"])
    return out


def apply_patch(root: Any, patch: list) -> None:
    """Apply one PATCH_CONTROL body (``[paths, *ops]``, flet.controls.object_patch) to ``root``,
    the patched control's dict, as the Flutter client does: ops replace (0), add (1),
    remove (2) and move (3) at nodes named by the path table, resolved at each op."""
    paths, *ops = patch
    table: dict[int, tuple] = {0: ()}

    def walk(entry: list, prefix: tuple) -> None:
        if len(entry) > 1:
            for k, sub in entry[1].items():
                table[sub[0]] = (*prefix, k)
                walk(sub, (*prefix, k))

    walk(paths, ())

    def at(idx: int) -> Any:
        node = root
        for k in table[idx]:
            node = node[k]
        return node

    for op in ops:
        if op[0] == 0:
            at(op[1])[op[2]] = op[3]
        elif op[0] == 1:
            target = at(op[1])
            if isinstance(target, list):
                target.insert(op[2], op[3])
            else:
                target[op[2]] = op[3]
        elif op[0] == 2:
            target = at(op[1])
            if isinstance(target, list):
                target.pop(op[2])
            else:
                target.pop(op[2], None)
        elif op[0] == 3:
            src = at(op[1])
            value = src.pop(op[2])
            dst = at(op[3])
            if isinstance(dst, list):
                dst.insert(op[4], value)
            else:
                dst[op[4]] = value


class Phone:
    """One browser tab over the real websocket. ``storage`` answers SharedPreferences.

    ``messages``: everything received (for "never sent"); ``page``: the page as the client
    holds it now (patches applied), for buttons to tap and what is on screen now."""

    def __init__(self, port: int, cookies: dict[str, str] | None = None,
                 origin: str | None = "same", storage: dict[str, Any] | None = None) -> None:
        self.port = port
        self.cookies = dict(cookies or {})
        self.origin = f"http://127.0.0.1:{port}" if origin == "same" else origin
        self.storage = {} if storage is None else storage
        self.messages: list[Any] = []
        self.session_id = ""
        self.ws: Any = None
        self.page: dict[str, Any] = {}

    async def open(self, route: str) -> Phone:
        headers = {}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if self.origin:
            headers["Origin"] = self.origin
        self.ws = await websockets.connect(f"ws://127.0.0.1:{self.port}/ws", additional_headers=headers,
                                           max_size=None, open_timeout=20, close_timeout=2)
        # a new page: nothing on it until the server's register answer (the old page's
        # controls must not pass for the new one's)
        self.page = {}
        page = {"route": route, "width": 412, "height": 915, "web": True, "platform": "android"}
        await self._send([1, {"session_id": self.session_id, "page_name": "", "page": page}])
        return self

    async def reload(self, route: str, old_socket_open: bool = False) -> Phone:
        """The same tab reloads: a new websocket that sends the tab's Flet session id.

        Flet 1.0.5 (flet_web FletApp.__on_message, REGISTER_CLIENT) attaches the new socket to
        that session only if the server has already handled the old socket's end (the
        session's ``connection`` is None); otherwise it starts a NEW session (``main`` runs
        again, the old one lingers until its close is handled). Which happens is a race (CPU
        load, a close lost on the network; a socket that died while the server was sending
        never detaches at all), so callers must not rely on either. ``old_socket_open``: the
        race lost on purpose, the new page registers before the old socket closes."""
        if old_socket_open:
            old, self.ws = self.ws, None
            await self.open(route)
            await self.wait_for(lambda: bool(self.page))
            await old.close()
            return self
        await self.close()
        # usually long enough for Flet to handle the close (a browser takes that long to
        # reload anyway), but not always under load: see above
        await asyncio.sleep(0.5)
        return await self.open(route)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
            self.ws = None

    async def _send(self, msg: list) -> None:
        await self.ws.send(b"\x00" + msgpack.packb(msg))

    async def _receive_one(self, timeout: float) -> None:
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        if not raw or raw[0] != 0:
            return
        msg = msgpack.unpackb(raw[1:], strict_map_key=False)
        self.messages.append(msg)
        if msg[0] == 1 and isinstance(msg[1], dict) and msg[1].get("session_id"):
            self.session_id = msg[1]["session_id"]
            if isinstance(msg[1].get("page_patch"), dict):
                self.page = msg[1]["page_patch"]
        if msg[0] == 2 and isinstance(msg[1], dict):
            root = self.page if msg[1].get("id") in (1, self.page.get("_i")) else \
                next((d for d in _walk(self.page) if d.get("_i") == msg[1].get("id")), None)
            if root is not None:
                apply_patch(root, msg[1]["patch"])
        if msg[0] == 5:  # the app asks the browser: localStorage from ``storage``, else nothing
            body = msg[1]
            name, args = body.get("name"), body.get("args") or {}
            result, error = None, "no such service"
            if name == "get" and "key" in args:
                result, error = self.storage.get(args["key"]), None
            elif name == "set" and "key" in args:
                self.storage[args["key"]] = args.get("value")
                result, error = True, None
            elif name == "get_keys":
                result, error = [k for k in self.storage if k.startswith(args.get("key_prefix") or "")], None
            await self._send([5, {"control_id": body.get("control_id"), "call_id": body.get("call_id"),
                                  "result": result, "error": error}])

    @property
    def buttons(self) -> dict[str, int]:
        """Label -> control id of every button on the page now."""
        out: dict[str, int] = {}
        for d in _walk(self.page):
            if d.get("_c") in BUTTONS and "_i" in d and not d.get("disabled") and d.get("visible", True):
                for text in _label(d):
                    out.setdefault(text, d["_i"])
        return out

    def shows(self, text: str) -> bool:
        """``text`` is on the page now (hidden controls left out)."""
        return any(text == s for s in _strings(self.page, visible_only=True))

    def sent(self) -> str:
        """Everything this phone received, decoded."""
        return "\n".join(repr(m) for m in self.messages)

    def saw(self, text: str) -> bool:
        return any(text == s for m in self.messages for s in _strings(m))

    async def wait_for(self, pred: Callable[[], bool], timeout: float = 20) -> None:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not pred():
            left = end - loop.time()
            if left <= 0:
                raise AssertionError(f"not seen within {timeout}s; received:\n{self.sent()[-3000:]}")
            try:
                await self._receive_one(left)
            except TimeoutError:
                pass

    async def wait_text(self, text: str, timeout: float = 20) -> None:
        await self.wait_for(lambda: self.saw(text), timeout)

    async def quiet(self, seconds: float = 1.0) -> None:
        """Take in whatever arrives until nothing has come for ``seconds``."""
        while True:
            try:
                await self._receive_one(seconds)
            except TimeoutError:
                return

    async def click(self, label: str) -> None:
        await self.wait_for(lambda: label in self.buttons)
        await self._send([3, {"target": self.buttons[label], "name": "click", "data": None}])


def _strings(node: Any, visible_only: bool = False):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        if visible_only and node.get("visible") is False:
            return
        for v in node.values():
            yield from _strings(v, visible_only)
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v, visible_only)


def ws_with(port: int, cookies: dict[str, str] | None, origin: str | None) -> str:
    """The websocket's outcome (tests/harness/ws.py) with these cookies and this Origin."""
    cookie = "; ".join(f"{k}={v}" for k, v in cookies.items()) if cookies else None
    return asyncio.run(ws_outcome(port, cookie, origin))


# --- a store with two tables, then the server on it -------------------------------------------
NAMES = ["Ana", "Ben"]
OTHER = ["Xaver", "Yvonne"]  # the host's other game: its guests must never see these names


def prepare(db) -> dict[str, Any]:
    store = Store(str(db))
    try:
        tables = Tables(store)
        ours = tables.create("qwixx-longo", [PlayerSpec(name=n) for n in NAMES],
                             {"lucky_numbers": [(15, 16), (14, 16)]})
        other = tables.create("qwixx-longo", [PlayerSpec(name=n) for n in OTHER],
                              {"lucky_numbers": [(15, 16), (14, 16)]})
        return {"ours": ours.id, "other": other.id,
                "ours_token": store.table_token(ours.id), "other_token": store.table_token(other.id)}
    finally:
        store.close()


@pytest.fixture(scope="module")
def lan(tmp_path_factory):
    db = tmp_path_factory.mktemp("access") / "access.db"
    games = prepare(db)
    srv = Server(db, ["--lan", "--host", "127.0.0.1", "--token", HOST_TOKEN])
    srv.games = games
    yield srv
    srv.kill()


def join_link(srv: Server, which: str = "ours") -> str:
    g = srv.games
    return f"/g/{g[which][:8]}?t={g[which + '_token']}"


HOST_ONLY = ["Offene Spiele", "Verlauf & Statistik", "Sichern & Einlesen", "Neues Spiel", *OTHER]


def assert_guest_only(phone: Phone) -> None:
    for text in HOST_ONLY:
        assert not phone.saw(text), f"a guest was sent {text!r}"
    for other_name in OTHER:
        assert other_name not in phone.sent()
    assert "Alle (Handy wird herumgereicht)" not in phone.sent()


# --- roles -----------------------------------------------------------------------------------------
def test_the_host_link_is_printed_and_makes_the_host(lan):
    assert lan.first_line == f"Tischrichter: http://127.0.0.1:{lan.port}/?h={HOST_TOKEN}"
    cookies = browser_cookies(lan.port, f"/?h={HOST_TOKEN}")
    host_cookie, _, phone_cookie = names(lan.port)
    assert set(cookies) == {host_cookie, phone_cookie}
    assert HOST_TOKEN not in cookies[host_cookie] and len(cookies[host_cookie]) >= 40  # a key, not the token

    async def run() -> None:
        host = await Phone(lan.port, cookies).open("/")
        await host.wait_text("Offene Spiele")
        await host.wait_text("Verlauf & Statistik")
        await host.wait_for(lambda: "Xaver" in host.sent() and "Ana" in host.sent())
        await host.close()

    asyncio.run(run())


def test_a_join_link_works_for_its_game_only(lan):
    g = lan.games
    host_cookie, guest_cookie, _ = names(lan.port)
    cookies = browser_cookies(lan.port, join_link(lan))
    assert cookies[guest_cookie] == guest_value(g["ours"], g["ours_token"])  # the game's id, not its token
    assert cookies[guest_cookie].startswith(g["ours"] + ".") and g["ours_token"] not in cookies[guest_cookie]
    # another game's id with this game's token, and a made-up token: no app, no cookie
    for bad in (f"/g/{g['other'][:8]}?t={g['ours_token']}", f"/g/{g['ours'][:8]}?t={g['ours_token']}x",
                f"/?t={g['ours_token']}", f"/?h={g['ours_token']}"):
        status, headers, _ = get(lan.port, bad)
        assert status == 403, bad
        assert guest_cookie not in set_cookies(headers) and host_cookie not in set_cookies(headers)
    # a guest cookie made up for the other game with our token opens nothing
    forged = {guest_cookie: guest_value(g["other"], g["ours_token"])}
    assert get(lan.port, "/", forged)[0] == 403
    assert refused(ws_with(lan.port, forged, f"http://127.0.0.1:{lan.port}"))


@pytest.mark.parametrize("route", ["/", "/?all", "/g/{other}", "/g/{other}?all", "/g/{ours}?all",
                                   "/g/{other}/seat/0", "/history", "/stats", "/backup"])
def test_a_guest_sees_its_game_only_whatever_it_types(lan, route):
    """A phone with our game's guest cookie types another route into the address bar."""
    g = lan.games
    cookies = browser_cookies(lan.port, join_link(lan))

    async def run() -> None:
        phone = await Phone(lan.port, cookies).open(route.format(ours=g["ours"], other=g["other"]))
        await phone.wait_text("Wer bist du?")  # its own game's seat picker
        await phone.wait_text("Qwixx Longo: Ana, Ben")
        await phone.quiet(1.0)
        assert_guest_only(phone)
        await phone.close()

    asyncio.run(run())


@pytest.mark.parametrize(("old_socket_open", "name"), [(False, "Ben"), (True, "Ana")],
                         ids=["reload", "reload-before-the-old-socket-closed"])
def test_a_guest_stays_a_guest_after_a_reload_and_its_buttons_lead_home_to_its_table(lan, old_socket_open, name):
    """Whether Flet reattaches the tab's session or starts a new one (see ``Phone.reload``),
    the reloaded phone is its game's guest, on its seat, and sees nothing of the host's.
    (Each case is another browser, so takes another free seat of the module's game.)"""
    g = lan.games
    cookies = browser_cookies(lan.port, join_link(lan))

    async def run() -> None:
        phone = await Phone(lan.port, cookies).open(join_link(lan))
        await phone.click(name)
        await phone.wait_text(f"Du: {name}")
        await phone.click("Start")  # the top bar's home button: a guest's home is its table
        await phone.quiet(1.0)
        await phone.wait_for(lambda: phone.shows(f"Du: {name}") and phone.shows(f"Zettel von {name}"))
        first_session = phone.session_id
        # reload on another game's route, then on the host's start page
        for route in (f"/g/{g['other']}", "/"):
            await phone.reload(route, old_socket_open=old_socket_open)
            await phone.wait_for(lambda: phone.shows(f"Du: {name}") and phone.shows(f"Zettel von {name}"))
            await phone.quiet(1.0)
            assert phone.shows(f"Du: {name}") and phone.shows(f"Zettel von {name}")
            assert not phone.shows("Wer bist du?")
        if old_socket_open:  # the path this case is for was taken: Flet started a new session
            assert phone.session_id != first_session
        assert_guest_only(phone)
        await phone.close()

    asyncio.run(run())


def test_a_guest_cookie_wins_over_loopback(tmp_path):
    """Without the gate (this device only) a loopback browser is the host, unless it holds a
    game's guest cookie."""
    games = prepare(tmp_path / "local.db")
    srv = Server(tmp_path / "local.db")
    try:
        async def run() -> None:
            host = await Phone(srv.port).open("/")
            await host.wait_text("Offene Spiele")
            await host.close()
            cookies = browser_cookies(srv.port, f"/g/{games['ours'][:8]}?t={games['ours_token']}")
            assert cookies[names(srv.port)[1]] == guest_value(games["ours"], games["ours_token"])
            guest = await Phone(srv.port, cookies).open("/")
            await guest.wait_text("Wer bist du?")
            await guest.quiet(1.0)
            assert_guest_only(guest)
            await guest.close()
            # a host's tab whose browser then opened a join link: on its next reload it is that
            # game's guest, in a fresh session (a session id resumes only a session
            # of the same role and game; the host's screen is never handed to a guest)
            tab = await Phone(srv.port).open("/")
            await tab.wait_for(lambda: tab.shows("Offene Spiele"))
            await tab.quiet(1.0)  # Flet 1.0.5 keeps a session attached whose socket died mid-send
            session = tab.session_id
            tab.cookies = cookies
            await tab.reload("/")
            await tab.wait_for(lambda: tab.shows("Wer bist du?") and not tab.shows("Offene Spiele"))
            assert tab.session_id != session
            await tab.close()

        asyncio.run(run())
        # a page that renamed itself to 127.0.0.1 (DNS rebinding) is no host
        assert get(srv.port, "/", headers={"Host": f"evil.example:{srv.port}"})[0] == 403
        assert get(srv.port, "/", headers={"Host": f"127.0.0.1:{srv.port}"})[0] == 200
        # and another site's page may not open this device's websocket either
        assert ws_with(srv.port, None, f"http://127.0.0.1:{srv.port}") == "open"
        assert ws_with(srv.port, None, None) == "open"  # no browser: tests, bench
        assert refused(ws_with(srv.port, None, f"http://evil.example:{srv.port}"))
    finally:
        srv.kill()


# --- the gate ---------------------------------------------------------------------------------------
def test_the_websocket_checks_its_origin(lan):
    host = browser_cookies(lan.port, f"/?h={HOST_TOKEN}")
    same = f"http://127.0.0.1:{lan.port}"
    assert ws_with(lan.port, host, same) == "open"
    assert ws_with(lan.port, host, None) == "open"  # no Origin: no browser, cookies decide
    for origin in (f"http://evil.example:{lan.port}", "http://127.0.0.1:1", f"https://127.0.0.1:{lan.port}x",
                   "null", f"http://localhost:{lan.port}"):
        assert refused(ws_with(lan.port, host, origin)), origin


def test_another_sites_page_cannot_open_this_devices_websocket(tmp_path):
    """Without the gate too: a page from another origin (e.g. one the host's own browser
    visits) may not drive the app over its websocket."""
    srv = Server(tmp_path / "origin.db")
    try:
        assert refused(ws_with(srv.port, None, f"http://evil.example:{srv.port}"))
        assert refused(ws_with(srv.port, None, f"http://127.0.0.1:{srv.port + 1}"))
        assert ws_with(srv.port, None, f"http://127.0.0.1:{srv.port}") == "open"
    finally:
        srv.kill()


def run_cli(args: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    import os

    return subprocess.run([sys.executable, "-m", "companion", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env={**os.environ, **(env or {})})


def test_a_short_token_is_refused_at_start(tmp_path):
    out = run_cli(["--lan", "--host", "127.0.0.1", "--port", "1", "--token", "kurz-0123456789", "--db",
                   str(tmp_path / "t.db")])
    assert out.returncode == 2
    assert out.stderr.strip() == (
        "Der Schlüssel (--token / TISCHRICHTER_TOKEN) ist 15 Zeichen lang; er braucht mindestens 16. / "
        "The token (--token / TISCHRICHTER_TOKEN) is 15 characters long; it needs at least 16.")
    env_out = run_cli(["--lan", "--port", "1", "--db", str(tmp_path / "t.db")], {"TISCHRICHTER_TOKEN": "abc"})
    assert env_out.returncode == 2 and "is 3 characters long" in env_out.stderr


def test_a_non_loopback_host_turns_the_gate_on(tmp_path):
    """``--host 0.0.0.0`` without ``--lan``: every interface, so only links let anyone in."""
    prepare(tmp_path / "open.db")
    srv = Server(tmp_path / "open.db", ["--host", "0.0.0.0", "--token", HOST_TOKEN])
    try:
        status, _, body = get(srv.port, "/")
        assert status == 403 and b"<html" not in body.lower()
        assert srv.first_line.startswith("Tischrichter: http://") and srv.first_line.endswith(f"/?h={HOST_TOKEN}")
        assert refused(ws_with(srv.port, None, None))
        assert refused(ws_with(srv.port, None, f"http://127.0.0.1:{srv.port}"))
        assert get(srv.port, f"/?h={HOST_TOKEN}")[0] == 200
    finally:
        srv.kill()


def test_a_refused_request_says_which_link_is_needed_in_both_languages(lan):
    status, _, body = get(lan.port, "/")
    assert status == 403
    assert body.decode() == (
        "Tischrichter: dieser Tisch braucht einen Link. Gastgeber: den beim Start angezeigten Gastgeber-Link "
        "öffnen. Mitspieler: den Link (QR-Code) ihres Spiels. / Tischrichter: this table needs a link. "
        "Host: open the host link shown at start-up. Players: their game's link (QR code).")


def test_a_guest_in_english_gets_the_picker_without_everyone(lan):
    cookies = browser_cookies(lan.port, join_link(lan))

    async def run() -> None:
        phone = await Phone(lan.port, cookies).open("/?all&lang=en")
        await phone.wait_for(lambda: phone.shows("Who are you?") and phone.shows("Qwixx Longo: Ana, Ben"))
        await phone.quiet(1.0)
        assert not phone.saw("Everyone (the phone is passed around)")
        assert not phone.saw("Unfinished games") and not phone.saw("History & statistics")
        await phone.close()

    asyncio.run(run())
