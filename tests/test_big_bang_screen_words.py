"""Big Bang's screens word for word, as a child or teacher reads them on the OLED, made from real
games: the setup rows and the value each starts on, the map's lines and clock, every verdict's
title, reason and who, the round's sums, the final screen, the hint and SPARE's menu; with how
long each stays and the sound it makes."""

from __future__ import annotations

from typing import Any

import pytest

from engine.big_bang import BigBang, text
from station.games import plugin
from station.i18n import use_language
from station.ui.overlays import Overlay
from station.ui.views import BannerView, MapView, Menu, Tile, VerdictView

BB = plugin("big-bang")


def game_of(players: tuple[str, ...] = ("Ana",), start: float | None = 0.0, **config: Any) -> BigBang:
    game = BigBang({"game": "big-bang", "players": list(players), **config})
    if start is not None:
        game.apply({"type": "start", "t": start})
    return game


def play(game: BigBang, card: str, cell: tuple[int, int], turn: int, player: str = "Ana", t: float = 1.0) -> list[Any]:
    return game.apply({"type": "play", "t": t, "player": player, "card": card, "cell": list(cell), "turn": turn})


def shown(game: BigBang, events: list[Any]) -> list[Overlay]:
    return BB.overlays(events, game.state(), "press")


def rows(defaults: dict[str, Any]) -> list[tuple[str, str, list[tuple[Any, str]], Any, str]]:
    return [(o.key, o.label, [(c.value, c.label) for c in o.choices], o.value, o.shown)
            for o in BB.setup_options(defaults)]


# ---- setup -------------------------------------------------------------------------------------

def test_the_setup_rows_offer_each_choice_in_order_and_start_on_the_plain_game():
    assert rows({}) == [
        ("players", "Players", [(1, "solo"), (2, "race of 2")], 1, "solo"),
        ("rules_cards", "Rules cards", [(False, "out"), (True, "in")], False, "out"),
        ("minutes", "Timer", [(0, "none"), (3, "3 min"), (5, "5 min"), (10, "10 min"), (15, "15 min")], 0, "none"),
        ("replay", "Dead cards", [(False, "stay out"), (True, "replayed")], False, "stay out"),
        ("rounds", "Rounds", [(1, "1"), (2, "2"), (3, "3"), (5, "5")], 1, "1"),
        ("stolen", "Scoring", [(False, "own cards"), (True, "stolen")], False, "own cards"),
    ]


def test_the_setup_rows_start_on_the_stations_config_section():
    section = {"players": 2, "rules_cards": True, "minutes": 10, "replay": True, "rounds": 3, "stolen": True}
    assert [(key, value, words) for key, _, _, value, words in rows(section)] == [
        ("players", 2, "race of 2"), ("rules_cards", True, "in"), ("minutes", 10, "10 min"),
        ("replay", True, "replayed"), ("rounds", 3, "3"), ("stolen", True, "stolen")]
    odd = rows({"minutes": 7, "rounds": 4})  # values the rows do not offer: offered first, worded alike
    assert odd[2][2][:2] == [(7, "7 min"), (0, "none")] and odd[2][4] == "7 min"
    assert odd[4][2][:2] == [(4, "4"), (1, "1")] and odd[4][4] == "4"


def test_the_setup_choices_make_the_config_the_engine_plays():
    choices = {"players": 2, "rules_cards": True, "minutes": 5, "replay": True, "rounds": 2, "stolen": False}
    config = BB.game_config(choices, {"names": ["Ana", "Ben"]}, 3)
    assert config == {"game": "big-bang", "seed": 3, "players": ["Ana", "Ben"], "rules_cards": True, "minutes": 5,
                      "replay": True, "rounds": 2, "stolen": False}


# ---- the live screen ---------------------------------------------------------------------------

def test_before_the_round_the_screen_says_how_to_lay_out_the_cards():
    solo, race = game_of(start=None), game_of(("Ana", "Ben"), start=None, rounds=2)
    assert BB.live_view(solo.state(), 0.0, 0) == BannerView(
        "Big Bang", "Ready?", ("Black Star in the middle", "Shuffle, draw 3"), "CONFIRM: go!")
    assert BB.live_view(race.state(), 0.0, 0) == BannerView(
        "Round 1 of 2", "Ready?", ("A Black Star each", "Shuffle, draw 3"), "CONFIRM: go!")


