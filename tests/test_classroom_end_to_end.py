"""A classroom end to end: a real Mosquitto run with exactly what ``mathstation broker setup``
wrote (users, passwords, ACL), four stations as processes of their own (the real journal,
referee, link and member, their games played by virtual players), and the real class dashboard.
Games are played at every table while the dashboard is closed, the broker is killed in the middle (as a power cut: it loses
what it had not saved) and started again while games end, one
station is killed with SIGKILL half-way through a game and started again on its own journal; at
the end every ended game of every table is in the dashboard's history exactly once, with its
players and the outcome its actions replay to."""

from __future__ import annotations

import csv
import io
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from broker import free_port
from classroom_helpers import PIN
from waiting import PATIENCE, eventually
from web_helpers import signed_in

from engine.rules import replay
from station.classroom.dashboard.server import Dashboard
from station.classroom.dashboard.settings import Settings
from station.cli import main
from station.games import plugins
from station.history_summary import csv_fields, csv_row
from station.store import Journal, summarise

ROOT = Path(__file__).resolve().parents[1]
CLASS = "room-5"
#: each table's games, in order (game:seed:players); table-4 is the one killed half-way through its second
TABLES = {
    "table-1": ["math-wars:1:Ana,Ben", "sum:2:Ana,Ben,Cleo", "big-bang:3:Ben,Ana"],
    "table-2": ["math-rush:4:Dev,Eli", "whos-counting:5:Eli,Dev", "math-wars:6:Dev,Eli"],
    "table-3": ["big-bang:7:Fay,Gus", "sum:8:Gus,Fay", "math-rush:9:Fay,Gus"],
    "table-4": ["sum:10:Hal,Ivy", "math-wars:11:Ivy,Hal", "sum:12:Hal,Ivy,Ana"],
}
KILLED = "table-4"
FIELDS = csv_fields(plugins())

pytestmark = pytest.mark.slow


class StationProcess:
    """tests/classroom_station_process.py on its own journal; what it says goes to a file."""

    def __init__(self, folder: Path, config: Path, games: list[str], hold_after: int | None) -> None:
        self.folder, self.config, self.games, self.hold_after = folder, config, games, hold_after
        self.process: subprocess.Popen[bytes] | None = None
        self.runs = 0

    def start(self, hold_after: int | None = None) -> StationProcess:
        self.runs += 1
        command = [sys.executable, str(ROOT / "tests" / "classroom_station_process.py"), "--config", str(self.config),
                   "--state", str(self.folder), *[f"--game={spec}" for spec in self.games]]
        if hold_after is not None:
            command += ["--hold-after", str(hold_after)]
        with open(self.folder.parent / f"{self.folder.name}-{self.runs}.out", "wb") as out:
            self.process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                            env={**os.environ, "PYTHONPATH": str(ROOT)})
        return self

    def said(self) -> list[str]:
        path = self.folder.parent / f"{self.folder.name}-{self.runs}.out"
        return path.read_text(errors="replace").splitlines() if path.exists() else []

    def saying(self, word: str) -> list[str]:
        assert self.process is not None
        if self.process.poll() is not None:
            raise AssertionError(f"{self.folder.name} stopped ({self.process.returncode}): " + "\n".join(self.said()[-30:]))
        return [line.split(" ", 1)[-1] for line in self.said() if line.split(" ", 1)[0] == word]

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=PATIENCE)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def ended_games(folder: Path) -> dict[str, object]:
    """The station's own journal: each ended game by its uid."""
    with Journal(folder / "journal.sqlite3", readonly=True) as journal:
        return {game.uid: game for game in journal.games() if game.status != "playing"}


