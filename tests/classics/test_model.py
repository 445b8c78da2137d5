"""Facts about small boards worked out by hand from CLASSICS.md (Connect6: the rules text of
issue 41) and LANGUAGE.md §4, checked against the model. Each expectation is derived in the comment above it, not by running the
model. Run from the repository root: `python3 -m unittest discover -s tests/classics`."""

import io
import json
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stdout

sys.path.insert(0, os.path.dirname(__file__))
import model  # noqa: E402


def game_after(name, size, actions):
    game = model.new_game(name, str(size))
    model.play_all(game, actions.split())
    return game


class Labels(unittest.TestCase):
    def test_columns_run_past_z_without_skipping(self):
        # LANGUAGE.md §4: `a`…`z`, then `aa`, `ab`, …
        self.assertEqual([model.column_letters(i) for i in (0, 25, 26, 27, 51, 52)], ["a", "z", "aa", "ab", "az", "ba"])

    def test_rhombus_skew_is_the_documented_one(self):
        # LANGUAGE.md §4 `rhombus`: b2 touches a2 c2 (its row), b3 a3 (row above: same column and
        # one left), b1 c1 (row below: same column and one right). The acute corners a1 and c3
        # have 2 neighbours, the obtuse ones c1 and a3 have 3.
        b = model.Rhombus(3)
        near = lambda label: sorted(b.labels[i] for i in b.neighbors[b.by_label[label]])  # noqa: E731
        self.assertEqual(near("b2"), ["a2", "a3", "b1", "b3", "c1", "c2"])
        self.assertEqual([len(near(c)) for c in ("a1", "c3", "c1", "a3")], [2, 2, 3, 3])
        self.assertEqual(b.labels[:4], ["a1", "b1", "c1", "a2"])  # index: bottom row first

    def test_triangle_sides_share_corners(self):
        # LANGUAGE.md §4 `triangle` on N = 3: side-E is c1 b2 a3; a1, c1 and a3 are on two sides.
        b = model.Triangle(3)
        side = lambda name: sorted(b.labels[i] for i in b.sides[name])  # noqa: E731
        self.assertEqual(side("side-E"), ["a3", "b2", "c1"])
        self.assertEqual(side("side-S"), ["a1", "b1", "c1"])
        self.assertEqual(side("side-W"), ["a1", "a2", "a3"])
        self.assertEqual(b.labels, ["a1", "b1", "c1", "a2", "b2", "a3"])

    def test_hexhex_labels_and_neighbours(self):
        # LANGUAGE.md §4 `hexhex`: 3N(N−1)+1 cells; on N = 3 the centre c3 touches
        # b3 d3 c2 c4 b2 d4; the corners are e5 e3 c1 a1 a3 c5; column a holds rows 1…N.
        b = model.Hexhex(3)
        self.assertEqual(b.size(), 19)
        self.assertEqual(sorted(b.labels[i] for i in b.neighbors[b.by_label["c3"]]), ["b2", "b3", "c2", "c4", "d3", "d4"])
        corners = [lab for lab in b.labels if len(b.neighbors[b.by_label[lab]]) == 3]
        self.assertEqual(sorted(corners), ["a1", "a3", "c1", "c5", "e3", "e5"])
        self.assertEqual(model.Hexhex(5).size(), 61)
        self.assertIn("e5", model.Hexhex(5).by_label)  # the centre of a side-5 board


