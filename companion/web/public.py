"""The gate of a public server's shard (``python -m companion --public``): anyone who opens the site
gets a space of their own (``companion.web.spaces``); a game's join link works as on the LAN.

What differs from the LAN's ``Gate``:

- **No host link.** ``GET /`` from a browser without a space makes one (at most
  ``SPACES_PER_ADDRESS_PER_DAY`` per address) and sets its cookie; ``/?s=<link>`` opens an existing
  space on another device. The space's cookie is the host cookie of that space only.
- **Names the proxy reads.** Every shard of a site uses the same cookie names
  (``PUBLIC_NAMES``) and each value starts with the shard's name; join links are
  ``/g/<shard>-<short id>`` and the websocket is ``/ws/<shard>``. A value naming another shard is
  not this shard's to judge: it is neither a try nor a refusal, just not a client here.
- **SameSite=Lax**: a link from a chat or a QR scanner opens the space it belongs to.
- ``GET /healthz`` answers the shard's name and counts (the proxy's health check), before any cookie.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from companion.i18n import add_strings
from companion.web.client import CLIENT, Client, as_guest
from companion.web.cookies import PUBLIC_NAMES, CookieNames, guest_matches, guest_value
from companion.web.guard import ASGIApp, Scope, Send
from companion.web.server import _IDENT_RE, _PHONE_RE, Gate, _Request, log
from companion.web.spaces import SPACES_PER_ADDRESS_PER_DAY, Spaces, split_shard

if TYPE_CHECKING:
    import flet as ft

SWEEP_EVERY = 3600.0  # s between two looks for spaces not opened for KEEP_DAYS

add_strings(
    {
        "space.refused": {
            "de": "Tischrichter: dieser Link gilt hier nicht (mehr). Mitspieler: den Link (QR-Code) ihres Spiels "
                  "noch einmal öffnen. Wer selbst spielen will: die Startseite öffnen.",
            "en": "Tischrichter: this link is not valid here (any more). Players: open their game's link "
                  "(QR code) again. To play yourself: open the start page.",
        },
    }
)


class PublicGate(Gate):
    """The ``Gate`` of one shard of a public server."""

    lax = True

    def __init__(self, app: ASGIApp, spaces: Spaces) -> None:
        super().__init__(app, host_token=None, table_token=spaces.table_token, resolve=spaces.resolve, gated=True)
        self.spaces = spaces
        self._next_sweep = time.monotonic() + SWEEP_EVERY  # Spaces swept once as it opened

    def _names(self, scope: Scope) -> CookieNames:
        return PUBLIC_NAMES

    async def _refuse_http(self, send: Send, status: int = 403, key: str = "server.refused",
                           extra: list[tuple[bytes, bytes]] | None = None, **params: object) -> None:
        # no host link on a public server: its refusal says what a player can do instead
        await super()._refuse_http(send, status, "space.refused" if key == "server.refused" else key, extra,
                                   **params)

    async def _special(self, scope: Scope, send: Send) -> bool:
        now = time.monotonic()
        if now >= self._next_sweep:  # expired spaces go while the server runs, not only at its start
            self._next_sweep = now + SWEEP_EVERY
            self.spaces.sweep()
        if scope["type"] != "http" or scope.get("path") != "/healthz":
            return False
        body = json.dumps(self.spaces.health()).encode()
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"cache-control", b"no-store")]})
        await send({"type": "http.response.body", "body": body})
        return True

    # --- cookies ------------------------------------------------------------------------------------
    def _ours(self, value: str | None) -> bool:
        parts = split_shard(value)
        return parts is not None and parts[0] == self.spaces.shard

    def _guest_cookie(self, game_id: str, token: str) -> str:
        return f"{self.spaces.shard}-{guest_value(game_id, token)}"

    def _guest_game(self, value: str | None) -> str | None:
        parts = split_shard(value)
        if parts is None or parts[0] != self.spaces.shard or "." not in parts[1]:
            return None
        gid = parts[1].partition(".")[0]
        if not _IDENT_RE.fullmatch(gid):
            return None
        try:
            return gid if guest_matches(parts[1], gid, self.table_token(gid)) else None
        except Exception:  # a store in trouble: no guest gets in (logged: it is not expected)
            log.exception("guest cookie not checked: the store failed")
            return None

    def identify(self, scope: Scope, headers: dict[str, str], cookies: dict[str, str],
                 names: CookieNames | None = None) -> tuple[Client | None, list[str]]:
        """A space (its cookie) and a guest's game (its cookie), either or both; wrong ones of this
        shard are tries. The page a session opens decides which of the two it is
        (``AppShell.identify``)."""
        names = PUBLIC_NAMES
        phone = cookies.get(names.phone)
        phone = phone if phone and _PHONE_RE.match(phone) else None
        wrong: list[str] = []
        space = game = None
        if self._ours(cookies.get(names.host)):
            space = self.spaces.space_of_cookie(cookies[names.host])
            if space is None:
                wrong.append(names.host)
        if self._ours(cookies.get(names.guest)):
            game = self._guest_game(cookies[names.guest])
            if game is None:
                wrong.append(names.guest)
        if space is None and game is None:
            return None, wrong
        return Client(role="host" if space else "guest", space=space, game=game, phone=phone), wrong

    # --- links --------------------------------------------------------------------------------------
    def _by_link(self, scope: Scope, req: _Request, secure: bool) -> list[tuple[bytes, bytes]]:
        """A space's device link (``?s=``) or a game's join link (``?t=``)."""
        out: list[tuple[bytes, bytes]] = []
        link = next(iter(req.query.get("s") or ()), None)
        if link is not None:
            found = self.spaces.by_link(link) if self._ours(link) else None
            if found is None:
                self.tries.failed(req.peer)
            else:
                space, cookie = found
                req.client = Client(role="host", space=space, phone=req.client.phone if req.client else None)
                out.append(self._set(PUBLIC_NAMES.host, cookie, secure))
        tok = next(iter(req.query.get("t") or ()), None)
        if tok is not None:
            joined = self._join_link(scope.get("path", ""), req.query)  # resolve: this shard's games only
            if joined is None:
                self.tries.failed(req.peer)
            else:
                had = req.client
                req.client = Client(role="guest", game=joined[0], space=had.space if had else None,
                                    phone=had.phone if had else None)
                out.append(self._set(PUBLIC_NAMES.guest, self._guest_cookie(*joined), secure))
        return out

    async def _newcomer(self, scope: Scope, send: Send, req: _Request, secure: bool,
                        set_cookies: list[tuple[bytes, bytes]]) -> bool:
        """``GET /`` without a space: a new one for this browser. Anything else without a client
        (a join link that is wrong, an asset asked for without a cookie) is refused."""
        if scope.get("path") != "/" or scope.get("method") != "GET":
            await self._refuse_http(send, extra=set_cookies)
            return False
        made = self.spaces.mint(req.peer)
        if made is None:
            await self._refuse_http(send, status=429, key="space.too_many_spaces", extra=set_cookies,
                                    n=SPACES_PER_ADDRESS_PER_DAY)
            return False
        space, cookie = made
        req.client = Client(role="host", space=space)
        set_cookies.append(self._set(PUBLIC_NAMES.host, cookie, secure))
        return True


def _space_for(spaces: Spaces, client: Client | None, route: str) -> str | None:
    """The space a session opening ``route`` belongs to: the game's, on that game's link (or for a
    browser with no space); else the browser's own."""
    if client is None:
        return None
    return spaces.space_of_game(client.game or "") if as_guest(client, route) else client.space


