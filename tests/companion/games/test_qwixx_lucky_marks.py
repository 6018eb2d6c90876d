"""Each player's two lucky numbers are circled on their Qwixx Longo sheet, and said to a screen reader
(q8.lucky). Level 1 (the row as plain controls) and level 2 (the real Flet session)."""

from __future__ import annotations

import flet as ft
import pytest

from components import theme
from components.cross_row import ROUND, RowModel, cross_row
from scoring.engine import PlayerSpec
from tests.harness.flet_session import AppSession, _descendants, make_context

ROW_NAMES = {"de": ("Rot", "Gelb", "Grün", "Blau"), "en": ("Red", "Yellow", "Green", "Blue")}


def red_row(**kw) -> RowModel:
    return RowModel(key="red", label="R", name="Rot", fields=tuple(range(2, 17)), crossed=(3, 8),
                    legal=frozenset({16}), lock_fields=(15, 16), bonus=False, locked=False, color=ft.Colors.RED_700,
                    light=ft.Colors.RED_50, count_text="2", crossed_word="angekreuzt", skipped_word="übersprungen",
                    **kw)


def fields_of(row: RowModel) -> dict[str, ft.Semantics]:
    return {c.label: c for c in cross_row(row, lambda colour, n: None).controls
            if isinstance(c, ft.Semantics) and c.button}


def test_a_lucky_field_is_circled_and_says_so_with_the_same_controls():
    fields = fields_of(red_row(lucky=frozenset({8, 10, 15}), lucky_word="Glückszahl"))
    assert list(fields)[5:10] == ["Rot 7: übersprungen", "Rot 8 (Glückszahl): angekreuzt", "Rot 9",
                                  "Rot 10 (Glückszahl)", "Rot 11"]
    assert list(fields)[13:] == ["Rot 15 (Glückszahl)", "Rot 16"]  # lock fields: lucky, or not
    lucky, plain = fields["Rot 10 (Glückszahl)"].content, fields["Rot 11"].content
    assert lucky.border_radius == ROUND and [(s.spread_radius > 0, s.color) for s in lucky.shadow] == [
        (True, theme.TEXT)]
    assert plain.border_radius == 4 and not plain.shadow
    assert fields["Rot 15 (Glückszahl)"].content.shadow and not fields["Rot 16"].content.shadow
    # the circle is the field's own properties: a lucky field is as many controls as a plain one, so a
    # sheet switched to another player changes values, and builds nothing
    sizes = {k: 1 + len(list(_descendants(v))) for k, v in fields.items()}
    assert sizes["Rot 10 (Glückszahl)"] == sizes["Rot 11"] == sizes["Rot 8 (Glückszahl): angekreuzt"] == 3
    assert sizes["Rot 15 (Glückszahl)"] == sizes["Rot 16"] == 5


def test_without_lucky_numbers_the_fields_read_as_before():
    assert list(fields_of(red_row()))[6:9] == ["Rot 8: angekreuzt", "Rot 9", "Rot 10"]


@pytest.fixture
def ctx(tmp_path):
    return make_context(tmp_path / "lucky.db")


def field_labels(app: AppSession) -> list[str]:
    return [f.control.label for f in app.walk() if isinstance(f.control, ft.Semantics) and f.control.button
            and (f.control.label or "").split(" ")[0] in ROW_NAMES["de"] + ROW_NAMES["en"]]


@pytest.mark.parametrize("lang,word,legend", [("de", "Glückszahl", "Glückszahlen {a} und {b}"),
                                              ("en", "lucky number", "Lucky numbers {a} and {b}")])
async def test_each_sheet_circles_its_own_lucky_numbers_in_every_row_q8_lucky(ctx, lang, word, legend):
    table = ctx.tables.create("qwixx-longo", [PlayerSpec(name=n) for n in ("Ana", "Ben")],
                              {"lucky_numbers": [(4, 9), (5, 12)]})
    app = await AppSession.start(ctx, route=f"/g/{table.id}?all&lang={lang}")
    # the sheets are switched back and forth: each shows its player's numbers, every field still
    # answers (two players' rows share their other fields)
    for who, lucky in (("Ben", (5, 12)), ("Ana", (4, 9)), ("Ben", (5, 12)), ("Ana", (4, 9))):
        await app.click(text=who)
        labels = field_labels(app)
        assert len(labels) == 60, labels
        marked = sorted(x for x in labels if f"({word})" in x)
        assert marked == sorted(f"{row} {n} ({word})" for row in ROW_NAMES[lang] for n in lucky)
        assert app.has_text(legend.format(a=lucky[0], b=lucky[1]))
    await app.click(label=f"{ROW_NAMES[lang][0]} 4 ({word})")  # a lucky field is tapped like any other
    assert not app.crashes()
    await app.close()
