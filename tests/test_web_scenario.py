"""The Station page fed by a whole station playing a scenario file: the virtual camera's frames go
through the real vision pipeline, tracker and referee, and the page shows what the station
believes: the live game, the snapshot with every recognised card outlined where it lies, and the
set-up check (calibrate) on the same frame."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from engine.games import GAME_TITLES
from station.pictures import GOOD, banner_height
from station.sim.scenario import load_scenario
from station.simulate import ScenarioRun
from station.vision.calibrate import calibrate
from station.vision.images import as_gray
from station.web.app import HEADER
from station.web.board import Board
from station.web.snapshot import SEEN, card_outline
from web_helpers import PIN, Station, journal_template, station  # noqa: F401 - fixtures

ROOT = Path(__file__).resolve().parent.parent


def play_until(run: ScenarioRun, steps: int) -> None:
    """The scenario's first ``steps`` steps, each through the whole station, as the runner plays them."""
    run.station.refresh(run.now)
    for step in run.scenario.steps[:steps]:
        getattr(run, f"_{step.kind}")(step)


def scenario(name: str, board: Board, folder: Path) -> ScenarioRun:
    state = folder / "state"
    state.mkdir()
    return ScenarioRun(load_scenario(ROOT / "scenarios" / f"{name}.toml"), state, board=board)


def get(client, path: str):  # type: ignore[no-untyped-def]
    response = client.get(path, headers={HEADER: PIN})
    assert response.status_code == 200, response.get_data(as_text=True)
    return response


def jpeg(response) -> np.ndarray:  # type: ignore[no-untyped-def]
    assert response.mimetype == "image/jpeg"
    return cv2.imdecode(np.frombuffer(response.data, np.uint8), cv2.IMREAD_COLOR)[:, :, ::-1]   # RGB


def drawn(pixels: np.ndarray, point: tuple[float, float], colour: tuple[int, int, int], reach: int = 3) -> bool:
    """Some pixel near ``point`` is (after JPEG) the colour drawn there."""
    x, y = round(point[0]), round(point[1])
    patch = pixels[max(0, y - reach): y + reach + 1, max(0, x - reach): x + reach + 1].reshape(-1, 3).astype(int)
    return bool((np.abs(patch - colour).max(axis=1) <= 60).any())


def edge_midpoints(corners: np.ndarray) -> list[tuple[float, float]]:
    points = [tuple(p) for p in corners.tolist()]
    return [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(points, points[1:] + points[:1])]


@pytest.mark.parametrize(("name", "steps", "corners"), [("normal-hand", 5, 4), ("big-bang-first-turns", 8, 3)])
def test_the_snapshot_outlines_each_card_where_it_lies_on_the_camera_s_frame(station: Station, tmp_path: Path,
                                                                             name: str, steps: int, corners: int):
    run = scenario(name, station.board, tmp_path)
    play_until(run, steps)
    sight = station.board.sight()
    assert sight is not None
    placed = {card_id: card for card_id, card in run.table.cards.items()}
    believed = {card.card_id: card for card in sight.cards}
    assert set(believed) == set(placed)                       # every card on the table, and nothing else
    for card_id, card in believed.items():                   # where the virtual table put it (mm on the mat)
        assert (card.x, card.y) == pytest.approx((placed[card_id].x, placed[card_id].y), abs=4)

    picture = jpeg(get(station.app().test_client(), "/station/snapshot.jpg"))
    assert picture.shape[:2] == sight.image.shape[:2]
    for card in sight.cards:
        outline = sight.table.to_pixels(card_outline(card, sight.table.units))
        assert len(outline) == corners                        # its own cut shape: a triangle for Big Bang
        assert all(drawn(picture, point, SEEN) for point in edge_midpoints(outline)), card.card_id
    assert not drawn(picture, (5, 5), SEEN)                   # the wood at the corner is left as it is


