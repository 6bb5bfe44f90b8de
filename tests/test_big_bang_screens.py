"""Big Bang's OLED screens in a child's words, made from real games (solo and a race, Rules cards,
a clock, replay, stolen scoring): every screen fits whole in glyphs the OLED has, and each one's
bottom line is the next step."""

from __future__ import annotations

from typing import Any

import pytest

from engine.big_bang import BigBang, text
from screen_helpers import bottom_line, unreadable_in_every_language
from station.games import plugin
from station.i18n import language
from station.games.big_bang import screens as screens
from station.ui.screens import compose
from station.ui.views import BannerView, View

BB = plugin("big-bang")


class Table:
    """A real game that keeps every screen its events call for, and the live screen, by name."""

    def __init__(self, name: str, views: dict[str, View], players: tuple[str, ...] = ("Ana",), **config: Any) -> None:
        self.game = BigBang({"game": "big-bang", "players": list(players), **config})
        self.name, self.views, self.t = name, views, 0.0
        self.live("setup")

    def act(self, moment: str, kind: str, **fields: Any) -> list[dict[str, Any]]:
        self.t += 1
        events = self.game.apply({"type": kind, "t": self.t, **fields})
        for index, overlay in enumerate(BB.overlays(events, self.game.state(), "press")):
            if overlay.seconds != 0.0:  # a card that fits: a tone, no screen to read
                self.views[f"{self.name}/{moment}/{index}"] = overlay.view
        self.live(moment)
        return events

    def play(self, moment: str, card: str, cell: tuple[int, int], turn: int, player: str = "Ana") -> None:
        self.act(moment, "play", player=player, card=card, cell=list(cell), turn=turn)

    def live(self, moment: str) -> None:
        for page in range(len(self.game.state()["players"])):
            self.views[f"{self.name}/{moment}/live/{page}"] = BB.live_view(self.game.state(), self.t, page)


def hints(game: BigBang) -> list[View]:
    """Each player's hint, as SPARE's menu offers it (in any language)."""
    return [answer for _, answer in BB.menu(game.state()).choices if not isinstance(answer, dict)]


def every_screen() -> dict[str, View]:
    views: dict[str, View] = {}
    solo = Table("solo", views, minutes=3, rounds=2, rules_cards=True, replay=True)
    solo.act("start", "start")
    solo.play("dead-face", "BB-A-R3", (1, 0), 60)  # its dead side against the Black Star
    solo.play("fit", "BB-A-N1A", (1, 0), 180)
    solo.play("no-fit", "BB-A-N6A", (2, 0), 0)
    solo.play("not-touching", "BB-A-N7A", (5, 0), 180)
    solo.play("cell-taken", "BB-A-N5A", (1, 0), 180)
    solo.play("fit-2", "BB-A-N2A", (-1, 0), 180)
    solo.play("fit-3", "BB-A-N3A", (0, 1), 180)  # the Star's faces: 1, 2, 3 down; 5, 6, 7 fit nowhere
    for card in ("BB-A-N7A", "BB-A-N6A", "BB-A-N5A"):
        solo.act("dead-hand", "discard", player="Ana", card=card)
    solo.play("rules", "BB-A-R1", (1, 1), 0)
    solo.views["solo/hint"] = hints(solo.game)[0]
    solo.act("time-up", "time_up")
    solo.act("next-round", "next_round")
    solo.act("start-2", "start")
    solo.act("game-over", "time_up")

    race = Table("race", views, players=("Ana", "Farouk"), stolen=True, minutes=1)
    race.act("start", "start")
    race.play("fit", "BB-A-N4A", (1, 0), 180)
    race.play("fit-2", "BB-B-N4A", (1, 0), 180, player="Farouk")
    race.play("no-fit", "BB-B-N6A", (2, 0), 0, player="Farouk")
    race.play("not-your-set", "BB-B-N5A", (2, 0), 0)
    race.views["race/hint"] = hints(race.game)[1]
    race.act("done", "done", player="Ana")
    race.act("time-up", "time_up")

    # the moments a short drive does not reach, with the engine's own words
    state = race.game.state()
    for name, event in VIOLATIONS.items():
        views[f"violation-{name}"] = BB.overlays([{"type": "violation", "player": "Farouk", **event}], state,
                                                  "press")[0].view
    for reason in ("all_down", "out"):
        views[f"done-{reason}"] = BB.overlays([{"type": "player_done", "player": "Farouk", "reason": reason}], state,
                                              "press")[0].view
    rules = {"numbers": 20, "rules": 3, "unplayed": 5, "score": 21, "points": 21}  # a game far on, Rules cards in
    views["sum-with-rules"] = BB.overlays([{"type": "round_over", "round": 1, "scores": {"Farouk": rules},
                                            "stolen": False, "winners": ["Farouk"]}], state, "press")[0].view
    views["dead-hand-last"] = BB.overlays([{"type": "dead_hand", "player": "Farouk", "values": [7], "draw": 0}], state,
                                          "press")[0].view  # the deck is gone: nothing to draw
    views["reshuffled"] = BB.overlays([{"type": "reshuffled", "player": "Farouk", "cards": 12}], state, "press")[0].view
    return views


