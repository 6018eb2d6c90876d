"""History, statistics, export and backup: plain Python over the store (no Flet).

Statistics come from what the store already keeps: ``games.result`` (per
player total, place and the game's breakdown) and, for figures a result does
not carry (e.g. bites or injuries), from a replay of the record; each game
declares the events it counts (``Game.event_figures``) and its figures in the
registry (``companion.registry.Figures``). Both
are boiled down once per finished game into a few compact "lines" (player,
total, won, figures) cached in the table ``hist_lines`` (valid while the
game's cursor and last update are unchanged, so an undo after the end
recomputes it); 10,000 games then aggregate in a fraction of a second.
Imported games get their lines at import (the import replays every record
anyway).

Backup file format (``tischrichter-backup``, version 1)::

    {
      "format": "tischrichter-backup",
      "version": 1,
      "exported": "2026-11-29T16:00:00.000+00:00",
      "records": [GameRecord, ...],          # scoring.engine.GameRecord as JSON
      "profiles": [Profile, ...],            # companion.profiles (may be [])
      "checksum": "sha256 hex"
    }

``checksum`` is the SHA-256 of the canonical JSON (``sort_keys``, no spaces,
UTF-8) of ``{"profiles": profiles, "records": records}``: an edited file is
refused. A single game is exported as its bare ``GameRecord`` (the format
``python -m scoring replay`` reads); import accepts a backup, a bare record or
a list of records. Everything is validated first (parse + full replay of every
record); then all new games are inserted in one transaction (``Store.add_games``). A game is
identified by its id: a game already in the store is left as it is, so
importing the same file twice changes nothing.

Every read and write goes through ``companion.store.Store``'s methods (issue 13.4).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import logging
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from companion import registry
from companion.i18n import add_strings, tr
from companion.registry import Figures
from companion.store import NewGame, Store, StoreError
from scoring.engine import (
    GameRecord,
    ReplayError,
    first_error,
    get_game,
    initial_state,
    iter_replay,
    parse_record,
)
from scoring.errors import InvalidInput, RefereeError, Refusal

log = logging.getLogger("tischrichter.history")

BACKUP_FORMAT = "tischrichter-backup"
BACKUP_VERSION = 1
LINES_VERSION = 1
# Import limits (issue 12 point 6): checked before anything is parsed or replayed.
MAX_BACKUP_BYTES = 50 * 1024 * 1024
MAX_BACKUP_ACTIONS = 1_000_000  # all games of one file together (~15 s of replay)

# per game: the figures a player-game contributes, in display order (each game's ``figures`` hook)
GAME_FIGURES: Mapping[str, tuple[str, ...]] = registry.FIGURE_NAMES


add_strings(
    {
        "hist.imp.empty": {"de": "Die Sicherung ist leer.", "en": "The backup is empty."},
        "hist.imp.not_json": {
            "de": "Das ist keine vollständige Sicherung (kein gültiges JSON: {detail}). Vielleicht abgeschnitten? Nichts wurde geändert.",
            "en": "This is not a complete backup (not valid JSON: {detail}). Cut off, perhaps? Nothing was changed.",
        },
        "hist.imp.wrong_format": {
            "de": "Das ist keine Tischrichter-Sicherung und kein Spielprotokoll. Nichts wurde geändert.",
            "en": "This is neither a Tischrichter backup nor a game record. Nothing was changed.",
        },
        "hist.imp.wrong_version": {
            "de": "Diese Sicherung hat Version {version}; gelesen wird Version 1. Nichts wurde geändert.",
            "en": "This backup is version {version}; version 1 can be read. Nothing was changed.",
        },
        "hist.imp.checksum": {
            "de": "Die Prüfsumme stimmt nicht: die Sicherung wurde verändert oder ist beschädigt. Nichts wurde geändert.",
            "en": "The checksum does not match: the backup was edited or is damaged. Nothing was changed.",
        },
        "hist.imp.bad_record": {
            "de": "Spiel Nr. {n} der Sicherung ist unvollständig ({detail}). Nichts wurde geändert.",
            "en": "Game no. {n} of the backup is incomplete ({detail}). Nothing was changed.",
        },
        "hist.imp.bad_setup": {
            "de": "Spiel Nr. {n} der Sicherung hat eine ungültige Aufstellung ({detail}). Nichts wurde geändert.",
            "en": "Game no. {n} of the backup has an invalid setup ({detail}). Nothing was changed.",
        },
        "hist.imp.bad_move": {
            "de": "Spiel Nr. {n} lässt sich nicht nachspielen: Zug {move} ist nicht erlaubt ({detail}). Nichts wurde geändert.",
            "en": "Game no. {n} does not replay: move {move} is not allowed ({detail}). Nothing was changed.",
        },
        "hist.imp.duplicate": {
            "de": "Spiel Nr. {n} ({id}) steht zweimal verschieden in der Sicherung. Nichts wurde geändert.",
            "en": "Game no. {n} ({id}) appears twice, differently, in the backup. Nothing was changed.",
        },
        "hist.imp.bad_profile": {
            "de": "Profil Nr. {n} der Sicherung ist ungültig ({detail}). Nichts wurde geändert.",
            "en": "Profile no. {n} of the backup is invalid ({detail}). Nothing was changed.",
        },
        "hist.imp.readonly": {
            "de": "Der Speicher ist schreibgeschützt; nichts wurde eingelesen.",
            "en": "The store is read-only; nothing was imported.",
        },
        "hist.imp.too_big": {
            "de": "Die Datei ist zu groß ({size}; eingelesen werden höchstens {limit}). Nichts wurde geändert.",
            "en": "The file is too big ({size}; at most {limit} can be imported). Nothing was changed.",
        },
        "hist.imp.too_many_moves": {
            "de": "Die Sicherung enthält {count} Züge; eingelesen werden höchstens {limit}. Nichts wurde geändert.",
            "en": "The backup holds {count} moves; at most {limit} can be imported. Nothing was changed.",
        },
        "hist.imp.not_utf8": {
            "de": "Die Datei ist kein UTF-8-Text (ungültiges Byte an Stelle {pos}). Nichts wurde geändert.",
            "en": "The file is not UTF-8 text (invalid byte at position {pos}). Nothing was changed.",
        },
        "hist.imp.too_deep": {
            "de": "Die Datei ist zu tief verschachtelt; so sieht keine Sicherung aus. Nichts wurde geändert.",
            "en": "The file is nested too deeply; no backup looks like this. Nothing was changed.",
        },
        "hist.imp.long_number": {
            "de": "Die Datei enthält eine Zahl mit zu vielen Stellen; so sieht keine Sicherung aus. Nichts wurde geändert.",
            "en": "The file holds a number with too many digits; no backup looks like this. Nothing was changed.",
        },
        "hist.imp.bug": {
            "de": "Einlesen abgebrochen: ein Fehler im Programm ({detail}). Nichts wurde geändert.",
            "en": "Import stopped by a bug in the program ({detail}). Nothing was changed.",
        },
        "hist.imp.failed": {
            "de": "Einlesen fehlgeschlagen ({detail}); nichts wurde geändert.",
            "en": "Import failed ({detail}); nothing was changed.",
        },
    }
)


class ImportRefused(Exception):
    """A backup that is not taken: ``key`` + ``params`` for the message; nothing was changed.

    A param may be the referee's own refusal (a ``RefereeError``): ``message``
    words it in the screen's language (``str`` of it is the English words).
    """

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(f"{key}: {params}")

    def message(self, lang: str) -> str:
        words = {k: v.message(lang) if isinstance(v, RefereeError) else str(v) for k, v in self.params.items()}
        return tr(lang, self.key, **words)


# --- reading the store ---------------------------------------------------------------
def finished_games(store: Store, *, game: str | None = None, limit: int | None = None, offset: int = 0,
                   newest_first: bool = True) -> list[dict[str, Any]]:
    """Finished games with players, result and date (``updated``: when it ended)."""
    return store.finished_games(game=game, limit=limit, offset=offset, newest_first=newest_first)


def count_finished(store: Store, game: str | None = None) -> int:
    return store.count_finished(game)


# --- figures a result does not carry ---------------------------------------------------
def _figures_hook(game_id: str) -> Figures | None:
    ui = registry.game_uis().get(game_id)
    return ui.figures if ui is not None else None


def replay_figures(record: GameRecord) -> dict[str, dict[str, int]]:
    """Per seat (as str) the figures only a replay knows (the game's declared events, or its hook)."""
    game = get_game(record.game)
    if not _needs_replay(game.id):
        return {}
    return _figures(game.id, len(record.players), iter_replay(record), initial_state(record))


def _figures(game_id: str, n: int, states: Iterable[Any], state: Any) -> dict[str, dict[str, int]]:
    """Runs through ``states`` (the replay, starting after ``state``) and counts, per seat, the events
    the game declares in ``Game.event_figures`` (e.g. a Verflixxt bite, a Verlies injury): every game's
    ``state.events`` holds what the last action caused, so one loop serves all (issue 13). A game whose
    figures need more than counting events hands the replay to its ``figures.from_replay`` hook."""
    hook = _figures_hook(game_id)
    if hook is not None and hook.from_replay is not None:
        return hook.from_replay(n, states, state)
    counted = get_game(game_id).event_figures
    if not counted:
        for _ in states:  # still replayed: an import checks every action
            pass
        return {}
    figures = [{name: 0 for name in counted.values()} for _ in range(n)]
    for state in states:
        for ev in state.events:  # what this action caused
            name = counted.get(ev.kind)
            if name is not None and ev.seat is not None and 0 <= ev.seat < n:
                figures[ev.seat][name] += 1
    return {str(i): figures[i] for i in range(n)}


def _needs_replay(game: str) -> bool:
    hook = _figures_hook(game)
    return bool(get_game(game).event_figures) or (hook is not None and hook.from_replay is not None)


def player_figures(game: str, breakdown: dict[str, Any], extra: dict[str, int] | None) -> dict[str, int]:
    """The game's own figures of one player in one game, from its result breakdown (+ replay extras)."""
    hook = _figures_hook(game)
    if hook is None:
        return {}
    return hook.of_player(breakdown or {}, extra or {})


# --- statistics ---------------------------------------------------------------------
def player_key(spec: dict[str, Any]) -> str:
    """Who a seat is across games: the profile if the seat came from one, else the name."""
    pid = spec.get("profile_id")
    if pid:
        return f"p:{pid}"
    return "n:" + " ".join(str(spec.get("name", "")).split()).casefold()


@dataclass
class Line:
    """One player's figures in one game (or over all games: ``game`` = "")."""

    key: str
    name: str
    game: str
    games: int = 0
    wins: int = 0
    total_sum: int = 0
    best: int | None = None
    worst: int | None = None
    figures: dict[str, int] = field(default_factory=dict)  # sums over the games
    scores: list[tuple[str, int]] = field(default_factory=list)  # (date, total), oldest first

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average(self) -> float:
        return self.total_sum / self.games if self.games else 0.0

    def figure_avg(self, name: str) -> float:
        return self.figures.get(name, 0) / self.games if self.games else 0.0

    def add(self, total: int, won: bool, date: str, figs: dict[str, int]) -> None:
        self.games += 1
        self.wins += 1 if won else 0
        self.total_sum += total
        self.best = total if self.best is None else max(self.best, total)
        self.worst = total if self.worst is None else min(self.worst, total)
        for k, v in figs.items():
            self.figures[k] = self.figures.get(k, 0) + v
        self.scores.append((date, total))


@dataclass
class GameSummary:
    game: str
    games: int = 0
    best: int | None = None
    best_by: str = ""
    winner_sum: int = 0
    winner_games: int = 0
    figures: dict[str, int] = field(default_factory=dict)  # sums over all player-games
    player_games: int = 0

    @property
    def winner_average(self) -> float:
        return self.winner_sum / self.winner_games if self.winner_games else 0.0

    def figure_avg(self, name: str) -> float:
        return self.figures.get(name, 0) / self.player_games if self.player_games else 0.0


@dataclass
class Stats:
    games: int = 0
    per_game: dict[str, GameSummary] = field(default_factory=dict)
    per_player_game: dict[tuple[str, str], Line] = field(default_factory=dict)  # (game, player key)
    per_player: dict[str, Line] = field(default_factory=dict)  # over all games: games, wins
    names: dict[str, str] = field(default_factory=dict)  # player key -> latest name

    def players_of(self, game: str) -> list[Line]:
        lines = [ln for (g, _), ln in self.per_player_game.items() if g == game]
        return sorted(lines, key=lambda ln: (-ln.wins, -ln.win_rate, -ln.average, ln.name.casefold()))

    def ranking(self) -> list[Line]:
        return sorted(self.per_player.values(), key=lambda ln: (-ln.wins, -ln.win_rate, ln.name.casefold()))


def won(p: dict[str, Any]) -> bool:
    return p.get("place") == 1 and not p.get("lost", False)


def game_lines(game: str, players: list[dict[str, Any]], result: dict[str, Any] | None,
               extra: dict[str, dict[str, int]] | None) -> list[list[Any]]:
    """One finished game's compact stat lines: [player key, name, total, won, [figures in GAME_FIGURES order]]."""
    names = GAME_FIGURES.get(game, ())
    extra = extra or {}
    out = []
    for p in (result or {}).get("players", []):
        seat = p.get("seat", 0)
        spec = players[seat] if 0 <= seat < len(players) else {"name": p.get("name", "?")}
        figs = player_figures(game, p.get("breakdown", {}), extra.get(str(seat)))
        out.append([player_key(spec), spec.get("name") or p.get("name", "?"), int(p.get("total", 0)),
                    1 if won(p) else 0, [figs.get(f, 0) for f in names]])
    return out


def _fresh_lines(store: Store, gid: str, game: str) -> list[list[Any]]:
    players, result = store.players_and_result(gid)
    extra: dict[str, Any] = {}
    if _needs_replay(game):
        try:
            extra = replay_figures(store.record(gid))
        except Exception:  # a game that no longer replays: its result still counts, without those figures
            log.warning("game %s does not replay; its replay figures not counted", gid)
    return game_lines(game, players, result, extra)


def compute_stats(store: Store, *, fill: bool = True) -> Stats:
    """Statistics over every finished game in the store, oldest first (so score lines run in time).

    Each game's lines are cached in ``hist_lines`` (valid while its cursor and
    last update are unchanged); missing ones are computed, and stored if ``fill``.
    """
    rows = store.finished_with_lines()
    loads = json.loads
    games: list[tuple[str, str, list]] = []
    todo: list[dict[str, Any]] = []
    for gid, game, updated, cursor, c_cursor, c_updated, c_version, data in rows:
        if data is not None and c_cursor == cursor and c_updated == updated and c_version == LINES_VERSION:
            lines = loads(data)
        else:
            lines = _fresh_lines(store, gid, game)
            todo.append({"game_id": gid, "cursor": cursor, "updated": updated, "version": LINES_VERSION,
                         "data": json.dumps(lines, ensure_ascii=False, separators=(",", ":"))})
        games.append((game, updated or "", lines))
    if todo and fill and not store.readonly:
        try:
            store.save_lines(todo)
        except StoreError as exc:  # a cache that cannot be written: the statistics are right all the same
            log.warning("statistics lines not cached: %s", exc)
    st = stats_from(games)
    _current_profile_names(store, st)
    return st


def _current_profile_names(store: Store, st: Stats) -> None:
    """A seat that came from a profile shows the profile's name now (renamed: still one player)."""
    current = {f"p:{pid}": name for pid, name in store.profile_names().items()}
    for key, name in current.items():
        if key in st.names:
            st.names[key] = name
            st.per_player[key].name = name
    for (_, key), line in st.per_player_game.items():
        if key in current:
            line.name = current[key]


def stats_from(games: Iterable[tuple[str, str, list]]) -> Stats:
    """Aggregate (game, date, lines) triples, oldest first."""
    st = Stats()
    per_game, per_pg, per_p, names = st.per_game, st.per_player_game, st.per_player, st.names
    sums: dict[int, list[int]] = {}  # id(line or summary) -> figure sums (lists: faster than dicts)
    for game, date, lines in games:
        if not lines:
            continue
        summary = per_game.get(game)
        if summary is None:
            summary = per_game[game] = GameSummary(game=game)
            sums[id(summary)] = [0] * len(GAME_FIGURES.get(game, ()))
        summary.games += 1
        st.games += 1
        ssum = sums[id(summary)]
        best_winner = None
        for key, name, total, w, figs in lines:
            names[key] = name
            line = per_pg.get((game, key))
            if line is None:
                line = per_pg[(game, key)] = Line(key=key, name=name, game=game)
                sums[id(line)] = [0] * len(figs)
            line.name = name
            line.games += 1
            line.wins += w
            line.total_sum += total
            if line.best is None or total > line.best:
                line.best = total
            if line.worst is None or total < line.worst:
                line.worst = total
            line.scores.append((date, total))
            lsum = sums[id(line)]
            for i, v in enumerate(figs):
                lsum[i] += v
                ssum[i] += v
            overall = per_p.get(key)
            if overall is None:
                overall = per_p[key] = Line(key=key, name=name, game="")
            overall.name = name
            overall.games += 1
            overall.wins += w
            overall.total_sum += total
            summary.player_games += 1
            if summary.best is None or total > summary.best:
                summary.best, summary.best_by = total, name
            if w and (best_winner is None or total > best_winner):
                best_winner = total
        if best_winner is not None:
            summary.winner_sum += best_winner
            summary.winner_games += 1
    for (game, _), line in per_pg.items():
        line.figures = dict(zip(GAME_FIGURES.get(game, ()), sums[id(line)]))
    for game, summary in per_game.items():
        summary.figures = dict(zip(GAME_FIGURES.get(game, ()), sums[id(summary)]))
    return st


# --- export -------------------------------------------------------------------------------
def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def checksum(records: list[dict[str, Any]], profiles: list[dict[str, Any]]) -> str:
    return hashlib.sha256(canonical({"profiles": profiles, "records": records}).encode("utf-8")).hexdigest()


def all_game_ids(store: Store) -> list[str]:
    return store.game_ids()


def export_record(store: Any, game_id: str) -> dict[str, Any]:
    """One game as its bare GameRecord JSON (what ``python -m scoring replay`` reads)."""
    return store.record(game_id).model_dump(mode="json")


def export_backup(store: Any, game_ids: Iterable[str] | None = None, *, with_profiles: bool = True) -> dict[str, Any]:
    ids = list(game_ids) if game_ids is not None else all_game_ids(store)
    records = [store.record(gid).model_dump(mode="json") for gid in ids]
    profiles: list[dict[str, Any]] = []
    if with_profiles:
        from companion.profiles import list_profiles

        profiles = [p.to_json() for p in list_profiles(store)]
    return {
        "format": BACKUP_FORMAT,
        "version": BACKUP_VERSION,
        "exported": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "records": records,
        "profiles": profiles,
        "checksum": checksum(records, profiles),
    }


def backup_text(backup: dict[str, Any]) -> str:
    return json.dumps(backup, ensure_ascii=False, separators=(",", ":"))


# OWASP "CSV Injection": a text cell starting with one of these is run as a formula by spreadsheets
# (also the full-width forms some of them accept); such a cell gets a leading apostrophe.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def csv_cell(value: Any) -> Any:
    """A CSV cell a spreadsheet shows and never runs (issue 12 point 5); numbers stay numbers (-5 is -5)."""
    if isinstance(value, str) and value.lstrip(" ").startswith(_FORMULA_START):
        return "'" + value
    return value


CSV_FIELDS = ("game_id", "game", "date", "seat", "name", "profile_id", "total", "place", "lost", "won")


def results_csv(store: Any, game_ids: Iterable[str] | None = None) -> str:
    """One line per player of each finished game (the result, not the moves)."""
    games = finished_games(store, newest_first=False)
    if game_ids is not None:
        wanted = set(game_ids)
        games = [g for g in games if g["id"] in wanted]
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_FIELDS)
    for g in games:
        for p in (g["result"] or {}).get("players", []):
            seat = p.get("seat", 0)
            spec = g["players"][seat] if 0 <= seat < len(g["players"]) else {}
            w.writerow([csv_cell(v) for v in (
                g["id"], g["game"], g["updated"], seat, p.get("name", ""), spec.get("profile_id") or "",
                p.get("total", 0), p.get("place", ""), int(bool(p.get("lost"))), int(won(p)))])
    return buf.getvalue()


