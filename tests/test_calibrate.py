"""``calibrate`` on frames rendered by the virtual table: each bad setup gets its own advice and a
good one is ready to play.

The virtual table renders paper at full white (it has no exposure model); a real camera's
auto-exposure keeps paper below clipping, which ``Lighting(brightness=0.85)`` stands for here.
"""

from __future__ import annotations

import dataclasses
import functools

import pytest

from station.games.math_wars.demo import demo_scene
from station.sim.virtual_table import CameraModel, Glare, Lighting, Scene, VirtualTable
from station.table.mat import mat_layout
from station.vision.calibrate import calibrate

MAT = mat_layout("math-wars", 2)
CARDS = demo_scene(0).cards
EXPOSED = Lighting(brightness=0.85)
# 1920 px across 700 mm: 3.8 px per module. Only the good setup needs it: a 16:9 picture that
# holds this 342 mm tall mat cannot reach 3 px per module at 1280 x 720.
GOOD = CameraModel.seeing(700, 1920, 1080, mat=MAT)
SMALL = CameraModel.seeing(700, 1280, 720, mat=MAT)


@functools.cache
def check(camera: CameraModel = SMALL, **scene: object):
    scene.setdefault("lighting", EXPOSED)
    return calibrate(VirtualTable(camera).render(Scene(MAT, CARDS, **scene)))  # type: ignore[arg-type]


def advice_about(result, words: str) -> list[str]:
    return [advice for advice in result.advice if words in advice]


def test_a_good_setup_is_ready_to_play():
    result = check(GOOD)
    assert result.ready and result.advice == ()
    assert result.report()[-1] == "Ready to play."
    assert result.mat == MAT and result.markers_seen == 4 and result.missing_corners == ()
    assert result.px_per_module == pytest.approx(3.84, abs=0.05)
    assert result.blur_px < 0.5 and result.glare_share < 0.001 and result.paper_level > 180


def test_a_blurred_picture_gets_focus_advice_with_its_blur():
    result = check(blur_px=2.0)
    assert result.blur_px == pytest.approx(2.0, abs=0.25)
    (advice,) = advice_about(result, "The picture is blurred")
    assert "turn the lens to focus" in advice and "Fix these first:" in result.report()
    assert not advice_about(check(), "blurred")  # the same setup in focus


def test_the_blur_estimate_grows_with_the_blur_and_is_within_half_a_pixel_from_one_pixel_up():
    truths = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0]
    estimates = [check(blur_px=blur).blur_px for blur in truths]
    assert estimates == sorted(estimates) and len(set(estimates)) == len(estimates)
    for truth, estimate in zip(truths, estimates):
        if truth >= 1:
            assert estimate == pytest.approx(truth, abs=0.5)
    assert not advice_about(check(blur_px=0.5), "blurred") and advice_about(check(blur_px=1.5), "blurred")


def test_a_camera_too_far_away_at_720p_is_told_to_take_1920x1080():
    result = check(CameraModel.seeing(900, 1280, 720, mat=MAT))
    assert result.px_per_module < 3
    (advice,) = advice_about(result, "too small")
    assert "width = 1920, height = 1080" in advice and "2304" not in advice


def test_a_camera_hung_too_high_is_told_to_come_down_not_to_change_its_mode():
    result = check(CameraModel.seeing(900, 1920, 1080, mat=MAT))  # the 342 mm mat fills 79 % of the picture
    assert result.px_per_module < 3
    (advice,) = advice_about(result, "too small")
    assert "lower the camera" in advice and "fills 79 %" in advice and "width =" not in advice


RACE = mat_layout("big-bang", 2)


def race_check(camera: CameraModel):
    return calibrate(VirtualTable(camera).render(Scene(RACE, (), lighting=EXPOSED)))


