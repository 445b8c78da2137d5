"""Facts about Fox and Geese worked out by hand from docs/RULINGS.md ("Fox and Geese") and
LANGUAGE.md §4 (`square` labels, `graph` index order), checked against `foxgeese.py`. Each
expectation is derived in the comment above it, not by running the model. Most positions are
reached by actions from the start, so that the same sequences can be sent to
`tabula moves --after`; a few are set by hand (`game.position(...)`), where a sequence from the
start would be long.
Run from the repository root: `python3 -m unittest tests/classics/test_foxgeese.py`.

The start (G a goose, F the fox; `*` a point whose column + row, counted from 0 at a1, is even,
which alone have diagonal lines; the blank corners are not points):

    7     * . *
    6     . * .
    5 * . * . * . *
    4 . * . F . * .            row 4: a4 b4* c4 d4* e4 f4* g4
    3 G G G G G G G            row 3: a3* b3 c3* d3 e3* f3 g3*
    2     G G G                row 2: c2 d2* e2
    1     G G G                row 1: c1* d1 e1*
      a b c d e f g
"""

import io
import json
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stdout

sys.path.insert(0, os.path.dirname(__file__))
import foxgeese  # noqa: E402

GEESE, FOX = 1, 2
GAME = "fox-and-geese"


def after(actions, state=None):
    game = foxgeese.new_game(GAME)
    return game, foxgeese.play_all(game, foxgeese.split_actions(actions), state)


def legal_from(game, state, label):
    return sorted(a for a in game.legal(state) if a.startswith(label + "-"))


def geese(game, state):
    return game.pieces(state)["geese"]


def neighbours(label):
    b = foxgeese.new_game(GAME).board
    i = b.site(label)
    return sorted(b.labels[t] for t in b.orthogonal[i]), sorted(b.labels[t] for t in b.diagonal[i])


# The 200-turn draw: "a3-a4 d4-d5" (2 turns), then 49 cycles of four turns in which the goose
# steps sideways a4-b4 and back b4-a4 (sideways is allowed both ways) while the fox steps
# d5-d4 and back (196 turns: 198), then a4-b4 (199) and d5-d4 (200).
CYCLE = "a4-b4 d5-d4 b4-a4 d4-d5"
TO_199 = "a3-a4 d4-d5 " + " ".join([CYCLE] * 49) + " a4-b4"

# The fox shut in on d7 (27 turns). The fox walks up d4-d5-d6-d7 and then steps d7-c7 and back;
# the geese bring d3 up to d6, d2 up to d5, e3 up to e7 (by e4 e5 e6) and c3 up to c6, and the
# last goose step c6-c7 closes d7: its lines go to c7 (goose; b7 beyond is no point), e7 (goose;
# f7 no point) and d6 (goose; d5 beyond holds a goose), and d7 has no diagonals (3 + 6 odd).
# Each step is to an empty point: the goose moves go only where the fox and the geese have left.
SHUT_IN = (
    "e3-e4 d4-d5 d3-d4 d5-d6 d4-d5 d6-d7 d5-d6 d7-c7 d2-d3 c7-d7 d3-d4 d7-c7 d4-d5 c7-d7 "
    "e4-e5 d7-c7 e5-e6 c7-d7 e6-e7 d7-c7 c3-c4 c7-d7 c4-c5 d7-c7 c5-c6 c7-d7 c6-c7"
)


