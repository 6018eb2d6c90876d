"""The rules screen's content: the project's own words, German first, English second.

One structure per game (``GameRules``), kept in the game's folder
(``companion/games/<game>/rules_text.py``) and handed to the registry
(``companion.registry.GameUI.rules``); only what all games share is here: the
types, the table's own rules and ``GAMES[game]``, a live view over the
registered games plus the table's own rules. A section has an
intro and entries; every entry carries a rule id (a RULINGS.md id, or an id the
referee raises in code, e.g. ``table.seat``), a title, a text, a worked example
and, where the table may choose, the house-rule options with what each setting
means. Nothing here is copied from the rule texts: everything is retold
(``tests/companion/screens/test_rules.py`` checks that no 8-word run is pasted).

Plain data, no Flet here (reading ``GAMES`` loads the registered games' modules):
the search index (``companion.screens.rules_search``) and the screens
(``companion.screens.rules``) both read it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TypeVar

from companion import registry
from companion.game_hooks import DeEn, E, Entry, GameRules, S, Section, de_en

# ======================================================================================
# The table itself (the app's own refusals)
# ======================================================================================
TABLE = GameRules(
    "table", "table", de_en("Tisch und App", "Table and app"),
    (
        S("app", ("Wie der Schiedsrichter arbeitet", "How the referee works"),
          ("Diese Regeln gelten für alle Spiele: wer tippen darf, wann gewürfelt wird, was Rückgängig "
           "macht.",
           "These rules apply to every game: who may tap, when dice are rolled, what undo does."),
          E("table.seat", ("Nur für den eigenen Platz", "Only for your own seat"),
            ("Ist ein Handy einem Platz zugeordnet, darf es nur für diesen Platz handeln. Ein Handy, "
             "das herumgereicht wird, darf für alle tippen.",
             "When a phone belongs to one seat, it may act for that seat only. A phone passed around "
             "the table may tap for everyone."),
            ("Bens Handy gehört zu Platz 2. Tippt er auf Anas Zettel, sagt der Schiedsrichter: „Das "
             "darf nur Ana machen.“",
             "Ben's phone belongs to seat 2. If he taps Ana's sheet, the referee says: 'Only Ana may "
             "do that.'")),
          E("table.stale", ("Der Tisch war schneller", "The table moved on"),
            ("Haben zwei Handys fast gleichzeitig getippt, zählt der erste Zug. Der zweite wird "
             "abgelehnt, weil er sich auf einen alten Stand bezog; schau kurz neu hin und tippe noch "
             "einmal.",
             "If two phones tap at almost the same moment, the first move counts. The second is "
             "refused because it was based on an old position; look again and tap once more."),
            ("Ana und Cara tippen zugleich „Würfeln“. Anas Wurf gilt, Cara sieht „Inzwischen ist am "
             "Tisch etwas passiert“.",
             "Ana and Cara both tap 'Roll' at once. Ana's roll counts, Cara sees 'The table has moved "
             "on meanwhile'.")),
          E("table.store", ("Speichern fehlgeschlagen", "Saving failed"),
            ("Jeder Zug wird erst gespeichert und gilt dann. Klappt das Speichern nicht (volle Karte, "
             "schreibgeschützte Datei), wird der Zug abgelehnt und nichts ändert sich.",
             "Every move is saved first and only then counts. If saving fails (full card, read-only "
             "file), the move is refused and nothing changes."),
            ("Die Speicherkarte ist voll. Ana tippt Rot 7: der Zettel bleibt, wie er war, und eine "
             "Meldung nennt den Grund.",
             "The memory card is full. Ana taps red 7: the sheet stays as it was and a message names "
             "the reason.")),
          E("table.roll", ("Würfeln nur, wenn es dran ist", "Rolling only when due"),
            ("Gewürfelt wird nur, wenn das Spiel gerade auf einen Wurf wartet. Mitten in einer "
             "Entscheidung gibt es keinen neuen Wurf.",
             "Dice are rolled only when the game is waiting for a roll. In the middle of a decision "
             "there is no new roll."),
            ("Weiß ist schon ausgewertet, Ben muss noch entscheiden. Ein zweites „Würfeln“ wird "
             "abgelehnt.",
             "White has been rolled and Ben still has to decide. A second 'Roll' is refused.")),
          E("engine.roll", ("Kein Wurf vorgesehen", "No roll in this game now"),
            ("Manche Spiele oder Momente kennen keinen Würfelwurf durch die App. Dann lehnt der "
             "Schiedsrichter eingegebene Würfelwerte ab.",
             "Some games or moments have no roll done by the app. The referee then refuses typed dice "
             "values."),
            ("Cara tippt Würfelwerte ein, während gerade nur eine Karte gelegt wird: abgelehnt, hier "
             "wird nicht gewürfelt.",
             "Cara types dice values while a card is merely being laid: refused, no roll here.")),
          E("table.undo", ("Rückgängig und Wiederholen", "Undo and redo"),
            ("Rückgängig nimmt den letzten Zug zurück, Wiederholen stellt ihn wieder her – mit "
             "denselben Würfeln, nie neu gewürfelt. Gibt es nichts zurückzunehmen oder "
             "wiederherzustellen, kommt ein Hinweis.",
             "Undo takes back the last move, redo restores it – with the same dice, never a new roll. "
             "If there is nothing to take back or restore, a notice appears."),
            ("Ana hat versehentlich Gelb 9 statt Grün 9 getippt. Rückgängig, dann Grün 9: Würfel und "
             "Zug bleiben gleich.",
             "Ana tapped yellow 9 instead of green 9 by mistake. Undo, then green 9: dice and turn "
             "stay the same.")),
        ),
    ),
)

V = TypeVar("V")  # what a view holds per key (a game's rules, a game id, an entry)


class _Live(Mapping[str, V]):
    """A read-only view rebuilt from the game registry (``companion.registry``) when it changes:
    every registered game's rules, in registration order, then the table's own rules."""

    def __init__(self, build: Callable[[dict[str, GameRules]], dict[str, V]]) -> None:
        self._build = build
        self._cache: tuple[int, dict[str, V]] | None = None

    def _data(self) -> dict[str, V]:
        registry.game_uis()  # the built-in games register on first use (this changes the version)
        v = registry.version()
        if self._cache is None or self._cache[0] != v:
            games = {ui.id: ui.rules for ui in registry.game_uis().values() if ui.rules is not None}
            games[TABLE.id] = TABLE
            self._cache = (v, self._build(games))
        return self._cache[1]

    def __getitem__(self, key: str) -> V:
        return self._data()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data())

    def __len__(self) -> int:
        return len(self._data())


def _prefixes(games: dict[str, GameRules]) -> dict[str, str]:
    out = {g.prefix: g.id for g in games.values()}
    out["engine"] = "table"
    return out


GAMES: Mapping[str, GameRules] = _Live(lambda games: games)
PREFIX_GAME: Mapping[str, str] = _Live(_prefixes)


def iter_entries() -> Iterator[tuple[GameRules, Section, Entry]]:
    for g in GAMES.values():
        for s in g.sections:
            for e in s.entries:
                yield g, s, e


ENTRIES: Mapping[str, Entry] = _Live(lambda games: {e.id: e for g in games.values() for s in g.sections
                                                    for e in s.entries})


def game_of(rule_id: str) -> str | None:
    """The game (or "table") a rule id belongs to: its prefix (``vx.wurm.bite`` → the game with prefix vx)."""
    return PREFIX_GAME.get(rule_id.split(".", 1)[0])


def find_entry(rule_id: str) -> tuple[GameRules, Section, Entry] | None:
    """The entry for a rule id; an unknown sub-id falls back to its parent (``q8.x.y`` → ``q8.x``)."""
    rid = rule_id
    while rid:
        for g, s, e in iter_entries():
            if e.id == rid:
                return g, s, e
        rid = rid.rpartition(".")[0]
    return None


def section_ref(game_id: str, key: str) -> str:
    """A section's address for the screen and the search (``qwixx-longo#goal``)."""
    return f"{game_id}#{key}"


def all_texts(lang: str | None = None) -> Iterator[str]:
    """Every visible rules sentence, in ``lang`` or both languages (for the no-paste and font tests)."""

    def of(t: DeEn) -> Iterator[str]:
        yield from (t.values() if lang is None else [t[lang]])

    for g in GAMES.values():
        yield from of(g.title)
        for s in g.sections:
            yield from of(s.title)
            yield from of(s.intro)
            for e in s.entries:
                for part in (e.title, e.text, e.example):
                    yield from of(part)
                for o in e.options:
                    yield from of(o.title)
                    yield from of(o.meaning)
