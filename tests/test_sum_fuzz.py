"""Whatever children lay, draw and play, the SUM referee answers and never crashes.

Random turns — targets turned up, honest equations, broken ones, draws from either deck, wild
cards, ends of turn, from the player whose turn it is or anyone — must keep the state JSON-ready
and sane (hands and decks never negative, won piles that only grow, the cards of each deck
accounted for) and replay to the very same game.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.catalog import load_catalog
from engine.sum import Sum
from engine.sum.config import NUMBERS_DECK

PLAYERS = ["Ana", "Ben", "Cleo"]
CARDS = load_catalog().game("sum").cards(["A"])
NUMBERS = [c.id for c in CARDS if c.face.kind == "number"]
OPS = [c.id for c in CARDS if c.face.kind == "operation"]
WILDS = [c.id for c in CARDS if c.face.kind == "wild"]

player = st.sampled_from(PLAYERS + ["*"] * 4)  # "*": whoever's turn it is
equation = st.integers(1, 3).flatmap(lambda ops: st.tuples(
    st.lists(st.sampled_from(NUMBERS), min_size=ops + 1, max_size=ops + 2, unique=True),
    st.lists(st.sampled_from(OPS), min_size=ops, max_size=ops, unique=True)))
honest = st.builds(lambda p, e: {"type": "submit", "player": p,
                                 "cards": [c for pair in zip(e[0], e[1] + [None] * 2) for c in pair if c]}, player, equation)
anything = st.builds(lambda p, cards: {"type": "submit", "player": p, "cards": cards},
                     player, st.lists(st.sampled_from(NUMBERS + OPS + WILDS), max_size=7))
target = st.builds(lambda c: {"type": "target", "card": c}, st.sampled_from(NUMBERS + OPS[:2]))
draw = st.builds(lambda p, d: {"type": "draw", "player": p, "deck": d}, player, st.sampled_from(["numbers", "operations"]))
wild = st.builds(lambda p, c: {"type": "wild", "player": p, "card": c}, player, st.sampled_from(WILDS + NUMBERS[:2]))
end = st.builds(lambda p: {"type": "end_turn", "player": p}, player)
win = st.builds(lambda p, seed: {"type": "win", "player": p, "seed": seed}, player, st.integers(0, 99))
action = st.one_of(honest, anything, win, win, target, target, draw, draw, draw, wild, end)


def winning(game: Sum, seed: int) -> list[str] | None:
    """Two unused number cards and + or × that make the target, when there are any."""
    state = game.state()
    if state["target"] is None:
        return None
    goal = state["target"]["value"]
    free = [c for c in NUMBERS if c not in game.won_cards and c != state["target"]["card"]]
    value = {c: int(c.split("-N")[1][:-1]) for c in free}
    for offset in range(len(free)):
        first = free[(seed + offset) % len(free)]
        for second in free:
            if second != first and value[first] + value[second] == goal:
                return [first, OPS[0], second]
            if second != first and value[first] * value[second] == goal:
                return [first, OPS[16], second]
    return None
configs = st.fixed_dictionaries({
    "game": st.just("sum"), "players": st.just(PLAYERS), "pairs": st.sampled_from(["sum", "product"]),
    "order": st.sampled_from(["standard", "left-to-right"]), "fractions": st.booleans(),
    "wild": st.dictionaries(st.sampled_from(["propagation", "neutralization", "radicalization", "rotation"]),
                            st.booleans()),
})


@settings(max_examples=200)
@given(configs, st.lists(action, min_size=20, max_size=150))
def test_random_turns_are_judged_never_crash_and_replay_exactly(config, script):
    game = Sum(config)
    events = []
    won_before = dict.fromkeys(PLAYERS, 0)
    for t, step in enumerate(script):
        if "player" in step and step["player"] == "*":
            step = {**step, "player": game.turns().current or PLAYERS[0]}
        if step["type"] == "win":
            cards = winning(game, step["seed"])
            if cards is None:
                continue
            step = {"type": "submit", "player": step["player"], "cards": cards}
        new = game.apply({**step, "t": t})
        assert new, step  # every action is answered
        events.extend(new)
        state = game.state()
        assert json.loads(json.dumps(state)) == state
        assert min(state["hands"].values()) >= 0 and state["numbers_deck"] >= 0 and state["operations_deck"] >= 0
        assert all(state["won"][p] >= won_before[p] for p in PLAYERS)
        won_before = dict(state["won"])
        dealt = 4 * len(PLAYERS)
        targets = sum(1 for e in events if e["type"] == "target_set")
        assert state["numbers_deck"] <= NUMBERS_DECK - dealt - targets
    for event in events:
        assert isinstance(game.describe(event), str) and game.describe(event)
        if event["type"] == "violation":
            assert event["message"] and event["code"]
    rebuilt, replayed = Sum.replay(game.config, game.actions)
    assert replayed == events and rebuilt.state() == game.state()
