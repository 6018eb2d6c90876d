"""A QR code that cannot hold a link: the link as text and a copy button, never an error.

A finished game whose BG Stats link was long (Qwixx, five players with 40 CJK letters each: about
3,000 characters; the same with emoji; Verlies, eight players with 40 umlauts each: nearly 3,900)
raised segno's DataOverflowError, and the whole result screen became "Fehler: DataOverflowError"
on the host and every guest. The largest QR code holds 2,953 bytes.
"""

from __future__ import annotations

import flet as ft
import pytest

from companion.records import bgstats as B
from components.link_qr import link_with_qr
from components.qr import qr_holds, qr_image
from scoring.engine import PlayerSpec, get_game, replay
from tests.companion.records.test_bgstats import play_qwixx, play_verlies
from tests.harness.shell_ui import walk


def cjk(seat: int) -> str:
    return "".join(chr(0x4E00 + 97 * seat + i) for i in range(40))


def emoji(seat: int) -> str:
    return "".join(chr(0x1F300 + 40 * seat + i) for i in range(40))


def umlauts(seat: int) -> str:
    return "ä" * (39 - seat) + "ö" * (seat + 1)


def long_link(kind: str) -> str:
    if kind == "verlies":
        record = play_verlies(1, [PlayerSpec(name=umlauts(i)) for i in range(8)])[0]
    else:
        names = cjk if kind == "cjk" else emoji
        record = play_qwixx(1, [PlayerSpec(name=names(i)) for i in range(5)])[0]
    return B.link(B.make_play(record, get_game(record.game).result(replay(record)), "de"))


def words(control: ft.Control) -> list[str]:
    out = []
    for c in walk([control]):
        if isinstance(c, ft.Text) and c.value:
            out.append(c.value)
        content = getattr(c, "content", None)
        if isinstance(content, str):
            out.append(content)
    return out


@pytest.fixture(scope="module", params=["cjk", "emoji", "verlies"])
def link(request) -> str:
    return long_link(request.param)


def test_the_links_that_broke_the_screen_fit_no_qr_code(link):
    assert len(link) > 2953 and not qr_holds(link, "l")
    assert qr_holds(link[:2000], "l")


def test_a_link_no_qr_code_holds_is_shown_as_text_with_its_copy_button(link):
    panel = link_with_qr("In BG Stats eintragen", link, show_qr=True, qr_help="Scannen", qr_label="QR",
                         too_long="Zu lang für einen QR-Code.", copy="Link kopieren", copied="Link kopiert")
    shown = words(panel)
    assert shown == ["In BG Stats eintragen", "Zu lang für einen QR-Code.", link, "Link kopieren"]
    assert not [c for c in walk([panel]) if isinstance(c, ft.Image)]
    button = next(c for c in walk([panel]) if isinstance(c, ft.Button))
    assert button.url.url == link  # the link itself still opens on this phone


def test_a_short_link_still_gets_its_qr_code():
    panel = link_with_qr("Öffnen", "https://example.org/x", show_qr=True, qr_help="Scannen", qr_label="QR",
                         too_long="Zu lang", copy="Kopieren")
    assert "Zu lang" not in words(panel) and "Kopieren" not in words(panel)
    assert [c for c in walk([panel]) if isinstance(c, ft.Image)]


def test_a_bare_qr_image_of_too_much_text_is_that_text_never_an_error(link):
    card = qr_image(link, label="QR für BG Stats")
    assert words(card) == [link]
