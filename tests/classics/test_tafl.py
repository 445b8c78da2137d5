"""Facts about Brandubh and Hnefatafl worked out by hand from docs/RULINGS.md ("Tafl") and
LANGUAGE.md §4 (`square` labels), checked against `tafl.py`. Each expectation is derived in the
comment above it, not by running the model. Most positions are reached by moves from the start,
so that the same action sequences can be sent to `tabula moves --after`; a few are set by hand
(`game.position(...)`), where a sequence from the start would be long.
Run from the repository root: `python3 -m unittest tests/classics/test_tafl.py`.

The Brandubh start, for reading the sequences (A Attackers, D defending soldiers, K the king on
the throne d4; the corners are a1 a7 g1 g7):

    7 . . . A . . .
    6 . . . A . . .
    5 . . . D . . .
    4 A A D K D A A
    3 . . . D . . .
    2 . . . A . . .
    1 . . . A . . .
      a b c d e f g
"""

import io
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stdout

sys.path.insert(0, os.path.dirname(__file__))
import tafl  # noqa: E402

ATTACKERS, DEFENDERS = 1, 2


def after(name, actions, state=None):
    game = tafl.new_game(name)
    return game, tafl.play_all(game, tafl.split_actions(actions), state)


def perft(name, depth):
    game = tafl.new_game(name)
    return game.perft_all(game.start(), depth)


def legal_from(game, state, label):
    return sorted(a for a in game.legal(state) if a.startswith(label + "-"))


class TheStart(unittest.TestCase):
    def test_brandubh_start_and_perft_2(self):
        # Attackers' moves at the start (soldiers may not stop on a corner or the throne):
        #   d1: c1 b1 (a1 is a corner), e1 f1 (g1 is a corner); d2 above it: 4.
        #   d2: c2 b2 a2, e2 f2 g2; d3 above, d1 below: 6.
        #   a4: a5 a6 (a7 a corner), a3 a2 (a1 a corner); b4 beside it: 4.
        #   b4: b5 b6 b7, b3 b2 b1; a4 and c4 beside it: 6.
        # The four groups are alike: 4 · (4 + 6) = 40.
        self.assertEqual(perft("brandubh", 1), [40])
        # Defenders' replies: d3, d5, c4 and e4 have 3 squares each way along their free line
        # (d3: c3 b3 a3, e3 f3 g3) = 6 each, 24; the king is walled in. An attacker's move
        # changes that only by standing on one of those lines or by leaving a square next to a
        # soldier (no capture or win is possible at ply 1: no attacker can reach a square next
        # to a defender with a hostile square beyond):
        #   d1-c1, d1-e1 stand on c4's or e4's line at its far end: 23; d1-b1, d1-f1: 24.  94
        #   d2 leaves d2, so d3 gains d3-d2 (+1); d2-c2, d2-e2 also cut c2 and c1 (−2): 23;
        #   d2-b2 a2 f2 g2: 25.                                                        146
        #   a4-a5 cuts a5 of d5's line, a4-a3 a3 of d3's: 23; a4-a6, a4-a2: 24.            94
        #   b4 leaves, so c4 gains c4-b4 (+1); b4-b5, b4-b3 cut two squares: 23; b4-b6 b7
        #   b2 b1: 25.                                                                  146
        # By symmetry 4 · (94 + 146) = 960.
        self.assertEqual(perft("brandubh", 2), [40, 960])
        game, state = after("brandubh", "d1-b1")
        self.assertEqual(len(game.legal(state)), 24)
        self.assertEqual(legal_from(game, state, "d4"), [])

    def test_hnefatafl_start_and_perft_2(self):
        # The setup is the same under a quarter turn about f6, so take the bottom group
        # d1 e1 f1 g1 h1 f2 and multiply by 4:
        #   d1: c1 b1 (a1 a corner); up d2 d3 d4 d5 (d6 a defender): 6.   h1 likewise: 6.
        #   e1: up e2 e3 e4 (e5 a defender): 3.                             g1 likewise: 3.
        #   f1: f2 above, e1 and g1 beside: 0.
        #   f2: e2 d2 c2 b2 a2, g2 h2 i2 j2 k2, f3 (f4 a defender): 11.
        # 6 + 6 + 3 + 3 + 0 + 11 = 29, and 4 · 29 = 116.
        self.assertEqual(perft("hnefatafl", 1), [116])
        # Defenders at the start: f4 has f3 below, e4 d4 c4 b4 to the left (a4 an attacker),
        # g4 h4 i4 j4 to the right: 9 (f8, d6, h6 likewise: 36); e5 has d5 c5 b5 and e4 e3
        # e2: 6 (g5, e7, g7 likewise: 24); f5 e6 g6 f7 and the king are walled in: 60.
        # An attacker's first move changes that only by blocking those lines or leaving
        # their far ends (no capture is possible at ply 1). For the bottom group:
        #   d1-c1, d1-b1: d6's line down reaches d1 (+1): 61 each. d1-d2: d6 loses d2: 59.
        #   d1-d3: −2: 58. d1-d4: d6 keeps d5 only (−3), f4 keeps e4 only (−3): 54.
        #   d1-d5: d6 loses all 4 down, e5 loses d5 c5 b5: 53.  Sum 346; h1 the same.
        #   e1-e2: e5 loses e2 (e1 now free, but behind e2): 59. e1-e3: 58. e1-e4: e5 loses
        #   all 3 down, f4 all 4 to the left: 53.  Sum 170; g1 the same.
        #   f2 leaves: f4 gains f2 (+1). f2-e2, f2-d2, f2-g2, f2-h2 each cut one square of
        #   e5's, d6's, g5's, h6's line: 60 each; f2-c2 b2 a2 i2 j2 k2: 61 each; f2-f3: f4
        #   loses f3 and gains nothing: 59.  Sum 4 · 60 + 6 · 61 + 59 = 665.
        # 346 + 346 + 170 + 170 + 665 = 1 697, and 4 · 1 697 = 6 788.
        self.assertEqual(perft("hnefatafl", 2), [116, 6788])

    def test_labels_and_squares(self):
        # LANGUAGE.md §4: index row × N + column from a1; the throne is the centre.
        for name, n, throne, corners in (
            ("brandubh", 7, "d4", ["a1", "g1", "a7", "g7"]),
            ("hnefatafl", 11, "f6", ["a1", "k1", "a11", "k11"]),
        ):
            b = tafl.new_game(name).board
            self.assertEqual(b.labels[0], "a1")
            self.assertEqual(b.labels[1], "b1")
            self.assertEqual(b.labels[n], "a2")
            self.assertEqual(b.labels[b.throne], throne)
            self.assertEqual([b.labels[c] for c in b.corners], corners)
        game = tafl.new_game("hnefatafl")
        state = game.start()
        self.assertEqual(len(game.pieces(state)["attackers"]), 24)
        self.assertEqual(len(game.pieces(state)["defenders"]), 12)
        self.assertEqual(game.pieces(state)["king"], "f6")


