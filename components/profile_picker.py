"""Profile picker: one big chip per saved player profile; a tap hands the profile back.

Plain data in, a callback out (no storage, no rules)::

    from companion.records.profiles import list_profiles
    from components.profile_picker import profile_picker

    profile_picker(list_profiles(shell.ctx.store), lambda p: use(p), t=shell.t,
                   chosen={spec.profile_id for spec in seats})

``use(p)`` gets a ``companion.records.profiles.Profile``: ``p.player_spec()`` is the
seat (name, colour, profile id); ``p.lucky`` / ``p.character`` the favourites.
With no profiles it returns an empty, invisible row.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol, TypeVar

import flet as ft

from components import theme


class ProfileLike(Protocol):
    """What a chip shows of a player profile (``companion.records.profiles.Profile``)."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def color(self) -> str | None: ...


P = TypeVar("P", bound=ProfileLike)

# profile colour name -> (chip colour, text colour)
SWATCH: dict[str, tuple[str, str]] = {
    "red": (ft.Colors.RED_600, ft.Colors.WHITE),
    "orange": (ft.Colors.ORANGE_600, ft.Colors.BLACK),
    "yellow": (ft.Colors.YELLOW_600, ft.Colors.BLACK),
    "green": (ft.Colors.GREEN_600, ft.Colors.WHITE),
    "teal": (ft.Colors.TEAL_600, ft.Colors.WHITE),
    "blue": (ft.Colors.BLUE_600, ft.Colors.WHITE),
    "indigo": (ft.Colors.INDIGO_600, ft.Colors.WHITE),
    "purple": (ft.Colors.PURPLE_600, ft.Colors.WHITE),
    "pink": (ft.Colors.PINK_400, ft.Colors.BLACK),
    "brown": (ft.Colors.BROWN_600, ft.Colors.WHITE),
    "grey": (ft.Colors.GREY_600, ft.Colors.WHITE),
    "black": (ft.Colors.BLACK, ft.Colors.WHITE),
}
CHIP_HEIGHT = 48  # px: the minimum touch target


def swatch(color: str | None) -> tuple[str, str]:
    return SWATCH.get(color or "", (ft.Colors.BLUE_GREY_100, ft.Colors.BLACK))


def profile_chip(profile: P, on_pick: Callable[[P], None], *, chosen: bool = False,
                 tooltip: str | None = None) -> ft.Control:
    bg, _ = swatch(profile.color)
    return ft.Button(
        content=ft.Row(
            [
                ft.Container(width=18, height=18, bgcolor=bg, border_radius=9,
                             border=ft.Border.all(1, theme.OUTLINE)),
                ft.Text(profile.name, size=16, weight=ft.FontWeight.BOLD if chosen else ft.FontWeight.NORMAL,
                        color=theme.ON_CHOICE if chosen else None),
            ],
            spacing=8,
            tight=True,
        ),
        height=CHIP_HEIGHT,
        tooltip=tooltip,
        bgcolor=theme.CHOICE if chosen else None,
        on_click=lambda e: on_pick(profile),
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=24), padding=ft.Padding.symmetric(horizontal=12)),
    )


def profile_picker(profiles: Iterable[P], on_pick: Callable[[P], None], *,
                   t: Callable[..., str] | None = None, chosen: Iterable[str | None] = (),
                   title: str | None = None) -> ft.Control:
    """Chips of profile names; ``chosen`` (profile ids) are shown marked; ``t`` labels the row."""
    shown = list(profiles)
    taken = {c for c in chosen if c}
    chips = [
        profile_chip(p, on_pick, chosen=p.id in taken,
                     tooltip=t("hist.pick.tip", name=p.name) if t else None)
        for p in shown
    ]
    head: list[ft.Control] = []
    if shown and (title or t):
        head.append(ft.Text(title or (t("hist.pick.title") if t else ""), size=14, color=theme.MUTED))
    return ft.Column(
        [*head, ft.Row(chips, wrap=True, spacing=6, run_spacing=6)],
        spacing=4,
        visible=bool(shown),
    )
