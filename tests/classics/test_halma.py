"""Facts about Halma worked out by hand from docs/RULINGS.md ("Halma") and LANGUAGE.md §4
(`square` labels, index order and directions), checked against `halma.py`. Each expectation is
derived in the comment above it, not by running the model. Most positions are reached by actions
from the start, so that the same sequences can be sent to `tabula moves --after`; the ends of
the game (a camp filled, a player with no move) are set by hand (`game.position(...)`), since a
sequence from the start would be long.
Run from the repository root: `python3 -m unittest tests/classics/test_halma.py`.

White's corner at the start (W a piece, `.` an empty square); Black's is the same turned half
round, in the corner of p16:

    6 . . . . . . .
    5 W W . . . . .
    4 W W W . . . .
    3 W W W W . . .
    2 W W W W W . .
    1 W W W W W . .
      a b c d e f g

A square is written (column, row) from 1 below: the camp is every (c, r) with c ≤ 5, 5, 4, 3, 2
in rows r = 1…5. The camp is closed towards a1: with (c, r) it holds every (c', r') with c' ≤ c
and r' ≤ r. So a hop from a camp square towards S, SW or W lands in the camp or off the board,
never on an empty square: only hops with a step N or E in them (N, NE, E, SE, NW) can leave.
"""

import io
import json
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stdout

sys.path.insert(0, os.path.dirname(__file__))
import halma  # noqa: E402

WHITE, BLACK = 1, 2
GAME = "halma"
WHITE_CAMP = "a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 a3 b3 c3 d3 a4 b4 c4 a5 b5".split()
BLACK_CAMP = "l16 m16 n16 o16 p16 l15 m15 n15 o15 p15 m14 n14 o14 p14 n13 o13 p13 o12 p12".split()

# White's actions at the start, worked out square by square (see TheStart).
START_STEPS = (
    "e1-f1 e1-f2 e2-f1 e2-f2 e2-e3 e2-f3 d3-e3 d3-d4 d3-e4 c4-d4 c4-c5 c4-d5 "
    "b5-c5 b5-a6 b5-b6 b5-c6 a5-a6 a5-b6 d2-e3 c3-d4 b4-c5"
).split()
START_HOPS = (
    "c1-e3 d1-f1 d1-f3 e1-e3 b2-d4 c2-e4 d2-f2 d2-d4 a3-c5 b3-d5 c3-e3 c3-c5 d3-f1 "
    "a4-a6 a4-c6 b4-d4 b4-b6 c4-a6 a5-c5"
).split()

# The turn limit from the start: White steps e1-f1 and back, Black p12-p11 and back; every four
# turns the start comes back. 250 cycles are 1 000 turns.
CYCLE = "e1-f1 p12-p11 f1-e1 p11-p12"


def after(actions, state=None, limit=halma.TURN_LIMIT):
    game = halma.Halma(limit)
    return game, halma.play_all(game, halma.split_actions(actions), state)


def turned(label):
    """The square turned half round: (c, r) to (17 - c, 17 - r), columns a…p as 1…16."""
    c = "abcdefghijklmnop".index(label[0]) + 1
    r = int(label[1:])
    return "abcdefghijklmnop"[16 - c] + str(17 - r)


def neighbours(label):
    b = halma.BOARD
    i = b.site(label)
    return sorted(b.labels[t] for t in b.orthogonal[i]), sorted(b.labels[t] for t in b.diagonal[i])


def without(labels, *gone):
    return [s for s in labels if s not in gone]


