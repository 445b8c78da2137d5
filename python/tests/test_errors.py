"""Bad input raises Python exceptions with the engine's diagnostic text, never a crash."""

import re
import subprocess

import pytest

import tabula
from conftest import ROOT

WATERSHED = ROOT / "games" / "watershed.game"


def test_missing_file():
    with pytest.raises(tabula.GameError, match=r"cannot read `.*nowhere\.game`"):
        tabula.load("nowhere.game")


def test_rules_with_errors_carry_the_checker_diagnostics(tabula_bin, tmp_path):
    broken = WATERSHED.read_text().replace("(counter bonus)", "(counter bonus) (frobnicate)")
    bad = tmp_path / "bad.game"
    bad.write_text(broken)
    check = subprocess.run([tabula_bin, "check", bad], capture_output=True, text=True, env={"NO_COLOR": "1"})
    assert check.returncode == 1
    with pytest.raises(tabula.GameError) as from_file:
        tabula.load(bad)
    message = str(from_file.value)
    # The same rendered diagnostic as `tabula check`, with its code, and the summary line.
    first = check.stderr.split("\n\n")[0].strip()
    assert first and first in message
    assert re.search(r"bad\.game: \d+ errors? in the game file$", message)
    with pytest.raises(tabula.GameError, match="frobnicate"):
        tabula.load(broken)
    with pytest.raises(ValueError):  # GameError is a ValueError
        tabula.load("(game")


def test_bad_selection():
    with pytest.raises(tabula.GameError, match="Marsh"):
        tabula.load(WATERSHED, variant="Marsh")
    with pytest.raises(tabula.GameError, match="size"):
        tabula.load(WATERSHED, options={"size": 8})
    with pytest.raises(tabula.GameError, match="colour"):
        tabula.load(WATERSHED, options={"colour": 1})
    with pytest.raises(TypeError):
        tabula.load(42)


def test_illegal_actions_leave_the_state_unchanged():
    game = tabula.load(WATERSHED, options={"size": 5})
    state = game.new_initial_state()
    c3 = state.string_to_action("c3")
    state.apply_action(c3)
    legal = state.legal_actions()
    with pytest.raises(tabula.IllegalActionError, match="`c3` is not legal"):
        state.apply_action(c3)
    with pytest.raises(tabula.IllegalActionError, match="not an action of this game"):
        state.apply_action(10**9)
    with pytest.raises(tabula.IllegalActionError, match="not an action of this game"):
        state.apply_action(-1)
    with pytest.raises(tabula.IllegalActionError, match="there is no site `z9`"):
        state.string_to_action("z9")
    with pytest.raises(tabula.IllegalActionError, match="no action given"):
        state.string_to_action("  ")
    with pytest.raises(tabula.IllegalActionError):
        game.action_to_string(game.num_distinct_actions())
    with pytest.raises(OverflowError):
        state.apply_action(2**70)
    assert state.history() == [c3] and state.legal_actions() == legal


def test_bad_arguments_to_the_rust_functions():
    game = tabula.load(WATERSHED, options={"size": 5})
    with pytest.raises(ValueError, match="unknown agent `alphazero`"):
        tabula.analyze(game, games=1, players="alphazero")
    with pytest.raises(ValueError, match="threads"):
        tabula.playouts(game, 1, threads=0)
    with pytest.raises(ValueError, match="raw analysis"):
        tabula._tabula.analysis_report(game, "{}")
    with pytest.raises(ValueError, match="raw analysis"):
        tabula._tabula.merge_analyses(game, ["not json"])
