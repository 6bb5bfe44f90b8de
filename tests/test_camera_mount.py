"""The camera heights docs/build.md gives: each lens at its height sees the whole mat with its
margins, its codes keep 3 px per square, and the table in the doc is the one the numbers make."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from station.camera_mount import LENSES, MARGIN_MM, STAND_REACH_MM, UPRIGHT_MM, Lens, guide_mount, mount_for
from station.table.mat import games_with_mats, mat_layout, mat_spec

ROOT = Path(__file__).resolve().parent.parent


def test_the_worked_example_of_camera_md_holds():
    mount = mount_for(Lens("Camera Module 3", 66.0), (640.0, 334.0), margin_mm=30.0)  # a 700 mm picture
    assert round(mount.picture_mm) == 700 and round(mount.height_mm) == 539
    assert mount.readable and round(mount.px_per_module, 1) == 3.8
    assert not mount_for(Lens("720p", 66.0, 1280, 720), (640.0, 334.0)).readable  # 2.6 px: too small


@pytest.mark.parametrize("lens", LENSES, ids=lambda lens: lens.name)
@pytest.mark.parametrize("game", games_with_mats())
def test_every_game_s_largest_mat_fits_the_picture(lens, game):
    spec = mat_spec(game)
    for seats in range(spec.min_seats, spec.max_seats + 1):
        layout = mat_layout(game, seats)
        mount = mount_for(lens, (layout.width, layout.height))
        across = lens.picture_width(mount.height_mm)
        deep = across * lens.height_px / lens.width_px
        long_side, short_side = sorted((layout.width, layout.height), reverse=True)
        assert across >= long_side + 2 * MARGIN_MM - 0.01 and deep >= short_side + 2 * MARGIN_MM - 0.01


@pytest.mark.parametrize("game", games_with_mats())
def test_every_mat_reads_at_3_px_from_a_height_the_guide_s_stand_reaches(game):
    """docs/build.md's stand and camera mode serve every game, the Big Bang race included: the
    guide's setup for each mat keeps 3 px per code square with the lens no higher than the stand
    lets it hang."""
    spec = mat_spec(game)
    guide = (ROOT / "docs" / "build.md").read_text()
    assert f"{UPRIGHT_MM:.0f} mm long" in guide
    for seats in range(spec.min_seats, spec.max_seats + 1):
        layout = mat_layout(game, seats)
        mount = guide_mount((layout.width, layout.height))
        assert mount.readable, f"{game} with {seats}: {mount.px_per_module:.2f} px per code square"
        assert mount.height_mm <= STAND_REACH_MM, f"{game} with {seats}: lens {mount.height_mm:.0f} mm up"
        if mount.lens.width_px != 1920:  # the guide says when to switch the camera's mode
            assert f"width = {mount.lens.width_px}" in guide and f"{layout.title}" in guide


def test_docs_build_md_shows_the_table_these_numbers_make():
    spec = importlib.util.spec_from_file_location("build_figures", ROOT / "scripts" / "build_figures.py")
    figures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(figures)
    assert figures.heights_table() in (ROOT / "docs" / "build.md").read_text()
