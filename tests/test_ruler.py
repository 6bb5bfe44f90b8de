"""The printer check page: its scales measure exactly what they say on the printed page, so a
maker who finds 97 mm knows the printer shrank it; a paper too small is refused with the size."""

from __future__ import annotations

import numpy as np
import pypdfium2

from station.cli import main
from station.printables.ruler_pdf import ACROSS_MM, ALONG_MM, LEFT_MM, SQUARE_MM, TOP_MM

PX_PER_MM = 10


def page_pixels(path) -> np.ndarray:
    """The page as dark (True) / light pixels, 10 per mm."""
    page = pypdfium2.PdfDocument(str(path))[0]
    image = page.render(scale=PX_PER_MM * 25.4 / 72).to_pil().convert("L")
    return np.asarray(image) < 128


def dark_run(line: np.ndarray, start: int) -> tuple[int, int]:
    """The unbroken dark run of ``line`` through index ``start``."""
    lo = hi = start
    while lo > 0 and line[lo - 1]:
        lo -= 1
    while hi < len(line) - 1 and line[hi + 1]:
        hi += 1
    return lo, hi + 1


def test_the_scales_and_the_square_measure_what_they_say(tmp_path, capsys):
    out = tmp_path / "ruler.pdf"
    assert main(["ruler", "--out", str(out)]) == 0
    assert "100 %" in capsys.readouterr().out
    dark = page_pixels(out)
    x, y = round(LEFT_MM * PX_PER_MM), round(TOP_MM * PX_PER_MM)
    top, bottom = dark_run(dark[:, x - 2:x + 3].any(axis=1), y + 5)  # the long scale's line, down the page
    assert abs((bottom - top) / PX_PER_MM - ALONG_MM) < 0.5
    across = round((LEFT_MM + 25) * PX_PER_MM)
    left, right = dark_run(dark[y - 2:y + 3, :].any(axis=0), across + 5)  # the short scale's line, across it
    assert abs((right - left) / PX_PER_MM - ACROSS_MM) < 0.5
    square_top = round((TOP_MM + 20) * PX_PER_MM)
    left, right = dark_run(dark[square_top - 2:square_top + 3, :].any(axis=0), across + 5)
    assert abs((right - left) / PX_PER_MM - SQUARE_MM) < 0.8  # the square's outline, its line width included


def test_paper_too_small_for_the_ruler_is_refused_and_nothing_is_written(tmp_path, capsys):
    out = tmp_path / "ruler.pdf"
    assert main(["ruler", "--paper", "100x150mm", "--out", str(out)]) == 2
    assert "ruler page needs" in capsys.readouterr().err
    assert not out.exists()
