"""What a hung test leaves in CI's log (pytest-timeout, ``timeout`` in pyproject.toml).

pytest-timeout prints every thread's stack and ends the run. A test driving a browser through
Playwright's sync API waits in a greenlet of its own: the main thread's stack then shows only
Playwright's event loop, not the test's line that waits. A second before pytest-timeout's own
report, the stacks of the suspended greenlets are printed too (the test's line among them).
"""

from __future__ import annotations

import gc
import sys
import threading
import traceback

import pytest

AHEAD = 1.0  # seconds before pytest-timeout's own report


def greenlet_stacks() -> str:
    try:
        import greenlet
    except ImportError:
        return ""
    out = []
    for obj in gc.get_objects():
        if isinstance(obj, greenlet.greenlet) and obj.gr_frame is not None:
            out.append(f"--- a suspended greenlet ---\n{''.join(traceback.format_stack(obj.gr_frame))}")
    return "\n".join(out)


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item, settings):
    if settings.timeout <= AHEAD:
        return None

    def report() -> None:
        stacks = greenlet_stacks()
        if stacks:
            sys.stderr.write(f"\n+++ {item.nodeid} has run for {settings.timeout - AHEAD:.0f} s; "
                             f"where its greenlets wait +++\n{stacks}\n")
            sys.stderr.flush()

    timer = threading.Timer(settings.timeout - AHEAD, report)
    timer.daemon = True
    timer.start()
    item.greenlet_report = timer
    return None  # pytest-timeout sets its own timer after this


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_cancel_timer(item):
    timer = getattr(item, "greenlet_report", None)
    if timer is not None:
        timer.cancel()
    return None
