"""A frame's text for Flet's debug line, made only when that line is written.

Flet 1.0.5's web server writes ``transport_log.debug(f"send_message: {message}")`` for every frame it
sends to a phone. The f-string is built before the logger is asked, so every frame's whole patch —
each control in it, field by field, through the dataclasses' ``repr`` — was turned into text and
thrown away: 4 % of a shard's CPU in a café (build/BENCH.md "The server's share of a tap"). ``install``
gives Flet's ``Message`` a ``repr`` that names only the action unless that logger writes debug lines,
so a server started with debug logging still logs every frame whole.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from flet.messaging import protocol

TRANSPORT_LOG = logging.getLogger("flet_transport")  # the logger flet_web's send_message writes to
_flet_repr: Callable[[protocol.Message], str] = protocol.Message.__repr__


def message_repr(message: protocol.Message) -> str:
    """Flet's own text of the frame when its debug line is written, else the action alone."""
    if TRANSPORT_LOG.isEnabledFor(logging.DEBUG):
        return _flet_repr(message)
    return f"Message(action={message.action!r}, body=...)"


def install() -> None:
    """Every ``Message`` from now on: its ``repr`` is ``message_repr``."""
    protocol.Message.__repr__ = message_repr  # type: ignore[method-assign,assignment]
