"""Raus aus dem Verlies!, one plugin: its screens, hooks, words and rules text, registered with the app.

    words.py           its words on the screens (German and English), the game id
    widgets.py         the deck colours, chips, cards and percentages its screens share
    setup_screen.py    players and adventurers (presets, profiles), start player, house rules
    play_actions.py    submitting an action, the engine's offers, the events' words, the dice
    play_screen.py     the turn's choices (start, after a move, pending rolls) beside the purse
    play_panels.py     obstacle, room gold, fight, spoils and trap panels
    purse.py           gold, treasures (hidden from the other seats) and the gold log
    result_screen.py   places, gold and treasures
    hooks.py           dispute, history and statistics hooks (no Flet)
    rules_text.py      its rules text (German and English)

The engine is ``scoring.verlies``; every rule is asked of it.
"""

from __future__ import annotations

from companion.games.verlies.hooks import HOOKS
from companion.games.verlies.rules_text import VERLIES as RULES
from companion.games.verlies.words import GAME, META_PRESETS
from companion.lazy import lazy_view
from companion.registry import GameUI, register_ui

__all__ = ["GAME", "META_PRESETS", "UI"]

# the screens are imported when the game is first opened, not at the app's start
UI = register_ui(GameUI(
    id=GAME, prefix="rv", title=RULES.title, rules=RULES,
    setup=lazy_view(f"{__name__}.setup_screen", "setup_view"),
    play=lazy_view(f"{__name__}.play_screen", "play_view"),
    result=lazy_view(f"{__name__}.result_screen", "result_view"),
    **HOOKS))
