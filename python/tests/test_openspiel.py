"""tabula.openspiel: Tabula files as registered OpenSpiel games, played by OpenSpiel's own Python
algorithms (MCTS, alpha-beta, evaluate_bots)."""

import pickle
import subprocess
import sys

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import evaluate_bots, mcts, minimax  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

import tabula  # noqa: E402
import tabula.openspiel  # noqa: E402
from conftest import ROOT  # noqa: E402

TTT = ROOT / "games" / "tic-tac-toe.game"


@pytest.fixture(scope="module")
def ttt():
    return tabula.openspiel.load_game(TTT)


def play(game, texts):
    state = game.new_initial_state()
    for t in texts:
        state.apply_action(state.string_to_action(t))
    return state


def test_a_registered_pyspiel_game(ttt):
    assert isinstance(ttt, pyspiel.Game)
    t = ttt.get_type()
    assert t.short_name.startswith("tabula_tic_tac_toe_")
    assert t.short_name in pyspiel.registered_names()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert ttt.num_players() == 2
    assert (ttt.min_utility(), ttt.max_utility(), ttt.utility_sum()) == (-1.0, 1.0, 0.0)
    assert ttt.max_game_length() == tabula.ACTION_CAP
    plain = tabula.load(TTT)
    assert ttt.num_distinct_actions() == plain.num_distinct_actions()
    assert ttt.observation_tensor_shape() == list(plain.observation_shape())
    # pyspiel.load_game of the short name gives the same game.
    again = pyspiel.load_game(t.short_name)
    assert again.get_type().short_name == t.short_name
    assert again.new_initial_state().legal_actions() == ttt.new_initial_state().legal_actions()


def test_registration_is_idempotent_and_per_game():
    a = tabula.openspiel.load_game(TTT)
    count = len(tabula.openspiel.registered())
    b = tabula.openspiel.load_game(str(TTT))
    assert a.get_type().short_name == b.get_type().short_name
    assert len(tabula.openspiel.registered()) == count
    c4 = tabula.openspiel.load_game(ROOT / "games" / "connect-four.game")
    small = tabula.openspiel.load_game(ROOT / "games" / "connect-four.game", options={"width": 5})
    assert c4.get_type().short_name != small.get_type().short_name
    assert c4.num_distinct_actions() != small.num_distinct_actions()
    assert len(tabula.openspiel.registered()) == count + 2
    four = tabula.openspiel.load_game(ROOT / "games" / "kensington.game", variant="Four players")
    assert four.num_players() == 4
    # Two teams of two: still zero-sum.
    assert four.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def test_general_sum_when_the_teams_do_not_balance():
    three = TTT.read_text().replace('(players "X" "O")', '(players "X" "O" "Z")').replace("(square 3)", "(square 4)")
    game = tabula.openspiel.load_game(three)
    assert game.num_players() == 3
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert sorted(state.returns()) in ([-1.0, -1.0, 1.0], [0.0, 0.0, 0.0])


def test_alpha_beta_values_tic_tac_toe(ttt):
    value, _ = minimax.alpha_beta_search(ttt)
    assert value == 0.0
    # X (a1, b1) against O (a2, b2), X to move: c1 wins.
    state = play(ttt, ["a1", "a2", "b1", "b2"])
    value, action = minimax.alpha_beta_search(ttt, state=state, maximizing_player_id=0)
    assert value == 1.0 and action == state.string_to_action("c1")
    # O to move in a lost position: X threatens a1-b1-c1 and a1-b2-c3.
    state = play(ttt, ["a1", "c2", "b2", "c1"])
    value, _ = minimax.alpha_beta_search(ttt, state=state, maximizing_player_id=1)
    assert value == -1.0


def test_mcts_bot_wins_where_it_can(ttt):
    state = play(ttt, ["a1", "a2", "b1", "b2"])
    bot = mcts.MCTSBot(ttt, 2, 200, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
                       random_state=np.random.RandomState(1), solve=True)
    assert bot.step(state) == state.string_to_action("c1")
    assert state.history() == [state.string_to_action(t) for t in ["a1", "a2", "b1", "b2"]]


