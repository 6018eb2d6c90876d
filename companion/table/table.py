"""The authoritative table: one per open game, shared by every session (phone).

``Table.submit(action, seats)`` is the only way a game changes:
parse → seat check → engine ``apply`` → store append (committed) → state swap →
notify every view. Submits are serialised per table by a lock; the log's
sequence number makes a stale submit fail instead of forking the game.
Undo/redo move the store's cursor; the record (dice included) is never
re-rolled.

In the server the store has a writer thread (``Store.start_writer``): called on the
event loop, a change is refereed and applied to this table at once, its commit is queued to the
writer (in order; each write states the revision the one before it makes, so a write after one
that failed fails too, never forks the log), and ``pending_write()`` holds it until the commit
is in. Meanwhile no screen may show it: ``Shell.render`` waits for ``settled()``; the other
tables' taps go on while the fsync runs. A write the store refused puts the table back to what
the store has (``reload``) and its tapping phone gets the refusal (``write_refusal``).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel

from companion.store import Store, StoreError
from scoring.dice import Dice
from scoring.engine import (
    Game,
    GameRecord,
    PlayerSpec,
    RecordedAction,
    ReplayError,
    get_game,
    initial_state,
    new_record,
    now_iso,
    replay,
)
from scoring.errors import InvalidInput, RefereeError, Refusal

Listener = Callable[["Table", str], None]
S = TypeVar("S", bound=BaseModel)  # an engine's State model
# Any: one table (and one registry) for games of different option and state types;
# a game's screens narrow its state with ``Table.state_as``
AnyGame = Game[Any, Any]
# what may be submitted: an engine's action model, or its JSON form (a phone's tap, a record, dispute mode)
ActionInput = BaseModel | Mapping[str, object]


log = logging.getLogger("tischrichter.table")


@dataclass
class Verdict:
    """What a "what if" (dispute mode) says, without touching the game."""

    ok: bool
    state: BaseModel | None = None  # the state the action would lead to (when ok)
    error: RefereeError | None = None


@dataclass(eq=False)
class PendingWrite:
    """A change this table shows already, queued to the store's writer thread."""

    future: Future[int]  # the revision the write makes
    code: str  # what was not saved if it fails: store_failed, undo_store_failed, redo_store_failed


