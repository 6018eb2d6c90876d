"""Dispute mode ("Was wäre wenn?"): the referee's verdict on an action, never committed.

Pure: no Flet. ``judge(table, action, lang)`` asks ``Table.what_if`` (which
never touches the store, the record or the table's state) and words the answer
with its rule id; ``candidates(table)`` offers the legal actions of the current
position plus a few illegal ones worth arguing about; ``describe`` names an
action in words a player recognises.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.i18n import add_strings, tr
from companion.table import Table, Verdict
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
        # colours (Qwixx rows, Verlies obstacles)
        "rules.color.red": {"de": "Rot", "en": "red"},
        "rules.color.yellow": {"de": "Gelb", "en": "yellow"},
        "rules.color.green": {"de": "Grün", "en": "green"},
        "rules.color.blue": {"de": "Blau", "en": "blue"},
        "rules.attr.strength": {"de": "Stärke", "en": "strength"},
        "rules.attr.mind": {"de": "Geist", "en": "mind"},
        "rules.attr.dexterity": {"de": "Geschick", "en": "dexterity"},
        "rules.kind.chasm": {"de": "Abgrund", "en": "chasm"},
        "rules.kind.acid_lake": {"de": "Säuresee", "en": "acid lake"},
        "rules.kind.lava": {"de": "Lava", "en": "lava"},
        "rules.kind.magic_barrier": {"de": "Magie-Sperre", "en": "magic barrier"},
        "rules.kind.cave_in": {"de": "Einsturz", "en": "cave-in"},
        "rules.kind.door": {"de": "Tür", "en": "door"},
        "rules.kind.wooden_bridge": {"de": "Holzbrücke", "en": "wooden bridge"},
        "rules.kind.gold": {"de": "Gold", "en": "gold"},
        "rules.kind.monster": {"de": "Monster", "en": "monster"},
        "rules.kind.trap": {"de": "Falle", "en": "trap"},
        # actions: Qwixx Longo
        "rules.act.q8.roll": {"de": "{name} würfelt: {dice}", "en": "{name} rolls: {dice}"},
        "rules.act.q8.roll_open": {"de": "{name} würfelt", "en": "{name} rolls"},
        "rules.act.q8.white_dice": {"de": "Weiß {a} und {b}", "en": "white {a} and {b}"},
        "rules.act.q8.die": {"de": "{color} {value}", "en": "{color} {value}"},
        "rules.act.q8.white": {"de": "{name}: Weiß {sum} in {color}", "en": "{name}: white {sum} in {color}"},
        "rules.act.q8.lucky": {"de": "{name}: Glückszahl » {color}", "en": "{name}: lucky number » {color}"},
        "rules.act.q8.color": {"de": "{name}: {color} {white}+{die}={sum}", "en": "{name}: {color} {white}+{die}={sum}"},
        "rules.act.q8.pass": {"de": "{name}: Passen", "en": "{name}: pass"},
        # actions: Verflixxt
        "rules.act.vx.roll": {"de": "{name} würfelt {value}", "en": "{name} rolls {value}"},
        "rules.act.vx.move_figure": {"de": "{name}: Figur {n} ziehen (Feld {pos})", "en": "{name}: move figure {n} (square {pos})"},
        "rules.act.vx.move_guard": {"de": "{name}: Wächter {n} ziehen (Feld {pos})", "en": "{name}: move guard {n} (square {pos})"},
        "rules.act.vx.move_wurminator": {"de": "{name}: Wurminator ziehen", "en": "{name}: move the Wurminator"},
        "rules.act.vx.skip_wurminator": {"de": "{name}: Wurminator stehen lassen", "en": "{name}: leave the Wurminator"},
        # actions: Raus aus dem Verlies
        "rules.act.rv.recover": {"de": "{name}: erholen", "en": "{name}: recover"},
        "rules.act.rv.draw_card": {"de": "{name}: Verlieskarte ziehen", "en": "{name}: draw a dungeon card"},
        "rules.act.rv.lay_card": {"de": "{name}: die Karte ist ein {card}", "en": "{name}: the card is a {card}"},
        "rules.act.rv.unauthorised_draw": {"de": "{name}: unberechtigt gezogen", "en": "{name}: drawn without being allowed"},
        "rules.act.rv.sit_out": {"de": "{name}: aussetzen", "en": "{name}: sit out"},
        "rules.card.passage": {"de": "Gang", "en": "passage"},
        "rules.card.room": {"de": "Raum", "en": "room"},
        "rules.act.rv.walk": {"de": {"count": "cards", "one": "{name}: {cards} Karte laufen", "other": "{name}: {cards} Karten laufen"},
                              "en": {"count": "cards", "one": "{name}: walk {cards} card", "other": "{name}: walk {cards} cards"}},
        "rules.act.rv.gain_gold": {"de": "{name}: +{amount} Gold", "en": "{name}: +{amount} gold"},
        "rules.act.rv.lose_gold": {"de": "{name}: −{amount} Gold", "en": "{name}: −{amount} gold"},
        "rules.act.rv.gain_treasure": {"de": "{name}: Schatz ({gold} Gold)", "en": "{name}: treasure ({gold} gold)"},
        "rules.act.rv.lose_treasure": {"de": "{name}: Schatz {n} abgeben", "en": "{name}: give up treasure {n}"},
        "rules.act.rv.reveal_treasure": {"de": "{name}: Schatz {n} zeigen", "en": "{name}: show treasure {n}"},
        "rules.act.rv.obstacle": {
            "de": "{name}: {kind} {number} ({color}) versuchen",
            "en": "{name}: try {kind} {number} ({color})",
        },
        "rules.act.rv.roll": {"de": "{name} würfelt {value}", "en": "{name} rolls {value}"},
        "rules.act.rv.roll_gold": {"de": "{name}: Gold würfeln ({dice})", "en": "{name}: roll gold ({dice})"},
        "rules.dice.w6": {"de": "W6", "en": "d6"},
        "rules.dice.w3": {"de": "W3", "en": "d3"},
        "rules.dice.1+w6": {"de": "1+W6", "en": "1+d6"},
        # records made before the chance protocol (dice inside the action)
        "rules.act.rv.start_fight": {
            "de": "{name}: Kampf {attribute} gegen {monster_value}, gewürfelt {roll}",
            "en": "{name}: fight {attribute} against {monster_value}, rolled {roll}",
        },
        "rules.act.rv.monster_roll": {"de": "{name} würfelt für das Monster: {roll}", "en": "{name} rolls for the monster: {roll}"},
        "rules.act.rv.decline_obstacle": {"de": "{name}: {kind} {number} nicht versuchen", "en": "{name}: do not try {kind} {number}"},
        "rules.act.rv.room_card": {"de": "{name}: Raumkarte {kind}", "en": "{name}: room card {kind}"},
        "rules.act.rv.fight": {
            "de": "{name}: Kampf {attribute} gegen {monster_value}",
            "en": "{name}: fight {attribute} against {monster_value}",
        },
        "rules.act.rv.trap": {"de": "{name}: Falle", "en": "{name}: trap"},
        "rules.act.rv.lay_exit": {"de": "{name}: Ausgang anlegen", "en": "{name}: lay an exit"},
        "rules.act.rv.shuffle_back_exit": {"de": "{name}: Ausgang zurückmischen", "en": "{name}: shuffle the exit back"},
        "rules.act.rv.escape": {"de": "{name}: entkommen", "en": "{name}: escape"},
        "rules.act.rv.end_turn": {"de": "{name}: Zug beenden", "en": "{name}: end the turn"},
        "rules.act.other": {"de": "{name}: {type}", "en": "{name}: {type}"},
    }
)

PREFIX = {"qwixx-longo": "q8", "verflixxt": "vx", "raus-aus-dem-verlies": "rv"}

# the rule that governs an action of this type (for an allowed action, or a refusal without a rule id)
ACTION_RULES: dict[tuple[str, str], str] = {
    ("q8", "roll"): "q8.dice", ("q8", "white"): "q8.white", ("q8", "lucky"): "q8.lucky",
    ("q8", "color"): "q8.color", ("q8", "pass"): "q8.white",
    ("vx", "roll"): "vx.move", ("vx", "move_figure"): "vx.move", ("vx", "move_guard"): "vx.guard",
    ("vx", "move_wurminator"): "vx.wurm.roll", ("vx", "skip_wurminator"): "vx.wurm.roll",
    ("rv", "recover"): "rv.injury", ("rv", "draw_card"): "rv.turn", ("rv", "walk"): "rv.turn",
    ("rv", "lay_card"): "rv.room", ("rv", "unauthorised_draw"): "rv.penalty", ("rv", "sit_out"): "rv.penalty",
    ("rv", "gain_gold"): "rv.gold", ("rv", "lose_gold"): "rv.gold", ("rv", "gain_treasure"): "rv.treasure",
    ("rv", "lose_treasure"): "rv.treasure", ("rv", "reveal_treasure"): "rv.treasure",
    ("rv", "obstacle"): "rv.obstacle", ("rv", "decline_obstacle"): "rv.obstacle", ("rv", "room_card"): "rv.room",
    ("rv", "fight"): "rv.monster", ("rv", "roll"): "rv.dice", ("rv", "roll_gold"): "rv.dice", ("rv", "trap"): "rv.room", ("rv", "lay_exit"): "rv.exit",
    ("rv", "shuffle_back_exit"): "rv.exit", ("rv", "escape"): "rv.exit", ("rv", "end_turn"): "rv.turn",
}


@dataclass(frozen=True)
class Ruling:
    ok: bool
    rule: str | None
    text: str  # the verdict in words, one or two lines
    label: str  # the action in words
    verdict: Verdict


def _dump(table: Table, action: Any) -> dict[str, Any]:
    try:
        return table.game.dump_action(table.game.parse_action(action))
    except InvalidInput:
        return dict(action) if isinstance(action, dict) else {}


def _names(table: Table) -> list[str]:
    return [p.name for p in table.players]


def _word(lang: str, prefix: str, value: Any) -> str:
    key = f"rules.{prefix}.{value}"
    try:
        return tr(lang, key)
    except KeyError:
        return str(value)


def describe(table: Table, action: Any, lang: str = "de", state: Any = None) -> str:
    """An action in words: 'Ana: Weiß 7 in Rot', 'Ben: Wächter 2 ziehen (Feld 5)'."""
    return describe_action(table.game, _names(table), action, lang, table.state if state is None else state)


def _dump_game(game: Any, action: Any) -> dict[str, Any]:
    try:
        return game.dump_action(game.parse_action(action))
    except InvalidInput:
        return dict(action) if isinstance(action, dict) else {}


def _q8_dice(lang: str, d: dict[str, Any]) -> str:
    """A Qwixx roll's faces in words: 'Weiß 5 und 3 · Rot 4 · Blau 8' (removed colours are not rolled)."""
    parts = [tr(lang, "rules.act.q8.white_dice", a=d.get("white1", "?"), b=d.get("white2", "?"))]
    for c in ("red", "yellow", "green", "blue"):
        if d.get(c) is not None:
            parts.append(tr(lang, "rules.act.q8.die", color=_word(lang, "color", c), value=d[c]))
    return " · ".join(parts)


