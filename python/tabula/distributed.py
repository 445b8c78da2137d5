"""Analysis at cluster scale: ``tabula analyze`` split into seeded chunks run as Ray tasks.

Game number ``i`` of a run is played with agents seeded from the run's seed and ``i`` alone,
so a chunk is just a range of game indices, and the chunks' statistics are exact integer sums
(counts, sums, sums of squares, the list of game lengths) merged in index order. The result is
therefore identical, bit for bit, to ``tabula.analyze`` (and ``tabula analyze --json``) with the
same seed, whatever the number of chunks or workers::

    import tabula.distributed
    report = tabula.distributed.analyze("games/watershed.game", games=100_000, seed=7)

Without a running cluster (no ``address``, no ``RAY_ADDRESS``), a local Ray is started with the
machine's cores (or ``num_cpus``). On a real cluster every node needs the ``tabula`` package and
the game file at the same path (or pass the rules' text instead of a path).

From the shell: ``python -m tabula.distributed FILE --games N --seed S [--chunks C] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, Mapping

from . import ACTION_CAP, _tabula, load


def split(games: int, chunks: int) -> list[tuple[int, int]]:
    """``0..games`` as ``chunks`` contiguous ranges of near-equal size, in order (none empty)."""
    chunks = max(1, min(chunks, games))
    base, extra = divmod(games, chunks)
    ranges, start = [], 0
    for c in range(chunks):
        end = start + base + (1 if c < extra else 0)
        ranges.append((start, end))
        start = end
    return [r for r in ranges if r[1] > r[0]]


def _chunk(source: tuple, start: int, end: int, seed: int, players: str, think_ms: int, cap: int) -> str:
    """One Ray task: games ``start..end`` of the run, as a raw (integer) analysis."""
    game = _tabula.load(*source)
    return _tabula.analyze_range(game, start, end, seed, players, think_ms, cap)


def analyze(
    path: str | os.PathLike,
    games: int = 1000,
    seed: int = 1,
    chunks: int | None = None,
    players: str = "random",
    think_ms: int = 50,
    max_actions: int = ACTION_CAP,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
    address: str | None = None,
    num_cpus: int | None = None,
    text: bool = False,
) -> dict | str:
    """Plays ``games`` games on Ray and returns ``tabula analyze --json``'s report as a dict
    (``text=True``: the text report instead).

    ``chunks`` (default: four per CPU of the cluster) only changes how the work is spread, never
    the result. ``address`` names a running cluster; ``num_cpus`` sizes a local one.
    """
    import ray

    if games < 0:
        raise ValueError("games must not be negative")
    game = load(path, variant=variant, options=options)
    _tabula.analyze_range(game, 0, 0, seed, players, think_ms, max_actions)  # checks `players` before any task
    source = game.__reduce__()[1]
    if not ray.is_initialized():
        address = address or os.environ.get("RAY_ADDRESS")
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=num_cpus or os.cpu_count(), include_dashboard=False, log_to_driver=False)
    if chunks is None:
        chunks = 4 * max(1, int(ray.cluster_resources().get("CPU", 1)))
    if chunks < 1:
        raise ValueError("chunks must be at least 1")
    task = ray.remote(num_cpus=1)(_chunk)
    futures = [task.remote(source, a, b, seed, players, think_ms, max_actions) for a, b in split(games, chunks)]
    parts = ray.get(futures)  # in the order of the ranges
    merged = _tabula.merge_analyses(game, parts)
    if text:
        return _tabula.analysis_text(game, merged)
    return json.loads(_tabula.analysis_report(game, merged))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tabula.distributed", description="tabula analyze on a Ray cluster")
    p.add_argument("file", help="a game file")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--chunks", type=int, default=None, help="tasks to split the games into (default: 4 per CPU)")
    p.add_argument("--players", default="random", help="random, mcts or mcts:ITERATIONS")
    p.add_argument("--think", type=int, default=50, help="milliseconds per action of an `mcts` player")
    p.add_argument("--max-actions", type=int, default=ACTION_CAP, help="stop a game after this many actions")
    p.add_argument("--variant")
    p.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--address", help="a running Ray cluster (default: $RAY_ADDRESS, else a local one)")
    p.add_argument("--num-cpus", type=int, help="CPUs of the local cluster (default: all)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    args = p.parse_args(argv)
    options = {}
    for s in args.sets:
        key, eq, value = s.partition("=")
        if not eq or not key.strip():
            p.error(f"`--set {s}`: expected KEY=VALUE, for example `--set size=7`")
        options[key.strip()] = value.strip()
    try:
        report = analyze(
            args.file,
            games=args.games,
            seed=args.seed,
            chunks=args.chunks,
            players=args.players,
            think_ms=args.think,
            max_actions=args.max_actions,
            variant=args.variant,
            options=options,
            address=args.address,
            num_cpus=args.num_cpus,
            text=not args.json,
        )
    except ValueError as e:  # GameError, a bad agent or count: the message says what is wrong
        print(f"error: {e}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        # The heading `tabula analyze` gives, so that a saved report says what it measured.
        title = load(args.file, variant=args.variant, options=options).title()
        print(f"{title} — {args.games} games, every seat `{args.players}` (on Ray)")
        print(report, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
