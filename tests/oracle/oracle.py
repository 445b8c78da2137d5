#!/usr/bin/env python3
"""Independent reference model ("oracle") of Ketchup, Kensington and Watershed.

Written only from RULES.md (the normative specification, docs/RULES.md) and the
action / label / counting conventions given to its author; it deliberately shares
no code or data with the Rust engine.  Python 3.11, standard library only.

Commands
    oracle.py perft GAME [--variant V] [--set key=value]... DEPTH
    oracle.py verify FILE.jsonl
    oracle.py random GAME [--variant V] [--set key=value]... --games N --seed S
    oracle.py examples

GAME is watershed, ketchup or kensington.  Every game class offers
legal_actions() / apply(action) / is_over() / result() / clone() / to_text().
"""

import argparse
import json
import math
import random
import sys
from collections import Counter


class IllegalAction(Exception):
    pass


# ---------------------------------------------------------------------------
# shared helpers
# ---------------------------------------------------------------------------

def groups_of(board, owner, relation):
    """Sizes of the maximal `relation`-connected groups of stones of `owner`."""
    seen = set()
    sizes = []
    for start, colour in enumerate(board):
        if colour != owner or start in seen:
            continue
        seen.add(start)
        stack = [start]
        size = 0
        while stack:
            x = stack.pop()
            size += 1
            for y in relation[x]:
                if board[y] == owner and y not in seen:
                    seen.add(y)
                    stack.append(y)
        sizes.append(size)
    return sizes


def unpaired_maxima(a, b):
    """Multiset difference: (max(A minus B), max(B minus A)), max of nothing = 0."""
    ca, cb = Counter(a), Counter(b)
    u1 = max((ca - cb).keys(), default=0)
    u2 = max((cb - ca).keys(), default=0)
    return u1, u2


def cascade_winner(a, b):
    """Ketchup cascade (RULES 1.6): 1 if list a wins, 2 if b wins, 0 if equal."""
    sa = sorted(a, reverse=True)
    sb = sorted(b, reverse=True)
    length = max(len(sa), len(sb))
    sa += [0] * (length - len(sa))
    sb += [0] * (length - len(sb))
    for x, y in zip(sa, sb):
        if x != y:
            return 1 if x > y else 2
    return 0


def parse_bool(value):
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return bool(value)
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise ValueError("not a boolean: %r" % (value,))


# ---------------------------------------------------------------------------
# Watershed (RULES Part 3)
# ---------------------------------------------------------------------------

class Watershed:
    """N x N points.  Board values: 0 empty, 1 = P1 (dark, moves first), 2 = P2."""

    name = "watershed"

    def __init__(self, variant="Plateau", size=9):
        v = str(variant).strip().lower()
        if v not in ("plateau", "floodplain"):
            raise ValueError("unknown watershed variant %r" % (variant,))
        size = int(size)
        if size < 5 or size % 2 == 0:
            raise ValueError("watershed size must be odd and >= 5")
        self.variant = "Plateau" if v == "plateau" else "Floodplain"
        self.plateau = v == "plateau"
        self.n = n = size
        self.orth = []
        self.omni = []
        self.perimeter = []
        for i in range(n * n):
            row, col = divmod(i, n)
            o, a = [], []
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if dr == 0 and dc == 0:
                        continue
                    r2, c2 = row + dr, col + dc
                    if 0 <= r2 < n and 0 <= c2 < n:
                        a.append(r2 * n + c2)
                        if dr == 0 or dc == 0:
                            o.append(r2 * n + c2)
            self.orth.append(o)
            self.omni.append(a)
            self.perimeter.append(row in (0, n - 1) or col in (0, n - 1))
        # C: drainage / two-empty rule / capture.  G: groups.
        self.conn = self.omni if self.plateau else self.orth
        self.grp = self.orth if self.plateau else self.omni
        self.labels = [self.label(i) for i in range(n * n)]
        self.index = {lab: i for i, lab in enumerate(self.labels)}
        self.board = [0] * (n * n)
        self.to_move = 1
        self.bonus = [0, 0, 0]          # indexed by player 1 / 2
        self.last_mover = None
        self.turns = 0
        self.actions = 0
        self._legal = None

    def label(self, i):
        row, col = divmod(i, self.n)
        return chr(ord("a") + col) + str(row + 1)

    def clone(self):
        g = object.__new__(Watershed)
        g.__dict__.update(self.__dict__)
        g.board = self.board[:]
        g.bonus = self.bonus[:]
        return g

    def setup(self, stones, to_move=1):
        """Test helper: put stones {label: 1|2} on an empty board without rules."""
        for lab, colour in stones.items():
            self.board[self.index[lab]] = colour
        self.to_move = to_move
        self._legal = None

    # -- legality ------------------------------------------------------------
    def _empty_conn(self, p):
        b = self.board
        return sum(1 for q in self.conn[p] if b[q] == 0)

    def _drained_count(self, blocked):
        """Number of empty points (other than `blocked`) C-connected through
        empty points to an empty perimeter point, with `blocked` treated as filled."""
        b = self.board
        seen = set()
        stack = []
        for i in range(self.n * self.n):
            if b[i] == 0 and i != blocked and self.perimeter[i]:
                seen.add(i)
                stack.append(i)
        while stack:
            x = stack.pop()
            for y in self.conn[x]:
                if b[y] == 0 and y != blocked and y not in seen:
                    seen.add(y)
                    stack.append(y)
        return len(seen)

    def _drains_avoiding(self, start, blocked):
        """Does empty point `start` reach a perimeter point through empties != blocked?"""
        b = self.board
        if self.perimeter[start]:
            return True
        seen = {start, blocked}
        stack = [start]
        while stack:
            x = stack.pop()
            for y in self.conn[x]:
                if b[y] == 0 and y not in seen:
                    if self.perimeter[y]:
                        return True
                    seen.add(y)
                    stack.append(y)
        return False

    def legal_points(self, global_test=False):
        b = self.board
        empties = [i for i in range(self.n * self.n) if b[i] == 0]
        # The local form of L3 (check the empty C-neighbours of p) is exact when
        # every empty point drains in the current position; otherwise (or on
        # request) use the literal global definition.
        all_drained = self._drained_count(None) == len(empties)
        result = []
        for p in empties:
            if self._empty_conn(p) < 2:                                   # L2
                continue
            if all_drained and not global_test:                           # L3
                ok = all(self._drains_avoiding(q, p)
                         for q in self.conn[p] if b[q] == 0)
            else:
                ok = self._drained_count(p) == len(empties) - 1
            if ok:
                result.append(p)
        return result

    def legal_actions(self):
        if self._legal is None:
            self._legal = [self.labels[p] for p in self.legal_points()]
        return list(self._legal)

    def is_over(self):
        return not self.legal_actions()

    # -- play ------------------------------------------------------------------
    def apply(self, action, check=True):
        if check and action not in self.legal_actions():
            raise IllegalAction(action)
        p = self.index[action]
        b = self.board
        mover = self.to_move
        opp = 3 - mover
        b[p] = mover
        victims = [q for q in self.conn[p]
                   if b[q] != 0 and self._empty_conn(q) < 2]
        for q in victims:
            if b[q] == opp:
                self.bonus[mover if self.plateau else opp] += 1
        for q in victims:
            b[q] = 0
        self.last_mover = mover
        self.to_move = opp
        self.turns += 1
        self.actions += 1
        self._legal = None

    def raw_scores(self):
        raws = []
        for player in (1, 2):
            sizes = groups_of(self.board, player, self.grp)
            raws.append(max(sizes, default=0) + self.bonus[player])
        return raws

    def result(self):
        if not self.is_over():
            return None
        r1, r2 = self.raw_scores()
        if r1 != r2:
            winner = 1 if r1 > r2 else 2
        else:
            u1, u2 = unpaired_maxima(groups_of(self.board, 1, self.grp),
                                     groups_of(self.board, 2, self.grp))
            if u1 != u2:
                winner = 1 if u1 < u2 else 2        # larger unpaired group loses
            else:
                winner = self.last_mover
        return {"winner": winner, "draw": False, "scores": [r1, r2]}

    def to_text(self):
        n = self.n
        rows = []
        for row in range(n - 1, -1, -1):
            rows.append(str(row + 1) + " " + " ".join(
                ".XO"[self.board[row * n + col]] for col in range(n)))
        return ("%s %dx%d, to move P%d, bonus P1=%d P2=%d; " % (
            self.variant, n, n, self.to_move, self.bonus[1], self.bonus[2])
            + " / ".join(rows))


