"""The service's advice names commands as the reader's Discord shows them (``cogs.command_words``).

The service's catalogue names commands the console's way, in English in every language.  On Discord a
Spanish reader's command list says ``/torneo retirarse``, ``/aprender``, ``/abandonar``: every sentence of the
service's is checked here against the command tree Discord is sent (``cogs.commands_json``, the sync's own
payload), so a command, a subcommand or an option that advice names is one the reader can find; then the
rewrite is followed through the stand-in, as a Spanish speaker meets it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from discord_standin.payloads import Harness, option, user
from discord_standin.world import GUILD_ID
from hypothesis import given, settings
from hypothesis import strategies as st

from cogs.command_words import in_discord_words
from cogs.commands_json import command_payload
from cogs.handling import DISCORD_ADVICE
from cogs.plain import ZERO_WIDTH_SPACE, said
from tables import i18n

STRING = 3
#: commands only the console has, and why a sentence naming one never misleads on Discord:
#: the refusals naming ``/abort``, ``/accept``, ``/decline``, ``/join`` or ``/start`` (the invitation's and the open
#: table's buttons on Discord) are worded by Discord itself (``DISCORD_ADVICE``, checked below); ``/moves`` is named
#: only in a lesson's console words (Discord puts *Pick a move* in its place: ``cogs.lessons``); ``/build``
#: only in the console's own words (Discord names its Auto-build button: ``cogs.handling.DISCORD_PHRASES``)
ADVISED = {"abort", "accept", "decline", "join", "start"}
CONSOLE_ONLY = {"moves", "build"} | ADVISED
MENTION = re.compile(r"(?<![\w/<:.\\])/(?P<name>[a-z][a-z-]*)(?![\w-])"
                     r"(?: (?P<sub>[a-z]+)(?![\w=:-]))?(?P<rest>[^.;\n]*)")
#: an option filled in after a command, as Discord's words write it: ``ronda:2``, ``formato:suizo``
CHIP = re.compile(r" (?P<option>[^\s:=()]+):")
#: what a positional argument the console reads looks like (a number, a game, a placeholder, a step word, a
#: user, a move): none may be left after a command on Discord, where every argument is an option
ARGUMENT = re.compile(r" (?:\d+|N|NÚMERO|GAME|JUEGO|MOVE|JUGADA|\{\w+\}|kona|plateau|k3|krakatoa|restart|reiniciar"
                      r"|hint|pista|answer|responder|accept|decline|@\w+|[a-h]\d\S*)(?![\w-])")


async def tree(locale: str | None) -> dict[str, dict[str, Any]]:
    """Each command as a reader in ``locale`` sees it (None: the default, English): name -> its subcommands and
    options by their shown names, each option with the words its choices may be written as (a choice as shown,
    without its gloss: "liga" of "liga (todos contra todos)"; in English also its value, ``round-robin``)."""
    def shown(item: dict[str, Any]) -> str:
        return str((item.get("name_localizations") or {}).get(locale, item["name"])) if locale else str(item["name"])

    def choices(o: dict[str, Any]) -> set[str]:
        found = {shown(c).split(" (")[0] for c in o.get("choices") or []}
        return found | ({str(c["value"]) for c in o.get("choices") or []} if locale is None else set())

    def options(items: list[dict[str, Any]]) -> dict[str, set[str]]:
        return {shown(o): choices(o) for o in items if o["type"] != 1}

    seen: dict[str, dict[str, Any]] = {}
    for command in await command_payload():
        items = command.get("options") or []
        subs = {shown(s): options(s.get("options") or []) for s in items if s["type"] == 1}
        seen[shown(command)] = {"subs": subs, "options": options(items)}
    return seen


def _chips(rest: str, allowed: dict[str, set[str]], where: tuple[Any, ...]) -> str:
    """The options filled in at the start of ``rest`` (``numero:3 ronda:2``), each checked: an option of the
    command, a value from its choices when it has some; what follows them."""
    while (chip := CHIP.match(rest)) is not None:
        name = chip["option"]
        assert name in allowed, (*where, name)
        value_at = rest[chip.end():]
        chosen = [c for c in sorted(allowed[name], key=len, reverse=True) if value_at.startswith(c)]
        if allowed[name] and not re.match(r"\{\w+\}|\d|[A-ZÁÉÍÓÚ]+\b", value_at):
            assert chosen, (*where, name, value_at)
        value = chosen[0] if chosen else re.match(r"[^\s(),;]*", value_at)[0]  # type: ignore[index]
        rest = value_at[len(value):]
    return rest


async def test_every_command_the_service_names_is_in_the_readers_command_list() -> None:
    """Every sentence of the service's, in English and in Spanish as Discord shows it: each command it names is
    one the reader's Discord lists under that name (or one of ``CONSOLE_ONLY``), a subcommand after it is one of
    its subcommands, and everything written after it is the options the reader fills in: each ``name:value`` one
    of that command's options, a value for an option with a choice list one of its choices as the reader sees
    them; no console argument is left (``/learn kona hint``, ``round=2``)."""
    checked = filled = 0
    for lang, locale, catalog in (("en", None, i18n.EN), ("es", "es-ES", i18n.ES)):
        commands = await tree(locale)
        for key, template in catalog.items():
            text = in_discord_words(template, lang)
            for found in MENTION.finditer(text):
                name, sub, rest = found["name"], found["sub"], found["rest"]
                if name in CONSOLE_ONLY:
                    assert name not in ADVISED or key in DISCORD_ADVICE, (key, text)
                    continue
                assert name in commands, (lang, key, name, text)
                command = commands[name]
                allowed = command["options"]
                if command["subs"] and sub is not None and not sub.startswith("{"):
                    assert sub in command["subs"], (lang, key, sub, text)
                    allowed = command["subs"][sub]
                elif sub is not None:  # a word after a command without subcommands: part of the sentence
                    rest = f" {sub}{rest}"
                elif command["subs"] and rest.startswith(" {"):  # the subcommand is a param: checked said, below
                    continue
                after = _chips(rest, allowed, (lang, key, name, text))
                filled += after != rest
                assert not ARGUMENT.match(after), (lang, key, name, after, text)
                assert not re.search(r"(?<![\w-])[a-z][a-z_]*=", rest), (lang, key, name, text)
                checked += 1
    assert checked > 60  # the audit saw the advice it is about (tournaments, lessons, resigning, /play)
    assert filled > 30  # and the options written after the commands


async def test_the_catalogue_names_every_command_as_the_console_spells_it() -> None:
    """In English and in Spanish the service's sentences name commands by their English names, which the console
    reads and Discord rewrites for each reader: a Spanish name written in the catalogue ("Empieza otra con
    /jugar") would stand in the console, where ``/jugar`` is no command, and would skip the rewrite of what
    follows it on Discord ("/torneo clasificacion 3" where the reader fills ``numero:3``)."""
    english = set(await tree(None)) | CONSOLE_ONLY
    for lang, catalog in (("en", i18n.EN), ("es", i18n.ES)):
        for key, template in catalog.items():
            for found in MENTION.finditer(template):
                assert found["name"] in english, (lang, key, found["name"], template)


def test_spanish_advice_names_the_spanish_commands() -> None:
    """What the rewrite makes of the console's spelling, one example of each kind."""
    es = {key: in_discord_words(i18n.ES[key], "es") for key in (
        "tournament.error.use_withdraw", "tournament.error.no_round_over", "tournament.error.format_missing",
        "learn.done", "error.use_resign", "tournament.error.table_of", "learn.how")}
    assert "usa /torneo retirarse para dejarlo" in es["tournament.error.use_withdraw"]
    assert "/torneo emparejamientos numero:{id} ronda:{last} muestra" in es["tournament.error.no_round_over"]
    assert es["tournament.error.format_missing"].endswith("/torneo crear juego:JUEGO formato:suizo (o formato:liga).")
    assert "/jugar juego:{game} rival:@Mesa, o repásalo con /aprender juego:{game} paso:reiniciar" in es["learn.done"]
    assert "usa /abandonar para dejarla" in es["error.use_resign"]
    assert "usa /abandonar en esta partida o /torneo retirarse" in es["tournament.error.table_of"]
    assert "/aprender juego:{game} paso:pista da una pista" in es["learn.how"]
    assert "responde con /aprender juego:{game} respuesta:JUGADA." in es["learn.how"]
    assert "Responde con /mover jugada:JUGADA (/moves lista" in es["learn.how"]  # /moves: the console's, left


def test_english_advice_keeps_the_names_and_writes_the_options() -> None:
    """Discord's English names are the console's, so only what follows a command changes: the console's
    arguments become the options they fill, named as Discord names them; a value from a choice list as shown."""
    en = {key: in_discord_words(i18n.EN[key], "en") for key in (
        "tournament.error.no_round_over", "tournament.error.format_missing", "learn.done", "learn.how",
        "tournament.created", "error.use_resign")}
    assert "/tournament pairings number:{id} round:{last} shows the last" in en["tournament.error.no_round_over"]
    assert en["tournament.error.format_missing"].endswith(
        "/tournament create game:GAME format:Swiss (or format:round robin).")
    assert "/play game:{game} opponent:@Mesa, or go over it again with /learn game:{game} step:restart" \
        in en["learn.done"]
    assert "/learn game:{game} step:hint gives a hint" in en["learn.how"]
    assert en["learn.how"].endswith("answer with /learn game:{game} answer:MOVE.")
    assert "Join with /tournament join number:{id} (the organiser" in en["tournament.created"]
    assert en["error.use_resign"] == i18n.EN["error.use_resign"]  # nothing after the command: unchanged
    for key, template in i18n.EN.items():  # the commands keep their names
        assert re.findall(r"(?<![\w/])/[a-z-]+", in_discord_words(template, "en")) == \
            re.findall(r"(?<![\w/])/[a-z-]+", template), key


#: the params a sentence puts after a command, in the clause the rewrite reads as its arguments: each written by
#: Mesa (a tournament's or a round's number, a course's game, a subcommand and its example), never a user's
#: words, which the rewrite could take for an argument or an option ("round=2" as a name)
MESAS_PARAMS = {"id", "last", "game", "action", "example"}


def test_no_users_words_stand_where_the_rewrite_reads() -> None:
    commands = re.compile(r"(?<![\w/<:.\\])/[a-z][a-z-]*(?![\w-])[^.;\n]*?(?=[.;\n]|: |$)")
    seen: set[str] = set()
    for catalog in (i18n.EN, i18n.ES):
        for key, template in catalog.items():
            for clause in commands.findall(template):
                params = set(re.findall(r"\{(\w+)", clause))
                assert params <= MESAS_PARAMS, (key, clause)
                seen |= params
    assert {"id", "game", "last"} <= seen  # the audit read the clauses that have params


def test_said_values_are_written_as_the_options_they_fill() -> None:
    """At run time the params are in: a game as its choice shows it, a step word, a move, a number; a command
    with its subcommand given as a param; words after a command that are no argument stay as they are."""
    cases = {
        ("/learn kona hint gives a hint", "en"): "/learn game:Kona step:hint gives a hint",
        ("/learn krakatoa 4", "es"): "/aprender juego:Krakatoa paso:4",
        ("/learn plateau answer +xx.rb@a1.", "en"): "/learn game:Plateau answer:+xx.rb@a1.",
        ("usa /learn kona responder a6-d3", "es"): "usa /aprender juego:Kona respuesta:a6-d3",
        ("/move a6-d3 plays it", "en"): "/move text:a6-d3 plays it",
        ("With a game in play, /move plays there", "en"): "With a game in play, /move plays there",
        ("for example /tournament withdraw 3.", "es"): "for example /torneo retirarse numero:3.",
        ("/tournament remove @Ana 2", "es"): "/torneo quitar jugador:@Ana numero:2",
        ("/takeback accept", "es"): "/deshacer acción:aceptar",
        ("/review 12 again", "en"): "/review table:12 again",
        ("/tournament create kona format=round-robin rounds=3", "es"):
            "/torneo crear juego:Kona formato:liga rondas:3",
        ("/play to learn", "en"): "/play to learn",
    }
    for (text, lang), shown in cases.items():
        assert in_discord_words(text, lang) == shown, (text, lang)


def test_what_a_user_wrote_is_never_renamed() -> None:
    """A tournament titled "/play night" and a player called "/resign" keep their words in a Spanish post; a
    link and a K3 build keep their slashes."""
    text = said("tournament.created", "es", {"id": 1, "title": "/play night", "format": "suizo",
                                              "organiser": "/resign", "max": 8, "terms": "1 día por jugada"})
    shown = text.replace(ZERO_WIDTH_SPACE, "")
    assert "Torneo #1: /play night, suizo, organizado por /resign" in shown
    assert "/jugar" not in shown and "/abandonar" not in shown
    assert "Apúntate con /torneo apuntarse numero:1" in shown and "lo empieza con /torneo empezar numero:1." in shown
    for words in ("https://discord.com/channels/1/2/3", "build:1:abc/de/f", "roja/azul", "1/2"):
        assert in_discord_words(f"{words} /tournament join", "es") == f"{words} /torneo apuntarse"



async def test_a_spanish_speaker_reads_the_commands_their_discord_lists(tmp_path: Path) -> None:
    """Through the stand-in: a tournament's announcement in a Spanish server, a refusal to a Spanish caller, and
    the list of lessons all name ``/torneo …`` and ``/aprender``; an English caller there reads English names."""
    h = await Harness.open(tmp_path, renderer=None)
    ana, ben = user(7101, "Ana"), user(7102, "Ben")
    try:
        h.server_speaks("es-ES")
        spanish = {"locale": "es-ES"}
        await h.command("tournament", [{"name": "create", "type": 1, "options": [
            option("game", "kona", STRING), option("format", "swiss", STRING)]}], ana, **spanish)
        post = [r for r in h.standin.to_channel() if r.method == "POST" and r.content][-1].content
        assert "Apúntate con /torneo apuntarse numero:1" in post and "lo empieza con /torneo empezar numero:1." in post
        for kw, words in ((spanish, "se apunta con /torneo apuntarse numero:1)"),
                          ({}, "join with /tournament join number:1)")):
            h.standin.clear()  # too few players to start: the refusal says how to join
            await h.command("tournament", [{"name": "start", "type": 1, "options": []}], ana, **kw)
            [refused] = [r for r in h.standin.interaction_replies() if r.content]
            assert refused.ephemeral and words in refused.content, refused.content
        h.standin.clear()
        await h.command("learn", [], ben, locale="es-ES")
        [listed] = [r for r in h.standin.interaction_replies() if r.content]
        assert "Escribe /aprender juego:JUEGO para empezar" in listed.content and "/learn" not in listed.content
    finally:
        await h.close()


async def test_option_advice_names_the_options_as_discord_shows_them(tmp_path: Path) -> None:
    """The service's option refusals write the console's ``double=true``; on Discord they name the options and
    the Swiss choice as the caller's command list shows them (``DISCORD_ADVICE``), in English and Spanish, and
    nothing is created."""
    h = await Harness.open(tmp_path, renderer=None)
    org = user(7201, "Org")
    boolean, integer = 5, 4

    async def create(locale: str, *options: dict[str, Any]) -> str:
        h.standin.clear()
        await h.command("tournament", [{"name": "create", "type": 1, "options": list(options)}], org, locale=locale)
        [said] = [r for r in h.standin.interaction_replies() if r.content]
        assert said.ephemeral
        return str(said.content)

    try:
        kona, k3 = option("game", "kona", STRING), option("game", "k3", STRING)
        swiss, rr = option("format", "swiss", STRING), option("format", "round-robin", STRING)
        for locale, words in (
            ("es-ES", ("`doble` es para ligas", "lo dicen sus `rondas`", "deja `rondas` vacío, o elige "
                       "`formato: suizo`", "con `max_jugadores: 2` nunca podría empezar: elige `max_jugadores` "
                       "entre 3 y", "con esas mesas): elige `formato: suizo`.")),
            ("en-US", ("`double` is for round robins", "length is its `rounds`", "leave `rounds` out, or choose "
                       "`format: Swiss`", "so `max_players: 2` would never let it start: choose `max_players` from 3",
                       "cannot be drawn up): choose `format: Swiss`."))):
            double = await create(locale, kona, swiss, option("double", True, boolean))
            rounds = await create(locale, kona, rr, option("rounds", 3, integer))
            few = await create(locale, k3, swiss, option("max_players", 2, integer))
            groups = await create(locale, k3, rr)
            assert words[0] in double and words[1] in double, double
            assert words[2] in rounds, rounds
            assert words[3] in few, few
            assert words[4] in groups, groups
            assert "=" not in double + rounds + few + groups  # no console syntax left
        assert await h.bot.service.tournament_lists.listing(GUILD_ID, 7201, "join") == []  # nothing was created
        h.standin.clear()
        ben = user(7202, "Ben")
        await h.command("play", [option("game", "kona", STRING), option("opponent", ben["id"], 6),
                                 option("level", "hard", STRING)], org, users=[ben], locale="es-ES")
        [said] = [r for r in h.standin.interaction_replies() if r.content]
        assert said.content.startswith("`nivel` elige cómo juega Mesa") and "pon `bots`" in said.content, said.content
    finally:
        await h.close()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["/tournament", "/torneo", "join", "apuntarse", "pairings", "/learn", "/aprender",
                                 "kona", "hint", "pista", "answer", "a6-d3", "3", "{id}", "round=2", "format=swiss",
                                 "/move", "/play", "@mesa", "/resign", "/moves", "GAME", "(", ")", ".", ";", ": ",
                                 "https://x/y", "1/2", "word"]), max_size=14),
       st.sampled_from(["en", "es"]))
