"""Where the cards of an expression or equation lie along a mat's strip, for table scripts (demos
and still tables) of the games that read a strip (Who's Counting?, SUM).

Cards are laid in reading order for the player who lays them, each a little over the last so its
top-left code stays in view: a player at the near side reads the mat left to right, one at the
far side right to left.
"""

from __future__ import annotations

from station.printed.cards import CODE_MM, QUIET_MM
from station.table.mat import MatLayout

CARD_STEP_MM = 56.0  # from one card's centre to the next when the strip has room
TIGHTEST_STEP_MM = CODE_MM + 2 * QUIET_MM + 1.4  # closer, the next card would cover the last one's code
FIRST_MM = 48.0  # from the strip's start to the first card's centre


class StripFull(ValueError):
    """More cards than fit along the strip with every card's code in view."""


def strip_spots(mat: MatLayout, facing: float, count: int, *, zone: str = "strip",
                spill: float = 0.0) -> list[tuple[float, float]]:
    """Where ``count`` cards lie along ``zone``, in reading order for a player facing ``facing``
    (0: the near side, left to right on the mat; 180: the far side, right to left). The cards
    close up when the strip is short; the last card's centre may lie up to ``spill`` mm past
    the usual end (a card a little over the box beside the strip is still read on the strip)."""
    strip = mat.zone(zone)
    room = strip.w - 2 * FIRST_MM + spill
    step = CARD_STEP_MM if count < 2 else min(CARD_STEP_MM, room / (count - 1))
    if step < TIGHTEST_STEP_MM:
        raise StripFull(f"{count} cards do not fit along the {zone} ({strip.w:g} mm) with every code in view")
    y = strip.y + strip.h / 2
    if facing == 0:
        return [(strip.x + FIRST_MM + k * step, y) for k in range(count)]
    return [(strip.x + strip.w - FIRST_MM - k * step, y) for k in range(count)]
