"""Facts about Breakthrough, Knightthrough, Clobber, Domineering, Go, Atari Go and Ataxx worked
out by hand from CLASSICS.md (Knightthrough and Ataxx: the rules texts of their issues) and
LANGUAGE.md §4, checked against `moving.py`. Each expectation is derived in the comment above
it, not by running the model; the published perft figures are CLASSICS.md's and, for
Knightthrough and Ataxx (its 16 at depth 1), the issues'.
Run from the repository root: `python3 -m unittest discover -s tests/classics`."""

import io
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stdout

sys.path.insert(0, os.path.dirname(__file__))
import moving  # noqa: E402


def after(name, size, actions):
    game = moving.new_game(name, str(size))
    return game, moving.play_all(game, moving.split_actions(actions))


def stones(game, state, player):
    return sorted(game.grid.labels[i] for i, v in enumerate(state.cells) if v == player)


def perft(name, size, depth, turns=False):
    game = moving.new_game(name, str(size))
    return game.perft_all(game.start(), depth, turns)


class BreakthroughFacts(unittest.TestCase):
    def test_published_perft(self):
        # CLASSICS.md: 22, 484, 11 132, 256 036. (22 = 8 straight steps + 14 diagonal ones from
        # row 2; the two armies are four rows apart, so Black's 22 replies do not depend on
        # White's first move: 22² = 484.)
        self.assertEqual(perft("breakthrough", 8, 4), [22, 484, 11132, 256036])

    def test_the_start_on_a_small_board(self):
        # Size 5: White on rows 1–2, Black on rows 4–5, row 3 empty.
        game = moving.new_game("breakthrough", "5")
        state = game.start()
        self.assertEqual(len(stones(game, state, 1)), 10)
        self.assertEqual(stones(game, state, 2)[:3], ["a4", "a5", "b4"])
        self.assertNotIn("c3", stones(game, state, 1) + stones(game, state, 2))

    def test_diagonal_steps_capture_and_straight_steps_do_not(self):
        # e4 faces Black's e5: the straight step is blocked, the two diagonals are open.
        game, state = after("breakthrough", 8, "e2-e3 e7-e6 e3-e4 e6-e5")
        from_e4 = sorted(a for a in game.legal(state) if a.startswith("e4-"))
        self.assertEqual(from_e4, ["e4-d5", "e4-f5"])
        # Black's d5 is diagonally ahead of e4: e4-d5 takes it.
        game, state = after("breakthrough", 8, "e2-e3 d7-d6 e3-e4 d6-d5")
        self.assertIn("e4-d5", game.legal(state))
        state = game.apply(state, "e4-d5")
        self.assertEqual(len(stones(game, state, 2)), 15)
        self.assertIn("d5", stones(game, state, 1))
        self.assertIsNone(state.outcome)

    def test_reaching_the_far_row_wins(self):
        # Size 5: b3 takes a4 (diagonally forward), Black takes c2 from d3, then a4 takes b5 on
        # the far row: White wins at once.
        game, state = after("breakthrough", 5, "b2-b3 e4-d3 b3-a4 d3-c2")
        self.assertIsNone(state.outcome)
        state = game.apply(state, "a4-b5")
        self.assertEqual(state.outcome, ("win", 1))
        self.assertEqual(game.describe(state)["legal"], [])

    def test_capturing_the_last_pawn_wins(self):
        # A position set by hand: White b2 against Black's last pawn c3 (not on White's far
        # row): taking it wins.
        game = moving.new_game("breakthrough", "5")
        state = game.start()
        state.cells = [moving.EMPTY] * 25
        state.cells[game.grid.site("b2")] = 1
        state.cells[game.grid.site("c3")] = 2
        state = game.apply(state, "b2-c3")
        self.assertEqual(state.outcome, ("win", 1))


