"""Whatever a Big Bang table lays, discards, lifts and says, the referee answers, never crashes,
and judges every placement the way the rule sheet says.

Random rounds — solo or a race, Rules cards or not, replay or not — of cards laid in cells that fit
and cells that do not (any turn), cards of another player's set, discards, the discard pile's top
and buried cards played, lifts, ``done``, the clock and next rounds: every verdict must agree with
an independent judge written here from the sheet's words (its own geometry: which cells touch and
which face of a card meets a neighbour come from the cards' centres and the faces' directions, not
from ``tableau``), the tableau and piles must be the ones the judge keeps, the scores the sheet's
sum, and the actions must replay to the very same game.
"""

from __future__ import annotations

import json
import math
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.big_bang import BigBang
from engine.big_bang.lattice import centroid, turns
from engine.catalog import load_catalog

CARDS = {c.id: c for c in load_catalog().game("big-bang").cards()}
SIDE = 1.0
TOUCH = SIDE / math.sqrt(3)  # two triangles sharing a side: their centres are twice the inradius apart


def faces_of(card_id: str) -> tuple[str, str, str]:
    face = CARDS[card_id].face
    if face.kind == "rules":
        return face.extra["face0"], face.extra["face1"], face.extra["face2"]
    return "any", "any", "any"


def value_of(card_id: str) -> int | None:
    face = CARDS[card_id].face
    return int(face.number.value) if face.kind == "number" and face.number is not None else None


