"""A finished game as a play for BG Stats ("Board Game Stats"), and through it for BGG.

Plain Python, no Flet: the result screens, the history, the backup screen and the CLI
(``python -m companion bgstats GAME_ID``) all ask this module. Nothing here talks to a
network: the link and the file are made on this device, the player's phone opens them.

One play: the link
------------------
BG Stats documents a link that opens its import dialog with the play filled in
(https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/,
app 3.3.2+; ``bgstats://app.bgstatsapp.com/createPlay.html?data=…`` works as well):
``https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>``. The JSON's fields are the
documented ones (``CreatePlay`` below); every field is always sent, because a public client
reported that the app refuses a play without ``startPlayer``. BG Stats matches the game and the
players by name (and BGG id where given) and remembers the table's choices per
``sourceName`` + ``sourceGameId`` / ``sourcePlayerId``: those ids must stay stable.

- ``sourceName`` "Tischrichter", ``sourcePlayId`` the game's id, ``game.sourceGameId`` the game id
  (``qwixx-longo``, …), ``game.name`` the published title (``Game.title``).
- ``sourcePlayerId``: the seat's profile id where it came from one, else ``name-`` and a hash of
  the name as the history counts it (``history.player_key``: spaces folded, case ignored), so
  "Jürgen" is the same player in every game.
- ``playDate``: local time of the start (``GameRecord.created``), ``YYYY-MM-DD HH:MM:SS``; the
  history names a game by the same moment (``history.played_at``), so both say the same time.
  In the phone's browser Python's local time is the browser's (Emscripten asks JavaScript).
- ``durationMin``: the table's clock of the game (``companion.store.clocks``: its pauses left out,
  stopped by the last move), in whole minutes as it showed them; a game without clock data (older
  code, an import) from the first to the last action that counts, rounded to whole minutes.
- scores and ranks as the result screens show them: the engine's ``Result`` (``place`` from
  ``scoring.engine.places``: equal totals share a place, 1, 1, 3). rv.end: the one left in the
  dungeon is last, no winner, and loses everything they carry (score 0; the comment says what
  they carried). ``winner`` is place 1 and not lost (``history.won``).
- ``startPlayer``: the seat the game waited for first (``Game.current_seats`` of the start).
- BGG ids: only an id we can cite from a stored source goes in (``BGG_IDS``); searched for the
  BoardGameGeek pages of all three games and found none, so each is sent by name alone — never a
  guessed number.

Many plays: the play file (UNVERIFIED against the app)
------------------------------------------------------
BG Stats also reads a "play file" (its own "Send play file" share; ``.bgsplay``): JSON with
``games``, ``players``, ``locations`` and ``plays`` (each play's ``playerScores``), entries tied by
numeric ``id`` / ``…RefId`` and each with a stable ``uuid``. It is not officially documented. Its
shape here follows two public examples, and has NOT been tried in the app:

- a play file written by the app itself, shared at https://pastebin.com/iDbHyBui (its
  ``about`` text, ``players``: uuid, id, name, isAnonymous, modificationDate, bggUsername;
  ``locations``: uuid, id, name, modificationDate; ``games``: uuid, id, name, modificationDate,
  cooperative, highestWins, noPoints, …);
- the plays of github.com/ctuncan/bga_bgstats (``bga_bgstats.py``, a converter from Board Game
  Arena to this file): uuid, playDate, durationMin, gameRefId, locationRefId, ignored,
  manualWinner, rounds, usesTeams, rating, scoringSetting, playImages, and ``playerScores`` of
  playerRefId, score, rank, winner, startPlayer, newPlayer, seatOrder.

A game's file uuids are uuid5 of our stable ids, so the same game exported twice has the same
uuid (BG Stats uses the uuid to know a play it already has).
"""

from __future__ import annotations

import hashlib
import json
import urllib.parse
import uuid
from collections.abc import Iterable
from datetime import date, datetime, tzinfo
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from companion.i18n import add_strings, tr
from companion.records.history import as_local, parse_time, played_minutes, timed_ends
from scoring.engine import GameRecord, PlayerResult, PlayerSpec, Result, get_game, initial_state

