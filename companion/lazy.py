"""A screen imported when it is first shown, not when the app starts.

On the phone's own site the app starts in WebAssembly, where every module imported
before the home screen costs the player time (build/BENCH.md, "The phone on its own").
The home screen needs only each game's title; a game's setup, play and result
screens (and the Flet controls only they use) are imported the first time that game
is opened. ``lazy_view("pkg.mod", "name")`` is a view (``shell -> control``) that
imports ``pkg.mod`` on its first call and then calls ``pkg.mod.name``.

An import error is not hidden: it is raised at that first call, like any error of the
screen itself (the shell shows it as the app's own message; tests import every view
through ``load()``). Plain Python: no Flet here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

# Any: a view returns a Flet control or a list of them (``registry.View``), whatever it is given
Target = Callable[..., Any]


class LazyView:
    """``module.name`` imported on first use; then a plain call."""

    __slots__ = ("_target", "module", "name")

    def __init__(self, module: str, name: str) -> None:
        self.module = module
        self.name = name
        self._target: Target | None = None

    def load(self) -> Target:
        if self._target is None:
            self._target = getattr(importlib.import_module(self.module), self.name)
        return self._target

    def __call__(self, *args: object, **kwargs: object) -> Any:
        return self.load()(*args, **kwargs)

    def __repr__(self) -> str:
        return f"lazy_view({self.module!r}, {self.name!r})"


def lazy_view(module: str, name: str) -> LazyView:
    return LazyView(module, name)
