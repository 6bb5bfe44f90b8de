"""Restart the station at every moment of a played game and check that nothing is played twice.

A scenario (a shipped ``scenarios/*.toml`` or a game's demo) is played once through the whole
station. After each of its table or button steps, the station is killed there as by ``kill -9``
— on a copy of the journal as committed at that moment, with the same cards on the table — and
started again beside the main run: a few frames pass and the screens that came settle. Then:

- the restarted station made no new play: no action from the camera or a button (an action of
  the game's own clock is allowed: a restart keeps the journal's time, and a deadline that falls
  due is due with or without a restart; so is a play of a card the station had never seen, laid
  while the camera was unplugged);
- the game is the same as before the restart (with the clock's actions that fell due), and its
  live screen says the same (worked out from the game as it stood, at the restarted station's
  game time, so a clock reads the same; unless the clock acted: then its screens show);
- every screen the killed station held waiting for a press (a round's results, a hand's, the
  game's end) waits on the restarted one, in the same order, and the restarted one shows again
  only screens the killed one had shown or queued (the players may have stepped through them:
  the journal keeps plays, not presses); once its screens have settled, it shows the first of
  them not yet stepped through, or else the live screen.

The main run goes on unharmed, so one run of a scenario checks every prefix of it.
"""

from __future__ import annotations

import copy
import dataclasses
import shutil
import sqlite3
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any

from engine.rules import replay
from station.game_language import LANGUAGE_NAME
from station.games import plugin
from station.paths import journal_path
from station.sim.scenario import Scenario, load_scenario
from station.simulate import ScenarioRun
from station.ui.overlays import Overlay
from station.ui.views import FaultView

ROOT = Path(__file__).resolve().parent.parent
CHECKS = ("expect", "expect_none", "expect_screen")  # steps that change nothing at the table
AFTER_RESTART = 1.5  # seconds of frames after the restart before the screens are let settle
SETTLE_LIMIT = 12.0  # seconds at most for the screens the restart called for to come and go


@dataclasses.dataclass(frozen=True)
class Restarted:
    """What one restart after step ``step`` (its number in the scenario) came to."""

    step: int
    actions: tuple[dict[str, Any], ...]  # every action the restarted station made
    notes: tuple[dict[str, Any], ...]  # every note it showed
    problems: tuple[str, ...]
    waiting: int = 0  # screens the killed station held waiting for a press (a round's results …)


def restart_everywhere(scenario: Scenario, tmp_path: Path, *, only: Collection[int] | None = None,
                       after: float = AFTER_RESTART) -> list[Restarted]:
    """Play ``scenario`` and restart beside it after every step that moves a card or presses a
    button (or only after the step numbers in ``only``), letting ``after`` seconds of frames
    pass after each restart; one ``Restarted`` per restart made."""
    seen: list[Any] = []  # every screen the main station has queued: what a restart may show again

    def queued() -> None:
        for overlay in run.station.referee.controller.overlays:
            for view in (overlay.view, overlay.revealed):
                if view is not None and view not in seen:
                    seen.append(view)

    run = ScenarioRun(scenario, tmp_path / "main", between_frames=queued)
    found: list[Restarted] = []
    try:
        run.station.refresh(run.now)
        for step in scenario.steps:
            getattr(run, f"_{step.kind}")(step)
            if step.kind in CHECKS or (only is not None and step.number not in only):
                continue
            restarted = restart_beside(run, step.number, tmp_path / f"after-{step.number}", after, seen)
            if restarted is not None:
                found.append(restarted)
    finally:
        run.close()
    return found