if TYPE_CHECKING:
    from companion.store import GameClock, Store
    from companion.store.values import Json

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"
SOURCE_NAME = "Tischrichter"
LOCATION = "Tischrichter"  # the docs: "The location is set to the Board gaming app or website providing the link."
# BGG ids we can cite from a stored source. None found for the three games: name alone.
BGG_IDS: dict[str, int] = {}
PLAY_FILE_ABOUT = ("This is a Play file that can be read by Board Game Stats. If you see this text, try to use a "
                   "share, export or open-in function to open it with Board Game Stats.")  # as in the app's file
# the uuids of the play file: uuid5 in our own namespace (stable across exports and devices)
UUID_NS = uuid.uuid5(uuid.NAMESPACE_URL, "https://tischrichter.invalid/bgstats")
# characters left as they are in the link's data: those JavaScript's encodeURIComponent leaves, and
# JSON's ':' and ',' (legal in a query; decodeURIComponent keeps them). Everything else is
# percent-encoded, UTF-8 (the link stays short: under 2,000 characters for 8 players)
_SAFE = ":,!*'()"

add_strings(
    {
        "bg.button": {"de": "In BG Stats eintragen", "en": "Log in BG Stats"},
        "bg.button_tip": {
            "de": "Öffnet BG Stats mit diesem Spiel: {label}",
            "en": "Opens BG Stats with this game: {label}",
        },
        "bg.qr_help": {"de": "Auf einem anderen Handy: diesen Code mit der Kamera scannen.",
                       "en": "On another phone: scan this code with the camera."},
        "bg.qr_label": {"de": "QR-Code für BG Stats: {label}", "en": "QR code for BG Stats: {label}"},
        "bg.title": {"de": "In BG Stats eintragen: {label}", "en": "Log in BG Stats: {label}"},
        # a player's line on the screen: place and name, the score apart in its own column (a dash
        # before a negative score read as a double minus: "3. Ana – −16")
        "bg.line": {"de": "{rank}. {name}", "en": "{rank}. {name}"},
        "bg.score": {"de": {"count": "score", "one": "{score} P.", "other": "{score} P."},
                     "en": {"count": "score", "one": "{score} pt", "other": "{score} pts"}},
        "bg.left_inside": {
            "de": "{name} blieb im Verlies und verliert {total} Gold.",
            "en": "{name} was left in the dungeon and loses {total} gold.",
        },
        "bg.not_finished": {"de": "Dieses Spiel ist noch nicht zu Ende; BG Stats nimmt nur fertige Spiele.",
                            "en": "This game has not ended yet; BG Stats takes finished games only."},
        "bg.no_game": {"de": "Kein Spiel mit der Nummer {id}.", "en": "No game with the id {id}."},
        "bg.damaged": {
            "de": "Spiel {id} lässt sich nicht lesen ({detail}).",
            "en": "Game {id} cannot be read ({detail}).",
        },
        # the backup screen: a date range as one play file
        "bg.range_title": {
            "de": "Für BG Stats: Spiele eines Zeitraums",
            "en": "For BG Stats: the games of a date range",
        },
        "bg.range_help": {
            "de": "Alle fertigen Spiele, die in diesem Zeitraum begonnen haben, als eine Spieldatei zum Öffnen "
                  "in BG Stats, und als Tabelle (CSV).",
            "en": "Every finished game that started in this range, as one play file to open in BG Stats, "
                  "and as a table (CSV).",
        },
        "bg.from": {"de": "Von (JJJJ-MM-TT)", "en": "From (YYYY-MM-DD)"},
        "bg.to": {"de": "Bis (JJJJ-MM-TT)", "en": "To (YYYY-MM-DD)"},
        "bg.file": {"de": "Spieldatei für BG Stats", "en": "Play file for BG Stats"},
        "bg.csv": {"de": "Ergebnisse als CSV (Zeitraum)", "en": "Results as CSV (range)"},
        "bg.bad_date": {"de": "„{text}“ ist kein Datum; bitte JJJJ-MM-TT, z. B. 2026-11-29.",
                        "en": "“{text}” is not a date; please YYYY-MM-DD, e.g. 2026-11-29."},
        "bg.bad_range": {"de": "„Von“ liegt nach „Bis“.", "en": "“From” is after “To”."},
        "bg.none_in_range": {"de": "Kein fertiges Spiel in diesem Zeitraum.", "en": "No finished game in this range."},
        "bg.file_summary": {
            "de": {"one": "{n} Spiel für BG Stats", "other": "{n} Spiele für BG Stats"},
            "en": {"one": "{n} game for BG Stats", "other": "{n} games for BG Stats"},
        },
    }
)


