"""The station commands: ``run`` (the daemon), ``simulate SCENARIO`` and ``demo``.

``simulate`` and ``demo`` drive the very station the daemon runs — rendered frames, real
decoding, tracking, the table adapter, the engine, the journal, the OLED screens — on a virtual
table, so what they show is what a real table would get.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from station import daemon

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def register(sub: Any) -> None:
    daemon.register(sub)

    p = sub.add_parser("simulate", help="play a table script through the whole station on rendered frames",
                       description="Play a scenario (a table script: cards put down, taken away, hands, buttons, "
                                   "camera faults, restarts) through the whole station on the virtual table. "
                                   "Prints what the station did as JSON lines. Format: docs/scenarios.md.")
    p.add_argument("scenario", type=Path, metavar="SCENARIO.toml")
    p.add_argument("--screens", type=Path, metavar="DIR|FILE.gif",
                   help="save the OLED's screens: a folder gets one PNG per new screen, a .gif path an animation")
    p.add_argument("--show", action="store_true", help="show the OLED in the terminal as the scenario plays")
    p.add_argument("--state-dir", type=Path, help="the station's state folder (journal); default: a fresh temporary one")
    p.add_argument("--table-events", action="store_true", help="also print the card tracker's table events")
    p.set_defaults(run=_simulate)

    p = sub.add_parser("demo", help="watch a whole Math Wars Meta game refereed on the virtual table, OLED in the terminal",
                       description="A whole Math Wars Meta game: seeded virtual players put real printed cards on the "
                                   "virtual table, and the station reads, judges and shows every play on its "
                                   "emulated OLED, drawn in the terminal.")
    p.add_argument("--seed", type=int, default=2026, help="shuffle seed (the same seed plays the same game)")
    p.add_argument("--players", default=None, help="comma-separated names, 2 to 4 (default: Ana,Ben; --text: Ana,Ben,Cleo)")
    p.add_argument("--victories", type=int, default=None,
                   help="VICTORY! cards to win (default 1, a short game; --text: the edition's)")
    p.add_argument("--edition", choices=["mwm25", "mwm100"], default="mwm25")
    p.add_argument("--reveal", choices=["press", "at_once"], default="press",
                   help="press: the results wait for CONFIRM (children compute first); at_once")
    p.add_argument("--screens", type=Path, metavar="DIR|FILE.gif", help="also save the OLED's screens")
    p.add_argument("--pace", type=float, default=None,
                   help="seconds between frames (default: real time, 0.2 s, on a terminal; as fast as it can otherwise)")
    p.add_argument("--quiet", action="store_true", help="no OLED drawing: just the story and the verdict")
    p.add_argument("--text", action="store_true",
                   help="the engine alone, no camera: the virtual players' game told as text (fast)")
    # the engine-only demo's options, kept for --text
    p.add_argument("--team", action="append", metavar="NAME:P1,P2", dest="teams", help=argparse.SUPPRESS)
    p.add_argument("--discard-option", type=int, choices=[1, 2], default=1, help=argparse.SUPPRESS)
    p.add_argument("--save", type=Path, help="--text only: write the game's journal here")
    p.set_defaults(run=_demo)


def _simulate(args: argparse.Namespace) -> int:
    from station.sim.scenario import ScenarioError, ScenarioFailed, ScenarioRun, load_scenario

    try:
        scenario = load_scenario(args.scenario)
    except ScenarioError as exc:
        print(f"mathstation simulate: {exc}", file=sys.stderr)
        return EXIT_USAGE
    with tempfile.TemporaryDirectory(prefix="mathstation-sim-") as scratch:
        state_dir = args.state_dir or Path(scratch)
        def emit(record: dict[str, Any]) -> None:
            print(json.dumps(record, ensure_ascii=False), flush=True)
        try:
            run = ScenarioRun(scenario, state_dir, display="terminal" if args.show else "dummy",
                              record=str(args.screens) if args.screens else None,
                              emit=emit, stream=sys.stderr if args.show else None,
                              table_events=args.table_events)
        except ScenarioError as exc:
            print(f"mathstation simulate: {exc}", file=sys.stderr)
            return EXIT_USAGE
        try:
            run.run()
        except ScenarioError as exc:
            print(f"mathstation simulate: {args.scenario}: {exc}", file=sys.stderr)
            return EXIT_USAGE
        except ScenarioFailed as exc:
            print(f"mathstation simulate: {args.scenario}: FAILED {exc}", file=sys.stderr)
            return EXIT_FAILED
        finally:
            run.close()
    return EXIT_OK


def _demo(args: argparse.Namespace) -> int:
    if args.text:
        from station import demo as text_demo

        args.players = args.players or "Ana,Ben,Cleo"
        return text_demo.run(args)
    from station.sim.demo_game import demo_scenario
    from station.sim.scenario import ScenarioRun

    players = [name.strip() for name in (args.players or "Ana,Ben").split(",") if name.strip()]
    if not 2 <= len(players) <= 4 or len(set(players)) != len(players):
        print("mathstation demo: give 2 to 4 different names, e.g. --players Ana,Ben,Cleo", file=sys.stderr)
        return EXIT_USAGE
    scenario, expected = demo_scenario(args.seed, players, edition=args.edition, victories=args.victories or 1,
                                       reveal=args.reveal)
    print(f"{scenario.title}: {len(players)} players on the virtual table, "
          f"{sum(1 for s in scenario.steps if s.kind == 'place')} cards to put down.")
    print("Every frame is rendered from the printed cards and read by the station's camera pipeline.\n")
    story = _Story(expected, sys.stdout)
    pace = args.pace if args.pace is not None else (1 / scenario.fps if sys.stdout.isatty() else 0.0)
    with tempfile.TemporaryDirectory(prefix="mathstation-demo-") as scratch:
        run = ScenarioRun(scenario, Path(scratch), display="none" if args.quiet else "terminal",
                          record=str(args.screens) if args.screens else None, emit=story.tell,
                          stream=sys.stdout, between_frames=(lambda: time.sleep(pace)) if pace else None)
        story.display = run.display
        try:
            run.run()
            game = run.station.referee.game
            actions = game.actions if game is not None else []
            state = game.state() if game is not None else None
        finally:
            run.close()
    same = [(a["player"], a["card"]) for a in actions] == [(a["player"], a["card"]) for a in expected.actions]
    print()
    print("\n".join(expected.summary()))
    if same and state == expected.state():
        print(f"\nThe station read and judged all {len(actions)} plays exactly as the players' own referee did.")
        return EXIT_OK
    print(f"\nThe station's game differs from the players' ({len(actions)} plays read, "
          f"{len(expected.actions)} made).", file=sys.stderr)
    return EXIT_FAILED


class _Story:
    """The demo's running commentary: the engine's sentences for what the station judged."""

    TOLD = frozenset({"hand_result", "math_war", "hand_won", "cards_paid", "knocked_out", "round_won", "round_started",
            "game_won", "violation", "note"})

    def __init__(self, game: Any, out: Any) -> None:
        self.game, self.out = game, out
        self.display: Any = None  # the emulated OLED: on a terminal the story is drawn under it

    def tell(self, record: dict[str, Any]) -> None:
        kind = record.get("type")
        if kind == "note":
            self._say(f"[station] {record['title']}: {record['detail']}")
        elif kind in self.TOLD:
            self._say(self.game.describe(record))

    def _say(self, line: str) -> None:
        if self.display is not None and self.display.backend == "terminal":
            self.display.say("  " + line)
        else:
            print("  " + line, file=self.out, flush=True)
