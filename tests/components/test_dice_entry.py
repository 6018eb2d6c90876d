"""components/dice_entry.py: the real dice open only on request and only for the roll they were opened for."""

from __future__ import annotations

import flet as ft

from components.dice_entry import DiceEntryTexts, DieSlot, opened, real_dice, toggle

TEXTS = DiceEntryTexts(apply="Würfel übernehmen", face="{die} zeigt {value}", missing="Noch offen: {dice}",
                       ready="Gewürfelt: {values}", toggle="Echte Würfel")
SLOTS = [DieSlot("w6", 6, "W6", "W6", ft.Colors.WHITE)]


def faces(control: ft.Control) -> list[str]:
    out: list[str] = []

    def walk(c):
        if isinstance(c, ft.Semantics) and c.button and c.label:
            out.append(c.label)
        for attr in ("controls", "content"):
            sub = getattr(c, attr, None)
            for x in sub if isinstance(sub, list) else [sub]:
                if isinstance(x, ft.Control):
                    walk(x)

    walk(control)
    return out


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