class BGStatsRefused(Exception):
    """A game that cannot go to BG Stats: ``key`` + ``params`` say why (never a traceback)."""

    def __init__(self, key: str, **params: object) -> None:
        self.key, self.params = key, params
        super().__init__(f"{key}: {params}")

    def message(self, lang: str) -> str:
        return tr(lang, self.key, **self.params)


# --- the link's JSON (the documented createPlay format) -------------------------------------
class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PlayGame(_Out):
    name: str
    sourceGameId: str
    bggId: int | None = None  # only a cited id; None: left out of the JSON (name alone)
    highestWins: bool = True
    noPoints: bool = False


class PlayPlayer(_Out):
    name: str
    sourcePlayerId: str
    score: int
    rank: int = Field(ge=1)
    winner: bool
    startPlayer: bool
    role: str = ""


class CreatePlay(_Out):
    sourceName: str = SOURCE_NAME
    sourcePlayId: str
    playDate: str  # local "YYYY-MM-DD HH:MM:SS"
    durationMin: int = Field(ge=0)
    location: str = LOCATION
    comments: str = ""
    board: str = ""
    game: PlayGame
    players: tuple[PlayPlayer, ...]

    def data(self) -> Json:
        """The JSON object sent: every field, except a BGG id we do not have."""
        return self.model_dump(mode="json", exclude={"game": {"bggId"}} if self.game.bggId is None else None)


def play_date(record: GameRecord, tz: tzinfo | None = None) -> str:
    """The local time the game started: its ``created``, else its first action's time."""
    start = parse_time(record.created) or next((t for a in record.actions if (t := parse_time(a.at))), None)
    if start is None:
        raise BGStatsRefused("bg.damaged", id=record.id[:20], detail="no start time")
    return as_local(start, tz).strftime("%Y-%m-%d %H:%M:%S")


def duration_min(record: GameRecord, clock: GameClock | None = None) -> int:
    """Whole minutes the game was played: by the table's clock (pauses left out, stopped by the last
    move); without clock data from the first to the last timed action (``history.played_minutes``)."""
    return played_minutes(clock, *timed_ends(record.actions))


def source_player_id(spec: PlayerSpec | PlayerResult) -> str:
    """The seat's profile id, else a stable id for its name (the history's rule: spaces folded, case ignored)."""
    profile_id = spec.profile_id if isinstance(spec, PlayerSpec) else None
    if profile_id:
        return profile_id
    norm = " ".join(spec.name.split()).casefold()
    return "name-" + hashlib.sha256(norm.encode("utf-8")).hexdigest()[:12]


def start_seat(record: GameRecord) -> int | None:
    """The seat the game waited for first (Qwixx: the first roller, Verflixxt: ``first_seat``, the
    Verlies: ``start_player``); None if the start waits for several or none."""
    game = get_game(record.game)
    seats = game.current_seats(initial_state(record))
    return seats[0] if len(seats) == 1 else None