SEVEN, RULES = {"kind": "number", "value": 7}, {"kind": "rules", "value": None}
#: every refusal, with the values the engine gives its words (the longest of each: a Rules card named)
VIOLATIONS = {
    "not_your_set": {"code": "not_your_set", "message": text.not_your_set("A", "Ana", "B"), "set": "A",
                     "owner": "Ana", "own": "B"},
    "not_your_set-nobody": {"code": "not_your_set", "message": text.not_your_set("C", None, "B"), "set": "C",
                            "owner": None, "own": "B"},
    "wrong_game": {"code": "wrong_game", "message": text.wrong_game("sum"), "game": "sum"},
    "rules_off": {"code": "rules_off", "message": text.rules_off()},
    "played_stays": {"code": "played_stays", "message": text.played_stays()},
    "no_digging": {"code": "no_digging", "message": text.no_digging("Rules card"), "top": RULES},
    "fits": {"code": "fits", "message": text.fits("7"), **SEVEN},
    "fits-rules": {"code": "fits", "message": text.fits("Rules card"), **RULES},
    "top_fits": {"code": "top_fits", "message": text.top_fits("7"), **SEVEN},
    "top_fits-rules": {"code": "top_fits", "message": text.top_fits("Rules card"), **RULES},
    "hand_fits": {"code": "hand_fits", "message": text.hand_fits("7"), **SEVEN},
    "hand_fits-rules": {"code": "hand_fits", "message": text.hand_fits("Rules card"), **RULES},
    "not_started": {"code": "not_started", "message": text.not_started()},
    "started": {"code": "started", "message": text.started()},
    "round_on": {"code": "round_on", "message": text.round_on()},
    "round_over": {"code": "round_over", "message": text.round_over()},
    "game_over": {"code": "game_over", "message": text.game_over()},
}
NAMES = sorted(every_screen())  # the moments, known at collection; the screens are made again per run


@pytest.fixture(scope="module")
def drawn() -> dict[str, View]:
    """Made while the tests run, not at import: mutation testing forks after import, so screens
    made then would never show a planted change."""
    return every_screen()


@pytest.fixture(scope="module")
def in_each_language() -> dict[str, dict[str, View]]:
    """Every screen as made in each language, made once per language when first asked for."""
    return {}


@pytest.mark.parametrize("name", NAMES)
def test_every_big_bang_screen_fits_whole_in_glyphs_the_oled_has_in_every_language(name, in_each_language):
    def made() -> View:
        if language() not in in_each_language:
            in_each_language[language()] = every_screen()
        return in_each_language[language()][name]

    assert unreadable_in_every_language(made) == {}


def test_every_refusal_the_screens_know_is_drawn():
    assert set(screens.VERDICT_TITLES) == {event["code"] for event in VIOLATIONS.values()}


