"""Serving the app: offline (no CDN), 127.0.0.1 by default, LAN by explicit option.

On the LAN every request must carry the table's secret: ``GET /?t=TOKEN`` sets
an HttpOnly SameSite=Strict cookie; every other request and the websocket need
that cookie (websocket refused with close code 1008 before it is accepted).
"""

from __future__ import annotations

import hmac
import os
import secrets
import socket
from http.cookies import SimpleCookie
from typing import Any, Callable
from urllib.parse import parse_qs

COOKIE = "tischrichter_token"


class TokenGate:
    """Pure ASGI middleware: HTTP and websocket alike need the table's token."""

    def __init__(self, app: Any, token: str) -> None:
        self.app = app
        self.token = token

    def _ok(self, value: str | None) -> bool:
        return bool(value) and hmac.compare_digest(str(value), self.token)

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        cookies = SimpleCookie()
        for name, value in scope.get("headers", []):
            if name == b"cookie":
                try:
                    cookies.load(value.decode("latin-1"))
                except Exception:
                    pass
        has_cookie = COOKIE in cookies and self._ok(cookies[COOKIE].value)
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        has_query = self._ok((query.get("t") or [None])[0])
        if has_cookie:
            await self.app(scope, receive, send)
            return
        if scope["type"] == "http" and has_query:
            async def send_with_cookie(message: dict) -> None:
                if message["type"] == "http.response.start":
                    headers = list(message.get("headers", []))
                    headers.append(
                        (b"set-cookie", f"{COOKIE}={self.token}; HttpOnly; SameSite=Strict; Path=/".encode())
                    )
                    message = {**message, "headers": headers}
                await send(message)

            await self.app(scope, receive, send_with_cookie)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        body = "Tischrichter: dieser Tisch braucht den Beitritts-Link (QR-Code). / This table needs its join link.".encode()
        await send(
            {
                "type": "http.response.start",
                "status": 403,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())],
            }
        )
        await send({"type": "http.response.body", "body": body})


def lan_address() -> str:
    """The address other phones on the table's network would use."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))  # UDP connect sends nothing; it only picks a route
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def build_asgi(main: Callable, token: str | None) -> Any:
    import flet as ft

    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    app = ft.run(main, export_asgi_app=True, no_cdn=True)
    if token:
        return TokenGate(app, token)
    return app


def new_token() -> str:
    return secrets.token_urlsafe(16)