def restart_beside(run: ScenarioRun, step: int, state_dir: Path, after: float = AFTER_RESTART,
                   seen: Sequence[Any] = ()) -> Restarted | None:
    """Kill the station of ``run`` now and start one again on a copy of its journal and table;
    None when no game is in play (nothing to resume). ``seen``: every screen ``run`` has queued."""
    game = run.station.referee.game
    if game is None:
        return None
    before = replay(game.config, game.actions)[0]
    waiting = [o for o in run.station.referee.controller.overlays if o.seconds is None and o.kind not in ("note", "hint")]
    cards = frozenset(run.station.tracker.cards)  # a card the station never saw (the camera unplugged) is a play
    fault = run.station.last_view if isinstance(run.station.last_view, FaultView) else None
    state_dir.mkdir(parents=True)
    _copy_journal(journal_path(run.state_dir), journal_path(state_dir))
    kept = run.state_dir / LANGUAGE_NAME   # the game's language and reveal, kept beside the journal
    if kept.exists():
        shutil.copyfile(kept, state_dir / LANGUAGE_NAME)
    again = ScenarioRun(dataclasses.replace(run.scenario, steps=()), state_dir)
    try:
        again.table = copy.deepcopy(run.table)
        assert run.station.camera is not None and again.station.camera is not None
        again.station.camera.failed = run.station.camera.failed  # type: ignore[attr-defined]  # unplugged stays so
        again.station.refresh(again.now)
        resumed = [r for r in again.records if r.get("type") == "resumed"]
        if not resumed:
            return None
        shown_again = [o for o in again.station.referee.controller.overlays if o.kind not in ("note", "hint")]
        problems = _screens_again(waiting, shown_again, seen)
        again.frames(after)
        again.settle(SETTLE_LIMIT)
        return dataclasses.replace(_judge(step, before, again, cards, fault, problems), waiting=len(waiting))
    finally:
        again.close()


def _screens_again(waiting: Sequence[Overlay], shown_again: Sequence[Overlay], seen: Sequence[Any]) -> list[str]:
    """What is wrong with the screens a restart queued again (``shown_again``), given the screens
    the killed station held ``waiting`` for a press and every screen it had queued (``seen``)."""
    problems = [f"shown again, never shown before: {o.view}" for o in shown_again if o.view not in seen]
    views = iter([(o.view, o.revealed) for o in shown_again])
    for overlay in waiting:   # in order: each waiting screen is one the restart queued again, hidden or revealed
        if not any(overlay.view in pair for pair in views):
            problems.append(f"the screen waiting for a press was lost: {overlay.view}")
            break
    return problems


def _judge(step: int, before: Any, again: ScenarioRun, seen: frozenset[str], fault: FaultView | None,
           problems: list[str]) -> Restarted:
    referee = again.station.referee
    actions = tuple(r["action"] for r in again.records if r.get("type") == "action")
    notes = tuple(r for r in again.records if r.get("type") == "note")
    plays = [a for a in actions if a.get("source") != "clock"]
    unseen = [a for a in plays if a.get("source") == "camera" and a.get("card") not in seen]  # its verdict shows now
    problems += [f"new play {a}" for a in plays if a not in unseen]
    expected = before
    for action in actions:
        if action.get("source") == "clock" or action in unseen:
            expected.apply(action)
    if referee.game is None:
        problems.append("the game was not resumed")
    else:
        if referee.game.state() != expected.state():
            problems.append(f"the game is not the same: {_diff(expected.state(), referee.game.state())}")
        live = fault or plugin(expected.name).live_view(expected.state(), referee.clock_time(again.now), 0)
        still = [o for o in referee.controller.overlays if o.kind not in ("note", "hint")]
        if still and not fault:   # the screens shown again, not yet stepped through: the first one shows
            live = still[0].view
        if again.station.last_view != live and not unseen and len(plays) == len(actions):  # a clock's screens show
            problems.append(f"the screen shows {again.station.last_view}, not {live}")
    return Restarted(step, actions, notes, tuple(problems))


def _diff(wanted: dict[str, Any], got: dict[str, Any]) -> str:
    keys = sorted(k for k in set(wanted) | set(got) if wanted.get(k) != got.get(k))
    return "; ".join(f"{k}: {wanted.get(k)!r} -> {got.get(k)!r}" for k in keys)


def _copy_journal(source: Path, target: Path) -> None:
    """The journal as committed now (what a killed station leaves), through SQLite's own backup."""
    src, dst = sqlite3.connect(source), sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        src.close()
        dst.close()