def test_the_map_counts_the_cards_down_and_the_clock_runs_from_the_start():
    game = game_of(start=10.0, rules_cards=True)
    play(game, "BB-A-R1", (1, 0), 180, t=11.0)  # a Rules card: one card down (2 points at the end), "R" on the map
    view = BB.live_view(game.state(), 75.0, 0)
    assert view == MapView("Big Bang", (Tile((0, 0), "*"), Tile((1, 0), "R", last=True)), ("1 down", "33 left"),
                           "01:05", "Play, then draw to 3")
    one = game_of()
    play(one, "BB-A-N1A", (1, 0), 180)
    assert BB.live_view(one.state(), 3.0, 0).lines == ("1 down", "27 left")


def test_a_timer_counts_down_whole_seconds_and_stops_at_nothing():
    game = game_of(minutes=3)
    assert BB.live_view(game.state(), 50.6, 0).clock == "2:10"  # 129.4 s left: a second begun still counts
    assert BB.live_view(game.state(), 50.999, 0).clock == "2:09"  # 129.001 s: to the hundredth, 129 s
    assert BB.live_view(game.state(), 200.0, 0).clock == "0:00"  # the station's time-up has not come yet


def test_a_race_of_three_turns_the_map_to_each_player_in_turn():
    game = game_of(("Ana", "Ben", "Cai"), start=5.0)
    play(game, "BB-B-N4A", (1, 0), 180, player="Ben", t=6.0)
    views = [BB.live_view(game.state(), 70.0, page) for page in range(3)]
    assert [(v.title, v.hint) for v in views] == [("Ana", "SELECT: Ben's map"), ("Ben", "SELECT: Cai's map"),
                                                  ("Cai", "SELECT: Ana's map")]
    assert views[1] == MapView("Ben", (Tile((0, 0), "*"), Tile((1, 0), "4", last=True)), ("Ana 0", "Ben 1", "Cai 0"),
                               "01:05", "SELECT: Cai's map")


def test_between_rounds_and_at_the_end_the_screen_shows_the_sums():
    game = game_of(("Ana", "Ben"), rounds=2, minutes=1)
    play(game, "BB-A-N4A", (1, 0), 180)
    game.apply({"type": "time_up", "t": 60.0})
    assert BB.live_view(game.state(), 61.0, 0) == BannerView(
        "Round 1 of 2", "Round over", ("Ana: −26 points", "Ben: −28 points"), "Gather cards, CONFIRM")
    game.apply({"type": "next_round", "t": 62.0})
    game.apply({"type": "start", "t": 63.0})
    play(game, "BB-B-N4A", (1, 0), 180, player="Ben", t=64.0)
    play(game, "BB-B-N5A", (2, 0), 0, player="Ben", t=65.0)
    events = game.apply({"type": "time_up", "t": 123.0})
    final = BannerView("Game over", "Ben wins!", ("Ana: −54 points", "Ben: −52 points"), "CONFIRM: new game")
    assert BB.live_view(game.state(), 124.0, 0) == final
    assert shown(game, events)[-1] == Overlay(final, signal="attention", kind="result")


def test_a_tie_is_a_tie_and_a_solo_game_ends_on_its_points():
    race = game_of(("Ana", "Ben"), minutes=1)
    race.apply({"type": "time_up", "t": 60.0})
    assert BB.live_view(race.state(), 61.0, 1) == BannerView(
        "Game over", "A tie!", ("Ana: −28 points", "Ben: −28 points"), "CONFIRM: new game")
    solo = game_of(minutes=1)
    solo.apply({"type": "time_up", "t": 60.0})
    assert BB.live_view(solo.state(), 61.0, 0) == BannerView("Big Bang", "−28 points", (), "CONFIRM: new game")


# ---- a screen per event ------------------------------------------------------------------------

