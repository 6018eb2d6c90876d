"""Raus aus dem Verlies! screens: setup, play, result. Views only: every rule is asked of the engine.

The table keeps the map, the cards and the dice; the phone records what
happens (a card drawn, an obstacle and its roll, a fight, an exit) and shows
the chance before a roll, the purses and the log of every gold change.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.games.verlies_hooks import HOOKS
from companion.i18n import add_strings
from companion.profiles import list_profiles
from companion.registry import GameUI, register_ui
from companion.rules_text import VERLIES as RULES
from companion.rules_ui import dispute_button
from companion.seats import SeatFields, add_seat, check_names, error_texts, names_to_start, seats_for, start_controls
from components.common import TOUCH, big_button, info_line, keyed, section_title, stepper
from components.dice_entry import DiceEntryTexts, DieSlot, opened, real_dice, toggle
from components.gold_counter import clamp, gold_counter
from components.player_switcher import player_switcher
from components.profile_picker import profile_picker
from components.seat_editor import seat_editor
from scoring.dice import Dice
from scoring.engine import DieSpec, PlayerSpec, Template
from scoring.errors import InvalidInput
from scoring.texts import add_texts
from scoring.verlies import (
    ATTR_MAX,
    ATTRIBUTE_OF,
    ATTRIBUTES,
    DICE_FORMS,
    FAILURE,
    GAME as ENGINE,
    PENALTY_GOLD,
    PRESETS,
    GainGold,
    LoseGold,
    RevealTreasure,
    check_chance,
    deck_colors,
    draw_start_player,
    fight_chance,
)

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
        "rv.setup.next_character": {"de": "Anderer Charakter für Spieler {n}", "en": "Other character for player {n}"},
        "rv.setup.attr_minus": {"de": "{attr} Spieler {n} −", "en": "{attr} player {n} −"},
        "rv.setup.attr_plus": {"de": "{attr} Spieler {n} +", "en": "{attr} player {n} +"},
        "rv.setup.deck": {"de": "Verliesstapel vorbereiten: {colors}", "en": "Prepare the dungeon deck: {colors}"},
        "rv.setup.start_player": {"de": "Startspieler: {name}", "en": "Start player: {name}"},
        "rv.setup.start_pick": {"de": "Startspieler {name}", "en": "Start player {name}"},
        "rv.setup.draw_start": {"de": "Startspieler auslosen", "en": "Draw the start player"},
        "rv.setup.exit_min_gold": {"de": "Gold zum Entkommen", "en": "Gold needed to escape"},
        "rv.setup.penalty_title": {
            "de": "Wer unberechtigt eine Karte zieht, setzt aus:",
            "en": "Whoever draws a card without being allowed sits out:",
        },
        "rv.setup.penalty_next": {"de": "den nächsten Zug", "en": "the next turn"},
        "rv.setup.penalty_this": {"de": "nur diesen Zug", "en": "only this turn"},
        # play
        "rv.play.turn": {"de": "{name} ist dran · Zug {turn}", "en": "{name}'s turn · turn {turn}"},
        "rv.play.waiting_for": {"de": "Warte auf {name}.", "en": "Waiting for {name}."},
        "rv.play.injured_turn": {
            "de": "{name} ist verletzt ({cause}) und erholt sich diesen ganzen Zug: keine Karte, kein Schritt (rv.injury).",
            "en": "{name} is injured ({cause}) and spends this whole turn recovering: no card, no move (rv.injury).",
        },
        "rv.play.recover": {"de": "Erholen", "en": "Recover"},
        "rv.play.sit_out_turn": {
            "de": "{name} hat unberechtigt eine Karte gezogen und setzt diesen Zug aus: keine Karte, kein Schritt (rv.penalty).",
            "en": "{name} drew a card without being allowed and sits this turn out: no card, no move (rv.penalty).",
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
        "rv.play.free_exits": {"de": "Freie Ausgänge: {n}", "en": "Free exits: {n}"},
        "rv.play.need_gold": {"de": "Zum Entkommen: {n} Gold", "en": "To escape: {n} gold"},
        "rv.play.kind": {"de": "Art des Hindernisses:", "en": "Kind of obstacle:"},
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
        "rv.result.why": {"de": "Warum so? Wertung rv.end", "en": "Why? Scoring rv.end"},
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

COLOR_STYLE = {
    "red": (ft.Colors.RED_700, ft.Colors.WHITE),
    "blue": (ft.Colors.BLUE_700, ft.Colors.WHITE),
    "green": (ft.Colors.GREEN_700, ft.Colors.WHITE),
}
SELECTED = ft.Colors.INDIGO_100
PRIMARY = ft.Colors.INDIGO_600


def parse_roll(text: str) -> int | None:
    """Tolerant: the first number in the text, if it is a W6 face."""
    nums = re.findall(r"\d+", text or "")
    if len(nums) != 1:
        return None
    v = int(nums[0])
    return v if 1 <= v <= 6 else None


def pct(chance: Any) -> str:
    return str(round(float(chance) * 100))


def _frac(chance: Any, den: int) -> str:
    return f"{chance.numerator * den // chance.denominator}/{den}"


def _chip(text: str, selected: bool, on_click: Callable, *, color: str | None = None, text_color: str | None = None,
          tooltip: str | None = None) -> ft.Control:
    """A choice among a few: the chosen one is bold with a frame."""
    return ft.Button(
        content=ft.Text(text, size=16,
                        weight=ft.FontWeight.BOLD if selected else ft.FontWeight.W_500, color=text_color),
        height=48,
        icon=ft.Icons.CHECK if selected else None,
        icon_color=text_color,
        bgcolor=color or (SELECTED if selected else None),
        tooltip=tooltip,
        on_click=on_click,
        style=ft.ButtonStyle(
            shape=ft.RoundedRectangleBorder(radius=10),
            side=ft.BorderSide(3, ft.Colors.BLACK) if selected else None,
            padding=ft.Padding.symmetric(horizontal=10),
        ),
    )


def _wrap(controls: list[ft.Control]) -> ft.Control:
    return ft.Row(controls, wrap=True, spacing=6, run_spacing=6)


def _card(controls: list[ft.Control], color: str = ft.Colors.BLUE_GREY_50) -> ft.Control:
    return ft.Container(ft.Column(controls, spacing=8), bgcolor=color, border_radius=12, padding=10)


# --- setup --------------------------------------------------------------------------
def load_presets(shell: Any) -> list[dict[str, Any]]:
    """The eight characters as this table last edited them (else the engine's placeholders)."""
    base = [p.model_dump() for p in PRESETS]
    try:
        saved = json.loads(shell.ctx.store.meta(META_PRESETS) or "[]")
    except (ValueError, TypeError):
        saved = []
    for i, p in enumerate(saved[: len(base)] if isinstance(saved, list) else []):
        try:
            spec = {
                "character": str(p["character"])[:40] or base[i]["character"],
                **{a: max(0, min(ATTR_MAX, int(p[a]))) for a in ATTRIBUTES},
            }
        except (KeyError, TypeError, ValueError):
            continue
        base[i] = spec
    return base


def save_presets(shell: Any, st: dict[str, Any]) -> None:
    presets = st["presets"]
    for p in st["players"]:
        if p.get("profile_character"):
            continue  # a profile's favourite character stays the profile's, not the table's preset
        presets[p["preset"]] = {k: p[k] for k in ("character", *ATTRIBUTES)}
    try:
        shell.ctx.store.set_meta(META_PRESETS, json.dumps(presets, ensure_ascii=False))
    except Exception:  # read-only store: the game still starts
        pass


def _uid(st: dict[str, Any]) -> int:
    """A seat card's lasting key in setup (seats are added and removed in any order)."""
    uid = st.get("next_uid", 0)
    st["next_uid"] = uid + 1
    return uid


def _new_player(shell: Any, st: dict[str, Any], n: int) -> dict[str, Any]:
    """An empty name (the field's hint shows the default, issue #15.4) and the next free character."""
    used = {p["preset"] for p in st["players"]}
    idx = next(i for i in range(len(st["presets"])) if i not in used)
    return {"name": "", "preset": idx, **st["presets"][idx],
            "uid": _uid(st), "profile_id": None, "color": None, "profile_character": False}


def _pick_profile(shell: Any, st: dict[str, Any], profile: Any) -> None:
    """A profile fills the next seat without one (or a new seat); tapped again, it frees its seat."""
    players = st["players"]
    for p in players:
        if p.get("profile_id") == profile.id:
            p.update(profile_id=None, color=None, name="")
            if p.get("profile_character"):
                p.update(profile_character=False, **st["presets"][p["preset"]])
            shell.render()
            return
    free = next((i for i, p in enumerate(players) if not p.get("profile_id")), None)
    if free is None:
        if len(players) >= ENGINE.max_players:
            return
        players.append(_new_player(shell, st, len(players) + 1))
        free = len(players) - 1
    spec = profile.player_spec()
    seat = players[free]
    seat.update(name=spec.name, color=spec.color, profile_id=spec.profile_id)
    ch = profile.character
    if ch and ch.get("character"):
        seat["character"] = str(ch["character"])[:40]
        for a in ATTRIBUTES:
            if ch.get(a) is not None:
                seat[a] = clamp(int(ch[a]), 0, ATTR_MAX)
        seat["profile_character"] = True
    shell.render()


def _setup_state(shell: Any) -> dict[str, Any]:
    st = shell.ui.get("rv_setup")
    if st is None:
        st = {"presets": load_presets(shell), "players": [], "start_player": 0, "exit_min_gold": 0,
              "penalty_turn": "next", "name_errors": [], "start_error": None}
        for n in (1, 2, 3):
            st["players"].append(_new_player(shell, st, n))
        shell.ui["rv_setup"] = st
    for p in st["players"]:  # a stable key per seat card
        if "uid" not in p:
            p["uid"] = _uid(st)
    return st


def _seat_actions(shell: Any, st: dict[str, Any], fields: SeatFields) -> dict[str, Callable[..., None]]:
    players = st["players"]

    def on_name(i: int, value: str) -> None:
        players[i]["name"] = value

    def on_remove(i: int) -> None:
        fields.sync()
        if len(players) > ENGINE.min_players:
            players.pop(i)
            st["start_player"] = min(st["start_player"], len(players) - 1)
            st["name_errors"], st["start_error"] = [], None
            shell.render()

    def on_add() -> None:
        fields.sync()
        if len(players) < ENGINE.max_players:
            players.append(_new_player(shell, st, len(players) + 1))
            shell.render()

    def other_character(i: int) -> None:
        fields.sync()
        used = {q["preset"] for j, q in enumerate(players) if j != i}
        cur = players[i]["preset"]
        for k in range(1, len(st["presets"]) + 1):
            idx = (cur + k) % len(st["presets"])
            if idx not in used:
                if not players[i].get("profile_character"):
                    st["presets"][cur] = {k2: players[i][k2] for k2 in ("character", *ATTRIBUTES)}
                players[i].update({"preset": idx, **st["presets"][idx], "profile_character": False})
                break
        shell.render()

    return {"on_name": on_name, "on_remove": on_remove, "on_add": on_add, "other_character": other_character}


def _character_rows(shell: Any, st: dict[str, Any], i: int, fields: SeatFields,
                    other: Callable[[int], None]) -> tuple[ft.Control, ...]:
    """The seat's adventurer: its name, another preset, strength/mind/dexterity 0..ATTR_MAX (rv.setup)."""
    p, n = st["players"][i], i + 1

    def set_character(e: Any) -> None:
        p["character"] = (e.control.value or "")[:40]

    def set_attr(attr: str) -> Callable[[int], None]:
        def changed(value: int) -> None:
            fields.sync()
            p[attr] = clamp(value, 0, ATTR_MAX)
            shell.render()

        return changed

    field = ft.TextField(label=shell.t("rv.setup.character", n=n), value=p["character"], on_change=set_character,
                         dense=True, expand=True)
    fields.items.append((i, "character", field))
    # one line each: three side by side do not fit 360 px with 48 px buttons
    attrs = [stepper(shell.t(f"rv.attr.{a}"), p[a], 0, ATTR_MAX, set_attr(a),
                     shell.t("rv.setup.attr_minus", attr=shell.t(f"rv.attr.{a}"), n=n),
                     shell.t("rv.setup.attr_plus", attr=shell.t(f"rv.attr.{a}"), n=n)) for a in ATTRIBUTES]
    return (
        ft.Row([field, ft.IconButton(icon=ft.Icons.SWITCH_ACCOUNT, width=48, height=48, on_click=lambda e: other(i),
                                     tooltip=shell.t("rv.setup.next_character", n=n))]),
        ft.Column(attrs, spacing=0),
    )


def _seat_block(shell: Any, st: dict[str, Any], fields: SeatFields) -> list[ft.Control]:
    players = st["players"]
    act = _seat_actions(shell, st, fields)
    out: list[ft.Control] = []
    try:
        profiles = list_profiles(shell.ctx.store)
    except Exception:  # an unreadable profile table: setup still works by typing names
        profiles = []
    if profiles:
        out.append(keyed(profile_picker(profiles, lambda pr: _pick_profile(shell, st, pr), t=shell.t,
                                        chosen=[p.get("profile_id") for p in players]), "profiles"))
    extras = [_character_rows(shell, st, i, fields, act["other_character"]) for i in range(len(players))]
    seats = seats_for(shell, [p["name"] for p in players], [str(p["uid"]) for p in players],
                      error_texts(shell, st["name_errors"]), low=ENGINE.min_players, extras=extras)
    names: list[ft.TextField] = []
    out.append(keyed(seat_editor(seats, on_name=act["on_name"], on_remove=act["on_remove"], fields=names,
                                 add=add_seat(shell, len(players), ENGINE.max_players, act["on_add"],
                                              low=ENGINE.min_players)), "seats"))
    fields.items += [(i, "name", f) for i, f in enumerate(names)]
    return out


def _start_player_block(shell: Any, st: dict[str, Any], names: list[str]) -> list[ft.Control]:
    colors = " + ".join(shell.t(f"rv.color.{c}") for c in deck_colors(len(names)))
    sp = min(st["start_player"], len(names) - 1)

    def pick(i: int) -> None:
        st["start_player"] = i
        shell.render()

    def draw(e: Any) -> None:
        st["start_player"] = draw_start_player(len(names), Dice())  # rv.setup: the engine draws
        shell.render()

    chips = [_chip(name, i == sp, lambda e, i=i: pick(i), tooltip=shell.t("rv.setup.start_pick", name=name))
             for i, name in enumerate(names)]
    return [
        keyed(info_line(shell.t("rv.setup.deck", colors=colors), color=ft.Colors.AMBER_50), "deck"),
        keyed(section_title(shell.t("rv.setup.start_player", name=names[sp])), "start-title"),
        keyed(_wrap(chips), "start-chips"),
        keyed(big_button(shell.t("rv.setup.draw_start"), draw), "draw-start"),
    ]


def _options_block(shell: Any, st: dict[str, Any]) -> list[ft.Control]:
    def set_min_gold(v: int) -> None:
        st["exit_min_gold"] = v
        shell.render()

    def set_penalty(value: str) -> None:
        st["penalty_turn"] = value
        shell.render()

    label = shell.t("rv.setup.exit_min_gold")
    penalty = st.setdefault("penalty_turn", "next")  # rv.penalty, option penalty_turn
    return [
        keyed(section_title(shell.t("setup.options")), "options-title"),
        keyed(stepper(label, st["exit_min_gold"], 0, 99, set_min_gold, label + " −", label + " +"), "exit-min-gold"),
        keyed(ft.Text(shell.t("rv.setup.penalty_title"), size=15), "penalty-title"),
        keyed(_wrap([_chip(shell.t(f"rv.setup.penalty_{v}"), penalty == v, lambda e, v=v: set_penalty(v))
                     for v in ("next", "this")]), "penalty-chips"),
    ]


def _start(shell: Any, st: dict[str, Any], fields: SeatFields) -> None:
    fields.sync()
    players = st["players"]
    names = names_to_start(shell, st, [p["name"] for p in players])
    if names is None:
        return
    specs = [PlayerSpec(name=n, color=p.get("color"), profile_id=p.get("profile_id")) for n, p in zip(names, players)]
    options = {
        "adventurers": [{k: p[k] for k in ("character", *ATTRIBUTES)} for p in players],
        "start_player": min(st["start_player"], len(players) - 1),
        "exit_min_gold": st["exit_min_gold"],
        "penalty_turn": st.get("penalty_turn", "next"),
    }
    save_presets(shell, st)
    shell.start_game(GAME, specs, options)


def setup_view(shell: Any) -> ft.Control:
    st = _setup_state(shell)
    fields = SeatFields(st, {"character": 40})
    names, _ = check_names(shell, [p["name"] for p in st["players"]])
    rows: list[ft.Control] = [keyed(section_title(shell.t("rv.setup.title")), "title")]
    rows += _seat_block(shell, st, fields)
    rows += _start_player_block(shell, st, names)
    rows += _options_block(shell, st)
    rows += start_controls(shell, st.get("start_error"), lambda e: _start(shell, st, fields))
    return ft.Column(rows, spacing=10)


# --- play ------------------------------------------------------------------------------
def _my_seats(shell: Any, n: int) -> list[int]:
    return list(range(n)) if shell.seats is None else sorted(s for s in shell.seats if s < n)


def _ps(shell: Any) -> dict[str, Any]:
    """Per-table view state: chosen obstacle, numbers typed, open panel."""
    key = ("rv_play", shell.table.id)
    st = shell.ui.get(key)
    if st is None:
        st = shell.ui[key] = {}
    defaults = {
        "panel": None, "kind": "door", "color": "red", "number": 7, "typed": "",
        "monster_value": 5, "attribute": "strength", "roller": None, "typed_hero": "", "typed_monster": "",
        "gold": 1, "room_gold": 2, "treasure_name": "", "treasure_value": 3, "magic": False, "hidden": True,
        "trap_check": True, "trap_gold": 0, "trap_dice": None, "trap_injury": False, "trap_loss": False,
        "seat": None, "seat_seq": -1,
    }
    for k, v in defaults.items():
        st.setdefault(k, v)
    return st


TRANSIENT = ("typed", "typed_hero", "typed_monster", "treasure_name", "panel")


def _submit(shell: Any, action: Any, *, clear: tuple[str, ...] = TRANSIENT) -> bool:
    """Submit; on success forget what was typed for it, on a refusal keep it."""
    if action is None:  # a template value refused in place (``_filled``)
        return False
    st = _ps(shell)
    kept = {k: st[k] for k in clear if k in st}
    for k in clear:
        st[k] = "" if k != "panel" else None
    turn = shell.table.state.turn_no
    if shell.submit(action):
        _turn_end_note(shell, turn)
        return True
    st.update(kept)
    shell.render()
    return False


def _turn_end_note(shell: Any, turn_before: int) -> None:
    """The next turn's screen starts clean; what the tap that ended the turn caused ("card back into
    the pile", "escaped") is said once, on the phone that tapped, as a passing note."""
    state = shell.table.state
    if state.turn_no == turn_before:
        return
    lines = [t for ev in state.events if (t := event_text(shell, state, ev))]
    if not lines:
        return
    with contextlib.suppress(Exception):  # no live page
        shell.page.show_dialog(ft.SnackBar(ft.Text(" ".join(lines), size=16), duration=8000))


def _bad_roll(shell: Any, got: str) -> None:
    shell.refuse(InvalidInput("rv_ui_bad_roll", rule="rv.dice", got=(got or "–")[:12]))


def _name(state: Any, seat: int) -> str:
    return state.players[seat].name


def _cause(shell: Any, cause: str) -> str:
    key = f"rv.kind.{cause}"
    try:
        return shell.t(key)
    except KeyError:
        return cause


def _injury_cause(state: Any, seat: int) -> str:
    for ev in reversed(state.log):
        if ev.seat == seat and ev.kind == "injured":
            return str(ev.detail.get("cause", ""))
    return ""


def event_text(shell: Any, state: Any, ev: Any) -> str | None:
    d = ev.detail
    name = _name(state, ev.seat)
    if ev.kind == "obstacle":
        key = "rv.ev.obstacle_ok" if d.get("success") else "rv.ev.obstacle_fail"
        return shell.t(key, kind=_cause(shell, d["kind"]), number=d["number"], color=shell.t(f"rv.color.{d['color']}"),
                       value=d["value"], roll=d["roll"], sum=d["value"] + d["roll"])
    if ev.kind == "declined":
        return shell.t("rv.ev.declined", kind=_cause(shell, d["kind"]), number=d["number"])
    if ev.kind == "fight":
        return shell.t("rv.ev.fight_won" if d.get("won") else "rv.ev.fight_lost", total=d["total"],
                       monster=d["monster_total"])
    if ev.kind == "trap":
        if "roll" in d:  # a trap with a check: its die, as for an obstacle
            return shell.t("rv.ev.trap_ok_roll" if d.get("success") else "rv.ev.trap_hit_roll", number=d["number"],
                           color=shell.t(f"rv.color.{d['color']}"), value=d["value"], roll=d["roll"],
                           sum=d["value"] + d["roll"])
        return shell.t("rv.ev.trap_ok" if d.get("success") else "rv.ev.trap_hit")
    if ev.kind == "injured":
        return shell.t("rv.ev.injured", name=name, cause=_cause(shell, str(d.get("cause", ""))))
    if ev.kind == "room":
        return shell.t("rv.ev.room", kind=shell.t({"gold": "rv.play.panel_gold", "monster": "rv.kind.monster",
                                                     "trap": "rv.kind.trap"}[d["kind"]]))
    if ev.kind == "unauthorised":
        return shell.t("rv.ev.unauthorised_next" if d.get("skips_next") else "rv.ev.unauthorised_this", name=name)
    if ev.kind == "nothing_lost":
        return shell.t("rv.ev.nothing_lost", name=name, cause=_cause(shell, str(d.get("cause", ""))))
    if ev.kind in ("escaped", "exit_laid", "treasure", "treasure_lost", "recovered", "sat_out"):
        return shell.t(f"rv.ev.{ev.kind}", name=name)
    return None


# --- what the engine offers (issue 13: the screen asks legal() and pending_roll(), never its own rules) ---
def _offer(offers: list[Any], type_: str, **fixed: Any) -> Any | None:
    """The concrete action of ``type_`` with these values that ``legal()`` offers, if any."""
    for o in offers:
        if not isinstance(o, Template) and o.type == type_ and all(getattr(o, k) == v for k, v in fixed.items()):
            return o
    return None


def _template(offers: list[Any], type_: str, field: str, **fixed: Any) -> Template | None:
    """The template of ``type_`` that leaves ``field`` to the table, with these fixed values, if offered."""
    for o in offers:
        if (isinstance(o, Template) and o.action_type == type_ and field in o.fields
                and all(o.fixed.get(k) == v for k, v in fixed.items())):
            return o
    return None


def _filled(shell: Any, template: Template, **values: Any) -> dict[str, Any] | None:
    """The template's action with the values entered; a value outside its range is refused in place."""
    try:
        return template.fill(**values)
    except InvalidInput as exc:
        shell.refuse(exc)
        return None


def _declare_and_roll(shell: Any, declared: Any, faces: list[int] | None, rolls: int) -> bool:
    """One tap: the declaration, then up to ``rolls`` dice through the table's chance protocol
    (``faces``: the real dice typed, else the table rolls), drawn once. Dice the engine asks of
    another seat's phone are left to that phone (its roll panel)."""
    if declared is None:
        return False
    table = shell.table

    def steps() -> None:
        table.submit(declared, shell.seats)
        for i in range(rolls):
            req = table.game.pending_roll(table.state)
            if req is None or (shell.seats is not None and req.by not in shell.seats):
                return
            table.roll(shell.seats, None if faces is None or i >= len(faces) else [faces[i]])

    if not shell._act(steps):
        return False
    st = _ps(shell)
    for k in TRANSIENT:
        st[k] = "" if k != "panel" else None
    shell.render()
    return True


def _typed_faces(shell: Any, st: dict[str, Any], keys: tuple[str, ...]) -> list[int] | None:
    """The typed dice of ``keys`` in order (an empty later field ends the list); a bad one is refused."""
    faces = []
    for k in keys:
        text = (st.get(k) or "").strip()
        if not text and faces:
            break
        v = parse_roll(text)
        if v is None:
            _bad_roll(shell, text)
            return None
        faces.append(v)
    return faces


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
    }
)

