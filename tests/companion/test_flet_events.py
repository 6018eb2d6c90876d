"""Taps: a control's event class is worked out once per class and handler field
(``companion.flet_events``), with Flet's own answer — not again at every tap."""

from __future__ import annotations

import dataclasses

import flet as ft
import pytest
from flet.controls import base_control

from build.bench import PASS_AROUND, TAP_GAMES
from companion import flet_events
from tests.harness.flet_session import AppSession, make_context

# the controls the app's screens give handlers to
CONTROLS = (ft.Button, ft.IconButton, ft.TextButton, ft.Container, ft.TextField, ft.Checkbox, ft.Switch,
            ft.Dropdown, ft.RadioGroup, ft.GestureDetector, ft.Semantics, ft.SegmentedButton)


def handler_fields() -> list[tuple[type, str]]:
    return [(cls, f.name) for cls in CONTROLS for f in dataclasses.fields(cls)
            if f.name.startswith("on_") and "Callable" in str(f.type)]  # not Semantics' on_tap_hint_text


def test_the_app_asks_the_kept_answer():
    import companion.app  # noqa: F401  # installs it, for the server and the phone alike

    assert base_control.get_event_field_type is flet_events.event_type


@pytest.mark.parametrize(("cls", "field"), handler_fields(), ids=lambda v: getattr(v, "__name__", v))
def test_the_kept_answer_is_flets_own(cls, field):
    control = object.__new__(cls)  # Flet reads only the control's class
    want = flet_events.flet_event_type(control, field)
    flet_events._known.pop((cls, field), None)
    assert flet_events.event_type(control, field) == want  # first: asked
    assert flet_events.event_type(control, field) == want  # then: kept


async def test_taps_ask_flet_once_per_control_class(tmp_path, monkeypatch):
    asked: list[tuple[str, str]] = []

    def counting(control, field):
        asked.append((type(control).__name__, field))
        return flet_events.flet_event_type.__wrapped__(control, field)

    counting.__wrapped__ = flet_events.flet_event_type  # type: ignore[attr-defined]
    monkeypatch.setattr(flet_events, "flet_event_type", counting)
    monkeypatch.setattr(flet_events, "_known", {})
    db = tmp_path / "t.db"
    spec = TAP_GAMES["qwixx"]
    gid = spec["prepare"](db)
    app = await AppSession.start(make_context(db), route=f"/g/{gid}")
    await app.click(text=PASS_AROUND)
    asked.clear()
    for _ in range(3):
        await app.click(label="Rot 7")
        assert app.has_text("Weiße Summe 7 – Ben:")
        await app.click(tooltip="Rückgängig")
        assert app.has_text("Weiße Summe 7 – Ana:")
    # six taps on two controls: Flet worked the event class out once for each
    assert sorted(asked) == sorted({*asked}) and len(asked) == 2, asked
