"""Words a player reads, not developer text.

- the history's replay tells every move in the player's language through the
  same describe hook as the live game (companion.table.dispute.describe_action), not
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
    return GameRecord(
        game="qwixx-longo",
        options={"lucky_numbers": [[3, 13], [4, 14]]},
        players=(PlayerSpec(name="Ana"), PlayerSpec(name="Ben")),
        actions=tuple(RecordedAction(seat=a["by"], action=a) for a in acts),
    )


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


def _save_file_calls(app: AppSession) -> list[dict]:
    from flet.messaging.protocol import MessageAction

    return [b for b in app.messages_of(MessageAction.INVOKE_METHOD) if b.get("name") == "save_file"]


async def test_backup_is_the_browsers_download_and_shows_no_server_path(tmp_path):
    """'Alles sichern' used to write into the server's folder and show 'Gespeichert unter: /…/exports/…'."""
    ctx = make_context(tmp_path / "t.db")
    ctx.store.create_game(_qwixx_record())
    app = await AppSession.start(ctx)
    app.conn.answers["save_file"] = None  # the browser took the file
    await app.click(text="Sichern & Einlesen")
    await app.click(text="Alles sichern (JSON)")
    calls = _save_file_calls(app)
    assert len(calls) == 1 and calls[0]["args"]["file_name"].startswith("tischrichter-backup-")
    name = calls[0]["args"]["file_name"]
    assert app.has_text(f"Dem Browser zum Speichern übergeben: {name}")  # not "Heruntergeladen": the save may fail
    assert not any(str(tmp_path) in t for t in app.texts()), app.texts()
    assert not (tmp_path / "exports").exists()  # nothing written on the server's disk
    assert not app.sent(str(tmp_path))  # no server path ever went to the client


async def test_a_failed_download_says_so_and_leaves_the_text_to_copy(tmp_path):
    ctx = make_context(tmp_path / "t.db")
    app = await AppSession.start(ctx)  # the harness's client refuses save_file
    await app.click(text="Sichern & Einlesen")
    await app.click(text="Ergebnisse als CSV")
    assert app.has_text("Herunterladen ging nicht; bitte den Text unten kopieren.")
    assert app.find_all(label="Exportierter Text")
    await app.click(text="English")
    assert app.has_text("The download did not work; please copy the text below.")


def test_english_rules_say_d6_german_rules_say_w6():
    """English players write d6/d8/d3; 'W6' is the German die."""
    import re

    from companion.screens.rules_text import ENTRIES, all_texts

    die = re.compile(r"\b[WwDd](?:3|6|8)\b")
    english = " ".join(all_texts("en"))
    german = " ".join(all_texts("de"))
    assert sorted({m.group() for m in die.finditer(english)}) == ["d3", "d6", "d8"]
    assert sorted({m.group() for m in die.finditer(german)}) == ["W3", "W6", "W8"]
    assert ENTRIES["q8.dice"].text["en"].startswith("There are six d8: two white plus one each in red")


def test_every_action_of_every_game_has_words_in_both_languages():
    """The describe hook knows every action type of the three games (no raw 'move_figure' / 'row=red' / '?')."""
    import random
    import re
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scoring"))
    import test_qwixx_longo_random as qx
    import test_verflixxt_random as vx
    import test_verlies_random as rv

    import tests.companion.test_i18n  # noqa: F401 (every table loaded)
    from companion.records.history import replay_steps
    from companion.table.dispute import describe_action
    from scoring.engine import get_game
    from scoring.simulate import play_random

    rng = random.Random(5)
    raw = re.compile(r"[a-z]+_[a-z]+|[A-Za-z]\w*=|\?")  # an action type, a key=value dump, an unknown part
    kinds: dict[str, set[str]] = {}
    for gid in ("qwixx-longo", "verflixxt", "raus-aus-dem-verlies"):
        for _ in range(2):
            if gid == "qwixx-longo":
                players, options = qx.setup(rng)
            elif gid == "verflixxt":
                players, options = vx.setup(rng, True)
                options = options.model_dump(mode="json")
            else:
                players, options = rv.setup(rng)
            record = play_random(gid, players, options, rng).record
            states = replay_steps(record)
            names = [p.name for p in record.players]
            for k, act in enumerate(record.actions):
                kinds.setdefault(gid, set()).add(act.action["type"])
                for lang in ("de", "en"):
                    words = describe_action(get_game(gid), names, act.action, lang, states[k])
                    assert not raw.search(words), (gid, act.action, lang, words)
    assert {"roll", "white", "color", "pass"} <= kinds["qwixx-longo"]
    assert {"roll", "move_figure", "move_guard"} <= kinds["verflixxt"]
    assert {"draw_card", "walk", "roll", "end_turn"} <= kinds["raus-aus-dem-verlies"]
