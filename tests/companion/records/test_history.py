"""Statistics equal an independent recount over a few hundred generated games.

The recount here looks at the final states of the simulated games (sheets,
piles, purses) and at every step's events; it never reads a stored result or
calls companion.records.history's figure code.
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from companion.records.backup import results_csv
from companion.records.history import GAME_FIGURES, compute_stats, finished_games, player_key
from companion.records.profiles import delete_profile, get_profile, list_profiles, save_profile
from companion.store import Store
from scoring.engine import PlayerSpec, get_game
from scoring.simulate import play_random

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scoring"))
import test_qwixx_longo_random as qx  # noqa: E402
import test_verflixxt_random as vx  # noqa: E402
import test_verlies_random as rv  # noqa: E402

POOL = ["Ana", "Ben", "Cara", "Dora", "Emil", "Finn", "Greta", "Hans"]


def _names(rng: random.Random, n: int) -> list[PlayerSpec]:
    names = rng.sample(POOL, n)
    # Ana always plays from her profile; everybody else by name
    return [PlayerSpec(name=nm, profile_id="prof-ana" if nm == "Ana" else None) for nm in names]


def _generate(rng: random.Random, game_id: str):
    """(record, final state, per-seat counted events) of one random complete game."""
    events: dict[int, int] = defaultdict(int)
    if game_id == "qwixx-longo":
        players, options = qx.setup(rng)
        players = _names(rng, len(players))
        played = play_random(game_id, players, options, rng)
    elif game_id == "verflixxt":
        players, options = vx.setup(rng, rng.random() < 0.7)
        players = _names(rng, len(players))
        options = options.model_dump(mode="json")

        def count_bites(state, action, new):
            for ev in new.events:
                if ev.kind == "bite":
                    events[ev.seat] += 1

        played = play_random(game_id, players, options, rng, on_step=count_bites)
    else:
        players, options = rv.setup(rng)
        players = _names(rng, len(players))

        def count_injuries(state, action, new):
            for ev in new.events:  # what this action caused (one convention for all games)
                if ev.kind == "injured":
                    events[ev.seat] += 1

        played = play_random(game_id, players, options, rng, policy=rv.policy, on_step=count_injuries)
    return played.record, played.final, dict(events)


def recount_game(game_id: str, final, events: dict[int, int]) -> list[tuple[int, bool, dict[str, int]]]:
    """(total, won, figures) per seat, from the final state only."""
    out = []
    if game_id == "qwixx-longo":
        totals = qx.recount(final)
        for i, sheet in enumerate(final.sheets):
            figs = {}
            for c in ("red", "yellow", "green", "blue"):
                n = len(sheet.rows[c]) + (c in sheet.locked_by_me)
                figs[f"points_{c}"] = n * (n + 1) // 2
            figs["misthrows"] = sheet.misthrows
            figs["locks"] = len(set(sheet.locked_by_me))
            out.append((totals[i], totals[i] == max(totals), figs))
    elif game_id == "verflixxt":
        totals = [vx.recount(p) for p in final.piles]
        for i, pile in enumerate(final.piles):
            vals = [str(t) for t in pile]
            conv = min(vals.count("G"), sum(v.startswith("-") for v in vals))
            figs = {"tiles": len(vals), "conversions": conv, "bites": events.get(i, 0)}
            out.append((totals[i], totals[i] == max(totals), figs))
    else:
        totals, _, lost = rv.recount(final)
        best = max((t for t, lo in zip(totals, lost) if not lo), default=None)
        for i, p in enumerate(final.players):
            figs = {"gold": p.gold, "treasures": len(p.treasures), "escapes": int(p.escaped),
                    "injuries": events.get(i, 0)}
            out.append((totals[i], (not lost[i]) and totals[i] == best, figs))
    return out


def _store_finished(store: Store, record) -> None:
    game = get_game(record.game)
    from scoring.engine import replay

    result = game.result(replay(record)).model_dump(mode="json")
    store.create_game(record)
    store.move_cursor(record.id, len(record.actions), len(record.actions), result=result)


@pytest.fixture(scope="module")
def history():
    rng = random.Random(20261129)
    store = Store(":memory:")
    games = []
    for i in range(300):
        game_id = ("qwixx-longo", "verflixxt", "raus-aus-dem-verlies")[i % 3]
        record, final, events = _generate(rng, game_id)
        _store_finished(store, record)
        games.append((record, final, events))
    # an unfinished game does not count
    played = play_random("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                         {"lucky_numbers": [[3, 9], [4, 12]]}, rng)
    store.create_game(played.record.model_copy(update={"id": "open-one", "actions": played.record.actions[:5]}))
    return store, games


def test_stats_equal_an_independent_recount(history):
    store, games = history
    expect: dict[tuple[str, str], dict] = {}
    overall: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for record, final, events in games:
        for seat, (total, w, figs) in enumerate(recount_game(record.game, final, events)):
            p = record.players[seat]
            key = f"p:{p.profile_id}" if p.profile_id else "n:" + p.name.casefold()
            e = expect.setdefault((record.game, key), {"games": 0, "wins": 0, "totals": [], "figs": defaultdict(int)})
            e["games"] += 1
            e["wins"] += int(w)
            e["totals"].append(total)
            for k, v in figs.items():
                e["figs"][k] += v
            overall[key][0] += 1
            overall[key][1] += int(w)

    st = compute_stats(store)
    assert st.games == 300
    assert set(st.per_player_game) == set(expect)
    for k, e in expect.items():
        line = st.per_player_game[k]
        assert line.games == e["games"], k
        assert line.wins == e["wins"], k
        assert line.win_rate == pytest.approx(e["wins"] / e["games"])
        assert line.average == pytest.approx(sum(e["totals"]) / len(e["totals"]))
        assert line.best == max(e["totals"]) and line.worst == min(e["totals"])
        assert set(line.figures) == set(GAME_FIGURES[k[0]])
        assert dict(line.figures) == dict(e["figs"]), k
    for key, (n, w) in overall.items():
        assert (st.per_player[key].games, st.per_player[key].wins) == (n, w)
    # per game: counts and figure sums
    for gid in GAME_FIGURES:
        mine = [e for (g, _), e in expect.items() if g == gid]
        assert st.per_game[gid].games == 100
        assert st.per_game[gid].player_games == sum(e["games"] for e in mine)
        for f in GAME_FIGURES[gid]:
            assert st.per_game[gid].figures[f] == sum(e["figs"][f] for e in mine)
    # the paths are exercised
    assert st.per_game["verflixxt"].figures["bites"] > 0
    assert st.per_game["raus-aus-dem-verlies"].figures["injuries"] > 0
    assert st.per_game["qwixx-longo"].figures["locks"] > 0
    assert "p:prof-ana" in st.per_player and "n:ana" not in st.per_player


def test_figures_are_cached_and_the_cache_gives_the_same_stats(history):
    store, _ = history
    a = compute_stats(store)
    b = compute_stats(store, fill=False)  # every replay figure must come from the cache now
    assert {k: (v.games, v.wins, v.figures) for k, v in a.per_player_game.items()} == {
        k: (v.games, v.wins, v.figures) for k, v in b.per_player_game.items()
    }


def test_history_lists_finished_games_and_csv_has_a_line_per_player(history):
    store, games = history
    listed = finished_games(store, limit=20)
    assert len(listed) == 20
    assert all(g["result"] for g in listed)
    assert "open-one" not in {g["id"] for g in finished_games(store)}
    csv_text = results_csv(store)
    lines = csv_text.strip().split("\n")
    assert lines[0].startswith("game_id,game,date")
    assert len(lines) - 1 == sum(len(r.players) for r, _, _ in games)


class Words:
    """What the history's words ask of a shell: its language and ``t``."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def t(self, key: str, **params: object) -> str:
        from companion.i18n import tr

        return tr(self.lang, key, **params)