class CapturingSoldiers(unittest.TestCase):
    def test_against_a_friendly_piece(self):
        # b4-b3; d3-c3 (c3 sits between b3 and the empty d3: safe); d2-d3 moves to X = d3:
        # west Y = c3 a defending soldier, Z = b3 an attacker: c3 is taken. (North of d3 is
        # the king, who is no soldier; east e3 is empty.)
        game, state = after("brandubh", "b4-b3 d3-c3 d2-d3")
        self.assertEqual(game.pieces(state)["defenders"], ["c4", "e4", "d5"])
        self.assertIsNone(state.outcome)
        # The Defenders do it too: c4-c6 stands beside d6 (e6 beyond is empty: safe), then
        # e4-e6 closes d6 between e6 and c6.
        game, state = after("brandubh", "b4-b3 c4-c6 b3-b2 e4-e6")
        self.assertNotIn("d6", game.pieces(state)["attackers"])
        self.assertEqual(len(game.pieces(state)["attackers"]), 7)

    def test_against_a_corner(self):
        # d1-b1 puts an attacker beside the corner a1; c4-c1 (c3 c2 c1 empty) arrives on the
        # other side: b1 is taken against the corner.
        game, state = after("brandubh", "d1-b1 c4-c1")
        self.assertNotIn("b1", game.pieces(state)["attackers"])
        self.assertEqual(len(game.pieces(state)["attackers"]), 7)
        # And a defender: c4-c7 then c7-b7 beside a7; d7-c7 takes it.
        game, state = after("brandubh", "b4-b3 c4-c7 b3-b2 c7-b7 d7-c7")
        self.assertEqual(game.pieces(state)["defenders"], ["d3", "e4", "d5"])

    def test_against_the_empty_throne(self):
        # b4-b3; d5-e5; b3-b2; the king leaves the throne: d4-d5 (d6 above is an attacker
        # with d7 behind it, an attacker too: no capture by the king). Now a4-b4: east of b4
        # is c4, a defending soldier, and beyond it the empty throne d4: taken.
        game, state = after("brandubh", "b4-b3 d5-e5 b3-b2 d4-d5 a4-b4")
        self.assertEqual(game.pieces(state)["defenders"], ["d3", "e4", "e5"])
        self.assertEqual(game.pieces(state)["king"], "d5")
        # An attacker against the empty throne, set by hand: the Defenders' c6-d6 stands
        # above the attacker d5, and below it is the empty throne d4.
        game = tafl.new_game("brandubh")
        state = game.position(["d5", "g6"], ["c6"], "f2", to_move=DEFENDERS)
        state = game.apply(state, "c6-d6")
        self.assertEqual(game.pieces(state)["attackers"], ["g6"])

    def test_not_against_the_throne_held_by_the_king(self):
        # The same as above with the king still on the throne: b4-b5, d5-e5, a4-b4 puts an
        # attacker on b4 against c4, but d4 holds the enemy king: not hostile to c4.
        game, state = after("brandubh", "b4-b5 d5-e5 a4-b4")
        self.assertIn("c4", game.pieces(state)["defenders"])
        self.assertEqual(len(game.pieces(state)["defenders"]), 4)
        # For the Defenders the king on the throne is their own (armed) piece: f4-f5; c4-c2;
        # b4-c4 (an attacker beside the king); c2-b2; f5-f6; b2-b4 (b3 b4 empty) closes c4
        # between b4 and the king on d4: taken.
        game, state = after("brandubh", "f4-f5 c4-c2 b4-c4 c2-b2 f5-f6 b2-b4")
        self.assertNotIn("c4", game.pieces(state)["attackers"])
        self.assertEqual(sorted(game.pieces(state)["attackers"]), ["a4", "d1", "d2", "d6", "d7", "f6", "g4"])
        # a4 west of b4 has no square beyond it: the edge is not hostile, a4 stays.

    def test_the_king_captures(self):
        # Set by hand: the king on f5 moves f5-c5 (e5 d5 c5 empty); west of c5 is the attacker b5 with the
        # defender a5 beyond it: taken, the king is armed.
        game = tafl.new_game("brandubh")
        state = game.position(["b5", "g2"], ["a5"], "f5", to_move=DEFENDERS)
        state = game.apply(state, "f5-c5")
        self.assertEqual(game.pieces(state)["attackers"], ["g2"])

    def test_no_capture_when_moving_between_two_enemies(self):
        # b4-b2; c4-c2 (c3 c2 empty): c2 now stands between the attackers b2 and d2, but it
        # moved there itself: not taken. After another attacker move elsewhere it is still
        # there (capture is active: only the moving side captures, around the moved piece).
        game, state = after("brandubh", "b4-b2 c4-c2")
        self.assertIn("c2", game.pieces(state)["defenders"])
        game, state = after("brandubh", "b4-b2 c4-c2 a4-a5")
        self.assertIn("c2", game.pieces(state)["defenders"])
        # Between an enemy and a hostile square: d1-c1; d3-b3; g4-g5; b3-b1 puts a defender
        # between the corner a1 and the attacker c1. Not taken, then or after g5-g6.
        game, state = after("brandubh", "d1-c1 d3-b3 g4-g5 b3-b1 g5-g6")
        self.assertIn("b1", game.pieces(state)["defenders"])
        # An attacker moving between the corner a7 and a defender c7 is not taken either; it
        # takes c7 itself, because d7 beyond c7 is an attacker: b4-b3; c4-c7; b3-b7 (b4 b5
        # b6 b7 empty).
        game, state = after("brandubh", "b4-b3 c4-c7 b3-b7")
        self.assertIn("b7", game.pieces(state)["attackers"])
        self.assertNotIn("c7", game.pieces(state)["defenders"])

    def test_double_capture(self):
        # f4-f3; d3-c3; b4-b3; e4-e3 (between the empty d3 and f3: safe); d2-d3 has c3
        # west (b3 beyond: an attacker) and e3 east (f3 beyond: an attacker): both taken.
        # North of d3 is the king, who is not taken by two.
        game, state = after("brandubh", "f4-f3 d3-c3 b4-b3 e4-e3 d2-d3")
        self.assertEqual(game.pieces(state)["defenders"], ["c4", "d5"])
        self.assertIsNone(state.outcome)

    def test_triple_capture(self):
        # b4-b6; d5-b5 (c5 b5 empty); d2-b2; d3-b3; g4-g5; the king leaves: d4-d5. Then
        # a4-b4: north b5 with the attacker b6 beyond, south b3 with the attacker b2 beyond,
        # east c4 with the empty throne beyond: three soldiers taken in one move.
        game, state = after("brandubh", "b4-b6 d5-b5 d2-b2 d3-b3 g4-g5 d4-d5 a4-b4")
        self.assertEqual(game.pieces(state)["defenders"], ["e4"])
        self.assertEqual(game.pieces(state)["king"], "d5")
        # Set by hand, the three the other way round: c2-c5 (c3 c4 empty) with the defenders
        # b5, c6, d5 around c5 and the attackers a5, c7, e5 beyond them.
        game = tafl.new_game("brandubh")
        state = game.position(["a5", "c7", "e5", "c2"], ["b5", "c6", "d5"], "f2")
        state = game.apply(state, "c2-c5")
        self.assertEqual(game.pieces(state)["defenders"], [])
        self.assertIsNone(state.outcome)


