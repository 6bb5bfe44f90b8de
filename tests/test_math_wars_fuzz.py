"""Whatever cards children put down, the referee answers with events and never crashes.

Random plays — own cards, other players' cards, cards out of the edition, the same card twice,
plays out of turn, votes and resets — must each give events (a judged violation at worst), keep
the state JSON-ready with no negative pile, and replay to the very same game.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.catalog import load_catalog
from engine.rules import replay
from engine.math_wars import MathWars

PLAYERS = ["Ana", "Ben", "Cleo"]
COPY = {"Ana": "A", "Ben": "B", "Cleo": "C"}
DECK = load_catalog().game("math-wars")
CARDS = [c.id for c in DECK.cards("ABCD")]
COUNT_CODES = [f"N{n}" for n in range(1, 31)]            # a few beyond MWM25's 25
CRATE_CODES = [c.face.code for c in DECK.cards("A", deck="crate1")]

# Mostly honest plays (own deck), so hands, MATH WARs, payments and rounds really happen;
# some plays of any card at all; now and then a vote or a reset.
own_play = st.builds(lambda p, code: {"type": "play", "player": p, "card": f"MW-{COPY[p]}-{code}"},
                     st.sampled_from(PLAYERS), st.sampled_from(COUNT_CODES + CRATE_CODES))
any_play = st.builds(lambda p, c: {"type": "play", "player": p, "card": c}, st.sampled_from(PLAYERS), st.sampled_from(CARDS))
vote = st.builds(lambda p: {"type": "award_victory", "side": p}, st.sampled_from(PLAYERS))
reset = st.just({"type": "reset_round"})
_KINDS = {"own": own_play, "any": any_play, "vote": vote, "reset": reset}
action = st.sampled_from(["own"] * 24 + ["any"] * 4 + ["vote", "reset"]).flatmap(_KINDS.__getitem__)
actions = st.lists(action, max_size=150)
configs = st.fixed_dictionaries({
    "game": st.just("math-wars"),
    "players": st.just(PLAYERS),
    "edition": st.sampled_from(["mwm25", "mwm100"]),
    "discard_option": st.sampled_from([1, 2]),
    "victories_to_win": st.integers(2, 5),
})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs, actions)
def test_random_plays_are_judged_never_crash_and_replay_exactly(config, raw_actions) -> None:
    game = MathWars(config)
    events = []
    for t, action in enumerate(raw_actions):
        new = game.apply({**action, "t": t})
        assert new, action   # every action is answered
        events.extend(new)
        state = game.state()
        assert json.loads(json.dumps(state)) == state
        for piles in state["players"].values():
            assert min(v for k, v in piles.items() if isinstance(v, int) and not isinstance(v, bool)) >= 0
        assert sum(state["victories"].values()) <= config["victories_to_win"] * len(PLAYERS)
    for event in events:
        assert isinstance(game.describe(event), str) and game.describe(event)
        if event["type"] == "violation":
            assert event["message"] and event["code"]
    rebuilt, replayed = replay(game.config, game.actions)
    assert replayed == events and rebuilt.state() == game.state()
