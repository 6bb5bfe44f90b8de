"""Damaged journals: random bytes anywhere in the file, and the station still starts; history
still lists every game that can be read.

An SD card that loses power mid-write, a bad sector, a file copied half: a journal can come back
damaged anywhere, inside SQLite's pages or inside the stored JSON text (bytes that are not even
UTF-8). For many seeds, each damaging the same journal differently: ``mathstation history``
shows, from the damaged file and without touching it, every game whose config plain SQLite can
still read, and exits 0 or 1, never 2 and never with a traceback; then the station starts on it
(the daemon, ready and ticking): it keeps the damaged file aside byte for byte and starts afresh,
or resumes the game, and either way records the next play.
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import shutil
import signal
import sqlite3
from pathlib import Path

import pytest

from engine.catalog import load_catalog
from engine.errors import EngineError
from engine.rules import new_game
from engine.math_wars import MathWars
from station import cli_history
from station.config import load_config
from station.daemon import Daemon
from station.games import plugin, plugins
from station.paths import JOURNAL_NAME
from station.referee import Referee
from station.games.math_wars.players import VirtualTable
from station.store import Journal
from station.systemd_notify import Notifier

SEEDS = 120
GAMES = ((11, None), (3, None), (5, 9))  # (seed, stop after this many actions: None = played to the end)


def play(journal: Journal, seed: int, stop_after: int | None) -> int:
    game = MathWars({"game": "math-wars", "seed": seed, "players": ["Ana", "Ben"], "victories_to_win": 3})
    game_id = journal.start_game(game.config)
    for count, (action, _) in enumerate(VirtualTable(game, seed=seed).actions(), start=1):
        journal.append(game_id, action)
        if count == stop_after:
            return game_id
    journal.finish(game_id)
    return game_id


@pytest.fixture(scope="module")
def pristine(tmp_path_factory) -> bytes:
    """Two finished games and one in play, closed (every commit in the main file)."""
    path = tmp_path_factory.mktemp("pristine") / JOURNAL_NAME
    with Journal(path) as journal:
        for seed, stop in GAMES:
            play(journal, seed, stop)
    return path.read_bytes()


def damage(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    """One way a journal comes back damaged."""
    out = bytearray(data)
    kind = rng.randrange(6)
    if kind == 5:   # one digit of a stored card ID, so that it names another real card
        spots = [i + 13 for i in range(len(out)) if out.startswith(b'"card": "MW-', i)]
        for spot in rng.sample(spots, len(spots)):
            end = out.index(b'"', spot)
            card = out[spot - 4 : end].decode()
            other = another_real_card(card)
            if other is not None:
                out[spot - 4 : end] = other.encode()
                return f"card {card} -> {other} at {spot}", bytes(out)
    if kind == 0:
        spots = rng.sample(range(len(out)), rng.randint(1, 16))
        for spot in spots:
            out[spot] = rng.randrange(256)
        return f"{len(spots)} random bytes", bytes(out)
    if kind == 1:
        start, length = rng.randrange(len(out)), rng.randint(1, 300)
        out[start : start + length] = bytes(rng.randrange(256) for _ in range(length))[: len(out) - start]
        return f"{length} random bytes at {start}", bytes(out)
    if kind in (2, 3):  # inside the stored JSON text: a config or an action
        starts = [i for i in range(len(out)) if out.startswith(b'{"', i)]
        start = rng.choice(starts) + rng.randrange(60)
        bad = rng.choice([b"\xff", b"\x80", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\x00", b'"', b"}", b"\\", b"\x01"])
        out[start : start + len(bad)] = bad
        return f"{bad!r} in stored text at {start}", bytes(out)
    cut = rng.randrange(len(out))
    return (f"cut at {cut}", bytes(out[:cut])) if rng.random() < 0.5 else \
        (f"a page of zeros at {cut // 4096}", bytes(out[: cut // 4096 * 4096] + bytes(4096) + out[cut // 4096 * 4096 + 4096:]))


def rows_of(path: Path) -> dict[int, int]:
    """Game -> its rows in the file, in play and set aside (plain SQLite)."""
    db = sqlite3.connect(path.absolute().as_uri() + "?mode=ro", uri=True)
    try:
        return {game_id: count for game_id, count in db.execute(
            "SELECT game_id, count(*) FROM (SELECT game_id FROM actions UNION ALL SELECT game_id FROM set_aside) "
            "GROUP BY game_id")}
    finally:
        db.close()


def readable_games(path: Path) -> set[int]:
    """The games whose config plain SQLite and json can still read: history must list each one."""
    found: set[int] = set()
    db = sqlite3.connect(path.absolute().as_uri() + "?mode=ro&immutable=1", uri=True)
    db.text_factory = bytes
    try:
        ids = [row[0] for row in db.execute("SELECT id FROM games")]
        for game_id in ids:
            try:
                row = db.execute("SELECT config FROM games WHERE id = ?", (game_id,)).fetchone()
                if isinstance(json.loads(row[0].decode("utf-8")), dict):
                    found.add(game_id)
            except (sqlite3.Error, ValueError, AttributeError, TypeError):
                continue
    except (sqlite3.Error, UnicodeDecodeError):  # (SQLite's message may quote garbled bytes)
        pass
    finally:
        db.close()
    return found


def history(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="mathstation")
    cli_history.register(parser.add_subparsers())
    args = parser.parse_args(["history", *argv])
    return int(args.run(args))


def listed(out: str) -> set[int]:
    return {int(line.split()[0]) for line in out.splitlines()[1:] if line.split() and line.split()[0].isdigit()}


@pytest.fixture
def station_config(tmp_path):
    def config(state_dir: Path):
        path = tmp_path / "station.toml"
        path.write_text(f'[station]\nstate_dir = "{state_dir}"\n[camera]\nsource = "virtual"\nwidth = 320\nheight = 180\n'
                        '[display]\nbackend = "dummy"\n[buttons]\nbackend = "none"\n[signals]\nbackend = "none"\n')
        return load_config(path, plugins())
    return config


@pytest.fixture
def daemon_runs(monkeypatch):
    """The daemon's serve() in this process, its signal handlers put back afterwards."""
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGINT)}
    monkeypatch.setenv("NOTIFY_SOCKET", "")

    def serve(config) -> int:
        try:
            return Daemon(config, Notifier()).serve(max_seconds=0)
        finally:
            for sig, handler in handlers.items():
                signal.signal(sig, handler)
    return serve


