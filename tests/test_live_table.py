"""The live virtual table (station/sim/live_table.py): what a browser lays out is what the
station's camera sees and its vision reads; bad moves change nothing and say why; a frame is
never half a move; a played game is kept as a scenario file ``simulate`` reads."""

from __future__ import annotations

import threading

import pytest

from station.hardware.buttons import ScriptedButtons
from station.sim.live_table import MOST_HANDS, LiveCamera, LiveTable, TableError
from station.sim.scenario import parse_scenario
from station.table.mat import mat_layout
from station.vision.decode import make_decoder
from station.vision.pipeline import CardPipeline

PATIENCE = 120  # seconds the table's own thread may take on a busy machine (it never waits longer than needed)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def read(camera: LiveCamera) -> dict[str, tuple[float, float]]:
    """The cards the station's vision finds in the camera's next frame: id -> centre (mm on the mat)."""
    observation = CardPipeline(make_decoder()).observe(camera.read())
    return {card.card_id: (card.x, card.y) for card in observation.cards}


def test_a_card_laid_is_read_by_vision_where_it_was_laid_and_gone_once_lifted() -> None:
    table = LiveTable(mat_layout("math-wars", 2))
    camera = LiveCamera(table)
    table.lay("MW-A-N21", 92.0, 218.5)
    table.lay("MW-B-N15", 92.0, 123.5, angle=180)
    seen = read(camera)
    assert set(seen) == {"MW-A-N21", "MW-B-N15"}
    assert seen["MW-A-N21"] == pytest.approx((92.0, 218.5), abs=3)
    table.lay("MW-A-N21", 92.0, 298.5)          # slid to the other box
    table.lift("MW-B-N15")
    seen = read(camera)
    assert set(seen) == {"MW-A-N21"}
    assert seen["MW-A-N21"] == pytest.approx((92.0, 298.5), abs=3)
    table.lay("MW-A-N21", 92.0, 298.5, face_up=False)   # flipped: only its back shows
    assert read(camera) == {}


def test_the_camera_follows_the_mat_laid_and_sees_all_of_it() -> None:
    table = LiveTable(mat_layout("math-wars", 2))
    camera = LiveCamera(table)
    big = mat_layout("big-bang", 2)                   # 1000 mm wide
    table.lay_mat(big)
    table.lay("BB-B-N2A", big.width - 60, big.height - 60)   # in a far corner
    assert set(read(camera)) == {"BB-B-N2A"}


def test_a_move_the_table_cannot_make_says_why_and_changes_nothing() -> None:
    table = LiveTable(mat_layout("math-wars", 2))
    table.lay("MW-A-N21", 92.0, 218.5)
    version = table.version
    with pytest.raises(TableError, match="not one of the printed cards"):
        table.lay("MW-Z-N99", 10, 10)
    with pytest.raises(TableError, match="fall off the table"):
        table.lay("MW-A-N5", 5000, 10)
    with pytest.raises(TableError, match="not on the table"):
        table.lift("MW-A-N5")
    with pytest.raises(TableError, match="no 'jump' button"):
        LiveTable(mat_layout("sum", 2), press=ScriptedButtons().press).press("jump")
    assert table.cards() == [{"id": "MW-A-N21", "x": 92.0, "y": 218.5, "angle": 0.0, "face_up": True}]
    assert table.version == version


def test_a_frame_is_never_half_a_move() -> None:
    """The page's threads lay a stack of cards one on another while the loop takes views: each
    view is the table after some whole number of moves, and stays as it was taken."""
    table = LiveTable(mat_layout("sum", 3))
    cards = [f"SU-A-N{n}A" for n in range(1, 9)]
    done = threading.Event()

    def play() -> None:
        for _ in range(30):
            for index, card in enumerate(cards):
                table.lay(card, 100 + index * 10, 100)
            table.clear()
        done.set()

    player = threading.Thread(target=play)
    player.start()
    views = []
    while not done.is_set():
        views.append(table.view()[0])
    player.join()
    for scene in views:
        laid = [card.card_id for card in scene.cards]
        assert laid == cards[:len(laid)]                 # in the order laid, none missing in between
    kept = table.view()[0]
    table.lay(cards[0], 50, 50)
    assert kept.cards == ()                              # a view taken is not changed by later moves


def test_a_game_played_is_kept_as_a_scenario_that_simulate_reads() -> None:
    clock = Clock()
    buttons = ScriptedButtons()
    table = LiveTable(mat_layout("math-wars", 2), press=buttons.press, clock=clock, blur_px=0.8)
    table.lay("MW-A-N3", 50, 50)                     # before the game: laid first in the scenario
    table.record({"game": "math-wars", "players": ["Ana", "Ben"], "seed": 7}, "press", 5.0)
    clock.now += 2.0
    table.lay("MW-A-N21", 92.0, 218.5)
    clock.now += 1.5
    table.hand("seat1", (10, 100))
    clock.now += 1.0
    table.hand("seat1", (150, 100))
    table.hand("seat1", None)
    clock.now += 1.0
    table.press("confirm")
    clock.now += 0.6
    table.lift("MW-A-N21")
    clock.now += 3.0
    scenario = parse_scenario(__import__("tomllib").loads(table.scenario_text() or ""))
    assert scenario.game == {"game": "math-wars", "players": ["Ana", "Ben"], "seed": 7}
    assert scenario.reveal == "press" and scenario.fps == 5.0 and scenario.seed == 7
    assert scenario.camera == {"width": 1280, "height": 720, "blur_px": 0.8}   # the camera the game was read with
    kinds = [(step.kind, step.value) for step in scenario.steps]
    assert kinds == [("place", "MW-A-N3"), ("place", "MW-A-N21"),
                     ("hand", {"from": [10.0, 100.0], "to": [150.0, 100.0], "seconds": 1.0}),
                     ("wait", 0.6), ("press", "confirm"), ("remove", "MW-A-N21")]
    place = scenario.steps[1]
    assert place.options == {"at": [92.0, 218.5], "angle": 0.0, "face_up": True, "settle": 1.5}
    total = sum(float(s.options.get("settle", 0)) + (float(s.value) if s.kind == "wait" else 0)
                + (s.value["seconds"] + 0.4 if s.kind == "hand" else 0) for s in scenario.steps)
    assert total == pytest.approx(9.1, abs=0.15)     # the game's 9.1 seconds, step for step
    assert buttons.presses()[0].button == "confirm"


