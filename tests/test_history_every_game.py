"""Every game's history as a teacher reads it: each game, played whole by its virtual players and
journaled action by action, replays to its end, and ``mathstation history`` and the teacher's page
say who won, by how much, and the game's own measures (Math Wars hands, Who's Counting? best
expression, Math Rush goals completed, Big Bang scores and cards left, SUM equations)."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from engine.games import GAME_TITLES
from engine.rules import new_game
from station.cli_history import details, result, table
from station.games import plugin, plugins
from station.store import Journal
from station.web.history import per_child, read_games

GAMES = [("math-wars", ["Ana", "Ben"], 1), ("sum", ["Ana", "Ben"], 2), ("whos-counting", ["Ana", "Ben"], 3),
         ("math-rush", ["Ana"], 4), ("math-rush", ["Ana", "Ben"], 4), ("big-bang", ["Ana"], 5),
         ("big-bang", ["Ana", "Ben"], 6), ("math-wars", ["Ana", "Ben", "Cy"], 2)]


@pytest.fixture(scope="module")
def journal(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict[str, Any]]]:
    """The games, journaled as the referee journals them; beside each, what its own players' game said."""
    path = tmp_path_factory.mktemp("history") / "journal.sqlite3"
    truths = []
    with Journal(path) as j:
        for name, players, seed in GAMES:
            game = new_game({"game": name, "seed": seed, "players": players})
            game_id = j.start_game(game.config)
            events = []
            for action, new in plugin(name).virtual_players(game, seed):
                j.append(game_id, action)
                events += new
            j.finish(game_id)
            truths.append({"game": game, "events": events})
    return path, truths


def test_every_game_the_virtual_players_journal_replays_to_its_end(journal) -> None:
    path, truths = journal
    games, damaged = read_games(path, plugins())
    assert damaged is None
    assert [s.problem for s in games] == [None] * len(GAMES)        # no "stops early"
    for s, truth in zip(reversed(games), truths):
        outcome = truth["game"].outcome()
        assert s.status == "finished" and outcome.over
        assert s.scores == dict(outcome.scores)
        assert s.winner == " & ".join(outcome.winners)


def test_the_history_table_says_each_game_s_result_and_its_own_measures(journal) -> None:
    path, truths = journal
    games = list(reversed(read_games(path, plugins())[0]))
    rows = {GAMES[i][:2][0] + "/" + str(len(GAMES[i][1])): (result(s), details(s)) for i, s in enumerate(games)}
    wars = truths[0]["game"].outcome()
    loser = next(side for side in wars.scores if side not in wars.winners)
    assert rows["math-wars/2"][0] == f"{wars.winners[0]} won {wars.scores[wars.winners[0]]}–{wars.scores[loser]}"
    assert re.fullmatch(r"hands Ana \d+ Ben \d+, rounds \d+", rows["math-wars/2"][1])
    assert re.match(r"equations Ana \d+ Ben \d+", rows["sum/2"][1])

    solo = truths[5]["game"].outcome()
    assert rows["big-bang/1"][0] == f"Ana won, scoring {solo.scores['Ana']}"      # a solo game says its score
    assert re.fullmatch(r"cards left Ana \d+, minutes [\d.]+", rows["big-bang/1"][1])
    assert re.fullmatch(r"cards left Ana \d+ Ben \d+, minutes [\d.]+", rows["big-bang/2"][1])
    team = truths[4]["game"].outcome()
    assert rows["math-rush/2"][0] == f"Ana & Ben won, scoring {sum(team.scores.values())}"   # one team score
    completed = sum(1 for e in truths[4]["events"] if e["type"] == "goal_complete" and not e["broken"])
    assert f"goals completed Ana {completed} Ben {completed}" in rows["math-rush/2"][1] and completed > 0

    expression = re.search(r"best expression (\w+): (.+) = (-?\d+), (\d+) points", rows["whos-counting/2"][1])
    assert expression is not None, rows["whos-counting/2"][1]
    assert _worked_out(expression[2]) == int(expression[3])          # the maths as written is right
    assert "_" not in "".join(d for _, d in rows.values())            # measures in words, not Python names
    lines = table(games)[1:]
    assert [next(t for t in GAME_TITLES.values() if f"  {t}  " in line) for line in lines] == \
        [GAME_TITLES[name] for name, _, _ in GAMES]


