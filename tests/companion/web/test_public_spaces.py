"""Two spaces of a public shard see nothing of each other, on any screen; a game's guest sees that game.

The real app's sessions (the level-2 harness: Flet's own session over a fake connection) in the
contexts a public shard gives them (``companion.web.public.public_main``), each as the shard's gate
would name its browser (``CLIENT``).
"""

from __future__ import annotations

import pytest

from companion.records.profiles import save_profile
from companion.store import StoreError
from companion.web.client import CLIENT, Client
from companion.web.public import public_main
from companion.web.spaces import GAMES_PER_HOUR, OPEN_TABLES, Spaces, SpaceTables
from scoring.engine import PlayerSpec
from tests.harness.flet_session import AppSession

# a name no screen shows unless it shows space A's games or profiles
SECRET = "Annegret"
GAME = ("raus-aus-dem-verlies", {"start_player": 0})


@pytest.fixture
def shard(tmp_path):
    spaces = Spaces(tmp_path, "a", "https://tisch.example.org/")
    yield spaces
    spaces.close()


def _space_a(spaces: Spaces) -> tuple[str, str]:
    space, _cookie = spaces.mint("192.0.2.1")
    ctx = spaces.context(space)
    save_profile(ctx.store, SECRET)
    table = ctx.tables.create(GAME[0], [PlayerSpec(name=SECRET), PlayerSpec(name="Ben")], GAME[1])
    spaces.announce(space, table.id)
    return space, table.id


async def _session(spaces: Spaces, client: Client | None, route: str = "/") -> AppSession:
    """A browser's session as the shard's gate named it (``client``), on the page ``route``."""
    token = CLIENT.set(client)
    try:
        app = await AppSession.start(None, route, main=public_main(spaces))  # type: ignore[arg-type]
    finally:
        CLIENT.reset(token)
    app.ctx = app.shell.ctx if app.page.data is not None else None
    return app


@pytest.mark.parametrize("screen", ["home", "history", "stats", "profiles", "backup"])
async def test_another_space_sees_nothing_of_the_first_on_any_screen(shard, screen):
    _space_a(shard)
    space_b, _ = shard.mint("192.0.2.2")
    b = await _session(shard, Client(role="host", space=space_b))
    if screen != "home":
        b.shell.go(screen)
        await b.settle()
    assert b.shell.screen == screen
    assert not b.sent(SECRET), b.screen()
    assert not b.crashes()


async def test_the_what_if_screen_of_another_spaces_game_is_not_opened(shard):
    _, game = _space_a(shard)
    space_b, _ = shard.mint("192.0.2.2")
    b = await _session(shard, Client(role="host", space=space_b), route=f"/g/a-{game[:8]}")
    b.shell.go("dispute", dispute_game=game)
    await b.settle()
    assert not b.sent(SECRET), b.screen()


async def test_a_guest_of_a_game_sees_that_game_and_not_its_own_space(shard):
    space_a, game = _space_a(shard)
    space_b, _ = shard.mint("192.0.2.2")
    save_profile(shard.context(space_b).store, "Bernadette")
    guest = await _session(shard, Client(role="host", space=space_b, game=game), route=f"/g/a-{game[:8]}")
    assert guest.shell.is_guest and guest.shell.guest_game == game
    assert guest.sent(SECRET)  # the game's seats, as every guest of it sees them
    assert not guest.sent("Bernadette")
    # the same browser on the start page is its own space's host again
    home = await _session(shard, Client(role="host", space=space_b, game=game), route="/")
    assert not home.shell.is_guest
    assert not home.sent(SECRET)


async def test_a_browser_without_a_space_of_this_shard_gets_the_sentence_and_nothing_else(shard):
    _space_a(shard)
    app = await _session(shard, None)
    assert app.texts() == [
        "Tischrichter: dieser Link gilt hier nicht (mehr). Mitspieler: den Link (QR-Code) ihres Spiels noch "
        "einmal öffnen. Wer selbst spielen will: die Startseite öffnen.",
        "Tischrichter: this link is not valid here (any more). Players: open their game's link (QR code) "
        "again. To play yourself: open the start page.",
    ]


