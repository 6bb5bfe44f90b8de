"""Is the table ready to play? One frame of the mat checked before a game, with advice in plain words.

Everything is measured on the mat itself, because it is printed sharp and its size is known:

- **the mat**: which one, and how many of its four corner markers show;
- **code size**: pixels per QR module (``MODULE_MM``) where the mat is seen worst: the map from
  the markers gives the local scale at each of the mat's corners, in its worst direction;
- **focus**: the blur of the markers' printed black-and-white cells, as a Gaussian sigma in
  pixels (below);
- **glare**: the share of the mat blown to white, and where it is;
- **light**: how bright the mat's white paper is;
- **framing**: how close a marker comes to the picture's edge (a nudge or the lens's distortion
  there would lose it).

Focus is fitted, not guessed from a sharpness score: a score like the variance of the Laplacian
depends on what lies on the table, a sigma does not. Each marker is a known pattern (its cells,
in a white margin), so the frame around it is compared with that pattern drawn where the marker
lies and blurred by sigma, and the sigma that fits best wins. First each of the marker's outer
edges is fitted with a blurred step (an erf), which puts its corners to a tenth of a pixel:
ArUco's own corners are off by up to half a pixel, which would pass for blur. On virtual-table
frames the estimate grows with the blur and is within 0.25 px of it from 1 to 3 px, with tilt,
noise and JPEG (``tests/test_calibrate.py`` holds it to 0.5 px, the accuracy advice needs).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
from babel.numbers import format_decimal, format_percent
from babel.support import LazyProxy

from station.camera_mount import MARGIN_MM, MIN_PX_PER_MODULE, WIDE_MODE
from station.printed.cards import MODULE_MM
from station.i18n import _, language, lazy_gettext, ngettext
from station.table.mat import MatLayout, mat_spec, seat_label
from station.vision.images import as_gray
from station.vision.markers import CELLS, MarkerRead, Point, detect_markers, marker_cells
from station.vision.scan import DARK_MEAN
from station.vision.table_map import TableMap, apply_homography, find_table_map

MAX_BLUR_PX = 1.0
MAX_GLARE_SHARE = 0.01
OVEREXPOSED_SHARE = 0.2  # this much of the mat blown to white is the exposure, not a lamp's spot
SATURATED = 250  # grey level from which a pixel counts as blown to white
MIN_PAPER_LEVEL = 100  # white paper darker than this: too little light for a steady read
EDGE_MARGIN = 0.05  # share of the picture to keep between a marker and the picture's edge
SURROUND_CELLS = 1.2  # white paper around each marker: the mat's 6 mm margins over 5 mm cells

HD_WIDTH = 1920
# The words are chosen when shown (a report on a Spanish page, a terminal in English): the advice
# is kept as lazy text, its numbers written as the language writes them (a decimal comma in Spanish).
READY = lazy_gettext("Ready to play.")
FIX = lazy_gettext("Fix these first:")
#: the mat's corners and edges as the advice names them (the data keeps "top-left" ...)
CORNER_WORDS = {"top-left": lazy_gettext("top-left"), "top-right": lazy_gettext("top-right"),
                "bottom-right": lazy_gettext("bottom-right"), "bottom-left": lazy_gettext("bottom-left")}
EDGE_WORDS = {"top": lazy_gettext("along the top edge"), "bottom": lazy_gettext("along the bottom edge"),
              "left": lazy_gettext("along the left edge"), "right": lazy_gettext("along the right edge")}


def shown_number(value: float, pattern: str = "0.0") -> LazyProxy:
    """``value`` as the language of the moment writes it (``1.5`` / ``1,5``), chosen when shown."""
    return LazyProxy(lambda: format_decimal(value, format=pattern, locale=language()), enable_cache=False)


def shown_share(value: float, pattern: str = "0.0%") -> LazyProxy:
    """A share as a percentage in the language of the moment (``1.5%`` / ``1,5 %``)."""
    return LazyProxy(lambda: format_percent(value, format=pattern, locale=language()), enable_cache=False)


def too_small_advice(scale: float, corner: str, fix: Any) -> LazyProxy:
    return lazy_gettext("The codes are too small in the picture ({scale} px per code square at the mat's {corner} "
                        "corner, {needed} needed): {fix}", scale=shown_number(scale), corner=CORNER_WORDS[corner],
                        needed=shown_number(MIN_PX_PER_MODULE, "0.##"), fix=fix)


@dataclass(frozen=True)
class CornerSquare:
    """One of the mat's corner markers as the picture shows it: where it is (pixels, OpenCV's
    corner order) and whether it was seen, or only where the others put it."""

    corner: str
    seen: bool
    corners_px: tuple[Point, ...]


@dataclass(frozen=True)
class Calibration:
    """What one frame says about the setup; ``advice`` is empty when it is ready to play."""

    width: int
    height: int
    mat: MatLayout | None = None
    markers_seen: int = 0
    missing_corners: tuple[str, ...] = ()  # the mat's corners whose marker is not seen
    px_per_module: float | None = None  # the worst of the mat's four corners
    px_per_module_at: str | None = None  # which corner that is
    blur_px: float | None = None
    glare_share: float | None = None  # of the mat's area in the picture
    glare_at: Any = None  # words (lazy text: in the language it is shown in)
    paper_level: float | None = None  # median grey level of the white paper, 0-255
    edge_margin: float | None = None  # nearest marker to the picture's edge, share of the picture
    advice: tuple[Any, ...] = ()  # lazy text each, shown in the language of the moment
    outline_px: tuple[Point, ...] = ()  # the mat's corners in the picture, for the report's picture
    corner_squares: tuple[CornerSquare, ...] = ()

    @property
    def ready(self) -> bool:
        return not self.advice

    def as_json(self) -> dict[str, Any]:
        mat = self.mat
        return {
            "frame": {"width": self.width, "height": self.height},
            "mat": None if mat is None else {"game": mat.game, "title": mat.title, "seats": mat.seats,
                                             "markers_seen": self.markers_seen, "missing": list(self.missing_corners)},
            "px_per_module": _rounded(self.px_per_module, 2),
            "px_per_module_at": self.px_per_module_at,
            "blur_px": _rounded(self.blur_px, 2),
            "glare_share": _rounded(self.glare_share, 4),
            "glare_at": None if self.glare_at is None else str(self.glare_at),
            "paper_level": _rounded(self.paper_level, 0),
            "edge_margin": _rounded(self.edge_margin, 3),
            "ready": self.ready,
            "advice": [str(advice) for advice in self.advice],
        }

    def report(self) -> list[str]:
        """The measurements and the verdict, one line each, for people."""
        lines = [_("Picture: {width}x{height}", width=self.width, height=self.height)]
        if self.mat is None:
            lines.append(_("Mat: none found"))
        else:
            players = (_("for the whole team") if mat_spec(self.mat.game).max_seats == 1 else
                       ngettext("for {n} player", "for {n} players", self.mat.seats))
            lines.append(_("Mat: {game} {players}, {seen} of 4 corner squares seen", game=self.mat.title,
                           players=players, seen=self.markers_seen))
        if self.px_per_module is not None:
            lines.append(_("Code size: {scale} px per code square at the {corner} corner (needs {needed} or more)",
                           scale=shown_number(self.px_per_module),
                           corner=CORNER_WORDS.get(self.px_per_module_at or "", self.px_per_module_at),
                           needed=shown_number(MIN_PX_PER_MODULE, "0.##")))
        if self.blur_px is not None:
            lines.append(_("Focus: blur {blur} px (needs {most} or less)", blur=shown_number(self.blur_px),
                           most=shown_number(MAX_BLUR_PX, "0.##")))
        if self.glare_share is not None:
            share, most = shown_share(self.glare_share), shown_share(MAX_GLARE_SHARE, "0%")
            lines.append(_("Glare: {share} of the mat, {where} (needs {most} or less)", share=share, where=self.glare_at,
                           most=most) if self.glare_at and self.glare_share > 0 else
                         _("Glare: {share} of the mat (needs {most} or less)", share=share, most=most))
        if self.paper_level is not None:
            lines.append(_("Light: white paper at {level} of 255 (needs {least} or more)",
                           level=shown_number(self.paper_level, "0"), least=MIN_PAPER_LEVEL))
        if self.edge_margin is not None:
            lines.append(_("Framing: {share} from the picture's edge to the nearest corner square (needs {least} or more)",
                           share=shown_share(self.edge_margin, "0%"), least=shown_share(EDGE_MARGIN, "0%")))
        if self.ready:
            return [*lines, str(READY)]
        return [*lines, str(FIX), *(f"  - {advice}" for advice in self.advice)]


def calibrate(image: Any) -> Calibration:
    """Measure the setup on one frame (BGR or grey array, or a PIL image) and say what to change."""
    gray = as_gray(image)
    height, width = gray.shape
    markers = detect_markers(gray)
    table = find_table_map(markers)
    mat = table.mat
    if mat is None or table.pixels_to_mm is None:
        advice = [lazy_gettext("No mat found: lay the printed mat under the camera so all four corner squares show.")]
        if gray.mean() < DARK_MEAN:
            advice.append(_too_dark(float(np.median(gray))))
        return Calibration(width, height, advice=tuple(advice))

    ids = {spot.id for spot in mat.markers}
    seen = [m for m in markers if m.id in ids]
    seen_ids = {m.id for m in seen}
    missing = tuple(spot.corner for spot in mat.markers if spot.id not in seen_ids)
    scale, scale_at = px_per_module(table)
    blur = blur_px(gray, seen)
    area = mat_mask(table, gray.shape)
    share, glare_at = glare(gray, area, table)
    paper = paper_level(gray, area)
    margin = min(_edge_margin(m, width, height) for m in seen)

    advice = []
    if missing:
        advice.append(_missing_advice(missing))
    if margin < EDGE_MARGIN:
        advice.append(lazy_gettext("The mat is near the edge of the picture: centre the camera over it."))
    if scale < MIN_PX_PER_MODULE:
        advice.append(too_small_advice(scale, scale_at, too_small_fix(scale, picture_fill(table, width, height), width)))
    if blur is not None and blur > MAX_BLUR_PX:
        advice.append(lazy_gettext("The picture is blurred ({blur} px): turn the lens to focus (a printed card's small "
                                   "squares should look crisp).", blur=shown_number(blur)))
    if paper is not None and paper < MIN_PAPER_LEVEL:
        advice.append(_too_dark(paper))
    if share > OVEREXPOSED_SHARE:
        advice.append(lazy_gettext("The picture is too bright ({share} of the mat is pure white): dim the lamp or "
                                   "turn down the camera's exposure.", share=shown_share(share, "0%")))
    elif share > MAX_GLARE_SHARE:
        advice.append(lazy_gettext("Glare on {share} of the mat, {where}: move the lamp or tilt the camera: glare "
                                   "hides codes.", share=shown_share(share), where=glare_at))
    return Calibration(width, height, mat, len(seen), missing, scale, scale_at, blur, share, glare_at, paper, margin,
                       tuple(advice), _points(table.to_pixels(_mat_corners(mat))), _corner_squares(table, seen))


def _mat_corners(mat: MatLayout) -> list[Point]:
    return [(0.0, 0.0), (mat.width, 0.0), (mat.width, mat.height), (0.0, mat.height)]


def _points(array: np.ndarray) -> tuple[Point, ...]:
    return tuple((float(x), float(y)) for x, y in array)


def _corner_squares(table: TableMap, seen: list[MarkerRead]) -> tuple[CornerSquare, ...]:
    """Each corner marker where it was read, or where the mat's map puts it when it was not."""
    assert table.mat is not None
    read = {m.id: m for m in seen}
    return tuple(CornerSquare(spot.corner, True, tuple(read[spot.id].corners)) if spot.id in read
                 else CornerSquare(spot.corner, False, _points(table.to_pixels(spot.corners)))
                 for spot in table.mat.markers)


