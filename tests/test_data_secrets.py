"""A password in a database URL never reaches a log line, a message or the terminal (issue 29).

libpq and asyncpg read a password from the URL's userinfo (``postgresql://u:secret@host/db``) or its
query (``?password=``, ``?sslpassword=``, and ``?passfile=`` names a file that holds them).  Every
form is opened here, once where the server accepts it and several times where it cannot, and
everything Mesa said meanwhile (the exception, the log records, ``python -m data``'s stdout and
stderr, the repository's ``path`` that ``tables.service`` logs) is searched for the secret.
"""

from __future__ import annotations

import io
import logging
from pathlib import Path
from urllib.parse import quote

import pytest
from pg_server import PASSWORD, PASSWORD_USER, PgServer, run_sql

from data import CannotOpen, open_repository
from data.__main__ import run
from data.redaction import redact, scrub

SECRET = "Tr0ub4dor-s3cret"


@pytest.mark.parametrize(("url", "shown"), [
    (f"postgresql://mesa:{SECRET}@db:5432/mesa", "postgresql://mesa:***@db:5432/mesa"),
    (f"postgres://mesa:{SECRET}@db/mesa?sslmode=require", "postgres://mesa:***@db/mesa?sslmode=require"),
    (f"postgresql://mesa@db/mesa?password={SECRET}&sslmode=require",
     "postgresql://mesa@db/mesa?password=***&sslmode=require"),
    (f"postgresql://mesa@db/mesa?sslmode=require&PASSWORD={SECRET}", "postgresql://mesa@db/mesa?sslmode=require&PASSWORD=***"),
    (f"postgresql://mesa@db/mesa?sslpassword={SECRET}", "postgresql://mesa@db/mesa?sslpassword=***"),
    (f"postgresql://mesa@db/mesa?passfile=/home/{SECRET}/.pgpass", "postgresql://mesa@db/mesa?passfile=***"),
    # asyncpg decodes the keys of the query
    (f"postgresql://mesa@db/mesa?pass%77ord={SECRET}", "postgresql://mesa@db/mesa?pass%77ord=***"),
    (f"postgresql://mesa:{quote(SECRET + '@/?')}@db/mesa", "postgresql://mesa:***@db/mesa"),
    (f"postgresql://mesa:{SECRET}@db:99999/mesa", "postgresql://mesa:***@db:99999/mesa"),  # urlsplit's port raised
    (f"postgresql://mesa:{SECRET}@h1:5432,h2:5433/mesa", "postgresql://mesa:***@h1:5432,h2:5433/mesa"),
    (f"POSTGRESQL://MESA:{SECRET}@DB/MESA", "POSTGRESQL://MESA:***@DB/MESA"),
    (f"postgresql://mesa:{SECRET}@[::1]:5432/mesa", "postgresql://mesa:***@[::1]:5432/mesa"),
    (f"postgresql://mesa:se/{SECRET}@db/mesa", "postgresql://mesa:***@db/mesa"),  # a raw '/' cut the parser short
    (f"host=db password={SECRET} dbname=mesa", "host=db password=*** dbname=mesa"),  # libpq's keyword form
    ("postgresql://mesa@db:5432/mesa", "postgresql://mesa@db:5432/mesa"),  # nothing to hide: as it was
    ("/srv/mesa/games.db", "/srv/mesa/games.db"),
])
def test_redact_hides_every_form_and_keeps_the_rest(url: str, shown: str) -> None:
    assert redact(url) == shown
    assert SECRET not in redact(url)


def test_scrub_hides_a_secret_a_library_quoted() -> None:
    url = f"postgresql://mesa:{quote(SECRET + '@')}@db/mesa?sslpassword=other-secret"
    text = f"could not connect as mesa with {SECRET}@ (other-secret) to postgresql://x:y-secret@db/z"
    cleaned = scrub(text, [url])
    assert SECRET not in cleaned and "other-secret" not in cleaned and "y-secret" not in cleaned
    assert cleaned.startswith("could not connect as mesa with ***")


