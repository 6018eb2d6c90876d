"""Raus aus dem Verlies!'s words on the screens (German and English), the game id and its stored presets' key."""

from __future__ import annotations

import re

from companion.i18n import add_strings, tr
from scoring.texts import add_texts

GAME = "raus-aus-dem-verlies"
META_PRESETS = "verlies_presets"

add_strings(
    {
        "rv.kind.chasm": {"de": "Abgrund", "en": "Chasm"},
        "rv.kind.acid_lake": {"de": "Säuresee", "en": "Acid lake"},
        "rv.kind.lava": {"de": "Lava", "en": "Lava"},
        "rv.kind.magic_barrier": {"de": "Magie-Sperre", "en": "Magic barrier"},
        "rv.kind.cave_in": {"de": "Einsturz", "en": "Cave-in"},
        "rv.kind.door": {"de": "Tür", "en": "Door"},
        "rv.kind.wooden_bridge": {"de": "Holzbrücke", "en": "Wooden bridge"},
        "rv.kind.monster": {"de": "Monster", "en": "Monster"},
        "rv.kind.trap": {"de": "Falle", "en": "Trap"},
        "rv.color.red": {"de": "Rot", "en": "Red"},
        "rv.color.blue": {"de": "Blau", "en": "Blue"},
        "rv.color.green": {"de": "Grün", "en": "Green"},
        "rv.attr.strength": {"de": "Stärke", "en": "Strength"},
        "rv.attr.mind": {"de": "Geist", "en": "Mind"},
        "rv.attr.dexterity": {"de": "Geschick", "en": "Dexterity"},
        "rv.reason.passage": {"de": "Gang", "en": "passage"},
        "rv.reason.room": {"de": "Goldraum", "en": "gold room"},
        "rv.reason.monster": {"de": "Monster", "en": "monster"},
        "rv.reason.trap": {"de": "Falle", "en": "trap"},
        "rv.reason.penalty": {"de": "Verlust", "en": "loss"},
        "rv.reason.shuffled_back": {"de": "zurückgemischt", "en": "shuffled back"},
        "rv.reason.correction": {"de": "Korrektur", "en": "correction"},
        # setup
        "rv.setup.title": {"de": "Raus aus dem Verlies! – neues Spiel", "en": "Raus aus dem Verlies! – new game"},
        "rv.setup.character": {"de": "Charakter Spieler {n}", "en": "Character player {n}"},
        # the engine's placeholder characters, in the table's language
        "rv.setup.default_character": {"de": "Abenteurer {n}", "en": "Adventurer {n}"},
        "rv.setup.next_character": {"de": "Anderer Charakter für Spieler {n}", "en": "Other character for player {n}"},
        "rv.setup.attr_minus": {"de": "{attr} Spieler {n} −", "en": "{attr} player {n} −"},
        "rv.setup.attr_plus": {"de": "{attr} Spieler {n} +", "en": "{attr} player {n} +"},
        "rv.setup.deck": {"de": "Verliesstapel vorbereiten: {colors}", "en": "Prepare the dungeon deck: {colors}"},
        "rv.setup.start_player": {"de": "Startspieler: {name}", "en": "Start player: {name}"},
        "rv.setup.start_pick": {"de": "Startspieler {name}", "en": "Start player {name}"},
        "rv.setup.draw_start": {"de": "Auslosen", "en": "Draw lots"},
        "rv.setup.start_drawn": {"de": "Startspieler: {name} (ausgelost)", "en": "Start player: {name} (drawn)"},
        "rv.setup.start_youngest": {
            "de": "Startspieler: {name} (jüngste Person)",
            "en": "Start player: {name} (youngest)",
        },
        "rv.setup.more": {"de": "Mehr Optionen", "en": "More options"},
        "rv.setup.more_inside": {"de": "Charaktere, Hausregeln", "en": "Characters, house rules"},
        "rv.setup.more_changed": {"de": "{inside} – Hausregeln geändert", "en": "{inside} – house rules changed"},
        "rv.setup.characters_title": {"de": "Charaktere", "en": "Characters"},
        "rv.setup.characters_intro": {
            "de": "Jede Person hat schon einen Charakter: den nächsten freien oder den aus ihrem Profil. "
                  "Hier könnt ihr ihn ändern.",
            "en": "Everyone already has a character: the next free one, or the one from their profile. "
                  "You can change it here.",
        },
        "rv.setup.exit_min_gold": {"de": "Gold zum Entkommen", "en": "Gold needed to escape"},
        "rv.setup.penalty_title": {
            "de": "Wer unberechtigt eine Karte zieht, setzt aus:",
            "en": "Whoever draws a card without being allowed sits out:",
        },
        "rv.setup.penalty_next": {"de": "den nächsten Zug", "en": "the next turn"},
        "rv.setup.penalty_this": {"de": "nur diesen Zug", "en": "only this turn"},
        # play
        "rv.play.turn": {"de": "{name} ist dran · Zug {turn}", "en": "{name}'s turn · move {turn}"},
        "rv.play.waiting_for": {"de": "Warte auf {name}.", "en": "Waiting for {name}."},
        "rv.play.injured_turn": {
            "de": ("{name} ist verletzt ({cause}) und erholt sich diesen ganzen Zug: keine Karte, kein Schritt "
                   "(rv.injury)."),
            "en": ("{name} is injured ({cause}) and spends this whole turn recovering: no card, no move "
                   "(rv.injury)."),
        },
        "rv.play.recover": {"de": "Erholen", "en": "Recover"},
        "rv.play.sit_out_turn": {
            "de": ("{name} hat unberechtigt eine Karte gezogen und setzt diesen Zug aus: keine Karte, kein Schritt "
                   "(rv.penalty)."),
            "en": ("{name} drew a card without being allowed and sits this turn out: no card, no move "
                   "(rv.penalty)."),
        },
        "rv.play.sit_out": {"de": "Aussetzen", "en": "Sit out"},
        "rv.play.sits_out": {"de": "setzt aus", "en": "sits out"},
        "rv.play.draw": {"de": "Karte ziehen", "en": "Draw a card"},
        "rv.play.walk1": {"de": "1 Karte laufen", "en": "Walk 1 card"},
        "rv.play.walk2": {"de": "2 Karten laufen", "en": "Walk 2 cards"},
        "rv.play.stay": {"de": "Stehen bleiben", "en": "Stay"},
        "rv.play.choose_move": {"de": "Ziehen oder laufen?", "en": "Draw or walk?"},
        "rv.play.moved_draw": {"de": "{name} hat eine Karte gelegt.", "en": "{name} laid a card."},
        "rv.play.moved_passage": {"de": "{name} hat einen Gang gelegt.", "en": "{name} laid a passage."},
        "rv.play.moved_room": {"de": "{name} hat einen Raum gelegt.", "en": "{name} laid a room."},
        "rv.play.card_title": {"de": "Was ist die gezogene Karte?", "en": "What is the card drawn?"},
        "rv.play.passage_card": {"de": "Gang", "en": "Passage"},
        "rv.play.room_card": {"de": "Raum", "en": "Room"},
        "rv.play.room_next": {
            "de": "Als Nächstes: die Raumkarte ziehen und eintragen – vorher endet der Zug nicht (rv.room).",
            "en": "Next: draw the room card and enter it – the turn cannot end before that (rv.room).",
        },
        "rv.play.unauthorised": {"de": "Unberechtigt gezogen", "en": "Drawn without being allowed"},
        "rv.play.moved_walk": {"de": "{name} ist gelaufen ({n}).", "en": "{name} walked ({n})."},
        "rv.play.stopped": {
            "de": "Die Figur kommt diesen Zug nicht weiter.",
            "en": "The figure gets no further this turn.",
        },
        "rv.play.lying": {
            "de": "{name} liegt verletzt: nur noch Zug beenden.",
            "en": "{name} lies injured: end the turn.",
        },
        "rv.play.panel_obstacle": {"de": "Hindernis prüfen", "en": "Check an obstacle"},
        "rv.play.panel_gold": {"de": "Gold", "en": "Gold"},
        "rv.play.room_title": {"de": "Raumkarte (neuer Raum):", "en": "Room card (new room):"},
        "rv.play.room_gold": {"de": "Raum: Gold", "en": "Room: gold"},
        "rv.play.room_monster": {"de": "Raum: Monster", "en": "Room: monster"},
        "rv.play.room_trap": {"de": "Raum: Falle", "en": "Room: trap"},
        "rv.play.room_gold_amount": {"de": "Gold auf der Raumkarte", "en": "Gold on the room card"},
        "rv.play.room_gold_take": {"de": "Goldraum: +{n} Gold", "en": "Gold room: +{n} gold"},
        "rv.play.exit_title": {"de": "Ausgang (Ω):", "en": "Exit (Ω):"},
        "rv.play.lay_exit": {"de": "Ausgang legen", "en": "Lay exit"},
        "rv.play.shuffle_exit": {"de": "Ausgang zurückmischen", "en": "Shuffle exit back"},
        "rv.play.escape": {"de": "Entkommen", "en": "Escape"},
        "rv.play.end_turn": {"de": "Zug beenden", "en": "End turn"},
        # what the exits mean for the table ("Freie Ausgänge: 0" said nothing)
        "rv.play.exits_none": {"de": "Noch kein Ausgang gelegt", "en": "No exit laid yet"},
        "rv.play.exits_free": {
            "de": {"count": "n", "one": "{n} Ausgang frei: eine Person kann hinaus",
                   "other": "{n} Ausgänge frei: {n} Personen können hinaus"},
            "en": {"count": "n", "one": "{n} exit free: one person can get out",
                   "other": "{n} exits free: {n} people can get out"},
        },
        "rv.play.exits_used": {
            "de": {"count": "n", "one": "Kein Ausgang frei: der {n} gelegte ist benutzt",
                   "other": "Kein Ausgang frei: alle {n} gelegten sind benutzt"},
            "en": {"count": "n", "one": "No exit free: the {n} laid is used",
                   "other": "No exit free: all {n} laid are used"},
        },
        "rv.play.need_gold": {"de": "Zum Entkommen: {n} Gold", "en": "To escape: {n} gold"},
        "rv.play.color_attr": {"de": "{color} · {attr} {value}", "en": "{color} · {attr} {value}"},
        "rv.play.number": {"de": "Hinderniszahl", "en": "Obstacle number"},
        "rv.play.chance": {"de": "Chance {pct} % ({frac})", "en": "Chance {pct} % ({frac})"},
        "rv.play.needs": {"de": "{attr} {value} + W6 ≥ {number}", "en": "{attr} {value} + d6 ≥ {number}"},
        "rv.play.on_fail": {"de": "Misslingt: {what}", "en": "On failure: {what}"},
        "rv.fail.hurt_loss": {
            "de": "verletzt, 3 Gold oder ein Schatz, trotzdem drüber",
            "en": "injured, 3 gold or a treasure, passed anyway",
        },
        "rv.fail.blocked": {"de": "nicht drüber, nächster Zug neu versuchen", "en": "not passed, retry next turn"},
        "rv.fail.hurt": {"de": "verletzt, trotzdem drüber", "en": "injured, passed anyway"},
        "rv.play.roll": {"de": "Würfeln", "en": "Roll"},
        "rv.play.typed": {"de": "Gewürfelt (W6)", "en": "Rolled (d6)"},
        "rv.play.apply": {"de": "Übernehmen", "en": "Apply"},
        "rv.play.decline": {"de": "Nicht versuchen", "en": "Do not try"},
        "rv.play.loss_title": {
            "de": "{name} verliert ({cause}): 3 Gold oder einen Schatz – du wählst.",
            "en": "{name} loses ({cause}): 3 gold or one treasure – your choice.",
        },
        "rv.play.loss_gold_title": {
            "de": "{name} verliert ({cause}) {n} Gold.",
            "en": "{name} loses ({cause}) {n} gold.",
        },
        "rv.play.loss_treasure_title": {
            "de": "{name} hat keine Münzen und verliert ({cause}) einen Schatz – du wählst, welchen.",
            "en": "{name} has no coins and loses ({cause}) one treasure – your choice which.",
        },
        "rv.play.lose_gold": {"de": "{n} Gold abgeben", "en": "Give up {n} gold"},
        "rv.play.lose_treasure": {"de": "Schatz {n} abgeben: {name}", "en": "Give up treasure {n}: {name}"},
        "rv.play.fight_title": {"de": "Monster! {name} kämpft.", "en": "Monster! {name} fights."},
        "rv.play.monster_value": {"de": "Monsterwert", "en": "Monster value"},
        "rv.play.attribute": {"de": "Eigenschaft laut Karte:", "en": "Attribute on the card:"},
        "rv.play.attr_value": {"de": "{attr} {value}", "en": "{attr} {value}"},
        "rv.play.roller": {"de": "Fürs Monster würfelt:", "en": "Rolling for the monster:"},
        "rv.play.roller_pick": {"de": "Monster: {name}", "en": "Monster: {name}"},
        "rv.play.fight_needs": {
            "de": "{attr} {value} + W6 gegen {monster} + W6",
            "en": "{attr} {value} + d6 against {monster} + d6",
        },
        "rv.play.typed_hero": {"de": "Wurf {name}", "en": "Roll {name}"},
        "rv.play.typed_monster": {"de": "Wurf Monster", "en": "Roll monster"},
        "rv.play.fight_apply": {"de": "Kampf eintragen", "en": "Enter fight"},
        "rv.play.monster_you": {"de": "Du würfelst für das Monster", "en": "You roll for the monster"},
        "rv.play.monster_by": {"de": "{name} würfelt für das Monster.", "en": "{name} rolls for the monster."},
        "rv.play.monster_fight": {
            "de": "{name}: {attr} {value} + {roll} = {total} gegen Monster {monster} + W6",
            "en": "{name}: {attr} {value} + {roll} = {total} against monster {monster} + d6",
        },
        "rv.play.monster_next": {
            "de": "Für das Monster würfelt dann {name} auf dem eigenen Handy.",
            "en": "{name} then rolls for the monster on their own phone.",
        },
        "rv.play.spoils_title": {"de": "Gewonnen! {name} zieht einen Schatz.", "en": "Won! {name} draws a treasure."},
        "rv.play.treasure_name": {"de": "Schatzname", "en": "Treasure name"},
        "rv.play.treasure_value": {"de": "Schatzwert", "en": "Treasure value"},
        "rv.play.treasure_magic": {"de": "Magisch (M)", "en": "Magic (M)"},
        "rv.play.treasure_hidden": {"de": "Verdeckt", "en": "Face down"},
        "rv.play.take_treasure": {"de": "Schatz nehmen", "en": "Take treasure"},
        "rv.play.default_treasure": {"de": "Schatz", "en": "Treasure"},
        "rv.play.monster_gold": {"de": "Monstergold +{n}", "en": "Monster gold +{n}"},
        "rv.play.trap_title": {"de": "Falle! Was sagt die Karte?", "en": "Trap! What does the card say?"},
        "rv.play.trap_check": {"de": "Mit Probe", "en": "With a check"},
        "rv.play.trap_gold": {"de": "Falle nimmt Gold", "en": "Trap takes gold"},
        "rv.play.trap_dice": {"de": "Gold per Würfel:", "en": "Gold by dice:"},
        "rv.play.trap_injury": {"de": "Verletzt", "en": "Injures"},
        "rv.play.trap_loss": {"de": "3 Gold oder Schatz", "en": "3 gold or a treasure"},
        "rv.play.trap_apply": {"de": "Falle eintragen", "en": "Enter trap"},
        "rv.play.gold_amount": {"de": "Betrag", "en": "Amount"},
        "rv.play.gold_minus": {"de": "Betrag −", "en": "Amount −"},
        "rv.play.gold_plus": {"de": "Betrag +", "en": "Amount +"},
        "rv.play.passage": {"de": "Gold im Gang +{n}", "en": "Passage gold +{n}"},
        "rv.play.passage_once": {"de": "Gold im Gang: einmal je Karte (rv.gold)",
                                 "en": "Passage gold: once per card (rv.gold)"},
        "rv.play.passage_taken": {"de": "Das Gold dieses Gangs ist genommen (rv.gold).",
                                  "en": "This passage's gold is taken (rv.gold)."},
        "rv.play.correct_plus": {"de": "Korrektur +{n}", "en": "Correction +{n}"},
        "rv.play.correct_minus": {"de": "Korrektur −{n}", "en": "Correction −{n}"},
        "rv.play.purse_of": {"de": "{name} ({character})", "en": "{name} ({character})"},
        "rv.play.values": {
            "de": "Stärke {s} · Geist {m} · Geschick {d}",
            "en": "Strength {s} · Mind {m} · Dexterity {d}",
        },
        "rv.play.gold": {"de": "{n} Gold", "en": "{n} gold"},
        "rv.play.treasures": {"de": "Schätze: {n}", "en": "Treasures: {n}"},
        "rv.play.no_treasures": {"de": "Keine Schätze.", "en": "No treasures."},
        "rv.play.hidden_treasure": {"de": "verdeckter Schatz", "en": "face-down treasure"},
        "rv.play.hidden_line": {"de": "{n}. verdeckter Schatz", "en": "{n}. face-down treasure"},
        "rv.play.treasure_line": {
            "de": "{n}. {name} – {gold} Gold{magic}{hidden}",
            "en": "{n}. {name} – {gold} gold{magic}{hidden}",
        },
        "rv.play.magic_mark": {"de": " · M", "en": " · M"},
        "rv.play.hidden_mark": {"de": " · verdeckt", "en": " · face down"},
        "rv.play.reveal": {"de": "Schatz {n} aufdecken", "en": "Reveal treasure {n}"},
        "rv.play.injured": {"de": "verletzt", "en": "injured"},
        "rv.play.escaped": {"de": "entkommen", "en": "escaped"},
        "rv.play.gold_log": {"de": "Goldbuch", "en": "Gold log"},
        "rv.play.log_line": {
            "de": "Zug {turn}: {name} {delta} ({reason})",
            "en": "Turn {turn}: {name} {delta} ({reason})",
        },
        "rv.play.log_capped": {"de": " – verlangt {asked}", "en": " – asked {asked}"},
        # a loss capped by the purse, said plainly
        "rv.play.log_short": {"de": " – fällig waren {due}, da waren nur {had}",
                              "en": " – {due} were due, only {had} were there"},
        "rv.play.log_empty": {"de": "Noch keine Goldänderung.", "en": "No gold change yet."},
        # events
        "rv.ev.obstacle_ok": {
            "de": "{kind} {number} ({color}): {value} + {roll} = {sum} – geschafft!",
            "en": "{kind} {number} ({color}): {value} + {roll} = {sum} – passed!",
        },
        "rv.ev.obstacle_fail": {
            "de": "{kind} {number} ({color}): {value} + {roll} = {sum} – nicht geschafft.",
            "en": "{kind} {number} ({color}): {value} + {roll} = {sum} – failed.",
        },
        "rv.ev.declined": {"de": "{kind} {number}: nicht versucht.", "en": "{kind} {number}: not tried."},
        "rv.ev.fight_won": {
            "de": "Kampf: {total} gegen {monster} – gewonnen!",
            "en": "Fight: {total} against {monster} – won!",
        },
        "rv.ev.fight_lost": {
            "de": "Kampf: {total} gegen {monster} – verloren.",
            "en": "Fight: {total} against {monster} – lost.",
        },
        # a fight shows its dice as an obstacle does, and who rolled for the monster
        "rv.ev.fight_won_dice": {
            "de": "Kampf: {attr} {value} + {roll} = {total} gegen Monster {mvalue} + {mroll} = {monster} – gewonnen! "
                  "(Fürs Monster würfelte {roller}.)",
            "en": "Fight: {attr} {value} + {roll} = {total} against monster {mvalue} + {mroll} = {monster} – won! "
                  "({roller} rolled for the monster.)",
        },
        "rv.ev.fight_lost_dice": {
            "de": "Kampf: {attr} {value} + {roll} = {total} gegen Monster {mvalue} + {mroll} = {monster} – verloren. "
                  "(Fürs Monster würfelte {roller}.)",
            "en": "Fight: {attr} {value} + {roll} = {total} against monster {mvalue} + {mroll} = {monster} – lost. "
                  "({roller} rolled for the monster.)",
        },
        "rv.ev.trap_ok": {"de": "Falle: entkommen.", "en": "Trap: escaped."},
        "rv.ev.trap_ok_roll": {
            "de": "Falle {number} ({color}): {value} + {roll} = {sum} – entkommen!",
            "en": "Trap {number} ({color}): {value} + {roll} = {sum} – escaped!",
        },
        "rv.ev.trap_hit_roll": {
            "de": "Falle {number} ({color}): {value} + {roll} = {sum} – zugeschnappt.",
            "en": "Trap {number} ({color}): {value} + {roll} = {sum} – sprung.",
        },
        "rv.ev.trap_hit": {"de": "Falle: zugeschnappt.", "en": "Trap: sprung."},
        "rv.ev.injured": {"de": "{name} ist verletzt ({cause}).", "en": "{name} is injured ({cause})."},
        "rv.ev.escaped": {"de": "{name} ist entkommen!", "en": "{name} escaped!"},
        "rv.ev.exit_laid": {"de": "Ausgang gelegt.", "en": "Exit laid."},
        "rv.ev.treasure": {"de": "{name} hat einen Schatz.", "en": "{name} has a treasure."},
        "rv.ev.treasure_lost": {"de": "{name} gibt einen Schatz ab.", "en": "{name} gives up a treasure."},
        "rv.ev.recovered": {"de": "{name} steht wieder auf.", "en": "{name} stands up again."},
        "rv.ev.sat_out": {"de": "{name} hat ausgesetzt.", "en": "{name} sat out."},
        "rv.ev.unauthorised_next": {
            "de": "{name} hat unberechtigt gezogen: Karte zurück in den Stapel, Zug vorbei, nächster Zug ausgesetzt.",
            "en": "{name} drew without being allowed: card back into the pile, turn over, next turn skipped.",
        },
        "rv.ev.unauthorised_this": {
            "de": "{name} hat unberechtigt gezogen: Karte zurück in den Stapel, Zug vorbei.",
            "en": "{name} drew without being allowed: card back into the pile, turn over.",
        },
        "rv.ev.nothing_lost": {
            "de": "{name} hat weder Gold noch Schätze: nichts geht verloren ({cause}).",
            "en": "{name} has neither gold nor treasures: nothing is lost ({cause}).",
        },
        "rv.ev.room": {"de": "Raumkarte: {kind}.", "en": "Room card: {kind}."},
        # result
        "rv.result.line": {"de": "{place}. {name} – {total} Gold", "en": "{place}. {name} – {total} gold"},
        "rv.result.lost_line": {
            "de": "{name} – im Verlies geblieben: verliert alles",
            "en": "{name} – left in the dungeon: loses everything",
        },
        "rv.result.detail": {"de": "Münzen {coins} + Schätze {value}", "en": "Coins {coins} + treasures {value}"},
        "rv.result.treasure": {"de": "{name} {gold}{magic}", "en": "{name} {gold}{magic}"},
        "rv.result.why": {"de": "Warum so? Wertung", "en": "Why? Scoring"},
        # the end of a game: the winner in gold, and who escaped last
        "rv.end.wins": {"de": "{name} gewinnt mit {total} Gold", "en": "{name} wins with {total} gold"},
        "rv.end.share": {"de": "{names} teilen sich den Sieg mit je {total} Gold",
                         "en": "{names} share the win with {total} gold each"},
        "rv.end.last": {"de": "Spielende: Zuletzt entkam {name}; {left} bleibt im Verlies.",
                        "en": "Game over: {name} escaped last; {left} stays in the dungeon."},
        "rv.end.alone": {"de": "Spielende: {name} ist entkommen.", "en": "Game over: {name} escaped."},
    }
)

