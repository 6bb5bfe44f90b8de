"""The virtual table: camera frames rendered from the real printed cards and play mat.

Vision tests, the simulator and the benchmark need frames whose truth is known exactly. This
renders them from the very images the printer prints (``render_card``, ``mat_page_pdf``), seen
by a pinhole camera with real intrinsics and extrinsics, so a frame fails to read for the
reasons a real one would: module size, tilt, blur, glare, a hand, a card on top.

The table is built flat in millimetres (a texture a little finer than the camera's finest
px/mm), then one remap takes it to the camera image: perspective and lens distortion in a single
cached map. Lighting, blur, noise and JPEG follow, in the order a camera applies them. The same
scene and seed always give the same bytes.

>>> from station.table.mat import mat_layout
>>> mat = mat_layout("math-wars", 2)
>>> camera = CameraModel.seeing(700, 1280, 720, mat=mat)
>>> frame = VirtualTable(camera).render(Scene(mat, (PlacedCard("MW-A-N37", 92, 218),)))
>>> frame.shape, frame.dtype.name
((720, 1280, 3), 'uint8')
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import cv2
import numpy as np

from engine.catalog import load_catalog
from station.printables.mat_pdf import mat_page_pdf
from station.printables.raster import rasterise, render_card
from station.printed.cards import CODE_MM, RECTANGLE, CardShape, shape_of
from station.table.mat import MatLayout

Point = tuple[float, float]

NOTIONAL_TABLE_MM = (700.0, 394.0)  # the table area when there is no mat: 16:9, 70 cm across
OVERSAMPLE = 1.25  # texture px/mm over the camera's finest px/mm: bilinear sampling stays sharp
MAX_TEXTURE_PX = 60_000_000  # a camera tilted towards the horizon would need an endless table
CARD_CACHE = 512  # card images kept (a whole Math Wars deck copy is 140 faces)
NOISE_SLACK = 1 << 20  # noise is read from a fixed bank at a seeded offset in [0, NOISE_SLACK)
HIDDEN_SHARE = 0.05  # a code with more than this share covered does not count as visible
LIGHT_STEP = 8  # light varies slowly: worked out on a grid this many px apart, then resized

# Skin tones (RGB), light to dark; a hand's tone is picked and jittered by the scene's seed.
SKIN_TONES = ((241, 194, 167), (224, 172, 138), (198, 134, 103), (161, 102, 74), (120, 75, 52), (89, 57, 40))


# --- the camera --------------------------------------------------------------------------------


@dataclass(frozen=True)
class CameraModel:
    """A pinhole camera above the table. Table axes: x right, y down the image towards the near
    side, millimetres. ``tilt_deg`` moves the lens towards the near side and pitches it towards
    the far side (0: straight down); ``center_mm`` is the table point at the image centre (None:
    the mat's centre, or the notional table's); ``k1`` and ``k2`` are radial distortion (OpenCV's
    model, r² and r⁴ terms; negative ``k1`` = barrel). Default lens: Raspberry Pi Camera Module 3
    (66 degrees across, nearly free of distortion); ``WIDE_LENS`` is the Camera Module 3 Wide's."""

    width_px: int = 1920
    height_px: int = 1080
    height_mm: float = 540.0  # sees about 700 mm across with the default lens
    hfov_deg: float = 66.0
    tilt_deg: float = 0.0
    center_mm: Point | None = None
    k1: float = 0.0
    k2: float = 0.0

    def __post_init__(self) -> None:
        if self.width_px < 2 or self.height_px < 2:
            raise ValueError(f"a camera image is at least 2 x 2 px, not {self.width_px} x {self.height_px}")
        if not self.height_mm > 0:
            raise ValueError(f"the lens must be above the table: height_mm {self.height_mm!r}")
        if not 0 < self.hfov_deg < 170:
            raise ValueError(f"horizontal field of view must be in (0, 170) degrees, not {self.hfov_deg!r}")
        if not 0 <= self.tilt_deg < 80:
            raise ValueError(f"tilt must be in [0, 80) degrees, not {self.tilt_deg!r}")

    @classmethod
    def seeing(
        cls,
        table_width_mm: float = 700.0,
        width_px: int = 1920,
        height_px: int = 1080,
        tilt_deg: float = 0.0,
        *,
        hfov_deg: float = 66.0,
        center_mm: Point | None = None,
        mat: MatLayout | None = None,
        k1: float = 0.0,
        k2: float = 0.0,
    ) -> CameraModel:
        """The camera at the height where the image is ``table_width_mm`` wide at its centre;
        centred on ``center_mm``, else on ``mat``'s centre, else decided per scene."""
        distance = table_width_mm / (2 * math.tan(math.radians(hfov_deg) / 2))  # along the axis
        if center_mm is None and mat is not None:
            center_mm = (mat.width / 2, mat.height / 2)
        return cls(width_px, height_px, distance * math.cos(math.radians(tilt_deg)), hfov_deg, tilt_deg, center_mm, k1, k2)

    def over(self, mat: MatLayout | None) -> CameraModel:
        """This camera with its centre fixed: kept if set, else the mat's (or notional table's)."""
        if self.center_mm is not None:
            return self
        width, height = (mat.width, mat.height) if mat is not None else NOTIONAL_TABLE_MM
        return replace(self, center_mm=(width / 2, height / 2))

    @property
    def centre(self) -> Point:
        """The table point at the image centre (the notional table's when none is set)."""
        return self.center_mm if self.center_mm is not None else (NOTIONAL_TABLE_MM[0] / 2, NOTIONAL_TABLE_MM[1] / 2)

    @property
    def focal_px(self) -> float:
        return self.width_px / 2 / math.tan(math.radians(self.hfov_deg) / 2)

    def intrinsics(self) -> np.ndarray:
        """K: square pixels, principal point at the image centre (pixel centres are integers)."""
        f = self.focal_px
        return np.array([[f, 0, (self.width_px - 1) / 2], [0, f, (self.height_px - 1) / 2], [0, 0, 1.0]])

    def rotation(self) -> np.ndarray:
        """World (x right, y near, z down into the table) to camera (x right, y down, z ahead)."""
        t = math.radians(self.tilt_deg)
        return np.array([[1.0, 0, 0], [0, math.cos(t), math.sin(t)], [0, -math.sin(t), math.cos(t)]])

    def position_mm(self) -> tuple[float, float, float]:
        """The lens: x, y over the table and its height above it."""
        cx, cy = self.centre
        return cx, cy + self.height_mm * math.tan(math.radians(self.tilt_deg)), self.height_mm

    def homography(self) -> np.ndarray:
        """3x3, table mm to undistorted image px; scaled so w is depth over the centre's depth."""
        x, y, h = self.position_mm()
        rotation = self.rotation()
        t = -rotation @ np.array([x, y, -h])
        matrix = self.intrinsics() @ np.column_stack([rotation[:, 0], rotation[:, 1], t])
        return matrix / (h / math.cos(math.radians(self.tilt_deg)))

    def table_to_image(self, points_mm: Any) -> np.ndarray:
        """Image px of table points (shape (2,) or (N, 2)), lens distortion included."""
        points = np.asarray(points_mm, dtype=np.float64)
        flat = points.reshape(-1, 2)
        projected = np.column_stack([flat, np.ones(len(flat))]) @ self.homography().T
        return self._distort(projected[:, :2] / projected[:, 2:]).reshape(points.shape)

    def image_to_table(self, points_px: Any) -> np.ndarray:
        """Table mm of image points (shape (2,) or (N, 2)): the inverse of ``table_to_image``."""
        points = np.asarray(points_px, dtype=np.float64)
        flat = self._undistort(points.reshape(-1, 2))
        back = np.column_stack([flat, np.ones(len(flat))]) @ np.linalg.inv(self.homography()).T
        return (back[:, :2] / back[:, 2:]).reshape(points.shape)

    def px_per_mm(self, point_mm: Point) -> tuple[float, float]:
        """Image px per table mm at a table point, along table x and along table y (no k1)."""
        x, y, w = self.homography() @ np.array([point_mm[0], point_mm[1], 1.0])
        h = self.homography()
        u, v = x / w, y / w
        along_x = np.hypot(h[0, 0] - u * h[2, 0], h[1, 0] - v * h[2, 0]) / w
        along_y = np.hypot(h[0, 1] - u * h[2, 1], h[1, 1] - v * h[2, 1]) / w
        return float(along_x), float(along_y)

    def _normalised(self, px: np.ndarray) -> np.ndarray:
        return (px - [(self.width_px - 1) / 2, (self.height_px - 1) / 2]) / self.focal_px

    def _distort(self, px: np.ndarray) -> np.ndarray:
        if not (self.k1 or self.k2):
            return px
        n = self._normalised(px)
        r2 = (n * n).sum(axis=-1, keepdims=True)
        return n * (1 + self.k1 * r2 + self.k2 * r2 * r2) * self.focal_px + [(self.width_px - 1) / 2, (self.height_px - 1) / 2]

    def _undistort(self, px: np.ndarray) -> np.ndarray:
        if not (self.k1 or self.k2):
            return px
        distorted = self._normalised(px)
        rd = np.sqrt((distorted * distorted).sum(axis=-1, keepdims=True))
        r = rd.copy()
        for _ in range(12):  # Newton on the radius: r (1 + k1 r² + k2 r⁴) = rd (the wide lens's too)
            r2 = r * r
            r = r - (r * (1 + self.k1 * r2 + self.k2 * r2 * r2) - rd) / (1 + 3 * self.k1 * r2 + 5 * self.k2 * r2 * r2)
        scale = np.divide(r, rd, out=np.ones_like(rd), where=rd > 0)
        return distorted * scale * self.focal_px + [(self.width_px - 1) / 2, (self.height_px - 1) / 2]