# --- code size ---------------------------------------------------------------------------------


def px_per_module(table: TableMap) -> tuple[float, str]:
    """Pixels per QR module at the mat's worst corner (in the worst direction there), and which
    corner: where the camera looks most slanting or from furthest away."""
    assert table.mat is not None and table.pixels_to_mm is not None
    to_pixels = np.linalg.inv(table.pixels_to_mm)
    mat = table.mat
    corners = {"top-left": (0.0, 0.0), "top-right": (mat.width, 0.0),
               "bottom-right": (mat.width, mat.height), "bottom-left": (0.0, mat.height)}
    scales = {name: _px_per_mm(to_pixels, point) * MODULE_MM for name, point in corners.items()}
    worst = min(scales, key=lambda name: scales[name])
    return scales[worst], worst


def picture_fill(table: TableMap, width: int, height: int) -> float:
    """How much of the picture the mat with its margins (``MARGIN_MM`` all round) takes, along
    the direction it fills most: 1.0 when it just fits, so a camera that comes 1/fill closer
    makes every code 1/fill times bigger."""
    assert table.mat is not None
    mat = table.mat
    corners = [(-MARGIN_MM, -MARGIN_MM), (mat.width + MARGIN_MM, -MARGIN_MM),
               (mat.width + MARGIN_MM, mat.height + MARGIN_MM), (-MARGIN_MM, mat.height + MARGIN_MM)]
    points = table.to_pixels(corners)
    across = float(points[:, 0].max() - points[:, 0].min())
    deep = float(points[:, 1].max() - points[:, 1].min())
    return max(across / width, deep / height)