class CapturingTheKing(unittest.TestCase):
    def test_four_attackers(self):
        # d7-c7; d5-e5; b4-b6; the king d4-d5 (d7 is empty now: d6 is not taken); a4-a5;
        # d5-c5; g4-g5; c5-c6, beside c7, b6 and d6. Then a5-c5 (b5 c5 empty) closes the
        # fourth side: c6 is neither on the edge nor next to the throne: the Attackers win.
        game, state = after("brandubh", "d7-c7 d5-e5 b4-b6 d4-d5 a4-a5 d5-c5 g4-g5 c5-c6")
        self.assertIsNone(state.outcome)
        state = game.apply(state, "a5-c5")
        self.assertEqual(state.outcome, ("win", ATTACKERS))
        self.assertEqual(game.describe(state)["legal"], [])
        self.assertIsNone(game.describe(state)["to_move"])

    def test_on_the_throne_it_takes_four(self):
        # Set by hand: the king on d4 with attackers c4, e4, d5; d1-d3 (d2 d3 empty) closes
        # the fourth side: captured. With a defender on d5 instead, the same move does not.
        game = tafl.new_game("brandubh")
        state = game.apply(game.position(["c4", "e4", "d5", "d1"], ["a2"], "d4"), "d1-d3")
        self.assertEqual(state.outcome, ("win", ATTACKERS))
        state = game.apply(game.position(["c4", "e4", "d1"], ["d5"], "d4"), "d1-d3")
        self.assertIsNone(state.outcome)

    def test_next_to_the_empty_throne_three_attackers(self):
        # b4-b5; d5-g5; b5-c5; the king d4-d5 (beside c5 and d6, the throne below); f4-f5;
        # c4-c3; f5-e5 closes the last side: c5, e5, d6 attackers and d4 the empty throne.
        game, state = after("brandubh", "b4-b5 d5-g5 b5-c5 d4-d5 f4-f5 c4-c3")
        self.assertIsNone(state.outcome)
        state = game.apply(state, "f5-e5")
        self.assertEqual(state.outcome, ("win", ATTACKERS))
        self.assertEqual(game.describe(state)["outcome"], {"winner": 1, "draw": False})

    def test_two_attackers_do_not_take_the_king(self):
        # Set by hand: the king c3, attackers b3 and a moving d1-d3: custodial capture is for
        # soldiers only.
        game = tafl.new_game("brandubh")
        state = game.apply(game.position(["b3", "d1"], ["f6"], "c3"), "d1-d3")
        self.assertIsNone(state.outcome)
        self.assertEqual(game.pieces(state)["king"], "c3")

    def test_on_the_edge_the_king_is_not_captured(self):
        # b4-b5; d3-e3; b5-b6; the king d4-d3; b6-b5; d3-a3 (c3 b3 a3 empty), beside a4.
        # d2-a2 (c2 b2 a2) closes a2; c4-c5; b5-b3 (b4 b3) closes b3. The king's three
        # neighbours are all attackers, but he has only three: not captured.
        game, state = after("brandubh", "b4-b5 d3-e3 b5-b6 d4-d3 b6-b5 d3-a3 d2-a2 c4-c5 b5-b3")
        self.assertIsNone(state.outcome)
        self.assertEqual(game.pieces(state)["king"], "a3")
        self.assertEqual(legal_from(game, state, "a3"), [])
        # Set by hand on Hnefatafl too: the king f1 between e1 and g1, and f5-f2 above him.
        game = tafl.new_game("hnefatafl")
        state = game.apply(game.position(["e1", "g1", "f5"], ["b8"], "f1"), "f5-f2")
        self.assertIsNone(state.outcome)

    def test_never_by_a_defenders_move(self):
        # b4-b5; d5-g5; b5-c5; c4-c3; f4-f5; c3-c2; f5-e5; then the king himself d4-d5,
        # between c5, e5 and d6 with the empty throne behind: a Defender's move, not
        # captured. (The king takes nothing: b5, f5 and d7 beyond the attackers are empty,
        # or an attacker.)
        moves = "b4-b5 d5-g5 b5-c5 c4-c3 f4-f5 c3-c2 f5-e5 d4-d5"
        game, state = after("brandubh", moves)
        self.assertIsNone(state.outcome)
        self.assertEqual(len(game.pieces(state)["attackers"]), 8)
        # Capture is active: an attacker has to move next to him. a4-a5, far from him, does
        # not capture him; c2-c3; e5-f5 leaves; c3-c2; f5-e5 comes back beside him: now
        # captured.
        game, state = after("brandubh", moves + " a4-a5")
        self.assertIsNone(state.outcome)
        game, state = after("brandubh", moves + " a4-a5 c2-c3 e5-f5 c3-c2")
        self.assertIsNone(state.outcome)
        state = game.apply(state, "f5-e5")
        self.assertEqual(state.outcome, ("win", ATTACKERS))


