"""Words of the referee's refusals, German and English, keyed by code.

Each game module adds its own table with ``add_texts``. The engine raises
codes and params; screens and the CLI pick the language.

Counts have one mechanism for every table (these refusals and the screens'
``companion.i18n`` tables alike): a language's text may be a dict of CLDR
plural forms, chosen by Babel's plural rules::

    {"de": {"one": "{n} Kreuz", "other": "{n} Kreuze"}, "en": {"one": "{n} cross", "other": "{n} crosses"}}

The form follows the parameter ``n``, or the one the dict names in
``"count"`` (``{"count": "have", "one": ..., "other": ...}``). ``other`` is
required.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from babel import Locale

LANGS = ("de", "en")
PLURAL_FORMS = ("zero", "one", "two", "few", "many", "other")
Text = str | dict[str, str]  # plain text, or plural forms {"one": ..., "other": ..., "count"?: param}


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def plural_form(lang: str, count: Any) -> str:
    """CLDR plural category of ``count`` in ``lang`` (Babel): 1 and -1 -> "one"; 0, 2, 1.5 -> "other" (de, en)."""
    try:
        number = count if isinstance(count, (int, float)) else float(str(count).replace("\u2212", "-"))
    except ValueError:
        return "other"
    return _locale(lang).plural_form(abs(number))


def variants(text: Text) -> list[str]:
    """Every text an entry may show (its plural forms, or itself): for checks over the tables."""
    if isinstance(text, dict):
        return [v for k, v in text.items() if k in PLURAL_FORMS]
    return [text]


def check_entry(key: str, langs: dict[str, Text]) -> None:
    """KeyError unless ``langs`` has every language, and plural dicts have 'other' and nothing unknown."""
    missing = [lang for lang in LANGS if lang not in langs]
    if missing:
        raise KeyError(f"text {key!r} lacks {missing}")
    for lang in LANGS:
        text = langs[lang]
        if isinstance(text, dict) and ("other" not in text or set(text) - {*PLURAL_FORMS, "count"}):
            raise KeyError(f"text {key!r} ({lang}): plural forms need 'other' and only {PLURAL_FORMS} or 'count'")


def render(lang: str, text: Text, params: dict[str, Any]) -> str:
    """The text for ``params``: its plural form picked, then the params filled in (a bad template stays as is)."""
    if isinstance(text, dict):
        param = text.get("count", "n")
        form = plural_form(lang, params[param]) if param in params else "other"
        text = text.get(form) or text["other"]
    if not params:
        return text
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


REFUSALS: dict[str, dict[str, Text]] = {
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
    "advise_game": {
        "de": "Rat gibt es nur für Qwixx Longo, nicht für {game}.",
        "en": "Advice is given for Qwixx Longo only, not for {game}.",
    },
    "advise_seat": {
        "de": "Platz {seat} gibt es nicht (Plätze 0 bis {high}).",
        "en": "There is no seat {seat} (seats 0 to {high}).",
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
    "names_alike": {
        "de": "Zwei Spieler heißen {name}.",
        "en": "Two players are called {name}.",
    },
    "name_bidi": {
        "de": "Der Name für Platz {seat} enthält Zeichen, die die Schreibrichtung umkehren.",
        "en": "The name for seat {seat} holds characters that reverse the writing direction.",
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


# Ids a refusal carries as params (colours, dice, tile kinds), named in the
# player's language. ``refusal_text`` renders them, so an engine raises ids and
# a German screen never shows "red" or "plus".
NAMES: dict[str, dict[str, dict[str, str]]] = {
    # a Qwixx row or colour as a noun: "in Rot" / "in red", "die Reihe Rot" / "the red row"
    "color": {
        "red": {"de": "Rot", "en": "red"},
        "yellow": {"de": "Gelb", "en": "yellow"},
        "green": {"de": "Grün", "en": "green"},
        "blue": {"de": "Blau", "en": "blue"},
    },
    # a die, after a definite article in the nominative: "Der rote Würfel …" / "The red die …"
    "die": {
        "white1": {"de": "erste weiße Würfel", "en": "first white die"},
        "white2": {"de": "zweite weiße Würfel", "en": "second white die"},
        "red": {"de": "rote Würfel", "en": "red die"},
        "yellow": {"de": "gelbe Würfel", "en": "yellow die"},
        "green": {"de": "grüne Würfel", "en": "green die"},
        "blue": {"de": "blaue Würfel", "en": "blue die"},
        "w6": {"de": "W6", "en": "d6"},
    },
    # a Verflixxt tile kind, without article: "Eine Plustafel …" / "A plus tile …"
    "tile_kind": {
        "plus": {"de": "Plustafel", "en": "plus tile"},
        "minus": {"de": "Minustafel", "en": "minus tile"},
        "lucky": {"de": "Glückstafel", "en": "lucky tile"},
    },
}

# Which params carry ids: param name -> {placeholder: kind of NAMES}. One param
# may fill several placeholders (a colour names its row and its die).
NAMED_PARAMS: dict[str, dict[str, str]] = {
    "color": {"color": "color", "color_die": "die"},
    "rows": {"rows": "color"},
    "die": {"die": "die"},
    "kind": {"kind": "tile_kind"},
    "game": {"game": "game"},  # a game id names the game by its title (filled by engine.register)
}


def add_names(kind: str, table: dict[str, dict[str, str]]) -> None:
    """More ids of one kind, e.g. a registered game's title."""
    for value, langs in table.items():
        missing = [lang for lang in LANGS if lang not in langs]
        if missing:
            raise KeyError(f"name {kind}.{value} lacks {missing}")
        NAMES.setdefault(kind, {})[value] = langs


def id_name(kind: str, value: Any, lang: str = "de") -> str:
    """``value`` (an id, or a list of ids joined with commas) named in ``lang``.

    An id the table does not know is shown as it is.
    """
    if isinstance(value, (list, tuple)):
        return ", ".join(id_name(kind, v, lang) for v in value)
    names = NAMES.get(kind, {}).get(str(value))
    if names is None:
        return str(value)
    return names.get(lang) or names["en"]


def add_texts(table: Mapping[str, Mapping[str, Text]]) -> None:
    for code, entry in table.items():
        langs = dict(entry)
        check_entry(code, langs)
        REFUSALS[code] = langs


def refusal_text(code: str, lang: str = "de", **params: Any) -> str:
    entry = REFUSALS.get(code)
    if entry is None:
        return code
    words = dict(params)
    for param, placeholders in NAMED_PARAMS.items():
        if param in params:
            for placeholder, kind in placeholders.items():
                words[placeholder] = id_name(kind, params[param], lang)
    return render(lang, entry.get(lang) or entry["en"], words)