# --- import -------------------------------------------------------------------------------
@dataclass
class Checked:
    """A record that replayed: ready to be inserted."""

    record: GameRecord
    finished: bool
    result: dict[str, Any] | None
    figures: dict[str, Any]


@dataclass
class ImportReport:
    added: int = 0
    already: int = 0  # same id already in the store (left as it is)
    differing: int = 0  # of those, how many differ from the file's version
    profiles_added: int = 0
    ids: list[str] = field(default_factory=list)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _loads(text: str) -> Any:
    """``json.loads`` whose every failure is a refusal (issue 12 point 7): nothing else escapes."""
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise ImportRefused("hist.imp.not_json", detail=f"{exc.msg} ({exc.lineno}:{exc.colno})") from None
    except RecursionError:
        raise ImportRefused("hist.imp.too_deep") from None
    except ValueError as exc:  # Python's limit on digits of an int (sys.get_int_max_str_digits), NaN/Infinity
        if "digits" in str(exc):
            raise ImportRefused("hist.imp.long_number") from None
        raise ImportRefused("hist.imp.not_json", detail=str(exc)[:80]) from None


def file_size(n: int) -> str:
    """A byte count for people: "12 KB", "3.5 MB"."""
    if n < 1024 * 1024:
        return f"{max(1, round(n / 1024))} KB"
    return f"{n / (1024 * 1024):.1f}".removesuffix(".0") + " MB"