def test_each_child_s_figures_hold_every_game_s_own_measure(journal) -> None:
    path, truths = journal
    ana = next(c for c in per_child(read_games(path, plugins())[0]) if c.name == "Ana")
    assert ana.played == len(GAMES)
    assert set(ana.measures) == set(GAME_TITLES.values()) - {"Toy Sum"}
    bang = [t["game"].outcome().scores["Ana"] for t in truths if t["game"].name == "big-bang"]
    assert ana.measures["Big Bang"]["points"] == sum(bang)
    rush = sum(1 for t in truths if t["game"].name == "math-rush" for e in t["events"]
               if e["type"] == "goal_complete" and not e["broken"])
    assert ana.measures["Math Rush"]["goals_completed"] == rush
    assert ana.measures["Math Wars Meta"]["hands"] > 0 and ana.measures["SUM"]["equations"] > 0
    best = ana.measures["Who's Counting?"].get("best_expression")
    if best is not None:                                            # Ana's own best, when hers was the best
        assert best.endswith(" points")


def test_each_child_s_measures_are_that_child_s_own_not_the_game_s_count(journal) -> None:
    """Only Ana's equations are Ana's: a game's count is never handed to every child."""
    path, truths = journal
    games = list(reversed(read_games(path, plugins())[0]))
    played = [(GAMES[i][0], s, truth["events"]) for i, (s, truth) in enumerate(zip(games, truths))]
    seen = 0
    for name, s, events in played:
        children = {c.name: c.measures[GAME_TITLES[name]] for c in per_child([s])}
        if name == "sum":
            own = {p: sum(1 for e in events if e["type"] == "equation_won" and e["player"] == p) for p in s.players}
            assert {p: children[p]["equations"] for p in s.players} == own and len(set(own.values())) > 1
            seen += 1
        if name == "math-wars":
            own = {p: sum(1 for e in events if e["type"] == "hand_result" and e["level"] == 0
                          for r in e["results"] if r["player"] == p) for p in s.players}
            assert {p: children[p]["hands"] for p in s.players} == own
            seen += len(set(own.values())) > 1                         # the 3-player game: Ana was out sooner
        if name == "whos-counting":
            own = {p: sum(1 for e in events if e["type"] in ("turn_scored", "traded", "passed") and e["player"] == p)
                   for p in s.players}
            assert {p: children[p]["turns"] for p in s.players} == own and len(set(own.values())) > 1
            seen += 1
        for measure, value in s.measures.items():             # what is not per child stays off each child's line
            if not isinstance(value, dict) and not (isinstance(value, str) and ": " in value):
                assert all(measure not in mine for mine in children.values()), (name, measure)
    assert seen == 3


def test_how_a_game_was_won_is_said_in_words(journal) -> None:
    path, truths = journal
    games = list(reversed(read_games(path, plugins())[0]))
    sum_game = next(s for i, s in enumerate(games) if GAMES[i][0] == "sum")
    assert sum_game.measures["won_by"] == "most cards"
    assert details(sum_game).startswith("equations Ana ") and details(sum_game).endswith(", won by most cards")
    rush = next(s for i, s in enumerate(games) if GAMES[i][0] == "math-rush")
    assert re.search(r"points by round \d+ \+ \d+ \+ \d+", details(rush)), details(rush)


def _worked_out(expression: str) -> Fraction:
    """The value of an expression as the cards write it (×, ÷, −), left to right with precedence."""
    python = expression.replace("×", "*").replace("÷", "/").replace("−", "-")
    assert re.fullmatch(r"[\d\s+\-*/()]+", python), expression
    return Fraction(eval(re.sub(r"(\d+)", r"Fraction(\1)", python), {"Fraction": Fraction}))  # noqa: S307 - digits only
