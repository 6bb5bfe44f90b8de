"""The virtual camera: frames rendered by the virtual table, behind the station's camera
interface, so the simulator, the demo and tests drive the very station a real camera would.

>>> from station.cameras import open_camera
>>> from station.sim.virtual_table import Scene
>>> empty_table = lambda seed: Scene(mat=None, cards=(), seed=seed)   # a game's plug-in gives its demo_scene
>>> with open_camera("virtual", width=640, height=360, clock=lambda: 12.5, scene=empty_table) as camera:
...     frame = camera.read()
>>> frame.image.shape, frame.time
((360, 640, 3), 12.5)
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from station.hardware.camera import Camera, CameraLost, CameraUnavailable, Clock
from station.sim.virtual_table import CameraModel, Scene, VirtualTable


class VirtualCamera(Camera):
    """Frames rendered by the virtual table from a scene that the caller (simulator, tests)
    changes between reads: set ``scene``, or pass a function that returns the scene of the moment.
    While ``failed`` is True it behaves like an unplugged camera: ``read()`` raises
    :class:`CameraLost` and ``reopen()`` raises :class:`CameraUnavailable`. ``reads`` counts the
    frames it gave. ``camera`` (a ``CameraModel``) overrides ``width`` and ``height``; frames are
    stamped on ``clock`` (the simulator's scripted time)."""

    def __init__(self, scene: Scene | Callable[[], Scene], *, width: int = 1920, height: int = 1080,
                 camera: CameraModel | None = None, name: str = "virtual", clock: Clock | None = None) -> None:
        super().__init__(name, clock)
        self.scene = scene
        self.failed = False
        self.reads = 0
        self.table = VirtualTable(camera or CameraModel.seeing(700, width, height))

    def _acquire(self) -> None:
        if self.failed:
            raise CameraUnavailable(f"camera {self.name} is unplugged (failed is set): plug it back in")

    def _read(self) -> np.ndarray:
        if self.failed:
            raise CameraLost(f"no picture from camera {self.name}: it is unplugged (failed is set)")
        scene = self.scene() if callable(self.scene) else self.scene
        frame = self.table.render(scene)
        self.reads += 1
        return frame
