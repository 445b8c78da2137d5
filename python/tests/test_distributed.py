"""Ray on a local 2-CPU cluster reproduces the single-process statistics exactly."""

import json
import subprocess

import pytest

import tabula
import tabula.distributed as dist
from conftest import ROOT

ray = pytest.importorskip("ray")

KETCHUP = ROOT / "games" / "ketchup.game"


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_split_covers_every_game_once():
    assert dist.split(10, 3) == [(0, 4), (4, 7), (7, 10)]
    assert dist.split(2, 5) == [(0, 1), (1, 2)]
    assert dist.split(0, 4) == []


def test_identical_whatever_the_chunks(cluster, tabula_bin):
    game = tabula.load(KETCHUP)
    single = tabula.analyze(game, games=60, seed=5)
    cli = json.loads(
        subprocess.run(
            [tabula_bin, "analyze", KETCHUP, "--games", "60", "--seed", "5", "--json"],
            check=True, capture_output=True, text=True,
        ).stdout
    )
    assert single == cli
    for chunks in (1, 2, 7, 60):
        assert dist.analyze(KETCHUP, games=60, seed=5, chunks=chunks) == single
    # The raw sums, not only the rounded report, are the same.
    raw = [tabula._tabula.analyze_range(game, a, b, 5, "random", 0) for a, b in dist.split(60, 7)]
    assert tabula._tabula.merge_analyses(game, raw) == tabula._tabula.analyze_range(game, 0, 60, 5, "random", 0)


def test_command_line(cluster, capsys, tabula_bin):
    assert dist.main([str(KETCHUP), "--games", "20", "--seed", "2", "--chunks", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == tabula.analyze(tabula.load(KETCHUP), games=20, seed=2)
    assert dist.main([str(KETCHUP), "--games", "20", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    # The heading and report of `tabula analyze`, the heading followed by where the games ran
    # (the cluster's 2 CPUs, four tasks each by default).
    cli = subprocess.run(
        [tabula_bin, "analyze", KETCHUP, "--games", "20", "--seed", "2"], check=True, capture_output=True, text=True
    ).stdout.splitlines(keepends=True)
    assert cli[0] == "Ketchup — Two stones (size=5) — 20 games, every seat `random`\n"
    assert out == cli[0].rstrip("\n") + " — on Ray: 8 tasks over 2 CPUs\n" + "".join(cli[1:])
    assert dist.main([str(KETCHUP), "--games", "20", "--seed", "2", "--chunks", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith(" — on Ray: 1 task over 2 CPUs")
    assert dist.main([str(ROOT / "nowhere.game")]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_games_stopped_by_the_cap_are_counted_the_same(cluster, tabula_bin):
    game = tabula.load(KETCHUP)
    single = tabula.analyze(game, games=12, seed=3, max_actions=12)
    assert single["unfinished"] > 0
    cli = json.loads(
        subprocess.run(
            [tabula_bin, "analyze", KETCHUP, "--games", "12", "--seed", "3", "--max-actions", "12", "--json"],
            check=True, capture_output=True, text=True,
        ).stdout
    )
    assert single == cli == dist.analyze(KETCHUP, games=12, seed=3, chunks=5, max_actions=12)
