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


class _Run:
    """A finished run: the game, the merged raw analysis, and how it was spread."""

    def __init__(self, game, merged: str, cpus: int, tasks: int):
        self.game, self.merged, self.cpus, self.tasks = game, merged, cpus, tasks


def _run(
    path, games, seed, chunks, players, think_ms, max_actions, variant, options, address, num_cpus
) -> _Run:
    import ray

    if games < 0:
        raise ValueError("games must not be negative")
    game = load(path, variant=variant, options=options)
    _tabula.analyze_range(game, 0, 0, seed, players, think_ms, max_actions)  # checks `players` before any task
    if games > _tabula.MAX_GAMES:
        raise ValueError(f"games must be at most {_tabula.MAX_GAMES}, not {games}")
    source = game.__reduce__()[1]
    if not ray.is_initialized():
        address = address or os.environ.get("RAY_ADDRESS")
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=num_cpus or os.cpu_count(), include_dashboard=False, log_to_driver=False)
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    if chunks is None:
        chunks = 4 * cpus
    if chunks < 1:
        raise ValueError("chunks must be at least 1")
    task = ray.remote(num_cpus=1)(_chunk)
    ranges = split(games, chunks)
    futures = [task.remote(source, a, b, seed, players, think_ms, max_actions) for a, b in ranges]
    parts = ray.get(futures)  # in the order of the ranges
    return _Run(game, _tabula.merge_analyses(game, parts), cpus, len(ranges))


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
    run = _run(path, games, seed, chunks, players, think_ms, max_actions, variant, options, address, num_cpus)
    if text:
        return _tabula.analysis_text(run.game, run.merged)
    return json.loads(_tabula.analysis_report(run.game, run.merged))


def heading(title: str, games: int, players: str, cpus: int, tasks: int) -> str:
    """The first line of the text report: `tabula analyze`'s heading (the game, the games, the
    players), then where they were played."""
    return f"{title} — {games} games, every seat `{players}` — on Ray: {_count(tasks, 'task')} over {_count(cpus, 'CPU')}"


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


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
        run = _run(
            args.file,
            args.games,
            args.seed,
            args.chunks,
            args.players,
            args.think,
            args.max_actions,
            args.variant,
            options,
            args.address,
            args.num_cpus,
        )
    except ValueError as e:  # GameError, a bad agent or count: the message says what is wrong
        print(f"error: {e}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(json.loads(_tabula.analysis_report(run.game, run.merged)), indent=2))
    else:
        # The heading `tabula analyze` gives, so that a saved report says what it measured.
        print(heading(run.game.title(), args.games, args.players, run.cpus, run.tasks))
        print(_tabula.analysis_text(run.game, run.merged), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
