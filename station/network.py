"""The station's address on the local network, for the OLED's "Station address" screen: a
teacher plugs the Pi in and reads exactly what to type in a browser (``http://ADDRESS:PORT``, the
address the teacher's page listens on), or that the page is off or open on this station only,
without a screen or SSH.

The addresses come from ``ip -j -4 addr`` (iproute2, on every Raspberry Pi OS); the parsing is
apart from the reading so tests give it the text of any machine.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from dataclasses import dataclass

from station.i18n import _
from station.ui.views import BannerView

IP_COMMAND = ("ip", "-j", "-4", "addr", "show")


@dataclass(frozen=True)
class Page:
    """Where the teacher's page listens (``[web] bind``, and the port it was given)."""

    bind: str
    port: int

    @property
    def local_only(self) -> bool:
        """Bound to loopback: only a browser on the station itself can open it."""
        return self.bind.startswith("127.") or self.bind in ("::1", "localhost")

    @property
    def everywhere(self) -> bool:
        return self.bind in ("0.0.0.0", "::", "")


@dataclass(frozen=True)
class Address:
    interface: str  # eth0, wlan0
    ip: str


def parse_ip_json(text: str) -> list[Address]:
    """The IPv4 addresses others on the network can reach, wired before wireless as ``ip`` lists
    them: not loopback, not a link-local 169.254 address (no DHCP answered)."""
    found = []
    for link in json.loads(text or "[]"):
        if "LOOPBACK" in link.get("flags", ()) or "UP" not in link.get("flags", ("UP",)):
            continue
        for info in link.get("addr_info", ()):
            ip = info.get("local", "")
            if info.get("family") == "inet" and ip and not ip.startswith(("127.", "169.254.")):
                found.append(Address(link.get("ifname", "?"), ip))
    return found


def read_addresses(run: Callable[..., subprocess.CompletedProcess[str]] = subprocess.run) -> list[Address]:
    """This machine's addresses now; none when ``ip`` is missing or fails (then the screen says so)."""
    try:
        done = run(IP_COMMAND, capture_output=True, text=True, timeout=3, check=False)
        return parse_ip_json(done.stdout) if done.returncode == 0 else []
    except (OSError, subprocess.SubprocessError, ValueError):
        return []


def address_view(addresses: list[Address], page: Page | None) -> BannerView:
    """The screen: ``http://`` over the address and port in big text (the two read as one line to
    type; a whole address does not fit the OLED's width on one), and what to do with it. With the
    page off, the address and that it is off; bound to this machine only, that address and so."""
    if page is not None and page.local_only:
        return BannerView(_("Teacher page"), f"http://\n{page.bind}:{page.port}", (_("On this station only"),),
                          _("Others: bind {address}", address="0.0.0.0"))
    if page is not None and not page.everywhere:
        return BannerView(_("Teacher page"), f"http://\n{page.bind}:{page.port}", (), _("Type it in a browser"))
    if not addresses:
        return BannerView(_("Station address"), _("No network"), (_("Connect Wi-Fi or a cable"),),
                          _("Games work without it"))
    first = addresses[0].ip
    if page is None:
        return BannerView(_("Station address"), first, (_("Teacher page is off"),),
                          _("Turn it on in {file}", file="station.toml"))
    return BannerView(_("Teacher page"), f"http://\n{first}:{page.port}", (), _("Type it in a browser"))


def teacher_page_view(addresses: list[Address], page: Page, pin: str) -> BannerView:
    """The menu's Teacher page: the same address to type as the Station address screen, and the
    PIN the page asks for."""
    shown = address_view(addresses, page)
    return BannerView(shown.title, shown.big, (_("PIN {pin}", pin=pin),), shown.hint)


def station_address_view(page: Page | None = None) -> BannerView:
    """The screen for this machine, read now (a DHCP lease may have come since boot)."""
    return address_view(read_addresses(), page)
