"""Qwixx Longo, one plugin: its screens, hooks, words and rules text, registered with the app.

    words.py           its words on the screens (German and English), the game id, colour names
    setup_screen.py    players, lucky numbers, house rules
    play_screen.py     turn, dice, the crosses offered, the sheets
    result_screen.py   places and every row's points
    hooks.py           dispute, history and statistics hooks (no Flet)
    rules_text.py      its rules text (German and English)

The engine is ``scoring.qwixx_longo``; every rule is asked of it.
"""

from __future__ import annotations

from companion.games.qwixx.hooks import HOOKS
from companion.games.qwixx.rules_text import QWIXX as RULES
from companion.games.qwixx.words import GAME
from companion.lazy import lazy_view
from companion.registry import GameUI, register_ui

# the screens are imported when the game is first opened, not at the app's start
UI = register_ui(GameUI(
    id=GAME, prefix="q8", title=RULES.title, rules=RULES,
    setup=lazy_view(f"{__name__}.setup_screen", "setup_view"),
    play=lazy_view(f"{__name__}.play_screen", "play_view"),
    result=lazy_view(f"{__name__}.result_screen", "result_view"),
    **HOOKS))
