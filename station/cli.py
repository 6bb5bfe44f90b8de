"""``mathstation``: the station's one command, with sub-commands.

    mathstation replay GAME.jsonl [--json]   replay a game journal through the rules engine
    mathstation run [--config FILE]          the station daemon (systemd starts it on boot)
    mathstation simulate SCENARIO            a table script through the whole station, on rendered frames
    mathstation demo [--seed N]              a whole Math Wars Meta game on the virtual table, OLED in the terminal
    mathstation history [--csv]              games played and their results
    mathstation cards list|print|render      the printed cards (see station/cli_print.py)
    mathstation mat print GAME               the play mat with its corner markers
    mathstation ruler [--paper a4]           a page to check that the printer keeps 100 %
    mathstation scan IMAGE... [--json]       what lies on a photo of the table
    mathstation scan --camera SPEC --live    a live readout of what the camera sees (setting a camera up)
    mathstation calibrate [IMAGE|--camera]   check the mat and camera: pixels per QR square, focus, glare
    mathstation selftest                     check the camera, OLED, buttons, buzzer and LED with you at the station
    mathstation classroom [--config FILE]    the class dashboard: every table live, the class's history, the roster
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from engine.errors import EngineError
from engine.rules import new_game
from engine.protocol import Game
from station import cli_broker, cli_classroom, cli_history, cli_print, cli_selftest, cli_station, cli_vision
from station.i18n import _, set_language, station_language
from station.i18n.environment import environment_language
from station.journal_file import JournalFileError, read_journal_file

EXIT_OK, EXIT_RULES, EXIT_USAGE = 0, 1, 2


def main(argv: Sequence[str] | None = None) -> int:
    """The command, in the language the terminal asks for (``LANG`` ...; a command that reads a
    station config speaks the config's ``[station] language`` from then on); the station's
    language as it was, after."""
    before = station_language()
    set_language(environment_language())
    try:
        return _main(argv)
    finally:
        set_language(before)


def _main(argv: Sequence[str] | None) -> int:
    parser = _parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown:  # said with the sub-command's own usage, not the top level's "COMMAND ..."
        _innermost(parser, sys.argv[1:] if argv is None else list(argv)).error(
            _("unrecognized arguments: {arguments}", arguments=" ".join(unknown)))
    if not hasattr(args, "run"):
        parser.print_help()
        return EXIT_USAGE
    try:
        return args.run(args)
    except BrokenPipeError:  # `mathstation replay x | head` is fine
        return EXIT_OK


def _innermost(parser: argparse.ArgumentParser, argv: Sequence[str]) -> argparse.ArgumentParser:
    """The (sub-)sub-command ``argv`` names: ``cards print x --bad`` -> the ``cards print`` parser."""
    for token in argv:
        actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if actions and token in actions[0].choices:
            parser = actions[0].choices[token]
    return parser


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mathstation", description="Math Card Station: a referee for printed math card games.")
    parser.add_argument("--version", action="version", version=f"mathstation {_version()}")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")

    p = sub.add_parser("replay", help="replay a game journal (JSON lines: config, then actions)",
                       description="Replay a game journal through the rules engine and print every event and the final state.")
    p.add_argument("file", type=Path, metavar="FILE.jsonl", help="first line the game config, then one action per line")
    p.add_argument("--json", action="store_true", help="print JSON lines (events, then the final state) for machines")
    p.set_defaults(run=_replay)

    cli_station.register(sub)
    cli_history.register(sub)
    cli_print.register(sub)
    cli_vision.register(sub)
    cli_selftest.register(sub)
    cli_classroom.register(sub)
    cli_broker.register(sub)
    return parser


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("math-card-station")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "(not installed)"


def _replay(args: argparse.Namespace) -> int:
    try:
        journal = read_journal_file(args.file)
        game = new_game(journal.config)
    except JournalFileError as exc:
        print(f"mathstation replay: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except EngineError as exc:
        reason = _("{file}: the config (line 1) is not usable: {reason}", file=args.file, reason=exc)
        print(f"mathstation replay: {reason}", file=sys.stderr)
        return EXIT_USAGE
    if not args.json:
        print(game.headline())
    for line, action in journal.actions:
        try:
            events = game.apply(action)
        except EngineError as exc:
            print(f"mathstation replay: {args.file}:{line}: {exc}", file=sys.stderr)
            print(_("(the events and state above are those before this line)"), file=sys.stderr)
            _print_state(game, args.json)
            return EXIT_RULES
        for event in events:
            print(json.dumps(event, ensure_ascii=False) if args.json else f"[t={event['t']:>6}] {game.describe(event)}")
    _print_state(game, args.json)
    return EXIT_OK


def _print_state(game: Game, as_json: bool) -> None:
    if as_json:
        print(json.dumps({"type": "state", "state": game.state()}, ensure_ascii=False))
    else:
        print()
        print("\n".join(game.summary()))

