"""Opening any camera spec: the devices and files of ``station.hardware.camera``, and the
simulator's ``virtual`` table, which shows a still table of a game (``virtual:SEED`` for other
cards). The daemon, ``scan`` and ``calibrate`` open cameras here; hardware never imports the
simulator, and this module names no game: the layer that chose the game hands its still table
down (its plug-in's ``demo_scene``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from station.hardware.camera import Camera, Clock, check_size, parse_spec
from station.hardware.camera import open_camera as open_device

if TYPE_CHECKING:
    from station.sim.virtual_table import Scene


def open_camera(spec: str, *, width: int = 1920, height: int = 1080, fps: float = 10.0, clock: Clock | None = None,
                pixel_format: str = "BGR", scene: Callable[[int], Scene] | None = None) -> Camera:
    """The camera ``spec`` names, its frames stamped on ``clock``; ``virtual:SEED`` shows
    ``scene(SEED)``, a game's still table (``StationGame.demo_scene``), which a virtual spec needs."""
    kind, argument = parse_spec(spec)
    if kind != "virtual":
        return open_device(spec, width=width, height=height, fps=fps, clock=clock, pixel_format=pixel_format)
    check_size(spec, width, height, fps)
    if scene is None:
        raise ValueError(f"camera {spec!r} shows a game's still table: pass scene= (a plug-in's demo_scene)")
    from station.sim.virtual_camera import VirtualCamera
    from station.sim.virtual_table import CameraModel

    return VirtualCamera(scene(int(argument)), camera=CameraModel.seeing(700, width, height), name=spec, clock=clock)
