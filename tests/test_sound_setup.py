"""Setup's Sound and Volume rows, on a station with a speaker: the speaker changes, the game does not."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from screen_helpers import unreadable
from station.config import StationConfig, load_config
from station.games import plugins
from station.hardware.audio import read_index
from station.hardware.buttons import Press, ScriptedButtons
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


# ---- the choice outlives a restart ---------------------------------------------------------------

STATION_TOML = """\
[station]
game = "sum"
state_dir = "{state}"
[camera]
source = "virtual"
width = 320
height = 180
[display]
backend = "dummy"
[buttons]
backend = "none"
[signals]
backend = "none"

[sound]   # the classroom's speaker
backend = "files"
folder = "{sounds}"
volume = 80   # the teacher's own comment stays
"""


class StationRun:
    """One start of the real daemon's station (its ``_build``: config, voice, setup's rows, the
    loop) on a config file and state folder; the buttons are scripted (hardware), the speaker is
    the files backend. ``close`` is the daemon's stop: a power cut keeps only what is on disk."""

    def __init__(self, config: StationConfig) -> None:
        from station.daemon import Daemon
        from station.paths import journal_path
        from station.store import Journal
        from station.systemd_notify import Notifier
        from station.vision.decode import make_decoder

        self.now = 0.0
        self.journal = Journal(journal_path(config.state_dir()))
        self.station = Daemon(config, Notifier(), clock=lambda: self.now)._build(self.journal, make_decoder())
        self.station.buttons = self.buttons = ScriptedButtons()
        self.station.resume(self.now)
        self.to_setup()

    def to_setup(self) -> None:
        """The menu's first game's setup; a game being played (the one before a restart) ends first
        (long BACK, "Yes, end it")."""
        if self.station.referee.game is not None:
            self.press("back", long=True)
            self.press("select", "confirm")
        self.press("confirm")

    def press(self, *buttons: str, long: bool = False) -> None:
        for button in buttons:
            self.buttons.press(button, long=long)
            self.now += 1.0
            self.station.tick(self.now)

    def rows(self) -> dict[str, str]:
        view = self.station.referee.screen(self.now)
        assert isinstance(view, SetupView)
        return dict(view.rows)

    def to_row(self, label: str) -> None:
        c = self.station.referee.controller
        for _ in range(len(c.setup) + 1):
            if c.setup_row < len(c.setup) and c.setup[c.setup_row].label == label:
                return
            self.press("select")
        raise AssertionError(f"no {label} row")

    def start_and_hear(self) -> dict[str, object] | None:
        """Start the game and try to end the first turn before drawing: the speaker's "wrong"
        (SUM: "Draw first") is the line heard, as the station played it (None: nothing heard)."""
        c = self.station.referee.controller
        while c.setup_row != len(c.setup):
            self.press("select")
        self.press("confirm")
        self.press("spare", "select", "select", "select", "confirm")  # SPARE's menu: End my turn
        self.station.voice.wait_ready()
        heard = read_index(self.station.voice.audio.folder)
        return heard[-1] if heard else None

    def close(self) -> None:
        self.station.voice.close()
        self.journal.close()


def sound_at(folder: Path, heard: dict[str, object], volume: int) -> bool:
    """The heard clip starts with SUM's "wrong" sound at ``volume`` percent, sample for sample."""
    from station.hardware.audio import Clip
    from station.speech.sounds import sound

    wanted = sound("wrong").at_volume(volume).samples
    played = Clip.from_wav((folder / str(heard["file"])).read_bytes()).samples
    return played[:len(wanted)] == wanted


@pytest.fixture
def config_file(tmp_path: Path) -> Path:
    path = tmp_path / "station.toml"
    path.write_text(STATION_TOML.format(state=tmp_path / "state", sounds=tmp_path / "sounds"), encoding="utf-8")
    return path


pytestmark_speech = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")


@pytestmark_speech
def test_setup_s_beeps_only_and_volume_outlive_a_restart(config_file: Path, tmp_path: Path) -> None:
    first = StationRun(load_config(config_file, plugins()))
    assert first.rows()["Sound"] == "voice" and first.rows()["Volume"] == "80%"
    first.to_row("Sound")
    first.press("confirm")  # voice -> beeps only
    first.to_row("Volume")
    first.press("spare")  # 80% -> 60%
    heard = first.start_and_hear()
    assert heard is not None and heard["kind"] == "wrong" and heard["words"] == "" and sound_at(tmp_path / "sounds", heard, 60)
    first.close()

    again = StationRun(load_config(config_file, plugins()))  # a restart: the same file, the same state folder
    assert again.rows()["Sound"] == "beeps only" and again.rows()["Volume"] == "60%"
    heard = again.start_and_hear()
    assert heard is not None and heard["kind"] == "wrong" and heard["words"] == "", "still beeps only: no words"
    assert sound_at(tmp_path / "sounds", heard, 60), "still at 60%"
    again.close()
    text = config_file.read_text(encoding="utf-8")
    assert "quiet = true" in text and "volume = 60   # the teacher's own comment stays" in text
    assert "[sound]   # the classroom's speaker" in text


