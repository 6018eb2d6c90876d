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

Export and import (the backup file): ``companion.records.backup``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import Any

from pydantic import BaseModel

from companion import registry
from companion.game_hooks import AnyState, Figures
from companion.i18n import add_strings, tr
from companion.store import GameClock, Store, StoreError
from companion.store.clocks import parse_utc
from companion.store.values import Json, Row
from scoring.engine import (
    GameRecord,
    RecordedAction,
    ReplayError,
    get_game,
    initial_state,
    iter_replay,
)
from scoring.errors import RefereeError

log = logging.getLogger("tischrichter.history")
# Any: one player's statistics line, [player key, name, total, won, [figures]], as it is cached (JSON)
CachedLine = list[Any]

BACKUP_FORMAT = "tischrichter-backup"
BACKUP_VERSION = 1
LINES_VERSION = 1
# Import limits: checked before anything is parsed or replayed.
MAX_BACKUP_BYTES = 50 * 1024 * 1024
MAX_BACKUP_ACTIONS = 1_000_000  # all games of one file together (~15 s of replay)

# per game: the figures a player-game contributes, in display order (each game's ``figures`` hook)
GAME_FIGURES: Mapping[str, tuple[str, ...]] = registry.FIGURE_NAMES


add_strings(
    {
        "hist.imp.empty": {"de": "Die Sicherung ist leer.", "en": "The backup is empty."},
        "hist.imp.not_json": {
            "de": ("Das ist keine vollständige Sicherung (kein gültiges JSON: {detail}). Vielleicht abgeschnitten? "
                   "Nichts wurde geändert."),
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
            "de": ("Die Prüfsumme stimmt nicht: die Sicherung wurde verändert oder ist beschädigt. Nichts wurde "
                   "geändert."),
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
            "de": ("Spiel Nr. {n} lässt sich nicht nachspielen: Zug {move} ist nicht erlaubt ({detail}). Nichts wurde "
                   "geändert."),
            "en": "Game no. {n} does not replay: move {move} is not allowed ({detail}). Nothing was changed.",
        },
        "hist.imp.duplicate": {
            "de": "Spiel Nr. {n} ({id}) steht zweimal verschieden in der Sicherung. Nichts wurde geändert.",
            "en": "Game no. {n} ({id}) appears twice, differently, in the backup. Nothing was changed.",
        },
        "hist.imp.bad_id": {
            "de": "Spiel Nr. {n} der Sicherung hat keine Spielkennung dieser App. Nichts wurde geändert.",
            "en": "Game no. {n} of the backup has no game id of this app. Nothing was changed.",
        },
        "hist.imp.short_id_taken": {
            "de": ("Spiel Nr. {n} der Sicherung beginnt wie ein anderes Spiel ({short}): sein Beitrittslink wäre "
                   "nicht mehr eindeutig. Nichts wurde geändert."),
            "en": ("Game no. {n} of the backup begins like another game ({short}): its join link would no longer "
                   "be unique. Nothing was changed."),
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
            "de": ("Die Datei enthält eine Zahl mit zu vielen Stellen; so sieht keine Sicherung aus. Nichts wurde "
                   "geändert."),
            "en": "The file holds a number with too many digits; no backup looks like this. Nothing was changed.",
        },
        "hist.imp.bug": {
            "de": "Einlesen abgebrochen: ein Fehler im Programm. Nichts wurde geändert.",
            "en": "Import stopped by a bug in the program. Nothing was changed.",
        },
        "hist.imp.failed": {
            "de": "Einlesen fehlgeschlagen: die Daten ließen sich nicht speichern; nichts wurde geändert.",
            "en": "Import failed: the data could not be saved; nothing was changed.",
        },
    }
)


class ImportRefused(Exception):
    """A backup that is not taken: ``key`` + ``params`` for the message; nothing was changed.

    A param may be the referee's own refusal (a ``RefereeError``): ``message``
    words it in the screen's language (``str`` of it is the English words).
    """

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(f"{key}: {params}")

    def message(self, lang: str) -> str:
        words = {k: v.message(lang) if isinstance(v, RefereeError) else str(v) for k, v in self.params.items()}
        return tr(lang, self.key, **words)


# --- reading the store ---------------------------------------------------------------
def finished_games(store: Store, *, game: str | None = None, limit: int | None = None, offset: int = 0,
                   newest_first: bool = True) -> list[Json]:
    """Finished games with players, result, date (``updated``: when it ended) and ``minutes``, how long
    each was played (``played_minutes``: what its BG Stats play says too)."""
    rows = store.finished_games(game=game, limit=limit, offset=offset, newest_first=newest_first)
    times = store.played_times([r["id"] for r in rows])
    for r in rows:
        r["minutes"] = played_minutes(*times.get(r["id"], (None, None, None)))
    return rows


def count_finished(store: Store, game: str | None = None) -> int:
    return store.count_finished(game)


# --- when a game was played ------------------------------------------------------------
def parse_time(text: str | None) -> datetime | None:
    """A stored time (ISO 8601, with or without an offset); None if there is none or it is not one."""
    if not text:
        return None
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None


def as_local(moment: datetime, tz: tzinfo | None = None) -> datetime:
    """A time as the table's wall clock, without an offset: an aware time converted to ``tz`` (None:
    this device's zone, in the phone's browser the browser's), a naive one taken as it is (the
    store's own clock writes local time without an offset)."""
    return moment.astimezone(tz).replace(tzinfo=None) if moment.tzinfo is not None else moment


def local_time(text: str | None, tz: tzinfo | None = None) -> datetime | None:
    """A stored time as the table's wall clock (None: no time)."""
    moment = parse_time(text)
    return None if moment is None else as_local(moment, tz)


