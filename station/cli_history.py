"""``mathstation history``: the games played at this station, for a teacher or a spreadsheet.

It opens the journal read-only, so it is safe while the station runs and never changes a
damaged journal (the station keeps that aside itself when it next starts). Exit codes: 0 shown,
1 the journal is damaged (what could be read is shown), 2 bad input or a journal it cannot use.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

from engine.errors import EngineError
from engine.games import GAME_TITLES
from engine.rules import new_game
from station.game_dates import SPREADSHEET, shown, when
from station.i18n import _, ngettext, set_language
from station.games import plugins
from station.paths import JOURNAL_NAME, SYSTEM_CONFIG, journal_path
from station.progress import ProgressLine
from station.spreadsheet import SpreadsheetWriter
from station.history_summary import BASE_FIELDS, csv_fields, csv_row, details, result, table
from station.store import GameSummary, Journal, JournalError, NoSuchGame, StoredGame, summarise

EXIT_OK, EXIT_DAMAGED, EXIT_USAGE = 0, 1, 2
PROGRESS_FROM = 30   # games in the journal from which reading them shows a progress line
class UsageError(Exception):
    """Bad input from the command line: the message is what the user reads."""


def register(sub: Any) -> None:
    """Add the ``history`` command to the ``mathstation`` parser."""
    p = sub.add_parser("history", help="the games played at this station: who won, scores, length",
                       description="The games played at this station, newest first: who played, who won, how long, "
                                   "and each game's own measures (Math Wars Meta: hands, rounds). --csv for a "
                                   "spreadsheet; --game ID tells one game play by play.")
    p.add_argument("--state-dir", type=Path, metavar="DIR",
                   help="the station's state folder (default: the one the station uses)")
    p.add_argument("--journal", type=Path, metavar="FILE",
                   help="read this journal file instead, e.g. a damaged one the station kept aside")
    p.add_argument("--config", type=Path, metavar="FILE",
                   help="take the state folder from this station config (default: /etc/mathstation/station.toml "
                        "when it exists)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--csv", action="store_true", help="CSV with a header row, for a spreadsheet")
    out.add_argument("--json", action="store_true", help="one JSON object per game (or per event with --game)")
    p.add_argument("--game", metavar="ID", help="tell one game, event by event")
    p.set_defaults(run=_run)


def _configured_state_dir(config: Path | None) -> Path | None:
    """The config's ``[station] state_dir``, when a config is given or installed and names one."""
    from station.config import ConfigFileError, load_config

    path = config or (SYSTEM_CONFIG if SYSTEM_CONFIG.is_file() else None)
    if path is None:
        return None
    try:
        loaded = load_config(path, plugins())
    except ConfigFileError as exc:
        raise UsageError(str(exc)) from None
    set_language(loaded["station"]["language"])  # the station's own words from here on
    return Path(loaded["station"]["state_dir"]).expanduser() if loaded["station"]["state_dir"] else None


def _run(args: argparse.Namespace) -> int:
    try:
        return _history(args)
    except (UsageError, JournalError) as exc:
        print(f"mathstation history: {exc}", file=sys.stderr)
        return EXIT_USAGE


def _history(args: argparse.Namespace) -> int:
    number = _game_number(args.game) if args.game is not None else None
    if number is not None and args.csv:
        raise UsageError(_("--csv lists every game: leave out --game, or use --game ID with --json"))
    if args.journal is not None:
        if args.state_dir is not None or args.config is not None:
            raise UsageError(_("--journal names the file itself: leave out --state-dir and --config"))
        path = args.journal
    else:
        path = journal_path(args.state_dir or _configured_state_dir(args.config), writable=False)
        _note_kept_journals(path)
    if not path.is_file():
        if number is not None:
            raise UsageError(_("there is no game {number}: no games played yet (journal: {journal})", number=number,
                               journal=path))
        _no_games(_("No games played yet (journal: {journal}).", journal=path), args)
        return EXIT_OK
    with Journal(path, readonly=True) as journal:
        if journal.damaged:   # found at open
            print(journal.damaged, file=sys.stderr)
        found_at_open = journal.damaged
        if number is not None:
            status = _tell(journal, number, as_json=args.json)
        else:
            games = journal.games()
            status = _list(games, args, path, damaged=journal.damaged is not None)
        if journal.damaged and not found_at_open:   # found reading the games (an action not as written)
            print(journal.damaged, file=sys.stderr)
        return EXIT_DAMAGED if journal.damaged else status


