"""What Who's Counting? shows on the OLED: setup choices, the live screen (whose turn, scores,
the clock, and the "Who's Counting?" countdown), and a screen for each event, in a few words."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from engine.catalog import load_catalog
from station.settings import seat_names
from station.ui.overlays import Overlay
from station.ui.setup import Choice, SetupOption
from station.ui.views import BannerView, LiveView, Menu, PlayerLine, VerdictView, View, clock_text

GAME = "whos-counting"
SCORED_SECONDS = 2.5
BANNER_SECONDS = 4.0
VERDICT_SECONDS = 5.0
EFFECTS = {"double": "Double", "extra_turn": "Extra Turn", "stop": "Stop", "steal": "Steal", "negative": "Negative",
           "zero": "Zero", "split": "Split"}
#: A violation's code -> the verdict screen's title (its detail is the engine's sentence, cut short).
VERDICT_TITLES = {
    "remainder": "Remainder", "not_whole": "Not whole", "below_zero": "Below zero", "two_times": "One × only",
    "numbers": "2 to 4 numbers", "operations": "1 to 3 signs", "malformed": "Check the order", "empty": "No cards",
    "divide_by_zero": "÷ 0", "not_in_sum": "Not in the sum", "not_blue": "Blue box", "wild_not_in_sum": "Not in the sum",
    "played_before": "Played already", "not_your_turn": "Not your turn", "wait_window": "Wait", "one_red": "One red only",
    "too_late": "Too late!", "no_expression": "Too early", "own_turn": "Your own turn", "goo": "Green Goo!",
    "not_stop": "Not a Stop", "nothing_to_stop": "Nothing to stop", "stopped_already": "Stopped already",
    "bad_trade": "Trade 1 to 7", "bad_declaration": "Not allowed", "not_wild": "Not a wild card",
    "not_red": "Not a red card", "wrong_game": "Other game", "game_over": "Game over",
}


def setup_options(defaults: Mapping[str, Any]) -> list[SetupOption]:
    return [
        SetupOption("players", "Players", [Choice(n, str(n)) for n in range(2, 7)], int(defaults.get("players", 3))),
        SetupOption("order", "Order", [Choice("standard", "× ÷ first"), Choice("left-to-right", "left to right")],
                    defaults.get("order", "standard")),
        SetupOption("target", "Win at", [Choice(n, str(n)) for n in (500, 300, 200, 100)] + [Choice(0, "no target")],
                    int(defaults.get("target", 500))),
        SetupOption("minutes", "Time", [Choice(n, f"{n} min") for n in (20, 10, 15, 30)] + [Choice(0, "no clock")],
                    int(defaults.get("minutes", 20))),
        SetupOption("window", "Counting", [Choice(n, f"{n} s") for n in (5, 8, 10, 3)], int(defaults.get("window", 5))),
    ]


def game_config(choices: Mapping[str, Any], defaults: Mapping[str, Any], seed: int) -> dict[str, Any]:
    target, minutes = choices["target"], choices["minutes"]
    if not target and not minutes:
        minutes = 20  # a game needs an end
    return {"game": GAME, "seed": seed, "players": seat_names(defaults, choices["players"]), "order": choices["order"],
            "target": target, "minutes": minutes, "window": choices["window"],
            "bonus_counts": defaults.get("bonus_counts", "cards"), "split_rounds": defaults.get("split_rounds", "down")}


def live_view(state: Mapping[str, Any], seconds: float, page: int) -> View:
    turn = state["turn"]
    if turn.get("asking") and not state["over"]:
        return _question(turn["asking"])
    if turn["phase"] in ("window", "answer") and not state["over"]:
        left = str(max(math.ceil(round(turn["until"] - seconds, 2)), 0))  # game times are in 0.01 s: 35.2 − 6.2 is 29
        red = turn["red"]
        if red and (turn["stopped_by"] or red["goo"]):  # nothing more can happen: a second red card is refused
            return BannerView("Stopped!" if turn["stopped_by"] else "Green Goo!", left, (_red_line(turn),),
                              "Wait for the score")
        if turn["phase"] == "answer":
            return BannerView(f"{turn['player']}: Stop?", left, (_red_line(turn),), "Stop in the blue box")
        return BannerView("Who's Counting?", left, (f"{turn['player']}: {turn['score']} points",),
                          "Red card in your box!")
    clock = _time_left(state, seconds)
    lines = tuple(PlayerLine(name, f"{state['scores'][name]}", "waiting" if name == turn["player"] else
                             "won" if name in state["winners"] else "") for name in state["players"])
    if state["over"]:
        headline = f"{' & '.join(state['winners'])} won!"
    elif turn["declared"]:
        headline = _declared_line(turn["declared"])
    else:
        headline = f"{turn['player']}: lay, then CONFIRM"
    target = f"to {state['target']}" if state["target"] else "most points"
    return LiveView(f"{turn['player']}'s turn" if not state["over"] else "Game over", clock, headline, lines, page,
                    f"Play {target} · pile {state['draw_pile']}")


def _question(asking: Mapping[str, Any]) -> View:
    """A wild card waits to be named: the live screen itself asks, so CONFIRM opens the question
    (over a timed screen, CONFIRM would only have put that screen away)."""
    return BannerView(f"{asking['player']}: {_wild_name(asking['card'])} card", "?", ("What is it?",),
                      "CONFIRM: choose")


def _declared_line(declared: Mapping[str, str]) -> str:
    """The wild card named last, and what to do now: lay the expression (CONFIRM). A blue card's
    name says enough on its own ("Double: CONFIRM"); a number or a sign says which card it is."""
    card, value = list(declared.items())[-1]
    named = _shown(value) if value in EFFECTS else f"{_wild_name(card)} is {_shown(value)}"
    return f"{named}: CONFIRM"


def _wild_name(card: str) -> str:
    effect = load_catalog().card(card).face.extra.get("effect")
    return "Choice" if effect == "choice" else "Super"


def _time_left(state: Mapping[str, Any], seconds: float) -> str:
    if not state["minutes"]:
        return clock_text(seconds)
    return clock_text(max(state["minutes"] * 60 - seconds, 0))


def _red_line(turn: Mapping[str, Any]) -> str:
    red = turn["red"] or {}
    line = f"{red.get('player', '?')}: {EFFECTS.get(red.get('effect') or '', 'red card')}"
    return f"{line}, no Stop" if red.get("goo") else line


def overlays(events: Sequence[Mapping[str, Any]], state: Mapping[str, Any], reveal: str) -> list[Overlay]:
    shown: list[Overlay] = []
    for event in events:
        make = _OVERLAYS.get(event["type"])
        if make is not None:
            shown.extend(make(event, events))
    return shown


def _scored(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]]) -> list[Overlay]:
    doubled = f" ×{2 ** e['doubles']}" if e["doubles"] else ""
    lines = (f"{e['expression']} = {e['value']}", f"+{e['bonus']} for {e['operations']} sign"
             f"{'s' if e['operations'] != 1 else ''}{doubled}")
    return [Overlay(BannerView(e["player"], str(e["score"]), lines), seconds=SCORED_SECONDS, signal="accepted",
                    kind="scored")]


def _violation(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]]) -> list[Overlay]:
    title = VERDICT_TITLES.get(e["code"], "Not allowed")
    detail = str(e.get("message", "")).rstrip(".!")
    return [Overlay(VerdictView("wrong", title, detail, who=e.get("player") or ""), seconds=VERDICT_SECONDS,
                    signal="rejected", kind="verdict")]


def _red(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]]) -> list[Overlay]:
    lines = (f"{e['player']} is counting!", "Green Goo: no Stop!" if e["goo"] else f"{e['against']}: Stop?")
    return [Overlay(BannerView("Red card", EFFECTS[e["effect"]], lines), seconds=2.0, signal="attention",
                    kind="banner")]


def _turn_scored(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]]) -> list[Overlay]:
    """The turn's points, everyone else's change, and how many cards the player draws."""
    player, changes = e["player"], e["changes"]
    mine = changes.get(player, 0)
    lines = tuple(f"{name} {'gets' if delta >= 0 else 'loses'} {abs(delta)}" for name, delta in changes.items()
                  if name != player) + (f"{player} now {e['scores'][player]}",)
    drawn = next((d["cards"] for d in batch if d["type"] == "draw" and d["player"] == player), 0)
    hint = f"Draw {drawn}, clear cards" if drawn else "Clear the cards"
    return [Overlay(BannerView(f"{player} scores", f"{mine:+d}" if mine else "0", lines, hint), seconds=BANNER_SECONDS,
                    kind="result")]


def _game_over(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]]) -> list[Overlay]:
    scores = tuple(f"{name} {points}" for name, points in e["scores"].items())
    title = "Target reached!" if e["reason"] == "target" else "Time is up!"
    return [Overlay(BannerView(title, " & ".join(e["winners"]), scores, "CONFIRM twice: new game"), seconds=None,
                    signal="attention", kind="banner")]


_OVERLAYS = {
    "expression_scored": _scored,
    "violation": _violation,
    "red_card": _red,
    "stopped": lambda e, s: [Overlay(VerdictView("ok", "Stopped!", "The red card does nothing", e["player"]),
                                     seconds=2.0, signal="accepted", kind="verdict")],
    "turn_scored": _turn_scored,
    "extra_turn": lambda e, s: [Overlay(BannerView("Extra turn", e["player"],
                                                   ("All seven cards!",) if e["reason"] == "all_seven" else ()),
                                        seconds=BANNER_SECONDS, signal="attention", kind="banner")],
    # needs_declaration and declared have no screen of their own: the live screen asks the question
    # and then says what the card was named, so CONFIRM always reaches the game
    "traded": lambda e, s: [Overlay(BannerView(e["player"], f"Draw {e['count']}", ("Traded",)),
                                    seconds=BANNER_SECONDS, kind="banner")],
    "passed": lambda e, s: [Overlay(VerdictView("info", "Pass", "", e["player"]), seconds=2.0, kind="verdict")],
    "time_up": lambda e, s: [Overlay(BannerView("Time is up", "Last turn", ()), seconds=BANNER_SECONDS,
                                     signal="attention", kind="banner")],
    "game_over": _game_over,
}


def _shown(value: str) -> str:
    return EFFECTS.get(value, {"-": "−"}.get(value, value))


def confirm(state: Mapping[str, Any]) -> dict[str, Any] | Menu | None:
    """CONFIRM: say what a wild card stands for when one is waiting, else submit the strip."""
    turn = state["turn"]
    asking = turn.get("asking")
    if asking:
        return Menu(f"{_wild_name(asking['card'])} is…", tuple(
            (_shown(value), {"type": "declare", "player": asking["player"], "card": asking["card"], "value": value})
            for value in asking["choices"]))
    if state["over"] or turn["phase"] != "laying":
        return None
    return {"type": "submit", "player": turn["player"], "cards": [], "blue": []}


def menu(state: Mapping[str, Any]) -> Menu | None:
    """SPARE: pass, trade some cards, or the best expression the last turn's cards could make."""
    if state["over"]:
        return None
    turn = state["turn"]
    choices: list[tuple[str, Any]] = []
    if turn["phase"] == "laying":
        player = turn["player"]
        choices.append(("Pass", {"type": "pass", "player": player}))
        hand = state["hands"][player]
        choices += [(f"Trade {n}", {"type": "trade", "player": player, "count": n}) for n in range(1, hand + 1)]
    best = state.get("best")
    if best:
        choices.append(("Best last turn", BannerView("Could have made", str(best["points"]), (best["expression"],),
                                                     "Any button: back")))
    return Menu("Your turn", tuple(choices)) if choices else None