@pytest.mark.parametrize("name", ["chess.game", "breakthrough.game", "kensington.game"])
def test_mcts_bot_runs_on_other_games(name):
    game = tabula.openspiel.load_game(ROOT / "games" / name)
    state = game.new_initial_state()
    bot = mcts.MCTSBot(game, 2, 20, mcts.RandomRolloutEvaluator(1, np.random.RandomState(2)),
                       random_state=np.random.RandomState(2))
    for _ in range(2):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.move_number() == 2


def test_evaluate_bots_plays_a_game(ttt):
    rng = np.random.RandomState(4)
    bots = [
        mcts.MCTSBot(ttt, 2, 100, mcts.RandomRolloutEvaluator(1, rng), random_state=rng),
        uniform_random.UniformRandomBot(1, rng),
    ]
    returns = evaluate_bots.evaluate_bots(ttt.new_initial_state(), bots, rng)
    assert list(returns) in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
    # Two perfect players draw.
    solved = [mcts.MCTSBot(ttt, 2, 3000, mcts.RandomRolloutEvaluator(1, rng), random_state=rng, solve=True)
              for _ in range(2)]
    assert list(evaluate_bots.evaluate_bots(ttt.new_initial_state(), solved, rng)) == [0.0, 0.0]


def test_states_follow_the_engine(ttt):
    state = play(ttt, ["b2", "a1"])
    inner = state.tabula_state
    assert isinstance(state, pyspiel.State)
    assert state.current_player() == 0 and state.is_player_node() and not state.is_chance_node()
    assert state.legal_actions() == inner.legal_actions()
    assert state.legal_actions(1) == []
    assert state.legal_actions_mask(0) == inner.legal_actions_mask(0).tolist()
    assert state.legal_actions_mask(1) == [0] * ttt.num_distinct_actions()
    assert state.history() == inner.history() and state.move_number() == 2
    assert [(p.player, p.action) for p in state.full_history()] == list(zip([0, 1], inner.history()))
    assert state.observation_tensor(1) == inner.observation_tensor()
    assert state.observation_string(0) == str(inner)
    assert state.information_state_string(0) == inner.history_str()
    assert state.action_to_string(0, 8) == "c3" == state.action_to_string(8)
    # OpenSpiel's C++ side (its trampolines and observers) sees the same state.
    assert pyspiel.State.legal_actions(state) == state.legal_actions()
    assert pyspiel.State.current_player(state) == 0
    assert pyspiel.State.observation_tensor(state, 0) == state.observation_tensor()
    assert pyspiel.State.information_state_string(state, 1) == state.information_state_string(1)
    assert pyspiel.State.observation_string(state, 1) == state.observation_string(1)


def test_clone_child_undo(ttt):
    state = play(ttt, ["b2"])
    clone = state.clone()
    clone.apply_action(0)
    assert state.history() == [4] and clone.history() == [4, 0]
    child = state.child(8)
    assert isinstance(child, tabula.openspiel.TabulaState)
    assert child.history() == [4, 8] and state.history() == [4]
    child.undo_action(1, 8)
    assert child.history() == [4] and child.legal_actions() == state.legal_actions()
    # The C++ clone (pyspiel.State.clone) copies the Python side too.
    cpp = pyspiel.State.clone(child)
    cpp.apply_action(0)
    assert cpp.history() == [4, 0] and child.history() == [4]


