"""A public server's space, as its owner sees it: what it is, how long it stays, and how to open it on
another device (a link and its QR code, and a way to end that link).

Only on a public server (``AppContext.device_link``) and only for the space's own devices, never a
game's guest. The home screen gets one button to this screen (``shell.home_extra``).
"""

from __future__ import annotations

import flet as ft

from companion.i18n import add_strings
from companion.shell import EXTENSIONS, SCREENS, Shell
from companion.store import StoreError
from companion.web.spaces import KEEP_DAYS
from components import theme
from components.common import big_button, info_line, section_title
from components.qr import qr_holds, qr_image

add_strings(
    {
        "space.button": {"de": "Dieser Bereich auf einem anderen Gerät", "en": "This space on another device"},
        "space.title": {"de": "Dein Bereich", "en": "Your space"},
        "space.what": {
            "de": "Deine Spiele, Spieler, der Verlauf und die Statistik liegen in diesem Bereich. Nur Geräte, "
                  "die ihn geöffnet haben, sehen ihn; Mitspieler sehen über den Link ihres Spiels nur dieses Spiel.",
            "en": "Your games, players, history and statistics live in this space. Only devices that opened it "
                  "see it; players see only their game, through that game's link.",
        },
        "space.keep": {
            "de": "Ein Bereich, der {days} Tage auf keinem Gerät geöffnet wurde, wird mit seinen Spielen gelöscht. "
                  "Eine Sicherung (Verlauf) hebt sie auf.",
            "en": "A space not opened on any device for {days} days is deleted with its games. A backup "
                  "(History) keeps them.",
        },
        "space.scan": {
            "de": "Mit dem anderen Gerät scannen oder den Link dort öffnen:",
            "en": "Scan with the other device or open the link there:",
        },
        "space.qr_label": {"de": "QR-Code dieses Bereichs: {url}", "en": "QR code of this space: {url}"},
        "space.renew": {"de": "Neuen Link machen (der alte gilt nicht mehr)",
                        "en": "Make a new link (the old one stops working)"},
        "space.renewed": {
            "de": "Neuer Link: der alte öffnet diesen Bereich nicht mehr. Geräte, die ihn schon geöffnet haben, "
                  "bleiben drin.",
            "en": "New link: the old one no longer opens this space. Devices that already opened it stay in.",
        },
        "space.link_failed": {
            "de": "Der Link konnte gerade nicht gemacht werden; bitte gleich noch einmal.",
            "en": "The link could not be made just now; please try again in a moment.",
        },
        "space.back": {"de": "Zurück", "en": "Back"},
    }
)


def space_screen(shell: Shell) -> list[ft.Control]:
    if shell.ctx.device_link is None or shell.is_guest:
        shell.go_home()
        return []
    out: list[ft.Control] = [section_title(shell.t("space.title")), ft.Text(shell.t("space.what"), size=16),
                             ft.Text(shell.t("space.keep", days=KEEP_DAYS), size=15, color=theme.MUTED)]
    try:
        url = shell.ctx.device_link(False)
    except StoreError:
        url = ""
    if url:
        out.append(ft.Text(shell.t("space.scan"), size=15))
        if qr_holds(url):
            out.append(ft.Row([qr_image(url, size=240, label=shell.t("space.qr_label", url=url))],
                              alignment=ft.MainAxisAlignment.CENTER))
        out.append(ft.Row([ft.Text(url, size=15, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER)],
                          alignment=ft.MainAxisAlignment.CENTER, wrap=True))
    else:
        out.append(info_line(shell.t("space.link_failed"), color=theme.NOTICE, text_color=theme.ON_NOTICE))
    msg = shell.ui.get("space_msg")
    if isinstance(msg, str):
        out.append(info_line(shell.t(msg), color=theme.NOTICE, text_color=theme.ON_NOTICE))
    out.append(ft.OutlinedButton(content=shell.t("space.renew"), icon=ft.Icons.LINK_OFF, height=48,
                                 on_click=lambda e: _renew(shell)))
    out.append(big_button(shell.t("space.back"), lambda e: shell.go_home(), color=theme.PRIMARY,
                          text_color=theme.ON_PRIMARY))
    return out


def _renew(shell: Shell) -> None:
    if shell.ctx.device_link is None:
        return
    try:
        shell.ctx.device_link(True)
        shell.ui["space_msg"] = "space.renewed"
    except StoreError:
        shell.ui["space_msg"] = "space.link_failed"
    shell.render()


def _go(shell: Shell) -> None:
    shell.go("space", space_msg=None)


def extension(shell: Shell) -> None:
    """The home screen's button to this screen, on a public server's space only."""
    if shell.ctx.device_link is None:
        return
    prev = shell.home_extra

    def chained(s: Shell) -> list[ft.Control]:
        out = list(prev(s)) if prev else []
        if s.is_guest:
            return out
        return [*out, ft.OutlinedButton(content=s.t("space.button"), icon=ft.Icons.DEVICES, height=48,
                                        on_click=lambda e: _go(s))]

    shell.home_extra = chained


SCREENS["space"] = space_screen
if extension not in EXTENSIONS:
    EXTENSIONS.append(extension)