class KnightthroughFacts(unittest.TestCase):
    def test_published_perft(self):
        # The issue: 40, 1 600, 63 520 (and 2 521 306 at depth 4, which the Rust harness
        # compares). 40: from rank 1 only the (±1 file, +2 ranks) jumps are open (the others
        # land on rank 2, White's own), 2 per file but 1 on a and h: 14; from rank 2 the same
        # jumps to rank 4: 14, and (±2 files, +1 rank) to rank 3: 1 on a, b, g, h and 2 on c–f:
        # 12. White reaches rank 4 at most and Black rank 5, so Black's 40 replies do not depend
        # on White's move: 40² = 1 600.
        self.assertEqual(perft("knightthrough", 8, 3), [40, 1600, 63520])

    def test_the_start(self):
        # b1 jumps to a3 and c3; d2 (+2 files, +1 rank) is its own knight. On 5×5 rank 3 is
        # empty and rank 4 is Black's: 8 jumps from rank 1 to rank 3 (1 + 2 + 2 + 2 + 1), 8 from
        # rank 2 onto Black's rank 4 (captures), and 6 two files over to rank 3 (a2 c3, b2 d3,
        # c2 a3 e3, d2 b3, e2 c3): 22.
        game, state = after("knightthrough", 8, "")
        self.assertEqual(sorted(a for a in game.legal(state) if a.startswith("b1-")), ["b1-a3", "b1-c3"])
        self.assertEqual(perft("knightthrough", 5, 1), [22])
        game, state = after("knightthrough", 5, "")
        self.assertIn("a2-b4", game.legal(state))

    def test_a_capture(self):
        # 8×8: c2-d4 (+1, +2), Black e7-f5 (+1 file, −2 ranks), d4-f5 (+2, +1) takes it.
        game, state = after("knightthrough", 8, "c2-d4 e7-f5 d4-f5")
        self.assertIsNone(state.outcome)
        self.assertEqual(len(stones(game, state, 2)), 15)
        self.assertIn("f5", stones(game, state, 1))
        # Black's replies, counted from scratch: rank 8 has 14 jumps to rank 6 and 2 onto the
        # empty e7 (from c8 and g8); rank 7 (without e7) has 12 jumps two ranks down (a7 b5;
        # b7 a5 c5; c7 b5 d5; d7 c5 e5; f7 e5 g5; g7 f5, a capture, and h5; h7 g5) and 10 two
        # files over to rank 6 (a7 c6; b7 d6; c7 a6 e6; d7 b6 f6; f7 d6 h6; g7 e6; h7 f6): 38.
        self.assertEqual(len(game.legal(state)), 38)
        self.assertIn("g7-f5", game.legal(state))

    def test_reaching_the_far_rank_wins(self):
        # 5×5: a2-b4 takes Black's b4; Black e5-d3 lands on an empty square; b4-d5 (+2, +1)
        # takes d5 on rank 5, White's far rank: White wins at once.
        game, state = after("knightthrough", 5, "a2-b4 e5-d3")
        self.assertIsNone(state.outcome)
        state = game.apply(state, "b4-d5")
        self.assertEqual(state.outcome, ("win", 1))
        self.assertEqual(game.describe(state)["legal"], [])
        # Black's far rank is rank 1: b4-a2 (−1, −2) takes a2, then a2-c1 (+2 files, −1 rank)
        # takes c1 on rank 1 and Black wins (White's b3 could have won first with b3-a5/c5).
        game, state = after("knightthrough", 5, "a1-b3 b4-a2 e1-d3 a2-c1")
        self.assertEqual(state.outcome, ("win", 2))

    def test_taking_the_last_knight_wins(self):
        # Set by hand on 5×5: White b1 against Black's last knight c3 (rank 3, not the far
        # rank). b1-c3 (+1, +2) takes it; Black, without knights, cannot move: White wins.
        game = moving.new_game("knightthrough", "5")
        state = game.start()
        state.cells = [moving.EMPTY] * 25
        state.cells[game.grid.site("b1")] = 1
        state.cells[game.grid.site("c3")] = 2
        self.assertEqual(sorted(game.legal(state)), ["b1-a3", "b1-c3", "b1-d2"])
        state = game.apply(state, "b1-c3")
        self.assertEqual(state.outcome, ("win", 1))

    def test_the_size_option_runs_from_5_to_16(self):
        for size in ("4", "17"):
            with self.assertRaises(moving.ModelError):
                moving.new_game("knightthrough", size)