class TheBoard(unittest.TestCase):
    def test_256_squares_in_index_order(self):
        # LANGUAGE.md, `square`: index row × 16 + column from 0 at a1: a1 0, b1 1, p1 15, a2 16,
        # h8 7 × 16 + 7 = 119, a10 9 × 16 = 144, p16 255. Columns a…p, rows 1…16.
        b = halma.BOARD
        self.assertEqual(b.size, 256)
        for label, index in (("a1", 0), ("b1", 1), ("p1", 15), ("a2", 16), ("h8", 119), ("a10", 144), ("p16", 255)):
            self.assertEqual(b.labels[index], label)
            self.assertEqual(b.site(label), index)
        for label in ("q1", "a17", "a0", "a01", "A1", ""):
            with self.assertRaises(halma.ModelError):
                b.site(label)

    def test_eight_neighbours(self):
        # Up to eight neighbours: along the row, the column and both diagonals. h8 has all
        # eight; a corner three; a square on an edge five.
        self.assertEqual(neighbours("h8"), (["g8", "h7", "h9", "i8"], ["g7", "g9", "i7", "i9"]))
        self.assertEqual(neighbours("a1"), (["a2", "b1"], ["b2"]))
        self.assertEqual(neighbours("p16"), (["o16", "p15"], ["o15"]))
        self.assertEqual(neighbours("a8"), (["a7", "a9", "b8"], ["b7", "b9"]))
        # A hop needs the square beyond on the board: from a1 only E (c1), N (a3), NE (c3); from
        # b2 only those three and nothing else (a1's side is one square away); from h8 all 8.
        b = halma.BOARD
        lands = lambda s: sorted(b.labels[land] for _, land in b.hops[b.site(s)])  # noqa: E731
        self.assertEqual(lands("a1"), ["a3", "c1", "c3"])
        self.assertEqual(lands("b2"), ["b4", "d2", "d4"])
        self.assertEqual(lands("h8"), ["f10", "f6", "f8", "h10", "h6", "j10", "j6", "j8"])

    def test_the_camps(self):
        # 5 + 5 + 4 + 3 + 2 = 19 squares each; Black's is White's turned half round.
        self.assertEqual(len(set(WHITE_CAMP)), 19)
        self.assertEqual(sorted(turned(s) for s in WHITE_CAMP), sorted(BLACK_CAMP))
        game = halma.Halma()
        pieces = game.pieces(game.start())
        self.assertEqual(sorted(pieces["White"]), sorted(WHITE_CAMP))
        self.assertEqual(sorted(pieces["Black"]), sorted(BLACK_CAMP))


