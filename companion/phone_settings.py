"""What a session asks of the phone it runs on: its language, light or dark, a screen that stays
awake while a game is open. A part of ``companion.app.AppShell`` (as ``ControlReuse`` is), kept apart
because every call here waits for the browser's answer, and none may hold up a screen."""

from __future__ import annotations

import asyncio
import logging

import flet as ft

from companion.i18n import LANGS, pick_lang
from companion.shell import CLIENT_ANSWER_TIMEOUT
from companion.shell_reuse import ScreenMemory
from companion.table.table import Table
from components import theme

log = logging.getLogger("tischrichter")


class PhoneSettings:
    """Language, theme and wake lock of one session (see ``companion.app.AppShell``)."""

    page: ft.Page
    ui: ScreenMemory
    lang: str
    lang_chosen: bool
    theme_mode: str
    screen: str
    table: Table | None
    _wakelock: ft.Wakelock | None
    _haptic: ft.HapticFeedback | None
    _awake: bool

    def render(self) -> None:
        raise NotImplementedError

    async def _load_language(self) -> None:
        """The remembered language, else the device's (first start). Never blocks the first screen."""
        if self.ui.get("lang_fixed"):
            return
        try:
            prefs = ft.SharedPreferences()
            saved = await asyncio.wait_for(prefs.get("lang"), timeout=CLIENT_ANSWER_TIMEOUT)
            if saved not in LANGS:
                info = await asyncio.wait_for(self.page.get_device_info(), timeout=CLIENT_ANSWER_TIMEOUT)
                langs = list(getattr(info, "languages", None) or []) + [getattr(info, "language", None) or ""]
                saved = pick_lang(langs)
        except Exception as err:  # no client answer (tests, old browser): stay German
            log.debug("device language not read: %r", err)
            return
        if self.lang_chosen or self.ui.get("lang_fixed"):
            return  # a late answer: the player (or a ?lang= link) has decided meanwhile
        await self._load_theme(prefs)
        if saved in LANGS and saved != self.lang:
            self.lang = saved
            self.render()

    async def _load_theme(self, prefs: ft.SharedPreferences) -> None:
        """The table's remembered choice of light or dark (else the phone's setting)."""
        try:
            saved = await asyncio.wait_for(prefs.get("theme"), timeout=CLIENT_ANSWER_TIMEOUT)
        except Exception as err:  # not remembered: the phone's setting stays
            log.debug("theme not read: %r", err)
            return
        if saved in theme.MODES and saved != self.theme_mode:
            self.theme_mode = saved
            theme.apply(self.page, saved)
            self.page.update()

    def set_theme(self, mode: str) -> None:
        """Light, dark or the phone's setting, for this browser (remembered like the language)."""
        if mode not in theme.MODES:
            return
        self.theme_mode = mode
        theme.apply(self.page, mode)
        self.render()
        try:
            self.page.run_task(self._remember, "theme", mode)
        except RuntimeError as err:  # the session's loop is gone: nothing to remember for
            log.debug("theme not remembered: %r", err)

    async def _remember(self, key: str, value: str) -> None:
        try:
            await asyncio.wait_for(ft.SharedPreferences().set(key, value), timeout=CLIENT_ANSWER_TIMEOUT)
        except Exception as err:  # the choice holds for this session; only remembering it failed
            log.debug("%s not remembered: %r", key, err)

    def _keep_awake(self) -> None:
        """Ask the phone to keep its screen on while a game is being played, and let it sleep again
        on any other screen. Only a change is sent; the browser grants it on https or localhost."""
        want = self.screen == "play" and self.table is not None and not self.table.is_over()
        if want == self._awake or self._wakelock is None:
            return
        self._awake = want
        try:
            self.page.run_task(self._set_wakelock, want)
        except RuntimeError as err:  # the session's loop is gone
            log.debug("wake lock not changed: %r", err)

    async def _set_wakelock(self, on: bool) -> None:
        lock = self._wakelock
        if lock is None:
            return
        try:
            call = lock.enable() if on else lock.disable()  # type: ignore[no-untyped-call]  # Flet leaves them unannotated
            await asyncio.wait_for(call, timeout=CLIENT_ANSWER_TIMEOUT)
        except Exception as err:  # a browser without the Screen Wake Lock API: the game goes on
            log.debug("wake lock %s refused: %r", "on" if on else "off", err)

    async def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.lang_chosen = True
        self.render()
        try:
            await asyncio.wait_for(ft.SharedPreferences().set("lang", lang), timeout=CLIENT_ANSWER_TIMEOUT)
        except Exception as err:  # the choice holds for this session; only remembering it failed
            log.debug("language not remembered: %r", err)

    def buzz(self) -> None:
        """A short vibration where the phone can (a roll is felt as well as seen); nothing elsewhere."""
        haptic = self._haptic
        if haptic is None:
            return

        async def vibrate() -> None:
            try:
                await asyncio.wait_for(haptic.medium_impact(), timeout=CLIENT_ANSWER_TIMEOUT)  # type: ignore[no-untyped-call]
            except Exception as err:  # a phone or browser without vibration: the roll is seen all the same
                log.debug("no vibration: %r", err)

        try:
            self.page.run_task(vibrate)
        except RuntimeError as err:  # the session's loop is gone
            log.debug("no vibration: %r", err)
