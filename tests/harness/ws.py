"""Opening the app's websocket (``/ws``, where the Flutter client connects) as a client would,
to see whether the server lets it in."""

from __future__ import annotations

import asyncio

import websockets


async def ws_outcome(port: int, cookie: str | None = None, origin: str | None = None, path: str = "/ws") -> str:
    """``"open"`` when the server accepted the websocket (it then keeps it open until the client
    speaks); ``"rejected <HTTP status>"`` when refused before the handshake (uvicorn answers an ASGI
    close before accept, e.g. 1008, with 403); ``"closed <code>"`` when closed after it.
    ``cookie`` is a Cookie header (``"name=value; …"``), ``origin`` an Origin header; ``path``: a
    public shard's websocket is ``/ws/<shard>``."""
    headers = {k: v for k, v in (("Cookie", cookie), ("Origin", origin)) if v}
    try:
        async with websockets.connect(f"ws://127.0.0.1:{port}{path}", additional_headers=headers or None,
                                      open_timeout=10, close_timeout=2) as ws:
            try:
                await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                return "open"
            except websockets.ConnectionClosed as exc:
                return f"closed {exc.rcvd.code if exc.rcvd else None}"
            return "open"
    except websockets.InvalidStatus as exc:
        return f"rejected {exc.response.status_code}"
    except websockets.ConnectionClosed as exc:
        return f"closed {exc.rcvd.code if exc.rcvd else None}"


def refused(outcome: str) -> bool:
    """The server did not let the websocket in, before or after the handshake."""
    return outcome.startswith(("rejected ", "closed "))


def link_cookies(port: int, link: str, cookie: str | None = None) -> dict[str, str]:
    """The cookies a browser is given when it opens ``link`` (path and query) on the server at
    ``port`` (``cookie``: a Cookie header it already sends)."""
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", link, headers={"Cookie": cookie} if cookie else {})
        resp = conn.getresponse()
        resp.read()
        out: dict[str, str] = {}
        for k, v in resp.getheaders():
            if k.lower() == "set-cookie":
                name, _, rest = v.partition("=")
                out[name] = rest.split(";")[0]
        return out
    finally:
        conn.close()


def host_key(port: int, token: str) -> str:
    """The host cookie's value a browser gets from the host link ``/?h=<token>`` (a key the server
    made and keeps; each call makes another, so a test asks once per server)."""
    from companion.web.cookies import cookie_names

    return link_cookies(port, f"/?h={token}")[cookie_names(port).host]
