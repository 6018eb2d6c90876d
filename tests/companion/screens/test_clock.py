"""The game clock in the top bar of a game's screen: how long the game has been played, paused and
resumed by a tap, the same on every phone of the table, kept across a reload and a restart of the
server, untouched by undo, stopped by the game's end; its minutes move on every 30 s, never per
second. On a fake wall clock (``companion.screens.clock.now``)."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, timedelta

import flet as ft
import pytest

from companion import shell as shell_mod
from companion.records.backup import import_backup
from companion.screens import clock as clock_screen
from companion.store import GameClock
from components import theme
from scoring.engine import PlayerSpec
from scoring.simulate import play_random
from tests.harness.flet_session import AppSession, make_context, own_texts, tooltip_of

T0 = datetime(2026, 11, 29, 18, 5, tzinfo=UTC)
PAUSE = {"de": "Uhr anhalten", "en": "Pause the clock"}
RESUME = {"de": "Uhr weiterlaufen lassen", "en": "Resume the clock"}
OVER = {"de": "Gespielte Zeit (das Spiel ist aus)", "en": "Time played (the game is over)"}
PLAYED = {"de": "Spieldauer: 0:42 Std.", "en": "Time played: 0:42 h"}
QWIXX = {"lucky_numbers": [(15, 16), (14, 16)], "end_misthrows": 1}


class FakeClock:
    def __init__(self) -> None:
        self.t = T0

    def __call__(self) -> datetime:
        return self.t

    def move(self, **how: float) -> None:
        self.t += timedelta(**how)


@pytest.fixture
def wall(monkeypatch):
    fake = FakeClock()
    monkeypatch.setattr(clock_screen, "now", fake)
    return fake


@pytest.fixture
def game(tmp_path):
    """A Qwixx table of Ana and Ben whose clock started at T0."""
    ctx = make_context(tmp_path / "clock.db")
    table = ctx.tables.create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], QWIXX)
    ctx.store.change_clock(table.id, lambda c: GameClock(0.0, T0))
    return ctx, table


def bar(app: AppSession) -> list[str]:
    """The top bar's words and tooltips, in order (what the phone shows in it)."""
    frame = next(f.control for f in app.walk()
                 if isinstance(f.control, ft.Container) and f.control.bgcolor == theme.BAR)
    out: list[str] = []
    for f in app.walk():
        if frame in f.ancestors:
            out += own_texts(f.control)
            tip = tooltip_of(f.control)
            if tip:
                out.append(f"[{tip}]")
    return out


def icon_of(app: AppSession, tooltip: str) -> str:
    return app.find(tooltip=tooltip).control.icon


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_the_seat_phone_shows_the_clock_where_the_title_stands_and_keeps_its_buttons(game, wall, lang):
    ctx, table = game
    wall.move(minutes=42, seconds=59)
    app = await AppSession.start(ctx, f"/g/{table.id}/seat/0?lang={lang}", width=360, height=740)
    you, switch, other = {"de": ("Du: Ana", "Platz wechseln", "English"),
                          "en": ("You: Ana", "Change seat", "Deutsch")}[lang]
    home = {"de": "Start", "en": "Home"}[lang]
    language = {"de": "Sprache: Englisch", "en": "Language: German"}[lang]
    assert bar(app) == [f"[{home}]", "0:42", f"[{PAUSE[lang]}]", you, f"[{switch}]", f"[{language}]", other]
    assert icon_of(app, PAUSE[lang]) == ft.Icons.TIMER_OUTLINED
    assert app.find(tooltip=PAUSE[lang]).control.height >= 48  # a thumb-sized target
    await app.click(tooltip=home)  # elsewhere the title is back and the clock is gone
    assert "Tischrichter" in bar(app) and not app.find_all(tooltip=PAUSE[lang])
    assert not app.crashes()


async def test_a_tap_pauses_and_a_tap_resumes_and_every_render_shows_the_minutes(game, wall):
    ctx, table = game
    app = await AppSession.start(ctx, f"/g/{table.id}?all&lang=de")
    assert app.has_text("0:00")
    wall.move(minutes=10)
    await app.click(tooltip=PAUSE["de"])
    assert ctx.store.clock(table.id) == GameClock(600.0)
    assert app.has_text("0:10") and icon_of(app, RESUME["de"]) == ft.Icons.PAUSE
    wall.move(hours=2)  # a break: the clock stands
    await app.click(text="English")  # any render
    assert app.has_text("0:10") and app.find(tooltip=RESUME["en"])
    await app.click(tooltip=RESUME["en"])
    wall.move(minutes=32)
    await app.click(text="Deutsch")
    assert app.has_text("0:42") and app.find(tooltip=PAUSE["de"])
    assert ctx.store.clock(table.id) == GameClock(600.0, T0 + timedelta(hours=2, minutes=10))


async def test_every_phone_of_the_table_sees_the_pause_and_it_survives_a_reload_and_a_restart(game, wall, tmp_path):
    ctx, table = game
    host = await AppSession.start(ctx, f"/g/{table.id}?all&lang=de")
    ana = await AppSession.start(ctx, f"/g/{table.id}/seat/0?lang=en")
    wall.move(minutes=42)
    await host.click(tooltip=PAUSE["de"])
    await ana.wait_for(lambda: bool(ana.find_all(tooltip=RESUME["en"])))
    assert ana.has_text("0:42")
    await ana.close()
    wall.move(hours=1)
    again = await AppSession.start(ctx, f"/g/{table.id}/seat/0?lang=en")  # the phone reloads
    assert again.has_text("0:42") and again.find(tooltip=RESUME["en"])
    await host.close()
    await again.close()
    ctx.store.close()  # the server stops ...
    restarted = make_context(tmp_path / "clock.db")  # ... and starts again on the same file
    phone = await AppSession.start(restarted, f"/g/{table.id}?all&lang=de")
    assert phone.has_text("0:42") and phone.find(tooltip=RESUME["de"])
    await phone.click(tooltip=RESUME["de"])
    assert restarted.store.clock(table.id) == GameClock(42 * 60.0, wall())


