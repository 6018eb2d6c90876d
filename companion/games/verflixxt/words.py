"""Verflixxt! Kompakt's words on its screens (German and English) and its game id."""

from __future__ import annotations

from companion.i18n import add_strings

GAME = "verflixxt"

add_strings(
    {
        "vx.setup.title": {"de": "Verflixxt! Kompakt – neues Spiel", "en": "Verflixxt! Kompakt – new game"},
        "vx.setup.order": {
            "de": "Tragt euch im Uhrzeigersinn ein, wie ihr am Tisch sitzt.",
            "en": "Enter the players clockwise, as you sit at the table.",
        },
        "vx.setup.first": {"de": "Beginnt: {name}", "en": "Starts: {name}"},
        "vx.setup.first_drawn": {"de": "Beginnt: {name} (ausgelost)", "en": "Starts: {name} (drawn)"},
        "vx.setup.first_pick": {"de": "{name} beginnt", "en": "{name} starts"},
        "vx.setup.draw_first": {"de": "Auslosen", "en": "Draw"},
        "vx.setup.more": {"de": "Mehr Optionen", "en": "More options"},
        "vx.setup.sum_figures": {
            "de": {"count": "n", "one": "{n} Figur je Person", "other": "{n} Figuren je Person"},
            "en": {"count": "n", "one": "{n} figure each", "other": "{n} figures each"},
        },
        "vx.setup.sum_wurm_on": {"de": "mit Wurminator", "en": "with the Wurminator"},
        "vx.setup.sum_wurm_off": {"de": "ohne Wurminator", "en": "without the Wurminator"},
        "vx.setup.sum_drawn": {"de": "Parcours zufällig ({count} Tafeln)", "en": "random track ({count} tiles)"},
        "vx.setup.sum_typed": {"de": "Parcours wie eingegeben ({count} Tafeln)",
                               "en": "track as entered ({count} tiles)"},
        "vx.setup.sum_bad": {"de": "Parcours fehlerhaft – bitte ansehen", "en": "the track has an error – please look"},
        "vx.setup.sum_guards": {"de": "Wächter versetzt", "en": "guards moved"},
        "vx.setup.figures": {"de": "Figuren je Person", "en": "Figures each"},
        "vx.setup.wurminator": {"de": "Wurminator-Variante", "en": "Wurminator variant"},
        "vx.setup.bite_takes": {"de": "Der Wurminator-Biss nimmt", "en": "A Wurminator bite takes"},
        "vx.setup.bite.smallest": {"de": "die kleinste Minustafel", "en": "the smallest minus tile"},
        "vx.setup.bite.largest": {"de": "die größte Minustafel", "en": "the largest minus tile"},
        "vx.setup.layout_title": {
            "de": "Parcours (wie er auf dem Tisch liegt)",
            "en": "Track (as laid on the table)",
        },
        "vx.setup.layout": {"de": "Tafeln von Start bis Ziel", "en": "Tiles from start to goal"},
        "vx.setup.layout_ok": {
            "de": "Tafeln: {count} – {plus}× plus, {minus}× minus, {lucky}× G",
            "en": "Tiles: {count} – {plus}× plus, {minus}× minus, {lucky}× lucky",
        },
        "vx.setup.palette": {"de": "Antippen hängt eine Tafel an:", "en": "Tap to add a tile:"},
        "vx.setup.del_last": {"de": "Letzte Tafel löschen", "en": "Delete last tile"},
        "vx.setup.clear": {"de": "Parcours leeren", "en": "Clear the track"},
        "vx.setup.random": {"de": "Zufällige Auslage", "en": "Random layout"},
        "vx.setup.tile_set": {"de": "Tafelsatz für die Zufallsauslage", "en": "Tile set for random layouts"},
        "vx.setup.tile_set_title": {"de": "Tafelsatz eurer Schachtel", "en": "Your box's tile set"},
        "vx.setup.tile_set_ask": {
            "de": "Einmal mit eurer Schachtel vergleichen und bestätigen – dieses Gerät merkt sich den Satz.",
            "en": "Compare once with your box and confirm – this device remembers the set.",
        },
        "vx.setup.tile_set_confirm": {"de": "Tafelsatz bestätigen", "en": "Confirm tile set"},
        "vx.setup.tile_set_ok": {
            "de": "Bestätigt: {count} Tafeln – {plus}× plus, {minus}× minus, {lucky}× G",
            "en": "Confirmed: {count} tiles – {plus}× plus, {minus}× minus, {lucky}× lucky",
        },
        "vx.setup.tile_set_change": {"de": "Ändern", "en": "Change"},
        "vx.setup.figures_changed": {
            "de": "Jetzt {new} statt {old} Figuren je Person: bei {players} Spielern hat jede Person {new} (vx.setup).",
            "en": "Now {new} figures each instead of {old}: with {players} players everyone has {new} (vx.setup).",
        },
        "vx.setup.tile_set_reset": {"de": "Standard-Tafelsatz", "en": "Default tile set"},
        "vx.setup.guards_title": {
            "de": "Wächter (Start: die ersten Plus- oder G-Tafeln; hier verschiebbar)",
            "en": "Guards (start: the first plus or lucky tiles; movable here)",
        },
        "vx.setup.guard_line": {"de": "Wächter {g}: {where}", "en": "Guard {g}: {where}"},
        "vx.setup.guard_back": {"de": "Wächter {g} ein Feld zurück", "en": "Guard {g} one tile back"},
        "vx.setup.guard_fwd": {"de": "Wächter {g} ein Feld vor", "en": "Guard {g} one tile forward"},
        "vx.setup.guards_reset": {"de": "Wächter auf die Startfelder", "en": "Guards to their start tiles"},
        "vx.setup.no_guards": {"de": "keine (keine Plustafel)", "en": "none (no plus tile)"},
        "vx.setup.color_tip": {
            "de": "Farbe Spieler {n}: {color} – antippen wechselt",
            "en": "Colour player {n}: {color} – tap to change",
        },
        "vx.color.red": {"de": "Rot", "en": "red"},
        "vx.color.blue": {"de": "Blau", "en": "blue"},
        "vx.color.green": {"de": "Grün", "en": "green"},
        "vx.color.purple": {"de": "Lila", "en": "purple"},
        "vx.color.orange": {"de": "Orange", "en": "orange"},
        "vx.color.teal": {"de": "Türkis", "en": "teal"},
        "vx.color.yellow": {"de": "Gelb", "en": "yellow"},
        "vx.color.pink": {"de": "Pink", "en": "pink"},
        "vx.setup.tap_hint": {
            "de": "Tafel antippen: auswählen, dann davor einfügen, verschieben oder entfernen.",
            "en": "Tap a tile to select it, then insert before it, move or remove it.",
        },
        "vx.setup.selected": {"de": "Gewählt: {where}", "en": "Selected: {where}"},
        "vx.setup.palette_before": {"de": "Antippen fügt vor {where} ein:", "en": "Tap to insert before {where}:"},
        "vx.setup.remove": {"de": "Entfernen", "en": "Remove"},
        "vx.setup.move_left": {"de": "Nach links", "en": "Move left"},
        "vx.setup.move_right": {"de": "Nach rechts", "en": "Move right"},
        "vx.setup.deselect": {"de": "Auswahl aufheben", "en": "Clear selection"},
        "vx.setup.tile_chip": {"de": "Tafel {n}: {tile}", "en": "Tile {n}: {tile}"},
        "vx.setup.quick": {"de": "Nur Punkte zählen", "en": "Only count points"},
        "vx.pos.start": {"de": "Start", "en": "Start"},
        "vx.pos.goal": {"de": "Ziel", "en": "Goal"},
        "vx.pos.slot": {"de": "Feld {n} ({tile})", "en": "slot {n} ({tile})"},
        "vx.pos.gap_slot": {"de": "Feld {n}", "en": "slot {n}"},
        # the track's letters on the board, the palette and the typed line (both languages' letters are read)
        "vx.letter.start": {"de": "S", "en": "S"},
        "vx.letter.goal": {"de": "Z", "en": "F"},
        "vx.letter.lucky": {"de": "G", "en": "L"},
        "vx.letter.guard": {"de": "W", "en": "Gd"},
        "vx.letter.wurm": {"de": "Wu", "en": "Wm"},
        # a board slot as a screen reader names it: its place, then who stands on it
        "vx.slot.words": {"de": "{place}: {pieces}", "en": "{place}: {pieces}"},
        "vx.slot.guard": {"de": "Wächter", "en": "guard"},
        "vx.slot.wurm": {"de": "Wurminator", "en": "Wurminator"},
        "vx.play.roll_chip": {"de": "Gewürfelt: {value}", "en": "Rolled: {value}"},
        "vx.play.bad_typed": {"de": "eine Zahl von 1 bis 6", "en": "one number from 1 to 6"},
        "vx.play.die": {"de": "W6", "en": "d6"},
        "vx.play.moves_with": {"de": "Wähle einen Zug:", "en": "Choose a move:"},
        "vx.play.move_figure": {"de": "Figur {fig}: {src} » {dst}", "en": "Figure {fig}: {src} » {dst}"},
        "vx.play.move_guard": {"de": "Wächter: {src} » {dst}", "en": "Guard: {src} » {dst}"},
        "vx.play.move_wurm": {"de": "Wurminator: {src} » {dst}", "en": "Wurminator: {src} » {dst}"},
        "vx.play.skip_wurm": {"de": "Wurminator stehen lassen", "en": "Leave the Wurminator"},
        "vx.play.takes": {"de": ", nimmt {tiles}", "en": ", takes {tiles}"},
        "vx.play.bites": {"de": ", beißt {names}", "en": ", bites {names}"},
        "vx.play.wurm_phase": {"de": "Jetzt der Wurminator:", "en": "Now the Wurminator:"},
        "vx.play.locked": {
            "de": "Wächter, die nicht ziehen dürfen (antippen: warum):",
            "en": "Guards that may not move (tap: why):",
        },
        "vx.play.locked_tip": {"de": "{place}: {why}", "en": "{place}: {why}"},
        "vx.play.advice": {"de": "Zugberatung", "en": "Move advice"},
        "vx.play.advice_line": {
            "de": "{move}: sofort {now}, Ausblick {ahead}",
            "en": "{move}: now {now}, outlook {ahead}",
        },
        "vx.play.advice_best": {"de": "Empfehlung: {move}", "en": "Suggested: {move}"},
        "vx.play.advice_note": {
            "de": "Ausblick: Vorsprung auf die nächste Person nach deren Zug (Durchschnitt über ihren Wurf).",
            "en": "Outlook: lead over the next player after their turn (average over their roll).",
        },
        "vx.play.piles": {"de": "Stapel und Punkte", "en": "Piles and points"},
        "vx.play.pile_line": {
            "de": {"count": "points", "one": "{name}: {points} Punkt", "other": "{name}: {points} Punkte"},
            "en": {"count": "points", "one": "{name}: {points} point", "other": "{name}: {points} points"},
        },
        "vx.play.pile_empty": {"de": "noch keine Tafel", "en": "no tile yet"},
        "vx.play.pile_words": {"de": "{line}, Tafeln: {tiles}", "en": "{line}, tiles: {tiles}"},
        "vx.play.pile_words_empty": {"de": "{line}, noch keine Tafel", "en": "{line}, no tile yet"},
        "vx.play.out": {"de": "im Ziel", "en": "home"},
        "vx.play.other_rolls": {"de": "{name} ist dran und würfelt.", "en": "It is {name}'s turn: {name} rolls."},
        "vx.play.other_moves": {"de": "{name} zieht.", "en": "{name} moves."},
        "vx.play.other_wurm": {"de": "{name} zieht den Wurminator.", "en": "{name} moves the Wurminator."},
        "vx.play.last_move": {"de": "Letzter Zug – {name}: {move}", "en": "Last move – {name}: {move}"},
        "vx.play.events.collect": {"de": "{name} nimmt {tile}.", "en": "{name} takes {tile}."},
        "vx.play.events.bite": {"de": "Wurminator beißt {name}: {tile}.", "en": "Wurminator bites {name}: {tile}."},
        "vx.play.events.give_back": {"de": "{name} gibt {tile} zurück.", "en": "{name} gives back {tile}."},
        "vx.play.events.wurminator_home": {
            "de": "Der Wurminator geht zurück zum Start.",
            "en": "The Wurminator goes back to start.",
        },
        "vx.play.events.out": {"de": "{name} ist mit allen Figuren im Ziel.", "en": "{name} has every figure home."},
        "vx.result.line": {
            "de": {"count": "total", "one": "{place}. {name} – {total} Punkt",
                   "other": "{place}. {name} – {total} Punkte"},
            "en": {"count": "total", "one": "{place}. {name} – {total} point",
                   "other": "{place}. {name} – {total} points"},
        },
        "vx.result.tiles": {"de": "Tafeln: {tiles}", "en": "Tiles: {tiles}"},
        "vx.result.turns": {"de": "G dreht {minus} zu +{becomes}", "en": "L turns {minus} into +{becomes}"},
        "vx.result.unused": {
            "de": "{count}× G ohne Minustafel: 0 Punkte",
            "en": "{count}× L without a minus tile: 0 points",
        },
        "vx.end.home": {"de": "Spielende: alle Figuren sind im Ziel.", "en": "Game over: every figure is home."},
        "vx.result.why": {"de": "Warum so? Wertung", "en": "Why? Scoring"},
        "vx.quick.title": {"de": "Verflixxt! – nur Punkte zählen", "en": "Verflixxt! – count points only"},
        "vx.quick.tiles": {"de": "Tafeln Spieler {n}", "en": "Tiles player {n}"},
        "vx.quick.score": {"de": "Auswerten", "en": "Score"},
        "vx.quick.back": {"de": "Zurück zum Spielaufbau", "en": "Back to setup"},
    }
)

# set-up: who begins when the youngest begins (vx.setup; the profiles' birth years)
add_strings(
    {
        "vx.setup.first_youngest": {"de": "Beginnt: {name} (jüngste Person)", "en": "Starts: {name} (youngest)"},
        "vx.setup.youngest_needs": {
            "de": "Nach der Regel beginnt die jüngste Person: Namen antippen oder auslosen. Mit Geburtsjahr "
                  "in den Profilen weiß es die App.",
            "en": "By the rules the youngest starts: tap a name or draw. With birth years in the profiles "
                  "the app knows who.",
        },
    }
)

# the roll, one way at a time: "Würfeln" or the real die ("App würfelt" leads back); the real die's
# value typed beside its faces (short, as in Verlies: the field shares its line with "Übernehmen")
add_strings(
    {
        "vx.play.app_dice": {"de": "App würfelt", "en": "App rolls"},
        "vx.play.typed_roll": {"de": "Gewürfelt (W6)", "en": "Rolled (d6)"},
    }
)
