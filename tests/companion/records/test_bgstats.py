"""A finished game goes to BG Stats — the createPlay link, its QR code, the play file, the
CLI, and the buttons on the result screens, the history and the backup screen.

Expected values come from the final states by the scoring tests' own recounts (tests/scoring:
``recount``), never from companion.records.bgstats or a stored result.
"""

from __future__ import annotations

import io
import json
import random
import re
import sys
import uuid
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import flet as ft
import pytest
import zxingcpp
from PIL import Image

from companion.__main__ import main as cli_main
from companion.records import bgstats as B
from companion.store import Store
from components.qr import qr_png
from scoring.engine import PlayerSpec, get_game, replay
from scoring.simulate import play_random
from tests.harness.flet_session import AppSession, make_context

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scoring"))
import test_qwixx_longo_random as qx  # noqa: E402
import test_verflixxt_random as vx  # noqa: E402
import test_verlies_random as rv  # noqa: E402

BERLIN_WINTER = timezone(timedelta(hours=1))
START = datetime(2026, 11, 29, 18, 5, 0, tzinfo=UTC)  # 19:05 at the table (UTC+1)
LINK_START = "https://app.bgstatsapp.com/createPlay.html?data="
GERMAN_AND_ENGLISH = ["Jürgen", "Grace", "Weiß", "Oliver", "Zoë", "Hans-Peter", "Emily", "Björn"]


def timed(record, minutes: int = 42):
    """The record as a table plays it: started at START, first action 30 s later, the last ``minutes`` after that."""
    n = len(record.actions)
    step = minutes * 60 / max(1, n - 1)
    acts = tuple(a.model_copy(update={"at": (START + timedelta(seconds=30 + i * step)).isoformat()})
                 for i, a in enumerate(record.actions))
    return record.model_copy(update={"created": START.isoformat(), "actions": acts})


def competition_ranks(totals: list[int]) -> list[int]:
    return [1 + sum(1 for t in totals if t > mine) for mine in totals]


def play_qwixx(seed: int, specs: list[PlayerSpec]):
    rng = random.Random(seed)
    lucky = [[3 + i % 5, 16 - i % 5] for i in range(len(specs))]
    played = play_random("qwixx-longo", specs, {"lucky_numbers": lucky}, rng)
    totals = qx.recount(played.final)
    return timed(played.record), totals, competition_ranks(totals), [False] * len(specs), played.record.actions[0].seat


def play_verflixxt(seed: int, specs: list[PlayerSpec]):
    rng = random.Random(seed)
    _, options = vx.setup(rng, True)
    options = options.model_dump(mode="json")
    options.update(first_seat=seed % len(specs), figures_per_player=None)
    played = play_random("verflixxt", specs, options, rng)
    totals = [vx.recount(p) for p in played.final.piles]
    return timed(played.record), totals, competition_ranks(totals), [False] * len(specs), options["first_seat"]


def play_verlies(seed: int, specs: list[PlayerSpec]):
    rng = random.Random(seed)
    while True:  # the scoring tests' random setup, for this many players
        players, options = rv.setup(rng)
        if len(players) == len(specs):
            break
    options["start_player"] = seed % len(specs)
    played = play_random("raus-aus-dem-verlies", specs, options, rng, policy=rv.policy)
    totals, places, lost = rv.recount(played.final)
    return timed(played.record), totals, places, lost, options["start_player"]


