"""components/dice_entry.py: the real dice open only on request and only for the roll they were opened for."""

from __future__ import annotations

import flet as ft

from components.dice_entry import DiceEntryTexts, DieSlot, opened, real_dice, toggle
from tests.harness.shell_ui import walk

TEXTS = DiceEntryTexts(apply="Würfel übernehmen", face="{die} zeigt {value}", missing="Noch offen: {dice}",
                       ready="Gewürfelt: {values}", toggle="Echte Würfel")
SLOTS = [DieSlot("w6", 6, "W6", "W6", ft.Colors.WHITE)]


def faces(control: ft.Control) -> list[str]:
    return [c.label for c in walk(control) if isinstance(c, ft.Semantics) and c.button and c.label]


def test_closed_no_faces_open_one_per_value_and_forgotten_with_the_roll():
    store: dict = {}
    key = ("dice_entry", 7)
    assert opened(store, key, 3) is None
    closed = real_dice(None, None, on_toggle=lambda: None, on_set=lambda k, v: None, on_apply=lambda v: None,
                       texts=TEXTS)
    assert faces(closed) == []  # closed: only the toggle, no face controls at all
    assert toggle(store, key, 3) is True
    values = opened(store, key, 3)
    assert values == {}
    values["w6"] = 4
    shown = real_dice(SLOTS, values, on_toggle=lambda: None, on_set=lambda k, v: None, on_apply=lambda v: None,
                      texts=TEXTS)
    assert faces(shown) == [f"W6 zeigt {v}" for v in range(1, 7)]
    assert opened(store, key, 3) == {"w6": 4}
    assert opened(store, key, 4) is None and key not in store  # the roll was taken: the table moved on
    assert toggle(store, key, 4) is True and toggle(store, key, 4) is False and key not in store


def lines_of(control: ft.Control) -> list[ft.Row]:
    """Each die's line: the rows of the entry's responsive grid."""
    return [x for c in walk(control) if isinstance(c, ft.ResponsiveRow) for x in c.controls if isinstance(x, ft.Row)]


def test_one_or_two_dice_keep_the_whole_line_in_landscape_six_share_it():
    """Seen at 740x360: Verflixxt's single d6 sat in half of its narrow column, faces ~15 px wide."""
    from components.dice_entry import dice_entry

    def entry(n: int) -> list[ft.Row]:
        slots = [DieSlot(f"d{i}", 6, f"W6 {i}", "W6", ft.Colors.WHITE) for i in range(n)]
        return lines_of(dice_entry(slots, {}, on_set=lambda k, v: None, on_apply=lambda v: None, texts=TEXTS))

    for n in (1, 2):
        assert [line.col for line in entry(n)] == [{"xs": 12, "sm": 12}] * n
    assert [line.col for line in entry(6)] == [{"xs": 12, "sm": 6}] * 6
