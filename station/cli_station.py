"""The station commands: ``run`` (the daemon), ``simulate SCENARIO`` and ``demo``.

``simulate`` and ``demo`` drive the very station the daemon runs — rendered frames, real
decoding, tracking, the table adapter, the engine, the journal, the OLED screens — on a virtual
table, so what they show is what a real table would get. ``--language`` tells them in another
language the station speaks: the OLED, the story and the spoken lines.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from babel.numbers import format_decimal

from station import daemon
from station.i18n import _, language, language_problem, languages, ngettext, use_language
from station.terminal_text import say

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
    p.add_argument("--sounds", type=Path, metavar="DIR",
                   help="save every sound and spoken line: numbered WAV files and sounds.jsonl (time, kind, words)")
    p.add_argument("--show", action="store_true", help="show the OLED in the terminal as the scenario plays")
    p.add_argument("--state-dir", type=Path, help="the station's state folder (journal); default: a fresh temporary one")
    p.add_argument("--table-events", action="store_true", help="also print the card tracker's table events")
    _language_argument(p)
    p.set_defaults(run=_in_language("simulate", _simulate))

    from station.games import plugins

    games = plugins()
    first = next(iter(games))
    p = sub.add_parser("demo", help="watch a whole game refereed on the virtual table, OLED in the terminal",
                       description="A whole game: seeded virtual players put real printed cards on the virtual "
                                   "table, and the station reads, judges and shows every play on its emulated "
                                   "OLED, drawn in the terminal. It ends by checking the station judged every play "
                                   "as the players' own referee did.")
    p.add_argument("--game", choices=list(games), default=first, help=f"the game (default: {first})")
    p.add_argument("--seed", type=int, default=2026, help="shuffle seed (the same seed plays the same game)")
    p.add_argument("--players", default=None, help="comma-separated names (default: Ana,Ben; --text: Ana,Ben,Cleo)")
    p.add_argument("--reveal", choices=["press", "at_once"], default="press",
                   help="press: results wait for CONFIRM (children compute first); at_once")
    p.add_argument("--screens", type=Path, metavar="DIR|FILE.gif",
                   help="also save the OLED's screens: a folder gets a PNG per screen, a .gif an animation "
                        "at the game's own pace")
    p.add_argument("--sounds", type=Path, metavar="DIR",
                   help="also save every sound and spoken line: numbered WAV files and sounds.jsonl (time, kind, words)")
    p.add_argument("--pace", type=float, default=None,
                   help="seconds between frames (default: real time, 0.2 s, on a terminal; as fast as it can otherwise)")
    p.add_argument("--quiet", action="store_true", help="no OLED drawing: just the story and the verdict")
    p.add_argument("--text", action="store_true",
                   help="the engine alone, no camera: the virtual players' game told as text (fast)")
    p.add_argument("--save", type=Path, help="--text only: write the game's journal here")
    _language_argument(p)
    for name in (None, "store", "store_const", "store_true", "store_false", "append", "append_const", "count"):
        p.register("action", name, _noting(p._registry_get("action", name)))
    owners: dict[str, tuple[str, str]] = {}
    for game in games.values():
        group = p.add_argument_group(f"{game.title} ({game.name})")
        game.demo_arguments(group)
        owners.update({action.dest: (game.name, action.option_strings[0]) for action in group._group_actions})
    p.set_defaults(run=_in_language("demo", _demo), game_options=owners)


def _language_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--language", default=None, metavar="LANG",
                   help=f"the language of the screens, the story and the spoken lines: {', '.join(languages())} "
                        "(default: en)")


def _in_language(command: str, handler: Any) -> Any:
    """Run ``handler`` with its words in ``--language`` (a language without catalogs is a usage error)."""
    def run(args: argparse.Namespace) -> int:
        if args.language is None:
            return int(handler(args))
        problem = language_problem(args.language)
        if problem:
            print(f"mathstation {command}: --language: {problem}", file=sys.stderr)
            return EXIT_USAGE
        with use_language(args.language):
            return int(handler(args))
    return run


def _noting(base: type[argparse.Action]) -> type[argparse.Action]:
    """``base``, noting in the namespace's ``given`` each option the command line gives: another
    game's demo option is refused, not ignored (its default says nothing of whether it was typed)."""

    class Noting(base):  # type: ignore[valid-type, misc]
        def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                     option_string: str | None = None) -> None:
            namespace.given = {*getattr(namespace, "given", ()), self.dest}
            super().__call__(parser, namespace, values, option_string)

    return Noting