def parse_backup(text: str | bytes | dict | list, *, max_bytes: int | None = None) -> tuple[list[Any], list[Any]]:
    """(raw records, raw profiles) of a backup / bare record / list of records; refuses a damaged file.

    Bytes are UTF-8 (a leading byte order mark is accepted); a file over
    ``max_bytes`` is refused before it is parsed.
    """
    limit = MAX_BACKUP_BYTES if max_bytes is None else max_bytes
    data: Any = text
    if isinstance(text, (bytes, bytearray)):
        if len(text) > limit:
            raise ImportRefused("hist.imp.too_big", size=file_size(len(text)), limit=file_size(limit))
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ImportRefused("hist.imp.not_utf8", pos=exc.start) from None
    if isinstance(text, str):
        if len(text) > limit:  # characters: at least as many bytes
            raise ImportRefused("hist.imp.too_big", size=file_size(len(text.encode("utf-8", "replace"))), limit=file_size(limit))
        text = text.removeprefix("\ufeff")  # a BOM pasted or decoded along
        if not text.strip():
            raise ImportRefused("hist.imp.empty")
        data = _loads(text)
    if isinstance(data, list):
        return data, []
    if not isinstance(data, dict):
        raise ImportRefused("hist.imp.wrong_format")
    if "format" not in data:
        if "game" in data and "players" in data:
            return [data], []  # a bare GameRecord
        raise ImportRefused("hist.imp.wrong_format")
    if data.get("format") != BACKUP_FORMAT:
        raise ImportRefused("hist.imp.wrong_format")
    if type(data.get("version")) is not int or data["version"] != BACKUP_VERSION:
        raise ImportRefused("hist.imp.wrong_version", version=str(data.get("version"))[:20])
    records, profiles = data.get("records"), data.get("profiles", [])
    if not isinstance(records, list) or not isinstance(profiles, list):
        raise ImportRefused("hist.imp.wrong_format")
    if not isinstance(data.get("checksum"), str) or checksum(records, profiles) != data["checksum"]:
        raise ImportRefused("hist.imp.checksum")
    return records, profiles