class TheStart(unittest.TestCase):
    def test_perft_1(self):
        # Steps, to an empty neighbour. Only pieces on the camp's edge have one: e1 (f1 f2),
        # e2 (f1 f2 e3 f3), d3 (e3 d4 e4), c4 (d4 c5 d5), b5 (c5 a6 b6 c6), a5 (a6 b6),
        # d2 (e3; its other seven neighbours are in the camp), c3 (d4), b4 (c5): 21.
        # Hops, over a neighbour of either side to the empty square beyond (only N, NE, E, SE,
        # NW can leave the camp, see above):
        #   c1: NE over d2 to e3.                      d1: E over e1 to f1, NE over e2 to f3.
        #   e1: N over e2 to e3 (E and NE: f1 f2 empty, nothing to hop over).
        #   b2: NE over c3 to d4.                      c2: NE over d3 to e4.
        #   d2: E over e2 to f2, N over d3 to d4.      e2: none (e3 f1 f2 f3 empty; NW lands c4).
        #   a3: NE over b4 to c5.                      b3: NE over c4 to d5.
        #   c3: E over d3 to e3, N over c4 to c5.      d3: SE over e2 to f1.
        #   a4: N over a5 to a6, NE over b5 to c6.     b4: E over c4 to d4, N over b5 to b6.
        #   c4: NW over b5 to a6.                      a5: E over b5 to c5.      b5: none.
        #   a1 b1 a2: every hop lands in the camp (c1 a3 c3 / d1 b3 d3 / c2 a4 c4) or off it.
        # 19 hops, symmetric about the diagonal a1–p16 as the camp is (c1-e3 and a3-c5, …, and
        # b2-d4 with itself). perft(1) = 21 + 19 = 40.
        game = halma.Halma()
        self.assertEqual(sorted(game.legal(game.start())), sorted(START_STEPS + START_HOPS))
        self.assertEqual(len(START_STEPS), 21)
        self.assertEqual(len(START_HOPS), 19)

    def test_perft_2(self):
        # No hop from the start goes on: from its landing square, the hop back is onto the
        # square it started from (not allowed), and every other piece next to it has a camp
        # piece or nothing beyond it. E.g. c1-e3: from e3 over d2 to c1 (its start), over e2 to
        # e1 (held), over d3 to c3 (held). So each of the 40 ends White's turn; Black then has
        # White's 40 turned half round: White's pieces stay in columns a–f and rows 1–6, while
        # a Black action only looks at squares within two of a Black piece (columns j–p, rows
        # 10–16). perft(2) = 40 × 40 = 1 600.
        game = halma.Halma()
        self.assertEqual(game.perft_all(game.start(), 2), [40, 1600])
        game, state = after("c1-e3")
        self.assertEqual(state.to_move, BLACK)
        self.assertEqual(sorted(game.legal(state)), sorted(turned(a[:2]) + "-" + turned(a[3:]) for a in START_STEPS + START_HOPS))

    def test_after_e1_f1(self):
        # After e1-f1 (and Black's p12-p11, far away) White has 43. From the 40 of the start:
        # gone are e1's two steps and its hop e1-e3, the step e2-f1 and the hops d1-f1 and d3-f1
        # (f1 is held now): 34. New: f1 steps to e1 g1 f2 g2 (4); d1, d2 and e2 step into the
        # empty e1 (3; back into the own camp, which is allowed); c1 hops E over d1 to e1 and c3
        # hops SE over d2 to e1 (2). 34 + 4 + 3 + 2 = 43.
        game, state = after("e1-f1 p12-p11")
        legal = game.legal(state)
        self.assertEqual(len(legal), 43)
        for action in ("f1-e1", "f1-g1", "f1-f2", "f1-g2", "d1-e1", "d2-e1", "e2-e1", "c1-e1", "c3-e1"):
            self.assertIn(action, legal)
        for action in ("e1-f2", "e1-e3", "e2-f1", "d1-f1", "d3-f1"):
            self.assertNotIn(action, legal)


