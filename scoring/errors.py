"""The two ways the referee says no, after python-chess.

``InvalidInput``: the input is malformed (not an action of this game, a number
out of any range, a file that is not JSON). ``Refusal``: a well-formed action
that the rules forbid now; it carries the ruling id from RULINGS.md.

Both carry a message *code* and params, never finished text: the words live in
``scoring.texts`` (German and English), so a screen shows them in its language.
"""

from __future__ import annotations

from typing import Any


class RefereeError(ValueError):
    rule: str | None = None

    def __init__(self, code: str, rule: str | None = None, **params: Any) -> None:
        self.code = code
        self.rule = rule
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = "de") -> str:
        from scoring.texts import refusal_text

        return refusal_text(self.code, lang, **self.params)

    def as_dict(self, lang: str = "en") -> dict[str, Any]:
        return {"rule": self.rule, "code": self.code, "message": self.message(lang)}


class Refusal(RefereeError):
    """A legal-looking action the rules forbid now (carries a rule id)."""

    def __init__(self, rule: str, code: str, **params: Any) -> None:
        super().__init__(code, rule=rule, **params)


class InvalidInput(RefereeError):
    """Malformed input: not an action, record or sheet this game knows."""

    def __init__(self, code: str, rule: str | None = None, **params: Any) -> None:
        super().__init__(code, rule=rule, **params)
