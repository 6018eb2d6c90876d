"""Bounds a public server needs that a table never reaches: games made per minute.

Only the host makes games, but whoever holds a host cookie can make them in a loop: 400 in a minute
filled the store and the server's memory of open tables. A table makes a few in an evening.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Mapping

from companion.i18n import add_strings
from companion.store import Store, StoreError
from companion.table.table import Table, Tables
from scoring.engine import PlayerSpec

GAMES_PER_MINUTE = 20

add_strings(
    {
        "server.too_many_games": {
            "de": "In der letzten Minute wurden schon {n} Spiele angelegt. Bitte eine Minute warten, "
                  "dann noch einmal starten.",
            "en": "{n} games were already made in the last minute. Please wait a minute, then start again.",
        },
    }
)


class LimitedTables(Tables):
    """The server's tables: at most ``per_minute`` new games in any 60 s (a refused setup does not
    count); one more is refused with ``StoreError("server.too_many_games")``, which the setup
    screen shows in the player's language, and nothing is stored."""

    def __init__(self, store: Store, per_minute: int = GAMES_PER_MINUTE,
                 now: Callable[[], float] = time.monotonic) -> None:
        super().__init__(store)
        self.per_minute = per_minute
        self.now = now
        self.made: deque[float] = deque()

    def create(self, game_id: str, players: list[PlayerSpec], options: Mapping[str, object] | None = None) -> Table:
        t = self.now()
        while self.made and t - self.made[0] >= 60.0:
            self.made.popleft()
        if len(self.made) >= self.per_minute:
            raise StoreError("server.too_many_games", n=self.per_minute)
        table = super().create(game_id, players, options)
        self.made.append(t)
        return table
