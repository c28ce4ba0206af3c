"""The database schema as numbered migrations, for SQLite and PostgreSQL alike.

Each entry of ``MIGRATIONS`` upgrades a database from version *i* to *i + 1*.  Entries are never
edited once released: a database created by an older release is upgraded in place by running the
entries it has not seen yet (``open_repository`` does it at start-up, on either backend).  The SQL
stays portable (``INSERT ... ON CONFLICT``, ISO UTC timestamps as text, JSON as text, booleans as
0/1); ``postgres_migrations()`` derives PostgreSQL's text from the same entries by three fixed
spelling changes (64-bit integers, since Discord ids are; double precision; an identity column for
``AUTOINCREMENT``), so the two schemas cannot drift apart.  SQLite counts versions in
``PRAGMA user_version``, PostgreSQL in the one-row table ``mesa_schema``.
"""

from __future__ import annotations

import re

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

#: migration 5 (issue 19): deadline claims, so several bot processes never do one deadline's work twice
V5 = """
ALTER TABLE tables ADD COLUMN claimed_by TEXT;
ALTER TABLE tables ADD COLUMN claimed_until TEXT;
"""

#: migration 6: the offline console's pretend clock (issue 14), so that a session resumed with ``--db``
#: goes on at the moment the last one reached (its deadlines were set against that clock)
V6 = """
CREATE TABLE pretend_clock (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    moment TEXT    NOT NULL
);
"""

#: migration 7 (issue 15, defects 4, 5 and 7): a server's language and how long its invitations wait,
#: and tables suspended while the bot is not in their server (when, and the deadline event then due)
V7 = """
ALTER TABLE guild_settings ADD COLUMN locale TEXT;
ALTER TABLE guild_settings ADD COLUMN invitation_expiry INTEGER;
ALTER TABLE tables ADD COLUMN suspended_at TEXT;
ALTER TABLE tables ADD COLUMN suspended_event TEXT;
"""

#: migration 8 (issue 17): whether a server rates games against Mesa (off: unrated by default)
V8 = """
ALTER TABLE guild_settings ADD COLUMN rate_mesa INTEGER NOT NULL DEFAULT 0;
"""

#: migration 9 (issue 15, defects 10 and 13): per-user
#: indexes, so a player's tables are found fast however many name them; each server's caps on open
#: invitations and active tables per player; finished games' replays, made once and kept
V9 = """
CREATE INDEX seats_user_table ON seats(user_id, table_id);
CREATE INDEX tables_host_status ON tables(host_id, status);
CREATE TABLE guild_limits (
    guild_id        INTEGER PRIMARY KEY,
    max_invitations INTEGER,
    max_active      INTEGER,
    updated_at      TEXT NOT NULL
);
CREATE TABLE replays (
    table_id   INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    gif        TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (table_id, version)
);
"""

#: migration 10 (issue 28, item 2): how many time-outs in a row a seat has had; from the second, the
#: service plays that seat's turns as soon as they come, until the player acts again
V10 = """
ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0;
"""

#: migration 11 (issue 29, item 2): reminders delivered at least once.  A reminder is recorded when it
#: falls due and marked delivered once a front end confirms it; one left unconfirmed (a crash between
#: the tick and the delivery) is handed out again.  Every reminder recorded before this was sent.
V11 = """
ALTER TABLE reminders ADD COLUMN delivered_at TEXT;
UPDATE reminders SET delivered_at = sent_at;
CREATE INDEX reminders_unconfirmed ON reminders(sent_at) WHERE delivered_at IS NULL;
"""

#: migration 12 (issue 29, item 1): each submitted move's key (a Discord interaction, a console line),
#: stored in the move's own transaction: after a reply lost while ``COMMIT`` was on its way, the key
#: says whether the move was stored, and a retry under the same key gets the first answer, no second move
V12 = """
CREATE TABLE submissions (
    key        TEXT    PRIMARY KEY,
    table_id   INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    version    INTEGER NOT NULL,
    created_at TEXT    NOT NULL
);
"""


