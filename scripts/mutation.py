#!/usr/bin/env python3
"""Mutation testing of the modules where a bug changes a verdict (docs/testing.md).

For each module listed in scripts/mutation.toml, mutmut plants one small change at a time and
runs the module's fast tests against it (only the tests that run the changed function). This
prints the score per module (killed / mutants, less those written down as equivalent), lists
every survivor with its diff, writes both to .mutation/report.md and .mutation/scores.json, and
exits 1 when a module is under its bar.

    .venv/bin/python scripts/mutation.py                      # every module (long: run it niced)
    .venv/bin/python scripts/mutation.py engine/payload.py    # one module
    .venv/bin/python scripts/mutation.py --changed main       # modules whose code or tests changed since main

Each module runs in its own folder under .mutation/ (mutmut works in the current folder and
reads its settings from pyproject.toml there), so modules have their own test selection and a
module can be run again alone.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "scripts" / "mutation.toml"
WORK = ROOT / ".mutation"
LINKED = ("engine", "station", "tests", "scenarios")  # what a module's tests may read, by ROOT-relative path
KILLED = {1, 3, 36, 37, -24, 24, 152, 255}  # mutmut's exit codes for killed, timed out, caught by type check
SURVIVED = 0
NO_TESTS = {5, 33}


@dataclass
class Result:
    module: str
    bar: int
    killed: int = 0
    survivors: list[dict[str, str]] = field(default_factory=list)
    equivalent: list[dict[str, str]] = field(default_factory=list)
    seconds: float = 0.0
    problem: str = ""

    @property
    def counted(self) -> int:
        return self.killed + len(self.survivors)

    @property
    def score(self) -> float:
        return 100.0 * self.killed / self.counted if self.counted else 100.0

    @property
    def passes(self) -> bool:
        return not self.problem and self.score >= self.bar


def load_config() -> dict:
    return tomllib.loads(CONFIG.read_text(encoding="utf-8"))


def bar_of(module: str, config: dict) -> int:
    return int(config["bars"][module.split("/", 1)[0]])


def changed_modules(base: str, config: dict) -> list[str]:
    """Modules whose source or listed tests differ from ``base`` (committed or not)."""
    names = subprocess.run(["git", "diff", "--name-only", base], cwd=ROOT, check=True, capture_output=True,
                           text=True).stdout.split()
    names += subprocess.run(["git", "ls-files", "--others", "--exclude-standard"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.split()
    changed = set(names)
    if "scripts/mutation.toml" in changed:
        return list(config["modules"])
    return [m for m, tests in config["modules"].items() if m in changed or changed & set(tests) or
            "tests/conftest.py" in changed]


def prepare(module: str, tests: list[str]) -> Path:
    """A fresh folder for one module: links to the code and a pyproject.toml with mutmut's settings."""
    folder = WORK / module.replace("/", ".").removesuffix(".py")
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for name in LINKED:
        (folder / name).symlink_to(ROOT / name)
    present = [t for t in tests if (ROOT / t).exists()]
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    settings = {
        "source_paths": ["engine/", "station/"],
        "only_mutate": [module],
        "also_copy": ["scenarios/"],
        "pytest_add_cli_args_test_selection": present,
        "pytest_add_cli_args": ["-p", "no:cacheprovider", "-m", "not slow"],
        "timeout_multiplier": 3.0,  # CPU seconds, not wall time: a loaded machine does not time a mutant out
    }
    lines = [f"{key} = {json.dumps(value)}" for key, value in settings.items()]
    (folder / "pyproject.toml").write_text(project + "\n[tool.mutmut]\n" + "\n".join(lines) + "\n", encoding="utf-8")
    return folder


def mutmut(folder: Path, *args: str, log: Path | None = None) -> subprocess.CompletedProcess:
    command = [str(Path(sys.executable).with_name("mutmut")), *args]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "HYPOTHESIS_PROFILE": "mutation"}
    if log is None:
        return subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True, check=False)
    with log.open("w") as out:
        return subprocess.run(command, cwd=folder, env=env, stdout=out, stderr=subprocess.STDOUT, text=True, check=False)


def diffs_of(folder: Path, module: str, names: list[str]) -> dict[str, str]:
    """Each mutant's diff, all in one process (``mutmut show`` per mutant takes seconds each on a
    loaded machine: minutes for a module with a few hundred survivors)."""
    if not names:
        return {}
    script = ("import json, sys\n"
              "from mutmut.mutation.diff_apply import get_diff_for_mutant\n"
              "module, names = sys.argv[1], json.loads(sys.stdin.read())\n"
              "print(json.dumps({n: get_diff_for_mutant(n, path=module) for n in names}))\n")
    run = subprocess.run([sys.executable, "-c", script, module], cwd=folder, input=json.dumps(names),
                         capture_output=True, text=True, check=False)
    if run.returncode == 0:
        return json.loads(run.stdout)
    return {name: mutmut(folder, "show", name).stdout for name in names}  # another mutmut: its own command


