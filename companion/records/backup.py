"""Export and import: the backup file, a single game's record and the results as CSV; plain Python over
the store (no Flet).

Backup file format (``tischrichter-backup``, version 1)::

    {
      "format": "tischrichter-backup",
      "version": 1,
      "exported": "2026-11-29T16:00:00.000+00:00",
      "records": [GameRecord, ...],          # scoring.engine.GameRecord as JSON
      "profiles": [Profile, ...],            # companion.records.profiles (may be []; ``birth_year``
                                             # is missing in a backup of older code: none is known)
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

Every read and write goes through ``companion.store.Store``'s methods.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import secrets
import time
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from pydantic import ValidationError

from companion.i18n import add_strings
from companion.records.history import (
    BACKUP_FORMAT,
    BACKUP_VERSION,
    LINES_VERSION,
    MAX_BACKUP_ACTIONS,
    MAX_BACKUP_BYTES,
    ImportRefused,
    _figures,
    finished_games,
    game_lines,
    log,
    won,
)
from companion.records.profiles import check_import_names, check_import_new
from companion.store import SHORT_ID, NewGame, Store, StoreError
from companion.store.games import whole_rows
from companion.store.values import Json, Row
from scoring.engine import (
    GameRecord,
    ReplayError,
    first_error,
    get_game,
    initial_state,
    is_game_id,
    iter_replay,
    parse_record,
)
from scoring.errors import InvalidInput, RefereeError, Refusal
from scoring.names import check_seat_names, draws_nothing

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from companion.game_hooks import AnyState

add_strings({  # a backup's names obey the set-up's rule (``scoring.names``): the set-up's own sentence says why
    "hist.imp.names": {"de": "Spiel Nr. {n} der Sicherung: {why} Nichts wurde geändert.",
                       "en": "Game no. {n} of the backup: {why} Nothing was changed."},
})

# Any: a file's JSON before it is checked (any value JSON has: each check narrows its own part)
Raw = Any
# Any: what the checking process sends back is plain pickled values (tuples, lists, dicts of str, int, None)
Plain = tuple[Any, ...]
T = TypeVar("T")


# --- export -------------------------------------------------------------------------------
def canonical(data: object) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def checksum(records: list[Json], profiles: list[Json]) -> str:
    return hashlib.sha256(canonical({"profiles": profiles, "records": records}).encode("utf-8")).hexdigest()


def all_game_ids(store: Store) -> list[str]:
    return store.game_ids()


def export_record(store: Store, game_id: str) -> Json:
    """One game as its bare GameRecord JSON (what ``python -m scoring replay`` reads)."""
    return store.record(game_id).model_dump(mode="json")


def export_backup(store: Store, game_ids: Iterable[str] | None = None, *, with_profiles: bool = True) -> Json:
    ids = list(game_ids) if game_ids is not None else all_game_ids(store)
    records = [store.record(gid).model_dump(mode="json") for gid in ids]
    profiles: list[Json] = []
    if with_profiles:
        from companion.records.profiles import list_profiles

        profiles = [p.to_json() for p in list_profiles(store)]
    return {
        "format": BACKUP_FORMAT,
        "version": BACKUP_VERSION,
        "exported": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "records": records,
        "profiles": profiles,
        "checksum": checksum(records, profiles),
    }


def backup_text(backup: Json) -> str:
    return json.dumps(backup, ensure_ascii=False, separators=(",", ":"))


# OWASP "CSV Injection": a text cell starting with one of these is run as a formula by spreadsheets
# (also the full-width forms some of them accept); such a cell gets a leading apostrophe.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def _lead_hides(c: str) -> bool:
    """A leading character a spreadsheet may skip or a reader cannot see: a space of any width, or
    one that draws nothing (zero-width space, byte order mark, joiners: ``scoring.names``). A cell
    "\u200b=1" looks like "=1", and some spreadsheets drop such a prefix before they read a formula."""
    return c == " " or unicodedata.category(c) == "Zs" or draws_nothing(c)


def csv_cell(value: object) -> object:
    """A CSV cell a spreadsheet shows and never runs; numbers stay numbers (-5 is -5)."""
    if not isinstance(value, str):
        return value
    i = 0
    while i < len(value) and _lead_hides(value[i]):
        i += 1
    if value[i:].startswith(_FORMULA_START):
        return "'" + value
    return value


CSV_FIELDS = ("game_id", "game", "date", "seat", "name", "profile_id", "total", "place", "lost", "won")


def results_csv(store: Store, game_ids: Iterable[str] | None = None) -> str:
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
    result: Json | None
    figures: Json
    n: int = 0  # its number in the backup (1-based), for a refusal


@dataclass
class ImportReport:
    added: int = 0
    already: int = 0  # same id already in the store (left as it is)
    differing: int = 0  # of those, how many differ from the file's version
    profiles_added: int = 0
    ids: list[str] = field(default_factory=list)


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number")


def _loads(text: str) -> Raw:
    """``json.loads`` whose every failure is a refusal: nothing else escapes."""
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


def parse_backup(text: str | bytes | Json | list[Raw], *,
                 max_bytes: int | None = None) -> tuple[list[Raw], list[Raw]]:
    """(raw records, raw profiles) of a backup / bare record / list of records; refuses a damaged file.

    Bytes are UTF-8 (a leading byte order mark is accepted); a file over
    ``max_bytes`` is refused before it is parsed.
    """
    limit = MAX_BACKUP_BYTES if max_bytes is None else max_bytes
    data: Raw = text
    if isinstance(text, (bytes, bytearray)):
        if len(text) > limit:
            raise ImportRefused("hist.imp.too_big", size=file_size(len(text)), limit=file_size(limit))
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ImportRefused("hist.imp.not_utf8", pos=exc.start) from None
    if isinstance(text, str):
        if len(text) > limit:  # characters: at least as many bytes
            size = file_size(len(text.encode("utf-8", "replace")))
            raise ImportRefused("hist.imp.too_big", size=size, limit=file_size(limit))
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


def check_record(raw: Raw, index: int) -> Checked:
    try:
        rec = parse_record(raw)
    except InvalidInput as exc:
        detail = str(exc.params.get("detail", exc))[:160]
        raise ImportRefused("hist.imp.bad_record", n=index + 1, detail=detail) from None
    if not is_game_id(rec.id):  # an id ends up in join links, file names and logs: only the app's own
        raise ImportRefused("hist.imp.bad_id", n=index + 1)
    game = get_game(rec.game)
    try:
        state = initial_state(rec)
    except (InvalidInput, Refusal) as exc:
        raise ImportRefused("hist.imp.bad_setup", n=index + 1, detail=exc) from None
    try:  # the set-up's rule for names, at this door too: two seats never look alike
        check_seat_names([p.name for p in rec.players])
    except InvalidInput as exc:
        raise ImportRefused("hist.imp.names", n=index + 1, why=exc) from None
    last: list[AnyState] = [state]

    def states() -> Iterator[AnyState]:
        for s in iter_replay(rec):  # every action parsed, its seat checked, applied
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


def _count_actions(raw_records: list[Raw]) -> int:
    return sum(len(r["actions"]) for r in raw_records if isinstance(r, dict) and isinstance(r.get("actions"), list))


def check_backup(text: str | bytes | Json | list[Raw], *, max_bytes: int | None = None,
                 max_actions: int | None = None) -> tuple[list[Checked], list[Raw]]:
    """Validate everything (size, format, checksum, every record replays); nothing is written.

    Every way a file can be wrong ends in ``ImportRefused``;
    an unexpected error is logged and refused as a bug, never passed on.
    """
    try:
        return _check_backup(text, max_bytes, max_actions)
    except ImportRefused:
        raise
    except RecursionError:
        raise ImportRefused("hist.imp.too_deep") from None
    except MemoryError:
        limit = MAX_BACKUP_BYTES if max_bytes is None else max_bytes
        raise ImportRefused("hist.imp.too_big", size="?", limit=file_size(limit)) from None
    except Exception as exc:
        log.exception("backup check failed unexpectedly")
        raise ImportRefused("hist.imp.bug", detail=type(exc).__name__) from None


def _check_backup(text: Raw, max_bytes: int | None, max_actions: int | None) -> tuple[list[Checked], list[Raw]]:
    raw_records, raw_profiles = parse_backup(text, max_bytes=max_bytes)
    limit = MAX_BACKUP_ACTIONS if max_actions is None else max_actions
    count = _count_actions(raw_records)
    if count > limit:
        raise ImportRefused("hist.imp.too_many_moves", count=count, limit=limit)
    checked: list[Checked] = []
    seen: dict[str, str] = {}
    for i, raw in enumerate(raw_records):
        c = check_record(raw, i)
        c.n = i + 1
        dump = canonical(c.record.model_dump(mode="json"))
        if c.record.id in seen:
            if seen[c.record.id] != dump:
                raise ImportRefused("hist.imp.duplicate", n=i + 1, id=c.record.id[:20])
            continue
        seen[c.record.id] = dump
        checked.append(c)
    from companion.records.profiles import parse_profile

    profiles = []
    for i, raw in enumerate(raw_profiles):
        try:
            prof = parse_profile(raw)
            prof.player_spec()  # a profile becomes a seat: the seat's name rule
            if not prof.id.isprintable() or any(c.isspace() for c in prof.id):
                raise ValueError("id: control, invisible or blank characters")
            profiles.append(prof)
        except ValidationError as exc:
            raise ImportRefused("hist.imp.bad_profile", n=i + 1, detail=first_error(exc)[:120]) from None
        except (ValueError, TypeError) as exc:
            raise ImportRefused("hist.imp.bad_profile", n=i + 1, detail=str(exc)[:120]) from None
    check_import_names(profiles)
    return checked, profiles


def import_backup(store: Store, text: str | bytes | Json | list[Raw], *, max_bytes: int | None = None,
                  max_actions: int | None = None) -> ImportReport:
    """Merge a backup into the store: all or nothing (one transaction, ``Store.add_games``);
    games already there (same id) are kept as they are."""
    if store.readonly:
        raise ImportRefused("hist.imp.readonly")
    checked, profiles = check_backup(text, max_bytes=max_bytes, max_actions=max_actions)
    return _add_checked(store, checked, profiles)


class _Worded(RefereeError):
    """A referee's refusal as the checking process worded it (German and English)."""

    def __init__(self, words: dict[str, str]) -> None:
        self.words = words
        super().__init__("worded")

    def message(self, lang: str = "de") -> str:
        return self.words.get(lang) or self.words.get("en", "")


