"""Opening the app's websocket (``/ws``, where the Flutter client connects) as a client would,
to see whether the server lets it in."""

from __future__ import annotations

import asyncio

import websockets


async def ws_outcome(port: int, cookie: str | None = None, origin: str | None = None) -> str:
    """``"open"`` when the server accepted the websocket (it then keeps it open until the client
    speaks); ``"rejected <HTTP status>"`` when refused before the handshake (uvicorn answers an ASGI
    close before accept, e.g. 1008, with 403); ``"closed <code>"`` when closed after it.
    ``cookie`` is a Cookie header (``"name=value; …"``), ``origin`` an Origin header."""
    headers = {k: v for k, v in (("Cookie", cookie), ("Origin", origin)) if v}
    try:
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws", additional_headers=headers or None,
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