def describe_action(game: Any, names: list[str], action: Any, lang: str = "de", state: Any = None) -> str:
    """The describe hook of every game: ``action`` (a model or its dict) in the player's words.

    ``state`` is the position *before* the action (Qwixx colour crosses name
    the dice, Verflixxt moves the square). Used by the what-if list and by the
    history's replay, so a record is told in the same words as the live game.
    """
    d = _dump_game(game, action)
    kind = str(d.get("type", "?"))
    by = d.get("by")
    name = names[by] if isinstance(by, int) and 0 <= by < len(names) else "?"
    prefix = PREFIX.get(game.id, "")
    p: dict[str, Any] = {k: v for k, v in d.items() if k not in ("type", "by")}
    p["name"] = name
    if prefix == "q8" and kind == "roll":
        if d.get("white1") is None:
            return tr(lang, "rules.act.q8.roll_open", name=name)
        p["dice"] = _q8_dice(lang, d)
    elif prefix == "q8":
        dice = getattr(state, "dice", None)
        row = d.get("row")
        if row:
            p["color"] = _word(lang, "color", row)
        p["sum"] = dice.white_sum if dice is not None else "?"
        if kind == "color":
            white = (dice.white1 if d.get("white") == 1 else dice.white2) if dice is not None else None
            die = dice.color_value(row) if dice is not None else None
            p.update(white=white if white is not None else "?", die=die if die is not None else "?")
            p["sum"] = white + die if white is not None and die is not None else "?"
    elif prefix == "vx":
        if kind == "move_figure":
            all_figs = getattr(state, "figures", None) or ()
            figs = all_figs[by] if isinstance(by, int) and 0 <= by < len(all_figs) else ()
            f = d.get("figure", 0)
            p.update(n=f + 1, pos=figs[f] if 0 <= f < len(figs) else "?")
        elif kind == "move_guard":
            g = d.get("guard", 0)
            guards = getattr(state, "guards", None) or ()
            p.update(n=g + 1, pos=guards[g] if 0 <= g < len(guards) else "?")
    elif prefix == "rv":
        for k, pre in (("kind", "kind"), ("color", "color"), ("attribute", "attr"), ("card", "card"), ("dice", "dice")):
            if k in p and p[k] is not None:
                p[k] = _word(lang, pre, p[k])
        if "index" in p:
            p["n"] = p["index"] + 1
    key = f"rules.act.{prefix}.{kind}"
    try:
        return tr(lang, key, **p)
    except KeyError:
        return tr(lang, "rules.act.other", name=name, type=kind)


