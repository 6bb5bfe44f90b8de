"""The station's tick: table events carry the time the camera took their frame."""

from __future__ import annotations

from station.config import load_config
from station.games import plugins
from station.hardware.buttons import ScriptedButtons
from station.games.math_wars.demo import demo_scene
from station.sim.virtual_camera import VirtualCamera
from station.hardware.display import open_display
from station.hardware.signals import open_signals
from station.mainloop import Station
from station.paths import journal_path
from station.referee import Referee
from station.store import Journal
from station.vision.decode import make_decoder
from station.vision.mat_memory import MARKERS_NAME


def test_table_events_are_stamped_with_the_frame_s_capture_time_not_the_tick_s(tmp_path):
    """A busy loop gets round to a frame late: the card went down when the frame was taken."""
    config = load_config(None, plugins()).with_overrides({"station": {"state_dir": str(tmp_path)}})
    now = [0.0]
    lag = 0.4  # the frame was taken this long before the tick that judges it
    camera = VirtualCamera(demo_scene(0), width=1280, height=720, clock=lambda: now[0] - lag)
    events: list[dict] = []
    station = Station.from_config(config, Referee(config, Journal(journal_path(tmp_path)), games=plugins()), camera, open_display("none"),
                                  ScriptedButtons(), open_signals("none"), make_decoder(), table_log=events.extend,
                                  clock=lambda: now[0])
    for tick in (10.0, 10.2):
        now[0] = tick
        station.tick(tick)
    placed = [event for event in events if event["type"] == "placed"]
    assert len(placed) == 4 and {event["t"] for event in placed} == {10.0 - lag}


def test_a_restarted_station_reads_its_first_frame_warm_from_the_markers_its_last_run_kept(tmp_path):
    """The mat's markers are kept in the state folder: after a restart with the mat unmoved, the
    first frame reads them where they were (no search across the frame) and every card on it."""
    config = load_config(None, plugins()).with_overrides({"station": {"state_dir": str(tmp_path)}})

    def station() -> Station:
        camera = VirtualCamera(demo_scene(0), width=1280, height=720)
        return Station.from_config(config, Referee(config, Journal(journal_path(tmp_path)), games=plugins()), camera, open_display("none"),
                                   ScriptedButtons(), open_signals("none"), make_decoder())

    first = station()
    first.tick(1.0)
    assert (tmp_path / MARKERS_NAME).exists()
    restarted = station()
    observation = restarted.pipeline.observe(restarted.camera.read())
    assert observation.markers == "warm" and observation.table.markers_seen == 4 and len(observation.cards) == 4