def test_serialize_and_pickle(ttt):
    state = play(ttt, ["b2", "a1", "c3"])
    again = ttt.deserialize_state(state.serialize())
    assert again.history() == state.history() and again.legal_actions() == state.legal_actions()
    assert again.observation_tensor() == state.observation_tensor()
    unpickled = pickle.loads(pickle.dumps(state))
    assert isinstance(unpickled, tabula.openspiel.TabulaState)
    assert unpickled.history() == state.history() and unpickled.legal_actions() == state.legal_actions()
    text = pyspiel.serialize_game_and_state(ttt, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert game2.get_type().short_name == ttt.get_type().short_name
    assert state2.history() == state.history() and state2.legal_actions() == state.legal_actions()
    with pytest.raises(tabula.IllegalActionError):
        ttt.deserialize_state("4 4")


def test_bad_input_raises(ttt):
    state = ttt.new_initial_state()
    with pytest.raises(tabula.IllegalActionError):
        state.apply_action(999)
    state.apply_action(4)
    with pytest.raises(tabula.IllegalActionError, match="occupied"):
        state.apply_action(4)
    with pytest.raises(tabula.GameError):
        tabula.openspiel.load_game(ROOT / "games" / "connect-four.game", options={"width": 99})
    with pytest.raises(tabula.GameError):
        tabula.openspiel.load_game(ROOT / "games" / "connect-four.game", options={"colour": 1})
    with pytest.raises(tabula.GameError):
        tabula.openspiel.load_game(ROOT / "games" / "no-such.game")
    with pytest.raises(ValueError, match="max_game_length"):
        tabula.openspiel.load_game(TTT, max_game_length=0)


def test_max_game_length_stops_the_game():
    game = tabula.openspiel.load_game(TTT, max_game_length=3)
    assert game.max_game_length() == 3
    state = game.new_initial_state()
    for a in (4, 0, 8):
        state.apply_action(a)
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL and state.legal_actions() == []


def test_tabula_imports_without_open_spiel():
    code = (
        "import sys; sys.modules['pyspiel'] = None\n"
        "import tabula, tabula.openspiel\n"
        "g = tabula.load(sys.argv[1]); assert g.new_initial_state().legal_actions()\n"
        "try:\n"
        "    tabula.openspiel.load_game(sys.argv[1])\n"
        "except ImportError as e:\n"
        "    print('ImportError:', e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code, str(TTT)], capture_output=True, text=True, check=True)
    assert "ImportError: tabula.openspiel needs OpenSpiel" in out.stdout


def test_a_pickled_game_registers_itself_in_another_process(ttt):
    # What OpenSpiel's AlphaZero does: its actor processes get the game pickled.
    state = play(ttt, ["b2", "a1"])
    code = (
        "import pickle, sys\n"
        "game, state = pickle.loads(sys.stdin.buffer.read())\n"
        "print(game.get_type().short_name, state.history(), len(state.legal_actions()))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps((ttt, state)),
                         capture_output=True, check=True)
    assert out.stdout.decode().split() == [ttt.get_type().short_name, "[4,", "0]", "7"]


AZ_SCRIPT = '''
import sys
from open_spiel.python.algorithms.alpha_zero import alpha_zero
from open_spiel.python.utils import spawn
import tabula.openspiel

if __name__ == "__main__":
    with spawn.main_handler():
        game = tabula.openspiel.load_game(sys.argv[1], max_game_length=9)
        alpha_zero.alpha_zero(alpha_zero.Config(
            game=game.get_type().short_name, path=sys.argv[2], learning_rate=1e-3, weight_decay=1e-4,
            decouple_weight_decay=False, train_batch_size=8, replay_buffer_size=64, replay_buffer_reuse=4,
            max_steps=2, checkpoint_freq=1, actors=1, evaluators=0, evaluation_window=4, eval_levels=2,
            uct_c=1.41, max_simulations=8, policy_alpha=1.0, policy_epsilon=0.25, temperature=1.0,
            temperature_drop=4, nn_model="mlp", nn_width=16, nn_depth=1, observation_shape=None,
            output_size=None, verbose=False, quiet=True, nn_api_version="nnx"))
'''


def test_alpha_zero_trains_on_tic_tac_toe(tmp_path):
    """OpenSpiel's Python AlphaZero (JAX): two learning steps, its actor in another process
    playing the Tabula game it unpickled."""
    for module in ("jax", "flax", "optax", "orbax.checkpoint", "chex"):
        pytest.importorskip(module)
    import json

    script = tmp_path / "az.py"
    script.write_text(AZ_SCRIPT)
    out = tmp_path / "az"
    run = subprocess.run([sys.executable, str(script), str(TTT), str(out)], timeout=600,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    steps = [json.loads(line) for line in (out / "learner.jsonl").read_text().splitlines()]
    assert [s["step"] for s in steps] == [1, 2]
    assert all(np.isfinite(s["loss"]["sum"]) and s["loss"]["sum"] > 0 for s in steps)
    # The actor played whole games of at most 9 actions (tic-tac-toe has 5 to 9).
    assert steps[-1]["total_states"] > 0
    assert sum(sum(s["outcomes"]["counts"]) for s in steps) > 0
    actor_log = (out / "log-actor-0.txt").read_text()
    games = [line for line in actor_log.splitlines() if "Returns:" in line]
    assert games and all(("1.0 -1.0" in g) or ("-1.0 1.0" in g) or ("0.0 0.0" in g) for g in games)
    assert (out / "checkpoint-2").exists()
