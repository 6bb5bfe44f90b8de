"""Math Wars Meta told as a story, in the language of the moment: each engine event as a sentence
(``mathstation demo --text``, the teacher's page), the game's headline and its closing summary.

The engine's own sentences (``engine.math_wars.text``) stay English for the journal and the logs;
these are built from the values each event carries (codes, names and numbers), so English reads
the same as the engine's and every other language has them all in its catalog.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.catalog import load_catalog
from engine.games import GAME_TITLES
from engine.math_wars.config import MathWarsConfig, Mode
from station.games.math_wars.words import WORDS, left_out, number, pair
from station.speech.words import names

Teller = Callable[[Mapping[str, Any], MathWarsConfig], str]


def describe(event: Mapping[str, Any], rules: MathWarsConfig) -> str:
    """One event as a sentence."""
    kind = event["type"]
    teller = _TELLERS.get(kind)
    return teller(event, rules) if teller else f"{kind}: {dict(event)}"


def heading(round_number: int, hand: int) -> str:
    """The story's line above each hand: "Round 2, hand 5"."""
    return WORDS.gettext("Round {round}, hand {hand}", round=round_number, hand=hand)


# ---- verdicts: what was wrong, whole sentences -------------------------------------------------

def verdict(event: Mapping[str, Any], rules: MathWarsConfig) -> str:
    """Why a play was refused, from its code and values, in a sentence a child can read."""
    code, player, card_id = event.get("code", ""), event.get("player") or "", event.get("card")
    card = load_catalog().card(card_id) if card_id else None
    face = card.face.describe() if card else ""
    if code == "game_over":
        return WORDS.gettext("The game is over: {winner} won. Start a new game to play again.",
                             winner=event.get("winner") or "")
    if code == "wrong_game" and card is not None:
        return WORDS.gettext("That card is from {title}, not Math Wars Meta.",
                             title=GAME_TITLES.get(card.game, card.game))
    if code == "player_out":
        return WORDS.gettext("{player} is out of this round: wait for the next one.", player=player)
    if code == "not_in_war":
        return WORDS.gettext("Only {names} play in this MATH WAR. {player}, please wait.",
                             names=names(event.get("contenders") or ()), player=player)
    if code == "not_in_edition" and card is not None and card.face.number is not None:
        return WORDS.gettext("COUNT META {number} is not in {edition}: use cards 1–{last}.",
                             number=card.face.number.value, edition=rules.edition.title,
                             last=event.get("highest") or rules.edition.count_cards)
    if code == "not_your_deck" and card is not None:
        return WORDS.gettext("That card is from deck {deck}: {player} plays deck {own}.", deck=card.copy,
                             player=player, own=event.get("own_deck") or "")
    if code == "card_on_table":
        return WORDS.gettext("That {face} card is already on the table.", face=face)
    if code == "card_already_used":
        return WORDS.gettext("{face} was already played this round: it should be in a spoils pile.", face=face)
    if code == "already_played" and card is not None:
        return WORDS.gettext("{player} already has a {kind} card down. Take the extra one back.", player=player,
                             kind=card.face.label)
    return str(event.get("message", ""))


