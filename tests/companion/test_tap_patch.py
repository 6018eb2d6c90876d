"""Issue 18: what one tap sends to the phone, read from Flet's update messages (level-2 harness).

The positions and taps are the tap section's of build/bench.py; build/bench_patch.py counts the
same for all three games. Counts, not times.
"""

from __future__ import annotations

from build.bench import PASS_AROUND, TAP_GAMES
from build.bench_patch import patch_stats
from tests.harness.flet_session import AppSession, make_context


async def open_table(tmp_path, game: str) -> AppSession:
    db = tmp_path / "t.db"
    gid = TAP_GAMES[game]["prepare"](db)
    app = await AppSession.start(make_context(db), route=f"/g/{gid}")
    await app.click(text=PASS_AROUND)
    return app


async def sent_by(app: AppSession, **how) -> dict[str, int]:
    n = len(app.conn.raw)
    await app.click(**how)
    return patch_stats(app.conn.raw[n:], app.conn.messages[n:])


async def test_a_qwixx_cross_changes_values_in_place_and_builds_nothing_new(tmp_path):
    # Ana crosses Rot 7 on the white sum: Ben's sheet and "Ben entscheidet noch" show. The
    # status block always has its two lines, so the second line is a changed value, not a
    # new control the phone must build (and the sheet below it does not move).
    app = await open_table(tmp_path, "qwixx")
    assert app.has_text("Ana und Ben entscheiden noch") and app.has_text("Zettel von Ana")
    cross = await sent_by(app, label="Rot 7")
    assert app.has_text("Ana: Rot 7") and app.has_text("Ben entscheidet noch") and app.has_text("Zettel von Ben")
    assert cross["new_controls"] == 0, cross
    assert cross["changed_controls"] <= 12, cross
    undo = await sent_by(app, tooltip="Rückgängig")
    assert app.has_text("Ana und Ben entscheiden noch") and app.has_text("Zettel von Ana")
    assert app.has_text("Alle anderen passen")  # the one control that comes back
    assert undo["new_controls"] <= 1, undo
    await app.close()


async def test_a_verflixxt_undo_shows_the_same_moves_again_without_sending_them_whole(tmp_path):
    # Ana rolled a 2 and moves figure A1: Ben is to roll ("Ben ist dran"), her moves are gone.
    # The undo brings back "Wähle einen Zug:" and the same moves: they stayed on the phone,
    # hidden, and come back as a change of visibility, not as ~30 controls built again.
    app = await open_table(tmp_path, "verflixxt")
    move = "Figur A1: Start » Feld 2 (−1)"
    assert app.has_text("Wähle einen Zug:") and app.has_text(move)
    await sent_by(app, text=move)
    assert app.has_text("Ben ist dran")
    assert not app.has_text(move) and not app.has_text("Wähle einen Zug:")  # hidden: not findable, not tappable
    undo = await sent_by(app, tooltip="Rückgängig")
    assert app.has_text("Wähle einen Zug:") and app.has_text(move)
    assert not app.has_text("Ben ist dran")
    assert undo["new_controls"] <= 6, undo
    # and the move is still the move: tapping it again moves A1 again
    await sent_by(app, text=move)
    assert app.has_text("Ben ist dran")
    await app.close()
