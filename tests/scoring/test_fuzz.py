"""Fuzzing the referee's edges: random and malformed actions, records, score inputs, CLI.

Whatever comes in, the referee answers with a RefereeError or a result: never
another exception, and a refusal leaves the state byte-for-byte as it was.
The CLI always exits 0 or 2 with JSON on stdout and no traceback.
"""

from __future__ import annotations

import io
import json
import os
import random
from typing import Any, get_args

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from scoring.cli import main as cli_main
from scoring.engine import NAME_MAX, PlayerSpec, games, get_game
from scoring.errors import RefereeError
from scoring.simulate import concrete, play_random

# a deeper run now and then: TISCHRICHTER_FUZZ_EXAMPLES=2000 pytest tests/scoring/test_fuzz.py
EXAMPLES = int(os.environ.get("TISCHRICHTER_FUZZ_EXAMPLES", "80"))
SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)

# --- values: anything JSON could carry, and worse ------------------------------------------
HUGE = st.sampled_from([2**63, -(2**63) - 1, 10**30, -(10**30), 2**1000])
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-20, max_value=40), HUGE,
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12), st.text(alphabet=st.characters(), max_size=4),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12,
)


def deep(n: int, leaf: Any = 1) -> Any:
    v: Any = leaf
    for i in range(n):
        v = {"type": v} if i % 2 else [v]
    return v


DEEP = st.sampled_from([deep(50), deep(600)])


@pytest.mark.parametrize("n", [1000, 3000, 20000])
def test_very_deep_nesting_is_refused(n, monkeypatch):
    """Deeper than repr() can go: pydantic reports an unprintable tag (and an ignored
    RecursionError on stderr); the referee still answers with InvalidInput."""
    import sys

    monkeypatch.setattr(sys, "unraisablehook", lambda u: None)
    for gid in GAME_IDS:
        with pytest.raises(RefereeError):
            get_game(gid).parse_action(deep(n))


def action_models(game) -> list[type]:
    union = get_args(game.Action)[0]
    return list(get_args(union))


def field_values_for(game) -> dict[str, list[Any]]:
    """Plausible values per action field name, taken from real legal actions."""
    vals: dict[str, list[Any]] = {}
    for st_ in STATES[game.id]:
        for a in game.legal(st_)[:30]:
            for k, v in game.dump_action(concrete(game, a, random.Random(0))).items():  # templates filled
                vals.setdefault(k, []).append(v)
    return vals


# --- states to act on: a few mid-game states of each game ---------------------------------
def _setup(gid: str, rng: random.Random):
    if gid == "qwixx-longo":
        n = 3
        players = [PlayerSpec(name=f"Spieler {i + 1}") for i in range(n)]
        return players, {"lucky_numbers": [(4, 9), (5, 12), (3, 16)]}
    if gid == "verflixxt":
        players = [PlayerSpec(name=f"Spieler {i + 1}") for i in range(3)]
        return players, {"wurminator": True}
    if gid == "raus-aus-dem-verlies":
        from scoring.verlies import PRESETS

        players = [PlayerSpec(name=f"Spieler {i + 1}") for i in range(3)]
        return players, {"adventurers": [PRESETS[i].model_dump() for i in range(3)]}
    players = [PlayerSpec(name=f"Spieler {i + 1}") for i in range(2)]
    return players, {}


