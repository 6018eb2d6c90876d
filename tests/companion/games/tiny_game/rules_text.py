"""The tiny race's rules text, German and English."""

from __future__ import annotations

from companion.game_hooks import E, GameRules, S
from tests.companion.games.tiny_game.engine import GAME_ID
from tests.companion.games.tiny_game.words import TITLE

RULES = GameRules(
    GAME_ID, "tr", dict(TITLE),
    (
        S("goal", ("Ziel", "Goal"),
          ("Wer zuerst das Zielfeld erreicht, gewinnt das Rennen.",
           "Whoever reaches the goal square first wins the race."),
          E("tr.goal", ("Das Zielfeld", "The goal square"),
            ("Das Rennen endet, sobald eine Figur Feld 10 erreicht; gezählt werden die erreichten Felder.",
             "The race ends as soon as a piece reaches square 10; the squares reached are the score."),
            ("Ana steht auf 8 und würfelt 5: sie ist am Ziel und gewinnt mit 10.",
             "Ana stands on 8 and rolls 5: she reaches the goal and wins with 10."))),
        S("turn", ("Ein Zug", "A turn"),
          ("Abwechselnd: erst würfeln, dann um die Augenzahl ziehen.",
           "Take turns: roll first, then move that many squares."),
          E("tr.roll", ("Erst würfeln, dann ziehen", "Roll, then move"),
            ("Ohne Wurf gibt es keinen Zug, und wer gewürfelt hat, zieht, bevor wieder gewürfelt wird.",
             "No move without a roll, and whoever has rolled moves before the next roll."),
            ("Ben will ziehen, bevor er gewürfelt hat: abgelehnt.", "Ben wants to move before rolling: refused.")),
          E("tr.turn", ("Wer dran ist", "Whose turn it is"),
            ("Nur wer am Zug ist, würfelt und zieht; danach ist die andere Person dran.",
             "Only the player whose turn it is rolls and moves; then it is the other player's turn."),
            ("Ana ist dran, Ben tippt auf Ziehen: abgelehnt, Ana ist am Zug.",
             "It is Ana's turn and Ben taps move: refused, Ana is to act."))),
    ),
)
