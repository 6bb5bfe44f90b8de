"""Math Wars Meta on the virtual table: the demo's table script (a whole game, hand by hand, as
a scenario) and the still table the ``virtual`` camera shows.

Seeded virtual players (station/games/math_wars/players.py) decide which real card each of them
turns up; this writes that down as table steps — put the card in the seat's box (on top of the
pile in a MATH WAR), press CONFIRM to reveal the results, clear the table after each hand — so
``mathstation demo`` plays the game through the whole station: rendered frames, decoding,
tracking, the table adapter, the engine, the journal and the OLED. The players' own referee
keeps the expected result, so the demo can say whether the station judged every play the same.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.catalog import load_catalog
from engine.math_wars import MathWars
from station.games.math_wars.players import VirtualTable
from station.games.math_wars.words import WORDS
from station.sim.scenario import Scenario, Step
from station.sim.virtual_table import Lighting, PlacedCard, Scene
from station.table.mat import mat_layout

STACK_OFFSET_MM = 7.0  # each MATH WAR level's cards lie a little off the last, as hands put them
DEMO_BRIGHTNESS = 0.85  # the still table's exposure: white paper below clipping, as auto-exposure keeps it


def demo_scenario(config: Mapping[str, Any], seed: int, *, reveal: str = "press") -> tuple[Scenario, MathWars]:
    """The scenario and the virtual players' own finished game (the expected outcome)."""
    shadow = MathWars(config)
    table = VirtualTable(shadow, seed=seed)
    steps: list[Step] = []
    seat = {name: index + 1 for index, name in enumerate(shadow.seats())}
    catalog = load_catalog()

    def add(kind: str, value: Any, **options: Any) -> None:
        steps.append(Step(kind, value, options, len(steps) + 1))

    level = 0
    for action, events in table.actions():
        card = action["card"]
        offset = (STACK_OFFSET_MM * level, STACK_OFFSET_MM * level)
        add("place", card, zone=f"seat{seat[action['player']]}.{catalog.card(card).face.kind}", offset=offset)
        types = [e["type"] for e in events]
        if "hand_result" in types:
            add("wait", 1.0)
            if reveal == "press":
                add("press", "confirm", settle=2.0)  # reveal the results
            add("press", "confirm", settle=0.4)  # next screen
            if "math_war" in types:
                level += 1
                add("wait", 2.0)
                continue
            level = 0
            add("wait", 2.0)
            add("remove", "all")
    add("wait", 3.0)
    scenario = Scenario(WORDS.gettext("Demo: Math Wars Meta, seed {seed}", seed=seed), tuple(steps), game=dict(config), seed=seed,
                        reveal=reveal)
    return scenario, shadow


def demo_scene(seed: int = 0) -> Scene:
    """The 2-seat Math Wars mat with one hand dealt: a COUNT META and a MATH CRATE card on each
    seat's zones, a little crooked as children lay them; ``seed`` picks the cards and the tilt."""
    mat = mat_layout("math-wars", 2)
    deck = load_catalog().game("math-wars")
    rng = random.Random(seed)
    decks = {"count-meta": deck.decks["count25"], "math-crate": deck.decks["crate1"]}
    cards = []
    for zone in mat.zones:
        copy = "AB"[(zone.seat - 1) % 2]
        code = rng.choice(decks[zone.kind])
        x, y = zone.center
        cards.append(PlacedCard(deck.card(copy, code).id, x + rng.uniform(-4, 4), y + rng.uniform(-4, 4),
                                zone.facing + rng.uniform(-8, 8)))
    return Scene(mat, tuple(cards), lighting=Lighting(brightness=DEMO_BRIGHTNESS), seed=seed)
