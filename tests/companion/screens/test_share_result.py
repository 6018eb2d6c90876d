"""A finished game's result goes to the group's chat as a picture: the result card captured
(Flet's Screenshot), handed to the phone's share sheet (Share), saved where it cannot be shared."""

from __future__ import annotations

import pytest
from flet.messaging.protocol import MessageAction

from scoring.engine import PlayerSpec
from tests.harness.flet_session import AppSession, make_context

PNG = b"\x89PNG\r\n\x1a\n" + b"result-card"
BUTTON = {"de": "Ergebnis als Bild teilen", "en": "Share the result as a picture"}
DONE = {"de": "Bild geteilt.", "en": "Picture shared."}


@pytest.fixture
def finished(tmp_path):
    ctx = make_context(tmp_path / "share.db")
    done = ctx.tables.create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                             {"lucky_numbers": [(15, 16), (14, 16)], "end_misthrows": 1})
    done.roll(values=[1, 1, 1, 1, 1, 1])
    for seat in (0, 1, 0):
        done.submit({"type": "pass", "by": seat})
    assert done.is_over()
    return ctx, done.id


def invoked(app: AppSession, name: str) -> list[dict]:
    return [m[1] for m in app.conn.messages if MessageAction(m[0]) == MessageAction.INVOKE_METHOD
            and m[1].get("name") == name]


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_the_result_is_shared_as_a_picture_of_the_result_card(finished, lang):
    ctx, game_id = finished
    app = await AppSession.start(ctx, f"/g/{game_id}?all&lang={lang}")
    app.conn.answers["capture"] = PNG
    app.conn.answers["share_files"] = {"status": "success", "raw": "success"}
    await app.click(text=BUTTON[lang])
    await app.wait_for(lambda: app.has_text(DONE[lang]))
    shared = invoked(app, "share_files")
    assert len(invoked(app, "capture")) == 1 and len(shared) == 1
    files = shared[0]["args"]["files"]
    assert len(files) == 1 and files[0]["data"] == PNG and files[0]["mime_type"] == "image/png"
    assert files[0]["name"].startswith("tischrichter-") and files[0]["name"].endswith(".png")
    game = "Qwixx Longo"
    assert shared[0]["args"]["text"] == {"de": f"{game}: unser Ergebnis (Tischrichter)",
                                         "en": f"{game}: our result (Tischrichter)"}[lang]
    assert not app.crashes()


async def test_a_browser_that_cannot_share_saves_the_picture(finished):
    ctx, game_id = finished
    app = await AppSession.start(ctx, f"/g/{game_id}?all&lang=de")
    app.conn.answers["capture"] = PNG
    app.conn.answers["save_file"] = "/downloads/x.png"  # share_files: no client answer
    await app.click(text=BUTTON["de"])
    await app.wait_for(lambda: app.has_text("Bild gespeichert:", contains=True))
    saved = invoked(app, "save_file")
    assert len(saved) == 1 and saved[0]["args"]["src_bytes"] == PNG
    name = saved[0]["args"]["file_name"]
    assert app.has_text(f"Bild gespeichert: {name}")


async def test_nothing_captured_says_so_and_the_result_stays(finished):
    ctx, game_id = finished
    app = await AppSession.start(ctx, f"/g/{game_id}?all&lang=en")  # no client answers at all
    await app.click(text=BUTTON["en"])
    await app.wait_for(lambda: app.has_text("The picture could not be shared or saved on this device."))
    assert app.has_text(BUTTON["en"]) and not app.crashes()


async def test_an_open_game_offers_no_picture(finished):
    ctx, _ = finished
    open_game = ctx.tables.create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                                  {"lucky_numbers": [(15, 16), (14, 16)]})
    app = await AppSession.start(ctx, f"/g/{open_game.id}?all&lang=de")
    assert not app.find_all(text=BUTTON["de"])
