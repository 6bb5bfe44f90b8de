"""Setup's Sound and Volume rows, on a station with a speaker: the speaker changes, the game does not."""

from __future__ import annotations

import pytest

from screen_helpers import unreadable
from station.games import plugins
from station.hardware.buttons import Press
from station.ui.controller import CHANGE_HINT, Controller, StartGame
from station.ui.setup import SOUND_MODES, VOLUMES, Speaker
from station.ui.views import SetupView


def controller(speaker: Speaker | None) -> Controller:
    c = Controller(plugins(), {}, lambda: 1)
    c.speaker = speaker
    c.press(Press("confirm"), 0.0, None)  # the first game's setup
    return c


def go_to(c: Controller, label: str) -> None:
    for _ in range(len(c.setup) + 1):
        if c.setup_row < len(c.setup) and c.setup[c.setup_row].label == label:
            return
        c.press(Press("select"), 0.0, None)
    raise AssertionError(f"no {label} row")


def start(c: Controller) -> StartGame:
    while c.setup_row != len(c.setup):
        c.press(Press("select"), 0.0, None)
    (intent,) = c.press(Press("confirm"), 0.0, None)
    assert isinstance(intent, StartGame)
    return intent


def test_a_station_without_a_speaker_has_no_sound_rows() -> None:
    c = controller(None)
    assert "Sound" not in [o.label for o in c.setup]


def test_sound_and_volume_change_the_speaker_not_the_game() -> None:
    plain = start(controller(None)).config
    c = controller(Speaker("on", 80))
    assert [o.label for o in c.setup][-2:] == ["Sound", "Volume"]
    go_to(c, "Sound")
    c.press(Press("confirm"), 0.0, None)  # voice -> beeps only
    go_to(c, "Volume")
    c.press(Press("spare"), 0.0, None)  # 80% -> 60%
    intent = start(c)
    assert c.speaker == Speaker("quiet", 60)
    assert intent.config == plain  # the game's own config knows nothing of the speaker


def test_the_config_sets_where_the_rows_start() -> None:
    assert Speaker.of({"quiet": True, "volume": 40}) == Speaker("quiet", 40)
    c = controller(Speaker.of({"quiet": False, "volume": 100}))
    assert [o.shown for o in c.setup][-2:] == ["voice", "100%"]


@pytest.mark.parametrize("label, shown", [("Sound", label) for _, label in SOUND_MODES] +
                         [("Volume", f"{v}%") for v in VOLUMES])
def test_the_rows_read_whole_on_the_oled(label: str, shown: str) -> None:
    view = SetupView("Math Wars Meta", ((label, shown), ("Start", "")), 0, CHANGE_HINT)
    assert not unreadable(view)
