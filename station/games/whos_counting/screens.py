"""What Who's Counting? shows on the OLED: setup choices, the live screen (whose turn, scores,
the clock, and the "Who's Counting?" countdown), and a screen for each event, in a few words."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from engine.catalog import load_catalog
from station.settings import seat_names
from station.ui.overlays import Overlay, by_event
from station.ui.setup import Choice, SetupOption
from station.ui import winners
from station.ui.views import BannerView, LiveView, Menu, PlayerLine, VerdictView, View, clock_text

GAME = "whos-counting"
SCORED_SECONDS = 2.5
BANNER_SECONDS = 4.0
VERDICT_SECONDS = 5.0
EFFECTS = {"double": "Double", "extra_turn": "Extra Turn", "stop": "Stop", "steal": "Steal", "negative": "Negative",
           "zero": "Zero", "split": "Split"}
#: A violation's code -> the verdict screen's title (the reason, in a word or two).
VERDICT_TITLES = {
    "remainder": "Remainder", "not_whole": "Not whole", "below_zero": "Below zero", "two_times": "One × only",
    "numbers": "2 to 4 numbers", "operations": "1 to 3 signs", "malformed": "Check the order", "empty": "No cards",
    "division_by_zero": "÷ 0", "not_in_sum": "Not on the strip", "not_blue": "Blue box",
    "wild_not_in_sum": "Not on the strip",
    "played_before": "Played already", "not_your_turn": "Not your turn", "wait_window": "Wait", "one_red": "One red only",
    "too_late": "Too late!", "no_expression": "Too early", "own_turn": "Your own turn", "goo": "Green Goo!",
    "not_stop": "Not a Stop", "nothing_to_stop": "Nothing to stop", "stopped_already": "Stopped already",
    "bad_trade": "Trade 1 to 7", "bad_declaration": "Not allowed", "not_wild": "Not a wild card",
    "not_red": "Not a red card", "wrong_game": "Other game", "game_over": "Game over",
}
#: A violation's code -> the verdict's detail below the player's name: why, in words that fit two
#: lines, then the next step (the engine's sentences are for the story and the journal). A broken
#: expression is fixed on the strip and laid again: "Fix it, CONFIRM" (the rules: it is still your turn).
FIX = "Fix it, CONFIRM"
VERDICT_DETAILS: dict[str, Any] = {
    "remainder": lambda e: f"{_sentence(e)}. {FIX}", "division_by_zero": lambda e: f"{_sentence(e)}. {FIX}",
    "not_whole": f"The answer is not whole. {FIX}",
    "below_zero": lambda e: f"{e.get('expression', 'It')} is less than 0. {FIX}",
    "two_times": f"Use one × only. {FIX}", "numbers": f"Use 2 to 4 number cards. {FIX}",
    "operations": f"Use 1 to 3 signs. {FIX}", "malformed": f"Numbers and signs take turns. {FIX}",
    "empty": "Lay cards on the strip, then CONFIRM",
    "not_in_sum": "Only numbers and signs there. Take it off", "wild_not_in_sum": "Only numbers and signs there. Take it off",
    "not_blue": "Only blue cards there. Take it back", "played_before": "That card was played. Take it back",
    "wait_window": "Wait for the score", "one_red": "One red card a turn. Take it back",
    "too_late": "The count is over. Take it back",
    "no_expression": "Wait for Who's Counting?", "own_turn": "Red cards are for others' turns. Take it back",
    "goo": "No Stop against Green Goo. Take it back", "not_stop": "Only a Stop answers a red card. Take it back",
    "nothing_to_stop": "No red card to stop. Take it back", "stopped_already": "One Stop is enough. Take it back",
    "bad_declaration": "Choose again", "not_wild": "That card is what it says",
    "not_red": "Only red cards there. Take it back", "wrong_game": "Not a card of this game. Take it back",
    "game_over": "CONFIRM: new game",
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
        SetupOption("window", "Counting", [Choice(n, f"{n} s") for n in (5, 8, 10, 3)], defaults.get("window", 5)),
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
    if state["over"]:
        lines = tuple(PlayerLine(name, _signed(state["scores"][name]), "won" if name in state["winners"] else "")
                      for name in state["players"])
        return LiveView("Game over", clock, winners.headline(state["winners"]), lines, page, "CONFIRM: new game")
    lines = tuple(PlayerLine(name, _signed(state["scores"][name]), "waiting" if name == turn["player"] else "")
                  for name in state["players"])
    headline = _declared_line(turn["declared"]) if turn["declared"] else "Lay cards, CONFIRM"
    goal = f"First to {state['target']} wins" if state["target"] else "Most points wins"
    return LiveView(f"{turn['player']}'s turn", clock, headline, lines, page, goal)


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


def _signed(points: int) -> str:
    """A score as the cards write numbers: −41 with a true minus sign."""
    return f"−{-points}" if points < 0 else str(points)


def _time_left(state: Mapping[str, Any], seconds: float) -> str:
    if not state["minutes"]:
        return clock_text(seconds)
    return clock_text(max(state["minutes"] * 60 - seconds, 0))


def _red_line(turn: Mapping[str, Any]) -> str:
    red = turn["red"] or {}
    return f"{red.get('player', '?')}: {EFFECTS.get(red.get('effect') or '', 'red card')}"


def overlays(events: Sequence[Mapping[str, Any]], state: Mapping[str, Any], reveal: str) -> list[Overlay]:
    return by_event(events, _OVERLAYS, events)


def _scored(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]]) -> list[Overlay]:
    doubled = f" ×{2 ** e['doubles']}" if e["doubles"] else ""
    lines = (f"{e['expression']} = {e['value']}", f"+{e['bonus']} for {e['operations']} sign"
             f"{'s' if e['operations'] != 1 else ''}{doubled}")
    return [Overlay(BannerView(e["player"], str(e["score"]), lines), seconds=SCORED_SECONDS, signal="accepted",
                    kind="scored")]


def _violation(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]]) -> list[Overlay]:
    """The reason as the title; below it, up to three lines: who, what exactly, and on a line
    of its own what to do now ("Ben: 12 ÷ 5 leaves a remainder." / "Fix it, CONFIRM")."""
    title = VERDICT_TITLES.get(e["code"], "Not allowed")
    detail = VERDICT_DETAILS.get(e["code"]) or _sentence  # the engine's own sentence: "It is Cleo's turn"
    if callable(detail):
        detail = detail(e)
    if e.get("player") and e["code"] != "game_over":  # "Ben: it is Cleo's turn"; "Ben: 12 ÷ 5 leaves …" stays
        detail = f"{e['player']}: {detail[:1].lower() + detail[1:] if detail[1:2].islower() else detail}"
    return [Overlay(VerdictView("wrong", title, detail), seconds=VERDICT_SECONDS, signal="rejected", kind="verdict")]


def _sentence(e: Mapping[str, Any]) -> str:
    return str(e.get("message", "")).rstrip(".!")


def _red(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]]) -> list[Overlay]:
    lines = (f"{e['player']} is counting!", "No Stop can help!" if e["goo"] else f"{e['against']}: Stop?")
    return [Overlay(BannerView("Green Goo!" if e["goo"] else "Red card", EFFECTS[e["effect"]], lines), seconds=2.0,
                    signal="attention", kind="banner")]


def _turn_scored(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]]) -> list[Overlay]:
    """The turn's points, everyone else's change, and how many cards the player draws."""
    player, changes = e["player"], e["changes"]
    mine = changes.get(player, 0)
    lines = tuple(f"{name} {'gets' if delta >= 0 else 'loses'} {abs(delta)}" for name, delta in changes.items()
                  if name != player) + (f"{player} now {_signed(e['scores'][player])}",)
    drawn = next((d["cards"] for d in batch if d["type"] == "draw" and d["player"] == player), 0)
    hint = f"Draw {drawn}, clear cards" if drawn else "Clear the cards"
    big = f"+{mine}" if mine > 0 else _signed(mine)
    return [Overlay(BannerView(f"{player} scores", big, lines, hint), seconds=BANNER_SECONDS, kind="result")]


def _game_over(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]]) -> list[Overlay]:
    """The winner and their points; everyone's scores are one CONFIRM away (six do not fit here)."""
    best = e["winners"]
    points = f"{_signed(e['scores'][best[0]])} points{' each' if len(best) > 1 else ''}"
    title = "Target reached!" if e["reason"] == "target" else "Time is up!"
    return [Overlay(winners.banner(title, best, points, "CONFIRM: all scores"), seconds=None, signal="attention",
                    kind="banner")]


