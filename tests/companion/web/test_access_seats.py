"""Seats are protected, over the real server on real HTTP and WebSocket.

A phone claims a seat once and keeps it (the server remembers which phone holds it: the
phone cookie); a seat another phone holds is given only when the host allows it on the
host's screen or the holder gives it up; the pass-around view of all seats is the host's;
a hidden Verlies treasure reaches only the connection of the seat that owns it.
"""

from __future__ import annotations

import asyncio

import pytest

from companion.store import Store
from companion.table.table import Tables
from scoring.engine import PlayerSpec
from tests.companion.web.test_access_roles import HOST_TOKEN, Phone, browser_cookies
from tests.e2e.conftest import Server

NAMES = ["Ana", "Ben", "Cara"]
SECRET = "Zauberkrone"


def _qwixx(tables: Tables) -> str:
    return tables.create("qwixx-longo", [PlayerSpec(name=n) for n in NAMES],
                         {"lucky_numbers": [(15, 16), (14, 16), (13, 16)]}).id


async def _verlies_secret(db) -> str:
    """A Verlies game where Ana (seat 0) holds the hidden treasure SECRET, played in-process
    (the level-2 harness) before the server starts on the same file."""
    from tests.companion.table.test_many_phones import _verlies_with_secret
    from tests.harness.flet_session import make_context

    ctx = make_context(db)
    try:
        table, _ana, _ben = await _verlies_with_secret(ctx)
        assert table.state.players[0].treasures[0].name == SECRET and table.state.players[0].treasures[0].hidden
        return table.id
    finally:
        ctx.store.close()


@pytest.fixture(scope="module")
def srv(tmp_path_factory):
    pytest.importorskip("companion.games.verlies")
    db = tmp_path_factory.mktemp("seats") / "seats.db"
    rv = asyncio.run(_verlies_secret(db))
    store = Store(str(db))
    try:
        tables = Tables(store)
        games = {f"q{i}": _qwixx(tables) for i in range(4)}
        games["rv"] = rv
        tokens = {k: store.table_token(v) for k, v in games.items()}
    finally:
        store.close()
    s = Server(db, ["--lan", "--host", "127.0.0.1", "--token", HOST_TOKEN])
    s.games, s.tokens = games, tokens
    yield s
    s.kill()


def link(srv: Server, key: str, tail: str = "") -> str:
    return f"/g/{srv.games[key][:8]}{tail}?t={srv.tokens[key]}"


def guest(srv: Server, key: str) -> dict[str, str]:
    """A new browser (its own phone cookie) that opened the game's join link."""
    return browser_cookies(srv.port, link(srv, key))


def host(srv: Server) -> dict[str, str]:
    return browser_cookies(srv.port, f"/?h={HOST_TOKEN}")


async def seated(srv: Server, cookies: dict[str, str], key: str, name: str) -> Phone:
    phone = await Phone(srv.port, cookies).open(link(srv, key))
    await phone.wait_text("Wer bist du?")
    await phone.click(name)
    await phone.wait_text(f"Du: {name}")
    return phone


def test_a_held_seat_needs_the_host_and_the_host_decides_on_its_screen(srv):
    async def run() -> None:
        ben = await seated(srv, guest(srv, "q0"), "q0", "Ben")
        boss = await Phone(srv.port, host(srv)).open("/")
        await boss.wait_text("Offene Spiele")
        # another phone wants Ben's seat: the picker says it is taken; a tap only asks
        other = await Phone(srv.port, guest(srv, "q0")).open(link(srv, "q0"))
        await other.wait_text("Ben (schon verbunden)")
        assert "Alle (Handy wird herumgereicht)" not in other.sent()
        await other.click("Ben (schon verbunden)")
        await other.wait_text("Der Platz von Ben braucht die Zustimmung des Gastgebers "
                              "(oder des Handys, das ihn hat). Gefragt.")
        # Ben's own seat link does not take it either
        await other.reload(link(srv, "q0", "/seat/1"))
        await other.quiet(1.0)
        assert not other.saw("Du: Ben")
        # the host's screen shows the request; the host refuses, then allows a new one
        await boss.wait_text("Ein Handy möchte den Platz von Ben übernehmen (Qwixx Longo).")
        asked = "Ein Handy möchte den Platz von Ben übernehmen (Qwixx Longo)."
        await boss.click("Ablehnen")
        await other.wait_text("Abgelehnt: der Platz bleibt, wo er ist.")
        await boss.wait_for(lambda: not boss.shows(asked))
        assert not other.saw("Du: Ben")
        await other.click("Ben (schon verbunden)")
        await boss.wait_for(lambda: boss.shows(asked))
        await boss.click("Erlauben")
        await other.wait_text("Du: Ben")
        await ben.wait_for(lambda: ben.shows("Wer bist du?") and not ben.shows("Du: Ben"))  # nobody's now
        for p in (ben, other, boss):
            await p.close()

    asyncio.run(run())


