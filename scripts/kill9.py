"""kill -9 the station at random moments and right after journal commits, in every game, and
count what the journal lost or recorded twice (issue 22: "Nothing lost in any game").

Each table script (a game's demo, played by seeded virtual players, and each of its scenario
files) is played once uninterrupted in a child process: that is the reference. Then it is played
again in a child that the parent kills with SIGKILL, ``--kills`` times per run, either at a random
moment (a point drawn uniformly over the reference's wall time: its step, then a random part of
that step's duration) or right after the child reports a committed action (a random action of each
kind in turn; ``--quick``: one of every kind).
A new child starts on the same state folder, in front of the same table:

- The parent owns the world. The child prints a flushed line before each step, so the parent
  knows the last step that began; a card put down or taken away in it stays so (the table does
  not vanish when the station dies), and the resumed child lays the table as the script left it,
  without frames, before its first frame.
- A button press dies with the station if its action was not committed: the reference says how
  many button actions the script has made by the end of each step, so when the journal holds
  fewer, the presses are made again, from the first press of their group (SPARE, SELECT …,
  CONFIRM: a menu open when the station died is gone, as the players would see); in a group of
  several actions cut after one, from the first press after the last action committed.
- The game clock resumes at the journal's last action (docs/journal.md), not at the moment of
  the kill. The players go by the station's clock, as children at the table would: while the new
  station boots and looks at the table its game clock stands still, then the script goes on when
  the game clock reaches the time the reference began that step. So a clock game's round ends
  where it did, and a card lands at the same game time as in the reference. A card laid while
  the station was down is read as it boots, earlier in game time than the reference read it; the
  players react to what the station shows, so the script goes on that much earlier (a red card
  read 3 s early opens Who's Counting?'s 5 s answer window 3 s early: the Stop at the reference's
  time came after the window and was lost).

What is compared (the final journal's last game against the reference's):

- every action with every field but ``t``: its type, player, cards, source. A card that lay on
  the table when the station died is read by the new station when it boots, which may be a
  little earlier in game time than the reference read it; the largest shift is reported
  (``max |dt|``), never counted as a failure;
- lost: an action the reference has more often than the killed run; duplicated: one the killed
  run has more often than the reference; foreign: one the reference never made; out of order:
  the same actions in another order;
- the outcome: over, winners and scores, from replaying the journal with the engine;
- one game in the journal (a restart must not start another).

    nice .venv/bin/python scripts/kill9.py --quick                 # a few runs per game (CI: tests/test_kill9.py)
    nice .venv/bin/python scripts/kill9.py --game sum --runs 20    # 20 runs of each of SUM's table scripts
    nice .venv/bin/python scripts/kill9.py --game big-bang --sources demo --runs 10 --kills 3

Exit status 0 when nothing was lost, duplicated or changed in any run, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a file from a source tree
    sys.path.insert(0, str(ROOT))

GAMES = ("math-wars", "sum", "whos-counting", "math-rush", "big-bang")
BOOT = 1.0  # seconds the new station looks at the table before the script goes on (its game clock stands still)
PLAYERS = ["Ana", "Ben"]
#: the quick mode (CI): one short table script per game that reaches a restart-sensitive point
QUICK = {
    "math-wars": "scenario:scenarios/math-war.toml",
    "sum": "scenario:scenarios/sum-wild-card.toml",
    "whos-counting": "scenario:scenarios/whos-counting-red-and-stop.toml",
    "math-rush": "scenario:scenarios/math-rush-wrong-card.toml",
    "big-bang": "scenario:scenarios/big-bang-race.toml",
}


# ---- the table scripts ----------------------------------------------------------------------

def sources(game: str, which: str, seed: int) -> list[str]:
    """The table scripts of ``game``: its demo(s) (``demo:<game>[-race]:<seed>``) and its
    scenario files (``scenario:<path>``)."""
    found: list[str] = []
    if which in ("demo", "all"):
        found.append(f"demo:{game}:{seed}")
        if game == "big-bang":
            found.append(f"demo:big-bang-race:{seed}")
    if which in ("scenarios", "all"):
        for path in sorted((ROOT / "scenarios").glob("*.toml")):
            if scenario_game(path) == game:
                found.append(f"scenario:{path.relative_to(ROOT)}")
    return found


def scenario_game(path: Path) -> str | None:
    from station.sim.scenario import load_scenario

    scenario = load_scenario(path)
    if scenario.game is not None:
        return str(scenario.game.get("game"))
    return str(scenario.mat["game"]) if "game" in scenario.mat else None


def load_source(source: str) -> Any:
    """The Scenario a source names: a scenario file, or a game's demo with a seed."""
    kind, _, rest = source.partition(":")
    if kind == "scenario":
        from station.sim.scenario import load_scenario

        return load_scenario(ROOT / rest)
    if kind != "demo":
        raise SystemExit(f"kill9: a source is scenario:PATH or demo:GAME[:SEED], not {source!r}")
    from station.cli import _parser
    from station.games import plugin

    name, _, seed_text = rest.partition(":")
    seed = int(seed_text or 2026)
    race = name == "big-bang-race"
    game = plugin("big-bang" if race else name)
    argv = ["demo", "--game", game.name, "--seed", str(seed)] + (["--race"] if race else [])
    args = _parser().parse_args(argv)  # the demo's own defaults (a short Math Wars game, 60 s rounds ...)
    return game.demo(game.demo_config(args, PLAYERS, seed), seed, "press").scenario


