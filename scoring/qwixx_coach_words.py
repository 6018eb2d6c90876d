"""The Qwixx Longo coach's words: one line per choice, German and English.

A reason is a tuple of (code, params); each part is rendered by
``scoring.texts`` (plural forms, colour names in the player's language) and the
parts are joined by "; ". A decimal number is written the way the language
writes it (2,5 in German, 2.5 in English).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scoring.texts import add_texts, refusal_text

add_texts(
    {
        "coach_skips": {
            "de": {"count": "n", "one": "überspringt {n} Feld in {color}",
                   "other": "überspringt {n} Felder in {color}"},
            "en": {"count": "n", "one": "skips {n} field in {color}", "other": "skips {n} fields in {color}"},
        },
        "coach_no_gap": {
            "de": {"count": "points", "one": "ohne Lücke in {color}: +{points} Punkt",
                   "other": "ohne Lücke in {color}: +{points} Punkte"},
            "en": {"count": "points", "one": "no gap in {color}: +{points} point",
                   "other": "no gap in {color}: +{points} points"},
        },
        "coach_lock_reach": {
            "de": {"count": "n", "one": "Schloss in Reichweite: {n} Kreuz in {color}",
                   "other": "Schloss in Reichweite: {n} Kreuze in {color}"},
            "en": {"count": "n", "one": "lock within reach: {n} cross in {color}",
                   "other": "lock within reach: {n} crosses in {color}"},
        },
        "coach_lock": {
            "de": "schließt {color} ab: +{points} Punkte mit dem Bonuskreuz",
            "en": "locks {color}: +{points} points with the bonus cross",
        },
        "coach_lucky": {"de": "Glückszahl: {gain} erwartet", "en": "lucky number: {gain} expected"},
        "coach_then_color": {"de": "danach Farbe: {number} in {color}", "en": "then colour: {number} in {color}"},
        "coach_color_only": {"de": "nur Farbe: {number} in {color}", "en": "colour only: {number} in {color}"},
        "coach_wait": {"de": "Passen hält die Reihen offen", "en": "passing keeps the rows open"},
        "coach_misthrow": {"de": "Fehlwurf: −{penalty} Punkte", "en": "misthrow: −{penalty} points"},
        "coach_misthrow_ends": {
            "de": "Fehlwurf (−{penalty}) beendet das Spiel",
            "en": "misthrow (−{penalty}) ends the game",
        },
        "coach_ends_ahead": {
            "de": {"count": "lead", "one": "beendet das Spiel mit {lead} Punkt Vorsprung",
                   "other": "beendet das Spiel mit {lead} Punkten Vorsprung"},
            "en": {"count": "lead", "one": "ends the game {lead} point ahead",
                   "other": "ends the game {lead} points ahead"},
        },
        "coach_ends_behind": {
            "de": {"count": "lead", "one": "beendet das Spiel mit {lead} Punkt Rückstand",
                   "other": "beendet das Spiel mit {lead} Punkten Rückstand"},
            "en": {"count": "lead", "one": "ends the game {lead} point behind",
                   "other": "ends the game {lead} points behind"},
        },
        "coach_ends_level": {"de": "beendet das Spiel punktgleich", "en": "ends the game level"},
    }
)


def signed(value: float, lang: str) -> str:
    """``+2.5`` / ``−0.3`` (a real minus sign), with a decimal comma in German."""
    text = f"{abs(value):.1f}"
    if lang == "de":
        text = text.replace(".", ",")
    return ("−" if round(value, 1) < 0 else "+") + text


def reason_text(parts: Iterable[tuple[str, dict[str, Any]]], lang: str) -> str:
    out = []
    for code, params in parts:
        words = {k: signed(v, lang) if isinstance(v, float) else v for k, v in params.items()}
        out.append(refusal_text(code, lang, **words))
    return "; ".join(out)