def make_play(record: GameRecord, result: Result, lang: str = "de", tz: tzinfo | None = None,
              clock: GameClock | None = None) -> CreatePlay:
    """The link's play of a finished game: ``record`` the actions that count, ``result`` what its
    result screen shows (``Game.result`` of the final state), ``clock`` the table's clock of it
    (None: a game without one)."""
    game = get_game(record.game)
    first = start_seat(record)
    players = []
    notes = []
    for p in sorted(result.players, key=lambda p: p.seat):
        spec = record.players[p.seat] if 0 <= p.seat < len(record.players) else None
        if p.lost:  # rv.end: left in the dungeon, loses everything
            notes.append(tr(lang, "bg.left_inside", name=p.name, total=p.total))
        players.append(PlayPlayer(
            name=p.name,
            sourcePlayerId=source_player_id(spec if spec is not None else p),
            score=0 if p.lost else p.total,
            rank=p.place,
            winner=p.place == 1 and not p.lost,
            startPlayer=p.seat == first,
        ))
    return CreatePlay(
        sourcePlayId=record.id,
        playDate=play_date(record, tz),
        durationMin=duration_min(record, clock),
        comments=" ".join(notes),
        game=PlayGame(name=game.title, sourceGameId=game.id, bggId=BGG_IDS.get(game.id)),
        players=tuple(players),
    )


def link(play: CreatePlay) -> str:
    """``https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>``."""
    text = json.dumps(play.data(), ensure_ascii=False, separators=(",", ":"))
    return f"{CREATE_PLAY}?data={urllib.parse.quote(text, safe=_SAFE)}"


def decode_link(url: str) -> Json:
    """The JSON object inside a createPlay link (what BG Stats reads)."""
    parts = urllib.parse.urlsplit(url)
    if f"{parts.scheme}://{parts.netloc}{parts.path}" != CREATE_PLAY:
        raise ValueError(f"not a BG Stats createPlay link: {url[:60]}")
    query = parts.query
    if not query.startswith("data="):
        raise ValueError("no data= in the link")
    data: Json = json.loads(urllib.parse.unquote(query[len("data="):]))
    return data


# --- from the store -----------------------------------------------------------------------
def load(store: Store, game_id: str) -> tuple[GameRecord, Result]:
    """A finished game's record (the actions that count) and its stored result."""
    from companion.store import StoreError

    if not store.has_game(game_id):
        raise BGStatsRefused("bg.no_game", id=str(game_id)[:40])
    try:
        record = store.record(game_id)
        _, stored = store.players_and_result(game_id)
    except StoreError as exc:
        raise BGStatsRefused("bg.damaged", id=str(game_id)[:20], detail=exc.key) from None
    if not stored:
        raise BGStatsRefused("bg.not_finished")
    return record, Result.model_validate(stored)


def play_of(store: Store, game_id: str, lang: str = "de", tz: tzinfo | None = None) -> CreatePlay:
    record, result = load(store, game_id)
    return make_play(record, result, lang, tz, store.clock(game_id))


def summary_lines(play: CreatePlay, lang: str) -> list[tuple[str, str]]:
    """The players as BG Stats will get them, best first, for the screen that shows the link: (place
    and name, score), e.g. ("3. Ana", "−16 P.")."""
    return [(tr(lang, "bg.line", rank=p.rank, name=p.name), tr(lang, "bg.score", score=p.score))
            for p in sorted(play.players, key=lambda p: p.rank)]


# --- many games: the play file (unverified against the app, see the module's docstring) -----
class FilePlayer(_Out):
    uuid: str
    id: int
    name: str
    isAnonymous: bool = False
    modificationDate: str
    bggUsername: str = ""


class FileLocation(_Out):
    uuid: str
    id: int
    name: str
    modificationDate: str


class FileGame(_Out):
    uuid: str
    id: int
    name: str
    modificationDate: str
    cooperative: bool = False
    highestWins: bool = True
    noPoints: bool = False
    usesTeams: bool = False
    bggId: int | None = None  # left out unless cited


class FileScore(_Out):
    playerRefId: int
    score: str  # the app's own export writes scores as text ("2")
    rank: int
    winner: bool
    startPlayer: bool
    newPlayer: bool = False
    seatOrder: int
    role: str = ""


