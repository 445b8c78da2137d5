"""Facts about International draughts worked out by hand from docs/RULINGS.md ("International
draughts") and LANGUAGE.md §4 (`square` labels and index order), or taken from a published
source, checked against `draughts.py`. Each expectation is derived in the comment above it, not
by running the model. Most positions are reached by actions from the start, so that the same
sequences can be sent to `tabula moves --after`; the rest are set by hand (`game.position(...)`),
where a sequence from the start would be long or would hide the point. The four long sequences
(KING_CAPTURE, NO_PIECES, KINGS and the walks after it) were found by letting the model play at
random and keeping a game that reached the wanted kind of position; their legality is the
model's (and, once compared, Tabula's), but the facts asserted at their end are worked out by
hand from the position, which is drawn in the comment.
Run from the repository root: `python3 -m unittest tests/classics/test_draughts.py`.

The start (w a white man, b a black man, W and B kings; only the dark squares are shown, a1 is
dark; White moves up the board, Black down):

    10   b   b   b   b   b          b10 d10 f10 h10 j10
     9 b   b   b   b   b            a9 c9 e9 g9 i9
     8   b   b   b   b   b          b8 d8 f8 h8 j8
     7 b   b   b   b   b            a7 c7 e7 g7 i7
     6   .   .   .   .   .          b6 d6 f6 h6 j6
     5 .   .   .   .   .            a5 c5 e5 g5 i5
     4   w   w   w   w   w          b4 d4 f4 h4 j4
     3 w   w   w   w   w            a3 c3 e3 g3 i3
     2   w   w   w   w   w          b2 d2 f2 h2 j2
     1 w   w   w   w   w            a1 c1 e1 g1 i1
       a b c d e f g h i j
"""

import io
import json
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stdout

sys.path.insert(0, os.path.dirname(__file__))
import draughts  # noqa: E402

WHITE, BLACK = 1, 2
GAME = "international-draughts"


def after(actions, state=None):
    game = draughts.new_game(GAME)
    return game, draughts.play_all(game, draughts.split_actions(actions), state)


def legal_from(game, state, label):
    return sorted(a for a in game.legal(state) if a.startswith(label + "-"))


def set_up(white_men=(), white_kings=(), black_men=(), black_kings=(), **kw):
    game = draughts.new_game(GAME)
    return game, game.position(list(white_men), list(white_kings), list(black_men), list(black_kings), **kw)


def play(game, state, actions):
    return draughts.play_all(game, draughts.split_actions(actions), state)


# A white man captures backward (derived in test_a_man_captures_backward).
BACKWARD = "b4-c5 a7-b6 c5-a7 c7-b6"

# The majority rule at the first jump (test_the_majority_rule_picks_the_longer_capture).
MAJORITY = "b4-c5 c7-b6 f4-e5 e7-d6"

# The majority rule at the second jump (test_the_majority_rule_at_the_second_jump).
SECOND_JUMP = "j4-i5 i7-h6 i3-j4 h6-g5 f4-h6 h8-i7 e3-f4"

# A man's loop of four captures round c5, back to its own square (test_a_loop_of_captures).
LOOP = "b4-c5 c7-d6 c3-b4 d6-e5 f4-d6 d8-c7 c5-b6"

# Black to move with a capture through the far row and one ending on it
# (test_a_man_passing_the_far_row_stays_a_man).
FAR_ROW = "h4-i5 i7-h6 b4-a5 e7-f6 a3-b4 f8-e7 a5-b6 a7-c5 c5-a3 d4-e5 f6-d4 e3-c5 e7-f6 d2-e3 h8-i7 e3-d4 f6-g5 c1-d2"

# 26 turns from the start to a white king's flying capture (test_a_king_capture_from_the_start).
KING_CAPTURE = (
    "f4-g5 ; g7-h6 ; b4-a5 ; h6-f4 ; g3-e5 ; e7-f6 ; e5-g7 ; h8-f6 ; j4-i5 ; i9-h8 ; f2-g3 ; f8-e7 ; "
    "i5-j6 ; f6-g5 ; h4-f6 ; e7-g5 ; g3-h4 ; c7-d6 ; h4-f6 ; e9-f8 ; i3-j4 ; h8-g7 ; f6-h8 ; j10-i9 ; "
    "h8-j10 ; g9-h8"
)

# 46 turns from the start: Black's king takes White's last piece (test_no_pieces_left_loses).
NO_PIECES = (
    "d4-e5 ; c7-d6 ; e5-c7 ; b8-d6 ; b4-c5 ; d6-b4 ; c3-a5 ; a9-b8 ; d2-c3 ; g7-f6 ; c1-d2 ; i7-h6 ; "
    "a3-b4 ; f6-e5 ; f4-d6 ; e7-c5 c5-a3 a3-c1 ; a1-b2 ; c1-a3 ; j4-i5 ; h6-j4 ; a5-b6 ; a7-c5 ; "
    "e3-d4 ; c5-e3 e3-c1 ; h4-i5 ; j4-h6 ; g3-f4 ; c1-g5 ; c3-b4 ; a3-d6 ; e1-d2 ; g5-c1 ; i3-j4 ; "
    "f8-g7 ; j2-i3 ; b8-c7 ; h2-g3 ; d6-h2 ; i1-g3 ; h6-i5 ; j4-h6 h6-f8 ; e9-g7 ; f2-e3 ; "
    "c1-f4 f4-h2 h2-j4 ; g1-h2 ; j4-g1"
)

