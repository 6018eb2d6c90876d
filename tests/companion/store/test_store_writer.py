"""The server commits in the store's writer thread, not on the event loop.

A commit (WAL, synchronous=FULL: one fsync, 2–75 ms on a busy disk) used to hold every table of
the process; now it holds only its own table's screens. What must not change: no phone shows a
change before it is on disk, and a change the store refuses is shown nowhere (its phone says why).

Level 2 (tests/harness/flet_session.py): real Flet sessions, a real database file; a "slow disk"
is a commit that waits for the test's go-ahead (in the writer thread).
"""

from __future__ import annotations

import sqlite3
import threading
from typing import Any

import msgpack
import pytest

from companion.store import StoreError
from scoring.engine import PlayerSpec
from tests.companion.table.test_many_phones import LUCKY, NAMES, no_crashes, open_phone, waiting_line
from tests.harness.flet_session import AppSession, make_context

ALL_DECIDE = waiting_line(NAMES)  # "Ana, Ben, Cara und Dora entscheiden noch"
ANA_CROSSED = waiting_line(NAMES[1:])  # "Ben, Cara und Dora entscheiden noch"
LOADED = 20.0  # seconds a screen may take on a loaded test machine (not a speed check)
BEN_CROSSED = waiting_line(["Cara", "Dora"])
SAVE_FAILED = "Der Zug konnte nicht gespeichert werden; nichts wurde geändert."
STALE = ("Dieses Spiel wurde inzwischen an einem anderen Gerät geändert; dein Zug wurde nicht gespeichert. "
         "Jetzt siehst du den gespeicherten Stand.")


@pytest.fixture
def ctx(tmp_path):
    ctx = make_context(tmp_path / "writer.db")
    assert ctx.store.start_writer()  # as ``python -m companion`` does (AppContext.create(writer=True))
    yield ctx
    ctx.store.close()


def qwixx(ctx):
    """Four players; Ana rolled white 3 + 4: everyone decides on the white sum 7."""
    table = ctx.tables.create("qwixx-longo", [PlayerSpec(name=x) for x in NAMES], {"lucky_numbers": LUCKY})
    table.roll(values=[3, 4, 8, 1, 2, 5])
    return table


async def seat_phones(ctx, table) -> list[AppSession]:
    phones = [await open_phone(ctx, f"/g/{table.id}/seat/{i}") for i in range(len(NAMES))]
    for p in phones:
        await p.wait_for(lambda p=p: p.has_text(ALL_DECIDE), LOADED)
    return phones


class SlowDisk:
    """The store's commits of one game wait until ``go`` (a slow fsync); ``fail``: the first is then refused."""

    def __init__(self, ctx, game_id: str, *, fail: bool = False) -> None:
        self.go = threading.Event()
        self.waiting = threading.Event()
        self.failed = False
        original = ctx.store.append

        def append(gid: str, *args: Any, **kwargs: Any) -> int:
            if gid == game_id:
                self.waiting.set()
                self.go.wait(10)  # never forever, whatever the code does
                if fail and not self.failed:
                    self.failed = True
                    raise StoreError("db_write_failed", path=str(ctx.store.path), detail="disk I/O error")
            return original(gid, *args, **kwargs)

        ctx.store.append = append


def saved_actions(db, game_id: str) -> int:
    """What the file holds (a connection of its own: what a restarted server would find)."""
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT cursor FROM games WHERE id=?", (game_id,)).fetchone()[0]
    finally:
        conn.close()


async def test_a_slow_commit_at_one_table_holds_up_no_other_tables_screens(ctx):
    here, there = qwixx(ctx), qwixx(ctx)
    phones_here, phones_there = await seat_phones(ctx, here), await seat_phones(ctx, there)
    disk = SlowDisk(ctx, here.id)

    await phones_here[0].click(text="Rot 7")  # Ana's cross at this table: its commit waits for the disk
    assert disk.waiting.wait(LOADED)  # the writer thread took the commit (it runs beside this loop)
    # meanwhile the server serves the other table: Dora there switches her screen to English
    dora = phones_there[3]
    await dora.click(text="English")
    await dora.wait_for(lambda: dora.has_text("Ana, Ben, Cara and Dora are still deciding"), LOADED)
    # and Ana there crosses too (its commit comes after this table's: one writer, in order)
    await phones_there[0].click(text="Rot 7")
    # this table's phones (Ana's too) do not show a cross the file does not have yet
    assert not disk.go.is_set()
    assert saved_actions(ctx.store.path, here.id) == 1
    for p in phones_here:
        assert p.has_text(ALL_DECIDE) and not p.has_text(ANA_CROSSED)
    # the disk is done: every phone of both tables shows its table's cross, and the file has both
    disk.go.set()
    for p in [*phones_here, *phones_there[:3]]:
        await p.wait_for(lambda p=p: p.has_text(ANA_CROSSED), LOADED)
    await dora.wait_for(lambda: dora.has_text("Ben, Cara and Dora are still deciding"), LOADED)
    assert saved_actions(ctx.store.path, here.id) == 2 and saved_actions(ctx.store.path, there.id) == 2
    no_crashes(*phones_here, *phones_there)