# a typed die that is not a W6 face: refused in place, the typed text kept
add_texts(
    {
        "rv_ui_bad_roll": {
            "de": "Bitte eine Zahl von 1 bis 6 eingeben (gelesen: {got}).",
            "en": "Please type a number from 1 to 6 (read: {got}).",
        }
    }
)
add_strings(
    {
        "rv.dice.w6": {"de": "W6", "en": "d6"},
        "rv.dice.w3": {"de": "W3", "en": "d3"},
        "rv.dice.1+w6": {"de": "1+W6", "en": "1+d6"},
        "rv.play.passage_dice": {"de": "Gold im Gang: {form} würfeln", "en": "Passage gold: roll {form}"},
        "rv.play.room_gold_dice": {"de": "Goldraum: {form} würfeln", "en": "Gold room: roll {form}"},
        "rv.play.monster_gold_dice": {"de": "Monstergold: {form} würfeln", "en": "Monster gold: roll {form}"},
        "rv.play.gold_roll": {"de": "Gold würfeln ({reason}): {form}", "en": "Roll gold ({reason}): {form}"},
        "rv.play.trap_roll": {"de": "Falle: Probe", "en": "Trap: check"},
        "rv.play.roll_wait": {"de": "Warte auf den Wurf von {name}.", "en": "Waiting for {name}'s roll."},
        # the real dice tapped in (components/dice_entry.py): each die's name on its faces
        "rv.die.check": {"de": "W6", "en": "d6"},
        "rv.die.hero": {"de": "W6 {name}", "en": "{name}'s d6"},
        "rv.die.monster": {"de": "W6 Monster", "en": "Monster's d6"},
        # the way back from the real dice to the app's roll (the other way is "Echte Würfel")
        "rv.play.app_dice": {"de": "App würfelt", "en": "App rolls"},
        # gold by dice beside its die: what the card's form made of the face
        "rv.roll.gold_gain": {"de": "Gold ({reason}): {form} mit {face} = +{n} Gold",
                              "en": "Gold ({reason}): {form} with {face} = +{n} gold"},
        "rv.roll.gold_loss": {"de": "Gold ({reason}): {form} mit {face} = −{n} Gold",
                              "en": "Gold ({reason}): {form} with {face} = −{n} gold"},
        "rv.roll.gold_short": {"de": " – da waren nur {had}", "en": " – only {had} were there"},
    }
)


_PLACEHOLDER = re.compile(r"(?:Abenteurer|Adventurer) (\d)")


def character_shown(lang: str, character: str) -> str:
    """A stored character name as the table reads it: the engine's placeholders ("Abenteurer 1", stored
    in whichever language the set-up had) in the table's language, any name a player gave as it is."""
    m = _PLACEHOLDER.fullmatch(character)
    return tr(lang, "rv.setup.default_character", n=int(m.group(1))) if m else character
