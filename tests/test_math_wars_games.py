"""Whole games between seeded virtual players: the engine's counts must match a real table.

The virtual players hold real card IDs and move them only as the referee's events say; after
every action the engine's pile counts must equal the cards each player really holds, no card may
appear or vanish, and no play by honest players may be judged a violation.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.games import replay
from engine.math_wars import MathWars
from station.sim.math_wars_players import VirtualTable

CONFIGS = [
    {"players": ["Ana", "Ben"]},
    {"players": ["Ana", "Ben", "Cleo", "Dev"], "discard_option": 2},
    {"players": ["Ana", "Ben", "Cleo"], "edition": "mwm100", "victories_to_win": 2},
    {"teams": {"Red": ["Ana", "Ben"], "Blue": ["Cy", "Dee"]}},
    {"teams": {"Red": ["Ana", "Ben", "Cleo"], "Blue": ["Cy", "Dee", "Eve"]}, "discard_option": 2},
    {"players": ["Solo"]},
]


def _check_counts_match(table: VirtualTable) -> None:
    state = table.game.state()
    edition_cards = table.game.rules.edition.count_cards
    seen: Counter[str] = Counter()
    for name, piles in state["players"].items():
        cards = table.cards[name]
        assert (piles["draw"], piles["battle"], piles["spoils"]) == (len(cards.draw), len(cards.battle), len(cards.spoils)), name
        assert (piles["crate_draw"], piles["crate_battle"], piles["crate_discard"]) == (
            len(cards.crate_draw), len(cards.crate_battle), len(cards.crate_discard)), name
        seen.update(cards.draw + cards.battle + cards.spoils)
    assert sum(seen.values()) == edition_cards * len(state["players"])   # no card appears or vanishes
    assert max(seen.values()) == 1


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items())[:40])
@pytest.mark.parametrize("seed", range(6))
def test_virtual_games_keep_the_engine_and_the_table_in_step(config, seed) -> None:
    game = MathWars({"game": "math-wars", "seed": seed, **config})
    table = VirtualTable(game, seed=seed)
    kinds: Counter[str] = Counter()
    for _, events in table.actions():
        kinds.update(e["type"] for e in events)
        assert not [e for e in events if e["type"] == "violation"], events
        _check_counts_match(table)
    state = game.state()
    assert state["over"] and state["victories"][state["winner"]] == game.rules.victories_to_win
    assert kinds["game_won"] == 1
    assert kinds["round_won"] == sum(state["victories"].values())
    # The journal replays to the same game.
    rebuilt, events = replay(game.config, game.actions)
    assert rebuilt.state() == state


def test_many_games_cover_wars_reshuffles_and_knock_outs() -> None:
    """The property test above is only as good as the situations it meets: make sure it meets them."""
    kinds: Counter[str] = Counter()
    levels: Counter[int] = Counter()
    runs = [(seed, config) for seed in range(6) for config in CONFIGS]
    runs += [(seed, CONFIGS[0]) for seed in range(6, 40)]   # double MATH WARs are rare: play more
    for seed, config in runs:
        game = MathWars({"game": "math-wars", "seed": seed, **config})
        for _, events in VirtualTable(game, seed=seed).actions():
            kinds.update(e["type"] for e in events)
            levels.update(e["level"] for e in events if e["type"] == "math_war")
    for kind in ("math_war", "spoils_reshuffled", "knocked_out", "hand_redraw", "solo_discard", "round_started"):
        assert kinds[kind] > 0, kind
    assert levels[2] > 0, "no MATH WAR twice in a row"