def test_a_card_that_fits_is_a_short_tone_naming_the_card():
    game = game_of(rules_cards=True)
    assert shown(game, play(game, "BB-A-N1A", (1, 0), 180)) == [
        Overlay(VerdictView("ok", "1", "fits"), seconds=0.0, signal="accepted", kind="play")]
    assert shown(game, play(game, "BB-A-R1", (-1, 0), 60, t=2.0))[0].view.title == "Rules card"


def test_a_card_that_does_not_fit_buzzes_with_why_and_in_a_race_whose_it_is():
    game = game_of(("Ana", "Ben"), rules_cards=True)
    play(game, "BB-A-N4A", (1, 0), 180)
    assert shown(game, play(game, "BB-A-N6A", (2, 0), 0, t=2.0)) == [
        Overlay(VerdictView("wrong", "No fit", "Neighbours are 1 apart. Take it back", "Ana: 6 beside 4"),
                seconds=3.0, signal="rejected", kind="verdict")]
    rules = shown(game, play(game, "BB-B-R1", (1, 1), 0, player="Ben", t=3.0))
    assert rules[0].view == VerdictView("wrong", "Not touching", "Lay it beside a card", "Ben: Rules card")
    odd = shown(game, play(game, "BB-A-R1", (2, 0), 0, t=4.0))  # the engine's own reason, kept
    assert odd[0].view == VerdictView("wrong", "No fit", "Only 6 or 7 there. Take it back", "Ana: Rules card")


def test_a_refusal_names_the_rule_says_what_to_do_and_whose_card():
    game = game_of(("Ana", "Ben"))
    events = play(game, "BB-B-N5A", (1, 0), 180)  # Ana plays Ben's card
    assert shown(game, events) == [Overlay(
        VerdictView("wrong", "Not your set", str(events[0]["message"]).rstrip("."), "Ana"),
        seconds=3.0, signal="rejected", kind="verdict")]
    assert "Play set A" in shown(game, events)[0].view.detail
    over = {"type": "violation", "code": "game_over", "message": text.game_over(), "player": "Ben"}
    assert shown(game, [over])[0].view == VerdictView("wrong", "Game over", "CONFIRM: new game", "Ben")
    other = {"type": "violation", "code": "wrong_game", "message": text.wrong_game("sum")}
    assert shown(game, [other])[0].view == VerdictView("wrong", "Other game", "Not a Big Bang card. Take it back", "")
    new = {"type": "violation", "code": "new_rule", "message": "Wait for your turn.", "player": "Ana"}
    assert shown(game, [new])[0].view == VerdictView("wrong", "Not allowed", "Wait for your turn", "Ana")


def test_the_last_two_dead_cards_of_a_real_game_are_shown_before_it_ends():
    """Two cards left in hand and deck, both dead (tests/test_big_bang.py has the game): the OLED
    says so, then that Ana is stuck."""
    from test_big_bang import STUCK, Table

    table = Table()
    table.lay(STUCK[:-1])
    table.discard(7)
    table.lay(STUCK[-1:])
    table.discard(7)
    end = table.discard(7)
    screens = [overlay.view for overlay in shown(table.game, end)]
    assert screens[0] == VerdictView("info", "Dead hand", "7, 7 on the pile. Your deck is empty")
    assert screens[1].big == "Stuck"


def test_a_dead_hand_in_a_race_names_the_player_and_when_the_deck_is_gone_says_so():
    game = game_of(("Ana", "Ben"))
    dead = {"type": "dead_hand", "player": "Ben", "values": [7, None, 5], "draw": 2}
    assert shown(game, [dead]) == [Overlay(VerdictView("info", "Dead hand", "7, 5 on the pile. Draw 2", "Ben"),
                                           seconds=3.0, signal="attention", kind="verdict")]
    rules_only = {"type": "dead_hand", "player": "Ben", "values": [None], "draw": 0}
    assert shown(game, [rules_only])[0].view.detail == "no numbers on the pile. Your deck is empty"


