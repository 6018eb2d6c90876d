"""legal() is exact, in all three games (OpenSpiel's idea: check the listed moves against the referee).

In seeded random games, at every decision, a broad set of candidate actions is tried on ``apply``:
every action type of the game's union, for every seat, with values taken from each field's range
(its lowest values, its highest, and random ones; every choice of a ``Literal``, ``None`` where a
field may be empty). Then:

- every candidate ``apply`` accepts is listed: in ``legal()`` itself, filled into one of its
  ``Template`` s (the fixed values and each field within its range, the rest at the defaults), or,
  at a chance node, the roll ``pending_roll()`` asks for (its seat, a face per die in 1..sides);
- every listed action is accepted: each concrete one, each template filled with its lowest, its
  highest and random values, and the pending roll with random faces;
- ``legal(state, seat)`` is ``legal(state)`` of that seat.

Two documented choices of the engines are the only exceptions, each checked narrowly:
Verlies corrections (reason ``correction``: bookkeeping by any seat at any time, never listed,
never a move: turn, phase and player stay; scoring/verlies.py) and Verflixxt twins (two own
figures, or two guards, on one tile are one move: legal() offers the lowest number, apply()
takes either; vx.move, vx.stack in scoring/verflixxt.py).

A deeper run now and then: TISCHRICHTER_LEGAL_GAMES=20 pytest tests/scoring/test_legal_exact.py
"""

from __future__ import annotations

import itertools
import os
import random
import types
from typing import Any, Literal, Union, get_args, get_origin

import annotated_types
import pytest

from scoring.dice import Dice
from scoring.engine import PlayerSpec, Range, Template, Text, get_game
from scoring.errors import InvalidInput, RefereeError
from scoring.simulate import random_step

GAMES_EACH = int(os.environ.get("TISCHRICHTER_LEGAL_GAMES", "5"))
MAX_DECISIONS = 1500  # a long game is checked for its first decisions only
SMALL = 16  # an action type with at most this many value combinations is tried whole, at every decision
SAMPLED = 6  # ... else this many combinations of its values, drawn afresh at every decision
SEATS = {"qwixx-longo": (1, 5), "verflixxt": (2, 6), "raus-aus-dem-verlies": (1, 5)}


# --- the candidates: every action type, every seat, values from the fields' ranges -------------------
def field_values(info: Any, rng: random.Random) -> list[Any]:
    """The values tried for one field: every choice, or a range's low end, high end and a random one."""
    ann = info.annotation
    members = get_args(ann) if get_origin(ann) in (Union, types.UnionType) else (ann,)
    out: list[Any] = []
    for m in members:
        if m is type(None):
            out.append(None)
        elif get_origin(m) is Literal:
            out += list(get_args(m))
        elif m is bool:
            out += [False, True]
        elif m is int:
            lo = next((x.ge for x in info.metadata if isinstance(x, annotated_types.Ge)), 0)
            hi = next((x.le for x in info.metadata if isinstance(x, annotated_types.Le)), lo + 7)  # an open range
            out += sorted({*range(lo, min(hi, lo + 3) + 1), hi, rng.randint(lo, hi)})
        elif m is str:
            longest = next((x.max_length for x in info.metadata if isinstance(x, annotated_types.MaxLen)), 40)
            out += ["Krone", "x" * longest]
        else:  # a field kind this test does not know yet: teach it, do not skip it
            raise TypeError(f"no candidate values for {info!r}")
    return out


def action_models(game: Any) -> list[type]:
    return list(get_args(get_args(game.Action)[0]))


class Candidates:
    """Per action type and seat: all value combinations if few, else a pool to draw from."""

    def __init__(self, game: Any, seats: int, rng: random.Random) -> None:
        self.game, self.rng = game, rng
        self.small: list[Any] = []
        self.pools: list[list[Any]] = []
        for model in action_models(game):
            tag = model.model_fields["type"].default
            names = [k for k in model.model_fields if k not in ("type", "by")]
            for seat in range(seats):
                values = [field_values(model.model_fields[k], rng) for k in names]
                combos = list(itertools.product(*values))
                if len(combos) > SMALL:
                    combos = [tuple(v[0] for v in values)] + [tuple(rng.choice(v) for v in values) for _ in range(80)]
                parsed = [a for a in (self._parse({"type": tag, "by": seat, **dict(zip(names, c, strict=True))})
                                      for c in combos) if a is not None]
                (self.small.extend if len(combos) <= SMALL else self.pools.append)(parsed)

    def _parse(self, data: dict[str, Any]) -> Any:
        try:
            return self.game.parse_action(data)
        except RefereeError:  # not an action at all (e.g. a gold room card without gold): the edge refuses it
            return None

    def now(self) -> list[Any]:
        return self.small + [a for pool in self.pools if pool for a in self.rng.sample(pool, min(SAMPLED, len(pool)))]