def action_rule(table: Table, action: Any, state: Any = None) -> str | None:
    state = table.state if state is None else state
    d = _dump(table, action)
    prefix = PREFIX.get(table.game.id, "")
    kind = d.get("type")
    if prefix == "q8" and kind == "pass" and getattr(state, "phase", None) == "color" and not getattr(state, "active_crossed", True):
        return "q8.misthrow"
    return ACTION_RULES.get((prefix, str(kind)))


def _scores(table: Table, before: Any, after: Any, lang: str) -> str | None:
    try:
        old = {p.seat: p.total for p in table.game.result(before).players}
        new = table.game.result(after).players
    except Exception:  # a game without mid-game totals: say nothing about points
        return None
    parts = []
    for p in new:
        delta = p.total - old.get(p.seat, 0)
        if delta:
            parts.append(tr(lang, "rules.dispute.score", name=p.name, total=p.total, delta=f"{delta:+d}"))
    return tr(lang, "rules.dispute.after", scores=", ".join(parts)) if parts else None


def judge(table: Table, action: Any, lang: str = "de", seats: set[int] | None = None) -> Ruling:
    """The verdict on ``action`` in the table's current position; the table is not changed."""
    state = table.state
    verdict = table.what_if(action, seats)
    label = describe(table, action, lang, state)
    if verdict.ok:
        lines = [tr(lang, "rules.dispute.ok", action=label)]
        scores = _scores(table, state, verdict.state, lang)
        if scores:
            lines.append(scores)
        try:
            if table.game.is_over(verdict.state):
                lines.append(tr(lang, "rules.dispute.over"))
        except Exception:
            pass
        return Ruling(True, action_rule(table, action, state), "\n".join(lines), label, verdict)
    err: RefereeError = verdict.error
    rule = err.rule or action_rule(table, action, state)
    return Ruling(False, rule, tr(lang, "rules.dispute.no", action=label, reason=err.message(lang)), label, verdict)