def _next_player(batch: Sequence[Mapping[str, Any]]) -> str:
    """Whose turn it is after this batch of events, for the bottom line."""
    following = next((e["player"] for e in batch if e["type"] == "turn"), "")
    return f"Now {following}'s turn" if following else ""


_OVERLAYS = {
    "expression_scored": _scored,
    "violation": _violation,
    "red_card": _red,
    "stopped": lambda e, s: [Overlay(VerdictView("ok", "Stopped!", "Red card does nothing. Wait for the score",
                                                 e["player"]),
                                     seconds=2.0, signal="accepted", kind="verdict")],
    "turn_scored": _turn_scored,
    "extra_turn": lambda e, s: [Overlay(BannerView("Extra turn", e["player"],
                                                   ("All seven cards!",) if e["reason"] == "all_seven" else (),
                                                   "Play again"),
                                        seconds=BANNER_SECONDS, signal="attention", kind="banner")],
    # needs_declaration and declared have no screen of their own: the live screen asks the question
    # and then says what the card was named, so CONFIRM always reaches the game
    "traded": lambda e, s: [Overlay(BannerView(f"{e['player']} trades", f"Draw {e['count']}",
                                               (f"Discard {e['count']} first",), _next_player(s)),
                                    seconds=BANNER_SECONDS, kind="banner")],
    "passed": lambda e, s: [Overlay(VerdictView("info", "Pass", _next_player(s), e["player"]), seconds=2.0,
                                    kind="verdict")],
    "time_up": lambda e, s: [Overlay(BannerView("Time is up", "Last turn", (), "Finish this turn"),
                                     seconds=BANNER_SECONDS, signal="attention", kind="banner")],
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
