"""Time per action of random games driven from Python: a Tabula file through
``tabula.openspiel`` against OpenSpiel's own C++ game of the same name (``pyspiel.load_game``),
in the same process, with the same loop (``is_terminal``, ``legal_actions``, ``apply_action``
and a uniform choice by Python's ``random``).

The same with a ``clone()`` before each action, as tree searches do. A second table times one
decision of OpenSpiel's Python ``MCTSBot`` (random rollouts) on both games, and the engine's own
search (``tabula.GameState.mcts_action``) for scale. Two more columns say where
the time goes: ``tabula.GameState`` alone (no OpenSpiel layer), and
the ``tabula.openspiel`` state driven through OpenSpiel's C++ methods (``pyspiel.State.
legal_actions(state)``...), that is, through the trampolines that call back into Python, which
is what the state would cost without its Python-level methods.

    python bench/openspiel_overhead.py [SECONDS_PER_CELL] [ROUNDS]

Each cell plays whole games for at least SECONDS_PER_CELL (default 2) and reports microseconds
per action; ROUNDS (default 3) repeats the whole table and keeps each cell's best round, since
the machine is shared and wall-clock times are noisy.
"""

import random
import sys
import time
from pathlib import Path

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import tabula
import tabula.openspiel

ROOT = Path(__file__).resolve().parents[2]
GAMES = [
    ("tic_tac_toe", "tic-tac-toe.game"),
    ("connect_four", "connect-four.game"),
    ("breakthrough", "breakthrough.game"),
    ("chess", "chess.game"),
]


def per_action(new_state, seconds, legal, apply, terminal, clone=False):
    """Microseconds per action over whole random games played for at least `seconds`;
    `clone`: each action is made on a clone of the state (as tree searches do)."""
    rng = random.Random(1)
    actions = 0
    start = time.perf_counter()
    while True:
        state = new_state()
        while not terminal(state):
            moves = legal(state)
            if clone:
                state = state.clone()
            apply(state, moves[rng.randrange(len(moves))])
            actions += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return 1e6 * elapsed / actions


def direct(state_type):
    return (state_type.legal_actions, state_type.apply_action, state_type.is_terminal)


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    best = {}
    for _ in range(rounds):
        for spiel_name, file in GAMES:
            spiel = pyspiel.load_game(spiel_name)
            ours = tabula.openspiel.load_game(ROOT / "games" / file)
            plain = tabula.load(ROOT / "games" / file)
            cells = {
                "openspiel": per_action(
                    spiel.new_initial_state, seconds,
                    lambda s: s.legal_actions(), lambda s, a: s.apply_action(a), lambda s: s.is_terminal()),
                "tabula.openspiel": per_action(
                    ours.new_initial_state, seconds,
                    lambda s: s.legal_actions(), lambda s, a: s.apply_action(a), lambda s: s.is_terminal()),
                "tabula": per_action(
                    plain.new_initial_state, seconds,
                    lambda s: s.legal_actions(), lambda s, a: s.apply_action(a), lambda s: s.is_terminal()),
                "openspiel+clone": per_action(
                    spiel.new_initial_state, seconds,
                    lambda s: s.legal_actions(), lambda s, a: s.apply_action(a), lambda s: s.is_terminal(), True),
                "tabula.openspiel+clone": per_action(
                    ours.new_initial_state, seconds,
                    lambda s: s.legal_actions(), lambda s, a: s.apply_action(a), lambda s: s.is_terminal(), True),
                "trampolines": per_action(
                    ours.new_initial_state, seconds,
                    pyspiel.State.legal_actions, pyspiel.State.apply_action, pyspiel.State.is_terminal),
            }
            for k, v in cells.items():
                best[spiel_name, k] = min(v, best.get((spiel_name, k), float("inf")))
    print("| game | OpenSpiel C++ | tabula.openspiel | ratio | with clone(): OpenSpiel | "
          "tabula.openspiel | ratio | tabula.GameState | through C++ trampolines |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for spiel_name, file in GAMES:
        o, t = best[spiel_name, "openspiel"], best[spiel_name, "tabula.openspiel"]
        oc, tc = best[spiel_name, "openspiel+clone"], best[spiel_name, "tabula.openspiel+clone"]
        print(f"| {spiel_name} / {file} | {o:.2f} | {t:.2f} | {t / o:.2f}× | {oc:.2f} | {tc:.2f} | {tc / oc:.2f}× "
              f"| {best[spiel_name, 'tabula']:.2f} | {best[spiel_name, 'trampolines']:.2f} |")
    print("(µs per action, the best of each cell's rounds)")
    print()
    print(f"| game | OpenSpiel's Python MCTSBot, {SIMULATIONS} simulations: on OpenSpiel's game "
          f"| on tabula.openspiel | ratio | the engine's `mcts_action({SIMULATIONS})` |")
    print("|---|---:|---:|---:|---:|")
    for spiel_name, file in GAMES:
        spiel = pyspiel.load_game(spiel_name)
        ours = tabula.openspiel.load_game(ROOT / "games" / file)
        o, t = mcts_step(spiel, rounds), mcts_step(ours, rounds)
        e = min(timed(lambda: ours.new_initial_state().tabula_state.mcts_action(SIMULATIONS, seed=r))
                for r in range(rounds))
        print(f"| {spiel_name} / {file} | {1e3 * o:.1f} ms | {1e3 * t:.1f} ms | {t / o:.2f}× | {1e3 * e:.2f} ms |")
    print("(ms per decision from the start position, the best of the rounds)")


SIMULATIONS = 100


def timed(f):
    start = time.perf_counter()
    f()
    return time.perf_counter() - start


def mcts_step(game, rounds):
    """Seconds per MCTSBot decision (random rollouts) from the start, the best of `rounds`."""
    best = float("inf")
    for r in range(rounds):
        rng = np.random.RandomState(r)
        bot = mcts.MCTSBot(game, 2, SIMULATIONS, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        best = min(best, timed(lambda: bot.step(game.new_initial_state())))
    return best


if __name__ == "__main__":
    main()
