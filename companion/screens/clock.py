"""The game clock: how long this game has been played ("0:42", hours and minutes), in the top bar of
every game's play screen, paused and resumed by a tap.

An extension module (``companion.app.EXTENSION_MODULES``), like ``companion.screens.join``:

- On a game's screen the clock stands where the title "Tischrichter" stands elsewhere: a 360 px
  seat phone's bar holds "Du: Ana", the seat switch and the language switch beside it, and has no
  room for both.
- A tap pauses it ("Uhr anhalten") or lets it run on ("Uhr weiterlaufen lassen"); paused, it shows
  a pause icon. The clock is kept with the game in the store (``companion.store.clocks``), not in
  its log: undo never touches it, a reload or a server restart finds it as it was, and every phone
  of the table is drawn again at once.
- A game that is over shows the time it was played, stopped by its last move, with a flag; its
  result screen says it in words. That time is the history's and its BG Stats play's
  (``companion.records.history.played_minutes``).
- The minutes move on by themselves: every 30 s a phone with a running clock looks at it (no store
  read) and sends the bar's text only if the minute it shows changed; every render shows it anew.
- A game of older code has no clock data: opened unfinished, its clock starts where the time of its
  moves so far left it; finished, it keeps the time its moves took.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from concurrent.futures import Future
from datetime import datetime
from typing import Any

import flet as ft

from companion import platform
from companion.i18n import add_strings
from companion.records.history import moves_seconds, played_minutes, timed_ends
from companion.shell import EXTENSIONS, RESULT_EXTRAS, Shell
from companion.store import GameClock, StoreError
from companion.store.clocks import utc_now
from companion.table.table import Table
from components import theme
from components.common import info_line

log = logging.getLogger("tischrichter.clock")

TICK_SECONDS = 30.0  # how often an open game's phone looks at its clock: never per-second traffic
now: Callable[[], datetime] = utc_now  # the clock of the wall (tests stand in a fake one)
_sleep = asyncio.sleep  # (tests stand in one that moves their fake clock on)

add_strings(
    {
        "clock.pause": {"de": "Uhr anhalten", "en": "Pause the clock"},
        "clock.resume": {"de": "Uhr weiterlaufen lassen", "en": "Resume the clock"},
        "clock.over": {"de": "Gespielte Zeit (das Spiel ist aus)", "en": "Time played (the game is over)"},
        "clock.played": {"de": "Spieldauer: {time} Std.", "en": "Time played: {time} h"},
        "clock.not_saved": {
            "de": "Die Uhr ließ sich nicht speichern; sie steht, wie sie stand. Noch einmal tippen.",
            "en": "The clock could not be saved; it is as it was. Tap it again.",
        },
    }
)


def hm(seconds: float) -> str:
    """Hours and whole minutes as a clock shows them: "0:42", "1:05"."""
    minutes = int(max(0.0, seconds) // 60)
    return f"{minutes // 60}:{minutes % 60:02d}"


def _counted_ends(table: Table) -> tuple[str | None, str | None]:
    """The first and last timed moves that count now (an undone move's time is not the end)."""
    return timed_ends(table.record.actions[: table.cursor])


def _adopted(table: Table, at: datetime) -> GameClock:
    """The clock of an unfinished game of older code: the time its moves took so far, running from ``at``."""
    return GameClock(moves_seconds(*_counted_ends(table)), at)


class ClockBar:
    """One phone's clock in its top bar (made once; shown, hidden and set at every render)."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        # One control while a game is played, shown instead of the title: it takes the title's room
        # (``expand``) so the bar's other buttons stay where they are, and is as wide as it reads.
        self.button = ft.TextButton(
            content="",
            icon=ft.Icons.TIMER_OUTLINED,
            height=48,  # a thumb-sized target
            expand=True,
            align=ft.Alignment.CENTER_LEFT,
            on_click=self._tap,
            visible=False,
            style=ft.ButtonStyle(color=theme.ON_BAR, icon_color=theme.ON_BAR, icon_size=22,
                                 text_style=ft.TextStyle(size=18, weight=ft.FontWeight.BOLD),
                                 padding=ft.Padding.symmetric(horizontal=8)),
        )
        self.final = ft.Text("", color=theme.ON_BAR, size=18, weight=ft.FontWeight.BOLD, no_wrap=True)
        self.ended = ft.Container(  # a game that is over: nothing to tap
            ft.Row([ft.Icon(ft.Icons.SPORTS_SCORE, color=theme.ON_BAR, size=22), self.final], spacing=4, tight=True),
            padding=ft.Padding.symmetric(horizontal=8), height=48, expand=True, alignment=ft.Alignment.CENTER_LEFT,
            visible=False,
        )
        self.title: ft.Control | None = None
        self.clock: GameClock | None = None  # as last drawn (the ticker's; no store read per tick)
        self.game: str | None = None
        self.failed = False  # the last tap was not saved
        self.ticker: Future[None] | None = None
        self.adopting: set[str] = set()
        self.closed = False

    # --- the bar ------------------------------------------------------------------------
    def install(self, bar: ft.Control) -> None:
        """Into a freshly built bar, right after its title (the bar is built again per language)."""
        row = getattr(bar, "content", None)
        title = next((c for c in getattr(row, "controls", []) if isinstance(c, ft.Text) and c.expand), None)
        if not isinstance(row, ft.Row) or title is None:
            log.warning("clock: the top bar has no title to stand beside")
            self.title = None
            return
        at = row.controls.index(title) + 1
        row.controls[at:at] = [self.button, self.ended]
        self.title = title
        self.sync()

    def sync(self) -> None:
        """Show the clock of the game on screen (or the title), as it is now."""
        shell = self.shell
        table = shell.table if shell.screen == "play" and self.title is not None else None
        if self.title is not None:
            self.title.visible = table is None
        if table is None:
            self.button.visible = self.ended.visible = False
            self.game = None
            self._stop()
            return
        if table.id != self.game:
            self.game, self.failed = table.id, False
        over = table.is_over()
        try:
            clock = shell.ctx.store.clock(table.id)
        except StoreError:
            clock = None
        self.button.visible, self.ended.visible = not over, over
        if over:
            self.clock = None
            self.final.value = hm(60 * played_minutes(clock, *_counted_ends(table)))  # the result's minutes
            self.ended.tooltip = shell.t("clock.over")
            self._stop()
            return
        at = now()
        if clock is None:
            clock = _adopted(table, at)
            self._adopt(table)
        self.clock = clock
        self.button.content = hm(clock.seconds(at))
        self.button.icon = ft.Icons.TIMER_OUTLINED if clock.running else ft.Icons.PAUSE
        self.button.tooltip = shell.t("clock.pause" if clock.running else "clock.resume")
        if clock.running:
            self._start()
        else:
            self._stop()

    # --- taps ------------------------------------------------------------------------------
    async def _tap(self, e: ft.Event[ft.TextButton]) -> None:
        """Pause or resume, as this phone showed the clock (two phones tapping pause at once: paused)."""
        table = self.shell.table
        if table is None or self.shell.screen != "play" or table.is_over() or self.clock is None:
            return
        at = now()
        pause = self.clock.running
        start = _adopted(table, at)

        def change(clock: GameClock | None) -> GameClock:
            base = clock if clock is not None else start
            return base.paused(at) if pause else base.resumed(at)

        self.failed = not await _write(self.shell, table.id, change)
        self.shell.render()
        _redraw_table(self.shell, table.id)

    def _adopt(self, table: Table) -> None:
        """Store the clock of an unfinished game of older code, once (a write: never inside a render)."""
        if table.id in self.adopting:
            return
        self.adopting.add(table.id)

        async def adopt() -> None:
            start = _adopted(table, now())
            if await _write(self.shell, table.id, lambda clock: clock if clock is not None else start):
                self.shell.render()
                _redraw_table(self.shell, table.id)

        _run(self.shell, adopt)

    # --- the minutes moving on ---------------------------------------------------------------
    def _start(self) -> None:
        if self.ticker is None or self.ticker.done():
            self.ticker = _run(self.shell, self._tick)

    def _stop(self) -> None:
        if self.ticker is not None:
            self.ticker.cancel()
            self.ticker = None

    async def _tick(self) -> None:
        while not self.closed:
            await _sleep(TICK_SECONDS)
            clock = self.clock
            if self.closed or clock is None or not clock.running or not self.button.visible:
                return
            shown = hm(clock.seconds(now()))
            if shown != self.button.content and _connected(self.shell):
                self.button.content = shown
                try:
                    self.button.update()  # this one button, not the page
                except RuntimeError as err:  # not on the page (any more): the next render shows it
                    log.debug("clock not updated: %r", err)

    def close(self) -> None:
        self.closed = True
        self._stop()

    def failure(self) -> list[ft.Control]:
        return [info_line(self.shell.t("clock.not_saved"), color=theme.REFUSAL)] if self.failed else []


# --- the store and the other phones --------------------------------------------------------
async def _write(shell: Shell, game_id: str, change: Callable[[GameClock | None], GameClock]) -> bool:
    """The clock's change, committed (in the store's writer thread where it has one). False: not saved."""
    store = shell.ctx.store
    try:
        if store.writer is not None:
            await asyncio.wrap_future(store.writer.submit(store.change_clock, game_id, change))
        else:
            store.change_clock(game_id, change)
    except (StoreError, RuntimeError) as exc:  # RuntimeError: the writer stopped (the server stops)
        log.warning("clock of %s not saved: %r", game_id, exc)
        return False
    platform.committed()  # the phone build saves it to the browser's storage now
    return True


def _connected(shell: Shell) -> bool:
    session = getattr(shell.page, "session", None)
    return session is not None and getattr(session, "connection", None) is not None


def _run(shell: Shell, work: Callable[[], Coroutine[Any, Any, None]]) -> Future[None] | None:
    """``work`` (a coroutine function) on the phone's session; None: the phone is away (its
    reconnect renders again)."""
    if not _connected(shell):
        return None
    try:
        return shell.page.run_task(work)
    except RuntimeError as err:  # the session's loop is gone
        log.debug("clock task not started: %r", err)
        return None


def _redraw_table(shell: Shell, game_id: str) -> None:
    """Every other phone showing this game draws its clock anew."""
    for other in list(shell.ctx.shells):
        if other is not shell and other.table is not None and other.table.id == game_id:
            async def redraw(s: Shell = other) -> None:
                s.render()

            _run(other, redraw)


# --- the result screen ------------------------------------------------------------------------
def result_line(shell: Shell) -> list[ft.Control]:
    """Below a finished game's result: how long it was played (the history's and BG Stats' minutes)."""
    table = shell.table
    if table is None or not table.is_over():
        return []
    try:
        clock = shell.ctx.store.clock(table.id)
    except StoreError:
        return []
    minutes = played_minutes(clock, *_counted_ends(table))
    return [ft.Row([ft.Icon(ft.Icons.TIMER_OUTLINED, color=theme.MUTED, size=20),
                    ft.Text(shell.t("clock.played", time=hm(minutes * 60)), size=16)], spacing=6)]


# --- the extension ------------------------------------------------------------------------------
def extension(shell: Shell) -> None:
    """The clock in this phone's top bar, set at every render; its ticker ends with the session."""
    bar = ClockBar(shell)
    original_top_bar = shell.top_bar
    original_screen = shell._screen
    previous_close = shell.page.on_close

    def top_bar() -> ft.Control:
        built = original_top_bar()
        bar.install(built)
        return built

    def screen() -> list[ft.Control]:
        out = original_screen()
        bar.sync()
        return bar.failure() + out

    def on_close(e: ft.Event[ft.Page]) -> None:
        bar.close()
        if callable(previous_close):
            previous_close(e)  # type: ignore[call-arg]  # Flet's type allows a handler without the event

    shell.top_bar = top_bar  # type: ignore[method-assign]
    shell._screen = screen  # type: ignore[method-assign]
    shell.page.on_close = on_close


if extension not in EXTENSIONS:
    EXTENSIONS.append(extension)
if result_line not in RESULT_EXTRAS:
    RESULT_EXTRAS.insert(0, result_line)  # right below the result, above the BG Stats link
