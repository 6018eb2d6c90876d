"""The rules screen's content: the project's own words, German first, English second.

One structure per game (``GameRules``), handed to the registry by the game's
screen module (``companion.registry.GameUI.rules``); ``GAMES[game]`` is a live
view over the registered games plus the table's own rules. A section has an
intro and entries; every entry carries a rule id (a RULINGS.md id, or an id the
referee raises in code, e.g. ``table.seat``), a title, a text, a worked example
and, where the table may choose, the house-rule options with what each setting
means. Nothing here is copied from the rule texts: everything is retold
(``tests/companion/test_rules.py`` checks that no 8-word run is pasted).

Plain data, no Flet here (reading ``GAMES`` loads the registered games' modules):
the search index (``companion.rules_search``) and the screens
(``companion.rules_ui``) both read it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

T = dict[str, str]  # {"de": ..., "en": ...}


@dataclass(frozen=True)
class Option:
    key: str  # the field name in the game's Options
    default: str
    title: T
    meaning: T  # what each setting means


@dataclass(frozen=True)
class Entry:
    id: str
    title: T
    text: T
    example: T
    options: tuple[Option, ...] = ()


@dataclass(frozen=True)
class Section:
    key: str  # goal, setup, turn, special, scoring, variant, house, app
    title: T
    intro: T
    entries: tuple[Entry, ...] = ()


@dataclass(frozen=True)
class GameRules:
    id: str  # game id as in the store (qwixx-longo, ...) or "table"
    prefix: str  # rule id prefix (q8, vx, rv, table)
    title: T
    sections: tuple[Section, ...] = field(default_factory=tuple)


def _t(de: str, en: str) -> T:
    return {"de": de, "en": en}


def E(id: str, title: tuple[str, str], text: tuple[str, str], example: tuple[str, str],
      options: tuple[Option, ...] = ()) -> Entry:
    return Entry(id, _t(*title), _t(*text), _t(*example), options)


def S(key: str, title: tuple[str, str], intro: tuple[str, str], *entries: Entry) -> Section:
    return Section(key, _t(*title), _t(*intro), tuple(entries))


def O(key: str, default: str, title: tuple[str, str], meaning: tuple[str, str]) -> Option:  # noqa: E743 - short on purpose, used in the option tables
    return Option(key, default, _t(*title), _t(*meaning))


# ======================================================================================
# Qwixx Longo
# ======================================================================================
Q8_LOCK_MIN = O(
    "lock_min_crosses", "6",
    ("Kreuze vor dem Schlossfeld", "Crosses before a lock field"),
    ("Wie viele Kreuze eine Reihe schon haben muss, bevor du eines ihrer zwei Schlossfelder "
     "nehmen darfst. 6 ist der Standard; 0 heißt: jederzeit.",
     "How many crosses a row must already hold before you may take one of its two lock fields. "
     "6 is the standard; 0 means: any time."),
)
Q8_LUCKY_MODE = O(
    "lucky_replaces", "white",
    ("Glückszahl ersetzt", "Lucky number replaces"),
    ("„nur das Weiß-Kreuz“ (Standard): wer die Glückszahl nutzt, verzichtet nur auf das Kreuz mit "
     "der weißen Summe; die aktive Person darf danach trotzdem noch ihr Farbkreuz machen. "
     "„den ganzen Zug“: wer sie nutzt, macht in diesem Wurf sonst gar nichts mehr.",
     "'only the white cross' (standard): using the lucky number gives up just the white-sum cross; "
     "if you are the active player, your colour combination is still open afterwards. 'the whole turn': whoever "
     "uses it does nothing else with this roll."),
)
Q8_PENALTY = O(
    "misthrow_penalty", "5",
    ("Minuspunkte je Fehlwurf", "Penalty per misthrow"),
    ("So viele Punkte kostet jedes Fehlwurf-Kästchen am Ende. Standard 5.",
     "Points each ticked misthrow box costs at the end. Standard 5."),
)
Q8_END_ROWS = O(
    "end_locked_rows", "2",
    ("Ende bei abgeschlossenen Reihen", "End at locked rows"),
    ("Nach wie vielen gesperrten Reihen (also entfernten Farbwürfeln) Schluss ist. Standard 2.",
     "After how many locked rows (removed colour dice) play stops. Standard 2."),
)
Q8_END_MISS = O(
    "end_misthrows", "4",
    ("Ende beim Fehlwurf Nr.", "End at misthrow no."),
    ("Der wievielte Fehlwurf einer Person das Spiel beendet. Standard 4; 1 ergibt eine Kurzpartie.",
     "Which misthrow of one player ends the game. Standard 4; 1 makes a very short game."),
)

QWIXX = GameRules(
    "qwixx-longo", "q8", _t("Qwixx Longo", "Qwixx Longo"),
    (
        S("goal", ("Worum es geht", "What it is about"),
          ("Alle kreuzen auf ihrem eigenen Zettel Zahlen in vier Farbreihen an. Je mehr Kreuze in "
           "einer Reihe stehen, desto stärker wächst ihr Wert. Am Ende gewinnt die höchste Summe.",
           "Everybody marks numbers in four coloured rows on their own sheet. The more crosses a row "
           "holds, the faster its value grows. The highest total at the end wins.")),
        S("setup", ("Aufbau", "Setup"),
          ("Jede Person bekommt einen Zettel mit zwei eigenen Glückszahlen. Gewürfelt wird mit "
           "achtseitigen Würfeln.",
           "Each player gets a sheet with two personal lucky numbers. The dice have eight sides."),
          E("q8.dice", ("Die Würfel", "The dice"),
            ("Es gibt sechs W8: zwei weiße und je einen roten, gelben, grünen und blauen. Zwei Würfel "
             "ergeben Summen von 2 bis 16. Ist eine Farbe gesperrt, bleibt ihr Würfel danach liegen. "
             "Würfeln darf nur, wer gerade aktiv ist, und erst wenn der vorige Wurf erledigt ist.",
             "There are six d8: two white plus one each in red, yellow, green and blue. Two dice make "
             "sums from 2 to 16. Once a colour is locked, its die stays out. Only the active player "
             "rolls, and only after the previous roll is settled."),
            ("Rot ist gesperrt. Ben würfelt nur noch fünf Würfel: Weiß 3 und 6, Gelb 2, Grün 8, Blau 5.",
             "Red is locked. Ben now rolls only five dice: white 3 and 6, yellow 2, green 8, blue 5.")),
          E("q8.rows", ("Die vier Reihen", "The four rows"),
            ("Rot und Gelb zählen von 2 aufwärts bis 16, Grün und Blau von 16 abwärts bis 2. In jeder "
             "Reihe geht es nur nach rechts: Lücken sind erlaubt, aber ein Feld links vom letzten "
             "Kreuz (oder das Kreuz selbst) ist für immer verloren.",
             "Red and yellow count up from 2 to 16, green and blue count down from 16 to 2. Each row "
             "only moves rightwards: gaps are fine, but a field left of your latest cross (or that "
             "cross itself) is gone for good."),
            ("Ana hat in Rot die 9 angekreuzt. Eine 6 darf sie dort nicht mehr nehmen, eine 12 schon "
             "– die 10 und 11 bleiben dann leer.",
             "Ana has crossed red 9. She can no longer take a 6 there, but a 12 is fine – 10 and 11 "
             "then stay empty.")),
        ),
        S("turn", ("Ein Zug", "A turn"),
          ("Die aktive Person würfelt. Zuerst dürfen alle die weiße Summe nutzen, danach nur die "
           "aktive Person eine Farbkombination. Dann ist die nächste Person links an der Reihe.",
           "The active player rolls. First everybody may use the white sum, then only the active "
           "player may use a colour combination. Then the next player to the left takes over."),
          E("q8.white", ("Weiße Summe: für alle", "White sum: for everyone"),
            ("Die beiden weißen Würfel werden zusammengezählt. Jede Person am Tisch, auch die aktive, "
             "darf diese Zahl in genau einer noch offenen Reihe ankreuzen. Wer nicht aktiv ist, darf "
             "auch verzichten. Jede Person entscheidet pro Wurf nur einmal; eine andere Zahl als die "
             "weiße Summe gibt es in dieser Phase nicht.",
             "Add the two white dice. Every player at the table, the active one included, may cross "
             "that number in exactly one row that is still open. Players who are not active may also "
             "skip. Each player decides once per roll; in this phase no number other than the white "
             "sum can be crossed."),
            ("Weiß zeigt 3 und 4, also 7. Ana kreuzt Rot 7, Ben Blau 7, Cara lässt es. Rot 15 zu "
             "tippen wird abgelehnt: 15 ist nicht die weiße Summe.",
             "White shows 3 and 4, so 7. Ana crosses red 7, Ben blue 7, Cara skips. Tapping red 15 is "
             "refused: 15 is not the white sum.")),
          E("q8.color", ("Farbkombination: nur die aktive Person", "Colour combination: active player only"),
            ("Nach der weißen Runde darf allein die aktive Person einen weißen Würfel mit einem "
             "Farbwürfel addieren und das Ergebnis in der Reihe dieser Farbe eintragen. Alle anderen "
             "warten. Auch hier gilt die Richtung der Reihe.",
             "After the white round, the active player alone may pick a white die and a colour die, "
             "sum them and mark that number in the matching colour's row. Everybody else waits. The row's "
             "direction still applies."),
            ("Ana hat Weiß 4 und 2, Rot 8. Sie darf Rot 12 (4+8) oder Rot 10 (2+8) nehmen, aber nicht "
             "Gelb 12 – dafür zählt nur der gelbe Würfel.",
             "Ana has white 4 and 2, red 8. She may take red 12 (4+8) or red 10 (2+8), but not yellow "
             "12 – that row only uses the yellow die.")),
          E("q8.simultaneous", ("Gleichzeitig entscheiden", "Deciding at the same time"),
            ("Die weiße Runde gilt als gleichzeitig. Schließt dabei jemand eine Reihe ab, dürfen die "
             "anderen in derselben Runde noch in diese Reihe kreuzen und sie sogar ebenfalls "
             "abschließen. Gesperrt ist sie erst danach – der Farbwurf dieser Farbe zählt in diesem "
             "Zug schon nicht mehr.",
             "The white round counts as simultaneous. If someone locks a row in it, the others may "
             "still cross in that row during the same round and even lock it too. It is closed only "
             "afterwards – that colour's die no longer counts in this turn's colour step."),
            ("Weiß ergibt 16. Ana und Ben haben beide 6 Kreuze in Gelb; beide kreuzen Gelb 16 und "
             "bekommen je ein Bonuskreuz. Anas Farbkombination mit Gelb ist danach nicht mehr möglich.",
             "White makes 16. Ana and Ben each have 6 crosses in yellow; both cross yellow 16 and each "
             "gets a bonus cross. Ana can no longer combine with the yellow die afterwards.")),
        ),
        S("special", ("Besondere Regeln", "Special rules"),
          ("Schlossfelder, Glückszahlen und Fehlwürfe machen Qwixx Longo aus.",
           "Lock fields, lucky numbers and misthrows are what make Qwixx Longo."),
          E("q8.lockfields", ("Schlossfelder und Sperren", "Lock fields and locking"),
            ("Die zwei letzten Felder jeder Reihe sind Schlossfelder: 15 und 16 bei Rot und Gelb, 3 "
             "und 2 bei Grün und Blau. Du brauchst vorher genug Kreuze in der Reihe (Standard 6). Wer "
             "ein Schlossfeld kreuzt, bekommt ein Bonuskreuz, die Reihe ist für alle zu und ihr "
             "Farbwürfel fliegt raus.",
             "The last two fields of every row are its lock fields: 15 and 16 for red and yellow, 3 "
             "and 2 for green and blue. You need enough crosses in the row first (6 by default). "
             "Whoever crosses a lock field gains a bonus cross, the row closes for everybody and its "
             "colour die leaves the game."),
            ("Ben hat 5 Kreuze in Grün und würfelt Weiß 1 und 2 = 3. Grün 3 wird abgelehnt: ihm fehlt "
             "ein Kreuz. Mit 6 Kreuzen hätte er danach 8 (6 + Schlosskreuz + Bonus).",
             "Ben has 5 crosses in green and rolls white 1 and 2 = 3. Green 3 is refused: he is one "
             "cross short. With 6 crosses he would end up with 8 (6 + lock cross + bonus)."),
            (Q8_LOCK_MIN,)),
          E("q8.lucky", ("Glückszahlen", "Lucky numbers"),
            ("Jeder Zettel hat zwei verschiedene Glückszahlen zwischen 2 und 16. Trifft die weiße "
             "Summe eine davon, darfst du statt des normalen Weiß-Kreuzes in deiner schwächsten offenen "
             "Reihe (wenigsten Kreuze) das nächste freie Feld nach deinem letzten Kreuz nehmen. Bei "
             "Gleichstand wählst du die Reihe. Wäre das ein Schlossfeld ohne genug Kreuze, fällt diese "
             "Reihe aus.",
             "Every sheet has two different lucky numbers from 2 to 16. If the white sum hits one of "
             "yours, you may skip the normal white cross and instead take the next free field after "
             "your last cross in your weakest open row (fewest crosses). On a tie you pick the row. Should "
             "that field be a lock field you are not yet allowed to take, that row is out."),
            ("Caras Glückszahlen sind 5 und 12. Weiß zeigt 2+3 = 5. In Blau hat sie nur 16 und 14; "
             "sie darf sofort Blau 13 ankreuzen, obwohl keine 13 gewürfelt wurde.",
             "Cara's lucky numbers are 5 and 12. White shows 2+3 = 5. In blue she has only 16 and 14; "
             "she may cross blue 13 straight away although nobody rolled 13."),
            (Q8_LUCKY_MODE,)),
          E("q8.misthrow", ("Fehlwurf", "Misthrow"),
            ("Nur die aktive Person kann einen Fehlwurf bekommen: wenn sie im ganzen Zug kein einziges "
             "Kreuz macht (weder Weiß noch Farbe noch Glückszahl). Wer nur zuschaut, bekommt nie einen. "
             "Jeder Fehlwurf kostet am Ende Punkte (Standard −5).",
             "Only the active player can get a misthrow: when they make no cross at all in their turn "
             "(no white, no colour, no lucky cross). Onlookers never get one. Each misthrow costs "
             "points at the end (−5 by default)."),
            ("Ben ist aktiv, passt bei Weiß und findet keine passende Farbe. Er tippt „Passen "
             "(Fehlwurf)“ und hat nun 1 von 4 Fehlwürfen, also −5 Punkte.",
             "Ben is active, passes on white and finds no colour that fits. He taps 'Pass (misthrow)' "
             "and now has 1 of 4 misthrows, i.e. −5 points."),
            (Q8_PENALTY,)),
        ),
        S("scoring", ("Ende und Wertung", "End and scoring"),
          ("Das Spiel endet über gesperrte Reihen oder Fehlwürfe; dann werden die Reihen gezählt.",
           "The game ends through locked rows or misthrows; then the rows are counted."),
          E("q8.end", ("Spielende", "End of the game"),
            ("Schluss ist, sobald die zweite Farbe gesperrt ist (zwei Farbwürfel weg) oder jemand den "
             "vierten Fehlwurf einträgt. Der laufende Wurf wird aber noch zu Ende gespielt. Danach "
             "nimmt der Schiedsrichter keine Züge mehr an.",
             "Play stops as soon as a second colour is locked (two colour dice gone) or someone enters "
             "their fourth misthrow. The current roll is still played out first. After that the "
             "referee accepts no more moves."),
            ("Ana sperrt Blau, nachdem Rot schon zu ist. Ben darf in derselben weißen Runde noch "
             "kreuzen; danach ist die Partie aus und die Wertung erscheint.",
             "Ana locks blue after red is already closed. Ben may still cross in the same white "
             "round; then the game is over and the scores appear."),
            (Q8_END_ROWS, Q8_END_MISS)),
          E("q8.score", ("Punktetabelle", "Points table"),
            ("Jede Reihe zählt nach der Anzahl ihrer Kreuze, Bonuskreuz eingeschlossen: n Kreuze "
             "bringen 1+2+…+n Punkte, also 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91, 105, 120, "
             "136, 153. Alle vier Reihen zusammen, minus die Fehlwürfe, ergeben die Summe. Gleiche "
             "Summe heißt gleicher Platz.",
             "Each row scores by its number of crosses, bonus cross included: n crosses give "
             "1+2+…+n points, i.e. 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91, 105, 120, 136, "
             "153. All four rows together, minus the misthrows, make the total. Equal totals share a "
             "place."),
            ("Ana hat Rot 8 Kreuze (36), Gelb 3 (6), Grün 2 (3), Blau 0 und einen Fehlwurf: "
             "36 + 6 + 3 − 5 = 40 Punkte.",
             "Ana has red 8 crosses (36), yellow 3 (6), green 2 (3), blue 0 and one misthrow: "
             "36 + 6 + 3 − 5 = 40 points.")),
        ),
        S("house", ("Hausregeln", "House rules"),
          ("Diese Schalter stellt ihr vor Spielbeginn ein; sie werden mit der Partie gespeichert. "
           "Kreuze vor dem Schlossfeld (q8.lockfields, Standard 6), Glückszahl ersetzt (q8.lucky, "
           "Standard nur das Weiß-Kreuz), Minuspunkte je Fehlwurf (q8.misthrow, Standard 5), Ende bei "
           "gesperrten Reihen (q8.end, Standard 2) und beim Fehlwurf Nr. (q8.end, Standard 4).",
           "You set these switches before the game starts; they are saved with it. Crosses before a "
           "lock field (q8.lockfields, default 6), lucky number replaces (q8.lucky, default only the "
           "white cross), penalty per misthrow (q8.misthrow, default 5), end at locked rows (q8.end, "
           "default 2) and at misthrow no. (q8.end, default 4).")),
    ),
)

# ======================================================================================
# Verflixxt! Kompakt
# ======================================================================================
VX_LAYOUT = O(
    "layout", "zufällig / random",
    ("Auslage", "Layout"),
    ("Die Reihenfolge der Tafeln, wie sie am Tisch liegt, z. B. „+3 -2 G +5 …“. Für digitales Spiel "
     "mischt die App eine Auslage aus dem Tafelsatz eurer Schachtel: ihr vergleicht ihn beim "
     "Spielaufbau einmal und bestätigt ihn, das Gerät merkt ihn sich.",
     "The order of the tiles as they lie on the table, e.g. '+3 -2 G +5 …'. For digital play the "
     "app shuffles a layout from your box's tile set: compare it once in setup and confirm it, "
     "the device remembers it."),
)
VX_FIGURES = O(
    "figures_per_player", "3 / 2",
    ("Figuren je Person", "Figures per player"),
    ("Alle haben gleich viele Figuren: ohne Angabe 3 bei zwei Personen, sonst 2. Ihr könnt 1 bis 6 "
     "einstellen.",
     "Everybody has the same number of figures: by default 3 with two players, otherwise 2. You may "
     "set 1 to 6."),
)
VX_GUARDS = O(
    "guards", "die ersten sechs Plusfelder / first six positive tiles",
    ("Wächter-Startfelder", "Guard start tiles"),
    ("Wo die sechs Wächter anfangen. Ohne Angabe stehen sie auf den ersten sechs Plus- oder "
     "Glückstafeln ab dem Start; ihr könnt sie versetzen.",
     "Where the six guards begin. By default they stand on the first six plus or lucky tiles after "
     "the start; you may move them."),
)
VX_FIRST = O(
    "first_seat", "0",
    ("Wer beginnt", "Who starts"),
    ("Der Platz der jüngsten Person; von dort geht es im Uhrzeigersinn weiter.",
     "The seat of the youngest player; play then goes clockwise from there."),
)
VX_WURM = O(
    "wurminator", "aus / off",
    ("Wurminator-Variante", "Wurminator variant"),
    ("„an“ bringt den Wurminator und alle vx.wurm-Regeln ins Spiel; „aus“ spielt die Grundregeln.",
     "'on' adds the Wurminator and every vx.wurm rule; 'off' plays the basic rules."),
)
VX_BITE = O(
    "bite_takes", "smallest",
    ("Biss nimmt", "A bite takes"),
    ("„smallest“ (Standard): die Minustafel mit dem kleinsten Betrag, also −1 vor −5. „largest“: die "
     "mit dem größten Betrag, also −10 zuerst.",
     "'smallest' (default): the minus tile with the smallest amount, so −1 before −5. 'largest': the "
     "one with the biggest amount, so −10 first."),
)

VERFLIXXT = GameRules(
    "verflixxt", "vx", _t("Verflixxt! Kompakt", "Verflixxt! Kompakt"),
    (
        S("goal", ("Worum es geht", "What it is about"),
          ("Eure Figuren laufen über eine Bahn aus Wertetafeln vom Start ins Ziel. Wer eine Tafel "
           "leer zurücklässt, sammelt sie ein – gute wie schlechte. Am Ende zählt die Summe der "
           "gesammelten Tafeln.",
           "Your figures run along a track of value tiles from start to goal. Whoever leaves a tile "
           "empty collects it – good ones and bad ones. At the end the sum of the collected tiles "
           "counts.")),
        S("setup", ("Aufbau", "Setup"),
          ("Die Bahn wird ausgelegt, Figuren und Wächter aufgestellt.",
           "The track is laid out, figures and guards are placed."),
          E("vx.setup", ("Bahn, Figuren, Wächter, Reihenfolge", "Track, figures, guards, order"),
            ("Zwischen Start- und Zieltafel liegen Plustafeln, Minustafeln und Glückstafeln; gebt in "
             "der App genau die Reihenfolge ein, die bei euch liegt (oder lasst sie auslosen). Alle "
             "haben gleich viele Figuren, alle beginnen auf Start. Die sechs Wächter stehen anfangs auf "
             "den ersten sechs positiven Tafeln. Die jüngste Person beginnt, danach geht es im "
             "Uhrzeigersinn. Wer nicht an der Reihe ist, darf nicht ziehen.",
             "Between the start and goal tiles lie plus, minus and lucky tiles; enter in the app "
             "exactly the order lying on your table (or let it be drawn). Everybody has the same "
             "number of figures, all begin on start. The six guards first stand on the first six "
             "positive tiles. The youngest player begins, then play goes clockwise. Whoever is not "
             "on turn may not move."),
            ("Ana (9) und Ben (11) spielen zu zweit: je 3 Figuren. Ana beginnt. Tippt Ben während "
             "Anas Zug, sagt der Schiedsrichter nein.",
             "Ana (9) and Ben (11) play as two: 3 figures each. Ana begins. If Ben taps during Ana's "
             "turn, the referee says no."),
            (VX_LAYOUT, VX_FIGURES, VX_GUARDS, VX_FIRST)),
        ),
        S("turn", ("Ein Zug", "A turn"),
          ("Würfeln, dann genau eine Figur oder einen Wächter ziehen.",
           "Roll, then move exactly one figure or one guard."),
          E("vx.move", ("Ziehen ist Pflicht", "Moving is compulsory"),
            ("Du würfelst einmal und ziehst dann eine eigene Figur oder einen Wächter genau so viele "
             "Tafeln nach vorn. Lücken eingesammelter Tafeln werden übersprungen und nicht mitgezählt. "
             "Aussetzen gibt es nicht. Eine Figur im Ziel bleibt dort.",
             "You roll once, then move one of your own figures or a guard exactly that many tiles "
             "forward. Gaps left by collected tiles are skipped and not counted. There is no "
             "passing. A figure on the goal stays there."),
            ("Ben würfelt 3. Zwischen seiner Figur und der nächsten Tafel fehlen zwei Tafeln; er zählt "
             "nur die liegenden Tafeln und landet drei echte Tafeln weiter.",
             "Ben rolls 3. Two tiles are missing right after his figure; he counts only the tiles "
             "still lying there and lands three real tiles further on.")),
          E("vx.goal", ("Ins Ziel", "Reaching the goal"),
            ("Du musst das Ziel nicht genau treffen: Reicht der Wurf darüber hinaus, bleibt die Figur "
             "auf der Zieltafel stehen und der Rest verfällt.",
             "You need not hit the goal exactly: if the roll reaches past it, the piece stops on the "
             "goal tile and the rest is lost."),
            ("Cara steht zwei Tafeln vor dem Ziel und würfelt 5. Sie zieht ins Ziel; drei Augen "
             "verfallen.",
             "Cara is two tiles before the goal and rolls 5. She moves onto the goal; three pips are "
             "lost.")),
          E("vx.stack", ("Platz für alle", "Room for everyone"),
            ("Auf einer Tafel dürfen beliebig viele Figuren und Wächter zusammen stehen. Niemand wird "
             "geschlagen, niemand blockiert.",
             "Any number of figures and guards may share a tile. Nobody is knocked out, nobody "
             "blocks."),
            ("Ana landet auf +5, wo schon Bens Figur und ein Wächter stehen. Alle drei bleiben dort.",
             "Ana lands on +5 where Ben's figure and a guard already stand. All three stay there.")),
        ),
        S("special", ("Besondere Regeln", "Special rules"),
          ("Wächter, Einsammeln und das Ausscheiden im Ziel.",
           "Guards, collecting and dropping out at the goal."),
          E("vx.guard", ("Wann ein Wächter ziehen darf", "When a guard may move"),
            ("Einen Wächter darfst du nur ziehen, wenn auf seiner Tafel mindestens eine Spielfigur "
             "steht – egal wessen. Steht er nur mit anderen Wächtern da, rührt er sich nicht.",
             "You may move a guard only if at least one player figure stands on its tile – anybody's. "
             "If it stands there with guards only, it cannot move."),
            ("Ana würfelt 4. Der Wächter auf +7 steht allein: nicht ziehbar. Der Wächter auf −3 teilt "
             "die Tafel mit Bens Figur: Ana darf ihn 4 Tafeln weiterziehen.",
             "Ana rolls 4. The guard on +7 stands alone: it cannot move. The guard on −3 shares its "
             "tile with Ben's figure: Ana may move it 4 tiles on.")),
          E("vx.collect", ("Tafeln einsammeln", "Collecting tiles"),
            ("Verlässt deine eigene Figur eine Tafel und bleibt dort danach nichts mehr stehen (keine "
             "Figur, kein Wächter, kein Wurminator), nimmst du die Tafel zu dir. Start und Ziel werden "
             "nie genommen. Wer einen Wächter wegzieht, nimmt nichts.",
             "When your own figure leaves a tile and nothing remains on it (no figure, no guard, no "
             "Wurminator), you take that tile. Start and goal are never taken. Moving a guard away "
             "takes nothing."),
            ("Bens Figur steht allein auf −4. Er zieht sie weg: die −4 gehört jetzt ihm. Stünde dort "
             "noch ein Wächter, bliebe die Tafel liegen.",
             "Ben's figure stands alone on −4. He moves it away: the −4 is now his. Had a guard still "
             "been there, the tile would have stayed.")),
          E("vx.out", ("Alle Figuren im Ziel", "All figures home"),
            ("Wer alle eigenen Figuren im Ziel hat, wird in der Reihenfolge übersprungen. Sind alle "
             "Figuren aller Personen im Ziel, ist die Partie vorbei.",
             "Whoever has all their figures on the goal is skipped in the turn order. Once every "
             "figure of every player is home, the game is over."),
            ("Anas letzte Figur erreicht das Ziel. Ab jetzt würfeln nur noch Ben und Cara im Wechsel.",
             "Ana's last figure reaches the goal. From now on only Ben and Cara take turns.")),
        ),
        S("scoring", ("Wertung", "Scoring"),
          ("Gezählt werden nur die eingesammelten Tafeln.", "Only the collected tiles count."),
          E("vx.score", ("Tafelwerte", "Tile values"),
            ("Plustafeln zählen ihren Wert, Minustafeln ziehen ihren Wert ab. Jede Glückstafel macht "
             "deine schlimmste übrige Minustafel (größter Betrag zuerst) zu einer Plustafel mit "
             "gleichem Betrag. Hast du mehr Glückstafeln als Minustafeln, zählen die übrigen nichts. "
             "Gleiche Summe, gleicher Platz.",
             "A plus tile is worth its number, a minus tile costs its number. Each lucky tile turns your "
             "worst remaining minus tile (biggest amount first) into a plus tile of the same amount. "
             "Lucky tiles beyond your minus tiles count for nothing. Equal totals share a place."),
            ("Ana hat +5, −10, −3 und eine Glückstafel. Die −10 wird zu +10: 5 + 10 − 3 = 12 Punkte.",
             "Ana holds +5, −10, −3 and one lucky tile. The −10 becomes +10: 5 + 10 − 3 = 12 "
             "points.")),
        ),
        S("variant", ("Variante: der Wurminator", "Variant: the Wurminator"),
          ("Ein Schalter im Aufbau. Ein zusätzlicher Wurm läuft mit und beißt Figuren Minustafeln ab.",
           "A switch at setup. An extra worm joins the track and bites minus tiles off figures."),
          E("vx.wurm.start", ("Start des Wurminators", "Where the Wurminator starts"),
            ("Der Wurminator beginnt zusammen mit allen Figuren auf der Starttafel.",
             "The Wurminator begins on the start tile together with every figure."),
            ("Vor dem ersten Wurf stehen Anas und Bens Figuren und der Wurminator gemeinsam auf Start.",
             "Before the first roll Ana's and Ben's figures and the Wurminator share the start tile."),
            (VX_WURM,)),
          E("vx.wurm.roll", ("Wurminator bei 1 oder 2", "Wurminator on a 1 or 2"),
            ("Zeigt der Würfel 1 oder 2, darfst du zusätzlich zu deinem normalen Zug den Wurminator "
             "um genau diese Zahl nach vorn setzen – vorher oder nachher, wie du willst. Bei 3 bis 6 "
             "bleibt er stehen.",
             "When the die shows 1 or 2, you may, on top of your normal move, push the Wurminator "
             "forward by exactly that number – before or after, as you like. On 3 to 6 it stays "
             "put."),
            ("Ben würfelt 2: erst zieht er seine Figur 2 weiter, dann den Wurminator 2. Bei einer 4 "
             "wäre „Wurminator ziehen“ abgelehnt.",
             "Ben rolls 2: first he moves his figure 2, then the Wurminator 2. On a 4, 'move the "
             "Wurminator' would be refused.")),
          E("vx.wurm.must", ("Wann der Wurminator ziehen muss", "When the Wurminator must move"),
            ("Steht der Wurminator hinter sämtlichen Spielfiguren (Wächter zählen nicht, Figuren im "
             "Ziel gelten als vorn), ist sein Zug bei 1 oder 2 Pflicht – stehen lassen geht dann nicht.",
             "If the Wurminator is behind every player figure (guards are ignored; a figure already "
             "home is treated as being in front), a 1 or 2 obliges you to push it – leaving it is not allowed."),
            ("Der Wurminator steht auf Start, alle Figuren sind schon weiter. Cara würfelt 1 und muss "
             "ihn eine Tafel vorsetzen.",
             "The Wurminator is on start, all figures are further ahead. Cara rolls 1 and has to move "
             "it one tile on.")),
          E("vx.wurm.bite", ("Der Biss", "The bite"),
            ("Landet der Wurminator bei Spielfiguren, bekommt jede getroffene Person pro eigener Figur "
             "auf dieser Tafel eine Minustafel aus der Bahn: die mit dem kleinsten Betrag, "
             "auf der gerade nichts steht. Die werfende Person zuerst, dann im Uhrzeigersinn. Die "
             "genommene Tafel hinterlässt eine Lücke.",
             "When the Wurminator stops where player figures stand, every player hit gets one minus "
             "tile from the track per figure of theirs on that tile: the one with the smallest "
             "amount that is currently empty. The roller goes first, then clockwise. The tile taken "
             "leaves a gap."),
            ("Der Wurminator landet auf Anas zwei Figuren. In der Bahn liegen frei −1, −4 und −8: Ana "
             "bekommt −1 und −4.",
             "The Wurminator lands on Ana's two figures. Free in the track lie −1, −4 and −8: Ana gets "
             "−1 and −4."),
            (VX_BITE,)),
          E("vx.wurm.none_free", ("Keine freie Minustafel mehr", "No free minus tile left"),
            ("Liegt keine freie Minustafel mehr in der Bahn, gibt die gebissene Person stattdessen "
             "ihre kleinste eigene Minustafel ab; sie kommt direkt vor die Zieltafel zurück. Wer keine "
             "Minustafel besitzt, verliert nichts.",
             "If no free minus tile is left in the track, the bitten player instead hands back their "
             "own smallest minus tile; it goes back right in front of the goal. A player without "
             "minus tiles loses nothing."),
            ("Ben wird gebissen, die Bahn hat keine freie Minustafel. Er besitzt −2 und −7 und legt "
             "die −2 vor das Ziel.",
             "Ben is bitten, the track has no free minus tile. He owns −2 and −7 and puts the −2 in "
             "front of the goal.")),
          E("vx.wurm.never_takes", ("Der Wurminator sammelt nie", "The Wurminator never collects"),
            ("Der Wurminator nimmt keine Tafel, auch nicht die, die er als Letzter verlässt. Sie "
             "bleibt liegen, auch wenn sie nun leer ist.",
             "The Wurminator takes no tile, not even the one it leaves last. It stays in the track, "
             "empty or not."),
            ("Der Wurminator verlässt −6, auf der sonst nichts steht. Die −6 bleibt in der Bahn.",
             "The Wurminator leaves −6, where nothing else stands. The −6 stays in the track.")),
          E("vx.wurm.harmless", ("Wann nichts passiert", "When nothing happens"),
            ("Setzt du selbst eine Figur oder einen Wächter zum Wurminator, passiert nichts. "
             "Figuren im Ziel sind sicher. Kommt der Wurminator ins Ziel, springt er sofort auf Start "
             "zurück und beißt dort niemanden.",
             "Moving a figure or a guard onto the Wurminator's tile does nothing. Figures on the goal "
             "are safe. Once the Wurminator arrives at the goal it jumps straight back to start and "
             "bites nobody there."),
            ("Ana zieht ihre Figur auf die Tafel des Wurminators: kein Biss. Später erreicht er das "
             "Ziel und steht gleich wieder auf Start.",
             "Ana moves her figure onto the Wurminator's tile: no bite. Later it reaches the goal and "
             "is back on start at once.")),
          E("vx.wurm.guard", ("Wächter beim Wurminator", "Guards with the Wurminator"),
            ("In dieser Variante darf ein Wächter auch dann ziehen, wenn nur der Wurminator bei ihm "
             "steht.",
             "In this variant a guard may also move when only the Wurminator stands with it."),
            ("Der Wächter auf +6 hat keine Figur bei sich, aber den Wurminator. Ben darf ihn mit "
             "seiner 3 ziehen.",
             "The guard on +6 has no figure with it, but the Wurminator. Ben may move it with his "
             "3.")),
        ),
        S("house", ("Hausregeln", "House rules"),
          ("Im Aufbau einstellbar und mit der Partie gespeichert: Auslage, Figuren je Person, "
           "Wächter-Startfelder, wer beginnt (vx.setup), die Wurminator-Variante (vx.wurm.start) und "
           "was ein Biss nimmt (vx.wurm.bite, Standard die kleinste Minustafel).",
           "Set at setup and saved with the game: layout, figures per player, guard start tiles, who "
           "starts (vx.setup), the Wurminator variant (vx.wurm.start) and what a bite takes "
           "(vx.wurm.bite, default the smallest minus tile).")),
    ),
)

# ======================================================================================
# Raus aus dem Verlies!
# ======================================================================================
RV_EXIT_GOLD = O(
    "exit_min_gold", "0",
    ("Gold zum Entkommen", "Gold needed to leave"),
    ("Wie viele Goldmünzen man mindestens braucht, um durch einen Ausgang zu gehen. Die gedruckte "
     "Regel nennt keine Zahl, darum ist der Standard 0.",
     "The least number of coins needed to go through an exit. The printed rules give no number, so "
     "the default is 0."),
)
RV_PENALTY_TURN = O(
    "penalty_turn", "next",
    ("Unberechtigt gezogen: Aussetzen", "Drawn without being allowed: sitting out"),
    ("„den nächsten Zug“ (Standard): die Karte wandert zurück in den Stapel, der Zug ist vorbei, und "
     "der folgende eigene Zug fällt aus. „nur diesen Zug“: Karte zurück, Zug vorbei – mehr nicht. Die "
     "gedruckte Regel sagt nur „aussetzen“; beides lässt sich so lesen.",
     "'the next turn' (standard): the card goes back into the pile, the turn is over, and your "
     "following turn is skipped as well. 'only this turn': card back, turn over – nothing more. The "
     "printed rule just says 'sit out', which fits either reading."),
)
RV_START = O(
    "start_player", "0",
    ("Startperson", "Start player"),
    ("Wer anfängt: die fröhlichste Person am Tisch, oder die App lost aus.",
     "Who begins: the happiest person at the table, or the app draws someone."),
)
RV_ADV = O(
    "adventurers", "Vorlagen / presets",
    ("Abenteurer", "Adventurers"),
    ("Stärke, Geist und Geschick jeder Figur. Die acht Vorlagen lassen sich ändern, jede Karte gibt "
     "es nur einmal.",
     "Strength, mind and dexterity of each figure. The eight presets can be edited; each card is "
     "taken only once."),
)

VERLIES = GameRules(
    "raus-aus-dem-verlies", "rv", _t("Raus aus dem Verlies!", "Raus aus dem Verlies!"),
    (
        S("goal", ("Worum es geht", "What it is about"),
          ("Ihr erkundet ein Verlies Karte für Karte, sammelt Gold und Schätze und sucht einen "
           "Ausgang. Jeder Ausgang lässt nur eine Person hinaus, und es gibt zu wenige. Wer "
           "draußen am reichsten ist, gewinnt.",
           "You explore a dungeon card by card, collect gold and treasures and look for a way out. "
           "Each exit lets only one person out, and there are too few. The richest person outside "
           "wins.")),
        S("setup", ("Aufbau", "Setup"),
          ("Figuren wählen, Stapel vorbereiten, Startperson bestimmen.",
           "Pick figures, prepare the decks, choose who starts."),
          E("rv.setup", ("Abenteurer und Stapel", "Adventurers and decks"),
            ("1 bis 8 Personen wählen je einen Abenteurer mit Stärke, Geist und Geschick. Welche "
             "Verlieskarten ins Spiel kommen, hängt von der Personenzahl ab: bis 2 nur rot, bei 3 rot "
             "und blau, ab 4 rot, blau und grün. Alle starten auf der roten Alpha-Karte; die "
             "fröhlichste Person beginnt.",
             "1 to 8 players each pick an adventurer with strength, mind and dexterity. Which dungeon "
             "cards are used depends on the player count: up to 2 only red, with 3 red and blue, from "
             "4 on red, blue and green. Everybody starts on the red Alpha card; the happiest player "
             "begins."),
            ("Ana, Ben und Cara spielen zu dritt: die App sagt „rote und blaue Verlieskarten "
             "mischen“. Ben lacht am lautesten und beginnt.",
             "Ana, Ben and Cara play as three: the app says 'shuffle red and blue dungeon cards'. Ben "
             "laughs loudest and begins."),
            (RV_ADV, RV_START)),
          E("rv.dice", ("Würfelangaben", "Dice notation"),
            ("W6 ist ein normaler Würfel. W3 ist ein W6 halbiert und aufgerundet: 1–2 ergibt 1, 3–4 "
             "ergibt 2, 5–6 ergibt 3. „1 + W6“ heißt: würfeln und 1 dazuzählen. (Die gedruckte "
             "W3-Zeile hat einen Druckfehler; so ist sie gemeint.)",
             "d6 is one normal die. d3 is a d6 halved and rounded up: 1–2 gives 1, 3–4 gives 2, 5–6 "
             "gives 3. '1 + d6' means: roll and add 1. (The printed d3 line has a misprint; this is "
             "what it means.)"),
            ("Eine Karte verlangt „W3 Gold“. Cara würfelt 4: sie bekommt 2 Gold.",
             "A card asks for 'd3 gold'. Cara rolls 4: she gets 2 gold.")),
        ),
        S("turn", ("Ein Zug", "A turn"),
          ("Reihum: entweder eine neue Karte anlegen oder im bekannten Verlies laufen.",
           "In turn: either lay a new card or walk in the known dungeon."),
          E("rv.turn", ("Karte ziehen oder laufen", "Draw a card or walk"),
            ("In deinem Zug wählst du eins: die oberste Verlieskarte ziehen, an deine Karte anlegen "
             "und hineingehen – nur wenn deine Karte noch einen offenen Gang hat – oder bis zu zwei "
             "Karten weit durch das schon gelegte Verlies laufen. Die App merkt sich, was du gewählt "
             "hast; eine Karte des Verlieses führt sie nicht.",
             "On your turn you pick one: take the top dungeon card, attach it to your card and step "
             "onto it – only if your card still has an open passage – or walk up to two cards through "
             "the dungeon already laid. The app records which you chose; it keeps no map of the "
             "dungeon."),
            ("Ben steht in einer Sackgasse. Er läuft zwei Karten zurück statt zu ziehen; „Karte "
             "ziehen“ danach im selben Zug wird abgelehnt.",
             "Ben is in a dead end. He walks back two cards instead of drawing; 'draw a card' later "
             "in the same turn is refused.")),
          E("rv.gold", ("Gold", "Gold"),
            ("Gold in einem Gang gibt es nur, wenn die Karte gerade erst gelegt wurde, und nur einmal "
             "für diese Karte. Wer später darüberläuft, findet nichts. Eine Karte, die zurück in den "
             "Stapel gemischt wird (ein Ausgang ohne genug Gold, eine unberechtigt gezogene Karte), lag "
             "nie im Verlies: ihr Gold bleibt nicht bei dir. Niemand hat je weniger als null Gold.",
             "Passage gold is yours only on a card you have just put down – and each such card pays "
             "out a single time. Whoever walks over it later finds nothing. A card that is shuffled back into the "
             "pile (an exit without enough gold, a card drawn without being allowed) never lay in the "
             "dungeon: you keep none of its gold. Nobody ever has less than zero gold."),
            ("Ana legt einen Gang mit 3 Gold und nimmt es; ein zweites Mal nehmen lehnt die App ab. "
             "Ben läuft später hin: für ihn gibt es nichts mehr.",
             "Ana lays a passage showing 3 gold and takes it; taking it a second time is refused. Ben "
             "walks there later: nothing is left for him.")),
          E("rv.penalty", ("Unberechtigt gezogen", "Drawn without being allowed"),
            ("Ziehst du eine Verlieskarte, obwohl du nicht durftest – etwa weil deine Karte keinen "
             "offenen Gang mehr hat, weil du in diesem Zug schon gelaufen bist oder weil es schon deine "
             "zweite Karte in diesem Zug ist –, mischst du sie zurück in den Stapel, und dein Zug endet. "
             "Eintragen lässt sich das jederzeit in deinem Zug, auch nach dem Laufen, solange für die "
             "Karte noch nichts eingetragen ist (Hindernis, Raumkarte, Ausgang). Außerdem fällt dein "
             "nächster Zug aus; ob das gilt, stellt ihr im Aufbau ein. Der "
             "ausgefallene Zug steht im Spielverlauf wie ein Erholungszug: du tippst nur „Aussetzen“.",
             "If you draw a dungeon card although you were not allowed to – say your card has no open "
             "passage left, you already walked this turn, or it is your second card this turn –, you "
             "shuffle it back into the pile and your turn ends. The table can enter that at any point of "
             "your turn, after a walk too, as long as nothing was entered for the card yet (obstacle, "
             "room card, exit). On top, your next turn is lost; whether that applies is a setup choice. "
             "The lost turn shows in the game "
             "log like a recovery turn: you only tap 'Sit out'."),
            ("Cara steht in einer Sackgasse und zieht trotzdem. Die anderen bemerken es: sie tippt "
             "„Unberechtigt gezogen“, die Karte kommt zurück, Dev ist dran. In ihrer nächsten Runde "
             "tippt sie nur „Aussetzen“. Läuft Dev eine Karte und zieht danach doch noch, ist das "
             "ebenso „Unberechtigt gezogen“.",
             "Cara stands in a dead end and draws anyway. The others notice: she taps 'Drawn without "
             "being allowed', the card goes back, Dev's turn. In her next round she only taps 'Sit "
             "out'. If Dev walks a card and then draws one all the same, that is 'Drawn without being "
             "allowed' too."),
            (RV_PENALTY_TURN,)),
        ),
        S("special", ("Hindernisse, Räume, Monster", "Obstacles, rooms, monsters"),
          ("Was unterwegs passieren kann.", "What can happen on the way."),
          E("rv.obstacle", ("Hindernisse", "Obstacles"),
            ("Rot wird mit Stärke, Blau mit Geist, Grün mit Geschick geprüft: Wert plus W6 muss die "
             "Hinderniszahl mindestens erreichen. Misslingt es bei Abgrund, Säuresee oder Lava: "
             "verletzt, 3 Gold oder einen Schatz abgeben (du wählst), aber trotzdem drüben. Bei "
             "Magie-Sperre, Einsturz oder Tür: nicht durch, nächsten Zug neu versuchen. Bei der "
             "Holzbrücke: verletzt, aber drüben. Du darfst auch auf den Versuch verzichten.",
             "Red is tested with strength, blue with mind, green with dexterity: value plus d6 must "
             "at least reach the obstacle's number. Failing at a chasm, acid lake or lava: injured, "
             "give up 3 gold or one treasure (your pick), but you are across. At a magic barrier, "
             "cave-in or door: not through, try again next turn. At the wooden bridge: injured, but "
             "across. You may also decline to try."),
            ("Cara (Geschick 4) steht vor einer grünen Tür 9 und würfelt 3: 7 reicht nicht, sie bleibt "
             "davor. Mit einer 5 wäre sie durch.",
             "Cara (dexterity 4) faces a green door 9 and rolls 3: 7 is not enough, she stays in "
             "front. With a 5 she would be through.")),
          E("rv.room", ("Räume und Raumkarten", "Rooms and room cards"),
            ("Eine neu gelegte Karte ist entweder ein Gang oder ein Raum; beim Anlegen sagt ihr der "
             "App, was es ist. Nur ein Gang hat Gold und Hindernisse. Betrittst du einen frisch "
             "gelegten Raum, ziehst du eine Raumkarte: Gold, ein Monster oder eine Falle – was darauf "
             "steht, gilt, sonst nichts. Die Raumkarte ist Pflicht: dein Zug endet erst, wenn sie "
             "eingetragen ist, samt Kampf, Falle oder Gold. Ein Raum, der schon länger liegt, ist leer.",
             "Every new card you put down is one of two things, passage or room; say which to the app as you lay it. "
             "Only a passage holds gold and obstacles. Stepping into a freshly laid room, you draw a "
             "room card: gold, a monster or a trap – whatever it says applies, nothing else. The room "
             "card is compulsory: your turn only ends once it is entered, with its fight, trap or gold. "
             "A room laid earlier is empty."),
            ("Ben legt einen Raum und will gleich „Zug beenden“: die App sagt, erst die Raumkarte. Er "
             "zieht „Falle: 2 Gold verlieren“; Gold aus einem Gang dazu nehmen lehnt die App ab. Cara "
             "betritt denselben Raum später und zieht keine Karte.",
             "Ben lays a room and wants to tap 'End turn' at once: the app says, the room card first. He "
             "draws 'trap: lose 2 gold'; taking passage gold on top is refused. Cara enters the same "
             "room later and draws no card.")),
          E("rv.loss", ("3 Gold oder ein Schatz", "3 gold or a treasure"),
            ("Wer nach Hindernis, Monster oder Falle „3 Gold oder einen Schatz“ verliert, gibt nur ab, "
             "was da ist. Keine Münzen, aber Schätze: ein Schatz geht, du suchst ihn aus. Münzen, aber "
             "kein Schatz: bis zu 3 Münzen gehen. Beides: du wählst, die Münzen fallen höchstens auf "
             "null. Gar nichts: es geht nichts verloren, und niemand wird gefragt.",
             "Whoever loses '3 gold or a treasure' after an obstacle, a monster or a trap gives up "
             "only what is there. No coins but treasures: one treasure goes, you pick it. Coins but no "
             "treasure: up to 3 coins go. Both: your choice, and the coins drop to zero at worst. "
             "Nothing at all: nothing is lost and nobody asks."),
            ("Ben fällt in die Lava. Er hat 1 Münze und keinen Schatz: die App bietet nur „1 Gold "
             "abgeben“ an. Cara hätte nichts gehabt – bei ihr fragt die App gar nicht erst.",
             "Ben falls into the lava. He holds 1 coin and no treasure: the app offers only 'give up 1 "
             "gold'. Cara would have had nothing – the app would not even ask her.")),
          E("rv.monster", ("Monsterkampf", "Fighting a monster"),
            ("Die Monsterkarte nennt die Eigenschaft (oder lässt dich wählen). Du würfelst W6 plus "
             "deinen Wert, eine andere Person würfelt W6 plus Monsterwert. Erreichst du mindestens "
             "die Summe des Monsters, gewinnst du seinen Besitz (einen Schatz). Sonst bist du "
             "verletzt und gibst 3 Gold oder einen Schatz ab.",
             "The monster card names the attribute (or lets you choose). You roll d6 plus your "
             "value, another player rolls d6 plus the monster's value. If you at least match the "
             "monster's total, you win its possession (a treasure). Otherwise you are injured and give "
             "up 3 gold or one treasure."),
            ("Ana (Stärke 5) würfelt 2 = 7, Ben würfelt für die Mumie (4) eine 3 = 7. Gleichstand "
             "reicht: Ana zieht einen Schatz.",
             "Ana (strength 5) rolls 2 = 7, Ben rolls 3 for the mummy (4) = 7. A tie is enough: Ana "
             "draws a treasure.")),
          E("rv.injury", ("Verletzung", "Injury"),
            ("Eine verletzte Figur wird hingelegt. Deinen nächsten Zug verbringst du ganz mit Erholen: "
             "keine Karte, keine Bewegung. Danach steht die Figur wieder.",
             "An injured figure is laid down. You spend your whole next turn recovering: no card, no "
             "movement. After that the figure stands again."),
            ("Ben fällt an der Holzbrücke. In seinem nächsten Zug tippt er nur „Erholen“; „Karte "
             "ziehen“ wird abgelehnt.",
             "Ben falls at the wooden bridge. On his next turn he only taps 'Recover'; 'draw a card' "
             "is refused.")),
          E("rv.treasure", ("Schätze", "Treasures"),
            ("Schätze werden verdeckt gezogen, haben einen Goldwert und können magisch (M) sein. "
             "Gezeigt werden sie erst, wenn du sie benutzt oder das Spiel endet. Aufdecken kannst du "
             "einen in deinem eigenen Zug, sobald du gezogen oder gelaufen bist und nichts mehr offen "
             "ist – kein Wurf, kein Verlust, kein Kampf. Am Ende liegen alle offen.",
             "Treasures are drawn face down, carry a gold value and may be magic (M). They are shown "
             "only when you use one or when the game ends. You can turn one over in your own turn, once "
             "you have drawn or walked and nothing is still open – no roll, no loss, no fight. At the end "
             "all of them lie face up."),
            ("Cara zieht verdeckt einen Schatz mit 6 Gold. Die anderen sehen nur „1 Schatz“, bis sie "
             "ihn in ihrem Zug aufdeckt; in Bens Zug lehnt die App das Aufdecken ab.",
             "Cara draws a treasure worth 6 gold, face down. The others see only '1 treasure' until "
             "she reveals it in her turn; during Ben's turn the app refuses the reveal.")),
        ),
        S("scoring", ("Ausgänge und Ende", "Exits and end"),
          ("Wer hinauskommt und wer drinnen bleibt.", "Who gets out and who stays inside."),
          E("rv.exit", ("Ausgänge (Omega)", "Exits (Omega)"),
            ("Durch jeden Ausgang kommt genau eine Person hinaus. Ziehst du einen Ausgang, hast aber "
             "zu wenig Gold, darfst du ihn zurückmischen – dann ist dein Zug vorbei. Wie viel Gold "
             "nötig ist, stellt ihr ein.",
             "Exactly one person gets out through each exit. If you draw an exit but have too little "
             "gold, you may shuffle it back – that ends your turn. How much gold is needed is your "
             "setting."),
            ("Mindestgold ist 10. Ben hat 7 und zieht einen Ausgang: er mischt ihn zurück, Cara ist "
             "dran.",
             "The gold minimum is 10. Ben has 7 and draws an exit: he shuffles it back, Cara's turn."),
            (RV_EXIT_GOLD,)),
          E("rv.end", ("Spielende und Sieg", "End and winner"),
            ("Entkommt die vorletzte Person, ist Schluss. Wer zurückbleibt, verliert alles, was er "
             "hat. Unter den Entkommenen gewinnt das meiste Gold, Münzen plus Schatzwerte. Gleiches "
             "Gold, gleicher Platz.",
             "When the second-to-last person gets out, the game stops. Whoever stays behind loses all "
             "they hold. Among those who escaped, the most gold wins, coins plus treasure values. "
             "Equal gold shares a place."),
            ("Ana (12 Gold + Schatz 6) und Cara (15) sind draußen, Ben bleibt drin. Ana gewinnt mit "
             "18, Cara ist Zweite, Ben Letzter.",
             "Ana (12 gold + treasure 6) and Cara (15) are out, Ben stays in. Ana wins with 18, Cara "
             "is second, Ben last.")),
        ),
        S("house", ("Hausregeln", "House rules"),
          ("Im Aufbau einstellbar und gespeichert: Abenteurerwerte und Startperson (rv.setup), das "
           "Gold zum Entkommen (rv.exit, Standard 0) und ob nach unberechtigtem Ziehen auch der "
           "nächste Zug ausfällt (rv.penalty, Standard: ja).",
           "Set at setup and saved: adventurer values and the start player (rv.setup), the gold "
           "needed to leave (rv.exit, default 0) and whether a card drawn without being allowed "
           "also costs the next turn (rv.penalty, default: yes).")),
    ),
)

# ======================================================================================
# The table itself (the app's own refusals)
# ======================================================================================
TABLE = GameRules(
    "table", "table", _t("Tisch und App", "Table and app"),
    (
        S("app", ("Wie der Schiedsrichter arbeitet", "How the referee works"),
          ("Diese Regeln gelten für alle Spiele: wer tippen darf, wann gewürfelt wird, was Rückgängig "
           "macht.",
           "These rules apply to every game: who may tap, when dice are rolled, what undo does."),
          E("table.seat", ("Nur für den eigenen Platz", "Only for your own seat"),
            ("Ist ein Handy einem Platz zugeordnet, darf es nur für diesen Platz handeln. Ein Handy, "
             "das herumgereicht wird, darf für alle tippen.",
             "When a phone belongs to one seat, it may act for that seat only. A phone passed around "
             "the table may tap for everyone."),
            ("Bens Handy gehört zu Platz 2. Tippt er auf Anas Zettel, sagt der Schiedsrichter: „Das "
             "darf nur Ana machen.“",
             "Ben's phone belongs to seat 2. If he taps Ana's sheet, the referee says: 'Only Ana may "
             "do that.'")),
          E("table.stale", ("Der Tisch war schneller", "The table moved on"),
            ("Haben zwei Handys fast gleichzeitig getippt, zählt der erste Zug. Der zweite wird "
             "abgelehnt, weil er sich auf einen alten Stand bezog; schau kurz neu hin und tippe noch "
             "einmal.",
             "If two phones tap at almost the same moment, the first move counts. The second is "
             "refused because it was based on an old position; look again and tap once more."),
            ("Ana und Cara tippen zugleich „Würfeln“. Anas Wurf gilt, Cara sieht „Inzwischen ist am "
             "Tisch etwas passiert“.",
             "Ana and Cara both tap 'Roll' at once. Ana's roll counts, Cara sees 'The table has moved "
             "on meanwhile'.")),
          E("table.store", ("Speichern fehlgeschlagen", "Saving failed"),
            ("Jeder Zug wird erst gespeichert und gilt dann. Klappt das Speichern nicht (volle Karte, "
             "schreibgeschützte Datei), wird der Zug abgelehnt und nichts ändert sich.",
             "Every move is saved first and only then counts. If saving fails (full card, read-only "
             "file), the move is refused and nothing changes."),
            ("Die Speicherkarte ist voll. Ana tippt Rot 7: der Zettel bleibt, wie er war, und eine "
             "Meldung nennt den Grund.",
             "The memory card is full. Ana taps red 7: the sheet stays as it was and a message names "
             "the reason.")),
          E("table.roll", ("Würfeln nur, wenn es dran ist", "Rolling only when due"),
            ("Gewürfelt wird nur, wenn das Spiel gerade auf einen Wurf wartet. Mitten in einer "
             "Entscheidung gibt es keinen neuen Wurf.",
             "Dice are rolled only when the game is waiting for a roll. In the middle of a decision "
             "there is no new roll."),
            ("Weiß ist schon ausgewertet, Ben muss noch entscheiden. Ein zweites „Würfeln“ wird "
             "abgelehnt.",
             "White has been rolled and Ben still has to decide. A second 'Roll' is refused.")),
          E("engine.roll", ("Kein Wurf vorgesehen", "No roll in this game now"),
            ("Manche Spiele oder Momente kennen keinen Würfelwurf durch die App. Dann lehnt der "
             "Schiedsrichter eingegebene Würfelwerte ab.",
             "Some games or moments have no roll done by the app. The referee then refuses typed dice "
             "values."),
            ("Cara tippt Würfelwerte ein, während gerade nur eine Karte gelegt wird: abgelehnt, hier "
             "wird nicht gewürfelt.",
             "Cara types dice values while a card is merely being laid: refused, no roll here.")),
          E("table.undo", ("Rückgängig und Wiederholen", "Undo and redo"),
            ("Rückgängig nimmt den letzten Zug zurück, Wiederholen stellt ihn wieder her – mit "
             "denselben Würfeln, nie neu gewürfelt. Gibt es nichts zurückzunehmen oder "
             "wiederherzustellen, kommt ein Hinweis.",
             "Undo takes back the last move, redo restores it – with the same dice, never a new roll. "
             "If there is nothing to take back or restore, a notice appears."),
            ("Ana hat versehentlich Gelb 9 statt Grün 9 getippt. Rückgängig, dann Grün 9: Würfel und "
             "Zug bleiben gleich.",
             "Ana tapped yellow 9 instead of green 9 by mistake. Undo, then green 9: dice and turn "
             "stay the same.")),
        ),
    ),
)

class _Live(Mapping[str, Any]):
    """A read-only view rebuilt from the game registry (``companion.registry``) when it changes:
    every registered game's rules, in registration order, then the table's own rules."""

    def __init__(self, build: Callable[[dict[str, GameRules]], dict[str, Any]]) -> None:
        self._build = build
        self._cache: tuple[int, dict[str, Any]] | None = None

    def _data(self) -> dict[str, Any]:
        from companion import registry

        registry.game_uis()  # the built-in games register on first use (this changes the version)
        v = registry.version()
        if self._cache is None or self._cache[0] != v:
            games = {ui.id: ui.rules for ui in registry.game_uis().values() if ui.rules is not None}
            games[TABLE.id] = TABLE
            self._cache = (v, self._build(games))
        return self._cache[1]

    def __getitem__(self, key: str) -> Any:
        return self._data()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data())

    def __len__(self) -> int:
        return len(self._data())


def _prefixes(games: dict[str, GameRules]) -> dict[str, str]:
    out = {g.prefix: g.id for g in games.values()}
    out["engine"] = "table"
    return out


GAMES: Mapping[str, GameRules] = _Live(lambda games: games)
PREFIX_GAME: Mapping[str, str] = _Live(_prefixes)


def iter_entries() -> Iterator[tuple[GameRules, Section, Entry]]:
    for g in GAMES.values():
        for s in g.sections:
            for e in s.entries:
                yield g, s, e


ENTRIES: Mapping[str, Entry] = _Live(lambda games: {e.id: e for g in games.values() for s in g.sections
                                                    for e in s.entries})


def game_of(rule_id: str) -> str | None:
    """The game (or "table") a rule id belongs to: its prefix (``vx.wurm.bite`` → the game with prefix vx)."""
    return PREFIX_GAME.get(rule_id.split(".", 1)[0])


def find_entry(rule_id: str) -> tuple[GameRules, Section, Entry] | None:
    """The entry for a rule id; an unknown sub-id falls back to its parent (``q8.x.y`` → ``q8.x``)."""
    rid = rule_id
    while rid:
        for g, s, e in iter_entries():
            if e.id == rid:
                return g, s, e
        rid = rid.rpartition(".")[0]
    return None


def section_ref(game_id: str, key: str) -> str:
    """A section's address for the screen and the search (``qwixx-longo#goal``)."""
    return f"{game_id}#{key}"


def all_texts(lang: str | None = None) -> Iterator[str]:
    """Every visible rules sentence, in ``lang`` or both languages (for the no-paste and font tests)."""

    def of(t: T) -> Iterator[str]:
        yield from (t.values() if lang is None else [t[lang]])

    for g in GAMES.values():
        yield from of(g.title)
        for s in g.sections:
            yield from of(s.title)
            yield from of(s.intro)
            for e in s.entries:
                for part in (e.title, e.text, e.example):
                    yield from of(part)
                for o in e.options:
                    yield from of(o.title)
                    yield from of(o.meaning)