# ---------------------------------------------------------------------------
# Ketchup (RULES Part 1)
# ---------------------------------------------------------------------------

class Ketchup:
    """Hexhex of side n, axial (q, r).  Board values: 0 empty, 1 White (first), 2 Black."""

    name = "ketchup"

    def __init__(self, variant="Two stones", size=5):
        v = str(variant).strip().lower()
        if v in ("two stones", "2"):
            self.one_or_two = False
        elif v in ("one or two stones", "1-2"):
            self.one_or_two = True
        else:
            raise ValueError("unknown ketchup variant %r" % (variant,))
        self.variant = "One or two stones" if self.one_or_two else "Two stones"
        self.n = n = int(size)
        if n < 2:
            raise ValueError("ketchup size must be >= 2")
        self.cells = [(q, r) for r in range(-(n - 1), n) for q in range(-(n - 1), n)
                      if max(abs(q), abs(r), abs(q + r)) <= n - 1]
        self.cell_index = {c: i for i, c in enumerate(self.cells)}
        self.adj = []
        for (q, r) in self.cells:
            nb = []
            for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
                j = self.cell_index.get((q + dq, r + dr))
                if j is not None:
                    nb.append(j)
            self.adj.append(nb)
        self.labels = [self.label(c) for c in self.cells]
        self.index = {lab: i for i, lab in enumerate(self.labels)}
        self.board = [0] * len(self.cells)
        self.empty = len(self.cells)
        self.to_move = 1
        self.first_turn = True
        self.bonus_turn = False      # the current turn is a bonus turn
        self.placed = 0              # stones dropped in the current turn
        self.L_start = 0             # L at the start of the current turn
        self.over = False
        self.turns = 0
        self.actions = 0

    def label(self, cell):
        q, r = cell
        return chr(ord("a") + q + self.n - 1) + str(self.n - r)

    def clone(self):
        g = object.__new__(Ketchup)
        g.__dict__.update(self.__dict__)
        g.board = self.board[:]
        return g

    def largest(self):
        return max(groups_of(self.board, 1, self.adj) + groups_of(self.board, 2, self.adj),
                   default=0)

    def turn_limits(self):
        if self.first_turn:
            return 1, 1
        low = 1 if self.one_or_two else 2
        high = 3 if self.bonus_turn else 2
        return low, high

    def legal_actions(self):
        if self.over:
            return []
        low, _high = self.turn_limits()
        acts = [self.labels[i] for i, c in enumerate(self.board) if c == 0]
        if self.placed >= low and acts:
            acts.append("end")
        return acts

    def is_over(self):
        return self.over

    def apply(self, action, check=True):
        if check and action not in self.legal_actions():
            raise IllegalAction(action)
        if self.placed == 0:
            self.turns += 1
        self.actions += 1
        if action == "end":
            self._end_turn()
            return
        self.board[self.index[action]] = self.to_move
        self.placed += 1
        self.empty -= 1
        if self.empty == 0:            # R-K5: the game ends at once
            self.over = True
            return
        if self.placed == self.turn_limits()[1]:
            self._end_turn()

    def _end_turn(self):
        le = self.largest()
        next_bonus = (not self.first_turn) and le > self.L_start      # R-K2, R-K3
        self.first_turn = False
        self.to_move = 3 - self.to_move
        self.bonus_turn = next_bonus
        self.placed = 0
        self.L_start = le

    def result(self):
        if not self.over:
            return None
        w = cascade_winner(groups_of(self.board, 1, self.adj),
                           groups_of(self.board, 2, self.adj))
        if w == 0:
            return {"winner": None, "draw": True, "scores": None}
        return {"winner": w, "draw": False, "scores": None}

    def to_text(self):
        n = self.n
        rows = []
        for r in range(-(n - 1), n):
            cells = [(q, r) for q in range(-(n - 1), n) if (q, r) in self.cell_index]
            rows.append("%s..%s:%s" % (self.label(cells[0]), self.label(cells[-1]), "".join(
                ".WB"[self.board[self.cell_index[c]]] for c in cells)))
        low, high = self.turn_limits() if not self.over else (0, 0)
        return ("%s side %d, to move %s, placed %d this turn (min %d max %d), "
                "bonus turn %s, L_start %d; rows %s" % (
                    self.variant, n, "WB"[self.to_move - 1], self.placed, low, high,
                    self.bonus_turn, self.L_start, " / ".join(rows)))


