"""Exact Connect Four solver for small boards: an independent model.

Written from the rules alone (not from Tabula's source or game files):

- W columns, H rows, empty at the start; the first player moves first and the two
  players alternate.  A move drops a disc into a column that is not full; it comes to
  rest on the lowest empty cell of that column.
- Four of one's own discs in a row (horizontal, vertical or either diagonal) wins at
  once.  A full board with no such line is a draw.

The search is an exhaustive negamax with alpha-beta pruning and a transposition table
(bitboards, mirror symmetry folded in).  It is exact: every pruning rule below is sound.
Scores are from the side to move: a win whose last disc is the p-th disc of the game
scores  W*H + 1 - p  (so faster wins score more), a draw 0, a loss at ply p the
negative of that.  Thus the solved score also gives the number of plies (discs placed,
both players together) to the end of the game with best play: the winner wins as fast as
possible, the loser holds out as long as possible.

Run from the repository root (standard library only, Python 3.10+):

    python3 tests/classics/connect_four_solve.py W H

It prints one line per first move (columns a, b, c, ... from the left), e.g.
``a: draw`` or ``b: first player wins in 15 plies``, then ``value: ...`` for the empty
board.  Tests: ``python3 -m pytest tests/classics/test_connect_four_solve.py`` (or
``python3 -m unittest tests/classics/test_connect_four_solve.py``).
"""

import sys
import time