# 92 turns from the start to a white king on f6 and a white man on j2 against a black king on
# e1 that has just been crowned (g3-f2, f2-e1: a man's move, so no king's quiet move yet). White
# to move. The draws below start here.
KINGS = (
    "d4-c5 ; c7-d6 ; h4-i5 ; d6-e5 ; f4-d6 ; i7-h6 ; i5-j6 ; d8-c7 ; e3-d4 ; c7-e5 ; d4-f6 f6-d8 ; "
    "e9-c7 ; i3-h4 ; c7-d6 ; c5-e7 ; f8-d6 ; h2-i3 ; f10-e9 ; d2-e3 ; d6-c5 ; b4-d6 ; j8-i7 ; g1-h2 ; "
    "g7-f6 ; a3-b4 ; a7-b6 ; h4-g5 ; h6-f4 f4-d2 ; c1-e3 ; h8-g7 ; j6-h8 h8-f10 f10-d8 ; "
    "c9-e7 e7-c5 c5-a3 a3-c1 ; a1-b2 ; c1-h6 ; f2-e3 ; h6-c1 c1-a3 ; j4-i5 ; h10-g9 ; e1-f2 ; a3-f8 ; "
    "i5-j6 ; f8-e9 ; i3-j4 ; b10-c9 ; h2-i3 ; c9-d8 ; g3-h4 ; f6-e5 ; i1-h2 ; b8-c7 ; f2-g3 ; a9-b8 ; "
    "h4-i5 ; b8-a7 ; g3-h4 ; e5-f4 ; c3-b4 ; g7-f6 ; h4-g5 ; f4-h6 ; i5-g7 g7-e5 ; d10-c9 ; b4-c5 ; "
    "b6-d4 d4-f6 ; j4-i5 ; e9-j4 ; h2-g3 ; j4-h2 h2-e5 ; j6-i7 ; d8-e7 ; i7-j8 ; a7-b6 ; "
    "j8-h10 h10-f8 f8-d6 d6-b8 b8-d10 ; j10-i9 ; d10-h6 ; f6-g5 ; h6-f4 f4-c7 c7-a5 ; i9-h8 ; a5-e1 ; "
    "h8-g7 ; e1-i5 ; g7-f6 ; i5-e1 ; f6-g5 ; e1-d2 ; g5-h4 ; d2-c3 ; h4-g3 ; c3-a1 ; g3-f2 ; a1-f6 ; "
    "f2-e1"
)

# The white king's walk from f6 over 25 more squares, all different, and the black king's
# shuffle e1-d2, d2-e1, … In 0-based (column − row, column + row), the black king stands on
# e1 (4, 4) or d2 (2, 4), so his diagonals are the lines column − row = 4 or 2 and column + row
# = 4. None of the white king's squares lies on them:
#   f6 (0,10) g7 (0,12) h8 (0,14) i9 (0,16) j10 (0,18) e5 (0,8) d6 (−2,8) e7 (−2,10) f8 (−2,12)
#   g9 (−2,14) h10 (−2,16) c5 (−2,6) b6 (−4,6) c7 (−4,8) d8 (−4,10) e9 (−4,12) d10 (−6,12)
#   c9 (−6,10) b10 (−8,10) a9 (−8,8) b8 (−6,8) a7 (−6,6) d4 (0,6) g1 (6,6) h2 (6,8) i3 (6,10)
# so the two kings never share a diagonal and neither can capture the other; the white man on
# j2 stands on the edge, where no capture of it can land beyond it, and captures only a piece
# next to it (i1, i3), where the black king never is. So every turn is a king's quiet move. The
# long moves pass only over empty squares: j10-e5 over i9 h8 g7 f6, h10-c5 over g9 f8 e7 d6,
# a7-d4 over b6 c5, d4-g1 over e3 f2.
WALK = "g7 h8 i9 j10 e5 d6 e7 f8 g9 h10 c5 b6 c7 d8 e9 d10 c9 b10 a9 b8 a7 d4 g1 h2 i3".split()


def quiet_turns(n):
    """The first n turns of the walk: White's k-th move f6… to WALK[k-1], Black's k-th e1-d2 when
    k is odd, d2-e1 when even."""
    squares = ["f6"] + WALK
    turns = []
    for i in range(n):
        k = i // 2 + 1
        if i % 2 == 0:
            turns.append(f"{squares[k - 1]}-{squares[k]}")
        else:
            turns.append("e1-d2" if k % 2 == 1 else "d2-e1")
    return " ".join(turns)