class ATurn(unittest.TestCase):
    def test_a_step_ends_the_turn(self):
        # e1-f1 is a step: Black to move at once, no `end`, turn 1 over after 1 action.
        game, state = after("e1-f1")
        self.assertEqual((state.to_move, state.turns, state.actions), (BLACK, 1, 1))
        self.assertNotIn("end", game.legal(state))
        self.assertTrue(all(a.split("-")[0] in BLACK_CAMP for a in game.legal(state)))

    def test_a_hop_with_no_hop_after_it_ends_the_turn(self):
        # d1-f3 over e2: from f3 the only piece next to it is e2, with d1 beyond, the square it
        # started from (empty now, but not allowed). The turn ends by itself: no `end`.
        game, state = after("d1-f3")
        self.assertEqual((state.to_move, state.turns, state.actions), (BLACK, 1, 1))
        self.assertNotIn("end", game.legal(state))
        self.assertNotIn("f3-d1", game.legal(state))

    def test_a_chain_of_hops(self):
        # e1-f1 leaves row 1 as a1 b1 c1 d1 . f1 . ; c1 hops E over d1 into e1. From e1 (its
        # start c1 and e1 visited): over f1 to g1 (E), over e2 to e3 (N); over d1 back to c1 is
        # not allowed; over d2 to c3 and over f2 (empty) no. So White is still to move, in the
        # middle of turn 3, with the two hops and `end`.
        game, state = after("e1-f1 p12-p11 c1-e1")
        self.assertEqual(sorted(game.legal(state)), ["e1-e3", "e1-g1", "end"])
        self.assertEqual((state.to_move, state.turns, state.actions), (WHITE, 3, 3))
        self.assertEqual(game.describe(state)["to_move"], WHITE)
        # `end`: Black to move, the piece on e1; 3 turns, 4 actions.
        stopped = game.apply(state, "end")
        self.assertEqual((stopped.to_move, stopped.turns, stopped.actions), (BLACK, 3, 4))
        self.assertIn("e1", game.pieces(stopped)["White"])
        # e1-g1: from g1 the only piece next to it is f1, with e1 beyond (visited): the turn
        # ends by itself.
        hopped = game.apply(state, "e1-g1")
        self.assertEqual((hopped.to_move, hopped.turns, hopped.actions), (BLACK, 3, 4))
        # e1-e3 (a turn to the north): from e3, over d2 to c1 (empty, but where the piece
        # started), over e2 to e1 (empty, visited), over d3 to c3 (held): the turn ends by
        # itself; without the rule on visited squares e3-c1 and e3-e1 would be hops.
        hopped = game.apply(state, "e1-e3")
        self.assertEqual((hopped.to_move, hopped.turns, hopped.actions), (BLACK, 3, 4))
        self.assertEqual(sorted(game.pieces(hopped)["White"]), sorted(without(WHITE_CAMP, "c1", "e1") + ["e3", "f1"]))

    def test_a_chain_may_not_come_back_round(self):
        # White c3 c4 d3, Black d5 e4 (a ring round d4, which is empty). c3 hops N over c4 to
        # c5; from c5: over d5 (E) to e5; over c4 back to c3 no (its start). From e5: over e4
        # (S) to e3; over d5 back to c5 no (visited). From e3: over d3 (W) to c3 — the start,
        # empty since the first hop — no; over e4 back to e5 no. The turn ends by itself after
        # three hops over pieces of both sides, none of them taken.
        game = halma.Halma()
        state = game.position(["c3", "c4", "d3"], ["d5", "e4"])
        state = game.apply(state, "c3-c5")
        self.assertEqual(sorted(game.legal(state)), ["c5-e5", "end"])
        state = game.apply(state, "c5-e5")
        self.assertEqual(sorted(game.legal(state)), ["e5-e3", "end"])
        state = game.apply(state, "e5-e3")
        self.assertEqual((state.to_move, state.turns, state.actions), (BLACK, 1, 3))
        self.assertEqual(game.pieces(state), {"White": ["d3", "e3", "c4"], "Black": ["e4", "d5"]})

    def test_end_only_between_hops(self):
        # `end` is not an action at the start of a turn, nor after a step or a hop that ends
        # the turn by itself: all illegal.
        for actions in ("end", "e1-f1 end", "d1-f3 end", "e1-f1 p12-p11 c1-e1 e1-g1 end"):
            with self.assertRaises(halma.ModelError, msg=actions):
                after(actions)
        # A step may not follow a hop, nor a hop by another piece: after c1-e1 only e1 hops.
        for actions in ("e1-f1 p12-p11 c1-e1 e1-f2", "e1-f1 p12-p11 c1-e1 a4-a6"):
            with self.assertRaises(halma.ModelError, msg=actions):
                after(actions)