# rv.dice: a check's and a fight's die is a W6 (the declaration panels roll it at once; later
# dice come from the engine's ``pending_roll``)
CHECK_DIE = DieSpec(name="w6", sides=6)
DICE_KEY = "dice_entry"


def _die_slot(shell: Any, state: Any, key: str, spec: DieSpec, role: str) -> DieSlot:
    """How a die looks on the faces: the adventurer's amber with their name, the monster's red (a
    tapped face is filled in its die's colour: white would not stand out from the others)."""
    if role == "hero":
        name = _name(state, state.current)
        return DieSlot(key, spec.sides, shell.t("rv.die.hero", name=name), name[:3], ft.Colors.AMBER_300)
    if role == "monster":
        return DieSlot(key, spec.sides, shell.t("rv.die.monster"), "M", ft.Colors.RED_300)
    return DieSlot(key, spec.sides, shell.t("rv.die.check"), shell.t("rv.die.check"), ft.Colors.AMBER_300)


def _real_dice(shell: Any, tag: str, dice: list[tuple[str, DieSpec, str]],
               on_apply: Callable[[list[int]], Any]) -> ft.Control:
    """ "Echte Würfel": the toggle and – once opened, for this roll (``tag`` at the table's seq) – a
    face button per die (``dice``: key, spec, role), then one button to take them (issue 15.3)."""
    table = shell.table
    key, roll_id = (DICE_KEY, table.id), (table.seq, tag)
    values = opened(shell.ui, key, roll_id)
    slots = None if values is None else [_die_slot(shell, table.state, k, spec, role) for k, spec, role in dice]

    def flip() -> None:
        toggle(shell.ui, key, roll_id)
        shell.render()

    def set_value(k: str, v: int) -> None:
        live = opened(shell.ui, key, roll_id)
        if live is not None:
            live[k] = v
        shell.render()

    # taken (the seq moves on): the open faces are forgotten by ``opened``
    return real_dice(slots, values, on_toggle=flip, on_set=set_value, on_apply=on_apply,
                     texts=DiceEntryTexts(apply=shell.t("dice.apply_one" if len(dice) == 1 else "dice.apply"), face=shell.t("dice.face"),
                                          missing=shell.t("dice.missing"), ready=shell.t("dice.ready"),
                                          toggle=shell.t("dice.toggle")))


