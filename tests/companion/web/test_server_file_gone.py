"""The database file and its -wal and -shm deleted while phones tap, against the real server
(``python -m companion`` on 127.0.0.1). Every tap acknowledged after the delete is still
there after kill -9 and a restart, and the host's screen says what happened."""

from __future__ import annotations

import asyncio
import os
import signal

from companion.store import Store
from companion.table.table import Tables
from scoring.engine import PlayerSpec, replay
from tests.companion.web.kill_server_client import _has_text, open_client, tap_button, tap_buttons
from tests.e2e.conftest import Server

RESTORED_DE = ("Die Datenbank {db} war gelöscht oder ersetzt worden; Tischrichter hat sie mit allen Spielen "
               "neu geschrieben. Kein Zug ist verloren.")


async def _tap_delete_tap(port: int, route: str, db, before: int, after: int) -> tuple[int, bool]:
    """Tap ``before`` times, delete the files, tap ``after`` times; (acknowledged taps, notice seen)."""
    seen = False
    async with open_client(port, route) as client:
        button = await tap_button(client)
        acked = 0
        for i in range(before + after):
            if i == before:
                for suffix in ("", "-wal", "-shm"):
                    if os.path.exists(f"{db}{suffix}"):
                        os.remove(f"{db}{suffix}")
            await client.click(button)
            want = f"{acked + 1} Gold"
            for _ in range(50):  # bounded: one tap's frames
                msg = await client.receive()
                seen = seen or _has_text(msg, RESTORED_DE.format(db=db))
                # the notice above the game is new: the screen below it is sent anew, new ids
                button = next(tap_buttons(msg), button)
                if msg[0] == 2 and _has_text(msg, want):
                    acked += 1
                    break
    return acked, seen


def test_deleted_database_files_lose_no_acknowledged_tap_after_kill_9(tmp_path):
    db = tmp_path / "deleted.db"
    store = Store(db)
    gid = Tables(store).create("raus-aus-dem-verlies", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                               {"start_player": 0}).id
    store.close()
    srv = Server(db)
    try:
        acked, seen = asyncio.run(_tap_delete_tap(srv.port, f"/g/{gid}?all", db, 4, 6))
    finally:
        srv.kill(signal.SIGKILL)
    assert acked == 10
    assert seen, "the host's screen did not say the database was written back"
    store = Store(db)
    try:
        table = Tables(store).open(gid)
        assert table.state.players[0].gold == 10, "an acknowledged tap was lost"
        assert table.state == replay(store.record(gid))
    finally:
        store.close()