def taken_while_down(scenario: Scenario, remove_step: int) -> Scenario:
    """``scenario`` with its ``remove`` step number ``remove_step`` made while the station was
    down: a restart in its place, during which the card is taken away (a kill right after it)."""
    steps = [dataclasses.replace(s, kind="restart", value=True, options={"taken": [s.value]})
             if s.number == remove_step and s.kind == "remove" else s for s in scenario.steps]
    assert any(s.kind == "restart" for s in steps), f"step {remove_step} is no remove step"
    return _screens_died(dataclasses.replace(scenario, steps=tuple(steps)))


def made_while_down(scenario: Scenario, numbers: Collection[int]) -> Scenario:
    """``scenario`` with its ``place`` and ``remove`` steps numbered ``numbers`` made while the
    station was down: one restart in the place of the first, which lays and takes away what they
    did (``laid``, ``taken``), and the others dropped."""
    chosen = [s for s in scenario.steps if s.number in numbers]
    assert chosen and all(s.kind in ("place", "remove") for s in chosen), f"steps {numbers} are no place/remove steps"
    laid = [{"place": s.value, **{k: v for k, v in s.options.items() if k != "settle"}} for s in chosen if s.kind == "place"]
    taken = [s.value for s in chosen if s.kind == "remove"]
    restart = dataclasses.replace(chosen[0], kind="restart", value=True, options={"laid": laid, "taken": taken})
    steps = [restart if s is chosen[0] else s for s in scenario.steps if s is chosen[0] or s.number not in numbers]
    return _screens_died(dataclasses.replace(scenario, steps=tuple(steps)))


def restarted_after(scenario: Scenario, step: int) -> Scenario:
    """``scenario`` with a restart right after step number ``step`` (the table left as it lies)."""
    at = next(i for i, s in enumerate(scenario.steps) if s.number == step) + 1
    restart = dataclasses.replace(scenario.steps[at - 1], kind="restart", value=True, options={})
    return _screens_died(dataclasses.replace(scenario, steps=(*scenario.steps[:at], restart, *scenario.steps[at:])))


def _screens_died(scenario: Scenario) -> Scenario:
    """Without the ``expect_screen`` steps after its first restart: what the killed station was
    showing died with it (the journal is what is compared)."""
    first = next(i for i, s in enumerate(scenario.steps) if s.kind == "restart")
    kept = [s for i, s in enumerate(scenario.steps) if i <= first or s.kind != "expect_screen"]
    return dataclasses.replace(scenario, steps=tuple(kept))


def played(scenario: Scenario, state_dir: Path) -> list[dict[str, Any]]:
    """Every action the journal's game holds after ``scenario`` ran (its expects checked), without
    their times: what a restart must neither lose nor repeat."""
    run = ScenarioRun(scenario, state_dir)
    try:
        run.run()
        game = run.station.referee.game
        assert game is not None
        return [{k: v for k, v in action.items() if k != "t"} for action in game.actions]
    finally:
        run.close()


def scenarios_of(game: str) -> list[Path]:
    """The shipped scenarios that start a game of ``game`` (not the ones that only resume one)."""
    return [path for path in sorted((ROOT / "scenarios").glob("*.toml")) if (load_scenario(path).game or {}).get("game") == game]


def steps_where(scenario: Scenario, kind: str, **options: object) -> set[int]:
    """The numbers of a scenario's steps of ``kind`` with these options (``zone = "wild"``)."""
    return {s.number for s in scenario.steps if s.kind == kind and all(s.options.get(k) == v for k, v in options.items())}


def failures(restarts: list[Restarted]) -> list[str]:
    """Each restart that went wrong, in words, for an assertion's message."""
    return [f"restart after step {r.step}: {'; '.join(r.problems)}" for r in restarts if r.problems]


def step_of(scenario: Scenario, event: str) -> int:
    """The number of the step during which the scenario's first expected ``event`` came (the last
    table or button step before the ``expect`` that names it)."""
    at = next(i for i, s in enumerate(scenario.steps) if s.kind == "expect" and s.value.get("type") == event)
    return next(s.number for s in reversed(scenario.steps[:at]) if s.kind not in CHECKS)
