"""Table set-up, refusals, draw offers, private posts and the i18n catalogs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_tables_service import CHANNEL, GUILD, USERS, open_service, start_table

from engines import get_engine
from tables import PrivatePost, PublicPost, TableError, TableFinished, i18n, lang_for_locale, t
from tables.i18n import Clauses, Phrase, said

ANA, BEN, CY, DEE = (u for u, _ in USERS)


async def refused(coro, key: str) -> TableError:
    with pytest.raises(TableError) as err:
        await coro
    assert err.value.key == key, err.value.key
    return err.value


async def test_create_refusals(tmp_path: Path) -> None:
    repo, svc = await open_service(tmp_path / "mesa.db")
    await refused(svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [(ANA, "Ana")]), "error.self_play")
    await refused(svc.create(GUILD, CHANNEL, ANA, "Ana", "k3", [(BEN, "Ben"), (BEN, "Ben")]), "error.duplicate_player")
    await refused(svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [(BEN, "Ben"), (CY, "Cy")]), "error.too_many_players")
    err = await refused(svc.create(GUILD, CHANNEL, ANA, "Ana", "plateau", []), "error.needs_opponent")
    assert "choose Mesa" in err.message("en") and "elige a Mesa" in err.message("es")  # one may play alone
    await refused(svc.create(GUILD, CHANNEL, ANA, "Ana", "chess", [(BEN, "Ben")]), "error.unknown_game")
    err = await refused(svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [(BEN, "Ben")], {"seat": "middle"}),
                        "error.bad_option")
    assert "first, second, random" in err.message("en")
    for bad in ("30m", "15d"):  # out of the range
        await refused(svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [(BEN, "Ben")], {"time_per_move": bad}),
                      "error.bad_time")
    for bad in ("soon", "3x", "1.5h", "3dias"):  # no time read: not the range's fault (it said "between 1h and 14d")
        err = await refused(svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [(BEN, "Ben")], {"time_per_move": bad}),
                            "error.unreadable_time")
        assert "1d12h" in err.message("en") and "1d12h" in err.message("es")
    for words, seconds in (("3 days", 3 * 86400), ("1 hour", 3600), ("2 weeks", 14 * 86400)):  # Discord's words
        out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [(BEN, "Ben")], {"time_per_move": words})
        assert (await svc.table_details(out[0].table_id)).options["time_per_move"] == seconds
        await svc.abort(out[0].table_id, ANA)
    err = await refused(svc.create(GUILD, CHANNEL, ANA, "Ana", "krakatoa", [(BEN, "Ben")], {"preset": "expert"}),
                        "error.bad_option")
    assert err.message("en") == "The option preset cannot be expert: use one of advanced, basic."  # KR-7.1
    err = await refused(svc.create(GUILD, CHANNEL, ANA, "Ana", "plateau", [(BEN, "Ben")], {"max_plies": "-3"}),
                        "error.bad_number")
    assert err.message("en") == "The option max_plies takes a whole number from 0 to 1000000, not -3."
    err = await refused(svc.create(GUILD, CHANNEL, ANA, "Ana", "plateau", [(BEN, "Ben")],
                                   {"repetition-draw": "perhaps"}), "error.bad_option")
    assert err.message("en").endswith("use one of true, false.")  # PL-8.3's draw is on or off
    err = await refused(svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [(BEN, "Ben")], {"colour": "red"}),
                        "error.unknown_option")
    # KO-7.1: the options are named once, the table's own and the game's
    assert err.message("en") == ("Kona has no option colour. Its options: seat, rated, time_per_move, "
                                 "repetition_draw, move_limit.")
    assert err.message("es").startswith("Kona no tiene la opción colour.")
    err = await refused(svc.create(GUILD, CHANNEL, ANA, "Ana", "krakatoa", [(BEN, "Ben"), (CY, "Cy")],
                                   {"teams": "true"}), "error.partners_players")
    # teams need exactly four players (KR-6.2); a player reads what is wrong, not the rule number,
    # and no list of options (teams is one: the number of players is what does not fit)
    assert err.message("en") == "This game cannot start with 3 players: teams=true (partnerships) needs exactly 4."
    assert err.message("es").startswith("Esta partida no puede empezar con 3 jugadores: teams=true (por parejas)")
    # nothing was created by any refusal
    assert await svc.active_tables(ANA) == []
    await repo.close()


async def test_options_are_stored_and_used(tmp_path: Path) -> None:
    repo, svc = await open_service(tmp_path / "mesa.db")
    await svc.set_guild_settings(GUILD, time_per_move="2d")
    tid, _ = await start_table(svc, "kona", 2, {"seat": "second", "rated": "false", "move_limit": "50"})
    details = await svc.table_details(tid)
    assert details.options["seat"] == "second" and details.options["rated"] is False
    assert details.options["time_per_move"] == 2 * 86400  # the guild default
    assert details.options["move_limit"] == 50
    assert details.summary.players == ("Ben", "Ana")  # seat=second: the challenger plays poodle (KO-1.1)
    tid2, _ = await start_table(svc, "kona", 2, {"time_per_move": "90m"})
    assert (await svc.table_details(tid2)).options["time_per_move"] == 5400
    await repo.close()


async def test_turn_and_seat_checks(tmp_path: Path) -> None:
    repo, svc = await open_service(tmp_path / "mesa.db")
    tid, _ = await start_table(svc, "kona", 2)
    err = await refused(svc.submit_move(tid, BEN, "a1-a2"), "error.not_your_turn")
    assert err.message("en") == "It is not your turn: it is Ana's turn."
    await refused(svc.submit_move(tid, CY, "a6-d3"), "error.not_seated")
    err = await refused(svc.submit_move(tid, ANA, "a6-a2"), "error.bad_move")
    assert "a6-a2" in err.message("en")
    await refused(svc.submit_move(tid, ANA, "hello"), "error.bad_move")
    await refused(svc.private_view(tid, CY), "error.not_seated")
    assert await svc.legal_moves_for(tid, BEN) == []
    # tolerant notation (KO-9.3) is stored canonically
    await svc.submit_move(tid, ANA, " A6 D3 ")
    assert [m.move for m in await repo.get_moves(tid)] == ["a6-d3"]
    await repo.close()


async def test_invitation_flow(tmp_path: Path) -> None:
    repo, svc = await open_service(tmp_path / "mesa.db")
    out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [(BEN, "Ben")])
    tid = out[0].table_id
    assert out[0].key == "invite.challenge" and out[0].mention == (BEN,) and out[0].components_hint == "invite"
    await refused(svc.accept(tid, CY), "error.not_invited")
    waiting = await refused(svc.submit_move(tid, ANA, "a6-d3"), "error.not_started.invited")
    assert waiting.message("en") == (f"Table #{tid} has not started yet: it waits for Ben to answer the invitation "
                                     "(/accept or /decline).")
    yours = await refused(svc.submit_move(tid, BEN, "a6-d3"), "error.not_started.invited_you")  # to Ben: his
    assert yours.message("en") == f"Table #{tid} has not started yet: it waits for your answer to the invitation " \
        "(/accept or /decline)."
    await refused(svc.private_view(tid, ANA), "error.not_started.invited")  # her pieces: what the table waits for
    out = await svc.decline(tid, BEN)
    assert out[0].key == "invite.declined"
    await refused(svc.accept(tid, BEN), "error.invitation_closed")

    # K3 open table: join, leave, start
    out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "k3")
    tid = out[0].table_id
    assert out[0].key == "invite.open"
    joining = await refused(svc.accept(tid, CY), "error.open_join")  # no invitation there: /join says how
    assert joining.message("en") == f"Table #{tid} is open to anyone, with no invitation to accept: sit down with " \
        "/join."
    await svc.join(tid, DEE, "Dee")
    waiting = await refused(svc.submit_move(tid, DEE, "Ya5-a2"), "error.not_started.open")
    assert waiting.message("en") == f"Table #{tid} has not started yet: Ana, who opened it, starts it with /start " \
        "once everyone is in."
    assert waiting.message("es").startswith(f"La mesa #{tid} aún no ha empezado: Ana, que la abrió, la empieza")
    await refused(svc.private_view(tid, DEE), "error.not_started.open")
    hers = await refused(svc.submit_move(tid, ANA, "Ya5-a2"), "error.not_started.open_host")  # to Ana: hers to start
    assert hers.message("en") == f"Table #{tid} has not started yet: you opened it, and start it with /start once " \
        "everyone is in (/start fill=mesa: Mesa takes the empty seats)."
    await svc.leave(tid, DEE)
    few = await refused(svc.start(tid, ANA), "error.not_enough_players")
    assert few.message("en") == f"Table #{tid} needs at least 2 players to start (1 player so far): wait for more " \
        "to join, or have Mesa take the empty seats (/start fill=mesa)."  # what to do
    await svc.join(tid, BEN, "Ben")
    await refused(svc.join(tid, BEN, "Ben"), "error.already_seated")
    await svc.join(tid, CY, "Cy")
    await svc.leave(tid, CY)
    guest = await refused(svc.start(tid, BEN), "error.start_guest")  # the guest is told whom to ask
    assert guest.message("en").startswith(f"Only Ana, who opened table #{tid}, can start it: ask them")
    assert guest.message("es").startswith(f"Solo Ana, que abrió la mesa #{tid}, puede empezarla")
    await refused(svc.start(tid, DEE), "error.host_only")  # not at the table: nobody to ask on their behalf
    await refused(svc.fill_with_mesa(tid, BEN), "error.start_guest")
    out = await svc.start(tid, ANA)
    assert (await svc.table_details(tid)).summary.status == "active"
    assert sorted((await svc.table_details(tid)).summary.players) == ["Ana", "Ben"]
    # K3-10: each player gets their own view privately once the deal is made
    assert sorted(m.user_id for m in out if isinstance(m, PrivatePost)) == [ANA, BEN]
    await refused(svc.leave(tid, BEN), "error.use_resign")
    # issue 15, defect 15: the deal has been seen, so cancelling needs every player (not the host alone)
    out = await svc.abort(tid, BEN)
    assert [(m.key, m.mention) for m in out] == [("info.abort_asked", (ANA,))]
    out = await svc.abort(tid, ANA)
    assert out[0].key == "info.aborted_agreed"
    assert await svc.active_tables(ANA) == []

    # a full open table starts by itself
    out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "krakatoa")
    tid = out[0].table_id
    for uid, name in USERS[1:]:
        out = await svc.join(tid, uid, name)
    assert any(isinstance(m, PublicPost) and m.key.startswith("board.start") for m in out)
    await refused(svc.join(tid, 105, "Eve"), "error.already_started")
    await repo.close()


async def test_a_guest_who_asks_to_cancel_is_told_who_can_and_what_to_do_instead(tmp_path: Path) -> None:
    # "Only the host of table #1 can do that." named neither the host nor the guest's own way out
    repo, svc = await open_service(tmp_path / "mesa.db")
    tid = (await svc.create(GUILD, CHANNEL, ANA, "Ana", "k3", [(BEN, "Ben"), (CY, "Cy")]))[0].table_id
    await svc.accept(tid, BEN)
    for uid, key, how in ((CY, "error.abort_invited", "decline the invitation"),
                          (BEN, "error.abort_joined", "leave the table")):
        caught = await refused(svc.abort(tid, uid), key)
        assert caught.message("en").startswith(f"Only Ana, who opened table #{tid}, can cancel it; ")
        assert caught.message("en").endswith(f"{how}.")
        assert "Ana" in caught.message("es")
    assert (await repo.get_table(tid)).status == "invited"  # type: ignore[union-attr]
    await refused(svc.abort(tid, DEE), "error.host_only")  # not at the table: nothing to suggest
    await repo.close()


async def test_abort_refused_after_a_move(tmp_path: Path) -> None:
    repo, svc = await open_service(tmp_path / "mesa.db")
    tid, _ = await start_table(svc, "kona", 2)
    await svc.submit_move(tid, ANA, "a6-d3")
    await refused(svc.abort(tid, ANA), "error.abort_too_late")
    await refused(svc.abort(tid, BEN), "error.abort_too_late")  # a guest told the same, not "only the host"
    await refused(svc.abort(tid, 999), "error.host_only")  # someone not seated: not theirs to cancel
    await repo.close()


async def test_draw_offers(tmp_path: Path) -> None:
    repo, svc = await open_service(tmp_path / "mesa.db")
    tid, _ = await start_table(svc, "kona", 2)
    out = await svc.offer_draw(tid, ANA)  # before any move: agreeing would cancel the table, and it says so
    assert out[0].key == "info.draw_offered_at_start" and out[0].mention == (BEN,) and out[0].components_hint == "draw"
    await refused(svc.offer_draw(tid, ANA), "error.draw_already_offered")
    await refused(svc.decline_draw(tid, ANA), "error.no_draw_offer")
    await svc.decline_draw(tid, BEN)
    await refused(svc.decline_draw(tid, BEN), "error.no_draw_offer")
    # any move cancels an offer
    await svc.offer_draw(tid, ANA)
    board_version = (await svc.board(tid)).version
    await svc.submit_move(tid, ANA, "a6-d3", expected_version=board_version)  # an offer does not stale the board
    # Ben's Accept, pressed after the move refused the offer: refused in words, never a new offer of Ben's
    before = await repo.get_table(tid)
    late = await refused(svc.offer_draw(tid, BEN, accept=True), "error.no_draw_to_accept")
    assert late.message("en").startswith(f"There is no draw offer to accept at table #{tid}: a move since has")
    assert late.message("es").startswith(f"No hay ninguna oferta de tablas que aceptar en la mesa #{tid}")
    assert await repo.get_table(tid) == before
    out = await svc.offer_draw(tid, BEN)
    assert out[0].key == "info.draw_offered"
    out = await svc.offer_draw(tid, ANA, accept=True)  # accepting the offer standing (or by offering too)
    result = next(m for m in out if isinstance(m, PublicPost) and m.kind == "result")
    assert result.key == "result.draw.agreement"
    assert [(r.place, r.outcome, r.reason) for r in await repo.get_results(tid)] == [(1, "draw", "agreement")] * 2
    assert any(isinstance(m, TableFinished) for m in out)
    # no draw offers in the dice game
    tid2, _ = await start_table(svc, "krakatoa", 2)
    await refused(svc.offer_draw(tid2, ANA), "error.no_draws")
    await repo.close()


async def test_a_draw_agreed_before_any_move_cancels_the_table(tmp_path: Path) -> None:
    # a draw no one played was a rated game with no move: now it is called off without results, as /abort
    # is, whoever offered first (the guest could not /abort)
    repo, svc = await open_service(tmp_path / "mesa.db")
    for first, second in ((ANA, BEN), (BEN, ANA)):
        tid, _ = await start_table(svc, "plateau", 2)
        await svc.offer_draw(tid, first)
        out = await svc.offer_draw(tid, second)
        keys = [m.key for m in out if isinstance(m, PublicPost)]
        assert "info.aborted_agreed" in keys and not any(k.startswith("result.") for k in keys)
        assert (await repo.get_table(tid)).status == "aborted"  # type: ignore[union-attr]
        assert await repo.get_results(tid) == []
        await refused(svc.offer_draw(tid, first), "error.game_over")
    await repo.close()


async def test_resign_two_players_and_multiplayer(tmp_path: Path) -> None:
    repo, svc = await open_service(tmp_path / "mesa.db")
    tid, _ = await start_table(svc, "plateau", 2)
    out = await svc.resign(tid, BEN)
    result = next(m for m in out if isinstance(m, PublicPost) and m.kind == "result")
    assert result.key == "result.win.resign" and result.params["winners"] == "Ana" and result.params["loser"] == "Ben"
    assert [(r.place, r.outcome, r.reason) for r in await repo.get_results(tid)] == [(1, "win", "resign"),
                                                                                       (2, "loss", "resign")]
    # Krakatoa with three: the resigner is out, the others play on, the resigner is placed last
    tid, _ = await start_table(svc, "krakatoa", 3, {"preset": "basic"})
    out = await svc.resign(tid, CY)
    assert any(isinstance(m, PublicPost) and m.key == "info.out.resign" for m in out)
    await refused(svc.submit_move(tid, CY, "auto"), "error.you_are_out")
    import random

    from test_tables_service import play_out

    await play_out(svc, tid, random.Random(3))
    places = {r.user_id: r.place for r in await repo.get_results(tid)}
    assert places[CY] == 3 and sorted(places.values())[0] == 1
    # a second resignation leaves one player in: the table ends at once
    tid, _ = await start_table(svc, "k3", 3)
    await svc.resign(tid, BEN)
    out = await svc.resign(tid, CY)
    assert any(isinstance(m, TableFinished) for m in out)
    places = {r.user_id: r.place for r in await repo.get_results(tid)}
    assert places == {ANA: 1, CY: 2, BEN: 3}  # the last one out is best among the out seats
    result = next(m for m in out if isinstance(m, PublicPost) and m.kind == "result")
    assert result.key == "result.standings.gone"  # each who left named with how: one clause each
    assert "is over: Ben resigned and Cy resigned. Standings: 1. Ana · 2. Cy · 3. Ben" in t(
        result.key, "en", **result.params)
    assert "ha terminado: Ben abandonó y Cy abandonó. Clasificación: 1. Ana" in t(result.key, "es", **result.params)
    # the last board lists the seats with the pictures' seat numbers, said as seats: not read as places
    board = next(m for m in out if isinstance(m, PublicPost) and m.kind == "board")
    assert "the game is over (seats: Ana [1] · Ben [2] ✗ · Cy [3] ✗)." in t(board.key, "en", **board.params)
    assert "la partida ha terminado (asientos: Ana [1] · Ben [2] ✗ · Cy [3] ✗)." in t(board.key, "es", **board.params)
    mixed = Clauses((Phrase("gone.resign", {"name": "Ben"}), Phrase("gone.time", {"name": "Ana"})))
    assert said(mixed, "es") == "Ben abandonó y a Ana se le acabó el tiempo"
    await repo.close()


async def test_plateau_private_posts(tmp_path: Path) -> None:
    """PL-9: a player's hidden faces reach only that player; the spectator board shows `?`."""
    repo, svc = await open_service(tmp_path / "mesa.db")
    tid, _ = await start_table(svc, "plateau", 2)
    out = await svc.submit_move(tid, ANA, "+xx.rb@a1")
    privates = [m for m in out if isinstance(m, PrivatePost)]
    assert [m.user_id for m in privates] == [ANA]
    assert privates[0].params["position"].startswith("4/4/4/Bxx.BRb,3 W open")  # PL-11 ex. 1, Black's view
    board = next(m for m in out if isinstance(m, PublicPost))
    assert board.params["position"].startswith("4/4/4/B??.BR?,3 W open")
    out = await svc.submit_move(tid, BEN, "+xo.xx@d4")
    assert [m.user_id for m in out if isinstance(m, PrivatePost)] == [BEN]
    # PL-11 ex. 1 spectator view
    assert out[0].params["position"] == "3,W??.WX?/4/4/B??.BR?,3 B turn #10 #10 - - 2"
    mine = await svc.private_view(tid, BEN)
    assert mine.params["position"] == "3,Wxo.WXx/4/4/B??.BR?,3 B turn #10 rb.rx.bx.2rr.2bb.3xx - - 2"
    # the move list shows hidden moves in public form except to their maker
    ana = [m.text for m in (await svc.table_details(tid, ANA)).moves]
    ben = [m.text for m in (await svc.table_details(tid, BEN)).moves]
    spectator = [m.text for m in (await svc.table_details(tid)).moves]
    assert ana == ["+xx.rb@a1", "+??.x?@d4"] and ben == ["+??.r?@a1", "+xo.xx@d4"]
    assert spectator == ["+??.r?@a1", "+??.x?@d4"]
    await repo.close()


