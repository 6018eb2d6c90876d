"""The Qwixx Longo coach: every choice a seat has now, ranked by what it is worth at the end.

``advise(state, seat)`` takes exactly ``legal(state, seat)`` of the referee (each
white cross, lucky cross, colour combination and the pass) and ranks them by the
expected final margin: the seat's final points minus the best other seat's (its
own points in a game of one). Each choice carries a one-line reason in German
and English.

How a choice is valued (``scoring.qwixx_coach_value``): the table after the
choice is valued sheet by sheet with a per-row dynamic programme over the rolls
the game still lasts, which is itself estimated from the sheets (rows close to a
lock, misthrows so far). A choice that ends the game (the second lock, a fourth
misthrow) is valued by the exact final scores.

What it assumes of the opponents: they play the same sound game the row values
assume (each takes a number when it is worth more than waiting), so every
other sheet is valued by the same tables as the seat's own; their decisions in
the running white phase, not yet made, are not guessed. The best opponent is the
one with the highest expected total (the maximum of expectations, not the
expectation of the maximum).

The active player decides twice in one roll (white sum, then a colour). In the
white phase each of their white choices is valued with the best colour choice
that would follow on these dice; the misthrow (q8.misthrow) counts when neither
step crosses.

``Advice.expected`` is that estimated final margin itself, not a change; a
lucky cross's reason names its gain over passing.

Pure and deterministic: no randomness at all, so the same state always gets the
same advice, in the same order (ties keep the referee's order of ``legal``).
Strength and speed: ``build/bench_coach.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from scoring.errors import Refusal
from scoring.qwixx_coach_value import FIRST_LOCK, SUM_CHANCE, Position, Row, Rules, margin, points
from scoring.qwixx_coach_words import reason_text
from scoring.qwixx_longo import (
    COLORS,
    GAME,
    Color,
    ColorCross,
    LuckyCross,
    Pass,
    State,
    WhiteCross,
    crossed_number,
    row_fields,
)

Reason = tuple[tuple[str, dict[str, Any]], ...]  # text codes of scoring.qwixx_coach_words and their params


@dataclass(frozen=True)
class Advice:
    """One legal choice, its expected final margin and why."""

    action: WhiteCross | LuckyCross | ColorCross | Pass
    expected: float
    why: Reason = ()

    def reason(self, lang: str = "de") -> str:
        return reason_text(self.why, lang)

    def as_dict(self) -> dict[str, Any]:
        return {
            "action": GAME.dump_action(self.action),
            "expected": round(self.expected, 1),
            "reason": {"de": self.reason("de"), "en": self.reason("en")},
        }


@dataclass(frozen=True)
class Cross:
    """A cross as the coach sees it: which row, which field, what it skips and brings now."""

    row: int
    number: int
    field: int
    skipped: int
    crosses: int  # crosses in the row after it (without a bonus cross)
    lock: bool
    gain: int  # points it adds at once (the bonus cross of a lock included)


@dataclass(frozen=True)
class Outcome:
    """Where a choice leads: the table after it and what it did."""

    pos: Position
    cross: Cross | None = None
    follow: Cross | None = None  # the active player's colour cross that would follow a white choice
    misthrow: bool = False
    value: float = 0.0


def rules_of(state: State) -> Rules:
    o = state.options
    return Rules(players=len(state.names), lock_min=o.lock_min_crosses, penalty=o.misthrow_penalty,
                 end_locks=o.end_locked_rows, end_misthrows=o.end_misthrows)


def row_of(state: State, seat: int, color: Color) -> Row:
    sheet = state.sheets[seat]
    crossed = sheet.rows[color]
    p = row_fields(color).index(crossed[-1]) if crossed else -1
    return (p, len(crossed), 1 if color in sheet.locked_by_me else 0)


def own_turns(state: State, seat: int) -> int:
    """Turns ``seat`` has had as the active player before this one (seat 0 starts, q8 turn order)."""
    done = state.turn - 1
    return done // len(state.names) + (1 if done % len(state.names) > seat else 0)


def position_of(state: State) -> Position:
    return Position(
        rows=tuple(tuple(row_of(state, s, c) for c in COLORS) for s in range(len(state.names))),
        misthrows=tuple(sheet.misthrows for sheet in state.sheets),
        closed=frozenset(i for i, c in enumerate(COLORS) if c in state.removed or c in state.locking),
        turns=tuple(own_turns(state, s) for s in range(len(state.names))),
        lucky=tuple(sum(SUM_CHANCE[n - 2] for n in sheet.lucky) for sheet in state.sheets),
    )


def cross_at(pos: Position, seat: int, row: int, number: int, lock_min: int, *, open_only: bool = True) -> Cross | None:
    """The cross of ``number`` in ``row`` for ``seat``, or None where q8.rows / q8.lockfields forbid it.

    ``open_only=False``: a row locked in the running white phase still takes crosses (q8.simultaneous).
    """
    if open_only and row in pos.closed:
        return None
    fld = row_fields(COLORS[row]).index(number)
    p, n, _ = pos.rows[seat][row]
    if fld <= p or (fld >= FIRST_LOCK and n < lock_min):
        return None
    lock = fld >= FIRST_LOCK
    gain = points(n + 1 + lock) - points(n)
    return Cross(row=row, number=number, field=fld, skipped=fld - p - 1, crosses=n + 1, lock=lock, gain=gain)


def with_cross(pos: Position, seat: int, cross: Cross) -> Position:
    rows = list(pos.rows)
    sheet = list(rows[seat])
    sheet[cross.row] = (cross.field, cross.crosses, 1 if cross.lock else 0)
    rows[seat] = tuple(sheet)
    closed = pos.closed | {cross.row} if cross.lock else pos.closed
    # built field by field, not with dataclasses.replace: the coach makes dozens per question
    return Position(rows=tuple(rows), misthrows=pos.misthrows, closed=closed, turns=pos.turns, lucky=pos.lucky,
                    over=pos.over)


def end_of_roll(pos: Position, rules: Rules) -> Position:
    """q8.end: the game is over after this roll once enough rows are locked."""
    return Position(rows=pos.rows, misthrows=pos.misthrows, closed=pos.closed, turns=pos.turns, lucky=pos.lucky,
                    over=len(pos.closed) >= rules.end_locks)


def end_of_turn(pos: Position, seat: int, crossed: bool, rules: Rules) -> Position:
    """The active seat's turn ends: q8.misthrow if it crossed nothing, then q8.end."""
    misthrows = list(pos.misthrows)
    if not crossed:
        misthrows[seat] += 1
    turns = list(pos.turns)
    turns[seat] += 1
    over = len(pos.closed) >= rules.end_locks or max(misthrows) >= rules.end_misthrows
    return Position(rows=pos.rows, misthrows=tuple(misthrows), closed=pos.closed, turns=tuple(turns),
                    lucky=pos.lucky, over=over)


