"""Math Wars Meta's OLED screens in a child's words: every screen of real games (eight players,
teams, Solo, MATH WARs, knock-outs, every refused play) fits whole in every language the station
speaks, says who pays how many cards to whose spoils pile, says a remainder in words, and ends on
the next step."""

from __future__ import annotations

import functools
from typing import Any

import pytest
from screen_helpers import unreadable_in_every_language

from engine.math_wars.game import MathWars
from station.games.math_wars import screens as screens
from station.games.math_wars.words import OUT_REASONS
from station.i18n import language, use_language
from station.ui.screens import compose
from station.ui.views import BannerView, HandView, LiveView, SetupView, View

EIGHT = ["Ana", "Dmitri", "Chloé", "Farouk", "Ben", "Eve", "Gabi", "Hugo"]  # names up to six letters
COPIES = "ABCDEFGH"


class Table:
    """A real game to drive: every screen its events call for (hidden and revealed), and the live screen."""

    def __init__(self, name: str, views: dict[str, View], **config: Any) -> None:
        self.game = MathWars({"game": "math-wars", **config})
        self.name, self.views, self.t = name, views, 0
        seats = config.get("players") or [p for team in config["teams"].values() for p in team]
        self.copies = {player: COPIES[i] for i, player in enumerate(seats)}

    def hand(self, *plays: tuple[str, int, str], card: str = "N") -> list[View]:
        """Each (player, COUNT META number, MATH CRATE code such as "S5" for −5) turned up in turn;
        the screens the hand's events call for, in order."""
        events: list[dict[str, Any]] = []
        for player, count, crate in plays:
            for code in (f"{card}{count}", crate):
                self.t += 1
                events += self.game.apply({"type": "play", "t": self.t, "player": player,
                                           "card": f"MW-{self.copies[player]}-{code}"})
        return self.show(events)

    def show(self, events: list[dict[str, Any]]) -> list[View]:
        shown = []
        for index, overlay in enumerate(screens.overlays(events, self.game.state(), "press")):
            self.views[f"{self.name}/{self.t}/{index}"] = overlay.view
            shown.append(overlay.view)
            if overlay.revealed is not None:
                self.views[f"{self.name}/{self.t}/{index}/revealed"] = overlay.revealed
                shown.append(overlay.revealed)
        self.views[f"{self.name}/{self.t}/live"] = screens.live_view(self.game.state(), "01:00", 0)
        return shown


def every_screen() -> tuple[dict[str, View], dict[str, list[View]]]:
    views: dict[str, View] = {}
    moments: dict[str, list[View]] = {}
    eight = Table("eight", views, players=EIGHT)
    moments["eight"] = eight.hand(*[(player, 10 + i, "A1") for i, player in enumerate(EIGHT[:-1])], ("Hugo", 25, "A1"))

    duel = Table("duel", views, players=["Ana", "Farouk"], victories_to_win=2)
    moments["remainder"] = duel.hand(("Ana", 14, "D5"), ("Farouk", 12, "A3"))
    moments["math_war"] = duel.hand(("Ana", 10, "A5"), ("Farouk", 13, "A2"))
    views["duel/war/live"] = screens.live_view(duel.game.state(), "02:00", 0)
    duel.hand(("Ana", 11, "A3"), ("Farouk", 16, "S2"))  # the MATH WAR's cards up: Ana 14, Farouk 14 again
    moments["knock_out"] = duel.hand(("Ana", 25, "M10"), ("Farouk", 1, "S10"))
    moments["game_won"] = duel.hand(("Ana", 25, "M10"), ("Farouk", 1, "S10"))
    views["duel/over/live"] = screens.live_view(duel.game.state(), "09:00", 0)

    teams = Table("teams", views, teams={"Red": ["Ana", "Dmitri"], "Blue": ["Chloé", "Farouk"]}, discard_option=2)
    moments["teams"] = teams.hand(("Ana", 20, "A1"), ("Dmitri", 3, "A1"), ("Chloé", 2, "A1"), ("Farouk", 4, "A1"))

    solo = Table("solo", views, players=["Farouk"])
    moments["solo"] = solo.hand(("Farouk", 12, "S2"))
    moments["solo_remainder"] = solo.hand(("Farouk", 13, "D2"))

    remainders = Table("remainders", views, players=["Ana", "Farouk"])
    moments["remainders"] = remainders.hand(("Ana", 14, "D5"), ("Farouk", 13, "D2"))
    for reason in OUT_REASONS:
        views[f"knocked_out-{reason}"] = screens.overlays([{"type": "knocked_out", "player": "Farouk", "reason": reason}],
                                                           remainders.game.state(), "press")[0].view

    refused = Table("refused", views, players=["Farouk", "Dmitri"], edition="mwm25")
    refused.hand(("Farouk", 3, "A1"))
    for code in ("MW-B-N4", "MW-A-N30", "MW-A-N5"):
        refused.t += 1
        refused.show(refused.game.apply({"type": "play", "t": refused.t, "player": "Farouk", "card": code}))
    for code in screens.VERDICT_TITLES:
        event = {"type": "violation", "player": "Farouk", "code": code, "card": "MW-A-N3",
                 "message": "That card is already on the table."}
        views[f"violation-{code}"] = screens.overlays([event], refused.game.state(), "press")[0].view
    options = screens.setup_options({})
    for row, option in enumerate(options):   # each row selected, showing each of its choices
        for choice in option.choices:
            rows = tuple((o.label, choice.label if o is option else o.shown) for o in options)
            views[f"setup/{option.key}/{choice.value}"] = SetupView("Math Wars Meta", rows, row, "CONFIRM: change")
    return views, moments


