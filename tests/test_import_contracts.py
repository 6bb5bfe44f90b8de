"""The layers are contracts that fail the build (pyproject.toml's [tool.importlinter], run by
scripts/test.sh): the shipped code keeps them, and an import planted against them is caught."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT = Path(sys.executable).with_name("lint-imports")

pytestmark = pytest.mark.skipif(not LINT.exists(), reason="import-linter is not installed (pip install -e '.[test]')")


def lint(root: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on the packages under ``root``, read from there (not the installed copy)."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run([str(LINT), "--no-cache", "--config", str(root / "pyproject.toml")], cwd=root, env=env,
                          capture_output=True, text=True, timeout=300)


def copy_of_the_code(tmp_path: Path) -> Path:
    for package in ("engine", "station"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def plant(module: Path, line: str) -> None:
    module.write_text(module.read_text(encoding="utf-8") + f"\n\ndef _planted() -> None:\n    {line}\n",
                      encoding="utf-8")


def test_the_shipped_code_keeps_every_contract():
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(("module", "line", "contract"), [
    ("engine/numbers.py", "import station.ui.views", "The engine is pure"),
    ("station/table/mat.py", "from station.games import plugin", "The shared rooms import no game"),
    ("station/ui/controller.py", "import station.games.sum.screens", "The shared rooms import no game"),
    ("station/hardware/camera.py", "import station.sim.virtual_table", "Hardware imports nothing"),
    ("station/referee.py", "from station.games import plugins", "Handed their games"),
    ("station/config.py", "from station.games import plugins", "Handed their games"),
    ("station/web/board.py", "from station.games import plugin", "Handed their games"),
    ("station/ui/controller.py", "import station.referee", "Screens import no referee"),
    ("station/vision/track.py", "import station.printables.sheets", "Vision imports no printing"),
    ("station/games/sum/plugin.py", "import station.games.math_wars.table", "Games are independent"),
])
def test_an_import_back_up_the_layers_fails_the_check_and_names_it(tmp_path, module, line, contract):
    root = copy_of_the_code(tmp_path)
    plant(root / module, line)  # inside a function: a lazy import hides nothing
    result = lint(root)
    assert result.returncode != 0
    assert f"{contract}" in result.stdout and "BROKEN" in result.stdout
    assert module.removesuffix(".py").replace("/", ".") in result.stdout  # the report names the importer
