"""The OpenSpiel-style API of tabula.GameState: pickling, serialize/deserialize_state, undo,
child, per-player observations and masks, move numbers, and the engine's MCTS from Python."""

import pickle
import threading
import time

import numpy as np
import pytest

import tabula
from conftest import ROOT


@pytest.fixture(scope="module")
def ttt():
    return tabula.load(ROOT / "games" / "tic-tac-toe.game")


@pytest.fixture(scope="module")
def chess():
    return tabula.load(ROOT / "games" / "chess.game")


def play(game, texts):
    state = game.new_initial_state()
    for t in texts:
        state.apply_action(state.string_to_action(t))
    return state


def random_state(game, seed, actions):
    """The state after the first `actions` actions of random game `seed` (fewer if it ends)."""
    state = game.new_initial_state()
    for a in tabula.random_game(game, seed=seed)[:actions]:
        state.apply_action(a)
    return state


def same_position(a, b):
    assert a.history() == b.history()
    assert a.legal_actions() == b.legal_actions()
    assert a.current_player() == b.current_player()
    assert np.array_equal(a.observation(), b.observation())
    assert str(a) == str(b)
    assert a.returns() == b.returns()


@pytest.mark.parametrize("name", ["tic-tac-toe.game", "chess.game", "kensington.game", "english-draughts.game"])
def test_pickle_and_serialize_round_trip(name):
    game = tabula.load(ROOT / "games" / name)
    state = random_state(game, seed=3, actions=25)
    assert state.move_number() == len(state.history()) > 0
    same_position(state, pickle.loads(pickle.dumps(state)))
    text = state.serialize()
    assert text == "".join(f"{a}\n" for a in state.history())
    same_position(state, game.deserialize_state(text))
    same_position(state, game.deserialize_state(state.history()))
    # The state unpickled plays on like the original.
    copy = pickle.loads(pickle.dumps(state))
    if not state.is_terminal():
        a = state.legal_actions()[-1]
        state.apply_action(a)
        copy.apply_action(a)
        same_position(state, copy)


def test_pickled_state_keeps_its_game(ttt):
    state = play(ttt, ["b2", "a1"])
    copy = pickle.loads(pickle.dumps(state))
    assert copy.get_game().name == "Tic-tac-toe"
    assert copy.get_game().num_distinct_actions() == ttt.num_distinct_actions()


def test_deserialize_rejects_corrupt_text(ttt):
    with pytest.raises(ValueError, match="word 2 is `x`"):
        ttt.deserialize_state("4\nx\n")
    with pytest.raises(tabula.IllegalActionError, match="action 1 of the history: 99 is not an action"):
        ttt.deserialize_state("99")
    with pytest.raises(tabula.IllegalActionError, match="action 2 of the history: `b2` is not legal"):
        ttt.deserialize_state("4 4")
    with pytest.raises(tabula.IllegalActionError, match="action 6 of the history.*the game is over"):
        # X wins with a1 b1 c1 after 5 actions; a sixth cannot be made.
        ttt.deserialize_state([0, 3, 1, 4, 2, 5])
    with pytest.raises(ValueError, match="not a serialized state|list of action numbers"):
        ttt.deserialize_state(3.5)
    with pytest.raises(ValueError, match="not UTF-8"):
        ttt.deserialize_state(b"4\n\xff")
    assert ttt.deserialize_state("").history() == []
    assert ttt.deserialize_state("4, 0").history() == [4, 0]
    assert ttt.deserialize_state(b"4\n0\n").history() == [4, 0]


def test_history_str_and_move_number(ttt):
    state = play(ttt, ["b2", "a1", "c3"])
    assert state.history_str() == ", ".join(str(a) for a in state.history())
    assert state.move_number() == 3
    assert ttt.new_initial_state().history_str() == ""


def test_undo_action_restores_the_position(chess):
    state = random_state(chess, seed=5, actions=30)
    before = state.clone()
    player = state.current_player()
    action = state.legal_actions()[0]
    state.apply_action(action)
    assert state.history() != before.history()
    state.undo_action(player, action)
    same_position(state, before)
    state.apply_action(action)  # and it plays on
    assert state.history()[-1] == action