def expected(record, totals, ranks, lost, start, *, comments: str = "") -> dict:
    """The documented createPlay JSON, built here from the recount (the whole object, every field)."""
    game = get_game(record.game)
    players = []
    for seat, spec in enumerate(record.players):
        players.append({
            "name": spec.name,
            "sourcePlayerId": spec.profile_id or ID_OF[spec.name],
            "score": 0 if lost[seat] else totals[seat],
            "rank": ranks[seat],
            "winner": ranks[seat] == 1 and not lost[seat],
            "startPlayer": seat == start,
            "role": "",
        })
    return {
        "sourceName": "Tischrichter",
        "sourcePlayId": record.id,
        "playDate": "2026-11-29 19:05:00",
        "durationMin": 42,
        "location": "Tischrichter",
        "comments": comments,
        "board": "",
        "game": {"name": {"qwixx-longo": "Qwixx Longo", "verflixxt": "Verflixxt! Kompakt",
                          "raus-aus-dem-verlies": "Raus aus dem Verlies!"}[game.id],
                 "sourceGameId": game.id, "highestWins": True, "noPoints": False},
        "players": players,
    }


ID_OF: dict[str, str] = {}  # name -> the id BG Stats saw for it in the first game (must stay the same)


def decoded_play(record, lang: str = "de") -> dict:
    result = get_game(record.game).result(replay(record))
    play = B.make_play(record, result, lang, tz=BERLIN_WINTER)
    url = B.link(play)
    assert url.startswith(LINK_START)
    data = B.decode_link(url)
    for p, spec in zip(data["players"], record.players):
        if not spec.profile_id:
            ID_OF.setdefault(p["name"], p["sourcePlayerId"])
    return data


def _find_seed(make, specs, want) -> tuple:
    for seed in range(400):
        got = make(seed, specs)
        if want(got):
            return got
    raise AssertionError("no seed gives the wanted game")


# --- the link's JSON, field by field -------------------------------------------------------------
def test_qwixx_link_field_by_field_with_profiles_and_names():
    specs = [PlayerSpec(name="Jürgen", profile_id="prof-juergen"), PlayerSpec(name="Grace"), PlayerSpec(name="Weiß")]
    record, totals, ranks, lost, start = play_qwixx(11, specs)
    data = decoded_play(record)
    assert data == expected(record, totals, ranks, lost, start)
    assert data["players"][0]["sourcePlayerId"] == "prof-juergen"  # the profile's id, as it is
    assert "bggId" not in data["game"]  # no id we can cite: the name alone, never a guessed number


def test_a_shared_place_shares_the_rank():
    specs = [PlayerSpec(name=n) for n in ("Ana", "Ben", "Cara")]
    record, totals, ranks, lost, start = _find_seed(play_verflixxt, specs, lambda g: len(set(g[2])) < len(g[2]))
    data = decoded_play(record)
    assert data == expected(record, totals, ranks, lost, start)
    shared = [p for p in data["players"] if [q["rank"] for q in data["players"]].count(p["rank"]) > 1]
    assert len(shared) >= 2 and len({p["score"] for p in shared}) == 1
    after = sorted(p["rank"] for p in data["players"])
    assert after == sorted(ranks) and after[0] == 1  # 1, 1, 3: the place after a tie is skipped


def test_verlies_the_one_left_inside_is_last_no_winner_german_and_english():
    specs = [PlayerSpec(name=n) for n in ("Jürgen", "Grace", "Weiß", "Oliver")]
    record, totals, ranks, lost, start = _find_seed(play_verlies, specs, lambda g: any(g[3]))
    inside = lost.index(True)
    name = specs[inside].name
    de = decoded_play(record, "de")
    assert de == expected(record, totals, ranks, lost, start,
                          comments=f"{name} blieb im Verlies und verliert {totals[inside]} Gold.")
    en = decoded_play(record, "en")
    assert en["comments"] == f"{name} was left in the dungeon and loses {totals[inside]} gold."
    left = de["players"][inside]
    assert left["rank"] == len(specs) and left["winner"] is False and left["score"] == 0
    assert de["players"][start]["startPlayer"] is True
    assert sum(p["startPlayer"] for p in de["players"]) == 1