def wrong_urls(server: PgServer, tmp_path: Path) -> dict[str, str]:
    """case -> a URL that cannot be opened and holds SECRET (as a password, or the name of a password file)."""
    good = server.url("postgres", PASSWORD_USER)  # the server's socket, in the query
    nowhere = f"?host={quote(str(tmp_path))}&port=5432"  # no server listens there
    return {
        "userinfo, refused": server.url("postgres", PASSWORD_USER, SECRET),
        "query, refused": f"{good}&password={SECRET}",
        "query upper case, refused": f"{good}&PASSWORD={SECRET}",
        "sslpassword, no server": f"postgresql://mesa@/mesa{nowhere}&sslpassword={SECRET}",
        "passfile, no server": f"postgresql://mesa@/mesa{nowhere}&passfile={tmp_path}/{SECRET}",
        "userinfo, port 99999": f"postgresql://mesa:{SECRET}@127.0.0.1:99999/mesa",
        "query, port 99999": f"postgresql://mesa@127.0.0.1:99999/mesa?password={SECRET}",
        "userinfo, bad port": f"postgresql://mesa:{SECRET}@127.0.0.1:port/mesa",
        "userinfo, unknown scheme": f"postgresqll://mesa:{SECRET}@db/mesa",
    }


CASES = ["userinfo, refused", "query, refused", "query upper case, refused", "sslpassword, no server",
         "passfile, no server", "userinfo, port 99999", "query, port 99999", "userinfo, bad port",
         "userinfo, unknown scheme"]


@pytest.mark.parametrize("case", CASES)
async def test_a_url_that_cannot_be_opened_never_shows_its_password(
        case: str, pg_server: PgServer, tmp_path: Path, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a URL mistaken for a file would be created here
    url = wrong_urls(pg_server, tmp_path)[case]
    caplog.set_level(logging.DEBUG)
    with pytest.raises(CannotOpen) as err:
        await open_repository(url)
    message = str(err.value)
    assert "\n" not in message and SECRET not in message, message
    out, errs = io.StringIO(), io.StringIO()
    assert await run(["migrate", url], out, errs) == 2
    assert errs.getvalue().startswith("error: ") and errs.getvalue().count("\n") == 1, errs.getvalue()
    said = message + out.getvalue() + errs.getvalue() + caplog.text
    assert SECRET not in said, said
    assert [p.name for p in tmp_path.iterdir()] == []  # nothing made on disk either


async def test_an_opened_url_shows_no_password_in_its_path_the_log_or_the_reports(
        pg_server: PgServer, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The password in the query, as a server accepts it: ``repo.path`` (which ``tables.service`` logs at
    start), the start-up log, ``migrate``'s and ``copy``'s reports."""
    from tables.service import open_service

    base = pg_server.new_database("secrets")
    await run_sql(base, f"GRANT ALL ON SCHEMA public TO {PASSWORD_USER}")
    await run_sql(base, f"GRANT ALL ON ALL TABLES IN SCHEMA public TO {PASSWORD_USER}")
    await run_sql(base, f"GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO {PASSWORD_USER}")
    database = base.split("@/", 1)[1].split("?", 1)[0]
    secret_url = pg_server.url(database, PASSWORD_USER) + f"&password={PASSWORD}"
    userinfo_url = pg_server.url(database, PASSWORD_USER, PASSWORD)
    caplog.set_level(logging.DEBUG)
    try:
        for url in (secret_url, userinfo_url):
            repo = await open_repository(url)
            assert PASSWORD not in repo.path and "***" in repo.path
            await repo.close()
            service = await open_service(url, images=False)
            await service.close()
        out, err = io.StringIO(), io.StringIO()
        assert await run(["migrate", secret_url], out, err) == 0, err.getvalue()
        assert await run(["copy", userinfo_url, str(tmp_path / "copy.db")], out, err) == 0, err.getvalue()
        assert "copied 0 rows from postgresql://mesa_pw:***@/" in out.getvalue()
        said = out.getvalue() + err.getvalue() + caplog.text
        assert "opened" in caplog.text  # tables.service's start-up line was captured
        assert PASSWORD not in said, said
    finally:
        pg_server.drop_database(base)


def test_redaction_takes_linear_time_on_a_huge_argument() -> None:
    """A 100,000-letter word was tried as a URL scheme from every letter (30 s of regex backtracking)."""
    import time

    started = time.process_time()
    for text in ("a" * 100_000, "a" * 100_000 + "://x", "password=" * 10_000, "x://" + "@:" * 50_000):
        redact(text)
        scrub(text, [text])
    assert time.process_time() - started < 2.0
