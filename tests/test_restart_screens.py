"""A restart as a round, a hand or the game ends shows what the killed station showed: the
screens that wait for a press (a hand's results, a round's, the game's end) come back in order
(``tests/restart_check.py`` checks that none is lost and none is made up), in every game that has
them; CONFIRM then steps through them, never deals the next round unread."""

from __future__ import annotations

import pytest
from restart_check import ROOT, failures, restart_everywhere, step_of

from station.sim.scenario import load_scenario

#: (scenario, the event that ends a hand, a round or the game): the station is killed right after it
ENDS = [
    ("math-rush-round", "round_over"),        # each goal, then the round's points
    ("math-rush-too-late", "round_over"),
    ("normal-hand", "hand_result"),            # Math Wars: the hand's results, hidden until CONFIRM
    ("big-bang-speed-game", "game_over"),      # the round's sums, then the winner
    ("sum-numbers-run-out", "game_over"),      # the winner, then every score
    ("whos-counting-time-up", "game_over"),
]


@pytest.mark.parametrize("name,event", ENDS, ids=[f"{name}-{event}" for name, event in ENDS])
def test_a_restart_as_a_round_or_the_game_ends_shows_its_screens_again(name, event, tmp_path):
    scenario = load_scenario(ROOT / "scenarios" / f"{name}.toml")
    (restart,) = restart_everywhere(scenario, tmp_path, only={step_of(scenario, event)})
    assert restart.waiting, "the killed station held no screen waiting for a press: the test checks nothing"
    assert failures([restart]) == []


def test_a_game_set_up_to_show_results_at_once_shows_them_at_once_after_a_restart(tmp_path):
    """Setup's choice of how a hand's results are shown is the game's to its end: a restart took
    the config's ("press") instead, and the next hand's winner was hidden behind "Work out your
    results, then press CONFIRM." in a game set up to say it at once."""
    from station.config import load_config
    from station.games import plugins
    from station.referee import Referee
    from station.speech.voice import utterance
    from station.store import Journal

    def referee() -> Referee:
        return Referee(load_config(None, plugins()), Journal(tmp_path / "journal.sqlite3"), games=plugins(),
                       seed=lambda: 7)

    def play(ref: Referee, moves: list[tuple[str, str]], t: float) -> None:
        for n, (player, card) in enumerate(moves):
            ref.apply({"type": "play", "t": t + n, "player": player, "card": card, "source": "camera"})

    killed = referee()
    killed.start({"game": "math-wars", "players": ["Ana", "Ben"], "seed": 1}, 0.0, reveal="at_once")
    play(killed, [("Ana", "MW-A-N5"), ("Ana", "MW-A-M3")], 1.0)
    killed.journal.close()
    again = referee()
    assert again.resume(10.0)
    again.take_lines()
    play(again, [("Ben", "MW-B-N19"), ("Ben", "MW-B-D10")], 3.0)
    assert ("accepted", "Ben wins the hand, with nineteen.") in [utterance(batch) for batch in again.take_lines()]
    again.journal.close()