SCREENS, MOMENTS = every_screen()


@functools.cache
def screens_in(name: str) -> dict[str, View]:
    """Every screen, its words in the language ``name``."""
    with use_language(name):
        return every_screen()[0]


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_every_math_wars_screen_reads_whole_in_every_language(name):
    assert unreadable_in_every_language(lambda: screens_in(language())[name]) == {}


def texts(view: View) -> list[str]:
    return compose(view).texts()


def test_the_setup_names_the_numbers_played_not_the_edition_code():
    rows = dict((o.label, o.shown) for o in screens.setup_options({"edition": "mwm100"}))
    assert rows["Numbers"] == "1 to 100" and "MWM" not in " ".join(rows.values())
    assert rows["Losers pay"] == "own pile"


def test_a_remainder_is_said_in_words_not_with_a_footnote_mark():
    hidden, revealed = [v for v in MOMENTS["remainder"] if isinstance(v, HandView)]
    assert isinstance(revealed, HandView) and revealed.results == ("14", "15")
    ana = revealed.rows[0]
    assert ana.detail == "only 14"  # not "14 ÷ 5 = 14*": that reads as wrong maths
    assert revealed.hint == "14 ÷ 5 has a remainder"
    assert not any("*" in text for view in MOMENTS["remainder"] for text in texts(view))
    assert hidden.rows[0].detail == "14 ÷ 5" and hidden.hint == "CONFIRM: show"


def test_a_hand_without_a_remainder_says_confirm_goes_on():
    revealed = [v for v in MOMENTS["teams"] if isinstance(v, HandView)][1]
    assert isinstance(revealed, HandView) and revealed.hint == "CONFIRM: next"


def test_each_loser_is_told_how_many_cards_go_onto_whose_spoils_pile():
    won = [v for v in MOMENTS["remainder"] if isinstance(v, BannerView)]
    assert [(v.title, v.big, v.lines) for v in won] == [("Hand 1 won", "Farouk", ("Ana: 2 to own spoils",))]
    assert won[0].hint == "Played cards count too"  # 1 from the draw pile + the COUNT META card played
    team_won = next(v for v in MOMENTS["teams"] if isinstance(v, BannerView))
    assert team_won.big == "Red" and team_won.lines == ("Chloé: 18 to Ana", "Farouk: 18 to Ana")  # 25 − 8, 17 + the card played; option 2: Ana's pile


def test_seven_payers_take_four_screens_of_two_each_all_whole():
    won = [v for v in MOMENTS["eight"] if isinstance(v, BannerView) and v.title.startswith("Hand 1 won")]
    assert [v.title for v in won] == ["Hand 1 won 1/4", "Hand 1 won 2/4", "Hand 1 won 3/4", "Hand 1 won 4/4"]
    lines = [line for v in won for line in v.lines]
    assert lines == [f"{name}: {26 - (10 + i) - 1 + 1} to own spoils" for i, name in enumerate(EIGHT[:-1])]


def test_a_math_war_says_face_down_and_what_comes_next():
    war = next(v for v in MOMENTS["math_war"] if isinstance(v, BannerView) and v.title == "MATH WAR!")
    assert war.lines == ("3 face down, 1 up", "+ a new MATH CRATE") and war.hint == "Then the highest wins"
    assert SCREENS["duel/war/live"].headline == "3 face down, 1 up"


def test_knock_out_round_and_game_screens_end_on_the_next_step():
    hints = {v.title: v.hint for v in MOMENTS["knock_out"] if isinstance(v, BannerView)}
    assert hints["Knocked out"] == "Wait for the next round"
    assert hints["Round 1 won"] == "Next: a new round"
    last = next(v for v in MOMENTS["game_won"] if isinstance(v, BannerView) and v.title == "Round 2 won")
    assert last.hint == "and the game!"  # the round that wins the game promises no new round
    assert hints["New round"] == "Then play your cards"
    victory = next(v for v in MOMENTS["game_won"] if isinstance(v, BannerView) and v.title == "VICTORY!")
    assert victory.hint == "CONFIRM: go on"
    over = SCREENS["duel/over/live"]
    assert isinstance(over, LiveView) and over.footer == "CONFIRM: new game"