def test_the_round_sum_in_a_race_is_one_screen_each_named_and_stolen_scoring_says_who_takes():
    game = game_of(("Ana", "Ben"), minutes=1)
    play(game, "BB-A-N4A", (1, 0), 180)
    events = game.apply({"type": "time_up", "t": 60.0})
    sums = [o for o in shown(game, events) if o.view.hint == "CONFIRM: next"]
    assert sums == [
        Overlay(BannerView("Ana", "−26 points", ("1 played: +1", "27 left: −27"), "CONFIRM: next"),
                seconds=5.0, kind="result"),
        Overlay(BannerView("Ben", "−28 points", ("0 played: +0", "28 left: −28"), "CONFIRM: next"),
                seconds=5.0, kind="result")]
    stolen = {"type": "round_over", "round": 1, "stolen": True, "winners": ["Ana"], "scores": {
        "Ana": {"numbers": 20, "rules": 0, "unplayed": 3, "score": 17, "points": 9},
        "Ben": {"numbers": 2, "rules": 0, "unplayed": 6, "score": -4, "points": 0}}}
    assert [o.view.lines for o in shown(game, [stolen])] == [
        ("Round score 17", "Best: +9 for cards left"), ("Round score −4", "Not the best: 0 points")]


# ---- buttons -----------------------------------------------------------------------------------

def test_spare_offers_each_players_hint_and_i_drew_to_3_only_while_a_round_is_played():
    assert BB.menu(game_of(("Ana", "Ben"), start=None).state()) is None
    game = game_of(("Ana", "Ben"))
    menu = BB.menu(game.state())
    assert isinstance(menu, Menu) and menu.title == "Big Bang"
    assert [(label, action) for label, action in menu.choices if isinstance(action, dict)] == [
        ("Ana: I drew to 3", {"type": "done", "player": "Ana"}), ("Ben: I drew to 3", {"type": "done", "player": "Ben"})]
    assert [label for label, _ in menu.choices] == ["Ana: Hint", "Ana: I drew to 3", "Ben: Hint", "Ben: I drew to 3"]


@pytest.mark.parametrize("deck, offered", [(0, False), (1, True)])
def test_i_drew_to_3_is_offered_while_the_deck_has_a_card(deck, offered):
    state = game_of().state()
    state["tableaux"][0]["deck"] = deck
    assert ("I drew to 3" in [label for label, _ in BB.menu(state).choices]) is offered


def test_the_hint_says_what_the_pile_top_does_and_when_nothing_fits():
    game = game_of()
    for t, (card, cell) in enumerate((("BB-A-N1A", (1, 0)), ("BB-A-N2A", (-1, 0)), ("BB-A-N3A", (0, 1))), start=1):
        play(game, card, cell, 180, t=float(t))
    for t, card in enumerate(("BB-A-N7A", "BB-A-N6A", "BB-A-N5A"), start=5):
        game.apply({"type": "discard", "t": float(t), "player": "Ana", "card": card})
    hint = dict(BB.menu(game.state()).choices)["Hint"]
    assert hint.lines[-1] == "Pile top 5: not yet"
    state = game.state()
    state["tableaux"][0]["discard"][-1].update(kind="rules", value=None, card="BB-A-R1")
    assert dict(BB.menu(state).choices)["Hint"].lines[-1] == "Pile top card: fits"


#: A solo round far on: 27 of set A's 28 number cards down; the last, a 7, fits nowhere.
LOCKED = (("BB-A-N5A", (0, 1), 60), ("BB-A-N6A", (-1, 1), 0), ("BB-A-N6B", (1, 1), 0), ("BB-A-N7A", (-1, 2), 60),
          ("BB-A-N5B", (2, 1), 60), ("BB-A-N6C", (-2, 2), 0), ("BB-A-N6D", (3, 1), 0), ("BB-A-N7B", (4, 1), 60),
          ("BB-A-N7C", (1, 2), 60), ("BB-A-N5C", (-2, 1), 60), ("BB-A-N7D", (-3, 2), 60), ("BB-A-N5D", (3, 2), 60),
          ("BB-A-N6E", (-3, 1), 0), ("BB-A-N4A", (2, 0), 0), ("BB-A-N4B", (-2, 0), 0), ("BB-A-N6F", (4, 0), 0),
          ("BB-A-N3A", (-1, 0), 60), ("BB-A-N5E", (5, 0), 60), ("BB-A-N3B", (1, 0), 60), ("BB-A-N4C", (4, 2), 0),
          ("BB-A-N4D", (-1, -1), 0), ("BB-A-N3C", (5, 2), 60), ("BB-A-N7E", (-4, 1), 60), ("BB-A-N2A", (1, -1), 0),
          ("BB-A-N1A", (2, -1), 60), ("BB-A-N2B", (2, -2), 0), ("BB-A-N7F", (-2, 3), 60))


