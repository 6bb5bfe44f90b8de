"""The QR code of a card payload, as a grid of modules to draw as vector squares."""

from __future__ import annotations

import segno

from station.printables.geometry import QR_MODULES


class PayloadTooLong(ValueError):
    """The payload does not fit a version 1 QR code at error level Q."""


def qr_modules(payload: str) -> list[list[bool]]:
    """Dark (True) and light modules of ``payload`` at version 1, level Q, no quiet zone.

    Version and level are fixed, not "the smallest that fits": every card's code has the same
    module size, so the camera's reach is the same for every card.
    """
    try:
        code = segno.make_qr(payload, version=1, error="q", boost_error=False)
    except segno.DataOverflowError as exc:
        raise PayloadTooLong(f"payload {payload!r} does not fit a version 1 QR code at level Q") from exc
    rows = [[bool(dark) for dark in row] for row in code.matrix]
    assert len(rows) == QR_MODULES
    return rows
