"""The home screen is built without any game's engine or screens.

On the phone's own site every module imported before the first screen is start-up time in
WebAssembly; the home screen shows each game's title only. A game's engine and its setup, play
and result screens are imported when that game is first opened — and then it plays as before.
Each check runs in a fresh interpreter, so no other test has imported anything for it.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.games.qwixx import hooks as qwixx_hooks
from scoring import engine
from scoring.qwixx_longo import COLORS

ROOT = Path(__file__).resolve().parents[2]
HEAVY = [
    "scoring.qwixx_longo", "scoring.verflixxt", "scoring.verlies",
    "companion.games.qwixx.setup_screen", "companion.games.qwixx.play_screen",
    "companion.games.verflixxt.setup_screen", "companion.games.verflixxt.play_screen",
    "companion.games.verflixxt.quick_score", "companion.games.verlies.setup_screen",
    "companion.games.verlies.play_screen", "companion.games.verlies.play_panels",
]


def run_fresh(body: str, tmp_path: Path) -> dict[str, object]:
    """``body`` (inside ``async def go(app)``, after the home screen is up) in a new Python; its JSON."""
    script = textwrap.dedent(f"""
        import asyncio, json, sys
        from tests.harness.flet_session import AppSession, make_context, typed_roll
        HEAVY = {HEAVY!r}

        async def go():
            app = await AppSession.start(make_context({str(tmp_path / "t.db")!r}))
            out = {{"home": app.texts(), "loaded": [m for m in HEAVY if m in sys.modules]}}
        {textwrap.indent(textwrap.dedent(body), " " * 12)}
            print(json.dumps(out))

        asyncio.run(go())
    """)
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_home_screen_imports_no_engine_and_no_game_screen(tmp_path):
    out = run_fresh("", tmp_path)
    for title in ("Qwixx Longo", "Verflixxt! Kompakt", "Raus aus dem Verlies!", "Neues Spiel", "Offene Spiele"):
        assert title in out["home"]
    assert out["loaded"] == []


def test_opening_a_game_imports_that_game_only_and_it_plays(tmp_path):
    out = run_fresh("""
        await app.click(text="Qwixx Longo")
        out["setup"] = app.texts()
        out["after_setup"] = [m for m in HEAVY if m in sys.modules]
        await app.click(text="Spiel starten")
        await typed_roll(app, "Echte Würfel: Werte eingeben", "3 4 1 1 1 1")
        out["play"] = app.texts()
        out["after_play"] = [m for m in HEAVY if m in sys.modules]
    """, tmp_path)
    assert out["loaded"] == []
    assert "Qwixx Longo – neues Spiel" in out["setup"]
    assert out["after_setup"] == ["scoring.qwixx_longo", "companion.games.qwixx.setup_screen"]
    assert "Weiße Summe 7 – Spieler 1:" in out["play"]
    assert out["after_play"] == ["scoring.qwixx_longo", "companion.games.qwixx.setup_screen",
                                 "companion.games.qwixx.play_screen"]


@pytest.mark.parametrize("game_id", list(engine.BUILTIN_ENGINES))
def test_each_built_in_engine_module_registers_the_id_it_is_listed_under(game_id):
    """``BUILTIN_ENGINES`` is how the referee finds a game it has not imported yet."""
    assert engine.get_game(game_id).id == game_id
    assert engine.game_ids()[:3] == list(engine.BUILTIN_ENGINES)
    assert set(engine.games()) >= set(engine.BUILTIN_ENGINES)


def test_the_qwixx_hooks_rows_are_the_engines_colours():
    assert qwixx_hooks.ROWS == COLORS
