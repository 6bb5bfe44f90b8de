"""A classroom under load: N stations end their games into one real Mosquitto and the class dashboard.

    nice .venv/bin/python bench/classroom.py                        # 30 stations, 5 games each, broker killed 10 s
    nice .venv/bin/python bench/classroom.py --quick                # 8 stations, 3 games each
    nice .venv/bin/python bench/classroom.py --stations 30 --games 5 --outage 20

The broker is a real Mosquitto on loopback, run with exactly what ``mathstation broker setup``
writes for the class (a user and password per station, the ACL, no anonymous access,
persistence). Each station is the real Journal, Referee, Link and Member of a station (in
threads of this process, each with its own journal file), ticked every 0.1 s as a station's
main loop at 10 frames a second; its games are five games in turn, played by each game's virtual
players through the referee at accelerated time (a few actions a tick). The dashboard is the
real one (``Dashboard``: its store, its link, its page).

Measured, for each game: from its end (the referee's ``end()`` has committed it in the journal)
to the moment the dashboard's store has kept it. Three runs, in one process, so the machine's
load weighs alike on all:

1. the baseline: a raw paho QoS 1 publish -> the teacher's subscription receiving it, on the same
   broker (what the network and the broker cost by themselves);
2. one station ending its games alone (what our outbox, link and store add);
3. N stations at once; half-way (once half the games have ended) the broker is killed (SIGKILL,
   as a power cut; ``--outage-by stop`` for a service stop) and kept away ``--outage`` seconds,
   then started again: games ended while it was away wait in the outboxes, and the catch-up time
   is from its restart to the last of them kept. After its first game, every 4th station is cut
   off: its process killed (paho's thread and socket dropped, no goodbye) and started again on its
   journal; every 4th other one is started again with a wrong password, so the broker refuses it
   for ``--refused`` seconds while it plays on, then killed and started with the right one. At three
   quarters of the games the dashboard is stopped and started again on its store.

Then: lost (ended in a journal, never in the dashboard's store), duplicated (kept more than once)
and how many copies the broker delivered twice (kept once). Reported as a short table, ending with
one line: ``stations N games G delivered D lost L duplicated K verdict-to-dashboard p50 X ms p95 Y ms``
(the latencies of the games whose trip no fault crossed; the table has the others).
"""

from __future__ import annotations

import argparse
import json
import logging
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import paho.mqtt.client as mqtt  # noqa: E402

from engine.rules import new_game  # noqa: E402
from station.classroom import topics  # noqa: E402
from station.classroom.broker_setup import Setup, write  # noqa: E402
from station.classroom.dashboard.server import Dashboard  # noqa: E402
from station.classroom.dashboard.settings import Settings  # noqa: E402
from station.classroom.link import Link  # noqa: E402
from station.classroom.member import CLASS_ROSTER_NAME, ClassRoster, Member  # noqa: E402
from station.config import load_config  # noqa: E402
from station.games import plugin, plugins  # noqa: E402
from station.referee import Referee  # noqa: E402
from station.store import Journal  # noqa: E402

CLASS = "bench"
HOST = "127.0.0.1"
TICK = 0.1            # seconds: a station's main loop at 10 frames a second
ACTIONS_A_TICK = 5    # accelerated play: a game of 100 actions lasts 2 s
GAMES = ["math-wars", "sum", "math-rush", "whos-counting", "big-bang"]
PLAYERS = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal"]
PATIENCE = 600.0      # seconds: how long the bench waits for what must come


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