async def test_stale_version_is_refused_with_the_board(tmp_path: Path) -> None:
    repo, svc = await open_service(tmp_path / "mesa.db")
    tid, _out = await start_table(svc, "kona", 2)
    version = (await svc.board(tid)).version
    await svc.submit_move(tid, ANA, "a6-d3", expected_version=version)
    err = await refused(svc.submit_move(tid, BEN, "f6-c3", expected_version=version), "error.stale")
    assert err.board is not None and err.board.version == version + 1
    assert err.board.params["position"] == "CP,4,PCP/6/6/3,C,2/6/PCP,4,CPC p 1 d3"
    assert len(await repo.get_moves(tid)) == 1
    await repo.close()


async def test_queries(tmp_path: Path) -> None:
    repo, svc = await open_service(tmp_path / "mesa.db")
    tid, _ = await start_table(svc, "kona", 2)
    await svc.set_location(tid, 555, 777)
    listed = await svc.active_tables(ANA, GUILD)
    assert [(s.table_id, s.turn, s.thread_id) for s in listed] == [(tid, ("Ana",), 555)]
    assert listed[0].deadline is not None
    assert await svc.active_tables(ANA, GUILD + 1) == []
    assert [s.table_id for s in await svc.find_tables_in_place(GUILD, 555, BEN)] == [tid]
    assert [s.table_id for s in await svc.find_tables_in_place(GUILD, CHANNEL, BEN)] == [tid]
    assert await svc.find_tables_in_place(GUILD, 555, CY) == []
    assert len(await svc.legal_moves_for(tid, ANA)) == 18  # KO-10 E1
    await svc.set_dms_closed(BEN, True)
    assert await svc.dms_closed(BEN) is True and await svc.dms_closed(ANA) is False
    await svc.set_guild_settings(GUILD, allowed_channels=[CHANNEL], rated=False)
    settings = await svc.guild_settings(GUILD)
    assert settings.allowed_channels == (CHANNEL,) and settings.rated is False
    await refused(svc.create(GUILD, CHANNEL + 1, ANA, "Ana", "kona", [(BEN, "Ben")]), "error.channel_not_allowed")
    tid2, _ = await start_table(svc, "kona", 2)
    assert (await svc.table_details(tid2)).options["rated"] is False  # the guild turned rating off
    await repo.close()


