"""Who is at the other end of one websocket (``Client``), as the server's Gate found it, and the
context variable that carries it into a session (``CLIENT``). Its own module so that the app
(``companion.app``) reads it without importing the server: the phone site has no server, and the
server module is a quarter of the app's import time there."""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict


class Client(BaseModel):
    """Who is at the other end of one websocket, as the middleware found it."""

    model_config = ConfigDict(frozen=True)

    role: Literal["host", "guest"]
    game: str | None = None  # a guest's game
    # a public server's space this browser holds (its id, never the cookie's key); a browser may hold a
    # space and be another game's guest at once: the page it opens decides (``AppShell.identify``)
    space: str | None = None
    phone: str | None = None  # the browser's phone cookie (seat claims)
    notice: str | None = None  # an i18n key: what the phone is told on arrival (its number ``{n}``: ``notice_n``)
    notice_n: int = 0


CLIENT: ContextVar[Client | None] = ContextVar("tischrichter_client", default=None)


def route_ident(part: str) -> str:
    """A game's id (or its short prefix) as a ``/g/<part>`` path names it: a public server's links put
    the shard's name in front (``/g/a-1f2e3d4c``), which names the process, not the game."""
    shard, sep, rest = part.partition("-")
    return rest if sep and shard.isalnum() and shard.islower() and len(shard) <= 8 else part


def as_guest(client: Client, route: str) -> bool:
    """Whether a session of ``client`` opening ``route`` is its game's guest: it holds a game and the
    page is that game's link, or it holds no space to be the host of."""
    if client.game is None:
        return False
    parts = [p for p in urlsplit(route or "/").path.split("/") if p]
    ident = route_ident(parts[1]) if len(parts) >= 2 and parts[0] == "g" else ""
    return client.space is None or (len(ident) >= 6 and client.game.startswith(ident))


def client_here(client: Client | None, space: str | None, has_game: Callable[[str], bool], route: str) -> Client | None:
    """Who ``client`` is in a session of ``space`` that opened ``route``. On a public server a browser
    may hold its own space and be another game's guest: the page decides (that game's link: its
    guest; anything else: its space's host). A space or game not of this session's space: nobody.
    Elsewhere (``space`` None) the client as the gate found it."""
    if client is None or space is None:
        return client
    if as_guest(client, route):
        return client.model_copy(update={"role": "guest", "space": None}) if has_game(client.game or "") else None
    if client.space == space:
        return client.model_copy(update={"role": "host", "game": None})
    return None