class ClobberFacts(unittest.TestCase):
    def test_49_opening_moves(self):
        # 6 columns × 5 rows: 5·5 horizontal and 6·4 vertical neighbouring pairs, 49, and on
        # the checkerboard each pair is one White and one Black stone: one White move each.
        game = moving.new_game("clobber", "6x5")
        state = game.start()
        self.assertEqual(state.cells[game.grid.site("a1")], 1)
        self.assertEqual(state.cells[game.grid.site("b1")], 2)
        self.assertEqual(len(game.legal(state)), 49)

    def test_two_by_two(self):
        # a1 b2 White, b1 a2 Black. White has 4 moves; after any, Black's one stone next to the
        # remaining White stone has 1 move onto it, then White's last stone takes Black's last
        # one, and Black, without stones, cannot move: 4, 4, 4, 0, a White win.
        self.assertEqual(perft("clobber", "2x2", 4), [4, 4, 4, 0])
        game, state = after("clobber", "2x2", "a1-b1 a2-b2 b1-b2")
        self.assertEqual(state.outcome, ("win", 1))

    def test_moves_onto_empty_squares_do_not_exist(self):
        # 3×1: W B W. After a1-b1, a1 is empty and Black has no stone: White has won.
        self.assertEqual(perft("clobber", "3x1", 2), [2, 0])
        game, state = after("clobber", "3x1", "a1-b1")
        self.assertEqual(state.outcome, ("win", 1))


class DomineeringFacts(unittest.TestCase):
    def test_56_vertical_first_moves(self):
        # 8 columns, 7 places for a vertical domino in each; the second action is forced.
        self.assertEqual(perft("domineering", 8, 2), [56, 56])
        self.assertEqual(perft("domineering", 8, 1, turns=True), [56])

    def test_three_by_three(self):
        # 6 vertical dominoes (3 columns × 2). Of the 6 horizontal places (3 rows × 2), one in
        # column a or c blocks the 2 in its rows that use that column, one in column b blocks all
        # 4 in its rows: 4+4+2+2+4+4 = 20 two-turn sequences.
        self.assertEqual(perft("domineering", 3, 2, turns=True), [6, 20])
        self.assertEqual(perft("domineering", 3, 4), [6, 6, 20, 20])

    def test_a_turn_is_two_actions(self):
        # After the lower cell b1 the only action is the cell north of it, by the same player.
        game, state = after("domineering", 8, "b1")
        self.assertEqual(game.describe(state)["legal"], ["b2"])
        self.assertEqual((state.to_move, state.turns, state.actions), (1, 1, 1))
        # The second player's turn: left cell then the cell east of it.
        game, state = after("domineering", 8, "b1 b2 c3")
        self.assertEqual(game.describe(state)["legal"], ["d3"])
        self.assertEqual((state.to_move, state.turns, state.actions), (2, 2, 3))
        # A lower cell whose north is taken, or on the top row, cannot begin a turn.
        game, state = after("domineering", 8, "b1 b2 a3 b3")
        self.assertNotIn("b2", game.legal(state))
        self.assertNotIn("c8", game.legal(state))
        self.assertIn("c7", game.legal(state))

    def test_a_player_who_cannot_place_loses(self):
        # 2×2: a vertical domino in either column leaves no two empty cells side by side.
        self.assertEqual(perft("domineering", 2, 2, turns=True), [2, 0])
        game, state = after("domineering", 2, "a1 a2")
        self.assertEqual(state.outcome, ("win", 1))
        # 3×3: vertical b1–b2, horizontal a3–b3, vertical a1–a2 leave c1 c2 c3 empty, a column:
        # no two empty cells side by side, so the horizontal player has lost. One turn earlier
        # the vertical player could start at a1, c1 or c2 (a2, b2 and c3 have their north
        # taken or off the board).
        game, state = after("domineering", 3, "b1 b2 a3 b3")
        self.assertEqual(sorted(game.legal(state)), ["a1", "c1", "c2"])
        state = game.apply(game.apply(state, "a1"), "a2")
        self.assertEqual(state.outcome, ("win", 1))


