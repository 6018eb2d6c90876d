"""The tiny race's words (German and English): its title, its screens and its actions in dispute mode."""

from __future__ import annotations

TITLE = {"de": "Mini-Wettlauf", "en": "Tiny race"}

WORDS = {
    "tr.setup.title": {"de": "Mini-Wettlauf – neues Spiel", "en": "Tiny race – new game"},
    "tr.play.squares": {"de": "{name}: Feld {pos} von {goal}", "en": "{name}: square {pos} of {goal}"},
    "tr.play.to_roll": {"de": "{name} ist dran: würfeln.", "en": "{name} to roll."},
    "tr.play.to_move": {"de": "{name} hat {die} gewürfelt: ziehen.", "en": "{name} rolled {die}: move."},
    "tr.play.rolled": {"de": "Gewürfelt: {value}", "en": "Rolled: {value}"},
    "tr.play.move": {"de": "Ziehen", "en": "Move"},
    "tr.result.line": {"de": "{place}. {name} – Feld {total}", "en": "{place}. {name} – square {total}"},
    "tr.result.detail": {"de": "Feld {squares}", "en": "square {squares}"},
    "tr.fig.squares": {"de": "Felder", "en": "squares"},
    # the words of its actions in dispute mode: rules.act.<prefix>.<type>
    "rules.act.tr.roll": {"de": "{name} würfelt {value}", "en": "{name} rolls {value}"},
    "rules.act.tr.move": {"de": "{name}: ziehen", "en": "{name}: move"},
}
