"""A finished game whose BG Stats link no QR code holds, on the real Flet session (no browser).

Five Qwixx players with 40 CJK letters each make a link of about 3,000 characters. A tap on
"In BG Stats eintragen" (to show the QR code for another phone) once turned the whole result
screen into "Fehler: DataOverflowError", on the host's device and on a guest's phone alike. Now
the screen says the link is too long for a QR code, shows it, and offers to copy it.
"""

from __future__ import annotations

import pytest
from flet.messaging.protocol import MessageAction

from companion.web.server import CLIENT, Client
from scoring.engine import PlayerSpec
from tests.harness.flet_session import AppSession, make_context

WORDS = {
    "de": ("In BG Stats eintragen",
           "Dieser Link ist zu lang für einen QR-Code. Kopiere ihn und schicke ihn dem anderen Handy.",
           "Link kopieren", "Link kopiert", "Wertung"),
    "en": ("Log in BG Stats", "This link is too long for a QR code. Copy it and send it to the other phone.",
           "Copy link", "Link copied", "Scores"),
}


@pytest.fixture
def ctx(tmp_path):
    return make_context(tmp_path / "tischrichter.db")


def long_names_game(ctx):
    """Qwixx, five players with 40 CJK letters each, ended by the first misthrow."""
    names = ["".join(chr(0x4E00 + 97 * seat + i) for i in range(40)) for seat in range(5)]
    t = ctx.tables.create("qwixx-longo", [PlayerSpec(name=n) for n in names],
                          {"lucky_numbers": [(15, 16)] * 5, "end_misthrows": 1})
    t.roll(values=[1, 1, 1, 1, 1, 1])
    for seat in range(5):
        t.submit({"type": "pass", "by": seat})
    t.submit({"type": "pass", "by": 0})
    assert t.is_over()
    return t


def no_error_shown(app: AppSession) -> None:
    assert not [t for t in app.texts() if t.startswith(("Fehler", "Error")) or "Overflow" in t], app.texts()
    assert not app.crashes()


async def show_and_copy(app: AppSession, lang: str) -> None:
    button, too_long, copy, copied, title = WORDS[lang]
    assert app.has_text(title)
    await app.click(text=button)
    no_error_shown(app)
    assert app.has_text(title) and app.has_text(too_long)
    link = next(t for t in app.texts() if t.startswith("https://app.bgstatsapp.com/createPlay.html?data="))
    assert len(link) > 2953
    app.conn.answers["set"] = None  # the browser's clipboard takes it
    await app.click(text=copy)
    await app.wait_for(lambda: app.sent(copied))
    assert any(body.get("name") == "set" and (body.get("args") or {}).get("data") == link
               for body in app.messages_of(MessageAction.INVOKE_METHOD))
    no_error_shown(app)


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_the_host_sees_the_link_as_text_and_copies_it(ctx, lang):
    t = long_names_game(ctx)
    host = await AppSession.start(ctx, route=f"/g/{t.id}?all&lang={lang}")
    await show_and_copy(host, lang)
    await host.close()


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_a_guest_sees_the_link_as_text_and_copies_it(ctx, lang):
    t = long_names_game(ctx)
    as_guest = CLIENT.set(Client(role="guest", game=t.id, phone="cara-phone-0123456789"))
    try:
        guest = await AppSession.start(ctx, route=f"/g/{t.id}/seat/2?lang={lang}")
    finally:
        CLIENT.reset(as_guest)
    assert guest.shell.is_guest
    await show_and_copy(guest, lang)
    await guest.close()


async def test_the_history_screen_of_that_game_shows_the_link_as_text(ctx):
    t = long_names_game(ctx)
    host = await AppSession.start(ctx)
    host.shell.go("bgstats", bg_game=t.id)  # what the history entry's BG Stats button does
    await host.settle()
    no_error_shown(host)
    assert host.has_text(WORDS["de"][1]) and host.find_all(text=WORDS["de"][2])
    await host.close()
