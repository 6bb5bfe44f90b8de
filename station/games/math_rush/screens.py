"""What Math Rush shows on the OLED: setup choices, the race (time left in big digits beside the
goals in play, cards placed / needed, a cross for a broken set), a screen for each verdict, and
the end of a round goal by goal. Every screen ends on the next step: a wrong card says why and how
to mend the set (lift it and use a Help card), a goal done says to flip it and lay a new one.
Every word comes from the game's own catalog (``words.WORDS``), in the language of the moment."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from engine.catalog import Card
from engine.games import GAME_TITLES
from station.games.math_rush import words
from station.games.math_rush.words import WORDS, card_of, goal_why, help_cards, limit, points, rating, refusal, \
    stars, why
from station.settings import seat_names
from station.ui.overlays import Overlay, by_event
from station.ui.rounds import round_step, time_up
from station.ui.setup import Choice, SetupOption
from station.ui.views import BannerView, Menu, PlayerLine, TimerView, VerdictView, View, clock_text

GAME = "math-rush"
TITLE = GAME_TITLES[GAME]  # the game's name, as printed on its cards
VERDICT_SECONDS = 3.0  # a wrong card: short, the race goes on
BANNER_SECONDS = 3.0
GOAL_SECONDS = 4.0  # each goal at the end of a round
_ = WORDS.lazy_gettext
#: A violation's code -> the verdict screen's title; its detail is the refusal's sentence (``words.refusal``).
VERDICT_TITLES = {
    "not_a_goal": _("Not a goal"), "not_a_number": _("Not a number"), "goal_used": _("Goal used"),
    "row_taken": _("Row taken"), "too_many_goals": _("Too many goals"), "started": _("Clock running"),
    "no_goals": _("Lay goals first"), "not_started": _("Press CONFIRM"), "too_late": _("Too late!"),
    "played_already": _("Played already"), "no_goal": _("No goal there"), "goal_done": _("Goal complete"),
    "no_help": _("No Help left"), "nothing_lifted": _("Lift cards first"), "one_set": _("One set only"),
    "not_playing": _("Not now"), "round_on": _("Round is on"), "round_over": _("Round over"),
    "game_over": _("Game over"), "advanced": _("Advanced card"),
}
NOT_ALLOWED = _("Not allowed")
TIMER_CHOICES = (("auto", _("usual")),  # 3 minutes, 4 solo (the sheet)
                 (120, _("{n} min", n=2)), (180, _("{n} min", n=3)), (240, _("{n} min", n=4)),
                 (300, _("{n} min", n=5)), (0, _("no timer")))


def _own_timer(timer: Any) -> list[Choice]:
    """station.toml's own round length, when the row does not offer it: "1 min 35 s", "7 min"."""
    if timer in dict(TIMER_CHOICES):
        return []
    minutes, seconds = divmod(int(timer), 60)
    return [Choice(timer, " ".join(part for part in (WORDS.gettext("{n} min", n=minutes) if minutes else "",
                                                      WORDS.gettext("{n} s", n=seconds) if seconds else "") if part))]