#: The Raspberry Pi Camera Module 3 Wide's lens: barrel distortion that takes a pinhole's 86 degrees
#: across to about 102 (114 on the diagonal), straight lines near the picture's corners bowed in
#: by tens of pixels. ``CameraModel.seeing(table_mm, ..., **WIDE_LENS)`` sees ``table_mm`` across
#: as the pinhole would, and more round it.
WIDE_LENS: dict[str, float] = {"hfov_deg": 86.0, "k1": -0.20, "k2": 0.03}


# --- what lies on the table --------------------------------------------------------------------


@dataclass(frozen=True)
class PlacedCard:
    """A card by ID, its centre at ``x``, ``y`` (mm), turned ``angle`` degrees clockwise. The
    centre is its shape's (``CardShape.centre``), the point vision reports."""

    card_id: str
    x: float
    y: float
    angle: float = 0.0
    face_up: bool = True
    text: str | None = None  # not one of our cards: a plain card carrying this QR text (another game's, a sticker)


@dataclass(frozen=True)
class Hand:
    """A hand with its forearm, flat over the table: ``x``, ``y`` is the palm's centre;
    ``length`` runs from fingertips to the end of the forearm, ``width`` is the hand's width;
    at ``angle`` 0 the fingers point at the far side (a near player reaching in), clockwise."""

    x: float
    y: float
    length: float = 180.0
    width: float = 90.0
    angle: float = 0.0
    right: bool = True  # a right hand palm down has its thumb on the left


