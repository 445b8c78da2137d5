#!/usr/bin/env python3
"""An independent model of Breakthrough, Knightthrough, Clobber, Domineering, Go, Atari Go and
Ataxx, to cross-check Tabula's game files for them.

Written from the rules in CLASSICS.md (Knightthrough and Ataxx: from the rules texts of their
issues, issue 41 for Ataxx), the square and rectangle sections (§4) of docs/LANGUAGE.md and the
action texts and record format of docs/CLI.md, without reading Tabula's engine, grammar or game
files: two programs written from the same texts by different hands must agree, so a mistake in
either shows up as a disagreement.
Python 3.11 standard library only, because CI runs `python3` directly.

Commands (GAME is `breakthrough`, `knightthrough`, `clobber`, `domineering`, `go`, `atari-go`
or `ataxx`; SIZE is the `size` option, or `WxH` for Clobber's `width` and `height`):

    moving.py perft GAME SIZE DEPTH [--all | --divide] [--turns] [--after "ACTIONS"]
    moving.py moves GAME SIZE [--after "ACTIONS"] [--batch]
    moving.py board GAME SIZE
    moving.py replay GAME SIZE [--players NAME1,NAME2] RECORD...

`perft` prints the count alone on its last line, as `tabula perft` does (with `--all`,
`perft(d) = n` for every depth first; with `--divide`, `ACTION: COUNT` for each first action in
byte order); it counts actions, or whole turns with `--turns` (Domineering's turn is two
actions). `moves` prints one JSON object like `tabula moves --json` (`to_move`, `legal`,
`outcome`, `turns`, `actions`, and for Go `scores`); with `--batch` it reads one action sequence
per line on stdin and prints one object per line. `board` prints the sites in index order with
their orthogonal neighbours, and the stones of the start. `replay` checks Tabula records and
prints one line per record and a summary; it exits 1 if any record disagrees with the model.
Bad input is a one-line error and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import re
import sys

EMPTY = 0


def column_letters(index: int) -> str:
    """`a`…`z`, then `aa`, `ab`, … (LANGUAGE.md §4, `square`: no letter is skipped)."""
    letters = ""
    index += 1
    while index > 0:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


class ModelError(Exception):
    """A bad command line or record, or an action the model finds illegal: reported as a
    message (exit status 2, or a failed record), never a traceback."""


class Grid:
    """LANGUAGE.md §4 `rectangle` (and `square`, which is a rectangle N×N): index
    `row × W + column` from 0 at the bottom left, labels a column letter and a row from 1."""

    def __init__(self, width: int, height: int):
        self.width, self.height = width, height
        self.labels = [column_letters(i % width) + str(i // width + 1) for i in range(width * height)]
        self.by_label = {label: i for i, label in enumerate(self.labels)}
        self.orthogonal = [
            [self.at(c + dc, r + dr) for dc, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)) if self.at(c + dc, r + dr) is not None]
            for r in range(height)
            for c in range(width)
        ]

    def at(self, column: int, row: int) -> int | None:
        """The index of (column, row), 0-based, or None off the board."""
        if 0 <= column < self.width and 0 <= row < self.height:
            return row * self.width + column
        return None

    def column(self, site: int) -> int:
        return site % self.width

    def row(self, site: int) -> int:
        return site // self.width

    def site(self, label: str) -> int:
        site = self.by_label.get(label)
        if site is None:
            raise ModelError(f"`{label}` is not a site of this board")
        return site


class State:
    """A position: `cells[i]` is 0 (empty), 1 or 2 (the player whose stone it is); the player
    to move; the outcome once the game is over: ("win", player) or ("draw", None); the counts
    of CLI.md (turns begun, actions applied). Games add what their rules need."""

    def __init__(self, cells: list[int]):
        self.cells = cells
        self.to_move = 1
        self.outcome: tuple[str, int | None] | None = None
        self.turns = 0
        self.actions = 0
        self.in_turn = False  # a turn begun and not finished (Domineering's first cell)
        self.pending: int | None = None  # Domineering: the second cell the turn must take
        self.passed = False  # Go: the last action was a pass
        self.history: set[bytes] = set()  # Go: every board position of the game so far
        self.scores: list[float] | None = None  # Go: area scores once the game is over

    def copy(self) -> State:
        other = State(list(self.cells))
        other.to_move, other.outcome, other.turns, other.actions = self.to_move, self.outcome, self.turns, self.actions
        other.in_turn, other.pending, other.passed = self.in_turn, self.pending, self.passed
        other.history = set(self.history)
        other.scores = self.scores
        return other


class Game:
    """Two players, player 1 first. A subclass gives the start, the legal actions (as the
    texts Tabula writes) and what an action does. Every action here ends its turn except
    Domineering's first cell."""

    name = ""

    def __init__(self, grid: Grid):
        self.grid = grid

    def start(self) -> State:
        raise NotImplementedError

    def legal(self, state: State) -> list[str]:
        """The legal actions, none once the game is over (in no particular order)."""
        raise NotImplementedError

    def act(self, state: State, action: str) -> None:
        """Applies a legal action to `state` in place (the caller has checked legality)."""
        raise NotImplementedError

    def is_legal(self, state: State, action: str) -> bool:
        return action in self.legal(state)

    def has_action(self, state: State) -> bool:
        return bool(self.legal(state))

    # Shared -------------------------------------------------------------------------------

    def apply(self, state: State, action: str) -> State:
        """A new state after `action`; ModelError if it is not legal in `state`."""
        if state.outcome is not None:
            raise ModelError(f"`{action}` after the end of the game")
        if not self.is_legal(state, action):
            raise ModelError(f"`{action}` is not legal here (player {state.to_move} to move)")
        after = state.copy()
        if not after.in_turn:
            after.turns += 1
            after.in_turn = True
        after.actions += 1
        self.act(after, action)
        return after

    def end_turn(self, state: State) -> None:
        """Passes control; the player who now has no legal action has lost (Clobber,
        Domineering, Atari Go; Breakthrough and Go never get there)."""
        state.in_turn = False
        state.to_move = 3 - state.to_move
        if state.outcome is None and not self.has_action(state):
            self.blocked(state)

    def blocked(self, state: State) -> None:
        state.outcome = ("win", 3 - state.to_move)

    def describe(self, state: State) -> dict:
        """The position as `tabula moves --json` describes it (the keys it shares)."""
        outcome = None
        if state.outcome is not None:
            kind, player = state.outcome
            outcome = {"winner": player if kind == "win" else None, "draw": kind == "draw"}
        found = {
            "to_move": None if state.outcome is not None else state.to_move,
            "legal": sorted(self.legal(state)),
            "outcome": outcome,
            "turns": state.turns,
            "actions": state.actions,
        }
        if self.name == "go":
            found["scores"] = state.scores
        return found

    def start_stones(self) -> dict[str, list[str]]:
        state = self.start()
        return {
            str(p): [self.grid.labels[i] for i, v in enumerate(state.cells) if v == p] for p in (1, 2)
        }

    # Counting --------------------------------------------------------------------------------

    def perft_all(self, state: State, depth: int, turns: bool = False) -> list[int]:
        """perft(1), …, perft(depth) in one walk (what `--all` prints). A finished game has no
        successors (CLI.md). With `turns`, a level is a whole turn: the walk goes on through
        the actions of a turn until the player to move changes or the game ends."""
        counts = [0] * (depth + 1)

        def walk(s: State, d: int) -> None:
            if s.outcome is not None or d == depth:
                return
            moves = self.legal(s)
            if not turns and d + 1 == depth:
                counts[depth] += len(moves)
                return
            for action in moves:
                after = self.apply_unchecked(s, action)
                if turns and after.in_turn and after.outcome is None:
                    walk_inside(after, d)
                else:
                    counts[d + 1] += 1
                    walk(after, d + 1)

        def walk_inside(s: State, d: int) -> None:
            # Inside a turn: the turn is counted when it is finished.
            for action in self.legal(s):
                after = self.apply_unchecked(s, action)
                if after.in_turn and after.outcome is None:
                    walk_inside(after, d)
                else:
                    counts[d + 1] += 1
                    walk(after, d + 1)

        if turns and state.in_turn and state.outcome is None and depth > 0:
            walk_inside(state, 0)
        else:
            walk(state, 0)
        return counts[1:]

    def perft(self, state: State, depth: int, turns: bool = False) -> int:
        if depth == 0:
            return 1
        return self.perft_all(state, depth, turns)[-1]

    def apply_unchecked(self, state: State, action: str) -> State:
        after = state.copy()
        if not after.in_turn:
            after.turns += 1
            after.in_turn = True
        after.actions += 1
        self.act(after, action)
        return after


