"""Tabula games as OpenSpiel games, so that OpenSpiel's Python algorithms play any game file::

    import tabula.openspiel
    from open_spiel.python.algorithms import mcts, minimax

    game = tabula.openspiel.load_game("games/tic-tac-toe.game")   # a pyspiel.Game
    value, _ = minimax.alpha_beta_search(game)                      # 0.0: a draw
    bot = mcts.MCTSBot(game, 2, 200, mcts.RandomRolloutEvaluator())

``load_game(path, variant=None, options=None)`` loads the file as ``tabula.load`` does, registers
it with ``pyspiel.register_game`` under its own short name (``tabula_<name>_<hash>``: the hash is
that of the rules text, the variant and the options in force, so that every distinct game gets
its own name and loading the same game again reuses it) and returns ``pyspiel.load_game`` of that
name: a ``pyspiel.Game`` whose states are ``pyspiel.State`` objects, usable wherever OpenSpiel
takes a game written in Python.

The game type: sequential, deterministic, perfect information, terminal rewards; zero-sum when
the players form two teams of the same size (a team wins and the other loses, or a draw), else
general-sum. Returns are 1 for each player of the winning team, -1 for the others, 0 for a draw.
``max_game_length`` is a bound OpenSpiel needs and the rules rarely give: it is the engine's
``ACTION_CAP`` (100,000 actions, where ``tabula playout`` stops a game too) unless
``max_game_length=`` says otherwise, and a state that reaches it is over, a draw. The
observation tensor is ``tabula.GameState.observation()``: shape ``(planes, sites)``, the same
for every player (perfect information), as is the observation string (the board); the
information state string is the history of actions.

A game pickles as its rules (``tabula.Game``) and its short name, and registers itself in the
process that unpickles it: OpenSpiel's Python AlphaZero (``open_spiel.python.algorithms.
alpha_zero``, which needs JAX) hands the game to actor processes that way, and trains on it.

OpenSpiel's *C++* ``MCTSBot`` cannot run on games written in Python (it crashes the
interpreter): use ``open_spiel.python.algorithms.mcts.MCTSBot``, or the engine's own search,
``state.mcts_action(simulations, seed)`` on ``tabula.GameState``.

This module needs OpenSpiel (``pip install open-spiel``); ``import tabula`` does not.

Performance: the hot methods (``legal_actions``, ``apply_action``, ``clone``, ...) call the
engine directly instead of going through OpenSpiel's C++ trampolines, which would call back
into Python three times per ``legal_actions``. The C++ side of such a state (its ``history_``)
is therefore not kept: every method that reads it is answered here from the engine's state.
"""

from __future__ import annotations

import hashlib
import os
import re
from typing import Any, Mapping, NamedTuple

import numpy as np

from . import ACTION_CAP, _is_path, _tabula
from . import load as _load

try:
    import pyspiel
except ImportError as _error:  # OpenSpiel is optional: only this module needs it.
    pyspiel = None
    _IMPORT_ERROR: ImportError | None = _error
else:
    _IMPORT_ERROR = None

__all__ = ["MAX_GAME_LENGTH", "PlayerAction", "load_game", "registered"]

#: OpenSpiel holds the number of distinct actions and the length of a game in a C ``int``.
_MAX_INT = 2**31 - 1


class PlayerAction(NamedTuple):
    """An item of ``state.full_history()``, with the fields of ``pyspiel.PlayerAction`` (which
    Python cannot construct)."""

    player: int
    action: int


#: The default ``max_game_length``: the engine's cap on the actions of a game.
MAX_GAME_LENGTH = ACTION_CAP

# short_name -> the game class registered under it (a class, not a lambda: pyspiel keeps the
# factory until the interpreter exits, and a lambda there aborts the exit).
_REGISTERED: dict[str, type] = {}


def _require_pyspiel() -> None:
    if pyspiel is None:
        raise ImportError(
            "tabula.openspiel needs OpenSpiel, which is not installed: pip install open-spiel==2.0.2"
        ) from _IMPORT_ERROR


def registered() -> list[str]:
    """The short names this module has registered with OpenSpiel so far (in this process)."""
    return sorted(_REGISTERED)


def _short_name(tabula_game, text: str, max_game_length: int) -> str:
    key = "\0".join(
        [text, tabula_game.variant or "", *(f"{k}={v}" for k, v in sorted(tabula_game.options.items())),
         str(max_game_length)]
    )
    digest = hashlib.sha256(key.encode()).hexdigest()[:12]
    name = re.sub(r"[^a-z0-9]+", "_", tabula_game.name.lower()).strip("_") or "game"
    return f"tabula_{name}_{digest}"


