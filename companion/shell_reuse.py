"""Controls a view keeps between renders (``Shell.reuse``, ``parts``, ``memo``) and how the
shell keeps Flet knowing them (``ControlReuse``, the base of ``companion.app.AppShell``)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar, overload

import flet as ft

T = TypeVar("T")

UiKey = str | tuple[str, str]  # a Shell.ui key: a screen's name, or (name, table id) for what belongs to one table
# Any: ``Shell.ui`` is every screen's own memory (its typed setup state, typed text, kept controls);
# each screen reads back, and narrows, what it put under its key
ScreenMemory = dict[UiKey, Any]


class PartCache(dict[Hashable, ft.Control]):
    """Controls kept between renders, by what they show (see ``Shell.parts``).

    ``get`` hands a hit to ``Shell.reuse``: a control taken from here is in the new
    render without being built again, so the shell makes sure Flet still knows it.
    """

    def __init__(self, shell: ControlReuse) -> None:
        super().__init__()
        self._shell = shell

    @overload
    def get(self, key: Hashable, default: None = None) -> ft.Control | None: ...
    @overload
    def get(self, key: Hashable, default: ft.Control | T) -> ft.Control | T: ...

    def get(self, key: Hashable, default: object = None) -> object:
        got = super().get(key)
        if got is None or got is default:
            return default
        self._shell.reuse(got)
        return got


class ControlReuse:
    """The part of a session (``Shell``) that hands out controls built in an earlier render."""

    page: ft.Page
    ui: ScreenMemory
    _reused: list[ft.Control]

    def reuse(self, control: ft.Control) -> ft.Control:
        """A view hands out a control object it built in an earlier render (unchanged).

        Flet's diff skips such an object without looking inside, which is the point
        (a Qwixx sheet is ~250 controls). But when its old parent was replaced,
        Flet 1.0.5 drops the reused subtree from the session's control index while
        it stays on screen; a tap on it then costs a search of the whole tree
        before it reaches the handler. ``render`` puts such controls back.
        """
        self._reused.append(control)
        return control

    def parts(self, key: UiKey, limit: int) -> PartCache:
        """A view's cache of controls kept between renders by what they show (rows, cells,
        slots), emptied when it grows past ``limit``. Every hit is handed to ``reuse``."""
        cache = self.ui.get(key)
        if not isinstance(cache, PartCache) or len(cache) > limit:
            cache = self.ui[key] = PartCache(self)
        return cache

    def memo(self, key: Hashable, sig: object, build: Callable[[], ft.Control]) -> ft.Control:
        """The control built for ``key`` last time if ``sig`` (everything it shows and
        does, hashable) is unchanged; else a fresh one. Event handlers of a memoised
        control must read live state (they may outlive the render that built them)."""
        cache: dict[Hashable, tuple[object, ft.Control]] = self.ui.setdefault("_memo", {})
        hit = cache.get(key)
        if hit is not None and hit[0] == sig:
            return self.reuse(hit[1])
        control = build()
        cache[key] = (sig, control)
        return control

    def _reindex_reused(self) -> None:
        session = getattr(self.page, "session", None)
        index = getattr(session, "index", None)
        if index is None:
            return
        for top in self._reused:
            if index.get(top._i) is top:
                continue  # still known, and so is everything inside it
            stack = [top]
            while stack:
                c = stack.pop()
                if index.get(c._i) is not c:
                    index[c._i] = c
                content = getattr(c, "content", None)
                if isinstance(content, ft.Control):
                    stack.append(content)
                stack.extend(x for x in getattr(c, "controls", None) or () if isinstance(x, ft.Control))
        self._reused = []