def test_catalogs_are_complete() -> None:
    """Every key the service uses exists in English and Spanish, with the same params."""
    assert set(i18n.EN) == set(i18n.ES)
    source = (Path(__file__).resolve().parent.parent / "tables" / "service.py").read_text()
    used = set(re.findall(r'"((?:error|invite|info|board|result|private|reminder)\.[a-z_.]+)"', source))
    used |= {f"board.{k}{s}" for k in ("start", "turn", "build", "final", "over") for s in ("", "_score")}
    used |= {f"result.{k}{s}" for k in ("win", "draw", "standings") for s in ("", ".time", ".resign", ".agreement")}
    used |= {"info.out.resign", "info.out.time", "reminder.half", "reminder.late"}
    assert used <= set(i18n.EN), used - set(i18n.EN)
    fields = re.compile(r"{(\w+)}")
    for key in i18n.EN:
        assert set(fields.findall(i18n.EN[key])) == set(fields.findall(i18n.ES[key])), key


def test_lang_for_locale_and_fallbacks() -> None:
    assert lang_for_locale("es-ES") == "es" and lang_for_locale("es-419") == "es"
    assert lang_for_locale("en-US") == "en" and lang_for_locale("fr") == "en" and lang_for_locale(None) == "en"
    assert t("error.no_table", "es", table=3) == "No hay ninguna mesa #3 en este servidor."
    assert t("error.no_table", "fr", table=3) == "There is no table #3 in this server."
    assert t("no.such.key", "en") == "no.such.key"
    assert t("error.no_table", "en") == "There is no table #{table} in this server."  # a missing param never raises


def test_every_game_is_known() -> None:
    for name in ("kona", "plateau", "k3", "krakatoa"):
        assert get_engine(name).name == name


async def test_my_pieces_where_nothing_is_hidden_says_the_board_shows_it_all(tmp_path: Path) -> None:
    # Kona and Krakatoa hide nothing (KO-8.1, KR-9.1): "your view, for you alone: what only you can see" was no view
    # of anything; Discord offers no My pieces there, but the console's /mine and a stale button asked it
    repo, svc = await open_service(tmp_path / "mesa.db")
    try:
        for game in ("kona", "krakatoa"):
            tid, _ = await start_table(svc, game, 2)
            err = await refused(svc.private_view(tid, ANA), "error.nothing_hidden")
            assert "board" in err.message("en") and "tablero" in err.message("es")
        tid, _ = await start_table(svc, "plateau", 2)  # faces are hidden: the view is given
        assert isinstance(await svc.private_view(tid, ANA), PrivatePost)
    finally:
        await repo.close()
