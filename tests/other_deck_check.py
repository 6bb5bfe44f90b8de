"""Another game's cards on this game's mat: a note, never a play.

Children keep several games in one box. Every kind of card of every other game is laid in every
zone of a game's mat, at moments of a real game (its demo's actions replayed, prefix by prefix),
through the game's own table adapter with the card lying in the tracker's snapshot: the adapter
says "Other game: take it off" and makes no action. The card is then taken away: no action either.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from conftest import Lying

from engine.catalog import load_catalog
from engine.rules import new_game
from station.games import plugin


def foreign_cards(game: str) -> list[str]:
    """One card of each kind (number, operation, wild, goal, Help, Black Star …) of every other game."""
    catalog = load_catalog()
    chosen: dict[tuple[str, str], str] = {}
    for name in catalog.games:
        if name == game:
            continue
        for card in catalog.game(name).cards():
            chosen.setdefault((name, card.face.kind), card.id)
    return sorted(chosen.values())


def moments(config: Mapping[str, Any], seed: int, count: int) -> Iterator[dict[str, Any]]:
    """The game's state at ``count`` moments of its demo, evenly spread from the start to the end."""
    expected = plugin(config["game"]).demo(config, seed, "press").expected
    actions = expected.actions
    at = {round(k * len(actions) / (count - 1)) for k in range(count)}
    game = new_game(expected.config)
    for index, action in enumerate(actions):
        if index in at:
            yield game.state()
        game.apply(action)
    yield game.state()


def plays_made(config: Mapping[str, Any], count: int = 6) -> list[str]:
    """Every way a foreign card laid in a zone, or taken away again, became an action or went untold."""
    station = plugin(config["game"])
    mat = station.mat(config)
    cards = foreign_cards(config["game"])
    wrong: list[str] = []
    checked = 0
    for state in moments(config, config["seed"], count):
        t = 1.0
        for zone in mat.zones:
            x, y = zone.center
            for card in cards:
                adapter = station.table(config)
                lying = [Lying(card, x, y)]
                laid = adapter.read([{"type": "placed", "card": card, "x": x, "y": y, "angle": 0.0}], t, state, mat, lying)
                gone = adapter.read([{"type": "removed", "card": card}], t + 5, state, mat, [])
                checked += 1
                if laid.actions or gone.actions:
                    wrong.append(f"{card} in {zone.name}: {laid.actions + gone.actions}")
                elif [n.code for n in laid.notes] != ["other_game"]:
                    wrong.append(f"{card} in {zone.name}: notes {[n.code for n in laid.notes]}")
    assert checked > 0
    return wrong
