"""Words of the referee's refusals, German and English, keyed by code.

Each game module adds its own table with ``add_texts``. The engine raises
codes and params; screens and the CLI pick the language.
"""

from __future__ import annotations

from typing import Any

LANGS = ("de", "en")

REFUSALS: dict[str, dict[str, str]] = {
    "bad_action": {
        "de": "Das ist keine Aktion dieses Spiels ({detail}).",
        "en": "That is not an action of this game ({detail}).",
    },
    "bad_options": {
        "de": "Ungültige Spieleinstellung ({detail}).",
        "en": "Invalid game option ({detail}).",
    },
    "bad_record": {
        "de": "Ungültige Spielaufzeichnung ({detail}).",
        "en": "Invalid game record ({detail}).",
    },
    "bad_json": {"de": "Kein gültiges JSON: {detail}", "en": "Not valid JSON: {detail}"},
    # the CLI's input edge (scoring.cli)
    "input_too_big": {
        "de": "Die Eingabe ist größer als 20 MB.",
        "en": "The input is larger than 20 MB.",
    },
    "input_not_utf8": {
        "de": "Die Eingabe ist kein UTF-8-Text (ungültiges Byte an Stelle {pos}).",
        "en": "The input is not UTF-8 text (invalid byte at position {pos}).",
    },
    "input_unreadable": {
        "de": "Die Datei lässt sich nicht lesen ({detail}).",
        "en": "The file cannot be read ({detail}).",
    },
    "input_too_deep": {
        "de": "Die Eingabe ist zu tief verschachtelt.",
        "en": "The input is nested too deeply.",
    },
    "input_long_number": {
        "de": "Die Eingabe enthält eine Zahl mit zu vielen Stellen.",
        "en": "The input holds a number with too many digits.",
    },
    "internal": {
        "de": "Interner Fehler ({detail}) – das ist ein Programmfehler, bitte melden.",
        "en": "Internal error ({detail}) – this is a bug, please report it.",
    },
    "bad_score_input": {
        "de": "Ungültige Punkteeingabe ({detail}).",
        "en": "Invalid score input ({detail}).",
    },
    "unknown_game": {
        "de": "Unbekanntes Spiel „{game}“ (bekannt: {known}).",
        "en": "Unknown game '{game}' (known: {known}).",
    },
    "player_count": {
        "de": "{game}: {low} bis {high} Spieler, nicht {count}.",
        "en": "{game}: {low} to {high} players, not {count}.",
    },
    "no_score_input": {
        "de": "{game} hat keine Punkteeingabe.",
        "en": "{game} has no score input.",
    },
    "no_roll_now": {"de": "Jetzt wird nicht gewürfelt.", "en": "No roll is due now."},
    "game_over": {"de": "Das Spiel ist vorbei.", "en": "The game is over."},
    "not_your_seat": {
        "de": "Das darf nur {name} machen.",
        "en": "Only {name} may do that.",
    },
    "stale_action": {
        "de": "Inzwischen ist am Tisch etwas passiert – bitte noch einmal ansehen.",
        "en": "The table has moved on meanwhile – please look again.",
    },
}


def add_texts(table: dict[str, dict[str, str]]) -> None:
    for code, langs in table.items():
        missing = [lang for lang in LANGS if lang not in langs]
        if missing:
            raise KeyError(f"refusal text {code!r} lacks {missing}")
        REFUSALS[code] = langs


def refusal_text(code: str, lang: str = "de", **params: Any) -> str:
    entry = REFUSALS.get(code)
    if entry is None:
        return code
    text = entry.get(lang) or entry["en"]
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text
