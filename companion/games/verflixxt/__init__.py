"""Verflixxt! Kompakt with the Wurminator, one plugin: its screens, hooks, words and rules text.

    words.py           its words on the screens (German and English), the game id
    colors.py          players', guards' and the Wurminator's colours; how tiles are written
    setup_state.py     what the setup screen remembers, and helpers both setup parts share
    setup_screen.py    players and colours, house rules, start
    setup_parcours.py  the parcours (tiles, guards) and the table's own tile set
    play_screen.py     board, roll (app or real dice), moves with previews, piles
    result_screen.py   places and piles
    quick_score.py     count finished piles without playing
    hooks.py           dispute, history and statistics hooks (no Flet)
    rules_text.py      its rules text (German and English)

The engine is ``scoring.verflixxt``; every rule is asked of it.
"""

from __future__ import annotations

from companion.games.verflixxt.hooks import HOOKS
from companion.games.verflixxt.play_screen import play_view
from companion.games.verflixxt.quick_score import quick_score_view
from companion.games.verflixxt.result_screen import result_view
from companion.games.verflixxt.rules_text import VERFLIXXT as RULES
from companion.games.verflixxt.setup_screen import setup_view
from companion.games.verflixxt.words import GAME
from companion.registry import GameUI, register_ui

UI = register_ui(GameUI(id=GAME, prefix="vx", title=RULES.title, setup=setup_view, play=play_view,
                        result=result_view, rules=RULES, quick_score=quick_score_view, **HOOKS))