# --- what legal() lists, and whether an action is among it --------------------------------------------
def fill_high(t: Template) -> dict[str, Any]:
    """A template's action with each field at its last allowed value (highest number, last choice)."""
    values = {name: spec.hi if isinstance(spec, Range) else ("x" * spec.max_length if isinstance(spec, Text)
                                                             else spec[-1]) for name, spec in t.fields.items()}
    return t.fill(**values)


def fills(game: Any, t: Template, rng: random.Random) -> list[Any]:
    return [game.parse_action(d) for d in (t.example(), fill_high(t), t.sample(rng), t.sample(rng))]


def in_template(game: Any, t: Template, action: Any) -> bool:
    data = game.dump_action(action)
    if data["type"] != t.action_type or any(data.get(k) != v for k, v in t.fixed.items()):
        return False
    try:
        filled = t.fill(**{k: data.get(k) for k in t.fields})
    except InvalidInput:  # a value outside the template's range
        return False
    return game.dump_action(game.parse_action(filled)) == data  # and every other field at its default


def roll_values(action: Any, req: Any) -> list[Any]:
    """The faces a roll action carries: one field per die by its name, or ``value`` for a single die."""
    data = action.model_dump()
    if len(req.dice) == 1 and "value" in data:
        return [data["value"]]
    return [data.get(d.name) for d in req.dice]


def is_pending_roll(game: Any, state: Any, action: Any) -> bool:
    req = game.pending_roll(state)
    if req is None or getattr(action, "by", None) != req.by:
        return False
    try:
        return game.dump_action(game.roll_action(state, roll_values(action, req))) == game.dump_action(action)
    except RefereeError:
        return False


def verflixxt_twin(state: Any, action: Any) -> Any:
    """vx.move / vx.stack: the figure (or guard) legal() offers for this one: the lowest number on its tile."""
    if action.type == "move_figure" and 0 <= action.by < len(state.figures) and action.figure < len(
            state.figures[action.by]):
        figs = state.figures[action.by]
        return action.model_copy(update={"figure": figs.index(figs[action.figure])})
    if action.type == "move_guard" and action.guard < len(state.guards):
        return action.model_copy(update={"guard": state.guards.index(state.guards[action.guard])})
    return action


def listed(game: Any, state: Any, legal: list[Any], action: Any) -> bool:
    if game.id == "verflixxt":
        action = verflixxt_twin(state, action)
    return (action in legal or any(isinstance(t, Template) and in_template(game, t, action) for t in legal)
            or is_pending_roll(game, state, action))


def correction(game: Any, action: Any) -> bool:
    """Verlies bookkeeping: a purse corrected by any seat at any time (never listed, never a move)."""
    return game.id == "raus-aus-dem-verlies" and getattr(action, "reason", None) == "correction"


# --- the check at one decision ----------------------------------------------------------------------
def check_decision(game: Any, state: Any, candidates: Candidates, rng: random.Random) -> list[Any]:
    """The checks at one decision; the candidates ``apply`` accepted."""
    legal = game.legal(state)
    n = len(state.players if hasattr(state, "players") else state.names)
    for seat in range(n):
        assert game.legal(state, seat) == [a for a in legal if a.by == seat], seat
    for a in legal:  # every listed action is accepted
        for action in fills(game, a, rng) if isinstance(a, Template) else [a]:
            game.apply(state, action)
    req = game.pending_roll(state)
    if req is not None:
        for _ in range(3):
            game.apply(state, game.roll_action(state, [rng.randint(1, d.sides) for d in req.dice]))
    accepted = []
    for action in candidates.now():  # every accepted action is listed
        try:
            new = game.apply(state, action)
        except RefereeError as exc:
            assert exc.rule is None or exc.rule.split(".")[0] in ("q8", "vx", "rv", "engine"), exc.rule
            continue
        accepted.append(action)
        if correction(game, action):
            assert (new.current, new.phase, new.turn_no) == (state.current, state.phase, state.turn_no)
            continue
        assert listed(game, state, legal, action), (
            f"{game.id}: apply() accepts {game.dump_action(action)} but legal() does not list it "
            f"(listed: {[game.dump_action(a) if not isinstance(a, Template) else a for a in legal]})")
    return accepted