class Mosquitto:
    """Mosquitto with ``mathstation broker setup``'s config, in a folder of its own."""

    def __init__(self, folder: Path, setup_conf: str, port: int) -> None:
        self.folder, self.port = folder, port
        self.config = folder / "mosquitto.conf"
        self.config.write_text("user root\n" + setup_conf + f"persistence_location {folder}/\n"
                               f"log_dest file {folder / 'mosquitto.log'}\n")
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        tool = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
        self.process = subprocess.Popen([tool, "-c", str(self.config)], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with socket.create_connection((HOST, self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        raise SystemExit("mosquitto did not start: see " + str(self.folder / "mosquitto.log"))

    def stop(self, kill: bool = False) -> None:
        """A service stop (SIGTERM: it saves first), or with ``kill`` a power cut (SIGKILL)."""
        if self.process is not None:
            self.process.kill() if kill else self.process.terminate()
            self.process.wait(timeout=30)
            self.process = None


class Timings:
    """When each game ended (station side) and was kept (dashboard side), by uid."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.ended: dict[str, float] = {}
        self.kept: dict[str, float] = {}
        self.twice = 0

    def watch(self, dashboard: Dashboard) -> None:
        """Note the moment the dashboard's store keeps each record, and the copies it is sent again
        (its own methods, timed around)."""
        store = dashboard.store
        keep = store.add_record

        def timed(record: Any, players: list[str]) -> str:
            outcome = keep(record, players)
            with self.lock:
                if outcome == "stored":
                    self.kept.setdefault(record["uid"], time.monotonic())
                elif outcome == "duplicate":
                    self.twice += 1
            return outcome
        store.add_record = timed  # type: ignore[method-assign]
        has = store.has_record

        def seen(uid: str) -> bool:   # the dashboard asks before replaying: a copy is counted here
            known = has(uid)
            if known:
                with self.lock:
                    self.twice += 1
            return known
        store.has_record = seen  # type: ignore[method-assign]

    def latencies(self, uids: list[str]) -> list[float]:
        with self.lock:
            return [self.kept[uid] - self.ended[uid] for uid in uids if uid in self.kept]


class BenchStation(threading.Thread):
    """One station: its own journal, referee, link and member, ticked every ``TICK``."""

    def __init__(self, name: str, password: str, folder: Path, port: int, games: int, number: int,
                 timings: Timings, cut: str = "", refused_for: float = 0.0) -> None:
        super().__init__(name=name, daemon=True)
        self.station, self.password, self.folder, self.port = name, password, folder, port
        self.games, self.number, self.timings = games, number, timings
        self.cut, self.refused_for = cut, refused_for   # cut off after its first game: "killed" or "refused"
        self.cut_at = self.back_at = 0.0   # when it was cut off, and when it was connected again after
        self.ended: list[str] = []
        self.done = threading.Event()
        self.stopping = threading.Event()
        self.failed: BaseException | None = None

    def run(self) -> None:
        try:
            self._run()
        except BaseException as exc:  # noqa: BLE001 - said by the bench, not lost in a thread
            self.failed = exc
            self.done.set()

    def _open(self, password: str) -> tuple[Journal, Referee, Link, Member]:
        """The station started (again) on its journal, with ``password`` in its config."""
        journal = Journal(self.folder / "journal.sqlite3")
        referee = Referee(load_config(None, plugins()), journal, games=plugins(), seed=lambda: 7)
        link = Link(host=HOST, port=self.port, class_name=CLASS, station=self.station, username=self.station,
                    password=password)
        member = Member(link, journal, title=self.station.replace("-", " ").capitalize(),
                        roster=ClassRoster(self.folder / CLASS_ROSTER_NAME))
        member.start()
        return journal, referee, link, member

    @staticmethod
    def _kill(journal: Journal, link: Link) -> None:
        """As ``kill -9``: paho's thread stops where it is and the socket drops without a goodbye (the
        broker's last will says offline); what was handed to paho unacknowledged is gone with it."""
        client = link._client
        client._thread_terminate = True   # loop_stop's own flag, without the disconnect loop_stop waits for
        sock = client.socket()
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)   # as the kernel closes a killed process's socket
            except OSError:
                pass
        client.loop_stop()
        journal.close()

    def _run(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self._restart(self.password, kill=False)
        refused_until = 0.0
        for n in range(self.games):
            game = GAMES[(self.number + n) % len(GAMES)]
            seats = 3 if game == "sum" else 2
            players = [PLAYERS[(self.number + n + k) % len(PLAYERS)] for k in range(seats)]
            config = {"game": game, "seed": self.number * 100 + n, "players": players}
            actions = [dict(a) for a, _ in plugin(game).virtual_players(new_game(config), config["seed"])]
            self.referee.start(config, time.monotonic())
            for k, action in enumerate(actions):
                self.referee.apply(action)
                if k % ACTIONS_A_TICK == ACTIONS_A_TICK - 1:
                    self._tick()
            game_id = self.referee.game_id
            self.referee.end()
            uid = str(self.journal.game(game_id).uid)
            with self.timings.lock:
                self.timings.ended[uid] = time.monotonic()
            self.ended.append(uid)
            self._tick()
            if n == 0 and self.cut:   # cut off after its first game
                self.cut_at = time.monotonic()
                if self.cut == "refused":   # started again with a wrong password: it plays on, refused
                    self._restart("not-" + self.password)
                    refused_until = time.monotonic() + self.refused_for
                else:                       # its process killed, and started again on its journal
                    self._restart(self.password)
            elif refused_until and time.monotonic() >= refused_until:
                self._end_refusal()
                refused_until = 0.0
        while refused_until and time.monotonic() < refused_until:
            self._tick()
        if refused_until:
            self._end_refusal()
        self.done.set()
        while not self.stopping.is_set():
            self._tick()
        self.member.stop()
        self.journal.close()

    def _tick(self) -> None:
        now = time.monotonic()
        self.referee.advance(now)
        self.member.tick(self.referee, None, now)
        if self.cut_at and not self.back_at and self.link.connected:
            self.back_at = now
        time.sleep(TICK)

    def _end_refusal(self) -> None:
        """The teacher puts the right password in: the station is started again with it."""
        if self.link.connected:
            raise RuntimeError(f"{self.station}: the broker took a wrong password")
        self._restart(self.password)

    def _restart(self, password: str, kill: bool = True) -> None:
        """The station (killed first, as ``kill -9``) started on its journal with ``password`` in its config."""
        if kill:
            self._kill()
        self.journal = Journal(self.folder / "journal.sqlite3")
        self.referee = Referee(load_config(None, plugins()), self.journal, games=plugins(), seed=lambda: 7)
        self.link = Link(host=HOST, port=self.port, class_name=CLASS, station=self.station, username=self.station,
                         password=password)
        self.member = Member(self.link, self.journal, title=self.station.replace("-", " ").capitalize(),
                             roster=ClassRoster(self.folder / CLASS_ROSTER_NAME))
        self.member.start()

    def _kill(self) -> None:
        """As ``kill -9``: paho's thread ends and the socket drops without a goodbye (the broker's last
        will says offline); what was handed to paho and not yet acknowledged is gone with it."""
        client = self.link._client
        client._thread_terminate = True   # paho's thread stops at its next turn, with no DISCONNECT sent
        sock = client.socket()
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)   # as the kernel closes a killed process's socket
            except OSError:
                pass
        client.loop_stop()
        self.journal.close()


def percentiles(values: list[float]) -> tuple[float, float, float]:
    """Median, 95th percentile and maximum, in milliseconds."""
    if not values:
        return (float("nan"),) * 3  # type: ignore[return-value]
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered) * 1000, p95 * 1000, ordered[-1] * 1000


def wait_until(condition: Any, what: str, patience: float = PATIENCE) -> float:
    """Seconds until ``condition()`` held; stops the bench if it never does."""
    start = time.monotonic()
    while not condition():
        if time.monotonic() - start > patience:
            raise SystemExit(f"bench: {what}: not within {patience:.0f} s")
        time.sleep(0.02)
    return time.monotonic() - start


def raw_round_trip(port: int, setup: Setup, count: int) -> list[float]:
    """QoS 1 publishes from a station's user to the teacher's subscription: each one's trip, alone."""
    def client(user: str) -> mqtt.Client:
        c = (mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"raw-{user}")
             if hasattr(mqtt, "CallbackAPIVersion") else mqtt.Client(client_id=f"raw-{user}"))
        c.username_pw_set(user, setup.passwords[user])
        c.connect(HOST, port)
        c.loop_start()
        return c
    received: dict[str, float] = {}
    got = threading.Event()
    teacher = client(setup.teacher)

    def on_message(_c: Any, _u: Any, message: Any) -> None:
        if message.payload:
            received[json.loads(message.payload)["n"]] = time.monotonic()
            got.set()
    teacher.on_message = on_message
    subscribed = threading.Event()
    teacher.on_subscribe = lambda *_: subscribed.set()
    station = setup.stations[0]
    teacher.subscribe(f"{topics.class_root(CLASS)}/stations/{station}/raw", qos=1)
    subscribed.wait(30)
    sender = client(station)
    trips = []
    for n in range(count):
        got.clear()
        sent = time.monotonic()
        sender.publish(f"{topics.class_root(CLASS)}/stations/{station}/raw", json.dumps({"n": str(n)}), qos=1)
        if got.wait(30) and str(n) in received:
            trips.append(received[str(n)] - sent)
    for c in (sender, teacher):
        c.disconnect()
        c.loop_stop()
    return trips


