"""The station's address on the OLED: read from the network interfaces (here a made-up machine's
`ip -j -4 addr`), shown over the menu when no game resumes and on the menu's last item, in words
that fit the screen and say what to do with it."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from station.config import load_config
from station.games import plugins
from station.hardware.buttons import Press
from station.network import Address, Page, address_view, parse_ip_json, read_addresses, teacher_page_view
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


def whole(view: BannerView) -> list[str]:
    """The screen's texts, each checked whole (nothing cut with "…")."""
    screen = compose(view)
    assert not any(item.shown != item.wanted for item in screen.items if item.kind == "text"), screen.texts()
    return screen.texts()


def test_the_address_screen_shows_exactly_what_a_browser_must_type_whole():
    texts = whole(address_view(parse_ip_json(A_PI), Page("0.0.0.0", 8080)))
    assert texts == ["Teacher page", "http://", "192.168.1.23:8080", "Type it in a browser"]
    assert "".join(texts[1:3]) == "http://192.168.1.23:8080"
    longest = whole(address_view([Address("wlan0", "192.168.100.230")], Page("0.0.0.0", 65535)))
    assert "".join(longest[1:3]) == "http://192.168.100.230:65535"


def test_the_menu_s_teacher_page_shows_what_to_type_and_the_pin_whole():
    texts = whole(teacher_page_view(parse_ip_json(A_PI), Page("0.0.0.0", 8080), "4821"))
    assert texts == ["Teacher page", "http://", "192.168.1.23:8080", "PIN 4821", "Type it in a browser"]
    alone = whole(teacher_page_view(parse_ip_json(A_PI), Page("127.0.0.1", 65535), "4821"))
    assert "".join(alone[1:3]) == "http://127.0.0.1:65535" and "PIN 4821" in alone


def test_a_page_bound_to_one_address_shows_that_one():
    texts = whole(address_view(parse_ip_json(A_PI), Page("10.0.0.9", 8081)))
    assert "".join(texts[1:3]) == "http://10.0.0.9:8081"


def test_a_page_bound_to_this_machine_only_says_so():
    texts = whole(address_view(parse_ip_json(A_PI), Page("127.0.0.1", 8080)))
    assert "".join(texts[1:3]) == "http://127.0.0.1:8080"
    assert "On this station only" in texts and "192.168.1.23:8080" not in texts   # not an address it is not on


def test_with_the_page_off_the_address_says_so_and_no_port():
    texts = whole(address_view(parse_ip_json(A_PI), None))
    assert texts[:3] == ["Station address", "192.168.1.23", "Teacher page is off"]
    assert not any(":" in text or "http" in text for text in texts)
    offline = whole(address_view([], Page("0.0.0.0", 8080)))
    assert "No network" in offline and "Games work without it" in offline


def test_the_daemon_s_address_screen_is_where_its_page_listens(tmp_path, monkeypatch):
    import signal

    from test_daemon import laptop_config
    from test_web_port import free_port

    from station.config import load_config as load
    from station.daemon import Daemon
    from station.systemd_notify import Notifier

    monkeypatch.setenv("NOTIFY_SOCKET", "")
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGINT)}
    port = free_port()
    config = load(laptop_config(tmp_path, web=f'enabled = true\nport = {port}\nbind = "127.0.0.1"'), plugins())
    daemon = Daemon(config, Notifier())
    try:
        assert daemon.serve(max_seconds=0) == 0
    finally:
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
    texts = whole(daemon.referee.controller.address())
    assert "".join(texts[1:3]) == f"http://127.0.0.1:{port}"
    assert "On this station only" in texts


def referee(tmp_path: Path) -> Referee:
    return Referee(load_config(None, plugins()), Journal(tmp_path / "journal.sqlite3"), games=plugins(), seed=lambda: 1,
                   address=lambda: address_view(parse_ip_json(A_PI), None))


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