class GoFacts(unittest.TestCase):
    def test_published_perft(self):
        # CLASSICS.md, 9×9 with passes: 81 points + pass = 82; then 81·81 after a stone and 82
        # after a pass (the second pass is an action too): 6 643; then 531 522.
        self.assertEqual(perft("go", 9, 3), [82, 6643, 531522])

    def test_capture_of_a_stone_and_suicide_refused(self):
        # White a1 has liberties a2 and b1; Black b1 then a2 removes it.
        game, state = after("go", 5, "b1 a1 a2")
        self.assertEqual(stones(game, state, 2), [])
        self.assertEqual(stones(game, state, 1), ["a2", "b1"])
        # White at a1 again would have no liberty and captures nothing (b1 keeps c1 and b2):
        # suicide, refused.
        self.assertNotIn("a1", game.legal(state))
        self.assertIn("b2", game.legal(state))

    def test_capture_of_a_group(self):
        # White a1 b1 (one group, last liberty c1) against Black a2 b2: Black c1 takes both.
        game, state = after("go", 5, "a2 a1 b2 b1 c1")
        self.assertEqual(stones(game, state, 2), [])
        self.assertEqual(stones(game, state, 1), ["a2", "b2", "c1"])

    def test_a_capture_that_looks_like_suicide(self):
        # White a2 (liberty a1 only, against Black b2 and a3) and b1. Black a1 has no empty
        # neighbour, but it takes a2's last liberty: a2 is removed first, and a1 then has one.
        game, state = after("go", 5, "b2 a2 a3 b1")
        self.assertIn("a1", game.legal(state))
        state = game.apply(state, "a1")
        self.assertEqual(stones(game, state, 2), ["b1"])

    def test_simple_ko(self):
        # Black b3 a2 b1 c2 and White c3 d2 c1: White b2 takes c2 (its last liberty was b2).
        # Black c2 at once would take b2 back and recreate the board before White's move.
        game, state = after("go", 5, "b3 c3 a2 d2 b1 c1 c2 b2")
        self.assertEqual(stones(game, state, 1), ["a2", "b1", "b3"])
        self.assertNotIn("c2", game.legal(state))
        # After a move each elsewhere the board differs, and the recapture is legal.
        game, state = after("go", 5, "b3 c3 a2 d2 b1 c1 c2 b2 e5 a5")
        self.assertIn("c2", game.legal(state))
        state = game.apply(state, "c2")
        self.assertNotIn("b2", stones(game, state, 2))

    def test_superko_cycle(self):
        # Black b1 c2 d1, White a2 b2 e5 (the board P). Black a1 puts a1–b1 in atari (liberty
        # c1); White c1 takes both; Black b1 would take c1 (its only liberty was b1) and bring
        # back P, seen three moves ago: positional superko refuses it, although it is no simple
        # ko (the board before White's c1 had Black a1).
        game, state = after("go", 5, "b1 a2 c2 b2 d1 e5 a1 c1")
        self.assertEqual(stones(game, state, 1), ["c2", "d1"])
        self.assertNotIn("b1", game.legal(state))
        self.assertIn("a1", game.legal(state))

    def test_area_score_with_komi(self):
        # Black wall on column c, White on column d, both pass: Black 5 stones + columns a–b
        # (10 points) = 15; White 5 + column e (5) + 7.5 = 17.5. White wins on komi.
        game, state = after("go", 5, "c1 d1 c2 d2 c3 d3 c4 d4 c5 d5 pass pass")
        self.assertEqual(state.scores, [15, 17.5])
        self.assertEqual(state.outcome, ("win", 2))
        # Walls on c and e: column d touches both colours and counts for nobody. Black 15,
        # White 5 + 7.5 = 12.5: Black wins.
        game, state = after("go", 5, "c1 e1 c2 e2 c3 e3 c4 e4 c5 e5 pass pass")
        self.assertEqual(state.scores, [15, 12.5])
        self.assertEqual(state.outcome, ("win", 1))

    def test_two_passes_in_a_row_end_the_game(self):
        # A pass and then a stone: play goes on. The empty board scores nothing: White's komi wins.
        self.assertIsNone(after("go", 5, "pass c3 pass")[1].outcome)
        game, state = after("go", 5, "pass pass")
        self.assertEqual((state.scores, state.outcome), ([0, 7.5], ("win", 2)))