STAGE_ROWS = 250  # rows per writer job of a large import: a table's commit waits for one such chunk at most


def _check_elsewhere(text: Raw, max_bytes: int | None, max_actions: int | None) -> Plain:
    """``check_backup`` in the checking process, and what the store needs of it as plain rows
    (``import_rows``): what it found, or its refusal as key and params (a referee's refusal among
    them worded in both languages, so nothing unpicklable comes back). Only tuples, lists and
    dicts of str, int and None cross back: unpickling game objects cost the server's own
    interpreter seconds that every other table waited through."""
    try:
        checked, profiles = check_backup(text, max_bytes=max_bytes, max_actions=max_actions)
        return "ok", import_rows(checked, profiles)
    except ImportRefused as exc:
        params = {k: {lang: v.message(lang) for lang in ("de", "en")} if isinstance(v, RefereeError) else v
                  for k, v in exc.params.items()}
        return "refused", exc.key, params


def import_rows(checked: list[Checked], profiles: list[Raw]) -> Json:
    """A checked backup as the store's rows (``companion.store.whole_rows``), its games' ids with
    their numbers in the file (for a refusal), each game's digest (to tell a game already here
    that differs) and the profiles' rows: builtins only."""
    from companion.records.profiles import profile_row

    games: list[Row] = []
    actions: list[Row] = []
    lines: list[Row] = []
    for g in _new_games(checked):
        game, acts, line = whole_rows(g)
        games.append(game)
        actions += acts
        if line is not None:
            lines.append(line)
    return {
        "games": games, "actions": actions, "lines": lines,
        "numbers": [(c.record.id, c.n) for c in checked],
        "digests": {c.record.id: _digest(c.record) for c in checked},
        "profiles": [profile_row(p) for p in profiles],
    }