def _states(gid: str) -> list[Any]:
    rng = random.Random(7)
    players, options = _setup(gid, rng)
    played = play_random(gid, players, options, rng, keep_states=True)
    s = played.states
    picks = sorted({0, 1, 2, 3, len(s) // 4, len(s) // 2, (3 * len(s)) // 4, len(s) - 2, len(s) - 1})
    return [s[i] for i in picks if 0 <= i < len(s)]


GAME_IDS = sorted(games())
STATES: dict[str, list[Any]] = {gid: _states(gid) for gid in GAME_IDS}
FIELDS: dict[str, dict[str, list[Any]]] = {gid: field_values_for(get_game(gid)) for gid in GAME_IDS}


@st.composite
def actions_for(draw, gid: str) -> Any:
    game = get_game(gid)
    kind = draw(st.integers(0, 4))
    if kind == 0:
        return draw(json_values)
    if kind == 1:
        return draw(DEEP)
    models = action_models(game)
    model = draw(st.sampled_from(models))
    tag = model.model_fields["type"].default
    names = list(model.model_fields) + list(FIELDS[gid])
    data: dict[str, Any] = {"type": tag}
    for name in draw(st.lists(st.sampled_from(names), max_size=6, unique=True)):
        if name == "type":
            continue
        known = FIELDS[gid].get(name)
        if known and draw(st.booleans()):
            data[name] = draw(st.sampled_from(known))
        else:
            data[name] = draw(json_values)
    if kind == 3:  # a real legal action with one field spoiled
        state = draw(st.sampled_from(STATES[gid]))
        legal = game.legal(state)
        if legal:
            data = dict(game.dump_action(concrete(game, draw(st.sampled_from(legal)), random.Random(0))))
            key = draw(st.sampled_from(sorted(data)))
            data[key] = draw(st.one_of(json_values, HUGE))
    if kind == 4 and draw(st.booleans()):
        data[draw(st.text(max_size=6))] = draw(json_values)
    return data


def _check_apply(gid: str, state: Any, data: Any) -> None:
    game = get_game(gid)
    before = state.model_dump_json()
    try:
        action = game.parse_action(data)
        game.actor(state, action)
        new = game.apply(state, action)
    except RefereeError:
        assert state.model_dump_json() == before
        return
    assert state.model_dump_json() == before  # apply never mutates its input
    # an accepted action must also be recordable and round-trip
    dumped = game.dump_action(action)
    json.dumps(dumped)
    assert game.apply(state, game.parse_action(dumped)).model_dump_json() == new.model_dump_json()


@pytest.mark.parametrize("gid", GAME_IDS)
def test_random_actions_never_crash_and_refusals_change_nothing(gid):
    @SETTINGS
    @given(data=st.data())
    def run(data):
        state = data.draw(st.sampled_from(STATES[gid]))
        _check_apply(gid, state, data.draw(actions_for(gid)))

    run()


@pytest.mark.parametrize("gid", GAME_IDS)
def test_random_rolls_never_crash(gid):
    game = get_game(gid)
    rolling = [s for s in STATES[gid] if game.pending_roll(s) is not None] or STATES[gid]

    @SETTINGS
    @given(state=st.sampled_from(rolling), values=st.lists(st.one_of(st.integers(-3, 10), HUGE), max_size=8))
    def run(state, values):
        before = state.model_dump_json()
        try:
            action = game.roll_action(state, values)
            game.apply(state, action)
        except RefereeError:
            pass
        assert state.model_dump_json() == before

    run()


# --- names ---------------------------------------------------------------------------------
def has_surrogate(text: str) -> bool:
    return any(0xD800 <= ord(c) <= 0xDFFF for c in text)


def _unseen(name: str) -> bool:
    """Refused: nothing visible (zero-width only) or a control character."""
    import unicodedata

    from scoring.engine import visible

    return not any(visible(c) for c in name) or any(unicodedata.category(c) == "Cc" for c in name)


@SETTINGS
@given(name=st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=NAME_MAX))
def test_player_names_accept_any_unicode_text(name):
    from pydantic import ValidationError

    cleaned = " ".join(name.split())
    try:
        p = PlayerSpec(name=name)
    except ValidationError:
        assert not cleaned or _unseen(cleaned)
        return
    assert p.name == cleaned
    p.model_dump_json().encode("utf-8")


@SETTINGS
@given(name=st.text(alphabet=st.characters(), min_size=1, max_size=60))
def test_player_names_any_unicode_limited_length(name):
    from pydantic import ValidationError

    try:
        p = PlayerSpec(name=name)
    except ValidationError:
        cleaned = " ".join(name.split())
        # refused only when empty after trimming, too long, or not text at all (a lone surrogate
        # is no Unicode scalar value: it could not be stored as UTF-8)
        assert not cleaned or len(name) > NAME_MAX or has_surrogate(name) or _unseen(cleaned)
        return
    assert not has_surrogate(name)
    assert 1 <= len(p.name) <= NAME_MAX
    assert p.name == " ".join(name.split())


# --- score inputs --------------------------------------------------------------------------
SCORE_SEEDS = {
    "qwixx-longo": {
        "game": "qwixx-longo",
        "players": [
            {"name": "Ana", "misthrows": 1, "rows": {"red": [2, 3, 4], "yellow": [], "green": [16, 14], "blue": [10]}},
            {"name": "Ben", "misthrows": 0, "rows": {"red": [2, 5], "yellow": [4], "green": [], "blue": [16]}},
        ],
    },
    "verflixxt": {
        "game": "verflixxt",
        "players": [{"name": "Ana", "tiles": ["+3", "-2", "G"]}, {"name": "Ben", "tiles": [1]}],
    },
    "raus-aus-dem-verlies": {
        "game": "raus-aus-dem-verlies",
        "players": [
            {"name": "Ana", "gold": 5, "escaped": True, "treasures": [{"name": "Krone", "gold": 4}]},
            {"name": "Ben", "gold": 2, "escaped": False},
        ],
    },
}


def _mutate(draw, value: Any, depth: int = 0) -> Any:
    """Replace, drop or keep parts of a valid input at random."""
    choice = draw(st.integers(0, 9))
    if choice == 0:
        return draw(json_values)
    if choice == 1 and depth:
        return draw(HUGE)
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if draw(st.integers(0, 9)) == 0:
                continue
            out[k] = _mutate(draw, v, depth + 1)
        if draw(st.integers(0, 9)) == 0:
            out[draw(st.text(max_size=6))] = draw(json_values)
        return out
    if isinstance(value, list):
        items = [_mutate(draw, v, depth + 1) for v in value]
        if draw(st.integers(0, 9)) == 0:
            items = items * draw(st.integers(0, 5))
        return items
    if isinstance(value, str) and choice == 2:
        return draw(st.text(alphabet=st.characters(), max_size=50))
    return value


@st.composite
def score_inputs(draw) -> Any:
    gid = draw(st.sampled_from(sorted(SCORE_SEEDS)))
    return _mutate(draw, SCORE_SEEDS[gid])


def test_score_seeds_are_valid():
    for gid, seed in SCORE_SEEDS.items():
        get_game(gid).score_input(seed)


def test_score_input_treasure_gold_above_max_is_invalid_input():
    data = {
        "game": "raus-aus-dem-verlies",
        "players": [{"name": "Ana", "escaped": True, "treasures": [{"name": "Krone", "gold": 1001}]}],
    }
    with pytest.raises(RefereeError):
        get_game("raus-aus-dem-verlies").score_input(data)


@SETTINGS
@given(data=score_inputs())
def test_score_input_never_crashes(data):
    for gid in GAME_IDS:
        try:
            get_game(gid).score_input(data)
        except RefereeError:
            pass


# --- the CLI -------------------------------------------------------------------------------
def run_cli(argv: list[str], stdin_text: str = "") -> tuple[int, Any]:
    out = io.StringIO()
    code = cli_main(argv, stdin=io.StringIO(stdin_text), stdout=out)
    assert code in (0, 2), (argv, code)
    text = out.getvalue()
    assert "Traceback" not in text
    return code, json.loads(text)


def _dumps(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (ValueError, RecursionError):
        return "[" * 5000


@SETTINGS
@given(data=score_inputs())
def test_cli_score_always_json(data):
    code, out = run_cli(["score", "-"], _dumps(data))
    assert ("error" in out) == (code == 2)


def _record_seed(gid: str) -> dict[str, Any]:
    rng = random.Random(3)
    players, options = _setup(gid, rng)
    played = play_random(gid, players, options, rng, max_steps=20_000)
    rec = played.record.model_dump(mode="json")
    rec["actions"] = rec["actions"][:12]
    return rec


RECORD_SEEDS = {gid: _record_seed(gid) for gid in GAME_IDS}


@SETTINGS
@given(data=st.data())
def test_cli_replay_always_json(data):
    gid = data.draw(st.sampled_from(GAME_IDS))
    record = _mutate(data.draw, RECORD_SEEDS[gid])
    code, out = run_cli(["replay", "-"], _dumps(record))
    assert ("error" in out) == (code == 2)


@SETTINGS
@given(text=st.one_of(st.text(alphabet=st.characters(), max_size=200), st.sampled_from(
    ["", "{", "[" * 100000, "1e999999", "NaN", '{"game": null}', '{"game": "qwixx"}', "\ud800", '"\\ud800"', "\x00"]
)))
def test_cli_garbage_stdin_always_json(text):
    for cmd in ("score", "replay"):
        code, out = run_cli([cmd, "-"], text)
        assert ("error" in out) == (code == 2)


@SETTINGS
@given(
    argv=st.lists(
        st.one_of(
            st.sampled_from(["score", "replay", "schema", "games", "-", "--lang", "de", "xx", "--help", "-h"]),
            st.text(max_size=10),
        ),
        max_size=4,
    )
)
def test_cli_any_argv_json_or_clean_exit(argv):
    out = io.StringIO()
    err = io.StringIO()
    import contextlib

    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()) as sys_out:
        code = cli_main(argv, stdin=io.StringIO(""), stdout=out)
    assert code in (0, 2)
    assert "Traceback" not in err.getvalue() + out.getvalue() + sys_out.getvalue()
    if code == 2:  # a bad command line still answers JSON on stdout
        assert "error" in json.loads(out.getvalue())
    elif out.getvalue():
        json.loads(out.getvalue())
