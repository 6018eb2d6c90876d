"""Verflixxt! Kompakt's rules text in the project's own words, German and English
(see ``companion.screens.rules_text``)."""

from __future__ import annotations

from companion.game_hooks import E, GameRules, O, S, de_en

VX_LAYOUT = O(
    "layout", "zufällig / random",
    ("Auslage", "Layout"),
    ("Die Reihenfolge der Tafeln, wie sie am Tisch liegt, z. B. „+3 -2 G +5 …“ (G oder L: Glückstafel). Ohne "
     "Eingabe und für digitales Spiel "
     "mischt die App eine Auslage aus dem Tafelsatz eurer Schachtel: ihr vergleicht ihn beim "
     "Spielaufbau einmal und bestätigt ihn, das Gerät merkt ihn sich.",
     "The order of the tiles as they lie on the table, e.g. '+3 -2 L +5 …' (L or G: a lucky tile). "
     "Without one, and for digital play, the "
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
    ("Nach der Regel die jüngste Person; beim Spielaufbau tippt ihr an, wer beginnt, oder lost es aus. "
     "Von dort geht es im Uhrzeigersinn weiter.",
     "By the rules the youngest player; in setup you tap who starts, or draw it. Play then goes clockwise "
     "from there."),
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
    "verflixxt", "vx", de_en("Verflixxt! Kompakt", "Verflixxt! Kompakt"),
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