class ThePass(unittest.TestCase):
    # White's one piece on a1, Black on a2 b1 b2 (its neighbours) and a3 c1 c3 (beyond them):
    # no step, no hop. White's only action is `pass`, his whole turn.
    SHUT = (["a1"], ["a2", "b1", "b2", "a3", "c1", "c3"])

    def test_a_player_with_no_move_passes(self):
        game = halma.Halma()
        state = game.position(*self.SHUT)
        self.assertEqual(game.legal(state), ["pass"])
        state = game.apply(state, "pass")
        self.assertEqual((state.to_move, state.turns, state.actions), (BLACK, 1, 1))
        self.assertIsNone(state.outcome)
        # Black c3-d4 frees c3: White's only action is the hop a1-c3 over b2. From c3, over b2
        # back to a1 is not allowed (its start), but over d4 (NE) to the empty e5 is: the turn
        # goes on, with c3-e5 and `end`.
        state = game.apply(state, "c3-d4")
        self.assertEqual(game.legal(state), ["a1-c3"])
        state = game.apply(state, "a1-c3")
        self.assertEqual(sorted(game.legal(state)), ["c3-e5", "end"])

    def test_pass_only_without_a_move(self):
        with self.assertRaises(halma.ModelError):
            after("pass")
        with self.assertRaises(halma.ModelError):
            after("e1-f1 p12-p11 c1-e1 pass")

    def test_black_passes_too(self):
        # The same turned half round: Black p16, White p15 o16 o15 and p14 n16 n14 beyond.
        game = halma.Halma()
        state = game.position([turned(s) for s in self.SHUT[1]], [turned(s) for s in self.SHUT[0]], to_move=BLACK)
        self.assertEqual(game.legal(state), ["pass"])
        self.assertEqual(game.apply(state, "pass").to_move, WHITE)

    def test_a_pass_as_the_last_turn_draws(self):
        game = halma.Halma()
        state = game.apply(game.position(*self.SHUT, turns=999), "pass")
        self.assertEqual(state.outcome, ("draw", None))
        self.assertEqual(state.turns, 1000)


class TheWin(unittest.TestCase):
    def test_white_fills_the_last_square_with_a_step(self):
        # White on Black's camp but l16, and on k16 (19 pieces); Black's pieces elsewhere.
        # k16-l16 ends White's turn with all 19 squares holding White's pieces: White wins.
        game = halma.Halma()
        state = game.position(without(BLACK_CAMP, "l16") + ["k16"], ["a1", "b1"])
        won = game.apply(state, "k16-l16")
        self.assertEqual(won.outcome, ("win", WHITE))
        self.assertEqual(won.reason, "camp")
        self.assertEqual((won.turns, won.actions), (1, 1))
        found = game.describe(won)
        self.assertEqual((found["to_move"], found["legal"]), (None, []))
        self.assertEqual(found["outcome"], {"winner": 1, "draw": False})
        self.assertEqual(found["team_wins"], {"White": 1, "Black": 0})
        # Any other action leaves l16 empty: no win.
        self.assertIsNone(game.apply(state, "k16-k15").outcome)

    def test_no_win_while_a_black_piece_stays_in_the_camp(self):
        # White on Black's camp but l16 and p16, and on k16; Black on p16 and a1. k16-l16 fills
        # every square of the camp, but p16 holds Black's piece: no win. p16 cannot move (o16
        # o15 p15 held, and n16 n14 p14 beyond them), so Black moves a1 (a1-a2 a1-b1 a1-b2), and
        # nothing makes him leave.
        game = halma.Halma()
        state = game.position(without(BLACK_CAMP, "l16", "p16") + ["k16"], ["p16", "a1"])
        state = game.apply(state, "k16-l16")
        self.assertIsNone(state.outcome)
        self.assertEqual(sorted(game.legal(state)), ["a1-a2", "a1-b1", "a1-b2"])

    def test_the_win_once_the_black_piece_has_left(self):
        # White on Black's camp but l16, and on k14; Black on l16 and a1. k14-k15: l16 holds
        # Black's piece, no win. Black l16-k16 (a step out of the camp he started in). k15-l16:
        # White wins after 3 turns.
        game = halma.Halma()
        state = game.position(without(BLACK_CAMP, "l16") + ["k14"], ["l16", "a1"])
        state = game.apply(state, "k14-k15")
        self.assertIsNone(state.outcome)
        state = game.apply(state, "l16-k16")
        self.assertIsNone(state.outcome)
        state = game.apply(state, "k15-l16")
        self.assertEqual(state.outcome, ("win", WHITE))
        self.assertEqual(state.turns, 3)

    def test_black_wins_with_a_hop_over_a_white_piece(self):
        # Black on White's camp but e1, and on g1; White on f1 and e3. g1-e1 over f1 (nothing
        # taken). From e1: over d1 to c1, over d2 to c3 (held), over e2 to e3 (White's piece),
        # over f1 back to g1 (its start), f2 empty: the turn ends. Black wins.
        game = halma.Halma()
        state = game.position(["f1", "e3"], without(WHITE_CAMP, "e1") + ["g1"], to_move=BLACK)
        won = game.apply(state, "g1-e1")
        self.assertEqual(won.outcome, ("win", BLACK))
        self.assertEqual(game.pieces(won)["White"], ["f1", "e3"])
        self.assertEqual(game.describe(won)["team_wins"], {"White": 0, "Black": 1})

    def test_the_win_waits_for_the_end_of_the_turn(self):
        # White on Black's camp but l15, and on j15; Black on k15 l14 a1. j15-l15 over k15 fills
        # the camp, but from l15 there is a hop over l14 (S) to l13 (over k15 back to j15, its
        # start, no; l16 m16 lead off the board; m15 m14 have n15 n13 beyond, held). The turn
        # goes on: no result yet, [l15-l13, end]. `end` wins. l15-l13 empties l15: from l13
        # nothing more (l14 back to l15 visited; m14 to n15 held): the turn ends, no win.
        game = halma.Halma()
        state = game.position(without(BLACK_CAMP, "l15") + ["j15"], ["k15", "l14", "a1"])
        state = game.apply(state, "j15-l15")
        self.assertIsNone(state.outcome)
        self.assertEqual(sorted(game.legal(state)), ["end", "l15-l13"])
        self.assertEqual(game.apply(state, "end").outcome, ("win", WHITE))
        state = game.apply(state, "l15-l13")
        self.assertIsNone(state.outcome)
        self.assertEqual((state.to_move, state.turns, state.actions), (BLACK, 1, 2))

    def test_the_own_camp_full_is_no_win(self):
        # A player's own camp full of his own pieces is no win: after f1-e1 White's turn ends
        # with White's camp full of White's pieces (and Black's of Black's): the game goes on.
        game, state = after("e1-f1 p12-p11 f1-e1")
        self.assertIsNone(state.outcome)
        self.assertEqual(sorted(game.pieces(state)["White"]), sorted(WHITE_CAMP))