def _digest(record: GameRecord) -> str:
    return hashlib.sha256(canonical(record.model_dump(mode="json")).encode("utf-8")).hexdigest()


_CHECKER: ProcessPoolExecutor | None = None  # the process that checks large backups (started on the first one, kept)


def _checker() -> ProcessPoolExecutor:
    global _CHECKER
    if _CHECKER is None:
        import atexit
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        _CHECKER = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                       initializer=_end_with_parent, initargs=(os.getpid(),))
        atexit.register(_CHECKER.shutdown, wait=True, cancel_futures=True)
    return _CHECKER


def _end_with_parent(parent: int) -> None:
    """In the checking process: it ends when the server does, kill -9 included (it would wait for
    work forever otherwise, holding the server's terminal and memory); and it runs at the lowest
    priority, so on a small machine the tables' taps get a core before a backup's replay does."""
    import contextlib
    import threading

    with contextlib.suppress(OSError, AttributeError):  # no nice() where the OS has none
        os.nice(19)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


async def import_backup_async(store: Store, text: str | bytes | Json | list[Raw], *,
                              max_bytes: int | None = None,
                              max_actions: int | None = None) -> ImportReport:
    """``import_backup`` off the event loop: the file is parsed and every game replayed
    in another process (pure Python would hold this one's interpreter: the other tables' taps
    would wait), which hands back the store's rows; those are staged a chunk per writer job
    (``Store.stage``: a tap's commit queued meanwhile goes in between) and merged in one
    transaction (``Store.merge_staged``: all or nothing, nothing half imported is ever seen).
    Where no process or thread can start (the phone build's browser Python) it is
    ``import_backup`` as it was."""
    import asyncio
    import sys

    if sys.platform == "emscripten" or store.memory:
        return import_backup(store, text, max_bytes=max_bytes, max_actions=max_actions)
    if store.readonly:
        raise ImportRefused("hist.imp.readonly")
    loop = asyncio.get_running_loop()
    try:
        kind, *found = await loop.run_in_executor(_checker(), _check_elsewhere, text, max_bytes, max_actions)
    except Exception as exc:  # the checking process died or could not start: said, never passed on
        log.exception("backup check in its own process failed")
        raise ImportRefused("hist.imp.bug", detail=type(exc).__name__) from None
    if kind == "refused":
        key, params = found
        raise ImportRefused(key, **{k: _Worded(v) if isinstance(v, dict) else v for k, v in params.items()})
    rows: Json = found[0]

    async def in_writer(fn: Callable[..., T], *args: object, **kwargs: object) -> T:
        if store.writer is not None:
            return await asyncio.wrap_future(store.writer.submit(fn, *args, **kwargs))
        return await asyncio.to_thread(fn, *args, **kwargs)

    name = secrets.token_hex(8)
    try:
        for kind in ("games", "actions", "lines"):  # one chunk per job, each awaited: taps queued meanwhile go first
            for i in range(0, len(rows[kind]), STAGE_ROWS):
                await in_writer(store.stage, name, **{kind: rows[kind][i:i + STAGE_ROWS]})
        added = await in_writer(store.merge_staged, name, rows["profiles"],
                                lambda s: _check_merge(s, rows["numbers"], rows["profiles"]))
    except StoreError as exc:  # nothing was merged: nothing changed
        await in_writer(store.drop_staged, name)
        raise ImportRefused("hist.imp.failed", detail=f"{exc.key}: {exc.params.get('detail', '')}"[:160]) from None
    except BaseException:
        await asyncio.shield(in_writer(store.drop_staged, name))
        raise
    report = ImportReport(added=len(added.added), already=len(added.already), profiles_added=added.profiles_added,
                          ids=list(added.added))
    if added.already:  # reads only: a thread of its own, not the writer's queue
        report.differing = await asyncio.to_thread(
            lambda: sum(_digest(store.record(gid)) != rows["digests"][gid] for gid in added.already))
    return report