# ---- the child: plays a table script from a step, in front of a table as it lies ------------

def child(args: argparse.Namespace) -> int:
    from station.simulate import ScenarioRun

    scenario = load_source(args.source)

    def out(line: Mapping[str, Any]) -> None:
        print(json.dumps(line), flush=True)

    screen_only = {int(i) for i in args.screen_presses.split(",") if i} if args.screen_presses else set()
    acted = False  # whether this station has committed an action (its screens are its own from then on)
    booted: list[float] = []  # the times of the actions the new station made while it booted

    def emit(record: Mapping[str, Any]) -> None:
        nonlocal acted
        kind = record.get("type")
        if kind == "action":
            acted = True
            booted.append(record["action"]["t"])
            out({"k": "action", "source": record["action"].get("source")})
        elif kind == "resumed":
            out({"k": "resumed", "actions": record["actions"]})
        elif kind == "game_started":
            out({"k": "started"})

    run = ScenarioRun(scenario, Path(args.state_dir), display="none", emit=emit)
    resumed = args.start > 0 or args.lay > 0  # a new station, started after a kill
    try:
        if resumed:
            for step in scenario.steps[:args.lay]:
                run.lay(step)  # the table as the script left it when the station died
            # the new station boots in front of it: its game clock (resumed at the journal's last
            # action) stands still until now reaches the resume's own 0 (Referee.game_time)
            booted.clear()
            run.now = -BOOT
            run.frames(BOOT)
            referee = run.station.referee
            align = None if args.align is None else args.align - boot_shift(booted, args.next_times)
            gap = round(align - referee.game_time(run.now), 2) if align is not None else 0.0
            if gap > 0:
                run.frames(gap)  # the players go on when the station's clock reaches the script's time
        else:
            run.station.refresh(run.now)
        for index in range(args.start, len(scenario.steps)):
            step = scenario.steps[index]
            out({"k": "step", "i": index, "now": run.now})
            if args.no_expect and step.kind.startswith("expect"):
                continue  # what a killed station said died with it: the journal is compared instead
            if step.kind == "press" and resumed and not acted:  # its screens: the ones it showed again
                if index in screen_only and not shown_again(run, stepped=True):
                    continue  # a press that went through screens the new station no longer shows
                if index not in screen_only:
                    read_through(run)  # the players read what it showed again, and go on
            run.step(step)
        out({"k": "done"})
        if args.hold:
            sys.stdin.read()  # the parent may still kill it here: it says when it may go
    finally:
        run.close()
    return 0


