"""Whatever a rushing table lays, lifts and asks for, the Math Rush referee answers, never
crashes, and judges every set the way the rule sheet says.

Random rounds — goals laid in any row, the clock started, number cards (Advanced ones too) played
on any row or on top of any card, cards lifted, Help cards, warnings, time up and next rounds —
must keep the state JSON-ready and sane, must agree with an independent judge of each set written
here from the sheet's words, and must replay to the very same game.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.catalog import load_catalog
from engine.math_rush import MathRush
from engine.math_rush.config import HELP_BONUS, HELP_CARDS, ROUNDS

DECK = load_catalog().game("math-rush").cards(["A"])
NUMBERS = [c.id for c in DECK if c.face.kind in ("number", "advanced")]
GOALS = [c.id for c in DECK if c.face.kind in ("goal", "advanced-goal")]
VALUE = {c.id: c.face.number for c in DECK if c.face.number is not None}
FACE = {c.id: c.face for c in DECK}

EQUALS = {c: [o for o in NUMBERS if o != c and VALUE[o].value == VALUE[c].value] for c in NUMBERS}
row = st.integers(1, 3)
goal = st.builds(lambda c, r: {"type": "goal", "card": c, "row": r}, st.sampled_from(GOALS), row)
play = st.builds(lambda c, r, on: {"type": "play", "card": c, "row": r, "on": on},
                 st.sampled_from(NUMBERS), row, st.sampled_from([""] * 3 + NUMBERS))
stack = st.builds(lambda c, r, i: {"type": "play", "card": c, "row": r, "on": EQUALS[c][i % len(EQUALS[c])]},
                  st.sampled_from([c for c in NUMBERS if EQUALS[c]]), row, st.integers(0, 5))
fit = st.builds(lambda seed: {"type": "fit", "seed": seed}, st.integers(0, 999))  # a card that fits a row, found in play
any_card = st.builds(lambda seed: {"type": "any_card", "seed": seed}, st.integers(0, 999))  # any free card, a row in play
# a free card in order against the row's last card but not against every card (a stack on an early card
# ends the row): the sheet's "against every card already in the set"
sneaky = st.builds(lambda seed: {"type": "sneaky", "seed": seed}, st.integers(0, 999))
on_top = st.builds(lambda seed: {"type": "on_top", "seed": seed}, st.integers(0, 999))  # an equal card on a played one
lift = st.builds(lambda c: {"type": "lift", "card": c}, st.sampled_from(NUMBERS))
lift_played = st.builds(lambda seed: {"type": "lift_played", "seed": seed}, st.integers(0, 999))
help_card = st.builds(lambda use: {"type": "help", "use": use}, st.sampled_from(["clear", "clear", "redraw"]))
stray = st.sampled_from([{"type": k} for k in ("start", "start", "warning", "warning", "next_round", "time_up")])
middle = st.one_of(fit, fit, fit, sneaky, any_card, any_card, any_card, on_top, on_top, play, stack, lift, lift_played, lift_played, help_card,
                   goal, stray)
trap = st.tuples(fit, fit, on_top, sneaky)  # a stack on an early card, then a card that only the last would allow
round_script = st.builds(lambda goals, plays, end: [*goals, {"type": "start"}, *plays, end, {"type": "next_round"}],
                         st.lists(goal, min_size=1, max_size=4),
                         st.lists(st.one_of(middle.map(lambda step: [step]), trap.map(list)), min_size=3, max_size=30)
                         .map(lambda groups: [step for group in groups for step in group]),
                         st.sampled_from([{"type": "time_up"}, {"type": "end_round"}, {"type": "warning"}]))
game_script = st.lists(round_script, min_size=1, max_size=4).map(lambda rounds: [a for r in rounds for a in r])


def resolve(game: MathRush, step: dict[str, Any]) -> dict[str, Any] | None:
    """A fit, any_card, sneaky, on_top or lift_played step made into the real action it stands for, or None."""
    if step["type"] not in ("fit", "any_card", "sneaky", "on_top", "lift_played"):
        return step
    state = game.state()
    seed = step["seed"]
    on_table = game.table_cards()
    rows = [r for r in state["rows"] if not r["complete"]]
    if not rows:
        return None
    row = rows[seed % len(rows)]
    played = [p["card"] for p in row["cards"] if not p["lifted"]]
    if step["type"] == "lift_played":
        return {"type": "lift", "card": played[seed % len(played)]} if played else None
    if step["type"] == "on_top":
        if not played:
            return None
        beneath = played[seed % len(played)]
        free = [c for c in EQUALS[beneath] if c not in on_table]
        return {"type": "play", "card": free[seed % len(free)], "row": row["row"], "on": beneath} if free else None
    free = [c for c in NUMBERS if c not in on_table]
    if step["type"] == "any_card":
        return {"type": "play", "card": free[seed % len(free)], "row": row["row"], "on": ""}
    if step["type"] == "sneaky":
        in_set = [p for p in row["cards"] if not p["lifted"]]
        if not in_set or not set_is_sound(row["goal"], in_set):
            return None
        last = {"card": in_set[-1]["card"], "on": ""}
        for offset in range(len(free)):
            card = free[(seed + offset) % len(free)]
            if (set_is_sound(row["goal"], [last, {"card": card, "on": ""}])
                    and not set_is_sound(row["goal"], [*in_set, {"card": card, "on": ""}])):
                return {"type": "play", "card": card, "row": row["row"], "on": ""}
        return None
    for offset in range(len(free)):
        card = free[(seed + offset) % len(free)]
        if set_is_sound(row["goal"], [*(p for p in row["cards"] if not p["lifted"]), {"card": card, "on": ""}]):
            return {"type": "play", "card": card, "row": row["row"], "on": ""}
    return None


configs = st.fixed_dictionaries({
    "game": st.just("math-rush"), "players": st.sampled_from([["Ana"], ["Ana", "Ben"], ["Ana", "Ben", "Cleo", "Dev"]]),
    "advanced": st.booleans(), "help": st.sampled_from(["cards", "unlimited"]), "one_goal": st.booleans(),
    "timer": st.booleans(),
})


def allowed(face: Any, value: Any) -> bool:
    """The goal's restriction, from the goal card's own fields (not the engine's Goal)."""
    extra = face.extra
    only = extra.get("only", "")
    form = value.form.value
    if only == "decimals":
        return form == "decimal"
    if only == "fractions":
        return form in ("fraction", "mixed")
    if only == "percents":
        return form == "percent"
    if only == "repeating":
        denominator = value.value.denominator
        while denominator % 2 == 0:
            denominator //= 2
        while denominator % 5 == 0:
            denominator //= 5
        return denominator != 1
    if only == "unreduced":
        return form in ("fraction", "mixed") and value.is_reduced is False
    if "above" in extra:
        return value.value > Fraction(str(extra["above"]).replace("%", "")) / (100 if "%" in str(extra["above"]) else 1)
    if "below" in extra:
        return value.value < Fraction(str(extra["below"]).replace("%", "")) / (100 if "%" in str(extra["below"]) else 1)
    return True


def set_is_sound(goal_card: str, cards: list[dict[str, Any]]) -> bool:
    """The sheet: each card in order against every card before it, or on an equal card; and within
    the restriction."""
    face = FACE[goal_card]
    direction = face.extra["direction"]
    before: list[Fraction] = []
    ids: list[str] = []
    for placed in cards:
        number = VALUE[placed["card"]]
        if not allowed(face, number):
            return False
        if placed["on"] in ids:  # on a card still in the set (a Help card may have taken the one beneath)
            if VALUE[placed["on"]].value != number.value:
                return False
        else:
            for other in before:
                if direction == "up" and not number.value > other:
                    return False
                if direction == "down" and not number.value < other:
                    return False
                if direction == "equal" and number.value != other:
                    return False
        before.append(number.value)
        ids.append(placed["card"])
    return True


@settings(max_examples=300, deadline=None)
@given(configs, game_script)
def test_random_rounds_are_judged_as_the_sheet_says_never_crash_and_replay_exactly(config, script):
    game = MathRush(config)
    events: list[dict[str, Any]] = []
    for t, planned in enumerate(script):
        step = resolve(game, planned)
        if step is None:
            continue
        new = game.apply({**step, "t": t * 7})
        events.extend(new)
        state = game.state()
        assert json.loads(json.dumps(state)) == state
        assert 1 <= state["round"] <= ROUNDS
        assert state["help_left"] is None or 0 <= state["help_left"] <= HELP_CARDS
        on_table = [p["card"] for r in state["rows"] for p in r["cards"]]
        assert len(on_table) == len(set(on_table)), "a card lies in two places at once"
        assert len([r for r in state["rows"] if not r["complete"]]) <= (1 if config["one_goal"] else 3)
        for r in state["rows"]:
            in_set = [p for p in r["cards"] if not p["lifted"]]
            assert r["placed"] == len(in_set)
            if not config["one_goal"] and len(in_set) == len(r["cards"]):  # lifted cards wait for a Help card
                assert (r["broken"] == "") == set_is_sound(r["goal"], in_set), r
            if not config["advanced"]:
                assert FACE[r["goal"]].kind == "goal" and all(FACE[p["card"]].kind == "number" for p in r["cards"])
        assert state["total"] == sum(state["round_points"]) + state["final"].get("help_bonus", 0)
    for event in events:
        assert isinstance(game.describe(event), str) and game.describe(event)
        if event["type"] == "violation":
            assert event["message"] and event["code"]
        if event["type"] == "round_over":
            assert event["points"] == sum(g["stars"] for g in event["goals"])
            assert all(g["stars"] == 0 or not g["why"] for g in event["goals"])
        if event["type"] == "game_over":
            assert event["help_bonus"] == (HELP_BONUS[event["help_left"]] if event["help_left"] is not None else 0)
    assert len([e for e in events if e["type"] == "round_over"]) <= ROUNDS
    rebuilt, replayed = MathRush.replay(game.config, game.actions)
    assert replayed == events and rebuilt.state() == game.state()
