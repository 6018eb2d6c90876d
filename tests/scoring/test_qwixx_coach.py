"""The Qwixx Longo coach: it ranks exactly the legal choices, sees an obvious lock, says why in both
languages, and gives the same advice for the same game."""

from __future__ import annotations

import random
import re
import string

from hypothesis import given, settings, strategies as st

from scoring.engine import PlayerSpec, get_game
from scoring.qwixx_coach import advise, best_action
from scoring.qwixx_coach_value import clear_tables
from scoring.qwixx_longo import ColorCross, LuckyCross, Pass, Roll, State, WhiteCross
from scoring.simulate import play_random
from scoring.texts import REFUSALS, variants

G = get_game("qwixx-longo")


def start(n=2, lucky=None, **opts) -> State:
    players = [PlayerSpec(name=name) for name in ["Ana", "Ben", "Cara", "Dev", "Eli"][:n]]
    lucky = lucky or [(2, 3)] * n
    return G.start(G.parse_options({"lucky_numbers": lucky, **opts}, players), players)


def with_rows(state: State, seat: int, locked=(), misthrows=0, **rows) -> State:
    sheets = list(state.sheets)
    merged = dict(sheets[seat].rows)
    merged.update({k: tuple(v) for k, v in rows.items()})
    sheets[seat] = sheets[seat].model_copy(update={"rows": merged, "locked_by_me": tuple(locked),
                                                   "misthrows": misthrows})
    return state.model_copy(update={"sheets": tuple(sheets)})


def roll(state, w1, w2, red=1, yellow=1, green=1, blue=1):
    colors = {c: v for c, v in dict(red=red, yellow=yellow, green=green, blue=blue).items() if c not in state.removed}
    return G.apply(state, Roll(by=state.active, white1=w1, white2=w2, **colors))


def by_action(advice):
    return {a.action: a for a in advice}


def words(advice):
    return advice.reason("de"), advice.reason("en")


# --- never an illegal choice, always every legal one ------------------------------------------
def mixed(game, state, rng, dice):
    """Mostly crosses, sometimes a pass: games that reach locks, lucky crosses and misthrows."""
    req = game.pending_roll(state)
    if req is not None:
        return game.roll_action(state, [dice.roll(d.sides)[0] for d in req.dice])
    acts = game.legal(state)
    crosses = [a for a in acts if not isinstance(a, Pass)]
    return rng.choice(crosses) if crosses and rng.random() < 0.8 else rng.choice(acts)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), cuts=st.lists(st.floats(0, 1), min_size=1, max_size=4))
def test_the_coach_ranks_exactly_the_legal_choices_of_the_seat(seed, cuts):
    rng = random.Random(seed)
    n = rng.randint(1, 5)
    options = {"lucky_numbers": [tuple(rng.sample(range(2, 17), 2)) for _ in range(n)],
               "lucky_replaces": rng.choice(["white", "turn"]), "lock_min_crosses": rng.choice([6, 6, 4])}
    players = [PlayerSpec(name=f"Spieler {i + 1}") for i in range(n)]
    played = play_random("qwixx-longo", players, options, rng, policy=mixed, keep_states=True)
    for cut in cuts:
        state = played.states[int(cut * (len(played.states) - 1))]
        for seat in range(n):
            advice = advise(state, seat)
            legal = G.legal(state, seat)
            assert sorted(map(repr, (a.action for a in advice))) == sorted(map(repr, legal))
            assert [a.expected for a in advice] == sorted((a.expected for a in advice), reverse=True)
            for a in advice:
                G.apply(state, a.action)  # every ranked choice is one the referee takes
                assert a.reason("de") and a.reason("en")


def test_nothing_to_rank_while_a_roll_is_due_or_another_seat_decides():
    state = start()
    assert advise(state, 0) == [] and best_action(state, 0) is None
    state = G.apply(roll(state, 3, 4), Pass(by=1))
    assert advise(state, 1) == []  # Ben has decided in this white phase
    state = G.apply(state, Pass(by=0))
    assert state.phase == "color" and advise(state, 1) == []  # the colour phase is Ana's alone


