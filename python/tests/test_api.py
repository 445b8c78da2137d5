"""The OpenSpiel-style API on every bundled game and every variant of it."""

import copy
import pickle
import random

import numpy as np
import pytest

import tabula
from conftest import GAMES, ROOT


def all_games():
    for path in GAMES:
        for variant in tabula.load(path).variants or [None]:
            yield pytest.param(path, variant, id=f"{path.stem}:{variant}")


@pytest.mark.parametrize("path,variant", list(all_games()))
def test_random_walk_through_the_api(path, variant):
    game = tabula.load(path, variant=variant)
    assert game.variant == variant
    n = game.num_distinct_actions()
    sites = game.board["sites"]
    assert game.observation_shape() == (len(game.observation_planes()), len(sites))
    assert len(game.player_teams) == game.num_players() == len(game.players)
    state = game.new_initial_state()
    assert state.current_player() == 0 and not state.is_terminal() and state.history() == []
    rng = random.Random(f"{path.name}{variant}")
    played = []
    for _ in range(300):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        assert legal == sorted(set(legal)) and legal and all(0 <= a < n for a in legal)
        mask = state.legal_actions_mask()
        assert mask.shape == (n,) and mask.dtype == np.int8
        assert list(np.flatnonzero(mask)) == legal
        assert state.legal_actions(state.current_player() + 1) == []
        for a in legal[:20]:
            text = state.action_to_string(a)
            assert state.string_to_action(text) == a == game.string_to_action(text)
            assert state.action_to_string(state.current_player(), a) == text == game.action_to_string(a)
        action = rng.choice(legal)
        before = state.clone()
        state.apply_action(action)
        played.append(action)
        # The clone is a separate position.
        assert before.history() == played[:-1] and state.history() == played
        assert before.legal_actions() == legal
    assert copy.deepcopy(state).history() == state.history()
    returns = state.returns()
    assert len(returns) == game.num_players()
    if state.is_terminal():
        assert state.current_player() == tabula.TERMINAL and state.legal_actions() == []
        outcome = state.outcome()
        teams = game.player_teams
        for p, r in enumerate(returns):
            expected = 0.0 if outcome["draw"] else (1.0 if teams[p] == outcome["winner"] else -1.0)
            assert r == expected
    else:
        assert returns == [0.0] * game.num_players() and state.outcome() is None


def test_a_whole_game_to_the_end():
    game = tabula.load(ROOT / "games" / "watershed.game", options={"size": 5})
    assert game.options["size"] == "5"
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    assert "wins" in str(state) or "draw" in str(state)


def test_load_from_text_and_pickle():
    text = (ROOT / "games" / "ketchup.game").read_text()
    game = tabula.load(text)
    assert game.name == tabula.load(ROOT / "games" / "ketchup.game").name
    again = pickle.loads(pickle.dumps(game))
    assert again.players == game.players and again.num_distinct_actions() == game.num_distinct_actions()
    by_path = pickle.loads(pickle.dumps(tabula.load(str(ROOT / "games" / "ketchup.game"), options={"size": 5})))
    assert by_path.options == tabula.load(ROOT / "games" / "ketchup.game", options={"size": 5}).options


def test_action_codes_are_stable_across_states():
    game = tabula.load(ROOT / "games" / "watershed.game", options={"size": 5})
    a1 = game.string_to_action("a1")
    state = game.new_initial_state()
    state.apply_action(game.string_to_action("c3"))
    assert state.string_to_action("a1") == a1 and state.action_to_string(a1) == "a1"
    assert game.board["sites"][a1] == "a1"


def test_playouts_and_analyze_match_the_cli(tabula_bin):
    import json
    import subprocess

    path = ROOT / "games" / "watershed.game"
    game = tabula.load(path, options={"size": 5})
    cli = json.loads(
        subprocess.run(
            [tabula_bin, "playout", path, "--set", "size=5", "--games", "40", "--seed", "9", "--json"],
            check=True, capture_output=True, text=True,
        ).stdout
    )
    ours = tabula.playouts(game, 40, seed=9, threads=2)
    assert ours["wins"] == cli["wins"] and ours["draws"] == cli["draws"] and ours["games"] == 40
    for key in ("turns", "actions"):
        assert ours[key]["min"] == cli[key]["min"] and ours[key]["max"] == cli[key]["max"]
        assert round(ours[key]["mean"], 3) == cli[key]["mean"]
    cli = json.loads(
        subprocess.run(
            [tabula_bin, "analyze", path, "--set", "size=5", "--games", "30", "--seed", "4", "--json"],
            check=True, capture_output=True, text=True,
        ).stdout
    )
    assert tabula.analyze(game, games=30, seed=4) == cli


def test_long_rust_work_releases_the_gil():
    """While `playouts` and `analyze` run in one thread, Python code keeps running in another:
    with the GIL held, the main loop below would stall for the whole call."""
    import threading
    import time

    game = tabula.load(ROOT / "games" / "watershed.game")

    def watch(work):
        """(duration of `work` in a thread, longest stall of the main thread meanwhile)."""
        spans, ticks = [], []

        def timed():
            start = time.perf_counter()
            work()
            spans.append(time.perf_counter() - start)

        worker = threading.Thread(target=timed)
        worker.start()
        while worker.is_alive():
            ticks.append(time.perf_counter())
            time.sleep(0.001)
        worker.join()
        return spans[0], max((b - a for a, b in zip(ticks, ticks[1:])), default=spans[0])

    for run in (lambda n: tabula.playouts(game, 100 * n, seed=1), lambda n: tabula.analyze(game, games=20 * n, seed=1)):
        n = 1
        span, stall = watch(lambda: run(n))
        while span < 0.3 and n < 1024:  # long enough that a held GIL would show
            n *= 4
            span, stall = watch(lambda: run(n))
        assert span >= 0.3 and stall < span / 2