class HexFacts(unittest.TestCase):
    def test_perft_2x2(self):
        # 4 cells, no win before ply 3 (one stone never touches two rows). After ply 3 the first
        # player's two stones win iff they join row 1 to row 2: {a1,a2}, {b1,a2}, {b1,b2} (a1 and
        # b2 do not touch). The 3 other pairs, in 2 orders, with 2 choices of the second player's
        # stone, leave 1 cell: perft(4) = 3·2·2 = 12. The board is then full and the second
        # player has won, so perft(5) = 0.
        game = model.new_game("hex", "2")
        self.assertEqual([game.perft(d) for d in range(1, 6)], [4, 12, 24, 12, 0])

    def test_perft_3x3_to_depth_6(self):
        # No win before ply 5 (2n−1), so perft(1…5) = 9, 72, 504, 3024, 15120. At ply 5 the
        # first player wins with one stone per row, each touching the next: from column c1 in
        # row 1 the next row allows c1 or c1−1, so 1 + 3 + 4 = 8 chains; each in 3! orders with
        # 6·5 choices for the second player: 1440 finished games. perft(6) = (15120 − 1440)·4.
        game = model.new_game("hex", "3")
        self.assertEqual([game.perft(d) for d in range(1, 7)], [9, 72, 504, 3024, 15120, 54720])

    def test_chain_up_the_skew_wins_and_against_it_does_not(self):
        # c1 b2 a3 climb one column left per row: each touches the next, a win for the first
        # player. a1 b2 c3 climb one column right per row: a1 and b2 do not touch.
        won = game_after("hex", 3, "c1 a1 b2 b1 a3")
        self.assertEqual(won.outcome, ("win", 1))
        self.assertIsNone(game_after("hex", 3, "a1 a2 b2 b1 c3").outcome)

    def test_second_player_joins_the_columns(self):
        # The second player's a2 b2 c2 joins column a to column c.
        game = game_after("hex", 3, "a1 a2 c3 b2 b1 c2")
        self.assertEqual(game.outcome, ("win", 2))
        self.assertEqual(game.describe()["legal"], [])

    def test_a_stone_joining_two_groups_wins(self):
        # 4×4: a1 a2 (rows 1–2) and a4 (row 4) are joined by the last stone a3.
        game = game_after("hex", 4, "a1 d1 a2 d2 a4 d3")
        self.assertIsNone(game.outcome)
        game.play_label("a3")
        self.assertEqual(game.outcome, ("win", 1))


class YFacts(unittest.TestCase):
    def test_perft_side_2(self):
        # 3 cells, all touching; a1 is on S and W, b1 on S and E, a2 on W and E, so any two
        # cells touch all three sides: the first player's second stone (ply 3) always wins.
        game = model.new_game("y", "2")
        self.assertEqual([game.perft(d) for d in range(1, 5)], [3, 6, 6, 0])

    def test_perft_side_3(self):
        # 6 cells. No connected pair covers all three sides, so nothing ends before ply 5.
        # Connected triples covering S, W and E, enumerated by hand from the 20 triples: a1 b1
        # c1, a1 b1 b2, a1 a2 b2, a1 a2 a3, b1 c1 a2, b1 a2 b2, b1 a2 a3, b1 b2 a3, c1 a2 b2,
        # c1 b2 a3: 10. Each in 3! orders with 3·2 choices for the second player: 360 of the
        # 720 sequences of ply 5 end. At ply 6 the last cell is filled and someone has won.
        game = model.new_game("y", "3")
        self.assertEqual([game.perft(d) for d in range(1, 8)], [6, 30, 120, 360, 720, 360, 0])

    def test_a_corner_counts_for_both_its_sides(self):
        # Side 3: the first player's a1 (S and W) and a2, a3 (W and E) touch all three sides.
        game = game_after("y", 3, "a1 b1 a2 c1 a3")
        self.assertEqual(game.outcome, ("win", 1))
        # Two sides only: b1 c1 b2 touch S and E, not W.
        self.assertIsNone(game_after("y", 3, "b1 a1 c1 a2 b2").outcome)