def test_a_chart_puts_each_point_at_its_game_and_says_some_days_unbroken():
    """Ben missed the second game: his line skips it instead of shifting his third game onto it;
    the days under the chart are whole ("02.11."), never broken over two lines."""
    from companion.records.history import Line
    from companion.screens import history as screens

    def line(name: str, games: list[tuple[int, int]]) -> Line:
        return Line(key=name, name=name, game="qwixx-longo",
                    scores=[(f"2026-11-{day:02d}T20:15:00", total, day) for day, total in games])

    chart = screens._score_chart(Words("de"), [line("Ana", [(1, 10), (2, 14), (3, 12)]), line("Ben", [(1, 8), (3, 7)])])
    drawn = chart.controls[0].content
    points = [[(p.x, p.y) for p in s.points] for s in drawn.data_series]
    assert points == [[(0, 10), (1, 14), (2, 12)], [(0, 8), (2, 7)]]
    said = [(label.value, label.label.value, label.label.no_wrap) for label in drawn.bottom_axis.labels]
    assert said == [(0, "01.11.", True), (1, "02.11.", True), (2, "03.11.", True)]
    # ten games: four days, the first and the last among them; a day played twice is said once
    days = [f"{d:02d}.11." for d in (1, 2, 2, 4, 5, 6, 7, 7, 9, 9)]
    assert [(label.value, label.label.value) for label in screens._day_labels(days)] == [
        (0, "01.11."), (3, "04.11."), (6, "07.11."), (9, "09.11.")]


