"""Checks of the independent Connect Four solver (`connect_four_solve.py`).

Run from the repository root:
    python3 -m pytest tests/classics/test_connect_four_solve.py
or  python3 -m unittest tests/classics/test_connect_four_solve.py
It takes a few seconds.
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(__file__))
import connect_four_solve as c4  # noqa: E402


def naive_value(width, height, seq):
    """Score for the side to move after the columns `seq`, by plain memoised minimax on a
    grid (no bitboards, no pruning): a second, simpler model to check the solver against.
    Same scale as the solver: a win at ply p scores W*H + 1 - p for the winner."""
    n_cells = width * height
    lines_at = {}
    for c in range(width):
        for r in range(height):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                line = [(c + k * dc, r + k * dr) for k in range(4)]
                if all(0 <= x < width and 0 <= y < height for x, y in line):
                    for cell in line:
                        lines_at.setdefault(cell, []).append(line)
    cols = [[] for _ in range(width)]
    for i, c in enumerate(seq):
        cols[c].append(i % 2)
    memo = {}

    def wins(c, r, who):
        return any(all(len(cols[x]) > y and cols[x][y] == who for x, y in line)
                   for line in lines_at.get((c, r), ()))

    def value(moves):
        key = tuple(map(tuple, cols))
        if key in memo:
            return memo[key]
        who = moves % 2
        best = 0 if moves == n_cells else -n_cells - 1
        for c in range(width):
            if len(cols[c]) == height:
                continue
            cols[c].append(who)
            if wins(c, len(cols[c]) - 1, who):
                v = n_cells - moves
            elif moves + 1 == n_cells:
                v = 0
            else:
                v = -value(moves + 1)
            cols[c].pop()
            best = max(best, v)
        memo[key] = best
        return best

    return value(len(seq))


class WinDetection(unittest.TestCase):
    def check(self, width, height, cells, expected):
        s = c4.Solver(width, height)
        self.assertEqual(s.is_win(s.bits(cells)), expected, (width, height, cells))

    def test_four_directions(self):
        for w, h in ((4, 4), (7, 6), (5, 4), (4, 5)):
            self.check(w, h, [(0, 0), (1, 0), (2, 0), (3, 0)], True)          # horizontal
            self.check(w, h, [(w - 4, h - 1), (w - 3, h - 1), (w - 2, h - 1), (w - 1, h - 1)],
                       True)                                                 # horizontal, top
            self.check(w, h, [(0, 0), (0, 1), (0, 2), (0, 3)], True)          # vertical
            self.check(w, h, [(w - 1, h - 4), (w - 1, h - 3), (w - 1, h - 2), (w - 1, h - 1)],
                       True)                                                 # vertical, top right
            self.check(w, h, [(0, 0), (1, 1), (2, 2), (3, 3)], True)          # diagonal /
            self.check(w, h, [(0, 3), (1, 2), (2, 1), (3, 0)], True)          # diagonal \
            self.check(w, h, [(w - 4, h - 1), (w - 3, h - 2), (w - 2, h - 3), (w - 1, h - 4)],
                       True)                                                 # diagonal \, top

    def test_no_false_wins(self):
        # three in a line is not a win; nor are lines that would wrap from one column's top
        # to the next column's bottom
        self.check(7, 6, [(0, 0), (1, 0), (2, 0)], False)
        self.check(7, 6, [(0, 0), (1, 1), (2, 2), (4, 4)], False)
        self.check(7, 6, [(0, 3), (0, 4), (0, 5), (1, 0)], False)            # "vertical" wrap
        self.check(4, 4, [(0, 2), (0, 3), (1, 0), (1, 1)], False)
        self.check(7, 6, [(0, 1), (1, 0), (2, 5), (3, 4)], False)            # "\" wrap
        self.check(7, 6, [(0, 4), (1, 5), (3, 0), (4, 1)], False)            # "/" wrap
        self.check(7, 6, [(6, 0), (5, 0), (4, 0), (0, 1)], False)            # no row wrap
        # a full 4x4 board with no four in a row for either player
        first = [(c, r) for c in range(4) for r in range(4) if (c // 2 + r) % 2 == 0]
        s = c4.Solver(4, 4)
        self.assertFalse(s.is_win(s.bits(first)))
        self.assertFalse(s.is_win(s.board ^ s.bits(first)))

    def test_win_by_play(self):
        s = c4.Solver(7, 6)
        for seq, winner_moved in (("abababa", True), ("aabbccd", True),   # vertical, horizontal
                                  ("abbccdcddgd", True),                  # diagonal /
                                  ("gffeededdad", True)):                 # diagonal \
            cur, mask, n = s.play(seq)
            self.assertEqual(s.is_win(cur ^ mask), winner_moved, seq)
            self.assertEqual(n, len(seq))
            with self.assertRaises(ValueError):
                s.play(seq + "a")                                         # game is over
        with self.assertRaises(ValueError):
            c4.Solver(4, 4).play("aaaaa")                                 # column full


class Solve(unittest.TestCase):
    def test_immediate_win_7x6(self):
        # first player has three discs in column a and a free cell above: he wins with
        # the 7th disc; the solver's score says "first player wins in 7 plies"
        s = c4.Solver(7, 6)
        cur, mask, n = s.play("ababab")
        v = s.value(cur, mask, n)
        self.assertEqual(v, s.N + 1 - 7)
        self.assertEqual(s.score_to_text(v, n, True), "first player wins in 7 plies")
        # the same for an open horizontal three (either end wins)
        cur, mask, n = s.play("bbccdd")
        self.assertEqual(s.value(cur, mask, n), s.N + 1 - 7)
        # and a second-player three in a column: the second player wins on ply 8
        cur, mask, n = s.play("gaeagag")
        self.assertEqual(s.value(cur, mask, n), s.N + 1 - 8)

    def test_forced_loss(self):
        # 7x6, moves g b g c f d: the second player has b1 c1 d1 with a1 and e1 free.
        # The first player, to move, can block only one end: he loses on ply 8.
        s = c4.Solver(7, 6)
        cur, mask, n = s.play("gbgcfd")
        v = s.value(cur, mask, n)
        self.assertEqual(v, -(s.N + 1 - 8))
        self.assertEqual(s.score_to_text(v, n, True), "second player wins in 8 plies")
        # after one more first-player disc (f) the second player, to move, wins at once
        cur, mask, n = s.play("gbgcfdf")
        self.assertEqual(s.value(cur, mask, n), s.N + 1 - 8)

    def test_4x4(self):
        per_move, empty, s = c4.solve_board(4, 4)
        self.assertEqual(per_move, {0: 0, 1: 0, 2: 0, 3: 0})
        self.assertEqual(empty, 0)
        self.assertEqual(s.score_to_text(empty, 0, True), "draw")
        self.assertEqual(max(per_move.values()), empty)

    def test_self_consistency(self):
        for w, h in ((4, 4), (5, 4), (4, 5)):
            per_move, empty, _ = c4.solve_board(w, h)
            self.assertEqual(empty, max(per_move.values()), (w, h))

    def test_against_naive_minimax_4x4(self):
        # the whole 4x4 game, every first move, by plain minimax (about a second)
        s = c4.Solver(4, 4)
        for c in range(4):
            seq = chr(ord("a") + c)
            cur, mask, n = s.play(seq)
            self.assertEqual(s.value(cur, mask, n), naive_value(4, 4, [c]), seq)

    def test_against_naive_minimax_positions(self):
        # hand-picked and pseudo-random middle-game positions on other boards
        import random
        rng = random.Random(7)
        for w, h, k, count in ((5, 4, 10, 8), (6, 4, 14, 8), (7, 6, 32, 8), (5, 5, 15, 5)):
            done = 0
            while done < count:
                s = c4.Solver(w, h)
                seq, heights = [], [0] * w
                for _ in range(k):
                    c = rng.choice([c for c in range(w) if heights[c] < h])
                    seq.append(c)
                    heights[c] += 1
                try:
                    cur, mask, n = s.play("".join(chr(ord("a") + c) for c in seq))
                except ValueError:
                    continue
                if s.is_win(cur ^ mask):
                    continue
                self.assertEqual(s.value(cur, mask, n), naive_value(w, h, seq), (w, h, seq))
                done += 1


if __name__ == "__main__":
    unittest.main()