# --- obvious positions: the lock ranks above passing, the reason said whole ---------------------
def test_a_passive_player_locks_red_with_the_white_sum_rather_than_pass():
    state = with_rows(start(), 1, red=[2, 4, 5, 6, 8, 9, 11, 13])
    advice = advise(roll(state, 7, 8), 1)
    lock = by_action(advice)[WhiteCross(by=1, row="red")]
    assert advice[0] is lock
    assert lock.expected > by_action(advice)[Pass(by=1)].expected
    assert words(lock) == ("schließt Rot ab: +19 Punkte mit dem Bonuskreuz",
                           "locks red: +19 points with the bonus cross")


def test_a_second_lock_that_ends_the_game_ahead_says_by_how_much():
    state = with_rows(start(), 1, red=[2, 4, 5, 6, 8, 9, 11, 13], green=[16, 15])
    state = with_rows(state, 0, yellow=[2, 3, 4, 5, 6, 7, 8], blue=[16, 14])
    state = roll(state.model_copy(update={"removed": ("yellow",)}), 7, 8)
    advice = advise(state, 1)
    assert advice[0].action == WhiteCross(by=1, row="red")
    # Ben: red 10 crosses (55) + green 2 (3) = 58; Ana: yellow 7 (28) + blue 2 (3) = 31
    assert advice[0].expected == 27
    assert words(advice[0]) == (
        "schließt Rot ab: +19 Punkte mit dem Bonuskreuz; beendet das Spiel mit 27 Punkten Vorsprung",
        "locks red: +19 points with the bonus cross; ends the game 27 points ahead",
    )


def test_the_active_player_locks_blue_with_a_colour_die_rather_than_take_a_misthrow():
    state = with_rows(start(), 0, blue=[16, 15, 13, 12, 11, 10, 9, 4])  # only the lock fields are left
    state = roll(state, 1, 2, red=8, yellow=8, green=1, blue=1)  # white sum 3: Ana and Ben pass it
    state = G.apply(G.apply(state, Pass(by=0)), Pass(by=1))
    advice = advise(state, 0)
    assert advice[0].action in (ColorCross(by=0, row="blue", white=1), ColorCross(by=0, row="blue", white=2))
    passing = by_action(advice)[Pass(by=0)]
    assert advice[0].expected > passing.expected
    assert words(advice[0]) == ("schließt Blau ab: +19 Punkte mit dem Bonuskreuz",
                                "locks blue: +19 points with the bonus cross")
    assert words(passing) == ("Fehlwurf: −5 Punkte", "misthrow: −5 points")


def test_the_active_player_locks_yellow_with_the_white_sum_then_crosses_a_colour():
    state = with_rows(start(), 0, yellow=[2, 3, 5, 6, 7, 9, 14])  # only the lock fields are left
    advice = advise(roll(state, 8, 8, red=1, yellow=1, green=8, blue=1), 0)
    assert advice[0].action == WhiteCross(by=0, row="yellow")
    assert advice[0].expected > by_action(advice)[Pass(by=0)].expected
    assert words(advice[0]) == ("schließt Gelb ab: +17 Punkte mit dem Bonuskreuz; danach Farbe: 16 in Grün",
                                "locks yellow: +17 points with the bonus cross; then colour: 16 in green")
    assert words(by_action(advice)[Pass(by=0)]) == ("nur Farbe: 16 in Grün", "colour only: 16 in green")


def test_a_fourth_misthrow_that_ends_the_game_is_named():
    state = with_rows(start(), 0, misthrows=3, red=[3], yellow=[3])  # no colour sum fits Ana's sheet
    state = with_rows(state, 1, red=[2, 3, 4, 5, 6, 7], yellow=[2, 3, 4, 5, 6, 7])
    state = G.apply(G.apply(roll(state, 1, 1, red=1, yellow=1, green=1, blue=1), Pass(by=1)), Pass(by=0))
    advice = advise(state, 0)
    assert [a.action for a in advice] == [Pass(by=0)]
    assert words(advice[0]) == ("Fehlwurf (−5) beendet das Spiel", "misthrow (−5) ends the game")
    assert advice[0].expected == 2 - 20 - 42  # Ana: two crosses and four misthrows; Ben: two rows of six