class YavalathFacts(unittest.TestCase):
    def test_perft_side_2(self):
        # 7 cells; the only lines of three pass through the centre b2: a2 b2 c2, b1 b2 b3 and
        # a1 b2 c3. No four fits. Nothing ends before ply 5. At ply 5 the first player loses
        # if his three stones are one of the 3 lines: 3·3!·(4·3) = 216 of the 7·6·5·4·3 = 2520
        # sequences end; perft(6) = (2520 − 216)·2 = 4608. At ply 6 the second player loses
        # if his three are a line (then the first player lacks the centre and cannot have made
        # one): 3·3!·(4·3·2) = 432; perft(7) = 4608 − 432. Ply 7 fills the board.
        game = model.new_game("yavalath", "2")
        self.assertEqual([game.perft(d) for d in range(1, 9)], [7, 42, 210, 840, 2520, 4608, 4176, 0])

    def test_full_board_without_three_is_a_draw(self):
        # The first player takes the centre and one cell of each opposite pair, the second the
        # others: no line of three for anyone; the seventh stone fills the board.
        game = game_after("yavalath", 2, "b2 c2 a2 b3 b1 c3 a1")
        self.assertEqual(game.outcome, ("draw", None))

    def test_exactly_three_loses(self):
        # Side 5, the middle row: the first player's b5 c5 d5 is a run of exactly three.
        game = game_after("yavalath", 5, "b5 i9 c5 g9 d5")
        self.assertEqual(game.outcome, ("win", 2))

    def test_three_and_four_at_once_wins(self):
        # a5 b5 _ d5 in the middle row and c4 _ c6 in column c; c5 makes a5–d5 (four) and
        # c4–c6 (exactly three) at once: the four wins. Before it nobody has three:
        # c4 d5 and b5 c6 are pairs on the third axis, the rest are apart.
        game = game_after("yavalath", 5, "a5 i9 b5 g9 d5 i5 c4 e1 c6 a1")
        self.assertIsNone(game.outcome)
        game.play_label("c5")
        self.assertEqual(game.outcome, ("win", 1))

    def test_three_on_one_axis_and_three_on_another_loses(self):
        # Without a5 the same stone makes b5–d5 and c4–c6, two runs of exactly three: a loss.
        game = game_after("yavalath", 5, "h8 i9 b5 g9 d5 i5 c4 e1 c6 a1 c5")
        self.assertEqual(game.outcome, ("win", 2))

    def test_five_in_a_row_wins(self):
        # "four or more": filling the gap of a5 b5 _ d5 e5 makes five.
        game = game_after("yavalath", 5, "a5 i9 b5 g9 d5 i5 e5 e1 c5")
        self.assertEqual(game.outcome, ("win", 1))

    def test_three_along_the_diagonal_axis(self):
        # The third axis runs one column right and one row up: c4 d5 e6.
        game = game_after("yavalath", 5, "c4 i9 d5 g9 e6")
        self.assertEqual(game.outcome, ("win", 2))
        # c4 d4 e4 ... along a row is also three; c3 c4 c5 along a column too.
        self.assertEqual(game_after("yavalath", 5, "c3 i9 c4 g9 c5").outcome, ("win", 2))

    def test_broken_line_is_not_three(self):
        # a5 b5 _ d5: two runs of 2 and 1, not three.
        self.assertIsNone(game_after("yavalath", 5, "a5 i9 b5 g9 d5").outcome)


def connect6_full_board():
    """A full 7×7 board without a six, designed by hand: Black on the points whose column + 2 ×
    row (both from 0) is 0 or 1 modulo 4, White on the others. Along a row the colours go in
    pairs (BBWW…), up a column they alternate (+2 each row), along either diagonal the value
    steps by 3 or by −1 modulo 4, so no line holds more than two stones of one colour. Row
    offsets 0, 2, 0, 2, 0, 2, 0 give 4, 3, 4, 3, 4, 3, 4 Black points: 25 Black and 24 White,
    exactly the stones of 25 turns (1 + 24 × 2). The order: Black's first stone, then two by
    two, each colour in index order; the last stone (f7) is Black's."""
    label = lambda c, r: "abcdefg"[c] + str(r + 1)  # noqa: E731
    black = [label(c, r) for r in range(7) for c in range(7) if (c + 2 * r) % 4 < 2]
    white = [label(c, r) for r in range(7) for c in range(7) if (c + 2 * r) % 4 >= 2]
    actions = black[:1]
    for k in range(12):
        actions += white[2 * k : 2 * k + 2] + black[1 + 2 * k : 3 + 2 * k]
    return actions


