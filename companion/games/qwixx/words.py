"""Qwixx Longo's words on its screens (German and English), its game id and its colours' names."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.i18n import add_strings

if TYPE_CHECKING:
    from companion.shell import Shell

GAME = "qwixx-longo"

def color_name(shell: Shell, c: str) -> str:
    return shell.t(f"q8.color.{c}")


add_strings(
    {
        "q8.color.red": {"de": "Rot", "en": "Red"},
        "q8.color.yellow": {"de": "Gelb", "en": "Yellow"},
        "q8.color.green": {"de": "Grün", "en": "Green"},
        "q8.color.blue": {"de": "Blau", "en": "Blue"},
        "q8.letter.red": {"de": "R", "en": "R"},
        "q8.letter.yellow": {"de": "Ge", "en": "Y"},
        "q8.letter.green": {"de": "Gr", "en": "G"},
        "q8.letter.blue": {"de": "B", "en": "B"},
        "q8.white_die": {"de": "Weiß", "en": "White"},
        "q8.letter.white": {"de": "W", "en": "W"},
        "q8.setup.title": {"de": "Qwixx Longo – neues Spiel", "en": "Qwixx Longo – new game"},
        "q8.setup.lucky": {"de": "Glückszahlen Spieler {n}", "en": "Lucky numbers player {n}"},
        "q8.setup.draw": {"de": "Ziehen", "en": "Draw"},
        "q8.setup.draw_tip": {"de": "Glückszahlen für {name} ziehen", "en": "Draw lucky numbers for {name}"},
        "q8.opt.lucky_replaces": {"de": "Glückszahl ersetzt", "en": "Lucky number replaces"},
        "q8.opt.lucky_replaces.white": {"de": "nur das Weiß-Kreuz", "en": "only the white cross"},
        "q8.opt.lucky_replaces.turn": {"de": "den ganzen Zug", "en": "the whole turn"},
        "q8.opt.lock_min_crosses": {"de": "Kreuze vor dem Schlossfeld", "en": "Crosses before a lock field"},
        "q8.opt.misthrow_penalty": {"de": "Minuspunkte je Fehlwurf", "en": "Penalty per misthrow"},
        "q8.opt.end_locked_rows": {"de": "Ende bei abgeschlossenen Reihen", "en": "End at locked rows"},
        "q8.opt.end_misthrows": {"de": "Ende beim Fehlwurf Nr.", "en": "End at misthrow no."},
        "q8.opt.hints": {"de": "Tipps erlauben", "en": "Allow hints"},
        "q8.hint.button": {"de": "Tipp?", "en": "Hint?"},
        "q8.hint.tip": {"de": "Die drei besten Züge zeigen (gewählt wird nichts)",
                        "en": "Show the three best choices (nothing is chosen)"},
        "q8.hint.line": {"de": "{action}: {expected} — {reason}", "en": "{action}: {expected} — {reason}"},
        "q8.hint.title": {"de": "Tipp für {name} (nur zum Lesen):", "en": "Hint for {name} (to read only):"},
        "q8.play.turn": {"de": "{name} ist dran · Wurf Nr. {turn}", "en": "{name}'s turn · roll no. {turn}"},
        "q8.play.white_title": {"de": "Weiße Summe {sum} – {name}:", "en": "White sum {sum} – {name}:"},
        "q8.play.color_title": {"de": "Farbe (nur {name}):", "en": "Colour (only {name}):"},
        "q8.play.cross": {"de": "{color} {number}", "en": "{color} {number}"},
        "q8.play.lucky": {"de": "Glückszahl: {color} {number}", "en": "Lucky: {color} {number}"},
        "q8.play.color_cross": {"de": "{color} {white}+{die}={number}", "en": "{color} {white}+{die}={number}"},
        "q8.play.pass": {"de": "Passen", "en": "Pass"},
        "q8.play.color_waiting": {
            "de": "{name} wählt noch eine Farbe (oder passt).",
            "en": "{name} is still choosing a colour (or passes).",
        },
        "q8.play.pass_misthrow": {"de": "Passen (Fehlwurf)", "en": "Pass (misthrow)"},
        "q8.play.rest_pass": {"de": "Alle anderen passen", "en": "Everyone else passes"},
        "q8.play.sheet_of": {"de": "Zettel von {name}", "en": "{name}'s sheet"},
        "q8.play.misthrows": {"de": "Fehlwürfe {count}/{most}", "en": "Misthrows {count}/{most}"},
        "q8.play.lucky_numbers": {"de": "Glückszahlen {a} und {b}", "en": "Lucky numbers {a} and {b}"},
        "q8.play.points": {"de": {"count": "points", "one": "{points} Punkt", "other": "{points} Punkte"},
                           "en": {"count": "points", "one": "{points} point", "other": "{points} points"}},
        "q8.play.roll_phase": {"de": "{name} würfelt.", "en": "{name} rolls."},
        "q8.result.line": {
            "de": {"count": "total", "one": "{place}. {name} – {total} Punkt",
                   "other": "{place}. {name} – {total} Punkte"},
            "en": {"count": "total", "one": "{place}. {name} – {total} point",
                   "other": "{place}. {name} – {total} points"},
        },
        "q8.result.detail": {
            "de": "Bonus: {bonus} · Fehlwürfe: {misthrows} (−{penalty})",
            "en": "Bonus: {bonus} · misthrows: {misthrows} (−{penalty})",
        },
        "q8.result.detail_clean": {  # no misthrow: no "(−0)"
            "de": "Bonus: {bonus} · Fehlwürfe: {misthrows}",
            "en": "Bonus: {bonus} · misthrows: {misthrows}",
        },
        "q8.result.no_bonus": {"de": "keiner", "en": "none"},
        # why the game ended
        "q8.end.locked_one": {"de": "Spielende: {rows} ist abgeschlossen.", "en": "Game over: {rows} is locked."},
        "q8.end.locked_many": {"de": "Spielende: {rows} sind abgeschlossen.", "en": "Game over: {rows} are locked."},
        "q8.end.misthrow": {"de": "Spielende: Fehlwurf Nr. {n} von {name}.",
                            "en": "Game over: misthrow no. {n} for {name}."},
        # who begins (as in the other two games)
        "q8.setup.start_player": {"de": "Beginnt: {name}", "en": "Starts: {name}"},
        "q8.setup.start_pick": {"de": "Spieler {n} beginnt", "en": "Player {n} starts"},
        "q8.setup.draw_start": {"de": "Auslosen", "en": "Draw lots"},
        "q8.setup.start_drawn": {"de": "Beginnt: {name} (ausgelost)", "en": "Starts: {name} (drawn)"},
        "q8.setup.more": {"de": "Mehr Optionen", "en": "More options"},
        "q8.setup.more_inside": {"de": "Glückszahlen, Hausregeln", "en": "Lucky numbers, house rules"},
        "q8.setup.more_changed": {"de": "{inside} – Hausregeln geändert", "en": "{inside} – house rules changed"},
        "q8.setup.lucky_title": {"de": "Glückszahlen", "en": "Lucky numbers"},
        "q8.setup.lucky_intro": {
            "de": "Jede Person hat schon zwei Glückszahlen: gezogen oder aus ihrem Profil. Hier könnt ihr sie ändern.",
            "en": "Everyone already has two lucky numbers: drawn, or from their profile. You can change them here.",
        },
        "q8.result.sheet_row": {
            # a no-break space in "36 P.": a 360 px phone wrapped the points away from their number
            "de": "{color}: {crosses} · Kreuze {count} · {points}\u00a0P.",
            "en": "{color}: {crosses} · crosses {count} · {points}\u00a0pts",
        },
        "q8.result.lock_bonus": {"de": "+1 Schloss", "en": "+1 lock"},
        "q8.result.why": {"de": "Warum so? Punktetabelle", "en": "Why? Points table"},
    }
)

add_strings(
    {
        "q8.play.white_n": {"de": "Weiß {n}", "en": "White {n}"},
        "q8.play.last": {"de": "{name}: {what}", "en": "{name}: {what}"},
        "q8.play.last_pass": {"de": "passt", "en": "passes"},
        "q8.play.last_misthrow": {"de": "passt (Fehlwurf)", "en": "passes (misthrow)"},
        "q8.play.last_lucky": {"de": "Glückszahl, {color} {number}", "en": "lucky number, {color} {number}"},
        "q8.play.deciding_one": {"de": "{name} entscheidet noch", "en": "{name} is still deciding"},
        "q8.play.deciding_many": {"de": "{names} entscheiden noch", "en": "{names} are still deciding"},
        "q8.play.and": {"de": "{names} und {last}", "en": "{names} and {last}"},
        "q8.play.crossed": {"de": "angekreuzt", "en": "crossed"},
        "q8.play.skipped": {"de": "übersprungen", "en": "skipped"},
        "q8.play.lucky_word": {"de": "Glückszahl", "en": "lucky number"},  # a circled field, spoken
        "q8.play.count": {"de": "Kreuze {color}: {count}", "en": "{color} crosses: {count}"},
        "q8.play.count_bonus": {
            "de": "Kreuze {color}: {count}, von dir abgeschlossen",
            "en": "{color} crosses: {count}, locked by you",
        },
        "q8.play.count_locked": {
            "de": "Kreuze {color}: {count}, abgeschlossen",
            "en": "{color} crosses: {count}, locked",
        },
    }
)

# set-up: who begins when the youngest begins (the profiles' birth years)
add_strings(
    {
        "q8.setup.start_youngest": {"de": "Beginnt: {name} (jüngste Person)", "en": "Starts: {name} (youngest)"},
    }
)

# the roll, one way at a time: "App würfelt" leads back from the real dice to "Würfeln"
add_strings(
    {
        "q8.play.app_dice": {"de": "App würfelt", "en": "App rolls"},
    }
)