# Breakthrough -------------------------------------------------------------------------------


def two_rows_each(g: Grid) -> State:
    """Breakthrough's and Knightthrough's start: player 1 on the first two rows, player 2 on the
    last two."""
    cells = [EMPTY] * (g.width * g.height)
    for i in range(len(cells)):
        if g.row(i) < 2:
            cells[i] = 1
        elif g.row(i) >= g.height - 2:
            cells[i] = 2
    return State(cells)


class Breakthrough(Game):
    """CLASSICS.md: White (player 1) on rows 1–2 moves up, Black on the last two rows moves
    down. A pawn steps one square straight forward onto an empty square, or diagonally forward
    onto an empty square or an enemy pawn, which is captured. Reaching the far row wins, and so
    does capturing every enemy pawn. A player always has a move while the game goes on (the most
    advanced pawn can always step or capture), so no rule for a blocked player is needed."""

    name = "breakthrough"

    def start(self):
        return two_rows_each(self.grid)

    def legal(self, state):
        if state.outcome is not None:
            return []
        g, cells, me = self.grid, state.cells, state.to_move
        forward = 1 if me == 1 else -1
        moves = []
        for i, v in enumerate(cells):
            if v != me:
                continue
            c, r = g.column(i), g.row(i)
            for dc in (-1, 0, 1):
                to = g.at(c + dc, r + forward)
                if to is None:
                    continue
                if cells[to] == EMPTY or (dc != 0 and cells[to] == 3 - me):
                    moves.append(f"{g.labels[i]}-{g.labels[to]}")
        return moves

    def act(self, state, action):
        g, me = self.grid, state.to_move
        source, _, target = action.partition("-")
        frm, to = g.site(source), g.site(target)
        captured = state.cells[to] == 3 - me
        state.cells[frm] = EMPTY
        state.cells[to] = me
        far = g.height - 1 if me == 1 else 0
        if g.row(to) == far or (captured and 3 - me not in state.cells):
            state.outcome = ("win", me)
        self.end_turn(state)

    def blocked(self, state):
        raise AssertionError("breakthrough: a player without a move (impossible by the rules)")