class TheBoard(unittest.TestCase):
    def test_33_points_in_index_order(self):
        # 49 points of the 7×7 grid less four 2×2 corners: 49 − 16 = 33. Index order: bottom
        # row first, left to right: c1 d1 e1 (0–2), c2 d2 e2 (3–5), a3…g3 (6–12), a4…g4
        # (13–19), a5…g5 (20–26), c6 d6 e6 (27–29), c7 d7 e7 (30–32).
        b = foxgeese.new_game(GAME).board
        self.assertEqual(b.size, 33)
        self.assertEqual(
            b.labels,
            "c1 d1 e1 c2 d2 e2 a3 b3 c3 d3 e3 f3 g3 a4 b4 c4 d4 e4 f4 g4 a5 b5 c5 d5 e5 f5 g5 "
            "c6 d6 e6 c7 d7 e7".split(),
        )
        for label in ("a1", "b2", "f1", "g7", "a6", "h4"):
            with self.assertRaises(foxgeese.ModelError):
                b.site(label)

    def test_lines_of_points(self):
        # d4 (3, 3): even, so 4 orthogonal and 4 diagonal lines.
        self.assertEqual(neighbours("d4"), (["c4", "d3", "d5", "e4"], ["c3", "c5", "e3", "e5"]))
        # d3 (3, 2): odd, no diagonals: 4 lines.
        self.assertEqual(neighbours("d3"), (["c3", "d2", "d4", "e3"], []))
        # c3 (2, 2): even; its diagonal to b2 leaves the board: 4 + 3.
        self.assertEqual(neighbours("c3"), (["b3", "c2", "c4", "d3"], ["b4", "d2", "d4"]))
        # e5 (4, 4): even; f6 is no point: 4 + 3.
        self.assertEqual(neighbours("e5"), (["d5", "e4", "e6", "f5"], ["d4", "d6", "f4"]))
        # The corners of the arms: a3 (0, 2) even: a4, b3 and the diagonal b4; c1 (2, 0): c2,
        # d1 and the diagonal d2; d7 (3, 6) odd: c7, e7, d6 only; d2 (3, 1) even: 4 + 4.
        self.assertEqual(neighbours("a3"), (["a4", "b3"], ["b4"]))
        self.assertEqual(neighbours("c1"), (["c2", "d1"], ["d2"]))
        self.assertEqual(neighbours("d7"), (["c7", "d6", "e7"], []))
        self.assertEqual(neighbours("d2"), (["c2", "d1", "d3", "e2"], ["c1", "c3", "e1", "e3"]))

    def test_which_points_have_diagonals(self):
        # The even points: row 1 c1 e1; row 2 d2; row 3 a3 c3 e3 g3; row 4 b4 d4 f4; row 5 a5
        # c5 e5 g5; row 6 d6; row 7 c7 e7: 17, each with at least one diagonal (the one
        # towards the centre). Diagonal degrees: c1 e1 a3 g3 a5 g5 c7 e7 1 each (8), c3 e3 c5
        # e5 3 each (12), d2 b4 d4 f4 d6 4 each (20): 40 ends, 20 diagonal lines. Orthogonal:
        # rows 1, 2, 6, 7 have 2 lines each, rows 3–5 have 6: 26, and as many in the columns:
        # 52. In all 72 lines.
        b = foxgeese.new_game(GAME).board
        with_diagonals = [b.labels[i] for i in range(b.size) if b.diagonal[i]]
        self.assertEqual(with_diagonals, "c1 e1 d2 a3 c3 e3 g3 b4 d4 f4 a5 c5 e5 g5 d6 c7 e7".split())
        self.assertEqual(sum(len(d) for d in b.diagonal), 40)
        self.assertEqual(sum(len(o) for o in b.orthogonal), 104)