def test_a_game_without_profiles_keeps_each_name_one_player_across_games():
    specs = [PlayerSpec(name=n) for n in ("Oliver", "Zoë")]
    r1 = play_qwixx(3, specs)
    r2 = play_verflixxt(5, [PlayerSpec(name=" zoë "), PlayerSpec(name="OLIVER"), PlayerSpec(name="Emily")])
    d1, d2 = decoded_play(r1[0]), decoded_play(r2[0])
    assert d1 == expected(*r1)
    ids1 = {p["name"]: p["sourcePlayerId"] for p in d1["players"]}
    ids2 = [p["sourcePlayerId"] for p in d2["players"]]
    # the history's rule for who a seat is (spaces folded, case ignored): the same player in both games
    assert ids2[0] == ids1["Zoë"] and ids2[1] == ids1["Oliver"]
    assert len(set(ids2)) == 3 and all(i.startswith("name-") for i in ids2)


def test_eight_players_link_under_2000_characters_and_qr_decodes_to_it():
    specs = [PlayerSpec(name=n, profile_id=uuid.UUID(int=i + 1).hex) for i, n in enumerate(GERMAN_AND_ENGLISH)]
    record, totals, ranks, lost, start = _find_seed(play_verlies, specs, lambda g: any(g[3]))
    play = B.make_play(record, get_game(record.game).result(replay(record)), "de", tz=BERLIN_WINTER)
    url = B.link(play)
    assert len(url) < 2000, len(url)
    assert B.decode_link(url)["players"][7]["name"] == "Björn"
    for error in ("l", "m"):
        image = Image.open(io.BytesIO(qr_png(url, scale=4, error=error))).convert("L")
        assert read_qr(image) == [url]