# Knightthrough ------------------------------------------------------------------------------


class Knightthrough(Game):
    """The rules text of the Knightthrough issue: Breakthrough's armies (White, player 1, on
    ranks 1–2 moving north; Black on the last two ranks moving south), but each piece moves as
    a chess knight, and only by the four jumps that go forward: one file and two ranks, or two
    files and one rank. A jump passes over anything; it lands on an empty square or on an enemy
    knight, which is captured, never on one's own knight. After each move: the knight that
    moved landing on the far rank wins for the mover; otherwise the player to move next without
    a legal move (no knights left, or all blocked) loses. (While a player has a knight, his
    lowest one can always jump: its landing squares are below every knight of his, so empty or
    enemy, and on a board of five files or more one of them is on the board; so the second
    rule fires only when the last knight is taken. The model applies it as written all the
    same.)"""

    name = "knightthrough"

    # (files, ranks) of the four forward jumps, for White; Black's go south.
    JUMPS = ((1, 2), (-1, 2), (2, 1), (-2, 1))

    def start(self):
        return two_rows_each(self.grid)

    def legal(self, state):
        if state.outcome is not None:
            return []
        g, cells, me = self.grid, state.cells, state.to_move
        forward = 1 if me == 1 else -1
        moves = []
        for i, v in enumerate(cells):
            if v != me:
                continue
            c, r = g.column(i), g.row(i)
            for dc, dr in self.JUMPS:
                to = g.at(c + dc, r + dr * forward)
                if to is not None and cells[to] != me:
                    moves.append(f"{g.labels[i]}-{g.labels[to]}")
        return moves

    def act(self, state, action):
        g, me = self.grid, state.to_move
        source, _, target = action.partition("-")
        frm, to = g.site(source), g.site(target)
        state.cells[frm] = EMPTY
        state.cells[to] = me  # an enemy knight there is captured
        far = g.height - 1 if me == 1 else 0
        if g.row(to) == far:
            state.outcome = ("win", me)
        # Otherwise end_turn gives the game to the mover if the next player cannot move.
        self.end_turn(state)