class Table:
    KEEP_STATES = 48  # recent states kept for undo (a frozen state is a few KB)

    def __init__(self, store: Store, record: GameRecord, cursor: int, dice: Dice | None = None, rev: int = 0) -> None:
        self.store = store
        self.rev = rev  # the store's revision of this game's log that this table is based on
        self.game: AnyGame = get_game(record.game)
        self.record = record  # all actions, redo tail included
        self.cursor = cursor
        self.dice = dice or Dice()
        self._guard = threading.RLock()
        self._listeners: dict[int, Listener] = {}
        self._next_listener = 0
        self.state: BaseModel = replay(record, cursor)
        # States after the first n actions of the current record, for recent n: undo and a view
        # asking for the state before the last move then need no replay of the whole game.
        # States are frozen, so keeping them is safe; entries past a new action are dropped.
        self._states: dict[int, BaseModel] = {cursor: self.state}
        self.token = store.table_token(record.id) or ""
        self._pending: PendingWrite | None = None  # the last write not yet committed (writer thread)

    # --- reading --------------------------------------------------------------
    def state_at(self, n: int) -> BaseModel:
        """The state after the first ``n`` actions of the record (kept or replayed)."""
        with self._guard:
            got = self._states.get(n)
            if got is None:
                got = replay(self.record, n)
                self._keep(n, got)
            return got

    def state_as(self, kind: type[S], n: int | None = None) -> S:
        """The state now (or after the first ``n`` actions) as its engine's own ``State``: the one
        place a game's screens narrow the engine's ``Any`` (``Game[Any, Any]``, one ``Table`` for
        every game). A table only ever holds states of its record's game (``get_game(record.game)``,
        ``replay``) and the shell shows a game's screens only for its own tables, so a mismatch is a
        routing bug: said as such (the shell shows a view's error as a line, the game goes on)."""
        state = self.state if n is None else self.state_at(n)
        if not isinstance(state, kind):
            raise TypeError(f"table {self.id} plays {self.game.id}, not {kind.__module__}.{kind.__name__}")
        return state

    def _keep(self, n: int, state: BaseModel) -> None:
        self._states[n] = state
        if len(self._states) > self.KEEP_STATES:
            for k in sorted(self._states, key=lambda k: abs(k - self.cursor))[self.KEEP_STATES:]:
                del self._states[k]

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def players(self) -> tuple[PlayerSpec, ...]:
        return self.record.players

    @property
    def seq(self) -> int:
        """Number of actions that count now (the next action is ``seq + 1``)."""
        return self.cursor

    def can_undo(self) -> bool:
        return self.cursor > 0

    def can_redo(self) -> bool:
        return self.cursor < len(self.record.actions)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def idle(self) -> bool:
        """Nobody shows this table and nothing of it waits for the store: ``Tables`` may drop it
        (the store has all of it; opening the game again replays its log)."""
        return not self._listeners and self._pending is None

    # --- listeners --------------------------------------------------------------
    def subscribe(self, listener: Listener) -> int:
        with self._guard:
            self._next_listener += 1
            self._listeners[self._next_listener] = listener
            return self._next_listener

    def unsubscribe(self, token: int) -> None:
        with self._guard:
            self._listeners.pop(token, None)

    def _notify(self, what: str) -> None:
        for listener in list(self._listeners.values()):
            try:
                listener(self, what)
            except Exception:  # a broken view must not break the table, but it is a bug: say so
                log.exception("a view of table %s failed on %r", self.id, what)

    # --- changing the game ------------------------------------------------------
    def _check_seat(self, state: BaseModel, action: BaseModel, seats: set[int] | None) -> None:
        if seats is None:
            return
        actor = self.game.actor(state, action)
        if actor is not None and actor not in seats:
            name = self.players[actor].name if 0 <= actor < len(self.players) else str(actor)
            raise Refusal("table.seat", "not_your_seat", name=name)

    def submit(self, action: ActionInput, seats: set[int] | None = None, expected_seq: int | None = None
               ) -> BaseModel:
        """Apply ``action`` for a session allowed to act for ``seats`` (None: all)."""
        with self._guard:
            if expected_seq is not None and expected_seq != self.cursor:
                raise Refusal("table.stale", "stale_action")
            parsed: BaseModel = self.game.parse_action(action)
            self._check_seat(self.state, parsed, seats)
            new_state: BaseModel = self.game.apply(self.state, parsed)  # raises Refusal: nothing changed
            rec = RecordedAction(
                seat=self.game.actor(self.state, parsed), action=self.game.dump_action(parsed), at=now_iso()
            )
            result = self.game.result(new_state).model_dump(mode="json") if self.game.is_over(new_state) else None
            seq = self.cursor + 1

            def took() -> None:
                self.record = self.record.model_copy(update={"actions": self.record.actions[: self.cursor] + (rec,)})
                for k in [k for k in self._states if k > self.cursor]:
                    del self._states[k]  # states of the redo tail this action replaces
                self.cursor = seq
                self.state = new_state
                self._keep(seq, new_state)

            # based on what this table believes: the store refuses it if the game moved on
            err = self._write(lambda cursor, rev: self.store.append(self.id, cursor, rec, result=result,
                                                                    expected_rev=rev), "store_failed", took)
        if err is not None:
            self._refused(err)
        self._notify("action")
        return new_state

    # --- committing ------------------------------------------------------------------
    def _write(self, write: Callable[[int, int], int], code: str, took: Callable[[], None]) -> Refusal | None:
        """Commit ``write(cursor, rev)`` (it returns the game's new revision), then ``took()``
        changes this table. Without a writer thread (or off the event loop) the commit is done
        here, and a refused one changes nothing (the refusal is returned). With one, the write
        is queued, the table changes at once and ``pending_write()`` holds it until it is in."""
        loop = self._loop()
        if loop is None:
            try:
                self.rev = write(self.cursor, self.rev)
            except StoreError as exc:
                return self._store_refusal(exc, code)
            took()  # the store took it
            return None
        assert self.store.writer is not None
        cursor, rev = self.cursor, self.rev
        try:
            pending = PendingWrite(self.store.writer.submit(write, cursor, rev), code)
        except RuntimeError:  # the store is closing (the server stops): nothing changes
            return Refusal("table.store", code, detail="db_closed")
        self.rev = rev + 1  # every write of a game's log bumps its revision by one (Store.append)
        took()
        self._pending = pending
        pending.future.add_done_callback(lambda _f: self._hand_back(loop, pending))
        return None

    def _hand_back(self, loop: asyncio.AbstractEventLoop, pending: PendingWrite) -> None:
        """In the writer thread: the commit is done; the table hears of it on its loop."""
        try:
            loop.call_soon_threadsafe(self._written, pending)
        except RuntimeError:  # the loop is closed (the server stops): nobody is left to tell
            log.debug("table %s: write done after its loop closed", self.id)

    def _loop(self) -> asyncio.AbstractEventLoop | None:
        """The event loop to hand a commit back to: only with the store's writer, on the loop."""
        if self.store.writer is None:
            return None
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            return None

    def pending_write(self) -> PendingWrite | None:
        """The last change this table holds that is not committed yet (None: all are in)."""
        return self._pending

    async def settled(self) -> None:
        """Until every change this table holds is committed (or refused and undone by ``reload``)."""
        while (pending := self._pending) is not None:
            try:
                await asyncio.wrap_future(pending.future)
            except Exception:  # noqa: BLE001 - refused: ``_written`` puts the table back, the phone says why
                pass
            await asyncio.sleep(0)  # ``_written`` (queued before this task's wake-up) has run

    @staticmethod
    def write_refusal(pending: PendingWrite) -> Refusal | None:
        """What the phone that made ``pending`` is told once it is settled (None: it is in)."""
        exc = pending.future.exception() if pending.future.done() else None
        if exc is None:
            return None
        if isinstance(exc, StoreError) and exc.key == "db_stale":
            return Refusal("table.stale", "stale_store")
        if isinstance(exc, StoreError) and exc.key == "db_lost":
            return Refusal("table.store", "store_lost")  # no path on a phone
        return Refusal(
            "table.store", pending.code, detail=exc.key if isinstance(exc, StoreError) else type(exc).__name__
        )

    def _written(self, pending: PendingWrite) -> None:
        """On the loop, once ``pending`` is committed or refused. A refused write (and every
        later one, which was based on it) leaves the table as the store has it."""
        if self._pending is not pending:
            return  # a later write settles the table (it fails too if this one failed)
        self._pending = None
        exc = pending.future.exception()
        if exc is None:
            return
        if not isinstance(exc, StoreError):
            log.error("table %s: a write failed", self.id, exc_info=exc)
        with self._guard:
            self._reload()
        self._notify("reload")

    def _reload(self) -> bool:
        """The table as the store has it (after a write it refused)."""
        try:
            record, cursor, rev = self.store.load_with_rev(self.id)
            state = replay(record, cursor)
        except (StoreError, ReplayError, ValueError) as err:  # the saved log cannot be read: keep this table's
            log.warning("table %s: the saved log cannot be reloaded (%s)", self.id, err)
            return False
        self.record, self.cursor, self.rev, self.state = record, cursor, rev, state
        self._states = {cursor: state}
        return True

    def _store_refusal(self, exc: StoreError, code: str = "store_failed") -> Refusal:
        """A write the store refused, as a refusal (``code`` says what was not saved: a move, an
        undo, a redo; the table is left as it was). ``db_stale``: another writer moved this game
        on; the table takes the saved log (reload) so the next tap is based on it."""
        if exc.key == "db_lost":
            return Refusal("table.store", "store_lost")  # no path on a phone
        if exc.key != "db_stale":
            return Refusal("table.store", code, detail=exc.key)
        self._reload()
        return Refusal("table.stale", "stale_store")

    def _refused(self, err: Refusal) -> None:
        """Outside the lock: after a reload every view redraws from the saved state; then refuse."""
        if err.code == "stale_store":
            self._notify("reload")
        raise err

    def roll(
        self, seats: set[int] | None = None, values: list[int] | None = None, expected_seq: int | None = None
    ) -> BaseModel:
        """Roll the dice the game waits for (virtual, or the table's typed values)."""
        with self._guard:
            if expected_seq is not None and expected_seq != self.cursor:
                raise Refusal("table.stale", "stale_action")
            req = self.game.pending_roll(self.state)
            if req is None:
                raise Refusal("table.roll", "no_roll_now")
            if values is None:
                values = [self.dice.roll(d.sides)[0] for d in req.dice]
            action: BaseModel = self.game.roll_action(self.state, list(values))
            return self.submit(action, seats, expected_seq)

    def _check_own(self, index: int, seats: set[int] | None) -> None:
        """On a seat's own phone, only that seat's actions may be taken back or redone (table.seat)."""
        if seats is None:
            return
        seat = self.record.actions[index].seat
        if seat is not None and seat not in seats:
            raise Refusal("table.seat", "not_your_seat", name=self.players[seat].name)

    def _check_reopen(self, seats: set[int] | None) -> None:
        """A finished game is reopened only where every seat is played (the host's device, or the
        phone passed around, which asks first): a seat's own phone may have made the final move,
        but taking it back would take the score from everyone, and the game out of the history."""
        if seats is not None and self.is_over():
            raise Refusal("table.seat", "reopen_host_only")  # acting for every seat: the rule of seats

    def may_undo(self, seats: set[int] | None = None) -> bool:
        if not self.can_undo() or (seats is not None and self.is_over()):
            return False
        seat = self.record.actions[self.cursor - 1].seat
        return seats is None or seat is None or seat in seats

    def may_redo(self, seats: set[int] | None = None) -> bool:
        if not self.can_redo():
            return False
        seat = self.record.actions[self.cursor].seat
        return seats is None or seat is None or seat in seats

    def undo(self, seats: set[int] | None = None) -> BaseModel:
        with self._guard:
            if not self.can_undo():
                raise Refusal("table.undo", "nothing_to_undo")
            self._check_reopen(seats)
            self._check_own(self.cursor - 1, seats)
            state = self.state_at(self.cursor - 1)

            def took() -> None:
                self.cursor -= 1
                self.state = state

            err = self._write(lambda cursor, rev: self.store.move_cursor(self.id, cursor, cursor - 1, expected_rev=rev),
                              "undo_store_failed", took)  # nothing changes here either if refused (table.store)
        if err is not None:
            self._refused(err)
        self._notify("undo")
        return state

    def redo(self, seats: set[int] | None = None) -> BaseModel:
        with self._guard:
            if not self.can_redo():
                raise Refusal("table.undo", "nothing_to_redo")
            self._check_own(self.cursor, seats)
            action: BaseModel = self.game.parse_action(self.record.actions[self.cursor].action)
            state: BaseModel = self.game.apply(self.state, action)  # the same action, dice included
            result = self.game.result(state).model_dump(mode="json") if self.game.is_over(state) else None

            def took() -> None:
                self.cursor += 1
                self.state = state
                self._keep(self.cursor, state)

            err = self._write(lambda cursor, rev: self.store.move_cursor(self.id, cursor, cursor + 1, result=result,
                                                                         expected_rev=rev),
                              "redo_store_failed", took)  # nothing changes here either if refused (table.store)
        if err is not None:
            self._refused(err)
        self._notify("redo")
        return state

    def what_if(self, action: ActionInput, seats: set[int] | None = None) -> Verdict:
        """Dispute mode: the referee's verdict on ``action``; the game stays as it is."""
        with self._guard:
            state = self.state
        try:
            parsed: BaseModel = self.game.parse_action(action)
            self._check_seat(state, parsed, seats)
            return Verdict(ok=True, state=self.game.apply(state, parsed))
        except (Refusal, InvalidInput) as exc:
            return Verdict(ok=False, error=exc)


