"""How a game's end names its winners (SUM, Who's Counting?): one winner by name; a tie as a tie,
with who shares it, so three long names never run off the 128-pixel screen."""

from __future__ import annotations

from collections.abc import Sequence

from station.i18n import _, ngettext
from station.ui.views import BannerView

NAMED_TIES = 3  # more winners than this are counted, not named: their names would not fit a line


def headline(winners: Sequence[str]) -> str:
    """The live screen's bold line at the end ("Ana won!", "A tie!"); the rows' stars say who."""
    return _("{name} won!", name=winners[0]) if len(winners) == 1 else _("A tie!")


def banner(title: str, winners: Sequence[str], line: str, hint: str) -> BannerView:
    """The end of the game: the winner big, or "A tie!" with who shares it; then ``line`` (the
    points or cards won) and ``hint``, the next step."""
    if len(winners) == 1:
        return BannerView(title, winners[0], (line,), hint)
    shared = ", ".join(winners) if len(winners) <= NAMED_TIES else ngettext("{n} player", "{n} players", len(winners))
    return BannerView(title, _("A tie!"), (shared, line), hint)