#: migration 13 (issue 29, item 6):
#: the replays kept are bounded in total size and age (``tables/replays.py``), so each row holds its
#: size, and the oldest are found by an index, both read without reading the GIFs themselves
V13 = """
ALTER TABLE replays ADD COLUMN size INTEGER NOT NULL DEFAULT 0;
UPDATE replays SET size = LENGTH(gif);
CREATE INDEX replays_made ON replays(created_at);
"""


#: migration 14 (issue 30, learning the games): hints used per seat (shown with the result), and the
#: takebacks asked at each table, in order, with what each took back (the moves leave the log and are kept
#: here, in the same transaction as the version bump)
V14 = """
CREATE TABLE hints (
    table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    used     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE takebacks (
    table_id    INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    version     INTEGER NOT NULL,
    asked_at    TEXT    NOT NULL,
    status      TEXT    NOT NULL,
    answered_by INTEGER,
    answered_at TEXT,
    moves       TEXT    NOT NULL DEFAULT '[]',
    PRIMARY KEY (table_id, seq)
);
"""



#: migration 15 (issue 30, lessons): each user's place in each game's course (``/learn``): the step they are
#: at, the wrong answers given at it, and how many times they finished the course
V15 = """
CREATE TABLE lesson_progress (
    user_id    INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    step       INTEGER NOT NULL DEFAULT 0,
    wrong      INTEGER NOT NULL DEFAULT 0,
    finished   INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (user_id, game)
);
"""


#: migration 16 (issue 31, tournaments): an event in a server (``data/tournaments.py``): its entrants, its
#: rounds (UNIQUE (tournament, round): a round is paired exactly once, whichever process gets there first,
#: in the one transaction that also opens its tables and writes its pairings), each round's tables and byes
#: with the places read from the finished tables, and each server's tournament setting (who may organise)
V16 = """
CREATE TABLE tournaments (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    format       TEXT    NOT NULL,
    options      TEXT    NOT NULL DEFAULT '{}',
    organiser_id INTEGER NOT NULL,
    max_players  INTEGER NOT NULL,
    rounds       INTEGER NOT NULL DEFAULT 0,
    status       TEXT    NOT NULL,
    created_at   TEXT    NOT NULL,
    updated_at   TEXT    NOT NULL,
    announced_at TEXT
);
CREATE INDEX tournaments_guild ON tournaments(guild_id, status);
CREATE INDEX tournaments_status ON tournaments(status);

CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    seed          INTEGER NOT NULL,
    joined_at     TEXT    NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'in',
    left_round    INTEGER,
    left_at       TEXT,
    PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_entrants_user ON tournament_entrants(user_id);

CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    paired_at     TEXT    NOT NULL,
    announced_at  TEXT,
    PRIMARY KEY (tournament_id, round)
);

CREATE TABLE tournament_pairings (
    tournament_id INTEGER NOT NULL,
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    kind          TEXT    NOT NULL,
    table_id      INTEGER,
    players       TEXT    NOT NULL,
    places        TEXT,
    decided_at    TEXT,
    PRIMARY KEY (tournament_id, round, board),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds(tournament_id, round) ON DELETE CASCADE
);
CREATE INDEX tournament_pairings_table ON tournament_pairings(table_id);

CREATE TABLE tournament_settings (
    guild_id      INTEGER PRIMARY KEY,
    managers_only INTEGER NOT NULL DEFAULT 0,
    updated_at    TEXT    NOT NULL
);
"""


#: migration 17 (issue 32, reviews): a finished table's review, made once (``tables/reviews.py``) and kept like a
#: replay, keyed by (table, version): the analysis as JSON and its picture (base64 PNG), with the size of both,
#: bounded in size and age like the replays (``data/reviews.py``)
V17 = """
CREATE TABLE reviews (
    table_id   INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    review     TEXT    NOT NULL,
    picture    TEXT    NOT NULL DEFAULT '',
    created_at TEXT    NOT NULL,
    size       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, version)
);
CREATE INDEX reviews_made ON reviews(created_at);
"""

#: migration 18 (a hint survives a restart): the move last hinted to each seat and the table version it was
#: hinted at, so the same question after a restart gets the same answer (a timed search varies with the load)
V18 = """
ALTER TABLE hints ADD COLUMN given_version INTEGER;
ALTER TABLE hints ADD COLUMN given_move TEXT;
"""

