"""Storage for reviews of finished games (issue 32): made once, kept like replays (migration 17).

A review row is keyed by (table id, table version), as a replay is: a finished game never changes, so
a review made once is right for ever, and the version in the key gives a table changed by hand (an
admin fix) a fresh review instead of a stale one.  A row holds the analysis as JSON text (``review``)
and its picture as base64 text (``picture``): both portable column types.  ``size`` is the characters
of both, so the bound on what is kept (``tables.reviews.ReviewBound``) is read without reading them.

Kept apart from ``repository.py``: free functions over a ``Repository``, in the portable SQL it uses.
"""

from __future__ import annotations

from dataclasses import dataclass

from data.repository import Repository


@dataclass(frozen=True)
class KeptReview:
    """A review as stored: the analysis (JSON text) and its picture (base64 PNG text, ``""`` for none)."""

    table_id: int
    version: int
    review: str
    picture: str
    created_at: str


async def stored_review(repo: Repository, table_id: int, version: int) -> KeptReview | None:
    """The table's review as made at ``version``, or None."""
    sql = "SELECT review, picture, created_at FROM reviews WHERE table_id = ? AND version = ?"
    async with repo._reading() as c:
        row = await c.fetchone(sql, (table_id, version))
    return None if row is None else KeptReview(table_id, version, str(row[0]), str(row[1] or ""), str(row[2]))


async def store_review(repo: Repository, table_id: int, version: int, review: str, picture: str, now: str) -> None:
    """Keep a review (a second one for the same table and version is ignored: the first stays)."""
    async with repo.transaction() as tx:
        await tx._c.execute(
            "INSERT INTO reviews (table_id, version, review, picture, created_at, size) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (table_id, version) DO NOTHING",
            (table_id, version, review, picture, now, len(review) + len(picture)))


async def forget_review(repo: Repository, table_id: int, version: int) -> None:
    """Forget the table's review kept at ``version`` (one that cannot be read is made again)."""
    async with repo.transaction() as tx:
        await tx._c.execute("DELETE FROM reviews WHERE table_id = ? AND version = ?", (table_id, version))


async def evict_reviews(repo: Repository, made_before: str, max_size: int) -> int:
    """Forget the reviews made before ``made_before``, then the oldest until the rest hold at most
    ``max_size`` characters; how many went (as ``Repository.evict_replays`` does for replays)."""
    return await repo.evict_kept("reviews", made_before, max_size)
