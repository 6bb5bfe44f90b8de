"""Big Bang told as a story (``mathstation demo --text``), in the language of the moment: each
event a sentence, the game's headline and the summary at its end. The engine's own English
(``engine.big_bang.text``) stays for journals and logs; these are built from the events' data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from station.games.big_bang.words import WORDS, listed, placement, refusal, shown, signed


def describe(event: Mapping[str, Any]) -> str:
    teller = _TELLERS.get(event["type"])
    return teller(event) if teller else f"{event['type']}: {dict(event)}"


def clock(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def _round_started(e: Mapping[str, Any]) -> str:
    title = WORDS.gettext("Round {round} of {rounds}", round=e["round"], rounds=e["rounds"]) if e["rounds"] > 1 \
        else "Big Bang"
    players = e["players"]
    if len(players) > 1:
        racing = [WORDS.gettext("{player} (set {set})", player=p["player"], set=p["set"]) for p in players]
        who = WORDS.gettext("{players} race", players=listed(racing))
    else:
        who = WORDS.gettext("{player} plays", player=players[0]["player"])
    told = WORDS.gettext("{title}: {who}: draw {hand} and lay cards beside the Black Star!", title=title, who=who,
                         hand=e["hand"])
    if e["seconds"]:
        told += " " + WORDS.gettext("{clock} on the clock.", clock=clock(e["seconds"]))
    return told


def _played(e: Mapping[str, Any]) -> str:
    card = shown(e["kind"], e["value"])
    if not e["ok"]:
        _, detail, what = placement(e["why"])
        why = f"{what}: {detail}" if what else detail
        return WORDS.gettext("{player}: {card} is no play: {why}.", player=e["player"], card=card, why=why)
    if e["value"] is None:
        card = WORDS.gettext("a Rules card")
    left = WORDS.ngettext("{n} card left", "{n} cards left", e["left"])
    if e["from"] == "discard":
        return WORDS.gettext("{player} plays {card} from the discard pile ({left}).", player=e["player"], card=card,
                             left=left)
    return WORDS.gettext("{player} plays {card} ({left}).", player=e["player"], card=card, left=left)


def _discarded(e: Mapping[str, Any]) -> str:
    card = shown(e["kind"], e["value"])
    if e["again"]:
        return WORDS.gettext("{player}'s {card} is back on top of the discard pile.", player=e["player"], card=card)
    return WORDS.gettext("{player} discards {card} ({pile} on the discard pile).", player=e["player"], card=card,
                         pile=e["pile"])


def _dead_hand(e: Mapping[str, Any]) -> str:
    cards = listed(shown("rules", v) for v in e["values"])
    told = WORDS.ngettext("{player}'s hand is dead: the {cards} goes face up on the discard pile.",
                          "{player}'s hand is dead: the {cards} go face up on the discard pile.",
                          len(e["values"]), player=e["player"], cards=cards)
    return told + (" " + WORDS.gettext("Draw {draw}.", draw=e["draw"]) if e["draw"] else "")


def _drawn(e: Mapping[str, Any]) -> str:
    if not e["draw"]:
        return WORDS.gettext("{player} holds {hand}: play, or lay a dead hand on the discard pile.",
                             player=e["player"], hand=e["hand"])
    return WORDS.gettext("{player} draws {draw} ({deck} left in the deck).", player=e["player"], draw=e["draw"],
                         deck=e["deck"])


def _player_done(e: Mapping[str, Any]) -> str:
    if e["reason"] == "all_down":
        return WORDS.gettext("{player} has every card down!", player=e["player"])
    return WORDS.gettext("{player} can play nothing more: the deck is gone and nothing fits.", player=e["player"])


def _breakdown(name: str, s: Mapping[str, int], stolen: bool) -> str:
    if s["rules"]:
        line = WORDS.gettext("{player} {score} ({numbers} + 2 × {rules} Rules − {left} left)", player=name,
                             score=signed(s["score"]), numbers=s["numbers"], rules=s["rules"], left=s["unplayed"])
    else:
        line = WORDS.gettext("{player} {score} ({numbers} − {left} left)", player=name, score=signed(s["score"]),
                             numbers=s["numbers"], left=s["unplayed"])
    return line + (": " + WORDS.ngettext("{n} point", "{n} points", s["points"]) if stolen else "")


def _round_over(e: Mapping[str, Any]) -> str:
    scores = "; ".join(_breakdown(name, s, e["stolen"]) for name, s in e["scores"].items())
    if e["ended_by"] is None:
        told = WORDS.gettext("Round {round} over after {clock} (ended by time): {scores}.", round=e["round"],
                             clock=clock(e["seconds"]), scores=scores)
    else:
        told = WORDS.gettext("Round {round} over after {clock} (ended by {player}): {scores}.", round=e["round"],
                             clock=clock(e["seconds"]), player=e["ended_by"], scores=scores)
    if len(e["scores"]) > 1:
        told += " " + WORDS.gettext("Best: {players}.", players=listed(e["winners"]))
    return told


def _game_over(e: Mapping[str, Any]) -> str:
    scores = e["scores"]
    if len(scores) == 1:
        (name, score), = scores.items()
        return WORDS.ngettext("Game over: {player} scores {score} point.", "Game over: {player} scores {score} points.",
                              abs(score), player=name, score=signed(score))
    table = ", ".join(f"{name} {signed(score)}" for name, score in scores.items())
    return WORDS.ngettext("Game over: {scores}. {players} wins!", "Game over: {scores}. {players} win!",
                          len(e["winners"]), scores=table, players=listed(e["winners"]))


def _violation(e: Mapping[str, Any]) -> str:
    title, detail = refusal(e)
    told = f"{title} {detail}." if title.endswith("!") else f"{title}: {detail}."
    return f"{e['player']}: {told}" if e["player"] else told


_TELLERS = {
    "round_started": _round_started,
    "card_played": _played,
    "discarded": _discarded,
    "dead_hand": _dead_hand,
    "drawn": _drawn,
    "reshuffled": lambda e: WORDS.ngettext(
        "{player} shuffles the discard pile ({n} card) back in to replay it.",
        "{player} shuffles the discard pile ({n} cards) back in to replay it.", e["cards"], player=e["player"]),
    "player_done": _player_done,
    "time_up": lambda e: WORDS.gettext("Time is up!"),
    "round_over": _round_over,
    "round_ready": lambda e: WORDS.gettext("Round {round}: gather your cards, lay the Black Star, shuffle and draw 3.",
                                           round=e["round"]),
    "game_over": _game_over,
    "violation": _violation,
}


def headline(config: Mapping[str, Any]) -> str:
    """``Big Bang · Ana, Ben · race · Rules cards · 5 min``: the game as set up."""
    players = list(config["players"])
    style = WORDS.gettext("solo") if len(players) == 1 else WORDS.gettext("race")
    extras = [word for word, on in ((WORDS.gettext("Rules cards"), config.get("rules_cards")),
                                    (WORDS.gettext("replay"), config.get("replay")),
                                    (WORDS.gettext("{minutes} min", minutes=config.get("minutes")), config.get("minutes")),
                                    (WORDS.gettext("{rounds} rounds", rounds=config.get("rounds")),
                                     (config.get("rounds") or 1) > 1),
                                    (WORDS.gettext("stolen scoring"), config.get("stolen"))) if on]
    return f"Big Bang · {', '.join(players)} · {style}" + "".join(f" · {word}" for word in extras)


def summary(state: Mapping[str, Any]) -> list[str]:
    """Where the game stands: who won (or the round and its phase), then each player's tableau."""
    if state["over"]:
        lines = [WORDS.ngettext("Game over: {players} wins.", "Game over: {players} win.", len(state["winners"]),
                                players=listed(state["winners"]))]
    else:
        phase = {"setup": WORDS.gettext("setup"), "playing": WORDS.gettext("playing"),
                 "round_over": WORDS.gettext("round over")}.get(state["phase"], state["phase"])
        lines = [WORDS.gettext("Round {round} of {rounds}, {phase}.", round=state["round"], rounds=state["rounds"],
                               phase=phase)]
    for seat in state["tableaux"]:
        pile = seat["discard"]
        points = signed(state["game_scores"][seat["player"]])
        values = {"player": seat["player"], "set": seat["set"], "down": seat["in_play"] - seat["left"],
                  "left": seat["left"], "pile": len(pile), "points": points}
        if pile:
            lines.append("  " + WORDS.gettext(
                "{player} (set {set}): {down} down, {left} left, discard pile {pile} (top {top}); game {points} points.",
                top=shown(pile[-1]["kind"], pile[-1]["value"]), **values))
        else:
            lines.append("  " + WORDS.gettext(
                "{player} (set {set}): {down} down, {left} left, discard pile {pile}; game {points} points.", **values))
    return lines
