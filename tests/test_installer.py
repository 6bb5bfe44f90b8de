"""The Raspberry Pi installer, through its dry run: what it plans, what it leaves alone, when it refuses.

A dry run changes nothing, so these tests run on any machine; ``--prefix`` points it at a folder
that stands in for the Pi's root file system (its boot config, /etc).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
INSTALLER = ROOT / "firmware_config" / "install.sh"
UNIT = ROOT / "systemd" / "mathstation.service"
APT_PACKAGES = ("python3-picamera2", "python3-opencv", "python3-venv", "libzbar0", "python3-lgpio", "i2c-tools",
                "python3-flask", "python3-flaskext.wtf", "python3-limits", "python3-babel", "espeak-ng",
                "alsa-utils", "python3-tomli-w",
                "python3-paho-mqtt")

# The boot config a fresh Raspberry Pi OS Bookworm image ships (abridged): I2C commented out.
FRESH_BOOT_CONFIG = """\
# For more options and information see
# http://rptl.io/configtxt
#dtparam=i2c_arm=on
#dtparam=spi=on

# Enable audio (loads snd_bcm2835)
dtparam=audio=on

# Automatically load overlays for detected cameras
camera_auto_detect=1

[cm4]
otg_mode=1

[all]
"""


def on_a_pi() -> bool:
    try:
        return b"Raspberry Pi" in Path("/proc/device-tree/model").read_bytes()
    except OSError:
        return False


def install(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(INSTALLER), *args], check=False, capture_output=True, text=True, timeout=120, cwd=ROOT)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() if p.is_file() else b"" for p in sorted(folder.rglob("*"))}


def test_the_installer_is_an_executable_bash_script_without_syntax_errors():
    assert os.access(INSTALLER, os.X_OK), "sudo firmware_config/install.sh needs the executable bit (chmod +x)"
    result = subprocess.run(["bash", "-n", str(INSTALLER)], check=False, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_shellcheck_finds_nothing():
    if shutil.which("shellcheck") is None:
        pytest.skip("shellcheck is not installed (apt install shellcheck)")
    result = subprocess.run(["shellcheck", str(INSTALLER)], check=False, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


def test_on_a_machine_that_is_not_a_pi_it_refuses_and_says_how_to_override():
    if on_a_pi():
        pytest.skip("this machine is a Raspberry Pi")
    result = install("--dry-run")
    assert result.returncode != 0
    assert result.stdout == ""  # refused before planning anything
    (line,) = result.stderr.strip().splitlines()
    assert "not a Raspberry Pi" in line and "--force" in line


def test_an_unknown_option_is_a_usage_error():
    result = install("--dry-run", "--force", "--reboot-now")
    assert result.returncode == 2
    (line,) = result.stderr.strip().splitlines()
    assert "--reboot-now" in line


def test_a_dry_run_plans_every_step_and_writes_nothing(tmp_path):
    result = install("--dry-run", "--force", "--prefix", str(tmp_path))

    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert f"→ creating the virtual environment {tmp_path}/opt/mathstation/venv" in out
    assert "pip install" in out and str(ROOT) in out
    assert f"→ copying the default config to {tmp_path}/etc/mathstation/station.toml" in out
    assert f"→ installing the service unit to {tmp_path}/etc/systemd/system/mathstation.service" in out
    assert "enabling the service" in out
    assert "Dry run: nothing was changed." in out
    assert list(tmp_path.iterdir()) == []


def test_a_dry_run_on_the_system_lists_the_apt_packages_and_the_real_paths():
    watched = [Path("/opt/mathstation"), Path("/etc/mathstation"), Path("/etc/systemd/system/mathstation.service")]
    existed = {path: path.exists() for path in watched}

    result = install("--dry-run", "--force")

    assert result.returncode == 0, result.stderr
    out = result.stdout
    for package in APT_PACKAGES:
        assert package in out
    assert "/etc/systemd/system/mathstation.service" in out
    assert "user mathstation" in out
    assert {path: path.exists() for path in watched} == existed


def test_the_venv_it_installs_into_is_the_one_the_service_runs(tmp_path):
    exec_start = next(line for line in UNIT.read_text().splitlines() if line.startswith("ExecStart="))
    program = exec_start.removeprefix("ExecStart=").split()[0]
    out = install("--dry-run", "--force", "--prefix", str(tmp_path)).stdout
    venv = str(Path(program).parent.parent)
    assert f"virtual environment {tmp_path}{venv}\n" in out


def test_missing_boot_settings_are_added_with_a_backup_and_a_reboot(tmp_path):
    boot = tmp_path / "boot" / "firmware" / "config.txt"
    boot.parent.mkdir(parents=True)
    boot.write_text(FRESH_BOOT_CONFIG)
    before = snapshot(tmp_path)

    out = install("--dry-run", "--force", "--prefix", str(tmp_path)).stdout

    (adding,) = [line for line in out.splitlines() if line.startswith(f"→ adding to {boot}:")]
    assert "dtparam=i2c_arm=on" in adding  # commented out in the file: not set
    assert "camera_auto_detect" not in adding  # already set: not added twice
    assert "backup:" in adding
    assert "reboot needed" in out
    assert snapshot(tmp_path) == before


def test_the_old_boot_config_path_is_used_when_there_is_no_firmware_folder(tmp_path):
    boot = tmp_path / "boot" / "config.txt"
    boot.parent.mkdir(parents=True)
    boot.write_text("dtparam=i2c_arm=on,i2c_arm_baudrate=400000\ncamera_auto_detect=1\n")
    out = install("--dry-run", "--force", "--prefix", str(tmp_path)).stdout
    assert f"✓ boot config has I2C and the camera on ({boot})" in out
    assert "reboot needed" not in out


def test_a_setting_chosen_differently_is_reported_not_overwritten(tmp_path):
    boot = tmp_path / "boot" / "firmware" / "config.txt"
    boot.parent.mkdir(parents=True)
    boot.write_text("dtparam=audio=on\ncamera_auto_detect=0\ndtoverlay=imx219\n")

    out = install("--dry-run", "--force", "--prefix", str(tmp_path)).stdout

    assert any(line.startswith("! ") and "camera_auto_detect=0" in line for line in out.splitlines())
    (adding,) = [line for line in out.splitlines() if line.startswith("→ adding to")]
    assert "camera_auto_detect" not in adding
    assert "dtparam=i2c_arm=on" in adding


def test_a_teachers_config_is_kept_and_an_unchanged_unit_is_left_alone(tmp_path):
    config = tmp_path / "etc" / "mathstation" / "station.toml"
    config.parent.mkdir(parents=True)
    config.write_text('[display]\nbackend = "sh1106"\n')
    unit = tmp_path / "etc" / "systemd" / "system" / "mathstation.service"
    unit.parent.mkdir(parents=True)
    shutil.copy(UNIT, unit)

    out = install("--dry-run", "--force", "--prefix", str(tmp_path)).stdout

    assert f"✓ config kept: {config}" in out
    assert "copying the default config" not in out
    assert f"✓ service unit up to date ({unit})" in out
    assert config.read_text() == '[display]\nbackend = "sh1106"\n'


# ---- apt on a system without the Raspberry Pi repository; no systemd ------------------------------

RPI_ONLY = ("python3-picamera2", "python3-lgpio")


def fake_apt(folder: Path, known: tuple[str, ...]) -> dict[str, str]:
    """``dpkg-query`` says nothing is installed; ``apt-cache policy`` knows only ``known``."""
    folder.mkdir()
    (folder / "dpkg-query").write_text("#!/bin/sh\nexit 1\n")
    cases = "".join(f'    {name}) printf "%s:\\n  Installed: (none)\\n  Candidate: 1.0-1\\n" "$2" ;;\n' for name in known)
    (folder / "apt-cache").write_text(f'#!/bin/sh\n[ "$1" = policy ] || exit 1\ncase "$2" in\n{cases}'
                                      '    *) echo "N: Unable to locate package $2" >&2 ;;\nesac\n')
    for tool in ("dpkg-query", "apt-cache"):
        (folder / tool).chmod(0o755)
    return {**os.environ, "PATH": f"{folder}{os.pathsep}{os.environ['PATH']}"}


def test_without_the_raspberry_pi_repository_it_names_the_two_packages_from_it_and_what_to_do(tmp_path):
    env = fake_apt(tmp_path / "bin", known=tuple(p for p in APT_PACKAGES if p not in RPI_ONLY))
    result = subprocess.run([str(INSTALLER), "--dry-run", "--force"], check=False, capture_output=True, text=True,
                            timeout=120, cwd=ROOT, env=env)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    (install_line,) = [line for line in lines if "would run: apt-get install" in line]
    assert install_line.split("--no-install-recommends ")[1].split() == [p for p in APT_PACKAGES if p not in RPI_ONLY]
    (told,) = [line for line in lines if "Raspberry Pi repository" in line]
    assert told.startswith("! python3-picamera2 python3-lgpio come only from the Raspberry Pi repository")
    assert "Raspberry Pi OS" in told and "(the others would be installed)" in told
    assert "could not install" not in result.stdout + result.stderr


def test_when_apt_knows_no_package_yet_the_dry_run_says_its_lists_are_empty(tmp_path):
    env = fake_apt(tmp_path / "bin", known=())
    out = subprocess.run([str(INSTALLER), "--dry-run", "--force"], check=False, capture_output=True, text=True,
                         timeout=120, cwd=ROOT, env=env).stdout
    assert "its package lists are empty or old" in out
    assert "Raspberry Pi repository" not in out  # it cannot tell yet: apt-get update will


def test_a_dry_run_without_systemd_warns_that_a_real_install_stops_there(tmp_path):
    bin_dir = tmp_path / "bin"  # every command this system has, but systemctl
    bin_dir.mkdir()
    for folder in ("/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"):
        for tool in Path(folder).iterdir() if Path(folder).is_dir() else ():
            if tool.name != "systemctl" and not (bin_dir / tool.name).exists():
                (bin_dir / tool.name).symlink_to(tool)
    result = subprocess.run([str(INSTALLER), "--dry-run", "--force", "--prefix", str(tmp_path / "root")], check=False,
                            capture_output=True, text=True, timeout=120, cwd=ROOT, env={**os.environ, "PATH": str(bin_dir)})
    assert result.returncode == 0, result.stderr
    assert "! systemctl not found: the station runs as a systemd service, so a real install stops here" in result.stdout
    assert not (tmp_path / "root").exists()


def test_with_broker_it_installs_mosquitto_and_uses_what_broker_setup_wrote(tmp_path):
    """Dry runs: what --broker plans with and without `mathstation broker setup`'s files."""
    planned = install("--dry-run", "--force", "--broker")
    assert planned.returncode == 0, planned.stderr
    assert "mosquitto" in planned.stdout and "mathstation broker setup --class" in planned.stdout
    written = tmp_path / "etc" / "mosquitto" / "mathstation"
    written.mkdir(parents=True)
    (written / "mathstation.conf").write_text("allow_anonymous false\n")
    planned = install("--dry-run", "--force", "--broker", "--prefix", str(tmp_path))
    assert planned.returncode == 0, planned.stderr
    assert f"→ configuring Mosquitto for the class: {tmp_path}/etc/mosquitto/conf.d/mathstation.conf" in planned.stdout
    assert f"install -D -m 0644 {written}/mathstation.conf {tmp_path}/etc/mosquitto/conf.d/mathstation.conf" in planned.stdout
    (tmp_path / "etc" / "mosquitto" / "conf.d").mkdir()
    (tmp_path / "etc" / "mosquitto" / "conf.d" / "mathstation.conf").write_text("allow_anonymous false\n")
    assert "✓ broker configured" in install("--dry-run", "--force", "--broker", "--prefix", str(tmp_path)).stdout
