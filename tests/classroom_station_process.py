"""One simulated station of a class, as a process of its own (so a test can kill it with SIGKILL):
the real Journal, Referee, Link and Member wired from a ``[classroom]`` config as the daemon wires
them, its games played by each game's virtual players through the referee (one action a tick),
the member ticked at every tick as the daemon's main loop does.

    python tests/classroom_station_process.py --config station-table-1.toml --state DIR \\
        --game math-wars:3:Ana,Ben --game sum:5:Cleo,Dev --hold-after 1

It says what it does on stdout, one line each, flushed (a test reads the file it goes to):
``ended <uid>`` per game, ``holding <uid>`` when it stops half-way through game ``--hold-after``
+1 and waits (ticking) for the file ``DIR/go``, ``done`` when every game has ended; then it ticks
on until SIGTERM (a clean stop: ``offline``). Restarted on the same ``DIR``, it resumes the game
the journal has in play and plays that game's remaining actions before the games not yet played.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.rules import new_game  # noqa: E402
from station.classroom.link import Link  # noqa: E402
from station.classroom.member import CLASS_ROSTER_NAME, ClassRoster, Member  # noqa: E402
from station.config import load_config  # noqa: E402
from station.games import plugin, plugins  # noqa: E402
from station.referee import Referee  # noqa: E402
from station.store import Journal  # noqa: E402

TICK = 0.02   # seconds between two ticks (the daemon's is a frame's, 0.1-0.2 s: this plays faster)


def game_config(spec: str) -> dict[str, Any]:
    """``game:seed:Ana,Ben`` as an engine config."""
    game, seed, players = spec.split(":")
    return {"game": game, "seed": int(seed), "players": players.split(",")}


def virtual_actions(config: dict[str, Any]) -> list[dict[str, Any]]:
    """What the game's virtual players do in the game ``config`` starts, in order, to its end."""
    return [dict(action) for action, _ in plugin(config["game"]).virtual_players(new_game(config), config["seed"])]


def played_by_players(actions: list[dict[str, Any]]) -> int:
    """How many of a journaled game's actions came from its players (the referee adds the clock's)."""
    return sum(1 for action in actions if action.get("source") != "clock")


def say(line: str) -> None:
    print(line, flush=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--config", type=Path, required=True)
    p.add_argument("--state", type=Path, required=True)
    p.add_argument("--game", action="append", default=[], help="game:seed:players, once per game, in order")
    p.add_argument("--hold-after", type=int, default=None)
    args = p.parse_args(argv)

    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    config = load_config(args.config, plugins())
    room = config.classroom()
    assert room is not None, "the config needs a [classroom] section"
    args.state.mkdir(parents=True, exist_ok=True)
    journal = Journal(args.state / "journal.sqlite3")
    referee = Referee(config, journal, games=plugins(), seed=lambda: 7)
    link = Link(host=room.host, port=room.port, class_name=room.class_name, station=room.station,
                username=room.username, password=room.password)
    member = Member(link, journal, title=room.title, roster=ClassRoster(args.state / CLASS_ROSTER_NAME))
    member.start()

    def tick() -> None:
        now = time.monotonic()
        referee.advance(now)
        member.tick(referee, None, now)
        time.sleep(TICK)

    # what is left to play: the game the journal has in play first (after a kill), then the rest
    ended_configs = [g.config for g in journal.games() if g.status != "playing"]
    todo: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    if referee.resume(time.monotonic()):
        current = journal.current_game()
        assert current is not None
        todo.append(({}, virtual_actions(current.config)[played_by_players(current.actions):]))
        ended_configs.append(current.config)
    remaining = [game_config(spec) for spec in args.game]
    for config_done in ended_configs:   # the games of the list already played (each config once)
        for n, wanted in enumerate(remaining):
            if dict(new_game(wanted).config) == config_done:
                del remaining[n]
                break
    todo += [(wanted, virtual_actions(wanted)) for wanted in remaining]
    ended = len([g for g in journal.games() if g.status != "playing"])
    for wanted, actions in todo:
        if wanted:
            referee.start(wanted, time.monotonic())
        half = len(actions) // 2
        for n, action in enumerate(actions):
            if args.hold_after is not None and ended == args.hold_after and n == half:
                say(f"holding {journal.game(referee.game_id).uid}")
                while not (args.state / "go").exists() and not stopping:
                    tick()
            referee.apply(action)
            tick()
        game_id = referee.game_id
        referee.end()
        ended += 1
        say(f"ended {journal.game(game_id).uid}")
    say("done")
    while not stopping:
        tick()
    member.stop()
    journal.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
