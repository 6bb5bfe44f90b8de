"""Each button, pressed by a person: the right name arrives, short and long presses are told apart.

Runs first (file order), because the other hardware tests take their answers from CONFIRM and BACK.
"""

from __future__ import annotations

import pytest

PRESS_SECONDS = 20.0


@pytest.mark.parametrize("name", ["select", "confirm", "back", "spare"])
def test_each_button_reports_its_own_name(name, rig, say, wait_press):
    if name not in rig.pins:
        pytest.skip(f"no {name} button in {rig.config_path} [buttons.pins]")
    pin = rig.pins[name]
    say(f"Press {name.upper()} (BCM {pin}) once…")
    press = wait_press(PRESS_SECONDS)
    assert press is not None, (f"no press within {PRESS_SECONDS:.0f} s: is {name.upper()} wired from BCM {pin} "
                               "(not the board pin number) to GND?")
    assert press.button == name, (f"got {press.button.upper()} instead of {name.upper()}: "
                                  f"the wires of {press.button} and {name} may be swapped")
    assert not press.long, f"a quick press came out as a long one: is hold_time ({rig.hold_time} s) too short?"


def test_holding_a_button_is_a_long_press(rig, say, wait_press):
    if "confirm" not in rig.pins:
        pytest.skip("no confirm button configured")
    say(f"Hold CONFIRM down for {rig.hold_time + 1:.0f} seconds, then let go…")
    press = wait_press(PRESS_SECONDS)
    assert press is not None, f"no press within {PRESS_SECONDS:.0f} s"
    assert press.button == "confirm", f"got {press.button.upper()}, expected CONFIRM"
    assert press.long, f"held past hold_time ({rig.hold_time} s) but it came out as a short press"