def test_a_game_is_said_when_it_started_on_the_tables_clock():
    """A finished game's moment is its start (as BG Stats takes a play's date), on the table's clock:
    a time with an offset converted, the store's own times (local, no offset) taken as they are."""
    from datetime import datetime, timedelta, timezone

    from companion.records.history import played_at
    from companion.screens.history_parts import when_text

    berlin = timezone(timedelta(hours=1))
    row = {"created": "2025-03-08T22:31:04.120+00:00", "updated": "2025-03-08T23:35:10"}
    at = played_at(row, berlin)
    assert at == datetime(2025, 3, 8, 23, 31, 4, 120000)
    de, en = Words("de"), Words("en")
    evening = datetime(2025, 3, 8, 23, 50)
    assert (when_text(de, at, evening), when_text(en, at, evening)) == ("heute 23:31", "today 23:31")
    after = evening + timedelta(days=1)
    assert (when_text(de, at, after), when_text(en, at, after)) == ("gestern 23:31", "yesterday 23:31")
    later = evening + timedelta(days=2)
    assert (when_text(de, at, later), when_text(en, at, later)) == ("08.03.2025 23:31", "2025-03-08 23:31")
    assert played_at({"created": None, "updated": "2025-03-08T23:35:10"}) == datetime(2025, 3, 8, 23, 35, 10)
    assert played_at({"created": "kaputt", "updated": None}) is None and when_text(de, None) == ""


def test_player_key_follows_profile_then_name():
    assert player_key({"name": "Ana", "profile_id": "x"}) == "p:x"
    assert player_key({"name": " ana  "}) == player_key({"name": "Ana"})


def test_profiles_store():
    store = Store(":memory:")
    assert list_profiles(store) == []
    a = save_profile(store, "  Ana  ", color="red", lucky="9 4", character="Abenteurer 3")
    assert a.name == "Ana" and a.lucky == (4, 9) and a.character == {"character": "Abenteurer 3"}
    b = save_profile(store, "Ben")
    assert [p.name for p in list_profiles(store)] == ["Ana", "Ben"]
    with pytest.raises(ValueError):
        save_profile(store, "ANA")  # names are unique
    with pytest.raises(ValueError):
        save_profile(store, "Cara", lucky="3 3")
    with pytest.raises(ValueError):
        save_profile(store, "   ")
    a2 = save_profile(store, "Ana K.", color="blue", profile_id=a.id)
    assert get_profile(store, a.id).name == "Ana K." and a2.created == a.created
    spec = a2.player_spec()
    assert (spec.name, spec.color, spec.profile_id) == ("Ana K.", "blue", a.id)
    delete_profile(store, b.id)
    assert [p.id for p in list_profiles(store)] == [a.id]


# --- the screens, through a real Flet session (no browser) ---------------------------------------
from tests.harness.flet_session import AppSession, make_context  # noqa: E402