async def test_undo_and_redo_leave_the_clock_alone(game, wall):
    ctx, table = game
    table.roll(values=[1, 1, 1, 1, 1, 1])
    app = await AppSession.start(ctx, f"/g/{table.id}?all&lang=de")
    wall.move(minutes=42)
    await app.click(tooltip=PAUSE["de"])
    await app.click(tooltip="Rückgängig")
    assert table.cursor == 0 and ctx.store.clock(table.id) == GameClock(42 * 60.0)
    await app.click(tooltip="Wiederholen")
    assert table.cursor == 1 and app.has_text("0:42") and app.find(tooltip=RESUME["de"])


async def test_the_minutes_move_on_every_30_seconds_and_only_a_new_minute_is_sent(game, wall, monkeypatch):
    ctx, table = game
    asked: list[float] = []
    go: asyncio.Queue[None] = asyncio.Queue()

    async def sleep(seconds: float) -> None:
        asked.append(seconds)
        await go.get()

    monkeypatch.setattr(clock_screen, "_sleep", sleep)
    app = await AppSession.start(ctx, f"/g/{table.id}?all&lang=de")
    assert asked == [30.0]  # one ticker, waiting
    before = len(app.frames)
    for _ in range(20):  # ten minutes
        wall.move(seconds=30)
        go.put_nowait(None)
        await app.settle()
    assert app.has_text("0:10")
    assert len(asked) == 21 and set(asked) == {30.0}
    assert len(app.frames) - before == 10  # one small message a minute, none in between
    assert all(len(f) < 300 for f in app.frames[before:])
    await app.click(tooltip=PAUSE["de"])  # a paused clock has nothing to tick
    n = len(asked)
    go.put_nowait(None)
    await app.settle()
    assert len(asked) == n


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_the_end_of_the_game_stops_the_clock_and_the_result_says_how_long(game, wall, lang):
    ctx, table = game
    table.roll(values=[1, 1, 1, 1, 1, 1])
    for seat in (0, 1, 0):
        table.submit({"type": "pass", "by": seat})
    assert table.is_over()
    last = datetime.fromisoformat(table.record.actions[-1].at or "")
    ctx.store.change_clock(table.id, lambda c: GameClock(60.0, last - timedelta(minutes=41, seconds=30)))
    wall.t = last + timedelta(hours=3)  # long after the end
    app = await AppSession.start(ctx, f"/g/{table.id}?all&lang={lang}")
    assert app.has_text(PLAYED[lang])
    assert f"[{OVER[lang]}]" in bar(app) and "0:42" in bar(app)
    assert not app.find_all(tooltip=PAUSE[lang]) and not app.find_all(tooltip=RESUME[lang])


async def test_an_old_finished_game_keeps_the_time_its_moves_took(tmp_path, wall):
    ctx = make_context(tmp_path / "old.db")
    played = play_random("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                         {"lucky_numbers": [[3, 16], [4, 15]]}, random.Random(7))
    n = len(played.record.actions)
    acts = tuple(a.model_copy(update={"at": (T0 + timedelta(seconds=i * 41.6 * 60 / (n - 1))).isoformat()})
                 for i, a in enumerate(played.record.actions))
    record = played.record.model_copy(update={"created": T0.isoformat(), "actions": acts})
    import_backup(ctx.store, [record.model_dump(mode="json")])
    app = await AppSession.start(ctx, f"/g/{record.id}?all&lang=de")
    assert app.has_text(PLAYED["de"]) and "0:42" in bar(app)
    assert ctx.store.clock(record.id) is None  # nothing written for it


async def test_an_old_unfinished_game_gets_a_clock_from_the_time_its_moves_took(game, wall):
    ctx, table = game
    table.roll(values=[1, 1, 1, 1, 1, 1])
    table.submit({"type": "pass", "by": 0})
    with ctx.store.conn:  # as older code left it: no clock, its moves five minutes apart
        ctx.store.conn.execute("UPDATE games SET clock_played=NULL, clock_since=NULL WHERE id=?", (table.id,))
        ctx.store.conn.execute("UPDATE actions SET at=? WHERE game_id=? AND seq=2",
                               ((T0 + timedelta(minutes=5)).isoformat(), table.id))
        ctx.store.conn.execute("UPDATE actions SET at=? WHERE game_id=? AND seq=1", (T0.isoformat(), table.id))
    ctx.store._clocks.clear()
    ctx.tables.forget(table.id)
    wall.move(days=3)
    app = await AppSession.start(ctx, f"/g/{table.id}?all&lang=de")
    await app.wait_for(lambda: ctx.store.clock(table.id) is not None)
    assert ctx.store.clock(table.id) == GameClock(300.0, wall())
    assert app.has_text("0:05") and app.find(tooltip=PAUSE["de"])


def test_the_clock_is_an_extension_of_the_shell():
    assert clock_screen.extension in shell_mod.EXTENSIONS and clock_screen.result_line in shell_mod.RESULT_EXTRAS
    assert [clock_screen.hm(s) for s in (0, 59, 60, 42 * 60 + 59, 3600 + 5 * 60, -3)] == [
        "0:00", "0:00", "0:01", "0:42", "1:05", "0:00"]