# ---------------------------------------------------------------------------
# Kensington (RULES Part 2, Appendix A)
# ---------------------------------------------------------------------------

KS_NEIGHBOURS = [
    [1, 4, 7], [0, 5, 7], [3, 5, 8], [2, 6, 8], [0, 9, 10], [1, 2, 11, 12],
    [3, 13, 14], [0, 1, 10, 11], [2, 3, 12, 13], [4, 10, 15], [4, 7, 9, 16], [5, 7, 12, 17],
    [5, 8, 11, 18], [6, 8, 14, 19], [6, 13, 20], [9, 16, 21, 25], [10, 15, 22, 25], [11, 18, 22, 26],
    [12, 17, 23, 26], [13, 20, 23, 27], [14, 19, 24, 27], [15, 28, 29], [16, 17, 30, 31], [18, 19, 32, 33],
    [20, 34, 35], [15, 16, 29, 30], [17, 18, 31, 32], [19, 20, 33, 34], [21, 29, 36], [21, 25, 28, 37],
    [22, 25, 31, 38], [22, 26, 30, 39], [23, 26, 33, 40], [23, 27, 32, 41], [24, 27, 35, 42], [24, 34, 43],
    [28, 37, 47], [29, 36, 44, 47], [30, 39, 44, 48], [31, 38, 45, 48], [32, 41, 45, 49], [33, 40, 46, 49],
    [34, 43, 46, 50], [35, 42, 50], [37, 38, 51, 52], [39, 40, 53, 54], [41, 42, 55, 56], [36, 37, 51],
    [38, 39, 52, 53], [40, 41, 54, 55], [42, 43, 56], [44, 47, 52, 57], [44, 48, 51, 58], [45, 48, 54, 59],
    [45, 49, 53, 60], [46, 49, 56, 61], [46, 50, 55, 62], [51, 58, 65], [52, 57, 63, 65], [53, 60, 63, 66],
    [54, 59, 64, 66], [55, 62, 64, 67], [56, 61, 67], [58, 59, 68, 69], [60, 61, 70, 71], [57, 58, 68],
    [59, 60, 69, 70], [61, 62, 71], [63, 65, 69], [63, 66, 68], [64, 66, 71], [64, 67, 70],
]

KS_TRIANGLES = [
    (0, 1, 7), (2, 3, 8), (4, 9, 10), (5, 11, 12), (6, 13, 14), (15, 16, 25), (17, 18, 26),
    (19, 20, 27), (21, 28, 29), (22, 30, 31), (23, 32, 33), (24, 34, 35), (36, 37, 47),
    (38, 39, 48), (40, 41, 49), (42, 43, 50), (44, 51, 52), (45, 53, 54), (46, 55, 56),
    (57, 58, 65), (59, 60, 66), (61, 62, 67), (63, 68, 69), (64, 70, 71),
]

KS_SQUARES = [
    (0, 4, 7, 10), (1, 5, 7, 11), (2, 5, 8, 12), (3, 6, 8, 13), (9, 10, 15, 16),
    (11, 12, 17, 18), (13, 14, 19, 20), (15, 21, 25, 29), (16, 22, 25, 30), (17, 22, 26, 31),
    (18, 23, 26, 32), (19, 23, 27, 33), (20, 24, 27, 34), (28, 29, 36, 37), (30, 31, 38, 39),
    (32, 33, 40, 41), (34, 35, 42, 43), (37, 44, 47, 51), (38, 44, 48, 52), (39, 45, 48, 53),
    (40, 45, 49, 54), (41, 46, 49, 55), (42, 46, 50, 56), (51, 52, 57, 58), (53, 54, 59, 60),
    (55, 56, 61, 62), (58, 63, 65, 68), (59, 63, 66, 69), (60, 64, 66, 70), (61, 64, 67, 71),
]

# name, colour (0 = white/neutral, 1 = red, 2 = blue), centre, corners
KS_HEXAGONS = [
    ("W_left", 0, (-2.732, 0.0), (25, 29, 30, 37, 38, 44)),
    ("W_centre", 0, (0.0, 0.0), (26, 31, 32, 39, 40, 45)),
    ("W_right", 0, (2.732, 0.0), (27, 33, 34, 41, 42, 46)),
    ("R_left", 1, (-1.366, -2.366), (48, 52, 53, 58, 59, 63)),
    ("R_right", 1, (1.366, -2.366), (49, 54, 55, 60, 61, 64)),
    ("B_left", 2, (-1.366, 2.366), (7, 10, 11, 16, 17, 22)),
    ("B_right", 2, (1.366, 2.366), (8, 12, 13, 18, 19, 23)),
]

KS_TRI_OF = [None] * 72
KS_SQ_OF = [[] for _ in range(72)]
KS_HEX_OF = [None] * 72
for _t in KS_TRIANGLES:
    for _v in _t:
        assert KS_TRI_OF[_v] is None
        KS_TRI_OF[_v] = _t
for _s in KS_SQUARES:
    for _v in _s:
        KS_SQ_OF[_v].append(_s)
