"""scripts/bootstrap.sh's checks give the same answer every time.

The set-up asks ``ldconfig -p`` whether libzbar is there. With ``ldconfig -p | grep -q`` under
``set -o pipefail``, grep stopped at its first match, ldconfig died of SIGPIPE and the check said
"missing" when the library was there: a machine with a long library list re-ran apt-get (and
asked for sudo) on a whim. A fake ``ldconfig`` with thousands of libraries, the one we want near
the top, must get the same answer on every run.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOOTSTRAP = ROOT / "scripts" / "bootstrap.sh"
RUNS = 25


def fake_ldconfig(folder: Path, *, with_zbar: bool) -> dict[str, str]:
    """An environment whose ``ldconfig -p`` lists 10,000 libraries (about 800 KB, far more than a pipe holds), libzbar among the first."""
    folder.mkdir()
    listing = folder / "listing.txt"
    lines = [f"{10_003 if with_zbar else 10_002} libs found in cache `/etc/ld.so.cache'"]
    lines += ["\tlibaaa.so.1 (libc6,x86-64) => /lib/x86_64-linux-gnu/libaaa.so.1"]
    if with_zbar:
        lines += ["\tlibzbar.so.0 (libc6,x86-64) => /lib/x86_64-linux-gnu/libzbar.so.0"]
    lines += [f"\tlibfiller{n}.so.{n % 7} (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libfiller{n}.so.{n % 7}"
              for n in range(10_000)]
    listing.write_text("\n".join(lines) + "\n")
    script = folder / "ldconfig"
    script.write_text(f"#!/bin/sh\nexec cat '{listing}'\n")
    script.chmod(0o755)
    return {**os.environ, "PATH": f"{folder}{os.pathsep}{os.environ['PATH']}"}


def check(env: dict[str, str]) -> tuple[int, str]:
    done = subprocess.run(["bash", str(BOOTSTRAP), "--check"], env=env, capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout


@pytest.mark.skipif(os.uname().sysname == "Darwin", reason="macOS has no ldconfig: zbar is looked for by path")
@pytest.mark.parametrize("with_zbar", [True, False])
def test_the_libzbar_check_gives_the_same_answer_every_time_with_a_long_library_list(tmp_path, with_zbar):
    env = fake_ldconfig(tmp_path / "bin", with_zbar=with_zbar)
    answers = [check(env) for _ in range(RUNS)]
    said_missing = ["libzbar0" in out for _, out in answers]
    assert said_missing == [not with_zbar] * RUNS
    assert len(set(answers)) == 1  # and the whole answer (exit code, other packages) never changes


def test_check_changes_nothing_and_a_wrong_option_is_refused(tmp_path):
    venv = ROOT / ".venv"
    stamp = venv / ".mathstation-installed"
    before = stamp.read_bytes() if stamp.exists() else None
    code, out = check(dict(os.environ))
    assert code in (0, 1) and out.startswith(("nothing missing", "missing: "))
    assert (stamp.read_bytes() if stamp.exists() else None) == before
    wrong = subprocess.run(["bash", str(BOOTSTRAP), "--chek"], capture_output=True, text=True, timeout=60)
    assert wrong.returncode == 2 and "unknown option --chek" in wrong.stderr


@pytest.mark.skipif(os.uname().sysname == "Darwin", reason="the browser the tests drive is installed on Linux only")
def test_the_demo_s_set_up_leaves_out_the_browser_only_the_tests_need(tmp_path):
    """A machine without Chromium: the tests' set-up wants it and its driver, the demo's does not."""
    env = fake_ldconfig(tmp_path / "bin", with_zbar=True)
    tools = tmp_path / "bin"
    for name in ("uname", "cat"):
        (tools / name).symlink_to(subprocess.run(["which", name], capture_output=True, text=True).stdout.strip())
    python = subprocess.run(["python3", "-c", "import sys; print(sys.executable)"], capture_output=True, text=True)
    (tools / "python3").symlink_to(python.stdout.strip())     # the interpreter itself, not a shim
    env["PATH"] = str(tools)                                   # no chromium, no chromedriver on this PATH
    if subprocess.run(["/bin/bash", "-c", "python3 -c 'import venv, ensurepip'"], env=env).returncode != 0:
        pytest.skip("this python3 has no venv module")
    voiceless = subprocess.run(["/bin/bash", str(BOOTSTRAP), "--check", "--without-tests"], env=env,
                               capture_output=True, text=True, timeout=60)
    assert (voiceless.returncode, voiceless.stdout) == (1, "missing: espeak-ng alsa-utils\n")  # the station's voice
    for name in ("espeak-ng", "aplay"):
        found = shutil.which(name)
        if found is None:
            pytest.skip(f"{name} is not installed here")
        (tools / name).symlink_to(found)
    tests = subprocess.run(["/bin/bash", str(BOOTSTRAP), "--check"], env=env, capture_output=True, text=True,
                           timeout=60)
    assert (tests.returncode, tests.stdout) == (1, "missing: chromium chromium-driver\n")
    demo = subprocess.run(["/bin/bash", str(BOOTSTRAP), "--check", "--without-tests"], env=env, capture_output=True,
                          text=True, timeout=60)
    assert (demo.returncode, demo.stdout) == (0, "nothing missing\n")
    assert 'scripts/bootstrap.sh" --without-tests' in (ROOT / "scripts" / "demo.sh").read_text()
    assert 'scripts/bootstrap.sh"\n' in (ROOT / "scripts" / "test.sh").read_text()      # the tests keep theirs
