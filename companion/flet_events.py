"""Which event class a control's handler gets, worked out once per class (a tap's cost on the phone).

Flet 1.0.5 finds it (``on_click: EventHandler[Event["Button"]]`` → ``Event[Button]``) from the
control's class annotations at every single event: it copies its caller's globals, walks the
class's MRO and renders every annotation there as text (typing's ``repr``) — 0.2 ms natively and
about 1 ms of the phone's Python per tap, for an answer that depends only on the control's class and
the handler's field. ``install`` keeps Flet's own answer per (class, field) after the first event.
"""

from __future__ import annotations

from typing import Any

from flet.controls import base_control, control_event

flet_event_type = control_event.get_event_field_type  # Flet's own: the answer of each first event
_known: dict[tuple[type, str], Any] = {}


def event_type(control: Any, field_name: str) -> Any:
    """Flet's ``get_event_field_type(control, field_name)``, asked once per class and field."""
    key = (type(control), field_name)
    try:
        return _known[key]
    except KeyError:
        pass
    found = _known[key] = flet_event_type(control, field_name)  # its error, if any, is not kept
    return found


def install() -> None:
    """Flet's event dispatch (``BaseControl._trigger_event``) asks ``event_type`` from now on."""
    setattr(base_control, "get_event_field_type", event_type)  # its import of Flet's function  # noqa: B010