def shown_again(run: Any, *, stepped: bool = False) -> bool:
    """Whether the new station, before it has acted itself, shows a screen it showed again after
    the restart (a round's results, the game's end: ``Controller.show_again``); ``stepped``: one
    that CONFIRM steps through (not a verdict that CONFIRM goes through to act)."""
    controller = run.station.referee.controller
    head = controller.overlays[0] if controller.overlays else None
    if head is None or head.kind in ("note", "hint"):
        return False
    return not stepped or head.kind not in controller.games[controller.game].press_through


def read_through(run: Any, most: int = 20) -> None:
    """The players read the screens the new station showed again and put them away (BACK, which
    never acts), before doing what they came to do: they may have stepped through some of them
    on the killed station already (the journal keeps plays, not presses)."""
    from station.sim.scenario import Step

    for _ in range(most):
        if not shown_again(run):
            return
        run.step(Step("press", "back", {"settle": 0.0}, 0))  # one frame: the game's clock hardly moves


def boot_shift(booted: Sequence[float], reference: str) -> float:
    """How much earlier in game time the new station read the plays it made as it booted (cards
    laid while it was down) than the reference made them (``reference``: the times of the
    reference's next actions). The players react to what the station shows: a red card read
    3 s early opens its answer window 3 s early, so the script goes on that much earlier."""
    times = [float(t) for t in reference.split(",") if t]
    return max([0.0, *(ref - got for ref, got in zip(times, booted))])


# ---- the parent --------------------------------------------------------------------------------

@dataclass
class Reference:
    """The uninterrupted run: per step, when it began (scenario time and wall seconds) and how many
    button actions the script had made by its end; the final actions and outcome."""

    source: str
    steps: list[Any]
    began: dict[int, float]  # step -> scenario time
    wall: dict[int, float]  # step -> wall seconds after the child's first step line
    buttons_after: dict[int, int]  # step -> button actions made by the end of it
    actions: list[dict[str, Any]]
    outcome: tuple[Any, ...]
    seconds: float  # wall time of the whole run
    games: int


@dataclass
class RunResult:
    source: str
    mode: str  # "random" or "commit"
    run: int
    kills: list[str] = field(default_factory=list)  # where each kill landed
    lost: int = 0
    duplicated: int = 0
    foreign: int = 0
    out_of_order: bool = False
    wrong_outcome: bool = False
    games: int = 1
    error: str = ""
    max_dt: float = 0.0
    detail: list[str] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return bool(self.lost or self.duplicated or self.foreign or self.out_of_order or self.wrong_outcome
                    or self.games != 1 or self.error)


def child_command(source: str, state: Path, *, start: int = 0, lay: int = 0, align: float | None = None,
                  expect: bool = False, screen_presses: Sequence[int] = (), next_times: Sequence[float] = ()) -> list[str]:
    command = [sys.executable, str(Path(__file__).resolve()), "child", source, "--state-dir", str(state),
               "--start", str(start), "--lay", str(lay)]
    if align is not None:
        command += ["--align", str(align)]
    if next_times:
        command += ["--next-times", ",".join(map(str, next_times))]
    if screen_presses:
        command += ["--screen-presses", ",".join(map(str, screen_presses))]
    if not expect:
        command += ["--no-expect", "--hold"]
    return command


def read_journal(state: Path) -> list[Any]:
    """The journal's games (read only: the parent only looks)."""
    from station.store import Journal

    path = state / "journal.sqlite3"
    if not path.exists():
        return []
    with Journal(path, readonly=True) as journal:
        return list(journal.games())


def outcome_of(config: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]) -> tuple[Any, ...]:
    from engine.rules import replay

    game, _ = replay(config, actions)
    outcome = game.outcome()
    return outcome.over, tuple(outcome.winners), tuple(sorted(outcome.scores.items()))