class Connect6Facts(unittest.TestCase):
    # The rules (issue 41): Black's first turn is one stone, every later turn two; after each
    # stone a line of six or more of the mover's stones through it wins at once (even with the
    # first stone of a turn), otherwise a full board draws. Black's n-th stone is action 2n − 2
    # (n ≥ 2), so no six is possible before action 12; White's sixth stone is action 14.

    def test_perft_7x7(self):
        # No win before action 12, so every empty point is legal at each of the first actions:
        # 49, 49·48 = 2352, 49·48·47 = 110544. In whole turns, turn 1 is one stone (49) and
        # turn 2 the ordered pair of White's two (49·48·47 = 110544 again).
        game = model.new_game("connect6", "7")
        self.assertEqual(game.perft_all(3), [49, 2352, 110544])
        self.assertEqual(game.perft_all(2, turns=True), [49, 110544])

    def test_size_is_7_to_19(self):
        self.assertEqual(model.new_game("connect6", "19").board.size(), 361)
        self.assertEqual(model.new_game("connect6", "19").board.labels[-1], "s19")  # a…s
        for size in ("6", "20"):
            with self.assertRaises(model.ModelError):
                model.new_game("connect6", size)

    def test_square_relations(self):
        # LANGUAGE.md §4 `square`: a1 touches b1 a2 orthogonally and b2 diagonally; an inner
        # point has 4 + 4.
        b = model.Square(7)
        rel = b.relations()
        names = lambda name, label: [b.labels[i] for i in rel[name][b.by_label[label]]]  # noqa: E731
        self.assertEqual(names("orthogonal", "a1"), ["b1", "a2"])
        self.assertEqual(names("diagonal", "a1"), ["b2"])
        self.assertEqual(names("all", "d4"), ["c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"])

    def test_turns_are_one_stone_then_two(self):
        # a4 is Black's whole first turn; White then places a1 and g1 before Black moves again.
        game = game_after("connect6", 7, "a4")
        self.assertEqual((game.to_move, game.turns), (2, 1))
        game.play_label("a1")
        self.assertEqual((game.to_move, game.turns, len(game.moves)), (2, 2, 2))
        game.play_label("g1")
        self.assertEqual((game.to_move, game.turns, len(game.moves)), (1, 2, 3))
        game.play_label("b4")
        self.assertEqual((game.to_move, game.turns), (1, 3))

    def test_six_with_the_first_stone_ends_the_game_mid_turn(self):
        # Black a4 | White a1 g1 | Black b4 c4 | White a7 g7 | Black d4 e4 | White b1 f1: Black
        # has a4–e4, five, which is not a win. Black's f4, the first stone of turn 7, makes six:
        # the game ends there, after 7 turns and 12 actions, with no second stone.
        game = game_after("connect6", 7, "a4 a1 g1 b4 c4 a7 g7 d4 e4 b1 f1")
        self.assertIsNone(game.outcome)
        self.assertEqual((game.to_move, game.turns, len(game.moves)), (1, 6, 11))
        game.play_label("f4")
        self.assertEqual(game.outcome, ("win", 1))
        self.assertEqual(game.describe()["legal"], [])
        self.assertEqual((game.describe()["turns"], game.describe()["actions"]), (7, 12))

    def test_seven_in_a_row_wins(self):
        # Black a4 b4 c4 _ e4 f4 g4 (two threes, g4 being the first stone of turn 7); d4, the
        # second stone, joins them into seven: six or more wins.
        game = game_after("connect6", 7, "a4 a1 g1 b4 c4 a7 g7 e4 f4 b1 f1 g4")
        self.assertIsNone(game.outcome)
        game.play_label("d4")
        self.assertEqual(game.outcome, ("win", 1))
        self.assertEqual((game.turns, len(game.moves)), (7, 13))

    def test_white_wins_on_a_diagonal(self):
        # White a1 b2 | c3 d4 | e5 g1 | f6: a1–f6 on the SW–NE diagonal, with the first stone of
        # White's turn 8 (action 14). Black's a7 c7 e7 a5 c5 e3 a3 hold no line of six.
        game = game_after("connect6", 7, "a7 a1 b2 c7 e7 c3 d4 a5 c5 e5 g1 e3 a3")
        self.assertIsNone(game.outcome)
        game.play_label("f6")
        self.assertEqual(game.outcome, ("win", 2))
        self.assertEqual((game.turns, len(game.moves)), (8, 14))

    def test_black_wins_on_the_other_diagonal(self):
        # 19×19: Black j10 | i11 h12 | g13 f14 | a19 e15 runs NW–SE from e15 to j10, six with the
        # second stone of turn 7. White's a1 a2 a3 a4 are four in column a, s1 s2 two.
        game = game_after("connect6", 19, "j10 a1 a2 i11 h12 a3 a4 g13 f14 s1 s2 a19")
        self.assertIsNone(game.outcome)
        game.play_label("e15")
        self.assertEqual(game.outcome, ("win", 1))

    def test_a_full_board_without_six_is_a_draw(self):
        actions = connect6_full_board()
        self.assertEqual(len(actions), 49)
        game = game_after("connect6", 7, " ".join(actions[:-1]))
        # 48 stones: the first of Black's turn 25 is down; f7 is the only empty point.
        self.assertIsNone(game.outcome)
        self.assertEqual((game.to_move, game.turns, game.describe()["legal"]), (1, 25, ["f7"]))
        game.play_label(actions[-1])
        self.assertEqual(game.outcome, ("draw", None))