class Tables:
    """Every open table of this server process, by game id.

    Opening a game replays its log outside the lock over all tables: the shared
    lock only guards the dict; a per-game lock makes two sessions opening one game replay it once.

    A table nobody shows is kept for a while (a phone that comes back, the history's next look)
    and then dropped, least recently used first: the store holds all of it, so the next ``open``
    replays it (moves, redo tail, cursor and revision as saved). A table a session shows (it is
    subscribed) or whose write is still queued is never dropped, so one game never has two tables.
    A session opens and subscribes in one step on the event loop, so nothing drops a table between.
    """

    # Tables nobody shows that stay in memory. A whole game's table holds 100-400 KB (its record
    # and state, measured on full random games of the three engines), several MB once a Verlies
    # table keeps ``Table.KEEP_STATES`` states for undo; a server that went through 400 games in a
    # loop kept every one of them. Reopening a dropped one costs one replay of its log (8-26 ms
    # for those games), so 16 covers an evening's games at one host (each comes back at once) and
    # keeps the idle ones to a few MB.
    KEEP_IDLE = 16

    def __init__(self, store: Store, dice: Dice | None = None) -> None:
        self.store = store
        self.dice = dice or Dice()
        self._tables: OrderedDict[str, Table] = OrderedDict()  # least recently opened first
        self._opening: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    def _put(self, table: Table) -> Table:
        """``table`` as the most recently used (the one already there if another session won the
        race to open it), then the idle tables over ``KEEP_IDLE`` dropped. Under ``_guard``."""
        table = self._tables.setdefault(table.id, table)
        self._tables.move_to_end(table.id)
        idle = [gid for gid, t in self._tables.items() if gid != table.id and t.idle()]
        for gid in idle[: max(0, len(idle) - self.KEEP_IDLE)]:
            del self._tables[gid]
        return table

    def held(self) -> list[str]:
        """The ids of the tables in memory now, least recently used first."""
        with self._guard:
            return list(self._tables)

    def create(self, game_id: str, players: list[PlayerSpec], options: Mapping[str, object] | None = None) -> Table:
        record = new_record(game_id, players, dict(options) if options is not None else None)
        initial_state(record)  # refuse bad options before anything is stored
        self.store.create_game(record)
        self.store.set_table_token(record.id, secrets.token_urlsafe(12))
        table = Table(self.store, record, 0, self.dice)
        with self._guard:
            return self._put(table)

    def open(self, game_id: str) -> Table:
        """The table of ``game_id``; ``StoreError('no_game')``, or ``StoreError('game_damaged')``
        for a game whose log cannot be read or replayed (the other games go on)."""
        with self._guard:
            table = self._tables.get(game_id)
            if table is not None:
                self._tables.move_to_end(game_id)
                return table
            opening = self._opening.setdefault(game_id, threading.Lock())
        try:
            with opening:
                with self._guard:
                    table = self._tables.get(game_id)
                if table is not None:
                    return table
                table = self._load(game_id)  # the long part, outside the shared lock
                with self._guard:
                    return self._put(table)
        finally:
            with self._guard:
                if self._opening.get(game_id) is opening:
                    del self._opening[game_id]

    def _load(self, game_id: str) -> Table:
        record, cursor, rev = self.store.load_with_rev(game_id)
        try:
            return Table(self.store, record, cursor, self.dice, rev=rev)
        except ReplayError as exc:  # an action the game does not know, or one its rules refuse
            seq = exc.index + 1
        except Exception:  # anything else in stored data: the game's own row  # noqa: BLE001
            log.exception("game %s cannot be opened; marked damaged", game_id)
            seq = 0
        self.store.mark_damaged(game_id, seq)
        raise StoreError("game_damaged", game_id=game_id, seq=seq)

    ACTIONS_PER_MINUTE = 0  # no bound here; a public server's space has one (``companion.web.spaces``)

    def action_allowed(self, game_id: str) -> bool:
        """One more action at ``game_id``'s table now (a public space counts them)."""
        return True

    def forget(self, game_id: str) -> None:
        with self._guard:
            self._tables.pop(game_id, None)


