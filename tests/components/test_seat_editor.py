"""The shared setup components: plain data in, callbacks out, 48 px targets."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import flet as ft

from components.seat_editor import AddSeat, Seat, SeatColor, seat_editor
from components.stepper import stepper


def walk(c: Any) -> Iterator[Any]:
    yield c
    for attr in ("controls", "content"):
        sub = getattr(c, attr, None)
        for x in sub if isinstance(sub, list) else [sub] if isinstance(sub, ft.Control) else []:
            yield from walk(x)


def by_tip(root: Any, tip: str) -> Any:
    return next(c for c in walk(root) if getattr(c, "tooltip", None) == tip)


def tap(c: Any) -> None:
    assert not c.disabled
    c.on_click(SimpleNamespace(control=c))


def test_stepper_hands_back_the_next_value_and_stops_at_its_ends():
    got: list[int] = []
    s = stepper("Figuren", 2, 1, 3, got.append, "Figuren −", "Figuren +", note="Jetzt 2 statt 3")
    tap(by_tip(s, "Figuren −"))
    tap(by_tip(s, "Figuren +"))
    assert got == [1, 3]
    texts = [c.value for c in walk(s) if isinstance(c, ft.Text)]
    assert texts == ["Figuren: 2", "Jetzt 2 statt 3"]
    low = stepper("Figuren", 1, 1, 3, got.append, "Figuren −", "Figuren +")
    assert by_tip(low, "Figuren −").disabled and not by_tip(low, "Figuren +").disabled
    assert all(b.width >= 48 and b.height >= 48 for b in walk(low) if isinstance(b, ft.IconButton))


def seats(error: str | None = None) -> list[Seat]:
    return [
        Seat(key="a", label="Name Spieler 1", hint="Spieler 1", value="", remove_tip="Spieler 1 entfernen",
             color=SeatColor("#d32f2f", "#ffffff", "Farbe Spieler 1: Rot")),
        Seat(key="b", label="Name Spieler 2", hint="Spieler 2", value="Anna", remove_tip="Spieler 2 entfernen",
             removable=False, error=error),
    ]


def test_seat_editor_reports_names_removals_colours_and_adds():
    calls: list[tuple] = []
    fields: list[ft.TextField] = []
    ed = seat_editor(seats(), on_name=lambda i, v: calls.append(("name", i, v)),
                     on_remove=lambda i: calls.append(("remove", i)), on_color=lambda i: calls.append(("color", i)),
                     add=AddSeat("Spieler hinzufügen", lambda: calls.append(("add",))), fields=fields)
    assert [(f.label, f.hint_text, f.value) for f in fields] == [
        ("Name Spieler 1", "Spieler 1", ""), ("Name Spieler 2", "Spieler 2", "Anna")]
    fields[0].value = "Ben"
    fields[0].on_change(SimpleNamespace(control=fields[0]))
    tap(by_tip(ed, "Spieler 1 entfernen"))
    tap(by_tip(ed, "Farbe Spieler 1: Rot"))
    assert by_tip(ed, "Spieler 2 entfernen").disabled
    add = next(c for c in walk(ed) if isinstance(c, ft.OutlinedButton))
    tap(add)
    assert calls == [("name", 0, "Ben"), ("remove", 0), ("color", 0), ("add",)]


def test_an_error_sits_under_its_field_and_a_full_table_says_so():
    ed = seat_editor(seats("Zwei Spieler heißen Anna"), on_name=lambda i, v: None, on_remove=lambda i: None,
                     add=AddSeat("Spieler hinzufügen", lambda: None, full_text="Voll: höchstens 2 Spieler"))
    order = [c for c in walk(ed) if isinstance(c, (ft.TextField, ft.Text))]
    second = next(i for i, c in enumerate(order) if isinstance(c, ft.TextField) and c.label == "Name Spieler 2")
    assert order[second + 1].value == "Zwei Spieler heißen Anna"
    add = next(c for c in walk(ed) if isinstance(c, ft.OutlinedButton))
    assert add.disabled and add.content == "Spieler hinzufügen"  # still there, not gone
    assert order[-1].value == "Voll: höchstens 2 Spieler"