def public_main(spaces: Spaces) -> Callable[[ft.Page], Awaitable[None]]:
    """``main(page)`` of a public shard: each session in its space's context."""
    import flet as ft

    from companion import registry
    from companion.app import AppShell, load_extensions
    from companion.i18n import tr

    load_extensions()
    registry.check()

    async def main(page: ft.Page) -> None:
        space = _space_for(spaces, CLIENT.get(), page.route or "/")
        if space is None:  # no space and no game of this shard: nothing to show but why
            page.add(ft.SafeArea(ft.Column([ft.Text(tr(lang, "space.refused"), size=18) for lang in ("de", "en")],
                                           spacing=24), minimum_padding=16))
            page.update()
            return
        shell = AppShell(page, spaces.context(space))
        page.data = shell
        await shell.start()

    return main


def build_public_asgi(spaces: Spaces) -> PublicGate:
    """The Flet app of one shard behind its ``PublicGate``; its websocket at ``/ws/<shard>``."""
    import flet as ft

    from companion.web.guard import install_guards
    from companion.web.page import server_assets_dir
    from companion.web.server import SESSION_TIMEOUT

    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    os.environ.setdefault("FLET_SESSION_TIMEOUT", str(SESSION_TIMEOUT))
    # the page this shard serves tells the browser to connect here: the proxy routes /ws/<shard>
    os.environ["FLET_WEBSOCKET_HANDLER_ENDPOINT"] = f"ws/{spaces.shard}"
    install_guards()
    app = ft.run(public_main(spaces), export_asgi_app=True, no_cdn=True, assets_dir=str(server_assets_dir()))
    return PublicGate(app, spaces)


def run_public(shard: str, host: str, port: int, data: str, base_url: str | None) -> int:
    """Serve one shard until SIGTERM (``python -m companion --public``)."""
    import uvicorn

    from companion.web.guard import GC
    from companion.web.server import SHUTDOWN_GRACE

    netloc = f"[{host}]" if ":" in host else host
    spaces = Spaces(data, shard, base_url or f"http://{netloc}:{port}/")
    app = build_public_asgi(spaces)
    print(f"Tischrichter public shard {shard}: http://{netloc}:{port}/ (data {spaces.root})", flush=True)
    GC.install()
    try:
        # the proxy in front (on this machine) says who the phone is and whether it came over https
        uvicorn.run(app, host=host, port=port, log_level="warning", ws_ping_interval=20, ws_ping_timeout=30,
                    timeout_graceful_shutdown=SHUTDOWN_GRACE, proxy_headers=True, forwarded_allow_ips="127.0.0.1")
    finally:
        spaces.close()
    return 0
