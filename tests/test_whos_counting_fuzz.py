"""Whatever children lay, throw and press, the Who's Counting? referee answers and never crashes.

Random turns — honest expressions, broken ones, blue cards, red cards from anyone at any time,
Stops, Choice and Super declarations, trades, passes — with the clock's deadlines applied as the
referee applies them, must keep the state JSON-ready and sane (hands 0–7, a draw pile never
negative, one red card a turn at most, scores that are the sum of what the turns gave) and replay
to the very same game.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.catalog import load_catalog
from engine.whos_counting import WhosCounting

PLAYERS = ["Ana", "Ben", "Cleo"]
DECK = [c.id for c in load_catalog().game("whos-counting").cards(["A"])]
KIND = {c.id: c.face.kind for c in load_catalog().game("whos-counting").cards(["A"])}
NUMBERS = [c for c in DECK if KIND[c] == "number"]
OPS = [c for c in DECK if KIND[c] == "operation"]
BLUE = [c for c in DECK if KIND[c] == "blue"]
REDS = [c for c in DECK if KIND[c] in ("red", "goo", "super")]
WILD = [c for c in DECK if "CHO" in c or "SUP" in c]
VALUES = [str(n) for n in range(1, 13)] + ["+", "-", "×", "÷", "double", "stop", "extra_turn", "steal", "zero"]

player = st.sampled_from(PLAYERS + ["*"] * 4)  # "*": whoever's turn it is, so most turns really happen
expression = st.integers(1, 3).flatmap(lambda ops: st.tuples(
    st.lists(st.sampled_from(NUMBERS), min_size=ops + 1, max_size=ops + 1, unique=True),
    st.lists(st.sampled_from(OPS * 6 + WILD), min_size=ops, max_size=ops, unique=True)))
honest = st.builds(lambda p, e, blue: {"type": "submit", "player": p, "blue": blue,
                                       "cards": [c for pair in zip(e[0], e[1] + [None]) for c in pair if c]},
                   player, expression, st.lists(st.sampled_from(BLUE + WILD), max_size=2, unique=True))
anything = st.builds(lambda p, cards, blue: {"type": "submit", "player": p, "cards": cards, "blue": blue},
                     player, st.lists(st.sampled_from(DECK), max_size=8), st.lists(st.sampled_from(DECK), max_size=2))
red = st.builds(lambda p, c: {"type": "red", "player": p, "card": c}, player, st.sampled_from(REDS + NUMBERS[:3]))
stop = st.builds(lambda p, c: {"type": "stop", "player": p, "card": c}, player, st.sampled_from(BLUE + WILD))
declare = st.builds(lambda p, c, v: {"type": "declare", "player": p, "card": c, "value": v},
                    player, st.sampled_from(WILD + NUMBERS[:2]), st.sampled_from(VALUES))
trade = st.builds(lambda p, n: {"type": "trade", "player": p, "count": n}, player, st.integers(0, 8))
passes = st.builds(lambda p: {"type": "pass", "player": p}, player)
wait = st.builds(lambda s: {"type": "wait", "seconds": s}, st.sampled_from([1, 3, 6, 30]))
action = st.one_of(honest, honest, honest, anything, red, red, stop, declare, trade, passes, wait, wait)
configs = st.fixed_dictionaries({
    "game": st.just("whos-counting"), "players": st.just(PLAYERS),
    "order": st.sampled_from(["standard", "left-to-right"]), "target": st.sampled_from([0, 100, 500]),
    "minutes": st.sampled_from([2, 20]), "window": st.sampled_from([2, 5]),
    "bonus_counts": st.sampled_from(["cards", "kinds"]), "split_rounds": st.sampled_from(["down", "up"]),
})


@settings(max_examples=200)
@given(configs, st.lists(action, min_size=20, max_size=120))
def test_random_turns_are_judged_never_crash_and_replay_exactly(config, script):
    game = WhosCounting(config)
    events, t = [], 0.0
    for step in script:
        t += step["seconds"] if step["type"] == "wait" else 0.5
        while (due := game.deadline()) is not None and due.at <= t:  # as the referee does
            events.extend(game.apply({**due.action, "t": max(due.at, game.last_t)}))
        if step["type"] != "wait":
            who = step["player"] if step["player"] != "*" else game.turns().current or PLAYERS[0]
            if step["type"] == "red" and step["player"] == "*":  # a red card comes from someone else
                who = PLAYERS[(PLAYERS.index(who) + 1) % len(PLAYERS)]
            new = game.apply({**step, "player": who, "t": t})
            assert new, step  # every action is answered: a play, a question or a verdict
            events.extend(new)
        state = game.state()
        assert json.loads(json.dumps(state)) == state
        assert all(0 <= n <= 7 for n in state["hands"].values()) and state["draw_pile"] >= 0
    totals = dict.fromkeys(PLAYERS, 0)
    reds = 0
    for event in events:
        assert isinstance(game.describe(event), str) and game.describe(event)
        if event["type"] == "violation":
            assert event["message"] and event["code"]
        if event["type"] == "red_card":
            reds += 1
            assert reds == 1, "a second red card counted in one turn"
        if event["type"] == "turn_scored":
            reds = 0
            for name, delta in event["changes"].items():
                totals[name] += delta
    assert totals == game.outcome().scores
    rebuilt, replayed = WhosCounting.replay(game.config, game.actions)
    assert replayed == events and rebuilt.state() == game.state()
