"""The package tried as an attacker would (Hardening II): no call aborts the interpreter or
hangs, every limit answers with a clear Python exception, and long work stops at Ctrl-C."""

import os
import stat
import subprocess
import sys
import textwrap

import pytest

import tabula
from conftest import ROOT

# Slides and relocations between any two of 65 025 sites: the relocations' codes lie past 2^32
# (A's stone on the top row cannot slide north, so its moves are all relocations).
FAR = """
(game "Far" (players "A" "B") (board (square 255))
  (setup (place "A" iu255) (place "B" a1))
  (play (turn (slide (from friend) (along N) (to empty)) (relocate (from friend) (to empty))))
  (end (when (board-full) (draw))))
"""

# 32 513 stones, each of which may be relocated to any of the 32 512 empty sites: more than
# 10^9 legal actions, kept by the engine as two lists.
CROWD = """
(game "Crowd" (players "A" "B") (board (square 255))
  (setup (place "A" dark-squares))
  (play (turn (relocate (from friend) (to empty))))
  (end (when (board-full) (draw))))
"""


def counters(n):
    """A game on (square 255) with `n` counters: each is an observation plane per team."""
    declared = " ".join(f"(counter c{i})" for i in range(n))
    return f"""(game "Counted" (players "A" "B") (board (square 255)) {declared}
      (play (turn (place (to empty)))) (end (when (board-full) (draw))))"""


@pytest.fixture(scope="module")
def far():
    return tabula.load(FAR)


def test_action_codes_past_two_to_the_32_apply_the_move_they_were_listed_for(far):
    sites = 255 * 255
    # A block of codes for every (from, to) slide, one for every relocation, then `end` and `pass`.
    assert far.num_distinct_actions() == 2 * sites**2 + 2
    state = far.new_initial_state()
    labels = far.board["sites"]
    codes = state.legal_actions()
    # The legal actions are A's relocations to every empty site, named by the engine.
    expected = {f"iu255>{label}" for label in labels if label not in ("iu255", "a1")}
    names = [state.action_to_string(c) for c in codes]
    assert len(codes) == len(expected) == sites - 2
    assert set(names) == expected
    assert min(codes) > 2**32
    # The relocations' block follows the slides'; iu255 is the last site, b1 the second:
    # worked out by hand, independently of the codec.
    assert state.string_to_action("iu255>b1") == sites**2 + (sites - 1) * sites + 1
    # Made, a code moves A's stone from iu255 to the site it names and nowhere else, and its
    # text is read back as the same code: checked for every 509th code (128 of them, the first
    # and the last included).
    plane = far.observation_planes().index("stones:A")
    corner = labels.index("iu255")
    for i in sorted({*range(0, len(codes), 509), len(codes) - 1}):
        assert state.string_to_action(names[i]) == codes[i]
        child = state.child(codes[i])
        stones = child.observation()[plane]
        to = labels.index(names[i].split(">")[1])
        assert stones[to] == 1.0 and stones[corner] == 0.0 and stones.sum() == 1.0, names[i]
        assert child.history() == [codes[i]]


def test_a_mask_too_large_to_build_is_refused_not_allocated(far):
    state = far.new_initial_state()
    with pytest.raises(
        ValueError,
        match=r"^this game has 8456501252 distinct actions: a mask of them would take 8456501252 bytes, more than "
        r"the limit of 67108864; use legal_actions\(\) \(the codes of the legal actions\) instead$",
    ):
        state.legal_actions_mask()


def test_pettingzoo_refuses_an_action_space_too_large_for_its_masks(far):
    pytest.importorskip("pettingzoo")
    from tabula.pettingzoo_env import TabulaEnv

    with pytest.raises(
        ValueError,
        match=r"^Far has 8456501252 distinct actions: an action mask of them is more than the limit of 67108864 "
        r"entries, too large for an observation$",
    ):
        TabulaEnv(far)


def test_openspiel_refuses_more_actions_than_a_c_int_counts(far):
    tos = pytest.importorskip("tabula.openspiel")
    pytest.importorskip("pyspiel")
    with pytest.raises(
        ValueError,
        match=r"^Far has 8456501252 distinct actions: OpenSpiel counts actions in a C int, at most 2147483647; "
        r"tabula.load plays the game with 64-bit action codes$",
    ):
        tos.load_game(FAR)
    with pytest.raises(ValueError, match=r"^max_game_length must be a whole number from 1 to 2147483647, not 2147483648$"):
        tos.load_game(ROOT / "games" / "tic-tac-toe.game", max_game_length=2**31)


