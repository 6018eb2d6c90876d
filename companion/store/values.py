"""The store's constants, the words of its notices, its value types and its error."""

from __future__ import annotations

import logging
import os
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, TypeAdapter

from companion.i18n import add_strings
from scoring.engine import GameRecord, RecordedAction

log = logging.getLogger("tischrichter.store")

# Any: what sqlite hands over and takes (str, int, float, bytes, None) is untyped, row by row
Row = tuple[Any, ...]
# Any: JSON as stored or read (a result, a profile, a statistics line): each reader checks its own shape
Json = dict[str, Any]

SCHEMA_VERSION = 6
SHORT_ID = 8  # characters of a game id in a join link (/g/<short id>): unique among the games
APP_ID = "tischrichter"
SQLITE_MAGIC = b"SQLite format 3\x00"

# A game's log as one JSON array, in order; json() fails on a row that is not JSON.
_LOG_AS_JSON = (
    "SELECT json_group_array(json_object('seat', seat, 'action', json(action), 'at', at)) "
    "FROM (SELECT seat, action, at FROM actions WHERE game_id=? ORDER BY seq)"
)
_ACTIONS = TypeAdapter(tuple[RecordedAction, ...])

# Notices after which a server must not start (it would serve nothing, or a stale copy).
FATAL_AT_START = frozenset({"db_in_use", "db_bad_schema", "db_no_permission", "db_unusable"})

STORE_STRINGS = {
    "db_in_use": {
        "de": "{path} wird schon von einem anderen Tischrichter benutzt (Prozess {pid}). "
              "Beende ihn oder wähle mit --db eine andere Datei.",
        "en": "{path} is already used by another Tischrichter (process {pid}). "
              "Stop it or choose another file with --db.",
    },
    "db_bad_schema": {
        "de": "{path} hat eine unlesbare Schema-Version ({value}); die Datei bleibt unberührt. "
              "Spiele werden nur im Speicher gehalten.",
        "en": "{path} has an unreadable schema version ({value}); the file is left untouched. "
              "Games are kept in memory only.",
    },
    "db_no_write_permission": {
        "de": "Keine Schreibrechte für {blocked}: {path} wird nur gelesen und bleibt unberührt.",
        "en": "No permission to write {blocked}: {path} is only read and left untouched.",
    },
    "db_no_permission": {
        "de": "Keine Berechtigung für {blocked}: {path} lässt sich nicht lesen und bleibt unberührt. "
              "Spiele werden nur im Speicher gehalten.",
        "en": "No permission for {blocked}: {path} cannot be read and is left untouched. "
              "Games are kept in memory only.",
    },
    "db_stale": {
        "de": "Das Spiel wurde inzwischen anderswo geändert; nichts wurde gespeichert.",
        "en": "The game was changed elsewhere in the meantime; nothing was saved.",
    },
    "db_start_refused": {
        "de": "Der Server startet nicht.",
        "en": "The server does not start.",
    },
    "db_restored": {
        "de": "Die Datenbank {path} war gelöscht oder ersetzt worden; Tischrichter hat sie mit allen Spielen "
              "neu geschrieben. Kein Zug ist verloren.",
        "en": "The database {path} had been deleted or replaced; Tischrichter wrote it again with every game. "
              "No move is lost.",
    },
    "db_lost": {
        "de": "Die Datenbank {path} ist gelöscht oder ersetzt und lässt sich dort nicht neu schreiben. "
              "Neue Züge werden nicht angenommen, bis der Ordner wieder beschreibbar ist; "
              "alles bisher Gespeicherte ist noch im laufenden Server.",
        "en": "The database {path} was deleted or replaced and cannot be written there again. "
              "New moves are refused until the folder can be written; everything saved so far is still "
              "held by the running server.",
    },
    "game_damaged": {
        "de": ("Beschädigt: Zug {seq} ist unlesbar. Dieses Spiel lässt sich nicht öffnen; die anderen Spiele sind "
               "nicht betroffen."),
        "en": "Damaged: move {seq} cannot be read. This game cannot be opened; the other games are not affected.",
    },
    "game_damaged_head": {
        "de": ("Beschädigt: die Spieldaten sind unlesbar. Dieses Spiel lässt sich nicht öffnen; die anderen Spiele "
               "sind nicht betroffen."),
        "en": "Damaged: the game's data cannot be read. This game cannot be opened; the other games are not affected.",
    },
}
add_strings(STORE_STRINGS)


# the profiles table as schema 4 made it; later columns are added by their own migration, so a new
# file and a migrated old one hold the same table
PROFILE_COLUMNS_V4: dict[str, type] = {
    "id": str, "name": str, "color": str, "lucky": str, "character": str, "created": str, "updated": str,
}
PROFILE_COLUMNS: dict[str, type] = {**PROFILE_COLUMNS_V4, "birth_year": int}  # v6: only the year, never a date
_PROFILE_SELECT = "SELECT id, name, color, lucky, character, created, updated, birth_year FROM profiles"
# a read-only file of schema 4 or 5 (it cannot be migrated) has no birth year: none is known
_PROFILE_SELECT_V4 = "SELECT id, name, color, lucky, character, created, updated, NULL FROM profiles"


class NewGame(BaseModel):
    """A whole game for ``Store.add_games`` (backup import, bench fill): the record with the
    result it ends in, when it was last changed and, if known, its statistics lines."""

    model_config = ConfigDict(frozen=True)

    record: GameRecord
    finished: bool = False
    result: Json | None = None
    updated: str | None = None  # None: the last action's time, else the record's creation
    lines: str | None = None  # the statistics cache's ``data`` (JSON), None: computed when asked
    lines_version: int = 0


@dataclass
class Added:
    """What ``Store.add_games`` did: ids of games added and of games already there (left as they
    are), and how many profiles were new."""

    added: list[str] = field(default_factory=list)
    already: list[str] = field(default_factory=list)
    profiles_added: int = 0


@dataclass(frozen=True)
class Notice:
    """Something about the database the player must be told (an i18n key + params)."""

    key: str
    params: dict[str, str]


class StoreError(Exception):
    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(f"{key}: {params}")


def default_path() -> Path:
    env = os.environ.get("TISCHRICHTER_DB")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "tischrichter" / "tischrichter.db"


def _uri(path: Path, **query: str) -> str:
    return "file:" + urllib.parse.quote(os.path.abspath(path)) + "?" + urllib.parse.urlencode(query)