@pytest.mark.parametrize("name, bottom", [
    ("solo/setup/live/0", "CONFIRM: go!"),
    ("solo/start/0", "Play beside the Star"),
    ("solo/start/live/0", "Play, then draw to 3"),
    ("race/start/live/0", "SELECT: Farouk's map"),
    ("solo/hint", "Any button: back"),
    ("solo/time-up/0", "Hands off the cards"),
    ("solo/time-up/1", "CONFIRM: next"),
    ("solo/time-up/live/0", "Gather cards, CONFIRM"),
    ("solo/next-round/0", "then CONFIRM: go!"),
    ("solo/game-over/2", "CONFIRM: new game"),
    ("done-all_down", "The round is over"),
    ("done-out", "The round is over"),
])
def test_each_moment_ends_on_the_next_step(name, bottom, drawn):
    assert bottom_line(drawn[name]) == bottom


@pytest.mark.parametrize("name, bottom", [
    ("solo/no-fit/0", "Take it back"),
    ("solo/not-touching/0", "Lay it beside a card"),
    ("solo/cell-taken/0", "Take it back"),
    ("solo/dead-hand/0", "Draw 3"),
    ("dead-hand-last", "Your deck is empty"),  # not "Draw 0"
    ("race/not-your-set/0", "Play set A"),
    ("violation-wrong_game", "Take it back"),
    ("violation-rules_off", "put it back in the box"),
    ("violation-played_stays", "put it back"),
    ("violation-no_digging", "Put this one back"),
    ("violation-fits", "That 7 fits: play it"),
    ("violation-fits-rules", "play it"),
    ("violation-top_fits-rules", "discard pile fits: play it"),
    ("violation-round_over", "CONFIRM: next round"),
    ("violation-game_over", "CONFIRM: new game"),
    ("reshuffled", "it is your deck now"),
])
def test_every_card_refused_or_noted_ends_on_what_to_do(name, bottom, drawn):
    assert bottom_line(drawn[name]) == bottom


def test_a_card_that_does_not_fit_says_why_in_the_rules_words(drawn):
    rules = drawn["solo/rules/0"]  # a Rules card whose restricted side meets the 1
    assert (rules.title, rules.who) == ("No fit", "Rules card") and rules.detail.endswith(". Take it back")
    assert rules.detail.startswith("Only ")  # the engine's reason, not dropped: "Only 6 or 7 there"
    assert drawn["solo/cell-taken/0"].title == "Place taken"
    assert drawn["solo/dead-face/0"].detail == "That side takes nothing. Take it back"


def test_the_rounds_sum_adds_up_as_a_child_checks_it(drawn):
    solo = drawn["solo/time-up/1"]  # 3 number cards down, 31 left: 3 − 31
    assert (solo.big, solo.lines) == ("−28 points", ("3 played: +3", "31 left: −31"))
    stolen = drawn["race/time-up/1"]
    assert stolen.lines == ("Round score −26", "Best: +0 for cards left")  # a tie: nobody else left cards to take
    with_rules = drawn["sum-with-rules"]  # 20 + 2 × 3 − 5
    assert (with_rules.big, with_rules.lines) == ("21 points", ("20 played, 3 Rules: +26", "5 left: −5"))


def test_one_score_reads_the_same_on_every_screen_in_the_story_and_the_summary():
    """A real solo game that ends with a card left (27 down, 1 left: a score of 26): only the score
    is called points or a score (the live map counts cards down), so the live screen, the round's
    sum, the game's end, the story and the summary never say 27 for a score of 26."""
    import re

    from station.games.big_bang.players import BangTable

    game = BigBang({"game": "big-bang", "seed": 2, "players": ["Ana"]})
    shown: list[str] = []
    for action, events in BangTable(game, 2).actions():
        state = game.state()
        shown += [game.describe(e) for e in events]
        views = [o.view for o in BB.overlays(events, state, "press")] + [BB.live_view(state, action["t"], 0)]
        shown += [line for view in views for line in compose(view).texts()]
    shown += game.summary()
    final = game.outcome().scores["Ana"]
    assert (final, game.state()["tableaux"][0]["left"]) == (26, 1)  # the game this test is about
    said = {int(n.replace("−", "-")) for line in shown
            for n in re.findall(r"(−?\d+) points?\b|\bscores? (−?\d+)", line) for n in n if n}
    assert said == {26}, [line for line in shown if re.search(r"\d+ points?\b|\bscores? \d", line)]
    assert "27 down" in shown and "1 left" in shown  # the live map before the last card: cards, not points