async def test_history_stats_replay_profiles_and_backup_screens(tmp_path):
    ctx = make_context(tmp_path / "t.db")
    rng = random.Random(3)
    recs = []
    for gid in ("qwixx-longo", "verflixxt", "raus-aus-dem-verlies", "qwixx-longo"):
        record, _, _ = _generate(rng, gid)
        _store_finished(ctx.store, record)
        recs.append(record)
    app = await AppSession.start(ctx)
    assert app.has_text("Verlauf & Statistik")
    await app.click(text="Verlauf")
    assert app.has_text("4 von 4 Spielen")
    assert app.find_all(text="Nachspielen")
    # replay the first listed game: ends at the last move; step back, to the start
    await app.click(text="Nachspielen", nth=0)
    assert any(t.startswith("Nachspielen: ") for t in app.texts())
    steps = [t for t in app.texts() if t.startswith("Zug ") and " von " in t]
    assert steps and steps[0].split()[1] == steps[0].split()[3]
    await app.click(tooltip="Zug zurück")
    await app.click(tooltip="Zum Anfang")
    assert app.has_text("Aufstellung (vor dem ersten Zug)")
    await app.click(tooltip="Zug vor")
    assert any(t.startswith("Zug 1: ") for t in app.texts())
    await app.click(text="Zurück zum Verlauf")
    # every game's final screen opens again from the history (each game's own result view)
    for i in range(4):
        await app.click(text="Wertung", nth=i)
        assert not any(t.startswith("Fehler:") for t in app.texts()), app.texts()
        assert app.shell.screen == "play" and app.shell.table.is_over()
        await app.click(tooltip="Start")
        await app.click(text="Verlauf")
    # statistics: overall ranking with a pie, then per game with the score chart
    await app.click(tooltip="Start")
    await app.click(text="Statistik")
    assert app.has_text("Rangliste (alle Spiele)")
    name = compute_stats(ctx.store).ranking()[0].name
    await app.click(tooltip=f"Statistik von {name}")
    assert app.has_text("Zurück zur Rangliste") and app.has_text(name)
    assert any(t.startswith("Qwixx Longo: ") and "gewonnen" in t for t in app.texts())
    await app.click(text="Zurück zur Rangliste")
    assert app.has_text("Rangliste (alle Spiele)")
    await app.click(text="Qwixx Longo")
    assert any("Fehlwürfe" in t for t in app.texts())
    await app.click(text="Raus aus dem Verlies!")
    assert any("Verletzungen" in t for t in app.texts())
    # profiles
    await app.click(tooltip="Start")
    await app.click(text="Spielerprofile")
    assert app.has_text("Noch keine Profile. Lege unten eins an.")
    await app.type_into("Name", "Ana")
    await app.click(tooltip="Farbe wählen: Rot")
    await app.type_into("Lieblings-Glückszahlen (Qwixx Longo)", "9 4")
    await app.click(text="Profil speichern")
    assert app.has_text("Profil Ana gespeichert.")
    assert app.has_text("Glückszahlen 4 und 9")
    await app.type_into("Name", "ana")
    await app.click(text="Profil speichern")
    assert app.has_text("Diesen Namen hat schon ein anderes Profil.")
    assert [p.name for p in list_profiles(ctx.store)] == ["Ana"]
    # backup: export all, then a damaged paste is refused, the good one changes nothing (all there)
    await app.click(tooltip="Start")
    await app.click(text="Sichern & Einlesen")
    app.conn.answers["save_file"] = None  # the browser took the download
    await app.click(text="Alles sichern (JSON)")
    assert app.has_text("Sicherung erstellt: 4 Spiele, 1 Profil")
    text = app.shell.ui["hist_out"]["text"]  # the bytes handed to the browser's download
    await app.type_into("Sicherung einfügen", text[:-40])
    await app.click(text="Prüfen und einlesen")
    assert any("Nichts wurde geändert." in t for t in app.texts())
    await app.type_into("Sicherung einfügen", text)
    await app.click(text="Prüfen und einlesen")
    assert app.has_text("Eingelesen: 0 neue Spiele, 4 schon vorhanden, 0 neue Profile.")
    await app.click(text="Ergebnisse als CSV")
    assert any(t.startswith("Dem Browser zum Speichern übergeben: tischrichter-results-") and t.endswith(".csv")
               for t in app.texts())
    assert app.crashes() == []
    assert not any(t.startswith("Fehler:") for t in app.texts())