class Solver:
    """Bitboard solver for a W x H board.

    Cell (column c, row r), rows counted from 0 at the bottom, is bit c*(H+1) + r.  Each
    column has one spare bit on top (always empty), which keeps lines from wrapping from
    one column into the next.  A position is (cur, mask): the discs of the player to move
    and all discs.
    """

    def __init__(self, width, height):
        if width < 1 or height < 1:
            raise ValueError("board must be at least 1x1")
        self.W = width
        self.H = height
        self.N = width * height
        h1 = height + 1
        self.h1 = h1
        self.bottom = sum(1 << (c * h1) for c in range(width))
        self.board = self.bottom * ((1 << height) - 1)
        self.col_mask = [((1 << height) - 1) << (c * h1) for c in range(width)]
        self.bottom_cell = [1 << (c * h1) for c in range(width)]
        self.top_cell = [1 << (c * h1 + height - 1) for c in range(width)]
        # centre columns first: a move-ordering aid only (any order gives the same value)
        centre = (width - 1) / 2
        self.order = sorted(range(width), key=lambda c: (abs(c - centre), c))
        self.tt = {}
        self.nodes = 0

    # ----- rules -----------------------------------------------------------------
    def is_win(self, p):
        """True if the bitboard p holds four in a row in any direction."""
        # shifts: 1 vertical, H+1 horizontal, H and H+2 the two diagonals
        for s in (1, self.h1, self.H, self.h1 + 1):
            m = p & (p >> s)
            if m & (m >> (2 * s)):
                return True
        return False

    def playable(self, mask, c):
        return not (mask & self.top_cell[c])

    def move_bit(self, mask, c):
        """The cell where a disc dropped in column c comes to rest."""
        return (mask + self.bottom_cell[c]) & self.col_mask[c]

    def winning_cells(self, p, mask):
        """Empty cells (anywhere, not only playable) that would complete four for p."""
        r = (p << 1) & (p << 2) & (p << 3)  # vertical: only upward
        for s in (self.h1, self.H, self.h1 + 1):
            t = (p << s) & (p << (2 * s))
            r |= t & (p << (3 * s))
            r |= t & (p >> s)
            t = (p >> s) & (p >> (2 * s))
            r |= t & (p << s)
            r |= t & (p >> (3 * s))
        return r & (self.board ^ mask)

    def mirror(self, b):
        h1 = self.h1
        col = (1 << h1) - 1
        out = 0
        w1 = self.W - 1
        for c in range(self.W):
            out |= ((b >> (c * h1)) & col) << ((w1 - c) * h1)
        return out

    # ----- search ----------------------------------------------------------------
    def negamax(self, cur, mask, moves, alpha, beta):
        """Fail-soft negamax value of (cur to move, mask) after `moves` discs.

        Precondition: the side to move has no immediate win (checked by the caller)
        and the game is not over.
        """
        self.nodes += 1
        N = self.N
        opp = cur ^ mask
        possible = (mask + self.bottom) & self.board
        opp_win = self.winning_cells(opp, mask)
        forced = possible & opp_win
        loss_next = -(N - moves - 1)  # the opponent's disc, ply moves+2, wins
        if forced:
            if forced & (forced - 1):  # two threats at once: cannot stop both
                return loss_next
            possible = forced
        # never play right under an opponent's winning cell (unless that is all there is)
        safe = possible & ~(opp_win >> 1)
        if not safe:
            return loss_next
        if moves + 2 >= N:
            # we play the last-but-one or last disc without winning; the opponent (if a
            # cell is left) plays a safe last disc: a draw
            return 0
        # bounds: we cannot win before ply moves+3; the opponent cannot win before
        # ply moves+4 now that his immediate wins are parried
        hi = N - moves - 2
        lo = -(N - moves - 3)
        key = cur + mask
        mk = self.mirror(key)
        if mk < key:
            key = mk
        entry = self.tt.get(key)
        if entry is not None:
            if entry[0] > lo:
                lo = entry[0]
            if entry[1] < hi:
                hi = entry[1]
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        a0 = alpha
        if alpha < lo:
            alpha = lo
        if beta > hi:
            beta = hi

        # move ordering: more new threats first, then centre first
        cand = []
        for c in self.order:
            mv = safe & self.col_mask[c]
            if mv:
                nc = cur | mv
                cand.append((-bin(self.winning_cells(nc, mask | mv)).count("1"), len(cand), mv))
        cand.sort()

        best = -N - 1
        for _, _, mv in cand:
            nmask = mask | mv
            # after our (non-winning) move the opponent is to move; he has no immediate
            # win because we only play safe moves that parry his threats
            v = -self.negamax(opp, nmask, moves + 1, -beta, -alpha)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        # store: best is an upper bound if <= a0, a lower bound if >= beta, else exact
        old_lo, old_hi = entry if entry is not None else (-N - 1, N + 1)
        if best <= a0:
            nlo, nhi = old_lo, min(old_hi, best)
        elif best >= beta:
            nlo, nhi = max(old_lo, best), old_hi
        else:
            nlo = nhi = best
        self.tt[key] = (nlo, nhi)
        return best

    def value(self, cur, mask, moves):
        """Exact score for the side to move (see module docstring)."""
        N = self.N
        if self.is_win(cur ^ mask):
            raise ValueError("game already over: the player who just moved has won")
        if moves >= N:
            return 0
        for c in range(self.W):
            if self.playable(mask, c) and self.is_win(cur | self.move_bit(mask, c)):
                return N - moves  # win with the next disc, ply moves+1
        # null-window searches: first the sign, then the exact score by bisection
        lo, hi = -(N - moves), N - moves
        # is it > 0 ?  is it < 0 ?
        # (fail-soft: a result r > med means value >= r, r <= med means value <= r)
        r = self.negamax(cur, mask, moves, 0, 1)
        if r >= 1:
            lo = r
        else:
            hi = r
            r = self.negamax(cur, mask, moves, -1, 0)
            if r >= 0:
                return 0
            hi = r
        while lo < hi:
            med = (lo + hi) // 2
            r = self.negamax(cur, mask, moves, med, med + 1)
            if r > med:
                lo = r
            else:
                hi = r
        assert lo == hi, (lo, hi)
        return lo

    # ----- helpers ---------------------------------------------------------------
    def bits(self, cells):
        """Bitboard of the cells given as (column, row), both from 0 at bottom-left."""
        b = 0
        for c, r in cells:
            if not (0 <= c < self.W and 0 <= r < self.H):
                raise ValueError("cell off the board: %r" % ((c, r),))
            b |= 1 << (c * self.h1 + r)
        return b

    def play(self, moves_str):
        """Position (cur, mask, moves) after columns given as letters, e.g. 'dcd'.

        Raises ValueError on a full column or on a move after the game has ended."""
        cur, mask, n = 0, 0, 0
        for ch in moves_str:
            c = ord(ch) - ord("a")
            if not 0 <= c < self.W or not self.playable(mask, c):
                raise ValueError("illegal move %r" % ch)
            if self.is_win(cur ^ mask):
                raise ValueError("move after the end of the game")
            mv = self.move_bit(mask, c)
            # the opponent (whose discs are cur ^ mask) becomes the side to move
            cur, mask = cur ^ mask, mask | mv
            n += 1
        return cur, mask, n

    def score_to_text(self, score, moves, first_to_move):
        """Text for a score from the view of the side to move after `moves` discs."""
        if score == 0:
            return "draw"
        ply = self.N + 1 - abs(score)
        mover_wins = score > 0
        first_wins = mover_wins == first_to_move
        who = "first player wins" if first_wins else "second player wins"
        return "%s in %d plies" % (who, ply)


def solve_board(width, height):
    """Return (first_move_scores, empty_score, solver).

    first_move_scores[c] is the score of playing column c first, from the FIRST player's
    view (same scale as empty_score); empty_score is the empty board's score, first
    player to move.  Each first move is solved exactly (not just bounded)."""
    s = Solver(width, height)
    per_move = {}
    for c in range(width):
        mv = s.move_bit(0, c)
        if s.is_win(mv):  # only on boards where one disc makes four: impossible here
            per_move[c] = s.N
            continue
        # after the first disc the second player is to move: his discs are 0
        per_move[c] = -s.value(0, mv, 1)
    empty = s.value(0, 0, 0)
    return per_move, empty, s


def main(argv):
    if len(argv) != 3:
        print("usage: connect_four_solve.py W H", file=sys.stderr)
        return 2
    w, h = int(argv[1]), int(argv[2])
    t0 = time.time()
    per_move, empty, s = solve_board(w, h)
    for c in range(w):
        print("%s: %s" % (chr(ord("a") + c), s.score_to_text(per_move[c], 0, True)))
    print("value: %s" % s.score_to_text(empty, 0, True))
    print("(%dx%d: %d nodes, %d table entries, %.1f s)"
          % (w, h, s.nodes, len(s.tt), time.time() - t0), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