def test_the_rewrite_is_total_and_settled(words: list[str], lang: str) -> None:
    """Any text: no error; text without a slash unchanged; a second pass changes nothing more (the Spanish
    catalogue already writes some commands in Spanish, and a sentence may pass twice)."""
    text = " ".join(words)
    once = in_discord_words(text, lang)
    assert in_discord_words(once, lang) == once, (text, once)
    if "/" not in text:
        assert once == text


def test_every_advice_discord_words_itself_fills_every_blank() -> None:
    """Each refusal Discord words itself (``DISCORD_ADVICE``), and the news of a post Discord did not take, leaves
    no ``{blank}`` in either language: each is one of the service's params for that refusal (``own``: the game's
    options) or one of Discord's own words (``discord_words``: commands, options, buttons)."""
    from cogs.delivery import PostFailed
    from cogs.handling import not_posted_text, refusal_text
    from tables import TableError

    for key in DISCORD_ADVICE:
        params = {name: "x" for name in re.findall(r"\{(\w+)\}", i18n.EN[key] + i18n.ES[key])} | {"own": "x"}
        for lang in ("en", "es"):
            text = refusal_text(TableError(key, **params), lang)
            assert "{" not in text and "}" not in text, (key, lang, text)
    for invitation in (True, False):
        for lang in ("en", "es"):
            text = not_posted_text(PostFailed(3, invitation=invitation, forbidden=True), lang)
            assert "{" not in text and "#3" in text, text
