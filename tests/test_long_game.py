"""A long game through the whole station: every play the players make is read, none lost, none added.

The 4-player Math Wars Meta demo to 20 VICTORY! cards (928 plays, about 35 minutes of game time, some 10,000 frames)
played unpaced on the virtual table while the room changes: the light dims, brightens, slants
and glares, a dim spell makes frames too dark to trust, the camera is bumped (a short blur) and
hunts for focus longer than a card takes to be removed. Between hands the table is cleared and
cards come back in later hands, often into the very box they left. The station must read exactly
the plays the virtual players made, hand by hand, and end in the same state as their own referee.
(Within a hand the players play at once: two cards laid while the picture could not be trusted
are read together, in either order.)
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.rules import new_game
from station.games.math_wars.demo import demo_scenario
from station.simulate import ScenarioRun
from station.sim.virtual_table import Glare, Lighting

LIGHTS = (  # a new light every 23 s of game time
    Lighting(),
    Lighting(brightness=0.8, gradient=0.3, gradient_angle=30.0),
    Lighting(brightness=1.1, gradient=0.2, gradient_angle=200.0, glare=Glare(150.0, 170.0, radius=60.0, strength=0.3)),
    Lighting(brightness=0.7, gradient=0.4, gradient_angle=120.0),
)
DIM = Lighting(brightness=0.3)  # too dark to trust (the pipeline warns), yet codes may still read


def room(now: float) -> dict[str, Any]:
    """The light and the focus at game time ``now``: a cycle of 97 s (prime to the lights' 23 s)."""
    phase = now % 97.0
    if 40.0 <= phase < 41.2:
        return {"blur_px": 4.0, "lighting": LIGHTS[int(now // 23) % len(LIGHTS)]}  # the camera bumped
    if 70.0 <= phase < 74.0:
        return {"blur_px": 3.5, "lighting": LIGHTS[int(now // 23) % len(LIGHTS)]}  # focus hunting, 4 s
    if 85.0 <= phase < 90.0:
        return {"blur_px": 0.0, "lighting": DIM}
    return {"blur_px": 0.0, "lighting": LIGHTS[int(now // 23) % len(LIGHTS)]}


class ChangingRoom(ScenarioRun):
    """The scenario's table, seen in the room's changing light and focus."""

    def _scene(self) -> Any:
        return dataclasses.replace(super()._scene(), **room(self.now))


def by_hand(config: dict[str, Any], actions: list[dict[str, Any]]) -> list[Counter]:
    """The plays (player, card) of each hand, as the engine splits them."""
    game, hands, hand = new_game(config), [], Counter()
    for action in actions:
        events = game.apply(action)
        hand[(action["player"], action["card"])] += 1
        if any(e["type"] == "hand_result" for e in events):
            hands.append(hand)
            hand = Counter()
    return [*hands, hand] if hand else hands


def play_long_game(state_dir: Path, *, seed: int, players: list[str], victories: int):
    """(plays read by hand, plays made by hand, whether the games end the same, the station's records)."""
    scenario, expected = demo_scenario({"game": "math-wars", "seed": seed, "players": players, "victories_to_win": victories}, seed)
    run = ChangingRoom(scenario, state_dir, display="none", table_events=True)
    try:
        records = run.run()
        game = run.station.referee.game
        assert game is not None
        read = by_hand(game.config, game.actions)
        same_state = game.state() == expected.state()
    finally:
        run.close()
    return read, by_hand(expected.config, expected.actions), same_state, records


def plays(hands: list[Counter]) -> int:
    return sum(sum(hand.values()) for hand in hands)


def test_a_short_game_in_a_changing_room_reads_every_play(tmp_path):
    read, made, same_state, records = play_long_game(tmp_path, seed=5, players=["Ana", "Ben", "Cleo", "Dev"],
                                                     victories=2)
    assert plays(read) == plays(made) > 40
    assert read == made and same_state
    untrusted = " ".join(r["text"] for r in records if r["type"] == "table.warning")
    assert ("blurred" in untrusted or "too soft" in untrusted) and "too dark" in untrusted  # frames that prove nothing


@pytest.mark.slow
def test_a_four_player_game_to_20_victories_in_a_changing_room_reads_every_play(tmp_path):
    """The issue's game: 928 plays; before the tracker resynchronised after untrusted frames it
    read 916 (cards cleared while the picture was 'blurred' came back as 'uncovered')."""
    read, made, same_state, records = play_long_game(tmp_path, seed=5, players=["Ana", "Ben", "Cleo", "Dev"],
                                                     victories=20)
    assert plays(made) == 928
    assert plays(read) == plays(made)
    assert read == made
    assert same_state
    assert max(r.get("t", 0) for r in records) > 1800  # more than half an hour of game time
