"""The look of every screen, defined once: colours for a light and a dark phone, the type scale,
spacing and shapes.

A screen never names a Material shade for what a thing *is* (a notice, a refusal, a quiet line of
text, the main button): it names the role here, and the role is one of the colour scheme's own
colours, which the client swaps when the phone goes dark. Only what has a colour of its own at the
table keeps it in both themes: Qwixx's rows and dice, Verflixxt's tiles, a player's colour; text
drawn on such a colour names its own contrast colour beside it.
"""

from __future__ import annotations

import flet as ft

SEED = "#3949AB"  # indigo: the app's colour, the scheme's every role is derived from it

# --- roles (each follows the light or dark scheme on the phone) -----------------------------------
PRIMARY = ft.Colors.PRIMARY  # the main action of a screen ("Würfeln", "Spiel starten")
ON_PRIMARY = ft.Colors.ON_PRIMARY
BAR = ft.Colors.PRIMARY  # the top bar
ON_BAR = ft.Colors.ON_PRIMARY
TEXT = ft.Colors.ON_SURFACE  # ordinary text (Flet's default)
MUTED = ft.Colors.ON_SURFACE_VARIANT  # a section's title, a hint, a secondary line
NOTICE = ft.Colors.TERTIARY_CONTAINER  # a line the table should read (a flash, a storage notice)
ON_NOTICE = ft.Colors.ON_TERTIARY_CONTAINER
CARD = ft.Colors.SURFACE_CONTAINER  # a panel of a screen (a fight, a choice, the result)
CARD_STRONG = ft.Colors.SURFACE_CONTAINER_HIGHEST  # a selected or highlighted panel
CHOICE = ft.Colors.SECONDARY_CONTAINER  # a chip or toggle that is on
ON_CHOICE = ft.Colors.ON_SECONDARY_CONTAINER
REFUSAL = ft.Colors.ERROR_CONTAINER  # the referee's no, where the tap happened
ON_REFUSAL = ft.Colors.ON_ERROR_CONTAINER
GOOD = ft.Colors.GREEN_700  # a win, a success (drawn with an icon, never by colour alone)
OUTLINE = ft.Colors.OUTLINE
ERROR = ft.Colors.ERROR  # a field's own error beside it: its words, icon and frame ("Zwei Spieler heißen Anna")
# a yes (a ruling that allows, a profile saved, a backup read): a green tint over the page or a card,
# light on a light phone and dark on a dark one; the text on it stays TEXT
SUCCESS = ft.Colors.with_opacity(0.16, ft.Colors.GREEN_600)

# --- type scale (sp) and spacing (px) -----------------------------------------------------------
TITLE = 20
HEADLINE = 18
BODY = 16
SMALL = 14
GAP = 10
RADIUS = 12


def theme() -> ft.Theme:
    """The app's theme: one seed, Material 3's roles from it (the client derives the dark scheme
    from the same seed when the theme is given as ``page.dark_theme``)."""
    return ft.Theme(color_scheme_seed=SEED, visual_density=ft.VisualDensity.STANDARD)


MODES = ("system", "light", "dark")


def apply(page: ft.Page, mode: str) -> None:
    """``mode``: "system" follows the phone's dark setting, "light" or "dark" is the table's choice."""
    page.theme = theme()
    page.dark_theme = theme()
    page.theme_mode = {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}.get(mode, ft.ThemeMode.SYSTEM)
