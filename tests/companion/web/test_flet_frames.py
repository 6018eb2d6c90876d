"""A frame Flet sends is turned into text only when its debug line is written."""

from __future__ import annotations

import logging

import flet as ft
from flet.messaging.protocol import Message, MessageAction, PatchControlBody

from companion.web import flet_frames


def _frame() -> Message:
    return Message(MessageAction.PATCH_CONTROL, PatchControlBody(1, [ft.Text("Rot 7")]))


def _level(level: int):
    """The transport logger at ``level`` for the test (setLevel: the logger caches its answers)."""
    log, before = flet_frames.TRANSPORT_LOG, flet_frames.TRANSPORT_LOG.level
    log.setLevel(level)
    return lambda: log.setLevel(before)


def test_a_frame_is_not_spelled_out_while_flets_transport_log_is_quiet(monkeypatch):
    monkeypatch.setattr(Message, "__repr__", flet_frames.message_repr)
    monkeypatch.setattr(flet_frames.TRANSPORT_LOG, "disabled", False)
    restore = _level(logging.WARNING)
    try:
        assert f"{_frame()}" == f"Message(action={MessageAction.PATCH_CONTROL!r}, body=...)"
    finally:
        restore()


def test_with_debug_logging_a_frame_is_written_whole_as_flet_writes_it(monkeypatch):
    frame = _frame()
    flets = flet_frames._flet_repr(frame)
    assert "Rot 7" in flets and "PatchControlBody" in flets  # Flet's own text names the control
    monkeypatch.setattr(Message, "__repr__", flet_frames.message_repr)
    monkeypatch.setattr(flet_frames.TRANSPORT_LOG, "disabled", False)
    restore = _level(logging.DEBUG)
    try:
        assert f"{frame}" == flets
    finally:
        restore()


def test_the_web_server_installs_it(monkeypatch):
    from companion.web.guard import install_guards

    monkeypatch.setattr(Message, "__repr__", Message.__repr__)  # undone after the test
    install_guards()
    assert Message.__repr__ is flet_frames.message_repr