def reference(source: str, scratch: Path) -> Reference:
    scenario = load_source(source)
    state = Path(tempfile.mkdtemp(prefix="reference-", dir=scratch))
    began: dict[int, float] = {}
    wall: dict[int, float] = {}
    buttons_after: dict[int, int] = {}
    buttons, current, t0 = 0, -1, None
    started = time.monotonic()
    process = subprocess.Popen(child_command(source, state, expect=True), cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    for raw in process.stdout:
        line = json.loads(raw)
        if line["k"] == "step":
            t0 = t0 if t0 is not None else time.monotonic()
            if current >= 0:
                buttons_after[current] = buttons
            current = line["i"]
            began[current], wall[current] = line["now"], time.monotonic() - t0
        elif line["k"] == "action" and line["source"] == "button":
            buttons += 1
    stderr = process.stderr.read() if process.stderr else ""
    if process.wait() != 0:
        raise RuntimeError(f"{source}: the uninterrupted run failed: {stderr.strip()[-800:]}")
    buttons_after[current] = buttons
    wall[len(scenario.steps)] = time.monotonic() - (t0 or started)
    games = read_journal(state)
    shutil.rmtree(state, ignore_errors=True)
    last = games[-1]
    return Reference(source, list(scenario.steps), began, wall, buttons_after, list(last.actions),
                     outcome_of(last.config, last.actions), time.monotonic() - started, len(games))


#: a press group's steps: its presses and the checks a scenario makes between them (a menu's
#: SPARE, its screen checked, SELECT ...: the child skips the checks, the group is one)
GROUPED = ("press", "expect", "expect_none", "expect_screen")


def press_group(ref: Reference, index: int) -> tuple[int, int]:
    """The first and last step of the press group around step ``index``."""
    first = end = index
    while first > 0 and ref.steps[first - 1].kind in GROUPED:
        first -= 1
    while end + 1 < len(ref.steps) and ref.steps[end + 1].kind in GROUPED:
        end += 1
    return first, end


def resume_point(ref: Reference, last_step: int, journal_buttons: int) -> tuple[int, int]:
    """(first step to play, steps to lay) after a kill during ``last_step``: a press group whose
    button actions are not all in the journal is pressed again from its first press."""
    if last_step < 0:
        return 0, 0
    if ref.steps[last_step].kind in GROUPED:
        first, end = press_group(ref, last_step)
        if any(ref.steps[i].kind == "press" for i in range(first, end + 1)):
            before = ref.buttons_after.get(first - 1, 0) if first > 0 else 0
            if journal_buttons < ref.buttons_after[end]:
                if journal_buttons <= before:
                    return first, first  # the group's action never reached the journal: press it all again
                # a group of several actions, cut after one: the presses after the last one committed
                # again, from the first (a menu they were going through died with the station)
                committed = min(i for i in range(first, end + 1) if ref.buttons_after.get(i, before) >= journal_buttons)
                return committed + 1, committed + 1
    return last_step + 1, last_step + 1


def screen_presses(ref: Reference, start: int) -> list[int]:
    """The press steps from ``start`` on whose group made no action in the reference: they only
    went through screens (a round's results, a page). The new station shows again the screens the
    game's last actions called for (a round's results), not a page or a menu the killed one had
    open: until the new child has made an action of its own (its screens are then its own), it
    makes such a press only while a screen shown again is up, and before a press that acts it
    steps through what is left of them (``read_through``)."""
    found: list[int] = []
    index = start
    while index < len(ref.steps):
        if ref.steps[index].kind not in GROUPED:
            index += 1
            continue
        _, end = press_group(ref, index)
        before = ref.buttons_after.get(index - 1, 0) if index > 0 else 0
        if ref.buttons_after.get(end, before) == before:
            found.extend(i for i in range(index, end + 1) if ref.steps[i].kind == "press")
        index = end + 1
    return found


def random_points(ref: Reference, rng: random.Random, kills: int) -> list[tuple[int, float]]:
    """``kills`` moments drawn uniformly over the reference's wall time, as (step, seconds into it)."""
    order = sorted(ref.wall)
    total = ref.wall[order[-1]]
    points = []
    for moment in sorted(rng.uniform(0.0, total) for _ in range(kills)):
        step = max(i for i in order[:-1] if ref.wall[i] <= moment)
        points.append((step, moment - ref.wall[step]))
    return points


def commit_points(ref: Reference, rng: random.Random, kills: int, every_kind: bool) -> list[int]:
    """Action numbers to kill right after: spread over the kinds of action (a restart bug hides
    after the rare kind: a wild card, a target, a round's start), a random action of each kind in
    turn; ``every_kind``: one of every kind, however many that is."""
    kinds: dict[str, list[int]] = {}
    for number, action in enumerate(ref.actions, start=1):
        kinds.setdefault(action["type"], []).append(number)
    order = sorted(kinds)
    rng.shuffle(order)
    chosen: set[int] = set()
    wanted = len(order) if every_kind else min(kills, len(ref.actions))
    while len(chosen) < wanted:
        for kind in order:
            left = [n for n in kinds[kind] if n not in chosen]
            if left and len(chosen) < wanted:
                chosen.add(rng.choice(left))
    return sorted(chosen)


def killed_run(ref: Reference, mode: str, number: int, kills: int, seed: int, scratch: Path,
               every_kind: bool = False) -> RunResult:
    rng = random.Random(f"{seed}:{ref.source}:{mode}:{number}")
    result = RunResult(ref.source, mode, number)
    state = Path(tempfile.mkdtemp(prefix="killed-", dir=scratch))
    if mode == "commit":
        targets: list[Any] = commit_points(ref, rng, kills, every_kind)
    else:
        targets = random_points(ref, rng, kills)
    start, lay, align = 0, 0, None
    next_times: list[float] = []
    last_step, actions = -1, 0
    while True:  # a child per kill, and the last one plays the script to its end
        skip = screen_presses(ref, start) if start > 0 else []
        process = subprocess.Popen(child_command(ref.source, state, start=start, lay=lay, align=align,
                                                 screen_presses=skip, next_times=next_times), cwd=ROOT,
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert process.stdout is not None
        killed = threading.Event()
        timer: threading.Timer | None = None
        target_step = len(ref.steps)

        def kill(where: str, process: subprocess.Popen[str] = process, killed: threading.Event = killed) -> None:
            if not killed.is_set() and process.poll() is None:
                killed.set()
                os.kill(process.pid, signal.SIGKILL)
                result.kills.append(where)

        for raw in process.stdout:
            line = json.loads(raw)
            if line["k"] == "step":
                last_step = line["i"]
            elif line["k"] == "resumed":
                actions = line["actions"]
            elif line["k"] == "started":
                actions = 0
            elif line["k"] == "action":
                actions += 1
            if timer is not None and not killed.is_set() and (line["k"] == "done" or last_step > target_step):
                timer.cancel()  # quicker than the reference: the random moment falls now, not after the script
                kill(f"at random, after step {target_step}")
            if line["k"] == "done" and process.stdin is not None:
                process.stdin.close()  # nothing more to kill: it may end
            if killed.is_set() or not targets:
                continue  # after the kill: lines it wrote before it died still say where it was
            if mode == "commit":
                while targets and targets[0] <= actions and line["k"] != "action":
                    targets.pop(0)  # already in the journal when this child began
                if line["k"] == "action" and targets and actions >= targets[0]:
                    targets.pop(0)
                    kill(f"after action {actions} (step {last_step})")
            elif line["k"] == "step" and timer is None and last_step >= targets[0][0]:
                target_step, offset = targets.pop(0)
                timer = threading.Timer(offset, kill, args=(f"at random, in step {target_step} +{offset:.1f}s",))
                timer.start()
        if timer is not None:
            timer.cancel()
        stderr = process.stderr.read() if process.stderr else ""
        code = process.wait()
        if process.stdin is not None and not process.stdin.closed:
            process.stdin.close()
        if killed.is_set():
            games = read_journal(state)
            stored = games[-1].actions if games else []
            buttons = sum(1 for a in stored if a.get("source") == "button")
            start, lay = resume_point(ref, last_step, buttons)
            align = ref.began.get(start)
            next_times = [a["t"] for a in ref.actions[len(stored):len(stored) + 8]]  # what the boot may read
            continue
        if code != 0:
            result.error = f"a child failed (exit {code}): {stderr.strip()[-600:]}"
        break
    compare(ref, read_journal(state), result)
    shutil.rmtree(state, ignore_errors=True)
    return result


def _plain(action: Mapping[str, Any]) -> str:
    return json.dumps({k: v for k, v in action.items() if k != "t"}, sort_keys=True, ensure_ascii=False)


def compare(ref: Reference, games: Sequence[Any], result: RunResult) -> None:
    result.games = len(games)
    if not games:
        result.error = result.error or "no game in the journal"
        return
    got = list(games[-1].actions)
    want_plain, got_plain = [_plain(a) for a in ref.actions], [_plain(a) for a in got]
    want, have = Counter(want_plain), Counter(got_plain)
    for action in want:
        missing = want[action] - have.get(action, 0)
        if missing > 0:
            result.lost += missing
            result.detail.append(f"lost {missing}x {action}")
    for action in have:
        extra = have[action] - want.get(action, 0)
        if extra > 0 and action in want:
            result.duplicated += extra
            result.detail.append(f"duplicated {extra}x {action}")
        elif extra > 0:
            result.foreign += extra
            result.detail.append(f"foreign {extra}x {action}")
    result.out_of_order = want == have and want_plain != got_plain
    matcher = SequenceMatcher(a=want_plain, b=got_plain, autojunk=False)
    for block in matcher.get_matching_blocks():
        for offset in range(block.size):
            dt = abs(got[block.b + offset]["t"] - ref.actions[block.a + offset]["t"])
            result.max_dt = max(result.max_dt, round(dt, 2))
    try:
        outcome = outcome_of(games[-1].config, got)
    except Exception as exc:  # noqa: BLE001 - a journal the engine cannot replay is a finding, said as such
        result.wrong_outcome = True
        result.detail.append(f"the engine cannot replay the journal: {exc}")
        return
    if outcome != ref.outcome:
        result.wrong_outcome = True
        result.detail.append(f"outcome {outcome} instead of {ref.outcome}")


@dataclass
class Tally:
    runs: int = 0
    random: int = 0
    commit: int = 0
    kills: int = 0
    lost: int = 0
    duplicated: int = 0
    foreign: int = 0
    out_of_order: int = 0
    wrong_outcome: int = 0
    errors: int = 0
    failed_runs: int = 0
    max_dt: float = 0.0

    def add(self, result: RunResult) -> None:
        self.runs += 1
        setattr(self, result.mode, getattr(self, result.mode) + 1)
        self.kills += len(result.kills)
        self.lost += result.lost
        self.duplicated += result.duplicated
        self.foreign += result.foreign
        self.out_of_order += result.out_of_order
        self.wrong_outcome += result.wrong_outcome or result.games != 1
        self.errors += bool(result.error)
        self.failed_runs += result.failed
        self.max_dt = max(self.max_dt, result.max_dt)

    def line(self, game: str) -> str:
        text = (f"{game}: {self.runs} runs ({self.random} random, {self.commit} after commit, {self.kills} kills), "
                f"{self.lost} lost, {self.duplicated} duplicated, {self.wrong_outcome} wrong outcome")
        extra = [f"{n} {what}" for n, what in ((self.foreign, "foreign"), (self.out_of_order, "out of order"),
                                                (self.errors, "errors")) if n]
        return text + (f", {', '.join(extra)}" if extra else "") + f"; {self.failed_runs} runs wrong" + \
            f" (max |dt| {self.max_dt:g} s)"


def plan(games: Sequence[str], args: argparse.Namespace) -> Iterator[tuple[str, list[str]]]:
    for game in games:
        if args.quick:
            yield game, [QUICK[game]]
        else:
            yield game, sources(game, args.sources, args.seed)


def main_parent(args: argparse.Namespace) -> int:
    games = args.game or list(GAMES)
    runs = args.runs if args.runs is not None else (2 if args.quick else 4)
    kills = args.kills if args.kills is not None else 2
    scratch = Path(tempfile.mkdtemp(prefix="kill9-"))
    tallies: dict[str, Tally] = {}
    failures: list[RunResult] = []
    started = time.monotonic()
    try:
        for game, found in plan(games, args):
            tally = tallies.setdefault(game, Tally())
            for source in found:
                try:
                    ref = reference(source, scratch)
                except RuntimeError as exc:
                    print(f"  skipped: {exc}", file=sys.stderr, flush=True)
                    continue
                print(f"[{time.monotonic() - started:6.0f}s] {source}: reference {len(ref.actions)} actions, "
                      f"{ref.seconds:.0f} s; {runs} killed runs of {kills} kills", file=sys.stderr, flush=True)
                for number in range(runs):
                    mode = "random" if number % 2 == 0 else "commit"
                    result = killed_run(ref, mode, number, kills, args.seed, scratch, every_kind=args.quick)
                    tally.add(result)
                    verdict = "WRONG " + "; ".join(result.detail[:6] + ([result.error] if result.error else [])) \
                        if result.failed else "ok"
                    print(f"[{time.monotonic() - started:6.0f}s]   run {number} ({mode}; "
                          f"{', '.join(result.kills) or 'no kill landed'}): {verdict}", file=sys.stderr, flush=True)
                    if result.failed:
                        failures.append(result)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print()
    for game, tally in tallies.items():
        print(tally.line(game))
    if failures:
        print("\nWrong runs:")
        for result in failures:
            print(f"- {result.source}, {result.mode} run {result.run} (seed {args.seed}), kills: "
                  f"{'; '.join(result.kills)}")
            for text in result.detail + ([result.error] if result.error else []):
                print(f"    {text}")
    return 1 if failures else 0


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["child"]:
        p = argparse.ArgumentParser(prog="kill9.py child")
        p.add_argument("source")
        p.add_argument("--state-dir", required=True)
        p.add_argument("--start", type=int, default=0, help="the first step to play")
        p.add_argument("--lay", type=int, default=0, help="the steps whose cards lie on the table at the start")
        p.add_argument("--align", type=float, default=None, help="the game time the first step began in the reference")
        p.add_argument("--no-expect", action="store_true", help="skip expect steps (a killed run)")
        p.add_argument("--hold", action="store_true", help="after the script, wait until stdin closes")
        p.add_argument("--next-times", default="",
                       help="the reference's times of the actions after the journal's last (a boot's plays shift --align)")
        p.add_argument("--screen-presses", default="",
                       help="press steps that only go through screens: made only on screens shown again, until this station acts")
        return child(p.parse_args(argv[1:]))
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", action="append", choices=GAMES, help="a game (repeat; default: all five)")
    p.add_argument("--runs", type=int, default=None, help="killed runs per table script (default 4; --quick 2)")
    p.add_argument("--kills", type=int, default=None, help="kills per run (default 2)")
    p.add_argument("--seed", type=int, default=2026, help="the demo's seed and the kills' random choices")
    p.add_argument("--sources", choices=["demo", "scenarios", "all"], default="all",
                   help="the demo(s), the scenario files, or both (default)")
    p.add_argument("--quick", action="store_true",
                   help="one short table script per game (CI); its after-commit runs kill once after every kind of action")
    return main_parent(p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
