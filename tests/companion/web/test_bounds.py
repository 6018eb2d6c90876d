"""Bounds a public server needs, each with a clear sentence: one seat request per seat (the newest),
a page route's length, new games per minute.

Seat requests and new games in-process (the level-2 harness: real Flet sessions, every message
read); a route's length against the real server (``python -m companion --lan``), whose websocket
takes frames up to 16 MB."""

from __future__ import annotations

import asyncio

import pytest

from companion.i18n import tr
from companion.store import Store, StoreError
from companion.table.table import Tables
from scoring.engine import PlayerSpec
from tests.companion.table.test_many_phones import no_crashes, open_phone
from tests.companion.web.test_access_roles import HOST_TOKEN, Phone, browser_cookies
from tests.companion.web.test_cafe_fanout import guest_phone
from tests.e2e.conftest import Server
from tests.harness.flet_session import make_context

LUCKY = [(15, 16), (14, 16)]


@pytest.fixture
def ctx(tmp_path):
    return make_context(tmp_path / "bounds.db")


# --- seat requests ----------------------------------------------------------------------------------
async def test_many_phones_asking_for_held_seats_give_one_banner_per_seat_the_newest(ctx):
    table = ctx.tables.create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], {"lucky_numbers": LUCKY})
    ana = await guest_phone(ctx, table.id, "ana-phone-000000000000", f"/g/{table.id}/seat/0")
    ben = await guest_phone(ctx, table.id, "ben-phone-000000000000", f"/g/{table.id}/seat/1")
    host = await open_phone(ctx, "/")
    askers = []
    for i in range(12):
        phone = await guest_phone(ctx, table.id, f"asker-{i:016d}", f"/g/{table.id}")
        name = ("Ana", "Ben")[i % 2]
        await phone.click(text=f"{name} (schon verbunden)")
        await phone.wait_for(lambda p=phone, n=name: p.has_text(
            f"Der Platz von {n} braucht die Zustimmung des Gastgebers (oder des Handys, das ihn hat). Gefragt."))
        askers.append(phone)
    for p in (host, ana, ben, *askers):
        await p.settle(10)
    texts = host.texts()
    assert texts.count("Ein Handy möchte den Platz von Ana übernehmen (Qwixx Longo).") == 1
    assert texts.count("Ein Handy möchte den Platz von Ben übernehmen (Qwixx Longo).") == 1
    assert sorted((r.seat, r.phone) for r in ctx.requests) == [(0, f"asker-{10:016d}"), (1, f"asker-{11:016d}")]
    # an earlier asker's picker no longer says it asked; the newest one's does
    await askers[0].wait_for(lambda: not askers[0].has_text(
        "Der Platz von Ana braucht die Zustimmung des Gastgebers (oder des Handys, das ihn hat). Gefragt."))
    assert askers[10].has_text(
        "Der Platz von Ana braucht die Zustimmung des Gastgebers (oder des Handys, das ihn hat). Gefragt.")
    assert ben.texts().count("Ein anderes Handy möchte deinen Platz (Ben) übernehmen.") == 1
    # the host allows the one banner: the newest asker has Ana's seat
    await host.click(text="Erlauben", nth=0)  # Ana's banner comes first
    await askers[10].wait_for(lambda: askers[10].has_text("Du: Ana"))
    no_crashes(host, ana, ben, *askers)


# --- new games per minute -------------------------------------------------------------------------------
def test_new_games_are_bounded_per_minute_and_a_refused_one_stores_nothing(tmp_path):
    from companion.web.limits import LimitedTables

    store = Store(str(tmp_path / "games.db"))
    try:
        clock = [1000.0]
        tables = LimitedTables(store, per_minute=3, now=lambda: clock[0])
        players = [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")]
        for _ in range(3):
            tables.create("qwixx-longo", players, {"lucky_numbers": LUCKY})
            clock[0] += 10
        before = store.game_ids()
        with pytest.raises(StoreError) as refused:
            tables.create("qwixx-longo", players, {"lucky_numbers": LUCKY})
        assert (refused.value.key, refused.value.params) == ("server.too_many_games", {"n": 3})
        assert store.game_ids() == before
        clock[0] += 31  # the first of the three is a minute old
        tables.create("qwixx-longo", players, {"lucky_numbers": LUCKY})
        assert len(store.game_ids()) == len(before) + 1
    finally:
        store.close()


def test_the_refusal_is_a_sentence_in_both_languages():
    assert tr("de", "server.too_many_games", n=20) == (
        "In der letzten Minute wurden schon 20 Spiele angelegt. Bitte eine Minute warten, dann noch einmal starten.")
    assert tr("en", "server.too_many_games", n=20) == (
        "20 games were already made in the last minute. Please wait a minute, then start again.")


async def test_the_host_sees_the_refusal_where_it_started_the_game(ctx):
    from companion.web.limits import LimitedTables

    ctx.tables = LimitedTables(ctx.store, per_minute=1)
    host = await open_phone(ctx, "/")
    players = [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")]
    host.shell.start_game("qwixx-longo", players, {"lucky_numbers": LUCKY})
    await host.settle(10)
    games = ctx.store.game_ids()
    host.shell.go_home()
    host.shell.start_game("qwixx-longo", players, {"lucky_numbers": LUCKY})
    await host.wait_for(lambda: host.has_text(
        "In der letzten Minute wurden schon 1 Spiele angelegt. Bitte eine Minute warten, dann noch einmal starten."))
    assert ctx.store.game_ids() == games
    no_crashes(host)


def test_the_server_bounds_new_games():
    import inspect

    import companion.__main__ as entry

    assert "LimitedTables(ctx.store)" in inspect.getsource(entry.main)


# --- a route's length ------------------------------------------------------------------------------------
TOO_LONG = "Diese Adresse ist zu lang (höchstens 8192 Zeichen); sie wurde nicht geöffnet."


@pytest.fixture
def lan(tmp_path):
    store = Store(str(tmp_path / "route.db"))
    try:
        table = Tables(store).create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                                     {"lucky_numbers": LUCKY})
        game, token = table.id, store.table_token(table.id)
    finally:
        store.close()
    srv = Server(tmp_path / "route.db", ["--lan", "--host", "127.0.0.1", "--token", HOST_TOKEN])
    srv.game, srv.token = game, token
    yield srv
    srv.kill()


def test_a_page_route_of_10_mb_is_refused_with_a_sentence(lan):
    link = f"/g/{lan.game[:8]}?t={lan.token}"

    async def run() -> None:
        cookies = browser_cookies(lan.port, link)
        phone = await Phone(lan.port, cookies).open(link)
        await phone.wait_text("Wer bist du?")
        await phone.quiet(0.5)
        long_route = f"/g/{lan.game}?x=" + "a" * 10_000_000
        await phone._send([4, {"id": 1, "props": {"route": long_route}}])  # the page's own route
        await phone._send([3, {"target": 1, "name": "route_change", "data": {"route": long_route}}])
        await phone.wait_text(TOO_LONG)
        await phone.click("Ana")  # the phone goes on as before
        await phone.wait_text("Du: Ana")
        await phone.close()
        # a register with a route too long: the game's own page, and the sentence
        other = await Phone(lan.port, browser_cookies(lan.port, link)).open(f"/g/{lan.game}/seat/1?x=" + "b" * 20_000)
        await other.wait_for(lambda: other.shows(TOO_LONG) and other.shows("Wer bist du?"))
        assert len(other.page.get("route", "")) < 100
        await other.close()

    asyncio.run(run())
    assert lan.proc.poll() is None