def test_the_hint_says_so_when_nothing_fits_any_more():
    game = game_of()
    for t, (card, cell, turn) in enumerate(LOCKED, start=1):
        assert shown(game, play(game, card, cell, turn, t=float(t)))[0].signal == "accepted"
    hint = dict(BB.menu(game.state()).choices)["Hint"]
    assert hint == BannerView("Hint", "Nothing fits", ("24 open sides",), "Any button: back")


def test_the_round_sum_counts_a_rules_card_twice():
    game = game_of(rules_cards=True, minutes=1)
    play(game, "BB-A-R1", (1, 0), 180)
    events = game.apply({"type": "time_up", "t": 60.0})
    assert [o.view for o in shown(game, events) if o.view.hint == "CONFIRM: next"] == [
        BannerView("Round 1", "−31 points", ("0 played, 1 Rules: +2", "33 left: −33"), "CONFIRM: next")]  # 2 − 33


# ---- in Spanish ----------------------------------------------------------------------------------

def test_the_setup_rows_read_in_spanish():
    with use_language("es"):
        assert rows({"minutes": 7}) == [
            ("players", "Jugadores", [(1, "solo"), (2, "carrera de 2")], 1, "solo"),
            ("rules_cards", "Cartas de reglas", [(False, "fuera"), (True, "dentro")], False, "fuera"),
            ("minutes", "Reloj", [(7, "7 min"), (0, "sin reloj"), (3, "3 min"), (5, "5 min"), (10, "10 min"),
                                  (15, "15 min")], 7, "7 min"),
            ("replay", "Cartas muertas", [(False, "fuera"), (True, "vuelven")], False, "fuera"),
            ("rounds", "Rondas", [(1, "1"), (2, "2"), (3, "3"), (5, "5")], 1, "1"),
            ("stolen", "Puntos", [(False, "las tuyas"), (True, "las de otros")], False, "las tuyas"),
        ]


def test_the_live_screens_read_in_spanish():
    with use_language("es"):
        race = game_of(("Ana", "Ben"), start=None, rounds=2)
        assert BB.live_view(race.state(), 0.0, 0) == BannerView(
            "Ronda 1 de 2", "¿Todo listo?", ("Una estrella cada uno", "Baraja y roba 3"), "CONFIRM: ¡ya!")
        solo = game_of(start=10.0)
        play(solo, "BB-A-N1A", (1, 0), 180, t=11.0)
        assert BB.live_view(solo.state(), 75.0, 0) == MapView(
            "Big Bang", (Tile((0, 0), "*"), Tile((1, 0), "1", last=True)), ("llevas 1", "faltan 27"), "01:05",
            "Juega y roba hasta 3")
        race.apply({"type": "start", "t": 1.0})
        assert BB.live_view(race.state(), 2.0, 0).hint == "SELECT: mapa de Ben"


