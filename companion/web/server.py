"""Serving the app: offline (no CDN), 127.0.0.1 by default, LAN by explicit option.

Who is who (DESIGN.md "Who may see and do what"); one pure-ASGI middleware, ``Gate``,
decides it for every HTTP request and every websocket:

- **Host**: holds the host cookie (``GET /?h=HOSTTOKEN``, the link printed at start-up
  sets it), or, when the server is bound to loopback only (no gate), a browser on the
  server's own loopback address that also names a loopback host (``127.0.0.1``,
  ``localhost``, ``[::1]``: a page that rebinds its own DNS name to 127.0.0.1 is no host).
- **Guest**: came in through one game's join link ``/g/<short id>?t=<table token>``
  (the game's own secret, ``Store.table_token``); its cookie carries that game's id
  and token, so it can never reach another game. A guest cookie wins over loopback.
- With the gate on (``--lan`` or any non-loopback ``--host``) nothing else gets
  anything: HTTP 403, websocket closed with 1008 before it is accepted. Loopback
  counts for nothing then; the host uses the printed host link.

Every browser also gets a random "phone" cookie: seats are claimed per phone.
The websocket's ``Origin`` must name the host it was served from (else 1008); a
client without ``Origin`` is no browser (a web page cannot open a websocket without
one), so it is let through to the same cookie checks.

What the middleware found reaches the Flet session through ``CLIENT`` (a contextvar
set around the websocket's whole life: Flet runs ``main``, every event and the
reconnect's ``on_connect`` in tasks created inside it, which copy the context).
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import os
import re
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from http.cookies import CookieError, SimpleCookie
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit

from companion.i18n import add_strings, both
from companion.store import Store
from companion.web.client import CLIENT as CLIENT, Client as Client
from companion.web.guard import ASGIApp, Message, Receive, Scope, Send, WsGuard, install_guards

if TYPE_CHECKING:
    import flet as ft

log = logging.getLogger("tischrichter.server")

HOST_COOKIE = "tischrichter_host"
GUEST_COOKIE = "tischrichter_guest"
PHONE_COOKIE = "tischrichter_phone"
MIN_TOKEN = 16  # characters of a host token (--token / TISCHRICHTER_TOKEN)
COOKIE_AGE = 30 * 24 * 3600
_PHONE_RE = re.compile(r"^[A-Za-z0-9_-]{22}$")
SHUTDOWN_GRACE = 2  # s uvicorn waits for open connections after SIGTERM before it cancels them
SESSION_TIMEOUT = 120  # s a disconnected Flet session is kept; the seat is held by the phone cookie
# a table token as the app makes them (secrets.token_urlsafe: 16 or 22 characters): checked before the store
_TABLE_TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{16,64}")
_IDENT_RE = re.compile(r"[0-9A-Za-z_-]{6,64}")  # a game id or its short prefix in /g/<ident>
FAILS_BURST = 10  # wrong join links (or host tokens) one address may send at once ...
FAILS_PER_S = 1 / 6  # ... and then one more every 6 s
FAILS_ADDRESSES = 4096  # addresses remembered at most (the fullest buckets are forgotten first)

add_strings(
    {
        "server.refused": {
            "de": "Tischrichter: dieser Tisch braucht einen Link. Gastgeber: den beim Start angezeigten "
                  "Gastgeber-Link öffnen. Mitspieler: den Link (QR-Code) ihres Spiels.",
            "en": "Tischrichter: this table needs a link. Host: open the host link shown at start-up. "
                  "Players: their game's link (QR code).",
        },
        "server.too_many_tries": {
            "de": "Tischrichter: zu viele falsche Links von diesem Gerät. Bitte in einer Minute den Link "
                  "(QR-Code) des Spiels noch einmal öffnen.",
            "en": "Tischrichter: too many wrong links from this device. Please open the game's link "
                  "(QR code) again in a minute.",
        },
        "server.short_token": {
            "de": "Der Schlüssel (--token / TISCHRICHTER_TOKEN) ist {n} Zeichen lang; er braucht mindestens {min}.",
            "en": {"one": "The token (--token / TISCHRICHTER_TOKEN) is {n} character long; it needs at least {min}.",
                   "other": ("The token (--token / TISCHRICHTER_TOKEN) is {n} characters long; it needs at least "
                             "{min}.")},
        },
        "server.gate_on": {
            "de": "{host} ist keine Loopback-Adresse: nur mit Link (wie --lan).",
            "en": "{host} is not a loopback address: links only (as with --lan).",
        },
        "server.too_long": {
            "de": "Diese Eingabe ist zu lang (höchstens {n} Zeichen); sie wurde nicht übernommen.",
            "en": {"one": "This input is too long (at most {n} character); it was not taken.",
                   "other": "This input is too long (at most {n} characters); it was not taken."},
        },
        "server.bad_value": {
            "de": "Diese Eingabe kommt so nicht aus der App; sie wurde nicht übernommen.",
            "en": "This input does not come from the app like this; it was not taken.",
        },
        "server.handler_failed": {
            "de": "Das ging nicht: ein Fehler im Tischrichter (für den Gastgeber protokolliert). "
                  "Das gespeicherte Spiel ist davon nicht betroffen.",
            "en": "That did not work: an error in Tischrichter (logged for the host). "
                  "The saved game is not affected.",
        },
        "server.host_link": {
            "de": "Gastgeber-Link (nur für das eigene Gerät; Mitspieler bekommen den Link ihres Spiels "
                  "unter „Mitspieler einladen“): {url}",
            "en": "Host link (for your own device only; players get their game's link under "
                  "“Invite players”): {url}",
        },
    }
)


def is_loopback_host(host: str | None) -> bool:
    """A bind or peer address (or the name ``localhost``) that stays on this machine."""
    if not host:
        return False
    h = host.strip().strip("[]").lower()
    if h == "localhost" or h.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(h)
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)
    return bool(ip.is_loopback or (mapped is not None and mapped.is_loopback))


def _hostport(netloc: str, scheme: str) -> tuple[str, int | None] | None:
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        port = parts.port
    except ValueError:
        return None
    host = (parts.hostname or "").lower()
    if not host:
        return None
    if port is None:
        port = {"http": 80, "ws": 80, "https": 443, "wss": 443}.get(scheme)
    return host, port


def origin_matches(origin: str, host_header: str, scheme: str = "http") -> bool:
    """The page's Origin names the host (and port) the websocket was served from."""
    o = urlsplit(origin.strip())
    if o.scheme not in ("http", "https") or not o.netloc:
        return False  # "null", a file:// page, garbage
    mine = _hostport(o.netloc, o.scheme)
    served = _hostport(host_header.strip(), "https" if scheme in ("https", "wss") else "http")
    return mine is not None and mine == served


