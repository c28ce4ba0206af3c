"""Database targets without their secrets, for every message and log line that names one (issue 29).

A PostgreSQL URL can carry a password in three places libpq and asyncpg read: the userinfo
(``postgresql://mesa:secret@host/db``), the query (``?password=secret``, ``?sslpassword=...``) and
the name of a password file (``?passfile=...``, a path worth keeping to oneself).  ``redact`` hides
all three in any target, and hides them generously: a query key is compared as asyncpg reads it
(percent-decoded, any case), a value runs to the next ``&`` whatever it holds, and a password
written with a raw ``/`` or ``?`` (which URL parsers cut short) is hidden up to the last ``@``.
Showing a little less of a mistyped URL is the price of never showing a password.

Words that come from a library (an exception's text) are ``scrub``-bed as well: whatever secret
the target holds is replaced wherever it appears in them, in case the library quoted it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import unquote, unquote_plus

HIDDEN = "***"
#: the query keys (and ``key=value`` words) whose value is secret
SECRET_KEYS = frozenset({"password", "sslpassword", "passfile"})

_SCHEME = re.compile(r"^\s*[A-Za-z][A-Za-z0-9+.\-]*://")
# a scheme starts where a word does and is short: else a 100,000-letter word is tried from every letter
_URL_IN_TEXT = re.compile(r"(?<![A-Za-z0-9+.\-])[A-Za-z][A-Za-z0-9+.\-]{0,31}://\S+")
_KEY_VALUE = re.compile(r"(?i)\b(" + "|".join(sorted(SECRET_KEYS)) + r")(\s*=\s*)('[^']*'|\"[^\"]*\"|[^\s&]+)")


def _split(target: str) -> tuple[str, str, str, str] | None:
    """(scheme://, userinfo, rest of the authority and path, query) of a URL-shaped target, else None.

    The userinfo ends at the authority's last ``@`` (as asyncpg reads it); when the authority holds
    none but an ``@`` follows with a ``:`` before it, a password holding a raw ``/``, ``?`` or ``#``
    was cut short by the parser, so the userinfo runs to the last ``@`` of the whole text instead.
    """
    head = _SCHEME.match(target)
    if head is None:
        return None
    scheme, body = target[:head.end()], target[head.end():]
    end = len(body)
    for stop in "/?#":
        at = body.find(stop)
        if at != -1:
            end = min(end, at)
    authority = body[:end]
    if "@" in authority:
        cut = authority.rindex("@")
    elif "@" in body and ":" in body[:body.rindex("@")]:
        cut = body.rindex("@")
    else:
        cut = -1
    userinfo, after = (body[:cut], body[cut:]) if cut >= 0 else ("", body)
    path, mark, query = after.partition("?")
    return scheme, userinfo, path, mark + query


def _secret_key(key: str) -> bool:
    return unquote_plus(key).strip().lower() in SECRET_KEYS


def redact(target: str) -> str:
    """``target`` with every password hidden (``***``); a target without one comes back as it was."""
    text = str(target)
    parts = _split(text)
    if parts is not None:
        scheme, userinfo, path, query = parts
        if ":" in userinfo:
            userinfo = f"{userinfo.split(':', 1)[0]}:{HIDDEN}"
        if query:
            pieces = query[1:].split("&")
            query = "?" + "&".join(f"{piece.partition('=')[0]}={HIDDEN}" if _secret_key(piece.partition("=")[0])
                                   else piece for piece in pieces)
        text = scheme + userinfo + path + query
    return _KEY_VALUE.sub(lambda m: f"{m.group(1)}{m.group(2)}{HIDDEN}", text)


def secrets_of(target: str) -> list[str]:
    """Every secret ``target`` holds, as written and as decoded (longest first, for ``scrub``)."""
    text = str(target)
    found: set[str] = set()
    parts = _split(text)
    if parts is not None:
        _, userinfo, _, query = parts
        if ":" in userinfo:
            found.add(userinfo.split(":", 1)[1])
        for piece in query[1:].split("&"):
            key, _, value = piece.partition("=")
            if _secret_key(key):
                found.add(value)
    found.update(m.group(3).strip("'\"") for m in _KEY_VALUE.finditer(text))
    found |= {unquote(s) for s in found} | {unquote_plus(s) for s in found}
    return sorted((s for s in found if s), key=len, reverse=True)


def scrub(text: str, targets: Iterable[str]) -> str:
    """``text`` (a library's words) with every secret of ``targets`` hidden, and any URL in it redacted."""
    for target in targets:
        for secret in secrets_of(target):
            text = text.replace(secret, HIDDEN)
    return redact_text(text)


def redact_text(text: str) -> str:
    """Free text with every URL in it redacted (and ``password=...`` words hidden)."""
    return _KEY_VALUE.sub(lambda m: f"{m.group(1)}{m.group(2)}{HIDDEN}",
                          _URL_IN_TEXT.sub(lambda m: redact(m.group(0)), text))
