"""A game is one plugin (DESIGN.md "A game is one plugin").

The tiny dice race in tests/companion/games/tiny_game/ (laid out as companion/games/<game>/) is
registered by a fixture and played through the real app shell at level 2
(tests/harness/flet_session.py): home lists it, setup, a roll and a move, undo,
dispute mode (a refused move's what-if with its rule id), the result, history
and the rules screen; companion/ does not know the game. A registered engine
without screens is an error, never a game silently left off the home screen.
"""

from __future__ import annotations

import logging

import pytest

import tests.companion.games.tiny_game as tiny_ui
from companion import registry
from companion.app import AppContext, make_main
from companion.screens.rules_text import GAMES
from scoring import engine as scoring_engine
from tests.companion.games.tiny_game import engine as tiny_engine
from tests.harness.flet_session import AppSession, make_context


@pytest.fixture
def tiny_game(monkeypatch):
    """The tiny game registers itself: engine in scoring's registry, screens in the app's."""
    scoring_engine.games()  # the built-in engines first (registration order)
    monkeypatch.setitem(scoring_engine._REGISTRY, tiny_engine.GAME_ID, tiny_engine.GAME)
    tiny_ui.register()
    yield tiny_ui.UI
    tiny_ui.unregister()


@pytest.fixture
def ctx(tmp_path):
    return make_context(tmp_path / "tischrichter.db")


async def test_the_tiny_game_plays_through_the_real_app(tiny_game, ctx):
    app = await AppSession.start(ctx)
    # home lists it next to the built-in games
    for title in ("Qwixx Longo", "Verflixxt! Kompakt", "Raus aus dem Verlies!", "Mini-Wettlauf"):
        assert app.find_all(text=title), title

    # setup
    await app.click(text="Mini-Wettlauf")
    assert app.has_text("Mini-Wettlauf – neues Spiel")
    await app.type_into("Name Spieler 1", "Ana")
    await app.type_into("Name Spieler 2", "Ben")
    await app.click(text="Spiel starten")
    assert app.has_text("Ana ist dran: würfeln.")
    assert app.has_text("Ana: Feld 0 von 10") and app.has_text("Ben: Feld 0 von 10")

    # a roll through the chance protocol, then a move
    await app.click(tooltip="Gewürfelt: 6")
    assert app.has_text("Ana hat 6 gewürfelt: ziehen.")
    await app.click(text="Ziehen")
    assert app.has_text("Ana: Feld 6 von 10") and app.has_text("Ben ist dran: würfeln.")

    # undo takes the move back, with the same die
    await app.click(tooltip="Rückgängig")
    assert app.has_text("Ana: Feld 0 von 10") and app.has_text("Ana hat 6 gewürfelt: ziehen.")
    await app.click(text="Ziehen")
    assert app.has_text("Ana: Feld 6 von 10") and app.has_text("Ben ist dran: würfeln.")

    # dispute mode: Ana moving now is refused (tr.turn); the real game does not change
    table = app.shell.table
    seq = table.seq
    await app.click(text="Was wäre wenn?")
    assert app.has_text("Was wäre wenn? – Mini-Wettlauf")
    await app.click(text="Ana: ziehen")
    assert app.has_text("Nicht erlaubt: Ana: ziehen. Ana ist nicht dran; am Zug ist Ben.")
    assert app.has_text("Warum? tr.turn")
    assert table.seq == seq and table.state.pos == (6, 0)
    await app.click(text="Warum? tr.turn")  # the rule link lands on the game's own rules text
    assert app.has_text("Wer dran ist")
    assert app.has_text("Nur wer am Zug ist, würfelt und zieht; danach ist die andere Person dran.")
    await app.click(text="Zurück zum Spiel")
    assert app.has_text("Ben ist dran: würfeln.")

    # play to the end: Ben 2, Ana 5 (reaches 10)
    await app.click(tooltip="Gewürfelt: 2")
    await app.click(text="Ziehen")
    await app.click(tooltip="Gewürfelt: 5")
    await app.click(text="Ziehen")
    assert app.has_text("Wertung")
    assert app.has_text("1. Ana – Feld 10") and app.has_text("2. Ben – Feld 2")

    # history lists the finished game with its score
    await app.click(tooltip="Start")
    await app.click(text="Verlauf")
    assert any(t.startswith("Mini-Wettlauf · ") for t in app.texts()), app.texts()
    assert app.has_text("1. Ana 10 · 2. Ben 2")
    # its replay: the standing after the last move, each player's line from the game's ``detail`` hook
    await app.click(text="Nachspielen")
    assert app.has_text("1. Ana 10") and app.has_text("Feld 10") and app.has_text("Feld 2")
    # statistics: the game's own figures (its ``figures`` hook), words from the game
    await app.click(tooltip="Start")
    await app.click(text="Statistik")
    await app.click(text="Mini-Wettlauf")
    assert app.has_text("1 Spiel · Ø Siegerpunkte 10,0 · Rekord 10 (Ana)")
    assert app.has_text("Ø je Spieler und Spiel: Felder 6,0")
    assert app.has_text("Ø Felder 10,0") and app.has_text("Ø Felder 2,0")

    # the rules screen offers the game and shows its rules text
    await app.click(tooltip="Start")
    await app.click(text="Regeln")
    await app.click(tooltip="Regeln: Mini-Wettlauf")
    assert app.has_text("Mini-Wettlauf") and app.has_text("Ein Zug")
    assert app.has_text("Abwechselnd: erst würfeln, dann um die Augenzahl ziehen.")
    assert app.has_text("tr.roll · Erst würfeln, dann ziehen") and app.has_text("tr.turn · Wer dran ist")
    assert app.crashes() == []


