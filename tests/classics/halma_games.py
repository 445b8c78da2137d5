"""Games of Halma played to a finish by `halma.py`, the independent model, as Tabula records.

Random play never fills a camp in 1 000 turns, so the wins of `tests/all/rulings.rs`'s random
games are never tested there. Here each player mostly takes an action that brings a piece
furthest towards the other camp (the sum of column and row, up for White and down for Black),
at random among the best, and now and then any action at random; the games end in wins after
300 to 500 turns. Each is written as a record, one turn a line, with the model's outcome:

    python3 tests/classics/halma_games.py GAMES SEED DIR

prints one line per game, `FILE WINNER TURNS ACTIONS` (WINNER `White`, `Black` or `draw`).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import halma


def progress(action: str, player: int) -> int:
    """How far the action takes its piece towards the other camp, in column + row."""
    if action in ("end", "pass"):
        return 0
    source, target = action.split("-")
    gained = (ord(target[0]) + int(target[1:])) - (ord(source[0]) + int(source[1:]))
    return gained if player == halma.WHITE else -gained


def play(game: halma.Halma, rng: random.Random) -> tuple[list[str], dict]:
    state = game.start()
    turns: list[str] = []
    line: list[str] = []
    wander = rng.choice([0.05, 0.1, 0.2])
    while True:
        now = game.describe(state)
        if now["outcome"] is not None:
            return turns, now
        player, legal = now["to_move"], now["legal"]
        if rng.random() < wander:
            action = rng.choice(legal)
        else:
            best = max(progress(a, player) for a in legal)
            action = rng.choice([a for a in legal if progress(a, player) == best])
        state = game.apply(state, action)
        line.append(action)
        after = game.describe(state)
        if after["outcome"] is not None or after["to_move"] != player:
            turns.append(" ".join(line))
            line = []


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print("usage: halma_games.py GAMES SEED DIR", file=sys.stderr)
        return 2
    games, seed, out = int(argv[0]), int(argv[1]), Path(argv[2])
    game = halma.Halma()
    rng = random.Random(seed)
    for n in range(games):
        turns, end = play(game, rng)
        outcome = end["outcome"]
        winner = "draw" if outcome.get("draw") else ["White", "Black"][outcome["winner"] - 1]
        path = out / f"{n:04}.rec"
        path.write_text("game Halma\n" + "\n".join(turns) + "\n")
        print(path, winner, end["turns"], end["actions"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