def played_at(row: Json, tz: tzinfo | None = None) -> datetime | None:
    """When a game was played, as the history, its BG Stats play and the statistics say it: its
    start (the game's ``created``, as BG Stats takes a play's date), on the table's clock. The end
    (``updated``) is the store's clock of the last save and came out minutes later; an imported
    game's times carry an offset, and showing their digits as they stand gave the UTC hour."""
    return local_time(row.get("created"), tz) or local_time(row.get("updated"), tz)


# --- how long a game was played -----------------------------------------------------------
def timed_ends(actions: Sequence[RecordedAction]) -> tuple[str | None, str | None]:
    """The times of the first and the last of ``actions`` that carry one."""
    times = [a.at for a in actions if a.at]
    return (times[0], times[-1]) if times else (None, None)


def moves_seconds(first: str | None, last: str | None) -> float:
    """Seconds from the first to the last timed move (0 without two): how long a game without clock
    data took, a game of older code or an import (its breaks included: nobody could pause then)."""
    start, end = parse_time(first), parse_time(last)
    if start is None or end is None or (start.tzinfo is None) != (end.tzinfo is None):
        return 0.0
    return max(0.0, (end - start).total_seconds())


def played_seconds(clock: GameClock | None, first: str | None, last: str | None) -> float:
    """How long a finished game was played: by the table's clock (``companion.store.clocks``), which its
    last move (``last``) stopped; without clock data, the time from its first to its last timed move."""
    if clock is None:
        return moves_seconds(first, last)
    end = parse_utc(last)
    return clock.seconds(end) if end is not None else clock.played


def played_minutes(clock: GameClock | None, first: str | None, last: str | None) -> int:
    """Whole minutes a finished game was played, as its history line, its result and its BG Stats
    play say: the clock's whole minutes (what it showed at the end); a game without clock data keeps
    the measure it always had, its moves' time rounded."""
    if clock is None:
        return round(moves_seconds(first, last) / 60)
    return int(played_seconds(clock, first, last) // 60)


def game_minutes(store: Store, record: GameRecord) -> int:
    """``played_minutes`` of a finished game (``record``: the actions that count)."""
    return played_minutes(store.clock(record.id), *timed_ends(record.actions))


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


def _figures(game_id: str, n: int, states: Iterable[AnyState], state: AnyState) -> dict[str, dict[str, int]]:
    """Runs through ``states`` (the replay, starting after ``state``) and counts, per seat, the events
    the game declares in ``Game.event_figures`` (e.g. a Verflixxt bite, a Verlies injury): every game's
    ``state.events`` holds what the last action caused, so one loop serves all. A game whose
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


def player_figures(game: str, breakdown: Json, extra: dict[str, int] | None) -> dict[str, int]:
    """The game's own figures of one player in one game, from its result breakdown (+ replay extras)."""
    hook = _figures_hook(game)
    if hook is None:
        return {}
    return hook.of_player(breakdown or {}, extra or {})


# --- statistics ---------------------------------------------------------------------
def player_key(spec: Json) -> str:
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
    # (date, total, the game's place among all finished games, oldest first): a chart of several
    # lines puts each point at its game, so the lines share one time axis
    scores: list[tuple[str, int, int]] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average(self) -> float:
        return self.total_sum / self.games if self.games else 0.0

    def figure_avg(self, name: str) -> float:
        return self.figures.get(name, 0) / self.games if self.games else 0.0

    def add(self, total: int, won: bool, date: str, figs: dict[str, int], order: int = 0) -> None:
        self.games += 1
        self.wins += 1 if won else 0
        self.total_sum += total
        self.best = total if self.best is None else max(self.best, total)
        self.worst = total if self.worst is None else min(self.worst, total)
        for k, v in figs.items():
            self.figures[k] = self.figures.get(k, 0) + v
        self.scores.append((date, total, order))


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


def won(p: Json) -> bool:
    return p.get("place") == 1 and not p.get("lost", False)


def game_lines(game: str, players: list[Json], result: Json | None,
               extra: dict[str, dict[str, int]] | None) -> list[CachedLine]:
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


def _fresh_lines(store: Store, gid: str, game: str) -> list[CachedLine]:
    players, result = store.players_and_result(gid)
    extra: Json = {}
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
    games: list[tuple[str, str, list[CachedLine]]] = []
    todo: list[Json] = []
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


def stats_from(games: Iterable[tuple[str, str, list[CachedLine]]]) -> Stats:
    """Aggregate (game, date, lines) triples, oldest first."""
    st = Stats()
    per_game, per_pg, per_p, names = st.per_game, st.per_player_game, st.per_player, st.names
    sums: dict[int, list[int]] = {}  # id(line or summary) -> figure sums (lists: faster than dicts)
    for order, (game, date, lines) in enumerate(games):
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
            line.scores.append((date, total, order))
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


# --- replay (the history's move-by-move view) ----------------------------------------------
def replay_steps(record: GameRecord) -> list[BaseModel]:
    """Every state of the game: index k is the state after k actions (seats checked as in ``replay``).

    Growing logs are shared between the states (``scoring.log.Log``), so
    this keeps O(n) memory for n actions, not O(n²). A bad action raises the
    referee's own ``Refusal`` / ``InvalidInput``.
    """
    states = [initial_state(record)]
    try:
        states.extend(iter_replay(record))
    except ReplayError as exc:
        raise exc.error from None
    return states


def dump_store(store: Store) -> dict[str, list[Row]]:
    """Every row of every table (for "nothing changed" checks)."""
    return store.dump()
