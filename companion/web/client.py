"""Who is at the other end of one websocket (``Client``), as the server's Gate found it, and the
context variable that carries it into a session (``CLIENT``). Its own module so that the app
(``companion.app``) reads it without importing the server: the phone site has no server, and the
server module is a quarter of the app's import time there."""

from __future__ import annotations

from contextvars import ContextVar
from typing import Literal

from pydantic import BaseModel, ConfigDict


class Client(BaseModel):
    """Who is at the other end of one websocket, as the middleware found it."""

    model_config = ConfigDict(frozen=True)

    role: Literal["host", "guest"]
    game: str | None = None  # a guest's game
    phone: str | None = None  # the browser's phone cookie (seat claims)
    notice: str | None = None  # an i18n key: what the phone is told on arrival (its number ``{n}``: ``notice_n``)
    notice_n: int = 0


CLIENT: ContextVar[Client | None] = ContextVar("tischrichter_client", default=None)
