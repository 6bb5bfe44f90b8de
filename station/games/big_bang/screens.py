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
from station.games.big_bang.words import REFUSALS, WORDS, placement, points, refusal, shown, signed
from station.settings import seat_names
from station.ui.overlays import Overlay, by_event
from station.ui.rounds import round_step, time_up
from station.ui.setup import Choice, SetupOption
from station.ui.views import BannerView, Menu, MapView, Tile, VerdictView, View, clock_text

GAME = "big-bang"
TITLE = "Big Bang"  # the game's name, as its cards print it: the same in every language
VERDICT_SECONDS = 3.0
BANNER_SECONDS = 3.0
RESULT_SECONDS = 5.0
STAR_LABEL, RULES_LABEL = "*", "R"
#: every violation code the screens word (``words.refusal``): a title, then why and what to do
VERDICT_TITLES = REFUSALS
TIMER_CHOICES = (3, 5, 10, 15)


def setup_options(defaults: Mapping[str, Any]) -> list[SetupOption]:
    minutes = [Choice(0, WORDS.gettext("none"))] + [Choice(m, WORDS.gettext("{minutes} min", minutes=m))
                                                     for m in TIMER_CHOICES]
    return [
        SetupOption("players", WORDS.gettext("Players"),
                    [Choice(1, WORDS.gettext("solo")), Choice(2, WORDS.gettext("race of 2"))],
                    int(defaults.get("players", 1))),
        SetupOption("rules_cards", WORDS.gettext("Rules cards"),
                    [Choice(False, WORDS.gettext("out")), Choice(True, WORDS.gettext("in"))],
                    bool(defaults.get("rules_cards", False))),
        SetupOption("minutes", WORDS.gettext("Timer"), minutes,
                    int(defaults.get("minutes", 0))),   # a value the row does not offer is offered first
        SetupOption("replay", WORDS.gettext("Dead cards"),
                    [Choice(False, WORDS.gettext("stay out")), Choice(True, WORDS.gettext("replayed"))],
                    bool(defaults.get("replay", False))),
        SetupOption("rounds", WORDS.gettext("Rounds"), [Choice(n, str(n)) for n in (1, 2, 3, 5)],
                    int(defaults.get("rounds", 1))),
        SetupOption("stolen", WORDS.gettext("Scoring"),
                    [Choice(False, WORDS.gettext("own cards")), Choice(True, WORDS.gettext("stolen"))],
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

def _round_title(round_: int, rounds: int) -> str:
    return TITLE if rounds == 1 else WORDS.gettext("Round {round} of {rounds}", round=round_, rounds=rounds)


def live_view(state: Mapping[str, Any], seconds: float, page: int) -> View:
    title = _round_title(state["round"], state["rounds"])
    if state["over"]:
        return _final(state)
    if state["phase"] == "setup":
        first = WORDS.gettext("Black Star in the middle") if len(state["players"]) == 1 else \
            WORDS.gettext("A Black Star each")
        return BannerView(title, WORDS.gettext("Ready?"), (first, WORDS.gettext("Shuffle, draw 3")),
                          WORDS.gettext("CONFIRM: go!"))
    if state["phase"] == "round_over":
        return BannerView(title, WORDS.gettext("Round over"), _totals(state), WORDS.gettext("Gather cards, CONFIRM"))
    seats = state["tableaux"]
    seat = seats[page % len(seats)]
    clock = _time_left(state, seconds) if state["seconds"] else clock_text(seconds - state["started_at"])
    # cards down and cards left, not points: the score (down less left) is said once, at the round's end
    if len(seats) == 1:
        lines = (WORDS.ngettext("{n} down", "{n} down", _down(seat)), WORDS.ngettext("{n} left", "{n} left", seat["left"]))
        return MapView(title, _tiles(seat), lines, clock, WORDS.gettext("Play, then draw to 3"))
    lines = tuple(f"{s['player']} {_down(s)}" for s in seats)
    following = seats[(page + 1) % len(seats)]["player"]
    return MapView(seat["player"], _tiles(seat), lines, clock, WORDS.gettext("SELECT: {player}'s map", player=following))


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


def _totals(state: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(f"{name}: {points(score)}" for name, score in state["game_scores"].items())


def _final(state: Mapping[str, Any]) -> BannerView:
    winners = state["winners"]
    again = WORDS.gettext("CONFIRM: new game")
    if len(state["players"]) == 1:
        return BannerView(TITLE, points(state["game_scores"][state["players"][0]]), (), again)
    big = WORDS.gettext("{player} wins!", player=winners[0]) if len(winners) == 1 else WORDS.gettext("A tie!")
    return BannerView(WORDS.gettext("Game over"), big, _totals(state), again)


# ---- a screen per event -----------------------------------------------------------------------

def overlays(events: Sequence[Mapping[str, Any]], state: Mapping[str, Any], reveal: str) -> list[Overlay]:
    return by_event(events, _OVERLAYS, state)


def _played(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    if e["ok"]:  # counted silently: a tone, and the map on the live screen shows it
        return [Overlay(VerdictView("ok", shown(e.get("kind"), e.get("value")), WORDS.gettext("fits")), seconds=0.0,
                        signal="accepted", kind="play")]
    title, detail, what = placement(e["why"])  # why, then what to do; "6 beside 4" for two numbers
    what = what or shown(e.get("kind"), e.get("value"))
    who = f"{e['player']}: {what}" if len(state["players"]) > 1 else what
    return [Overlay(VerdictView("wrong", title, detail, who), seconds=VERDICT_SECONDS, signal="rejected", kind="verdict")]


def _violation(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    title, detail = refusal(e)
    return [Overlay(VerdictView("wrong", title, detail, e.get("player") or ""),
                    seconds=VERDICT_SECONDS, signal="rejected", kind="verdict")]


def _dead_hand(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    values = ", ".join(str(v) for v in e["values"] if v is not None) or WORDS.gettext("no numbers")
    who = e["player"] if len(state["players"]) > 1 else ""
    detail = WORDS.gettext("{cards} on the pile. Draw {draw}", cards=values, draw=e["draw"]) if e["draw"] else \
        WORDS.gettext("{cards} on the pile. Your deck is empty", cards=values)  # then the round ends: "Stuck"
    return [Overlay(VerdictView("info", WORDS.gettext("Dead hand"), detail, who),
                    seconds=BANNER_SECONDS, signal="attention", kind="verdict")]


def _round_over(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    """Each player's sum: cards down (Rules cards count 2), cards left, the round's points; with
    stolen scoring, the round's score and who takes the cards left."""
    shown_ = []
    for name, s in e["scores"].items():
        down = s["numbers"] + 2 * s["rules"]
        played = WORDS.ngettext("{n} played, {rules} Rules: +{down}", "{n} played, {rules} Rules: +{down}",
                                s["numbers"], rules=s["rules"], down=down) if s["rules"] else \
            WORDS.ngettext("{n} played: +{down}", "{n} played: +{down}", s["numbers"], down=down)
        lines = [played, WORDS.ngettext("{n} left: −{n}", "{n} left: −{n}", s["unplayed"])]
        if e["stolen"]:
            lines = [WORDS.gettext("Round score {score}", score=signed(s["score"])),
                     WORDS.gettext("Best: +{points} for cards left", points=s["points"]) if name in e["winners"]
                     else WORDS.gettext("Not the best: 0 points")]
        title = name if len(e["scores"]) > 1 else WORDS.gettext("Round {round}", round=e["round"])
        shown_.append(Overlay(BannerView(title, points(s["points"]), tuple(lines), WORDS.gettext("CONFIRM: next")),
                              seconds=RESULT_SECONDS, kind="result"))
    return shown_


def _game_over(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    return [Overlay(_final(state), signal="attention", kind="result")]


def _round_started(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    title = WORDS.gettext("Round {round}", round=e["round"]) if e["rounds"] > 1 else TITLE
    return [Overlay(BannerView(title, WORDS.gettext("Go!"), (WORDS.gettext("Play beside the Star"),)),
                    seconds=1.5, signal="attention", kind="banner")]


def _reshuffled(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    return [Overlay(VerdictView("info", WORDS.gettext("Replay!"), WORDS.gettext("Shuffle your pile: it is your deck now"),
                                e["player"] if len(state["players"]) > 1 else ""),
                    seconds=BANNER_SECONDS, kind="verdict")]


def _player_done(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    if e["reason"] == "all_down":
        big, line = WORDS.gettext("All down!"), WORDS.gettext("Every card is down")
    else:
        big, line = WORDS.gettext("Stuck"), WORDS.gettext("Nothing more fits")
    return [Overlay(BannerView(e["player"], big, (line,), WORDS.gettext("The round is over")),
                    seconds=BANNER_SECONDS, signal="attention", kind="banner")]


def _round_ready(e: Mapping[str, Any], state: Mapping[str, Any]) -> list[Overlay]:
    return [Overlay(BannerView(WORDS.gettext("Round {round}", round=e["round"]), WORDS.gettext("Shuffle"),
                               (WORDS.gettext("Black Star back, draw 3"),), WORDS.gettext("then CONFIRM: go!")),
                    seconds=BANNER_SECONDS, kind="banner")]


_OVERLAYS: dict[str, Any] = {
    "card_played": _played,
    "violation": _violation,
    "dead_hand": _dead_hand,
    "round_started": _round_started,
    "reshuffled": _reshuffled,
    "player_done": _player_done,
    "time_up": lambda e, s: [time_up(BANNER_SECONDS)],
    "round_over": _round_over,
    "round_ready": _round_ready,
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
    alone = len(state["tableaux"]) == 1
    for seat in state["tableaux"]:
        player = seat["player"]
        choices.append((WORDS.gettext("Hint") if alone else WORDS.gettext("{player}: Hint", player=player),
                        _hint_view(state, player)))
        if seat["deck"] > 0:
            choices.append((WORDS.gettext("I drew to 3") if alone else WORDS.gettext("{player}: I drew to 3", player=player),
                            {"type": "done", "player": player}))
    return Menu(TITLE, tuple(choices))


def _hint_view(state: Mapping[str, Any], player: str) -> View:
    fitting = hint(state, player)
    values = fitting["values"]
    big = WORDS.gettext("{values} fit", values=_runs(values)) if values else WORDS.gettext("Nothing fits")
    lines = [WORDS.ngettext("{n} open side", "{n} open sides", fitting["open_faces"])]
    top = fitting["top"]
    if top is not None:
        card = top["value"] if top["value"] is not None else WORDS.gettext("card")
        lines.append(WORDS.gettext("Pile top {card}: fits", card=card) if top["fits"]
                     else WORDS.gettext("Pile top {card}: not yet", card=card))
    return BannerView(WORDS.gettext("Hint"), big, tuple(lines), WORDS.gettext("Any button: back"))


def _runs(values: Sequence[int]) -> str:
    """``2–7``, ``2, 4``, ``1–3, 5``: the values in as few words as a big line holds."""
    runs: list[list[int]] = []
    for value in values:
        if runs and value == runs[-1][-1] + 1:
            runs[-1].append(value)
        else:
            runs.append([value])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)
