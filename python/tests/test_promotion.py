"""Promotion with the player's choice of kind: every choice is an action code of its own."""

import tabula
from conftest import ROOT

TINY = ROOT / "tests" / "boards" / "promotion.game"


def test_each_choice_of_kind_is_its_own_code():
    game = tabula.load(TINY)
    # 3 × 3 sites: 81 slides, then 81 × 5 kinds of promoting moves, `end` and `pass`.
    assert game.num_distinct_actions() == 81 + 81 * 5 + 2
    state = game.new_initial_state()
    codes = state.legal_actions()
    texts = sorted(state.action_to_string(c) for c in codes)
    choices = [f"a2-{to}={k}" for to in ("a3", "b3") for k in "BNQR"]
    assert texts == sorted(choices + ["b1-b2", "b1-c2"])
    assert len(set(codes)) == 10
    for c in codes:
        assert state.string_to_action(state.action_to_string(c)) == c
    assert game.string_to_action("a2-a3=q") == game.string_to_action("a2-a3=queen") == game.string_to_action("a2-a3=Q")


def test_the_choice_made_is_the_kind_played():
    game = tabula.load(TINY)
    state = game.new_initial_state()
    state.apply_action(game.string_to_action("a2-b3=R"))
    # Black's c2 steps to c1 or takes b1, both on its far row: four kinds each.
    texts = sorted(state.action_to_string(c) for c in state.legal_actions())
    assert texts == sorted(f"c2-{to}={k}" for to in ("b1", "c1") for k in "BNQR")