# Clobber -----------------------------------------------------------------------------------


class Clobber(Game):
    """CLASSICS.md: a checkerboard of stones, a1 White (player 1). A move takes one's own stone
    onto an orthogonally adjacent enemy stone, which is removed. A player who cannot move
    loses."""

    name = "clobber"

    def start(self):
        g = self.grid
        return State([1 if (g.column(i) + g.row(i)) % 2 == 0 else 2 for i in range(g.width * g.height)])

    def legal(self, state):
        if state.outcome is not None:
            return []
        g, cells, me = self.grid, state.cells, state.to_move
        return [
            f"{g.labels[i]}-{g.labels[to]}"
            for i, v in enumerate(cells)
            if v == me
            for to in g.orthogonal[i]
            if cells[to] == 3 - me
        ]

    def act(self, state, action):
        source, _, target = action.partition("-")
        frm, to = self.grid.site(source), self.grid.site(target)
        state.cells[to] = state.cells[frm]
        state.cells[frm] = EMPTY
        self.end_turn(state)


# Domineering --------------------------------------------------------------------------------


class Domineering(Game):
    """CLASSICS.md: the first player places vertical dominoes, the second horizontal ones, each
    on two empty squares; a player who cannot place loses. The brief's action decomposition: a
    turn is two actions, the first player's lower cell then the cell north of it, the second
    player's left cell then the cell east of it. A first cell is legal only where its partner
    is empty too, so that every begun turn can be finished."""

    name = "domineering"

    def start(self):
        return State([EMPTY] * (self.grid.width * self.grid.height))

    def partner(self, site: int, player: int) -> int | None:
        g = self.grid
        c, r = g.column(site), g.row(site)
        return g.at(c, r + 1) if player == 1 else g.at(c + 1, r)

    def legal(self, state):
        if state.outcome is not None:
            return []
        g, cells = self.grid, state.cells
        if state.pending is not None:
            return [g.labels[state.pending]]
        moves = []
        for i, v in enumerate(cells):
            if v == EMPTY:
                other = self.partner(i, state.to_move)
                if other is not None and cells[other] == EMPTY:
                    moves.append(g.labels[i])
        return moves

    def act(self, state, action):
        site = self.grid.site(action)
        state.cells[site] = state.to_move
        if state.pending is None:
            state.pending = self.partner(site, state.to_move)
        else:
            state.pending = None
            self.end_turn(state)


# Go and Atari Go -------------------------------------------------------------------------------