def check_record(raw: Any, index: int) -> Checked:
    try:
        rec = parse_record(raw)
    except InvalidInput as exc:
        raise ImportRefused("hist.imp.bad_record", n=index + 1, detail=str(exc.params.get("detail", exc))[:160]) from None
    game = get_game(rec.game)
    try:
        state = initial_state(rec)
    except (InvalidInput, Refusal) as exc:
        raise ImportRefused("hist.imp.bad_setup", n=index + 1, detail=exc) from None
    last: list[Any] = [state]

    def states() -> Iterator[Any]:
        for s in iter_replay(rec):  # every action parsed, its seat checked (issue 12 point 5), applied
            last[0] = s
            yield s

    try:
        figures = _figures(game.id, len(rec.players), states(), state)
    except ReplayError as exc:
        raise ImportRefused("hist.imp.bad_move", n=index + 1, move=exc.index + 1, detail=exc.error) from None
    state = last[0]
    finished = game.is_over(state)
    result = game.result(state).model_dump(mode="json") if finished else None
    return Checked(record=rec, finished=finished, result=result, figures=figures)


def _count_actions(raw_records: list[Any]) -> int:
    return sum(len(r["actions"]) for r in raw_records if isinstance(r, dict) and isinstance(r.get("actions"), list))


def check_backup(text: str | bytes | dict | list, *, max_bytes: int | None = None,
                 max_actions: int | None = None) -> tuple[list[Checked], list[Any]]:
    """Validate everything (size, format, checksum, every record replays); nothing is written.

    Every way a file can be wrong ends in ``ImportRefused`` (issue 12 point 7);
    an unexpected error is logged and refused as a bug, never passed on.
    """
    try:
        return _check_backup(text, max_bytes, max_actions)
    except ImportRefused:
        raise
    except RecursionError:
        raise ImportRefused("hist.imp.too_deep") from None
    except MemoryError:
        raise ImportRefused("hist.imp.too_big", size="?", limit=file_size(MAX_BACKUP_BYTES if max_bytes is None else max_bytes)) from None
    except Exception as exc:
        log.exception("backup check failed unexpectedly")
        raise ImportRefused("hist.imp.bug", detail=type(exc).__name__) from None


