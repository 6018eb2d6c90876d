"""A test-only game, laid out as every game is (``companion/games/<game>/``), played through the real shell.

    engine.py          the rules engine (scoring's protocol)
    words.py           its words (German and English)
    setup_screen.py    two names, start
    play_screen.py     squares, a die to tap, the move
    result_screen.py   places
    hooks.py           dispute and statistics hooks
    rules_text.py      its rules text (German and English)

It uses the app's public pieces (shell, components, the registry) and changes none of them.
``register()`` / ``unregister()`` add and remove it (test fixture).
"""

from __future__ import annotations

from companion import registry
from companion.i18n import STRINGS, add_strings
from companion.registry import GameUI
from scoring.texts import REFUSALS, add_texts
from tests.companion.games.tiny_game.engine import GAME_ID, REFUSAL_TEXTS
from tests.companion.games.tiny_game.hooks import FIGURES, disputed
from tests.companion.games.tiny_game.play_screen import play_view
from tests.companion.games.tiny_game.result_screen import result_view
from tests.companion.games.tiny_game.rules_text import RULES
from tests.companion.games.tiny_game.setup_screen import setup_view
from tests.companion.games.tiny_game.words import TITLE, WORDS

UI = GameUI(
    id=GAME_ID, prefix="tr", title=TITLE, setup=setup_view, play=play_view, result=result_view, rules=RULES,
    action_rules={"roll": "tr.roll", "move": "tr.roll"},
    disputed=disputed,
    figures=FIGURES,
    detail=lambda shell, b: shell.t("tr.result.detail", squares=b.get("squares", 0)),
)


def register() -> None:
    add_strings({**WORDS, "hist.fig.squares": WORDS["tr.fig.squares"]})
    add_texts(REFUSAL_TEXTS)
    registry.register_ui(UI)


def unregister() -> None:
    registry.unregister_ui(GAME_ID)
    for key in (*WORDS, "hist.fig.squares"):
        STRINGS.pop(key, None)
    for code in REFUSAL_TEXTS:
        REFUSALS.pop(code, None)
