"""Big Bang's screens: the map with the last card filled in and the score beside it, a race's
maps in turn, a tone only for a card that fits, the reason for one that does not, a dead hand,
the round's sum, the hint, setup and the buttons."""

from __future__ import annotations

from typing import Any

from engine.big_bang import BigBang
from station.games import plugin
from station.games.big_bang import screens as screens
from station.ui.screens import compose
from station.ui.views import BannerView, MapView, Tile, VerdictView

BB = plugin("big-bang")


def started(players: tuple[str, ...] = ("Ana",), **config: Any) -> BigBang:
    game = BigBang({"game": "big-bang", "players": list(players), **config})
    game.apply({"type": "start", "t": 0.0})
    return game


def play(game: BigBang, card: str, cell: tuple[int, int], turn: int, player: str = "Ana", t: float = 1.0) -> list[Any]:
    return game.apply({"type": "play", "t": t, "player": player, "card": card, "cell": list(cell), "turn": turn})


def test_the_live_screen_is_the_map_with_the_last_card_filled_in_and_the_cards_down_beside_it():
    game = started()
    play(game, "BB-A-N4A", (1, 0), 180)
    play(game, "BB-A-N5A", (2, 0), 0, t=2.0)
    view = BB.live_view(game.state(), 65.0, 0)
    assert isinstance(view, MapView)
    assert set(view.tiles) == {Tile((0, 0), "*"), Tile((1, 0), "4"), Tile((2, 0), "5", last=True)}
    assert view.lines == ("2 down", "26 left") and view.clock == "01:05" and view.hint == "Play, then draw to 3"
    texts = [p.wanted for p in compose(view).items if p.kind == "text"]
    assert {"*", "4", "5", "2 down", "26 left"} <= set(texts)


def test_a_speed_game_shows_the_time_left():
    game = started(minutes=3)
    assert BB.live_view(game.state(), 50.0, 0).clock == "2:10"


def test_a_race_shows_everyones_score_and_select_turns_the_map_to_the_next_player():
    game = started(("Ana", "Ben"))
    play(game, "BB-B-N4A", (1, 0), 180, player="Ben")
    first, second = (BB.live_view(game.state(), 10.0, page) for page in (0, 1))
    assert (first.title, second.title) == ("Ana", "Ben")
    assert first.lines == second.lines == ("Ana 0", "Ben 1")
    assert first.hint == "SELECT: Ben's map" and second.hint == "SELECT: Ana's map"
    assert len(second.tiles) == 2 and len(first.tiles) == 1


def test_a_card_that_fits_is_a_tone_only_and_one_that_does_not_says_why():
    game = started()
    good = BB.overlays(play(game, "BB-A-N4A", (1, 0), 180), game.state(), "press")
    assert [(o.signal, o.seconds) for o in good] == [("accepted", 0.0)]  # gone at once: the map shows it
    bad = BB.overlays(play(game, "BB-A-N6A", (2, 0), 0, t=2.0), game.state(), "press")
    assert [o.signal for o in bad] == ["rejected"]
    assert bad[0].view == VerdictView("wrong", "No fit", "Neighbours are 1 apart. Take it back", "6 beside 4")
    alone = BB.overlays(play(game, "BB-A-N7A", (5, 0), 180, t=3.0), game.state(), "press")
    assert alone[0].view == VerdictView("wrong", "Not touching", "Lay it beside a card", "7")


def test_a_dead_hand_says_which_cards_went_on_the_pile_and_to_draw():
    game = started()
    for t, (card, cell) in enumerate((("BB-A-N1A", (1, 0)), ("BB-A-N2A", (-1, 0)), ("BB-A-N3A", (0, 1))), start=1):
        play(game, card, cell, 180, t=float(t))
    shown = []
    for t, card in enumerate(("BB-A-N7A", "BB-A-N6A", "BB-A-N5A"), start=5):
        events = game.apply({"type": "discard", "t": float(t), "player": "Ana", "card": card})
        shown += BB.overlays(events, game.state(), "press")
    assert [o.view for o in shown] == [VerdictView("info", "Dead hand", "7, 6, 5 on the pile. Draw 3")]


def test_the_rounds_sum_shows_cards_down_cards_left_and_the_points():
    game = started(minutes=1)
    play(game, "BB-A-N4A", (1, 0), 180)
    events = game.apply({"type": "time_up", "t": 60.0})
    views = [o.view for o in BB.overlays(events, game.state(), "press")]
    assert views[0] == BannerView("Time is up!", "Stop!", ("Hands off the cards",))
    assert views[1] == BannerView("Round 1", "−26 points", ("1 played: +1", "27 left: −27"), "CONFIRM: next")
    assert views[-1] == BannerView("Big Bang", "−26 points", (), "CONFIRM: new game")


def test_the_hint_counts_open_faces_and_says_what_fits_now():
    game = started()
    play(game, "BB-A-N1A", (1, 0), 180)
    menu = BB.menu(game.state())
    assert menu is not None and [label for label, _ in menu.choices] == ["Hint", "I drew to 3"]
    hint = dict(menu.choices)["Hint"]
    assert hint == BannerView("Hint", "2–7 fit", ("4 open sides",), "Any button: back")  # the only 1 is down
    assert [screens._runs(v) for v in ([2], [2, 4], [1, 2, 3, 5], [3, 4])] == ["2", "2, 4", "1–3, 5", "3, 4"]


def test_confirm_starts_the_round_and_goes_on_to_the_next_and_setup_makes_the_engines_config():
    game = BigBang({"game": "big-bang", "players": ["Ana"], "rounds": 2, "minutes": 1})
    assert BB.confirm(game.state()) == {"type": "start"}
    game.apply({"type": "start", "t": 0.0})
    assert BB.confirm(game.state()) is None
    game.apply({"type": "time_up", "t": 60.0})
    assert BB.confirm(game.state()) == {"type": "next_round"}
    rows = {o.key: o for o in BB.setup_options({"players": 2})}
    assert list(rows) == ["players", "rules_cards", "minutes", "replay", "rounds", "stolen"]
    choices = {key: row.value for key, row in rows.items()}
    assert choices["players"] == 2
    config = BB.game_config({**choices, "stolen": True}, {"names": ["Ana", "Ben"]}, 7)
    assert config == {"game": "big-bang", "seed": 7, "players": ["Ana", "Ben"], "rules_cards": False, "minutes": 0,
                      "replay": False, "rounds": 1, "stolen": True}
    solo = BB.game_config({**choices, "players": 1, "stolen": True}, {"names": ["Ana"]}, 7)
    assert solo["stolen"] is False  # stolen scoring needs someone to steal from
    BigBang(config)  # the engine takes it


def test_every_big_bang_screen_draws_within_the_panel():
    game = started(("Ana", "Ben"), rules_cards=True)
    play(game, "BB-A-N4A", (1, 0), 180)
    views = [BB.live_view(game.state(), 5.0, page) for page in (0, 1)]
    views += [o.view for o in BB.overlays(play(game, "BB-A-N6A", (2, 0), 0, t=2.0), game.state(), "press")]
    for view in views:
        for item in compose(view).items:
            assert 0 <= item.ink_box[0] and item.ink_box[2] <= 128 and item.ink_box[3] <= 64, (view, item)
    assert screens.STAR_LABEL == "*"
