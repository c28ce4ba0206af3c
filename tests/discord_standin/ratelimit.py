"""Discord's rate limits: per-route buckets, a shared bucket per edited message, a global limit.

Discord's documentation (topics/rate-limits): a per-route limit is counted per *top-level
resource* of the path (``channels/{id}``, ``guilds/{id}``, ``webhooks/{id}/{token}``), and every
answer carries ``X-RateLimit-Limit``, ``-Remaining``, ``-Reset``, ``-Reset-After`` and ``-Bucket``.
Past a limit the answer is 429 with ``{"message", "retry_after", "global"}`` and the headers
``Retry-After`` and ``X-RateLimit-Scope`` (``user`` for a route, ``shared`` for a resource shared
by several routes, ``global``), plus the ``Via`` header Discord's edge adds (discord.py takes a
429 without it for a Cloudflare ban).  "Interaction endpoints are not bound to the bot's Global Rate
Limit": the callback and the interaction's webhook (follow-ups, its original response: the endpoints of
"Receiving and Responding") are not counted towards it.

Buckets here are fixed windows on the stand-in's clock.  The per-route defaults are Discord-shaped but
roomy, so a normal test rarely waits; a test tightens them (``Limits``) to provoke a storm.  The global
limit is Discord's own figure ("All bots can make up to 50 requests per second to our API", Global Rate
Limit): a test that sends more meets 429s with ``global: true`` and discord.py waits, as against Discord.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field

_SNOWFLAKE = re.compile(r"^\d{6,}$")
_TOP_LEVEL = {"channels", "guilds"}


@dataclass
class Limits:
    """Requests allowed per window: per route bucket, per edited message, and in all."""

    route: int = 50
    route_window: float = 1.0
    message_edits: int = 20
    message_edit_window: float = 1.0
    #: Discord's global rate limit: 50 requests a second per bot (interaction callbacks are not counted)
    global_: int = 50
    global_window: float = 1.0


@dataclass
class Bucket:
    limit: int
    window: float
    used: int = 0
    resets_at: float = 0.0

    def take(self, now: float) -> bool:
        if now >= self.resets_at:
            self.used, self.resets_at = 0, now + self.window
        if self.used >= self.limit:
            return False
        self.used += 1
        return True

    def reset_after(self, now: float) -> float:
        return max(0.0, self.resets_at - now)


@dataclass
class Verdict:
    """What the limiter says about one request: allowed or not, and the headers to answer with."""

    allowed: bool
    headers: dict[str, str]
    retry_after: float = 0.0
    scope: str = "user"


@dataclass
class RateLimiter:
    clock: Callable[[], float]
    wall: Callable[[], float]
    limits: Limits = field(default_factory=Limits)
    buckets: dict[tuple[str, str], Bucket] = field(default_factory=dict)
    limited: list[tuple[str, str, str]] = field(default_factory=list)  # (scope, method, path) of each 429

    @staticmethod
    def route_of(method: str, path: str) -> tuple[str, str]:
        """(bucket name without top-level ids, top-level resource) of a request path."""
        parts = path.strip("/").split("/")
        major = ""
        shape: list[str] = []
        for i, part in enumerate(parts):
            if i == 1 and parts[0] in _TOP_LEVEL and _SNOWFLAKE.match(part):
                major = part
                shape.append("{id}")
            elif parts[0] in ("webhooks", "interactions") and i in (1, 2):
                major += "/" + part
                shape.append("{id}")
            elif _SNOWFLAKE.match(part):
                shape.append("{id}")
            else:
                shape.append(part)
        return method + " /" + "/".join(shape), major

    def check(self, method: str, path: str, edited_message: int | None = None, *,
              interaction: bool = False) -> Verdict:
        """``interaction``: a request to one of the interaction endpoints through the interaction's webhook
        (``/webhooks/{application}/{interaction token}``), free of the global limit as the callback is."""
        now = self.clock()
        name, major = self.route_of(method, path)
        bucket_hash = hashlib.sha1(name.encode()).hexdigest()[:16]
        route = self._bucket(("route", name + "@" + major), self.limits.route, self.limits.route_window)
        checks: list[tuple[str, Bucket]] = []
        if not (interaction or path.startswith("/interactions/")):
            checks.append(("global", self._bucket(("global", ""), self.limits.global_, self.limits.global_window)))
        if edited_message is not None:
            checks.append(("shared", self._bucket(("edit", str(edited_message)), self.limits.message_edits,
                                                  self.limits.message_edit_window)))
        checks.append(("user", route))
        for scope, bucket in checks:
            if not bucket.take(now):
                self.limited.append((scope, method, path))
                retry = round(bucket.reset_after(now), 3) or 0.001
                headers = {"Retry-After": str(max(1, round(retry))), "X-RateLimit-Scope": scope, "Via": "1.1 google"}
                if scope == "global":
                    headers["X-RateLimit-Global"] = "true"
                else:
                    headers.update(self._headers(route, now, bucket_hash))
                    headers["X-RateLimit-Remaining"] = "0"
                return Verdict(False, headers, retry, scope)
        return Verdict(True, self._headers(route, now, bucket_hash))

    def _bucket(self, key: tuple[str, str], limit: int, window: float) -> Bucket:
        bucket = self.buckets.get(key)
        if bucket is None or bucket.limit != limit or bucket.window != window:
            bucket = self.buckets[key] = Bucket(limit, window)
        return bucket

    def _headers(self, bucket: Bucket, now: float, bucket_hash: str) -> dict[str, str]:
        after = bucket.reset_after(now)
        remaining = max(0, bucket.limit - bucket.used)
        return {"X-RateLimit-Limit": str(bucket.limit), "X-RateLimit-Remaining": str(remaining),
                "X-RateLimit-Reset": f"{self.wall() + after:.3f}", "X-RateLimit-Reset-After": f"{after:.3f}",
                "X-RateLimit-Bucket": bucket_hash}
