"""What Math Rush shows on the OLED: setup choices, the race (time left in big digits beside the
goals in play, cards placed / needed, a cross for a broken set), a screen for each verdict, and
the end of a round goal by goal. Every screen ends on the next step: a wrong card says why and how
to mend the set (lift it and use a Help card), a goal done says to flip it and lay a new one."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from engine.catalog import Card, load_catalog
from engine.errors import EngineError
from station.settings import seat_names
from station.ui.overlays import Overlay, by_event
from station.ui.rounds import round_step, time_up
from station.ui.setup import Choice, SetupOption
from station.ui.views import BannerView, Menu, PlayerLine, TimerView, VerdictView, View, clock_text

GAME = "math-rush"
VERDICT_SECONDS = 3.0  # a wrong card: short, the race goes on
BANNER_SECONDS = 3.0
GOAL_SECONDS = 4.0  # each goal at the end of a round
#: A violation's code -> the verdict screen's title; its detail is the engine's sentence.
VERDICT_TITLES = {
    "not_a_goal": "Not a goal", "not_a_number": "Not a number", "goal_used": "Goal used", "row_taken": "Row taken",
    "too_many_goals": "Too many goals", "started": "Clock running", "no_goals": "Lay goals first",
    "not_started": "Press CONFIRM", "too_late": "Too late!", "played_already": "Played already",
    "no_goal": "No goal there", "goal_done": "Goal complete", "no_help": "No Help left", "nothing_lifted": "Lift cards first",
    "one_set": "One set only", "not_playing": "Not now", "round_on": "Round is on", "round_over": "Round over",
    "game_over": "Game over", "advanced": "Advanced card",
}
#: The station's own progress rating for a whole game's points (the sheet's chart is not public):
#: the least points for each words, highest first (docs/rules/math-rush.md).
RATINGS = ((30, "Math Rush champions!"), (20, "Speedy team!"), (10, "Getting quick!"), (0, "Warming up!"))
TIMER_CHOICES = (("auto", "usual"),  # 3 minutes, 4 solo (the sheet)
                  (120, "2 min"), (180, "3 min"), (240, "4 min"), (300, "5 min"),
                 (0, "no timer"))


def _own_timer(timer: Any) -> list[Choice]:
    """station.toml's own round length, when the row does not offer it: "1 min 35 s", "7 min"."""
    if timer in dict(TIMER_CHOICES):
        return []
    minutes, seconds = divmod(int(timer), 60)
    return [Choice(timer, " ".join(part for part in (f"{minutes} min" if minutes else "",
                                                      f"{seconds} s" if seconds else "") if part))]


def setup_options(defaults: Mapping[str, Any]) -> list[SetupOption]:
    timer = defaults.get("timer", "auto")
    return [
        SetupOption("players", "Players", [Choice(n, str(n)) for n in range(1, 9)], int(defaults.get("players", 3))),
        SetupOption("timer", "Timer", [*_own_timer(timer), *(Choice(value, label) for value, label in TIMER_CHOICES)],
                    timer),
        SetupOption("advanced", "Advanced", [Choice(True, "in"), Choice(False, "out")],
                    bool(defaults.get("advanced", True))),
        SetupOption("help", "Help cards", [Choice("cards", "3 in all"), Choice("unlimited", "unlimited")],
                    defaults.get("help", "cards")),
        SetupOption("one_goal", "Goals", [Choice(False, "3 at once"), Choice(True, "1 at a time")],
                    bool(defaults.get("one_goal", False))),
    ]