async def test_no_phone_is_sent_a_change_before_the_file_has_it(ctx):
    """Each patch that shows Ana's cross is checked against the file at the moment it is sent:
    a kill -9 right after any phone saw it would still find it (WAL, synchronous=FULL)."""
    table = qwixx(ctx)
    phones = await seat_phones(ctx, table)
    seen_before_saved: list[int] = []
    sent: list[int] = []

    for n, p in enumerate(phones):
        original = p.conn.send_message

        def send(message: Any, n: int = n, original: Any = original, encode: Any = p.conn._encode) -> None:
            if ANA_CROSSED.encode() in msgpack.packb([message.action, message.body], default=encode):
                sent.append(n)
                if saved_actions(ctx.store.path, table.id) < 2:
                    seen_before_saved.append(n)
            original(message)

        p.conn.send_message = send

    await phones[0].click(text="Rot 7")
    for p in phones:
        await p.wait_for(lambda p=p: p.has_text(ANA_CROSSED), LOADED)
    assert sorted(sent) == [0, 1, 2, 3]
    assert seen_before_saved == []
    no_crashes(*phones)


async def test_a_commit_the_store_refuses_is_shown_nowhere_and_its_phone_says_why(ctx):
    """Ana's cross waits for the disk, Ben crosses meanwhile (based on Ana's); then the disk fails:
    neither is saved, no phone ever showed either, Ana is told the save failed and Ben that the
    game is not what his phone knew (table.store, table.stale); the table is as saved."""
    table = qwixx(ctx)
    phones = await seat_phones(ctx, table)
    ana, ben = phones[0], phones[1]
    disk = SlowDisk(ctx, table.id, fail=True)
    await ana.click(text="Rot 7")
    await ben.click(text="Rot 7")
    for p in phones:
        assert p.has_text(ALL_DECIDE) and not p.has_text(ANA_CROSSED) and not p.has_text(BEN_CROSSED)
    disk.go.set()
    await ana.wait_for(lambda: ana.has_text(SAVE_FAILED), LOADED)
    await ben.wait_for(lambda: ben.has_text(STALE), LOADED)
    for p in phones:
        await p.settle(10)
        assert p.has_text(ALL_DECIDE) and not p.has_text(ANA_CROSSED) and not p.has_text(BEN_CROSSED)
    assert table.seq == 1 and saved_actions(ctx.store.path, table.id) == 1
    # the game goes on from the saved state: the disk works again, Ana crosses again
    del ctx.store.append
    await ana.click(text="Rot 7")
    for p in phones:
        await p.wait_for(lambda p=p: p.has_text(ANA_CROSSED), LOADED)
    assert not ana.has_text(SAVE_FAILED)
    assert saved_actions(ctx.store.path, table.id) == 2
    no_crashes(*phones)


def test_closing_the_store_commits_what_is_queued(tmp_path):
    """A server stopping (not killed) still writes what its tables handed to the writer."""
    ctx = make_context(tmp_path / "close.db")
    ctx.store.start_writer()
    go = threading.Event()
    original = ctx.store.append

    def append(*args: Any, **kwargs: Any) -> int:
        go.wait(10)
        return original(*args, **kwargs)

    ctx.store.append = append
    table = ctx.tables.create("qwixx-longo", [PlayerSpec(name=x) for x in NAMES], {"lucky_numbers": LUCKY})
    future = ctx.store.writer.submit(ctx.store.append, table.id, 0, _roll_record(table), expected_rev=table.rev)
    go.set()
    ctx.store.close()
    assert future.done() and saved_actions(ctx.store.path, table.id) == 1


def _roll_record(table) -> Any:
    from scoring.engine import RecordedAction, now_iso

    action = table.game.roll_action(table.state, [3, 4, 8, 1, 2, 5])
    return RecordedAction(seat=table.game.actor(table.state, action), action=table.game.dump_action(action),
                          at=now_iso())


async def test_a_tap_diffs_the_tapping_phones_page_once(ctx):
    """While the commit runs the tap's own redraw waits; Flet's auto-update after the event must
    not diff the whole page meanwhile for nothing (as much server time as a redraw). The one diff
    is the frame's (top bar and body): the page's theme, services and window have not changed."""
    from flet.controls.page import ServiceRegistry

    table = qwixx(ctx)
    phones = await seat_phones(ctx, table)
    ana = phones[0]
    diffs: list[Any] = []
    original = ana.session.patch_control

    def patch_control(control: Any, *args: Any, **kwargs: Any) -> Any:
        if not isinstance(control, ServiceRegistry):  # a service Flet registers sends itself, page or not
            diffs.append(control)
        return original(control, *args, **kwargs)

    ana.session.patch_control = patch_control
    await ana.click(text="Rot 7")
    await ana.wait_for(lambda: ana.has_text(ANA_CROSSED), LOADED)
    await ana.settle(10)
    assert diffs == [ana.shell._frame]  # the redraw once the cross is on disk, nothing before it
    no_crashes(*phones)