def setup(gid: str, rng: random.Random) -> tuple[list[PlayerSpec], dict[str, Any]]:
    n = rng.randint(*SEATS[gid])
    players = [PlayerSpec(name=f"Spieler {i + 1}") for i in range(n)]
    if gid == "qwixx-longo":
        return players, {"lucky_numbers": [tuple(rng.sample(range(2, 17), 2)) for _ in range(n)],
                         "lucky_replaces": rng.choice(["white", "turn"]), "lock_min_crosses": rng.choice([6, 3, 1]),
                         "end_misthrows": rng.choice([4, 10, 20])}
    if gid == "verflixxt":
        return players, {"wurminator": rng.random() < 0.7, "bite_takes": rng.choice(["smallest", "largest"])}
    return players, {"exit_min_gold": rng.choice([0, 4, 8]), "penalty_turn": rng.choice(["next", "this"]),
                     "start_player": rng.randrange(n)}


# Situations the run must meet, so that it can see what it is for (say, a hidden treasure in hand).
COVER = {
    "qwixx-longo": {"colour phase": lambda s: s.phase == "color", "row locked": lambda s: bool(s.removed)},
    "verflixxt": {"Wurminator after the move": lambda s: s.phase == "wurminator",
                  "two own figures on one tile": lambda s: any(len(set(f)) < len(f) for f in s.figures)},
    "raus-aus-dem-verlies": {
        "hidden treasure in hand": lambda s: any(t.hidden for p in s.players for t in p.treasures),
        "room laid, its card not yet entered": lambda s: s.turn.card == "room" and s.turn.room is None,
        "after a walk": lambda s: s.phase == "moved" and s.turn.move == "walk",
        "loss to choose": lambda s: s.pending is not None and s.pending.kind == "loss",
    },
}


def play_and_check(gid: str, seed: int, seen: dict[str, int]) -> int:
    """One seeded random game of ``gid``, checked at every decision; the number of decisions checked.

    The next action is a random listed one; one time in ten it is any accepted candidate instead
    (in Verlies that can be a correction: the table's bookkeeping brings treasures into hands).
    """
    game = get_game(gid)
    rng = random.Random(seed)
    players, options = setup(gid, rng)
    state = game.start(game.parse_options(options, players), players)
    candidates = Candidates(game, len(players), rng)
    dice = Dice(rng)
    decisions = 0
    while not game.is_over(state) and decisions < MAX_DECISIONS:
        for name, met in COVER[gid].items():
            seen[name] += met(state)
        accepted = check_decision(game, state, candidates, rng)
        action = rng.choice(accepted) if accepted and rng.random() < 0.1 else random_step(game, state, rng, dice)
        state = game.apply(state, action)
        decisions += 1
    return decisions


@pytest.mark.parametrize("gid", sorted(SEATS))
def test_legal_lists_exactly_what_apply_accepts(gid):
    seen = dict.fromkeys(COVER[gid], 0)
    checked = [play_and_check(gid, 2700 + i, seen) for i in range(GAMES_EACH)]
    assert sum(checked) > 200, checked  # real games, not a start screen
    assert min(seen.values()) > 0, seen  # the situations the check is for were met


def test_the_check_catches_a_missing_and_a_surplus_listing(monkeypatch):
    """The check is not blind: legal() without one accepted action, or with one apply() refuses, fails it."""
    game = get_game("raus-aus-dem-verlies")
    rng = random.Random(1)
    players = [PlayerSpec(name=n) for n in ("Ana", "Ben")]
    state = game.apply(game.start(game.parse_options({}, players), players), {"type": "walk", "by": 0, "cards": 1})
    candidates = Candidates(game, 2, rng)
    check_decision(game, state, candidates, rng)  # the real referee passes
    real = game.legal
    monkeypatch.setattr(game, "legal", lambda s, seat=None: [a for a in real(s, seat) if a.type != "end_turn"])
    with pytest.raises(AssertionError, match="accepts {'type': 'end_turn', 'by': 0} but legal"):
        check_decision(game, state, candidates, rng)
    surplus = game.parse_action({"type": "draw_card", "by": 0})  # Ana walked: no draw now
    monkeypatch.setattr(game, "legal", lambda s, seat=None: real(s, seat) + ([] if seat == 1 else [surplus]))
    with pytest.raises(RefereeError):
        check_decision(game, state, candidates, rng)