def test_the_holder_may_give_up_its_seat(srv):
    async def run() -> None:
        cara = await seated(srv, guest(srv, "q1"), "q1", "Cara")
        other = await Phone(srv.port, guest(srv, "q1")).open(link(srv, "q1"))
        await other.click("Cara (schon verbunden)")
        await cara.wait_text("Ein anderes Handy möchte deinen Platz (Cara) übernehmen.")
        await cara.click("Platz freigeben")
        await other.wait_text("Du: Cara")
        for p in (cara, other):
            await p.close()

    asyncio.run(run())


def test_a_phone_keeps_its_seat_and_a_second_seat_needs_the_host(srv):
    async def run() -> None:
        cookies = guest(srv, "q2")
        ana = await seated(srv, cookies, "q2", "Ana")
        await ana.close()
        # the same browser, a new tab, no local storage: the server knows its seat
        tab = await Phone(srv.port, cookies).open(link(srv, "q2"))
        await tab.wait_text("Du: Ana")
        await tab.reload("/")
        await tab.quiet(1.0)
        assert tab.saw("Du: Ana")
        # "Platz wechseln" to a free seat: asked for, not taken (a phone hops no seats)
        await tab.click("Platz wechseln")
        await tab.wait_text("Wer bist du?")
        await tab.click("Cara")
        await tab.wait_text("Der Platz von Cara braucht die Zustimmung des Gastgebers "
                            "(oder des Handys, das ihn hat). Gefragt.")
        assert not tab.saw("Du: Cara")
        await tab.click("Anfrage zurückziehen")
        await tab.wait_for(lambda: not tab.shows("Anfrage zurückziehen"))
        await tab.click("Ana")  # its own seat again: no question
        await tab.wait_for(lambda: tab.shows("Du: Ana") and tab.shows("Zettel von Ana"))
        await tab.close()

    asyncio.run(run())


def test_a_hidden_treasure_reaches_only_its_owners_phone(srv):
    """Ana (seat 0) holds the hidden treasure; Ben's phone and a stranger's, whatever they
    open (the pass-around view, Ana's seat link), never get it."""
    async def run() -> None:
        ana = await seated(srv, guest(srv, "rv"), "rv", "Ana")
        await ana.wait_for(lambda: SECRET in ana.sent())  # her own phone shows it
        ben_cookies = guest(srv, "rv")
        ben = await seated(srv, ben_cookies, "rv", "Ben")
        if "Ana" in ben.buttons:
            await ben.click("Ana")  # Ben looks at Ana's purse
        await ben.quiet(1.0)
        phones = [ben]
        for route in ("", "?all", "/seat/0", "/seat/0?all", "/seat/2"):
            tab = await Phone(srv.port, ben_cookies).open(f"/g/{srv.games['rv']}{route}")
            stranger = await Phone(srv.port, guest(srv, "rv")).open(f"/g/{srv.games['rv']}{route}")
            await tab.quiet(1.0)
            await stranger.quiet(1.0)
            assert "Alle (Handy wird herumgereicht)" not in stranger.sent()
            phones += [tab, stranger]
        for phone in phones:
            assert SECRET not in phone.sent(), "another seat's hidden treasure was sent to this phone"
        for p in (ana, *phones):
            await p.close()

    asyncio.run(run())