def test_profile_picker_hands_back_the_profile():
    import flet as ft

    from companion.i18n import tr
    from components.profile_picker import profile_picker

    store = Store(":memory:")
    ana = save_profile(store, "Ana", color="red", lucky="4 9")
    save_profile(store, "Ben")
    picked = []
    ctrl = profile_picker(list_profiles(store), picked.append, t=lambda k, **p: tr("de", k, **p), chosen=[ana.id])
    assert ctrl.visible
    buttons = [c for c in ctrl.controls[1].controls if isinstance(c, ft.Button)]
    assert [b.tooltip for b in buttons] == ["Profil wählen: Ana", "Profil wählen: Ben"]
    assert all(b.height >= 48 for b in buttons)
    buttons[0].on_click(None)
    assert picked == [ana] and picked[0].player_spec().profile_id == ana.id
    assert not profile_picker([], picked.append).visible


def test_a_renamed_profile_stays_one_player_with_its_new_name(history):
    store, _ = history
    save_profile(store, "Ana Maria", profile_id="prof-ana")
    st = compute_stats(store)
    assert st.per_player["p:prof-ana"].name == "Ana Maria"
    assert all(ln.name == "Ana Maria" for (g, k), ln in st.per_player_game.items() if k == "p:prof-ana")
    delete_profile(store, "prof-ana")


def _walking_verlies(n: int):
    """A legal Verlies record of n actions: two adventurers draw, take passage gold, end the turn."""
    from scoring.engine import RecordedAction, new_record

    rec = new_record("raus-aus-dem-verlies", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], {})
    acts = []
    for k in range(n):
        seat = (k // 3) % 2
        kind = ({"type": "draw_card"}, {"type": "gain_gold", "amount": 1, "reason": "passage"}, {"type": "end_turn"})[
            k % 3
        ]
        acts.append(RecordedAction(seat=seat, action={**kind, "by": seat}))
    return rec.model_copy(update={"actions": tuple(acts)})


def test_every_state_of_a_long_game_fits_in_memory_linear_in_its_moves():
    """The move-by-move view keeps all states; their logs are shared, not copied.

    Memory, not time: 4x the moves take 4x the memory (measured 4.0; the old copied logs took 7.9x).
    """
    import tracemalloc

    from companion.records.history import replay_steps

    peaks = []
    for n in (600, 2400):
        record = _walking_verlies(n)
        tracemalloc.start()
        states = replay_steps(record)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        assert len(states) == n + 1 and len(states[-1].log) == n // 3 * 2
        assert states[n // 2].log == states[-1].log[: len(states[n // 2].log)]
    assert peaks[1] / peaks[0] < 6, peaks


def test_replay_figures_count_the_events_each_game_declares():
    """One loop over ``state.events`` for every game: Verlies declares injuries, Verflixxt bites, Qwixx none."""
    from companion.records.history import replay_figures
    from scoring.engine import RecordedAction, new_record
    from scoring.verlies import DrawCard, EndTurn, Obstacle, Recover, Walk

    assert get_game("raus-aus-dem-verlies").event_figures == {"injured": "injuries"}
    assert get_game("verflixxt").event_figures == {"bite": "bites"} and not get_game("qwixx-longo").event_figures
    rv_game = get_game("raus-aus-dem-verlies")
    record = new_record(rv_game.id, [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], {})
    state = rv_game.start(rv_game.parse_options(record.options, list(record.players)), list(record.players))
    actions = []
    for a in (DrawCard(by=0), Obstacle(by=0, kind="wooden_bridge", color="red", number=20), 1, EndTurn(by=0),
              Walk(by=1, cards=0), EndTurn(by=1), Recover(by=0), DrawCard(by=1),
              Obstacle(by=1, kind="wooden_bridge", color="red", number=20), 1):
        if isinstance(a, int):
            a = rv_game.roll_action(state, [a])
        actions.append(RecordedAction(seat=a.by, action=rv_game.dump_action(a)))
        state = rv_game.apply(state, a)
    record = record.model_copy(update={"actions": tuple(actions)})
    assert replay_figures(record) == {"0": {"injuries": 1}, "1": {"injuries": 1}}