class TheTurnLimit(unittest.TestCase):
    def test_draw_after_1000_turns(self):
        # 249 cycles and three turns more are 999 turns: not over, Black to move. p11-p12, the
        # 1000th turn: a draw.
        game, state = after(" ".join([CYCLE] * 249) + " e1-f1 p12-p11 f1-e1")
        self.assertIsNone(state.outcome)
        self.assertEqual((state.to_move, state.turns, state.actions), (BLACK, 999, 999))
        state = game.apply(state, "p11-p12")
        self.assertEqual(state.outcome, ("draw", None))
        self.assertEqual((state.turns, state.actions), (1000, 1000))
        self.assertEqual(game.describe(state)["outcome"], {"draw": True, "winner": None})
        self.assertEqual(game.describe(state)["team_wins"], {"White": 0, "Black": 0})

    def test_a_smaller_limit_and_none(self):
        # The `turns` option: 4 draws after one cycle; 0 is no limit (1 000 turns go on).
        game, state = after(CYCLE, limit=4)
        self.assertEqual((state.outcome, state.turns), (("draw", None), 4))
        game, state = after(" ".join([CYCLE] * 250), limit=0)
        self.assertIsNone(state.outcome)
        self.assertEqual(state.turns, 1000)

    def test_a_win_on_the_1000th_turn_counts(self):
        # The filling step of TheWin as the 1000th turn: White wins; another step: a draw.
        game = halma.Halma()
        state = game.position(without(BLACK_CAMP, "l16") + ["k16"], ["a1", "b1"], turns=999)
        self.assertEqual(game.apply(state, "k16-l16").outcome, ("win", WHITE))
        self.assertEqual(game.apply(state, "k16-k15").outcome, ("draw", None))

    def test_the_1000th_turn_of_hops(self):
        # The chain of test_the_win_waits_for_the_end_of_the_turn as the 1000th turn: after
        # j15-l15 the turn is not over, so no result (1000 turns begun). `end`: White wins (the
        # win is checked first); l15-l13: the turn ends without a win: a draw.
        game = halma.Halma()
        state = game.position(without(BLACK_CAMP, "l15") + ["j15"], ["k15", "l14", "a1"], turns=999)
        state = game.apply(state, "j15-l15")
        self.assertIsNone(state.outcome)
        self.assertEqual((state.to_move, state.turns), (WHITE, 1000))
        self.assertEqual(game.apply(state, "end").outcome, ("win", WHITE))
        self.assertEqual(game.apply(state, "l15-l13").outcome, ("draw", None))


