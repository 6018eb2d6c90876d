"""A finished game stays finished: only the host reopens it, on the device that plays for every
seat (and that device asks first). The phone of the seat that made the final move once tapped the
reopen arrow, then "Ja": the game was open again without the host, a different last move was
played and the game left the host's history.

The rule sits where the action is taken: ``Table.undo`` refuses it for a seat's phone, and the
result screen's arrow and question refuse a guest whatever seats its session names; the arrow is
off on those phones too, but a tap that reaches it anyway (a forced event) changes nothing.
"""

from __future__ import annotations

import flet as ft
import pytest
from flet.controls.context import _context_page

from companion.records.history import finished_games
from companion.store import Store
from companion.table.table import Tables
from companion.web.server import CLIENT, Client
from scoring.errors import Refusal
from tests.companion.games.test_at_a_real_table import finished_qwixx
from tests.harness.flet_session import AppSession, make_context

REFUSED = {
    "de": "Ein beendetes Spiel öffnet nur der Gastgeber wieder, an dem Gerät, das für alle Plätze spielt; "
          "die Wertung bleibt.",
    "en": "Only the host reopens a finished game, on the device that plays for every seat; the score stays.",
}
OFF_TIP = {"de": "Nur der Gastgeber kann das Spiel wieder öffnen", "en": "Only the host can reopen the game"}
REOPEN_TIP = {"de": "Spiel wieder öffnen", "en": "Reopen the game"}
ASK = {"de": "Spiel wieder öffnen? Die Wertung wird zurückgenommen.",
       "en": "Reopen the game? The final score is taken back."}
YES = {"de": "Ja, wieder öffnen", "en": "Yes, reopen"}


@pytest.fixture
def ctx(tmp_path):
    return make_context(tmp_path / "tischrichter.db")


def saved(ctx, table_id: str) -> tuple[str, int, bool]:
    """What the store holds of a game: its log, its cursor, and whether the history lists it."""
    record, cursor, _rev = ctx.store.load_with_rev(table_id)
    listed = any(g["id"] == table_id for g in finished_games(ctx.store))
    return record.model_dump_json(), cursor, listed


async def guest_phone(ctx, route: str) -> AppSession:
    """A phone that came in by the game's join link (the server's Gate names it a guest)."""
    as_guest = CLIENT.set(Client(role="guest", game=route.split("/")[2].split("?")[0], phone="ana-phone-0123456789"))
    try:
        return await AppSession.start(ctx, route=route)
    finally:
        CLIENT.reset(as_guest)


async def forced_tap(app: AppSession, control) -> None:
    """A click event for ``control``, sent even where the screen shows it switched off."""
    _context_page.set(app.page)
    await app.session.dispatch_event(control._i, "click", None)
    await app.settle()


def reopen_arrow(app: AppSession):
    """The result screen's undo arrow, whatever its tooltip says."""
    (found,) = [f for f in app.walk() if isinstance(f.control, ft.IconButton) and f.control.icon == ft.Icons.UNDO]
    return found


async def try_to_reopen(app: AppSession, lang: str) -> None:
    """What the phone of the final seat did: the arrow, then "Ja" if the question came (forced taps)."""
    await forced_tap(app, reopen_arrow(app).control)
    for found in app.find_all(text=YES[lang]):
        await forced_tap(app, found.clickable())


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_table_refuses_reopening_for_the_seat_that_made_the_final_move(ctx, lang):
    t = finished_qwixx(ctx)
    last_seat = t.record.actions[t.cursor - 1].seat
    assert last_seat == 0
    before = saved(ctx, t.id)
    assert before[2], "a finished game is in the history"
    assert not t.may_undo({0})
    with pytest.raises(Refusal) as exc:
        t.undo({0})
    assert exc.value.rule == "table.seat"
    assert exc.value.message(lang) == REFUSED[lang]
    assert t.is_over() and saved(ctx, t.id) == before
    # what the store keeps is still the finished game, for a server that opens it afresh
    other = Store(str(ctx.store.path))
    try:
        assert Tables(other).open(t.id).is_over()
    finally:
        other.close()
    # the host's device (every seat) may
    assert t.may_undo(None)
    t.undo(None)
    assert not t.is_over() and not saved(ctx, t.id)[2]


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_a_guest_holding_the_final_seat_cannot_reopen_the_game_even_by_a_forced_tap(ctx, lang):
    t = finished_qwixx(ctx)
    before = saved(ctx, t.id)
    ana = await guest_phone(ctx, f"/g/{t.id}/seat/0?lang={lang}")
    assert ana.shell.is_guest and ana.shell.seats == {0}
    await try_to_reopen(ana, lang)
    assert t.is_over() and saved(ctx, t.id) == before
    assert ana.has_text(REFUSED[lang]) and not ana.has_text(ASK[lang])
    # the arrow is off on this phone and says why
    arrow = reopen_arrow(ana)
    assert arrow.disabled() and arrow.control.tooltip == OFF_TIP[lang]
    # any undo this phone still has (a stale play screen's arrow) reaches the table: refused there
    assert ana.shell.undo() is False
    assert t.is_over() and saved(ctx, t.id) == before and ana.has_text(REFUSED[lang])
    # the guest cannot now play a different last move either: the game is over
    with pytest.raises(Refusal):
        t.submit({"type": "pass", "by": 1}, {1})
    assert saved(ctx, t.id) == before
    assert not ana.crashes()
    await ana.close()


async def test_a_seat_phone_of_the_host_is_refused_too_and_the_host_device_asks_and_reopens(ctx):
    t = finished_qwixx(ctx)
    before = saved(ctx, t.id)
    seat = await AppSession.start(ctx, route=f"/g/{t.id}/seat/0")  # in-process: no Gate, not a guest
    assert not seat.shell.is_guest and seat.shell.seats == {0}
    await try_to_reopen(seat, "de")
    assert seat.has_text(REFUSED["de"]) and saved(ctx, t.id) == before and t.is_over()
    assert reopen_arrow(seat).disabled() and reopen_arrow(seat).control.tooltip == OFF_TIP["de"]
    host = await AppSession.start(ctx, route=f"/g/{t.id}?all")
    await host.click(tooltip=REOPEN_TIP["de"])
    assert host.has_text(ASK["de"]) and t.is_over()
    await host.click(text=YES["de"])
    assert not t.is_over() and not saved(ctx, t.id)[2]
    assert not seat.crashes() and not host.crashes()
    await seat.close()
    await host.close()