class TheStart(unittest.TestCase):
    def test_perft_1_and_2(self):
        # The geese at the start: rows 1 and 2 are walled in (c2 d2 e2 and the row-3 geese
        # above them; d2's diagonals c3 e3 held; c1's d2 and e1's d2 held; rows 1–2 have no
        # free sideways point). Row 3 is full, so no sideways step; forward: a3 b3 c3 e3 f3
        # g3 to row 4 (d3 is below the fox): 6; diagonally from the even a3 (to b4), c3 (b4;
        # d4 is the fox), e3 (f4; d4 the fox), g3 (f4): 4. perft(1) = 10.
        game = foxgeese.new_game(GAME)
        self.assertEqual(
            sorted(game.legal(game.start())),
            ["a3-a4", "a3-b4", "b3-b4", "c3-b4", "c3-c4", "e3-e4", "e3-f4", "f3-f4", "g3-f4", "g3-g4"],
        )
        # The fox's replies. At the start d4 steps to c4 c5 d5 e5 e4 (5) and cannot jump: d3
        # has d2 behind it, c3 and e3 have b2 and f2, which are no points. A goose move that
        # touches none of d4's eight neighbours leaves 5: a3-a4, b3-b4, f3-f4, g3-g4, a3-b4,
        # g3-f4 (6 × 5 = 30). c3-c4 fills c4 and empties c3: steps c3 c5 d5 e5 e4 and the
        # jump over c4 to b4: 6; e3-e4 likewise 6. c3-b4 empties c3: 6 steps; e3-f4: 6.
        # 30 + 4 × 6 = 54.
        self.assertEqual(game.perft_all(game.start(), 2), [10, 54])
        game, state = after("c3-c4")
        self.assertEqual(sorted(game.legal(state)), ["d4-b4", "d4-c3", "d4-c5", "d4-d5", "d4-e4", "d4-e5"])


class Geese(unittest.TestCase):
    def test_a_goose_does_not_move_backwards(self):
        # c3-b4 empties c3. The goose on b4 (1, 3), even: N b5, NE c5, NW a5, E c4, W a4; not
        # S b3 (held anyway), SW a3 (held), nor SE c3, which is empty: backwards.
        game, state = after("c3-b4 d4-d5")
        self.assertEqual(legal_from(game, state, "b4"), ["b4-a4", "b4-a5", "b4-b5", "b4-c4", "b4-c5"])
        # a3-a4: the goose on a4 (odd) goes to a5 or b4, not back to the empty a3.
        game, state = after("a3-a4 d4-d5")
        self.assertEqual(legal_from(game, state, "a4"), ["a4-a5", "a4-b4"])

    def test_geese_step_sideways_both_ways(self):
        # a4-b4 (east), then b4-a4 (west): both sideways.
        game, state = after("a3-a4 d4-d5 a4-b4 d5-d4")
        self.assertIn("b4-a4", game.legal(state))
        self.assertIn("b4-c4", game.legal(state))
        self.assertNotIn("b4-b3", game.legal(state))