async def test_the_join_link_names_the_shard_and_the_space_screen_offers_a_device_link(shard):
    space, game = _space_a(shard)
    host = await _session(shard, Client(role="host", space=space), route=f"/g/{game}")
    host.shell.go("join", join_game=game)
    await host.settle()
    token = host.ctx.store.table_token(game)
    assert host.has_text(f"https://tisch.example.org/g/a-{game[:8]}?t={token}")
    host.shell.go("space")
    await host.settle()
    link = next(t for t in host.texts() if t.startswith("https://tisch.example.org/?s=a-"))
    assert host.has_text("Ein Bereich, der 90 Tage auf keinem Gerät geöffnet wurde, wird mit seinen Spielen "
                         "gelöscht. Eine Sicherung (Verlauf) hebt sie auf.")
    other = shard.by_link(link.split("?s=")[1])
    assert other is not None and other[0] == space
    await host.click(text="Neuen Link machen (der alte gilt nicht mehr)")
    assert host.has_text("Neuer Link: der alte öffnet diesen Bereich nicht mehr. Geräte, die ihn schon geöffnet "
                         "haben, bleiben drin.")
    assert shard.by_link(link.split("?s=")[1]) is None  # the old link ends
    assert shard.space_of_cookie(other[1]) == space  # the device that used it stays in


def test_games_per_hour_and_tables_shown_at_once_are_refused_with_their_sentence(shard):
    space, _ = shard.mint("192.0.2.1")
    tables = shard.context(space).tables
    assert isinstance(tables, SpaceTables)
    clock = [0.0]
    tables.now = lambda: clock[0]
    players = [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")]
    shown = []
    for _ in range(OPEN_TABLES):  # each shown on a phone as soon as it is made, as the set-up does
        t = tables.create(GAME[0], players, GAME[1])
        shown.append((t, t.subscribe(lambda table, what: None)))
    with pytest.raises(StoreError) as refused:
        tables.create(GAME[0], players, GAME[1])
    assert refused.value.key == "space.too_many_tables"
    for t, listener in shown:
        t.unsubscribe(listener)
    for _ in range(GAMES_PER_HOUR - OPEN_TABLES):
        tables.create(GAME[0], players, GAME[1])
    with pytest.raises(StoreError) as refused:
        tables.create(GAME[0], players, GAME[1])
    assert refused.value.key == "space.too_many_games"
    clock[0] = 3601.0
    tables.create(GAME[0], players, GAME[1])  # an hour later: allowed again


def test_spaces_per_address_per_day_and_expiry(tmp_path):
    now = [1_000_000.0]
    spaces = Spaces(tmp_path, "b", "http://x/", now=lambda: now[0])
    made = [spaces.mint("198.51.100.7") for _ in range(20)]
    assert all(made) and spaces.mint("198.51.100.7") is None
    assert spaces.mint("198.51.100.8") is not None  # another address
    now[0] += 86401
    assert spaces.mint("198.51.100.7") is not None  # the next day
    kept, cookie = made[0]
    spaces.context(kept)
    now[0] += 89 * 86400
    spaces.context(kept)  # opened again: its 90 days start anew
    now[0] += 2 * 86400
    gone = spaces.sweep()
    assert gone == 21  # every space not opened for 90 days, with its file
    assert spaces.space_of_cookie(cookie) == kept
    assert not any(p.name.startswith(made[1][0]) for p in (tmp_path / "b" / "spaces").iterdir())
    spaces.close()


async def test_actions_per_table_and_minute_are_bounded_with_the_sentence(shard, monkeypatch):
    space, game = _space_a(shard)
    monkeypatch.setattr(SpaceTables, "ACTIONS_PER_MINUTE", 2)
    host = await _session(shard, Client(role="host", space=space), route=f"/g/{game}?all")  # the passed-around phone
    table = host.shell.table
    before = len(table.record.actions)
    for _ in range(3):
        await host.click(text="Korrektur +1")
    # shown once the second move's commit is in (a screen waits for its table's write)
    await host.wait_for(lambda: host.has_text("Zu viele Züge in einer Minute (2) an diesem Tisch. Bitte kurz warten."))
    assert len(table.record.actions) == before + 2  # the third was not played
