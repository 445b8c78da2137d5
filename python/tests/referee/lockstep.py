"""The lock-step referee: Tabula and OpenSpiel play the same random game side by side.

At every position both engines are asked the same questions: is the game over, whose move is it,
which moves are legal (as a set of common texts, see ``pairings.py``); at the end, what each
player gets. The same random move is then made on both. Any different answer is a
*disagreement*, reported with the moves that led to it, so that it can be replayed with
``tabula moves FILE --after "..."``.

A disagreement that comes from a known difference of rules (docs/REFEREE.md) is not hidden
here: the pairing plays the Tabula variant that follows OpenSpiel's rules instead.

``python -m referee.lockstep GAME... --games N --seed S`` is the long run (run from
python/tests, or with that directory on ``sys.path``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass, field

from .pairings import PAIRINGS, Pairing


@dataclass
class Disagreement:
    game: str
    index: int
    moves: list[str]
    what: str

    def __str__(self) -> str:
        after = " ".join(self.moves)
        return f"{self.game} game {self.index}, after [{after}]: {self.what}"


@dataclass
class Tally:
    """What a run compared."""

    games: int = 0
    positions: int = 0
    moves_compared: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    disagreements: list[Disagreement] = field(default_factory=list)
    seconds: float = 0.0


def tabula_moves(pairing: Pairing, state) -> dict[str, list[int]]:
    """Tabula's legal moves, each under its common text: an action, or with ``tabula_turns`` a
    whole turn (the actions until another player is to move or the game ends)."""
    moves: dict[str, list[int]] = {}
    for action in state.legal_actions():
        text = pairing.tabula_text(state.action_to_string(action))
        child = state.child(action) if pairing.tabula_turns else None
        if child is not None and not child.is_terminal() and child.current_player() == state.current_player():
            for rest, actions in tabula_moves(pairing, child).items():
                moves[f"{text} {rest}"] = [action, *actions]
            continue
        if text in moves:
            raise ValueError(f"{pairing.name}: two Tabula actions are written {text!r}")
        moves[text] = [action]
    return moves


def describe_sets(ours: set[str], theirs: set[str]) -> str:
    only_t = sorted(ours - theirs)
    only_o = sorted(theirs - ours)
    return f"legal moves differ: only Tabula {only_t[:12]}, only OpenSpiel {only_o[:12]}"


def play_one(pairing: Pairing, tgame, ogame, seed: int, index: int, tally: Tally) -> None:
    """One random game in lock-step; at most one disagreement (the game stops at the first)."""
    rng = random.Random(seed * 1_000_003 + index)
    t = tgame.new_initial_state()
    o = ogame.new_initial_state()
    moves: list[str] = []

    def disagree(what: str) -> None:
        tally.disagreements.append(Disagreement(pairing.name, index, moves, what))

    while True:
        tally.positions += 1
        if pairing.compare_positions is not None and (what := pairing.compare_positions(t, o)):
            return disagree(what)
        t_over, o_over = t.is_terminal(), o.is_terminal()
        if t_over != o_over:
            return disagree(f"terminal: Tabula {t_over}, OpenSpiel {o_over}")
        if t_over:
            t_returns = t.returns()
            o_returns = pairing.openspiel_returns(o.returns())
            mapped = [o_returns[pairing.players[p]] for p in range(len(t_returns))]
            if [float(x) for x in t_returns] != [float(x) for x in mapped]:
                return disagree(f"returns: Tabula {t_returns}, OpenSpiel {mapped}")
            key = "draw" if all(r == 0 for r in t_returns) else f"player {t_returns.index(max(t_returns))}"
            tally.wins[key] = tally.wins.get(key, 0) + 1
            tally.games += 1
            return
        t_player = t.current_player()
        o_player = o.current_player()
        if pairing.players[t_player] != o_player:
            return disagree(f"player to move: Tabula {t_player} (OpenSpiel {pairing.players[t_player]}), OpenSpiel {o_player}")
        ours = tabula_moves(pairing, t)
        theirs = pairing.moves(o)
        tally.moves_compared += len(ours)
        if ours.keys() != theirs.keys():
            return disagree(describe_sets(set(ours), set(theirs)))
        if set(ours) <= pairing.unplayable:
            tally.wins["stopped"] = tally.wins.get("stopped", 0) + 1
            tally.games += 1
            return
        text = rng.choice(sorted(ours))
        moves.append(text)
        for action in ours[text]:
            t.apply_action(action)
        for action in theirs[text]:
            o.apply_action(action)


def run(pairing: Pairing, games: int, seed: int = 1, start: int = 0) -> Tally:
    tally = Tally()
    tgame, ogame = pairing.load_tabula(), pairing.load_openspiel()
    began = time.perf_counter()
    for index in range(start, start + games):
        play_one(pairing, tgame, ogame, seed, index, tally)
    tally.seconds = time.perf_counter() - began
    return tally


def perft_tabula(pairing: Pairing, state, depth: int) -> int:
    """Move sequences of ``depth`` common moves; the last level is counted in bulk."""
    if state.is_terminal():
        return 0
    if not pairing.tabula_turns:
        if depth == 1:
            return len(state.legal_actions())
        return sum(perft_tabula(pairing, state.child(a), depth - 1) for a in state.legal_actions())
    moves = tabula_moves(pairing, state)
    if depth == 1:
        return len(moves)
    total = 0
    for actions in moves.values():
        child = state
        for a in actions:
            child = child.child(a)
        total += perft_tabula(pairing, child, depth - 1)
    return total


def perft_openspiel(pairing: Pairing, state, depth: int) -> int:
    if state.is_terminal():
        return 0
    moves = pairing.moves(state)
    if depth == 1:
        return len(moves)
    total = 0
    for actions in moves.values():
        child = state.clone()
        for a in actions:
            child.apply_action(a)
        total += perft_openspiel(pairing, child, depth - 1)
    return total


def perft(pairing: Pairing, depth: int) -> tuple[list[int], list[int]]:
    """perft(1..depth) on both sides."""
    tgame, ogame = pairing.load_tabula(), pairing.load_openspiel()
    ours = [perft_tabula(pairing, tgame.new_initial_state(), d) for d in range(1, depth + 1)]
    theirs = [perft_openspiel(pairing, ogame.new_initial_state(), d) for d in range(1, depth + 1)]
    return ours, theirs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help=f"pairings (default: all): {', '.join(PAIRINGS)}")
    parser.add_argument("--games", dest="count", type=int, default=3000, help="random games per pairing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--start", type=int, default=0, help="first game index")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in PAIRINGS]
    if unknown:
        parser.error(f"unknown pairing {unknown[0]!r}; known: {', '.join(PAIRINGS)}")
    failed = False
    print(f"{'pairing':<18} {'games':>6} {'positions':>10} {'moves':>11} {'disagree':>8} {'seconds':>8}  results")
    for name in args.games or list(PAIRINGS):
        tally = run(PAIRINGS[name], args.count, args.seed, args.start)
        results = ", ".join(f"{k} {v}" for k, v in sorted(tally.wins.items()))
        print(
            f"{name:<18} {tally.games:>6} {tally.positions:>10} {tally.moves_compared:>11} "
            f"{len(tally.disagreements):>8} {tally.seconds:>8.1f}  {results}",
            flush=True,
        )
        for d in tally.disagreements[:5]:
            print(f"  {d}", flush=True)
        failed |= bool(tally.disagreements)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