def check_damages(seeds: range, pristine, tmp_path, station_config, daemon_runs, capsys, caplog) -> dict[str, int]:
    """Each seed's damage: history lists what can be read, the station starts, the next play is kept."""
    caplog.set_level(logging.WARNING)
    counts = {"kept aside": 0, "resumed": 0, "games still readable": 0, "games with actions set aside": 0,
              "actions set aside": 0}
    original = tmp_path / "original" / JOURNAL_NAME   # the games as played, to compare with
    original.parent.mkdir()
    original.write_bytes(pristine)
    with Journal(original, readonly=True) as reader:
        originals = {game.id: game.actions for game in reader.games()}
    for seed in seeds:
        rng = random.Random(seed)
        what, data = damage(rng, pristine)
        folder = tmp_path / str(seed)
        folder.mkdir()
        path = folder / JOURNAL_NAME
        path.write_bytes(data)
        where = f"seed {seed}: {what}"
        capsys.readouterr()

        # history, read-only, on the damaged file as it lies
        code = history("--state-dir", str(folder))
        out = capsys.readouterr()
        assert code in (0, 1), f"{where}: exit {code}: {out.err}"
        assert "Traceback" not in out.out + out.err, where
        expected = readable_games(path)
        assert expected <= listed(out.out), f"{where}: history lists {listed(out.out)}, readable {expected}\n{out.err}"
        assert path.read_bytes() == data, f"{where}: history changed the file"
        counts["games still readable"] += len(expected)

        # the station starts on it: ready, one tick, a clean stop
        caplog.clear()
        assert daemon_runs(station_config(folder)) == 0, f"{where}: {caplog.text[-2000:]}"
        assert not [r for r in caplog.records if r.exc_info], f"{where}: {caplog.text[-2000:]}"
        kept = [p for p in folder.iterdir() if ".damaged-" in p.name and not p.name.endswith(("-wal", "-shm"))]
        if kept:
            assert kept[0].read_bytes() == data, f"{where}: the kept file is not the damaged one"
            counts["kept aside"] += 1
        else:   # the file stayed: every game is a sound start of what was played, the rest set aside, once
            with Journal(path, readonly=True) as reader:
                games = reader.games()
            rows = rows_of(path)
            for game in games:
                played = originals[game.id]
                assert game.actions == played[: len(game.actions)], f"{where}: game {game.id} is not as played"
                assert rows[game.id] == len(played), f"{where}: game {game.id} has {rows[game.id]} rows of {len(played)}"
                counts["actions set aside"] += len(played) - len(game.actions)
                counts["games with actions set aside"] += game.set_aside is not None

        # ... and the next play is recorded, in the resumed game or a new one
        with Journal(path) as journal:
            assert journal.recovered is None, f"{where}: the station left a journal that is still damaged"
            referee = Referee(load_config(None, plugins()), journal, games=plugins(), seed=lambda: 1)
            if referee.resume(0.0):
                counts["resumed"] += 1
            else:
                referee.start({"game": "math-wars", "players": ["Ana", "Ben"]}, 0.0)
            assert referee.game is not None
            before = len(referee.game.actions)
            t = referee.game.actions[-1]["t"] + 1 if referee.game.actions else 1.0
            referee.apply({"type": "play", "t": t, "player": "Ana", "card": "MW-A-N1", "source": "camera"})
            stored = journal.current_game()
            assert stored is not None and len(stored.actions) == before + 1, where
    return counts


