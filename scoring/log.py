"""``Log``: the immutable, append-only sequence a state keeps its growing logs in (events, gold changes).

Its own module: a data structure, no rules."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from typing import Any, TypeVar, get_args, overload

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema

T = TypeVar("T")
_LOG_LOCK = threading.Lock()


class Log(Sequence[T]):
    """An immutable, append-only sequence for a state's growing logs (events, gold changes).

    Behaves like a tuple (indexing, slices give tuples, ``==`` with tuples,
    hashing, ``+``), but ``log + (item,)`` costs O(1) instead of copying the
    whole log: a longer log shares the list of the shorter one and only
    looks at its first ``n`` items. Appending to a log that is not the newest
    of its list (a branch, e.g. probing a move on an old state) copies once.
    So replaying n actions that each append is O(n), not O(n²).
    In pydantic models it validates and serialises as ``tuple[T, ...]``.
    """

    __slots__ = ("_items", "_n")

    def __init__(self, items: Any = ()) -> None:
        self._items: list[T] = list(items)
        self._n = len(self._items)

    @classmethod
    def _view(cls, items: list[T], n: int) -> Log[T]:
        log = cls.__new__(cls)
        log._items, log._n = items, n
        return log

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[T, ...]: ...
    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return tuple(self._items[: self._n][i])
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("log index out of range")
        return self._items[i]

    def __iter__(self) -> Iterator[T]:
        items = self._items
        for k in range(self._n):
            yield items[k]

    def __reversed__(self) -> Iterator[T]:
        items = self._items
        for k in range(self._n - 1, -1, -1):
            yield items[k]

    def __add__(self, more: Any) -> Log[T]:
        more = list(more)
        with _LOG_LOCK:  # two branches of one state must not append to the shared list at once
            if len(self._items) == self._n:
                self._items.extend(more)
                return Log._view(self._items, self._n + len(more))
        return Log._view(self._items[: self._n] + more, self._n + len(more))

    def __radd__(self, before: Any) -> Log[T]:
        return Log(list(before) + list(self))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Log):
            return self._n == other._n and (self._items is other._items or list(self) == list(other))
        if isinstance(other, tuple):
            return self._n == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Log({list(self)!r})"

    def __reduce__(self) -> Any:
        return (Log, (tuple(self),))

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        args = get_args(source)
        items = handler.generate_schema(tuple[args[0] if args else Any, ...])  # type: ignore[misc]
        from_items = core_schema.no_info_after_validator_function(cls, items)
        return core_schema.json_or_python_schema(
            json_schema=from_items,
            python_schema=core_schema.union_schema([core_schema.is_instance_schema(cls), from_items]),
            serialization=core_schema.plain_serializer_function_ser_schema(tuple, return_schema=items),
        )