class Go(Game):
    """CLASSICS.md: a placement on an empty point, or `pass`. After a placement every enemy group
    without liberties is removed; then the placed stone's group must have a liberty (no
    suicide), and the board must not be one that occurred before in the game (positional
    superko; the board alone, whoever is to move). A pass is always legal; two passes in a row
    end the game. Area scoring: stones, plus empty regions bordering only one colour; White
    adds komi (7.5 by default), and the higher score wins (equal scores would be a draw)."""

    name = "go"

    def __init__(self, grid: Grid, komi: float = 7.5):
        super().__init__(grid)
        self.komi = komi

    def start(self):
        state = State([EMPTY] * (self.grid.width * self.grid.height))
        state.history.add(bytes(state.cells))
        return state

    def group(self, cells: list[int], site: int) -> tuple[list[int], bool]:
        """The stones of the group through `site` and whether it has a liberty."""
        colour, near = cells[site], self.grid.orthogonal
        stones, seen, free = [site], {site}, False
        k = 0
        while k < len(stones):
            for t in near[stones[k]]:
                if cells[t] == EMPTY:
                    free = True
                elif cells[t] == colour and t not in seen:
                    seen.add(t)
                    stones.append(t)
            k += 1
        return stones, free

    def place(self, cells: list[int], site: int, me: int) -> tuple[list[int], int, bool]:
        """The board after `me` places on `site` and dead enemy groups are removed, the number
        of stones captured, and whether the placed stone's group has a liberty."""
        after = list(cells)
        after[site] = me
        captured = 0
        for t in self.grid.orthogonal[site]:
            if after[t] == 3 - me:
                stones, free = self.group(after, t)
                if not free:
                    for s in stones:
                        after[s] = EMPTY
                    captured += len(stones)
        _, free = self.group(after, site)
        return after, captured, free

    def placements(self, state: State) -> list[str]:
        labels = self.grid.labels
        return [labels[i] for i in range(len(labels)) if self.placeable(state, i)]

    def legal(self, state):
        if state.outcome is not None:
            return []
        return self.placements(state) + ["pass"]

    def placeable(self, state: State, site: int) -> bool:
        """An empty point whose placement leaves its group a liberty and repeats no board."""
        if state.cells[site] != EMPTY:
            return False
        after, _, free = self.place(state.cells, site, state.to_move)
        return free and bytes(after) not in state.history

    def is_legal(self, state, action):
        if state.outcome is not None:
            return False
        if action == "pass":
            return True
        site = self.grid.by_label.get(action)
        return site is not None and self.placeable(state, site)

    def has_action(self, state):
        return True

    def act(self, state, action):
        if action == "pass":
            if state.passed:
                self.finish(state)
            state.passed = True
        else:
            state.cells, _, _ = self.place(state.cells, self.grid.site(action), state.to_move)
            state.history.add(bytes(state.cells))
            state.passed = False
        self.end_turn(state)

    def area(self, cells: list[int]) -> list[int]:
        """Each colour's stones plus the empty regions that border only that colour."""
        score = [0, 0, 0]
        for v in cells:
            score[v] += 1
        seen = set()
        near = self.grid.orthogonal
        for i, v in enumerate(cells):
            if v != EMPTY or i in seen:
                continue
            region, borders = [i], set()
            seen.add(i)
            k = 0
            while k < len(region):
                for t in near[region[k]]:
                    if cells[t] == EMPTY:
                        if t not in seen:
                            seen.add(t)
                            region.append(t)
                    else:
                        borders.add(cells[t])
                k += 1
            if len(borders) == 1:
                score[borders.pop()] += len(region)
        return score[1:]

    def finish(self, state: State) -> None:
        black, white = self.area(state.cells)
        scores = [black, white + self.komi]
        state.scores = [int(s) if float(s).is_integer() else s for s in scores]
        if scores[0] == scores[1]:
            state.outcome = ("draw", None)
        else:
            state.outcome = ("win", 1 if scores[0] > scores[1] else 2)


class AtariGo(Go):
    """CLASSICS.md: Go's board and captures; the first capture wins at once; no suicide unless
    the placement captures; no passing; a player with no legal placement loses. Without a
    capture no position can repeat (stones are only added), so superko never applies."""

    name = "atari-go"

    def legal(self, state):
        if state.outcome is not None:
            return []
        return self.placements(state)

    def is_legal(self, state, action):
        site = self.grid.by_label.get(action)
        return state.outcome is None and site is not None and self.placeable(state, site)

    def has_action(self, state):
        return any(self.placeable(state, i) for i in range(len(state.cells)))

    def act(self, state, action):
        state.cells, captured, _ = self.place(state.cells, self.grid.site(action), state.to_move)
        state.history.add(bytes(state.cells))
        if captured:
            state.outcome = ("win", state.to_move)
        self.end_turn(state)


# Ataxx -----------------------------------------------------------------------------------------