@pytestmark_speech
def test_setup_s_sound_off_outlives_a_restart_and_on_again_comes_back_as_it_was(config_file: Path,
                                                                                tmp_path: Path) -> None:
    first = StationRun(load_config(config_file, plugins()))
    first.to_row("Sound")
    first.press("confirm", "confirm")  # voice -> beeps only -> off
    assert first.start_and_hear() is None, "off: nothing from the speaker"
    first.close()

    again = StationRun(load_config(config_file, plugins()))
    assert again.rows()["Sound"] == "off" and again.rows()["Volume"] == "80%"
    assert again.start_and_hear() is None, "still off after the restart"
    again.close()
    assert "muted = true" in config_file.read_text(encoding="utf-8")

    on = StationRun(load_config(config_file, plugins()))
    on.to_row("Sound")
    on.press("confirm")  # off -> voice
    heard = on.start_and_hear()
    on.close()
    assert heard is not None and heard["words"] and sound_at(tmp_path / "sounds", heard, 80)
    config = load_config(config_file, plugins())["sound"]
    assert (config["muted"], config["quiet"], config["volume"]) == (False, False, 80)


@pytestmark_speech
def test_without_a_config_file_to_write_the_choice_is_kept_in_the_state_folder(tmp_path: Path,
                                                                                caplog: pytest.LogCaptureFixture) -> None:
    """A station started on its defaults (no file), as an installed Pi whose /etc is read-only for
    the service: the choice holds, the log says why once, and the next start plays it."""
    config = load_config(None, plugins()).with_overrides({
        "station": {"game": "sum", "state_dir": str(tmp_path / "state")},
        "camera": {"source": "virtual", "width": 320, "height": 180}, "display": {"backend": "dummy"},
        "buttons": {"backend": "none"}, "signals": {"backend": "none"},
        "sound": {"backend": "files", "folder": str(tmp_path / "sounds")}})
    first = StationRun(config)
    first.to_row("Volume")
    first.press("spare", "spare")  # 80% -> 40%
    first.start_and_hear()
    first.to_setup()  # a second game, and a second choice
    first.to_row("Volume")
    first.press("confirm")  # 40% -> 60%
    first.start_and_hear()
    first.close()
    told = [r for r in caplog.records if "not written to the config" in r.getMessage()]
    assert len(told) == 1 and "speaker.json" in told[0].getMessage()
    shown = [o.kind for o in first.station.referee.controller.overlays]
    assert shown == ["verdict"], "no note on the OLED (only \"Draw first\"): the children hear it as chosen"

    again = StationRun(config)
    assert again.rows()["Sound"] == "voice" and again.rows()["Volume"] == "60%"
    heard = again.start_and_hear()
    again.close()
    assert heard is not None and heard["words"] and sound_at(tmp_path / "sounds", heard, 60)


def test_a_teacher_s_later_edit_of_the_file_wins_over_an_older_copy(config_file: Path, tmp_path: Path) -> None:
    """The file could not take setup's choice (it was gone); put back as it was, the copy holds;
    changed by the teacher since, the file's word is the newer one."""
    from station.speaker_memory import SpeakerMemory

    text = config_file.read_text(encoding="utf-8")
    memory = SpeakerMemory(load_config(config_file, plugins()))
    assert memory.recall() == Speaker("on", 80)
    config_file.unlink()
    memory.keep(Speaker("quiet", 40))
    assert (tmp_path / "state" / "speaker.json").exists()
    config_file.write_text(text, encoding="utf-8")
    assert SpeakerMemory(load_config(config_file, plugins())).recall() == Speaker("quiet", 40)
    config_file.write_text(text.replace("volume = 80", "volume = 100"), encoding="utf-8")
    assert SpeakerMemory(load_config(config_file, plugins())).recall() == Speaker("on", 100)


def test_setup_s_sound_row_leaves_the_volume_the_teacher_saved_on_the_page_since(config_file: Path) -> None:
    """Setup writes only what it changed: a volume the teacher saved on the page after the start
    (for the next one) was put back to the start's 80 when a child then chose "beeps only"."""
    from station.config_edit import edit_config
    from station.speaker_memory import SpeakerMemory

    memory = SpeakerMemory(load_config(config_file, plugins()))
    assert memory.recall() == Speaker("on", 80)
    edit_config(config_file, {("sound", "volume"): 40}, plugins())   # the teacher's page
    memory.keep(Speaker("quiet", 80))                                 # setup's Sound row, volume untouched
    sound = load_config(config_file, plugins())["sound"]
    assert (sound["quiet"], sound["volume"]) == (True, 40)


def test_a_damaged_copy_in_the_state_folder_starts_the_speaker_as_the_config_says(config_file: Path,
                                                                                   tmp_path: Path) -> None:
    from station.speaker_memory import SpeakerMemory

    (tmp_path / "state").mkdir()
    for damaged in ('{"mode": "loud", "volume": 60}', '{"mode": "quiet", "volume": 900}', "{not json", "[]"):
        (tmp_path / "state" / "speaker.json").write_text(damaged, encoding="utf-8")
        assert SpeakerMemory(load_config(config_file, plugins())).recall() == Speaker("on", 80)


def test_a_file_broken_by_hand_since_the_start_is_left_as_it_is_and_the_choice_kept_aside(
        config_file: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    from station.speaker_memory import SpeakerMemory

    memory = SpeakerMemory(load_config(config_file, plugins()))
    memory.recall()
    broken = config_file.read_text(encoding="utf-8") + "[web]\nport = 80\n"
    config_file.write_text(broken, encoding="utf-8")
    memory.keep(Speaker("quiet", 60))
    memory.keep(Speaker("quiet", 40))
    assert config_file.read_text(encoding="utf-8") == broken
    told = [r.getMessage() for r in caplog.records if "not written to the config" in r.getMessage()]
    assert len(told) == 1 and "[web] port: must be a whole number from 1024 to 65535" in told[0]
    fixed = broken.replace("port = 80", "port = 8080")
    config_file.write_text(fixed, encoding="utf-8")
    assert SpeakerMemory(load_config(config_file, plugins())).recall() == Speaker("quiet", 40)