class TheFox(unittest.TestCase):
    def test_a_jump_removes_the_goose(self):
        # c3-c4, and the fox jumps d4 over c4 to b4: 12 geese. From b4 no further jump: b3 has
        # b2 beyond (no point), a3 nothing beyond, c4 and c3 are empty now, a5 b5 c5 a4
        # empty: the turn ends by itself, Geese to move; 2 turns, 2 actions, no `end`.
        game, state = after("c3-c4 d4-b4")
        self.assertNotIn("c4", geese(game, state))
        self.assertEqual(len(geese(game, state)), 12)
        self.assertEqual(game.pieces(state)["fox"], "b4")
        self.assertEqual((state.to_move, state.turns, state.actions), (GEESE, 2, 2))
        self.assertNotIn("end", game.legal(state))

    def test_a_chain_of_jumps_with_end_offered_between(self):
        # c3-c4; the fox steps d4-c5 (NW, d4 even); e3-e4. Now c5 (2, 4), even: steps c6 b5 d5
        # d6 d4 b4, and the jump over c4 to the empty c3: 7 actions.
        game, state = after("c3-c4 d4-c5 e3-e4")
        self.assertEqual(
            sorted(game.legal(state)), ["c5-b4", "c5-b5", "c5-c3", "c5-c6", "c5-d4", "c5-d5", "c5-d6"]
        )
        # c5-c3 takes c4. From c3: d3 a goose with e3 beyond empty (e3 went to e4): a jump;
        # b3 has a3 behind, c2 has c1, d2 (SE) has e1: no. So the fox is still to move, with
        # that jump and `end`; the turn (the 4th) has begun, 4 actions.
        state = game.apply(state, "c5-c3")
        self.assertEqual(game.legal(state), ["c3-e3", "end"])
        self.assertEqual((state.to_move, state.turns, state.actions), (FOX, 4, 4))
        # `end` stops: Geese to move, still turn 4 done, 5 actions; d3 survives; 12 geese.
        stopped = game.apply(state, "end")
        self.assertEqual((stopped.to_move, stopped.turns, stopped.actions), (GEESE, 4, 5))
        self.assertIn("d3", geese(game, stopped))
        self.assertEqual(len(geese(game, stopped)), 12)
        # c3-e3 takes d3. From e3 (even): e4 a goose with e5 beyond empty: a third jump (e2
        # has e1 behind, f3 has g3, d2 has c1; f4 and d4 are empty): still the fox, [e3-e5,
        # end]. e3-e5 takes e4; from e5 no goose is next to him: the turn ends by itself.
        state = game.apply(state, "c3-e3")
        self.assertEqual(game.legal(state), ["e3-e5", "end"])
        state = game.apply(state, "e3-e5")
        self.assertEqual((state.to_move, state.turns, state.actions), (GEESE, 4, 6))
        self.assertEqual(geese(game, state), "c1 d1 e1 c2 d2 e2 a3 b3 f3 g3".split())
        self.assertIsNone(state.outcome)

    def test_diagonal_jumps_in_a_straight_line(self):
        # c3-b4 (c3 empties); d4-e5; d3-d4 (d4 empty since the fox left). The fox on e5 (even):
        # steps d5 d6 e4 e6 f4 f5 (f6 is no point), and over d4 (SW) to c3 only: not to d3 or
        # c4, though they are empty points next to d4, for they are not on the line e5–d4.
        game, state = after("c3-b4 d4-e5 d3-d4")
        self.assertEqual(
            sorted(game.legal(state)), ["e5-c3", "e5-d5", "e5-d6", "e5-e4", "e5-e6", "e5-f4", "e5-f5"]
        )
        # From c3 (even) the diagonal NW runs c3–b4–a5: over b4 to a5; nothing else (b3 has a3
        # behind, c2 c1, d2 e1; d3 d4 are empty now). Then from a5: a4, b5, b4 empty, no jump.
        state = game.apply(state, "e5-c3")
        self.assertEqual(game.legal(state), ["c3-a5", "end"])
        state = game.apply(state, "c3-a5")
        self.assertEqual(len(geese(game, state)), 11)
        self.assertEqual((state.to_move, state.turns, state.actions), (GEESE, 4, 5))

    def test_no_diagonal_from_an_odd_point(self):
        # c3-c4, d4-d5, b3-b4 (so b3 is empty). The fox on d5 (3, 4), odd, has only c5 d4 d6 e5;
        # the goose on c4 is not on a line from d5, so no jump d5-b3.
        game, state = after("c3-c4 d4-d5 b3-b4")
        self.assertEqual(sorted(game.legal(state)), ["d5-c5", "d5-d4", "d5-d6", "d5-e5"])

    def test_no_jump_over_two_geese_or_onto_a_goose(self):
        # At the start: d4 over d3 would land on d2, a goose: no d4-d2 (nor d4-d1).
        game = foxgeese.new_game(GAME)
        self.assertEqual(sorted(game.legal(game.apply(game.start(), "a3-a4"))), ["d4-c4", "d4-c5", "d4-d5", "d4-e4", "d4-e5"])
        # b3-b4, d4-d5, c3-c4, d5-d4, g3-g4: geese on c4 and b4 next to each other west of
        # d4, a4 empty. No jump to b4 (held) nor over both to a4. The fox steps to c3 (now
        # empty), c5, d5, e4, e5; d3 has d2 behind; e3 has f2, no point.
        game, state = after("b3-b4 d4-d5 c3-c4 d5-d4 g3-g4")
        self.assertEqual(sorted(game.legal(state)), ["d4-c3", "d4-c5", "d4-d5", "d4-e4", "d4-e5"])