def refused_each(message, *calls):
    """Each call raises ValueError with `message` (a regular expression)."""
    for call in calls:
        with pytest.raises(ValueError, match=message):
            call()


def test_an_observation_too_large_is_refused_not_allocated():
    # 600 counters of 2 teams: 1 200 planes of 65 025 sites, 78 million values (300 MB).
    game = tabula.load(counters(600))
    planes, sites = game.observation_shape()
    assert sites == 65025 and planes > 1200
    state = game.new_initial_state()
    message = (
        rf"^an observation of this game is {planes} planes of 65025 sites, {planes * 65025} values: more than the "
        r"limit of 16777216; observation_string\(\) draws the position instead$"
    )
    refused_each(message, state.observation, state.observation_tensor)
    assert state.observation_string().count("\n") >= 255
    # Below the limit, the same board is observed.
    assert tabula.load(counters(100)).new_initial_state().observation().shape == (planes - 1000, 65025)
    pytest.importorskip("pettingzoo")
    from tabula.pettingzoo_env import TabulaEnv

    with pytest.raises(ValueError, match=rf"^Counted is observed as {planes} planes of 65025 sites, {planes * 65025} "):
        TabulaEnv(game)


def test_a_billion_legal_actions_are_refused_not_listed():
    game = tabula.load(CROWD)
    state = game.new_initial_state()
    message = (
        rf"^this position has {32513 * 32512} legal actions, more than the limit of 4194304 that one call lists; "
        r"apply_action\(\) takes the code of any of them \(string_to_action\(\) gives it\)$"
    )
    refused_each(message, state.legal_actions, lambda: state.mcts_action(10))
    # Any of them is still made by its code, checked without the list.
    state.apply_action(state.string_to_action("a1>b1"))
    assert state.history_str() == str(game.string_to_action("a1>b1"))
    with pytest.raises(tabula.IllegalActionError):
        state.apply_action(state.string_to_action("a1>b1"))  # B has no stone on a1


@pytest.mark.parametrize("kind", ["fifo", "directory", "device"])
def test_loading_anything_but_a_regular_file_is_refused_at_once(tmp_path, kind):
    path = {"fifo": tmp_path / "rules.game", "directory": tmp_path, "device": "/dev/zero"}[kind]
    if kind == "fifo":
        os.mkfifo(path)
    # In a child process, so that a hang fails the test instead of blocking the suite.
    code = f"import tabula\ntry:\n    tabula.load({str(path)!r})\nexcept tabula.GameError as e:\n    print(e)\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    what = {"fifo": "a FIFO or pipe", "directory": "a directory", "device": "a character device"}[kind]
    assert out.stdout.strip() == f"cannot read `{path}`: it is {what}, not a game file"


def test_a_game_file_is_read_up_to_its_limit(tmp_path):
    big = tmp_path / "big.game"
    limit = tabula._tabula.MAX_SOURCE_BYTES
    assert limit == 4 * 1024 * 1024
    big.write_text("; " + "x" * limit + "\n")
    with pytest.raises(tabula.GameError, match=rf"big.game` is {limit + 3} bytes; game files are limited to {limit} bytes$"):
        tabula.load(big)


def test_thinking_time_simulations_games_and_threads_are_bounded():
    game = tabula.load(ROOT / "games" / "tic-tac-toe.game")
    state = game.new_initial_state()
    with pytest.raises(ValueError, match=r"^think_ms must be at most 3600000 \(an hour\), not 18446744073709551615$"):
        tabula.analyze(game, games=1, players="mcts", think_ms=2**64 - 1)
    with pytest.raises(ValueError, match=r"^simulations must be from 1 to 100000000, not 4294967295$"):
        state.mcts_action(2**32 - 1)
    with pytest.raises(ValueError, match=r"^simulations must be from 1 to 100000000, not 100000001$"):
        state.mcts_action(10**8 + 1)
    with pytest.raises(ValueError, match=r"^games must be at most 1000000000, not 1000000001$"):
        tabula.playouts(game, 10**9 + 1)
    with pytest.raises(ValueError, match=r"^games must be at most 1000000000, not 1000000001$"):
        tabula.analyze(game, games=10**9 + 1)
    with pytest.raises(ValueError, match=r"^threads must be from 1 to 256, not 257$"):
        tabula.playouts(game, 1, threads=257)
    pytest.importorskip("ray")
    import tabula.distributed as dist

    # Refused before a cluster is started.
    with pytest.raises(ValueError, match=r"^games must be at most 1000000000, not 1000000001$"):
        dist.analyze(ROOT / "games" / "tic-tac-toe.game", games=10**9 + 1)
    with pytest.raises(ValueError, match=r"^think_ms must be at most 3600000 \(an hour\), not 3600001$"):
        dist.analyze(ROOT / "games" / "tic-tac-toe.game", players="mcts", think_ms=3_600_001)