@dataclass(frozen=True)
class Glare:
    """A bright spot (a lamp's reflection): ``strength`` is how far towards white its centre goes."""

    x: float
    y: float
    radius: float = 80.0
    strength: float = 0.7


@dataclass(frozen=True)
class Lighting:
    """``brightness`` is the overall gain; ``gradient`` the share of light lost from one side of
    the mat (or notional table) to the other, along ``gradient_angle`` (degrees clockwise from
    +x: 0 = bright on the left); ``glare`` an optional bright spot."""

    brightness: float = 1.0
    gradient: float = 0.0
    glare: Glare | None = None
    gradient_angle: float = 0.0

    @property
    def neutral(self) -> bool:
        return self.brightness == 1.0 and self.gradient == 0.0 and self.glare is None


@dataclass(frozen=True)
class Scene:
    """Everything one frame shows. Cards are drawn in order (later ones on top), hands above
    them. ``table_colour`` is RGB; ``blur_px`` a Gaussian sigma and ``noise`` a sigma in grey
    levels; ``seed`` picks the noise and the hands' skin."""

    mat: MatLayout | None
    cards: tuple[PlacedCard, ...]
    hands: tuple[Hand, ...] = ()
    lighting: Lighting = Lighting()
    table_colour: tuple[int, int, int] = (120, 90, 60)
    blur_px: float = 0.0
    noise: float = 0.0
    jpeg_quality: int | None = None
    seed: int = 0

    def __post_init__(self) -> None:
        if self.blur_px < 0 or self.noise < 0:
            raise ValueError(f"blur_px and noise must be >= 0, not {self.blur_px!r} and {self.noise!r}")
        if self.jpeg_quality is not None and not 1 <= self.jpeg_quality <= 100:
            raise ValueError(f"jpeg_quality must be 1-100 or None, not {self.jpeg_quality!r}")


def card_shape(card: PlacedCard) -> CardShape:
    """The card's printed shape (a plain card with a stranger's code is a rectangle)."""
    return RECTANGLE if card.text is not None else shape_of(load_catalog().card(card.card_id))


def card_corners(card: PlacedCard) -> np.ndarray:
    """The card's outline on the table (mm), face top-left first, clockwise."""
    return _card_to_table(card, np.array(card_shape(card).outline))


def code_squares(card: PlacedCard) -> list[np.ndarray]:
    """Each printed QR code's four corners on the table (mm), in the shape's order."""
    half = CODE_MM / 2
    offsets = np.array([[-half, -half], [half, -half], [half, half], [-half, half]])
    squares = []
    for spot in card_shape(card).codes:
        turned = offsets @ _rotation(spot.rotation).T
        squares.append(_card_to_table(card, turned + [spot.center_x, spot.center_y]))
    return squares