def too_small_fix(scale: float, fill: float, width: int) -> LazyProxy:
    """The first change that brings the codes to ``MIN_PX_PER_MODULE``: come closer (when the
    mat leaves room in the picture), more pixels (1920 across), the Camera Module 3's 2304 x 1296
    mode, or else a smaller mat."""
    closest = scale / fill  # the camera where the mat with its margins just fills the picture
    if closest >= MIN_PX_PER_MODULE and fill < 1.0:
        share = LazyProxy(lambda: f"{shown_number(fill * 100, '0')} %", enable_cache=False)
        return lazy_gettext("lower the camera until the mat nearly fills the picture (it fills {share} of it now).",
                            share=share)
    hd = lazy_gettext("set the camera to 1920x1080 ([camera] width = 1920, height = 1080 in station.toml), then let "
                      "the mat nearly fill the picture.")
    wider = lazy_gettext("this mat is too wide for {pixels} pixels across. With a Camera Module 3, set [camera] width = "
                         "{width} and height = {height} in station.toml and hang it so the mat nearly fills the "
                         "picture (docs/build.md); a 1080p webcam cannot read this mat.", pixels=max(width, HD_WIDTH),
                         width=WIDE_MODE.width_px, height=WIDE_MODE.height_px)
    for mode_width, words in ((HD_WIDTH, hd), (WIDE_MODE.width_px, wider)):
        if width < mode_width and closest * mode_width / width >= MIN_PX_PER_MODULE:
            return words
    return lazy_gettext("this mat is too big for the camera to read: play with fewer players on a smaller mat "
                        "(docs/build.md).")