class Moving(unittest.TestCase):
    def test_soldiers_do_not_stop_on_corners(self):
        # d1 west: c1, b1, and a1 is a corner; a4 down: a3, a2, and a1 again.
        game, state = after("brandubh", "")
        self.assertEqual(legal_from(game, state, "d1"), ["d1-b1", "d1-c1", "d1-e1", "d1-f1"])
        self.assertEqual(legal_from(game, state, "a4"), ["a4-a2", "a4-a3", "a4-a5", "a4-a6"])

    def test_the_throne(self):
        # g4-g3; d5-g5; g3-g2; the king d4-d5; g2-g3; c4-c6; g3-g2; e4-e2. Row 4 is now
        # a4 b4 A, c4 empty, d4 the empty throne, e4 empty, f4 A, g4 empty. b4 may stop on
        # c4, pass over the throne and stop on e4, but not stop on d4; f4 likewise (and g4).
        game, state = after("brandubh", "g4-g3 d5-g5 g3-g2 d4-d5 g2-g3 c4-c6 g3-g2 e4-e2")
        self.assertIsNone(state.outcome)
        self.assertEqual(legal_from(game, state, "b4"), ["b4-b1", "b4-b2", "b4-b3", "b4-b5", "b4-b6", "b4-b7", "b4-c4", "b4-e4"])
        self.assertEqual(legal_from(game, state, "f4"), ["f4-c4", "f4-e4", "f4-f1", "f4-f2", "f4-f3", "f4-f5", "f4-f6", "f4-f7", "f4-g4"])
        # After b4-e4 the Defenders' d3 cannot go up (the throne, then the king), the king
        # may go back onto the throne (and no further: d3 is below it).
        state = game.apply(state, "b4-e4")
        self.assertEqual(legal_from(game, state, "d3"), ["d3-a3", "d3-b3", "d3-c3", "d3-e3", "d3-f3", "d3-g3"])
        self.assertIn("d5-d4", legal_from(game, state, "d5"))
        # A soldier passing over the empty throne along a column, set by hand: d2 up is d3,
        # the throne d4 (passed), d5, d6, d7; the king on d4 would stop it.
        game = tafl.new_game("brandubh")
        state = game.position(["d2"], ["a6"], "f6")
        self.assertEqual([a for a in legal_from(game, state, "d2") if a[3] == "d"], ["d2-d1", "d2-d3", "d2-d5", "d2-d6", "d2-d7"])
        state = game.position(["d2"], ["a6"], "d4")
        self.assertEqual([a for a in legal_from(game, state, "d2") if a[3] == "d"], ["d2-d1", "d2-d3"])

    def test_the_king_on_a_corner_wins(self):
        # b4-b5; d3-e3; b5-b6; the king d4-d3; b6-b5; d3-a3; b5-b6; a3-a1 (a2 a1): the king
        # stands on a corner and the Defenders win.
        game, state = after("brandubh", "b4-b5 d3-e3 b5-b6 d4-d3 b6-b5 d3-a3 b5-b6")
        self.assertIn("a3-a1", game.legal(state))
        state = game.apply(state, "a3-a1")
        self.assertEqual(state.outcome, ("win", DEFENDERS))
        self.assertEqual(game.describe(state)["team_wins"], {"Attackers": 0, "Defenders": 1})
        self.assertEqual((state.turns, state.actions), (8, 8))

    def test_a_player_without_a_move_loses(self):
        # Set by hand: the Defenders have only their king, on c1 between the attackers b1 and
        # d1. c5-c2 (c4 c3 c2) shuts him in (on the edge he is not captured); the Defenders
        # have no move on their turn: the Attackers win.
        game = tafl.new_game("brandubh")
        state = game.apply(game.position(["b1", "d1", "c5"], [], "c1"), "c5-c2")
        self.assertEqual(state.outcome, ("win", ATTACKERS))
        self.assertEqual(state.reason, "blocked")
        # The Attackers' last soldier b1, taken against the corner by c5-c1: no piece, no
        # move: the Defenders win.
        state = game.apply(game.position(["b1"], ["c5"], "e5", to_move=DEFENDERS), "c5-c1")
        self.assertEqual(state.outcome, ("win", DEFENDERS))