# Portrait: one column, the turn's choices first, the purse and the gold log below them.
# Landscape (>= 576 px wide): the choices on the left, the purse beside them.
ACTIONS_COL = {"xs": 12, "sm": 7}
PURSE_COL = {"xs": 12, "sm": 5}
HALF = {"xs": 6}  # two buttons a row on a phone held upright


def _grid(buttons: list[ft.Control], col: dict[str, int] | None = None) -> ft.Control:
    """Buttons of one choice in even columns (two a row on a phone), each as wide as its column."""
    for b in buttons:
        b.col = col or HALF
    return ft.ResponsiveRow(buttons, spacing=8, run_spacing=8)


def play_view(shell: Any) -> ft.Control:
    table = shell.table
    state = table.state
    st = _ps(shell)
    me = state.current
    cur = state.players[me]
    mine = _my_seats(shell, len(state.players))
    header = ft.Row(
        [
            ft.Text(shell.t("rv.play.turn", name=cur.name, turn=state.turn_no), size=20,
                    weight=ft.FontWeight.BOLD, expand=True),
            ft.IconButton(icon=ft.Icons.UNDO, tooltip=shell.t("play.undo"), on_click=lambda e: shell.undo(),
                          disabled=not table.may_undo(shell.seats), icon_size=30, width=TOUCH, height=TOUCH),
            ft.IconButton(icon=ft.Icons.REDO, tooltip=shell.t("play.redo"), on_click=lambda e: shell.redo(),
                          disabled=not table.may_redo(shell.seats), icon_size=30, width=TOUCH, height=TOUCH),
        ],
        spacing=0,
    )
    # Every top-level block carries a stable key (see ``keyed``): the actions below are keyed
    # where they are built, the event lines by their place in the table's event log.
    out: list[ft.Control] = [keyed(header, "header"), keyed(_table_line(shell, state), "table-line")]
    acts: list[ft.Control] = []
    refusal = shell.refusal_control()
    if refusal:
        acts.append(keyed(refusal, "refusal"))
    for idx, text, ok in _turn_events(shell, state):
        acts.append(keyed(ft.Container(ft.Text(text, size=16, weight=ft.FontWeight.W_600), border_radius=10,
                                       padding=8, bgcolor=ft.Colors.GREEN_50 if ok else ft.Colors.ORANGE_50),
                          f"event-{idx}"))

    req = table.game.pending_roll(state)
    if state.phase == "over":
        pass
    elif req is not None:  # a die is due (rv.dice): only that roll, on the phone of the seat that rolls it
        acts += _roll_controls(shell, state, st, mine, req)
    elif me not in mine:
        acts.append(keyed(info_line(shell.t("rv.play.waiting_for", name=cur.name)), "waiting"))
    else:
        offers = table.game.legal(state, me)
        if state.pending is not None:
            acts += _pending_controls(shell, state, st, offers)
        elif state.phase == "start":
            acts += _start_controls(shell, state, offers)
        else:
            acts += _moved_controls(shell, state, st, offers)

    out.append(keyed(ft.ResponsiveRow([
        keyed(ft.Column(acts, spacing=10, col=ACTIONS_COL, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
              "actions"),
        keyed(ft.Column(_purse_section(shell, state, st, mine), spacing=10, col=PURSE_COL,
                        horizontal_alignment=ft.CrossAxisAlignment.STRETCH), "purse-col"),
    ], spacing=16, run_spacing=10, vertical_alignment=ft.CrossAxisAlignment.START), "play"))
    # out of the way of the game's own buttons: below the purse and the gold log
    out.append(keyed(ft.Row([dispute_button(shell)], alignment=ft.MainAxisAlignment.END), "dispute"))
    return ft.Column(out, spacing=10)


def _table_line(shell: Any, state: Any) -> ft.Control:
    parts = [shell.t("rv.play.free_exits", n=state.free_exits)]
    if state.options.exit_min_gold:
        parts.append(shell.t("rv.play.need_gold", n=state.options.exit_min_gold))
    for p in state.players:
        if p.escaped:
            parts.append(f"{p.name}: {shell.t('rv.play.escaped')}")
        elif p.injured:
            parts.append(f"{p.name}: {shell.t('rv.play.injured')}")
        elif p.sits_out:
            parts.append(f"{p.name}: {shell.t('rv.play.sits_out')}")
    return ft.Text(" · ".join(parts), size=14, color=ft.Colors.BLUE_GREY_700)


def _turn_events(shell: Any, state: Any) -> list[tuple[int, str, bool]]:
    """What happened this turn, in words, each with its index in the game's event log (a stable
    key for the line). A new turn starts with a clean message area: the last turn's lines go."""
    log = state.log
    first = len(log)
    while first > 0 and log[first - 1].turn >= state.turn_no:  # the log runs in turn order
        first -= 1
    evs = [(i, log[i]) for i in range(first, len(log)) if log[i].turn == state.turn_no]
    out = []
    for i, ev in evs[-3:]:
        text = event_text(shell, state, ev)
        if text:
            ok = ev.kind in ("escaped", "exit_laid", "treasure", "recovered", "room") or bool(
                ev.detail.get("success") or ev.detail.get("won"))
            out.append((i, text, ok))
    return out


def _start_controls(shell: Any, state: Any, offers: list[Any]) -> list[ft.Control]:
    me = state.current
    p = state.players[me]
    recover = _offer(offers, "recover")
    if recover is not None:  # rv.injury: the only action
        cause = _cause(shell, _injury_cause(state, me)) or "?"
        return [
            keyed(info_line(shell.t("rv.play.injured_turn", name=p.name, cause=cause), color=ft.Colors.ORANGE_50),
                  "injured-turn"),
            keyed(big_button(shell.t("rv.play.recover"), lambda e: _submit(shell, recover), color=PRIMARY,
                             text_color=ft.Colors.WHITE), "recover"),
        ]
    sit_out = _offer(offers, "sit_out")
    if sit_out is not None:  # rv.penalty: the skipped turn, entered like a recovery
        return [
            keyed(info_line(shell.t("rv.play.sit_out_turn", name=p.name), color=ft.Colors.ORANGE_50), "sit-out-turn"),
            keyed(big_button(shell.t("rv.play.sit_out"), lambda e: _submit(shell, sit_out), color=PRIMARY,
                             text_color=ft.Colors.WHITE), "sit-out"),
        ]
    out = [keyed(section_title(shell.t("rv.play.choose_move")), "choose-move")]
    draw = _offer(offers, "draw_card")
    if draw is not None:
        out.append(keyed(big_button(shell.t("rv.play.draw"), lambda e: _submit(shell, draw), color=PRIMARY,
                                    text_color=ft.Colors.WHITE), "draw"))
    walks = [(n, _offer(offers, "walk", cards=n)) for n in (1, 2, 0)]
    out.append(keyed(_grid([
        big_button(shell.t({1: "rv.play.walk1", 2: "rv.play.walk2", 0: "rv.play.stay"}[n]),
                   lambda e, w=w: _submit(shell, w))
        for n, w in walks if w is not None
    ]), "walk"))
    return out


def _moved_controls(shell: Any, state: Any, st: dict[str, Any], offers: list[Any]) -> list[ft.Control]:
    me = state.current
    p = state.players[me]
    t = state.turn
    out: list[ft.Control] = []
    if t.move == "draw":
        key = {"passage": "rv.play.moved_passage", "room": "rv.play.moved_room"}.get(t.card or "", "rv.play.moved_draw")
        out.append(keyed(ft.Text(shell.t(key, name=p.name), size=15), "moved"))
    else:
        out.append(keyed(ft.Text(shell.t("rv.play.moved_walk", name=p.name, n=t.cards), size=15), "moved"))
    if p.injured:
        out.append(keyed(info_line(shell.t("rv.play.lying", name=p.name), color=ft.Colors.ORANGE_50), "lying"))
    elif t.stopped:
        out.append(keyed(info_line(shell.t("rv.play.stopped"), color=ft.Colors.ORANGE_50), "stopped"))

    def toggle(panel: str) -> None:
        st["panel"] = None if st["panel"] == panel else panel
        shell.render()

    # rv.room: the table says what the card just drawn is – a passage, a room (by its room card) or an exit
    passage = _offer(offers, "lay_card", card="passage")
    room = _offer(offers, "lay_card", card="room")
    end = _offer(offers, "end_turn")
    room_gold = _template(offers, "room_card", "gold", kind="gold")
    room_dice = _template(offers, "room_card", "dice", kind="gold")
    rooms = [(key, _offer(offers, "room_card", kind=kind)) for key, kind in
             (("rv.play.room_monster", "monster"), ("rv.play.room_trap", "trap"))]
    card_buttons = []
    if passage is not None:
        card_buttons.append(big_button(shell.t("rv.play.passage_card"), lambda e: _submit(shell, passage),
                                       color=ft.Colors.AMBER_100))
    if room is not None:  # rv.room: laid as a room; its room card follows
        card_buttons.append(big_button(shell.t("rv.play.room_card"), lambda e: _submit(shell, room),
                                       color=ft.Colors.AMBER_100))
    if room_gold is not None or room_dice is not None:
        card_buttons.append(big_button(shell.t("rv.play.room_gold"), lambda e: toggle("room_gold"),
                                       color=ft.Colors.AMBER_100))
    card_buttons += [big_button(shell.t(key), lambda e, a=a: _submit(shell, a)) for key, a in rooms if a is not None]
    if card_buttons and end is None:  # rv.room: a room just laid – its room card is the next step
        out.append(keyed(info_line(shell.t("rv.play.room_next")), "room-next"))
    if card_buttons:
        title = "rv.play.card_title" if passage is not None else "rv.play.room_title"
        out.append(keyed(section_title(shell.t(title)), "card-title"))
        out.append(keyed(_grid(card_buttons), "card-buttons"))
        if st["panel"] == "room_gold" and (room_gold is not None or room_dice is not None):
            out.append(keyed(_room_gold_panel(shell, st, room_gold, room_dice), "room-gold-panel"))
    obstacle = _template(offers, "obstacle", "number")
    if obstacle is not None:  # rv.room: obstacles lie in passages
        out.append(keyed(_wrap([
            _chip(shell.t("rv.play.panel_obstacle"), st["panel"] == "obstacle", lambda e: toggle("obstacle")),
        ]), "obstacle-chip"))
        if st["panel"] == "obstacle":
            out.append(keyed(_obstacle_panel(shell, state, st, obstacle, _template(offers, "decline_obstacle", "number")),
                             "obstacle-panel"))
    exit_buttons = []
    for key, type_, kw in (("rv.play.lay_exit", "lay_exit", {}), ("rv.play.shuffle_exit", "shuffle_back_exit", {}),
                           ("rv.play.escape", "escape", {"color": ft.Colors.GREEN_700, "text_color": ft.Colors.WHITE})):
        a = _offer(offers, type_)
        if a is not None:  # rv.exit: exactly when the engine allows it (gold, free exit, the card drawn)
            exit_buttons.append(big_button(shell.t(key), lambda e, a=a: _submit(shell, a), **kw))
    if exit_buttons:
        out.append(keyed(section_title(shell.t("rv.play.exit_title")), "exit-title"))
        out.append(keyed(_grid(exit_buttons, {"xs": 12}), "exit-buttons"))
    unauthorised = _offer(offers, "unauthorised_draw")
    if unauthorised is not None:  # rv.penalty: while nothing but its gold came of the card, or after a walk
        out.append(keyed(ft.TextButton(content=shell.t("rv.play.unauthorised"), height=48,
                                       on_click=lambda e: _submit(shell, unauthorised)), "unauthorised"))
    if end is not None:
        out.append(keyed(big_button(shell.t("rv.play.end_turn"), lambda e: _submit(shell, end),
                                    color=PRIMARY, text_color=ft.Colors.WHITE), "end-turn"))
    return out


def _number_stepper(shell: Any, st: dict[str, Any], key: str, label_key: str, low: int, high: int) -> ft.Control:
    def changed(delta: int) -> None:
        st[key] = clamp(st[key] + delta, low, high)
        shell.render()

    label = shell.t(label_key)
    return gold_counter(st[key], changed, label=label, minus_tip=label + " −", plus_tip=label + " +", low=low,
                        high=high)


def _range_stepper(shell: Any, st: dict[str, Any], key: str, label_key: str, spec: Any, cap: int = 99) -> ft.Control:
    """A stepper over a template field's allowed range (the screen shows at most ``cap``)."""
    low, high = spec.lo, min(spec.hi, max(spec.lo, cap))
    st[key] = clamp(st[key], low, high)
    return _number_stepper(shell, st, key, label_key, low, high)


def _roll_row(shell: Any, st: dict[str, Any], key: str, label: str, virtual: Callable[[], None],
              typed_apply: Callable[[int], None], apply_text: str, dice: ft.Control | None = None) -> list[ft.Control]:
    """A virtual W6 button (the table rolls), the real die by tapping (``dice``) and a field for
    it, with "Übernehmen"."""

    def changed(e: Any) -> None:
        st[key] = e.control.value

    def typed(e: Any) -> None:
        v = parse_roll(st.get(key, ""))
        if v is None:
            _bad_roll(shell, st.get(key, ""))
            return
        typed_apply(v)

    field = ft.TextField(label=label, value=st.get(key, ""), on_change=changed, on_submit=typed, dense=True,
                         width=170, keyboard_type=ft.KeyboardType.NUMBER)
    return [
        ft.Row([
            big_button(shell.t("rv.play.roll"), lambda e: virtual(), color=PRIMARY,
                       text_color=ft.Colors.WHITE, expand=True),
        ]),
        *([dice] if dice is not None else []),
        ft.Row([field, big_button(apply_text, typed, expand=True)]),
    ]


def _obstacle_panel(shell: Any, state: Any, st: dict[str, Any], template: Template,
                    decline: Template | None) -> ft.Control:
    me = state.current
    p = state.players[me]

    def pick(key: str, value: str) -> None:
        st[key] = value
        shell.render()

    kinds = _wrap([
        _chip(shell.t(f"rv.kind.{k}"), st["kind"] == k, lambda e, k=k: pick("kind", k)) for k in template.fields["kind"]
    ])
    colors = []
    for c in template.fields["color"]:
        strong, fg = COLOR_STYLE[c]
        attr = ATTRIBUTE_OF[c]
        colors.append(_chip(shell.t("rv.play.color_attr", color=shell.t(f"rv.color.{c}"), attr=shell.t(f"rv.attr.{attr}"),
                                    value=p.value(attr)),
                            st["color"] == c, lambda e, c=c: pick("color", c), color=strong, text_color=fg))
    number = _range_stepper(shell, st, "number", "rv.play.number", template.fields["number"])
    attr = ATTRIBUTE_OF[st["color"]]
    value = p.value(attr)
    chance = check_chance(value, st["number"])
    fail = FAILURE[st["kind"]]
    fail_key = "rv.fail.hurt_loss" if fail.loss else ("rv.fail.hurt" if fail.injury else "rv.fail.blocked")

    def declared(t: Template) -> dict[str, Any] | None:
        return _filled(shell, t, kind=st["kind"], color=st["color"], number=st["number"])

    controls = [
        ft.Text(shell.t("rv.play.kind"), size=14),
        kinds,
        _wrap(colors),
        number,
        ft.Text(shell.t("rv.play.needs", attr=shell.t(f"rv.attr.{attr}"), value=value, number=st["number"]), size=15),
        ft.Text(shell.t("rv.play.chance", pct=pct(chance), frac=_frac(chance, 6)), size=22,
                weight=ft.FontWeight.BOLD, color=ft.Colors.INDIGO_800),
        ft.Text(shell.t("rv.play.on_fail", what=shell.t(fail_key)), size=14, color=ft.Colors.BLUE_GREY_700),
        *_roll_row(shell, st, "typed", shell.t("rv.play.typed"),
                   lambda: _declare_and_roll(shell, declared(template), None, 1),
                   lambda v: _declare_and_roll(shell, declared(template), [v], 1), shell.t("rv.play.apply"),
                   _real_dice(shell, "obstacle", [("w6", CHECK_DIE, "check")],
                              lambda vals: _declare_and_roll(shell, declared(template), vals, 1))),
    ]
    if decline is not None:
        controls.append(ft.TextButton(content=shell.t("rv.play.decline"), height=48,
                                      on_click=lambda e: _submit(shell, declared(decline))))
    return _card(controls, color=ft.Colors.INDIGO_50)


def _dice_buttons(shell: Any, template: Template | None, key: str) -> list[ft.Control]:
    """One button per dice form the card may give (rv.dice); the W6 then comes through the roll panel."""
    if template is None:
        return []
    return [big_button(shell.t(key, form=shell.t(f"rv.dice.{form}")),
                       lambda e, form=form: _submit(shell, _filled(shell, template, dice=form), clear=()))
            for form in template.fields["dice"]]


def _room_gold_panel(shell: Any, st: dict[str, Any], amount: Template | None, dice: Template | None) -> ft.Control:
    controls: list[ft.Control] = []
    if amount is not None:
        controls += [
            _range_stepper(shell, st, "room_gold", "rv.play.room_gold_amount", amount.fields["gold"]),
            big_button(shell.t("rv.play.room_gold_take", n=st["room_gold"]),
                       lambda e: _submit(shell, _filled(shell, amount, gold=st["room_gold"])),
                       color=ft.Colors.AMBER_300),
        ]
    controls.append(_wrap(_dice_buttons(shell, dice, "rv.play.room_gold_dice")))
    return _card(controls, color=ft.Colors.AMBER_50)


def _pending_controls(shell: Any, state: Any, st: dict[str, Any], offers: list[Any]) -> list[ft.Control]:
    pend = state.pending
    me = state.current
    p = state.players[me]
    if pend.kind == "loss":  # rv.loss: exactly what the engine offers (only what the player has)
        gold = min(PENALTY_GOLD, p.gold)  # rv.gold: never below zero
        buttons = []
        for a in offers:
            if a.type == "lose_gold":
                buttons.append(big_button(shell.t("rv.play.lose_gold", n=gold), lambda e, a=a: _submit(shell, a),
                                          color=ft.Colors.AMBER_300))
            elif a.type == "lose_treasure":
                buttons.append(big_button(
                    shell.t("rv.play.lose_treasure", n=a.index + 1, name=_treasure_name(shell, state, me, a.index)),
                    lambda e, a=a: _submit(shell, a)))
        cause = _cause(shell, pend.cause)
        if p.gold and p.treasures:
            title = shell.t("rv.play.loss_title", name=p.name, cause=cause)
        elif p.gold:
            title = shell.t("rv.play.loss_gold_title", name=p.name, cause=cause, n=gold)
        else:
            title = shell.t("rv.play.loss_treasure_title", name=p.name, cause=cause)
        return [keyed(_card([
            ft.Text(title, size=16, weight=ft.FontWeight.W_600),
            _wrap(buttons),
        ], color=ft.Colors.ORANGE_50), "pending-loss")]
    if pend.kind == "fight":
        return [keyed(_fight_panel(shell, state, st, _template(offers, "fight", "monster_value")), "pending-fight")]
    if pend.kind == "trap":
        dice = [o for o in offers if isinstance(o, Template) and o.action_type == "trap" and "lose_dice" in o.fields]
        by_check = {"number" in t.fields: t for t in dice}  # rv.dice: the trap's gold by dice, with or without a check
        return [keyed(_trap_panel(shell, state, st, _template(offers, "trap", "lose_gold"),
                                  _template(offers, "trap", "number"), by_check.get(False), by_check.get(True)),
                      "pending-trap")]
    return [keyed(_spoils_panel(shell, state, st, offers), "pending-spoils")]


def _roll_controls(shell: Any, state: Any, st: dict[str, Any], mine: list[int], req: Any) -> list[ft.Control]:
    """A die is due (rv.dice, ``pending_roll``): what it decides, and – on the phone of the seat that
    rolls it – the virtual die and the field for the real one (rv.monster: the monster's roller)."""
    c = state.chance
    hero = state.players[state.current]
    roller = _name(state, req.by)
    lines: list[ft.Control] = []
    if c.purpose in ("obstacle", "trap"):
        check = c.obstacle if c.purpose == "obstacle" else c.trap
        attr = ATTRIBUTE_OF[check.color]
        value = hero.value(attr)
        chance = check_chance(value, check.number)
        title = (shell.t("rv.play.panel_obstacle") + f": {_cause(shell, check.kind)} {check.number}"
                 if c.purpose == "obstacle" else shell.t("rv.play.trap_roll"))
        lines += [ft.Text(shell.t("rv.play.needs", attr=shell.t(f"rv.attr.{attr}"), value=value, number=check.number),
                          size=15),
                  ft.Text(shell.t("rv.play.chance", pct=pct(chance), frac=_frac(chance, 6)), size=18,
                          weight=ft.FontWeight.BOLD, color=ft.Colors.INDIGO_800)]
    elif c.purpose in ("fight", "monster"):
        f = c.fight
        value = hero.value(f.attribute)
        if c.purpose == "fight":
            title = shell.t("rv.play.fight_title", name=hero.name)
            lines.append(ft.Text(shell.t("rv.play.fight_needs", attr=shell.t(f"rv.attr.{f.attribute}"), value=value,
                                         monster=f.monster_value), size=15))
        else:
            title = (shell.t("rv.play.monster_you") if shell.seats is not None and req.by in mine
                     else shell.t("rv.play.monster_by", name=roller))
            lines.append(ft.Text(shell.t("rv.play.monster_fight", name=hero.name, attr=shell.t(f"rv.attr.{f.attribute}"),
                                         value=value, roll=f.roll, total=value + f.roll, monster=f.monster_value),
                                 size=15))
    else:
        title = shell.t("rv.play.gold_roll", reason=shell.t(f"rv.reason.{c.reason}"),
                        form=shell.t(f"rv.dice.{c.form}"))
    head = ft.Text(title, size=17, weight=ft.FontWeight.BOLD)
    color = ft.Colors.RED_50 if c.purpose in ("fight", "monster") else ft.Colors.INDIGO_50
    if req.by not in mine:
        wait = (shell.t("rv.play.monster_by", name=roller) if c.purpose == "monster"
                else shell.t("rv.play.roll_wait", name=roller))
        return [keyed(_card([head, *lines, info_line(wait)], color=color), "roll-wait")]
    key, label = {
        "fight": ("typed_hero", shell.t("rv.play.typed_hero", name=roller)),
        "monster": ("typed_monster", shell.t("rv.play.typed_monster")),
    }.get(c.purpose, ("typed", shell.t("rv.play.typed")))

    def roll(values: list[int] | None) -> None:
        if shell.roll(values):
            st[key] = ""

    # the dice the engine asks for (rv.dice: a W6 – for a W3 or 1+W6 card too, the screen says the form)
    role = {"fight": "hero", "monster": "monster"}.get(c.purpose, "check")
    dice = _real_dice(shell, "roll", [(d.name, d, role) for d in req.dice], roll)
    return [keyed(_card([head, *lines, *_roll_row(shell, st, key, label, lambda: roll(None), lambda v: roll([v]),
                                                  shell.t("rv.play.apply"), dice)], color=color), "roll")]


def _fight_panel(shell: Any, state: Any, st: dict[str, Any], template: Template) -> ft.Control:
    me = state.current
    p = state.players[me]
    n = len(state.players)
    others = sorted(template.fields["monster_roller"], key=lambda s: (s - me) % n)  # the next player first
    if st["roller"] not in others:  # by default the next player still in the dungeon (at the table)
        st["roller"] = next((s for s in others if not state.players[s].escaped), others[0])

    def pick(key: str, value: Any) -> None:
        st[key] = value
        shell.render()

    if st["attribute"] not in template.fields["attribute"]:
        st["attribute"] = template.fields["attribute"][0]
    attrs = _wrap([
        _chip(shell.t("rv.play.attr_value", attr=shell.t(f"rv.attr.{a}"), value=p.value(a)), st["attribute"] == a,
              lambda e, a=a: pick("attribute", a)) for a in template.fields["attribute"]
    ])
    rollers = _wrap([
        _chip(_name(state, s), st["roller"] == s, lambda e, s=s: pick("roller", s),
              tooltip=shell.t("rv.play.roller_pick", name=_name(state, s))) for s in others
    ])
    monster_value = _range_stepper(shell, st, "monster_value", "rv.play.monster_value", template.fields["monster_value"])
    value = p.value(st["attribute"])
    chance = fight_chance(value, st["monster_value"])
    # on a seat's own phone the monster's roller rolls on theirs (the roll panel there)
    two_step = shell.seats is not None and st["roller"] not in shell.seats

    def declared() -> dict[str, Any] | None:
        return _filled(shell, template, monster_value=st["monster_value"], attribute=st["attribute"],
                       monster_roller=st["roller"])

    def changed(key: str):
        def handler(e: Any) -> None:
            st[key] = e.control.value

        return handler

    def typed(e: Any) -> None:
        faces = _typed_faces(shell, st, ("typed_hero",) if two_step else ("typed_hero", "typed_monster"))
        if faces is not None:  # without the monster's roll typed, the roll panel asks for it next
            _declare_and_roll(shell, declared(), faces, len(faces))

    hero_label = shell.t("rv.play.typed_hero", name=p.name)
    return _card(
        [
            ft.Text(shell.t("rv.play.fight_title", name=p.name), size=17, weight=ft.FontWeight.BOLD),
            monster_value,
            ft.Text(shell.t("rv.play.attribute"), size=14),
            attrs,
            ft.Text(shell.t("rv.play.roller"), size=14),
            rollers,
            ft.Text(shell.t("rv.play.fight_needs", attr=shell.t(f"rv.attr.{st['attribute']}"), value=value,
                            monster=st["monster_value"]), size=15),
            ft.Text(shell.t("rv.play.chance", pct=pct(chance), frac=_frac(chance, 36)), size=22,
                    weight=ft.FontWeight.BOLD, color=ft.Colors.INDIGO_800),
            *([ft.Text(shell.t("rv.play.monster_next", name=_name(state, st["roller"])), size=14,
                        color=ft.Colors.BLUE_GREY_700)] if two_step else []),
            ft.Row([big_button(shell.t("rv.play.roll"), lambda e: _declare_and_roll(shell, declared(), None, 2),
                               color=PRIMARY, text_color=ft.Colors.WHITE, expand=True)]),
            # the monster's die is the roller's (rv.monster): tapped here only where this phone acts for that seat
            _real_dice(shell, "fight", [("hero", CHECK_DIE, "hero"), *([] if two_step else [("monster", CHECK_DIE,
                                                                                          "monster")])],
                       lambda vals: _declare_and_roll(shell, declared(), vals, len(vals))),
            ft.Row([
                ft.TextField(label=hero_label, value=st["typed_hero"], on_change=changed("typed_hero"),
                             on_submit=typed if two_step else None, dense=True, expand=True,
                             keyboard_type=ft.KeyboardType.NUMBER),
                # the monster's die is the roller's (rv.monster): typed here only where this phone acts for that seat
                *([] if two_step else [ft.TextField(label=shell.t("rv.play.typed_monster"), value=st["typed_monster"],
                                                    on_change=changed("typed_monster"), on_submit=typed, dense=True,
                                                    expand=True, keyboard_type=ft.KeyboardType.NUMBER)]),
            ]),
            ft.Row([big_button(shell.t("rv.play.fight_apply"), typed, expand=True)]),
        ],
        color=ft.Colors.RED_50,
    )


def _spoils_panel(shell: Any, state: Any, st: dict[str, Any], offers: list[Any]) -> ft.Control:
    me = state.current
    p = state.players[me]
    treasure = _template(offers, "gain_treasure", "gold")
    gold = _template(offers, "gain_gold", "amount", reason="monster")

    def changed(e: Any) -> None:
        st["treasure_name"] = e.control.value

    def flag(key: str):
        def handler(e: Any) -> None:
            st[key] = bool(e.control.value)

        return handler

    def take(e: Any) -> None:
        name = (st["treasure_name"] or "").strip() or f"{shell.t('rv.play.default_treasure')} {len(p.treasures) + 1}"
        _submit(shell, _filled(shell, treasure, name=name[:treasure.fields["name"].max_length],
                               gold=st["treasure_value"], magic=st["magic"], hidden=st["hidden"]),
                clear=("treasure_name", "panel"))

    controls: list[ft.Control] = [ft.Text(shell.t("rv.play.spoils_title", name=p.name), size=17,
                                          weight=ft.FontWeight.BOLD)]
    if treasure is not None:
        controls += [
            ft.TextField(label=shell.t("rv.play.treasure_name"), value=st["treasure_name"], on_change=changed,
                         dense=True, max_length=treasure.fields["name"].max_length),
            _range_stepper(shell, st, "treasure_value", "rv.play.treasure_value", treasure.fields["gold"]),
            ft.Row([
                ft.Checkbox(label=shell.t("rv.play.treasure_magic"), value=st["magic"], on_change=flag("magic")),
                ft.Checkbox(label=shell.t("rv.play.treasure_hidden"), value=st["hidden"], on_change=flag("hidden")),
            ], wrap=True),
            big_button(shell.t("rv.play.take_treasure"), take, color=ft.Colors.AMBER_300),
        ]
    if gold is not None:
        controls.append(big_button(shell.t("rv.play.monster_gold", n=st["gold"]),
                                   lambda e: _submit(shell, _filled(shell, gold, amount=st["gold"]), clear=())))
    controls.append(_wrap(_dice_buttons(shell, _template(offers, "roll_gold", "dice", reason="monster"),
                                        "rv.play.monster_gold_dice")))
    return _card(controls, color=ft.Colors.AMBER_50)


def _trap_panel(shell: Any, state: Any, st: dict[str, Any], plain: Template | None,
                checked: Template | None, dice_plain: Template | None = None,
                dice_checked: Template | None = None) -> ft.Control:
    me = state.current
    p = state.players[me]

    def flag(key: str):
        def handler(e: Any) -> None:
            st[key] = bool(e.control.value)
            shell.render()

        return handler

    def pick(value: str) -> None:
        st["color"] = value
        shell.render()

    def dice(form: str) -> None:  # rv.dice: tap the chosen form again for a typed amount
        st["trap_dice"] = None if st["trap_dice"] == form else form
        shell.render()

    with_check = st["trap_check"] and checked is not None
    by_dice = st["trap_dice"] is not None and (dice_checked if with_check else dice_plain) is not None
    template = (dice_checked if with_check else dice_plain) if by_dice else (checked if with_check else plain)
    gold = {"lose_dice": st["trap_dice"]} if by_dice else {"lose_gold": st["trap_gold"]}
    effects = {**gold, "injury": st["trap_injury"], "loss_choice": st["trap_loss"]}

    def declared() -> dict[str, Any] | None:
        check = {"color": st["color"], "number": st["number"]} if with_check else {}
        return _filled(shell, template, **effects, **check)

    controls: list[ft.Control] = [
        ft.Text(shell.t("rv.play.trap_title"), size=17, weight=ft.FontWeight.BOLD),
        *([] if by_dice else [_range_stepper(shell, st, "trap_gold", "rv.play.trap_gold", template.fields["lose_gold"])]),
        *([_wrap([ft.Text(shell.t("rv.play.trap_dice"), size=15),
                  *(_chip(shell.t(f"rv.dice.{f}"), st["trap_dice"] == f, lambda e, f=f: dice(f))
                    for f in dice_plain.fields["lose_dice"])])] if dice_plain is not None else []),
        ft.Row([
            ft.Checkbox(label=shell.t("rv.play.trap_injury"), value=st["trap_injury"], on_change=flag("trap_injury")),
            ft.Checkbox(label=shell.t("rv.play.trap_loss"), value=st["trap_loss"], on_change=flag("trap_loss")),
        ], wrap=True),
    ]
    if checked is not None and plain is not None:
        controls.append(ft.Checkbox(label=shell.t("rv.play.trap_check"), value=st["trap_check"],
                                    on_change=flag("trap_check")))
    if with_check:
        colors = []
        for c in checked.fields["color"]:
            strong, fg = COLOR_STYLE[c]
            attr = ATTRIBUTE_OF[c]
            colors.append(_chip(shell.t("rv.play.color_attr", color=shell.t(f"rv.color.{c}"),
                                        attr=shell.t(f"rv.attr.{attr}"), value=p.value(attr)),
                                st["color"] == c, lambda e, c=c: pick(c), color=strong, text_color=fg))
        number = _range_stepper(shell, st, "number", "rv.play.number", checked.fields["number"])
        value = p.value(ATTRIBUTE_OF[st["color"]])
        chance = check_chance(value, st["number"])
        controls += [
            _wrap(colors),
            number,
            ft.Text(shell.t("rv.play.chance", pct=pct(chance), frac=_frac(chance, 6)), size=22,
                    weight=ft.FontWeight.BOLD, color=ft.Colors.INDIGO_800),
            *_roll_row(shell, st, "typed", shell.t("rv.play.typed"),
                       lambda: _declare_and_roll(shell, declared(), None, 1),
                       lambda v: _declare_and_roll(shell, declared(), [v], 1), shell.t("rv.play.trap_apply"),
                       _real_dice(shell, "trap", [("w6", CHECK_DIE, "check")],
                                  lambda vals: _declare_and_roll(shell, declared(), vals, 1))),
        ]
    else:
        controls.append(big_button(shell.t("rv.play.trap_apply"), lambda e: _submit(shell, declared()), color=PRIMARY,
                                   text_color=ft.Colors.WHITE))
    return _card(controls, color=ft.Colors.PURPLE_50)


# --- purse: gold, treasures, gold log ----------------------------------------------------
def _visible_players(shell: Any, state: Any, seat: int) -> list[dict[str, Any]]:
    """Players as this phone may see them (rv.treasure): a hidden treasure's name and value only on
    its owner's own phone; the phone passed around the table (``seats`` None) is a shared screen."""
    viewer = seat if shell.seats is not None and seat in shell.seats else None
    return shell.table.game.view_for(state, viewer)["players"]


def _treasure_name(shell: Any, state: Any, seat: int, index: int) -> str:
    tr = _visible_players(shell, state, seat)[seat]["treasures"][index]
    return tr.get("name") or shell.t("rv.play.hidden_treasure")


def _purse_seat(shell: Any, state: Any, st: dict[str, Any], mine: list[int]) -> int:
    chosen = st.get("seat")
    if chosen is not None and st.get("seat_seq") == shell.table.seq and chosen < len(state.players):
        return chosen
    if state.current in mine or shell.seats is None:
        return state.current
    return mine[0] if mine else state.current


def _purse_switcher(shell: Any, state: Any, st: dict[str, Any], seat: int) -> ft.Control:
    """Whose purse is shown; each player's mark (escaped, injured, sits out) as an icon with its word."""
    def select(i: int) -> None:
        st["seat"] = i
        st["seat_seq"] = shell.table.seq
        shell.render()

    icons = [ft.Icons.EXIT_TO_APP if q.escaped else (ft.Icons.HEALING if q.injured else (
        ft.Icons.PAUSE_CIRCLE_OUTLINE if q.sits_out else None)) for q in state.players]
    words = [shell.t("rv.play.escaped") if q.escaped else (shell.t("rv.play.injured") if q.injured else (
        shell.t("rv.play.sits_out") if q.sits_out else None)) for q in state.players]
    return keyed(player_switcher([q.name for q in state.players], seat, select, icons=icons, words=words),
                 "switcher")


def _purse_head(shell: Any, p: Any) -> ft.Control:
    """The player, their character, status and values, and their gold."""
    status = []
    if p.injured:
        status.append(shell.t("rv.play.injured"))
    if p.escaped:
        status.append(shell.t("rv.play.escaped"))
    return ft.Row([
        ft.Column([
            ft.Text(shell.t("rv.play.purse_of", name=p.name, character=p.character) +
                    (f" · {', '.join(status)}" if status else ""), size=16, weight=ft.FontWeight.BOLD),
            ft.Text(shell.t("rv.play.values", s=p.strength, m=p.mind, d=p.dexterity), size=14),
        ], spacing=2, expand=True),
        ft.Container(
            ft.Text(shell.t("rv.play.gold", n=p.gold), size=22, weight=ft.FontWeight.BOLD, color=ft.Colors.AMBER_900),
            bgcolor=ft.Colors.AMBER_100, border_radius=10, padding=ft.Padding.symmetric(horizontal=10, vertical=6),
        ),
    ])


def _purse_gold(shell: Any, state: Any, st: dict[str, Any], seat: int) -> list[ft.Control]:
    """The amount counter and what it does: passage gold when offered, corrections either way.

    Issue 18: the passage gold buttons of the card just drawn stay where they are once its gold is
    taken (rv.gold: once per card), greyed out, instead of leaving the screen: the corrections and
    everything below keep their place (no jump under the finger), and the undo that gives the gold
    back enables them again instead of sending and building four buttons anew. Each button has its
    key, so it is the same control on the phone from one tap to the next."""
    def set_gold(delta: int) -> None:
        st["gold"] = clamp(st["gold"] + delta, 1, 99)
        shell.render()

    amount = st["gold"]
    counter = gold_counter(amount, set_gold, label=shell.t("rv.play.gold_amount"),
                           minus_tip=shell.t("rv.play.gold_minus"), plus_tip=shell.t("rv.play.gold_plus"))
    offers = shell.table.game.legal(state, seat)  # rv.gold / rv.room: passage gold exactly when offered
    passage = _template(offers, "gain_gold", "amount", reason="passage")
    dice = _template(offers, "roll_gold", "dice", reason="passage")
    taken = seat == state.current and state.turn.passage_gold > 0  # rv.gold: this card's gold is taken
    gold_buttons: list[ft.Control] = []
    passage_row = passage is not None or dice is not None or taken
    if passage_row:
        def take(e: Any) -> None:
            if passage is not None:  # a disabled button sends no tap; this guards a stale one
                _submit(shell, _filled(shell, passage, amount=amount), clear=())

        def roll(form: str) -> None:
            if dice is not None and form in dice.fields["dice"]:
                _submit(shell, _filled(shell, dice, dice=form), clear=())

        gold_buttons.append(keyed(big_button(shell.t("rv.play.passage", n=amount), take,
                                             color=ft.Colors.AMBER_300 if passage is not None else None,
                                             disabled=passage is None), "passage"))
        gold_buttons += [  # rv.dice: every form the card may give, the offered ones enabled
            keyed(big_button(shell.t("rv.play.passage_dice", form=shell.t(f"rv.dice.{form}")),
                             lambda e, form=form: roll(form),
                             disabled=dice is None or form not in dice.fields["dice"]), f"passage-{form}")
            for form in DICE_FORMS]
    gold_buttons += [
        keyed(big_button(shell.t("rv.play.correct_plus", n=amount), lambda e: _submit(
            shell, GainGold(by=seat, amount=amount, reason="correction"), clear=())), "correct-plus"),
        keyed(big_button(shell.t("rv.play.correct_minus", n=amount), lambda e: _submit(
            shell, LoseGold(by=seat, amount=amount, reason="correction"), clear=())), "correct-minus"),
    ]
    if not passage_row:
        return [counter, _wrap(gold_buttons)]
    # the greyed buttons say why (one line that changes its words, never comes or goes with a tap)
    why = keyed(ft.Text(shell.t("rv.play.passage_taken" if taken and passage is None and dice is None
                                else "rv.play.passage_once"), size=14), "passage-why")
    return [counter, why, _wrap(gold_buttons)]


def _treasure_row(shell: Any, state: Any, seat: int, i: int, tr: dict[str, Any], may_reveal: bool) -> ft.Control:
    """One treasure: its words (or face down on another's screen) and, for its owner when the referee
    allows it now (rv.treasure: own turn, move made, nothing open), reveal."""
    row: list[ft.Control] = []
    if "name" not in tr:  # face down, and this screen is not its owner's phone (rv.treasure)
        row += [ft.Icon(ft.Icons.VISIBILITY_OFF_OUTLINED, size=20, color=ft.Colors.BLUE_GREY_700),
                ft.Text(shell.t("rv.play.hidden_line", n=i + 1), size=15, expand=True)]
    else:
        row.append(ft.Text(shell.t("rv.play.treasure_line", n=i + 1, name=tr["name"], gold=tr["gold"],
                                   magic=shell.t("rv.play.magic_mark") if tr["magic"] else "",
                                   hidden=shell.t("rv.play.hidden_mark") if tr["hidden"] else ""), size=15,
                           expand=True))
    if may_reveal:
        row.append(ft.IconButton(icon=ft.Icons.VISIBILITY, tooltip=shell.t("rv.play.reveal", n=i + 1),
                                 width=TOUCH, height=TOUCH,
                                 on_click=lambda e: _submit(shell, RevealTreasure(by=seat, index=i), clear=())))
    return ft.Row(row, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _purse_treasures(shell: Any, state: Any, seat: int, acting: bool) -> list[ft.Control]:
    treasures = _visible_players(shell, state, seat)[seat]["treasures"]
    items: list[ft.Control] = [
        ft.Text(shell.t("rv.play.treasures", n=len(treasures)), size=15, weight=ft.FontWeight.W_600)]
    if not treasures:
        items.append(ft.Text(shell.t("rv.play.no_treasures"), size=14))
    offers = shell.table.game.legal(state, seat) if acting else []  # rv.treasure: reveal exactly when offered
    items += [_treasure_row(shell, state, seat, i, tr, RevealTreasure(by=seat, index=i) in offers)
              for i, tr in enumerate(treasures)]
    return items


def _gold_log(shell: Any, state: Any) -> list[ft.Control]:
    """The last eight gold changes, newest first: each line keyed by its place in the log,
    so a new entry is one added line."""
    first = max(0, len(state.gold_log) - 8)
    log_lines = [
        keyed(ft.Text(
            shell.t("rv.play.log_line", turn=g.turn, name=_name(state, g.seat), delta=f"{g.delta:+d}",
                    reason=shell.t(f"rv.reason.{g.reason}"))
            + (shell.t("rv.play.log_capped", asked=f"{g.asked:+d}") if g.asked != g.delta else ""), size=14),
            f"g{first + k}")
        for k, g in reversed(list(enumerate(state.gold_log[first:])))
    ]
    # "No gold change yet." stands in the first change's place (key g0): the first +1 gold and its
    # undo change that line's words, they do not build a line and take another off (issue 18)
    empty = [keyed(ft.Text(shell.t("rv.play.log_empty"), size=14), "g0")]
    return [keyed(section_title(shell.t("rv.play.gold_log")), "log-title"),
            keyed(ft.Column(log_lines or empty, spacing=2), "log")]


def _purse_section(shell: Any, state: Any, st: dict[str, Any], mine: list[int]) -> list[ft.Control]:
    seat = _purse_seat(shell, state, st, mine)
    out: list[ft.Control] = []
    if len(state.players) > 1:
        out.append(_purse_switcher(shell, state, st, seat))
    items: list[ft.Control] = [_purse_head(shell, state.players[seat])]
    acting = shell.seats is None or seat in shell.seats
    if acting and state.phase != "over":
        items += _purse_gold(shell, state, st, seat)
    items += _purse_treasures(shell, state, seat, acting)
    out.append(keyed(_card(items, color=ft.Colors.BLUE_GREY_50), "purse"))
    return out + _gold_log(shell, state)


# --- result ------------------------------------------------------------------------------
def result_view(shell: Any) -> ft.Control:
    table = shell.table
    result = table.game.result(table.state)
    out: list[ft.Control] = [
        keyed(ft.Row(
            [
                ft.Text(shell.t("result.title"), size=22, weight=ft.FontWeight.BOLD, expand=True),
                ft.IconButton(icon=ft.Icons.UNDO, tooltip=shell.t("play.undo"), on_click=lambda e: shell.undo(),
                              icon_size=30),
            ]
        ), "header")
    ]
    for p in sorted(result.players, key=lambda p: (p.lost, p.place, p.seat)):
        b = p.breakdown
        if p.lost:
            title = shell.t("rv.result.lost_line", name=p.name)
            bg = ft.Colors.GREY_200
        else:
            title = shell.t("rv.result.line", place=p.place, name=p.name, total=p.total)
            bg = ft.Colors.AMBER_50 if p.place == 1 else ft.Colors.BLUE_GREY_50
        treasures = ", ".join(
            shell.t("rv.result.treasure", name=t["name"], gold=t["gold"], magic=" (M)" if t["magic"] else "")
            for t in b["treasures"]
        )
        lines = [
            ft.Text(title, size=20, weight=ft.FontWeight.BOLD,
                    color=ft.Colors.GREY_700 if p.lost else None),
            ft.Text(shell.t("rv.result.detail", coins=b["coins"], value=b["treasure_value"]), size=14),
        ]
        if treasures:
            lines.append(ft.Text(treasures, size=14, italic=p.lost))
        out.append(keyed(ft.Container(bgcolor=bg, border_radius=10, padding=10,
                                      content=ft.Column(lines, spacing=2)), f"seat-{p.seat}"))
    out.append(keyed(ft.TextButton(content=shell.t("rv.result.why"), on_click=lambda e: shell.show_rule("rv.end")),
                     "why"))
    out.append(keyed(big_button(shell.t("result.new_game"), lambda e: shell.go_setup(GAME), color=PRIMARY,
                                text_color=ft.Colors.WHITE), "new-game"))
    return ft.Column(out, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


# --- the game's entry in the app's registry (companion.registry) ------------------------------
register_ui(GameUI(id=GAME, prefix="rv", title=RULES.title, setup=setup_view, play=play_view,
                   result=result_view, rules=RULES, **HOOKS))