def load_game(
    path: str | os.PathLike,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
    *,
    max_game_length: int | None = None,
):
    """A Tabula game file (or rules text) as a registered ``pyspiel.Game``.

    ``variant`` and ``options`` are those of ``tabula.load``; errors in the file raise
    ``tabula.GameError``. ``max_game_length`` (default ``MAX_GAME_LENGTH``) stops a game after
    that many actions, as a draw.
    """
    _require_pyspiel()
    if max_game_length is None:
        max_game_length = MAX_GAME_LENGTH
    if (
        not isinstance(max_game_length, int)
        or isinstance(max_game_length, bool)
        or not 1 <= max_game_length <= _MAX_INT
    ):
        raise ValueError(f"max_game_length must be a whole number from 1 to {_MAX_INT}, not {max_game_length!r}")
    tabula_game = _load(path, variant, options)
    n = tabula_game.num_distinct_actions()
    if n > _MAX_INT:
        raise ValueError(
            f"{tabula_game.name} has {n} distinct actions: OpenSpiel counts actions in a C int, "
            f"at most {_MAX_INT}; tabula.load plays the game with 64-bit action codes"
        )
    if _is_path(path) and os.path.isfile(path):
        # Loading it checked that it is a regular file within the limit: read no more than that
        # if it has been replaced since.
        with open(path, "rb") as f:
            text = f.read(_tabula.MAX_SOURCE_BYTES + 1).decode("utf-8", "replace")
    else:
        text = os.fspath(path)
    short_name = _short_name(tabula_game, text, max_game_length)
    _register(short_name, tabula_game, max_game_length)
    return pyspiel.load_game(short_name)