CYCLE_BRANDUBH = "a4-a5 c4-c3 a5-a4 c3-c4"  # back to the start after four moves, nothing taken
CYCLE_HNEFATAFL = "a4-a3 f4-e4 a3-a4 e4-f4"


class TheTurnLimit(unittest.TestCase):
    def test_brandubh_draws_after_200_turns(self):
        # a4-a5 and back, c4-c3 and back: no capture (c4 returning beside b4 has a4 beyond,
        # an attacker, not hostile to b4). 50 cycles are 200 turns: a draw.
        game, state = after("brandubh", " ".join([CYCLE_BRANDUBH] * 49) + " a4-a5 c4-c3 a5-a4")
        self.assertEqual(state.turns, 199)
        self.assertIsNone(state.outcome)
        state = game.apply(state, "c3-c4")
        self.assertEqual(state.outcome, ("draw", None))
        self.assertEqual(game.describe(state)["outcome"], {"winner": None, "draw": True})
        self.assertEqual((state.turns, state.actions), (200, 200))
        self.assertEqual(game.legal(state), [])

    def test_a_win_on_the_200th_turn_wins(self):
        # 48 cycles (192 turns) back to the start, then the 8 turns of the corner escape: the
        # 200th turn is a3-a1, and the win is checked first.
        corner = "b4-b5 d3-e3 b5-b6 d4-d3 b6-b5 d3-a3 b5-b6 a3-a1"
        game, state = after("brandubh", " ".join([CYCLE_BRANDUBH] * 48) + " " + corner)
        self.assertEqual(state.turns, 200)
        self.assertEqual(state.outcome, ("win", DEFENDERS))

    def test_blocked_by_the_200th_turn(self):
        # The model's reading of an ambiguity (README): the 200th turn leaves the Defenders
        # without a move; the game ends in the draw before their turn comes.
        game = tafl.new_game("brandubh")
        state = game.apply(game.position(["b1", "d1", "c5"], [], "c1", turns=199), "c5-c2")
        self.assertEqual(state.outcome, ("draw", None))

    def test_hnefatafl_draws_after_400_turns(self):
        game, state = after("hnefatafl", " ".join([CYCLE_HNEFATAFL] * 99) + " a4-a3 f4-e4 a3-a4")
        self.assertEqual(state.turns, 399)
        self.assertIsNone(state.outcome)
        state = game.apply(state, "e4-f4")
        self.assertEqual(state.outcome, ("draw", None))


