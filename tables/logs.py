"""How both front ends set up logging: no level of logging may hold a secret (issue 29, item 8).

Mesa's own log lines name tables, servers and exception types, never a move, a view, a pyramid or a
seed, at every level.  Libraries are not so careful at DEBUG: aiosqlite logs every statement with
its parameters (a hidden Plateau move, a K3 build, a table's seed, a snapshot of the true state),
discord.py logs request bodies (a DM holding a private view) and gateway payloads.  So
``LOG_LEVEL=DEBUG`` turns on DEBUG for Mesa's own loggers only:

- the libraries known to log what they carry are held at INFO whatever the level asked for
  (``QUIET``);
- and every handler set up here lets a record below INFO through only from Mesa's own loggers
  (``OWN``), so a library not listed, or one that starts logging payloads in a later release, stays
  quiet too.

``bot.py`` (at ``LOG_LEVEL``, default INFO) and the console (at ERROR: its terminal is for the game)
both call :func:`setup_logging`.
"""

from __future__ import annotations

import logging

#: libraries whose DEBUG lines quote what they carry: statements and their parameters, request and
#: gateway payloads.  Held at INFO or above whatever ``LOG_LEVEL`` says.
QUIET = ("aiosqlite", "asyncpg", "discord", "aiohttp", "websockets", "asyncio", "PIL", "multiprocessing",
         "concurrent")

#: the first part of the name of every logger Mesa's own code uses (``mesa.discord``, ``tables.service``,
#: a module's ``__name__``; ``__main__`` for ``python console.py``)
OWN = frozenset({"mesa", "tables", "cogs", "data", "ai", "render", "engines", "console", "bot", "__main__"})

DEFAULT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class OwnDebugOnly(logging.Filter):
    """Below INFO, only Mesa's own records pass: a library's DEBUG line may quote a secret."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno >= logging.INFO or record.name.partition(".")[0] in OWN


def quiet_libraries() -> None:
    """Hold the libraries of ``QUIET`` at INFO or above (a level set above that is kept)."""
    for name in QUIET:
        logger = logging.getLogger(name)
        if logger.getEffectiveLevel() < logging.INFO:
            logger.setLevel(logging.INFO)


def setup_logging(level: str | None, default: int = logging.INFO, fmt: str = DEFAULT_FORMAT) -> None:
    """Log to standard error at ``level`` (a name such as ``DEBUG``, any case; None or a name logging
    does not know: ``default``, rather than a traceback at start-up)."""
    named = logging.getLevelName(level.strip().upper()) if level else None
    logging.basicConfig(level=named if isinstance(named, int) else default, format=fmt)
    quiet_libraries()
    for handler in logging.getLogger().handlers:
        if not any(isinstance(f, OwnDebugOnly) for f in handler.filters):
            handler.addFilter(OwnDebugOnly())