def _new_games(checked: list[Checked]) -> list[NewGame]:
    return [
        NewGame(record=c.record, finished=c.finished, result=c.result, lines_version=LINES_VERSION,
                lines=_lines_json(c) if c.finished else None)
        for c in checked
    ]


def _check_merge(store: Store, numbers: list[tuple[str, int]], profiles: list[Json]) -> None:
    """What only the store can tell, inside the merge: join links stay unique, new profiles differ."""
    _check_shorts(store, numbers)
    check_import_new(store, profiles)


def _add_checked(store: Store, checked: list[Checked], profiles: list[Raw]) -> ImportReport:
    check_short_ids(store, checked)
    from companion.records.profiles import profile_row

    rows = [profile_row(p) for p in profiles]
    check_import_new(store, rows)
    games = _new_games(checked)
    try:
        added = store.add_games(games, rows)
    except StoreError as exc:  # the transaction is rolled back: nothing changed
        raise ImportRefused("hist.imp.failed", detail=f"{exc.key}: {exc.params.get('detail', '')}"[:160]) from None
    report = ImportReport(added=len(added.added), already=len(added.already), profiles_added=added.profiles_added,
                          ids=list(added.added))
    by_id = {c.record.id: c.record for c in checked}
    for gid in added.already:
        if canonical(store.record(gid).model_dump(mode="json")) != canonical(by_id[gid].model_dump(mode="json")):
            report.differing += 1
    return report


def check_short_ids(store: Store, checked: list[Checked]) -> None:
    """A new game's join link (``/g/<first SHORT_ID characters>``) must stay one game's: refused when
    another game here, or another in the backup, begins the same; nothing is written."""
    _check_shorts(store, [(c.record.id, c.n) for c in checked])


def _check_shorts(store: Store, numbers: list[tuple[str, int]]) -> None:
    """``check_short_ids`` of (game id, its number in the backup) pairs."""
    shorts: dict[str, str] = {}
    for gid, n in numbers:
        short = gid[:SHORT_ID]
        if shorts.setdefault(short, gid) != gid or any(other != gid for other in store.ids_starting(short)):
            raise ImportRefused("hist.imp.short_id_taken", n=n, short=short)


def _lines_json(c: Checked) -> str:
    """A finished game's statistics lines as the store's cache keeps them."""
    rec = c.record
    lines = game_lines(rec.game, [p.model_dump(mode="json") for p in rec.players], c.result, c.figures)
    return json.dumps(lines, ensure_ascii=False, separators=(",", ":"))