class TheBoard(unittest.TestCase):
    def test_labels_index_and_dark_squares(self):
        # LANGUAGE.md §4: index row × 10 + column from a1; a1 0, b1 1, a2 10, j10 99. RULINGS.md:
        # a square is dark when column + row (from 1) is even: a1 (1 + 1), b2, j10; not b1, a2.
        b = draughts.new_game(GAME).board
        self.assertEqual([b.labels[i] for i in (0, 1, 9, 10, 99)], ["a1", "b1", "j1", "a2", "j10"])
        self.assertEqual([b.dark[b.site(s)] for s in ("a1", "b2", "j10", "b1", "a2", "j1")], [True, True, True, False, False, False])
        self.assertEqual(len(b.squares), 50)
        # The draughts numbers 1–50 from Black's side, row 10 first, left to right: 1 is b10,
        # 5 j10, 46 a1, 50 i1.
        numbered = sorted(b.squares, key=lambda i: (-(i // 10), i % 10))
        self.assertEqual([b.labels[numbered[n - 1]] for n in (1, 5, 46, 50)], ["b10", "j10", "a1", "i1"])

    def test_the_start(self):
        # Rows 1–4 White, rows 7–10 Black, five dark squares a row: 20 men each, no kings.
        game = draughts.new_game(GAME)
        pieces = game.pieces(game.start())
        self.assertEqual(pieces["white_men"][:5], ["a1", "c1", "e1", "g1", "i1"])
        self.assertEqual(pieces["white_men"][15:], ["b4", "d4", "f4", "h4", "j4"])
        self.assertEqual(pieces["black_men"][:5], ["a7", "c7", "e7", "g7", "i7"])
        self.assertEqual(pieces["black_men"][15:], ["b10", "d10", "f10", "h10", "j10"])
        self.assertEqual((len(pieces["white_men"]), len(pieces["black_men"])), (20, 20))
        self.assertEqual(pieces["white_kings"] + pieces["black_kings"], [])


class Perft(unittest.TestCase):
    def test_perft_1_and_2_by_hand(self):
        # Only the men of row 4 can move at the start (rows 1–3 have a man in front on both
        # diagonals): b4 to a5 c5, d4 to c5 e5, f4 to e5 g5, h4 to g5 i5, j4 to i5 (the edge):
        # 9. Each puts a man on row 5 with row 6 empty between it and Black's row 7: no capture
        # for either side. Black's row 7 then has a7-b6, c7-b6 d6, e7-d6 f6, g7-f6 h6, i7-h6 j6:
        # 9, whatever White did. 9 · 9 = 81 in actions and in turns.
        game = draughts.new_game(GAME)
        self.assertEqual(sorted(game.legal(game.start())), ["b4-a5", "b4-c5", "d4-c5", "d4-e5", "f4-e5", "f4-g5", "h4-g5", "h4-i5", "j4-i5"])
        self.assertEqual(game.perft_all(game.start(), 2), [9, 81])
        self.assertEqual(game.perft_turns_all(game.start(), 2), [9, 81])

    def test_the_published_perft(self):
        # Aart Bik, "BikDam: international checkers" (aartbik.blogspot.com), perft from the
        # start with duplicate captures removed (two captures with the same origin,
        # destination and set of captured pieces are one move): 9, 81, 658, 4 265, 27 117,
        # 167 140 (and 1 049 442, 6 483 961 at depths 7 and 8, too slow for a unit test).
        game = draughts.new_game(GAME)
        self.assertEqual(game.perft_moves_all(game.start(), 6), [9, 81, 658, 4265, 27117, 167140])

    def test_whole_turns_equal_the_published_perft_to_depth_6(self):
        # `perft --turns` counts distinct action sequences, so it exceeds Bik's count only where
        # two captures of a turn take the same pieces from the same origin to the same
        # destination along different paths. A man's jumps join squares two apart on a
        # diagonal, each jump over its own piece; two different orders of the same jumps
        # between the same ends need a closed loop, and the shortest is four jumps round one
        # square (LOOP below). Four men of one side round an empty square with the four
        # landing squares empty take more moves to arrange than the three each side has in six
        # turns, and no king is made by then (row 10 and row 1 stay full). So the counts are
        # Bik's. This is also what the model finds: its first duplicates come at depth 8, ten
        # loops like LOOP (6 483 971 sequences of turns against Bik's 6 483 961; a minute, not
        # run here).
        game = draughts.new_game(GAME)
        self.assertEqual(game.perft_turns_all(game.start(), 6), [9, 81, 658, 4265, 27117, 167140])

    def test_actions_count_each_jump(self):
        # In actions a capture of two jumps counts two plies. After MAJORITY White has one
        # capture, e5-c7 then c7-a5 (see below): perft(1) = 1 and perft(2) = 1 in actions;
        # in turns perft(1) = 1 (the whole capture).
        game, state = after(MAJORITY)
        self.assertEqual(game.perft_all(state, 2), [1, 1])
        self.assertEqual(game.perft_turns_all(state, 1), [1])


class Men(unittest.TestCase):
    def test_a_man_captures_backward(self):
        # b4-c5; a7-b6 puts a man next to c5 with a7 now empty behind it: White must capture,
        # and c5-a7 (over b6) is the only capture (c5 over d6: d6 is empty). From a7 the next
        # jump would be over b8 to c9, held: the capture ends. Black's c7-b6 puts a man below
        # the white man on a7: a7 over b6 lands on c5, empty since c5 moved: a backward capture
        # for White, and the only capture (no other white man touches a black one). From c5:
        # over d6 (empty), b4 (empty since b4 moved), d4 (own): it ends.
        game, state = after(BACKWARD)
        self.assertEqual(game.legal(state), ["a7-c5"])
        state = game.apply(state, "a7-c5")
        self.assertEqual((state.to_move, state.turns, state.actions), (BLACK, 5, 5))
        self.assertNotIn("b6", game.pieces(state)["black_men"])
        self.assertIn("c5", game.pieces(state)["white_men"])

    def test_a_man_moves_forward_only(self):
        # After BACKWARD and a7-c5, Black plays i7-j6 (far away; no capture: j6's neighbours
        # i5 and i7 are empty). The white man on c5 may go to b6 or d6, not back to the empty
        # b4 (d4 is held anyway).
        game, state = after(BACKWARD + " a7-c5 i7-j6")
        self.assertEqual(legal_from(game, state, "c5"), ["c5-b6", "c5-d6"])

    def test_the_majority_rule_picks_the_longer_capture(self):
        # b4-c5 c7-b6; f4-e5 e7-d6. White's captures: c5 over b6 lands on a7, held: no; c5 over
        # d6 to the empty e7: one piece (from e7, f8 and d8 have g9 and c9 behind them, held;
        # f6 is empty). e5 over d6 to c7 (empty since c7 moved), then c7 over b6 to a5: two
        # pieces (from a5, b4 is empty and b6 already jumped). The majority rule leaves e5-c7
        # only, and after it c7-a5 only; then the turn ends and both pieces come off.
        game, state = after(MAJORITY)
        self.assertEqual(game.legal(state), ["e5-c7"])
        state = game.apply(state, "e5-c7")
        self.assertEqual((state.to_move, state.turns, state.actions), (WHITE, 5, 5))
        self.assertEqual(game.legal(state), ["c7-a5"])
        # In the middle of the move the jumped piece is still on the board.
        self.assertIn("d6", game.pieces(state)["black_men"])
        state = game.apply(state, "c7-a5")
        self.assertEqual((state.to_move, state.turns, state.actions), (BLACK, 5, 6))
        self.assertNotIn("d6", game.pieces(state)["black_men"])
        self.assertNotIn("b6", game.pieces(state)["black_men"])
        with self.assertRaises(draughts.ModelError):
            after(MAJORITY + " c5-e7")

    def test_the_majority_rule_at_the_second_jump(self):
        # j4-i5 i7-h6; i3-j4 (covers j4, so h6 cannot take i5) h6-g5; f4-h6 (White takes g5,
        # the other capture being h4 over g5 to f6) h8-i7; e3-f4. Now Black: i7 over h6 lands
        # on g5 (empty since g5 was taken), Black's only first jump (g7 over h6 would land on
        # i5, held). From g5 two jumps: over h4 to i3 (empty since i3-j4), and from i3 nothing
        # (j2 and j4 are on the edge, h2 has g1 behind it, held): two pieces; or over f4 to e3
        # (empty since e3-f4), then over d4 to c5 (d2 and f2 have c1 and g1 behind them, held;
        # from c5, b4 has a3 behind it, held, d6 and b6 are empty): three pieces. So the only
        # legal first jump is i7-g5, then only g5-e3 (not g5-i3), then e3-c5.
        game, state = after(SECOND_JUMP)
        self.assertEqual(game.legal(state), ["i7-g5"])
        state = game.apply(state, "i7-g5")
        self.assertEqual(game.legal(state), ["g5-e3"])
        state = game.apply(state, "g5-e3")
        self.assertEqual(game.legal(state), ["e3-c5"])
        state = game.apply(state, "e3-c5")
        self.assertEqual((state.to_move, state.turns, state.actions), (WHITE, 8, 10))
        self.assertEqual(len(game.pieces(state)["white_men"]), 17)
        with self.assertRaises(draughts.ModelError):
            after(SECOND_JUMP + " i7-g5 g5-i3")

    def test_a_loop_of_captures(self):
        # b4-c5 c7-d6 (d6 threatens c5 over to b4); c3-b4 (covers b4) d6-e5; f4-d6 (White takes
        # e5: it could also have taken with d4 to f6) d8-c7; c5-b6. White men now stand on b6,
        # b4, d4, d6 round the empty c5; a5 is empty, c3 too (c3-b4), e5 too (its man was
        # taken), and c7 holds the black man that came from d8. It goes round: over b6 to a5,
        # over b4 to c3, over d4 to e5, over d6 back to c7, its own square, which is empty
        # during the move: four pieces, either way round (no other jump on the way: from c3,
        # b2 and d2 have a1 and e1 behind them, held; next to e5, f4 and f6 are empty; back on
        # c7, b8 is Black's own and d8 empty). Other captures: a7
        # over b6 to c5 (then b4 and d4 have a3 and e3 behind them: one piece), e7 over d6 to
        # c5 (one). So the legal first jumps are c7-a5 and c7-e5, and each goes on alone.
        game, state = after(LOOP)
        self.assertEqual(sorted(game.legal(state)), ["c7-a5", "c7-e5"])
        one = play(game, state, "c7-a5")
        self.assertEqual(game.legal(one), ["a5-c3"])
        one = play(game, one, "a5-c3 c3-e5")
        self.assertEqual(game.legal(one), ["e5-c7"])
        one = play(game, one, "e5-c7")
        other = play(game, state, "c7-e5 e5-c3 c3-a5 a5-c7")
        # Both end with the man back on c7 (row 7: not crowned) and b6 b4 d4 d6 gone: 16 white
        # men; White to move after 8 turns and 11 actions.
        for s in (one, other):
            self.assertIn("c7", game.pieces(s)["black_men"])
            self.assertEqual(len(game.pieces(s)["white_men"]), 16)
            for gone in ("b6", "b4", "d4", "d6"):
                self.assertNotIn(gone, game.pieces(s)["white_men"])
            self.assertEqual((s.to_move, s.turns, s.actions), (WHITE, 8, 11))
        self.assertEqual(one.cells, other.cells)
        # Two whole turns with the same origin, destination and captured pieces: two distinct
        # action sequences for `perft --turns`, one move for Bik's count; in actions, 2 at
        # every depth from 1 to 4 (each way round is forced after its first jump).
        self.assertEqual(game.perft_turns_all(state, 1), [2])
        self.assertEqual(game.perft_moves_all(state, 1), [1])
        self.assertEqual(game.perft_all(state, 4), [2, 2, 2, 2])

    def test_a_man_passing_the_far_row_stays_a_man(self):
        # FAR_ROW, by turns: h4-i5 i7-h6; b4-a5 e7-f6; a3-b4 f8-e7; a5-b6, and Black must take
        # it: a7 over b6 to c5 then over b4 to a3 (two; c7 over b6 to a5 is one). d4-e5, f6 must
        # take it to d4 (one); e3 takes d4 to c5 (c3 could take it to e5). e7-f6; d2-e3; h8-i7;
        # e3-d4; f6-g5; c1-d2 empties c1. Black's captures now (h6 over i5 lands on j4, held):
        #   a3 over b2 to c1 (Black's far row), then over d2 to e3 (empty since e3-d4); from e3,
        #   f4 has g5 (black) behind it, d4 has c5 (white), f2 has g1: two pieces, ending on e3;
        #   g5 over f4 to e3, then over d2 to c1 (empty since c1-d2); from c1, b2 has a3 behind
        #   it (black): two pieces, ending on c1, the far row.
        # Both take two: legal a3-c1 and g5-e3.
        game, state = after(FAR_ROW)
        self.assertEqual(sorted(game.legal(state)), ["a3-c1", "g5-e3"])
        # Through the far row: the man on c1 jumps on and stays a man on e3.
        passing = game.apply(state, "a3-c1")
        self.assertEqual(game.legal(passing), ["c1-e3"])
        self.assertEqual((passing.to_move, passing.turns, passing.actions), (BLACK, 18, 19))
        passing = game.apply(passing, "c1-e3")
        self.assertIn("e3", game.pieces(passing)["black_men"])
        self.assertEqual(game.pieces(passing)["black_kings"], [])
        self.assertNotIn("b2", game.pieces(passing)["white_men"])
        self.assertNotIn("d2", game.pieces(passing)["white_men"])
        # White must now take the man on e3 backward: f4 over e3 to the empty d2 (d4 over e3
        # and f2 over e3 land on f2 and d4, held).
        self.assertEqual(game.legal(passing), ["f4-d2"])
        # Ending on the far row: the man becomes a king on c1.
        crowned = play(game, state, "g5-e3 e3-c1")
        self.assertEqual(game.pieces(crowned)["black_kings"], ["c1"])
        self.assertNotIn("f4", game.pieces(crowned)["white_men"])

    def test_crowning_set_by_hand(self):
        # A white man on b8, black men on c9 and e9 and h6. b8 over c9 lands on d10 (row 10),
        # then over e9 (backward) to f8; from f8, e7 g7 g9 are empty: it ends on f8, a man. Had
        # it become a king on d10, it could have flown on over e9 to g7 and over h6 to i5: the
        # legal actions would differ. Without e9 the capture ends on d10, and the man is
        # crowned.
        game, state = set_up(white_men=["b8"], black_men=["c9", "e9", "h6"])
        self.assertEqual(game.legal(state), ["b8-d10"])
        state = game.apply(state, "b8-d10")
        self.assertEqual(game.legal(state), ["d10-f8"])
        state = game.apply(state, "d10-f8")
        self.assertEqual(game.pieces(state)["white_men"], ["f8"])
        self.assertEqual(game.pieces(state)["white_kings"], [])
        game, state = set_up(white_men=["b8"], black_men=["c9", "h6"])
        state = game.apply(state, "b8-d10")
        self.assertEqual(game.pieces(state)["white_kings"], ["d10"])
        self.assertEqual(state.to_move, BLACK)

    def test_a_king_counts_as_one_piece(self):
        # A white man on c3; a black king on d4 (e5 beyond empty: one piece) and black men on
        # b4 and b6 (c3 over b4 to a5, over b6 to c7: two). The majority rule takes the two men.
        game, state = set_up(white_men=["c3"], black_men=["b4", "b6"], black_kings=["d4"])
        self.assertEqual(game.legal(state), ["c3-a5"])


class Kings(unittest.TestCase):
    def test_a_kings_quiet_moves(self):
        # A white king on d4, a white man on f6, a black man on a7. The king flies along each
        # diagonal over empty squares: NW c5 b6 (a7 is held; on the edge, nothing beyond it to
        # land on, so no capture), NE e5 (f6 own), SE e3 f2 g1, SW c3 b2 a1: 9. The man: e7, g7.
        game, state = set_up(white_men=["f6"], white_kings=["d4"], black_men=["a7"])
        self.assertEqual(
            sorted(game.legal(state)),
            ["d4-a1", "d4-b2", "d4-b6", "d4-c3", "d4-c5", "d4-e3", "d4-e5", "d4-f2", "d4-g1", "f6-e7", "f6-g7"],
        )

    def test_landing_squares_chosen_by_what_follows(self):
        # A white king on a1; black men on c3, c5, g5. a1 over c3 may land on d4 e5 f6 g7 h8 i9
        # j10. From d4, c5 (NW) has b6 and a7 beyond: a second piece. From f6, g5 (SE) has h4
        # i3 j2 beyond: a second piece. From e5, g7, h8, i9, j10 nothing follows (their
        # diagonals are empty, and the way back is c3, jumped). So only d4 and f6: two pieces.
        game, state = set_up(white_kings=["a1"], black_men=["c3", "c5", "g5"])
        self.assertEqual(sorted(game.legal(state)), ["a1-d4", "a1-f6"])
        self.assertEqual(sorted(game.legal(game.apply(state, "a1-d4"))), ["d4-a7", "d4-b6"])
        self.assertEqual(sorted(game.legal(game.apply(state, "a1-f6"))), ["f6-h4", "f6-i3", "f6-j2"])
        # Five whole turns, and as many in actions at depth 2.
        self.assertEqual(game.perft_turns_all(state, 1), [5])
        self.assertEqual(game.perft_all(state, 2), [2, 5])

    def test_jumped_pieces_block_and_are_not_jumped_twice(self):
        # A white king on a1; black men on c3, d6, b6, d2. a1 over c3 lands on d4 … j10.
        #   d4: over b6 (NW, c5 empty) to a7; from a7 nothing: two.
        #   e5: over d6 (NW) to c7, b8 or a9. From c7, over b6 (SW) to a5: three. From a5 the
        #   way SE runs b4, then c3, jumped and still on the board: it blocks, so d2 beyond it
        #   cannot be reached; and NE is b6, jumped. From c7 the way SE meets d6, jumped: not
        #   jumped again. From b8 and a9 nothing: two.
        #   f6 … j10: nothing follows: one.
        # So one move of three: a1-e5 e5-c7 c7-a5; d2 survives. (Were jumped pieces taken off
        # at once, a5 could go on over d2 to e1: four.)
        game, state = set_up(white_kings=["a1"], black_men=["c3", "d6", "b6", "d2"])
        self.assertEqual(game.legal(state), ["a1-e5"])
        state = game.apply(state, "a1-e5")
        self.assertEqual(game.legal(state), ["e5-c7"])
        state = game.apply(state, "e5-c7")
        self.assertEqual(game.legal(state), ["c7-a5"])
        state = game.apply(state, "c7-a5")
        self.assertEqual(game.pieces(state)["black_men"], ["d2"])
        self.assertEqual(game.pieces(state)["white_kings"], ["a5"])
        self.assertEqual((state.to_move, state.turns, state.actions), (BLACK, 1, 3))

    def test_passing_over_its_own_starting_square(self):
        # A white king on c3; black men on d4, d6, b6, d2. Over d4 (NE) to e5 … j10, or over d2
        # (SE) to e1 (one: from e1 only d2, jumped). From e5: over d6 to c7, then over b6 to a5,
        # then SE over b4 and c3 (the king's own square, empty while it moves) and over d2 to
        # e1: four. From b8, a9 (after d6), f6 … j10: fewer. So the one move of four, and then
        # Black has no piece left: White wins.
        game, state = set_up(white_kings=["c3"], black_men=["d4", "d6", "b6", "d2"])
        self.assertEqual(game.legal(state), ["c3-e5"])
        state = play(game, state, "c3-e5 e5-c7 c7-a5")
        self.assertEqual(game.legal(state), ["a5-e1"])
        state = game.apply(state, "a5-e1")
        self.assertEqual(state.outcome, ("win", WHITE))
        self.assertEqual(game.pieces(state)["white_kings"], ["e1"])

    def test_a_king_capture_from_the_start(self):
        # After KING_CAPTURE (White crowned on j10 by h8-j10; Black's g9-h8 last), White to
        # move, the dark squares by row (. empty):
        #   10: b10 b, d10 b, f10 b, h10 b, j10 W    9: a9 b, c9 b, e9 ., g9 ., i9 .
        #    8: b8 b, d8 b, f8 b, h8 b, j8 b         7: a7 b, c7 ., e7 ., g7 ., i7 b
        #    6: b6 ., d6 b, f6 ., h6 ., j6 w         5: a5 w, c5 ., e5 ., g5 ., i5 .
        #    4: b4 ., d4 w, f4 ., h4 ., j4 w         3: a3 w, c3 w, e3 w, g3 ., i3 .
        #    2: b2 w, d2 w, f2 ., h2 w, j2 w         1: a1 c1 e1 g1 i1 w
        # No white man can capture (j6 over i7 lands on h8, held; a5, d4 touch no black man).
        # The king j10 (one diagonal, SW): i9 empty, h8 black, then g7 f6 e5 empty, d4 white.
        #   g7: over f8 (NW) to e9 (d10 beyond it held). e9: over d8 (SW) to c7 or b6 (a5
        #     white). From c7, over d6 (SE) to e5, f4 or g3 (h2 white): four, and from those
        #     nothing (the ways back cross h8, d6, jumped). From b6 nothing: three.
        #   f6: d8 (NW, over e7) has c9 behind it, held; SE is empty: one.
        #   e5: over d6 (NW) to c7 (b8 beyond held). c7: over d8 (NE) to e9 (f10 held); b8 (NW)
        #     has a9 behind it. e9: over f8 (SE) to g7, h6 or i5 (j4 white): four.
        # So: j10-g7 g7-e9 e9-c7 c7-{e5,f4,g3} and j10-e5 e5-c7 c7-e9 e9-{g7,h6,i5}, each
        # taking h8 f8 d8 d6. Not j10-f6; at e9 on the first way, not e9-b6.
        game, state = after(KING_CAPTURE)
        self.assertEqual(game.pieces(state)["white_kings"], ["j10"])
        self.assertEqual(sorted(game.legal(state)), ["j10-e5", "j10-g7"])
        first = play(game, state, "j10-g7")
        self.assertEqual(game.legal(first), ["g7-e9"])
        first = game.apply(first, "g7-e9")
        self.assertEqual(game.legal(first), ["e9-c7"])
        first = game.apply(first, "e9-c7")
        self.assertEqual(sorted(game.legal(first)), ["c7-e5", "c7-f4", "c7-g3"])
        second = play(game, state, "j10-e5 e5-c7 c7-e9")
        self.assertEqual(sorted(game.legal(second)), ["e9-g7", "e9-h6", "e9-i5"])
        self.assertEqual(game.perft_turns_all(state, 1), [6])
        done = game.apply(first, "c7-f4")
        self.assertEqual(game.pieces(done)["white_kings"], ["f4"])
        for gone in ("h8", "f8", "d8", "d6"):
            self.assertNotIn(gone, game.pieces(done)["black_men"])
        self.assertEqual((done.to_move, done.turns, done.actions), (BLACK, 27, 30))


class TheEnd(unittest.TestCase):
    def test_a_player_with_no_move_loses(self):
        # White men b2, c1, h4; a black man on a3, White to move. White: b2-c3 (a3 held), c1-d2
        # (b2 own), h4-g5, h4-i5; no capture (b2 over a3 would leave the board). After h4-g5 the
        # black man has b2 ahead (held; c1 behind it held, so no capture) and nothing else:
        # Black cannot move and loses, after 1 turn. After b2-c3 it can step to b2; after c1-d2
        # it must capture b2 to c1.
        game, state = set_up(white_men=["b2", "c1", "h4"], black_men=["a3"])
        self.assertEqual(sorted(game.legal(state)), ["b2-c3", "c1-d2", "h4-g5", "h4-i5"])
        done = game.apply(state, "h4-g5")
        self.assertEqual(done.outcome, ("win", WHITE))
        self.assertEqual((done.turns, done.actions), (1, 1))
        self.assertEqual(game.describe(done)["team_wins"], {"White": 1, "Black": 0})
        self.assertIsNone(game.describe(done)["to_move"])
        self.assertEqual(game.legal(done), [])
        self.assertEqual(game.legal(game.apply(state, "b2-c3")), ["a3-b2"])
        self.assertEqual(game.legal(game.apply(state, "c1-d2")), ["a3-c1"])

    def test_no_pieces_left_loses(self):
        # After NO_PIECES less its last turn, White has one man left, on h2, and Black's king
        # stands on j4 (45 turns, 51 actions). The king's SW diagonal: i3 empty, h2 white, g1
        # empty beyond (and then the edge): the capture j4-g1 is compulsory and the only one.
        # White then has no piece: Black wins after 46 turns, 52 actions.
        game, state = after(NO_PIECES.rsplit(";", 1)[0])
        self.assertEqual(game.pieces(state)["white_men"], ["h2"])
        self.assertEqual(game.pieces(state)["white_kings"], [])
        self.assertEqual(game.pieces(state)["black_kings"], ["j4"])
        self.assertEqual((state.to_move, state.turns, state.actions), (BLACK, 45, 51))
        self.assertEqual(game.legal(state), ["j4-g1"])
        state = game.apply(state, "j4-g1")
        self.assertEqual(state.outcome, ("win", BLACK))
        self.assertEqual((state.turns, state.actions), (46, 52))
        self.assertEqual(game.describe(state)["outcome"], {"winner": 2, "draw": False})

    def test_the_kings_position(self):
        # After KINGS: the white king on f6 has SW e5 d4 c3 b2 a1, NW e7 d8 c9 b10, NE g7 h8 i9
        # j10, SE g5 h4 i3 (j2 own): 16 quiet moves, and the man j2 goes to i3: 17. No capture
        # (the king shares no diagonal with e1).
        game, state = after(KINGS)
        self.assertEqual(
            game.pieces(state), {"white_men": ["j2"], "white_kings": ["f6"], "black_men": [], "black_kings": ["e1"]}
        )
        self.assertEqual((state.to_move, state.turns, state.quiet), (WHITE, 92, 0))
        self.assertEqual(len(game.legal(state)), 17)

    def test_threefold_repetition(self):
        # From KINGS (the position P, counted once at the end of turn 92: the crowning move
        # before it was a man's), f6-g7 e1-d2 g7-f6 d2-e1 brings P back (twice); the same four
        # turns again bring it a third time at the end of turn 100: a draw. None of these
        # squares shares a diagonal with the other king's (see WALK), so no capture arises.
        # After 99 turns the positions have occurred at most twice: play goes on.
        cycle = "f6-g7 e1-d2 g7-f6 d2-e1"
        game, state = after(KINGS + " " + cycle + " " + cycle.rsplit(" ", 1)[0])
        self.assertIsNone(state.outcome)
        self.assertEqual((state.to_move, state.turns), (BLACK, 99))
        state = game.apply(state, "d2-e1")
        self.assertEqual(state.outcome, ("draw", None))
        self.assertEqual(state.reason, "repetition")
        self.assertEqual((state.turns, state.actions), (100, 117))
        self.assertEqual(game.describe(state)["outcome"], {"winner": None, "draw": True})

    def test_the_25_move_rule(self):
        # From KINGS, 50 king's quiet moves (WALK and the black king's shuffle) with no
        # position repeated (the white king never stands twice on a square): after 49 the game
        # goes on; the 50th, Black's e1-d2 as turn 142, draws.
        game, state = after(KINGS + " " + quiet_turns(49))
        self.assertIsNone(state.outcome)
        self.assertEqual((state.to_move, state.turns, state.quiet), (BLACK, 141, 49))
        self.assertEqual(game.pieces(state)["white_kings"], ["i3"])
        state = game.apply(state, "e1-d2")
        self.assertEqual(state.outcome, ("draw", None))
        self.assertEqual(state.reason, "25-move")
        self.assertEqual((state.turns, state.actions), (142, 159))

    def test_a_mans_move_starts_the_count_again(self):
        # After 48 of those moves (the white king on h2, the black one on e1), White moves the
        # man j2-i3 instead of the king: the count starts again, and Black's e1-d2 (turn 142)
        # is the first king's quiet move of a new run: no draw.
        game, state = after(KINGS + " " + quiet_turns(48) + " j2-i3 e1-d2")
        self.assertIsNone(state.outcome)
        self.assertEqual((state.turns, state.quiet), (142, 1))

    def test_the_50th_quiet_move_draws_even_if_it_leaves_no_move(self):
        # The blocked position above with a white king on h4 instead of the man: h4-g5 is a
        # king's quiet move that leaves Black without a move. After 49 such turns it is the
        # 50th: a draw (the draw comes before Black's turn would begin). After 48 it is the
        # 49th: Black, without a move, loses.
        game, state = set_up(white_men=["b2", "c1"], white_kings=["h4"], black_men=["a3"], quiet=49)
        self.assertEqual(game.apply(state, "h4-g5").outcome, ("draw", None))
        game, state = set_up(white_men=["b2", "c1"], white_kings=["h4"], black_men=["a3"], quiet=48)
        self.assertEqual(game.apply(state, "h4-g5").outcome, ("win", WHITE))

    def test_a_kings_capture_starts_the_count_again(self):
        # A white king on a1 and a black man on c3 (and one on j10, far away), after 49 king's
        # quiet moves: a1 must capture c3 (landing anywhere from d4 to i9; nothing follows), and
        # a capture is no quiet move: no draw, the count is 0.
        game, state = set_up(white_kings=["a1"], black_men=["c3", "j10"], quiet=49)
        self.assertEqual(sorted(game.legal(state)), ["a1-d4", "a1-e5", "a1-f6", "a1-g7", "a1-h8", "a1-i9"])
        state = game.apply(state, "a1-e5")
        self.assertIsNone(state.outcome)
        self.assertEqual(state.quiet, 0)


class Commands(unittest.TestCase):
    def run_main(self, *args, stdin=None):
        out = io.StringIO()
        saved = sys.stdin
        if stdin is not None:
            sys.stdin = io.StringIO(stdin)
        try:
            with redirect_stdout(out):
                status = draughts.main(list(args))
        finally:
            sys.stdin = saved
        return status, out.getvalue()

    def test_perft_prints_the_count_last(self):
        self.assertEqual(self.run_main("perft", GAME, "2", "--all"), (0, "perft(1) = 9\n81\n"))
        self.assertEqual(self.run_main("perft", GAME, "2"), (0, "81\n"))
        self.assertEqual(self.run_main("perft", GAME, "2", "--turns"), (0, "81\n"))
        self.assertEqual(self.run_main("perft", GAME, "0"), (0, "1\n"))

    def test_divide(self):
        # After LOOP: the two first jumps in actions; in whole turns, the two loops.
        self.assertEqual(self.run_main("perft", GAME, "1", "--divide", "--after", LOOP), (0, "c7-a5: 1\nc7-e5: 1\n2\n"))
        status, out = self.run_main("perft", GAME, "1", "--divide", "--turns", "--after", LOOP)
        self.assertEqual(
            (status, out), (0, "c7-a5 a5-c3 c3-e5 e5-c7: 1\nc7-e5 e5-c3 c3-a5 a5-c7: 1\n2\n")
        )
        # In the middle of the turn the first whole turn is the rest of it.
        status, out = self.run_main("perft", GAME, "1", "--divide", "--turns", "--after", LOOP + " c7-a5")
        self.assertEqual((status, out), (0, "a5-c3 c3-e5 e5-c7: 1\n1\n"))
        # From the start, 9 lines of one action each, summing to 81.
        status, out = self.run_main("perft", GAME, "2", "--divide", "--turns")
        lines = out.splitlines()
        self.assertEqual(len(lines), 10)
        self.assertEqual(lines[0], "b4-a5: 9")
        self.assertEqual(lines[-1], "81")

    def test_moves_json(self):
        status, out = self.run_main("moves", GAME, "--after", MAJORITY + " e5-c7")
        self.assertEqual(status, 0)
        self.assertEqual(
            json.loads(out),
            {"actions": 5, "legal": ["c7-a5"], "outcome": None, "team_wins": {"Black": 0, "White": 0}, "to_move": 1, "turns": 5},
        )
        status, out = self.run_main("moves", GAME, "--batch", stdin="\nb4-c5; c7-d6\nz9-a1\n")
        rows = [json.loads(line) for line in out.splitlines()]
        self.assertEqual(len(rows[0]["legal"]), 9)
        self.assertEqual((rows[1]["to_move"], rows[1]["turns"]), (1, 2))
        self.assertIn("error", rows[2])

    def test_board(self):
        status, out = self.run_main("board", GAME)
        found = json.loads(out)
        self.assertEqual(len(found["sites"]), 100)
        self.assertEqual(found["sites"][33], {"label": "d4", "dark": True, "diagonal": ["c3", "c5", "e3", "e5"]})
        self.assertEqual(found["sites"][0], {"label": "a1", "dark": True, "diagonal": ["b2"]})
        self.assertEqual(len(found["start"]["white_men"]), 20)

    def test_bad_input_is_an_error_not_a_traceback(self):
        for args in (
            ["perft", "chess", "1"],
            ["perft", GAME, "x"],
            ["perft", GAME],
            ["perft", GAME, "1", "--all", "--divide"],
            ["moves", GAME, "--after", "z9-a1"],
            ["moves", GAME, "--after", "b4-b5"],
            ["moves", GAME, "--after", "b4"],
            ["moves", GAME, "--after", "a3-b4"],
            ["moves", GAME, "--after", MAJORITY + " c5-e7"],
            ["moves", GAME, "--after", MAJORITY + " e5-c7 end"],
            ["moves", GAME, "--after", NO_PIECES + " a1-b2"],
            ["moves", GAME, "--after"],
            ["replay", GAME],
            ["nonsense"],
        ):
            with self.assertRaises(draughts.ModelError, msg=args):
                self.run_main(*args)

    def record(self, text):
        f = tempfile.NamedTemporaryFile("w", suffix=".rec", delete=False)
        f.write(text)
        f.close()
        self.addCleanup(os.unlink, f.name)
        return f.name

    def test_replay_checks_turns_and_the_result(self):
        lines = "\n".join(t.strip() for t in NO_PIECES.split(";"))
        good = self.record(f"; result: Black wins after 46 turns, 52 actions\ngame International draughts\n{lines}\n")
        status, out = self.run_main("replay", GAME, good)
        self.assertEqual(status, 0, out)
        self.assertEqual(out.splitlines()[-1], "1 records: 1 agree, 0 disagree; wins 0 1, draws 0")
        named = self.record(f"; result: Zwart wins after 46 turns, 52 actions\n{lines}\n")
        status, out = self.run_main("replay", GAME, "--players", "Wit,Zwart", named)
        self.assertEqual(status, 0, out)
        wrong = self.record(f"; result: White wins after 46 turns, 52 actions\n{lines}\n")
        counts = self.record(f"; result: Black wins after 46 turns, 51 actions\n{lines}\n")
        short = self.record("; result: Black wins after 45 turns, 51 actions\n" + "\n".join(lines.splitlines()[:-1]) + "\n")
        status, out = self.run_main("replay", GAME, good, wrong, counts, short)
        self.assertEqual(status, 1)
        self.assertEqual(out.count("DISAGREE"), 3, out)
        self.assertTrue(out.splitlines()[-1].startswith("4 records: 1 agree, 3 disagree; wins 0 1"))

    def test_replay_lines_are_whole_turns(self):
        # A capture's jumps are one line; the line must end when the turn does.
        whole = self.record("\n".join(MAJORITY.split()) + "\ne5-c7 c7-a5\n")
        split = self.record("\n".join(MAJORITY.split()) + "\ne5-c7\nc7-a5\n")
        beyond = self.record("b4-c5 c7-d6\n")
        reports = [draughts.check_record(GAME, path, list(draughts.PLAYERS)) for path in (whole, split, beyond)]
        self.assertEqual(reports[0]["problems"][0], "the model's game is not over after 6 actions")
        self.assertIn("middle of a capture", reports[1]["problems"][0])
        self.assertIn("the turn ended before `c7-d6`", reports[2]["problems"][0])


if __name__ == "__main__":
    unittest.main()
