"""Values flow one way (frame → cards → table events → actions → events → screens), and the
packages say so: no module imports one a layer above it. Read from the source (every import,
also those inside functions), so a lazy import cannot hide a wrong arrow."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: package -> packages it must never import (the layers above it, or beside it where a lower
#: contract module exists for what they share).
FORBIDDEN = {
    "engine": ["station"],
    "station.printed": ["station.printables", "station.vision", "station.sim", "station.table", "station.ui",
                        "station.hardware", "station.games"],
    "station.hardware": ["station.sim", "station.vision", "station.table", "station.ui", "station.games",
                         "station.referee", "station.mainloop"],
    "station.printables": ["station.vision", "station.sim", "station.ui", "station.referee", "station.mainloop"],
    "station.vision": ["station.sim", "station.ui", "station.referee", "station.mainloop", "station.printables",
                       "station.hardware.display", "station.hardware.buttons", "station.hardware.signals"],
    "station.table": ["station.sim", "station.ui", "station.vision", "station.referee", "station.mainloop",
                      "station.hardware"],
    "station.ui": ["station.sim", "station.vision", "station.referee", "station.mainloop", "station.hardware.camera"],
}


def modules(package: str) -> list[Path]:
    folder = ROOT.joinpath(*package.split("."))
    return sorted(folder.rglob("*.py")) if folder.is_dir() else [folder.with_suffix(".py")]


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def under(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_no_import_runs_back_up_the_layers(package):
    wrong = [f"{path.relative_to(ROOT)} imports {name}"
             for path in modules(package) for name in sorted(imported(path))
             if any(under(name, banned) for banned in FORBIDDEN[package])]
    assert wrong == []


def test_the_checker_sees_imports_inside_functions(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from station.sim.virtual_table import Scene\n", encoding="utf-8")
    assert imported(sample) == {"station.sim.virtual_table"}