#: migration 19: the organiser's name as they created the event, so that ``/games`` can tell an entrant whom the
#: start waits for (the organiser may never have sat at a table, where names are otherwise kept); NULL before.
#: And when an event open for entries was last warned that it closes unstarted (``tables.tournament_idle``)
V19 = """
ALTER TABLE tournaments ADD COLUMN organiser_name TEXT;
ALTER TABLE tournaments ADD COLUMN warned_at TEXT;
"""

#: migration 20: a replay for each language its words speak (``render.words``: a Spanish server's replay says
#: "Ronda", an English one "Round"), so the kept replays are keyed by (table, version, language); those kept
#: before were drawn in English
V20 = """
CREATE TABLE replays_by_language (
    table_id   INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    lang       TEXT    NOT NULL DEFAULT 'en',
    gif        TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    size       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, version, lang)
);
INSERT INTO replays_by_language (table_id, version, lang, gif, created_at, size)
    SELECT table_id, version, 'en', gif, created_at, size FROM replays;
DROP TABLE replays;
ALTER TABLE replays_by_language RENAME TO replays;
CREATE INDEX replays_made ON replays(created_at);
"""

#: migration 21: the position a seat was last hinted at (a key of the whole state, ``tables.hints.position_key``):
#: the same position asked again after a takeback (a new version, the same position) is the same hint, not counted
#: again.  ``given_version`` is no longer read.
V21 = """
ALTER TABLE hints ADD COLUMN given_position INTEGER;
"""

#: migration 22: an idle event's warning is an announcement like the others: ``warned_at`` is now when it was last
#: handed out, ``warning_delivered_at`` when a front end confirmed it reached the channel (the close waits a day
#: after that); ``suspended_at``: when Mesa left the event's server (its idle clock stops until Mesa is back, and
#: then moves on by the time away); ``channel_gone_at``: when Discord said the event's channel was deleted (its
#: posts are no longer tried, its organiser and players told once).  A warning handed out before this migration
#: is not known to have been delivered: it is handed out again, and the close waits a day after it
V22 = """
ALTER TABLE tournaments ADD COLUMN warning_delivered_at TEXT;
ALTER TABLE tournaments ADD COLUMN suspended_at TEXT;
ALTER TABLE tournaments ADD COLUMN channel_gone_at TEXT;
"""

MIGRATIONS: list[str] = [V1, V2, V3, V4, V5, V6, V7, V8, V9, V10, V11, V12, V13, V14, V15, V16, V17, V18, V19,
                         V20, V21, V22]


#: the schema version this code writes
SCHEMA_VERSION = len(MIGRATIONS)


#: PostgreSQL's version counter (SQLite uses ``PRAGMA user_version``)
PG_VERSION_TABLE = "CREATE TABLE IF NOT EXISTS mesa_schema (version INTEGER NOT NULL)"

_PG_SPELLING = (
    (re.compile(r"\bINTEGER PRIMARY KEY AUTOINCREMENT\b"), "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    (re.compile(r"\bINTEGER\b"), "BIGINT"),
    (re.compile(r"\bREAL\b"), "DOUBLE PRECISION"),
)


def to_postgres(script: str) -> str:
    """One migration in PostgreSQL's spelling (the statements are otherwise the same)."""
    for pattern, spelling in _PG_SPELLING:
        script = pattern.sub(spelling, script)
    return script


def statements(script: str) -> list[str]:
    """A migration's statements (none of them holds a ``;`` inside)."""
    return [s.strip() for s in script.split(";") if s.strip()]


def postgres_migrations() -> list[str]:
    return [to_postgres(m) for m in MIGRATIONS]


def older_schema(shown: str, version: int) -> str:
    """A database an older Mesa wrote, opened for reading only (``python -m data verify``, ``copy``'s source):
    said, and left as it is."""
    return (f"{shown} holds Mesa's schema {version}, older than this program's {SCHEMA_VERSION}: bring it up to "
            "date first with python -m data migrate (the bot does so when it starts); nothing was changed")
