"""What the games played in timed rounds show and do alike (Math Rush, Big Bang): the tone at the
end of the time, and CONFIRM that starts a round and goes on to the next."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from station.i18n import _
from station.ui.overlays import Overlay
from station.ui.views import BannerView


def time_up(seconds: float) -> Overlay:
    """"Time is up!": a result CONFIRM only puts away (it must not deal the next round unread)."""
    return Overlay(BannerView(_("Time is up!"), _("Stop!"), (_("Hands off the cards"),)), seconds=seconds,
                   signal="attention", kind="result")


def round_step(state: Mapping[str, Any]) -> dict[str, Any] | None:
    """CONFIRM before a round starts it, after one deals the next; None while one is played (or
    the game is over)."""
    if state["over"]:
        return None
    return {"setup": {"type": "start"}, "round_over": {"type": "next_round"}}.get(state["phase"])