def touching_cells(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return math.isclose(math.dist(centroid(a, SIDE), centroid(b, SIDE)), TOUCH, abs_tol=1e-9)


def face_towards(cell: tuple[int, int], turn: int, other: tuple[int, int]) -> int:
    """The face of a card in ``cell`` turned ``turn`` that meets ``other``: printed pointing up, the
    base (face 0) faces down, the left side (1) up-left, the right side (2) up-right; a turn is
    clockwise on the mat (y down)."""
    (x, y), (ox, oy) = centroid(cell, SIDE), centroid(other, SIDE)
    towards = math.degrees(math.atan2(oy - y, ox - x)) % 360
    for face, printed in enumerate((90, 210, 330)):
        if math.isclose((printed + turn - towards + 180) % 360 - 180, 0, abs_tol=1e-6):
            return face
    raise AssertionError(f"no face of {cell} turned {turn} meets {other}")


def accepts(rule: str, card: str | None) -> bool:
    """A face's rule: any card, nothing (dead), or only a number card showing one of the numbers."""
    if rule == "any":
        return True
    if rule == "dead" or card is None:
        return False
    return value_of(card) in [int(n) for n in rule.split()]


def fits(tableau: dict[tuple[int, int], tuple[str, int]], card: str, cell: tuple[int, int], turn: int) -> bool:
    """The sheet: a card is laid beside the tableau; each card it touches is one away from it, the
    Black Star takes any value; the Rules cards' faces take only what they say (dead: nothing)."""
    if cell in tableau:
        return False
    near = [other for other in tableau if touching_cells(cell, other)]
    if not near:
        return False
    for other in near:
        other_card, other_turn = tableau[other]
        star = CARDS[other_card].face.kind == "star"
        if not accepts(faces_of(other_card)[face_towards(other, other_turn, cell)], card):
            return False
        if not accepts(faces_of(card)[face_towards(cell, turn, other)], None if star else other_card):
            return False
        mine, theirs = value_of(card), value_of(other_card)
        if mine is not None and theirs is not None and abs(mine - theirs) != 1:
            return False
    return True


def empty_beside(tableau: dict[tuple[int, int], tuple[str, int]]) -> list[tuple[int, int]]:
    near = {(c + dc, r + dr) for c, r in tableau for dc in (-1, 0, 1) for dr in (-1, 0, 1)}
    return sorted(cell for cell in near - set(tableau) if any(touching_cells(cell, o) for o in tableau))


def fits_anywhere(tableau: dict[tuple[int, int], tuple[str, int]], card: str) -> bool:
    return any(fits(tableau, card, cell, turn) for cell in empty_beside(tableau) for turn in turns(cell))


class Judge:
    """The judge's own account of every tableau and discard pile, kept from what it approved."""

    def __init__(self, config: dict[str, Any]) -> None:
        self.config = config
        self.sets = {name: "ABC"[i] for i, name in enumerate(config["players"])}
        self.in_play = 28 + (6 if config["rules_cards"] else 0)
        self.deal()

    def deal(self) -> None:
        self.tableaux = {name: {(0, 0): (f"BB-{s}-STAR", 0)} for name, s in self.sets.items()}
        self.piles: dict[str, list[str]] = {name: [] for name in self.sets}
        self.replayed = {name: False for name in self.sets}

    def own(self, player: str) -> list[str]:
        kinds = ("number", "rules") if self.config["rules_cards"] else ("number",)
        return [c for c in CARDS if CARDS[c].copy == self.sets[player] and CARDS[c].face.kind in kinds]

    def score(self, player: str) -> int:
        down = [card for card, _ in self.tableaux[player].values()]
        numbers = sum(1 for c in down if CARDS[c].face.kind == "number")
        rules = sum(1 for c in down if CARDS[c].face.kind == "rules")
        return numbers + 2 * rules - (self.in_play - numbers - rules)


configs = st.fixed_dictionaries({
    "game": st.just("big-bang"), "players": st.sampled_from([["Ana"], ["Ana", "Ben"], ["Ana", "Ben", "Cleo"]]),
    "rules_cards": st.booleans(), "replay": st.booleans(), "minutes": st.sampled_from([0, 5]),
    "rounds": st.integers(1, 2),
})
#: What a table does, weighted: mostly cards that fit (so games reach their end), dead cards
#: discarded, the pile's top played; now and then anything at all, and rarely the clock or a new round.
KINDS = (["fit"] * 24 + ["dead_hand"] * 3 + ["dead", "top", "top", "done", "done", "done", "any", "buried", "discard",
                                                 "lift", "stranger", "next_round", "next_round", "start", "time_up"])
step = st.tuples(st.sampled_from(KINDS), st.integers(0, 10 ** 6))


def resolve(game: BigBang, judge: Judge, kind: str, seed: int) -> list[dict[str, Any]]:
    """A planned step made into the real actions it stands for (none when there are none)."""
    if kind == "next_round":  # the players gather their cards, lay the Black Stars and start
        return [{"type": "next_round"}, {"type": "start"}]
    if kind != "dead_hand":
        action = resolve_one(game, judge, kind, seed)
        return [action] if action else []
    player = game.state()["players"][seed % len(game.state()["players"])]
    tableau, pile = judge.tableaux[player], judge.piles[player]
    placed = {card for card, _ in tableau.values()} | set(pile)
    dead = [card for card in judge.own(player) if card not in placed and not fits_anywhere(tableau, card)]
    return [{"type": "discard", "player": player, "card": card} for card in dead[:3]]


def resolve_one(game: BigBang, judge: Judge, kind: str, seed: int) -> dict[str, Any] | None:
    """One planned step made into the real action it stands for (or None when there is none)."""
    state = game.state()
    players = state["players"]
    player = players[seed % len(players)]
    if kind in ("start", "time_up", "next_round"):
        return {"type": kind}
    if kind == "done":
        return {"type": "done", "player": player}
    tableau, pile = judge.tableaux[player], judge.piles[player]
    placed = {card for card, _ in tableau.values()} | set(pile)
    free = [c for c in judge.own(player) if c not in placed]
    cells = empty_beside(tableau)
    if kind == "stranger":  # a card of another set, or of another kind the config leaves out
        others = [c for c in CARDS if CARDS[c].copy != judge.sets[player] or CARDS[c].face.kind == "rules"]
        card = others[seed % len(others)]
        cell = cells[seed % len(cells)]
        return {"type": "play", "player": player, "card": card, "cell": list(cell), "turn": turns(cell)[seed % 3]}
    if kind == "lift":
        cards = [card for card, _ in tableau.values()] + pile[-1:] + free[:1]
        return {"type": "lift", "player": player, "card": cards[seed % len(cards)]}
    if kind == "discard":
        return {"type": "discard", "player": player, "card": free[seed % len(free)]} if free else None
    if kind == "dead":  # a card that fits nowhere goes on the pile (the rest of a dead hand follows)
        dead = [card for card in free if not fits_anywhere(tableau, card)]
        return {"type": "discard", "player": player, "card": dead[seed % len(dead)]} if dead else None
    if kind in ("top", "buried"):
        if not pile:
            return None
        card = pile[-1] if kind == "top" else pile[seed % len(pile)]
        spots = [(cell, turn) for cell in cells for turn in turns(cell) if fits(tableau, card, cell, turn)]
        if spots and seed % 4:
            cell, turn = spots[seed % len(spots)]
            return {"type": "play", "player": player, "card": card, "cell": list(cell), "turn": turn}
        cell = cells[seed % len(cells)]
        return {"type": "play", "player": player, "card": card, "cell": list(cell), "turn": turns(cell)[seed % 3]}
    if kind == "any" or not free:
        pool = free or pile or [c for c, _ in tableau.values()]
        card = pool[seed % len(pool)]
        cell = (cells + [(0, 0), (9, 9)])[seed % (len(cells) + 2)]
        return {"type": "play", "player": player, "card": card, "cell": list(cell), "turn": turns(cell)[seed % 3]}
    for offset in range(len(free)):  # "fit": a free card where it fits, when there is one
        card = free[(seed + offset) % len(free)]
        for cell in cells:
            for turn in turns(cell) if CARDS[card].face.kind == "rules" else turns(cell)[:1]:
                if fits(tableau, card, cell, turn):
                    return {"type": "play", "player": player, "card": card, "cell": list(cell), "turn": turn}
    return {"type": "discard", "player": player, "card": free[seed % len(free)]}


def check_events(judge: Judge, action: dict[str, Any], before: dict[str, Any], events: list[dict[str, Any]]) -> None:
    """Every verdict as the judge sees it, and the judge's account moved on by what was approved."""
    playing = before["phase"] == "playing"
    for event in events:
        kind = event["type"]
        if kind == "reshuffled":
            assert judge.config["replay"] and playing
            assert not judge.replayed[event["player"]], "replay: once a round"
            judge.piles[event["player"]] = []
            judge.replayed[event["player"]] = True
        elif kind == "card_played":
            player, card = event["player"], event["card"]
            cell, turn = (event["cell"][0], event["cell"][1]), event["turn"]
            assert playing and CARDS[card].copy == judge.sets[player] and card == action["card"]
            assert event["value"] == value_of(card)
            verdict = fits(judge.tableaux[player], card, cell, turn)
            assert event["ok"] is verdict, (event, judge.tableaux[player])
            assert (event["reason"] == "") is verdict
            if verdict:
                judge.tableaux[player][cell] = (card, turn)
                if card in judge.piles[player]:
                    assert judge.piles[player][-1] == card and event["from"] == "discard", "no digging"
                    judge.piles[player].pop()
            assert event["score"] == judge.score(player) + (judge.in_play - len(judge.tableaux[player]) + 1)
        elif kind == "discarded":
            player, card = event["player"], event["card"]
            assert playing and not fits_anywhere(judge.tableaux[player], card), "a card that fits is no dead card"
            if card in judge.piles[player]:
                judge.piles[player].remove(card)
            judge.piles[player].append(card)
        elif kind == "violation" and event["code"] == "fits":
            assert fits_anywhere(judge.tableaux[event["player"]], event["card"])
        elif kind == "round_over":
            for player, s in event["scores"].items():
                assert s["score"] == judge.score(player)
                assert s["score"] == s["numbers"] + 2 * s["rules"] - s["unplayed"]
            best = max(s["score"] for s in event["scores"].values())
            assert event["winners"] == [p for p, s in event["scores"].items() if s["score"] == best]
            if judge.config.get("stolen"):
                taken = sum(s["unplayed"] for p, s in event["scores"].items() if p not in event["winners"])
                assert all(s["points"] == (taken if p in event["winners"] else 0) for p, s in event["scores"].items())
            else:
                assert all(s["points"] == s["score"] for s in event["scores"].values())
        elif kind == "round_ready":
            judge.deal()
        elif kind == "player_done":
            player = event["player"]
            left = [c for c in judge.own(player) if c not in {x for x, _ in judge.tableaux[player].values()}]
            if event["reason"] == "all_down":
                assert left == []
            else:  # the deck is gone, and nothing in hand, on the pile's top (or in it, replay to come) fits
                pile = judge.piles[player]
                replay_to_come = judge.config["replay"] and not judge.replayed[player]
                playable = [c for c in left if c not in pile] + (pile if replay_to_come else pile[-1:])
                assert not any(fits_anywhere(judge.tableaux[player], c) for c in playable)


@settings(max_examples=60, deadline=None)
@given(configs, st.booleans(), st.lists(step, min_size=60, max_size=300))
def test_random_games_are_judged_as_the_sheet_says_never_crash_and_replay_exactly(config, stolen, script):
    config = {**config, "stolen": stolen and len(config["players"]) > 1}
    game = BigBang(config)
    judge = Judge(config)
    events: list[dict[str, Any]] = game.apply({"type": "start", "t": 0})
    t = 0
    for kind, seed in script:
        if game.outcome().over:
            break
        for action in resolve(game, judge, kind, seed):
            t += 3
            before = game.state()
            new = game.apply({**action, "t": t})
            check_events(judge, action, before, new)
            events.extend(new)
        state = game.state()
        assert json.loads(json.dumps(state)) == state
        for seat in state["tableaux"]:
            mine = {(c["cell"][0], c["cell"][1]): (c["card"], c["turn"]) for c in seat["cells"]}
            assert mine == judge.tableaux[seat["player"]]
            assert [c["card"] for c in seat["discard"]] == judge.piles[seat["player"]]
            assert 0 <= seat["hand"] <= 3 and seat["deck"] >= 0
            assert seat["hand"] + seat["deck"] + len(seat["discard"]) + len(seat["cells"]) - 1 == seat["in_play"]
    for event in events:
        assert isinstance(game.describe(event), str) and game.describe(event)
        if event["type"] == "violation":
            assert event["message"] and event["code"]
    assert len([e for e in events if e["type"] == "round_over"]) <= config["rounds"]
    rebuilt, replayed = BigBang.replay(game.config, game.actions)
    assert replayed == events and rebuilt.state() == game.state()
