"""The cost of driving the engine from Python: random playouts with one Python call per action
(``legal_actions`` then ``apply_action``) against the same playouts inside Rust
(``tabula.playouts``, one call for all games, single-threaded).

    python bench/overhead.py [GAMES]
"""

import random
import sys
import time
from pathlib import Path

import tabula

ROOT = Path(__file__).resolve().parents[2]


def python_driven(game, games):
    rng = random.Random(1)
    actions = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
    return actions, time.perf_counter() - start


def in_rust(game, games):
    start = time.perf_counter()
    stats = tabula.playouts(game, games, seed=1, threads=1)
    seconds = time.perf_counter() - start
    return round(stats["actions"]["mean"] * stats["games"]), seconds


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print("| game | games | Rust actions/s | Python-driven actions/s | added per action | slowdown |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in ("watershed.game", "ketchup.game", "kensington.game"):
        game = tabula.load(ROOT / "games" / name)
        n = games if name != "kensington.game" else max(1, games // 20)
        ra, rs = in_rust(game, n)
        pa, ps = python_driven(game, n)
        r, p = ra / rs, pa / ps
        added = 1e6 / p - 1e6 / r
        print(f"| {name} | {n} | {r:,.0f} | {p:,.0f} | {added:.2f} µs | {r / p:.1f}× |")


if __name__ == "__main__":
    main()