def game_config(choices: Mapping[str, Any], defaults: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """The engine's config from the setup screen's choices (``timer``: "auto", seconds, or 0)."""
    config: dict[str, Any] = {"game": GAME, "seed": seed, "players": seat_names(defaults, choices["players"]), "advanced": choices["advanced"],
                              "help": choices["help"], "one_goal": choices["one_goal"]}
    timer = choices["timer"]
    if timer == 0:
        config["timer"] = False
    elif timer != "auto":
        config["seconds"] = timer
    return config


# ---- the live screen ------------------------------------------------------------------------

def live_view(state: Mapping[str, Any], seconds: float, page: int) -> View:
    rows = tuple(_goal_line(row) for row in state["rows"])
    title = f"Round {state['round']} of {state['rounds']}"
    if state["over"]:
        return BannerView("Math Rush", _points(state['total']), (_rating(state["total"]),), "CONFIRM: new game")
    if state["phase"] == "setup":
        if not rows:
            return BannerView(title, "Lay goals", ("in the goal column",), "then CONFIRM: go!")
        return TimerView(title, _time_left(state, seconds) if state["seconds"] else "Ready", rows, "CONFIRM: go!")
    if state["phase"] == "round_over":
        return BannerView(title, _points(state['round_points'][-1]), (f"Total {sum(state['round_points'])}",),
                          "Clear cards, CONFIRM")
    help_left = state["help_left"]
    hint = f"Play! {_help_cards(help_left)} left" if help_left is not None else "Play! Help as you like"
    return TimerView(title, _time_left(state, seconds) if state["seconds"] else clock_text(seconds - state["started_at"]),
                     rows, hint)


def _goal_line(row: Mapping[str, Any]) -> PlayerLine:
    """One goal: its row, cards placed of needed ("2 of 3": in a fractions game "2/3" reads as two
    thirds); a cross when broken, a star when done."""
    status = "out" if row["broken"] else "won" if row["complete"] else ""
    return PlayerLine(f"Row {row['row']}", f"{row['placed']} of {row['count']}", status)  # the goal lies in its row


def _time_left(state: Mapping[str, Any], seconds: float) -> str:
    """The round's time left, m:ss (the whole round before it starts); game times are in 0.01 s."""
    if state["phase"] == "setup":
        left = float(state["seconds"])
    else:
        left = max(math.ceil(round(state["started_at"] + state["seconds"] - seconds, 2)), 0)
    minutes, secs = divmod(int(left), 60)
    return f"{minutes}:{secs:02d}"


def _points(points: int) -> str:
    return f"{points} point{'s' if points != 1 else ''}"


def _help_cards(n: int) -> str:
    return "No Help cards" if n == 0 else f"{n} Help card{'s' if n != 1 else ''}"


def _rating(points: int) -> str:
    return next(words for least, words in RATINGS if points >= least)


# ---- a screen per event -----------------------------------------------------------------------

def overlays(events: Sequence[Mapping[str, Any]], state: Mapping[str, Any], reveal: str) -> list[Overlay]:
    return by_event(events, _OVERLAYS, state)


def _played(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    if e["ok"]:
        return []  # a right card needs no screen: the count on the live screen goes up, and the race goes on
    return [Overlay(VerdictView("wrong", e["shown"], _mend(e["reason"], e["row"], state), f"Row {e['row']}"),
                    seconds=VERDICT_SECONDS, signal="rejected", kind="verdict")]


def _mend(reason: str, row: int, state: Mapping[str, Any]) -> str:
    """Why a set is broken, and how the team mends it: lift the card and use a Help card (or,
    where lifting alone takes a card away, just lift it). A set that is full stays as it is: the
    next screen says to flip its goal."""
    if any(r["row"] == row and r["complete"] for r in state["rows"]):
        return reason
    help_left = state["help_left"]
    if help_left is None or state.get("one_goal"):
        step = "Take it off the row"
    elif help_left:
        step = "Lift it, use a Help card"
    else:
        step = "No Help left: play on"
    return f"{reason}. {step}"


def _complete(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    goal = f"Row {e['row']}: {e['goal']}"
    if e["broken"]:
        return [Overlay(VerdictView("wrong", "0 stars", "The set is broken. Flip it, lay a new goal", goal),
                        seconds=VERDICT_SECONDS, signal="rejected", kind="verdict")]
    stars = f"{e['stars']} star{'s' if e['stars'] != 1 else ''}"
    return [Overlay(VerdictView("ok", "Flip it!", f"{stars}! Now lay a new goal", goal),
                    seconds=VERDICT_SECONDS, signal="accepted", kind="verdict")]


def _violation(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    """The reason as the title, the card in bold, the engine's sentence (why, and what to do):
    another game's card is said in fewer words than the engine's, which names both games."""
    title, detail = VERDICT_TITLES.get(e["code"], "Not allowed"), str(e["message"]).rstrip(".")
    card = _card(e.get("card"))
    if card is not None and card.game != GAME:
        title, detail = "Other game", "Not a Math Rush card. Take it back"
    return [Overlay(VerdictView("wrong", title, detail, _card_words(card)),
                    seconds=VERDICT_SECONDS, signal="rejected", kind="verdict")]


def _card(card: str | None) -> Card | None:
    if not card:
        return None
    try:
        return load_catalog().card(card)
    except EngineError:
        return None


def _card_words(card: Card | None) -> str:
    """The refused card as the players see it ("1/2", "GOAL UP 3"), so they know which one."""
    if card is None:
        return ""
    face = card.face
    return face.number.pretty() if face.number is not None else face.describe()


def _round_over(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    """Each goal with its stars or 0 and why, then the round's points and the total, each until a press."""
    shown = []
    for goal in e["goals"]:
        lines = (goal["why"],) if goal["why"] else ()
        stars = f"{goal['stars']} star{'s' if goal['stars'] != 1 else ''}"
        shown.append(Overlay(BannerView(f"Row {goal['row']}: {goal['goal']}", stars, lines, "CONFIRM: next"),
                             seconds=GOAL_SECONDS, kind="result"))
    shown.append(Overlay(BannerView(f"Round {e['round']}", _points(e['points']), (f"Total {e['total']}",),
                                    "CONFIRM: next"), kind="result"))
    return shown


def _game_over(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    help_line = (f"+{e['help_bonus']} for {_help_cards(e['help_left'])} kept" if e["help_left"] is not None
                 else "Unlimited Help: no bonus")
    return [
        Overlay(BannerView("Rounds", " + ".join(map(str, e["rounds"])), (help_line,), "CONFIRM: next"), kind="result"),
        Overlay(BannerView("Math Rush", _points(e['total']), (_rating(e["total"]),), "CONFIRM: new game"),
                signal="attention", kind="result"),
    ]


_OVERLAYS: dict[str, Any] = {
    "card_played": _played,
    "goal_complete": _complete,
    "violation": _violation,
    "goal_laid": lambda e, s: [] if s["phase"] == "setup" else [  # before the round the live screen lists them
        Overlay(VerdictView("info", f"Row {e['row']}: {e['name']}", f"{e['restriction'] or 'Any cards'}. Play!"),
                seconds=2.0, kind="verdict")],
    "round_started": lambda e, s: [Overlay(BannerView(f"Round {e['round']}", "Go!", ("Play your cards!",)),
                                           seconds=1.5, signal="attention", kind="banner")],
    "card_lifted": lambda e, s: [Overlay(VerdictView("info", "Card lifted", "Use a Help card, or put it back",
                                                     f"Row {e['row']}"), seconds=VERDICT_SECONDS, kind="verdict")],
    "put_back": lambda e, s: [Overlay(VerdictView("info", "Put back", _mend(e["broken"], e["row"], s) if e.get("broken")
                                                  else "In its place again. Play on", f"Row {e['row']}"),
                                      seconds=2.0, kind="verdict")],
    "help_used": lambda e, s: [Overlay(VerdictView("ok", "Help!", _helped(e),
                                                   f"{_help_cards(e['left'])} left" if e["left"] is not None else ""),
                                       seconds=BANNER_SECONDS, signal="accepted", kind="verdict")],
    "time_warning": lambda e, s: [Overlay(BannerView("Hurry!", f"{e['seconds']} seconds", ("left in the round",),
                                                     "Play your last cards"),
                                          seconds=2.0, signal="attention", kind="banner")],
    "time_up": lambda e, s: [time_up(BANNER_SECONDS)],
    "round_over": _round_over,
    "round_ready": lambda e, s: [Overlay(BannerView(f"Round {e['round']}", "Shuffle",
                                                    ("Draw hands, lay a goal" if s.get("one_goal")
                                                     else "Draw hands, lay 3 goals",),
                                                    "then CONFIRM: go!"), seconds=BANNER_SECONDS, kind="banner")],
    "game_over": _game_over,
}


def _helped(e: Mapping[str, Any]) -> str:
    """What a Help card did, and what now."""
    if e["use"] == "redraw":
        return "Everyone: discard and draw again"
    return f"Lifted cards are out. {'Still broken' if e.get('broken') else 'Play on'}"


# ---- buttons ---------------------------------------------------------------------------------

def confirm(state: Mapping[str, Any]) -> dict[str, Any] | Menu | None:
    """CONFIRM starts the clock, goes on to the next round, or (with no timer) asks to end the round."""
    step = round_step(state)
    if step is not None or state["over"]:
        return step
    if not state["seconds"]:
        return Menu("End the round?", (("Yes: score it", {"type": "end_round"}),))
    return None


def menu(state: Mapping[str, Any]) -> Menu | None:
    """SPARE: a Help card by button (for tables that keep them in hand), or end a round without a timer."""
    if state["over"] or state["phase"] != "playing":
        return None
    choices: list[tuple[str, Any]] = []
    if state["help_left"] != 0:
        if any(p["lifted"] for r in state["rows"] for p in r["cards"]):
            choices.append(("Help: clear lifted", {"type": "help", "use": "clear"}))
        choices.append(("Help: all redraw", {"type": "help", "use": "redraw"}))
    if not state["seconds"]:
        choices.append(("End the round", {"type": "end_round"}))
    return Menu("Math Rush", tuple(choices)) if choices else None
