"""Opening any camera spec: the devices and files of ``station.hardware.camera``, and the
simulator's ``virtual`` table, which shows a still table of a game (``virtual:SEED`` for other
cards). The daemon, ``scan`` and ``calibrate`` open cameras here; hardware never imports the
simulator.
"""

from __future__ import annotations

from station.hardware.camera import Camera, Clock, check_size, parse_spec
from station.hardware.camera import open_camera as open_device


def open_camera(spec: str, *, width: int = 1920, height: int = 1080, fps: float = 10.0, clock: Clock | None = None,
                pixel_format: str = "BGR", game: str | None = None) -> Camera:
    """The camera ``spec`` names, its frames stamped on ``clock``; ``virtual`` shows ``game``'s
    demo table (the first game's when None)."""
    kind, argument = parse_spec(spec)
    if kind != "virtual":
        return open_device(spec, width=width, height=height, fps=fps, clock=clock, pixel_format=pixel_format)
    check_size(spec, width, height, fps)
    from station.games import plugin, playable
    from station.sim.virtual_camera import VirtualCamera
    from station.sim.virtual_table import CameraModel

    scene = plugin(game or playable()[0]).demo_scene(int(argument))
    return VirtualCamera(scene, camera=CameraModel.seeing(700, width, height), name=spec, clock=clock)
