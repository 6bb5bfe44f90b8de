"""Frames to grey as the pipeline sees them: OpenCV's channel order, and only the part asked for."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from station.sim.virtual_table import CameraModel, Scene, VirtualTable
from station.table.mat import mat_layout
from station.vision.images import GreyFrame, as_gray

MAT = mat_layout("math-wars", 2)
FRAME = VirtualTable(CameraModel.seeing(700, 640, 360, mat=MAT)).render(Scene(MAT, ()))


def test_a_bgr_frame_is_grey_in_opencv_s_channel_order():
    blue, red = np.zeros((1, 2, 3), np.uint8), np.zeros((1, 2, 3), np.uint8)
    blue[..., 0], red[..., 2] = 255, 255  # BGR: blue is the first channel
    assert int(as_gray(blue)[0, 0]) == 29 and int(as_gray(red)[0, 0]) == 76  # 0.114 and 0.299 of 255
    assert np.array_equal(as_gray(FRAME), cv2.cvtColor(FRAME, cv2.COLOR_BGR2GRAY))


def test_a_grey_frame_gives_the_same_pixels_subsampled_cropped_or_whole():
    grey = GreyFrame(FRAME)
    whole = cv2.cvtColor(FRAME, cv2.COLOR_BGR2GRAY)
    assert grey.shape == (360, 640) and grey.size == 360 * 640
    assert np.array_equal(grey.small(4), whole[::4, ::4])
    assert np.array_equal(grey.crop((100, 50, 300, 120)), whole[50:120, 100:300])
    assert np.array_equal(grey.full(), whole)


def test_a_yuv420_frame_is_read_through_its_y_plane():
    i420 = cv2.cvtColor(FRAME, cv2.COLOR_BGR2YUV_I420)  # (360 * 3/2) x 640, Y first
    grey = GreyFrame(i420, "YUV420")
    assert grey.shape == (360, 640)
    assert np.array_equal(grey.full(), i420[:360]) and np.array_equal(grey.small(4), i420[:360:4, ::4])
    assert np.abs(grey.full().astype(int) - cv2.cvtColor(FRAME, cv2.COLOR_BGR2GRAY)).max() <= 20  # luma, near enough
    with pytest.raises(ValueError, match="YUV420"):
        GreyFrame(np.zeros((361, 640), np.uint8), "YUV420")