def _px_per_mm(homography: np.ndarray, point: tuple[float, float]) -> float:
    """The smallest stretch of the homography at ``point``: image px per table mm, worst direction."""
    u, v, w = homography @ np.array([point[0], point[1], 1.0])
    jacobian = (homography[:2, :2] * w - np.outer([u, v], homography[2, :2])) / (w * w)
    return float(np.linalg.svd(jacobian, compute_uv=False)[-1])


# --- light and glare ---------------------------------------------------------------------------


def mat_mask(table: TableMap, shape: tuple[int, ...]) -> np.ndarray:
    """Where the mat lies in the picture (True), clipped to the picture."""
    import cv2

    assert table.mat is not None
    outline = table.to_pixels(_mat_corners(table.mat))
    mask = np.zeros(shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.round(outline * 16).astype(np.int32), 1, cv2.LINE_8, 4)
    return mask.astype(bool)


def glare(gray: np.ndarray, area: np.ndarray, table: TableMap) -> tuple[float, str | None]:
    """The share of ``area`` blown to white, and where on the mat its middle lies."""
    blown = (gray >= SATURATED) & area
    count = int(blown.sum())
    if not area.any() or count == 0:
        return 0.0, None
    rows, cols = np.nonzero(blown)
    x, y = table.to_table([(float(cols.mean()), float(rows.mean()))])[0]
    assert table.mat is not None
    return count / int(area.sum()), place_on_mat(table.mat, float(x), float(y))


