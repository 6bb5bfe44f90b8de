"""A classroom under load: N stations end their games into one real Mosquitto and the class dashboard.

    nice .venv/bin/python bench/classroom.py                        # 30 stations, 5 games each, broker killed for 10 s
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
   is from its restart to the last of them kept.

Then: lost (ended in a journal, never in the dashboard's store), duplicated (kept more than once)
and how many copies the broker delivered twice (kept once). Reported as a short table.
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
        """Note the moment the dashboard's store keeps each record (its own method, timed around)."""
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

    def latencies(self, uids: list[str]) -> list[float]:
        with self.lock:
            return [self.kept[uid] - self.ended[uid] for uid in uids if uid in self.kept]


class BenchStation(threading.Thread):
    """One station: its own journal, referee, link and member, ticked every ``TICK``."""

    def __init__(self, name: str, password: str, folder: Path, port: int, games: int, number: int,
                 timings: Timings) -> None:
        super().__init__(name=name, daemon=True)
        self.station, self.password, self.folder, self.port = name, password, folder, port
        self.games, self.number, self.timings = games, number, timings
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

    def _run(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        journal = Journal(self.folder / "journal.sqlite3")
        referee = Referee(load_config(None, plugins()), journal, games=plugins(), seed=lambda: 7)
        link = Link(host=HOST, port=self.port, class_name=CLASS, station=self.station, username=self.station,
                    password=self.password)
        member = Member(link, journal, title=self.station.replace("-", " ").capitalize(),
                        roster=ClassRoster(self.folder / CLASS_ROSTER_NAME))
        member.start()

        def tick() -> None:
            now = time.monotonic()
            referee.advance(now)
            member.tick(referee, None, now)
            time.sleep(TICK)

        for n in range(self.games):
            game = GAMES[(self.number + n) % len(GAMES)]
            seats = 3 if game == "sum" else 2
            players = [PLAYERS[(self.number + n + k) % len(PLAYERS)] for k in range(seats)]
            config = {"game": game, "seed": self.number * 100 + n, "players": players}
            actions = [dict(a) for a, _ in plugin(game).virtual_players(new_game(config), config["seed"])]
            referee.start(config, time.monotonic())
            for k, action in enumerate(actions):
                referee.apply(action)
                if k % ACTIONS_A_TICK == ACTIONS_A_TICK - 1:
                    tick()
            game_id = referee.game_id
            referee.end()
            uid = str(journal.game(game_id).uid)
            with self.timings.lock:
                self.timings.ended[uid] = time.monotonic()
            self.ended.append(uid)
            tick()
        self.done.set()
        while not self.stopping.is_set():
            tick()
        member.stop()
        journal.close()


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
                 broker: Mosquitto | None = None, outage: float = 0.0, kill: bool = False) -> dict[str, Any]:
    """Start ``names`` ending ``games`` each; with ``broker``, stop it for ``outage`` s half-way."""
    stations = [BenchStation(name, setup.passwords[name], folder / name, port, games, n, timings)
                for n, name in enumerate(names)]
    started = time.monotonic()
    for s in stations:
        s.start()
    result: dict[str, Any] = {}
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
    wait_until(lambda: all(s.done.is_set() for s in stations), "every station's games ended")
    failed = [s for s in stations if s.failed is not None]
    if failed:
        raise SystemExit(f"bench: {failed[0].station} failed: {failed[0].failed!r}")
    every = [u for s in stations for u in s.ended]
    wait_until(lambda: all(u in timings.kept for u in every), "every game kept by the dashboard", 120)
    result["seconds"] = time.monotonic() - started
    result["uids"] = every
    result["stations"] = stations
    return result


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
    p.add_argument("--raw", type=int, default=50, help="raw paho round trips for the baseline")
    p.add_argument("--quick", action="store_true", help="8 stations, 3 games each, a 5 s outage")
    args = p.parse_args(argv)
    logging.getLogger("station").setLevel(logging.CRITICAL)   # the outage's "connection lost" lines, 30 times over
    if args.quick:
        args.stations, args.games, args.outage, args.raw = 8, 3, 5.0, 20
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
        dashboard = Dashboard(Settings(class_name=CLASS, host=HOST, port=port, user=setup.teacher,
                                       password=setup.passwords[setup.teacher], bind=HOST, page_port=0,
                                       state_dir=folder / "dashboard"), plugins())
        timings.watch(dashboard)
        dashboard.start()
        wait_until(lambda: dashboard.link.online, "the dashboard connected")
        try:
            raw = raw_round_trip(port, setup, args.raw)
            alone = run_stations(["alone"], setup, folder, port, args.games, timings)
            stop_stations(alone["stations"])
            many = run_stations(names, setup, folder, port, args.games, timings, broker, args.outage,
                                args.outage_by == "kill")
            stop_stations(many["stations"])
            journals = set()
            for s in [*alone["stations"], *many["stations"]]:
                with Journal(s.folder / "journal.sqlite3", readonly=True) as journal:
                    journals |= {g.uid for g in journal.games() if g.status != "playing"}
            kept = [k.record["uid"] for k in dashboard.store.records()]
        finally:
            dashboard.stop()
            broker.stop()
    lost = len(journals - set(kept))
    duplicated = len(kept) - len(set(kept))
    stopped, restarted = many.get("outage_at", (float("inf"), float("inf")))
    before = [u for u in many["uids"] if timings.ended[u] < stopped]
    during = [u for u in many["uids"] if stopped <= timings.ended[u] <= restarted]
    after = [u for u in many["uids"] if timings.ended[u] > restarted]
    rows = [("raw paho QoS 1 publish -> receive", len(raw), *percentiles(raw)),
            ("1 station: game end -> dashboard", len(alone["uids"]), *percentiles(timings.latencies(alone["uids"]))),
            (f"{len(names)} stations, before the outage", len(before), *percentiles(timings.latencies(before))),
            (f"{len(names)} stations, ended while broker away", len(during), *percentiles(timings.latencies(during))),
            (f"{len(names)} stations, ended after its restart", len(after), *percentiles(timings.latencies(after)))]
    print(f"\nclassroom bench: {len(names)} stations x {args.games} games, broker "
          f"{'killed (SIGKILL)' if args.outage_by == 'kill' else 'stopped'} for {args.outage:.0f} s half-way")
    print(f"{'':45} {'n':>4} {'median ms':>10} {'p95 ms':>9} {'max ms':>9}")
    for label, n, median, p95, top in rows:
        print(f"{label:45} {n:>4} {median:>10.1f} {p95:>9.1f} {top:>9.1f}")
    base = percentiles(timings.latencies(alone["uids"]))[0]
    print(f"ratio, {len(names)} stations' median to 1 station's (before the outage): "
          f"{percentiles(timings.latencies(before))[0] / base:.2f}")
    print(f"catch-up after the broker's restart: {many.get('catch_up', 0.0):.1f} s for {many.get('waiting', 0)} "
          f"games that waited in the outboxes")
    print(f"stations {len(names)} games {len(many['uids'])} delivered {len(set(kept) & set(many['uids']))} "
          f"lost {lost} duplicated {duplicated} (copies delivered twice, kept once: {timings.twice}) "
          f"game-to-dashboard p50 {rows[2][2]:.0f} ms p95 {rows[2][3]:.0f} ms")
    return 1 if lost or duplicated else 0


if __name__ == "__main__":
    sys.exit(main())