def color_crosses(state: State, pos: Position, seat: int, lock_min: int) -> Iterator[Cross]:
    """q8.color: every white + colour cross the active seat could make on these dice from ``pos``."""
    dice = state.rolled
    for r, color in enumerate(COLORS):
        value = dice.color_value(color)
        if value is None:
            continue
        for white in sorted({dice.white1, dice.white2}):
            cross = cross_at(pos, seat, r, white + value, lock_min)
            if cross is not None:
                yield cross


def _finish_turn(state: State, pos: Position, seat: int, crossed: bool, rules: Rules) -> Outcome:
    """The active seat's best colour step after its white choice (or none), turn ended and valued."""
    best = Outcome(pos=end_of_turn(pos, seat, crossed, rules), misthrow=not crossed)
    best = replace(best, value=margin(best.pos, seat, rules))
    for follow in color_crosses(state, pos, seat, rules.lock_min):
        after = end_of_turn(with_cross(pos, seat, follow), seat, True, rules)
        value = margin(after, seat, rules)
        if value > best.value:
            best = Outcome(pos=after, follow=follow, value=value)
    return best


def _outcome(state: State, base: Position, rules: Rules, seat: int, action: Any) -> Outcome:
    cross = None
    pos = base
    if not isinstance(action, Pass):
        number = crossed_number(state, action)
        r = COLORS.index(action.row)
        cross = None if number is None else cross_at(base, seat, r, number, rules.lock_min, open_only=False)
        if cross is None:  # the referee offered it: a coach that cannot follow is a bug of the coach
            raise AssertionError(f"coach and referee disagree about {action}")
        pos = with_cross(base, seat, cross)
    if state.phase == "color":
        crossed = cross is not None or state.active_crossed
        after = end_of_turn(pos, seat, crossed, rules)
        return Outcome(pos=after, cross=cross, misthrow=not crossed, value=margin(after, seat, rules))
    if seat != state.active:
        after = end_of_roll(pos, rules)
        return Outcome(pos=after, cross=cross, value=margin(after, seat, rules))
    replaces_turn = isinstance(action, LuckyCross) and state.options.lucky_replaces == "turn"
    if replaces_turn:  # q8.lucky: that lucky cross was the whole turn
        after = end_of_turn(pos, seat, True, rules)
        return Outcome(pos=after, cross=cross, value=margin(after, seat, rules))
    done = _finish_turn(state, pos, seat, cross is not None, rules)
    return replace(done, cross=cross)