@pytest.mark.slow
def test_random_damage_anywhere_the_station_starts_and_history_lists_what_can_be_read(
        pristine, tmp_path, station_config, daemon_runs, capsys, caplog):
    counts = check_damages(range(SEEDS), pristine, tmp_path, station_config, daemon_runs, capsys, caplog)
    print(counts)
    assert counts["kept aside"] > SEEDS / 5 and counts["resumed"] > 0 and counts["games still readable"] > SEEDS
    assert counts["games with actions set aside"] > SEEDS / 10


def test_a_few_random_damages_the_station_starts_and_history_lists_what_can_be_read(
        pristine, tmp_path, station_config, daemon_runs, capsys, caplog):
    """The same, for a tenth of the seeds: fast enough for every run and for mutation testing."""
    counts = check_damages(range(SEEDS // 10), pristine, tmp_path, station_config, daemon_runs, capsys, caplog)
    assert counts["kept aside"] > 0 and counts["games still readable"] > 0


def test_invalid_utf8_in_one_stored_action_costs_its_game_only_the_actions_from_there(pristine, tmp_path, capsys):
    """An earlier issue's case: four bytes that are not UTF-8 inside one action passed the integrity
    and JSON checks, then every start raised JournalError (exit 1, again and again). The action's
    check finds it: the game resumes before it, the rest is set aside in the file, and history says so."""
    folder = tmp_path / "state"
    folder.mkdir()
    path = folder / JOURNAL_NAME
    path.write_bytes(pristine)
    db = sqlite3.connect(path)
    db.execute("""UPDATE actions SET action = CAST(replace(CAST(action AS BLOB), CAST('MW-' AS BLOB), x'ff80c3e2')
                  AS TEXT) WHERE game_id = 3 AND seq = 4""")
    db.commit()
    db.close()
    damaged = path.read_bytes()

    assert history("--state-dir", str(folder)) == 1  # was 2, showing nothing
    out = capsys.readouterr()
    assert listed(out.out) == {1, 2, 3}  # game 3 as far as it can be read
    assert "Game 3: 6 actions set aside after action 3: the journal was damaged there" in out.out
    assert "game 3's action 4 holds bytes that are not UTF-8" in out.err
    assert path.read_bytes() == damaged

    with Journal(path) as journal:  # the station starting: the game resumes before the damage, and says so
        referee = Referee(load_config(None, plugins()), journal, games=plugins())
        assert journal.recovered is None and referee.resume(0.0) is True and len(referee.game.actions) == 3
        assert ("Journal damaged", "last 6 plays set aside") in [(o.view.title, o.view.detail)
                                                                 for o in referee.controller.overlays]
    assert [p for p in folder.iterdir() if ".damaged-" in p.name] == []
    assert history("--state-dir", str(folder)) == 0   # sound now: the set-aside actions are named, not missing
    assert "Game 3: 6 actions set aside after action 3: the journal was damaged there" in capsys.readouterr().out


def test_damage_found_while_playing_keeps_the_file_aside_and_the_game_goes_on_in_a_new_journal(tmp_path):
    path = tmp_path / "state" / JOURNAL_NAME
    journal = Journal(path)
    referee = Referee(load_config(None, plugins()), journal, games=plugins(), seed=lambda: 1)
    referee.start({"game": "math-wars", "players": ["Ana", "Ben"]}, 0.0)
    for t, (player, card) in enumerate([("Ana", "MW-A-N21"), ("Ana", "MW-A-S5"), ("Ben", "MW-B-N15")], start=1):
        referee.apply({"type": "play", "t": float(t), "player": player, "card": card, "source": "camera"})
    other = sqlite3.connect(path)  # the card goes bad under the running station
    other.execute("UPDATE actions SET action = CAST(x'7b2274797065223a2280ff227d' AS TEXT) WHERE seq = 3")
    other.commit()
    other.close()

    referee.undo()  # reads the damaged action: the file goes aside, the game goes on whole, minus the undone play
    referee.apply({"type": "play", "t": 5.0, "player": "Ben", "card": "MW-B-N2", "source": "camera"})
    assert [a["card"] for a in referee.game.actions] == ["MW-A-N21", "MW-A-S5", "MW-B-N2"]
    stored = journal.current_game()
    assert stored is not None and [a["card"] for a in stored.actions] == ["MW-A-N21", "MW-A-S5", "MW-B-N2"]
    assert journal.recovered is not None and "kept as journal.sqlite3.damaged-" in journal.recovered
    assert "Journal damaged" in [overlay.view.title for overlay in referee.controller.overlays]
    journal.close()
    assert len([p for p in path.parent.iterdir() if ".damaged-" in p.name and not p.name.endswith(("-wal", "-shm"))]) == 1
    shutil.rmtree(path.parent)


# ---- damage inside one row: a card ID that names another real card ----------------------------

FIVE = (("math-wars", 11), ("sum", 2), ("whos-counting", 3), ("math-rush", 4), ("big-bang", 5))


def another_real_card(card_id: str) -> str | None:
    """``card_id`` with one digit changed so that it names another card of the catalog, or None."""
    catalog = load_catalog()
    for spot, digit in enumerate(card_id):
        if not digit.isdigit():
            continue
        for other in "0123456789".replace(digit, ""):
            changed = card_id[:spot] + other + card_id[spot + 1:]
            try:
                catalog.card(changed)
            except EngineError:
                continue
            return changed
    return None


def card_in(action: dict) -> str | None:
    card = action.get("card") or (action.get("cards") or [None])[0]
    return card if isinstance(card, str) else None


@pytest.fixture(scope="module")
def games_in_play(tmp_path_factory) -> dict[str, tuple[bytes, list[dict]]]:
    """Each of the five games played by its virtual players to the end, and still "playing" in
    its own journal (as if the power went just before the station marked it finished)."""
    made = {}
    for name, seed in FIVE:
        path = tmp_path_factory.mktemp(name) / JOURNAL_NAME
        game = new_game({"game": name, "seed": seed, "players": ["Ana", "Ben"]})
        with Journal(path) as journal:
            game_id = journal.start_game(game.config)
            actions = [action for action, _ in plugin(name).virtual_players(game, seed)]
            for action in actions:
                journal.append(game_id, action)
        made[name] = (path.read_bytes(), actions)
    return made


def damaged_rows(actions: list[dict], every: int) -> list[tuple[int, str, str]]:
    """(seq, card ID, the other real card's ID) for every ``every``-th row that holds a card."""
    rows = []
    for seq, action in enumerate(actions, start=1):
        card = card_in(action)
        other = another_real_card(card) if card else None
        if other is not None:
            rows.append((seq, card, other))
    return rows[::every]


def check_row_damage(games_in_play, tmp_path, caplog, every: int) -> dict[str, int]:
    """One card ID changed to another real card's in one row: the station resumes the game up to
    the action before it, sets the rest aside (kept in the file, counted once), and says so."""
    caplog.set_level(logging.INFO)
    counts = {"rows damaged": 0, "actions set aside": 0}
    for name, (data, actions) in games_in_play.items():
        for seq, card, other in damaged_rows(actions, every):
            where = f"{name} action {seq}: {card} -> {other}"
            folder = tmp_path / f"{name}-{seq}"
            folder.mkdir()
            path = folder / JOURNAL_NAME
            path.write_bytes(data)
            db = sqlite3.connect(path)   # the digit changes on the card, under SQLite's feet
            db.execute("UPDATE actions SET action = replace(action, ?, ?) WHERE seq = ?",
                       (f'"{card}"', f'"{other}"', seq))
            db.commit()
            db.close()
            caplog.clear()

            with Journal(path) as journal:
                referee = Referee(load_config(None, plugins()), journal, games=plugins(), seed=lambda: 1)
                assert referee.resume(0.0), where
                assert referee.game.actions == actions[: seq - 1], where   # nothing after the damage is trusted
                aside = len(actions) - seq + 1
                notes = [(o.view.title, o.view.detail) for o in referee.controller.overlays if o.note is not None]
                assert ("Journal damaged", f"last {aside} play{'s' if aside > 1 else ''} set aside") in notes, \
                    f"{where}: {notes}"
                logged = f"{aside} action{'s' if aside > 1 else ''} after action {seq - 1} set aside"
                assert logged in caplog.text, where
                stored = journal.current_game()
                assert stored is not None and stored.actions == actions[: seq - 1], where
                assert journal.append(stored.id, {**actions[seq - 1], "t": 1e6}) == seq, where   # the game goes on
            assert not [p for p in folder.iterdir() if ".damaged-" in p.name], f"{where}: the whole file went aside"
            with Journal(path, readonly=True) as reader:   # history: the game, and what was set aside
                (game,) = reader.games()
                assert len(game.actions) == seq and game.set_aside is not None, where
                assert game.set_aside.startswith(f"{aside} action{'s' if aside > 1 else ''} set aside after action "
                                                 f"{seq - 1}"), game.set_aside
            counts["rows damaged"] += 1
            counts["actions set aside"] += aside
    return counts


@pytest.mark.slow
def test_a_card_id_changed_to_another_real_card_in_any_row_of_the_five_games_is_set_aside(games_in_play, tmp_path,
                                                                                            caplog):
    counts = check_row_damage(games_in_play, tmp_path, caplog, every=1)
    print(counts)
    assert counts["rows damaged"] > 200


def test_a_card_id_changed_to_another_real_card_in_some_rows_of_the_five_games_is_set_aside(games_in_play, tmp_path,
                                                                                             caplog):
    """The same, every ninth such row: fast enough for every run."""
    counts = check_row_damage(games_in_play, tmp_path, caplog, every=9)
    assert counts["rows damaged"] >= 5 * 2