async def test_the_tiny_game_in_english_dispute_words(tiny_game, ctx):
    app = await AppSession.start(ctx, "/?lang=en")
    await app.click(text="Tiny race")
    await app.type_into("Name player 1", "Ana")
    await app.type_into("Name player 2", "Ben")
    await app.click(text="Start game")
    await app.click(text="What if?")
    await app.click(text="Ana: move")  # before the roll: refused by tr.roll
    assert app.has_text("Not allowed: Ana: move. Ana must roll first.")
    assert app.has_text("Why? tr.roll")


def test_the_tiny_game_is_in_every_loop_and_gone_after(tiny_game):
    assert list(registry.game_uis())[-1] == "tiny-race"
    assert list(GAMES)[-2:] == ["tiny-race", "table"]  # the rules screen: the games, then the table's rules
    assert registry.title_of("tiny-race", "en") == "Tiny race"
    from companion.records.history import GAME_FIGURES

    assert GAME_FIGURES["tiny-race"] == ("squares",)
    tiny_ui.unregister()
    assert "tiny-race" not in registry.game_uis() and "tiny-race" not in GAMES
    tiny_ui.register()


def test_an_engine_without_screens_is_an_error_not_hidden(monkeypatch, tmp_path, caplog):
    """The home screen used to skip a game whose screen module was missing."""
    scoring_engine.games()
    monkeypatch.setitem(scoring_engine._REGISTRY, tiny_engine.GAME_ID, tiny_engine.GAME)  # engine, no screens
    ctx = AppContext.create(db=str(tmp_path / "t.db"))
    with caplog.at_level(logging.ERROR, logger="tischrichter"):
        with pytest.raises(registry.MissingGameUI, match="tiny-race"):
            make_main(ctx)
        with pytest.raises(registry.MissingGameUI, match="tiny-race"):
            registry.get_ui("tiny-race")
    assert "tiny-race" in caplog.text
    assert registry.get_ui("no-such-game") is None  # an old or foreign record: not an error


def test_a_games_hooks_shape_is_every_hook_of_its_game_ui_and_nothing_else():
    """``companion.game_hooks.GameHooks`` (what a game's ``HOOKS`` is typed as) names exactly the
    optional hooks of ``GameUI``: a hook added to one and not the other fails here, not at a table."""
    import dataclasses

    from companion.game_hooks import GameHooks
    from companion.games.qwixx.hooks import HOOKS as QWIXX
    from companion.games.verflixxt.hooks import HOOKS as VERFLIXXT
    from companion.games.verlies.hooks import HOOKS as VERLIES

    screens_and_texts = {"id", "prefix", "title", "setup", "play", "result", "rules", "quick_score"}
    hooks = {f.name for f in dataclasses.fields(registry.GameUI)} - screens_and_texts
    assert set(GameHooks.__annotations__) == hooks
    assert GameHooks.__required_keys__ == frozenset()
    for game in (QWIXX, VERFLIXXT, VERLIES):
        assert set(game) <= hooks


def test_the_built_in_games_keep_their_order_whichever_was_imported_first():
    """The rules screen opens on the first game and the home lists them in this order: importing
    Verlies' screens before the others (a test, a deep link) must not move it to the front."""
    import subprocess
    import sys

    code = ("import companion.games.verlies, companion.games.verflixxt\n"
            "from companion import registry\nprint(' '.join(registry.game_uis()))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["qwixx-longo", "verflixxt", "raus-aus-dem-verlies"]
