"""The player profiles screen (an app extension, registered by ``companion.screens.history``).

A profile's birth year is optional and only the year: the set-ups offer "the youngest begins" when
every seated profile has one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import flet as ft

from companion.i18n import add_strings
from companion.records.profiles import (
    COLORS as PROFILE_COLORS,
    Profile,
    delete_profile,
    error_key,
    get_profile,
    list_profiles,
    save_profile,
    this_year,
)
from components import theme
from components.common import TOUCH, big_button, info_line, section_title
from components.profile_picker import swatch

if TYPE_CHECKING:
    from companion.shell import Shell

add_strings(
    {
        "hist.prof.birth_year": {"de": "Geburtsjahr (freiwillig)", "en": "Birth year (optional)"},
        "hist.prof.birth_year_hint": {
            "de": "Nur die Jahreszahl, z. B. 1990: für „Jüngste Person beginnt“",
            "en": "Only the year, e.g. 1990: for “Youngest starts”",
        },
        "hist.prof.birth_year_line": {"de": "Jahrgang {year}", "en": "Born {year}"},
    }
)


# --- profiles ---------------------------------------------------------------------------------
@dataclass
class ProfileForm:
    """The profile being typed (``shell.ui["hist_prof"]``): a new one (``id`` None) or one being edited."""

    id: str | None = None
    name: str = ""
    color: str | None = None
    lucky: str = ""  # the two numbers as typed ("5 9")
    character: str = ""  # the Verlies character's name
    birth_year: str = ""  # as typed ("1990"); checked when saved
    error: str | None = None
    msg: str | None = None


TypedField = Literal["name", "lucky", "character", "birth_year"]


def _prof_form(shell: Shell) -> ProfileForm:
    form = shell.ui.get("hist_prof")
    if not isinstance(form, ProfileForm):
        form = ProfileForm()
        shell.ui["hist_prof"] = form
    return form


def _edit_profile(shell: Shell, pid: str) -> None:
    p = get_profile(shell.ctx.store, pid)
    if p is None:
        return
    shell.ui["hist_prof"] = ProfileForm(
        id=p.id, name=p.name, color=p.color,
        lucky=f"{p.lucky[0]} {p.lucky[1]}" if p.lucky else "",
        character=str((p.character or {}).get("character", "")),
        birth_year=str(p.birth_year) if p.birth_year else "",
    )
    shell.render()


def _save_profile(shell: Shell) -> None:
    form = _prof_form(shell)
    old = get_profile(shell.ctx.store, form.id) if form.id else None
    typed = form.character.strip() or None
    character: str | dict[str, object] | None = typed
    if typed and old and old.character and old.character.get("character") == typed:
        character = old.character  # keep the values that came with it
    try:
        p = save_profile(shell.ctx.store, form.name, color=form.color, lucky=form.lucky,
                         character=character, profile_id=form.id, birth_year=form.birth_year)
    except ValueError as exc:
        why = str(exc)  # the set-up's rule for names (alike, bidi) is the records' own: ``error_key``
        form.error = shell.t(error_key(why), detail=why, last=this_year())
        form.msg = None
        shell.render()
        return
    shell.ui["hist_prof"] = ProfileForm(msg=shell.t("hist.prof.saved", name=p.name))
    shell.render()


def _delete_profile(shell: Shell, pid: str, name: str) -> None:
    delete_profile(shell.ctx.store, pid)
    form = _prof_form(shell)
    if form.id == pid:
        form.id, form.name, form.color, form.lucky, form.character, form.birth_year = None, "", None, "", "", ""
    form.msg = shell.t("hist.prof.deleted", name=name)
    form.error = None
    shell.render()


def _profile_line(shell: Shell, p: Profile) -> ft.Control:
    """A saved profile: its colour, name and what it holds, edit and delete."""
    bg, _ = swatch(p.color)
    details = []
    if p.lucky:
        details.append(shell.t("hist.prof.lucky_line", a=p.lucky[0], b=p.lucky[1]))
    if p.character:
        details.append(shell.t("hist.prof.character_line", character=p.character.get("character", "")))
    if p.birth_year:
        details.append(shell.t("hist.prof.birth_year_line", year=p.birth_year))
    return ft.Row(
        [
            ft.Container(width=24, height=24, bgcolor=bg, border_radius=12, border=ft.Border.all(1, theme.OUTLINE)),
            ft.Column([ft.Text(shell.t("hist.prof.line", name=p.name), size=17, weight=ft.FontWeight.BOLD),
                       *([ft.Text(" · ".join(details), size=13)] if details else [])],
                      spacing=0, expand=True),
            ft.IconButton(icon=ft.Icons.EDIT, icon_size=28, width=TOUCH, height=TOUCH,
                          tooltip=shell.t("hist.prof.edit", name=p.name),
                          on_click=lambda e: _edit_profile(shell, p.id)),
            ft.IconButton(icon=ft.Icons.DELETE_OUTLINE, icon_size=28, width=TOUCH, height=TOUCH,
                          tooltip=shell.t("hist.prof.delete", name=p.name),
                          on_click=lambda e: _delete_profile(shell, p.id, p.name)),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def profiles_screen(shell: Shell) -> list[ft.Control]:
    store = shell.ctx.store
    form = _prof_form(shell)
    out: list[ft.Control] = [ft.Text(shell.t("hist.prof.title"), size=22, weight=ft.FontWeight.BOLD)]
    if form.msg:
        out.append(info_line(form.msg, color=theme.SUCCESS))
    profiles = list_profiles(store)
    if not profiles:
        out.append(info_line(shell.t("hist.prof.none")))
    out += [_profile_line(shell, p) for p in profiles]
    if getattr(store, "readonly", False):
        return out
    out.append(section_title(shell.t("hist.prof.editing") if form.id else shell.t("hist.prof.new")))

    def setter(key: TypedField) -> Callable[[ft.Event[ft.TextField]], None]:
        def handler(e: ft.Event[ft.TextField]) -> None:
            setattr(form, key, e.control.value or "")

        return handler

    out.append(ft.TextField(label=shell.t("hist.prof.name"), value=form.name, max_length=40,
                            counter=shell.t("app.max_chars", n=40),  # Flutter's own counter speaks English
                            on_change=setter("name"), dense=True))
    out.append(ft.Text(shell.t("hist.prof.color"), size=14))

    def pick_color(c: str | None) -> None:
        form.color = c
        shell.render()

    swatches: list[ft.Control] = []
    for c in PROFILE_COLORS:
        bg, fg = swatch(c)
        chosen = form.color == c
        swatches.append(
            ft.Container(
                width=48, height=48, bgcolor=bg, border_radius=24,
                border=ft.Border.all(4 if chosen else 1, theme.TEXT if chosen else theme.OUTLINE),
                content=ft.Icon(ft.Icons.CHECK, color=fg) if chosen else None,
                alignment=ft.Alignment.CENTER,
                tooltip=shell.t("hist.color.pick", color=shell.t(f"hist.color.{c}")),
                on_click=lambda e, c=c: pick_color(None if form.color == c else c),
            )
        )
    out.append(ft.Row(swatches, wrap=True, spacing=6, run_spacing=6))
    out.append(ft.TextField(label=shell.t("hist.prof.lucky"), value=form.lucky, on_change=setter("lucky"),
                            dense=True, keyboard_type=ft.KeyboardType.NUMBER))
    out.append(ft.TextField(label=shell.t("hist.prof.character"), value=form.character, max_length=40,
                            counter=shell.t("app.max_chars", n=40), on_change=setter("character"), dense=True))
    out.append(ft.TextField(label=shell.t("hist.prof.birth_year"), value=form.birth_year, dense=True,
                            hint_text="1990", helper=shell.t("hist.prof.birth_year_hint"), helper_max_lines=2,
                            keyboard_type=ft.KeyboardType.NUMBER, on_change=setter("birth_year")))
    if form.error:
        out.append(info_line(form.error, color=theme.REFUSAL))
    buttons = [big_button(shell.t("hist.prof.save"), lambda e: _save_profile(shell), color=theme.PRIMARY,
                          text_color=theme.ON_PRIMARY)]
    if form.id:
        buttons.append(ft.TextButton(content=shell.t("hist.prof.cancel"), height=TOUCH,
                                     on_click=lambda e: _cancel_edit(shell)))
    out.append(ft.Row(buttons, wrap=True))
    return out


def _cancel_edit(shell: Shell) -> None:
    shell.ui.pop("hist_prof", None)
    shell.render()
