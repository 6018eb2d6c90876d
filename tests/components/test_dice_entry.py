"""components/dice_entry.py: a roll comes in one way at a time; the real dice's faces and their field
are one value; what was entered is kept for its roll only, the way to roll for the table."""

from __future__ import annotations

import flet as ft

from components.dice_entry import (
    DieSlot,
    RollEntryTexts,
    faces_of,
    keep_text,
    real_mode,
    roll_entry,
    set_real_mode,
    taken,
    typed_text,
    with_face,
)
from tests.harness.shell_ui import walk

TEXTS = RollEntryTexts(roll="Würfeln", real="Echte Würfel", app="App würfelt", face="{die} zeigt {value}",
                       field="Echte Würfel: Werte eingeben", apply="Übernehmen", missing="Noch offen: {dice}",
                       ready="Gewürfelt: {values}")
ONE = [DieSlot("w6", 6, "W6", "W6", ft.Colors.WHITE)]
THREE = [DieSlot("white1", 8, "Weiß 1", "W", ft.Colors.WHITE), DieSlot("white2", 8, "Weiß 2", "W", ft.Colors.WHITE),
         DieSlot("red", 8, "Rot", "R", ft.Colors.RED_700, ft.Colors.WHITE)]


def entry(slots: list[DieSlot], real: bool, text: str = "") -> list[ft.Control]:
    return roll_entry(slots, real=real, text=text, texts=TEXTS, on_roll=lambda: None, on_mode=lambda r: None,
                      on_text=lambda t, r: None, on_apply=lambda t: None)


def buttons(controls: list[ft.Control]) -> list[str]:
    """Every button's words as a player reads them: text buttons, then the faces' labels."""
    out = [c.content.value for c in walk(controls) if isinstance(c, ft.Button) and isinstance(c.content, ft.Text)]
    return out + [c.label for c in walk(controls) if isinstance(c, ft.Semantics) and c.button and c.label]


def texts_of(controls: list[ft.Control]) -> list[str]:
    return [c.value for c in walk(controls) if isinstance(c, ft.Text) and c.value]


def test_folded_the_roll_and_real_dice_nothing_to_type_or_take():
    folded = entry(THREE, real=False)
    assert buttons(folded) == ["Würfeln", "Echte Würfel"]
    assert [c for c in walk(folded) if isinstance(c, ft.TextField)] == []


def test_unfolded_no_roll_button_the_way_back_each_face_and_one_field():
    shown = entry(ONE, real=True)
    assert buttons(shown) == ["App würfelt", "Echte Würfel", "Übernehmen"] + [f"W6 zeigt {v}" for v in range(1, 7)]
    assert [c.label for c in walk(shown) if isinstance(c, ft.TextField)] == ["Echte Würfel: Werte eingeben"]


def test_a_tapped_face_is_written_into_the_field_in_the_dice_order():
    assert with_face("", THREE, "red", 8) == "? ? 8"
    assert with_face("? ? 8", THREE, "white1", 3) == "3 ? 8"
    assert faces_of("3 ? 8", THREE) == [3, None, 8]
    assert taken("3 ? 8", THREE) is None
    assert taken(with_face("3 ? 8", THREE, "white2", 5), THREE) == [3, 5, 8]
    assert taken("3,5;8", THREE) == [3, 5, 8]  # typed: anything not a digit separates
    assert taken("3 5 9", THREE) is None and taken("3 5", THREE) is None and taken("3 5 8 1", THREE) is None


def test_what_is_still_open_and_the_whole_roll_beside_the_button():
    assert "Noch offen: Weiß 2, Rot" in texts_of(entry(THREE, real=True, text="3 ? ?"))
    assert "Gewürfelt: 3 5 8" in texts_of(entry(THREE, real=True, text="3 5 8"))
    nothing_yet = texts_of(entry(THREE, real=True))
    assert not any(t.startswith(("Noch offen", "Gewürfelt")) for t in nothing_yet)


def test_the_way_to_roll_is_kept_the_values_only_for_their_roll():
    store: dict = {}
    assert real_mode(store, 7) is False
    set_real_mode(store, 7, True)
    keep_text(store, 7, 3, "3 ? 8")
    assert typed_text(store, 7, 3) == "3 ? 8"
    assert typed_text(store, 7, 4) == "" and typed_text(store, 7, 3) == ""  # the roll was taken: forgotten
    assert real_mode(store, 7) is True  # the next roll comes in the same way


def test_one_or_two_dice_keep_the_whole_line_in_landscape_six_share_it():
    """Seen at 740x360: Verflixxt's single d6 sat in half of its narrow column, faces ~15 px wide."""

    def lines(n: int) -> list[ft.Row]:
        slots = [DieSlot(f"d{i}", 6, f"W6 {i}", "W6", ft.Colors.WHITE) for i in range(n)]
        return [x for c in walk(entry(slots, real=True)) if isinstance(c, ft.ResponsiveRow)
                for x in c.controls if isinstance(x, ft.Row)]

    for n in (1, 2):
        assert [line.col for line in lines(n)] == [{"xs": 12, "sm": 12}] * n
    assert [line.col for line in lines(6)] == [{"xs": 12, "sm": 6}] * 6
