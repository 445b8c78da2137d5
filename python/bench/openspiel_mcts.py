"""Tabula's agents against OpenSpiel's ``MCTSBot``, game by game, in lock-step.

Each game is played twice over, once by each engine: Tabula's agent chooses on Tabula's state,
OpenSpiel's bot on OpenSpiel's, and every move is made on both through the referee's pairings
(``tests/referee/pairings.py``: the same rules, moves written in one common text), so that a
move one engine would not allow stops the run. The agents change sides every game.

OpenSpiel's side is its C++ ``MCTSBot`` with one random rollout a leaf (``RandomRolloutEvaluator``),
UCT constant 2 and its solver on, as ``open_spiel/python/examples/mcts.py`` plays by default.
Tabula's side is ``GameState.agent_action``: a fresh search every move (no tree kept between
moves, as OpenSpiel's bot keeps none), seeded by game and move; with ``--keep-tree`` it is one
``tabula.Agent`` for the whole game, told of every move, which keeps the subtree of the move
played (as ``tabula play`` does).

    python bench/openspiel_mcts.py [--games N] [--sims N | --ms MS] [--agent SPEC] [--keep-tree]
                                   [--jobs J] [--json] [NAME ...]

With ``--sims`` both search that many simulations a move (Tabula's agent gets ``sims=N``);
with ``--ms`` both think that long a move (``ms=MS``, OpenSpiel's ``max_wall_clock_time``).
NAME picks rows (default: all). Scores are Tabula's, a draw counting half, with the Wilson 95%
interval.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from multiprocessing import Pool
from pathlib import Path

import pyspiel

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from referee.lockstep import tabula_moves  # noqa: E402
from referee.pairings import PAIRINGS, Pairing, flipped_move_text, own_text  # noqa: E402

ROWS: dict[str, Pairing] = {
    "tic-tac-toe": PAIRINGS["tic-tac-toe"],
    "connect-four": PAIRINGS["connect-four"],
    "hex-7": Pairing(
        "hex-7", "hex", "games/hex.game", params={"board_size": 7}, options={"size": 7}, openspiel_text=own_text
    ),
    "breakthrough-6": Pairing(
        "breakthrough-6",
        "breakthrough",
        "games/breakthrough.game",
        params={"rows": 6, "columns": 6},
        options={"size": 6},
        openspiel_text=flipped_move_text(6),
    ),
    "reversi": PAIRINGS["reversi"],
}


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a mean score (a draw counting half) over n games."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def play(job: tuple[str, int, str, int | None, int | None, int, bool]) -> tuple[str, int, float]:
    """One game; returns (row, index, Tabula's score)."""
    name, index, agent, sims, ms, seed, keep_tree = job
    pairing = ROWS[name]
    tgame, ogame = pairing.load_tabula(), pairing.load_openspiel()
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed * 7919 + index)
    bot = pyspiel.MCTSBot(
        ogame,
        evaluator,
        2.0,
        sims if sims else 10**9,
        1000,
        True,
        seed * 104_729 + index,
        False,
        max_wall_clock_time=ms / 1000 if ms else -1.0,
    )
    spec = f"{agent}:sims={sims}" if sims else f"{agent}:ms={ms}"
    if ":" in agent:
        spec = f"{agent},sims={sims}" if sims else f"{agent},ms={ms}"
    tabula_side = index % 2  # Tabula's player (Tabula's numbering)
    t, o = tgame.new_initial_state(), ogame.new_initial_state()
    kept = tgame.agent(spec, seed=seed * 1_000_003 + index) if keep_tree else None
    move = 0
    while not t.is_terminal():
        if o.is_terminal():
            raise RuntimeError(f"{name} game {index}: OpenSpiel's game ended first")
        if t.current_player() == tabula_side:
            if kept is not None:
                code = kept.step(t)
            else:
                code = t.agent_action(spec, seed=seed * 1_000_003 + index * 1009 + move)
            text = pairing.tabula_text(t.action_to_string(code))
            theirs, ours = pairing.moves(o)[text], [code]
        else:
            action = bot.step(o)
            text = pairing.openspiel_text(o, action)
            theirs, ours = [action], tabula_moves(pairing, t)[text]
        for a in theirs:
            o.apply_action(a)
        for a in ours:
            if kept is not None:
                kept.inform(t, a)
            t.apply_action(a)
        move += 1
    if not o.is_terminal():
        raise RuntimeError(f"{name} game {index}: Tabula's game ended first")
    returns = t.returns()
    mine = returns[tabula_side]
    return (name, index, 1.0 if mine > 0 else 0.5 if mine == 0 else 0.0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help=f"rows: {', '.join(ROWS)}")
    parser.add_argument("--games", type=int, default=100)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--sims", type=int, help="simulations a move for both (default 1000)")
    budget.add_argument("--ms", type=int, help="milliseconds a move for both")
    parser.add_argument("--agent", default="mcts", help="Tabula's agent, without its budget")
    parser.add_argument("--keep-tree", action="store_true", help="one agent a game, told of every move")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    sims = None if args.ms else (args.sims or 1000)
    names = args.names or list(ROWS)
    unknown = [n for n in names if n not in ROWS]
    if unknown:
        parser.error(f"unknown rows {unknown}; rows are {', '.join(ROWS)}")
    jobs = [(n, i, args.agent, sims, args.ms, args.seed, args.keep_tree) for n in names for i in range(args.games)]
    began = time.perf_counter()
    with Pool(args.jobs) as pool:
        results = pool.map(play, jobs, chunksize=1)
    seconds = time.perf_counter() - began
    rows = []
    for n in names:
        scores = [s for (name, _, s) in results if name == n]
        total = sum(scores)
        low, high = wilson(total, len(scores))
        rows.append(
            {
                "game": n,
                "games": len(scores),
                "wins": sum(1 for s in scores if s == 1.0),
                "draws": sum(1 for s in scores if s == 0.5),
                "losses": sum(1 for s in scores if s == 0.0),
                "score": round(total / len(scores), 3),
                "interval": [round(low, 3), round(high, 3)],
            }
        )
    budget_text = f"{sims} simulations" if sims else f"{args.ms} ms"
    if args.json:
        print(json.dumps({"agent": args.agent, "budget": budget_text, "seconds": round(seconds, 1), "rows": rows}))
        return 0
    tree = ", its tree kept between moves" if args.keep_tree else ""
    print(f"Tabula `{args.agent}`{tree} against OpenSpiel MCTSBot (c = 2, random rollouts, solver), {budget_text} a move")
    print()
    print("| game | games | wins | draws | losses | Tabula's score | 95% interval |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for r in rows:
        low, high = r["interval"]
        print(
            f"| {r['game']} | {r['games']} | {r['wins']} | {r['draws']} | {r['losses']} | {r['score']:.3f} | "
            f"{low:.3f}–{high:.3f} |"
        )
    print(f"\n{seconds:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