def test_a_scenario_loaded_to_watch_plays_its_moves_on_the_table_and_asks_for_its_game() -> None:
    from pathlib import Path

    from station.sim.scenario import load_scenario

    buttons = ScriptedButtons()
    table = LiveTable(mat_layout("sum", 3), press=buttons.press,
                      mat_for=lambda config: mat_layout(config["game"], len(config["players"])))
    table.lay("SU-A-N1A", 10, 10)                                   # left from before: cleared
    waited: list[float] = []
    scenario = load_scenario(Path(__file__).resolve().parent.parent / "scenarios" / "normal-hand.toml")
    watching = table.watch(scenario, sleep=waited.append)
    watching.join(timeout=PATIENCE)
    assert not watching.is_alive(), "the scenario never finished playing"
    assert table.take_starts() == [({"game": "math-wars", "players": ["Ana", "Ben"], "seed": 1}, "press")]
    assert table.take_starts() == []                                 # asked once
    assert table.mat == mat_layout("math-wars", 2)
    assert table.cards() == []                                       # its last move took every card away
    assert [p.button for p in buttons.presses()] == ["confirm", "confirm"]
    assert sum(waited) == pytest.approx(1.0 + 4 * 1.0 + 1.0 + 0.4 + 0.4 + 3.5 + 3.0)


def test_hands_over_the_table_are_few_and_over_it() -> None:
    """Each hand costs a frame about as much as the whole table (300 hands took 23 s a frame and
    stalled the station's loop); a hand far off the table (1e300 mm) drew with invalid casts."""
    table = LiveTable(mat_layout("math-wars", 2))
    for seat in range(1, MOST_HANDS + 1):
        table.hand(f"seat{seat}", (90, 170))
    with pytest.raises(TableError, match="hands"):
        table.hand("one-more", (90, 170))
    table.hand("seat1", (100, 170))          # a hand already over the table moves on
    table.hand("seat1", None)
    table.hand("one-more", (90, 170))        # and once lifted, another may come
    with pytest.raises(TableError, match="off the table"):
        table.hand("seat2", (1e300, 1e300))
    assert len(table.hands()) == MOST_HANDS


def test_a_hand_the_page_forgot_is_lifted_after_a_while() -> None:
    """A touch the browser cancels (or a tab closed mid-pass) never says the hand went up: without
    news for a few seconds it is lifted, so the station does not wait under it for ever (a CONFIRM
    waits for a frame with no hand over the table); a hand still moving stays."""
    from station.sim.live_table import HAND_LINGERS

    clock = Clock()
    table = LiveTable(mat_layout("math-wars", 2), clock=clock)
    table.hand("seat1", (90, 170))
    table.hand("seat2", (200, 170))
    clock.now += HAND_LINGERS - 1
    table.hand("seat2", (210, 170))       # seat 2's hand still moves
    scene, _ = table.view()
    assert len(scene.hands) == 2
    clock.now += 1
    scene, _ = table.view()
    assert [h["who"] for h in table.hands()] == ["seat2"]
    assert len(scene.hands) == 1


def test_a_watched_scenario_lays_each_move_only_once_the_station_has_seen_the_last() -> None:
    """A busy station takes a frame every few seconds: a watched scenario's cards, laid and lifted
    at the scenario's pace between two frames, were never seen and never judged (the page waited
    for 'Ben' in vain on a loaded machine). Here the scenario's pace takes no time at all and the
    station's frames come when they come: each frame after the game started shows the table as the
    scenario left it after each move, and the four cards of the hand lie together in one."""
    from pathlib import Path

    from station.sim.scenario import load_scenario

    table = LiveTable(mat_layout("sum", 3), press=ScriptedButtons().press,
                      mat_for=lambda config: mat_layout(config["game"], len(config["players"])))
    LiveCamera(table)                                       # the station's camera reads this table
    scenario = load_scenario(Path(__file__).resolve().parent.parent / "scenarios" / "normal-hand.toml")
    watching = table.watch(scenario, sleep=lambda seconds: None)
    started = False
    frames: list[tuple[bool, frozenset[str]]] = []
    while watching.is_alive():                              # the station's loop: start the game, then a frame
        started = started or bool(table.take_starts())
        scene, _ = table.view()
        frames.append((started, frozenset(card.card_id for card in scene.cards)))
        watching.join(timeout=0.01)                         # the loop's period: a slow station's frames
    hand = frozenset({"MW-A-N21", "MW-A-S5", "MW-B-N15", "MW-B-A6"})
    assert all(started for started, cards in frames if cards)   # no card lies before its game started
    laid = [cards for _, cards in frames if cards]
    assert [len(cards) for cards in dict.fromkeys(laid)] == [1, 2, 3, 4]   # each card seen as it came
    assert hand in laid and laid[-1] == hand                # the hand judged whole; then all collected
    assert frames[-1][1] == frozenset()