def advise(state: State, seat: int) -> list[Advice]:
    """Every legal choice of ``seat`` now, best first (an empty list: nothing to decide now)."""
    legal = GAME.legal(state, seat) if 0 <= seat < len(state.names) else []
    if not legal:
        return []
    rules = rules_of(state)
    base = position_of(state)
    outcomes = [(action, _outcome(state, base, rules, seat, action)) for action in legal]
    passed = next(o.value for a, o in outcomes if isinstance(a, Pass))
    advice = [Advice(action=a, expected=o.value, why=_why(a, o, o.value - passed, rules)) for a, o in outcomes]
    return sorted(advice, key=lambda a: -a.expected)


def _why(action: Any, out: Outcome, over_pass: float, rules: Rules) -> Reason:
    parts: list[tuple[str, dict[str, Any]]] = []
    cross = out.cross
    if isinstance(action, LuckyCross):
        parts.append(("coach_lucky", {"gain": over_pass}))
    elif cross is not None:
        parts.append(_cross_words(cross, rules))
    if out.follow is not None:
        code = "coach_then_color" if cross is not None else "coach_color_only"
        parts.append((code, {"number": out.follow.number, "color": COLORS[out.follow.row]}))
    if out.misthrow:
        code = "coach_misthrow_ends" if out.pos.over else "coach_misthrow"
        parts.append((code, {"penalty": rules.penalty}))
    elif out.pos.over:
        lead = round(out.value)
        code = "coach_ends_ahead" if lead > 0 else "coach_ends_behind" if lead < 0 else "coach_ends_level"
        parts.append((code, {"lead": abs(lead)}))
    if not parts:
        parts.append(("coach_wait", {}))
    return tuple(parts)


def _cross_words(cross: Cross, rules: Rules) -> tuple[str, dict[str, Any]]:
    color = COLORS[cross.row]
    if cross.lock:
        return ("coach_lock", {"color": color, "points": cross.gain})
    if cross.crosses == rules.lock_min and cross.field < FIRST_LOCK:
        return ("coach_lock_reach", {"color": color, "n": cross.crosses})
    if cross.skipped == 0:
        return ("coach_no_gap", {"color": color, "points": cross.gain})
    return ("coach_skips", {"color": color, "n": cross.skipped})


def no_choice(state: State, seat: int) -> Refusal:
    """Why ``seat`` has nothing to decide now, in the referee's own words (when ``advise`` is empty)."""
    if state.phase == "over":
        return Refusal("q8.end", "game_over")
    if state.phase == "roll":
        return Refusal("q8.dice", "q8_roll_first", name=state.names[state.active])
    if state.phase == "white":
        return Refusal("q8.white", "q8_already_decided", name=state.names[seat])
    return Refusal("q8.color", "q8_only_active", name=state.names[state.active])


def best_action(state: State, seat: int) -> WhiteCross | LuckyCross | ColorCross | Pass | None:
    """The coach's first choice for ``seat`` now (None: nothing to decide)."""
    advice = advise(state, seat)
    return advice[0].action if advice else None
