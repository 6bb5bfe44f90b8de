"""The engine's exceptions: one small hierarchy so callers catch the general or the specific.

Every message names the offending value and, where there is one, the fix. Several classes also
inherit ``ValueError`` so code that only knows the standard library still catches them.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base class of every error the engine raises."""


class NumberFormatError(EngineError, ValueError):
    """Text that is not a number the engine can read exactly (e.g. ``'1/0'``, ``'3..5'``)."""


class CatalogError(EngineError):
    """A deck manifest that is missing, unreadable or inconsistent (a packaging bug, not a user one)."""


class PayloadError(EngineError, ValueError):
    """A QR payload that does not name a card of ours. Subclasses say why."""

    def __init__(self, payload: str, reason: str) -> None:
        super().__init__(f"QR code {payload!r}: {reason}")
        self.payload = payload
        self.reason = reason


class MalformedPayload(PayloadError):
    """Not shaped like a Math Card Station payload at all (a poster's QR code, a damaged read)."""


class UnknownVersion(PayloadError):
    """Shaped like ours but from a payload version this station does not know."""


class UnknownGame(PayloadError):
    """Names a game code this station does not know."""


class UnknownCard(PayloadError):
    """Names a known game but a card or deck copy that game does not have."""


class ConfigError(EngineError, ValueError):
    """A game configuration the engine cannot start a game from."""


class ActionError(EngineError, ValueError):
    """A malformed action: unknown type, missing or mistyped field, unknown player.

    A *rule-breaking* play is not an ActionError: it is judged and answered with a violation
    event. ActionError means the caller (the station, a journal, a replay file) sent nonsense.
    """
