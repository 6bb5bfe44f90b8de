"""The station's address on the OLED: read from the network interfaces (here a made-up machine's
`ip -j -4 addr`), shown over the menu when no game resumes and on the menu's last item, in words
that fit the screen and say what to do with it."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from station.config import load_config
from station.hardware.buttons import Press
from station.network import Address, address_view, parse_ip_json, read_addresses
from station.referee import Referee
from station.store import Journal
from station.ui.screens import compose
from station.ui.views import BannerView, MenuView


def link(name: str, *ips: str, flags=("BROADCAST", "UP", "LOWER_UP")) -> dict:
    return {"ifname": name, "flags": list(flags),
            "addr_info": [{"family": "inet", "local": ip, "prefixlen": 24} for ip in ips]}


A_PI = json.dumps([link("lo", "127.0.0.1", flags=("LOOPBACK", "UP")), link("eth0", "169.254.7.3"),
                   link("wlan0", "192.168.1.23"), link("usb0", "10.0.0.9", flags=("BROADCAST",))])


def test_only_addresses_others_can_reach_are_kept():
    assert parse_ip_json(A_PI) == [Address("wlan0", "192.168.1.23")]  # not loopback, link-local, or a link down
    assert parse_ip_json("[]") == []


def test_a_machine_without_ip_or_whose_ip_fails_has_no_address():
    def missing(*args, **kwargs):
        raise FileNotFoundError("ip")

    assert read_addresses(missing) == []
    assert read_addresses(lambda *a, **k: subprocess.CompletedProcess(a, 1, "", "error")) == []
    assert read_addresses(lambda *a, **k: subprocess.CompletedProcess(a, 0, A_PI, "")) == [Address("wlan0", "192.168.1.23")]


def test_the_address_screen_says_the_address_the_name_and_what_to_do_whole():
    view = address_view(parse_ip_json(A_PI), "mathstation", 8080)
    texts = compose(view).texts()
    assert texts == ["Station address", "192.168.1.23:8080", "mathstation.local:8080", "Type it in a browser"]
    assert not any("…" in item.shown for item in compose(view).items if item.kind == "text")
    offline = compose(address_view([], "mathstation")).texts()
    assert "No network" in offline and "Games work without it" in offline


def referee(tmp_path: Path) -> Referee:
    return Referee(load_config(None), Journal(tmp_path / "journal.sqlite3"), seed=lambda: 1,
                   address=lambda: address_view(parse_ip_json(A_PI), "mathstation"))


def test_at_first_boot_the_address_shows_over_the_menu_until_a_button_is_pressed(tmp_path):
    ref = referee(tmp_path)
    assert not ref.resume(0.0)
    ref.controller.show_address()  # what the daemon does when no game resumes
    shown = ref.screen(0.0)
    assert isinstance(shown, BannerView) and shown.big == "192.168.1.23"
    assert isinstance(ref.screen(600.0), BannerView)  # it stays: nobody may be looking yet
    ref.press(Press("select"), 601.0)
    assert isinstance(ref.screen(601.0), MenuView)


def test_the_menu_s_last_item_shows_the_address_again(tmp_path):
    ref = referee(tmp_path)
    menu = ref.screen(0.0)
    assert isinstance(menu, MenuView) and menu.items[-1] == "Station address"
    for _ in range(len(menu.items) - 1 - menu.selected):
        ref.press(Press("select"), 0.0)
    assert ref.screen(0.0).items[ref.screen(0.0).selected] == "Station address"
    ref.press(Press("confirm"), 0.0)
    assert ref.screen(0.0).title == "Station address"
    ref.press(Press("confirm"), 1.0)
    assert isinstance(ref.screen(1.0), MenuView)
    ref.press(Press("select"), 2.0)
    assert ref.screen(2.0).selected == 0  # round to the first game