def test_an_unfinished_game_is_refused_in_words():
    store = Store(":memory:")
    played = play_random("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                         {"lucky_numbers": [[3, 9], [4, 12]]}, random.Random(1))
    store.create_game(played.record.model_copy(update={"id": "open-one", "actions": played.record.actions[:3]}))
    with pytest.raises(B.BGStatsRefused) as exc:
        B.play_of(store, "open-one")
    assert exc.value.message("de") == "Dieses Spiel ist noch nicht zu Ende; BG Stats nimmt nur fertige Spiele."
    assert exc.value.message("en") == "This game has not ended yet; BG Stats takes finished games only."
    with pytest.raises(B.BGStatsRefused) as exc:
        B.play_of(store, "no-such-game")
    assert exc.value.message("en") == "No game with the id no-such-game."


# --- the play file against the cited example ----------------------------------------------------
# The structure of the public examples cited in companion/records/bgstats.py: a play file the app wrote
# (https://pastebin.com/iDbHyBui: about, players, locations, games) and the plays of
# github.com/ctuncan/bga_bgstats (bga_bgstats.py). Key -> JSON type, as they write them.
EXAMPLE = {
    "top": {"about": str, "players": list, "locations": list, "games": list, "plays": list},
    "players": {"uuid": str, "id": int, "name": str, "isAnonymous": bool, "modificationDate": str, "bggUsername": str},
    "locations": {"uuid": str, "id": int, "name": str, "modificationDate": str},
    "games": {"uuid": str, "id": int, "name": str, "modificationDate": str, "cooperative": bool, "highestWins": bool,
              "noPoints": bool},
    "plays": {"uuid": str, "ignored": bool, "rating": int, "scoringSetting": int, "playerScores": list,
              "playDate": str, "manualWinner": bool, "locationRefId": int, "rounds": int, "usesTeams": bool,
              "playImages": str, "durationMin": int, "gameRefId": int},
    "playerScores": {"winner": bool, "seatOrder": int, "score": str, "startPlayer": bool, "playerRefId": int,
                     "rank": int, "newPlayer": bool},
}
STAMP = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")


def check_like_example(data: dict) -> None:
    def has(entry: dict, kind: str) -> None:
        for key, typ in EXAMPLE[kind].items():
            assert key in entry, (kind, key)
            assert isinstance(entry[key], typ) and not (typ is int and isinstance(entry[key], bool)), (kind, key)

    has(data, "top")
    assert data["about"].startswith("This is a Play file that can be read by Board Game Stats.")
    for kind in ("players", "locations", "games", "plays"):
        uuids = [e["uuid"] for e in data[kind]]
        ids = [e.get("id") for e in data[kind]]
        assert len(set(uuids)) == len(uuids), kind
        assert all(str(uuid.UUID(u)) == u for u in uuids), kind
        if kind != "plays":
            assert len(set(ids)) == len(ids), kind
        for e in data[kind]:
            has(e, kind)
    refs = {k: {e["id"] for e in data[k]} for k in ("players", "locations", "games")}
    for play in data["plays"]:
        assert STAMP.match(play["playDate"])
        assert play["gameRefId"] in refs["games"] and play["locationRefId"] in refs["locations"]
        for s in play["playerScores"]:
            has(s, "playerScores")
            assert s["playerRefId"] in refs["players"]


def _store_finished(store: Store, record) -> None:
    result = get_game(record.game).result(replay(record)).model_dump(mode="json")
    store.create_game(record)
    store.move_cursor(record.id, len(record.actions), len(record.actions), result=result)


@pytest.fixture
def three_days(tmp_path):
    """One game of each kind, started on 27, 28 and 29 November (at the table, UTC+1)."""
    path = tmp_path / "t.db"
    store = Store(str(path))
    games = []
    for day, (make, names) in enumerate([(play_qwixx, ["Jürgen", "Grace"]), (play_verflixxt, ["Grace", "Weiß", "Ana"]),
                                         (play_verlies, ["Jürgen", "Weiß", "Oliver"])]):
        record = make(7 + day, [PlayerSpec(name=n) for n in names])[0]
        moved = START - timedelta(days=2 - day)
        record = record.model_copy(update={"created": moved.isoformat(), "actions": tuple(
            a.model_copy(update={"at": (datetime.fromisoformat(a.at) - timedelta(days=2 - day)).isoformat()})
            for a in record.actions)})
        _store_finished(store, record)
        games.append(record)
    yield store, path, games
    store.close()


def test_play_file_of_a_date_range_has_the_cited_structure(three_days):
    store, _, games = three_days
    plays = B.plays_in_range(store, date(2026, 11, 28), date(2026, 11, 29), tz=BERLIN_WINTER)
    assert [p.sourcePlayId for p in plays] == [games[1].id, games[2].id]  # the 27th is outside the range
    data = json.loads(B.play_file_text(plays, modified="2026-11-30 10:00:00"))
    check_like_example(data)
    assert [p["name"] for p in data["players"]] == ["Grace", "Weiß", "Ana", "Jürgen", "Oliver"]  # each once
    assert [g["name"] for g in data["games"]] == ["Verflixxt! Kompakt", "Raus aus dem Verlies!"]
    assert all("bggId" not in g for g in data["games"])
    assert [p["playDate"] for p in data["plays"]] == ["2026-11-28 19:05:00", "2026-11-29 19:05:00"]
    # the same game twice: the same uuids (BG Stats knows a play it already has)
    again = json.loads(B.play_file_text(B.plays_in_range(store, None, None, tz=BERLIN_WINTER)))
    assert {p["uuid"] for p in data["plays"]} <= {p["uuid"] for p in again["plays"]}
    verlies = data["plays"][1]
    link = B.decode_link(B.link(plays[1]))
    by_ref = {p["id"]: p["name"] for p in data["players"]}
    assert [(by_ref[s["playerRefId"]], s["score"], s["rank"], s["winner"], s["startPlayer"])
            for s in verlies["playerScores"]] == [
        (p["name"], str(p["score"]), p["rank"], p["winner"], p["startPlayer"]) for p in link["players"]]


def test_a_typed_date_that_is_not_one_is_refused_in_words():
    with pytest.raises(B.BGStatsRefused) as exc:
        B.parse_day("29.11.2026")
    assert exc.value.message("de") == "„29.11.2026“ ist kein Datum; bitte JJJJ-MM-TT, z. B. 2026-11-29."
    assert exc.value.message("en") == "“29.11.2026” is not a date; please YYYY-MM-DD, e.g. 2026-11-29."


# --- the CLI --------------------------------------------------------------------------------------
def test_cli_prints_the_link_and_its_json(three_days, capsys):
    store, path, games = three_days
    store.close()
    assert cli_main(["bgstats", games[2].id, "--db", str(path)]) == 0
    out = capsys.readouterr().out
    first, rest = out.split("\n", 1)
    assert first.startswith(LINK_START)
    assert json.loads(rest) == B.decode_link(first)
    assert json.loads(rest)["game"]["name"] == "Raus aus dem Verlies!"
    assert cli_main(["bgstats", "nope", "--db", str(path), "--lang", "en"]) == 2
    assert capsys.readouterr().err == "No game with the id nope.\n"


def test_cli_does_not_create_a_database(tmp_path, capsys):
    missing = tmp_path / "none.db"
    assert cli_main(["bgstats", "x", "--db", str(missing)]) == 2
    assert not missing.exists()
    assert capsys.readouterr().err == f"Kein Spiel mit der Nummer x. ({missing})\n"


def read_qr(image: Image.Image) -> list[str]:
    """The QR codes in ``image``, as a phone's camera reads them. Only QR codes: read for every
    format, the QR's own modules now and then also decode as a one-dimensional barcode (an EAN-13
    "9673991751711" once, beside the QR, for a game whose random id drew that picture)."""
    return [r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]


# --- the screens ------------------------------------------------------------------------------------
def _qr_text(app: AppSession) -> list[str]:
    images = [f.control for f in app.walk() if isinstance(f.control, ft.Image)]
    out = []
    for im in images:
        pil = Image.open(io.BytesIO(im.src)).convert("L")
        out += read_qr(pil)
    return out


@pytest.mark.parametrize("lang,label,helptext", [
    ("de", "In BG Stats eintragen", "Auf einem anderen Handy: diesen Code mit der Kamera scannen."),
    ("en", "Log in BG Stats", "On another phone: scan this code with the camera."),
])
async def test_result_screen_button_opens_the_link_and_shows_its_qr(tmp_path, lang, label, helptext):
    ctx = make_context(tmp_path / "t.db")
    specs = [PlayerSpec(name=n) for n in ("Jürgen", "Grace", "Weiß")]
    record = play_verlies(4, specs)[0]
    _store_finished(ctx.store, record)
    app = await AppSession.start(ctx, route=f"/g/{record.id}?all&lang={lang}")
    button = app.find(text=label).clickable()
    want = B.link(B.make_play(record, get_game(record.game).result(replay(record)), lang))
    assert isinstance(button, ft.Button) and button.url.url == want
    assert not app.has_text(helptext) and _qr_text(app) == []
    await app.click(text=label)
    assert app.has_text(helptext)
    got = _qr_text(app)
    assert got == [want], (len(got), got and B.decode_link(got[0]), B.decode_link(want))
    assert app.crashes() == []


async def test_history_entry_leads_to_the_link_and_qr(tmp_path):
    ctx = make_context(tmp_path / "t.db")
    record = play_qwixx(2, [PlayerSpec(name="Jürgen"), PlayerSpec(name="Grace")])[0]
    _store_finished(ctx.store, record)
    app = await AppSession.start(ctx, route="/?lang=en")
    await app.click(text="History")
    await app.click(text="Log in BG Stats")
    data = B.decode_link(_qr_text(app)[0])
    assert data["sourcePlayId"] == record.id
    # each player: place and name, and the score apart in a column that never breaks ("−16 pts")
    for p in data["players"]:
        score = f"{p['score']} pt" if abs(p["score"]) == 1 else f"{p['score']} pts"
        assert app.has_text(f"{p['rank']}. {p['name']}") and app.has_text(score.replace("-", "\u2212"))
        assert app.find(text=score.replace("-", "\u2212")).control.no_wrap


def _said(moment: datetime, now: datetime) -> str:
    """A moment as the German screens say it, by the rule the test states here."""
    if moment.date() == now.date():
        return f"heute {moment:%H:%M}"
    if moment.date() == (now - timedelta(days=1)).date():
        return f"gestern {moment:%H:%M}"
    return f"{moment:%d.%m.%Y %H:%M}"


async def test_the_history_and_its_bg_stats_page_say_the_same_moment_the_same_way(tmp_path):
    """The history showed when the store last saved the game (its end), the BG Stats page its start
    (23:35 and 23:31): both now say its start, on this device's clock, in the same words."""
    ctx = make_context(tmp_path / "t.db")
    record = play_qwixx(2, [PlayerSpec(name="Jürgen"), PlayerSpec(name="Grace")])[0]  # 42 minutes from START
    _store_finished(ctx.store, record)
    start = START.astimezone().replace(tzinfo=None)  # the server's clock
    label = f"Qwixx Longo · {_said(start, datetime.now())}"
    app = await AppSession.start(ctx, route="/?lang=de")
    await app.click(text="Verlauf")
    assert app.has_text(label)
    await app.click(text="In BG Stats eintragen")
    assert app.has_text(f"In BG Stats eintragen: {label}")
    assert B.decode_link(_qr_text(app)[0])["playDate"] == f"{start:%Y-%m-%d %H:%M:%S}"
    assert app.crashes() == []


def test_a_player_line_has_no_dash_before_a_minus():
    record = play_qwixx(2, [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")])[0]
    result = get_game(record.game).result(replay(record))
    low = result.model_copy(update={"players": tuple(p.model_copy(update={"total": -16}) if p.seat == 1 else p
                                                     for p in result.players)})
    play = B.make_play(record, low, "de", tz=BERLIN_WINTER)
    lines = dict(B.summary_lines(play, "de"))
    ben = next(p for p in play.players if p.name == "Ben")
    assert lines[f"{ben.rank}. Ben"] == "\u221216 P."
    assert dict(B.summary_lines(play, "en"))[f"{ben.rank}. Ben"] == "\u221216 pts"


async def test_backup_screen_exports_a_date_range_as_a_play_file(three_days, monkeypatch):
    store, path, games = three_days
    store.close()
    ctx = make_context(path)
    app = await AppSession.start(ctx, route="/?lang=de")
    saved: list[tuple[str, bytes]] = []

    async def save_file(self, file_name=None, src_bytes=None, **kw):
        saved.append((file_name, src_bytes))

    monkeypatch.setattr(ft.FilePicker, "save_file", save_file)
    await app.click(text="Sichern & Einlesen")
    await app.type_into("Von (JJJJ-MM-TT)", "2026-11-30")
    await app.click(text="Spieldatei für BG Stats")
    assert app.has_text("Kein fertiges Spiel in diesem Zeitraum.") and saved == []
    await app.type_into("Von (JJJJ-MM-TT)", "gestern")
    await app.click(text="Spieldatei für BG Stats")
    assert app.has_text("„gestern“ ist kein Datum; bitte JJJJ-MM-TT, z. B. 2026-11-29.")
    await app.type_into("Von (JJJJ-MM-TT)", "2026-11-01")
    await app.type_into("Bis (JJJJ-MM-TT)", "2026-11-30")
    await app.click(text="Spieldatei für BG Stats")
    name, data = saved[-1]
    assert re.fullmatch(r"tischrichter-bgstats-2026-11-2\d_2026-11-2\d\.bgsplay", name)
    check_like_example(json.loads(data))
    assert app.has_text("3 Spiele für BG Stats")
    await app.click(text="Ergebnisse als CSV (Zeitraum)")
    name, data = saved[-1]
    assert name.endswith(".csv") and data.decode().splitlines()[0].startswith("game_id,game,date")
    assert len(data.decode().splitlines()) == 1 + 2 + 3 + 3