def _register(short_name: str, tabula_game, max_game_length: int) -> None:
    """Registers the game under `short_name` unless it is already (by this module, or by an
    earlier copy of it that `importlib.reload` replaced: pyspiel keeps registrations)."""
    if short_name in _REGISTERED or short_name in pyspiel.registered_names():
        return
    players = tabula_game.num_players()
    team_sizes = [tabula_game.player_teams.count(t) for t in range(len(tabula_game.teams))]
    zero_sum = len(team_sizes) == 2 and team_sizes[0] == team_sizes[1] > 0
    title = tabula_game.name
    if tabula_game.variant:
        title += f" ({tabula_game.variant})"
    settings = ", ".join(f"{k}={v}" for k, v in sorted(tabula_game.options.items()))
    if settings:
        title += f" [{settings}]"
    game_type = pyspiel.GameType(
        short_name=short_name,
        long_name=f"Tabula {title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )
    game_info = pyspiel.GameInfo(
        num_distinct_actions=tabula_game.num_distinct_actions(),
        max_chance_outcomes=0,
        num_players=players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0 if zero_sum else None,
        max_game_length=max_game_length,
    )
    cls = type(
        f"TabulaGame_{short_name}",
        (TabulaGame,),
        {"_tabula": tabula_game, "_game_type": game_type, "_game_info": game_info,
         "_max_game_length": max_game_length, "__module__": __name__},
    )
    pyspiel.register_game(game_type, cls)
    _REGISTERED[short_name] = cls


if pyspiel is not None:

    class TabulaGame(pyspiel.Game):
        """A Tabula game as a ``pyspiel.Game``; one subclass per registered short name."""

        _tabula = None
        _game_type = None
        _game_info = None
        _max_game_length = MAX_GAME_LENGTH

        def __init__(self, params=None):
            if params:
                raise ValueError(f"Tabula games take no OpenSpiel parameters (options are set by load_game): {params}")
            super().__init__(self._game_type, self._game_info, {})
            start = self._tabula.new_initial_state()
            start.set_action_limit(self._max_game_length)
            self._start = start

        @property
        def tabula_game(self):
            """The ``tabula.Game`` played."""
            return self._tabula

        def new_initial_state(self, state=None):
            if state is not None:
                raise ValueError("a Tabula state is made from its history: use deserialize_state")
            return TabulaState(self, self._start.clone())

        def deserialize_state(self, text):
            """The state that ``state.serialize()`` wrote (one action code a line), or a list of
            action codes; every action is checked."""
            inner = self._tabula.deserialize_state(text)
            inner.set_action_limit(self._max_game_length)
            if inner.move_number() > self._max_game_length:
                raise ValueError(f"the history has more than max_game_length={self._max_game_length} actions")
            return TabulaState(self, inner)

        def make_py_observer(self, iig_obs_type=None, params=None):
            return _Observer(self, iig_obs_type, params)

        def __deepcopy__(self, memo):  # Immutable: states keep it when copied.
            return self

        def __reduce__(self):
            # The rules travel with it (a tabula.Game pickles as what it was loaded from), so
            # that another process (OpenSpiel's AlphaZero actors) registers it as well.
            return (_registered_game, (self.get_type().short_name, self._tabula, self._max_game_length))

    class TabulaState(pyspiel.State):
        """A position of a Tabula game, as a ``pyspiel.State``. ``tabula_state`` is the
        ``tabula.GameState`` underneath."""

        def __init__(self, game, inner):
            super().__init__(game)
            self._game = game
            self._s = inner

        @property
        def tabula_state(self):
            return self._s

        # What OpenSpiel's C++ side calls (its trampolines), for C++ code handed this state.

        def current_player(self):
            return self._s.current_player()

        def _legal_actions(self, player):
            return self._s.legal_actions(player)

        def _apply_action(self, action):
            self._s.apply_action(action)

        def _action_to_string(self, player, action):
            return self._s.action_to_string(action)

        def is_terminal(self):
            return self._s.is_terminal()

        def returns(self):
            return self._s.returns()

        def __str__(self):
            return str(self._s)

        # The same API called from Python straight into the engine (see the module's docs).

        def legal_actions(self, player=None):
            return self._s.legal_actions(player)

        def apply_action(self, action):
            self._s.apply_action(action)

        def clone(self):
            return TabulaState(self._game, self._s.clone())

        def __copy__(self):
            return self.clone()

        def __deepcopy__(self, memo):
            return self.clone()

        def child(self, action):
            return TabulaState(self._game, self._s.child(action))

        def undo_action(self, player, action):
            self._s.undo_action(player, action)

        def is_chance_node(self):
            return False

        def is_simultaneous_node(self):
            return False

        def is_player_node(self):
            return self._s.current_player() >= 0

        def is_initial_state(self):
            return self._s.move_number() == 0

        def is_mean_field_node(self):
            return False

        def player_return(self, player):
            return self._s.returns()[player]

        def rewards(self):
            return self._s.returns() if self._s.is_terminal() else [0.0] * self._game.num_players()

        def player_reward(self, player):
            return self.rewards()[player]

        def action_to_string(self, a, b=None):
            return self._s.action_to_string(a if b is None else b)

        def string_to_action(self, a, b=None):
            return self._s.string_to_action(a if b is None else b)

        def history(self):
            return self._s.history()

        def history_str(self):
            return self._s.history_str()

        def full_history(self):
            players = _players_of(self._game, self._s.history())
            return [PlayerAction(p, a) for p, a in zip(players, self._s.history())]

        def move_number(self):
            return self._s.move_number()

        def legal_actions_mask(self, player=None):
            return self._s.legal_actions_mask(player).tolist()

        def observation_tensor(self, player=None):
            return self._s.observation_tensor(player)

        def observation_string(self, player=None):
            return self._s.observation_string(player)

        def information_state_string(self, player=None):
            return self._s.information_state_string(player)

        def serialize(self):
            return self._s.serialize()

        def __reduce__(self):
            return (_restore, (self._game, self._s))

    class _Observer:
        """OpenSpiel's Python observer: the observation tensor (planes × sites) and the
        observation string, or (perfect recall) the information state string."""

        def __init__(self, game, iig_obs_type, params):
            if params:
                raise ValueError(f"observation parameters are not supported: {params}")
            self._recall = iig_obs_type is not None and iig_obs_type.perfect_recall
            if self._recall:
                self.tensor = None
                self.dict = {}
            else:
                shape = game.tabula_game.observation_shape()
                if shape[0] * shape[1] > _tabula.MAX_OBSERVATION:
                    raise ValueError(
                        f"an observation of {game.tabula_game.name} is {shape[0]} planes of {shape[1]} "
                        f"sites: more than the limit of {_tabula.MAX_OBSERVATION} values"
                    )
                self.tensor = np.zeros(shape[0] * shape[1], np.float32)
                self.dict = {"observation": self.tensor.reshape(shape)}

        def set_from(self, state, player):
            if self.tensor is not None:
                self.tensor[:] = state._s.observation().reshape(-1)

        def string_from(self, state, player):
            if self._recall:
                return state._s.information_state_string(player)
            return state._s.observation_string(player)

    def _players_of(game, actions):
        """Who made each action of a history (replayed from the start)."""
        s = game._start.clone()
        players = []
        for a in actions:
            players.append(s.current_player())
            s.apply_action(a)
        return players

    def _registered_game(short_name, tabula_game, max_game_length):
        """Unpickles a game, registering it in this process if it is not yet."""
        _register(short_name, tabula_game, max_game_length)
        return pyspiel.load_game(short_name)

    def _restore(game, inner):
        """Unpickles a state."""
        inner.set_action_limit(game._max_game_length)
        return TabulaState(game, inner)