class AtariGoFacts(unittest.TestCase):
    def test_the_first_capture_wins(self):
        game, state = after("atari-go", 5, "b1 a1")
        self.assertIsNone(state.outcome)
        self.assertNotIn("pass", game.legal(state))
        state = game.apply(state, "a2")
        self.assertEqual(state.outcome, ("win", 1))

    def test_suicide_refused_unless_it_captures(self):
        # White a1 between Black a2 and b1 captures nothing (they keep a3, b2, c1): refused.
        game, state = after("atari-go", 5, "a2 c3 b1")
        self.assertNotIn("a1", game.legal(state))
        # Black a1 between White a2 (in atari) and b1: a capture, and so a win.
        game, state = after("atari-go", 5, "b2 a2 a3 b1 a1")
        self.assertEqual(state.outcome, ("win", 1))

    def test_no_legal_placement_loses(self):
        # 2×2 set by hand with Black on a1; Black b2 leaves White only a2 and b1, each without a
        # liberty and capturing nothing (Black's stones keep the other point): White loses.
        game = moving.new_game("atari-go", "2")
        state = game.start()
        state.cells[game.grid.site("a1")] = 1
        state = game.apply(state, "b2")
        self.assertEqual(state.outcome, ("win", 1))


class AtaxxFacts(unittest.TestCase):
    # Red is player 1, Blue player 2. On 5×5 Red starts on a1 and e5, Blue on a5 and e1.

    def test_perft_from_the_start(self):
        # A corner stone sees 8 squares within two: 3 neighbours (growths) and 5 at distance
        # exactly 2 (jumps), all empty: 2 × 8 = 16. On 7×7 Red's destinations (rows 1–3 and
        # files a–c around a1, rows 5–7 and files e–g around g7) are at least 4 squares from
        # Blue's a7 and g1, so nothing is flipped and Blue's 16 replies do not depend on Red's
        # move: 16² = 256.
        self.assertEqual(perft("ataxx", 7, 2), [16, 256])
        self.assertEqual(perft("ataxx", 5, 1), [16])
        game, state = after("ataxx", 7, "")
        self.assertEqual(stones(game, state, 1), ["a1", "g7"])
        self.assertEqual(stones(game, state, 2), ["a7", "g1"])
        self.assertEqual(
            sorted(a for a in game.legal(state) if a[0] == "a"), ["a1-a3", "a1-b3", "a1-c1", "a1-c2", "a1-c3", "a2"]
        )

    def test_one_growth_per_square_and_jumps_from_each_stone(self):
        # 7×7 after `a2 g2`, Red (a1 a2 g7) to move: growths b1 b2 (next to both a1 and a2,
        # listed once) a3 b3: 4; jumps from a1 to a3 b3 c1 c2 c3: 5; from a2 to a4 b4 c1 c2 c3
        # c4: 6; g7 as at the start, 3 + 5. Blue's g2 is far from all of them: 23.
        game, state = after("ataxx", 7, "a2 g2")
        legal = game.legal(state)
        self.assertEqual(len(legal), 23)
        self.assertEqual(legal.count("b1"), 1)
        self.assertIn("a1-c1", legal)
        self.assertIn("a2-c1", legal)
        # A growth keeps the stone it grows from; a jump leaves its square empty.
        self.assertEqual(stones(game, state, 1), ["a1", "a2", "g7"])
        state = game.apply(state, "a2-c4")
        self.assertEqual(stones(game, state, 1), ["a1", "c4", "g7"])

    def test_flips(self):
        # 5×5: Red a2; Blue a4 (next to a5; a2 is two rows away, nothing flips); Red a3 (next to
        # a2) touches a4: Blue's a4 becomes Red's. Red a1 a2 a3 a4 e5, Blue a5 e1.
        game, state = after("ataxx", 5, "a2 a4 a3")
        self.assertEqual(stones(game, state, 1), ["a1", "a2", "a3", "a4", "e5"])
        self.assertEqual(stones(game, state, 2), ["a5", "e1"])
        self.assertIsNone(state.outcome)
        # Blue b4 (next to a5) touches a3 and a4 (and b3 a4 b5 c3 c4 c5, empty or Blue): both
        # come back, a2 (two rows down) stays Red.
        state = game.apply(state, "b4")
        self.assertEqual(stones(game, state, 1), ["a1", "a2", "e5"])
        self.assertEqual(stones(game, state, 2), ["a3", "a4", "a5", "b4", "e1"])
        # A jump flips too: 7×7 `a1-a3 a7-a5`, then Red a4 (next to a3) takes a5.
        game, state = after("ataxx", 7, "a1-a3 a7-a5 a4")
        self.assertEqual(stones(game, state, 1), ["a3", "a4", "a5", "g7"])
        self.assertEqual(stones(game, state, 2), ["g1"])

    def test_wiping_out_the_opponent_wins(self):
        # 5×5: Red a2; Blue e1-c3 (two files and two ranks); Red a2-b4 lands next to both a5
        # and c3, Blue's last stones: Red wins with stones left on the board.
        game, state = after("ataxx", 5, "a2 e1-c3")
        self.assertIsNone(state.outcome)
        state = game.apply(state, "a2-b4")
        self.assertEqual(stones(game, state, 2), [])
        self.assertEqual(state.outcome, ("win", 1))
        self.assertEqual(game.describe(state)["legal"], [])
        # Blue wins the same way: Red a1-b3; Blue a4 takes b3; Red's last stone e5-e3; Blue e2
        # (next to e1) takes e3.
        game, state = after("ataxx", 5, "a1-b3 a4 e5-e3 e2")
        self.assertEqual(stones(game, state, 1), [])
        self.assertEqual(state.outcome, ("win", 2))

    def test_a_player_without_a_move_must_pass(self):
        # 5×5, worked move by move: Red a2; Blue e1-e3; Red b1; Blue e4 (takes e5); Red b2;
        # Blue d5; Red c1; Blue e2; Red c3 (no flip: d2 d3 d4 b3 b4 c4 empty); Blue e3-c2
        # (two files, one rank) takes b1 c1 b2 c3; Red a3 takes b2 back; Blue b3 (next to c2)
        # takes a2 b2 a3. Red is left with a1 alone, and every square within two of it (a2 a3
        # b1 b2 b3 c1 c2 c3) is Blue's: no growth, no jump. The game is not over (Blue has
        # stones and moves, the board has empty squares), so Red's only action is `pass`.
        game, state = after("ataxx", 5, "a2 e1-e3 b1 e4 b2 d5 c1 e2 c3 e3-c2 a3 b3")
        self.assertEqual(stones(game, state, 1), ["a1"])
        self.assertEqual(
            stones(game, state, 2), ["a2", "a3", "a5", "b1", "b2", "b3", "c1", "c2", "c3", "d5", "e2", "e4", "e5"]
        )
        self.assertEqual(game.describe(state)["legal"], ["pass"])
        self.assertIsNone(state.outcome)
        state = game.apply(state, "pass")
        # The pass is a turn of its own; Blue moves next, and play goes on.
        self.assertEqual((state.to_move, state.turns, state.actions), (2, 13, 13))
        self.assertIsNone(state.outcome)
        self.assertIn("a4", game.legal(state))
        # `pass` is not offered to a player who can move.
        game, state = after("ataxx", 5, "")
        self.assertNotIn("pass", game.legal(state))

    def test_a_full_board_is_counted(self):
        # Set by hand on 5×5: Red everywhere but Blue's d5 and e4 and the empty e5, Blue to
        # move. Blue's only action is e5 (next to d5 and e4; no Blue stone two squares away):
        # it takes d4, the one Red neighbour of e5. The board is full: Red 21, Blue 4, Red wins.
        game = moving.new_game("ataxx", "5")
        state = game.start()
        state.cells = [1] * 25
        state.cells[game.grid.site("d5")] = state.cells[game.grid.site("e4")] = 2
        state.cells[game.grid.site("e5")] = moving.EMPTY
        state.to_move = 2
        self.assertEqual(game.legal(state), ["e5"])
        state = game.apply(state, "e5")
        self.assertEqual(stones(game, state, 2), ["d4", "d5", "e4", "e5"])
        self.assertEqual(state.outcome, ("win", 1))
        # 6×6 set by hand: Red on ranks 1–3 (18), Blue on ranks 4–6 but f6 (17), Blue to move.
        # Blue f6 touches only Blue stones (e5 e6 f5): a full board at 18 each is a draw.
        game = moving.new_game("ataxx", "6")
        state = game.start()
        state.cells = [1] * 18 + [2] * 17 + [moving.EMPTY]
        state.to_move = 2
        state = game.apply(state, "f6")
        self.assertEqual((state.cells.count(1), state.cells.count(2)), (18, 18))
        self.assertEqual(state.outcome, ("draw", None))

    def test_the_size_option_runs_from_5_to_9(self):
        for size in ("4", "10"):
            with self.assertRaises(moving.ModelError):
                moving.new_game("ataxx", size)
        self.assertEqual(perft("ataxx", 9, 1), [16])