class Commands(unittest.TestCase):
    def run_main(self, *args):
        out = io.StringIO()
        with redirect_stdout(out):
            status = model.main(list(args))
        return status, out.getvalue()

    def test_perft_prints_the_count_last(self):
        status, out = self.run_main("perft", "hex", "2", "4", "--all")
        self.assertEqual((status, out), (0, "perft(1) = 4\nperft(2) = 12\nperft(3) = 24\n12\n"))

    def test_divide_splits_the_count_by_first_action(self):
        # Y side 2: after any first stone there are 2 replies and then 1 cell left, so 2
        # sequences of three actions begin with each cell.
        status, out = self.run_main("perft", "y", "2", "3", "--divide")
        self.assertEqual((status, out), (0, "a1: 2\na2: 2\nb1: 2\n6\n"))

    def test_bad_input_is_an_error_not_a_traceback(self):
        for args in (["perft", "chess", "3", "1"], ["perft", "hex", "x", "1"], ["moves", "hex", "3", "--after", "z9"], ["nonsense"]):
            with self.assertRaises(model.ModelError):
                self.run_main(*args)

    def record(self, text):
        f = tempfile.NamedTemporaryFile("w", suffix=".rec", delete=False)
        f.write(text)
        f.close()
        self.addCleanup(os.unlink, f.name)
        return f.name

    def test_replay_accepts_a_true_record_and_rejects_false_ones(self):
        header = "; result: {} after 5 turns, 5 actions\ngame Hex\nset size=3\n"
        moves = "c1\na1\nb2\nb1\na3\n"
        good = self.record(header.format("Red wins") + moves)
        wrong_winner = self.record(header.format("Blue wins") + moves)
        illegal = self.record(header.format("Red wins") + "c1\nc1\n")
        unfinished = self.record(header.format("Red wins") + moves[:-3])
        status, out = self.run_main("replay", "hex", "3", "--players", "Red,Blue", good, wrong_winner, illegal, unfinished)
        self.assertEqual(status, 1)
        lines = out.splitlines()
        self.assertTrue(lines[0].endswith("ok ({\"draw\": false, \"winner\": 1}, 5 actions)"), lines[0])
        self.assertIn("the record says Blue wins; the model says player 1 (Red)", lines[1])
        self.assertIn("`c1` is not empty", lines[2])
        self.assertIn("not over after 4 actions", lines[3])
        self.assertEqual(lines[4], "4 records: 1 agree, 3 disagree; wins 1 0, draws 0")

    def test_connect6_turn_perft_names_whole_turns(self):
        # After Black's a1, White's turn is an ordered pair of the 48 empty points: 48·47 = 2256
        # turns, each a line `FIRST SECOND: 1`.
        status, out = self.run_main("perft", "connect6", "7", "1", "--turns", "--divide", "--after", "a1")
        lines = out.splitlines()
        self.assertEqual((status, len(lines), lines[0], lines[-1]), (0, 2257, "a2 a3: 1", "2256"))

    def test_replay_checks_connect6_turns(self):
        # A record's line is one whole turn: one stone for Black's first, two after.
        header = "; result: {} after {} turns, {} actions\ngame Connect6\nset size=7\n"
        good = self.record(header.format("Black wins", 7, 12) + "a4\na1 g1\nb4 c4\na7 g7\nd4 e4\nb1 f1\nf4\n")
        first_two = self.record(header.format("Black wins", 7, 12) + "a4 a1\ng1\n")
        half_turn = self.record(header.format("Black wins", 7, 12) + "a4\na1\ng1 b4\n")
        status, out = self.run_main("replay", "connect6", "7", "--players", "Black,White", good, first_two, half_turn)
        self.assertEqual(status, 1)
        lines = out.splitlines()
        self.assertTrue(lines[0].endswith("ok ({\"draw\": false, \"winner\": 1}, 12 actions)"), lines[0])
        self.assertIn("line 4: action 2 `a1` begins another turn", lines[1])
        self.assertIn("line 5: the turn is not over after its 1 actions", lines[2])

    def test_moves_describes_the_position(self):
        status, out = self.run_main("moves", "y", "2", "--after", "a1; b1 a2")
        self.assertEqual(status, 0)
        self.assertEqual(json.loads(out), {"actions": 3, "legal": [], "outcome": {"draw": False, "winner": 1}, "to_move": None, "turns": 3})


if __name__ == "__main__":
    unittest.main()