def paper_level(gray: np.ndarray, area: np.ndarray) -> float | None:
    """Median grey level of the paper: the mat's pixels brighter than Otsu's split from the ink."""
    import cv2

    values = gray[area]
    if values.size < 100:
        return None
    split, _ = cv2.threshold(values.reshape(-1, 1), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    paper = values[values > split]
    return float(np.median(paper if paper.size else values))


def place_on_mat(mat: MatLayout, x: float, y: float) -> LazyProxy:
    """Words for a point on the mat: the zone it is in (``over PLAYER 1 COUNT META``), else the
    part of the mat (``near the top-left corner``, ``in the middle``)."""
    zone = mat.zone_at(x, y)
    if zone is not None:   # the zone as the mat prints it
        printed = " ".join(part for part in (seat_label(mat.game, zone.seat), zone.label) if part)
        return lazy_gettext("over {zone}", zone=printed)
    across = ("left", "", "right")[min(2, max(0, int(3 * x / mat.width)))]
    down = ("top", "", "bottom")[min(2, max(0, int(3 * y / mat.height)))]
    if across and down:
        return lazy_gettext("near the {corner} corner", corner=CORNER_WORDS[f"{down}-{across}"])
    if across or down:
        return EDGE_WORDS[across or down]
    return lazy_gettext("in the middle")


# --- framing -----------------------------------------------------------------------------------


def _edge_margin(marker: MarkerRead, width: int, height: int) -> float:
    """How close the marker comes to the picture's edge, as a share of the picture's size."""
    return min(min(min(x, width - 1 - x) / width, min(y, height - 1 - y) / height) for x, y in marker.corners)


def _too_dark(level: float) -> LazyProxy:
    return lazy_gettext("The table is too dark (white paper at {level} of 255): turn on a lamp or open the curtains.",
                        level=shown_number(level, "0"))


def _missing_advice(missing: tuple[str, ...]) -> LazyProxy:
    def words() -> str:
        names = [str(CORNER_WORDS[corner]) for corner in missing]
        named = names[0] if len(names) == 1 else _("{some} and {last}", some=", ".join(names[:-1]), last=names[-1])
        return ngettext("Only {seen} of the mat's 4 corner squares show (the {corners} one is missing): uncover it, or "
                        "centre the camera over the mat.",
                        "Only {seen} of the mat's 4 corner squares show (the {corners} ones are missing): uncover them, "
                        "or centre the camera over the mat.", len(missing), seen=4 - len(missing), corners=named)
    return LazyProxy(words, enable_cache=False)


# --- focus -------------------------------------------------------------------------------------


def blur_px(gray: np.ndarray, markers: list[MarkerRead]) -> float | None:
    """The picture's blur as a Gaussian sigma in px: the median over the markers that can be
    measured (wholly in the picture with their margin); None when none can."""
    sigmas = [sigma for marker in markers if (sigma := marker_blur(gray, marker)) is not None]
    return float(np.median(sigmas)) if sigmas else None


def marker_blur(gray: np.ndarray, marker: MarkerRead) -> float | None:
    """Blur sigma (px) that best turns the marker's known pattern into what the frame shows."""
    import cv2

    corners = _refined_corners(gray, marker)
    if corners is None:
        return None
    cell = float(np.mean([np.linalg.norm(corners[(k + 1) % 4] - corners[k]) for k in range(4)])) / CELLS
    square = np.array([[0, 0], [CELLS, 0], [CELLS, CELLS], [0, CELLS]], np.float32)
    to_image = cv2.getPerspectiveTransform(square, corners.astype(np.float32))
    s = SURROUND_CELLS
    known = apply_homography(to_image, [(-s, -s), (CELLS + s, -s), (CELLS + s, CELLS + s), (-s, CELLS + s)])
    x0, y0 = (np.floor(known.min(axis=0)) - 2).astype(int)
    x1, y1 = (np.ceil(known.max(axis=0)) + 2).astype(int)
    if x0 < 0 or y0 < 0 or x1 >= gray.shape[1] or y1 >= gray.shape[0]:
        return None
    patch = gray[y0 : y1 + 1, x0 : x1 + 1].astype(np.float32)
    pattern = _drawn_pattern(marker.id, to_image, (x0, y0), patch.shape)
    inside = np.zeros(patch.shape, np.uint8)
    cv2.fillConvexPoly(inside, np.round((known - [x0, y0]) * 16).astype(np.int32), 1, cv2.LINE_8, 4)
    depth = cv2.distanceTransform(inside, cv2.DIST_L2, 5)  # how far inside the known region

    def misfit(sigma: float) -> float:
        """Mean squared residual of the best gain and offset, on pixels whose blur comes only
        from the known region."""
        model = cv2.GaussianBlur(pattern, (0, 0), sigma)
        use = depth > 2.5 * sigma + 1
        if use.sum() < 50:
            return math.inf
        design = np.column_stack([model[use], np.ones(int(use.sum()), np.float32)])
        coef, *_ = np.linalg.lstsq(design, patch[use], rcond=None)
        residual = patch[use] - design @ coef
        return float(np.mean(residual * residual))

    return _golden_min(misfit, 0.05, max(0.5, min(6.0, cell)))


def _drawn_pattern(marker_id: int, to_image: np.ndarray, origin: tuple[int, int], shape: tuple[int, ...]) -> np.ndarray:
    """The marker (black 0, white 1) in its white margin as a sharp camera would see it: drawn
    at 4 x 4 samples per pixel and averaged over each pixel."""
    import cv2

    per_cell, sub = 16, 4
    margin = round(SURROUND_CELLS * per_cell)
    cells = np.kron(np.array(marker_cells(marker_id), np.float32), np.ones((per_cell, per_cell), np.float32))
    sheet = np.pad(1 - cells, margin, constant_values=1)
    # sample (j, i) of the fine grid has its centre at image px (x0 - 0.5 + (j + 0.5) / sub, ...)
    fine_to_image = np.array([[1 / sub, 0, origin[0] - 0.5 + 0.5 / sub], [0, 1 / sub, origin[1] - 0.5 + 0.5 / sub], [0, 0, 1]])
    cells_to_sheet = np.array([[per_cell, 0, margin - 0.5], [0, per_cell, margin - 0.5], [0, 0, 1]])
    fine_to_sheet = cells_to_sheet @ np.linalg.inv(to_image) @ fine_to_image
    height, width = shape[:2]
    fine = cv2.warpPerspective(sheet, fine_to_sheet, (width * sub, height * sub),
                               flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderValue=0.5)
    return cv2.resize(fine, (width, height), interpolation=cv2.INTER_AREA)


def _golden_min(f: Any, low: float, high: float, steps: int = 28) -> float:
    """The argument in [low, high] where the unimodal ``f`` is least (golden-section search)."""
    ratio = (math.sqrt(5) - 1) / 2
    a, b = low, high
    c, d = b - ratio * (b - a), a + ratio * (b - a)
    fc, fd = f(c), f(d)
    for _ in range(steps):
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - ratio * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + ratio * (b - a)
            fd = f(d)
    return (a + b) / 2


def _refined_corners(gray: np.ndarray, marker: MarkerRead) -> np.ndarray | None:
    """The marker's outer corners to a tenth of a pixel: each outer edge fitted with a blurred
    step along a straight line, then neighbouring lines intersected."""
    corners = np.array(marker.corners, np.float64)
    centre = corners.mean(axis=0)
    cell = float(np.mean([np.linalg.norm(corners[(k + 1) % 4] - corners[k]) for k in range(4)])) / CELLS
    lines = []
    for k in range(4):
        a, b = corners[k], corners[(k + 1) % 4]
        length = float(np.linalg.norm(b - a))
        along = (b - a) / length
        out = np.array([-along[1], along[0]])
        if np.dot(centre - a, out) > 0:
            out = -out
        reach = 0.8 * cell  # inside: the one-cell black border; outside: the white margin
        box = np.array([a + along * length * f + out * d for f in (0.2, 0.8) for d in (-reach, reach)])
        x0, y0 = np.maximum(np.floor(box.min(axis=0)).astype(int), 0)
        x1, y1 = np.minimum(np.ceil(box.max(axis=0)).astype(int), [gray.shape[1] - 1, gray.shape[0] - 1])
        if x1 <= x0 or y1 <= y0:
            return None
        ys, xs = np.mgrid[y0 : y1 + 1, x0 : x1 + 1]
        offsets = np.column_stack([xs.ravel(), ys.ravel()]).astype(np.float64) - a
        t, d = offsets @ along, offsets @ out
        use = (t >= 0.2 * length) & (t <= 0.8 * length) & (np.abs(d) <= reach)
        if use.sum() < 20:
            return None
        values = gray[ys.ravel()[use], xs.ravel()[use]].astype(np.float64)
        fitted = _fit_edge(d[use], (t[use] - length / 2) / length, values)
        if fitted is None:
            return None
        shift, slope = fitted  # the edge lies at d = shift + slope * (t - length / 2) / length
        lines.append((a + out * (shift - slope / 2), b + out * (shift + slope / 2)))
    refined = []
    for k in range(4):
        (p, q), (r, s) = lines[k - 1], lines[k]
        try:
            along_p = np.linalg.solve(np.column_stack([q - p, r - s]), r - p)[0]
        except np.linalg.LinAlgError:
            return None
        refined.append(p + along_p * (q - p))
    result = np.array(refined)
    if np.max(np.linalg.norm(result - corners, axis=1)) > cell:  # the fit wandered off: do not trust it
        return None
    return result


def _fit_edge(d: np.ndarray, t: np.ndarray, values: np.ndarray) -> tuple[float, float] | None:
    """Fit ``values = low + span * Phi((d - shift - slope * t) / sigma)`` (a blurred straight
    step, dark at negative ``d``) by Levenberg-Marquardt; returns ``(shift, slope)``."""
    low, high = np.percentile(values, [5, 95])
    params = np.array([low, max(high - low, 1.0), 0.0, 0.0, 0.0])  # low, span, shift, slope, log sigma

    def residual(p: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
        sigma = math.exp(p[4])
        z = (d - p[2] - p[3] * t) / (math.sqrt(2) * sigma)
        return p[0] + p[1] * 0.5 * (1 + _erf(z)) - values, z, sigma

    r, z, sigma = residual(params)
    cost, damping = float(r @ r), 1e-2
    for _ in range(40):
        bump = np.exp(-z * z) / math.sqrt(math.pi)  # d/dz of (1 + erf z) / 2
        scale = params[1] * bump / (math.sqrt(2) * sigma)
        jacobian = np.column_stack([np.ones_like(d), 0.5 * (1 + _erf(z)), -scale, -scale * t, -params[1] * bump * z])
        normal, gradient = jacobian.T @ jacobian, jacobian.T @ r
        while True:
            step = np.linalg.solve(normal + damping * np.diag(np.diag(normal) + 1e-9), -gradient)
            trial = params + step
            trial[4] = min(max(trial[4], math.log(0.05)), math.log(20.0))
            r2, z2, sigma2 = residual(trial)
            if float(r2 @ r2) < cost:
                params, r, z, sigma, cost = trial, r2, z2, sigma2, float(r2 @ r2)
                damping = max(damping / 3, 1e-7)
                break
            damping *= 4
            if damping > 1e8:
                return float(params[2]), float(params[3])
        if np.max(np.abs(step)) < 1e-5:
            break
    return float(params[2]), float(params[3])


def _erf(x: np.ndarray) -> np.ndarray:
    """The error function (Abramowitz and Stegun 7.1.26, error under 1.5e-7): numpy has none."""
    sign, x = np.sign(x), np.abs(x)
    t = 1 / (1 + 0.3275911 * x)
    poly = ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t
    return sign * (1 - poly * np.exp(-x * x))


def _rounded(value: float | None, digits: int) -> float | None:
    return None if value is None else round(value, digits)