def verdict_text(table: Table, action: Any, lang: str = "de", seats: set[int] | None = None) -> tuple[str, str | None]:
    """(verdict in words, rule id): the short form of ``judge``."""
    r = judge(table, action, lang, seats)
    return r.text, r.rule


# --- what to offer -----------------------------------------------------------------------------
def _illegal_pool(table: Table, state: Any) -> list[dict[str, Any]]:
    """Actions worth arguing about in this game (most of them refused now)."""
    n = len(table.players)
    prefix = PREFIX.get(table.game.id, "")
    out: list[dict[str, Any]] = []
    if prefix == "q8":
        active = getattr(state, "active", 0)
        order = [active] + [s for s in range(n) if s != active]
        for s in order:
            for c in ("red", "yellow", "green", "blue"):
                out += [
                    {"type": "white", "by": s, "row": c},
                    {"type": "color", "by": s, "row": c, "white": 1},
                    {"type": "lucky", "by": s, "row": c},
                ]
            out.append({"type": "pass", "by": s})
    elif prefix == "vx":
        turn = getattr(state, "turn", 0)
        for g in range(len(getattr(state, "guards", ()))):
            out.append({"type": "move_guard", "by": turn, "guard": g})
        out += [{"type": "move_wurminator", "by": turn}, {"type": "skip_wurminator", "by": turn}]
        for s in [turn] + [s for s in range(n) if s != turn]:
            for f in range(len(state.figures[s]) if s < len(getattr(state, "figures", ())) else 0):
                out.append({"type": "move_figure", "by": s, "figure": f})
    elif prefix == "rv":
        me = getattr(state, "current", 0)
        other = (me + 1) % n
        out += [
            {"type": "draw_card", "by": me}, {"type": "walk", "by": me, "cards": 2}, {"type": "escape", "by": me},
            {"type": "recover", "by": me}, {"type": "lay_exit", "by": me}, {"type": "shuffle_back_exit", "by": me},
            {"type": "gain_gold", "by": me, "amount": 3, "reason": "passage"}, {"type": "reveal_treasure", "by": me, "index": 0},
            {"type": "end_turn", "by": me}, {"type": "draw_card", "by": other},
        ]
    return out


@dataclass(frozen=True)
class Candidate:
    action: dict[str, Any]
    label: str
    legal: bool


def candidates(table: Table, lang: str = "de", max_legal: int = 12, max_illegal: int = 4) -> list[Candidate]:
    """The legal actions now (deduplicated by their words) and a few refused ones, each rule once."""
    state = table.state
    game = table.game
    out: list[Candidate] = []
    seen: set[str] = set()
    legal_dumps: list[dict[str, Any]] = []
    try:
        legal = game.legal(state)
    except Exception:
        legal = []
    for a in legal:
        d = a.example() if isinstance(a, Template) else game.dump_action(a)  # a value to enter: its first one
        legal_dumps.append(d)
        label = describe(table, d, lang, state)
        if label in seen or len([c for c in out if c.legal]) >= max_legal:
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