def test_reasons_for_a_gap_and_for_the_cross_that_brings_a_lock_within_reach():
    state = with_rows(start(), 1, red=[2, 3, 4, 5, 6], blue=[10])
    advice = by_action(advise(roll(state, 4, 4), 1))
    assert words(advice[WhiteCross(by=1, row="red")]) == ("Schloss in Reichweite: 6 Kreuze in Rot",
                                                           "lock within reach: 6 crosses in red")
    assert words(advice[WhiteCross(by=1, row="yellow")]) == ("überspringt 6 Felder in Gelb",
                                                              "skips 6 fields in yellow")
    assert words(advice[WhiteCross(by=1, row="blue")]) == ("überspringt 1 Feld in Blau", "skips 1 field in blue")
    assert words(advice[Pass(by=1)]) == ("Passen hält die Reihen offen", "passing keeps the rows open")


def test_a_cross_without_a_gap_and_the_lucky_cross_say_what_they_bring():
    state = with_rows(start(lucky=[(2, 3), (5, 10)]), 1, red=[2, 3, 4], yellow=[2, 3], green=[16], blue=[16])
    advice = by_action(advise(roll(state, 2, 3), 1))
    assert words(advice[WhiteCross(by=1, row="red")]) == ("ohne Lücke in Rot: +4 Punkte", "no gap in red: +4 points")
    lucky = advice[LuckyCross(by=1, row="green")]
    gain = lucky.expected - advice[Pass(by=1)].expected
    de, en = words(lucky)
    assert re.fullmatch(r"Glückszahl: [+−]\d+,\d erwartet", de)
    assert re.fullmatch(r"lucky number: [+−]\d+\.\d expected", en)
    assert en == f"lucky number: {'+' if gain >= 0 else '−'}{abs(gain):.1f} expected"


def test_every_coach_text_has_both_languages_with_the_same_placeholders():
    coach_texts = {code: langs for code, langs in REFUSALS.items() if code.startswith("coach_")}
    assert len(coach_texts) >= 10
    for code, langs in coach_texts.items():
        fields = {lang: [{f for _, f, _, _ in string.Formatter().parse(t) if f} for t in variants(langs[lang])]
                  for lang in ("de", "en")}
        assert all(f == fields["de"][0] for forms in fields.values() for f in forms), code


# --- the same game, the same advice --------------------------------------------------------------
def test_the_same_seed_gives_the_same_advice_in_every_position():
    def advice_along(seed):
        rng = random.Random(seed)
        players = [PlayerSpec(name="Ana"), PlayerSpec(name="Ben"), PlayerSpec(name="Cara")]
        played = play_random("qwixx-longo", players, {"lucky_numbers": [(4, 9), (6, 11), (8, 13)]}, rng,
                             policy=mixed, keep_states=True)
        return [[a.as_dict() for a in advise(s, seat)] for s in played.states for seat in range(3)]

    first = advice_along(11)
    assert first == advice_along(11)
    assert any(first)


def test_the_advice_is_the_same_whatever_was_asked_before_it():
    """The coach builds its row tables only as far ahead as a question needs (a phone's first hint
    after a start is quick): a position asked first after a start, or after every later position of
    the game, gets the same ranking with the same values."""
    rng = random.Random(5)
    players = [PlayerSpec(name="Ana"), PlayerSpec(name="Ben"), PlayerSpec(name="Cara")]
    played = play_random("qwixx-longo", players, {"lucky_numbers": [(4, 9), (6, 11), (8, 13)]}, rng,
                         policy=mixed, keep_states=True)
    asked = [(s, seat) for s in played.states for seat in range(3)]

    def ranked(state, seat):
        return [(a.action, a.expected, a.why) for a in advise(state, seat)]

    clear_tables()
    after_the_rest = [ranked(*q) for q in reversed(asked)][::-1]  # the late positions asked first
    first_after_a_start = []
    for q in asked:
        clear_tables()
        first_after_a_start.append(ranked(*q))
    assert first_after_a_start == after_the_rest
    assert sum(1 for r in after_the_rest if len(r) > 1) > 20
