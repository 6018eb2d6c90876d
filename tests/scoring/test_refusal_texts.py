"""Every Qwixx Longo and Verflixxt refusal, as a player sees it: whole German and English sentences.
Ids the engine carries (colours, dice, tile kinds) are named in the player's
language: "Die Reihe Rot ist abgeschlossen.", never "Die Reihe red …".

Each case is reached through the engine the way a table reaches it (an action, a roll, options,
a score sheet), and cites its ruling id.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scoring import qwixx_longo as q8, verflixxt as vx
from scoring.engine import PlayerSpec, new_record
from scoring.errors import RefereeError
from scoring.texts import REFUSALS, id_name, refusal_text

ROOT = Path(__file__).parents[2]
ANA_BEN = [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")]
Q = q8.GAME
V = vx.GAME


# --- Qwixx Longo situations --------------------------------------------------------------
def q_start(lucky=((2, 3), (2, 3)), **opts: Any) -> q8.State:
    return Q.start(Q.parse_options({"lucky_numbers": [list(p) for p in lucky], **opts}, ANA_BEN), ANA_BEN)


def q_rows(state: q8.State, seat: int, **rows: list[int]) -> q8.State:
    sheets = list(state.sheets)
    sheets[seat] = sheets[seat].model_copy(
        update={"rows": {**sheets[seat].rows, **{k: tuple(v) for k, v in rows.items()}}}
    )
    return state.model_copy(update={"sheets": tuple(sheets)})


def q_roll(state: q8.State, w1: int, w2: int, **colours: int) -> q8.State:
    dice = {c: colours.get(c, 1) for c in q8.COLORS if c not in state.removed}
    return Q.apply(state, q8.Roll(by=state.active, white1=w1, white2=w2, **dice))


def q_color_phase(state: q8.State) -> q8.State:
    return Q.apply(Q.apply(state, q8.Pass(by=0)), q8.Pass(by=1))


def q_sheet(**player: Any) -> dict[str, Any]:
    return {"game": "qwixx-longo", "players": [{"name": "Ana", **player}]}


def q_explain(state: q8.State, color: str, number: int) -> RefereeError:
    why = q8.explain_field(state, 0, color, number)
    assert isinstance(why, RefereeError), why
    raise why


Q_CASES: dict[str, tuple[str, Callable[[], Any], str, str]] = {
    "q8_roll_first": (
        "q8.dice",
        lambda: Q.apply(q_start(), q8.WhiteCross(by=0, row="red")),
        "Zuerst muss Ana würfeln.",
        "Ana must roll first.",
    ),
    "q8_not_rolling": (
        "q8.dice",
        lambda: Q.roll_action(q_roll(q_start(), 1, 1), [1] * 6),
        "Jetzt wird nicht gewürfelt.",
        "This is not the time to roll.",
    ),
    "q8_wrong_roller": (
        "q8.dice",
        lambda: Q.apply(q_start(), q8.Roll(by=1, white1=1, white2=1, red=1, yellow=1, green=1, blue=1)),
        "Ana ist dran mit Würfeln.",
        "It is Ana's turn to roll.",
    ),
    "q8_removed_die": (
        "q8.dice",
        lambda: Q.apply(
            q_start().model_copy(update={"removed": ("green",)}),
            q8.Roll(by=0, white1=1, white2=1, red=1, yellow=1, green=3, blue=1),
        ),
        "Der grüne Würfel ist aus dem Spiel und wird nicht geworfen.",
        "The green die is out of the game and is not rolled.",
    ),
    "q8_missing_die": (
        "q8.dice",
        lambda: Q.apply(q_start(), q8.Roll(by=0, white1=1, white2=1, red=1, yellow=1, green=1)),
        "Der blaue Würfel fehlt im Wurf.",
        "The blue die is missing from the roll.",
    ),
    "q8_dice_count": (
        "q8.dice",
        lambda: Q.roll_action(q_start(), [3, 4]),
        "Geworfen werden 6 Würfel, nicht 2.",
        "6 dice are rolled, not 2.",
    ),
    "q8_bad_die": (
        "q8.dice",
        lambda: Q.roll_action(q_start(), [3, 9, 1, 1, 1, 1]),
        "Der zweite weiße Würfel zeigt eine Zahl von 1 bis 8, nicht 9.",
        "The second white die shows 1 to 8, not 9.",
    ),
    "q8_already_decided": (
        "q8.white",
        lambda: Q.apply(Q.apply(q_roll(q_start(), 3, 4), q8.Pass(by=0)), q8.WhiteCross(by=0, row="red")),
        "Ana hat in dieser Phase schon entschieden.",
        "Ana has already decided in this phase.",
    ),
    "q8_not_white_phase": (
        "q8.white",
        lambda: Q.apply(q_color_phase(q_roll(q_start(), 3, 4)), q8.WhiteCross(by=0, row="red")),
        "Die Phase der weißen Summe ist vorbei.",
        "The white-sum phase is over.",
    ),
    "q8_not_color_phase": (
        "q8.color",
        lambda: Q.apply(q_roll(q_start(), 3, 4), q8.ColorCross(by=0, row="red", white=1)),
        "Jetzt ist nicht die Farbphase.",
        "This is not the colour phase.",
    ),
    "q8_only_active": (
        "q8.color",
        lambda: Q.apply(q_color_phase(q_roll(q_start(), 3, 4)), q8.ColorCross(by=1, row="red", white=1)),
        "Nur Ana (am Zug) darf weiß + Farbe kombinieren.",
        "Only Ana (the active player) may combine white and colour.",
    ),
    "q8_row_locked": (
        "q8.lockfields",
        lambda: Q.apply(
            q_roll(q_start().model_copy(update={"removed": ("red",)}), 3, 4), q8.WhiteCross(by=0, row="red")
        ),
        "Die Reihe Rot ist abgeschlossen.",
        "The red row is locked.",
    ),
    "q8_left_of_cross": (
        "q8.rows",
        lambda: Q.apply(q_rows(q_roll(q_start(), 3, 3), 0, red=[8]), q8.WhiteCross(by=0, row="red")),
        "6 liegt in Rot nicht rechts vom letzten Kreuz (8).",
        "6 is not right of the last cross (8) in red.",
    ),
    "q8_lock_needs_crosses": (
        "q8.lockfields",
        lambda: Q.apply(
            q_rows(q_roll(q_start(), 1, 2), 0, green=[16, 15, 14, 13, 12]), q8.WhiteCross(by=0, row="green")
        ),
        "Für ein Schlossfeld brauchst du 6 Kreuze in Grün (du hast 5).",
        "You need 6 crosses in green before a lock field (you have 5).",
    ),
    "q8_not_lucky": (
        "q8.lucky",
        lambda: Q.apply(q_roll(q_start(), 4, 4), q8.LuckyCross(by=0, row="red")),
        "Die weiße Summe 8 ist keine Glückszahl von Ana (2, 3).",
        "The white sum 8 is not one of Ana's lucky numbers (2, 3).",
    ),
    "q8_lucky_not_fewest": (
        "q8.lucky",
        lambda: Q.apply(q_rows(q_roll(q_start(), 1, 2), 0, red=[2], blue=[16]), q8.LuckyCross(by=0, row="red")),
        "Das Glückszahl-Kreuz geht nur in eine Reihe mit den wenigsten Kreuzen (Gelb, Grün).",
        "The lucky cross goes only into a row with the fewest crosses (yellow, green).",
    ),
    "q8_lucky_replaces_turn": (
        "q8.lucky",
        lambda: Q.apply(
            Q.apply(
                q_roll(q_start(lucky=((9, 12), (2, 3)), lucky_replaces="turn"), 4, 5), q8.LuckyCross(by=0, row="red")
            ),
            q8.ColorCross(by=0, row="red", white=1),
        ),
        "Nach dem Glückszahl-Kreuz bleibt dieser Wurf für dich ungenutzt (Hausregel: ganzer Zug).",
        "After the lucky cross you use no more dice this turn (house rule: whole turn).",
    ),
    "q8_die_removed": (
        "q8.lockfields",
        lambda: Q.apply(
            q_color_phase(q_roll(q_start().model_copy(update={"removed": ("yellow",)}), 3, 4)),
            q8.ColorCross(by=0, row="yellow", white=1),
        ),
        "Der gelbe Würfel ist aus dem Spiel.",
        "The yellow die is out of the game.",
    ),
    "q8_not_white_sum": (
        "q8.white",
        lambda: q_explain(q_roll(q_start(), 3, 5), "blue", 5),
        "Jetzt gilt die weiße Summe 8, nicht 5.",
        "The white sum now is 8, not 5.",
    ),
    "q8_not_color_sum": (
        "q8.color",
        lambda: q_explain(q_color_phase(q_roll(q_start(), 1, 2, red=3)), "red", 9),
        "9 in Rot: ein weißer Würfel plus der rote Würfel ergibt nur 4, 5.",
        "9 in red: a white die plus the red die makes only 4, 5.",
    ),
    "q8_bad_seat": (
        None,
        lambda: Q.apply(q_roll(q_start(), 3, 4), q8.WhiteCross(by=5, row="red")),
        "Platz 5 gibt es nicht.",
        "There is no seat 5.",
    ),
    "q8_lucky_numbers": (
        "q8.lucky",
        lambda: new_record("qwixx-longo", ANA_BEN, {"lucky_numbers": [[2, 3], [7, 7]]}),
        "Glückszahlen von Ben: zwei verschiedene Zahlen von 2 bis 16 (7, 7).",
        "Lucky numbers of Ben: two different numbers from 2 to 16 (7, 7).",
    ),
    "q8_lucky_count": (
        "q8.lucky",
        lambda: new_record("qwixx-longo", ANA_BEN, {"lucky_numbers": [[2, 3]]}),
        "Für jeden der 2 Spielzettel zwei Glückszahlen (angegeben: 1).",
        "Two lucky numbers for each of the 2 sheets (given: 1).",
    ),
    "q8_sheet_range": (
        "q8.rows",
        lambda: Q.score_input(q_sheet(rows={"blue": [17]})),
        "Ana: 17 gibt es in der Reihe Blau nicht (2–16).",
        "Ana: there is no 17 in the blue row (2–16).",
    ),
    "q8_sheet_twice": (
        "q8.rows",
        lambda: Q.score_input(q_sheet(rows={"yellow": [5, 5]})),
        "Ana: 5 ist in Gelb doppelt angekreuzt.",
        "Ana: 5 is crossed twice in yellow.",
    ),
    "q8_sheet_both_locks": (
        "q8.lockfields",
        lambda: Q.score_input(q_sheet(rows={"red": [2, 3, 4, 5, 6, 7, 15, 16]})),
        "Ana: in Rot sind beide Schlossfelder angekreuzt.",
        "Ana: both lock fields are crossed in red.",
    ),
    "q8_sheet_lock_early": (
        "q8.lockfields",
        lambda: Q.score_input(q_sheet(rows={"green": [16, 15, 3]})),
        "Ana: Schlossfeld 3 in Grün mit nur 2 Kreuzen davor (nötig 6).",
        "Ana: lock field 3 in green with only 2 crosses before it (6 needed).",
    ),
    "q8_sheet_misthrows": (
        "q8.misthrow",
        lambda: Q.score_input(q_sheet(misthrows=5)),
        "Ana: höchstens 4 Fehlwürfe, nicht 5.",
        "Ana: at most 4 misthrows, not 5.",
    ),
    "game_over": (
        "q8.end",
        lambda: Q.apply(q_start().model_copy(update={"phase": "over"}), q8.Pass(by=0)),
        "Das Spiel ist vorbei.",
        "The game is over.",
    ),
    # pydantic's detail stays as pydantic words it (a malformed file, not a move at the table)
    "bad_score_input": (
        None,
        lambda: Q.score_input({"game": "qwixx-longo", "players": []}),
        "Ungültige Punkteeingabe (players: List should have at least 1 item after validation, not 0).",
        "Invalid score input (players: List should have at least 1 item after validation, not 0).",
    ),
}


# --- Verflixxt situations ----------------------------------------------------------------
WL = "+4 +5 -1 -2 -3 -4 +6"


def v_table(layout: str = "+1 +2 +3 +4 +5 +6 +7 +8", guards: Any = (), **options: Any) -> vx.State:
    opts = {"layout": layout.split(), "guards": None if guards is None else list(guards), **options}
    return V.start(V.parse_options(opts, ANA_BEN), ANA_BEN)


def v_rolled(state: vx.State, value: int) -> vx.State:
    return V.apply(state, vx.Roll(by=state.turn, value=value))


def v_put(state: vx.State, **changes: Any) -> vx.State:
    return state.model_copy(update=changes)


def v_options(**options: Any) -> Any:
    return new_record("verflixxt", ANA_BEN, options)


def v_pile(*tiles: Any) -> Any:
    return V.score_input({"players": [{"name": "Ana", "tiles": list(tiles)}]})


def v_wurm_owed() -> vx.State:
    s = v_put(v_table(WL, wurminator=True), figures=((1, 2, 8), (1, 1, 1)))
    return V.apply(v_rolled(s, 1), vx.MoveFigure(by=0, figure=0))


V_CASES: dict[str, tuple[str | None, Callable[[], Any], str, str]] = {
    "vx_bad_tile": (
        "vx.setup",
        lambda: v_options(layout=["+3", "-2", "x"]),
        "„x“ (Stelle 3) ist keine Tafel – erlaubt sind z. B. +3, -7, G.",
        "'x' (position 3) is not a tile – use e.g. +3, -7, G.",
    ),
    "vx_zero_tile": (
        "vx.setup",
        lambda: v_options(layout="+3 -0 G"),
        "„-0“ (Stelle 2): eine Tafel mit 0 gibt es nicht.",
        "'-0' (position 2): there is no tile worth 0.",
    ),
    "vx_tile_value": (
        "vx.setup",
        lambda: v_options(layout=["+3", {"kind": "lucky", "value": 4}]),
        "Eine Glückstafel kann nicht den Wert 4 haben.",
        "A lucky tile cannot have the value 4.",
    ),
    "vx_empty_layout": (
        "vx.setup",
        lambda: v_options(layout="  "),
        "Der Parcours braucht mindestens eine Tafel.",
        "The track needs at least one tile.",
    ),
    "vx_long_layout": (
        "vx.setup",
        lambda: v_options(layout="+1 " * 81),
        "81 Tafeln sind zu viele (höchstens 80).",
        "81 tiles are too many (at most 80).",
    ),
    "vx_bad_guard_position": (
        "vx.setup",
        lambda: v_options(layout="+1 +2 +3", guards=[4]),
        "Ein Wächter kann nicht auf Feld 4 stehen (Wegetafeln 1 bis 3).",
        "A guard cannot stand on slot 4 (path tiles 1 to 3).",
    ),
    "vx_bad_first_seat": (
        "vx.setup",
        lambda: v_options(first_seat=2),
        "Platz 2 gibt es nicht; es sind 2 Spieler.",
        "There is no seat 2; there are 2 players.",
    ),
    "vx_no_such_seat": (
        None,
        lambda: V.apply(v_table(), vx.Roll(by=3, value=4)),
        "Platz 3 gibt es in diesem Spiel nicht.",
        "There is no seat 3 in this game.",
    ),
    "vx_no_such_figure": (
        None,
        lambda: V.apply(v_rolled(v_table(), 3), vx.MoveFigure(by=0, figure=3)),
        "Figur 3 gibt es nicht (jede Person hat 3).",
        "There is no figure 3 (everyone has 3).",
    ),
    "vx_no_such_guard": (
        None,
        lambda: V.apply(v_rolled(v_table(), 3), vx.MoveGuard(by=0, guard=0)),
        "Wächter 0 gibt es nicht (es sind 0).",
        "There is no guard 0 (there are 0).",
    ),
    "vx_one_die": (
        "vx.move",
        lambda: V.roll_action(v_table(), [2, 5]),
        "Geworfen wird ein W6, nicht 2 Würfel.",
        "One W6 is rolled, not 2 dice.",
    ),
    "vx_bad_roll": (
        "vx.move",
        lambda: V.roll_action(v_table(), [7]),
        "Ein W6 zeigt eine Zahl von 1 bis 6, nicht 7.",
        "A W6 shows 1 to 6, not 7.",
    ),
    "vx_not_your_turn": (
        "vx.setup",
        lambda: V.apply(v_table(), vx.Roll(by=1, value=4)),
        "Ana ist dran.",
        "It is Ana's turn.",
    ),
    "vx_already_rolled": (
        "vx.move",
        lambda: V.apply(v_rolled(v_table(), 3), vx.Roll(by=0, value=5)),
        "Es ist schon gewürfelt – jetzt wird gezogen.",
        "The die is already rolled – now move.",
    ),
    "vx_roll_first": (
        "vx.move",
        lambda: V.apply(v_table(), vx.MoveFigure(by=0, figure=0)),
        "Erst würfeln, dann ziehen.",
        "Roll first, then move.",
    ),
    "vx_already_moved": (
        "vx.move",
        lambda: V.apply(
            V.apply(v_rolled(v_table(wurminator=True), 1), vx.MoveFigure(by=0, figure=0)), vx.MoveFigure(by=0, figure=1)
        ),
        "Der Zug ist schon gemacht – nur noch der Wurminator.",
        "The move is made – only the Wurminator is left.",
    ),
    "vx_no_passing": (
        "vx.move",
        lambda: V.apply(v_rolled(v_table(), 4), {"type": "pass", "by": 0}),
        "Passen gibt es nicht: eine Figur oder ein Wächter muss ziehen.",
        "No passing: a figure or a guard must move.",
    ),
    "vx_figure_home": (
        "vx.move",
        lambda: V.apply(
            v_rolled(v_put(v_table("+1 +2 +3"), figures=((4, 1, 1), (0, 0, 0))), 1), vx.MoveFigure(by=0, figure=0)
        ),
        "Diese Figur ist im Ziel und zieht nicht mehr.",
        "This figure is on the goal and never moves again.",
    ),
    "vx_guard_home": (
        "vx.move",
        lambda: V.apply(
            v_rolled(v_put(v_table("+1 +2 +3", guards=[3]), guards=(4,), figures=((4, 1, 1), (0, 0, 0))), 1),
            vx.MoveGuard(by=0, guard=0),
        ),
        "Dieser Wächter ist im Ziel und zieht nicht mehr.",
        "This guard is on the goal and never moves again.",
    ),
    "vx_guard_alone": (
        "vx.guard",
        lambda: V.apply(v_rolled(v_table(guards=[2, 3]), 3), vx.MoveGuard(by=0, guard=0)),
        "Ein Wächter zieht nur, wenn eine Spielfigur auf seiner Tafel steht.",
        "A guard moves only when a player figure stands on its tile.",
    ),
    "vx_guard_alone_wurm": (
        "vx.wurm.guard",
        lambda: V.apply(
            v_rolled(v_put(v_table(WL, wurminator=True, guards=[2]), wurminator=1), 3), vx.MoveGuard(by=0, guard=0)
        ),
        "Ein Wächter zieht nur, wenn eine Spielfigur oder der Wurminator auf seiner Tafel steht.",
        "A guard moves only when a player figure or the Wurminator stands on its tile.",
    ),
    "vx_no_wurminator": (
        "vx.wurm.roll",
        lambda: V.apply(v_rolled(v_table(WL), 1), vx.MoveWurminator(by=0)),
        "Ohne die Wurminator-Variante gibt es keinen Wurminator.",
        "Without the Wurminator variant there is no Wurminator.",
    ),
    "vx_wurm_needs_one_or_two": (
        "vx.wurm.roll",
        lambda: V.apply(v_rolled(v_table(WL, wurminator=True), 3), vx.MoveWurminator(by=0)),
        "Der Wurminator zieht nur bei einer 1 oder 2 (gewürfelt: 3).",
        "The Wurminator moves only on a 1 or 2 (rolled: 3).",
    ),
    "vx_wurm_already_moved": (
        "vx.wurm.roll",
        lambda: V.apply(
            V.apply(
                v_rolled(v_put(v_table(WL, wurminator=True), figures=((1, 1, 1), (0, 0, 0))), 2),
                vx.MoveWurminator(by=0),
            ),
            vx.MoveWurminator(by=0),
        ),
        "Der Wurminator ist in diesem Zug schon gezogen.",
        "The Wurminator has already moved this turn.",
    ),
    "vx_wurm_must": (
        "vx.wurm.must",
        lambda: V.apply(v_wurm_owed(), vx.SkipWurminator(by=0)),
        "Der Wurminator steht hinter allen Figuren und muss bei einer 1 oder 2 ziehen.",
        "The Wurminator is behind every figure and must move on a 1 or 2.",
    ),
    "vx_wurm_must_first": (
        "vx.wurm.must",
        lambda: V.apply(v_wurm_owed(), vx.Roll(by=1, value=4)),
        "Zuerst muss Ana den Wurminator ziehen: er steht hinter allen Figuren (1 oder 2 gewürfelt).",
        "Ana must first move the Wurminator: it is behind every figure (a 1 or 2 was rolled).",
    ),
    "vx_bad_pile_tile": (
        "vx.score",
        lambda: v_pile("+3", "-2", "Q"),
        "Ana: „Q“ (Tafel 3) ist keine Tafel – erlaubt sind z. B. +3, -7, G.",
        "Ana: 'Q' (tile 3) is not a tile – use e.g. +3, -7, G.",
    ),
    "vx_zero_pile_tile": (
        "vx.score",
        lambda: v_pile(0),
        "Ana: „+0“ (Tafel 1) – eine Tafel mit 0 gibt es nicht.",
        "Ana: '+0' (tile 1) – there is no tile worth 0.",
    ),
    "vx_score_players": (
        "vx.score",
        lambda: V.score_input({"players": []}),
        "Zur Wertung gehört eine nicht leere Liste „players“.",
        "Scoring needs a non-empty list 'players'.",
    ),
    "vx_score_not_object": (
        "vx.score",
        lambda: V.score_input({"players": [{"name": "Ana"}, "Ben"]}),
        "Eintrag 2 der Spielerliste ist kein Objekt.",
        "Entry 2 of the player list is not an object.",
    ),
    "vx_score_bad_name": (
        "vx.score",
        lambda: V.score_input({"players": [{"name": "\u200b", "tiles": []}]}),
        "Eintrag 1 der Spielerliste hat keinen gültigen Namen.",
        "Entry 1 of the player list has no valid name.",
    ),
    "vx_score_tiles_not_list": (
        "vx.score",
        lambda: V.score_input({"players": [{"name": "Ana", "tiles": 3}]}),
        "Die Tafeln von Eintrag 1 der Spielerliste sind keine Liste.",
        "The tiles of entry 1 of the player list are not a list.",
    ),
    "game_over": (
        "vx.out",
        lambda: V.apply(v_table().model_copy(update={"phase": "over"}), vx.Roll(by=0, value=3)),
        "Das Spiel ist vorbei.",
        "The game is over.",
    ),
    "no_roll_now": (
        "vx.move",
        lambda: V.roll_action(v_rolled(v_table(), 3), [4]),
        "Jetzt wird nicht gewürfelt.",
        "No roll is due now.",
    ),
}

# the engine's own refusals about a game: the game is named by its title, not its id
E_CASES: dict[str, tuple[str | None, Callable[[], Any], str, str]] = {
    "player_count": (
        None,
        lambda: new_record("verflixxt", ANA_BEN[:1]),
        "Verflixxt! Kompakt: 2 bis 6 Spieler, nicht 1.",
        "Verflixxt! Kompakt: 2 to 6 players, not 1.",
    ),
    "unknown_game": (
        None,
        lambda: new_record("schach", ANA_BEN),  # the CLI's list: the ids it accepts
        "Unbekanntes Spiel „schach“ (bekannt: qwixx-longo, raus-aus-dem-verlies, verflixxt).",
        "Unknown game 'schach' (known: qwixx-longo, raus-aus-dem-verlies, verflixxt).",
    ),
}

CASES = {("q8", c): case for c, case in Q_CASES.items()}
CASES |= {("vx", c): case for c, case in V_CASES.items()}
CASES |= {("engine", c): case for c, case in E_CASES.items()}


@pytest.mark.parametrize("where,code", sorted(CASES), ids=[f"{w}-{c}" for w, c in sorted(CASES)])
def test_refusal_reads_as_a_whole_sentence_in_german_and_english(where: str, code: str) -> None:
    rule, situation, de, en = CASES[(where, code)]
    with pytest.raises(RefereeError) as info:
        situation()
    assert (info.value.code, info.value.rule) == (code, rule)
    assert (info.value.message("de"), info.value.message("en")) == (de, en)


def _codes_in(module: str) -> set[str]:
    """Every refusal code the module raises (or defines)."""
    source = (ROOT / "scoring" / f"{module}.py").read_text(encoding="utf-8")
    return {c for c in re.findall(r'"([a-z0-9_]+)"', source) if c in REFUSALS}


def test_every_qwixx_and_verflixxt_refusal_code_has_a_whole_sentence_case_here() -> None:
    assert _codes_in("qwixx_longo") == set(Q_CASES)
    assert _codes_in("verflixxt") == set(V_CASES)


@pytest.mark.parametrize(
    ("kind", "value", "de", "en"),
    [
        ("color", "green", "Grün", "green"),
        ("color", ("red", "blue"), "Rot, Blau", "red, blue"),
        ("die", "white1", "erste weiße Würfel", "first white die"),
        ("tile_kind", "minus", "Minustafel", "minus tile"),
        ("color", "pink", "pink", "pink"),  # an id the table does not know is shown as it is
    ],
)
def test_ids_are_named_in_the_players_language(kind: str, value: Any, de: str, en: str) -> None:
    assert (id_name(kind, value, "de"), id_name(kind, value, "en")) == (de, en)


def test_refusal_text_names_the_colour_and_its_die_from_one_param() -> None:
    assert (
        refusal_text("q8_removed_die", "de", color="red")
        == "Der rote Würfel ist aus dem Spiel und wird nicht geworfen."
    )
    assert refusal_text("q8_row_locked", "en", color="blue") == "The blue row is locked."
