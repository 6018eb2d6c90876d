"""What the server gives back when phones are gone: the collector's policy (``GC``) and the C
allocator's free pages returned to the OS (``trim_memory``). Used by the websocket guard
(``companion.web.guard``, which re-exports both) and the app shell (a closed session)."""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Callable
from typing import Literal


def trim_memory() -> bool:
    """Give the C allocator's free pages back to the OS (glibc's ``malloc_trim``): memory of
    connections and sessions that are gone, which glibc otherwise keeps for the process (its RSS
    stays where the peak was). False where there is no glibc. Blocks only the thread it runs in
    (ctypes lets the interpreter go meanwhile)."""
    global _MALLOC_TRIM
    if _MALLOC_TRIM is None:
        _MALLOC_TRIM = False
        try:
            import ctypes
            import ctypes.util

            name = ctypes.util.find_library("c")
            fn = getattr(ctypes.CDLL(name), "malloc_trim", None) if name else None
            if fn is not None:
                fn.argtypes, fn.restype = [ctypes.c_size_t], ctypes.c_int
                _MALLOC_TRIM = fn
        except (OSError, AttributeError):  # no C library by that name (not Linux/glibc)
            pass
    trim = _MALLOC_TRIM
    if trim is False or trim is None:
        return False
    trim(0)
    return True


_MALLOC_TRIM: Callable[[int], int] | Literal[False] | None = None  # glibc's malloc_trim, False: none here


class GcPolicy:
    """Python's full garbage collection, kept from growing with the number of phones,
    and the memory of closed sessions and connections given back.

    Every phone's session keeps its screen (thousands of objects) while it is open; a full
    collection walks all of them, with the whole server waiting: at 30 tables of four phones
    one pass took ~0.45 s of CPU in the harness (~0.07 s with this policy), and it comes back
    as the screens change. What survives a full collection is the long-lived part (sessions,
    screens, tables), so it is frozen (``gc.freeze``: left out of later passes; reference
    counting still frees it). A closed session leaves reference cycles among the frozen
    objects (page <-> shell, Flet's controls): ``session_closed`` has them collected
    ``SETTLE`` s later (sessions closing together are one pass), at most once every
    ``UNFREEZE_EVERY`` s: everything is unfrozen, collected, the survivors frozen again
    (before, that waited for a full pass the server may not make for hours when idle, and
    600 expired sessions kept ~55 MB). After that pass, and after connections ended, the C
    allocator's free pages go back to the OS (``trim_memory``, in a thread). Short-lived
    garbage (each redraw's patch) is found by the young generations as before.
    """

    UNFREEZE_EVERY = 60.0
    SETTLE = 2.0
    TRIM_EVERY = 10.0  # s between two trims after connections ended

    def __init__(self) -> None:
        self.installed = False
        self.closed = 0  # sessions closed since the last unfreeze
        self._last_unfreeze = 0.0
        self._collect: asyncio.TimerHandle | None = None
        self._trim: asyncio.TimerHandle | None = None
        self._last_trim = 0.0
        self._collecting = False

    def install(self) -> None:
        if self.installed:
            return
        gc.collect()
        gc.freeze()  # everything loaded at start-up (Flet, pydantic schemas, the store)
        self._last_unfreeze = time.monotonic()
        gc.callbacks.append(self._after)
        self.installed = True

    def uninstall(self) -> None:
        if self.installed:
            gc.callbacks.remove(self._after)
            gc.unfreeze()
            self.installed = False
        for handle in (self._collect, self._trim):
            if handle is not None:
                handle.cancel()
        self._collect = self._trim = None

    def _after(self, phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info.get("generation") == 2 and not self._collecting:
            gc.freeze()  # what survived a full pass is long-lived

    def session_closed(self) -> None:
        self.closed += 1
        loop = self._loop()
        if loop is None or self._collect is not None:
            return
        wait = max(self.SETTLE, self._last_unfreeze + self.UNFREEZE_EVERY - time.monotonic())
        self._collect = loop.call_later(wait, self._collect_closed, loop)

    def _collect_closed(self, loop: asyncio.AbstractEventLoop) -> None:
        """The closed sessions' cycles collected (everything unfrozen for one pass), then the
        memory they held given back."""
        self._collect = None
        if not self.closed:
            return
        self.closed = 0
        self._last_unfreeze = time.monotonic()
        self._collecting = True
        try:
            gc.unfreeze()
            gc.collect()
        finally:
            self._collecting = False
            if self.installed:
                gc.freeze()
        self._trim_soon(loop, 0.0)

    def connection_ended(self) -> None:
        """A websocket ended (registered or not): what it held is free, given back soon; and
        what of it was frozen while it was open (a full pass ran meanwhile) may be a cycle only
        a pass with everything unfrozen finds, as a closed session's."""
        self.session_closed()
        loop = self._loop()
        if loop is not None:
            self._trim_soon(loop, max(self.SETTLE, self._last_trim + self.TRIM_EVERY - time.monotonic()))

    def _trim_soon(self, loop: asyncio.AbstractEventLoop, wait: float) -> None:
        if self._trim is not None:
            if wait > 0:
                return
            self._trim.cancel()

        def run() -> None:
            self._trim = None
            self._last_trim = time.monotonic()
            loop.run_in_executor(None, trim_memory)

        self._trim = loop.call_later(wait, run)

    @staticmethod
    def _loop() -> asyncio.AbstractEventLoop | None:
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            return None


GC = GcPolicy()
