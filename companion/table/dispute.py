"""Dispute mode ("Was wäre wenn?"): the referee's verdict on an action, never committed.

Pure: no Flet. ``judge(table, action, lang)`` asks ``Table.what_if`` (which
never touches the store, the record or the table's state) and words the answer
with its rule id; ``candidates(table)`` offers the legal actions of the current
position plus a few illegal ones worth arguing about; ``describe`` names an
action in words a player recognises. What differs between games comes from the
game's hooks in the registry (``companion.registry.GameUI``).
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from companion import registry
from companion.game_hooks import ActionDict, Words
from companion.i18n import add_strings, minus, tr
from companion.registry import GameUI
from companion.table.table import ActionInput, AnyGame, Table, Verdict
from scoring.engine import Template
from scoring.errors import InvalidInput, RefereeError

add_strings(
    {
        "rules.dispute.ok": {"de": "Erlaubt: {action}.", "en": "Allowed: {action}."},
        "rules.dispute.no": {"de": "Nicht erlaubt: {action}. {reason}", "en": "Not allowed: {action}. {reason}"},
        "rules.dispute.after": {"de": "Punkte danach: {scores}", "en": "Points afterwards: {scores}"},
        "rules.dispute.score": {"de": "{name} {total} ({delta})", "en": "{name} {total} ({delta})"},
        "rules.dispute.over": {"de": "Damit wäre das Spiel zu Ende.", "en": "That would end the game."},
        "rules.dispute.unchanged": {
            "de": "Nur ausprobiert – am echten Spiel ändert sich nichts.",
            "en": "Only a trial – the real game does not change.",
        },
        # colours (shared by games: rows, obstacles); a game's own words come with its hooks
        "rules.color.red": {"de": "Rot", "en": "red"},
        "rules.color.yellow": {"de": "Gelb", "en": "yellow"},
        "rules.color.green": {"de": "Grün", "en": "green"},
        "rules.color.blue": {"de": "Blau", "en": "blue"},
        "rules.act.other": {"de": "{name}: {type}", "en": "{name}: {type}"},
    }
)


@dataclass(frozen=True)
class Ruling:
    ok: bool
    rule: str | None
    text: str  # the verdict in words, one or two lines
    label: str  # the action in words
    verdict: Verdict


def _dump(table: Table, action: ActionInput) -> ActionDict:
    return _dump_game(table.game, action)


def _names(table: Table) -> list[str]:
    return [p.name for p in table.players]


def word(lang: str, prefix: str, value: object) -> str:
    """A value in words (``rules.<prefix>.<value>``: a colour, a kind of card), else as it is."""
    key = f"rules.{prefix}.{value}"
    try:
        return tr(lang, key)
    except KeyError:
        return str(value)


def _ui(table: Table) -> GameUI | None:
    return registry.get_ui(table.game.id)


def describe(table: Table, action: ActionInput, lang: str = "de", state: BaseModel | None = None) -> str:
    """An action in words: 'Ana: Weiß 7 in Rot', 'Ben: Wächter 2 ziehen (Feld 5)'."""
    return describe_action(table.game, _names(table), action, lang, table.state if state is None else state)


def _dump_game(game: AnyGame, action: ActionInput) -> ActionDict:
    try:
        dumped: ActionDict = game.dump_action(game.parse_action(action))
        return dumped
    except InvalidInput:
        return dict(action) if isinstance(action, dict) else {}


def describe_action(game: AnyGame, names: list[str], action: ActionInput, lang: str, state: BaseModel) -> str:
    """The describe hook of every game: ``action`` (a model or its dict) in the player's words.

    The words are ``rules.act.<prefix>.<type>`` filled with the action's fields, the player's
    name and what the game's ``describe`` hook adds (values shown in the game; a ``_key`` it
    returns picks other words). ``state`` is the position *before* the action. Used by the
    what-if list and by the history's replay, so a record is told in the same words as the game.
    """
    d = _dump_game(game, action)
    kind = str(d.get("type", "?"))
    by = d.get("by")
    name = names[by] if isinstance(by, int) and 0 <= by < len(names) else "?"
    ui = registry.get_ui(game.id)
    p: Words = {k: v for k, v in d.items() if k not in ("type", "by")}
    p["name"] = name
    key = f"rules.act.{ui.prefix if ui is not None else ''}.{kind}"
    if ui is not None and ui.describe is not None:
        p.update(ui.describe(state, d, lang))
        key = str(p.pop("_key", key))
    try:
        return tr(lang, key, **p)
    except KeyError:
        return tr(lang, "rules.act.other", name=name, type=kind)


def action_rule(table: Table, action: ActionInput, state: BaseModel | None = None) -> str | None:
    """The rule that governs ``action`` here: the game's ``action_rule`` hook, else its ``action_rules``."""
    state = table.state if state is None else state
    d = _dump(table, action)
    ui = _ui(table)
    if ui is None:
        return None
    if ui.action_rule is not None:
        rule = ui.action_rule(state, d)
        if rule:
            return rule
    return ui.action_rules.get(str(d.get("type")))