for _h in KS_HEXAGONS:
    for _v in _h[3]:
        assert KS_HEX_OF[_v] is None
        KS_HEX_OF[_v] = _h

KS_PLAYERS = {"two players": (2, 15), "four players": (4, 8), "six players": (6, 5)}
KS_COLOUR = ".RB"


class Kensington:
    """Board values: 0 empty, 1 Red (team 1), 2 Blue (team 2).
    Players 0..P-1 in turn order R1, B1, R2, B2, ...; player i is on team 1 + i % 2."""

    name = "kensington"

    def __init__(self, variant="Two players", max_turns=1250, repetition=3,
                 ludii_compat=False):
        key = str(variant).strip().lower()
        if key in ("2", "4", "6"):
            key = {"2": "two players", "4": "four players", "6": "six players"}[key]
        if key not in KS_PLAYERS:
            raise ValueError("unknown kensington variant %r" % (variant,))
        self.variant = key.capitalize()
        self.num_players, per_player = KS_PLAYERS[key]
        self.max_turns = int(max_turns)
        self.repetition = int(repetition)
        self.ludii_compat = parse_bool(ludii_compat)
        self.board = [0] * 72
        self.hands = [per_player] * self.num_players
        self.to_move = 0
        self.pending = 0             # relocations still allowed in this turn
        self.relocated = None        # vertex where this turn's first relocated stone landed
        self.in_turn = False         # an action has been applied in the current turn
        self.over = False
        self.winner = None
        self.draw = False
        self.turns = 0
        self.actions = 0
        self.completed_turns = 0
        self.history = Counter()
        if self._repetition_on():
            self.history[self._position_key()] += 1

    def clone(self):
        g = object.__new__(Kensington)
        g.__dict__.update(self.__dict__)
        g.board = self.board[:]
        g.hands = self.hands[:]
        g.history = Counter(self.history)
        return g

    def setup(self, red=(), blue=(), hands=None, to_move=0):
        """Test helper: arbitrary start position (history restarted)."""
        self.board = [0] * 72
        for v in red:
            self.board[v] = 1
        for v in blue:
            self.board[v] = 2
        if hands is not None:
            self.hands = list(hands)
        self.to_move = to_move
        self.history = Counter()
        if self._repetition_on():
            self.history[self._position_key()] += 1

    def team(self, player=None):
        return 1 + (self.to_move if player is None else player) % 2

    def _repetition_on(self):
        return self.repetition > 0 and not self.ludii_compat

    def _position_key(self):
        return (tuple(self.board), self.to_move, tuple(self.hands))

    # -- legality --------------------------------------------------------------
    def _relocation_sources(self):
        opp = 3 - self.team()
        return [a for a in range(72) if self.board[a] == opp
                and (self.ludii_compat or a != self.relocated)]

    def _relocation_possible(self):
        return bool(self._relocation_sources()) and 0 in self.board

    def legal_actions(self):
        if self.over:
            return []
        b = self.board
        empties = [v for v in range(72) if b[v] == 0]
        if self.pending:
            acts = ["%d>%d" % (a, e) for a in self._relocation_sources() for e in empties]
            if not self.ludii_compat:
                acts.append("end")
            return acts
        if self.hands[self.to_move] > 0:
            return [str(v) for v in empties]
        me = self.team()
        acts = ["%d-%d" % (u, w) for u in range(72) if b[u] == me
                for w in KS_NEIGHBOURS[u] if b[w] == 0]
        return acts or ["pass"]

    def is_over(self):
        return self.over

    # -- play ------------------------------------------------------------------
    def apply(self, action, check=True):
        if check and action not in self.legal_actions():
            raise IllegalAction(action)
        if not self.in_turn:
            self.turns += 1
            self.in_turn = True
        self.actions += 1
        b = self.board
        me = self.team()
        if action in ("pass", "end"):
            self._end_turn()
        elif ">" in action:
            src, dst = map(int, action.split(">"))
            b[dst] = b[src]
            b[src] = 0
            self.pending -= 1
            self.relocated = dst
            if not (self.pending and self._relocation_possible()):
                self._end_turn()
        elif "-" in action:
            src, dst = map(int, action.split("-"))
            b[src] = 0
            b[dst] = me
            self._arrive(dst)
        else:
            v = int(action)
            b[v] = me
            self.hands[self.to_move] -= 1
            self._arrive(v)

    def _arrive(self, v):
        b = self.board
        me = self.team()
        hexagon = KS_HEX_OF[v]
        if hexagon is not None and hexagon[1] in (0, me) \
                and all(b[c] == me for c in hexagon[3]):
            self.over = True                         # R-KS10: win first
            self.winner = me
            return
        allowance = 0
        if all(b[c] == me for c in KS_TRI_OF[v]):
            allowance = 1
        if any(all(b[c] == me for c in sq) for sq in KS_SQ_OF[v]):
            allowance = 2
        if allowance:
            self.pending = allowance
            self.relocated = None
            if self._relocation_possible():
                return
        self._end_turn()

    def _end_turn(self):
        self.pending = 0
        self.relocated = None
        self.in_turn = False
        self.to_move = (self.to_move + 1) % self.num_players
        self.completed_turns += 1
        if self.max_turns > 0 and self.completed_turns >= self.max_turns * self.num_players:
            self.over = True
            self.draw = True
        if self._repetition_on():
            key = self._position_key()
            self.history[key] += 1
            if self.history[key] >= self.repetition:
                self.over = True
                self.draw = True

    def result(self):
        if not self.over:
            return None
        if self.draw:
            return {"winner": None, "draw": True, "scores": None}
        return {"winner": self.winner, "draw": False, "scores": None}

    def to_text(self):
        red = [v for v in range(72) if self.board[v] == 1]
        blue = [v for v in range(72) if self.board[v] == 2]
        p = self.to_move
        name = "%s%d" % (KS_COLOUR[self.team(p)], p // 2 + 1)
        return ("%s; to move %s; hands %s; pending %d (first relocated stone now on %s); "
                "Red %s; Blue %s; completed turns %d" % (
                    self.variant, name, self.hands, self.pending, self.relocated,
                    red, blue, self.completed_turns))


# ---------------------------------------------------------------------------
# game construction from variant / options
# ---------------------------------------------------------------------------

GAMES = {"watershed": Watershed, "ketchup": Ketchup, "kensington": Kensington}
DEFAULT_VARIANT = {"watershed": "Plateau", "ketchup": "Two stones", "kensington": "Two players"}


def make_game(game, variant=None, options=None):
    game = game.strip().lower()
    if game not in GAMES:
        raise ValueError("unknown game %r" % (game,))
    kwargs = {}
    for raw_key, value in (options or {}).items():
        key = raw_key.split(".")[-1].strip().lower()
        if game in ("watershed", "ketchup") and key in ("size", "n"):
            kwargs["size"] = int(value)
        elif game == "ketchup" and key == "drops":
            variant = "1-2" if str(value) == "1-2" else "2"
        elif game == "kensington" and key == "max_turns":
            kwargs["max_turns"] = int(value)
        elif game == "kensington" and key in ("repetition", "repetition_draw"):
            kwargs["repetition"] = int(value)
        elif game == "kensington" and key == "ludii_compat":
            kwargs["ludii_compat"] = parse_bool(value)
        elif game == "kensington" and key == "no_quick_rebuild":
            if parse_bool(value):
                raise ValueError("kensington no_quick_rebuild is not modelled by the oracle")
        else:
            raise ValueError("unknown option %r for %s" % (raw_key, game))
    return GAMES[game](variant or DEFAULT_VARIANT[game], **kwargs)


def parse_sets(pairs):
    options = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise ValueError("--set expects key=value, got %r" % (pair,))
        k, v = pair.split("=", 1)
        options[k] = v
    return options


# ---------------------------------------------------------------------------
# perft
# ---------------------------------------------------------------------------

def perft_all(game, depth):
    """counts[d] = perft(d) for d = 1..depth, in one traversal: perft(j+1) is the
    sum over all nodes at depth j of their number of legal actions (a finished
    game has none)."""
    counts = [0] * (depth + 1)
    counts[0] = 1

    def walk(node, level):
        acts = node.legal_actions()
        counts[level + 1] += len(acts)
        if level + 1 < depth:
            for a in acts:
                child = node.clone()
                child.apply(a, check=False)
                walk(child, level + 1)

    if depth > 0:
        walk(game, 0)
    return counts


def cmd_perft(args):
    game = make_game(args.game, args.variant, parse_sets(args.set))
    counts = perft_all(game, args.depth)
    for d in range(1, args.depth + 1):
        print("perft(%d) = %d" % (d, counts[d]))
    return 0


# ---------------------------------------------------------------------------
# verify
# ---------------------------------------------------------------------------

def _set_diff_text(trace_list, ours):
    t, o = set(trace_list), set(ours)
    missing = sorted(o - t)
    extra = sorted(t - o)
    parts = []
    if extra:
        parts.append("in trace but not legal for oracle: %s%s" % (
            extra[:12], " ..." if len(extra) > 12 else ""))
    if missing:
        parts.append("legal for oracle but missing from trace: %s%s" % (
            missing[:12], " ..." if len(missing) > 12 else ""))
    if len(trace_list) != len(t):
        parts.append("trace list has duplicates")
    return "; ".join(parts)


def verify_trace(trace):
    """Return None if the trace agrees with the oracle, else a one-line message."""
    game = make_game(trace["game"], trace.get("variant"), trace.get("options") or {})
    actions = trace.get("actions", [])
    legal = trace.get("legal")
    counts = trace.get("legal_counts")

    def where(step):
        return "step %d: " % step

    for i, action in enumerate(actions):
        if game.is_over():
            return where(i) + "trace expects the game to go on (action %r), oracle says it is over " \
                "(result %s); position: %s" % (action, game.result(), game.to_text())
        ours = game.legal_actions()
        if legal is not None and i < len(legal):
            if sorted(legal[i]) != sorted(ours):
                return where(i) + "legal set differs (trace %d actions, oracle %d): %s; position: %s" % (
                    len(legal[i]), len(ours), _set_diff_text(legal[i], ours), game.to_text())
        elif counts is not None and i < len(counts):
            if counts[i] != len(ours):
                return where(i) + "legal count: trace %d, oracle %d; position: %s" % (
                    counts[i], len(ours), game.to_text())
        if action not in ours:
            return where(i) + "action %r is illegal for the oracle; position: %s" % (
                action, game.to_text())
        game.apply(action, check=False)

    n = len(actions)
    if not game.is_over():
        return where(n) + "trace expects the game to be over, oracle says it goes on " \
            "(%d legal actions); position: %s" % (len(game.legal_actions()), game.to_text())
    if legal is not None and len(legal) > n and sorted(legal[n]) != []:
        return where(n) + "final legal list should be empty, trace has %s" % (legal[n][:12],)
    if counts is not None and len(counts) > n and counts[n] != 0:
        return where(n) + "final legal count should be 0, trace has %d" % (counts[n],)

    ours = game.result()
    expected = trace.get("result")
    if expected is not None:
        exp_draw = bool(expected.get("draw", False))
        if exp_draw != ours["draw"]:
            return "result: trace draw=%s, oracle draw=%s (oracle %s); position: %s" % (
                exp_draw, ours["draw"], ours, game.to_text())
        if not exp_draw and expected.get("winner") != ours["winner"]:
            return "result: trace winner %s, oracle winner %s (oracle %s); position: %s" % (
                expected.get("winner"), ours["winner"], ours, game.to_text())
        if "scores" in expected and expected.get("scores") != ours["scores"]:
            return "result: trace scores %s, oracle scores %s; position: %s" % (
                expected.get("scores"), ours["scores"], game.to_text())
    if "turns" in trace and trace["turns"] != game.turns:
        return "turns: trace %s, oracle %d" % (trace["turns"], game.turns)
    if "actions_count" in trace and trace["actions_count"] != game.actions:
        return "actions_count: trace %s, oracle %d" % (trace["actions_count"], game.actions)
    return None


def cmd_verify(args):
    bad = 0
    total = 0
    with open(args.file) as f:
        for lineno, line in enumerate(f, 1):
            if not line.strip():
                continue
            total += 1
            try:
                trace = json.loads(line)
                msg = verify_trace(trace)
            except Exception as e:                     # malformed trace or option
                msg = "error: %s: %s" % (type(e).__name__, e)
            if msg is None:
                print("ok")
            else:
                bad += 1
                print("line %d: MISMATCH %s" % (lineno, msg))
    print("%d traces, %d mismatches" % (total, bad), file=sys.stderr)
    return 1 if bad else 0


# ---------------------------------------------------------------------------
# random
# ---------------------------------------------------------------------------

def cmd_random(args):
    rng = random.Random(args.seed)
    options = parse_sets(args.set)
    total_turns = total_actions = draws = 0
    wins = Counter()
    for _ in range(args.games):
        game = make_game(args.game, args.variant, options)
        while not game.is_over():
            game.apply(rng.choice(game.legal_actions()), check=False)
        res = game.result()
        if res["draw"]:
            draws += 1
        else:
            wins[res["winner"]] += 1
        total_turns += game.turns
        total_actions += game.actions
    n = max(args.games, 1)
    print("%s %s: %d games, seed %s" % (args.game, args.variant or DEFAULT_VARIANT[args.game],
                                        args.games, args.seed))
    print("mean turns %.2f, mean actions %.2f" % (total_turns / n, total_actions / n))
    print("wins team1 %d, team2 %d, draws %d" % (wins[1], wins[2], draws))
    return 0


# ---------------------------------------------------------------------------
# worked examples of RULES.md
# ---------------------------------------------------------------------------

def _ketchup_label(n, q, r):
    return chr(ord("a") + q + n - 1) + str(n - r)


def example_EK1():
    g = Ketchup("Two stones", 3)
    L = lambda q, r: _ketchup_label(3, q, r)
    assert (L(0, 0), L(1, -1), L(-2, 2), L(2, -2)) == ("c3", "d4", "a1", "e5")
    assert len(g.legal_actions()) == 19 and "end" not in g.legal_actions()
    g.apply(L(0, 0))                                   # turn 1: exactly one stone
    assert g.to_move == 2 and not g.bonus_turn         # R-K2: no bonus for Black
    g.apply(L(1, 0))
    assert "end" not in g.legal_actions()
    g.apply(L(1, -1))                                  # normal turn ends after 2
    assert g.to_move == 1 and g.bonus_turn and g.L_start == 2
    g.apply(L(-1, 0))
    g.apply(L(-1, 1))
    assert "end" in g.legal_actions()                  # bonus: 3rd stone or end
    g.apply(L(0, 1))                                   # turn ended after 3 stones
    assert g.to_move == 2 and g.bonus_turn and g.L_start == 4
    g.apply(L(2, -1))
    assert "end" not in g.legal_actions() and g.placed == 1   # could not drop 1
    g.apply(L(2, -2))
    assert "end" in g.legal_actions()
    g.apply("end")                                     # Black chooses only 2
    assert g.to_move == 1 and not g.bonus_turn and g.L_start == 4   # R-K3
    assert sorted(groups_of(g.board, 1, g.adj)) == [4]
    assert sorted(groups_of(g.board, 2, g.adj)) == [4]
    g.apply(L(-2, 1))
    assert "end" not in g.legal_actions()
    g.apply(L(-2, 2))                                  # exactly 2, turn over
    assert g.to_move == 2 and g.bonus_turn and g.L_start == 6
    assert sorted(groups_of(g.board, 1, g.adj)) == [6]
    assert g.turns == 5 and g.actions == 11


def example_EK2():
    w = [10, 8, 6, 4, 2, 1]
    b = [10, 8, 6, 3, 3]
    assert sum(w) == 31 and sum(b) == 30
    assert cascade_winner(w, b) == 1
    assert unpaired_maxima(w, b) == (4, 3)


def example_EK3():
    assert cascade_winner([15, 10, 5], [15, 10, 5, 1]) == 2


def example_EK4():
    for variant in ("Two stones", "One or two stones"):
        g = Ketchup(variant, 3)
        # fill all cells but the last one, alternating colours (9 White, 9 Black)
        for i in range(len(g.cells) - 1):
            g.board[i] = 1 + i % 2
        g.empty = 1
        g.first_turn = False
        g.to_move = 2
        g.bonus_turn = False
        g.L_start = g.largest()
        last = g.labels[len(g.cells) - 1]
        assert g.legal_actions() == [last]             # no "end" before the 1st stone
        g.apply(last)
        assert g.is_over() and g.legal_actions() == []
        assert g.result() is not None and not g.result()["draw"]


def _ks_geometry():
    """Rebuild the board from the recipe of RULES 2.3.3 (independent of Appendix A)."""
    s3 = math.sqrt(3)
    D = 1 + s3
    centres = {"W_left": (-D, 0), "W_centre": (0, 0), "W_right": (D, 0),
               "R_left": (-D / 2, -s3 / 2 * D), "R_right": (D / 2, -s3 / 2 * D),
               "B_left": (-D / 2, s3 / 2 * D), "B_right": (D / 2, s3 / 2 * D)}
    h = (1 + s3 / 2) / math.cos(math.radians(15))
    pts = []

    def add(p):
        for i, q in enumerate(pts):
            if math.dist(p, q) < 0.1:
                return i
        pts.append(p)
        return len(pts) - 1

    hex_pts = {}
    for name, (cx, cy) in centres.items():
        corners = []
        for th in (90, 150, 210, 270, 330, 30):
            corners.append(add((cx + math.cos(math.radians(th)), cy + math.sin(math.radians(th)))))
        for k in range(12):
            ph = math.radians(15 + 30 * k)
            add((cx + h * math.cos(ph), cy + h * math.sin(ph)))
        hex_pts[name] = corners
    order = sorted(range(len(pts)), key=lambda i: (-round(pts[i][1], 3), round(pts[i][0], 3)))
    new_id = {old: new for new, old in enumerate(order)}
    coords = [pts[old] for old in order]
    nv = len(coords)
    adj = [set() for _ in range(nv)]
    for i in range(nv):
        for j in range(i + 1, nv):
            if abs(math.dist(coords[i], coords[j]) - 1) < 0.01:
                adj[i].add(j)
                adj[j].add(i)
    tris = set()
    for a in range(nv):
        for b in adj[a]:
            for c in adj[a] & adj[b]:
                tris.add(tuple(sorted((a, b, c))))
    squares = set()
    for a in range(nv):
        for b in adj[a]:
            for c in adj[b]:
                if c == a or c in adj[a]:
                    continue
                for d in adj[c] & adj[a]:
                    if d != b and d not in adj[b]:
                        squares.add(tuple(sorted((a, b, c, d))))
    hexes = {name: tuple(sorted(new_id[i] for i in corners)) for name, corners in hex_pts.items()}
    edges = sum(len(s) for s in adj) // 2
    return nv, edges, [sorted(s) for s in adj], tris, squares, hexes


def example_EKS1():
    nv, edges, adj, tris, squares, hexes = _ks_geometry()
    assert nv == 72 and edges == 132
    assert adj == [sorted(x) for x in KS_NEIGHBOURS], "Appendix A neighbours differ from recipe"
    assert tris == set(KS_TRIANGLES) and len(tris) == 24
    assert squares == set(KS_SQUARES) and len(squares) == 30
    assert hexes == {h[0]: h[3] for h in KS_HEXAGONS}
    for v in range(72):
        for w in KS_NEIGHBOURS[v]:
            assert v in KS_NEIGHBOURS[w]
    assert sorted(KS_NEIGHBOURS[0]) == [1, 4, 7]
    assert KS_TRI_OF[0] == KS_TRIANGLES[0] and KS_SQ_OF[0] == [KS_SQUARES[0]] and KS_HEX_OF[0] is None
    assert sorted(KS_NEIGHBOURS[5]) == [1, 2, 11, 12]
    assert KS_TRI_OF[5] == KS_TRIANGLES[3] and KS_SQ_OF[5] == [KS_SQUARES[1], KS_SQUARES[2]]
    assert KS_HEX_OF[5] is None
    assert sorted(KS_NEIGHBOURS[31]) == [22, 26, 30, 39]
    assert KS_HEX_OF[31][0] == "W_centre"
    assert KS_TRI_OF[31] == (22, 30, 31) == KS_TRIANGLES[9]
    assert KS_SQ_OF[31] == [(17, 22, 26, 31), (30, 31, 38, 39)] == [KS_SQUARES[9], KS_SQUARES[14]]
    assert all(KS_TRI_OF[v] is not None for v in range(72))
    assert all(1 <= len(KS_SQ_OF[v]) <= 2 for v in range(72))
    assert sum(1 for v in range(72) if KS_HEX_OF[v]) == 42


def example_EKS2():
    g = Kensington()
    for a in ("22", "0", "30", "3", "31"):
        g.apply(a)
    assert g.pending == 1 and g.to_move == 0
    acts = g.legal_actions()
    assert "end" in acts
    assert set(a.split(">")[0] for a in acts if ">" in a) == {"0", "3"}
    assert len(acts) == 2 * 67 + 1
    g.apply("0>4")
    assert g.to_move == 1 and g.pending == 0 and g.board[4] == 2 and g.board[0] == 0
    g2 = Kensington()
    for a in ("22", "0", "30", "3", "31", "end"):
        g2.apply(a)
    assert g2.to_move == 1 and g2.turns == 5 and g2.actions == 6


def example_EKS3():
    for extra in ((), (38, 39)):
        g = Kensington()
        g.setup(red=(22, 30, 17, 26) + extra, blue=(0, 3, 9, 14, 70, 71),
                hands=[15 - 4 - len(extra), 9], to_move=0)
        g.apply("31")
        assert g.pending == 2, g.pending
        g.apply("0>1")
        assert g.pending == 1
        acts = g.legal_actions()
        assert "end" in acts and not any(a.startswith("1>") for a in acts)   # R-KS3
        g.apply("3>2")
        assert g.to_move == 1 and g.pending == 0
    # ludii_compat: compulsory, same stone allowed twice
    g = Kensington(ludii_compat=True)
    g.setup(red=(22, 30, 17, 26), blue=(0, 3), hands=[11, 13], to_move=0)
    g.apply("31")
    assert "end" not in g.legal_actions()
    g.apply("0>1")
    assert any(a.startswith("1>") for a in g.legal_actions())


def example_EKS4():
    g = Kensington()
    g.setup(red=(22, 30), blue=(38, 39, 0), hands=[13, 12], to_move=0)
    g.apply("31")                                      # Red completes T9
    g.apply("0>48")                                    # Blue stone relocated onto 48
    assert all(g.board[v] == 2 for v in (38, 39, 48))
    assert g.to_move == 1 and g.pending == 0           # Blue gets nothing
    g.apply("70")
    assert g.to_move == 0 and g.pending == 0


def example_EKS5():
    g = Kensington()
    g.setup(red=(26, 31, 32, 39, 40, 53), blue=(0, 1, 2, 3, 4, 5), hands=[0, 0], to_move=0)
    assert "53-45" in g.legal_actions()
    g.apply("53-45")
    assert g.is_over() and g.result() == {"winner": 1, "draw": False, "scores": None}
    assert g.turns == 1 and g.legal_actions() == []
    # Blue filling R_left {48, 52, 53, 58, 59, 63} achieves nothing
    g = Kensington()
    g.setup(red=(0, 1, 2), blue=(48, 52, 53, 58, 59, 68), hands=[0, 0], to_move=1)
    g.apply("68-63")
    assert not g.is_over() and g.to_move == 0 and g.pending == 0
    # a relocation leaving Red on all six corners of W_centre is not a win (R-KS4)
    g = Kensington()
    g.setup(red=(26, 31, 32, 39, 40, 0), blue=(68, 69, 59), hands=[0, 0], to_move=1)
    g.apply("59-63")                                   # Blue completes T22
    assert g.pending == 1
    g.apply("0>45")
    assert all(g.board[v] == 1 for v in KS_HEXAGONS[1][3])
    assert not g.is_over() and g.to_move == 0


def example_EKS6():
    g = Kensington()
    g.setup(red=(22, 30, 31, 65), blue=(0, 2, 68, 70), hands=[0, 0], to_move=0)
    g.apply("31-39")
    assert g.pending == 0 and g.to_move == 1
    g.apply("0-1")
    g.apply("39-31")
    assert g.pending == 1 and g.to_move == 0            # T9 pays again


def example_EKS7():
    g = Kensington()
    # Blue on 0, 1, 7 with Red on all their other neighbours: 4, 5, 10, 11
    g.setup(red=(4, 5, 10, 11), blue=(0, 1, 7), hands=[0, 0], to_move=1)
    assert g.legal_actions() == ["pass"]
    g.apply("pass")
    assert g.to_move == 0 and not g.is_over() and g.turns == 1 and g.actions == 1
    assert "pass" not in g.legal_actions()
    # repetition: back-and-forth slides draw at the third occurrence
    g = Kensington()
    g.setup(red=(70,), blue=(0,), hands=[0, 0], to_move=0)
    for a in ("70-71", "0-1", "71-70", "1-0", "70-71", "0-1", "71-70"):
        assert not g.is_over()
        g.apply(a)
    assert not g.is_over()
    g.apply("1-0")
    assert g.is_over() and g.result()["draw"] and g.turns == 8
    # max_turns
    g = Kensington(max_turns=2, repetition=0)
    g.setup(red=(70,), blue=(0,), hands=[0, 0], to_move=0)
    for a in ("70-71", "0-1", "71-70"):
        g.apply(a)
    assert not g.is_over()
    g.apply("1-0")
    assert g.is_over() and g.result()["draw"]


def example_EW1():
    pos = {"c2": 1, "b3": 2, "d3": 1}
    g = Watershed("Floodplain", 5)
    g.setup(pos)
    acts = g.legal_actions()
    assert "c4" not in acts and "c3" not in acts and len(acts) == 20, (len(acts), acts)
    g = Watershed("Plateau", 5)
    g.setup(pos)
    acts = g.legal_actions()
    assert "c4" in acts and "c3" in acts and len(acts) == 22, (len(acts), acts)


def example_EW2():
    g = Watershed("Plateau", 5)
    g.setup({"b2": 1, "c2": 2, "d2": 1, "b3": 2, "d3": 1, "b4": 2, "c4": 1})
    acts = g.legal_actions()
    assert "d4" not in acts and "e5" in acts


def example_EW3():
    for variant in ("Plateau", "Floodplain"):
        g = Watershed(variant, 5)
        g.setup({"a2": 1, "b2": 2})
        assert "a1" not in g.legal_actions()


def example_EW4():
    g = Watershed("Plateau", 5)
    for a in ("a1", "a2", "b2"):
        g.apply(a)
    assert g.board[g.index["a1"]] == 0 and g.bonus == [0, 0, 0]
    g = Watershed("Plateau", 5)
    for a in ("a1", "a2", "c5", "b2"):
        g.apply(a)
    assert g.board[g.index["a1"]] == 0 and g.bonus == [0, 0, 1]
    g = Watershed("Floodplain", 5)
    for a in ("a1", "b1"):
        g.apply(a)
    assert g.board[g.index["a1"]] == 0 and g.bonus == [0, 1, 0]


def example_EW6():
    assert unpaired_maxima([5, 5, 1], [5, 4]) == (5, 4)     # U1=5 > U2=4 -> O wins
    # through the real scorer: X groups {5,5,1}, O groups {5,4}, raw tie 5/5
    g = Watershed("Plateau", 9)
    stones = {}
    for lab in ("a1", "a2", "a3", "a4", "a5"):
        stones[lab] = 1
    for lab in ("c1", "c2", "c3", "c4", "c5"):
        stones[lab] = 1
    stones["e1"] = 1
    for lab in ("g1", "g2", "g3", "g4", "g5"):
        stones[lab] = 2
    for lab in ("i1", "i2", "i3", "i4"):
        stones[lab] = 2
    g.setup(stones)
    assert sorted(groups_of(g.board, 1, g.grp)) == [1, 5, 5]
    assert sorted(groups_of(g.board, 2, g.grp)) == [4, 5]
    g._legal = []                                    # pretend the game has ended
    assert g.result()["winner"] == 2 and g.result()["scores"] == [5, 5]


EXAMPLES = [
    ("E-K1", example_EK1), ("E-K2", example_EK2), ("E-K3", example_EK3), ("E-K4", example_EK4),
    ("E-KS1", example_EKS1), ("E-KS2", example_EKS2), ("E-KS3", example_EKS3),
    ("E-KS4", example_EKS4), ("E-KS5", example_EKS5), ("E-KS6", example_EKS6),
    ("E-KS7", example_EKS7),
    ("E-W1", example_EW1), ("E-W2", example_EW2), ("E-W3", example_EW3), ("E-W4", example_EW4),
    ("E-W6", example_EW6),
]


def cmd_examples(_args):
    failures = 0
    for name, fn in EXAMPLES:
        try:
            fn()
            print("%-6s ok" % name)
        except Exception as e:
            failures += 1
            print("%-6s FAIL %s: %s" % (name, type(e).__name__, e))
    return 1 if failures else 0


# ---------------------------------------------------------------------------
# command line
# ---------------------------------------------------------------------------

def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("perft")
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("--variant")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("depth", type=int)
    p.set_defaults(func=cmd_perft)

    p = sub.add_parser("verify")
    p.add_argument("file")
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("random")
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("--variant")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--seed", type=int, required=True)
    p.set_defaults(func=cmd_random)

    p = sub.add_parser("examples")
    p.set_defaults(func=cmd_examples)

    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
