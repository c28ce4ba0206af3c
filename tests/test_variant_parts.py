"""Discord's ``variant`` option holds a game's options, ``preset=basic, teams=true``; the console's ``/play`` and
``/tournament create`` read it too.  One reading (``tables.table_options.variant_parts``), each front end refusing
a malformed one in its own words."""

from __future__ import annotations

import pytest

from cogs.handling import Refusal
from cogs.play import parse_variant
from console_areas.common import variant_options
from tables.errors import TableError
from tables.table_options import variant_parts


def test_the_parts_in_the_order_written_separated_by_commas_or_semicolons() -> None:
    assert variant_parts(" preset=basic, teams = true;thief=next ,") == [
        ("preset", "basic"), ("teams", "true"), ("thief", "next")]
    assert variant_parts("") == [] and variant_parts("a=b=c") == [("a", "b=c")]
    for bad in ("basic", "preset=", "=basic", "preset=basic, teams"):
        with pytest.raises(ValueError):
            variant_parts(bad)


def test_each_front_end_refuses_a_malformed_one_in_its_own_words() -> None:
    assert parse_variant("preset=basic, preset=advanced") == {"preset": "advanced"}  # Discord: the last, as before
    with pytest.raises(Refusal) as discord:
        parse_variant("preset")
    assert discord.value.key == "err.bad_variant"
    assert variant_options("Preset=basic; teams-x=1") == {"preset": "basic", "teams_x": "1"}
    for bad, key in (("preset", "console.bad_variant"), ("pre set=basic", "console.bad_variant"),
                     ("preset=basic, preset=advanced", "console.option_twice")):
        with pytest.raises(TableError) as console:
            variant_options(bad)
        assert console.value.key == key
