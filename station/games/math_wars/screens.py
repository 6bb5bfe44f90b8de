"""What Math Wars Meta shows on the OLED: setup choices, the live screen, and each event as a
screen that says it in a few words (the engine's sentences are for the log and `replay`).

Children compute first: a hand's card pairs come up with "?" for the results, and CONFIRM
reveals them (or they show at once, by the ``reveal`` option). Then who won, who pays how many
cards to whose spoils pile, MATH WAR, knock-outs and VICTORY! counts. Words are a child's: the
edition is the numbers it plays with, a MATH CRATE card that leaves a remainder is said in words
(a "*" after a result would read as wrong maths), and the bottom line says what to do next.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.catalog import load_catalog
from engine.math_wars.config import EDITIONS
from engine.math_wars.game import COUNT
from station.games.math_wars.words import OUT_REASONS, WORDS, number, pair
from station.settings import seat_names
from station.speech.words import names as joined_names
from station.ui.overlays import Overlay
from station.ui.setup import Choice, SetupOption
from station.ui.views import BannerView, HandView, LiveView, PlayerLine, VerdictView

GAME = "math-wars"
BANNER_SECONDS = 4.0
PLAY_SECONDS = 1.5
VERDICT_SECONDS = 5.0
PAYERS_PER_SCREEN = 2  # a banner holds two lines above its bottom line: more payers, more screens

#: A violation's code -> the verdict screen's title (the detail says whose and which card).
VERDICT_TITLES = {
    "not_your_deck": WORDS.lazy_gettext("Not your deck"),
    "card_already_used": WORDS.lazy_gettext("Used already"),
    "already_played": WORDS.lazy_gettext("Played already"),
    "card_on_table": WORDS.lazy_gettext("On the table"),
    "not_in_edition": WORDS.lazy_gettext("Not in game"),
    "not_in_war": WORDS.lazy_gettext("Wait: MATH WAR"),
    "player_out": WORDS.lazy_gettext("Out this round"),
    "wrong_game": WORDS.lazy_gettext("Other game"),
    "game_over": WORDS.lazy_gettext("Game over"),
}
NOT_ALLOWED = WORDS.lazy_gettext("Not allowed")
#: A violation's code -> why and the next step (``{face}``: the card, as on the screen; ``{kind}``
#: its kind as printed, COUNT META or MATH CRATE).
VERDICT_STEPS = {
    "card_already_used": WORDS.lazy_gettext("{face} was played this round. Take it back"),
    "already_played": WORDS.lazy_gettext("One {kind} card each. Take it back"),
    "card_on_table": WORDS.lazy_gettext("{face} is down already. Take it back"),
    "player_out": WORDS.lazy_gettext("Wait for the next round"),
    "wrong_game": WORDS.lazy_gettext("Not a Math Wars card. Take it back"),
    "game_over": WORDS.lazy_gettext("CONFIRM: new game"),
}
TAKE_IT_BACK = WORDS.lazy_gettext("Take it back")


def setup_options(defaults: Mapping[str, Any]) -> list[SetupOption]:
    """The setup screen's rows, starting at the station config's ``[math-wars]`` values."""
    players = int(defaults.get("players", 2))
    _ = WORDS.gettext
    # Translators: the Teams row of the setup screen: "no" teams, or teams "of 2", "of 3" players
    teams = [Choice(0, _("no"))] + [Choice(size, _("of {size}", size=size)) for size in (2, 3, 4)]
    # Translators: the numbers a game plays with, on the setup screen: "1 to 25"
    editions = [Choice(name, _("{first} to {last}", first=1, last=EDITIONS[name].count_cards))
                for name in ("mwm25", "mwm100")]
    return [
        SetupOption("players", _("Players"), [Choice(n, str(n)) for n in range(1, 9)], players),
        SetupOption("teams", _("Teams"), teams, 0),
        SetupOption("edition", _("Numbers"), editions, defaults.get("edition", "mwm25")),
        # Translators: the setup row saying where a hand's losers put the cards they pay: their "own pile" or to the "winner"
        SetupOption("discard_option", _("Losers pay"), [Choice(1, _("own pile")), Choice(2, _("winner"))],
                    int(defaults.get("discard_option", 1))),
        SetupOption("reveal", _("Results"), [Choice("press", _("on CONFIRM")), Choice("at_once", _("at once"))],
                    defaults.get("reveal", "press")),
    ]


def game_config(choices: Mapping[str, Any], defaults: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """The engine config for what was chosen; seat names come from the station config.

    Teams fill seats in order (duos: seats 1-2 are team 1 ...), so teammates sit side by side;
    their names ("Team 1") are in the station's language, as the children will read them."""
    names = seat_names(defaults, choices["players"])
    config: dict[str, Any] = {"game": GAME, "seed": seed, "edition": choices["edition"],
                              "discard_option": choices["discard_option"]}
    if defaults.get("victories_to_win"):
        config["victories_to_win"] = defaults["victories_to_win"]
    size = choices.get("teams", 0)
    if size and choices["players"] % size == 0 and choices["players"] // size >= 2:
        config["teams"] = {WORDS.gettext("Team {number}", number=i + 1): names[i * size:(i + 1) * size]
                           for i in range(choices["players"] // size)}
    else:
        config["players"] = names
    return config


def live_view(state: Mapping[str, Any], clock: str, page: int) -> LiveView:
    show = state["showdown"]
    lines = []
    for name, p in state["players"].items():
        if p["out"]:
            # Translators: beside a player's name on the live screen: knocked out of this round
            status, detail = "out", WORDS.gettext("out")
        else:
            played = name in show["count"] and name in show["crate"]
            contender = name in show["contenders"]
            status = "played" if played else "waiting" if contender else ""
            detail = WORDS.ngettext("{n} card", "{n} cards", p["draw"])
        lines.append(PlayerLine(name, detail, status))
    counts = "-".join(str(n) for n in state["victories"].values())
    if len(state["victories"]) <= 4:
        footer = WORDS.gettext("VICTORY {counts}", counts=counts)
    else:  # room for the page marker
        footer = WORDS.gettext("Wins {counts}", counts=counts)
    if state["over"]:
        headline, footer = WORDS.gettext("{winner} won!", winner=state["winner"]), str(VERDICT_STEPS["game_over"])
    elif show["level"]:
        headline = _face_down(show["face_down"])
    else:
        waiting = [n for n in show["contenders"] if n not in show["count"] or n not in show["crate"]]
        headline = (WORDS.gettext("Play your cards!") if len(waiting) == len(show["contenders"])
                    else WORDS.ngettext("Waiting: {names}", "Waiting: {names}", len(waiting), names=", ".join(waiting)))
    return LiveView(_title(state["hand"], show["level"]), clock, headline, tuple(lines), page, footer)


def _title(hand: int, level: int) -> str:
    """"Hand 3", or "MATH WAR 1" while a MATH WAR is fought."""
    return WORDS.gettext("MATH WAR {level}", level=level) if level else WORDS.gettext("Hand {hand}", hand=hand)


def _face_down(n: int) -> str:
    return WORDS.gettext("{n} face down, 1 up", n=n)


def overlays(events: Sequence[Mapping[str, Any]], state: Mapping[str, Any], reveal: str) -> list[Overlay]:
    """The screens one batch of engine events calls for, in order."""
    ctx = _Context(events, reveal, state)
    shown: list[Overlay] = []
    for event in events:
        make = _OVERLAYS.get(event["type"])
        if make is not None:
            shown.extend(make(event, ctx))
    return shown


@dataclass(frozen=True)
class _Context:
    events: Sequence[Mapping[str, Any]]
    reveal: str
    state: Mapping[str, Any]


def _played(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    face = _short_face(event["face"])
    shown = WORDS.gettext("{face} +{n} down", face=face, n=event["face_down"]) if event.get("face_down") else face
    view = VerdictView("ok", event["player"], shown)
    return [Overlay(view, seconds=PLAY_SECONDS, signal="accepted", kind="play")]


def _violation(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    title = str(VERDICT_TITLES.get(event["code"], NOT_ALLOWED))
    view = VerdictView("wrong", title, _violation_detail(event, ctx.state), who=event["player"] or "")
    return [Overlay(view, seconds=VERDICT_SECONDS, signal="rejected", kind="verdict")]


def _violation_detail(event: Mapping[str, Any], state: Mapping[str, Any]) -> str:
    """Why, in a few words, and what to do: the engine's sentence is for the log, and says
    "MWM25" where a child knows "1 to 25". The values come from the event (an event journaled
    before it carried them: from the state)."""
    code, card = event["code"], event.get("card")
    face = _short_face(load_catalog().card(card).face.describe()) if card else ""
    if code == "not_your_deck":
        own = event.get("own_deck") or state["players"][event["player"]]["copy"]
        return WORDS.gettext("That is deck {deck}, yours is {own}. Take it back", deck=load_catalog().card(card).copy,
                             own=own)
    if code == "not_in_edition":
        highest = event.get("highest") or EDITIONS[state["edition"]].count_cards
        return WORDS.gettext("{face} is not in 1 to {last}. Take it back", face=face, last=highest)
    if code == "not_in_war":
        contenders = event.get("contenders") or state["showdown"]["contenders"]
        return WORDS.gettext("Only {names} fight. Take it back", names=joined_names(contenders))
    kind = load_catalog().card(card).face.kind if card else ""
    step = VERDICT_STEPS.get(code, TAKE_IT_BACK)
    return str(step).format(face=face, kind="COUNT META" if kind == COUNT else "MATH CRATE")


def _hand(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    """The card pairs, then their results. A MATH CRATE card that leaves a remainder does not
    count: its row then reads "only 14 = 14" once revealed, and the bottom line says why."""
    hidden_rows, shown_rows, results, remainders = [], [], [], []
    for r in event["results"]:
        cards = pair(r)
        side = ctx.state["players"][r["player"]]["team"] or r["player"]
        top = "top" if side in event["top"] else ""
        hidden_rows.append(PlayerLine(r["player"], cards))  # no winner mark yet
        alone = WORDS.gettext("only {count}", count=number(r["count"]))
        shown_rows.append(PlayerLine(r["player"], alone if r["note"] else cards, top))
        results.append(number(r["result"]))
        if r["note"]:
            remainders.append(cards)
    title = _title(event["hand"], event["level"])
    if len(remainders) == 1:  # shorter than the shared problem's words ("… leaves a remainder" is cut)
        why = WORDS.gettext("{sum} has a remainder", sum=remainders[0])
    elif remainders:
        why = WORDS.gettext("Remainder: crate left out")
    else:
        why = WORDS.gettext("CONFIRM: next") if ctx.reveal == "press" else ""
    hidden = HandView(title, tuple(hidden_rows), None, WORDS.gettext("CONFIRM: show"))
    shown = HandView(title, tuple(shown_rows), tuple(results), why)
    if ctx.reveal == "press":
        return [Overlay(hidden, seconds=None, revealed=shown, kind="hand")]
    return [Overlay(shown, seconds=BANNER_SECONDS, kind="hand")]


def _math_war(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    # Translators: between the names of the sides of a MATH WAR, on one short line: "Ana v Ben"
    versus = WORDS.gettext(" v ")
    view = BannerView(WORDS.gettext("MATH WAR!"), versus.join(event["sides"]),
                      (_face_down(event["face_down"]), WORDS.gettext("+ a new MATH CRATE")),
                      WORDS.gettext("Then the highest wins"))
    return [Overlay(view, seconds=BANNER_SECONDS, signal="attention", kind="banner")]


def _hand_won(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    """Who won, and each loser's payment: how many cards (their played cards among them) onto
    whose spoils pile. Two payers to a screen, so eight players still read whole."""
    pays = [_payment(e) for e in ctx.events if e["type"] == "cards_paid"]
    chunks = [pays[i:i + PAYERS_PER_SCREEN] for i in range(0, len(pays), PAYERS_PER_SCREEN)] or [[]]
    title = WORDS.gettext("Hand {hand} won", hand=event["hand"])
    hint = WORDS.gettext("Played cards count too") if pays else WORDS.gettext("Clear your cards")
    return [Overlay(BannerView(title if len(chunks) == 1 else f"{title} {i + 1}/{len(chunks)}", event["side"],
                               tuple(chunk), hint),
                    seconds=BANNER_SECONDS, kind="banner")
            for i, chunk in enumerate(chunks)]


def _payment(event: Mapping[str, Any]) -> str:
    """"Ben: 6 to own spoils" (discard option 1) or "Ben: 6 to Ana" (option 2, the receiver)."""
    cards = event["paid"] + event["battle"]
    if event["to"] == event["player"]:
        return WORDS.gettext("{player}: {n} to own spoils", player=event["player"], n=cards)
    return WORDS.gettext("{player}: {n} to {receiver}", player=event["player"], n=cards, receiver=event["to"])


def _knocked_out(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    why = str(OUT_REASONS.get(event["reason"], event["reason"]))
    view = BannerView(WORDS.gettext("Knocked out"), event["player"], (why,), str(VERDICT_STEPS["player_out"]))
    return [Overlay(view, seconds=BANNER_SECONDS, signal="rejected", kind="banner")]


def _round_won(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    """A round's VICTORY! card; the next step is a new round, unless this one wins the game."""
    last = any(e["type"] == "game_won" for e in ctx.events)
    view = BannerView(WORDS.gettext("Round {round} won", round=event["round"]), event["side"],
                      (WORDS.gettext("VICTORY! {victories} of {needed}", victories=event["victories"],
                                     needed=event["needed"]),),
                      WORDS.gettext("and the game!") if last else WORDS.gettext("Next: a new round"))
    return [Overlay(view, seconds=BANNER_SECONDS, signal="attention", kind="banner")]


def _round_drawn(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    # Translators: "Draw" is a round nobody wins (a tie), in big letters
    view = BannerView(WORDS.gettext("Round {round}", round=event["round"]), WORDS.gettext("Draw"),
                      (WORDS.gettext("Nobody can fight"),), WORDS.gettext("Play the round again"))
    return [Overlay(view, seconds=BANNER_SECONDS, kind="banner")]


def _round_started(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    view = BannerView(WORDS.gettext("New round"), WORDS.gettext("Round {round}", round=event["round"]),
                      (WORDS.gettext("Shuffle your full decks"),), WORDS.gettext("Then play your cards"))
    return [Overlay(view, seconds=BANNER_SECONDS, kind="banner")]


def _game_won(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    counts = tuple(f"{side} {n}" for side, n in event["victories"].items())
    view = BannerView(WORDS.gettext("VICTORY!"), event["side"], counts, WORDS.gettext("CONFIRM: go on"))
    return [Overlay(view, seconds=None, signal="attention", kind="banner")]


def _solo_discard(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    """Solo: the result is how many cards go from the draw pile to the spoils pile."""
    moved = event["paid"]
    view = BannerView(WORDS.gettext("Hand {hand}", hand=event["hand"]), WORDS.gettext("Move {n}", n=moved),
                      (WORDS.ngettext("card from deck to spoils", "cards from deck to spoils", moved),),
                      WORDS.gettext("Then clear your cards"))
    return [Overlay(view, seconds=BANNER_SECONDS, kind="banner")]


def _hand_redraw(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    """Solo: a remainder costs nothing; both cards are discarded and drawn again."""
    view = BannerView(WORDS.gettext("Remainder"), WORDS.gettext("Draw again"), (WORDS.gettext("Discard both cards"),),
                      WORDS.gettext("No cards to move"))
    return [Overlay(view, seconds=BANNER_SECONDS, kind="banner")]


_OVERLAYS = {
    "card_played": _played,
    "violation": _violation,
    "hand_result": _hand,
    "math_war": _math_war,
    "hand_won": _hand_won,
    "knocked_out": _knocked_out,
    "round_won": _round_won,
    "round_drawn": _round_drawn,
    "round_started": _round_started,
    "game_won": _game_won,
    "solo_discard": _solo_discard,
    "hand_redraw": _hand_redraw,
}


def table_votes(state: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The SPARE button's menu: the sheet's splash vote (a VICTORY! card by vote) or a fresh round."""
    if state["over"]:
        return []
    votes = [(WORDS.gettext("VICTORY: {side}", side=side), {"type": "award_victory", "side": side})
             for side in state["victories"]]
    return votes + [(WORDS.gettext("Restart round"), {"type": "reset_round"})]


def _short_face(face: str) -> str:
    """"COUNT META 21" -> "21"; "MATH CRATE −5" stays whole (the sign is the news)."""
    return face.replace("COUNT META ", "") if face.startswith("COUNT META") else face.replace("MATH ", "")