def _check_backup(text: Any, max_bytes: int | None, max_actions: int | None) -> tuple[list[Checked], list[Any]]:
    raw_records, raw_profiles = parse_backup(text, max_bytes=max_bytes)
    limit = MAX_BACKUP_ACTIONS if max_actions is None else max_actions
    count = _count_actions(raw_records)
    if count > limit:
        raise ImportRefused("hist.imp.too_many_moves", count=count, limit=limit)
    checked: list[Checked] = []
    seen: dict[str, str] = {}
    for i, raw in enumerate(raw_records):
        c = check_record(raw, i)
        dump = canonical(c.record.model_dump(mode="json"))
        if c.record.id in seen:
            if seen[c.record.id] != dump:
                raise ImportRefused("hist.imp.duplicate", n=i + 1, id=c.record.id[:20])
            continue
        seen[c.record.id] = dump
        checked.append(c)
    from companion.profiles import parse_profile

    profiles = []
    for i, raw in enumerate(raw_profiles):
        try:
            prof = parse_profile(raw)
            prof.player_spec()  # a profile becomes a seat: the seat's name rule (issue 12 point 5)
            if not prof.id.isprintable() or any(c.isspace() for c in prof.id):
                raise ValueError("id: control, invisible or blank characters")
            profiles.append(prof)
        except ValidationError as exc:
            raise ImportRefused("hist.imp.bad_profile", n=i + 1, detail=first_error(exc)[:120]) from None
        except (ValueError, TypeError) as exc:
            raise ImportRefused("hist.imp.bad_profile", n=i + 1, detail=str(exc)[:120]) from None
    return checked, profiles


