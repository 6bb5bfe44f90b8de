"""Wrong PINs, counted per device, with a wait that grows: the lock on guessing.

Every way of offering the PIN (the form, the ``X-Station-PIN`` header, on any path) counts here, and
each device has its own count, so one device's guesses never lock another out. ``TIERS`` are
windows counted by the ``limits`` library (which Flask-Limiter is built on), each opened by the
device's first wrong PIN in it: 5 wrong PINs a minute, 10 a quarter of an hour, 20 an hour, 40 a
day; past one, the device waits until that window closes, so each wait is longer than the last.
At 40 a day a device would need some 34 years to try half of the million PINs. A right PIN
forgets the device's earlier typos.

Fixed windows, not moving ones: limits 2.x (Debian bookworm's) reports a moving window's end from
its newest entry, so the page would announce a longer wait than it keeps.
"""

from __future__ import annotations

import ipaddress
import math
import time

from limits import parse_many
from limits.storage import MemoryStorage
from limits.strategies import FixedWindowRateLimiter

from station.i18n import ngettext

TIERS = "5 per minute; 10 per 15 minutes; 20 per hour; 40 per day"


class Guard:
    """``wait(device)`` before looking at a PIN it sent; ``failed`` or ``passed`` after."""

    def __init__(self, tiers: str = TIERS) -> None:
        self.tiers = parse_many(tiers)
        self.storage = MemoryStorage()   # held here: limits 2.x (Debian bookworm) keeps only a weak reference
        self.windows = FixedWindowRateLimiter(self.storage)

    def wait(self, device: str) -> int:
        """Whole seconds before ``device`` may offer a PIN again (0: now)."""
        waits = [self.windows.get_window_stats(tier, device)[0] - time.time()
                 for tier in self.tiers if not self.windows.test(tier, device)]
        return max(1, math.ceil(max(waits))) if waits else 0

    def failed(self, device: str) -> None:
        for tier in self.tiers:
            self.windows.hit(tier, device)

    def passed(self, device: str) -> None:
        for tier in self.tiers:
            self.windows.clear(tier, device)


def device_of(address: str | None) -> str:
    """Who counts as one device: its IPv4 address, or its IPv6 /64 (a device may pick any address in it)."""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return address or "unknown"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def in_words(seconds: int) -> str:
    """A wait as the PIN form says it: '60 seconds', '14 minutes', '3 hours'."""
    if seconds <= 90:
        return ngettext("{n} second", "{n} seconds", seconds)
    if seconds <= 90 * 60:
        return ngettext("{n} minute", "{n} minutes", math.ceil(seconds / 60))
    return ngettext("{n} hour", "{n} hours", math.ceil(seconds / 3600))
