"""Qwixx Longo's rules text in the project's own words, German and English (see ``companion.screens.rules_text``)."""

from __future__ import annotations

from companion.game_hooks import E, GameRules, O, S, de_en

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
    "qwixx-longo", "q8", de_en("Qwixx Longo", "Qwixx Longo"),
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