def _same(a: str | None, b: str | None) -> bool:
    return bool(a) and bool(b) and hmac.compare_digest(str(a).encode(), str(b).encode())


class FailedTries:
    """Wrong join links and host tokens per client address: a token bucket of
    ``FAILS_BURST`` tries refilled at ``FAILS_PER_S``; an address without a try left is refused
    before its token is looked at. At most ``FAILS_ADDRESSES`` addresses are kept."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self.left: dict[str, tuple[float, float]] = {}  # address -> (tries left, when counted)

    def _tries(self, peer: str, t: float) -> float:
        left, at = self.left.get(peer, (FAILS_BURST, t))
        return min(float(FAILS_BURST), left + (t - at) * FAILS_PER_S)

    def allowed(self, peer: str) -> bool:
        return peer not in self.left or self._tries(peer, self.now()) >= 1.0

    def failed(self, peer: str) -> None:
        t = self.now()
        self.left[peer] = (max(0.0, self._tries(peer, t) - 1.0), t)
        if len(self.left) > FAILS_ADDRESSES:  # forget the addresses with the most tries left
            keep = sorted(self.left, key=lambda p: self._tries(p, t))[: FAILS_ADDRESSES // 2]
            self.left = {p: self.left[p] for p in keep}


class Gate:
    """Pure ASGI middleware: roles, join links, cookies, the LAN gate, the websocket's Origin.

    ``table_token(game_id)`` and ``resolve(ident)`` (a game id or a short prefix -> the
    game id, or None) come from the store; ``gated``: loopback alone admits nobody.
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        host_token: str | None,
        table_token: Callable[[str], str | None],
        resolve: Callable[[str], str | None],
        gated: bool,
    ) -> None:
        self.app = app
        self.host_token = host_token
        self.table_token = table_token
        self.resolve = resolve
        self.gated = gated
        self.tries = FailedTries()

    # --- reading a request -------------------------------------------------------
    @staticmethod
    def _headers(scope: Scope) -> dict[str, str]:
        out: dict[str, str] = {}
        cookie_parts: list[str] = []
        for name, value in scope.get("headers", []):
            n = name.decode("latin-1").lower()
            v = value.decode("latin-1")
            if n == "cookie":
                cookie_parts.append(v)
            else:
                out.setdefault(n, v)
        out["cookie"] = "; ".join(cookie_parts)
        return out

    @staticmethod
    def _cookies(header: str) -> dict[str, str]:
        jar = SimpleCookie()
        out: dict[str, str] = {}
        for part in header.split(";"):
            try:
                jar.load(part.strip())
            except CookieError:
                continue
        for k, morsel in jar.items():
            out[k] = morsel.value
        return out

    def _guest_game(self, value: str | None) -> str | None:
        """The game a guest cookie ``<game id>.<table token>`` opens, if it is still valid."""
        if not value or "." not in value or len(value) > 300:
            return None
        gid, _, tok = value.partition(".")
        try:
            return gid if _same(self.table_token(gid), tok) else None
        except Exception:  # a store in trouble: no guest gets in (logged: it is not expected)
            log.exception("guest cookie not checked: the store failed")
            return None

    def _join_link(self, path: str, query: dict[str, list[str]]) -> tuple[str, str] | None:
        """``/g/<ident>[/...]?t=<table token>``: (game id, token) if the token is that game's."""
        tok = next(iter(query.get("t") or ()), None)
        parts = [p for p in path.split("/") if p]
        if not tok or len(parts) < 2 or parts[0] != "g" or len(parts[1]) > 100:
            return None
        if not _TABLE_TOKEN_RE.fullmatch(tok) or not _IDENT_RE.fullmatch(parts[1]):
            return None  # no token the app makes, no id it makes: the store is not asked
        try:
            gid = self.resolve(parts[1])
            return (gid, tok) if gid and _same(self.table_token(gid), tok) else None
        except Exception:  # a store in trouble: no guest gets in (logged: it is not expected)
            log.exception("join link not checked: the store failed")
            return None

    def identify(self, scope: Scope, headers: dict[str, str], cookies: dict[str, str]) -> Client | None:
        phone = cookies.get(PHONE_COOKIE)
        phone = phone if phone and _PHONE_RE.match(phone) else None
        if self.host_token and _same(cookies.get(HOST_COOKIE), self.host_token):
            return Client(role="host", phone=phone)
        game = self._guest_game(cookies.get(GUEST_COOKIE))
        if game:
            return Client(role="guest", game=game, phone=phone)
        peer = (scope.get("client") or (None, None))[0]
        host_name = _hostport(headers.get("host", ""), "http")
        if not self.gated and is_loopback_host(peer) and host_name and is_loopback_host(host_name[0]):
            return Client(role="host", phone=phone)
        return None

    # --- answering -----------------------------------------------------------------
    @staticmethod
    def _cookie(name: str, value: str) -> tuple[bytes, bytes]:
        return (b"set-cookie",
                f"{name}={value}; HttpOnly; SameSite=Strict; Path=/; Max-Age={COOKIE_AGE}".encode("latin-1"))

    async def _refuse_http(self, send: Send, status: int = 403, key: str = "server.refused") -> None:
        body = both(key).encode()
        await send({
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                        (b"content-length", str(len(body)).encode())],
        })
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = self._headers(scope)
        cookies = self._cookies(headers["cookie"])
        client = self.identify(scope, headers, cookies)

        if scope["type"] == "websocket":
            origin = headers.get("origin")
            if origin is not None and not origin_matches(origin, headers.get("host", ""), scope.get("scheme", "ws")):
                await send({"type": "websocket.close", "code": 1008})  # another site's page
                return
            if client is None:
                await send({"type": "websocket.close", "code": 1008})
                return
            token = CLIENT.set(client)
            try:
                peer = (scope.get("client") or ("?", None))[0]
                await WsGuard(client, peer).run(self.app, scope, receive, send)
            finally:
                CLIENT.reset(token)
            return

        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        set_cookies: list[tuple[bytes, bytes]] = []
        h = (query.get("h") or [None])[0]
        host_cookie = bool(self.host_token) and _same(cookies.get(HOST_COOKIE), self.host_token)
        # an address that let nobody in through a token yet has a few wrong tries; once
        # they are spent, its tokens are not even looked at for a while
        peer = str((scope.get("client") or ("?", None))[0])
        trying = client is None and (h is not None or "t" in query)
        if trying and not self.tries.allowed(peer):
            await self._refuse_http(send, status=429, key="server.too_many_tries")
            return
        if self.host_token and _same(h, self.host_token):
            client = Client(role="host")
            set_cookies.append(self._cookie(HOST_COOKIE, self.host_token))
        elif not host_cookie:
            # a join link makes this browser that game's guest (also over loopback);
            # a browser holding the host link stays the host
            link = self._join_link(scope.get("path", ""), query)
            if link is not None:
                client = Client(role="guest", game=link[0])
                set_cookies.append(self._cookie(GUEST_COOKIE, f"{link[0]}.{link[1]}"))
        if client is None:
            if trying:
                self.tries.failed(peer)
            await self._refuse_http(send)
            return
        if not (cookies.get(PHONE_COOKIE) and _PHONE_RE.match(cookies[PHONE_COOKIE])):
            set_cookies.append(self._cookie(PHONE_COOKIE, secrets.token_urlsafe(16)))
        if not set_cookies:
            await self.app(scope, receive, send)
            return

        async def send_with_cookies(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *set_cookies]}
            await send(message)

        await self.app(scope, receive, send_with_cookies)


