"""Database trouble as a player meets it: a clear message, nothing overwritten, the app keeps going."""

from __future__ import annotations

from pathlib import Path

from companion.store import SCHEMA_VERSION, Store
from tests.harness.flet_session import AppSession, make_context


async def test_a_damaged_file_is_named_moved_aside_and_play_goes_on(tmp_path):
    db = tmp_path / "t.db"
    db.write_bytes(b"Einkaufsliste: Milch, Brot" * 20)
    ctx = make_context(db)
    app = await AppSession.start(ctx)
    assert app.has_text("war keine Datenbank", contains=True)
    moved = ctx.store.notices[0].params["moved"]
    assert Path(moved).read_bytes().startswith(b"Einkaufsliste")
    await app.click(text="Qwixx Longo")
    await app.click(text="Spiel starten")
    assert app.has_text("Spieler 1 ist dran · Wurf Nr. 1")  # a fresh store: the game is saved again
    assert len(ctx.store.games()) == 1
    assert not app.crashes()
    await app.close()


async def test_a_file_from_a_newer_version_is_only_read(tmp_path):
    db = tmp_path / "t.db"
    first = Store(db)
    first.set_meta("schema_version", str(SCHEMA_VERSION + 1))
    first.close()
    before = db.read_bytes()
    ctx = make_context(db)
    app = await AppSession.start(ctx)
    assert app.has_text("neueren Version", contains=True)
    assert app.has_text("Nur lesen: neue Spiele werden nicht gespeichert.")
    await app.click(text="Qwixx Longo")
    await app.click(text="Spiel starten")  # refused with a message, not a crash
    assert app.has_text("dieses Spiel kann hier nicht gespeichert werden", contains=True)
    assert app.has_text("Spiel starten") and not app.crashes()
    await app.close()
    ctx.store.close()
    assert db.read_bytes() == before  # nothing written
