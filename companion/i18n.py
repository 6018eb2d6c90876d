"""Every word a screen shows, German first, English second, by key.

``tr(lang, key, **params)``; a missing key is a test failure (see
tests/companion/test_i18n.py), never a silent fallback on screen.
Other modules may add their own tables with ``add_strings`` (one per screen
family), so two people can work on two games without touching one file.

Counts ("1 Punkt", "5 Punkte") use the one plural mechanism of
``scoring.texts`` (Babel's plural rules): a language's text may be a dict
``{"one": "{n} Punkt", "other": "{n} Punkte"}``, chosen by the parameter ``n``
or by the one named in ``"count"``.
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.texts import PLURAL_FORMS, Text, check_entry, plural_form, render, variants  # noqa: F401 (re-exported)

LANGS = ("de", "en")
DEFAULT_LANG = "de"

STRINGS: dict[str, dict[str, Text]] = {
    # shell
    "app.title": {"de": "Tischrichter", "en": "Tischrichter"},
    "app.lang_switch": {"de": "English", "en": "Deutsch"},
    # a text field's length in the table's language (Flutter's own counter says "40 characters remaining")
    "app.max_chars": {"de": "höchstens {n} Zeichen", "en": "at most {n} characters"},
    "app.lang_switch_tip": {"de": "Sprache: Englisch", "en": "Language: German"},
    "app.home": {"de": "Start", "en": "Home"},
    "app.error": {"de": "Das Spiel {detail} lässt sich hier nicht öffnen.",
                  "en": "The game {detail} cannot be opened here."},
    # a screen that could not be built: never an exception's name in front of players
    "app.view_failed": {
        "de": "Hier ist etwas schiefgegangen. Das Spiel ist gespeichert: über die Startseite geht es weiter.",
        "en": "Something went wrong here. The game is saved: carry on from the home screen.",
    },
    # home
    "home.new_game": {"de": "Neues Spiel", "en": "New game"},
    "home.resume": {"de": "Weiterspielen", "en": "Resume"},
    "home.resume_title": {"de": "Offene Spiele", "en": "Unfinished games"},
    "home.none_open": {"de": "Keine offenen Spiele.", "en": "No unfinished games."},
    "home.resume_item": {
        "de": {"count": "actions", "one": "{game}: {players} · {actions} Zug", "other": ("{game}: {players} · "
                                                                                         "{actions} Züge")},
        "en": {"count": "actions", "one": "{game}: {players} · {actions} move", "other": ("{game}: {players} · "
                                                                                          "{actions} moves")},
    },
    "home.readonly": {
        "de": "Nur lesen: neue Spiele werden nicht gespeichert.",
        "en": "Read only: new games are not saved.",
    },
    # database notices
    "db_not_sqlite": {
        "de": ("Die Datei {path} war keine Datenbank. Sie wurde nach {moved} verschoben; ein neuer Speicher wurde "
               "angelegt."),
        "en": "The file {path} was not a database. It was moved to {moved}; a new store was started.",
    },
    "db_corrupt": {
        "de": ("Die Datenbank {path} ist beschädigt. Sie wurde nach {moved} verschoben; ein neuer Speicher wurde "
               "angelegt."),
        "en": "The database {path} is damaged. It was moved to {moved}; a new store was started.",
    },
    "db_foreign": {
        "de": ("{path} gehört zu einem anderen Programm. Sie wurde nach {moved} verschoben; ein neuer Speicher wurde "
               "angelegt."),
        "en": "{path} belongs to another program. It was moved to {moved}; a new store was started.",
    },
    "db_not_sqlite_kept": {
        "de": ("{path} ist keine Datenbank und ließ sich nicht verschieben; sie bleibt unberührt. Spiele werden nur "
               "im Speicher gehalten."),
        "en": "{path} is not a database and could not be moved; it is left untouched. Games are kept in memory only.",
    },
    "db_corrupt_kept": {
        "de": ("{path} ist beschädigt und ließ sich nicht verschieben; sie bleibt unberührt. Spiele werden nur im "
               "Speicher gehalten."),
        "en": "{path} is damaged and could not be moved; it is left untouched. Games are kept in memory only.",
    },
    "db_foreign_kept": {
        "de": "{path} gehört zu einem anderen Programm und bleibt unberührt. Spiele werden nur im Speicher gehalten.",
        "en": "{path} belongs to another program and is left untouched. Games are kept in memory only.",
    },
    "db_readonly": {
        "de": "{path} ist schreibgeschützt: Spiele lassen sich ansehen, aber nicht weiterspielen.",
        "en": "{path} is read-only: games can be viewed but not continued.",
    },
    "db_newer": {
        "de": "{path} stammt von einer neueren Version (Schema {version}); sie wird nur gelesen, nie überschrieben.",
        "en": "{path} comes from a newer version (schema {version}); it is only read, never overwritten.",
    },
    "db_locked": {
        "de": "{path} ist von einem anderen Programm gesperrt; sie wird nur gelesen.",
        "en": "{path} is locked by another program; it is opened read-only.",
    },
    "db_readonly_write": {
        "de": "{path} wird nur gelesen: dieses Spiel kann hier nicht gespeichert werden.",
        "en": "{path} is read-only: this game cannot be saved here.",
    },
    "db_write_failed": {
        "de": "Speichern in {path} ist fehlgeschlagen ({detail}); nichts wurde geändert.",
        "en": "Saving to {path} failed ({detail}); nothing was changed.",
    },
    "db_unusable": {
        "de": "{path} ist nicht nutzbar ({detail}); Spiele werden nur im Speicher gehalten.",
        "en": "{path} cannot be used ({detail}); games are kept in memory only.",
    },
    # common play
    "play.undo": {"de": "Rückgängig", "en": "Undo"},
    "play.redo": {"de": "Wiederholen", "en": "Redo"},
    "play.why": {"de": "Warum? {rule}", "en": "Why? {rule}"},
    "play.turn_of": {"de": "{name} ist dran", "en": "{name}'s turn"},
    "play.roll": {"de": "Würfeln", "en": "Roll"},
    "play.typed_roll": {"de": "Echte Würfel: Werte eingeben", "en": "Real dice: type the values"},
    "play.typed_roll_apply": {"de": "Übernehmen", "en": "Apply"},
    "play.typed_roll_bad": {
        "de": {"count": "count", "one": "Bitte {count} Zahl von 1 bis {sides} eingeben (gelesen: {got}).",
               "other": "Bitte {count} Zahlen von 1 bis {sides} eingeben (gelesen: {got})."},
        "en": {"count": "count", "one": "Please type {count} number from 1 to {sides} (read: {got}).",
               "other": "Please type {count} numbers from 1 to {sides} (read: {got})."},
    },
    # real dice entered by tapping their faces (components/dice_entry.py), unfolded by "Echte Würfel";
    # the field of their values is taken by "Übernehmen" (play.typed_roll_apply)
    "dice.toggle": {"de": "Echte Würfel", "en": "Real dice"},
    "dice.face": {"de": "{die} zeigt {value}", "en": "{die} shows {value}"},
    "dice.missing": {"de": "Noch offen: {dice}", "en": "Still open: {dice}"},
    "dice.ready": {"de": "Gewürfelt: {values}", "en": "Rolled: {values}"},
    "play.done_rule": {"de": "Regel {rule}", "en": "Rule {rule}"},
    "play.close": {"de": "Schließen", "en": "Close"},
    "result.title": {"de": "Wertung", "en": "Scores"},
    "result.new_game": {"de": "Neues Spiel", "en": "New game"},
    "setup.player_name": {"de": "Name Spieler {n}", "en": "Name player {n}"},
    "setup.default_name": {"de": "Spieler {n}", "en": "Player {n}"},
    "setup.add_player": {"de": "Spieler hinzufügen", "en": "Add player"},
    "setup.remove_player": {"de": "Spieler {n} entfernen", "en": "Remove player {n}"},
    "setup.start": {"de": "Spiel starten", "en": "Start game"},
    "setup.options": {"de": "Hausregeln", "en": "House rules"},
}

def add_strings(table: Mapping[str, Mapping[str, Text]]) -> None:
    for key, entry in table.items():
        langs = dict(entry)
        check_entry(key, langs)
        if key in STRINGS and STRINGS[key] != langs:
            raise KeyError(f"string {key!r} defined twice with different words")
        STRINGS[key] = langs


MINUS = "\u2212"  # the minus sign of every score and tile on screen, not the hyphen


class _Signed(int):
    """A negative number on screen: written with the minus sign, counted (plural forms) as the number."""

    def __format__(self, spec: str) -> str:
        return format(int(self), spec).replace("-", MINUS)

    def __str__(self) -> str:
        return format(self, "")


def minus(text: str) -> str:
    """A number already in words ("-3", "+2 -1"): its hyphen-minus as the minus sign."""
    return text.replace("-", MINUS)


def tr(lang: str, key: str, **params: object) -> str:
    entry = STRINGS[key]  # KeyError on purpose: every visible string is in the table
    shown = {k: _Signed(v) if isinstance(v, int) and not isinstance(v, bool) and v < 0 else v
             for k, v in params.items()}
    return render(lang, entry.get(lang) or entry[DEFAULT_LANG], shown)


def both(key: str, **params: object) -> str:
    """A message for a place without a language (console, a bare HTTP answer): German, then English."""
    return f"{tr('de', key, **params)} / {tr('en', key, **params)}"


def pick_lang(languages: list[str] | None) -> str:
    """First start: the device's preferred language if we have it, else German."""
    for lang in languages or []:
        code = str(lang).lower().replace("_", "-").split("-")[0]
        if code in LANGS:
            return code
    return DEFAULT_LANG