def test_solo_says_how_many_cards_to_move_and_a_remainder_means_draw_again():
    moved = next(v for v in MOMENTS["solo"] if isinstance(v, BannerView))
    assert (moved.big, moved.lines, moved.hint) == ("Move 10", ("cards from deck to spoils",), "Then clear your cards")
    again = next(v for v in MOMENTS["solo_remainder"] if isinstance(v, BannerView))
    assert (again.big, again.lines) == ("Draw again", ("Discard both cards",))


def test_a_refused_card_says_why_in_the_numbers_played_and_to_take_it_back():
    assert " ".join(texts(SCREENS["refused/4/0"])).endswith("Farouk 30 is not in 1 to 25. Take it back")
    assert not any("MWM" in text for view in SCREENS.values() for text in texts(view))
    for code in ("card_on_table", "already_played", "wrong_game", "not_your_deck"):
        assert " ".join(texts(SCREENS[f"violation-{code}"])).endswith("Take it back"), code
    assert " ".join(texts(SCREENS["violation-game_over"])).endswith("CONFIRM: new game")


# ---- in Spanish ------------------------------------------------------------------------------------

def spanish(name: str) -> list[str]:
    return texts(screens_in("es")[name])


def test_in_spanish_a_remainder_a_payment_and_a_math_war_are_said_in_a_childs_words():
    with use_language("es"):
        views, moments = every_screen()
    hidden, revealed = [v for v in moments["remainder"] if isinstance(v, HandView)]
    assert (hidden.title, hidden.hint) == ("Mano 1", "CONFIRM: ver")
    assert revealed.rows[0].detail == "solo 14" and revealed.hint == "14 ÷ 5 deja resto"
    both = [v for v in moments["remainders"] if isinstance(v, HandView)][1]
    assert [row.detail for row in both.rows] == ["solo 14", "solo 13"] and both.hint == "Resto: sin MATH CRATE"
    won = next(v for v in moments["remainder"] if isinstance(v, BannerView))
    assert (won.title, won.big, won.lines, won.hint) == ("Gana la mano 1", "Farouk", ("Ana: 2 a su botín",),
                                                         "Contando las jugadas")
    team_won = next(v for v in moments["teams"] if isinstance(v, BannerView))
    assert team_won.lines == ("Chloé: 18 a Ana", "Farouk: 18 a Ana")
    war = next(v for v in moments["math_war"] if isinstance(v, BannerView) and v.title == "¡MATH WAR!")
    assert war.lines == ("3 boca abajo, 1 arriba", "+ un MATH CRATE nuevo") and war.hint == "Gana el más alto"
    assert views["duel/war/live"].headline == "3 boca abajo, 1 arriba"


def test_in_spanish_the_live_screen_counts_cards_and_ends_the_game_on_confirm():
    live = screens_in("es")["eight/16/live"]
    assert isinstance(live, LiveView) and live.title == "Mano 2" and live.headline == "¡Cartas a la mesa!"
    assert live.players[0].detail == "9 cartas" and live.footer.startswith("Vict. 0-0")
    over = screens_in("es")["duel/over/live"]
    assert over.headline == "¡Ganó Ana!" and over.footer == "CONFIRM: otra partida"
    assert [p.detail for p in over.players] == ["24 cartas", "fuera"]


def test_in_spanish_solo_and_the_round_screens_end_on_the_next_step():
    with use_language("es"):
        views, moments = every_screen()
    moved = next(v for v in moments["solo"] if isinstance(v, BannerView))
    assert (moved.big, moved.lines, moved.hint) == ("Mueve 10", ("cartas del mazo al botín",), "Luego recoge tus cartas")
    again = next(v for v in moments["solo_remainder"] if isinstance(v, BannerView))
    assert (again.title, again.big, again.lines) == ("Hay resto", "Roba otra vez", ("Descarta las dos",))
    hints = {v.title: v.hint for v in moments["knock_out"] if isinstance(v, BannerView)}
    assert (hints["Queda fuera"], hints["Gana la ronda 1"], hints["Nueva ronda"]) == (
        "Espera a la próxima", "Ahora, otra ronda", "Y juega tus cartas")
    last = next(v for v in moments["game_won"] if isinstance(v, BannerView) and v.title == "Gana la ronda 2")
    assert last.lines == ("VICTORY! 2 de 2",) and last.hint == "¡y la partida!"


def test_in_spanish_a_refused_card_says_why_in_the_numbers_played_and_to_take_it_back():
    assert " ".join(spanish("refused/4/0")).endswith("Farouk 30 no está del 1 al 25. Quítala")
    for code in ("card_on_table", "already_played", "wrong_game", "not_your_deck", "not_in_war"):
        assert " ".join(spanish(f"violation-{code}")).endswith("Quítala"), code
    assert " ".join(spanish("violation-game_over")).endswith("CONFIRM: otra partida")