def _game_number(text: str) -> int:
    if not text.strip().isdigit():
        raise UsageError(_("--game takes a game number from the list, like 3, not {text}", text=repr(text)))
    return int(text)


def _note_kept_journals(path: Path) -> None:
    kept = sorted(p.name for p in path.parent.glob(f"{JOURNAL_NAME}.damaged-*") if not p.name.endswith(("-wal", "-shm")))
    if kept:
        print(ngettext("Note: {n} damaged journal kept beside {journal} (newest: {newest}); the games in it are not "
                       "shown here: {command}",
                       "Note: {n} damaged journals kept beside {journal} (newest: {newest}); the games in them are "
                       "not shown here: {command}", len(kept), journal=path.name, newest=kept[-1],
                       command="mathstation history --journal " + str(path.parent / kept[-1])), file=sys.stderr)


def _no_games(message: str, args: argparse.Namespace) -> None:
    if args.csv:
        SpreadsheetWriter(sys.stdout).writerow(csv_fields(plugins()))
    if args.csv or args.json:
        print(message, file=sys.stderr)
    else:
        print(message)


# ---- every game -----------------------------------------------------------------------------

def _list(games: list[StoredGame], args: argparse.Namespace, path: Path, *, damaged: bool) -> int:
    if not games:
        _no_games(_("No games could be read (journal: {journal}).", journal=path) if damaged else
                  _("No games played yet (journal: {journal}).", journal=path), args)
        return EXIT_OK
    summaries = _summarised(games)
    if args.csv:
        fields = csv_fields(plugins())
        writer = SpreadsheetWriter(sys.stdout)   # RFC 4180, every cell quoted, no formula runs
        writer.writerow(fields)
        writer.writerows(csv_row(s, fields) for s in summaries)
    elif args.json:
        for s in summaries:
            record = {key: value for key, value in asdict(s).items() if key != "measures"}
            print(json.dumps({**record, **s.measures, "title": GAME_TITLES.get(s.game, s.game)}, ensure_ascii=False))
    else:
        print("\n".join(table(summaries, plugins())))
        for s in summaries:
            if s.problem:
                print(_("Game {number} stops early: {problem}", number=s.id, problem=s.problem))
            if s.set_aside:
                print(_("Game {number}: {note}", number=s.id, note=s.set_aside))
    return EXIT_OK


def _summarised(games: list[StoredGame]) -> list[GameSummary]:
    """Every game replayed, with a progress line (on stderr) for a big journal: a term of games
    takes a while to replay on a Pi, and a silent terminal looks stuck."""
    progress = ProgressLine(_("Reading the games:")) if len(games) >= PROGRESS_FROM else None
    summaries = []
    for done, game in enumerate(games, 1):
        summaries.append(summarise(game, plugins()))
        if progress is not None:
            progress(done, len(games))
    return summaries


# ---- one game, told -------------------------------------------------------------------------

def _tell(journal: Journal, number: int, *, as_json: bool) -> int:
    try:
        stored = journal.game(number)
    except NoSuchGame:
        ids = [g.id for g in journal.games()]
        known = (_("games are numbered {first}–{last}", first=min(ids), last=max(ids)) if ids else
                 _("no games played yet"))
        raise UsageError(_("there is no game {number} in {journal} ({known})", number=number, journal=journal.path,
                           known=known)) from None
    try:
        game = new_game(stored.config)
    except EngineError as exc:
        reason = _("game {number} cannot be replayed: {reason}", number=number, reason=exc)
        print(f"mathstation history: {reason}", file=sys.stderr)
        return EXIT_DAMAGED
    summary = summarise(stored, plugins())
    if not as_json:
        print(_("Game {number} · started {when} · {result}", number=stored.id, when=when(stored),
                result=result(summary)))
        print(game.headline())
    status = EXIT_OK
    for index, action in enumerate(stored.actions, start=1):
        try:
            events = game.apply(action)
        except EngineError as exc:
            reason = _("game {number}, action {index} cannot be replayed: {reason}", number=number, index=index,
                       reason=exc)
            print(f"mathstation history: {reason}", file=sys.stderr)
            status = EXIT_DAMAGED
            break
        for event in events:
            print(json.dumps(event, ensure_ascii=False) if as_json else f"[t={event['t']:>6}] {game.describe(event)}")
    if as_json:
        print(json.dumps({"type": "state", "state": game.state()}, ensure_ascii=False))
    else:
        print()
        print("\n".join(game.summary()))
        if stored.set_aside:
            print(_("Game {number}: {note}", number=stored.id, note=stored.set_aside))
    return status