class Ataxx(Game):
    """The rules text of issue 41: Red (player 1) starts with stones on a1 and the north-east
    corner, Blue on the north-west and south-east corners; Red moves first. A move either grows
    (a new stone on an empty square next to, in the 8 king directions, one of the mover's
    stones; the action is the square, one per square however many stones touch it) or jumps (a
    stone moves to an empty square at Chebyshev distance exactly 2, 16 offsets, leaving its
    square empty; the action is `FROM-TO`). After either, every enemy stone on the 8 squares
    around the destination becomes the mover's. A player to move who has no such move, in a game
    that is not over, must play the single action `pass`. After every move: if the mover's
    opponent has no stone left, the mover wins; otherwise, when the board is full or neither
    player has a move, the player with more stones wins, and equal counts draw. (Neither player
    having a move implies a full board: on a king's path from any stone to any empty square, the
    first empty square has a stone next to it, whose owner can grow there. The model checks the
    rule as written all the same. So a pass never ends the game: the player who passed had no
    move, and the other one had, or the game would have ended on his last move.)"""

    name = "ataxx"

    def __init__(self, grid: Grid):
        super().__init__(grid)
        g = grid
        self.near: list[list[int]] = []  # the up to 8 king-move neighbours
        self.jumps: list[list[int]] = []  # the up to 16 squares at Chebyshev distance 2
        for i in range(g.width * g.height):
            c, r = g.column(i), g.row(i)
            near, jumps = [], []
            for dr in range(-2, 3):
                for dc in range(-2, 3):
                    to = g.at(c + dc, r + dr)
                    if to is None or (dc, dr) == (0, 0):
                        continue
                    (near if max(abs(dc), abs(dr)) == 1 else jumps).append(to)
            self.near.append(near)
            self.jumps.append(jumps)

    def start(self):
        g = self.grid
        cells = [EMPTY] * (g.width * g.height)
        top, right = g.height - 1, g.width - 1
        cells[g.at(0, 0)] = cells[g.at(right, top)] = 1
        cells[g.at(0, top)] = cells[g.at(right, 0)] = 2
        return State(cells)

    def moves(self, cells: list[int], me: int) -> list[str]:
        """Growths and jumps of `me` on `cells`, without `pass`."""
        labels = self.grid.labels
        grow: set[int] = set()
        jumps = []
        for i, v in enumerate(cells):
            if v != me:
                continue
            grow.update(t for t in self.near[i] if cells[t] == EMPTY)
            jumps.extend(f"{labels[i]}-{labels[t]}" for t in self.jumps[i] if cells[t] == EMPTY)
        return [labels[t] for t in sorted(grow)] + jumps

    def can_move(self, cells: list[int], me: int) -> bool:
        """Whether some empty square lies within two squares (king-wise) of a stone of `me`."""
        return any(
            v == me and any(cells[t] == EMPTY for t in self.near[i] + self.jumps[i]) for i, v in enumerate(cells)
        )

    def legal(self, state):
        if state.outcome is not None:
            return []
        return self.moves(state.cells, state.to_move) or ["pass"]

    def is_legal(self, state, action):
        return state.outcome is None and action in self.legal(state)

    def has_action(self, state):
        return True  # a player without a move passes

    def act(self, state, action):
        g, cells, me = self.grid, state.cells, state.to_move
        if action != "pass":
            source, _, target = action.partition("-")
            if target:
                to = g.site(target)
                cells[g.site(source)] = EMPTY
            else:
                to = g.site(source)
            cells[to] = me
            for t in self.near[to]:
                if cells[t] == 3 - me:
                    cells[t] = me
        if 3 - me not in cells:
            state.outcome = ("win", me)
        elif EMPTY not in cells or not (self.can_move(cells, 1) or self.can_move(cells, 2)):
            red, blue = cells.count(1), cells.count(2)
            state.outcome = ("draw", None) if red == blue else ("win", 1 if red > blue else 2)
        self.end_turn(state)


GAMES = {
    "breakthrough": Breakthrough,
    "knightthrough": Knightthrough,
    "clobber": Clobber,
    "domineering": Domineering,
    "go": Go,
    "atari-go": AtariGo,
    "ataxx": Ataxx,
}


def new_game(name: str, size: str) -> Game:
    """The game on its board: SIZE is N (an N×N square), or for Clobber `WxH`."""
    if name not in GAMES:
        raise ModelError(f"unknown game `{name}` (one of: {', '.join(GAMES)})")
    width, _, height = size.partition("x")
    if not height:
        height = width
    if name != "clobber" and height != width:
        raise ModelError(f"{name} is played on a square board: size `{size}`")
    if not (width.isdigit() and height.isdigit()):
        raise ModelError(f"size `{size}` is not a number (or WxH)")
    w, h = int(width), int(height)
    if not (1 <= w <= 26 and 1 <= h <= 26) or w * h < 2:
        raise ModelError(f"size `{size}` is outside what the model supports (1…26 a side, 2 sites)")
    if name == "breakthrough" and h < 4:
        raise ModelError("breakthrough needs at least 4 rows (two for each side)")
    if name == "knightthrough" and not 5 <= w <= 16:
        raise ModelError(f"knightthrough's `size` runs from 5 to 16: size `{size}`")
    if name == "ataxx" and not 5 <= w <= 9:
        raise ModelError(f"ataxx's `size` runs from 5 to 9: size `{size}`")
    return GAMES[name](Grid(w, h))