class Commands(unittest.TestCase):
    def run_main(self, *args, stdin=None):
        out = io.StringIO()
        saved = sys.stdin
        if stdin is not None:
            sys.stdin = io.StringIO(stdin)
        try:
            with redirect_stdout(out):
                status = tafl.main(list(args))
        finally:
            sys.stdin = saved
        return status, out.getvalue()

    def test_perft_prints_the_count_last(self):
        self.assertEqual(self.run_main("perft", "brandubh", "2", "--all"), (0, "perft(1) = 40\n960\n"))
        self.assertEqual(self.run_main("perft", "brandubh", "0"), (0, "1\n"))

    def test_divide(self):
        # After the first 7 moves of the king's capture by three, the Attackers' f5-e5 wins, so
        # it counts 0 at depth 2; the lines are in byte order and the total is last.
        status, out = self.run_main("perft", "brandubh", "2", "--divide", "--after", "b4-b5 d5-g5 b5-c5 d4-d5 f4-f5 c4-c3")
        lines = out.splitlines()
        self.assertEqual(status, 0)
        self.assertIn("f5-e5: 0", lines)
        self.assertEqual(lines[:-1], sorted(lines[:-1]))
        self.assertEqual(int(lines[-1]), sum(int(line.split(": ")[1]) for line in lines[:-1]))

    def test_moves_json(self):
        status, out = self.run_main("moves", "brandubh", "--after", "d1-b1")
        self.assertEqual(status, 0)
        import json

        found = json.loads(out)
        self.assertEqual(found["to_move"], 2)
        self.assertEqual(len(found["legal"]), 24)
        self.assertEqual(found["legal"], sorted(found["legal"]))
        self.assertIsNone(found["outcome"])
        self.assertEqual((found["turns"], found["actions"]), (1, 1))
        status, out = self.run_main("moves", "brandubh", "--batch", stdin="\nd1-b1 c4-c1\nz9-a1\n")
        rows = [json.loads(line) for line in out.splitlines()]
        self.assertEqual(len(rows[0]["legal"]), 40)
        self.assertEqual(rows[1]["to_move"], 1)
        self.assertIn("error", rows[2])

    def test_bad_input_is_an_error_not_a_traceback(self):
        for args in (
            ["perft", "chess", "1"],
            ["perft", "brandubh", "x"],
            ["perft", "brandubh"],
            ["moves", "brandubh", "--after", "z9-a1"],
            ["moves", "brandubh", "--after", "d1-a1"],
            ["moves", "brandubh", "--after", "d1"],
            ["moves", "brandubh", "--after", "c4-c3"],
            ["moves", "brandubh", "--after"],
            ["nonsense"],
        ):
            with self.assertRaises(tafl.ModelError, msg=args):
                self.run_main(*args)

    def record(self, text):
        f = tempfile.NamedTemporaryFile("w", suffix=".rec", delete=False)
        f.write(text)
        f.close()
        self.addCleanup(os.unlink, f.name)
        return f.name

    def test_replay_checks_turns_and_the_result(self):
        moves = "\n".join("b4-b5 d3-e3 b5-b6 d4-d3 b6-b5 d3-a3 b5-b6 a3-a1".split())
        good = self.record(f"; result: Defenders wins after 8 turns, 8 actions\ngame Brandubh\n{moves}\n")
        status, out = self.run_main("replay", "brandubh", good)
        self.assertEqual(status, 0, out)
        wrong = self.record(f"; result: Attackers wins after 8 turns, 8 actions\n{moves}\n")
        short = self.record("; result: Defenders wins after 7 turns, 7 actions\n" + "\n".join(moves.split("\n")[:7]) + "\n")
        two = self.record("; result: Defenders wins after 8 turns, 8 actions\nb4-b5 d3-e3\n" + "\n".join(moves.split("\n")[2:]) + "\n")
        status, out = self.run_main("replay", "brandubh", good, wrong, short, two)
        self.assertEqual(status, 1)
        self.assertEqual(out.count("DISAGREE"), 3, out)
        self.assertTrue(out.splitlines()[-1].startswith("4 records: 1 agree, 3 disagree"))


if __name__ == "__main__":
    unittest.main()