def test_undo_action_checks_its_arguments(ttt):
    state = play(ttt, ["b2", "a1"])
    last = state.history()[-1]
    with pytest.raises(ValueError, match="the last action is"):
        state.undo_action(1, last + 1)
    with pytest.raises(ValueError, match="made by player 1, not 0"):
        state.undo_action(0, last)
    assert state.history()[-1] == last
    state.undo_action(1, last)
    state.undo_action(0, state.history()[-1])
    with pytest.raises(ValueError, match="no action to undo"):
        state.undo_action(0, 4)


def test_undo_a_winning_action(ttt):
    state = play(ttt, ["a1", "a2", "b1", "b2", "c1"])
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    state.undo_action(0, state.string_to_action("c1"))
    assert not state.is_terminal()
    assert state.current_player() == 0
    assert state.string_to_action("c1") in state.legal_actions()


def test_child_leaves_the_parent_unchanged(ttt):
    state = play(ttt, ["b2"])
    child = state.child(state.string_to_action("a1"))
    assert state.history() == [state.string_to_action("b2")]
    assert child.history() == state.history() + [state.string_to_action("a1")]
    assert child.current_player() == 0
    with pytest.raises(tabula.IllegalActionError):
        state.child(state.string_to_action("b2"))


def test_legal_actions_mask_per_player(ttt):
    state = play(ttt, ["b2"])
    n = ttt.num_distinct_actions()
    mine = state.legal_actions_mask(1)
    assert mine.shape == (n,) and mine.dtype == np.int8
    assert list(np.flatnonzero(mine)) == state.legal_actions()
    assert np.array_equal(state.legal_actions_mask(), mine)
    assert not state.legal_actions_mask(0).any()  # not X's turn: all zeros, as OpenSpiel
    done = play(ttt, ["a1", "a2", "b1", "b2", "c1"])
    assert not done.legal_actions_mask().any() and not done.legal_actions_mask(0).any()


def test_observations_per_player(ttt):
    state = play(ttt, ["b2", "a1"])
    flat = state.observation().ravel().tolist()
    # Perfect information: every player sees the same thing.
    assert state.observation_tensor() == state.observation_tensor(0) == state.observation_tensor(1) == flat
    assert state.observation_string(0) == state.observation_string(1) == str(state)
    assert state.information_state_string(0) == state.information_state_string(1) == state.history_str()
    for bad in (2, -1):
        with pytest.raises(ValueError, match="not a player of this game"):
            state.observation_tensor(bad)
        with pytest.raises(ValueError, match="not a player of this game"):
            state.observation_string(bad)
        with pytest.raises(ValueError, match="not a player of this game"):
            state.information_state_string(bad)


def test_mcts_action_is_legal_and_reproducible(chess):
    state = random_state(chess, seed=2, actions=10)
    a = state.mcts_action(simulations=200, seed=7)
    assert a in state.legal_actions()
    assert all(state.mcts_action(simulations=200, seed=7) == a for _ in range(3))
    assert state.history() == random_state(chess, seed=2, actions=10).history()  # unchanged


def test_mcts_action_finds_the_win(ttt):
    # X has a1 and b1, O has a2 and b2: c1 wins at once (and c2 is O's threat).
    state = play(ttt, ["a1", "a2", "b1", "b2"])
    for seed in (1, 2, 3):
        assert state.mcts_action(simulations=500, seed=seed) == state.string_to_action("c1")


def test_mcts_action_rejects_bad_calls(ttt):
    with pytest.raises(ValueError, match="simulations must be from 1 to 100000000"):
        ttt.new_initial_state().mcts_action(simulations=0)
    done = play(ttt, ["a1", "a2", "b1", "b2", "c1"])
    with pytest.raises(ValueError, match="the game is over"):
        done.mcts_action(simulations=10)