def setup_options(defaults: Mapping[str, Any]) -> list[SetupOption]:
    """The setup rows, worded when the setup screen is built (in the station's language then)."""
    timer = defaults.get("timer", "auto")
    return [
        SetupOption("players", WORDS.gettext("Players"), [Choice(n, str(n)) for n in range(1, 9)], int(defaults.get("players", 3))),
        SetupOption("timer", WORDS.gettext("Timer"), [*_own_timer(timer), *(Choice(value, str(label))
                                                                 for value, label in TIMER_CHOICES)], timer),
        SetupOption("advanced", WORDS.gettext("Advanced"), [Choice(True, WORDS.gettext("in")), Choice(False, WORDS.gettext("out"))],
                    bool(defaults.get("advanced", True))),
        SetupOption("help", WORDS.gettext("Help cards"), [Choice("cards", WORDS.gettext("3 in all")), Choice("unlimited", WORDS.gettext("unlimited"))],
                    defaults.get("help", "cards")),
        SetupOption("one_goal", WORDS.gettext("Goals"), [Choice(False, WORDS.gettext("3 at once")), Choice(True, WORDS.gettext("1 at a time"))],
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
    title = WORDS.gettext("Round {round} of {rounds}", round=state["round"], rounds=state["rounds"])
    if state["over"]:
        return BannerView(TITLE, points(state["total"]), (rating(state["total"]),), WORDS.gettext("CONFIRM: new game"))
    if state["phase"] == "setup":
        if not rows:
            return BannerView(title, WORDS.gettext("Lay goals"), (WORDS.gettext("in the goal column"),), WORDS.gettext("then CONFIRM: go!"))
        return TimerView(title, _time_left(state, seconds) if state["seconds"] else WORDS.gettext("Ready"), rows, WORDS.gettext("CONFIRM: go!"))
    if state["phase"] == "round_over":
        return BannerView(title, points(state["round_points"][-1]), (_total(sum(state["round_points"])),),
                          WORDS.gettext("Clear cards, CONFIRM"))
    help_left = state["help_left"]
    hint = (WORDS.gettext("Play! {left}", left=words.help_left(help_left)) if help_left is not None
            else WORDS.gettext("Play! Help as you like"))
    return TimerView(title, _time_left(state, seconds) if state["seconds"] else clock_text(seconds - state["started_at"]),
                     rows, hint)


def _goal_line(row: Mapping[str, Any]) -> PlayerLine:
    """One goal: its row, cards placed of needed ("2 of 3": in a fractions game "2/3" reads as two
    thirds); a cross when broken, a star when done."""
    status = "out" if row["broken"] else "won" if row["complete"] else ""
    return PlayerLine(_row(row["row"]), WORDS.gettext("{placed} of {count}", placed=row["placed"], count=row["count"]),
                      status)  # the goal lies in its row


def _time_left(state: Mapping[str, Any], seconds: float) -> str:
    """The round's time left, m:ss (the whole round before it starts); game times are in 0.01 s."""
    if state["phase"] == "setup":
        left = float(state["seconds"])
    else:
        left = max(math.ceil(round(state["started_at"] + state["seconds"] - seconds, 2)), 0)
    minutes, secs = divmod(int(left), 60)
    return f"{minutes}:{secs:02d}"


def _row(row: int) -> str:
    return WORDS.gettext("Row {row}", row=row)


def _total(total: int) -> str:
    return WORDS.gettext("Total {total}", total=total)


# ---- a screen per event -----------------------------------------------------------------------

def overlays(events: Sequence[Mapping[str, Any]], state: Mapping[str, Any], reveal: str) -> list[Overlay]:
    return by_event(events, _OVERLAYS, state)


def _played(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    """A wrong card: its row and face in bold, then three lines for why and how to mend the set
    (a reason with two long faces, "16 2/3% ≠ 0.58(3): not equal", takes two of them)."""
    if e["ok"]:
        return []  # a right card needs no screen: the count on the live screen goes up, and the race goes on
    return [Overlay(VerdictView("wrong", WORDS.gettext("Row {row}: {card}", row=e["row"], card=e["shown"]),
                                _mend(why(e.get("because"), e["reason"]), e["row"], state)),
                    seconds=VERDICT_SECONDS, signal="rejected", kind="verdict")]


def _mend(reason: str, row: int, state: Mapping[str, Any]) -> str:
    """Why a set is broken, and how the team mends it: lift the card and use a Help card (or,
    where lifting alone takes a card away, just lift it). A set that is full stays as it is: the
    next screen says to flip its goal."""
    if any(r["row"] == row and r["complete"] for r in state["rows"]):
        return reason
    help_left = state["help_left"]
    if help_left is None or state.get("one_goal"):
        step = WORDS.gettext("Take it off the row")
    elif help_left:
        step = WORDS.gettext("Lift it, use a Help card")
    else:
        step = WORDS.gettext("No Help left: play on")
    return WORDS.gettext("{reason}. {step}", reason=reason, step=step)


def _complete(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    goal = _row_goal(e["row"], e["goal"])
    if e["broken"]:
        return [Overlay(VerdictView("wrong", stars(0), WORDS.gettext("The set is broken. Flip it, lay a new goal"), goal),
                        seconds=VERDICT_SECONDS, signal="rejected", kind="verdict")]
    return [Overlay(VerdictView("ok", WORDS.gettext("Flip it!"), WORDS.gettext("{stars}! Now lay a new goal", stars=stars(e["stars"])), goal),
                    seconds=VERDICT_SECONDS, signal="accepted", kind="verdict")]


def _row_goal(row: int, goal: str) -> str:
    """ "Row 2: UP 3" (the goal's name as printed on its card)."""
    return WORDS.gettext("Row {row}: {goal}", row=row, goal=goal)


def _violation(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    """The reason as the title, the card in bold, the refusal's sentence (why, and what to do):
    another game's card is said in fewer words than the engine's, which names both games."""
    title, detail = str(VERDICT_TITLES.get(e["code"], NOT_ALLOWED)), refusal(e).rstrip(".")
    card = card_of(e.get("card"))
    if card is not None and card.game != GAME:
        title, detail = WORDS.gettext("Other game"), WORDS.gettext("Not a Math Rush card. Take it back")
    return [Overlay(VerdictView("wrong", title, detail, _card_words(card)),
                    seconds=VERDICT_SECONDS, signal="rejected", kind="verdict")]


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
        said = goal_why(goal) if goal["why"] else ""
        shown.append(Overlay(BannerView(_row_goal(goal["row"], goal["goal"]), stars(goal["stars"]),
                                        (said,) if said else (), WORDS.gettext("CONFIRM: next")),
                             seconds=GOAL_SECONDS, kind="result"))
    shown.append(Overlay(BannerView(WORDS.gettext("Round {round}", round=e["round"]), points(e["points"]), (_total(e["total"]),),
                                    WORDS.gettext("CONFIRM: next")), kind="result"))
    return shown


def _game_over(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    help_line = (WORDS.gettext("+{bonus} for {help} kept", bonus=e["help_bonus"], help=help_cards(e["help_left"]))
                 if e["help_left"] is not None else WORDS.gettext("Unlimited Help: no bonus"))
    return [
        Overlay(BannerView(WORDS.gettext("Rounds"), " + ".join(map(str, e["rounds"])), (help_line,), WORDS.gettext("CONFIRM: next")),
                kind="result"),
        Overlay(BannerView(TITLE, points(e["total"]), (rating(e["total"]),), WORDS.gettext("CONFIRM: new game")),
                signal="attention", kind="result"),
    ]


_OVERLAYS: dict[str, Any] = {
    "card_played": _played,
    "goal_complete": _complete,
    "violation": _violation,
    "goal_laid": lambda e, s: [] if s["phase"] == "setup" else [  # before the round the live screen lists them
        Overlay(VerdictView("info", _row_goal(e["row"], e["name"]),
                            WORDS.gettext("{limit}. Play!", limit=limit(e) or WORDS.gettext("Any cards"))),
                seconds=2.0, kind="verdict")],
    "round_started": lambda e, s: [Overlay(BannerView(WORDS.gettext("Round {round}", round=e["round"]),
                                                      WORDS.gettext("Go!"), (WORDS.gettext("Play your cards!"),)),
                                           seconds=1.5, signal="attention", kind="banner")],
    "card_lifted": lambda e, s: [Overlay(VerdictView("info", WORDS.gettext("Card lifted"),
                                                     WORDS.gettext("Use a Help card, or put it back"), _row(e["row"])),
                                         seconds=VERDICT_SECONDS, kind="verdict")],
    "put_back": lambda e, s: [Overlay(VerdictView("info", WORDS.gettext("Row {row}: put back", row=e["row"]),
                                                  _mend(why(e.get("because"), e["broken"]), e["row"], s)
                                                  if e.get("broken") else WORDS.gettext("In its place again. Play on")),
                                      seconds=2.0, kind="verdict")],
    "help_used": lambda e, s: [Overlay(VerdictView("ok", WORDS.gettext("Help!"), _helped(e),
                                                   words.help_left(e["left"]) if e["left"] is not None else ""),
                                       seconds=BANNER_SECONDS, signal="accepted", kind="verdict")],
    "time_warning": lambda e, s: [Overlay(BannerView(WORDS.gettext("Hurry!"),
                                                     WORDS.ngettext("{n} second", "{n} seconds", e["seconds"]),
                                                     (WORDS.gettext("left in the round"),),
                                                     WORDS.gettext("Play your last cards")),
                                          seconds=2.0, signal="attention", kind="banner")],
    "time_up": lambda e, s: [time_up(BANNER_SECONDS)],
    "round_over": _round_over,
    "round_ready": lambda e, s: [Overlay(BannerView(WORDS.gettext("Round {round}", round=e["round"]),
                                                    WORDS.gettext("Shuffle"),
                                                    (WORDS.gettext("Draw hands, lay a goal") if s.get("one_goal")
                                                     else WORDS.gettext("Draw hands, lay 3 goals"),),
                                                    WORDS.gettext("then CONFIRM: go!")),
                                         seconds=BANNER_SECONDS, kind="banner")],
    "game_over": _game_over,
}


def _helped(e: Mapping[str, Any]) -> str:
    """What a Help card did, and what now."""
    if e["use"] == "redraw":
        return WORDS.gettext("Everyone: discard and draw again")
    return WORDS.gettext("Lifted cards are out. Still broken") if e.get("broken") else \
        WORDS.gettext("Lifted cards are out. Play on")


# ---- buttons ---------------------------------------------------------------------------------

def confirm(state: Mapping[str, Any]) -> dict[str, Any] | Menu | None:
    """CONFIRM starts the clock, goes on to the next round, or (with no timer) asks to end the round."""
    step = round_step(state)
    if step is not None or state["over"]:
        return step
    if not state["seconds"]:
        return Menu(WORDS.gettext("End the round?"), ((WORDS.gettext("Yes: score it"), {"type": "end_round"}),))
    return None


def menu(state: Mapping[str, Any]) -> Menu | None:
    """SPARE: a Help card by button (for tables that keep them in hand), or end a round without a timer."""
    if state["over"] or state["phase"] != "playing":
        return None
    choices: list[tuple[str, Any]] = []
    if state["help_left"] != 0:
        if any(p["lifted"] for r in state["rows"] for p in r["cards"]):
            choices.append((WORDS.gettext("Help: clear lifted"), {"type": "help", "use": "clear"}))
        choices.append((WORDS.gettext("Help: all redraw"), {"type": "help", "use": "redraw"}))
    if not state["seconds"]:
        choices.append((WORDS.gettext("End the round"), {"type": "end_round"}))
    return Menu(TITLE, tuple(choices)) if choices else None
