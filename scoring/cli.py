"""Command line for disputes and scripting.

    python -m scoring score FILE|-      score finished sheets / piles / purses
    python -m scoring replay FILE|-     replay a game record, print state and scores
    python -m scoring advise FILE|- --seat N   the coach: seat N's choices now, best first (Qwixx Longo)
    python -m scoring schema GAME       JSON Schema of a game record
    python -m scoring games             list the games

Bad input: exit 2 and ``{"error": {"rule": <id or null>, "code": ..., "message": ...}}``
on stdout, never a traceback. A file is UTF-8 JSON (a leading byte order mark is
accepted) of at most 20 MB; nesting too deep or an integer with too many digits
is bad input too. An internal error (a bug) exits 1 with code ``internal`` and a
message saying so.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from scoring.engine import (
    ReplayError,
    games,
    get_game,
    parse_record,
    record_schema,
    replay,
)
from scoring.errors import InvalidInput, RefereeError

MAX_INPUT = 20 * 1024 * 1024

def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _read(path: str, stdin: TextIO) -> Any:
    """The input as JSON; every way it can be wrong is ``InvalidInput`` (exit 2)."""
    try:
        if path == "-":
            raw = stdin.buffer.read(MAX_INPUT + 1) if hasattr(stdin, "buffer") else stdin.read(MAX_INPUT + 1)
        else:
            with open(path, "rb") as fh:
                raw = fh.read(MAX_INPUT + 1)
    except OSError as exc:
        raise InvalidInput("input_unreadable", detail=exc.strerror or type(exc).__name__) from None
    if len(raw) > MAX_INPUT:
        raise InvalidInput("input_too_big")
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InvalidInput("input_not_utf8", pos=exc.start) from None
    else:
        text = raw.removeprefix("\ufeff")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise InvalidInput("bad_json", detail=f"{exc.msg} ({exc.lineno}:{exc.colno})") from None
    except RecursionError:
        raise InvalidInput("input_too_deep") from None
    except ValueError as exc:  # sys.get_int_max_str_digits, NaN/Infinity
        if "digits" in str(exc):
            raise InvalidInput("input_long_number") from None
        raise InvalidInput("bad_json", detail=str(exc)[:200]) from None


def _game_of(data: Any) -> str:
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise InvalidInput("bad_score_input", detail="an object with a 'game' field is expected")
    game: str = data["game"]
    return game


def cmd_score(data: Any, lang: str) -> dict[str, Any]:
    game = get_game(_game_of(data))
    result = game.score_input(data)
    return result.model_dump(mode="json")


def cmd_replay(data: Any, lang: str) -> tuple[int, dict[str, Any]]:
    record = parse_record(data)
    game = get_game(record.game)
    try:
        state = replay(record)
    except ReplayError as exc:
        err = exc.error.as_dict(lang)
        err["index"] = exc.index
        return 2, {"error": err}
    out = {
        "game": game.id,
        "actions": len(record.actions),
        "over": game.is_over(state),
        "state": state.model_dump(mode="json"),
        "result": game.result(state).model_dump(mode="json"),
    }
    return 0, out


def cmd_advise(data: Any, seat: int, lang: str) -> tuple[int, Any]:
    """The coach's ranked choices for ``seat`` in the record's current state (Qwixx Longo only)."""
    from scoring.qwixx_coach import advise, no_choice  # only this command builds the Qwixx Longo engine

    record = parse_record(data)
    if get_game(record.game).id != "qwixx-longo":  # an alias ("qwixx") names the same game
        raise InvalidInput("advise_game", game=record.game)
    if not 0 <= seat < len(record.players):
        raise InvalidInput("advise_seat", seat=seat, high=len(record.players) - 1)
    try:
        state = replay(record)
    except ReplayError as exc:
        err = exc.error.as_dict(lang)
        err["index"] = exc.index
        return 2, {"error": err}
    advice = advise(state, seat)
    if not advice:  # a roll is due, the game is over, or another seat decides: the referee says which
        raise no_choice(state, seat)
    return 0, [a.as_dict() for a in advice]


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m scoring", description="Tischrichter referee CLI")
    parser.add_argument("--lang", choices=("de", "en"), default="en")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("score").add_argument("file")
    sub.add_parser("replay").add_argument("file")
    adv = sub.add_parser("advise")
    adv.add_argument("file")
    adv.add_argument("--seat", type=int, required=True)
    sub.add_parser("schema").add_argument("game")
    sub.add_parser("games")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 2
        if code == 0:  # --help: argparse printed the help text
            return 0
        # argparse printed its usage line on stderr; stdout still gets JSON
        error = {"rule": None, "code": "bad_arguments", "message": "bad command line (see --help)"}
        stdout.write(json.dumps({"error": error}) + "\n")
        return 2

    def emit(obj: Any) -> None:
        stdout.write(json.dumps(obj, ensure_ascii=False, indent=2) + "\n")

    try:
        if args.cmd == "games":
            emit({gid: g.title for gid, g in games().items()})
            return 0
        if args.cmd == "schema":
            emit(record_schema(args.game))
            return 0
        data = _read(args.file, stdin)
        if args.cmd == "score":
            emit(cmd_score(data, args.lang))
            return 0
        if args.cmd == "advise":
            code, advice = cmd_advise(data, args.seat, args.lang)
            emit(advice)
            return code
        code, out = cmd_replay(data, args.lang)
        emit(out)
        return code
    except RefereeError as exc:
        emit({"error": exc.as_dict(args.lang)})
        return 2
    except RecursionError:  # nesting within json's limit that a later step could not walk: still the input's
        emit({"error": InvalidInput("input_too_deep").as_dict(args.lang)})
        return 2
    except MemoryError:
        emit({"error": InvalidInput("input_too_big").as_dict(args.lang)})
        return 2
    except Exception as exc:  # noqa: BLE001 - anything else is a bug of ours, not bad input
        err = InvalidInput("internal", detail=type(exc).__name__).as_dict(args.lang)
        err["code"] = "internal"
        emit({"error": err})
        sys.stderr.write(f"internal error: {type(exc).__name__}: {exc}"[:500] + "\n")
        return 1