def hand_outline(hand: Hand) -> list[np.ndarray]:
    """The hand as convex polygons on the table (mm): palm, four fingers, thumb, forearm.

    The hand proper (wrist to fingertips) is 1.4 widths long, at most 3/4 of ``length``; the
    forearm takes the rest, a little narrower than the palm."""
    palm_w = 0.82 * hand.width
    hand_len = min(1.4 * hand.width, 0.75 * hand.length)
    finger_r = palm_w / 8
    side = -1.0 if hand.right else 1.0  # the thumb's side, across the hand
    shapes = [_ellipse((0.0, 0.0), 0.3 * hand_len, palm_w / 2)]
    for k, reach in enumerate((0.40, 0.45, 0.42, 0.33)):  # index to little finger
        v = side * (0.37 - 0.245 * k) * palm_w
        base = (0.1 * hand_len, v)
        splay = math.radians(16 * v / palm_w)  # fingers fan out a little
        tip = (base[0] + reach * hand_len * math.cos(splay), v + reach * hand_len * math.sin(splay))
        shapes.append(_capsule(base, tip, finger_r))
    thumb = (-0.12 * hand_len, side * 0.3 * palm_w), (0.12 * hand_len, side * 0.62 * palm_w)
    shapes.append(_capsule(*thumb, palm_w / 7))
    tip_u = 0.55 * hand_len + finger_r
    end_u = tip_u - hand.length
    arm_r = 0.36 * palm_w
    if end_u + arm_r < -0.2 * hand_len:
        shapes.append(_capsule((-0.2 * hand_len, 0.0), (end_u + arm_r, 0.0), arm_r))
    a = math.radians(hand.angle)
    axes = np.array([[math.sin(a), -math.cos(a)], [math.cos(a), math.sin(a)]])  # ahead, across
    return [shape @ axes + [hand.x, hand.y] for shape in shapes]


def _card_to_table(card: PlacedCard, face_mm: np.ndarray) -> np.ndarray:
    shape = card_shape(card)
    return _sheet_to_table(face_mm, shape.centre, (card.x, card.y), card.angle)


def _sheet_to_table(sheet_mm: np.ndarray, middle: Point, centre: Point, angle: float) -> np.ndarray:
    """Points on a printed sheet (mm from its top-left corner) on the table, the sheet's point
    ``middle`` at ``centre`` and the sheet turned ``angle`` degrees clockwise about it."""
    return (sheet_mm - np.asarray(middle)) @ _rotation(angle).T + centre


def _rectangle(size: Point) -> np.ndarray:
    """A sheet's corners from its top-left, clockwise."""
    return np.array([[0.0, 0.0], [size[0], 0.0], [size[0], size[1]], [0.0, size[1]]])


def _rotation(angle: float) -> np.ndarray:
    """Clockwise on the image (y down)."""
    a = math.radians(angle)
    return np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])


def _ellipse(centre: Point, along: float, across: float, points: int = 48) -> np.ndarray:
    t = np.linspace(0, 2 * np.pi, points, endpoint=False)
    return np.column_stack([centre[0] + along * np.cos(t), centre[1] + across * np.sin(t)])


def _capsule(start: Point, end: Point, radius: float, points: int = 12) -> np.ndarray:
    """A segment thickened to ``radius``, round at both ends (coordinates: along, across)."""
    direction = math.atan2(end[1] - start[1], end[0] - start[0])
    around_end = direction + np.linspace(-np.pi / 2, np.pi / 2, points)
    around_start = around_end + np.pi
    return np.vstack(
        [
            np.column_stack([end[0] + radius * np.cos(around_end), end[1] + radius * np.sin(around_end)]),
            np.column_stack([start[0] + radius * np.cos(around_start), start[1] + radius * np.sin(around_start)]),
        ]
    )


# --- the renderer ------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class _View:
    """One camera's fixed work: the texture's grid (``scale`` px/mm, ``origin`` mm at the
    top-left pixel's corner), the remap from the image to it, and the table mm of the middle
    of each ``LIGHT_STEP``-px block of the image (where the light is worked out)."""

    camera: CameraModel
    scale: float
    origin: Point
    size: tuple[int, int]  # texture width, height
    map1: np.ndarray
    map2: np.ndarray
    light_grid: np.ndarray  # H / LIGHT_STEP x W / LIGHT_STEP x 2

    def to_texture(self, points_mm: np.ndarray) -> np.ndarray:
        """Texture coordinates (pixel centres on integers) of table points."""
        return (np.asarray(points_mm) - self.origin) * self.scale - 0.5