def _simulate(args: argparse.Namespace) -> int:
    from station.hardware.audio import AudioError
    from station.sim.scenario import ScenarioError, ScenarioFailed, load_scenario
    from station.simulate import ScenarioRun

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
                              table_events=args.table_events, sounds=args.sounds)
        except (ScenarioError, AudioError) as exc:
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
    from engine.errors import EngineError
    from engine.rules import new_game
    from station.games import plugin

    game = plugin(args.game)
    for dest, (owner, option) in args.game_options.items():
        if dest in getattr(args, "given", ()) and owner != args.game:
            print(f"mathstation demo: {option} is a {plugin(owner).title} option: add --game {owner}, or leave "
                  f"{option} out", file=sys.stderr)
            return EXIT_USAGE
    default = "Ana,Ben,Cleo" if args.text else "Ana,Ben"
    players = [name.strip() for name in (args.players or default).split(",") if name.strip()]
    try:
        config = game.demo_config(args, players, args.seed)
        new_game(config)  # a bad setup is refused here, with the engine's reason
    except EngineError as exc:
        print(f"mathstation demo: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if args.text:
        from station.demo import text_demo

        return text_demo(game, config, args.seed, save=args.save, pace=args.pace or 0.0)
    return _table_demo(game, config, args)


def _table_demo(game: Any, config: dict[str, Any], args: argparse.Namespace) -> int:
    from station.simulate import ScenarioRun

    demo = game.demo(config, args.seed, args.reveal)
    scenario = demo.scenario
    seats = len(demo.expected.seats())
    players = ngettext("{n} player", "{n} players", seats)
    say(_("{title}: {players} on the virtual table, {cards} cards to put down.", title=scenario.title, players=players,
          cards=demo.places))
    say(_("Every frame is rendered from the printed cards and read by the station's camera pipeline.") + "\n")
    story = _Story(game.story(demo.expected), sys.stdout)
    pace = args.pace if args.pace is not None else (1 / scenario.fps if sys.stdout.isatty() else 0.0)
    with tempfile.TemporaryDirectory(prefix="mathstation-demo-") as scratch:
        run = ScenarioRun(scenario, Path(scratch), display="none" if args.quiet else "terminal",
                          record=str(args.screens) if args.screens else None, emit=story.tell,
                          stream=sys.stdout, between_frames=(lambda: time.sleep(pace)) if pace else None,
                          sounds=args.sounds)
        story.display = run.display
        try:
            run.run()
            run.settle()  # end on the game's own last screen (VICTORY!, game over)
            played = run.station.referee.game
            actions = played.actions if played is not None else []
            outcome = played.outcome() if played is not None else None
        finally:
            run.close()
    expected = demo.expected
    same = [_play(a) for a in actions] == [_play(a) for a in expected.actions]
    print()
    say("\n".join(game.summary(expected)))
    if args.screens:
        seconds = format_decimal(1 / scenario.fps, locale=language())
        say("\n" + _("The OLED's screens are saved in {folder} (one frame per {seconds} s of play).",
                     folder=args.screens, seconds=seconds))
    if args.sounds:
        say(_("Every sound and spoken line is saved in {folder} (its index: {index}).", folder=args.sounds,
              index="sounds.jsonl"))
    if same and outcome == expected.outcome():
        say("\n" + ngettext("The station read and judged the {n} play exactly as the players' own referee did.",
                            "The station read and judged all {n} plays exactly as the players' own referee did.",
                            len(actions)))
        return EXIT_OK
    say("\n" + _("The station's game differs from the players' ({read} plays read, {made} made).",
                 read=len(actions), made=len(expected.actions)), file=sys.stderr)
    return EXIT_FAILED


def _play(action: dict[str, Any]) -> dict[str, Any]:
    """An action without its time and source: what the players did, to compare with the station's."""
    return {key: value for key, value in action.items() if key not in ("t", "source")}


class _Story:
    """The demo's running commentary: the game's own story of what the station judged, and the
    station's notes."""

    def __init__(self, tell: Any, out: Any) -> None:
        self._tell, self.out = tell, out
        self.display: Any = None  # the emulated OLED: on a terminal the story is drawn under it

    def tell(self, record: dict[str, Any]) -> None:
        if record.get("type") == "note":
            self._say("  " + _("[station] {title}: {detail}", title=record["title"], detail=record["detail"]))
        else:
            for line in self._tell(record):
                self._say(line)

    def _say(self, line: str) -> None:
        if self.display is not None and self.display.backend == "terminal":
            self.display.say(line)
        else:
            say(line, file=self.out)
