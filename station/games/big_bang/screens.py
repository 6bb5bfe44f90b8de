"""What Big Bang shows on the OLED: setup choices, the tableau as a small map with the last card
filled in (score, cards left, the time), a buzz and the reason for a card that does not fit,
a tone only for one that does, a dead hand, and each round's sum.

In a race every player's score is beside the map, and SELECT turns the map to the next player's
tableau."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from engine.big_bang.hint import hint
from station.settings import seat_names
from station.ui.overlays import Overlay, by_event
from station.ui.rounds import round_step, time_up
from station.ui.setup import Choice, SetupOption
from station.ui.views import BannerView, Menu, MapView, Tile, VerdictView, View, clock_text

GAME = "big-bang"
VERDICT_SECONDS = 3.0
BANNER_SECONDS = 3.0
RESULT_SECONDS = 5.0
STAR_LABEL, RULES_LABEL = "*", "R"
#: A violation's code -> the verdict screen's title; its detail is the engine's sentence, which says
#: why and what to do ("That card is from set B (Ben's): play your own set, Ana"), unless:
VERDICT_STEPS = {"game_over": "CONFIRM: new game", "wrong_game": "Not a Big Bang card. Take it back"}
VERDICT_TITLES = {
    "not_your_set": "Not your set", "wrong_game": "Other game", "rules_off": "No Rules cards",
    "played_stays": "It stays down", "no_digging": "Top card only", "fits": "It fits!",
    "top_fits": "Top card fits", "hand_fits": "A card fits", "not_started": "Press CONFIRM",
    "started": "Already started", "round_on": "Round is on", "round_over": "Round over", "game_over": "Game over",
}
#: A placement's reason (engine.big_bang.text) -> the verdict's title and detail: why, then the next step.
PLACEMENTS = {
    "Touch a card": ("Not touching", "Lay it beside a card"),
    "Cell taken": ("Place taken", "A card is there. Take it back"),
    "Dead face": ("Dead face", "That side takes nothing. Take it back"),
}
TIMER_CHOICES = ((0, "none"), (3, "3 min"), (5, "5 min"), (10, "10 min"), (15, "15 min"))


def setup_options(defaults: Mapping[str, Any]) -> list[SetupOption]:
    return [
        SetupOption("players", "Players", [Choice(1, "solo"), Choice(2, "race of 2")], int(defaults.get("players", 1))),
        SetupOption("rules_cards", "Rules cards", [Choice(False, "out"), Choice(True, "in")],
                    bool(defaults.get("rules_cards", False))),
        SetupOption("minutes", "Timer", [Choice(m, label) for m, label in TIMER_CHOICES],
                    int(defaults.get("minutes", 0))),   # a value the row does not offer is offered first
        SetupOption("replay", "Dead cards", [Choice(False, "stay out"), Choice(True, "replayed")],
                    bool(defaults.get("replay", False))),
        SetupOption("rounds", "Rounds", [Choice(n, str(n)) for n in (1, 2, 3, 5)],
                    int(defaults.get("rounds", 1))),
        SetupOption("stolen", "Scoring", [Choice(False, "own cards"), Choice(True, "stolen")],
                    bool(defaults.get("stolen", False))),
    ]


def game_config(choices: Mapping[str, Any], defaults: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """The engine's config from the setup screen's choices (stolen scoring only means something in a race)."""
    players = int(choices["players"])
    return {"game": GAME, "seed": seed, "players": seat_names(defaults, players),
            "rules_cards": bool(choices["rules_cards"]), "minutes": int(choices["minutes"]),
            "replay": bool(choices["replay"]), "rounds": int(choices["rounds"]),
            "stolen": bool(choices["stolen"]) and players > 1}


# ---- the live screen ------------------------------------------------------------------------

def live_view(state: Mapping[str, Any], seconds: float, page: int) -> View:
    title = "Big Bang" if state["rounds"] == 1 else f"Round {state['round']} of {state['rounds']}"
    if state["over"]:
        return _final(state)
    if state["phase"] == "setup":
        lines = ("Black Star in the middle", "Shuffle, draw 3") if len(state["players"]) == 1 else \
            ("A Black Star each", "Shuffle, draw 3")
        return BannerView(title, "Ready?", lines, "CONFIRM: go!")
    if state["phase"] == "round_over":
        return BannerView(title, "Round over", _totals(state), "Gather cards, CONFIRM")
    seats = state["tableaux"]
    seat = seats[page % len(seats)]
    clock = _time_left(state, seconds) if state["seconds"] else clock_text(seconds - state["started_at"])
    # cards down and cards left, not points: the score (down less left) is said once, at the round's end
    if len(seats) == 1:
        lines = (f"{_down(seat)} down", f"{seat['left']} left")
        return MapView(title, _tiles(seat), lines, clock, "Play, then draw to 3")
    lines = tuple(f"{s['player']} {_down(s)}" for s in seats)
    following = seats[(page + 1) % len(seats)]["player"]
    return MapView(seat["player"], _tiles(seat), lines, clock, f"SELECT: {following}'s map")


def _down(seat: Mapping[str, Any]) -> int:
    """The player's cards on the tableau, the Black Star aside."""
    return int(seat["numbers"]) + int(seat["rules"])


