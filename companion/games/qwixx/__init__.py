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
from companion.games.qwixx.play_screen import play_view
from companion.games.qwixx.result_screen import result_view
from companion.games.qwixx.rules_text import QWIXX as RULES
from companion.games.qwixx.setup_screen import setup_view
from companion.games.qwixx.words import GAME
from companion.registry import GameUI, register_ui

UI = register_ui(GameUI(id=GAME, prefix="q8", title=RULES.title, setup=setup_view, play=play_view,
                        result=result_view, rules=RULES, **HOOKS))
