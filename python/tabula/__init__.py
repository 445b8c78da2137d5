"""Tabula from Python: board games described in text, played by the Rust engine.

The API follows OpenSpiel's::

    import tabula
    game = tabula.load("games/watershed.game", options={"size": 7})
    state = game.new_initial_state()
    while not state.is_terminal():
        action = state.legal_actions()[0]
        print(state.current_player(), state.action_to_string(action))
        state.apply_action(action)
    print(state.returns())

Actions are integers in ``range(game.num_distinct_actions())``, stable within a game (the same
integer is the same action in every state): a placement on site ``s`` is one code, a slide or
relocation from ``a`` to ``b`` another, ``end`` and ``pass`` one each. ``action_to_string`` and
``string_to_action`` convert to and from the text form of records (``c3``, ``c3-d4``, ``c3>d4``,
``end``, ``pass``).

``state.observation()`` is a float32 NumPy array of shape ``game.observation_shape()``, that is
``(planes, sites)``: boards are graphs (square grids, hexagons, tilings), so each plane holds one
value per site in site order (``game.board["sites"]`` names them, ``game.board["coordinates"]``
places them). ``game.observation_planes()`` names the planes, in this order:

* ``stones:TEAM`` — one per team, 1.0 where the team has a stone;
* ``to_move:PLAYER`` — one per player, all 1.0 for the player to move;
* ``hand:PLAYER`` — stones in hand, when the game limits them;
* ``counter:NAME:TEAM`` — each counter of the rules, per team;
* ``allowance:NAME`` — each allowance's value this turn;
* ``phase:PLAYER`` — the phase each player is in, when the rules have several;
* ``stage``, ``stage_actions`` — the stage of the turn and the actions made in it;
* ``arrival`` — 1.0 on the site this turn's placement or slide arrived at;
* ``relocated`` — 1.0 on the stones relocated this turn.

Scalars fill their whole plane. ``observation_tensor()`` is the same values as a flat list. Long work (``playouts``, ``analyze``) runs in Rust without the
GIL, so Python threads can do other things meanwhile.

The rest of OpenSpiel's state API, with its signatures: ``clone()``, ``child(action)``,
``undo_action(player, action)`` (the last action, replayed from the start), ``move_number()``
(actions made), ``history()``, ``history_str()``, ``legal_actions(player=None)`` and
``legal_actions_mask(player=None)`` (empty and all zeros when ``player`` is not the one to move),
``observation_tensor(player=None)``, ``observation_string(player=None)`` (the board) and
``information_state_string(player=None)`` (the history). The games are of perfect information,
so these are the same for every player: ``player`` is checked, then ignored. A state pickles, and
``state.serialize()`` (its action codes, one a line) is read back by
``game.deserialize_state(text)``, which also takes a list of codes and checks every action.
``state.mcts_action(simulations=1000, seed=1)`` is the engine's UCT search (the agent
``mcts:N`` of ``tabula play``), run without the GIL, the same action for the same seed;
``state.agent_action(spec, seed)`` runs any agent named as on the command line
(``"grave:sims=1000"``, ``"alphabeta:depth=4"``), and ``game.agent(spec, seed)`` makes one
that keeps its tree between moves (``agent.step(state)``, ``agent.inform(state, action)``).
``state.set_action_limit(n)`` ends a state after ``n`` actions, as a draw.

``tabula.openspiel.load_game(path, variant=None, options=None)`` registers the game with OpenSpiel
and returns a ``pyspiel.Game``, for OpenSpiel's Python algorithms (MCTS, alpha-beta,
``evaluate_bots``); it needs ``open-spiel``, which ``import tabula`` does not.

Bad input raises Python exceptions carrying the engine's diagnostic text: ``GameError`` for a
game that cannot be loaded, ``IllegalActionError`` for an action that cannot be made; both are
``ValueError`` subclasses.

Nothing a game file asks for aborts the interpreter (docs/LIMITS.md): action codes are 64-bit
(a game may have more than 2^32 of them), and a result too large to hold — a mask over more than
``MAX_MASK`` action codes, an observation of more than ``MAX_OBSERVATION`` values, a list of more
than ``MAX_LISTED`` legal actions — raises ``ValueError`` naming its size and what to call
instead (``tabula._tabula.MAX_*``). Long work (``playouts``, ``analyze``, ``mcts_action``) stops
at Ctrl-C between two batches, a tenth of a second apart.
"""