def test_every_game_of_four_tables_reaches_the_dashboard_once_through_a_broker_restart_and_a_kill(
        tmp_path, broker_factory):
    port = free_port()
    out = tmp_path / "broker"
    assert main(["broker", "setup", "--class", CLASS, "--stations", ",".join(TABLES), "--out", str(out),
                 "--host", "127.0.0.1", "--port", str(port)]) == 0
    broker = broker_factory(config=(out / "mathstation.conf").read_text(), port=port, autosave=None)
    teacher = (out / "teacher.password").read_text().splitlines()[0]
    (tmp_path / "dashboard").mkdir()
    (tmp_path / "dashboard" / "web-pin").write_text(PIN + "\n")

    def open_dashboard() -> Dashboard:
        opened = Dashboard(Settings(class_name=CLASS, host="127.0.0.1", port=port, user="teacher", password=teacher,
                                    bind="127.0.0.1", page_port=0, state_dir=tmp_path / "dashboard"), plugins())
        opened.start()
        return opened

    dashboard = open_dashboard()     # the teacher opens the dashboard once (the broker keeps its session) ...
    eventually(lambda: dashboard.link.online, "the dashboard connected")
    dashboard.stop()                 # ... and closes it while the class plays
    try:
        journals: dict[str, dict[str, object]] = {}
        every_uid: set[str] = set()
        stations = {name: StationProcess(tmp_path / name, out / f"station-{name}.toml", games, 1)
                    for name, games in TABLES.items()}
        try:
            for station in stations.values():
                station.start(hold_after=1)
            # every table has ended one game and is half-way through its second
            eventually(lambda: all(s.saying("holding") for s in stations.values()), "every table half-way through a game")

            broker.kill()                                      # the broker loses its power ...
            for name, station in stations.items():             # ... while three tables end their games
                if name != KILLED:
                    (station.folder / "go").touch()
            eventually(lambda: all(s.saying("done") for n, s in stations.items() if n != KILLED),
                       "three tables done while the broker was away")
            killed = stations[KILLED]
            assert killed.process is not None
            killed.process.send_signal(signal.SIGKILL)         # table 4 dies half-way through its game
            killed.process.wait()
            broker.start()                                     # the broker is back, with what it had saved
            killed.start()                                     # and table 4 again, on its journal
            dashboard = open_dashboard()                       # and the teacher opens the dashboard again
            eventually(lambda: killed.saying("done"), "table 4 done after its restart")

            journals = {name: ended_games(station.folder) for name, station in stations.items()}
            every_uid = {uid for games in journals.values() for uid in games}
            assert len(every_uid) == sum(len(games) for games in TABLES.values())   # each table's list, once each
            eventually(lambda: {k.record["uid"] for k in dashboard.store.records()} >= every_uid,
                       "every table's games in the dashboard's store", patience=3 * PATIENCE)
        finally:
            for station in stations.values():
                station.stop()
        check_history(dashboard, journals, every_uid)
    finally:
        dashboard.stop()


def check_history(dashboard: Dashboard, journals: dict[str, dict[str, object]], every_uid: set[str]) -> None:
    """Each ended game once in the store and on the history page, as its station's journal has it."""
    kept = dashboard.store.records()
    assert sorted(k.record["uid"] for k in kept) == sorted(every_uid)           # nothing else, nothing twice
    answer = signed_in(dashboard.app).get("/history.csv")
    rows = list(csv.DictReader(io.StringIO(answer.get_data(as_text=True))))
    assert sorted(row["uid"] for row in rows) == sorted(every_uid)            # the page's history: once each
    by_uid = {row["uid"]: row for row in rows}
    for name, games in journals.items():
        for uid, game in games.items():
            record = next(k.record for k in kept if k.record["uid"] == uid)
            assert record["station"] == name
            assert record["status"] == game.status == "finished"              # even the game killed half-way
            assert record["config"]["players"] == game.config["players"]
            assert record["actions"] == game.actions
            outcome = replay(record["config"], record["actions"])[0].outcome()
            assert outcome.over and outcome == replay(game.config, game.actions)[0].outcome()
            own = dict(zip(FIELDS, csv_row(summarise(game, plugins()), FIELDS)))   # the station's own history
            shown = by_uid[uid]
            assert [shown[k] for k in ("game", "players", "winner", "scores", "status")] == \
                [own[k] for k in ("game", "players", "winner", "scores", "status")]