def test_agent_action_names_agents_as_the_command_line_does(ttt):
    # X has a1 and b1, O has a2 and b2: c1 wins at once, whatever the agent.
    state = play(ttt, ["a1", "a2", "b1", "b2"])
    c1 = state.string_to_action("c1")
    for spec in ("mcts:300", "mcts:sims=300,grave=no,c=1", "grave:300", "alphabeta:depth=3", "alphabeta:ms=20"):
        assert state.agent_action(spec, seed=3) == c1, spec
    a = state.agent_action("random", seed=5)
    assert a in state.legal_actions() and state.agent_action("random", seed=5) == a
    assert state.agent_action("mcts", seed=1, think_ms=20) == c1


def test_agent_action_rejects_bad_calls(ttt):
    state = ttt.new_initial_state()
    with pytest.raises(ValueError, match="unknown parameter `depth`"):
        state.agent_action("mcts:depth=3")
    with pytest.raises(ValueError, match="unknown agent `oracle`"):
        state.agent_action("oracle")
    with pytest.raises(ValueError, match="simulations must be from 1 to 100000000"):
        state.agent_action("mcts:sims=4000000000")
    with pytest.raises(ValueError, match="the game is over"):
        play(ttt, ["a1", "a2", "b1", "b2", "c1"]).agent_action("random")


def test_an_agent_keeps_its_tree_between_moves(ttt):
    agent = ttt.agent("mcts:sims=300", seed=2)
    assert agent.name == "mcts:sims=300" and repr(agent) == "<tabula.Agent mcts:sims=300>"
    state = ttt.new_initial_state()
    while not state.is_terminal():
        action = agent.step(state) if state.current_player() == 0 else state.legal_actions()[0]
        agent.inform(state, action)
        state.apply_action(action)
    assert state.returns()[0] >= 0  # never lost against a player taking the first square
    # X has a1 and b1, O has a2 and b2: c1 wins at once.
    assert ttt.agent("grave:200").step(play(ttt, ["a1", "a2", "b1", "b2"])) == play(ttt, []).string_to_action("c1")


def test_an_agent_refuses_bad_calls(ttt, chess):
    agent = ttt.agent("random")
    with pytest.raises(ValueError, match="another game"):
        agent.step(chess.new_initial_state())
    with pytest.raises(ValueError, match="the game is over"):
        agent.step(play(ttt, ["a1", "a2", "b1", "b2", "c1"]))
    taken = play(ttt, ["a1"])
    with pytest.raises(tabula.IllegalActionError, match="not a legal action here"):
        agent.inform(taken, taken.string_to_action("a1"))
    with pytest.raises(ValueError, match="unknown agent"):
        ttt.agent("oracle")


def test_action_limit(ttt):
    state = play(ttt, ["b2", "a1"])
    state.set_action_limit(2)
    assert state.is_terminal() and state.current_player() == tabula.TERMINAL
    assert state.legal_actions() == [] and state.returns() == [0.0, 0.0]
    with pytest.raises(tabula.IllegalActionError, match="stopped after 2 actions"):
        state.apply_action(8)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.is_terminal()
    state.set_action_limit(None)
    assert not state.is_terminal() and 8 in state.legal_actions()


def test_mcts_action_releases_the_gil(chess):
    """While one thread searches, this one keeps running Python: with the GIL held for the
    whole search, its loop would stop for as long as the search lasts."""
    state = chess.new_initial_state()
    started = time.perf_counter()
    state.mcts_action(simulations=300, seed=1)
    per_call = time.perf_counter() - started
    simulations = max(300, int(300 * 1.0 / max(per_call, 1e-3)))  # about a second of search
    done = threading.Event()
    span = []

    def search():
        t = time.perf_counter()
        state.mcts_action(simulations=simulations, seed=1)
        span.append(time.perf_counter() - t)
        done.set()

    worker = threading.Thread(target=search)
    ticks = [time.perf_counter()]
    worker.start()
    while not done.is_set():
        ticks.append(time.perf_counter())
    ticks.append(time.perf_counter())  # the gap before the loop saw the search end counts too
    worker.join()
    longest_gap = max(b - a for a, b in zip(ticks, ticks[1:]))
    assert span[0] > 0.3
    assert longest_gap < span[0] / 2, (longest_gap, span[0])