def test_a_big_bang_race_filling_a_1080p_picture_is_told_to_take_the_2304_mode():
    result = race_check(CameraModel.seeing(1067, 1920, 1080, mat=RACE))
    assert result.px_per_module == pytest.approx(2.52, abs=0.05)
    (advice,) = advice_about(result, "too small")
    assert "width = 2304 and height = 1296" in advice and "lower the camera" not in advice


def test_the_big_bang_race_reads_at_3_px_in_the_2304_mode_where_the_guide_hangs_it():
    result = race_check(CameraModel.seeing(1067, 2304, 1296, mat=RACE))
    assert result.px_per_module >= 3 and not advice_about(result, "too small")


def test_a_tilted_camera_is_judged_at_the_mat_s_far_side():
    result = check(CameraModel.seeing(700, 1920, 1080, tilt_deg=25, mat=MAT))
    assert result.px_per_module < 3 and result.px_per_module_at in ("top-left", "top-right")
    assert advice_about(result, "too small")


def test_glare_gets_advice_that_names_where_it_is():
    zone = next(z for z in MAT.zones if z.name == "seat1.count-meta")
    result = check(lighting=Lighting(0.85, glare=Glare(*zone.center, radius=120, strength=1.0)))
    assert 0.01 < result.glare_share < 0.2
    (advice,) = advice_about(result, "Glare")
    assert "over PLAYER 1 COUNT META" in advice and "move the lamp or tilt the camera" in advice


def test_a_picture_exposed_to_pure_white_is_too_bright_not_glare():
    result = check(lighting=Lighting(1.0))  # the paper itself clips
    assert advice_about(result, "too bright") and not advice_about(result, "Glare")


def test_a_dark_table_gets_light_advice():
    result = check(lighting=Lighting(0.3))
    assert result.paper_level < 100
    assert advice_about(result, "too dark")
    assert not advice_about(check(), "too dark")


def test_a_mat_at_the_edge_of_the_picture_gets_framing_advice():
    result = check(CameraModel.seeing(700, 1280, 720, center_mm=(MAT.width / 2 + 250, MAT.height / 2)))
    assert result.markers_seen == 4 and result.edge_margin < 0.05
    assert advice_about(result, "centre the camera over it")
    assert not advice_about(check(), "centre the camera")


def test_a_mat_half_out_of_the_picture_names_the_missing_corners():
    result = check(CameraModel.seeing(700, 1280, 720, center_mm=(MAT.width / 2, MAT.height / 2 + 150)))
    assert result.markers_seen == 2 and set(result.missing_corners) == {"top-left", "top-right"}
    (advice,) = advice_about(result, "corner squares show")
    assert "top-left and top-right" in advice


def test_no_mat_at_all():
    result = calibrate(VirtualTable(SMALL).render(Scene(None, CARDS, lighting=EXPOSED)))
    assert result.mat is None and not result.ready
    assert result.advice[0] == "No mat found: lay the printed mat under the camera so all four corner squares show."
    assert result.as_json()["mat"] is None and result.as_json()["ready"] is False


def test_the_json_holds_every_measurement_and_the_advice():
    data = check(blur_px=2.0).as_json()
    assert data["mat"] == {"game": "math-wars", "title": "Math Wars Meta", "seats": 2, "markers_seen": 4, "missing": []}
    assert data["blur_px"] == pytest.approx(2.0, abs=0.25) and data["px_per_module"] < 3
    assert data["ready"] is False and any("blurred" in advice for advice in data["advice"])


@pytest.mark.parametrize("game, seats, words", [("big-bang", 1, "Mat: Big Bang for 1 player,"),
                                                ("math-rush", 1, "Mat: Math Rush for the whole team,"),
                                                ("math-wars", 2, "Mat: Math Wars Meta for 2 players,")])
def test_the_report_says_whom_the_mat_is_for_in_good_grammar(game, seats, words):
    """Never "for 1 players": a solo mat is for 1 player, Math Rush's one mat for the whole team."""
    result = dataclasses.replace(check(GOOD), mat=mat_layout(game, seats))
    assert any(words in line for line in result.report()), result.report()
