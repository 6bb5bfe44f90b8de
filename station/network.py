"""The station's address on the local network, for the OLED's "Station address" screen: a
teacher plugs the Pi in and reads where to point a browser, without a screen or SSH.

The addresses come from ``ip -j -4 addr`` (iproute2, on every Raspberry Pi OS); the parsing is
apart from the reading so tests give it the text of any machine.
"""

from __future__ import annotations

import json
import socket
import subprocess
from collections.abc import Callable
from dataclasses import dataclass

from station.ui.views import BannerView

IP_COMMAND = ("ip", "-j", "-4", "addr", "show")


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


def address_view(addresses: list[Address], hostname: str, port: int | None = None) -> BannerView:
    """The screen: the address in big digits, the name that works too, and what to do with it."""
    if not addresses:
        return BannerView("Station address", "No network", ("Connect Wi-Fi or a cable",), "Games work without it")
    suffix = f":{port}" if port else ""
    first = addresses[0].ip
    return BannerView("Station address", f"{first}{suffix}", (f"{hostname}.local{suffix}",),
                      "Type it in a browser")


def station_address_view(port: int | None = None) -> BannerView:
    """The screen for this machine, read now (a DHCP lease may have come since boot)."""
    return address_view(read_addresses(), socket.gethostname(), port)