def _violation(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    return WORDS.gettext("Not allowed: {why}", why=verdict(e, rules))


# ---- events told as a story --------------------------------------------------------------------

def _card_played(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    if e.get("face_down"):
        return WORDS.ngettext("{player} turns up {face} on {n} face-down card.",
                              "{player} turns up {face} on {n} face-down cards.", e["face_down"],
                              player=e["player"], face=e["face"])
    return WORDS.gettext("{player} turns up {face}.", player=e["player"], face=e["face"])


def _hand_result(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    parts = []
    for r in e["results"]:
        if r["note"]:
            alone = WORDS.gettext("{why}: only your COUNT META card counts", why=left_out(r))
            parts.append(f"{r['player']}: {alone} ({number(r['result'])})")
        else:
            parts.append(f"{r['player']}: {pair(r)} = {number(r['result'])}")
    line = "; ".join(parts) + "."
    if "teams" in e:
        totals = ", ".join(f"{team} {number(total)}" for team, total in e["teams"].items())
        line += " " + WORDS.gettext("Teams: {totals}.", totals=totals)
    return line


def _math_war(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    return WORDS.gettext("MATH WAR! {sides} tie. Each player puts {n} cards face down, 1 face up and a new "
                         "MATH CRATE card.", sides=names(e["sides"]), n=e["face_down"])


def _hand_won(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    return WORDS.gettext("{side} wins the hand with {highest}.", side=e["side"], highest=number(e["highest"]))


def _cards_paid(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    total = e["paid"] + e["battle"]
    cards = WORDS.ngettext("{n} card", "{n} cards", total)
    battle = WORDS.ngettext("{n} battle card", "{n} battle cards", e["battle"])
    values = {"player": e["player"], "cards": cards, "paid": e["paid"], "battle": battle, "receiver": e["to"]}
    if e["to"] == e["player"]:
        said = WORDS.gettext("{player} gives {cards} to their own spoils pile ({paid} from the draw pile + {battle}).",
                             **values)
    else:
        said = WORDS.gettext("{player} gives {cards} to {receiver}'s spoils pile ({paid} from the draw pile + "
                             "{battle}).", **values)
    if e["paid"] < e["owed"]:
        said += " " + WORDS.gettext("They owed {owed} but had only {paid}.", owed=e["owed"], paid=e["paid"])
    return said


#: A knock-out's reason -> why, in the story's whole sentence.
_OUT_REASONS = {
    "could_not_pay": WORDS.lazy_gettext("not enough cards to pay"),
    "out_of_cards": WORDS.lazy_gettext("no COUNT META cards left"),
    "no_cards_for_war": WORDS.lazy_gettext("no cards left for the MATH WAR"),
}


def _knocked_out(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    return WORDS.gettext("{player} is out of the round: {why}.", player=e["player"],
                         why=_OUT_REASONS.get(e["reason"], e["reason"]))


def _round_won(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    values = {"side": e["side"], "round": e["round"], "victories": e["victories"], "needed": e["needed"]}
    if e["reason"] == "vote":
        return WORDS.gettext("{side} wins round {round} by vote and a VICTORY! card ({victories} of {needed}).",
                             **values)
    if e["reason"] == "deck_cleared":
        return WORDS.gettext("{side} wins round {round} by clearing the deck and a VICTORY! card "
                             "({victories} of {needed}).", **values)
    return WORDS.gettext("{side} wins round {round} and a VICTORY! card ({victories} of {needed}).", **values)


def _game_won(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    return WORDS.ngettext("{side} wins the game with {n} VICTORY! card!",
                          "{side} wins the game with {n} VICTORY! cards!", e["victories"][e["side"]], side=e["side"])


def _round_drawn(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    return WORDS.gettext("Nobody can fight the MATH WAR: round {round} is a draw and starts again.", round=e["round"])


def _round_started(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    return WORDS.gettext("Round {round}: everyone shuffles a full deck of {n} COUNT META cards.", round=e["round"],
                         n=rules.edition.count_cards)


def _spoils_reshuffled(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    return WORDS.ngettext("{player} shuffles {n} spoils card into the draw pile.",
                          "{player} shuffles {n} spoils cards into the draw pile.", e["cards"], player=e["player"])


def _crates_reshuffled(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    return WORDS.ngettext("{player} shuffles {n} MATH CRATE card back into the draw pile.",
                          "{player} shuffles {n} MATH CRATE cards back into the draw pile.", e["cards"],
                          player=e["player"])


def _hand_redraw(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    return WORDS.gettext("{why}: discard both cards and draw again.", why=left_out(e))


def _solo_discard(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    return WORDS.ngettext("{player} discards {n} card into the spoils pile.",
                          "{player} discards {n} cards into the spoils pile.", e["paid"], player=e["player"])


_TELLERS: dict[str, Teller] = {
    "card_played": _card_played,
    "violation": _violation,
    "hand_result": _hand_result,
    "math_war": _math_war,
    "hand_won": _hand_won,
    "cards_paid": _cards_paid,
    "knocked_out": _knocked_out,
    "round_won": _round_won,
    "round_drawn": _round_drawn,
    "round_started": _round_started,
    "game_won": _game_won,
    "spoils_reshuffled": _spoils_reshuffled,
    "crates_reshuffled": _crates_reshuffled,
    "hand_redraw": _hand_redraw,
    "solo_discard": _solo_discard,
}


# ---- headline and summary ---------------------------------------------------------------------

# Translators: the game's mode in its headline: one player alone, players against each other, teams
_MODES = {Mode.SOLO: WORDS.lazy_gettext("Solo"), Mode.PLAYERS: WORDS.lazy_gettext("Player v Player"),
          Mode.TEAMS: WORDS.lazy_gettext("Team v Team")}
_OPTIONS = {1: WORDS.lazy_gettext("discard option 1 (own spoils pile)"),
            2: WORDS.lazy_gettext("discard option 2 (winner's spoils pile)")}


def headline(rules: MathWarsConfig) -> str:
    """The game in one line: its edition, mode, who plays which deck, the discard option and the goal."""
    if rules.mode is Mode.TEAMS:
        who = "; ".join(f"{side}: " + ", ".join(f"{s.name} ({s.copy})" for s in rules.seats if s.team == side)
                        for side in rules.sides)
    else:
        who = ", ".join(WORDS.gettext("{name} (deck {deck})", name=s.name, deck=s.copy) for s in rules.seats)
    goal = WORDS.ngettext("{n} VICTORY! card to win", "{n} VICTORY! cards to win", rules.victories_to_win)
    return " · ".join((GAME_TITLES["math-wars"], rules.edition.title, str(_MODES[rules.mode]), who,
                       str(_OPTIONS[rules.discard_option]), goal))


def summary(state: Mapping[str, Any]) -> list[str]:
    """Where the game stands, a line per player: their piles, and the VICTORY! cards of each side."""
    if state["over"]:
        lines = [WORDS.gettext("Game over: {winner} won.", winner=state["winner"])]
    else:
        lines = [WORDS.gettext("Round {round}, hand {hand}.", round=state["round"], hand=state["hand"])]
    width = max(len(name) for name in state["players"])
    for name, p in state["players"].items():
        team = f" [{p['team']}]" if p["team"] else ""
        # Translators: after a player's piles in the summary: knocked out of the round
        out = "  " + WORDS.gettext("OUT") if p["out"] else ""
        # Translators: a player's three piles in the summary: the draw pile, the battle pile, the spoils pile
        piles = WORDS.gettext("draw {draw:>3}  battle {battle:>2}  spoils {spoils:>3}", draw=p["draw"],
                              battle=p["battle"], spoils=p["spoils"])
        lines.append(f"  {name:<{width}}{team}  {piles}{out}")
    sides = ", ".join(f"{side} {n}" for side, n in state["victories"].items())
    lines.append(WORDS.gettext("VICTORY! cards: {sides} (need {needed})", sides=sides, needed=state["victories_to_win"]))
    return lines
