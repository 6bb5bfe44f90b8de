"""``mathstation run`` with ``[classroom]``: a broker that is down at start never stops the
station, which says "Class offline" and joins the class when the broker comes; without the
section the station plays alone, as before (no connection is tried)."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest
from classroom_station_helpers import ACL, CLASS, USERS, Watcher, publish
from waiting import eventually
from test_daemon import ROOT, datagrams, laptop_config

from station.classroom import topics
from station.hardware.buttons import Press
from station.store import Journal


def start(config, *extra: str, notify=None) -> subprocess.Popen:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), **({"NOTIFY_SOCKET": str(notify)} if notify else {})}
    return subprocess.Popen([sys.executable, "-m", "station", "run", "--config", str(config), *extra], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.slow
def test_a_station_started_while_its_broker_is_down_referees_and_joins_the_class_when_it_comes(tmp_path, broker_factory):
    broker = broker_factory(users=USERS, acl=ACL)
    broker.stop()
    (tmp_path / "state").mkdir()
    with Journal(tmp_path / "state" / "journal.sqlite3") as journal:   # a game played alone before
        journal.finish(journal.start_game({"game": "math-wars", "players": ["Ana", "Ben"]}))
    config = laptop_config(tmp_path, classroom=f'broker = "127.0.0.1"\nport = {broker.port}\nclass = "{CLASS}"\n'
                                               f'station = "table-1"\npassword = "{USERS["table-1"]}"')
    notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    notify.bind(str(tmp_path / "notify"))
    process = start(config, notify=tmp_path / "notify")
    try:
        assert any(b"STATUS=refereeing; Class offline" in g for g in datagrams(notify, b"Class offline"))
        assert process.poll() is None                   # the station runs without its broker
        broker.start()
        watcher = Watcher(broker, f"{topics.class_root(CLASS)}/stations/#")
        live = eventually(lambda: [p for p in watcher.payloads() if p.get("state") == "idle"])
        assert live[-1]["station"] == "table-1"
        record = eventually(lambda: [p for p in watcher.payloads() if "uid" in p])[0]
        assert record["status"] == "finished"           # the earlier game, sent once it joined
        publish(broker, topics.roster(CLASS), {"v": 1, "names": ["Zoë", "Ana"], "at": ""})
        eventually(lambda: (tmp_path / "state" / "class-roster.json").exists())
        assert any(b"STATUS=refereeing; Class online" in g for g in datagrams(notify, b"Class online"))
        watcher.close()
    finally:
        process.terminate()
        _, err = process.communicate(timeout=60)
        notify.close()
    assert process.returncode == 0, err
    assert "class room-12: station table-1" in err
    assert "Traceback" not in err


def test_without_a_classroom_section_no_connection_is_tried(tmp_path):
    process = start(laptop_config(tmp_path), "--max-seconds", "2")
    _, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    assert "class" not in err.lower() or "class list" in err.lower()
    assert "broker" not in err


def test_the_menu_says_whether_the_class_is_reached():
    from station.games import plugins
    from station.ui.controller import Controller
    from station.ui.views import VerdictView

    status = ["Class offline"]
    controller = Controller(plugins(), {}, lambda: 1)
    controller.classroom = lambda: (status[0], VerdictView("info", status[0], "room-12 on teacher.local"))
    assert controller.view(0, None, 0).items[-1] == "Class offline"
    status[0] = "Class online"
    assert controller.view(0, None, 0).items[-1] == "Class online"


def test_in_a_class_setup_seats_the_class_list_kept_on_disk_else_the_stations_own(tmp_path):
    from station.classroom.link import Link
    from station.classroom.member import CLASS_ROSTER_NAME, ClassRoster, Member
    from station.config import load_config
    from station.daemon import Daemon
    from station.games import plugins
    from station.systemd_notify import Notifier

    daemon = Daemon(load_config(laptop_config(tmp_path), plugins()), Notifier())
    with Journal(tmp_path / "journal.sqlite3") as journal:
        names = daemon._roster_names(journal)
        daemon.roster.add("Local Kid")
        link = Link(host="127.0.0.1", port=1, class_name=CLASS, station="table-1", username="u", password="p")
        daemon.member = Member(link, journal, title="Table 1", roster=ClassRoster(tmp_path / CLASS_ROSTER_NAME))
        assert names() == ["Local Kid"]                  # no class list received yet: the station's own
        daemon.member.roster.keep(["Zoë", "Ana"], "")    # the last one the teacher published (a start without the broker)
        assert names() == ["Zoë", "Ana"]
        daemon.roster.close()


def test_a_spanish_station_s_menu_says_whether_the_class_is_reached_in_spanish(tmp_path):
    """The menu's last item is in the station's language, as every other item is (it said
    "Class offline" on a Spanish station)."""
    from types import SimpleNamespace

    from station.config import load_config
    from station.daemon import Daemon
    from station.games import plugins
    from station.i18n import language, set_language
    from station.referee import Referee
    from station.systemd_notify import Notifier

    config = load_config(laptop_config(tmp_path, classroom=f'broker = "127.0.0.1"\nport = 1\nclass = "{CLASS}"\n'
                                                           'station = "table-1"\npassword = "p"'), plugins())
    daemon = Daemon(config, Notifier())
    before = language()
    with Journal(tmp_path / "journal.sqlite3") as journal:
        referee = Referee(config, journal, games=plugins(), seed=lambda: 7)
        member = daemon._classroom(SimpleNamespace(referee=referee, board=None), journal)
        try:
            set_language("es")
            menu = referee.controller.view(0, None, 0)
            assert menu.items[-1] == "Clase sin conexión"
            referee.controller.press(Press("select"), 0, None)   # down to the class's item, and open it
            for _n in range(len(menu.items) - 2):
                referee.controller.press(Press("select"), 0, None)
            referee.controller.press(Press("confirm"), 0, None)
            shown = referee.controller.view(0, None, 0)
            assert shown.title == "Clase sin conexión" and shown.detail == f"{CLASS} en 127.0.0.1"
        finally:
            set_language(before)
            member.stop()
