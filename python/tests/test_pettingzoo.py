"""PettingZoo's own API test, on two games (one with multi-action turns)."""

import numpy as np
import pytest
from pettingzoo.test import api_test

from conftest import ROOT
from tabula.pettingzoo_env import env


@pytest.mark.parametrize(
    "path,options",
    [("watershed.game", {"size": 5}), ("kensington.game", {"turns-per-player": 30})],
)
def test_api_test(path, options):
    api_test(env(ROOT / "games" / path, options=options), num_cycles=400)


def test_a_full_game_with_masks_and_rewards():
    e = env(ROOT / "games" / "watershed.game", options={"size": 5}, render_mode="ansi")
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        total[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        assert obs["observation"].shape == e.game.observation_shape()
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(total.values()) in ([-1.0, 1.0], [0.0, 0.0])
    assert "a b c d e" in e.render()
