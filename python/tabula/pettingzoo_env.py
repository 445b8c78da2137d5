"""A PettingZoo AEC environment over any Tabula game.

One agent per player, ``player_0``, ``player_1``… in turn order (``game.players`` names them). ``observe(agent)`` returns
``{"observation": float32 (planes, sites), "action_mask": int8 (num_distinct_actions,)}``: the
observation is ``GameState.observation()`` (the same for every agent: the board is open), the
mask is 1 on the legal actions of the agent to move and all 0 for the others. A turn may hold
several actions (a placement, then relocations, then ``end``): the same agent is then selected
again until its turn is over. Rewards come at the end: +1 to the winning team's players, -1 to
the others, 0 for a draw. A game still going after ``max_actions`` actions is truncated.

    from tabula.pettingzoo_env import env
    e = env("games/watershed.game", options={"size": 7})
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)
"""

from __future__ import annotations

import os
from typing import Any, Mapping

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import ACTION_CAP, Game, _tabula, load


class TabulaEnv(AECEnv):
    metadata = {"name": "tabula_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(
        self,
        game: Game | str | os.PathLike,
        variant: str | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        max_actions: int = ACTION_CAP,
    ):
        super().__init__()
        self.game = game if isinstance(game, Game) else load(game, variant=variant, options=options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        self.max_actions = max_actions
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players())]
        n = self.game.num_distinct_actions()
        # Every observation carries a dense mask of the actions and the planes of the board:
        # refused here, once, rather than at the first observation.
        if n > _tabula.MAX_MASK:
            raise ValueError(
                f"{self.game.name} has {n} distinct actions: an action mask of them is more than "
                f"the limit of {_tabula.MAX_MASK} entries, too large for an observation"
            )
        planes, sites = self.game.observation_shape()
        if planes * sites > _tabula.MAX_OBSERVATION:
            raise ValueError(
                f"{self.game.name} is observed as {planes} planes of {sites} sites, {planes * sites} "
                f"values: more than the limit of {_tabula.MAX_OBSERVATION} for an observation"
            )
        shape = self.game.observation_shape()
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.state = self.game.new_initial_state()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _mover(self) -> str:
        return self.possible_agents[self.state.current_player()]

    def observe(self, agent: str) -> dict:
        if agent == self.agent_selection and not self.state.is_terminal():
            mask = self.state.legal_actions_mask()
        else:
            mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        return {"observation": self.state.observation(), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        # The rules have no chance: the seed only matters to the agents' own sampling.
        self.state = self.game.new_initial_state()
        self._actions = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._mover()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))
        self._actions += 1
        if self.state.is_terminal():
            for a, r in zip(self.possible_agents, self.state.returns()):
                self.rewards[a] = float(r)
                self.terminations[a] = True
            # The dead steps that follow remove the agents in turn order from the next one.
            i = self.possible_agents.index(agent)
            self.agent_selection = self.possible_agents[(i + 1) % len(self.possible_agents)]
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
            if self._actions >= self.max_actions:
                for a in self.agents:
                    self.truncations[a] = True
            self.agent_selection = self._mover()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game: Game | str | os.PathLike, **kwargs: Any) -> TabulaEnv:
    """A ``TabulaEnv`` (PettingZoo's usual constructor name)."""
    return TabulaEnv(game, **kwargs)
