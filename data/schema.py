"""The database schema as numbered migrations, tracked by ``PRAGMA user_version``.

Each entry of ``MIGRATIONS`` upgrades a database from version *i* to *i + 1*.  Entries are never
edited once released: a database created by an older release is upgraded in place by running the
entries it has not seen yet (``Repository.open`` does it at start-up).  The SQL stays portable
(``INSERT ... ON CONFLICT``, ISO UTC timestamps as text, JSON as text) so a PostgreSQL backend can
reuse it with few changes.
"""

from __future__ import annotations

#: migration 1: the first release (tables, seats, the move log, settings, preferences, results)
V1 = """
CREATE TABLE tables (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    thread_id     INTEGER,
    message_id    INTEGER,
    game          TEXT    NOT NULL,
    options       TEXT    NOT NULL DEFAULT '{}',
    seed          INTEGER NOT NULL,
    status        TEXT    NOT NULL,
    host_id       INTEGER NOT NULL,
    state         TEXT,
    version       INTEGER NOT NULL DEFAULT 0,
    turn_deadline TEXT,
    outcome       TEXT,
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL
);
CREATE INDEX tables_place ON tables(guild_id, status);

CREATE TABLE seats (
    table_id  INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    is_ai     INTEGER NOT NULL DEFAULT 0,
    accepted  INTEGER NOT NULL DEFAULT 0,
    result    TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE UNIQUE INDEX seats_user ON seats(table_id, user_id);
CREATE INDEX seats_by_user ON seats(user_id);

CREATE TABLE moves (
    table_id   INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    ply        INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    move       TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (table_id, ply)
);

CREATE TABLE guild_settings (
    guild_id         INTEGER PRIMARY KEY,
    time_per_move    INTEGER,
    allowed_channels TEXT NOT NULL DEFAULT '[]',
    rated            INTEGER NOT NULL DEFAULT 1,
    updated_at       TEXT NOT NULL
);

CREATE TABLE user_prefs (
    user_id    INTEGER PRIMARY KEY,
    dms_closed INTEGER NOT NULL DEFAULT 0,
    locale     TEXT,
    updated_at TEXT NOT NULL
);

CREATE TABLE results (
    table_id    INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    place       INTEGER NOT NULL,
    outcome     TEXT    NOT NULL,
    reason      TEXT    NOT NULL,
    rated       INTEGER NOT NULL,
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX results_board ON results(guild_id, game, user_id);
"""

#: migration 2: deadlines and reminders that survive restarts, draw offers, the theme preference
V2 = """
ALTER TABLE tables ADD COLUMN next_event_at TEXT;
ALTER TABLE tables ADD COLUMN draw_offer INTEGER;
ALTER TABLE seats ADD COLUMN out_reason TEXT;
ALTER TABLE user_prefs ADD COLUMN theme TEXT;
CREATE INDEX tables_events ON tables(status, next_event_at);

CREATE TABLE reminders (
    table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    version  INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    sent_at  TEXT    NOT NULL,
    PRIMARY KEY (table_id, version, kind, user_id)
);
"""

#: migration 3: which board version the front end has posted (a board lost in a crash is posted again)
V3 = """
ALTER TABLE tables ADD COLUMN posted_version INTEGER;
"""

#: migration 4: ratings per (server, game, player), their history for charts, and which tables were
#: rated (in rating order: a restart never rates a table twice; a recompute replays the same order)
V4 = """
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);

CREATE TABLE rating_history (
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    table_id    INTEGER NOT NULL,
    rating      INTEGER NOT NULL,
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id, table_id)
);

CREATE TABLE rated_tables (
    table_id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    game     TEXT    NOT NULL,
    seq      INTEGER NOT NULL,
    rated_at TEXT    NOT NULL
);
CREATE INDEX rated_tables_order ON rated_tables(guild_id, seq);
CREATE INDEX results_by_user ON results(guild_id, user_id, finished_at);
"""

#: migration (issue 17): whether a server rates games against Mesa (off: unrated by default)
V_MESA = """
ALTER TABLE guild_settings ADD COLUMN rate_mesa INTEGER NOT NULL DEFAULT 0;
"""

MIGRATIONS: list[str] = [V1, V2, V3, V4, V_MESA]

#: the schema version this code writes
SCHEMA_VERSION = len(MIGRATIONS)