def run_stations(names: list[str], setup: Setup, folder: Path, port: int, games: int, timings: Timings,
                 broker: Mosquitto | None = None, outage: float = 0.0, kill: bool = False,
                 refused_for: float = 0.0, restart_dashboard: Callable[[], None] | None = None) -> dict[str, Any]:
    """Start ``names`` ending ``games`` each; with ``broker``, stop it for ``outage`` s half-way; with
    ``refused_for``, cut every 4th station off after its first game (killed and started again on its
    journal) and every 4th other one (refused for a wrong password ``refused_for`` s, then started
    with the right one); with ``restart_dashboard``, restart the dashboard at three quarters."""
    cuts = {1: "killed", 3: "refused"} if refused_for > 0 else {}
    stations = [BenchStation(name, setup.passwords[name], folder / name, port, games, n, timings,
                             cut=cuts.get(n % 4, ""), refused_for=refused_for)
                for n, name in enumerate(names)]
    started = time.monotonic()
    for s in stations:
        s.start()
    result: dict[str, Any] = {"windows": []}
    total = len(stations) * games
    if broker is not None and outage > 0:
        wait_until(lambda: sum(len(s.ended) for s in stations) >= total // 2, "half the games ended")
        broker.stop(kill)
        stopped = time.monotonic()
        time.sleep(outage)   # the broker away for a stretch (a bench's pause, not a test's wait)
        result["during"] = [u for s in stations for u in s.ended if stopped <= timings.ended[u]]
        broker.start()
        restarted = time.monotonic()
        waiting = [u for s in stations for u in s.ended if u not in timings.kept]
        result["waiting"] = len(waiting)
        result["catch_up"] = restarted + wait_until(lambda: all(u in timings.kept for u in waiting),
                                                    "the games ended while the broker was away kept") - restarted
        result["outage_at"] = (stopped, restarted)
        result["windows"].append((stopped, restarted + result["catch_up"], None))   # until the stations are back
    if restart_dashboard is not None:
        wait_until(lambda: sum(len(s.ended) for s in stations) >= total * 3 // 4, "three quarters of the games ended")
        down = time.monotonic()
        restart_dashboard()
        result["dashboard_at"] = (down, time.monotonic())
        result["windows"].append((down, time.monotonic(), None))
    wait_until(lambda: all(s.done.is_set() for s in stations), "every station's games ended")
    failed = [s for s in stations if s.failed is not None]
    if failed:
        raise SystemExit(f"bench: {failed[0].station} failed: {failed[0].failed!r}")
    every = [u for s in stations for u in s.ended]
    wait_until(lambda: all(u in timings.kept for u in every), "every game kept by the dashboard", 120)
    wait_until(lambda: all(s.back_at for s in stations if s.cut), "every station cut off connected again", 120)
    result["windows"] += [(s.cut_at, s.back_at, s.station) for s in stations if s.cut]
    result["cut"] = {kind: sum(s.cut == kind for s in stations) for kind in ("killed", "refused")}
    result["seconds"] = time.monotonic() - started
    result["uids"] = every
    result["by_station"] = {u: s.station for s in stations for u in s.ended}
    result["stations"] = stations
    return result


def undisturbed(result: dict[str, Any], timings: Timings) -> list[str]:
    """The games whose trip (end -> kept) no fault crossed: the broker away, the dashboard
    restarting, their own station cut off."""
    def crossed(uid: str) -> bool:
        ended, kept = timings.ended[uid], timings.kept.get(uid, float("inf"))
        return any(start <= kept and ended <= end and who in (None, result["by_station"][uid])
                   for start, end, who in result["windows"])
    return [u for u in result["uids"] if not crossed(u)]


def stop_stations(stations: list[BenchStation]) -> None:
    for s in stations:
        s.stopping.set()
    for s in stations:
        s.join(timeout=30)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--stations", type=int, default=30)
    p.add_argument("--games", type=int, default=5, help="games each station ends")
    p.add_argument("--outage", type=float, default=10.0, help="seconds the broker is stopped half-way")
    p.add_argument("--outage-by", choices=("kill", "stop"), default="kill",
                   help="kill: SIGKILL, a power cut (the default); stop: SIGTERM, a service stop")
    p.add_argument("--refused", type=float, default=5.0,
                   help="seconds a cut-off station runs with a wrong password (0: no station is cut off)")
    p.add_argument("--raw", type=int, default=50, help="raw paho round trips for the baseline")
    p.add_argument("--quick", action="store_true", help="8 stations, 3 games each, a 5 s outage, refused 3 s")
    args = p.parse_args(argv)
    logging.getLogger("station").setLevel(logging.CRITICAL)   # the outage's "connection lost" lines, 30 times over
    if args.quick:
        args.stations, args.games, args.outage, args.refused, args.raw = 8, 3, 5.0, 3.0, 20
    names = [f"table-{n + 1}" for n in range(max(args.stations, 1))]
    with tempfile.TemporaryDirectory(prefix="mathstation-bench-classroom-") as tmp:
        folder = Path(tmp)
        port = free_port()
        setup = Setup(CLASS, [*names, "alone"], host=HOST, port=port)
        write(setup, folder / "broker")
        broker = Mosquitto(folder / "broker", (folder / "broker" / "mathstation.conf").read_text(), port)
        broker.start()
        timings = Timings()
        (folder / "dashboard").mkdir()
        settings = Settings(class_name=CLASS, host=HOST, port=port, user=setup.teacher,
                            password=setup.passwords[setup.teacher], bind=HOST, page_port=0,
                            state_dir=folder / "dashboard")
        dashboards: list[Dashboard] = []

        def open_dashboard() -> None:
            if dashboards:
                dashboards.pop().stop()
            dashboard = Dashboard(settings, plugins())
            timings.watch(dashboard)
            dashboard.start()
            dashboards.append(dashboard)
            wait_until(lambda: dashboard.link.online, "the dashboard connected")

        open_dashboard()
        try:
            raw = raw_round_trip(port, setup, args.raw)
            alone = run_stations(["alone"], setup, folder, port, args.games, timings)
            stop_stations(alone["stations"])
            many = run_stations(names, setup, folder, port, args.games, timings, broker, args.outage,
                                args.outage_by == "kill", args.refused, open_dashboard)
            stop_stations(many["stations"])
            journals = set()
            for s in [*alone["stations"], *many["stations"]]:
                with Journal(s.folder / "journal.sqlite3", readonly=True) as journal:
                    journals |= {g.uid for g in journal.games() if g.status != "playing"}
            kept = [k.record["uid"] for k in dashboards[-1].store.records()]
        finally:
            for dashboard in dashboards:
                dashboard.stop()
            broker.stop()
    lost = len(journals - set(kept))
    duplicated = len(kept) - len(set(kept))
    stopped, restarted = many.get("outage_at", (float("inf"), float("inf")))
    before = [u for u in many["uids"] if timings.ended[u] < stopped]
    during = [u for u in many["uids"] if stopped <= timings.ended[u] <= restarted]
    after = [u for u in many["uids"] if timings.ended[u] > restarted]
    calm = undisturbed(many, timings)
    rows = [("raw paho QoS 1 publish -> receive", len(raw), *percentiles(raw)),
            ("1 station: game end -> dashboard", len(alone["uids"]), *percentiles(timings.latencies(alone["uids"]))),
            (f"{len(names)} stations, before the outage", len(before), *percentiles(timings.latencies(before))),
            (f"{len(names)} stations, ended while broker away", len(during), *percentiles(timings.latencies(during))),
            (f"{len(names)} stations, ended after its restart", len(after), *percentiles(timings.latencies(after))),
            (f"{len(names)} stations, no fault on its way", len(calm), *percentiles(timings.latencies(calm)))]
    down, up = many.get("dashboard_at", (0.0, 0.0))
    print(f"\nclassroom bench: {len(names)} stations x {args.games} games, broker "
          f"{'killed (SIGKILL)' if args.outage_by == 'kill' else 'stopped'} for {args.outage:.0f} s half-way; "
          f"{many['cut']['killed']} stations killed and restarted on their journals, {many['cut']['refused']} "
          f"refused (wrong password) for {args.refused:.0f} s, after their first game; the dashboard restarted "
          f"at three quarters ({up - down:.1f} s)")
    print(f"{'':45} {'n':>4} {'median ms':>10} {'p95 ms':>9} {'max ms':>9}")
    for label, n, median, p95, top in rows:
        print(f"{label:45} {n:>4} {median:>10.1f} {p95:>9.1f} {top:>9.1f}")
    base = percentiles(timings.latencies(alone["uids"]))[0]
    print(f"ratio, {len(names)} stations' median to 1 station's (before the outage): "
          f"{percentiles(timings.latencies(before))[0] / base:.2f}")
    print(f"catch-up after the broker's restart: {many.get('catch_up', 0.0):.1f} s for {many.get('waiting', 0)} "
          f"games that waited in the outboxes; copies delivered twice and kept once: {timings.twice}")
    print(f"stations {len(names)} games {len(many['uids'])} delivered {len(set(kept) & set(many['uids']))} "
          f"lost {lost} duplicated {duplicated} verdict-to-dashboard p50 {rows[5][2]:.0f} ms p95 {rows[5][3]:.0f} ms")
    return 1 if lost or duplicated else 0


if __name__ == "__main__":
    sys.exit(main())
