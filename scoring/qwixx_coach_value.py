"""What a Qwixx Longo position is worth to the coach, in expected final points.

A row is valued by a small dynamic programme over its own state: the index of
its rightmost cross, its number of crosses and the rolls the game still lasts.
In each coming roll the row is offered ``alpha`` numbers on average, each with
the distribution of a sum of two W8 (the white sum, or white + colour on the
player's own turns), and takes one if that is worth more than waiting. The
rows of a sheet are valued independently; ``alpha`` (tuned in games of coach
against coach) is what stands for a white sum that goes into one row only and
for the colour sums of the player's own turns.

How long the game still lasts is estimated from the table (q8.end): a line
over a few features (crosses made, turns played, rows locked and close to a
lock, each player's misthrows so far as their rate of misthrows to come),
fitted to seeded games.

Everything here works on plain tuples (``Row``), not on the referee's models:
the coach values dozens of outcomes per question and must answer in a few
milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass

FIELDS = 15  # q8.rows: 2..16
FIRST_LOCK = FIELDS - 2  # q8.lockfields: the last two fields of a row are its lock fields
HORIZON_MAX = 80  # rolls the tables look ahead; a longer game is valued as this long
STRIDE = 16  # a row state (p, n) sits at (p + 1) * STRIDE + n in a table

# The chance of each field's number as the sum of two W8 (index 0 is the row's first field;
# the two directions of q8.rows see the same chances because the sum is symmetric around 9).
SUM_CHANCE: tuple[float, ...] = tuple((8 - abs(s - 9)) / 64 for s in range(2, 17))

# Offers a row gets per roll: a share of the white sum every roll, and of the colour sums on the
# player's own turns (one in ``players`` rolls). Tuned in games of coach variants against the coach,
# two and four players: fewer offers made the coach cross too eagerly, more made it wait too long.
ALPHA_WHITE = 0.40
ALPHA_COLOR = 1.20
# A lucky number is worth a cross with no gap now and then; this share of its chance is counted.
LUCKY_SHARE = 0.5


def points(n: int) -> int:
    """q8.score: n crosses score n·(n+1)/2."""
    return n * (n + 1) // 2


Row = tuple[int, int, int]  # (index of the rightmost cross or -1, crosses, 1 if this player locked it)


@dataclass(frozen=True)
class Rules:
    """The options that change values: from the game's ``Options`` and the number of players."""

    players: int
    lock_min: int = 6
    penalty: int = 5
    end_locks: int = 2
    end_misthrows: int = 4

    @property
    def alpha(self) -> float:
        return ALPHA_WHITE + ALPHA_COLOR / self.players


@dataclass(frozen=True)
class Position:
    """A table as the coach sees it, after some choice: every sheet, the closed rows, the misthrows."""

    rows: tuple[tuple[Row, ...], ...]  # [seat][row in COLORS order]
    misthrows: tuple[int, ...]
    closed: frozenset[int]  # rows locked (or locked in the running white phase)
    turns: tuple[int, ...]  # own turns each seat has played
    lucky: tuple[float, ...]  # per seat: the chance that a white sum is one of its lucky numbers
    over: bool = False


# Row tables by (lock minimum, alpha), each built only as far ahead as a question has needed so
# far: the fitted estimate of the rolls to come (``rolls_left``) never exceeds about 27, so most of
# the HORIZON_MAX tables were never read, and building them all was most of the first question's
# time on a phone (the first "Tipp?" after a start). At most one entry per lock minimum and table
# size.
_TABLES: dict[tuple[int, float], list[tuple[float, ...]]] = {}


def row_table(lock_min: int, alpha: float, horizon: int = HORIZON_MAX) -> list[tuple[float, ...]]:
    """``table[h][(p + 1) * STRIDE + n]``: expected final points of an open row with ``h`` rolls to
    go, for every ``h`` up to ``horizon`` (at least; later ones only once asked for)."""
    tables = _TABLES.get((lock_min, alpha))
    if tables is None:
        now = [0.0] * (STRIDE * STRIDE)
        for p in range(-1, FIRST_LOCK):
            for n in range(min(p + 1, FIRST_LOCK) + 1):
                now[(p + 1) * STRIDE + n] = points(n)
        tables = _TABLES[(lock_min, alpha)] = [tuple(now)]
    while len(tables) <= min(horizon, HORIZON_MAX):
        tables.append(_next_roll(tables[-1], lock_min, alpha))
    return tables


def clear_tables() -> None:
    """Forget the row tables (the benches time a start's first question with it)."""
    _TABLES.clear()


def _next_roll(prev: tuple[float, ...], lock_min: int, alpha: float) -> tuple[float, ...]:
    """The table one roll further: for each row (p, n), wait, or take an offered field (p + 1 and
    beyond) where that is worth more; a lock field (q8.lockfields) brings the lock and bonus cross."""
    now = list(prev)
    for p in range(-1, FIRST_LOCK):
        at = (p + 1) * STRIDE
        for n in range(min(p + 1, FIRST_LOCK) + 1):
            wait = prev[at + n]
            offered = 0.0
            for j in range(p + 1, FIRST_LOCK):
                take = prev[(j + 1) * STRIDE + n + 1]
                if take > wait:
                    offered += SUM_CHANCE[j] * (take - wait)
            if n >= lock_min:
                take = float(points(n + 2))
                for j in range(FIRST_LOCK, FIELDS):
                    if take > wait:
                        offered += SUM_CHANCE[j] * (take - wait)
            now[at + n] = wait + alpha * offered
    return tuple(now)