# Each of these runs for hours.
LONG_WORK = {
    "mcts_action": "chess.new_initial_state().mcts_action(simulations=10**8)",
    "playouts": "tabula.playouts(chess, 10**9)",
    "playouts-threads": "tabula.playouts(chess, 10**9, threads=2)",
    "analyze": "tabula.analyze(chess, games=10**9)",
    "analyze-mcts": "tabula.analyze(ttt, games=10**9, players='mcts', think_ms=5)",
}


@pytest.mark.parametrize("work", LONG_WORK)
def test_long_work_stops_at_ctrl_c(work):
    """Ctrl-C (SIGINT, 0.3 s in) stops the work within a second or so: a batch is cut after
    0.1 s, and a unit of work is a game or 64 random games a thread. In a child process, so
    that work which does not stop fails the test instead of blocking the suite."""
    code = f"""
import os, signal, threading, time
# As an interactive Python has it, even when this test runs in a background job (where SIGINT
# starts out ignored and Python would then leave it so).
signal.signal(signal.SIGINT, signal.default_int_handler)
import tabula
chess = tabula.load({str(ROOT / "games" / "chess.game")!r})
ttt = tabula.load({str(ROOT / "games" / "tic-tac-toe.game")!r})
sent = []

def interrupt():
    time.sleep(0.3)
    sent.append(time.perf_counter())
    os.kill(os.getpid(), signal.SIGINT)

threading.Thread(target=interrupt, daemon=True).start()
try:
    {LONG_WORK[work]}
except KeyboardInterrupt:
    print(f"stopped {{time.perf_counter() - sent[0]:.3f}} s after Ctrl-C")
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    words = out.stdout.split()
    assert words[0] == "stopped" and words[2:] == ["s", "after", "Ctrl-C"], (out.stdout, out.stderr)
    assert float(words[1]) < 5.0


def test_pytest_says_when_it_builds_the_binary(tmp_path):
    """Without `target/*/tabula` and `$TABULA_BIN`, the suite says that it builds the root crate
    and lets cargo's progress through; if that fails, it stops with the command to run."""
    tests = tmp_path / "repo" / "python" / "tests"
    tests.mkdir(parents=True)
    (tests / "conftest.py").write_text((ROOT / "python" / "tests" / "conftest.py").read_text())
    (tests / "test_bin.py").write_text("def test_bin(tabula_bin):\n    assert tabula_bin.read_text() == 'built'\n")
    fake = tmp_path / "bin"
    fake.mkdir()
    cargo = fake / "cargo"

    def run(script):
        cargo.write_text("#!/bin/sh\n" + textwrap.dedent(script))
        cargo.chmod(cargo.stat().st_mode | stat.S_IXUSR)
        env = {k: v for k, v in os.environ.items() if k != "TABULA_BIN"}
        env["PATH"] = f"{fake}{os.pathsep}{env['PATH']}"
        return subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tests)],
            capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120,
        )

    binary = tmp_path / "repo" / "target" / "debug" / "tabula"
    command = f"`cargo build --bin tabula` in {tmp_path / 'repo'}"
    failed = run("echo '   Compiling tabula (no)' >&2\nexit 101\n")
    assert f"{binary} is missing: building it with {command} (set TABULA_BIN to use another)" in failed.stdout
    assert "Compiling tabula (no)" in failed.stderr
    assert f"could not build {binary}: run {command}, or set TABULA_BIN" in failed.stdout
    assert failed.returncode == 1
    built = run(f"echo '   Compiling tabula (yes)' >&2\nmkdir -p {binary.parent}\nprintf built > {binary}\n")
    assert "Compiling tabula (yes)" in built.stderr and "1 passed" in built.stdout, built.stdout
