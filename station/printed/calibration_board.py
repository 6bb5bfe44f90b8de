"""The lens calibration board as printed: OpenCV's ChArUco board (a chessboard whose white
squares hold ArUco markers), drawn by OpenCV itself for the printer and found by it for
``station.vision.lens``, so the two never disagree. Its markers come from a dictionary of their
own (5 x 5 bits), never the mats' (4 x 4): a board lying beside a mat is not taken for one.
Both OpenCV APIs work: 4.7 and later (``CharucoBoard``, ``generateImage``) and Raspberry Pi OS
Bookworm's 4.6 (``CharucoBoard_create``, ``draw``), told apart by what the module has.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np

from station.printed.markers import aruco_module

BOARD_SQUARES = (7, 9)  # columns, rows: 6 x 8 inner corners on a portrait A4 or Letter page; odd counts,
# so OpenCV 4.6 and 5 (whose patterns differ for an even number of rows) draw and read the same board
BOARD_SQUARE_MM = 26.0
BOARD_MARKER_MM = 19.0  # 7 cells of 2.7 mm: 7 px a cell at 1080p over 70 cm
BOARD_DICTIONARY = "DICT_5X5_100"


def board_dictionary(aruco: ModuleType) -> Any:
    name = getattr(aruco, BOARD_DICTIONARY)
    return aruco.getPredefinedDictionary(name) if hasattr(aruco, "getPredefinedDictionary") else aruco.Dictionary_get(name)


def calibration_board(aruco: ModuleType | None = None) -> Any:
    """OpenCV's ChArUco board the station prints, in millimetres."""
    aruco = aruco or aruco_module()
    columns, rows = BOARD_SQUARES
    if hasattr(aruco, "CharucoBoard_create"):  # OpenCV 4.6 and earlier
        return aruco.CharucoBoard_create(columns, rows, BOARD_SQUARE_MM, BOARD_MARKER_MM, board_dictionary(aruco))
    return aruco.CharucoBoard((columns, rows), BOARD_SQUARE_MM, BOARD_MARKER_MM, board_dictionary(aruco))


def board_size_mm() -> tuple[float, float]:
    columns, rows = BOARD_SQUARES
    return columns * BOARD_SQUARE_MM, rows * BOARD_SQUARE_MM


def board_image(px_per_mm: float) -> np.ndarray:
    """The board's squares drawn at ``px_per_mm`` (grey, edge to edge: the squares fill it)."""
    board = calibration_board()
    width, height = board_size_mm()
    size = (round(width * px_per_mm), round(height * px_per_mm))
    if hasattr(board, "generateImage"):
        return np.asarray(board.generateImage(size, marginSize=0))
    return np.asarray(board.draw(size, marginSize=0))