class TheEnd(unittest.TestCase):
    def test_the_fox_wins_when_three_geese_are_left(self):
        # Four geese d5 a3 g3 c1, the fox on d4 to move: d4-d6 over d5 leaves three: the Fox
        # wins at once.
        game = foxgeese.new_game(GAME)
        state = game.apply(game.position(["d5", "a3", "g3", "c1"], "d4", to_move=FOX), "d4-d6")
        self.assertEqual(state.outcome, ("win", FOX))
        self.assertEqual(game.describe(state)["to_move"], None)
        self.assertEqual(game.legal(state), [])
        self.assertEqual(game.describe(state)["team_wins"], {"Geese": 0, "Fox": 1})

    def test_the_fox_wins_in_the_middle_of_a_chain(self):
        # Five geese b4 d4 f4 c1 d1, the fox on a4: a4-c4 over b4 leaves four, and from c4
        # (odd) d4 has e4 beyond: he may go on (c4-e4 or end). c4-e4 leaves three: the Fox
        # wins at once, though e4-g4 over f4 would be possible; the turn (1) is cut short
        # after 2 actions.
        game = foxgeese.new_game(GAME)
        state = game.apply(game.position(["b4", "d4", "f4", "c1", "d1"], "a4", to_move=FOX), "a4-c4")
        self.assertIsNone(state.outcome)
        self.assertEqual(game.legal(state), ["c4-e4", "end"])
        state = game.apply(state, "c4-e4")
        self.assertEqual(state.outcome, ("win", FOX))
        self.assertEqual((state.turns, state.actions), (1, 2))

    def test_the_fox_shut_in_loses(self):
        # SHUT_IN above. After 25 actions (… c5-c6) the fox on c7 (even) has the step to d7 and
        # the jumps over c6 to c5 and over d6 (SE) to e5, both empty (their geese moved on):
        # jumping is never compulsory, and he steps c7-d7. After c6-c7 he has no step and no
        # jump: the Geese win after 27 turns, 27 actions.
        game, state = after(SHUT_IN.rsplit(" ", 2)[0])
        self.assertEqual(sorted(game.legal(state)), ["c7-c5", "c7-d7", "c7-e5"])
        state = game.apply(state, "c7-d7")
        self.assertIsNone(state.outcome)
        self.assertIn("c6-c7", game.legal(state))
        state = game.apply(state, "c6-c7")
        self.assertEqual(state.outcome, ("win", GEESE))
        self.assertEqual(state.reason, "shut-in")
        self.assertEqual((state.turns, state.actions), (27, 27))
        self.assertEqual(game.describe(state)["team_wins"], {"Geese": 1, "Fox": 0})

    def test_the_geese_blocked_lose(self):
        # Geese a5 c7 d7 e7, the fox on c5 to move. c5-b5: a5 has only N a6, NE b6 (no
        # points) and E b5 (the fox); c7 d7 e7 block each other sideways and have nothing
        # forward. The Geese cannot move: the Fox wins (four geese are left, so not by count).
        game = foxgeese.new_game(GAME)
        start = game.position(["a5", "c7", "d7", "e7"], "c5", to_move=FOX)
        state = game.apply(start, "c5-b5")
        self.assertEqual(state.outcome, ("win", FOX))
        self.assertEqual(state.reason, "blocked")
        # c5-c6 instead leaves b5 free for a5: the game goes on.
        state = game.apply(start, "c5-c6")
        self.assertIsNone(state.outcome)
        self.assertEqual(game.legal(state), ["a5-b5"])


