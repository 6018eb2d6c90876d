"""Verflixxt! Kompakt with the Wurminator, one plugin: its screens, hooks, words and rules text.

    words.py           its words on the screens (German and English), the game id
    colors.py          players', guards' and the Wurminator's colours; how tiles are written
    setup_state.py     what the setup screen remembers, and helpers both setup parts share
    setup_screen.py    players and colours, who begins, start; the rest folded under "Mehr Optionen"
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
from companion.games.verflixxt.rules_text import VERFLIXXT as RULES
from companion.games.verflixxt.words import GAME
from companion.lazy import lazy_view
from companion.registry import GameUI, register_ui

# the screens are imported when the game is first opened, not at the app's start
UI = register_ui(GameUI(
    id=GAME, prefix="vx", title=RULES.title, rules=RULES,
    setup=lazy_view(f"{__name__}.setup_screen", "setup_view"),
    play=lazy_view(f"{__name__}.play_screen", "play_view"),
    result=lazy_view(f"{__name__}.result_screen", "result_view"),
    quick_score=lazy_view(f"{__name__}.quick_score", "quick_score_view"),
    **HOOKS))
