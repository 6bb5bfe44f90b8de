"""SUM on the virtual table: the demo's table script plays through the whole station and agrees
with the players' own referee; its strip layout and still table read back card for card."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from station.sim.strips import StripFull, strip_spots
from station.games.sum.demo import SPILL_MM, demo_scenario, demo_scene
from station.games.sum.players import MAX_CARDS
from station.sim.virtual_table import CameraModel, PlacedCard, Scene, VirtualTable
from station.table.mat import mat_layout
from station.vision.scan import scan_image

ROOT = Path(__file__).resolve().parent.parent


def read(scene: Scene) -> list[str]:
    frame = VirtualTable(CameraModel.seeing(700, 1280, 720, mat=scene.mat)).render(scene)
    return sorted(card.card_id for card in scan_image(frame).cards)


def test_a_short_seeded_game_is_judged_by_the_station_exactly_as_by_the_players():
    """Seed 42: the 9 is turned up, Ana draws two (the SPARE menu) and ends her turn; Ben lays his
    whole hand, 4 + 4 ÷ 2 + 3, read from his side of the table, and wins with an empty hand."""
    result = subprocess.run([sys.executable, "-m", "station", "demo", "--game", "sum", "--quiet", "--pace", "0",
                             "--seed", "42"], check=False, capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "Ben makes 9: 4 + 4 ÷ 2 + 3 = 9, and wins 4 number cards." in result.stdout
    assert "Ben has no cards left and wins!" in result.stdout
    assert "The station read and judged all 5 plays exactly as the players' own referee did." in result.stdout


def test_the_script_draws_through_the_spare_menu_and_clears_what_leaves_the_table():
    scenario, expected = demo_scenario({"game": "sum", "players": ["Ana", "Ben"]}, 42)
    assert [(a["type"], a.get("deck")) for a in expected.actions[:4]] == [
        ("target", None), ("draw", "operations"), ("draw", "operations"), ("end_turn", None)]
    kinds = [(step.kind, step.value) for step in scenario.steps]
    assert kinds[0] == ("place", "SU-A-N9C") and scenario.steps[0].options["zone"] == "target"
    spare, select, confirm = ("press", "spare"), ("press", "select"), ("press", "confirm")
    draw_operation = [spare, select, select, confirm]  # Cancel, Draw a number, Draw an operation
    end_turn = [spare, select, confirm]  # no draws left: Cancel, End my turn
    assert [k for k in kinds if k[0] == "press"][:11] == [*draw_operation, *draw_operation, *end_turn]
    waits = [step.value for step in scenario.steps if step.kind == "wait"]
    assert waits[:3] == [2.6, 2.6, 2.6]  # each screen (2 s) is gone before the next press
    won = expected.actions[-1]["cards"]
    assert [value for kind, value in kinds if kind == "remove"] == [*won, "SU-A-N9C"]  # the equation and its target


def test_the_longest_equation_fits_the_strip_with_every_code_in_view_for_either_side():
    mat = mat_layout("sum", 3)
    cards = [f"SU-A-N{n}A" for n in range(1, 5)] + [f"SU-A-ADD{k}" for k in range(1, 5)]
    assert len(cards) == MAX_CARDS
    for facing in (0, 180):
        spots = strip_spots(mat, facing, len(cards), spill=SPILL_MM)
        placed = [PlacedCard("SU-A-N12A", *mat.zone("target").center)]
        placed += [PlacedCard(card, x, y, facing) for card, (x, y) in zip(cards, spots)]
        assert read(Scene(mat, tuple(placed))) == sorted(["SU-A-N12A", *cards]), facing
    with pytest.raises(StripFull, match="9 cards do not fit along the strip"):
        strip_spots(mat, 0, MAX_CARDS + 1, spill=SPILL_MM)


def test_the_still_table_shows_a_target_an_equation_a_wild_card_and_a_won_card():
    scene = demo_scene(0)
    assert read(scene) == sorted(card.card_id for card in scene.cards)
    zones = {scene.mat.zone_at(card.x, card.y).name for card in scene.cards}
    assert zones == {"target", "strip", "wild", "seat1.won"}