def test_every_card_that_does_not_fit_is_judged_in_spanish():
    with use_language("es"):
        game = game_of(("Ana", "Ben"), rules_cards=True)
        assert shown(game, play(game, "BB-A-R3", (1, 0), 60))[0].view == VerdictView(
            "wrong", "Lado muerto", "Ese lado no admite nada. Quítala", "Ana: carta de reglas")
        play(game, "BB-A-N4A", (1, 0), 180)
        assert shown(game, play(game, "BB-A-N6A", (2, 0), 0, t=2.0))[0].view == VerdictView(
            "wrong", "No encaja", "Debe ser 1 más o 1 menos. Quítala", "Ana: 6 junto a 4")
        assert shown(game, play(game, "BB-A-N6B", (5, 0), 180, t=3.0))[0].view == VerdictView(
            "wrong", "No toca", "Ponla junto a una carta", "Ana: 6")
        assert shown(game, play(game, "BB-A-N5A", (1, 0), 180, t=4.0))[0].view == VerdictView(
            "wrong", "Sitio ocupado", "Ya hay una carta. Quítala", "Ana: 5")
        assert shown(game, play(game, "BB-A-R1", (2, 0), 0, t=5.0))[0].view == VerdictView(
            "wrong", "No encaja", "Ahí solo va 6 o 7. Quítala", "Ana: carta de reglas")
        assert shown(game, play(game, "BB-A-N3A", (2, 0), 0, t=6.0))[0].view == VerdictView("ok", "3", "encaja")


def refused(event: dict[str, Any], players: tuple[str, ...] = ("Ana", "Ben")) -> tuple[str, str, str]:
    view = shown(game_of(players), [event])[0].view
    return view.title, view.detail, view.who


@pytest.mark.parametrize("event, words", [
    ({"code": "not_your_set", "set": "B", "owner": "Ben", "own": "A"},
     ("No es tu mazo", "El mazo B es de Ben. Usa el A")),
    ({"code": "not_your_set", "set": "C", "owner": None, "own": "A"},
     ("No es tu mazo", "El mazo C no es tuyo. Usa el A")),
    ({"code": "wrong_game", "game": "sum"}, ("Otro juego", "No es de Big Bang. Quítala")),
    ({"code": "rules_off"}, ("Sin reglas", "Hoy no se usa: guárdala en la caja")),
    ({"code": "played_stays"}, ("Se queda", "Lo jugado se queda: vuelve a ponerla")),
    ({"code": "no_digging", "top": {"kind": "number", "value": 2}}, ("Solo la de arriba", "Arriba está: 2. Devuelve esta")),
    ({"code": "fits", "kind": "number", "value": 5}, ("¡Encaja!", "Ese 5 encaja: juégalo")),
    ({"code": "fits", "kind": "rules", "value": None}, ("¡Encaja!", "Esa carta de reglas encaja: juégala")),
    ({"code": "hand_fits", "kind": "number", "value": 1}, ("Una encaja", "Tu 1 encaja: juégalo")),
    ({"code": "top_fits", "kind": "number", "value": 7}, ("Usa el montón", "El 7 del montón encaja: juégalo")),
    ({"code": "not_started"}, ("Pulsa CONFIRM", "Espera: pulsa CONFIRM para empezar")),
    ({"code": "started"}, ("Ya en marcha", "La ronda ya empezó")),
    ({"code": "round_on"}, ("Ronda en juego", "Termina antes esta ronda")),
    ({"code": "round_over"}, ("Fin de ronda", "Se acabó la ronda. CONFIRM: otra ronda")),
    ({"code": "game_over"}, ("Fin de partida", "CONFIRM: otra partida")),
])
def test_every_refusal_is_worded_in_spanish_from_its_code_and_values(event, words):
    with use_language("es"):
        assert refused({"type": "violation", "player": "Ana", "message": "(the engine's English)", **event}) == (
            *words, "Ana")


def test_a_real_refusal_is_worded_in_spanish_not_from_the_engines_english():
    game = game_of(("Ana", "Ben"))
    events = play(game, "BB-B-N5A", (1, 0), 180)  # Ana plays Ben's card
    with use_language("es"):
        assert shown(game, events)[0].view == VerdictView("wrong", "No es tu mazo", "El mazo B es de Ben. Usa el A",
                                                          "Ana")