def lan_address() -> str:
    """The address other phones on the table's network would use."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))  # UDP connect sends nothing; it only picks a route
        return str(s.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def store_lookups(store: Store) -> tuple[Callable[[str], str | None], Callable[[str], str | None]]:
    """(table_token, resolve) over the store: a game's join secret; a game id or its short prefix."""

    def table_token(gid: str) -> str | None:
        if not gid or len(gid) > 100 or "\x00" in gid:
            return None
        return store.table_token(gid)

    def resolve(ident: str) -> str | None:
        if not ident or len(ident) > 100 or "\x00" in ident:
            return None
        hits = store.ids_starting(ident, 2)  # the primary key's index, not a scan
        if ident in hits:
            return ident
        return hits[0] if len(ident) >= 6 and len(hits) == 1 else None

    return table_token, resolve


def build_asgi(main: Callable[[ft.Page], Awaitable[None]], host_token: str | None, store: Store,
               gated: bool | None = None) -> Gate:
    """The Flet app behind the ``Gate`` (gate on when there is a host token, unless told)."""
    import flet as ft

    from companion.web.page import server_assets_dir

    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    # a closed phone's session is kept SESSION_TIMEOUT s, not Flet's hour (its memory goes back): its seat
    # is held by its phone cookie, so a phone that comes back later gets it all the same
    os.environ.setdefault("FLET_SESSION_TIMEOUT", str(SESSION_TIMEOUT))
    install_guards()
    # Flet's page with the language guard in it (a browser reporting "C" gets the app)
    app = ft.run(main, export_asgi_app=True, no_cdn=True, assets_dir=str(server_assets_dir()))
    table_token, resolve = store_lookups(store)
    return Gate(app, host_token=host_token, table_token=table_token, resolve=resolve,
                gated=bool(host_token) if gated is None else gated)


def new_token() -> str:
    return secrets.token_urlsafe(16)