class Commands(unittest.TestCase):
    def run_main(self, *args):
        out = io.StringIO()
        with redirect_stdout(out):
            status = moving.main(list(args))
        return status, out.getvalue()

    def test_perft_prints_the_count_last(self):
        self.assertEqual(self.run_main("perft", "domineering", "3", "2", "--all", "--turns"), (0, "perft(1) = 6\n20\n"))

    def test_divide(self):
        # Clobber 3×1: each of White's two moves ends the game.
        self.assertEqual(self.run_main("perft", "clobber", "3x1", "1", "--divide"), (0, "a1-b1: 1\nc1-b1: 1\n2\n"))

    def test_bad_input_is_an_error_not_a_traceback(self):
        for args in (
            ["perft", "chess", "3", "1"],
            ["perft", "go", "x", "1"],
            ["perft", "go", "5x4", "1"],
            ["moves", "go", "5", "--after", "z9"],
            ["moves", "go", "5", "--after", "c3 c3"],
            ["moves", "domineering", "5", "--after", "a1 ; a2"],
            ["nonsense"],
        ):
            with self.assertRaises(moving.ModelError):
                self.run_main(*args)

    def record(self, text):
        f = tempfile.NamedTemporaryFile("w", suffix=".rec", delete=False)
        f.write(text)
        f.close()
        self.addCleanup(os.unlink, f.name)
        return f.name

    def test_replay_checks_turns_and_the_result(self):
        good = self.record("; result: Vertical wins after 1 turn, 2 actions\ngame Domineering\nset size=2\na1 a2\n")
        status, out = self.run_main("replay", "domineering", "2", "--players", "Vertical,Horizontal", good)
        self.assertEqual(status, 0, out)
        # The same game with a turn split over two lines, or the wrong winner, disagrees.
        split = self.record("; result: Vertical wins after 2 turns, 2 actions\nset size=2\na1\na2\n")
        wrong = self.record("; result: Horizontal wins after 1 turn, 2 actions\nset size=2\na1 a2\n")
        status, out = self.run_main("replay", "domineering", "2", "--players", "Vertical,Horizontal", split, wrong)
        self.assertEqual(status, 1)
        self.assertEqual(out.count("DISAGREE"), 2, out)


if __name__ == "__main__":
    unittest.main()