CONTROLLER_TEXTS = {
    "nothing_to_undo": {"de": "Es gibt nichts rückgängig zu machen.", "en": "There is nothing to undo."},
    "nothing_to_redo": {"de": "Es gibt nichts wiederherzustellen.", "en": "There is nothing to redo."},
    "reopen_host_only": {
        "de": "Ein beendetes Spiel öffnet nur der Gastgeber wieder, an dem Gerät, das für alle Plätze spielt; "
              "die Wertung bleibt.",
        "en": "Only the host reopens a finished game, on the device that plays for every seat; the score stays.",
    },
    "stale_store": {
        "de": "Dieses Spiel wurde inzwischen an einem anderen Gerät geändert; dein Zug wurde nicht gespeichert. "
              "Jetzt siehst du den gespeicherten Stand.",
        "en": "This game was changed on another device in the meantime; your move was not saved. "
              "You now see the saved state.",
    },
    "store_lost": {
        "de": "Der Zug wurde nicht angenommen: die Datenbank des Tisches ist verloren gegangen und lässt sich "
              "nicht neu schreiben. Der Gastgeber sieht auf seinem Gerät, was zu tun ist.",
        "en": "The move was not taken: the table's database was lost and cannot be written again. "
              "The host's device says what to do.",
    },
    "store_failed": {
        "de": "Der Zug konnte nicht gespeichert werden; nichts wurde geändert.",
        "en": "The move could not be saved; nothing was changed.",
    },
    "undo_store_failed": {
        "de": "Der Zug konnte nicht zurückgenommen werden, weil das Speichern fehlschlug; "
              "das Spiel bleibt, wie es war.",
        "en": "The move could not be taken back because saving failed; the game stays as it was.",
    },
    "redo_store_failed": {
        "de": "Der Zug konnte nicht wiederhergestellt werden, weil das Speichern fehlschlug; "
              "das Spiel bleibt, wie es war.",
        "en": "The move could not be redone because saving failed; the game stays as it was.",
    },
}

from scoring.texts import add_texts  # noqa: E402

add_texts(CONTROLLER_TEXTS)
