"""Plays Qwixx Longo games through the real store and prints each acknowledged action.

Run as a subprocess by the SIGKILL tests: ``python kill_player.py DB SEED``.
A line ``ACK <game_id> <seq>`` is printed only after ``Table.submit`` returned,
i.e. after the store committed the action.
"""

import random
import sys

from companion.store import Store
from companion.table.table import Tables
from scoring.dice import Dice
from scoring.engine import PlayerSpec


def main() -> None:
    db, seed = sys.argv[1], int(sys.argv[2])
    rng = random.Random(seed)
    tables = Tables(Store(db), Dice(rng))
    while True:
        players = [PlayerSpec(name=f"P{i}") for i in range(rng.randint(1, 4))]
        table = tables.create("qwixx-longo", players, {"lucky_numbers": [(4, 9)] * len(players)})
        print(f"GAME {table.id}", flush=True)
        while not table.is_over():
            if table.game.pending_roll(table.state):
                table.roll()
            else:
                table.submit(rng.choice(table.game.legal(table.state)))
            print(f"ACK {table.id} {table.seq}", flush=True)


if __name__ == "__main__":
    main()