# the row tables at the whole rolls around a number of rolls to go, and the share of the later one
TablesAt = tuple[tuple[float, ...], tuple[float, ...] | None, float]


def _tables_at(rolls: float, rules: Rules) -> TablesAt:
    """The two row tables around ``rolls`` (> 0) rolls to go and the share of the later one (None
    beyond the horizon: the last table alone)."""
    rolls = min(rolls, float(HORIZON_MAX))
    low = int(rolls)
    key = (rules.lock_min, round(rules.alpha, 3))
    table = _TABLES.get(key)
    if table is None or len(table) <= low + 1:  # not built this far yet: a start's first questions
        table = row_table(*key, low + 1)
    if low >= HORIZON_MAX:
        return table[HORIZON_MAX], None, 0.0
    return table[low], table[low + 1], rolls - low


def row_value(row: Row, closed: bool, rolls: float, rules: Rules) -> float:
    """Expected final points of one row with ``rolls`` rolls to go (interpolated between whole rolls)."""
    p, n, bonus = row
    if closed or bonus or p >= FIRST_LOCK or rolls <= 0:
        return float(points(n + bonus))
    now, later, share = _tables_at(rolls, rules)
    at = (p + 1) * STRIDE + n
    return now[at] if later is None else now[at] * (1 - share) + later[at] * share


def sheet_value(pos: Position, seat: int, rolls: float, rules: Rules) -> float:
    """Expected final total of ``seat``: its rows (each as ``row_value``), its misthrows, a share of
    its lucky numbers."""
    return _sheet(pos, seat, rolls, rules, _tables_at(rolls, rules) if rolls > 0 else None)


def _sheet(pos: Position, seat: int, rolls: float, rules: Rules, tables: TablesAt | None) -> float:
    """``sheet_value`` with the row tables of ``rolls`` looked up by the caller (``_tables_at``; None
    when no roll is to come): once per table, not per row, as the coach values a few hundred sheets
    per question."""
    total = -float(rules.penalty * pos.misthrows[seat])
    rows = pos.rows[seat]
    closed = pos.closed
    if tables is None:
        for _p, n, bonus in rows:
            total += float(points(n + bonus))
        return total
    now, later, share = tables
    for i, (p, n, bonus) in enumerate(rows):
        if i in closed or bonus or p >= FIRST_LOCK:
            total += float(points(n + bonus))
        else:
            at = (p + 1) * STRIDE + n
            total += now[at] if later is None else now[at] * (1 - share) + later[at] * share
    open_counts = [row[1] for i, row in enumerate(rows) if i not in closed and row[0] < FIRST_LOCK - 1]
    if open_counts:  # q8.lucky: a cross with no gap in a fewest-cross row, worth about n + 1
        total += LUCKY_SHARE * rolls * pos.lucky[seat] * (min(open_counts) + 1)
    return total


# --- how long the game still lasts ------------------------------------------------------
MISTHROW_PRIOR = (0.5, 4.0)  # misthrows and turns a player is assumed to have had before the first
# Rolls still to come, as a line over the table's features below, fitted by least squares to the
# rolls that followed in seeded coached games (one to five players, coach against coach, and two and
# four players against the greedy baseline): the constant, then per feature.
REST_BASE = 25.2
REST_WEIGHTS = (
    -0.99,  # crosses (up to the lock minimum) in the row whose lock would end the game
    -0.48,  # crosses per player
    -2.01,  # rows locked
    -7.02,  # one over the number of players
    -0.06,  # turns played per player
    -44.4,  # chance per roll that some player marks their last misthrow
    +9.27,  # a game of one (every roll is the player's own turn: no white sum is anybody else's)
)
REST_MIN = 0.5


def misthrow_hazard(pos: Position, rules: Rules) -> float:
    """The chance per roll that some player's last misthrow ends the game (each at its rate so far)."""
    hazard = 0.0
    for seat, mis in enumerate(pos.misthrows):
        rate = (mis + MISTHROW_PRIOR[0]) / (pos.turns[seat] + MISTHROW_PRIOR[1])
        hazard += rate / (max(1, rules.end_misthrows - mis) * rules.players)
    return hazard


def rolls_left(pos: Position, rules: Rules) -> float:
    """Expected rolls after the current one until q8.end (none once it is over)."""
    if pos.over:
        return 0.0
    players = len(pos.rows)
    ready = sorted(
        (max(min(sheet[r][1], rules.lock_min) for sheet in pos.rows) for r in range(len(pos.rows[0]))
         if r not in pos.closed),
        reverse=True,
    )
    need = rules.end_locks - len(pos.closed)
    last_lock = ready[need - 1] if 0 < need <= len(ready) else 0
    features = (
        last_lock,
        sum(row[1] for sheet in pos.rows for row in sheet) / players,
        len(pos.closed),
        1.0 / players,
        sum(pos.turns) / players,
        misthrow_hazard(pos, rules),
        1.0 if players == 1 else 0.0,
    )
    rest = REST_BASE + sum(w * f for w, f in zip(REST_WEIGHTS, features, strict=True))
    return min(float(HORIZON_MAX), max(REST_MIN, rest))


def margin(pos: Position, seat: int, rules: Rules) -> float:
    """Expected final points of ``seat`` minus the best other seat's (its own points when alone)."""
    rolls = rolls_left(pos, rules)
    tables = _tables_at(rolls, rules) if rolls > 0 else None
    mine = _sheet(pos, seat, rolls, rules, tables)
    others = [_sheet(pos, s, rolls, rules, tables) for s in range(len(pos.rows)) if s != seat]
    return mine - max(others) if others else mine
