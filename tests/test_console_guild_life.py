"""Issue 15, defects 4 and 15 through the offline console (the front end that has ``/abort`` for a
started table): a K3 deal cannot be re-drawn by the host alone, and an invitation expires."""

from __future__ import annotations

from test_console_readme import pipe


def test_a_k3_host_cannot_cancel_after_the_deal_without_everyone() -> None:
    out = pipe(["Ana: /play k3 @Ben", "Ben: /accept", "Ana: /abort table=1", "Ana: /board table=1",
                "Ben: /abort table=1"])
    asked = [line for line in out if "asks to cancel" in line]
    assert len(asked) == 1 and "Ben" in asked[0].split("Still to agree:")[1]
    board_at = next(i for i, line in enumerate(out) if "asks to cancel" in line)
    assert not any("cancelled" in line for line in out[:board_at + 1]), "Ana alone cancelled nothing"
    assert any("Every player agreed" in line and "#1" in line for line in out[board_at:])


def test_an_invitation_expires_on_the_pretend_clock() -> None:
    out = pipe(["Ana: /play kona @Ben", "Ana: /clock +2d", "Ana: /clock +1d1h", "Ben: /accept"])
    expired = [line for line in out if "without starting" in line]
    assert expired, out
    assert out[-1].startswith("[error Ben]"), "too late to accept"