class VirtualTable:
    """Renders scenes as one camera sees them (the camera's work is cached once per mat)."""

    def __init__(self, camera: CameraModel, *, oversample: float = OVERSAMPLE) -> None:
        self.camera = camera
        self.oversample = oversample

    def camera_for(self, scene: Scene) -> CameraModel:
        """The camera as used for ``scene``: centred on its mat unless it has a centre."""
        return self.camera.over(scene.mat)

    def texture_scale(self, scene: Scene) -> float:
        """Texture px per mm for ``scene`` (cards and mat are rasterised at 25.4 x this dpi)."""
        return _view(self.camera_for(scene), self.oversample).scale

    def render(self, scene: Scene) -> np.ndarray:
        """The frame, H x W x 3 uint8 BGR like an OpenCV camera; same scene, same bytes."""
        view = _view(self.camera_for(scene), self.oversample)
        texture = _background(view, scene.mat, tuple(scene.table_colour)).copy()
        for card in scene.cards:
            _draw_card(texture, view, card)
        for index, hand in enumerate(scene.hands):
            _draw_hand(texture, view, hand, _skin(scene.seed, index))
        frame = cv2.remap(texture, view.map1, view.map2, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        return _camera_effects(frame, view, scene)

    def ground_truth(self, scene: Scene) -> list[dict[str, Any]]:
        """Each card whose centre is in the image: ``id``, ``x``, ``y`` (mm), ``angle`` in
        [0, 180) (the codes repeat after half a turn), ``face_up`` and ``visible_codes``: how
        many of its codes lie wholly in the frame with at most 5 % covered by later cards or hands."""
        camera = self.camera_for(scene)
        hands = [polygon for hand in scene.hands for polygon in hand_outline(hand)]
        truth = []
        for index, card in enumerate(scene.cards):
            if card.text is not None or not _in_frame(camera, np.array([[card.x, card.y]])):
                continue
            visible = 0
            if card.face_up:
                covers = [card_corners(later) for later in scene.cards[index + 1 :]] + hands
                for square in code_squares(card):
                    if _in_frame(camera, square) and _hidden_share(square, covers) <= HIDDEN_SHARE:
                        visible += 1
            truth.append(
                {
                    "id": card.card_id,
                    "x": card.x,
                    "y": card.y,
                    "angle": card.angle % 180.0,
                    "face_up": card.face_up,
                    "visible_codes": visible,
                }
            )
        return truth


def _in_frame(camera: CameraModel, points_mm: np.ndarray) -> bool:
    px = camera.table_to_image(points_mm)
    return bool(np.all((px >= -0.5) & (px <= [camera.width_px - 0.5, camera.height_px - 0.5])))


def _hidden_share(square: np.ndarray, covers: Sequence[np.ndarray], cells: int = 64) -> float:
    """The share of a code's square under the union of the cover polygons, on a 64 x 64 grid."""
    lo, hi = square.min(axis=0), square.max(axis=0)
    near = [c for c in covers if np.all(c.max(axis=0) >= lo) and np.all(c.min(axis=0) <= hi)]
    if not near:
        return 0.0
    # the square's own frame: corner 0 at the origin, its edges along the axes, ``cells`` wide
    edges = np.column_stack([square[1] - square[0], square[3] - square[0]]) / cells
    to_grid = np.linalg.inv(edges)
    mask = np.zeros((cells, cells), np.uint8)
    for cover in near:
        grid = (cover - square[0]) @ to_grid.T - 0.5
        cv2.fillPoly(mask, [_fixed(grid)], 1, cv2.LINE_8, 4)
    return float(mask.mean())


# --- cached work: camera maps, table texture, mat and card images ------------------------------


@functools.lru_cache(maxsize=8)
def _view(camera: CameraModel, oversample: float) -> _View:
    """The remap from image px to texture px: undistort, then the inverse homography."""
    w, h = camera.width_px, camera.height_px
    u, v = np.meshgrid(np.arange(w, dtype=np.float64), np.arange(h, dtype=np.float64))
    px = camera._undistort(np.stack([u, v], axis=-1).reshape(-1, 2))
    back = np.column_stack([px, np.ones(len(px))]) @ np.linalg.inv(camera.homography()).T
    if np.any(back[:, 2] <= 1e-9):
        raise ValueError(f"the camera sees above the horizon (tilt {camera.tilt_deg} degrees): lower the tilt")
    table = (back[:, :2] / back[:, 2:]).reshape(h, w, 2)
    # the finest detail the image resolves: 1 / the smallest mm per px, on a grid of samples
    step = max(1, min(w, h) // 64)
    sample = table[::step, ::step]
    jac = np.stack([np.diff(sample, axis=1)[:-1], np.diff(sample, axis=0)[:, :-1]], axis=-1) / step
    finest = 1 / np.linalg.svd(jac, compute_uv=False)[..., -1].min()
    scale = math.ceil(oversample * finest * 4) / 4
    lo = np.floor((table.reshape(-1, 2).min(axis=0) - 2 / scale) * scale)
    hi = np.ceil((table.reshape(-1, 2).max(axis=0) + 2 / scale) * scale)
    size = (int(hi[0] - lo[0]) + 1, int(hi[1] - lo[1]) + 1)
    if size[0] * size[1] > MAX_TEXTURE_PX or max(size) >= 32000:
        raise ValueError(f"the camera sees too much table ({size[0]} x {size[1]} px of texture): lower the tilt")
    origin = (float(lo[0] / scale), float(lo[1] / scale))
    maps = ((table - origin) * scale - 0.5).astype(np.float32)
    map1, map2 = cv2.convertMaps(maps[..., 0], maps[..., 1], cv2.CV_16SC2)
    middles = [np.arange((n + LIGHT_STEP - 1) // LIGHT_STEP) * LIGHT_STEP + (LIGHT_STEP - 1) / 2 for n in (w, h)]
    grid = np.stack(np.meshgrid(*middles), axis=-1)
    return _View(camera, scale, origin, size, map1, map2, camera.image_to_table(grid))


@functools.lru_cache(maxsize=4)
def _background(view: _View, mat: MatLayout | None, colour: tuple[int, int, int]) -> np.ndarray:
    """The empty table: wood, and the mat on it (read-only; each frame draws on a copy)."""
    texture = _wood(view, colour)
    if mat is not None:
        sheet = _sheet_image(mat, view.scale * 25.4)
        _lay(texture, view, sheet, (mat.width, mat.height), (mat.width / 2, mat.height / 2), 0.0)
    texture.flags.writeable = False
    return texture


def _wood(view: _View, colour: tuple[int, int, int]) -> np.ndarray:
    """Planks 140 mm wide along x with wavy grain and fine streaks, fixed in table mm."""
    w, h = view.size
    x = view.origin[0] + (np.arange(w, dtype=np.float32) + 0.5) / view.scale
    y = view.origin[1] + (np.arange(h, dtype=np.float32) + 0.5) / view.scale
    plank = np.floor(y / 140.0)
    rng = np.random.default_rng(20240611)
    tones = 1 + 0.06 * rng.standard_normal(int(plank.max() - plank.min()) + 1).astype(np.float32)
    phase = plank[:, None] * 1.7 + 3.0 * np.sin(x[None, :] / 95.0 + plank[:, None])
    fine, coarse = (y[:, None] + phase) * (2 * np.pi / 4.3), (y[:, None] + 0.6 * phase) * (2 * np.pi / 11.0)
    grain = 0.045 * np.sin(fine) + 0.03 * np.sin(coarse)
    streaks = cv2.blur(rng.standard_normal((h, w)).astype(np.float32), (max(3, int(25 * view.scale)), 1))
    seam = np.where(np.abs(y - np.round(y / 140.0) * 140.0) < 0.5, 0.55, 1.0).astype(np.float32)
    shade = (tones[(plank - plank.min()).astype(int)] * seam)[:, None] * (1 + grain + 0.6 * streaks)
    bgr = np.array(colour[::-1], np.float32)
    return np.clip(shade[..., None] * bgr, 0, 255).astype(np.uint8)


@dataclass(frozen=True)
class _Sheet:
    """A printed sheet as the camera's texture wants it: BGR pixels spanning the whole sheet
    (PDFium rounds the size up and stretches the page to fill it, so px/mm is size / mm) and
    the colour of its cut edge: its border, shaded."""

    pixels: np.ndarray
    edge: tuple[float, float, float]

    @classmethod
    def of(cls, image: Any) -> _Sheet:
        pixels = cv2.cvtColor(np.asarray(image), cv2.COLOR_RGB2BGR)
        pixels.flags.writeable = False
        strips = pixels[:2], pixels[-2:], pixels[:, :2], pixels[:, -2:]
        border = np.concatenate([strip.reshape(-1, 3) for strip in strips])
        return cls(pixels, tuple(float(c) * 0.75 for c in border.mean(axis=0)))  # type: ignore[arg-type]


@functools.lru_cache(maxsize=8)
def _sheet_image(mat: MatLayout, dpi: float) -> _Sheet:
    """The printed mat at ``dpi``."""
    return _Sheet.of(next(rasterise(mat_page_pdf(mat), dpi)))


@functools.lru_cache(maxsize=CARD_CACHE)
def _card_image(card_id: str, face_up: bool, dpi: float) -> _Sheet:
    """A card's face (or back) as printed, at ``dpi``."""
    return _Sheet.of(render_card(load_catalog().card(card_id), dpi, back=not face_up))


@functools.lru_cache(maxsize=16)
def _foreign_card_image(text: str, dpi: float) -> _Sheet:
    """A white card with one QR code of ``text`` where our cards carry theirs: what a card of
    another game, or any stray code, looks like to the camera."""
    import segno
    from PIL import Image

    size = (round(RECTANGLE.width / 25.4 * dpi), round(RECTANGLE.height / 25.4 * dpi))
    card = Image.new("RGB", size, "white")
    matrix = np.array(segno.make_qr(text, error="q").matrix, dtype=np.uint8)
    side = round(CODE_MM / 25.4 * dpi)
    code = Image.fromarray((1 - matrix) * 255).convert("RGB").resize((side, side), Image.Resampling.NEAREST)
    spot = RECTANGLE.codes[0]
    card.paste(code, (round((spot.center_x - CODE_MM / 2) / 25.4 * dpi), round((spot.center_y - CODE_MM / 2) / 25.4 * dpi)))
    return _Sheet.of(card)


# --- drawing on the texture --------------------------------------------------------------------


def _roi(view: _View, corners: np.ndarray, margin: float) -> tuple[int, int, int, int] | None:
    """The texture box (x0, y0, x1, y1) around texture points, clipped; None when empty."""
    x0, y0 = np.floor(corners.min(axis=0) - margin).astype(int)
    x1, y1 = np.ceil(corners.max(axis=0) + margin).astype(int) + 1
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, view.size[0]), min(y1, view.size[1])
    return (x0, y0, x1, y1) if x0 < x1 and y0 < y1 else None


def _draw_card(texture: np.ndarray, view: _View, card: PlacedCard) -> None:
    dpi = view.scale * 25.4
    image = _foreign_card_image(card.text, dpi) if card.text is not None else _card_image(card.card_id, card.face_up, dpi)
    shape = card_shape(card)
    outline = None if shape.fills_box else shape.outline
    _lay(texture, view, image, (shape.width, shape.height), (card.x, card.y), card.angle, shape.centre, outline)


def _lay(texture: np.ndarray, view: _View, sheet: _Sheet, size: Point, centre: Point, angle: float,
         middle: Point | None = None, outline: Sequence[Point] | None = None) -> None:
    """Lay a printed sheet on the texture, its point ``middle`` (default: its centre) at ``centre``:
    an anti-aliased quad in its edge colour, then its image over all but the outer half pixel,
    in one bilinear warp straight into the texture (no blending pass: a card costs a fraction of
    a millisecond). A sheet cut to another ``outline`` (a triangle) is warped, then kept inside it."""
    middle = middle if middle is not None else (size[0] / 2, size[1] / 2)
    cut = np.array(outline if outline is not None else _rectangle(size), np.float64)
    corners = view.to_texture(_sheet_to_table(cut, middle, centre, angle))
    box = _roi(view, corners, 2)
    if box is None:
        return
    x0, y0, x1, y1 = box
    roi = texture[y0:y1, x0:x1]
    cv2.fillPoly(roi, [_fixed(corners - [x0, y0])], sheet.edge, cv2.LINE_AA, 4)
    # sheet pixel (i, j) has its centre at ((i + 0.5) / px_per_mm_x, (j + 0.5) / px_per_mm_y)
    height, width = sheet.pixels.shape[:2]
    rotation = _rotation(angle)
    linear = rotation @ np.diag([view.scale * size[0] / width, view.scale * size[1] / height])
    shift = linear @ [0.5, 0.5] - view.scale * rotation @ np.asarray(middle) + view.to_texture(np.asarray(centre))
    matrix = np.column_stack([linear, shift - [x0, y0]])
    target = roi if outline is None else roi.copy()
    cv2.warpAffine(
        sheet.pixels, matrix, (x1 - x0, y1 - y0), dst=target, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_TRANSPARENT
    )
    if outline is not None:
        inside = np.zeros(roi.shape[:2], np.uint8)
        cv2.fillPoly(inside, [_fixed(corners - [x0, y0])], 1, cv2.LINE_8, 4)
        np.copyto(roi, target, where=inside[..., None].astype(bool))


def _skin(seed: int, index: int) -> np.ndarray:
    """A skin tone (BGR) for hand ``index`` of a scene with ``seed``."""
    rng = np.random.default_rng([seed, index, 0x5C1])
    tone = np.array(SKIN_TONES[int(rng.integers(len(SKIN_TONES)))], np.float64)
    varied = tone * (1 + 0.06 * rng.standard_normal()) + 6 * rng.standard_normal(3)
    return np.clip(varied[::-1], 0, 255).astype(np.float32)


def _draw_hand(texture: np.ndarray, view: _View, hand: Hand, skin: np.ndarray) -> None:
    """The hand's silhouette with a slightly soft edge, rounded shading, creases between the
    fingers and a soft shadow beside it (it is held above the table); drawn flat on the table.
    The smooth parts are worked out at a quarter of the resolution: a hand costs ~10 ms."""
    s = view.scale
    polygons = [view.to_texture(p) for p in hand_outline(hand)]
    shadow_shift = np.array([6.0, 9.0]) * s  # light from above the far left
    shadow_sigma = 5.0 * s
    points = np.vstack(polygons + [p + shadow_shift for p in polygons])
    box = _roi(view, points, 3 * shadow_sigma + 2)
    if box is None:
        return
    x0, y0, x1, y1 = box
    roi = texture[y0:y1, x0:x1]
    size = roi.shape[1], roi.shape[0]
    local = [p - [x0, y0] for p in polygons]
    mask = _fill(local, size)
    creases = np.zeros_like(mask)
    for finger in local[1:6]:
        cv2.polylines(creases, [_fixed(finger)], True, 255, max(1, round(0.5 * s)), cv2.LINE_AA, 4)
    cv2.fillPoly(creases, [_fixed(local[0])], 0, cv2.LINE_AA, 4)  # no lines across the palm
    small_size = (size[0] + 3) // 4, (size[1] + 3) // 4
    small = [(p + 0.5) / 4 - 0.5 for p in local]
    rounded = cv2.GaussianBlur(_fill(small, small_size), (0, 0), 0.025 * hand.width * s).astype(np.float32) / 255
    shadow = cv2.GaussianBlur(_fill([p + shadow_shift / 4 for p in small], small_size), (0, 0), shadow_sigma / 4)
    shade: Any = cv2.resize(0.72 + 0.28 * np.clip(rounded * 1.8 - 0.4, 0, 1), size, interpolation=cv2.INTER_LINEAR)
    dark = cv2.resize(1 - 0.35 * shadow.astype(np.float32) / 255, size, interpolation=cv2.INTER_LINEAR)
    shade *= 1 - 0.3 * cv2.GaussianBlur(creases, (0, 0), 0.3 * s).astype(np.float32) / 255
    alpha = cv2.GaussianBlur(mask, (0, 0), 0.5 * s).astype(np.float32) / 255  # a slightly soft edge
    keep = cv2.merge([dark * (1 - alpha)] * 3)  # what is left of the table, shadowed
    skin_part = alpha * shade
    paint = cv2.merge([skin_part * float(c) for c in skin])
    roi[:] = _to_u8(cv2.add(cv2.multiply(roi, keep, dtype=cv2.CV_32F), paint))


def _fixed(points: np.ndarray) -> np.ndarray:
    """Polygon points for OpenCV drawing with 4 fractional bits."""
    return np.round(points * 16).astype(np.int32)


def _fill(polygons: Sequence[np.ndarray], size: tuple[int, int]) -> np.ndarray:
    """A uint8 mask (255 inside) of the union of polygons given in its pixel coordinates."""
    mask = np.zeros((size[1], size[0]), np.uint8)
    for polygon in polygons:
        cv2.fillPoly(mask, [_fixed(polygon)], 255, cv2.LINE_AA, 4)
    return mask


# --- the camera's own effects ------------------------------------------------------------------


def _camera_effects(frame: np.ndarray, view: _View, scene: Scene) -> np.ndarray:
    """Light on the table, then lens blur, sensor noise and JPEG, in a camera's order."""
    lit = not scene.lighting.neutral
    if lit or scene.noise:
        work: Any = frame.astype(np.float32)
        if lit:
            gain, glow = _light_fields(view, scene.lighting, scene.mat)
            work = cv2.multiply(work, gain)
            if glow is not None:
                work = cv2.add(work, glow)
        if scene.blur_px:
            work = cv2.GaussianBlur(work, (0, 0), scene.blur_px)
        if scene.noise:
            bank = _noise_bank(work.size)
            start = int(np.random.default_rng([scene.seed, 0x9015E]).integers(NOISE_SLACK))
            work = cv2.scaleAdd(bank[start : start + work.size].reshape(work.shape), float(scene.noise), work)
        frame = _to_u8(work)
    elif scene.blur_px:
        frame = cv2.GaussianBlur(frame, (0, 0), scene.blur_px)
    if scene.jpeg_quality is not None:
        ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, int(scene.jpeg_quality)])
        decoded = cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else None
        if decoded is None:
            raise RuntimeError("OpenCV could not round-trip the frame through JPEG")
        frame = decoded
    return frame


def _to_u8(values: Any) -> np.ndarray:
    """Float pixels to uint8, rounded and saturated (OpenCV's conversion: fast, no wrap-around)."""
    return cv2.add(values, (0.0, 0.0, 0.0, 0.0), dtype=cv2.CV_8U)  # type: ignore[call-overload,no-any-return]


@functools.lru_cache(maxsize=2)
def _light_fields(view: _View, lighting: Lighting, mat: MatLayout | None) -> tuple[np.ndarray, np.ndarray | None]:
    """Per pixel and channel: the gain (brightness, fall-off, glare's dimming of the rest) and
    glare's glow; worked out on the light grid and resized, so new lighting costs ~10 ms."""
    width, height = (mat.width, mat.height) if mat is not None else NOTIONAL_TABLE_MM
    a = math.radians(lighting.gradient_angle)
    direction = np.array([math.cos(a), math.sin(a)], np.float32)
    extent = abs(width * direction[0]) + abs(height * direction[1])
    along = ((view.light_grid - [width / 2, height / 2]) @ direction) / extent + 0.5
    gain = np.maximum(lighting.brightness * (1 - lighting.gradient * along), 0)
    glow = None
    if lighting.glare is not None:
        g = lighting.glare
        r2 = ((view.light_grid - [g.x, g.y]) ** 2).sum(axis=-1)
        spot = g.strength * np.exp(-r2 / (2 * (g.radius / 2) ** 2))
        gain = gain * (1 - spot)
        glow = _full_size(255 * spot, view.camera)
    return _full_size(gain, view.camera), glow


def _full_size(field: np.ndarray, camera: CameraModel) -> np.ndarray:
    """A light-grid field at the image's size, once per channel."""
    return cv2.resize(np.repeat(field[..., None], 3, axis=2).astype(np.float32), (camera.width_px, camera.height_px))


@functools.lru_cache(maxsize=2)
def _noise_bank(size: int) -> np.ndarray:
    """Standard normal samples, drawn once: a frame's noise is a seeded window of them."""
    return np.random.default_rng(0x5EED).standard_normal(size + NOISE_SLACK, dtype=np.float32)