class Commands(unittest.TestCase):
    def run_main(self, *args, stdin=None):
        out = io.StringIO()
        saved = sys.stdin
        if stdin is not None:
            sys.stdin = io.StringIO(stdin)
        try:
            with redirect_stdout(out):
                status = halma.main(list(args))
        finally:
            sys.stdin = saved
        return status, out.getvalue()

    def test_perft_prints_the_count_last(self):
        self.assertEqual(self.run_main("perft", GAME, "2", "--all"), (0, "perft(1) = 40\n1600\n"))
        self.assertEqual(self.run_main("perft", GAME, "2"), (0, "1600\n"))
        self.assertEqual(self.run_main("perft", GAME, "0"), (0, "1\n"))

    def test_divide_in_the_middle_of_a_turn(self):
        # After "e1-f1 p12-p11 c1-e1": e1-e3, e1-g1, end, each 1 at depth 1. At depth 2 each
        # ends White's turn, and Black has 43: his position is White's after a5-a6 turned half
        # round, and a5-a6 is e1-f1 mirrored in the diagonal a1–p16 (43, TheStart); White's
        # pieces are far away.
        status, out = self.run_main("perft", GAME, "1", "--divide", "--after", "e1-f1 p12-p11 c1-e1")
        self.assertEqual((status, out), (0, "e1-e3: 1\ne1-g1: 1\nend: 1\n3\n"))
        status, out = self.run_main("perft", GAME, "2", "--divide", "--after", "e1-f1 p12-p11 c1-e1")
        self.assertEqual((status, out), (0, "e1-e3: 43\ne1-g1: 43\nend: 43\n129\n"))

    def test_moves_json(self):
        status, out = self.run_main("moves", GAME, "--after", "e1-f1; p12-p11; c1-e1")
        self.assertEqual(status, 0)
        self.assertEqual(
            json.loads(out),
            {
                "actions": 3,
                "legal": ["e1-e3", "e1-g1", "end"],
                "outcome": None,
                "team_wins": {"Black": 0, "White": 0},
                "to_move": 1,
                "turns": 3,
            },
        )
        status, out = self.run_main("moves", GAME, "--batch", stdin="\ne1-f1; p12-p11\nz9-a1\n")
        rows = [json.loads(line) for line in out.splitlines()]
        self.assertEqual(len(rows[0]["legal"]), 40)
        self.assertEqual((rows[1]["to_move"], rows[1]["turns"], len(rows[1]["legal"])), (1, 2, 43))
        self.assertIn("error", rows[2])

    def test_board(self):
        status, out = self.run_main("board", GAME)
        found = json.loads(out)
        self.assertEqual(len(found["sites"]), 256)
        self.assertEqual(found["sites"][119], {"label": "h8", "orthogonal": ["g8", "h7", "h9", "i8"], "diagonal": ["g7", "g9", "i7", "i9"]})
        self.assertEqual(sorted(found["start"]["White"]), sorted(WHITE_CAMP))
        self.assertEqual(sorted(found["camps"]["Black"]), sorted(BLACK_CAMP))
        self.assertEqual(found["turn_limit"], 1000)

    def test_bad_input_is_an_error_not_a_traceback(self):
        for args in (
            ["perft", "chess", "1"],
            ["perft", GAME, "x"],
            ["perft", GAME],
            ["moves", GAME, "--after", "z9-a1"],
            ["moves", GAME, "--after", "a1-a2"],
            ["moves", GAME, "--after", "f1"],
            ["moves", GAME, "--after", "e1-g1"],
            ["moves", GAME, "--after", "l16-k16"],
            ["moves", GAME, "--after", "end"],
            ["moves", GAME, "--after", "pass"],
            ["moves", GAME, "--after", "c1-e3 end"],
            ["moves", GAME, "--after"],
            ["nonsense"],
        ):
            with self.assertRaises(halma.ModelError, msg=args):
                self.run_main(*args)

    def record(self, text):
        f = tempfile.NamedTemporaryFile("w", suffix=".rec", delete=False)
        f.write(text)
        f.close()
        self.addCleanup(os.unlink, f.name)
        return f.name

    def test_replay_checks_turns_and_the_result(self):
        # The 1 000-turn draw of TheTurnLimit, one step a line; and with `set turns=4`, one cycle.
        lines = "\n".join(" ".join([CYCLE] * 250).split())
        good = self.record(f"; result: draw after 1000 turns, 1000 actions\ngame Halma\n{lines}\n")
        short = self.record("; result: draw after 4 turns, 4 actions\ngame Halma\nset turns=4\n" + "\n".join(CYCLE.split()) + "\n")
        status, out = self.run_main("replay", GAME, good, short)
        self.assertEqual(status, 0, out)
        self.assertEqual(out.splitlines()[-1], "2 records: 2 agree, 0 disagree; wins 0 0, draws 2")
        wrong = self.record("; result: White wins after 4 turns, 4 actions\nset turns=4\n" + "\n".join(CYCLE.split()) + "\n")
        counts = self.record("; result: draw after 4 turns, 5 actions\nset turns=4\n" + "\n".join(CYCLE.split()) + "\n")
        unfinished = self.record("; result: draw after 4 turns, 4 actions\n" + "\n".join(CYCLE.split()) + "\n")
        option = self.record("; result: draw after 4 turns, 4 actions\nset size=8\n" + "\n".join(CYCLE.split()) + "\n")
        status, out = self.run_main("replay", GAME, good, wrong, counts, unfinished, option)
        self.assertEqual(status, 1)
        self.assertEqual(out.count("DISAGREE"), 4, out)
        self.assertIn("not modelled", out)
        self.assertTrue(out.splitlines()[-1].startswith("5 records: 1 agree, 4 disagree; wins 0 0, draws 1"))

    def test_replay_lines_are_whole_turns(self):
        # The hops of one turn are one line, ending where the turn does.
        whole = self.record("e1-f1\np12-p11\nc1-e1 e1-g1\n")
        stopped = self.record("e1-f1\np12-p11\nc1-e1 end\n")
        split = self.record("e1-f1\np12-p11\nc1-e1\ne1-g1\n")
        beyond = self.record("e1-f1 p12-p11\n")
        reports = [halma.check_record(GAME, path, list(halma.PLAYERS)) for path in (whole, stopped, split, beyond)]
        self.assertEqual(reports[0]["problems"][0], "the model's game is not over after 4 actions")
        self.assertEqual(reports[1]["problems"][0], "the model's game is not over after 4 actions")
        self.assertIn("middle of White's turn", reports[2]["problems"][0])
        self.assertIn("the turn ended before `p12-p11`", reports[3]["problems"][0])


if __name__ == "__main__":
    unittest.main()
