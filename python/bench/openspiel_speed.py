"""Random playouts per action: ``tabula bench`` against OpenSpiel's C++ game of the same rules.

Tabula's side is the release binary's ``tabula bench FILE --json`` (median of its runs, one
thread). OpenSpiel's side is ``pyspiel.evaluate_bots`` with uniform random C++ bots, one Python
call a whole game, for SECONDS of wall clock; its actions a game come from games played here
with Python's ``random`` (not timed). The two run one after the other in one process, so the
ratio is what to read: the machine's wall-clock times wander.

    python bench/openspiel_speed.py [--seconds S] [--rounds R] [NAME ...]

NAME picks rows by OpenSpiel game name (default: all). The ratio is per action, except for the
games whose turns the two split into actions differently (Pentago's placement and twist are one
action in OpenSpiel, two in Tabula; OpenSpiel's Ultimate Tic-tac-toe spends an action on choosing
a small board): both play the same games there, so the ratio is per game.
"""

import argparse
import json
import random
import subprocess
import time
from pathlib import Path

import pyspiel

ROOT = Path(__file__).resolve().parents[2]
TABULA = ROOT / "target" / "release" / "tabula"


# (OpenSpiel name, its parameters, Tabula file, Tabula options, compare per game)
ROWS = [
    ("mancala", {}, "games/kalah.game", [], False),
    ("oware", {}, "games/oware.game", [], False),
    ("nine_mens_morris", {}, "games/nine-mens-morris.game", ["openspiel=true"], False),
    ("dots_and_boxes", {"num_rows": 3, "num_cols": 3}, "games/dots-and-boxes.game", [], False),
    ("havannah", {"board_size": 8}, "games/havannah.game", [], False),
    ("pentago", {}, "games/pentago.game", ["openspiel=true"], False),
    ("lines_of_action", {}, "games/lines-of-action.game", ["openspiel=true"], False),
    ("ultimate_tic_tac_toe", {}, "games/ultimate-tic-tac-toe.game", [], True),
]


def tabula(file, options, seconds):
    command = [str(TABULA), "bench", str(ROOT / file), "--seconds", str(seconds), "--runs", "3",
               "--json"]
    for option in options:
        command += ["--set", option]
    report = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
    return report["playouts_per_sec"], report["actions_per_sec"] / report["playouts_per_sec"]


def openspiel(name, params, seconds, sample=200):
    game = pyspiel.load_game(name, params)
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(game.num_players())]
    games = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, games)
        games += 1
    per_second = games / (time.perf_counter() - began)
    rng = random.Random(1)
    actions = 0
    for _ in range(sample):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return per_second, actions / sample


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("names", nargs="*")
    args = parser.parse_args()
    rows = [row for row in ROWS if not args.names or row[0] in args.names]
    print("| game | Tabula playouts/s | actions a game | OpenSpiel games/s | actions a game "
          "| ratio |")
    print("|---|---:|---:|---:|---:|---:|")
    for _ in range(args.rounds):
        for name, params, file, options, per_game in rows:
            ours, our_length = tabula(file, options, args.seconds)
            theirs, their_length = openspiel(name, params, 3 * args.seconds)
            if per_game:
                ratio = f"{ours / theirs:.2f} per game"
            else:
                ratio = f"{ours * our_length / (theirs * their_length):.2f}"
            print(f"| {name} | {ours:,.0f} | {our_length:.1f} | {theirs:,.0f} | "
                  f"{their_length:.1f} | {ratio} |", flush=True)


if __name__ == "__main__":
    main()