def import_backup(store: Store, text: str | bytes | dict | list, *, max_bytes: int | None = None,
                  max_actions: int | None = None) -> ImportReport:
    """Merge a backup into the store: all or nothing (one transaction, ``Store.add_games``);
    games already there (same id) are kept as they are."""
    if store.readonly:
        raise ImportRefused("hist.imp.readonly")
    checked, profiles = check_backup(text, max_bytes=max_bytes, max_actions=max_actions)
    from companion.profiles import profile_row

    games = [
        NewGame(record=c.record, finished=c.finished, result=c.result, lines_version=LINES_VERSION,
                lines=_lines_json(c) if c.finished else None)
        for c in checked
    ]
    try:
        added = store.add_games(games, [profile_row(p) for p in profiles])
    except StoreError as exc:  # the transaction is rolled back: nothing changed
        raise ImportRefused("hist.imp.failed", detail=f"{exc.key}: {exc.params.get('detail', '')}"[:160]) from None
    report = ImportReport(added=len(added.added), already=len(added.already), profiles_added=added.profiles_added,
                          ids=list(added.added))
    by_id = {c.record.id: c.record for c in checked}
    for gid in added.already:
        if canonical(store.record(gid).model_dump(mode="json")) != canonical(by_id[gid].model_dump(mode="json")):
            report.differing += 1
    return report


def _lines_json(c: Checked) -> str:
    """A finished game's statistics lines as the store's cache keeps them."""
    rec = c.record
    lines = game_lines(rec.game, [p.model_dump(mode="json") for p in rec.players], c.result, c.figures)
    return json.dumps(lines, ensure_ascii=False, separators=(",", ":"))


# --- replay (the history's move-by-move view) ----------------------------------------------
def replay_steps(record: GameRecord) -> list[Any]:
    """Every state of the game: index k is the state after k actions (seats checked as in ``replay``).

    Growing logs are shared between the states (``scoring.engine.Log``), so
    this keeps O(n) memory for n actions, not O(n²). A bad action raises the
    referee's own ``Refusal`` / ``InvalidInput``.
    """
    states = [initial_state(record)]
    try:
        states.extend(iter_replay(record))
    except ReplayError as exc:
        raise exc.error from None
    return states


def dump_store(store: Store) -> dict[str, list[tuple]]:
    """Every row of every table (for "nothing changed" checks)."""
    return store.dump()
