"""tables.games: what front ends show about the games, all from the registry and the descriptions."""

from __future__ import annotations

from engines import game_names, get_engine
from tables import games


def test_lists_come_from_the_registry() -> None:
    assert games.games() == game_names()
    assert games.auto_styles() == {"K3": ("sensible", "random")}  # K3-3.4: the only game with a choice


def test_titles_read_aliases_and_leave_unknown_names_alone() -> None:
    assert games.title("Carpniches") == "Kona"
    assert games.title("chess") == "chess"


def test_variant_choices_are_each_option_s_other_values() -> None:
    found = games.variant_choices("krakatoa")
    assert "preset=basic" in found and "teams=true" in found  # KR-7.1, KR-6.2
    assert "preset=advanced" not in found and "teams=false" not in found  # the defaults are not offered
    assert games.variant_choices("krakatoa", "TEAM") == ["teams=true"]
    assert games.variant_choices("chess") == [] and games.variant_choices(None) == []
    for option in get_engine("plateau").options.values():  # whole numbers have no list of values
        assert option.kind != "int" or not any(v.startswith(option.name) for v in games.variant_choices("plateau"))


def test_sample_picture_is_a_png_of_a_position_after_chance() -> None:
    for game in ("k3", "krakatoa"):  # both open with chance (K3-2, KR-4.1): drawn before the picture
        picture = games.sample_picture(game)
        assert picture is not None and picture.startswith(b"\x89PNG")
    assert games.sample_picture("chess") is None
