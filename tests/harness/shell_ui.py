"""Level 1 of FLET-NOTES "Tests without a browser": the app's Shell over a stub page, its views as
plain control trees, their handlers called directly. The pieces every screen test needs alike."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import flet as ft


class StubPage:
    """Enough of ``ft.Page`` for a Shell: nothing is sent; dialogs are kept to be looked at."""

    route = "/"

    def __init__(self) -> None:
        self.controls: list[Any] = []
        self.dialogs: list[Any] = []
        self.views: list[Any] = []  # Flet's page: its one view (none here)
        self._dirty: dict[str, None] = {}  # Flet's page: the properties set since its last update

    def update(self, *controls: Any) -> None:
        pass

    def run_task(self, *a: Any, **k: Any) -> None:
        pass

    def show_dialog(self, d: Any) -> None:
        self.dialogs.append(d)

    def pop_dialog(self) -> None:
        pass


def walk(c: Any) -> Iterator[Any]:
    """Every control of a tree (or list of trees), parents first, in screen order."""
    if c is None:
        return
    if isinstance(c, list):
        for x in c:
            yield from walk(x)
        return
    yield c
    for attr in ("controls", "content"):
        sub = getattr(c, attr, None)
        if isinstance(sub, (list, ft.Control)):
            yield from walk(sub)


def field(sh: Any, label: str) -> ft.TextField:
    """The text field on the shell's screen labelled ``label``."""
    for c in walk(sh.body.controls):
        if isinstance(c, ft.TextField) and c.label == label:
            return c
    raise AssertionError(f"no field {label!r}")


def type_into(sh: Any, label: str, text: str) -> None:
    """What typing does: the field's value, then its change event."""
    f = field(sh, label)
    f.value = text
    f.on_change(SimpleNamespace(control=f))
