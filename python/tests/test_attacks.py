"""The package tried as an attacker would (Hardening II): no call aborts the interpreter or
hangs, and every limit answers with a clear Python exception."""

import os
import subprocess
import sys

import pytest

import tabula

# Slides and relocations between any two of 65 025 sites: the relocations' codes lie past 2^32
# (A's stone on the top row cannot slide north, so its moves are all relocations).
FAR = """
(game "Far" (players "A" "B") (board (square 255))
  (setup (place "A" iu255) (place "B" a1))
  (play (turn (slide (from friend) (along N) (to empty)) (relocate (from friend) (to empty))))
  (end (when (board-full) (draw))))
"""


def test_action_codes_past_two_to_the_32_apply_the_move_they_were_listed_for():
    game = tabula.load(FAR)
    sites = 255 * 255
    # A block of codes for every (from, to) slide, one for every relocation, then `end` and `pass`.
    assert game.num_distinct_actions() == 2 * sites**2 + 2
    state = game.new_initial_state()
    codes = state.legal_actions()
    assert max(codes) > 2**32
    # The relocation of A's stone from the far corner to b1 (the second site), by its code.
    far = [c for c in codes if state.action_to_string(c) == "iu255>b1"]
    # The relocations' block follows the slides'; iu255 is the last site, b1 the second.
    assert far == [sites**2 + (sites - 1) * sites + 1]
    child = state.child(far[0])
    assert child.history_str() == str(far[0])
    assert "iu255>b1" in [state.action_to_string(c) for c in codes]
    # Every listed code names a different action, and decodes to the text it was listed with.
    names = [state.action_to_string(c) for c in codes]
    assert len(set(names)) == len(codes)
    assert state.string_to_action("iu255>b1") == far[0]


def test_a_mask_too_large_to_build_is_refused_not_allocated():
    game = tabula.load(FAR)
    state = game.new_initial_state()
    with pytest.raises(ValueError, match=r"distinct actions: a mask of them would take \d+ bytes, more than the limit of 67108864; use legal_actions\(\)"):
        state.legal_actions_mask()


def test_pettingzoo_refuses_an_action_space_too_large_for_its_masks():
    pytest.importorskip("pettingzoo")
    from tabula.pettingzoo_env import TabulaEnv

    with pytest.raises(ValueError, match="Far has .* distinct actions: an action mask of them is more than the limit"):
        TabulaEnv(tabula.load(FAR))


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


def test_thinking_time_and_simulations_are_bounded():
    game = tabula.load(os.path.join(os.path.dirname(__file__), "..", "..", "games", "tic-tac-toe.game"))
    with pytest.raises(ValueError, match="think_ms must be at most 3600000"):
        tabula.analyze(game, games=1, players="mcts", think_ms=2**64 - 1)
    with pytest.raises(ValueError, match="simulations must be from 1 to 100000000"):
        game.new_initial_state().mcts_action(2**32 - 1)