def split_actions(text: str) -> list[str]:
    """Actions separated by white space; `;` between turns is allowed as in `tabula moves
    --after`, and each group must then be whole turns."""
    return text.replace(";", " ; ").split()


def play_all(game: Game, actions: list[str]) -> State:
    state = game.start()
    for k, action in enumerate(actions, 1):
        if action == ";":
            if state.in_turn:
                raise ModelError(f"`;` in the middle of a turn (before action {k})")
            continue
        try:
            state = game.apply(state, action)
        except ModelError as e:
            raise ModelError(f"action {k}: {e}") from None
    return state


# Records ------------------------------------------------------------------------------------

RESULT = re.compile(
    r"^;\s*result:\s*(?:(?P<name>.+?) wins|(?P<draw>draw)) after (?P<turns>\d+) turns?, (?P<actions>\d+) actions?(?P<rest>.*)$"
)


def check_record(game_name: str, size: str, path: str, players: list[str] | None) -> dict:
    """Replays one record in the model. Returns what the model found and a list of problems: an
    action illegal in the model, a turn line that is not one whole turn, a game that goes on
    after the model ended it or ends before the model does, or a result comment that the model's
    outcome, turn or action count contradicts."""
    problems: list[str] = []
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as e:
        return {"record": path, "problems": [f"cannot read: {e.strerror}"]}
    game = new_game(game_name, size)
    expected = dict(zip(("width", "height"), size.split("x"))) if "x" in size else {"size": size}
    state = game.start()
    result = None
    turns = 0
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith(";"):
            m = RESULT.match(line)
            if m:
                result = m
            continue
        word, _, rest = line.partition(" ")
        if word in ("game", "variant"):
            continue
        if word == "set" and not any(c in rest for c in " \t"):
            key, _, value = rest.partition("=")
            if key in expected:
                if value != expected[key]:
                    problems.append(f"line {number}: the record is for {key}={value}, the model was given {size}")
            elif key == "komi" and isinstance(game, Go) and game.name == "go" and value.isdigit():
                # Tabula's komi option counts half points (15 is 7.5), so that scores stay
                # whole numbers.
                game.komi = int(value) / 2
            elif key == "rows-of-pawns" and game.name == "breakthrough" and value == "2":
                # The file's option for OpenSpiel's one row on small boards: the model plays
                # the standard two rows, which is this value.
                pass
            else:
                problems.append(f"line {number}: option `{key}` is not modelled")
            continue
        turns += 1
        for action in line.split():
            if state.outcome is None and not state.in_turn and state.turns >= turns:
                problems.append(f"line {number}: `{action}` is one more action than the turn has")
                break
            try:
                state = game.apply(state, action)
            except ModelError as e:
                problems.append(f"line {number}: {e}")
                break
        if not problems and state.in_turn and state.outcome is None:
            problems.append(f"line {number}: the turn is not finished on its line")
        if problems:
            break
    found = game.describe(state)
    if not problems:
        if state.outcome is None:
            problems.append(f"the model's game is not over after {state.actions} actions")
        if result is None:
            problems.append("no `; result:` comment")
        else:
            said_turns, said_actions = int(result["turns"]), int(result["actions"])
            if (said_turns, said_actions) != (state.turns, state.actions):
                problems.append(
                    f"the record says {said_turns} turns, {said_actions} actions; the model counts {state.turns} turns, {state.actions} actions"
                )
            if state.outcome is not None:
                kind, winner = state.outcome
                if result["draw"]:
                    if kind != "draw":
                        problems.append(f"the record says draw; the model says player {winner} wins")
                elif kind == "draw":
                    problems.append(f"the record says {result['name']} wins; the model says draw")
                elif players is not None:
                    said = players.index(result["name"]) + 1 if result["name"] in players else None
                    if said != winner:
                        problems.append(f"the record says {result['name']} wins; the model says player {winner} ({players[winner - 1]})")
    return {"record": path, "problems": problems, "outcome": found["outcome"], "actions": found["actions"], "scores": found.get("scores")}