def _scores(table: Table, before: BaseModel, after: BaseModel, lang: str) -> str | None:
    try:
        old = {p.seat: p.total for p in table.game.result(before).players}
        new = table.game.result(after).players
    except RefereeError:  # a game without mid-game totals: say nothing about points
        return None
    parts = []
    for p in new:
        delta = p.total - old.get(p.seat, 0)
        if delta:
            parts.append(tr(lang, "rules.dispute.score", name=p.name, total=p.total, delta=minus(f"{delta:+d}")))
    return tr(lang, "rules.dispute.after", scores=", ".join(parts)) if parts else None


def judge(table: Table, action: ActionInput, lang: str = "de", seats: set[int] | None = None) -> Ruling:
    """The verdict on ``action`` in the table's current position; the table is not changed."""
    state = table.state
    verdict = table.what_if(action, seats)
    label = describe(table, action, lang, state)
    if verdict.ok:
        after = verdict.state
        assert after is not None  # a verdict that is ok carries the state it leads to
        lines = [tr(lang, "rules.dispute.ok", action=label)]
        scores = _scores(table, state, after, lang)
        if scores:
            lines.append(scores)
        if table.game.is_over(after):
            lines.append(tr(lang, "rules.dispute.over"))
        return Ruling(True, action_rule(table, action, state), "\n".join(lines), label, verdict)
    err = verdict.error
    assert err is not None  # a verdict that is not ok carries its refusal
    rule = err.rule or action_rule(table, action, state)
    return Ruling(False, rule, tr(lang, "rules.dispute.no", action=label, reason=err.message(lang)), label, verdict)


def verdict_text(table: Table, action: ActionInput, lang: str = "de",
                 seats: set[int] | None = None) -> tuple[str, str | None]:
    """(verdict in words, rule id): the short form of ``judge``."""
    r = judge(table, action, lang, seats)
    return r.text, r.rule


# --- what to offer -----------------------------------------------------------------------------
def _illegal_pool(table: Table, state: BaseModel) -> list[ActionDict]:
    """Actions worth arguing about in this game (most of them refused now): its ``disputed`` hook."""
    ui = _ui(table)
    if ui is None or ui.disputed is None:
        return []
    return list(ui.disputed(state, len(table.players)))


@dataclass(frozen=True)
class Candidate:
    action: ActionDict
    label: str
    legal: bool

    @property
    def by(self) -> int | None:
        """The seat that would make the move (the what-if list groups by it)."""
        by = self.action.get("by")
        return by if isinstance(by, int) else None


def candidates(table: Table, lang: str = "de", max_illegal: int = 4) -> list[Candidate]:
    """Every legal action now (deduplicated by their words: nothing is dropped) and a
    few refused ones, each rule once."""
    state = table.state
    game = table.game
    out: list[Candidate] = []
    seen: set[str] = set()
    legal_dumps: list[ActionDict] = []
    legal = game.legal(state)  # an engine error here is a bug for the tests to see, not an empty list
    for a in legal:
        d = a.example() if isinstance(a, Template) else game.dump_action(a)  # a value to enter: its first one
        legal_dumps.append(d)
        label = describe(table, d, lang, state)
        if label in seen:
            continue
        seen.add(label)
        out.append(Candidate(d, label, True))
    rules_seen: set[str | None] = set()
    illegal: list[Candidate] = []
    spare: list[Candidate] = []
    for d in _illegal_pool(table, state):
        if d in legal_dumps:
            continue
        v = table.what_if(d)
        if v.ok:
            continue
        label = describe(table, d, lang, state)
        if label in seen:
            continue
        seen.add(label)
        cand = Candidate(d, label, False)
        rule = v.error.rule if v.error is not None else None
        if rule in rules_seen:
            spare.append(cand)
        else:
            rules_seen.add(rule)
            illegal.append(cand)
        if len(illegal) >= max_illegal:
            break
    illegal += spare[: max(0, max_illegal - len(illegal))]
    return out + illegal[:max_illegal]


def by_player(cands: list[Candidate]) -> list[tuple[int | None, list[Candidate]]]:
    """The candidates grouped by the seat that would move, in seat order (as first met)."""
    groups: dict[int | None, list[Candidate]] = {}
    for c in cands:
        groups.setdefault(c.by, []).append(c)
    return list(groups.items())
