"""The text inside a card's QR code: short, versioned, and strict.

A payload names the game, the deck copy and the card, e.g. ``MCS1-MW-A-N37``:

- ``MCS`` marks it as ours, ``1`` is the payload version (no leading zeros: each card has
  exactly one payload, so a misread can never name a card by another spelling);
- ``MW`` is the game's two-letter code, ``A`` the deck copy (several sets can share a table),
  ``N37`` the card's code within the game (1–6 letters and digits).

Only QR alphanumeric characters are used (uppercase, digits, ``-``), and at most 16 of them, so
every payload fits a version 1 QR code at error level Q — the largest modules for a given size.

>>> str(PayloadParts("MW", "A", "N37"))
'MCS1-MW-A-N37'
>>> split_payload("MCS1-MW-A-N37")
PayloadParts(game_code='MW', copy='A', card_code='N37')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import MalformedPayload, UnknownVersion

PREFIX = "MCS"
VERSION = 1
MAX_LENGTH = 16  # QR version 1, error correction Q, alphanumeric mode

# One spelling per card: a version is written without leading zeros (``MCS01`` is no ``MCS1``),
# and every class is ASCII only, so no other text can name the same card.
_SHAPE = re.compile(r"MCS(?P<version>0|[1-9][0-9]*)-(?P<game>[A-Z]{2})-(?P<copy>[A-Z])-(?P<card>[A-Z0-9]{1,6})")
_CARD_CODE = re.compile(r"[A-Z0-9]{1,6}")


@dataclass(frozen=True)
class PayloadParts:
    """The three names a payload carries, before the catalog says whether they exist."""

    game_code: str
    copy: str
    card_code: str

    def __post_init__(self) -> None:
        if not re.fullmatch(r"[A-Z]{2}", self.game_code):
            raise ValueError(f"game code {self.game_code!r} must be two uppercase letters")
        if not re.fullmatch(r"[A-Z]", self.copy):
            raise ValueError(f"deck copy {self.copy!r} must be one uppercase letter")
        if not _CARD_CODE.fullmatch(self.card_code):
            raise ValueError(f"card code {self.card_code!r} must be 1–6 uppercase letters or digits")

    def __str__(self) -> str:
        return f"{PREFIX}{VERSION}-{self.game_code}-{self.copy}-{self.card_code}"


def split_payload(text: object) -> PayloadParts:
    """Split a QR payload into its parts, or raise a typed ``PayloadError`` saying why not."""
    if not isinstance(text, str):
        raise MalformedPayload(repr(text), "not text")
    if not text:
        raise MalformedPayload(text, "empty")
    if len(text) > MAX_LENGTH or not text.startswith(PREFIX):
        raise MalformedPayload(text, "not a Math Card Station card")
    match = _SHAPE.fullmatch(text)
    if match is None:
        raise MalformedPayload(text, "looks like ours but is damaged or mistyped")
    if int(match["version"]) != VERSION:
        raise UnknownVersion(
            text, f"payload version {match['version']} is not known here (this station reads version {VERSION}); "
            "update the station or reprint the card"
        )
    return PayloadParts(match["game"], match["copy"], match["card"])
