"""Serving the app: offline (no CDN), 127.0.0.1 by default, LAN by explicit option.

Who is who (DESIGN.md "Who may see and do what"); one pure-ASGI middleware, ``Gate``,
decides it for every HTTP request and every websocket:

- **Host**: holds the host cookie (``GET /?h=HOSTTOKEN``, the link printed at start-up,
  sets it to a random key this server keeps; the token itself is never in a cookie), or,
  when the server is bound to loopback only (no gate), a browser on the server's own
  loopback address that also names a loopback host (``127.0.0.1``,
  ``localhost``, ``[::1]``: a page that rebinds its own DNS name to 127.0.0.1 is no host).
- **Guest**: came in through one game's join link ``/g/<short id>?t=<table token>``
  (the game's own secret, ``Store.table_token``); its cookie carries that game's id
  and a keyed hash of its token, so it can never reach another game. A guest cookie wins over loopback.
- With the gate on (``--lan`` or any non-loopback ``--host``) nothing else gets
  anything: HTTP 403, websocket closed with 1008 before it is accepted. Loopback
  counts for nothing then; the host uses the printed host link.

Every browser also gets a random "phone" cookie: seats are claimed per phone. The cookies'
names carry the server's port, what they hold and how they are set: ``companion.web.cookies``.
Every wrong secret is a try of its address, however it came (a link's ``?h=``/``?t=``, with or
without a valid cookie, a wrong cookie, over HTTP or the websocket); ten, and that address is
refused for a while before anything it sends is looked at (``FailedTries``).
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
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from http.cookies import CookieError, SimpleCookie
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit

from companion.i18n import add_strings, both
from companion.store import Store
from companion.web.client import CLIENT as CLIENT, Client as Client
from companion.web.cookies import (
    FAILS_ADDRESSES as FAILS_ADDRESSES,
    FAILS_BURST as FAILS_BURST,
    FAILS_PER_S as FAILS_PER_S,
    GUEST_COOKIE as GUEST_COOKIE,
    HOST_COOKIE as HOST_COOKIE,
    LEGACY_HOST_COOKIE,
    PHONE_COOKIE as PHONE_COOKIE,
    CookieNames,
    FailedTries as FailedTries,
    HostKeys,
    clear_cookie,
    cookie_names,
    guest_matches,
    guest_value,
    server_port,
    set_cookie,
)
from companion.web.guard import ASGIApp, Message, Receive, Scope, Send, WsGuard, install_guards

if TYPE_CHECKING:
    import flet as ft

log = logging.getLogger("tischrichter.server")

MIN_TOKEN = 16  # characters of a host token (--token / TISCHRICHTER_TOKEN)
_PHONE_RE = re.compile(r"^[A-Za-z0-9_-]{22}$")
SHUTDOWN_GRACE = 2  # s uvicorn waits for open connections after SIGTERM before it cancels them
SESSION_TIMEOUT = 120  # s a disconnected Flet session is kept; the seat is held by the phone cookie
# a table token as the app makes them (secrets.token_urlsafe: 16 or 22 characters): checked before the store
_TABLE_TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{16,64}")
_IDENT_RE = re.compile(r"[0-9A-Za-z_-]{6,64}")  # a game id or its short prefix in /g/<ident>

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
        self.host_keys = HostKeys()

    lax = False  # SameSite of the cookies this gate sets (Strict; a public server's: Lax)

    def _names(self, scope: Scope) -> CookieNames:
        """The cookie names of this server: its port in each (two servers on one machine)."""
        return cookie_names(server_port(scope))

    def _set(self, name: str, value: str, secure: bool) -> tuple[bytes, bytes]:
        return set_cookie(name, value, secure=secure, lax=self.lax)

    async def _special(self, scope: Scope, send: Send) -> bool:
        """A request answered before any cookie is read (a public shard's health check); True if it was."""
        return False

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

    def _guest_cookie(self, game_id: str, token: str) -> str:
        return guest_value(game_id, token)

    async def _newcomer(self, scope: Scope, send: Send, req: _Request, secure: bool,
                        set_cookies: list[tuple[bytes, bytes]]) -> bool:
        """A request nobody's: refused here (a public server makes it a space); True if it goes on."""
        await self._refuse_http(send, extra=set_cookies)
        return False

    def _guest_game(self, value: str | None) -> str | None:
        """The game a guest cookie ``<game id>.<keyed hash>`` opens, if it is still valid."""
        if not value or "." not in value or len(value) > 300:
            return None
        gid, _, _ = value.partition(".")
        if not _IDENT_RE.fullmatch(gid):
            return None  # no id the app makes: the store is not asked
        try:
            return gid if guest_matches(value, gid, self.table_token(gid)) else None
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

    def identify(self, scope: Scope, headers: dict[str, str], cookies: dict[str, str],
                 names: CookieNames | None = None) -> tuple[Client | None, list[str]]:
        """Who the cookies (or, ungated, the loopback address) make this request, and the names of
        the cookies that were wrong (each is a wrong try)."""
        names = names or self._names(scope)
        phone = cookies.get(names.phone)
        phone = phone if phone and _PHONE_RE.match(phone) else None
        wrong: list[str] = []
        if self.host_token and names.host in cookies:
            if self.host_keys.valid(cookies[names.host]):
                return Client(role="host", phone=phone), wrong
            wrong.append(names.host)
        if names.guest in cookies:
            game = self._guest_game(cookies[names.guest])
            if game:
                return Client(role="guest", game=game, phone=phone), wrong
            wrong.append(names.guest)
        peer = (scope.get("client") or (None, None))[0]
        host_name = _hostport(headers.get("host", ""), "http")
        if not self.gated and is_loopback_host(peer) and host_name and is_loopback_host(host_name[0]):
            return Client(role="host", phone=phone), wrong
        return None, wrong

    # --- answering -----------------------------------------------------------------
    async def _refuse_http(self, send: Send, status: int = 403, key: str = "server.refused",
                           extra: list[tuple[bytes, bytes]] | None = None, **params: object) -> None:
        body = both(key, **params).encode()
        await send({
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                        (b"content-length", str(len(body)).encode()), *(extra or [])],
        })
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if await self._special(scope, send):
            return
        names = self._names(scope)
        headers = self._headers(scope)
        cookies = self._cookies(headers["cookie"])
        query = parse_qs(scope.get("query_string", b"").decode("latin-1")) if scope["type"] == "http" else {}
        peer = str((scope.get("client") or ("?", None))[0])
        # Everything that names a secret (a token in the link, a host or guest cookie) is a try. An
        # address without a try left is refused before any of it is looked at: a right and a wrong
        # secret then get the same answer, whatever else the request holds.
        offered = names.host in cookies or names.guest in cookies or "h" in query or "t" in query
        if offered and not self.tries.allowed(peer):
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
            else:
                await self._refuse_http(send, status=429, key="server.too_many_tries")
            return
        client, wrong = self.identify(scope, headers, cookies, names)
        for name in wrong:
            self.tries.failed_cookie(peer, cookies[name])
        if scope["type"] == "websocket":
            await self._websocket(scope, receive, send, headers, client)
            return
        await self._http(scope, receive, send, _Request(names, cookies, query, peer, client, wrong))

    async def _websocket(self, scope: Scope, receive: Receive, send: Send, headers: dict[str, str],
                         client: Client | None) -> None:
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

    def _by_link(self, scope: Scope, req: _Request, secure: bool) -> list[tuple[bytes, bytes]]:
        """The host link (``?h=``) or a join link (``?t=``) of this request: ``req.client`` and the
        cookies they set. A wrong one is a wrong try of the address."""
        names, out = req.names, []
        h = next(iter(req.query.get("h") or ()), None)
        host_proven = req.client is not None and req.client.role == "host" and names.host in req.cookies \
            and names.host not in req.wrong
        if h is not None:
            if self.host_token and _same(h, self.host_token):
                phone = req.client.phone if req.client is not None else None
                req.client = Client(role="host", phone=phone)
                if not host_proven:  # a browser that holds a key keeps it
                    out.append(self._set(names.host, self.host_keys.mint(), secure))
                host_proven = True
            else:
                self.tries.failed(req.peer)
        if "t" in req.query and not host_proven:
            # a join link makes this browser that game's guest (also over loopback);
            # a browser holding the host link stays the host
            link = self._join_link(scope.get("path", ""), req.query)
            if link is not None:
                phone = req.client.phone if req.client is not None else None
                req.client = Client(role="guest", game=link[0], phone=phone)
                out.append(self._set(names.guest, self._guest_cookie(*link), secure))
            else:
                self.tries.failed(req.peer)
        return out

    async def _http(self, scope: Scope, receive: Receive, send: Send, req: _Request) -> None:
        secure = scope.get("scheme") in ("https", "wss")
        set_cookies = self._by_link(scope, req, secure)
        given = {line.partition(b"=")[0].decode("latin-1") for _, line in set_cookies}
        # a wrong cookie the browser would keep sending is dropped (unless a right one replaces it)
        set_cookies += [clear_cookie(name, secure=secure, lax=self.lax) for name in req.wrong if name not in given]
        if LEGACY_HOST_COOKIE in req.cookies and req.names.host != LEGACY_HOST_COOKIE:
            set_cookies.append(clear_cookie(LEGACY_HOST_COOKIE, secure=secure))
        if req.client is None and not await self._newcomer(scope, send, req, secure, set_cookies):
            return
        phone = req.cookies.get(req.names.phone)
        if not (phone and _PHONE_RE.match(phone)):
            set_cookies.append(self._set(req.names.phone, secrets.token_urlsafe(16), secure))
        if not set_cookies:
            await self.app(scope, receive, send)
            return

        async def send_with_cookies(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *set_cookies]}
            await send(message)

        await self.app(scope, receive, send_with_cookies)


@dataclass
class _Request:
    """One HTTP request as the Gate reads it: its server's cookie names, its cookies and query, the
    client address, who it is so far, and which of its cookies were wrong."""

    names: CookieNames
    cookies: dict[str, str]
    query: dict[str, list[str]]
    peer: str
    client: Client | None
    wrong: list[str]


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