from __future__ import annotations

import json
import os
from typing import Any, Mapping

import numpy as np

from . import _tabula
from ._tabula import GameError, IllegalActionError, TERMINAL, ACTION_CAP

__all__ = [
    "ACTION_CAP",
    "Agent",
    "Game",
    "GameError",
    "GameState",
    "IllegalActionError",
    "TERMINAL",
    "analyze",
    "load",
    "playouts",
    "random_game",
]

Game = _tabula.Game
GameState = _tabula.GameState
Agent = _tabula.Agent


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _is_path(source: str | os.PathLike) -> bool:
    """A path object, an existing file, or a string that cannot be rules text (no parenthesis)."""
    if isinstance(source, os.PathLike):
        return True
    return os.path.isfile(source) or "(" not in source


def load(
    path_or_text: str | os.PathLike,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> Game:
    """Loads and checks a game from a file or from its text.

    ``variant`` picks a variant by name (default: the file's default one); ``options`` sets
    options, ``{"size": 7}``, as ``tabula --set size=7`` does. A game with errors raises
    ``GameError`` whose message is the checker's diagnostics, as ``tabula check`` prints them.
    """
    if not isinstance(path_or_text, (str, os.PathLike)):
        raise TypeError(f"load() takes a path or the text of a game, not {type(path_or_text).__name__}")
    is_path = _is_path(path_or_text)
    source = os.fspath(path_or_text)
    if is_path and os.path.isfile(source):
        # Absolute, so that a pickled game loads in a process with another working directory.
        source = os.path.abspath(source)
    sets = [f"{k}={_option_text(v)}" for k, v in (options or {}).items()]
    return _tabula.load(source, is_path, variant, sets)


def load_game(name: str, **params: Any) -> Game:
    """OpenSpiel's spelling: ``load_game(path, variant=..., **options)``."""
    variant = params.pop("variant", None)
    return load(name, variant=variant, options=params)


def random_game(game: Game, seed: int = 1, index: int = 0) -> list[int]:
    """The actions of game number ``index`` of ``tabula playout --seed SEED`` (the same game)."""
    return _tabula.random_game_actions(game, seed, index)


def playouts(game: Game, games: int, seed: int = 1, threads: int = 1) -> dict:
    """Uniform random playouts in Rust (no GIL): the statistics of ``tabula playout --json``
    without the timings (``games``, ``turns``, ``actions``, ``wins`` per player, ``draws``,
    ``unfinished``)."""
    return _tabula.playouts(game, games, seed, threads)


def analyze(
    game: Game,
    games: int = 1000,
    seed: int = 1,
    players: str = "random",
    think_ms: int = 50,
    max_actions: int = ACTION_CAP,
) -> dict:
    """``tabula analyze --json`` in Rust (no GIL), the same report for the same seed.

    ``players`` is ``random``, ``mcts:ITERATIONS`` (both reproducible from the seed) or ``mcts``
    (thinks ``think_ms`` per action, so its games depend on the machine's speed). A game still
    going after ``max_actions`` actions is stopped and counted as unfinished.
    ``tabula.distributed.analyze`` spreads the same run over a Ray cluster.
    """
    raw = _tabula.analyze_range(game, 0, games, seed, players, think_ms, max_actions)
    return json.loads(_tabula.analysis_report(game, raw))


def _reload(source: str, is_path: bool, variant: str | None, sets: list[str]) -> Game:
    """Unpickles a game: loads it again from what it was loaded from."""
    return _tabula.load(source, is_path, variant, sets)


def _restore_state(game: Game, actions: list[int], limit: int | None = None) -> GameState:
    """Unpickles a state: its game's start position, then its history, every action checked."""
    state = game.deserialize_state(actions)
    state.set_action_limit(limit)
    return state
