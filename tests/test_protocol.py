"""What every game shares (engine/protocol.py) and the one registry of games (engine/games.py):
a game's config and actions are checked with messages that name the field, the action log is
the game, and the registry's lines find each game's parts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import pytest
from conftest import registered

from engine.errors import ActionError, ConfigError
from engine.games import GAME_CODES, GAME_TITLES, GAMES, GameInfo, Registry
from engine.rules import game_class, new_game, replay
from engine.protocol import SIMULTANEOUS, Event, Game, Outcome


class Tally(Game):
    """The smallest game: players add numbers; a list of card IDs may come along."""

    name = "tally"
    ACTIONS: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "add": {"player": str, "amount": int},
        "lay": {"player": str, "cards": list},
        "play": {"player": str, "card": str},
        "give-up": {"player": str},
    }

    def __init__(self, config: Mapping[str, Any]) -> None:
        super().__init__(config)
        self.total = 0
        self.names = list(self._config.get("players", []))

    def seats(self) -> tuple[str, ...]:
        return tuple(self.names)

    def outcome(self) -> Outcome:
        return Outcome(False)

    def on_add(self, action: Mapping[str, Any]) -> list[Event]:
        self.total += action["amount"]
        return [{"type": "added", "total": self.total}]

    def on_lay(self, action: Mapping[str, Any]) -> list[Event]:
        return [{"type": "laid", "cards": action["cards"]}]

    def on_play(self, action: Mapping[str, Any]) -> list[Event]:
        return []

    def on_give_up(self, action: Mapping[str, Any]) -> list[Event]:
        return [{"type": "gave_up", "player": action["player"]}]

    def state(self) -> dict[str, Any]:
        return {"total": self.total, "players": self.names}

    def describe(self, event: Mapping[str, Any]) -> str:
        return event["type"]


def tally(**config: Any) -> Tally:
    return Tally({"game": "tally", "players": ["Zoë", "Ben"], **config})


# ---- configs ------------------------------------------------------------------------------------

@pytest.mark.parametrize("config, words", [
    (["tally"], "a game config is a JSON object, not list"),
    ({"players": ["Ana"]}, "config is for game None, not 'tally'"),
    ({"game": "sum"}, "config is for game 'sum', not 'tally'"),
    ({"game": "tally", "seed": "7"}, "seed must be a whole number, not '7'"),
    ({"game": "tally", "seed": True}, "seed must be a whole number, not True"),
])
def test_a_config_a_game_cannot_start_from_says_what_is_wrong(config, words):
    with pytest.raises(ConfigError) as caught:
        Tally(config)
    assert str(caught.value) == words


def test_a_games_config_is_its_own_copy_with_the_seed_filled_in():
    players = ["Zoë", "Ben"]
    game = Tally({"game": "tally", "players": players})
    players.append("Cleo")   # the caller's list changes later: the game's config does not
    assert game.config == {"game": "tally", "players": ["Zoë", "Ben"], "seed": 0}
    assert tally(seed=42).config["seed"] == 42


# ---- actions --------------------------------------------------------------------------------------

def test_times_start_at_zero_and_may_repeat_but_never_go_back():
    game = tally()
    game.apply({"type": "add", "t": 0, "player": "Ben", "amount": 1})      # at the very start
    game.apply({"type": "add", "t": 0.5, "player": "Ben", "amount": 1})
    game.apply({"type": "add", "t": 0.5, "player": "Zoë", "amount": 1})    # two at the same moment
    assert game.last_t == 0.5 and game.state()["total"] == 3
    with pytest.raises(ActionError) as caught:
        game.apply({"type": "add", "t": 0.25, "player": "Ben", "amount": 1})
    assert str(caught.value) == "'add' action at t=0.25 is earlier than the previous one (t=0.5)"
    with pytest.raises(ActionError) as caught:
        tally().apply({"type": "add", "t": -1, "player": "Ben", "amount": 1})
    assert str(caught.value) == "'add' action has t=-1: times are seconds since the game began, never negative"


@pytest.mark.parametrize("action, words", [
    ({"type": "jump", "t": 1}, "unknown action type 'jump' for tally (known: add, give-up, lay, pause, play, resume)"),
    ({"t": 1}, "unknown action type None for tally (known: add, give-up, lay, pause, play, resume)"),
    ({"type": "add", "t": 1, "player": "Zoë"},
     """'add' action is missing 'amount': {"type": "add", "t": 1, "player": "Zoë"}"""),
    ({"type": "add", "t": 1, "player": "Zoë", "amount": 1.5}, "'add' action field 'amount' must be a whole number, not 1.5"),
    ({"type": "lay", "t": 1, "player": "Zoë", "cards": ["A", 2]}, "'lay' action field 'cards' must be a list of texts, not ['A', 2]"),
    ({"type": "add", "t": 1, "player": "Zoë", "amount": 1, "source": 3}, "'add' action field 'source' must be text"),
    ({"type": "add", "t": 1, "player": "Zoë", "amount": 1, "who": "me"}, "'add' action has an unknown field 'who'"),
    (["add"], "an action is a JSON object with a 'type', not ['add']"),
])
def test_a_malformed_action_is_refused_with_a_message_that_names_the_field(action, words):
    game = tally()
    with pytest.raises(ActionError) as caught:
        game.apply(action)
    assert str(caught.value) == words
    assert game.actions == []


def test_an_action_type_with_a_hyphen_is_handled_by_its_on_method_with_an_underscore():
    assert tally().apply({"type": "give-up", "t": 1, "player": "Ben"}) == [{"type": "gave_up", "player": "Ben", "t": 1}]


def test_the_action_log_is_the_games_own_copy():
    game = tally()
    cards = ["MW-A-N1", "MW-A-N2"]
    events = game.apply({"type": "lay", "t": 1, "player": "Zoë", "cards": cards, "source": "camera"})
    cards.append("MW-A-N3")   # the caller reuses its list
    assert game.actions == [{"type": "lay", "t": 1, "player": "Zoë", "cards": ["MW-A-N1", "MW-A-N2"], "source": "camera"}]
    assert events == [{"type": "laid", "cards": ["MW-A-N1", "MW-A-N2"], "t": 1}]


def test_what_the_station_reads_of_a_game_that_says_nothing_more():
    game = tally()
    game.apply({"type": "play", "t": 1, "player": "Zoë", "card": "MW-A-N21"})
    game.apply({"type": "add", "t": 2, "player": "Ben", "amount": 4})
    game.apply({"type": "play", "t": 3, "player": "Ben", "card": "MW-B-N3"})
    assert game.table_cards() == {"MW-A-N21", "MW-B-N3"}   # every card named so far may still lie there
    assert game.turns().style == SIMULTANEOUS and game.turns().current is None
    assert game.deadline() is None and game.headline() == "tally"
    assert game.summary() == ['{"total": 4, "players": ["Zoë", "Ben"]}']


def test_a_replay_rebuilds_the_game_and_every_event_in_order():
    actions = [{"type": "add", "t": 1, "player": "Zoë", "amount": 2}, {"type": "add", "t": 2, "player": "Ben", "amount": 3}]
    game, events = Tally.replay({"game": "tally", "players": ["Zoë", "Ben"]}, actions)
    assert events == [{"type": "added", "total": 2, "t": 1}, {"type": "added", "total": 5, "t": 2}]
    assert game.actions == actions


# ---- the registry ---------------------------------------------------------------------------------

LINES = [GameInfo("sum", "SUM", "SU"), GameInfo("math-wars", "Math Wars Meta", "MW", package="math_wars")]


def test_a_registry_keeps_its_lines_in_order_and_counts_every_change():
    registry = Registry(LINES)
    assert list(registry) == ["sum", "math-wars"] and registry["sum"].title == "SUM" and len(registry) == 2
    assert registry.version == 2 and registry.playable() == ["math-wars"]
    registry.register(GameInfo("toy", "Toy Sum", "TY", rules_module="toy_game.rules"))
    assert registry.version == 3 and registry.playable() == ["math-wars", "toy"]
    registry.register(GameInfo("toy", "Toy Sum", "TY"))   # a game's own line again: replaced
    assert registry.version == 4 and registry.playable() == ["math-wars"]
    registry.unregister("toy")
    registry.unregister("nothing")   # gone already: fine, and still counted (caches rebuild)
    assert registry.version == 6 and list(registry) == ["sum", "math-wars"]


def test_a_code_belongs_to_one_game():
    registry = Registry(LINES)
    with pytest.raises(ConfigError) as caught:
        registry.register(GameInfo("snap", "Snap", "MW"))
    assert str(caught.value) == "game code 'MW' of 'snap' is already used by 'math-wars'"
    assert "snap" not in registry and registry.version == 2
    assert registry.by_code("MW").name == "math-wars" and registry.by_code("ZZ") is None


def test_titles_and_codes_follow_the_registry():
    assert list(GAME_TITLES) == list(GAMES) == list(GAME_CODES)
    assert GAME_TITLES["big-bang"] == "Big Bang" and GAME_CODES["big-bang"] == "BB" and len(GAME_TITLES) == len(GAMES)


@pytest.mark.parametrize("name, words", [
    ("chess", "unknown game 'chess': choose one of math-wars, math-rush, sum, whos-counting, big-bang, snap"),
    (None, "unknown game None: choose one of math-wars, math-rush, sum, whos-counting, big-bang, snap"),
    ("snap", "Snap cannot be refereed yet (playable now: PLAYABLE)"),
])
def test_a_game_the_station_cannot_referee_is_named_with_the_choices(name, words):
    playable = ", ".join(entry.name for entry in GAMES.values() if entry.playable)
    with registered(GameInfo("snap", "Snap", "SN")), pytest.raises(ConfigError) as caught:
        game_class(name)
    assert str(caught.value) == words.replace("PLAYABLE", playable)


@pytest.mark.parametrize("line, name, words", [
    (GameInfo("toy", "Toy Sum", "TY", rules_module="toy_game.rules"), "snap",
     "unknown game 'snap': choose one of math-wars, math-rush, sum, whos-counting, big-bang, toy"),
    (GameInfo("toy", "Toy Sum", "TY", rules_module="engine.math_wars"), "toy",
     "engine.math_wars.RULES referees 'math-wars', not 'toy': fix the registry line"),
])
def test_with_a_game_registered_the_messages_name_it(line, name, words):
    with registered(line), pytest.raises(ConfigError) as caught:
        game_class(name)
    assert str(caught.value) == words


@pytest.mark.parametrize("start", [new_game, lambda config: replay(config, [])])
def test_a_config_that_is_not_an_object_is_refused_before_any_rules_are_looked_up(start):
    with pytest.raises(ConfigError) as caught:
        start([("game", "math-wars")])
    assert str(caught.value) == "a game config is a JSON object, not list"
