"""The systemd unit: systemd itself accepts it, and it says what the appliance relies on."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from station.systemd_notify import Notifier

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
UNIT = ROOT / "systemd" / "mathstation.service"


def parse_unit(text: str) -> dict[str, dict[str, list[str]]]:
    """Sections → key → every value given (DeviceAllow= and friends repeat), as systemd reads them."""
    sections: dict[str, dict[str, list[str]]] = {}
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], {})
            continue
        assert current is not None, f"{line!r} comes before any [section]"
        key, sep, value = line.partition("=")
        assert sep, f"not a KEY=VALUE line: {line!r}"
        current.setdefault(key.strip(), []).append(value.strip())
    return sections


@pytest.fixture(scope="module")
def unit() -> dict[str, dict[str, list[str]]]:
    return parse_unit(UNIT.read_text(encoding="utf-8"))


def one(unit: dict[str, dict[str, list[str]]], section: str, key: str) -> str:
    values = unit[section].get(key)
    assert values, f"[{section}] has no {key}="
    assert len(values) == 1, f"[{section}] sets {key}= {len(values)} times"
    return values[0]


def test_systemd_analyze_verify_finds_nothing_to_complain_about(tmp_path):
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed here (it comes with systemd)")
    # verify insists that ExecStart's program exists; /opt/mathstation is only there on an
    # installed Pi, so point it at a program that exists and keep the rest of the unit as is.
    text = UNIT.read_text(encoding="utf-8")
    real = "ExecStart=/opt/mathstation/venv/bin/mathstation "
    assert real in text
    copy = tmp_path / "mathstation.service"
    copy.write_text(text.replace(real, "ExecStart=/bin/true "), encoding="utf-8")

    result = subprocess.run([analyze, "verify", "--man=no", str(copy)], check=False, capture_output=True, text=True, timeout=60)

    assert result.returncode == 0, result.stderr
    assert result.stdout + result.stderr == ""


def test_systemd_analyze_would_catch_a_misspelt_key(tmp_path):
    """The check above is only worth something if verify speaks up about a broken unit."""
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed here (it comes with systemd)")
    text = UNIT.read_text(encoding="utf-8").replace("ExecStart=/opt/mathstation/venv/bin/mathstation ", "ExecStart=/bin/true ")
    copy = tmp_path / "mathstation.service"
    copy.write_text(text.replace("\nRestart=on-failure", "\nRestat=on-failure"), encoding="utf-8")
    result = subprocess.run([analyze, "verify", "--man=no", str(copy)], check=False, capture_output=True, text=True, timeout=60)
    assert "Restat" in result.stdout + result.stderr


def test_it_is_a_notify_service_with_a_watchdog(unit):
    assert one(unit, "Service", "Type") == "notify"
    assert one(unit, "Service", "NotifyAccess") == "main"
    assert one(unit, "Service", "WatchdogSec") == "30"


def test_the_daemon_pings_the_watchdog_well_before_it_runs_out(unit):
    """systemd hands WATCHDOG_USEC from WatchdogSec=; the daemon pings every half of it."""
    seconds = int(one(unit, "Service", "WatchdogSec"))
    interval = Notifier({"WATCHDOG_USEC": str(seconds * 1_000_000)}).watchdog_interval()
    assert interval is not None and interval <= seconds / 2


def test_a_crash_restarts_but_a_bad_config_does_not_loop(unit):
    assert one(unit, "Service", "Restart") == "on-failure"
    assert float(one(unit, "Service", "RestartSec")) > 0
    assert "78" in one(unit, "Service", "RestartPreventExitStatus").split()
    # The start limit belongs in [Unit]: systemd ignores it (with a warning) in [Service].
    assert int(one(unit, "Unit", "StartLimitBurst")) >= 3
    assert int(one(unit, "Unit", "StartLimitIntervalSec")) > 0
    assert "StartLimitBurst" not in unit["Service"]


def test_it_stops_with_sigterm_in_bounded_time(unit):
    assert one(unit, "Service", "KillSignal") == "SIGTERM"
    assert 0 < int(one(unit, "Service", "TimeoutStopSec")) <= 30


def test_it_runs_as_its_own_user_with_the_hardware_groups(unit):
    assert one(unit, "Service", "User") == "mathstation"
    assert one(unit, "Service", "Group") == "mathstation"
    assert {"gpio", "i2c", "video", "audio"} <= set(one(unit, "Service", "SupplementaryGroups").split())
    assert "DynamicUser" not in unit["Service"]  # the journal must keep one owner across boots


def test_it_runs_the_installed_console_script_on_the_configured_files(unit):
    program, *args = one(unit, "Service", "ExecStart").split()
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert program == "/opt/mathstation/venv/bin/" + next(iter(scripts))
    assert args[0] == "run"
    config = Path(args[args.index("--config") + 1])
    assert config.parent == Path("/etc") / one(unit, "Service", "ConfigurationDirectory")
    assert one(unit, "Service", "StateDirectory") == "mathstation"


def test_the_sandbox_still_lets_it_reach_camera_oled_and_gpio(unit):
    service = unit["Service"]
    assert one(unit, "Service", "DevicePolicy") == "closed"
    allowed = {value.split()[0] for value in service["DeviceAllow"]}
    # i2c: /dev/i2c-1 (OLED); gpiochip: lgpio's /dev/gpiochip*; the rest: libcamera / picamera2
    assert {"char-i2c", "char-gpiochip", "char-video4linux", "char-media", "char-dma_heap"} <= allowed
    assert "PrivateDevices" not in service  # it would hide every one of those nodes
    assert one(unit, "Service", "ProtectSystem") == "strict"
    assert "AF_UNIX" in one(unit, "Service", "RestrictAddressFamilies").split()  # sd_notify and the journal


def test_it_starts_on_boot_without_waiting_for_the_network(unit):
    assert one(unit, "Install", "WantedBy") == "multi-user.target"
    ordering = " ".join(unit["Unit"].get("After", []) + unit["Unit"].get("Wants", []))
    assert "network" not in ordering


def test_the_sandbox_lets_the_page_and_the_class_broker_reach_the_school_s_network_only(unit):
    """The teacher's page ([web]) and the class broker ([classroom]) are served and reached from
    the daemon: a private network namespace made both silently unreachable on an installed Pi
    (the page listened on a loopback nobody else could reach). Only this machine, link-local and
    the private ranges are allowed: children's names never leave the school's network."""
    service = unit["Service"]
    assert "PrivateNetwork" not in service
    families = set(one(unit, "Service", "RestrictAddressFamilies").split())
    assert {"AF_INET", "AF_INET6"} <= families and "AF_PACKET" not in families
    assert one(unit, "Service", "IPAddressDeny") == "any"
    allowed = set(one(unit, "Service", "IPAddressAllow").split())
    assert {"localhost", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"} <= allowed
    assert not allowed & {"any", "0.0.0.0/0", "::/0"}
    assert one(unit, "Service", "UMask") == "0077"
    assert one(unit, "Service", "MemoryDenyWriteExecute") == "yes"
    assert service["SystemCallFilter"] == ["@system-service", "~@privileged"]
    assert one(unit, "Service", "SystemCallErrorNumber") == "EPERM"  # a refused call fails, it does not kill


def test_a_speaker_and_the_kept_settings_are_allowed_by_the_sandbox(unit):
    """[sound] backend = "alsa" plays through /dev/snd (the audio group's), and the page's Settings
    and setup's Sound are written into the config's folder, which ProtectSystem=strict makes
    read-only unless it is named."""
    assert "audio" in one(unit, "Service", "SupplementaryGroups").split()
    assert "char-alsa" in {value.split()[0] for value in unit["Service"]["DeviceAllow"]}
    config = Path(one(unit, "Service", "ExecStart").split("--config")[1].split()[0])
    assert str(config.parent) in one(unit, "Service", "ReadWritePaths").split()
    installer = (ROOT / "firmware_config" / "install.sh").read_text(encoding="utf-8")
    assert "audio" in re.search(r"SERVICE_GROUPS=\((.*)\)", installer)[1].split()


def test_systemd_analyze_security_rates_the_exposure_well_below_3(tmp_path):
    """3.0 before the system-call filter, W^X memory and the closed umask; 0.7 with a private
    network too, 1.5 with the school's network allowed (the page and the class broker);
    docs/raspberry-pi.md states the figure."""
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed here (it comes with systemd)")
    copy = tmp_path / "mathstation.service"
    copy.write_text(UNIT.read_text(encoding="utf-8").replace("ExecStart=/opt/mathstation/venv/bin/mathstation ",
                                                             "ExecStart=/bin/true "), encoding="utf-8")
    result = subprocess.run([analyze, "security", "--offline=yes", "--no-pager", str(copy)], check=False,
                            capture_output=True, text=True, timeout=60)
    found = re.search(r"Overall exposure level for mathstation\.service: (\d+\.\d)", result.stdout)
    if found is None and "offline" in result.stderr:
        pytest.skip("this systemd-analyze cannot rate a unit file offline (systemd 250 or newer can)")
    assert found is not None, result.stdout[-500:] + result.stderr
    exposure = float(found[1])
    assert exposure <= 1.5
    stated = (ROOT / "docs" / "raspberry-pi.md").read_text(encoding="utf-8")
    assert f"rates its exposure {exposure}" in stated
