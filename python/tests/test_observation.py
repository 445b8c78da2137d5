"""Observation shapes and what the planes hold."""

import numpy as np
import pytest

import tabula
from conftest import GAMES, ROOT


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_shape_and_plane_names(path):
    game = tabula.load(path)
    planes = game.observation_planes()
    obs = game.new_initial_state().observation()
    assert obs.shape == game.observation_shape() == (len(planes), len(game.board["sites"]))
    assert obs.dtype == np.float32 and obs.flags.writeable
    teams, players = len(game.teams), game.num_players()
    assert planes[:teams] == [f"stones:{t}" for t in game.teams]
    assert planes[teams : teams + players] == [f"to_move:{p}" for p in game.players]
    assert planes[-4:] == ["stage", "stage_actions", "arrival", "relocated"]
    assert len(game.new_initial_state().observation_tensor()) == obs.size


def test_planes_follow_the_game():
    game = tabula.load(ROOT / "games" / "watershed.game", options={"size": 5})
    assert game.observation_shape() == (10, 25)
    planes = game.observation_planes()
    state = game.new_initial_state()
    c3 = game.string_to_action("c3")
    state.apply_action(c3)
    obs = state.observation()
    site = game.board["sites"].index("c3")
    assert obs[planes.index("stones:Dark"), site] == 1.0
    assert obs[planes.index("stones:Dark")].sum() == 1.0 and obs[planes.index("stones:Light")].sum() == 0.0
    assert (obs[planes.index("to_move:Light")] == 1.0).all() and (obs[planes.index("to_move:Dark")] == 0.0).all()
    # A new turn has begun: nothing has arrived in it yet.
    assert obs[planes.index("arrival")].sum() == 0.0


def test_hands_and_allowances_are_planes():
    game = tabula.load(ROOT / "games" / "kensington.game")
    planes = game.observation_planes()
    assert "hand:Red" in planes and "allowance:relocations" in planes
    assert game.observation_shape()[1] == len(game.board["sites"])
    obs = game.new_initial_state().observation()
    assert (obs[planes.index("hand:Red")] == 15.0).all()


def test_a_game_with_seeds_has_a_plane_of_them():
    # Kalah: four seeds in each of the twelve pits, none in the stores; after South sows c1,
    # c1 is empty and d1 e1 f1 g1 hold five.
    game = tabula.load(ROOT / "games" / "kalah.game")
    planes = game.observation_planes()
    seeds = planes.index("seeds")
    assert seeds == len(game.teams) + game.num_players()
    labels = game.board["sites"]
    state = game.new_initial_state()
    obs = state.observation()
    assert obs[seeds].sum() == 48.0 and obs[seeds, labels.index("h2")] == 0.0
    state.apply_action(game.string_to_action("c1"))
    obs = state.observation()
    assert obs[seeds, labels.index("c1")] == 0.0 and obs[seeds, labels.index("g1")] == 5.0