def change_of(diff: str) -> str:
    """The changed line(s) of a mutant's diff, as the equivalents list writes them."""
    added = [line[1:].strip() for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")]
    return "\n".join(added)


def run_module(module: str, tests: list[str], config: dict, jobs: int) -> Result:
    result = Result(module, bar_of(module, config))
    missing = [t for t in tests if not (ROOT / t).exists()]
    if missing:
        print(f"  ({module}: no {', '.join(missing)} yet)", flush=True)
    folder = prepare(module, tests)
    started = time.monotonic()
    run = mutmut(folder, "run", "--max-children", str(jobs), log=folder / "run.log")
    result.seconds = time.monotonic() - started
    meta = folder / "mutants" / (module + ".meta")
    if run.returncode != 0 or not meta.exists():
        result.problem = f"mutmut failed (exit {run.returncode}): see {folder / 'run.log'}"
        return result
    codes = json.loads(meta.read_text())["exit_code_by_key"]
    equivalents = config.get("equivalent", [])
    diffs = diffs_of(folder, module, [name for name, code in codes.items() if code not in KILLED])
    for name, code in sorted(codes.items(), key=lambda item: _natural(item[0])):
        if code in KILLED:
            result.killed += 1
            continue
        diff = diffs[name]
        function = name.rsplit("__mutmut_", 1)[0]
        change = change_of(diff)
        status = "survived" if code == SURVIVED else "no tests" if code in NO_TESTS else f"exit {code}"
        entry = {"mutant": name, "status": status, "change": change, "diff": diff.strip()}
        known = next((e for e in equivalents if e["function"] == function and e["change"].strip() == change), None)
        if known is not None:
            result.equivalent.append({**entry, "reason": known["reason"]})
        else:
            result.survivors.append(entry)
    return result


def _natural(name: str) -> tuple:
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name))


def report(results: list[Result]) -> str:
    lines = ["# Mutation score", "", "| module | score | killed | survived | equivalent | bar | time |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for r in results:
        score = "failed" if r.problem else f"{r.score:.1f} %"
        lines.append(f"| `{r.module}` | {score} | {r.killed} | {len(r.survivors)} | {len(r.equivalent)} | "
                     f"{r.bar} % | {r.seconds:.0f} s |")
    for r in results:
        if r.problem:
            lines += ["", f"## {r.module}: {r.problem}"]
        if r.survivors:
            lines += ["", f"## Survivors in {r.module}", ""]
            for s in r.survivors:
                lines += [f"### {s['mutant']} ({s['status']})", "", "```diff", s["diff"], "```", ""]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help="modules to run (default: every module in scripts/mutation.toml)")
    parser.add_argument("--changed", metavar="REF", help="only the modules whose code or tests changed since REF")
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested at once (default 2)")
    args = parser.parse_args(argv)
    if not Path(sys.executable).with_name("mutmut").exists():
        print(f"mutmut is not installed beside {sys.executable}: {Path(sys.executable).parent}/pip install -e "
              f"'{ROOT}[mutation]'", file=sys.stderr)
        return 2
    config = load_config()
    modules = args.modules or (changed_modules(args.changed, config) if args.changed else list(config["modules"]))
    unknown = [m for m in modules if m not in config["modules"]]
    if unknown:
        parser.error(f"not in scripts/mutation.toml: {', '.join(unknown)}")
    if not modules:
        print("no module to test: nothing they depend on changed")
        return 0
    WORK.mkdir(exist_ok=True)
    (WORK / ".gitignore").write_text("*\n")
    results = []
    for module in modules:
        print(f"{module} ...", end=" ", flush=True)
        result = run_module(module, config["modules"][module], config, args.jobs)
        results.append(result)
        print(result.problem or f"{result.score:.1f} % ({result.killed} of {result.counted}, "
              f"{len(result.equivalent)} equivalent) in {result.seconds:.0f} s", flush=True)
    text = report(results)
    (WORK / "report.md").write_text(text)
    (WORK / "scores.json").write_text(json.dumps(
        {r.module: {"score": round(r.score, 1), "killed": r.killed, "survived": len(r.survivors),
                    "equivalent": len(r.equivalent), "bar": r.bar, "problem": r.problem,
                    "survivors": [s["mutant"] for s in r.survivors]} for r in results}, indent=2) + "\n")
    print()
    print(text)
    return 0 if all(r.passes for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
