"""Persistent controls: one ``DynamicItem`` class per kind, each matching exactly its own custom ids.

discord.py calls every registered class whose template matches a clicked id, so two classes matching
one id would answer one click twice, and none would leave it unanswered.  The ids below are the
formats Mesa has always posted (``mesa:<kind>:<table>:<version>[:<arg>]``,
``mesasel:<table>:<version>[:<kind>]``, ``mesalb:<guild>:<game>:<page>``), written out here by hand:
boards posted before an upgrade must keep working after it.
"""

from __future__ import annotations

import pytest

from cogs.arranging import ArrangeSelect, BuildButton
from cogs.board import (
    DrawButton,
    InvitationButton,
    MineButton,
    MoveButton,
    RematchButton,
    ResignButton,
)
from cogs.client import CONTROLS
from cogs.guide import RulesButton
from cogs.learning import HintButton, TakebackButton
from cogs.lessons import LessonButton, LessonSelect
from cogs.picking import BackButton, PickButton, PickSelect, QuickSelect
from cogs.results import PageButton
from cogs.review import ReviewButton

POSTED = {
    "mesa:inv:1:1:accept": InvitationButton, "mesa:inv:1:1:decline": InvitationButton,
    "mesa:inv:1:1:abort": InvitationButton, "mesa:inv:2:1:join": InvitationButton,
    "mesa:inv:2:1:start": InvitationButton, "mesa:inv:2:1:fill": InvitationButton,
    "mesa:inv:2:1:leave": InvitationButton,
    "mesa:pick:1:3": PickButton, "mesa:pick:1:3:back": BackButton,
    "mesa:mv:1:3:a6-d3": MoveButton, "mesa:mv:7:12:ash": MoveButton, "mesa:mv:7:12:auto": MoveButton,
    "mesa:mv:4:9:b:1-2:3": MoveButton,
    "mesa:mine:1:3": MineButton,
    "mesa:resign:1:3:ask": ResignButton, "mesa:resign:1:3:yes": ResignButton,
    "mesa:draw:1:3:ask": DrawButton, "mesa:draw:1:3:yes": DrawButton, "mesa:draw:1:3:accept": DrawButton,
    "mesa:draw:1:3:decline": DrawButton,
    "mesa:rematch:1:9": RematchButton,
    "mesa:build:4:2:auto": BuildButton, "mesa:build:4:2:shuffle": BuildButton,
    "mesasel:4:2:arr:-:build:0:B/YG/WRK/WBYG/NRKBY/NGRKGK": ArrangeSelect,  # a build's preview: exchange pieces
    "mesasel:4:2:arr:b5:build:0:B/YG/WRK/WBYG/NRKBY/NGRKGK": ArrangeSelect,
    "mesa:rules:0:0:kona": RulesButton,
    "mesasel:1:3:pick": PickSelect, "mesasel:1:3": PickSelect, "mesasel:7:12:quick": QuickSelect,
    "mesalb:100000000000000001:kona:2": PageButton,
    "mesa:hint:1:3": HintButton, "mesa:tb:1:3:accept": TakebackButton, "mesa:tb:1:3:decline": TakebackButton,
    "mesa:learn:kona:2:pick": LessonButton, "mesa:learn:k3:1:back": LessonButton,
    "mesa:learn:plateau:9:hint": LessonButton, "mesa:learn:krakatoa:3:again": LessonButton,
    "mesa:learn:kona:6:restart": LessonButton,
    "mesasel:learn:kona:2": LessonSelect,
    "mesa:review:1:9": ReviewButton,  # issue 32
}


def matching(custom_id: str) -> list[type]:
    return [cls for cls in CONTROLS if cls.__discord_ui_compiled_template__.fullmatch(custom_id)]


def test_every_kind_is_registered_once() -> None:
    assert len(CONTROLS) == len(set(CONTROLS)) == 19
    assert set(POSTED.values()) == set(CONTROLS)


@pytest.mark.parametrize("custom_id", sorted(POSTED))
def test_each_posted_id_is_answered_by_exactly_its_class(custom_id: str) -> None:
    assert matching(custom_id) == [POSTED[custom_id]]


@pytest.mark.parametrize("custom_id", ["mesa:zzz:1:3", "mesa:inv:1:1:", "mesa:mine:x:3", "mesasel:1:3:zzz",
                                       "mesalb:1:Kona:2", "mesa:pick:1:3:other", "mesa:learn:kona:2:zzz",
                                       "mesa:learn:Kona:2:pick", "mesasel:learn:kona:x"])
def test_ids_no_mesa_posts_are_answered_by_none(custom_id: str) -> None:
    assert matching(custom_id) == []


def test_the_classes_make_the_same_ids_as_ever() -> None:
    made = [
        InvitationButton(1, 1, "accept"), PickButton(1, 3), BackButton(1, 3), MoveButton(1, 3, "a6-d3"),
        MineButton(1, 3), ResignButton(1, 3, "ask"), DrawButton(1, 3, "yes"), RematchButton(1, 9),
        BuildButton(4, 2, "shuffle"), RulesButton("kona"), PickSelect(1, 3), QuickSelect(7, 12),
        PageButton(100000000000000001, "kona", 2),
    ]
    assert [item.custom_id for item in made] == [
        "mesa:inv:1:1:accept", "mesa:pick:1:3", "mesa:pick:1:3:back", "mesa:mv:1:3:a6-d3", "mesa:mine:1:3",
        "mesa:resign:1:3:ask", "mesa:draw:1:3:yes", "mesa:rematch:1:9", "mesa:build:4:2:shuffle",
        "mesa:rules:0:0:kona", "mesasel:1:3:pick", "mesasel:7:12:quick", "mesalb:100000000000000001:kona:2",
    ]


def test_a_custom_id_longer_than_discord_allows_is_refused() -> None:
    with pytest.raises(ValueError):
        MoveButton(1, 3, "x" * 100)
