"""Issue 15.8: words a player reads, not developer text.

- the history's replay tells every move in the player's language through the
  same describe hook as the live game (companion.dispute.describe_action), not
  "white row=red" / "roll white1=5 …" (the old replay line);
"""

from __future__ import annotations

from companion.store import Store  # noqa: F401 (the store the context opens)
from scoring.engine import GameRecord, PlayerSpec, RecordedAction
from tests.harness.flet_session import AppSession, make_context


def _qwixx_record() -> GameRecord:
    acts = [
        {"type": "roll", "by": 0, "white1": 5, "white2": 3, "red": 4, "yellow": 2, "green": 6, "blue": 1},
        {"type": "white", "by": 0, "row": "red"},
        {"type": "pass", "by": 1},
    ]
    return GameRecord(game="qwixx-longo", options={"lucky_numbers": [[3, 13], [4, 14]]}, players=(PlayerSpec(name="Ana"), PlayerSpec(name="Ben")),
                      actions=tuple(RecordedAction(seat=a["by"], action=a) for a in acts))


async def test_replay_tells_each_move_in_words_in_both_languages(tmp_path):
    ctx = make_context(tmp_path / "t.db")
    record = _qwixx_record()
    ctx.store.create_game(record)
    app = await AppSession.start(ctx)
    app.shell.go("replay", hist_replay=record.id, hist_step=1)
    await app.settle()
    assert app.has_text("Zug 1: Ana würfelt: Weiß 5 und 3 · Rot 4 · Gelb 2 · Grün 6 · Blau 1")
    await app.click(tooltip="Zug vor")
    assert app.has_text("Zug 2: Ana: Weiß 8 in Rot")
    await app.click(tooltip="Zug vor")
    assert app.has_text("Zug 3: Ben: Passen")
    assert not any("=" in t for t in app.texts()), app.texts()
    await app.click(text="English")
    assert app.has_text("Move 3: Ben: pass")
    await app.click(tooltip="Previous move")
    assert app.has_text("Move 2: Ana: white 8 in red")
    await app.click(tooltip="Previous move")
    assert app.has_text("Move 1: Ana rolls: white 5 and 3 · red 4 · yellow 2 · green 6 · blue 1")
