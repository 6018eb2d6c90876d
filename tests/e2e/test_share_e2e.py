"""The result as a picture in a real browser: the result card is captured by Flutter and reaches
the player — through the share sheet where the browser has one, else as a downloaded PNG (Debian's
headless Chromium has no share sheet: the download is what it gets)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from tests.e2e.conftest import ROOT, Server, button
from tests.e2e.test_phone_games import open_phone

pytestmark = pytest.mark.e2e


@pytest.fixture
def finished_game(tmp_path):
    from companion.store import Store
    from companion.table.table import Tables
    from scoring.engine import PlayerSpec

    db = tmp_path / "share.db"
    store = Store(db)
    try:
        done = Tables(store).create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                                    {"lucky_numbers": [(15, 16), (14, 16)], "end_misthrows": 1})
        done.roll(values=[1, 1, 1, 1, 1, 1])
        for seat in (0, 1, 0):
            done.submit({"type": "pass", "by": seat})
        game_id = done.id
    finally:
        store.close()
    srv = Server(db)
    yield srv, game_id
    srv.kill()


def test_the_result_picture_is_a_png_of_the_result_card(browser, finished_game):
    srv, game_id = finished_game
    page = open_phone(browser, f"{srv.url}g/{game_id}?all&lang=de")
    try:
        share = button(page, "Ergebnis als Bild teilen")
        share.wait_for()
        with page.expect_download(timeout=30_000) as got:
            share.click()
        download = got.value
        assert download.suggested_filename.startswith("tischrichter-")
        assert download.suggested_filename.endswith(".png")
        data = Path(download.path()).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
        out = ROOT / "build" / "out" / "screens"
        out.mkdir(parents=True, exist_ok=True)
        (out / "shared-result.png").write_bytes(data)  # to look at
        picture = Image.open(io.BytesIO(data))
        assert picture.size[0] >= 300 and picture.size[1] >= 200  # the card, not an empty image
        page.get_by_text(f"Bild gespeichert: {download.suggested_filename}").wait_for()
    finally:
        page.context.close()