class TheTurnLimit(unittest.TestCase):
    def test_draw_after_200_turns(self):
        # TO_199 is 199 turns (2 + 196 + 1): not over, the fox to move. d5-d4, the 200th: draw.
        game, state = after(TO_199)
        self.assertIsNone(state.outcome)
        self.assertEqual((state.to_move, state.turns, state.actions), (FOX, 199, 199))
        state = game.apply(state, "d5-d4")
        self.assertEqual(state.outcome, ("draw", None))
        self.assertEqual((state.turns, state.actions), (200, 200))
        self.assertEqual(game.describe(state)["outcome"], {"draw": True, "winner": None})

    def test_a_player_left_without_a_move_by_the_200th_turn_does_not_lose(self):
        # The blocked geese above, the fox's c5-b5 being the 200th turn: a draw. As the 198th
        # turn (197 played before it), the Fox wins.
        game = foxgeese.new_game(GAME)
        state = game.apply(game.position(["a5", "c7", "d7", "e7"], "c5", to_move=FOX, turns=199), "c5-b5")
        self.assertEqual(state.outcome, ("draw", None))
        state = game.apply(game.position(["a5", "c7", "d7", "e7"], "c5", to_move=FOX, turns=197), "c5-b5")
        self.assertEqual(state.outcome, ("win", FOX))

    def test_the_200th_turn_of_jumps(self):
        # Six geese b4 d4 f4 c1 d1 e1, the fox on a4, the 200th turn: a4-c4 (five left, c4
        # over d4 to e4 still possible) leaves the turn going: no result yet. `end` ends it:
        # draw. Going on, c4-e4 (four left; from e4, odd, f4 has g4 beyond) still goes on;
        # e4-g4 leaves three: the Fox wins, the win being checked first.
        game = foxgeese.new_game(GAME)
        start = game.position(["b4", "d4", "f4", "c1", "d1", "e1"], "a4", to_move=FOX, turns=199)
        state = game.apply(start, "a4-c4")
        self.assertIsNone(state.outcome)
        self.assertEqual((state.to_move, state.turns), (FOX, 200))
        self.assertEqual(game.apply(state, "end").outcome, ("draw", None))
        state = game.apply(state, "c4-e4")
        self.assertEqual(game.legal(state), ["e4-g4", "end"])
        self.assertEqual(game.apply(state, "end").outcome, ("draw", None))
        self.assertEqual(game.apply(state, "e4-g4").outcome, ("win", FOX))