def test_the_moments_of_a_round_read_in_spanish():
    with use_language("es"):
        game = game_of(("Ana", "Ben"), rounds=2, minutes=1, start=None)
        (go,) = shown(game, game.apply({"type": "start", "t": 0.0}))
        assert go.view == BannerView("Ronda 1", "¡Ya!", ("Juega junto a la estrella",))
        dead = {"type": "dead_hand", "player": "Ben", "values": [7, None, 5], "draw": 2}
        assert shown(game, [dead])[0].view == VerdictView("info", "Mano muerta", "7, 5 al montón. Roba 2", "Ben")
        last = {"type": "dead_hand", "player": "Ben", "values": [None], "draw": 0}
        assert shown(game, [last])[0].view.detail == "sin números al montón. Ya no puedes robar"
        again = {"type": "reshuffled", "player": "Ben", "cards": 4}
        assert shown(game, [again])[0].view == VerdictView("info", "¡Otra vez!", "Baraja tu montón: ahora robas de ahí",
                                                           "Ben")
        for reason, words in (("all_down", ("¡Todas puestas!", ("Todas en la mesa",))),
                              ("out", ("Sin jugadas", ("Ya no encaja nada",)))):
            view = shown(game, [{"type": "player_done", "player": "Ben", "reason": reason}])[0].view
            assert view == BannerView("Ben", *words, "Se acabó la ronda")
        play(game, "BB-A-N4A", (1, 0), 180)
        ended = shown(game, game.apply({"type": "time_up", "t": 60.0}))
        sums = [o.view for o in ended if o.view.title in ("Ana", "Ben")]  # after the shared "Time is up!"
        assert sums == [BannerView("Ana", "−26 puntos", ("1 jugada: +1", "quedan 27: −27"), "CONFIRM: seguir"),
                        BannerView("Ben", "−28 puntos", ("0 jugadas: +0", "quedan 28: −28"), "CONFIRM: seguir")]
        assert BB.live_view(game.state(), 61.0, 0) == BannerView(
            "Ronda 1 de 2", "Fin de ronda", ("Ana: −26 puntos", "Ben: −28 puntos"), "Recoge y CONFIRM")
        (ready,) = shown(game, game.apply({"type": "next_round", "t": 62.0}))
        assert ready.view == BannerView("Ronda 2", "Baraja", ("Estrella al centro, roba 3",), "y CONFIRM: ¡ya!")
        game.apply({"type": "start", "t": 63.0})
        end = shown(game, game.apply({"type": "time_up", "t": 123.0}))
        assert end[-1].view == BannerView("Fin de partida", "¡Gana Ana!", ("Ana: −54 puntos", "Ben: −56 puntos"),
                                          "CONFIRM: otra partida")


def test_stolen_scoring_and_one_point_read_in_spanish():
    with use_language("es"):
        game = game_of(("Ana", "Ben"))
        stolen = {"type": "round_over", "round": 1, "stolen": True, "winners": ["Ana"], "scores": {
            "Ana": {"numbers": 20, "rules": 0, "unplayed": 3, "score": 17, "points": 1},
            "Ben": {"numbers": 2, "rules": 1, "unplayed": 6, "score": -2, "points": 0}}}
        assert [(o.view.big, o.view.lines) for o in shown(game, [stolen])] == [
            ("1 punto", ("Ronda: 17", "Mejor: +1 de los demás")), ("0 puntos", ("Ronda: −2", "Sin premio: 0 puntos"))]


def test_spare_and_the_hint_read_in_spanish():
    with use_language("es"):
        race = BB.menu(game_of(("Ana", "Ben")).state())
        assert [label for label, _ in race.choices] == ["Ana: pista", "Ana: ya tengo 3", "Ben: pista", "Ben: ya tengo 3"]
        game = game_of()
        for t, (card, cell) in enumerate((("BB-A-N1A", (1, 0)), ("BB-A-N2A", (-1, 0)), ("BB-A-N3A", (0, 1))), start=1):
            play(game, card, cell, 180, t=float(t))
        for t, card in enumerate(("BB-A-N7A", "BB-A-N6A", "BB-A-N5A"), start=5):
            game.apply({"type": "discard", "t": float(t), "player": "Ana", "card": card})
        label, hint = BB.menu(game.state()).choices[0]
        assert label == "Pista"
        assert hint == BannerView("Pista", "Encajan: 2–4", ("6 lados libres", "Montón 5: aún no"), "Un botón: volver")
