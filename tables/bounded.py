"""Bounded per-table memory for the service (issue 15, defect 14).

The service keeps, per table, a cached row and state, a cached move list and an asyncio lock.
Without a bound a busy server keeps one of each for every table it ever touched (3,000 finished
games: 3,000 entries each).  ``LruCache`` keeps the most recently used entries up to a cap and
forgets the oldest (the cache is only a shortcut: a forgotten table is read again from storage).
``TableLocks`` does the same for locks, but never forgets a lock that is held or awaited: a
second lock for the same table would let two moves run at once.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")

#: entries kept per cache: the tables in play on a large server fit many times over
DEFAULT_CACHE_ENTRIES = 1024
#: locks kept beyond those in use
DEFAULT_LOCKS = 1024


class LruCache(Generic[K, V]):
    """A dict-like map that forgets its least recently used entry beyond ``cap``."""

    def __init__(self, cap: int = DEFAULT_CACHE_ENTRIES) -> None:
        if cap < 1:
            raise ValueError("a cache holds at least one entry")
        self.cap = cap
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K, default: V | None = None) -> V | None:
        try:
            value = self._items[key]
        except KeyError:
            return default
        self._items.move_to_end(key)
        return value

    def __setitem__(self, key: K, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.cap:
            self._items.popitem(last=False)

    def __getitem__(self, key: K) -> V:
        value = self._items[key]
        self._items.move_to_end(key)
        return value

    def pop(self, key: K, default: V | None = None) -> V | None:
        return self._items.pop(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)


def _in_use(lock: asyncio.Lock) -> bool:
    """Held, or awaited by someone (between a release and the next holder waking, ``locked()`` is
    False while a waiter is already promised the lock)."""
    return lock.locked() or bool(getattr(lock, "_waiters", None))


class TableLocks:
    """One asyncio lock per table, keeping at most ``cap`` idle ones (held locks are never dropped)."""

    def __init__(self, cap: int = DEFAULT_LOCKS) -> None:
        if cap < 1:
            raise ValueError("keep at least one lock")
        self.cap = cap
        self._locks: OrderedDict[int, asyncio.Lock] = OrderedDict()

    def lock(self, table_id: int) -> asyncio.Lock:
        """The table's lock (the same object for as long as anyone holds or awaits it)."""
        found = self._locks.get(table_id)
        if found is None:
            found = self._locks[table_id] = asyncio.Lock()
        self._locks.move_to_end(table_id)
        if len(self._locks) > self.cap:
            self._trim(keep=table_id)
        return found

    def _trim(self, keep: int) -> None:
        excess = len(self._locks) - self.cap
        for key in list(self._locks):
            if excess <= 0:
                break
            if key != keep and not _in_use(self._locks[key]):
                del self._locks[key]
                excess -= 1

    def get(self, table_id: int) -> asyncio.Lock | None:
        return self._locks.get(table_id)

    def __len__(self) -> int:
        return len(self._locks)