class Commands(unittest.TestCase):
    def run_main(self, *args, stdin=None):
        out = io.StringIO()
        saved = sys.stdin
        if stdin is not None:
            sys.stdin = io.StringIO(stdin)
        try:
            with redirect_stdout(out):
                status = foxgeese.main(list(args))
        finally:
            sys.stdin = saved
        return status, out.getvalue()

    def test_perft_prints_the_count_last(self):
        self.assertEqual(self.run_main("perft", GAME, "2", "--all"), (0, "perft(1) = 10\n54\n"))
        self.assertEqual(self.run_main("perft", GAME, "2"), (0, "54\n"))
        self.assertEqual(self.run_main("perft", GAME, "0"), (0, "1\n"))

    def test_divide_in_the_middle_of_a_turn(self):
        # After "c3-c4 d4-c5 e3-e4 c5-c3" the fox has c3-e3 and end. perft 1 divides 1 + 1.
        status, out = self.run_main("perft", GAME, "1", "--divide", "--after", "c3-c4 d4-c5 e3-e4 c5-c3")
        self.assertEqual((status, out), (0, "c3-e3: 1\nend: 1\n2\n"))

    def test_moves_json(self):
        status, out = self.run_main("moves", GAME, "--after", "c3-c4 d4-c5 e3-e4 c5-c3")
        self.assertEqual(status, 0)
        found = json.loads(out)
        self.assertEqual(
            found,
            {
                "actions": 4,
                "legal": ["c3-e3", "end"],
                "outcome": None,
                "team_wins": {"Fox": 0, "Geese": 0},
                "to_move": 2,
                "turns": 4,
            },
        )
        status, out = self.run_main("moves", GAME, "--batch", stdin="\nc3-c4; d4-b4\nz9-a1\n")
        rows = [json.loads(line) for line in out.splitlines()]
        self.assertEqual(len(rows[0]["legal"]), 10)
        self.assertEqual((rows[1]["to_move"], rows[1]["turns"]), (1, 2))
        self.assertIn("error", rows[2])

    def test_board(self):
        status, out = self.run_main("board", GAME)
        found = json.loads(out)
        self.assertEqual(len(found["sites"]), 33)
        self.assertEqual(found["sites"][16], {"label": "d4", "orthogonal": ["c4", "d3", "d5", "e4"], "diagonal": ["c3", "c5", "e3", "e5"]})
        self.assertEqual(found["start"]["fox"], "d4")
        self.assertEqual(len(found["start"]["geese"]), 13)

    def test_bad_input_is_an_error_not_a_traceback(self):
        for args in (
            ["perft", "chess", "1"],
            ["perft", GAME, "x"],
            ["perft", GAME],
            ["moves", GAME, "--after", "z9-a1"],
            ["moves", GAME, "--after", "a1-a2"],
            ["moves", GAME, "--after", "d3"],
            ["moves", GAME, "--after", "a3-a2"],
            ["moves", GAME, "--after", "end"],
            ["moves", GAME, "--after", "c3-c4 d4-b4 end"],
            ["moves", GAME, "--after", "c3-c4 d4-c5 e3-e4 c5-c3 c3-c2"],
            ["moves", GAME, "--after"],
            ["nonsense"],
        ):
            with self.assertRaises(foxgeese.ModelError, msg=args):
                self.run_main(*args)

    def record(self, text):
        f = tempfile.NamedTemporaryFile("w", suffix=".rec", delete=False)
        f.write(text)
        f.close()
        self.addCleanup(os.unlink, f.name)
        return f.name

    def test_replay_checks_turns_and_the_result(self):
        lines = "\n".join(SHUT_IN.split())
        good = self.record(f"; result: Geese wins after 27 turns, 27 actions\ngame Fox and Geese\n{lines}\n")
        status, out = self.run_main("replay", GAME, good)
        self.assertEqual(status, 0, out)
        self.assertEqual(out.splitlines()[-1], "1 records: 1 agree, 0 disagree; wins 1 0, draws 0")
        wrong = self.record(f"; result: Fox wins after 27 turns, 27 actions\n{lines}\n")
        counts = self.record(f"; result: Geese wins after 27 turns, 28 actions\n{lines}\n")
        short = self.record("; result: Geese wins after 26 turns, 26 actions\n" + "\n".join(SHUT_IN.split()[:26]) + "\n")
        two = self.record("; result: Geese wins after 27 turns, 27 actions\ne3-e4 d4-d5\n" + "\n".join(SHUT_IN.split()[2:]) + "\n")
        status, out = self.run_main("replay", GAME, good, wrong, counts, short, two)
        self.assertEqual(status, 1)
        self.assertEqual(out.count("DISAGREE"), 4, out)
        self.assertTrue(out.splitlines()[-1].startswith("5 records: 1 agree, 4 disagree; wins 1 0"))

    def test_replay_lines_are_whole_turns(self):
        # A fox's jumps of one turn are one line; the line must end when the turn does.
        whole = self.record("c3-c4\nd4-c5\ne3-e4\nc5-c3 c3-e3 e3-e5\n")
        stopped = self.record("c3-c4\nd4-c5\ne3-e4\nc5-c3 end\n")
        split = self.record("c3-c4\nd4-c5\ne3-e4\nc5-c3\nc3-e3 e3-e5\n")
        beyond = self.record("c3-c4\nd4-b4 a3-a4\n")
        reports = [foxgeese.check_record(GAME, path, list(foxgeese.PLAYERS)) for path in (whole, stopped, split, beyond)]
        # The first two are legal throughout; they only fail for not reaching an end.
        self.assertEqual(reports[0]["problems"][0], "the model's game is not over after 6 actions")
        self.assertEqual(reports[1]["problems"][0], "the model's game is not over after 5 actions")
        self.assertIn("middle of the Fox's turn", reports[2]["problems"][0])
        self.assertIn("the turn ended before `a3-a4`", reports[3]["problems"][0])


if __name__ == "__main__":
    unittest.main()