class FilePlay(_Out):
    uuid: str
    modificationDate: str
    playDate: str
    durationMin: int
    gameRefId: int
    locationRefId: int
    ignored: bool = False
    manualWinner: bool = False
    rounds: int = 0
    usesTeams: bool = False
    rating: int = 0
    scoringSetting: int = 0
    playImages: str = "[]"
    board: str = ""
    comments: str = ""
    playerScores: tuple[FileScore, ...]


class PlayFile(_Out):
    about: str = PLAY_FILE_ABOUT
    players: tuple[FilePlayer, ...]
    locations: tuple[FileLocation, ...]
    games: tuple[FileGame, ...]
    plays: tuple[FilePlay, ...]

    def data(self) -> Json:
        out = self.model_dump(mode="json")
        for g, model in zip(out["games"], self.games):
            if model.bggId is None:
                del g["bggId"]
        return out


def _uuid(kind: str, key: str) -> str:
    return str(uuid.uuid5(UUID_NS, f"{kind}:{key}"))


def play_file(plays: Iterable[CreatePlay], modified: str | None = None) -> PlayFile:
    """One play file of many plays: players, games and the one location listed once each."""
    stamp = modified or datetime.now().strftime("%Y-%m-%d %H:%M:%S")
    players: dict[str, FilePlayer] = {}
    games: dict[str, FileGame] = {}
    location = FileLocation(uuid=_uuid("location", LOCATION), id=1, name=LOCATION, modificationDate=stamp)
    out = []
    for play in plays:
        g = play.game
        if g.sourceGameId not in games:
            games[g.sourceGameId] = FileGame(uuid=_uuid("game", g.sourceGameId), id=len(games) + 1, name=g.name,
                                             modificationDate=stamp, highestWins=g.highestWins, noPoints=g.noPoints,
                                             bggId=g.bggId)
        scores = []
        for seat, p in enumerate(play.players):
            if p.sourcePlayerId not in players:
                players[p.sourcePlayerId] = FilePlayer(uuid=_uuid("player", p.sourcePlayerId), id=len(players) + 1,
                                                       name=p.name, modificationDate=stamp)
            scores.append(FileScore(playerRefId=players[p.sourcePlayerId].id, score=str(p.score), rank=p.rank,
                                    winner=p.winner, startPlayer=p.startPlayer, seatOrder=seat + 1, role=p.role))
        out.append(FilePlay(uuid=_uuid("play", play.sourcePlayId), modificationDate=stamp, playDate=play.playDate,
                            durationMin=play.durationMin, gameRefId=games[g.sourceGameId].id, locationRefId=location.id,
                            comments=play.comments, playerScores=tuple(scores)))
    return PlayFile(players=tuple(players.values()), locations=(location,), games=tuple(games.values()),
                    plays=tuple(out))


def plays_in_range(store: Store, first: date | None, last: date | None, lang: str = "de",
                   tz: tzinfo | None = None) -> list[CreatePlay]:
    """Every finished game that started between ``first`` and ``last`` (local dates, both included),
    oldest first. A game that cannot be read is left out (the history marks it)."""
    out = []
    for g in store.finished_games(newest_first=False):
        try:
            play = play_of(store, g["id"], lang, tz)
        except BGStatsRefused:
            continue
        day = date.fromisoformat(play.playDate[:10])
        if (first is None or day >= first) and (last is None or day <= last):
            out.append(play)
    return sorted(out, key=lambda p: (p.playDate, p.sourcePlayId))


def play_file_text(plays: list[CreatePlay], modified: str | None = None) -> str:
    return json.dumps(play_file(plays, modified).data(), ensure_ascii=False, indent=1)


def parse_day(text: str) -> date:
    """A typed date (YYYY-MM-DD); a clear refusal otherwise."""
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise BGStatsRefused("bg.bad_date", text=text.strip()[:20]) from None
