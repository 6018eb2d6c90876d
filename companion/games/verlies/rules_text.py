"""Raus aus dem Verlies!'s rules text in the project's own words, German and English (see
``companion.screens.rules_text``)."""

from __future__ import annotations

from companion.game_hooks import E, GameRules, O, S, de_en

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
    "raus-aus-dem-verlies", "rv", de_en("Raus aus dem Verlies!", "Raus aus dem Verlies!"),
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
