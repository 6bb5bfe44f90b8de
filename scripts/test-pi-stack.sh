#!/usr/bin/env bash
# The camera's tests on the Raspberry Pi's own stack: Debian's python3-opencv and python3-numpy
# (the versions Raspberry Pi OS Bookworm ships: OpenCV 4.6, numpy 1.24) instead of pip's OpenCV,
# and the classroom's link on Debian's python3-paho-mqtt (1.6, where pip gives 2.x).
# The vision, table, calibration, camera and whole-station scenario tests run, then the vision
# benchmark's quick mode. Its own venv, .venv-pi, made by Debian's /usr/bin/python3 with the
# system's site packages, and the project installed without the `laptop` extra, so no pip OpenCV
# shadows apt's. Installs the apt packages when they are missing. Extra args go to pytest.
#   scripts/test-pi-stack.sh                 the tests and the benchmark (a few minutes on 2 cores)
#   scripts/test-pi-stack.sh -k markers      some of the tests, no benchmark
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"  # the test files below are globs from here
VENV="$ROOT/.venv-pi"
PYTHON=/usr/bin/python3  # Debian's own: the apt packages are built for it (a pyenv python3 cannot see them)
APT_PACKAGES=(python3 python3-venv python3-opencv python3-numpy libzbar0 python3-paho-mqtt mosquitto)
TESTS=(
    tests/test_vision_*.py tests/test_mats.py tests/test_calibrate.py tests/test_calibrate_picture.py
    tests/test_camera.py tests/test_camera_mount.py tests/test_virtual_table.py tests/test_cli_vision_live.py
    tests/test_table_*.py tests/test_lattice_snap.py tests/test_big_bang_lattice.py
    tests/test_scenarios.py tests/test_sum_scenarios.py tests/test_whos_counting_scenarios.py
    tests/test_big_bang_station.py tests/test_math_rush_station.py tests/test_math_wars_station.py
    tests/test_daemon.py tests/test_mainloop.py
    tests/test_classroom_link.py tests/test_classroom_teacher.py tests/test_broker_setup.py
)

say() { printf '[pi-stack] %s\n' "$*" >&2; }
die() { printf '[pi-stack] error: %s\n' "$*" >&2; exit 1; }
# as_root and apt_install
# shellcheck source=scripts/apt-packages.sh
source "$ROOT/scripts/apt-packages.sh"

command -v apt-get >/dev/null 2>&1 || die "no apt-get here: the Pi's stack is Debian's packages (run this on Debian 12 or Raspberry Pi OS Bookworm)"
missing=()
for package in "${APT_PACKAGES[@]}"; do
    [ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)" = "install ok installed" ] || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
    say "installing system packages: ${missing[*]}"
    apt_install "${missing[@]}" || die "apt-get could not install: ${missing[*]}"
fi

if ! [ -x "$VENV/bin/python" ]; then
    say "creating virtual environment in .venv-pi (Debian's Python, with its site packages)"
    "$PYTHON" -m venv --system-site-packages "$VENV"
fi
stamp="$VENV/.mathstation-installed"
want_sum="$(cksum < "$ROOT/pyproject.toml")"
if [ "$(cat "$stamp" 2>/dev/null || true)" != "$want_sum" ]; then
    say "installing Math Card Station into .venv-pi (extras: test; OpenCV and numpy from apt)"
    log="$VENV/pip-install.log"
    "$VENV/bin/python" -m pip install --disable-pip-version-check -e "$ROOT[test]" >"$log" 2>&1 \
        || { tail -n 30 "$log" >&2; die "pip install failed (full log: $log)"; }
    printf '%s' "$want_sum" > "$stamp"
fi

# The point of this run: OpenCV and numpy must be apt's, not a wheel that pip brought in beside them.
versions="$("$VENV/bin/python" - <<'EOF'
import sys
import cv2, numpy
import paho.mqtt
for name, module in (("OpenCV", cv2), ("numpy", numpy), ("paho-mqtt", paho.mqtt)):
    if not module.__file__.startswith("/usr/lib/python3/"):
        sys.exit(f"{name} {module.__version__} comes from {module.__file__}, not from apt: something pip installed shadows it")
print(f"OpenCV {cv2.__version__}, numpy {numpy.__version__}, paho-mqtt {paho.mqtt.__version__}, "
      f"Python {sys.version.split()[0]}")
EOF
)" || die "$versions"
say "testing on Debian's stack: $versions"

start=$SECONDS
"$VENV/bin/python" -m pytest -q -p no:cacheprovider "${TESTS[@]}" "$@"
if [ "$#" -eq 0 ]; then
    say "the vision benchmark, quick mode"
    nice -n 10 "$VENV/bin/python" bench/vision.py --quick
fi
say "done on $versions in $((SECONDS - start)) s"