# Command line -------------------------------------------------------------------------------


def take_flag(args: list[str], flag: str) -> bool:
    if flag in args:
        args.remove(flag)
        return True
    return False


def take_value(args: list[str], flag: str) -> str | None:
    if flag not in args:
        return None
    i = args.index(flag)
    if i + 1 >= len(args):
        raise ModelError(f"{flag} needs a value")
    value = args[i + 1]
    del args[i : i + 2]
    return value


def main(argv: list[str]) -> int:
    args = list(argv)
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if args else 2
    command, args = args[0], args[1:]
    if command == "perft":
        every = take_flag(args, "--all")
        divide = take_flag(args, "--divide")
        turns = take_flag(args, "--turns")
        after = take_value(args, "--after") or ""
        if len(args) != 3:
            raise ModelError("usage: perft GAME SIZE DEPTH [--all | --divide] [--turns] [--after ACTIONS]")
        game = new_game(args[0], args[1])
        if not args[2].isdigit():
            raise ModelError(f"depth `{args[2]}` is not a number")
        state = play_all(game, split_actions(after))
        depth = int(args[2])
        if divide and depth > 0:
            total = 0
            for action in sorted(game.legal(state)):
                after_state = game.apply(state, action)
                if turns and after_state.in_turn:
                    raise ModelError("--divide --turns inside a turn is not modelled")
                count = game.perft(after_state, depth - 1, turns)
                total += count
                print(f"{action}: {count}")
            print(total)
        elif every and depth > 0:
            counts = game.perft_all(state, depth, turns)
            for d, count in enumerate(counts[:-1], 1):
                print(f"perft({d}) = {count}")
            print(counts[-1])
        else:
            print(game.perft(state, depth, turns))
        return 0
    if command == "moves":
        batch = take_flag(args, "--batch")
        after = take_value(args, "--after") or ""
        if len(args) != 2:
            raise ModelError("usage: moves GAME SIZE [--after ACTIONS] [--batch]")
        game = new_game(args[0], args[1])
        sequences = sys.stdin.read().splitlines() if batch else [after]
        for sequence in sequences:
            try:
                print(json.dumps(game.describe(play_all(game, split_actions(sequence))), sort_keys=True))
            except ModelError as e:
                if not batch:
                    raise
                print(json.dumps({"error": str(e)}))
        return 0
    if command == "board":
        if len(args) != 2:
            raise ModelError("usage: board GAME SIZE")
        game = new_game(args[0], args[1])
        g = game.grid
        sites = [{"label": g.labels[i], "orthogonal": sorted(g.labels[t] for t in g.orthogonal[i])} for i in range(len(g.labels))]
        print(json.dumps({"sites": sites, "stones": game.start_stones()}, sort_keys=True))
        return 0
    if command == "replay":
        names = take_value(args, "--players")
        if len(args) < 3:
            raise ModelError("usage: replay GAME SIZE [--players NAME1,NAME2] RECORD...")
        new_game(args[0], args[1])  # validates the game and size before any record
        players = names.split(",") if names is not None else None
        bad = 0
        wins, draws = [0, 0], 0
        for path in args[2:]:
            report = check_record(args[0], args[1], path, players)
            if report["problems"]:
                bad += 1
                print(f"{path}: DISAGREE: " + "; ".join(report["problems"]))
                continue
            scores = f", scores {json.dumps(report['scores'])}" if report["scores"] is not None else ""
            print(f"{path}: ok ({json.dumps(report['outcome'], sort_keys=True)}, {report['actions']} actions{scores})")
            if report["outcome"]["draw"]:
                draws += 1
            else:
                wins[report["outcome"]["winner"] - 1] += 1
        # The totals of the agreeing records, to hold against `tabula playout --json`.
        print(f"{len(args) - 2} records: {len(args) - 2 - bad} agree, {bad} disagree; wins {wins[0]} {wins[1]}, draws {draws}")
        return 1 if bad else 0
    raise ModelError(f"unknown command `{command}` (perft, moves, board, replay)")


if __name__ == "__main__":
    sys.setrecursionlimit(10000)
    try:
        sys.exit(main(sys.argv[1:]))
    except ModelError as e:
        print(f"moving.py: {e}", file=sys.stderr)
        sys.exit(2)