def test_the_set_up_check_reports_on_the_frame_the_station_looked_at(station: Station, tmp_path: Path):
    run = scenario("normal-hand", station.board, tmp_path)
    client = station.app().test_client()
    assert "The camera has not given a picture yet" in client.get("/station/check", headers={HEADER: PIN}).get_data(
        as_text=True)
    assert client.get("/station/check.jpg", headers={HEADER: PIN}).status_code == 404
    play_until(run, 5)
    sight = station.board.sight()
    expected = calibrate(as_gray(sight.image))
    page = get(client, "/station/check").get_data(as_text=True)
    assert ("Ready to play." in page) == expected.ready
    for advice in expected.advice:                            # the scenario's 1280x720 camera: codes too small
        assert advice.replace("'", "&#39;") in page
    assert "Mat: Math Wars Meta for 2 players, 4 of 4 corner squares seen" in page
    picture = jpeg(get(client, "/station/check.jpg?check=1"))
    picture = picture[banner_height(picture.shape[1]):]       # the verdict's strip on top
    assert picture.shape[:2] == sight.image.shape[:2]
    for point in edge_midpoints(np.array(expected.corner_squares[0].corners_px)):
        assert drawn(picture, point, GOOD)             # the corner square, seen

    assert 'href="/station/check"' in get(client, "/station").get_data(as_text=True)   # linked from the Station page


def test_the_live_game_shows_each_verdict_of_the_scenario_as_the_station_judged_it(station: Station, tmp_path: Path):
    run = scenario("normal-hand", station.board, tmp_path)
    client = station.app().test_client()
    play_until(run, 5)                                        # the four cards: the hand is judged
    live = get(client, "/station/live.json").get_json()
    assert live["title"] == "Math Wars Meta" and [p["name"] for p in live["players"]] == ["Ana", "Ben"]
    judged = next(r for r in run.records if r.get("type") == "hand_result")
    assert run.station.referee.game.describe(judged) in live["verdicts"]
    play_until_end = run.scenario.steps[5:]
    for step in play_until_end:
        getattr(run, f"_{step.kind}")(step)
    live = get(client, "/station/live.json").get_json()
    paid = next(r for r in run.records if r.get("type") == "cards_paid")
    assert run.station.referee.game.describe(paid) in live["verdicts"]
    assert "Ana" in run.station.referee.game.describe(paid)


@pytest.mark.parametrize("name", ["normal-hand", "sum-correct-equation", "whos-counting-scored-turn", "math-rush-round",
                                  "big-bang-first-turns"])
def test_every_game_s_scenario_shows_live_on_the_page(station: Station, tmp_path: Path, name: str, caplog):
    """Each game's own in-game screen (a list of players, a timer, a map) becomes the page's headline
    and rows, and each of its verdicts is listed in the game's own words."""
    run = scenario(name, station.board, tmp_path)
    run.run()
    game = run.station.referee.game
    live = get(station.app().test_client(), "/station/live.json").get_json()
    assert "cannot show this game" not in caplog.text
    assert live["title"] == GAME_TITLES[game.name]
    assert live["headline"]
    said = [line for r in run.records if r.get("type") in game_event_types(run) and (line := game.describe(r))]
    assert said and said[-1] in live["verdicts"]              # the game's last verdict, in its own words


def game_event_types(run: ScenarioRun) -> set[str]:
    """The engine's own events in the run (not the station's notes, actions or table events)."""
    return {str(r["type"]) for r in run.records
            if r.get("type") not in (None, "action", "resumed", "game_started", "game_ended", "undone", "note")
            and not str(r["type"]).startswith("table.")}


def test_the_snapshot_names_each_card_by_what_it_shows(station: Station, tmp_path: Path):
    """A teacher reads "COUNT META 21" on the picture, not a payload's "MW-A-N21"."""
    from station.table.adapter import card_words

    run = scenario("normal-hand", station.board, tmp_path)
    play_until(run, 5)
    sight = station.board.sight()
    names = sorted(card_words(card.card_id) for card in sight.cards)
    assert names == ["COUNT META 15", "COUNT META 21", "MATH CRATE +6", "MATH CRATE −5"]
    assert card_words("MW-Z-N99") == "MW-Z-N99"                       # not a card of ours: its ID