def _tiles(seat: Mapping[str, Any]) -> tuple[Tile, ...]:
    last = tuple(seat["last"]) if seat["last"] is not None else None
    return tuple(Tile((c["cell"][0], c["cell"][1]), _label(c), (c["cell"][0], c["cell"][1]) == last)
                 for c in seat["cells"])


def _label(piece: Mapping[str, Any]) -> str:
    return STAR_LABEL if piece["kind"] == "star" else RULES_LABEL if piece["kind"] == "rules" else str(piece["value"])


def _time_left(state: Mapping[str, Any], seconds: float) -> str:
    left = max(math.ceil(round(state["started_at"] + state["seconds"] - seconds, 2)), 0)
    minutes, secs = divmod(int(left), 60)
    return f"{minutes}:{secs:02d}"


def _points(points: int) -> str:
    return f"{points} point{'s' if abs(points) != 1 else ''}".replace("-", "−")


def _totals(state: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(f"{name}: {_points(score)}" for name, score in state["game_scores"].items())


def _final(state: Mapping[str, Any]) -> BannerView:
    winners = state["winners"]
    if len(state["players"]) == 1:
        return BannerView("Big Bang", _points(state["game_scores"][state["players"][0]]), (), "CONFIRM: new game")
    big = f"{winners[0]} wins!" if len(winners) == 1 else "A tie!"
    return BannerView("Game over", big, _totals(state), "CONFIRM: new game")


# ---- a screen per event -----------------------------------------------------------------------

def overlays(events: Sequence[Mapping[str, Any]], state: Mapping[str, Any], reveal: str) -> list[Overlay]:
    return by_event(events, _OVERLAYS, state)


def _played(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    if e["ok"]:  # counted silently: a tone, and the map on the live screen shows it
        return [Overlay(VerdictView("ok", _shown(e), "fits"), seconds=0.0, signal="accepted", kind="play")]
    reason = str(e["reason"])
    where, _, _ = reason.partition(": ")  # "6 beside 4: neighbours differ by exactly 1"
    if " beside " in where:
        title, detail, what = "No fit", "Neighbours are 1 apart. Take it back", where
    else:  # the engine's few words (engine.big_bang.text), each with why and what to do
        title, detail = PLACEMENTS.get(reason, ("No fit", f"{reason}. Take it back"))  # "Only 1 or 2 there"
        what = _shown(e)
    who = f"{e['player']}: {what}" if len(state["players"]) > 1 else what
    return [Overlay(VerdictView("wrong", title, detail, who), seconds=VERDICT_SECONDS, signal="rejected", kind="verdict")]


def _shown(e: Mapping[str, Any]) -> str:
    return {"star": "Black Star", "rules": "Rules card"}.get(e.get("kind", ""), str(e.get("value")))


def _violation(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    title = VERDICT_TITLES.get(e["code"], "Not allowed")
    detail = VERDICT_STEPS.get(e["code"]) or str(e["message"]).rstrip(".")
    return [Overlay(VerdictView("wrong", title, detail, e.get("player") or ""),
                    seconds=VERDICT_SECONDS, signal="rejected", kind="verdict")]


def _dead_hand(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    values = ", ".join(str(v) for v in e["values"] if v is not None) or "no numbers"
    who = e["player"] if len(state["players"]) > 1 else ""
    step = f"Draw {e['draw']}" if e["draw"] else "Your deck is empty"  # then the round ends: "Stuck"
    return [Overlay(VerdictView("info", "Dead hand", f"{values} on the pile. {step}", who),
                    seconds=BANNER_SECONDS, signal="attention", kind="verdict")]


def _round_over(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    """Each player's sum: cards down (Rules cards count 2), cards left, the round's points; with
    stolen scoring, the round's score and who takes the cards left."""
    shown = []
    for name, s in e["scores"].items():
        lines = [f"{s['numbers']} played" + (f", {s['rules']} Rules" if s["rules"] else "")
                 + f": +{s['numbers'] + 2 * s['rules']}", f"{s['unplayed']} left: −{s['unplayed']}"]
        if e["stolen"]:
            lines = [f"Round score {str(s['score']).replace('-', '−')}",
                     f"Best: +{s['points']} for cards left" if name in e["winners"] else "Not the best: 0 points"]
        shown.append(Overlay(BannerView(name if len(e["scores"]) > 1 else f"Round {e['round']}", _points(s["points"]),
                                        tuple(lines), "CONFIRM: next"), seconds=RESULT_SECONDS, kind="result"))
    return shown


def _game_over(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    return [Overlay(_final(state), signal="attention", kind="result")]


_OVERLAYS: dict[str, Any] = {
    "card_played": _played,
    "violation": _violation,
    "dead_hand": _dead_hand,
    "round_started": lambda e, s: [Overlay(BannerView(f"Round {e['round']}" if e["rounds"] > 1 else "Big Bang", "Go!",
                                                      ("Play beside the Star",)),
                                           seconds=1.5, signal="attention", kind="banner")],
    "reshuffled": lambda e, s: [Overlay(VerdictView("info", "Replay!", "Shuffle your pile: it is your deck now",
                                                    e["player"] if len(s["players"]) > 1 else ""),
                                        seconds=BANNER_SECONDS, kind="verdict")],
    "player_done": lambda e, s: [Overlay(BannerView(e["player"], "All down!" if e["reason"] == "all_down" else "Stuck",
                                                    ("Every card is down",) if e["reason"] == "all_down"
                                                    else ("Nothing more fits",), "The round is over"),
                                         seconds=BANNER_SECONDS, signal="attention", kind="banner")],
    "time_up": lambda e, s: [time_up(BANNER_SECONDS)],
    "round_over": _round_over,
    "round_ready": lambda e, s: [Overlay(BannerView(f"Round {e['round']}", "Shuffle", ("Black Star back, draw 3",),
                                                    "then CONFIRM: go!"), seconds=BANNER_SECONDS, kind="banner")],
    "game_over": _game_over,
}


# ---- buttons ---------------------------------------------------------------------------------

def confirm(state: Mapping[str, Any]) -> dict[str, Any] | Menu | None:
    """CONFIRM starts the round, or goes on to the next one."""
    return round_step(state)


def menu(state: Mapping[str, Any]) -> Menu | None:
    """SPARE: "I drew to 3" for a player (the station counts hands and deck), and the hint."""
    if state["over"] or state["phase"] != "playing":
        return None
    choices: list[tuple[str, Any]] = []
    for seat in state["tableaux"]:
        who = "" if len(state["tableaux"]) == 1 else f"{seat['player']}: "
        choices.append((f"{who}Hint", _hint_view(state, seat["player"])))
        if seat["deck"] > 0:
            choices.append((f"{who}I drew to 3", {"type": "done", "player": seat["player"]}))
    return Menu("Big Bang", tuple(choices))


def _hint_view(state: Mapping[str, Any], player: str) -> View:
    fitting = hint(state, player)
    values = fitting["values"]
    big = f"{_runs(values)} fit" if values else "Nothing fits"
    lines = [f"{fitting['open_faces']} open sides"]
    top = fitting["top"]
    if top is not None:
        shown = top["value"] if top["value"] is not None else "card"
        lines.append(f"Pile top {shown}: {'fits' if top['fits'] else 'not yet'}")
    return BannerView("Hint", big, tuple(lines), "Any button: back")


def _runs(values: Sequence[int]) -> str:
    """``2–7``, ``2, 4``, ``1–3, 5``: the values in as few words as a big line holds."""
    runs: list[list[int]] = []
    for value in values:
        if runs and value == runs[-1][-1] + 1:
            runs[-1].append(value)
        else:
            runs.append([value])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)
