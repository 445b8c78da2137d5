#!/usr/bin/env python3
"""An independent model of International draughts (10×10), to cross-check Tabula's game file
for it.

Written from docs/RULINGS.md ("International draughts"), the `square` board section of
docs/LANGUAGE.md §4 (labels and index order) and docs/CLI.md (perft, `moves --json`, turns and
actions, records), without reading Tabula's engine, grammar or game files: two programs written
from the same texts by different hands must agree, so a mistake in either shows up as a
disagreement. Python 3.11 standard library only, because CI runs `python3` directly.

Commands (GAME is `international-draughts`):

    draughts.py perft GAME DEPTH [--all | --divide] [--turns] [--after "ACTIONS"]
    draughts.py moves GAME [--after "ACTIONS"] [--batch]
    draughts.py board GAME
    draughts.py replay GAME [--players NAME1,NAME2] RECORD...

`perft` prints the count alone on its last line, as `tabula perft` does (with `--all`,
`perft(d) = n` for every depth first; with `--divide`, `ACTION: COUNT` for each first action in
byte order). It counts actions: a quiet move is one action, a capture one action per jump; a
finished game has no successors. With `--turns` it counts sequences of DEPTH whole turns (each
distinct sequence of actions once), and `--divide` names a first turn by its actions separated
by spaces. `moves` prints one JSON object like `tabula moves --json` (`to_move`, `legal`,
`outcome`, `turns`, `actions`, `team_wins`); with `--batch` it reads one action sequence per
line on stdin and prints one object per line. `board` prints the sites in index order with
their diagonal neighbours, the dark squares and the pieces of the start. `replay` checks Tabula
records (one line per turn: a capture's jumps on one line) and prints one line per record and a
summary; it exits 1 if any record disagrees with the model. Bad input is a one-line error and
exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import os
import re
import sys

GAME = "international-draughts"
N = 10
EMPTY, WHITE_MAN, WHITE_KING, BLACK_MAN, BLACK_KING = 0, 1, 2, 3, 4
# The player (1 White, 2 Black) of each piece value, and whether it is a king.
OWNER = (0, 1, 1, 2, 2)
IS_KING = (False, False, True, False, True)
KING_OF = (0, WHITE_KING, BLACK_KING)
PLAYERS = ("White", "Black")

# RULINGS.md, "The 25-move rule": a draw at the end of the 50th turn in a row that was a king's
# quiet move (no man moved, nothing captured).
QUIET_LIMIT = 50
# RULINGS.md, "Repetition": a draw when the same position occurs for the third time.
REPETITIONS = 3

# Diagonal directions as (columns, rows): NE, NW, SE, SW. N is towards higher rows.
DIRECTIONS = ((1, 1), (-1, 1), (1, -1), (-1, -1))
# RULINGS.md, Quiet moves: a man moves forward only: up the board for White, down for Black.
FORWARD = ((), (0, 1), (2, 3))


class ModelError(Exception):
    """A bad command line or record, or an action the model finds illegal: reported as a
    message (exit status 2, or a failed record), never a traceback."""


class Board:
    """LANGUAGE.md §4 `square`: index `row × 10 + column` from 0 at the bottom left (`a1` is 0,
    `b1` is 1, `a2` is 10), labels a column letter `a`…`j` and a row number 1…10. RULINGS.md:
    play is on the dark squares, those whose column + row (both from 1) is even, `a1` among
    them; pieces move only along diagonals, so they never leave the dark squares."""

    def __init__(self) -> None:
        self.size = N * N
        self.labels = ["abcdefghij"[i % N] + str(i // N + 1) for i in range(self.size)]
        self.by_label = {label: i for i, label in enumerate(self.labels)}
        self.dark = [((i % N) + 1 + (i // N) + 1) % 2 == 0 for i in range(self.size)]
        # step[i][d]: the diagonal neighbour of i in direction d, or -1 off the board.
        # rays[i][d]: the squares from i outwards along direction d to the edge (i excluded).
        self.step: list[list[int]] = []
        self.rays: list[list[list[int]]] = []
        for i in range(self.size):
            c, r = i % N, i // N
            steps, rays = [], []
            for dc, dr in DIRECTIONS:
                ray, k = [], 1
                while 0 <= c + k * dc < N and 0 <= r + k * dr < N:
                    ray.append((r + k * dr) * N + c + k * dc)
                    k += 1
                rays.append(ray)
                steps.append(ray[0] if ray else -1)
            self.step.append(steps)
            self.rays.append(rays)
        # jumps[i]: (over, land) for each direction with two squares on the board beyond i.
        self.jumps = [[(ray[0], ray[1]) for ray in self.rays[i] if len(ray) >= 2] for i in range(self.size)]
        # The far row of each player: row 10 for White, row 1 for Black.
        self.far_row = [
            [False] * self.size,
            [i // N == N - 1 for i in range(self.size)],
            [i // N == 0 for i in range(self.size)],
        ]
        self.squares = [i for i in range(self.size) if self.dark[i]]

    def site(self, label: str) -> int:
        site = self.by_label.get(label)
        if site is None:
            raise ModelError(f"`{label}` is not a square of this board")
        return site


BOARD = Board()


class Capture:
    """One complete capturing move found at the start of a turn: the piece's square `origin`,
    the squares it lands on jump after jump (`lands`), and the squares of the pieces it jumps,
    in order (`taken`)."""

    __slots__ = ("origin", "lands", "taken")

    def __init__(self, origin: int, lands: tuple[int, ...], taken: tuple[int, ...]):
        self.origin, self.lands, self.taken = origin, lands, taken

    def jump(self, k: int) -> tuple[int, int]:
        """The k-th jump (from 0) as (from, to)."""
        return (self.lands[k - 1] if k else self.origin), self.lands[k]


class State:
    """A position: `cells[i]` a piece value or EMPTY; the player to move (1 White, 2 Black);
    the outcome once the game is over, ("win", player) or ("draw", None), and how it ended
    (`reason`: blocked, 25-move, repetition); the counts of CLI.md (turns begun, actions
    applied); `quiet`: how many turns in a row were a king's quiet move; `history`: the
    positions (`key`) at the end of each turn since the last move of a man or capture, the
    current one last (no earlier position can come back: men never go back and captured pieces
    never return).

    In the middle of a capture (`jumps` > 0) the capturing piece stands where its last jump
    landed, the pieces it jumped are still on the board, and `captures` holds the moves of the
    greatest number of captures that begin with the jumps made so far."""

    __slots__ = ("cells", "to_move", "outcome", "reason", "turns", "actions", "quiet", "history", "jumps", "captures", "cache")

    def copy(self) -> State:
        other = State.__new__(State)
        other.cells = self.cells[:]
        other.to_move, other.outcome, other.reason = self.to_move, self.outcome, self.reason
        other.turns, other.actions, other.quiet, other.history = self.turns, self.actions, self.quiet, self.history
        other.jumps, other.captures, other.cache = self.jumps, self.captures, None
        return other


def key(cells: list[int], to_move: int) -> bytes:
    """RULINGS.md, Repetition: a position is the pieces on the board (owner and kind on each
    square) and the player to move."""
    return bytes(cells) + bytes((to_move,))


class Draughts:
    def __init__(self) -> None:
        self.name = GAME
        self.board = BOARD

    # Positions --------------------------------------------------------------------------------

    def start(self) -> State:
        """RULINGS.md, Sides: White's 20 men on the dark squares of rows 1–4, Black's on those
        of rows 7–10; White moves first."""
        b = self.board
        white = [b.labels[i] for i in b.squares if i // N < 4]
        black = [b.labels[i] for i in b.squares if i // N >= 6]
        return self.position(white, [], black, [])

    def position(
        self,
        white_men: list[str],
        white_kings: list[str],
        black_men: list[str],
        black_kings: list[str],
        to_move: int = 1,
        turns: int = 0,
        quiet: int = 0,
    ) -> State:
        """A position set by hand (for tests): the squares of each kind of piece, the player to
        move at the start of his turn, the turns already played and the king's quiet moves in a
        row before it. The position counts once for repetition, as the start of a game does.
        The outcome is not examined: the player to move is assumed to have a move."""
        b = self.board
        cells = [EMPTY] * b.size
        for labels, value in ((white_men, WHITE_MAN), (white_kings, WHITE_KING), (black_men, BLACK_MAN), (black_kings, BLACK_KING)):
            for label in labels:
                site = b.site(label)
                if not b.dark[site]:
                    raise ModelError(f"`{label}` is a light square")
                if cells[site] != EMPTY:
                    raise ModelError(f"two pieces on `{label}`")
                cells[site] = value
        s = State.__new__(State)
        s.cells, s.to_move, s.outcome, s.reason = cells, to_move, None, None
        s.turns, s.actions, s.quiet = turns, 0, quiet
        s.history = (key(cells, to_move),)
        s.jumps, s.captures, s.cache = 0, None, None
        return s

    # Moves ------------------------------------------------------------------------------------

    def all_captures(self, cells: list[int], me: int) -> list[Capture]:
        """Every complete capturing move of player `me` (RULINGS.md, Captures): a man jumps an
        adjacent enemy piece, forward or backward, to the empty square beyond; a king goes over
        empty squares, jumps one enemy piece and lands on any empty square beyond it before the
        next piece or the edge. The same piece goes on while it can. Jumped pieces stay on the
        board until the move is over: they are not jumped again and nothing passes over or lands
        on them; the capturing piece's own starting square is empty. Only the moves that capture
        the greatest number of pieces are kept (the majority rule)."""
        found: list[Capture] = []
        best = 1
        b = self.board
        for s in range(b.size):
            piece = cells[s]
            if OWNER[piece] != me:
                continue
            cells[s] = EMPTY
            king = IS_KING[piece]
            stack: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = [(s, (), ())]
            while stack:
                at, lands, taken = stack.pop()
                nexts = self.jumps_from(cells, at, king, me, taken)
                if not nexts:
                    if taken and len(taken) >= best:
                        if len(taken) > best:
                            best = len(taken)
                            found = [c for c in found if len(c.taken) >= best]
                        found.append(Capture(s, lands, taken))
                    continue
                for over, land in nexts:
                    stack.append((land, lands + (land,), taken + (over,)))
            cells[s] = piece
        # The stack pops in reverse; the order does not matter (legal actions are sorted).
        return found

    def jumps_from(self, cells: list[int], at: int, king: bool, me: int, taken: tuple[int, ...]) -> list[tuple[int, int]]:
        """The next jumps (over, land) of a piece on `at` that has jumped `taken` so far."""
        b = self.board
        out = []
        if not king:
            for over, land in b.jumps[at]:
                v = cells[over]
                if v != EMPTY and OWNER[v] != me and cells[land] == EMPTY and over not in taken:
                    out.append((over, land))
            return out
        for ray in b.rays[at]:
            n = len(ray)
            i = 0
            while i < n and cells[ray[i]] == EMPTY:
                i += 1
            if i >= n:
                continue
            over = ray[i]
            v = cells[over]
            if OWNER[v] == me or over in taken:
                continue  # an own piece, or a jumped one (it blocks: no passing over it)
            j = i + 1
            while j < n and cells[ray[j]] == EMPTY:
                out.append((over, ray[j]))
                j += 1
        return out

    def quiet_moves(self, cells: list[int], me: int) -> list[tuple[int, int]]:
        """RULINGS.md, Quiet moves: a man one square diagonally forward to an empty square; a
        king any number of squares along a diagonal over empty squares to an empty square."""
        b = self.board
        out = []
        forward = FORWARD[me]
        for s in range(b.size):
            piece = cells[s]
            if OWNER[piece] != me:
                continue
            if IS_KING[piece]:
                for ray in b.rays[s]:
                    for t in ray:
                        if cells[t] != EMPTY:
                            break
                        out.append((s, t))
            else:
                for d in forward:
                    t = b.step[s][d]
                    if t >= 0 and cells[t] == EMPTY:
                        out.append((s, t))
        return out

    def options(self, state: State) -> tuple[str, list]:
        """("capture", the captures still open) or ("quiet", the quiet moves); computed once per
        state."""
        if state.cache is None:
            if state.jumps:
                state.cache = ("capture", state.captures)
            else:
                captures = self.all_captures(state.cells, state.to_move)
                if captures:
                    state.cache = ("capture", captures)
                else:
                    state.cache = ("quiet", self.quiet_moves(state.cells, state.to_move))
        return state.cache

    def moves(self, state: State) -> list[tuple[int, int]]:
        """The legal actions (from, to): at every action of a capture, the next jumps of the
        moves that capture the greatest number of pieces (RULINGS.md, Actions)."""
        if state.outcome is not None:
            return []
        kind, items = self.options(state)
        if kind == "quiet":
            return list(items)
        k = state.jumps
        seen, out = set(), []
        for c in items:
            j = c.jump(k)
            if j not in seen:
                seen.add(j)
                out.append(j)
        return out

    def has_move(self, cells: list[int], me: int) -> bool:
        """Whether player `me` has any move (a quiet move or a jump)."""
        b = self.board
        forward = FORWARD[me]
        for s in range(b.size):
            piece = cells[s]
            if OWNER[piece] != me:
                continue
            if IS_KING[piece]:
                for ray in b.rays[s]:
                    if ray and cells[ray[0]] == EMPTY:
                        return True
                if self.jumps_from(cells, s, True, me, ()):
                    return True
            else:
                for d in forward:
                    t = b.step[s][d]
                    if t >= 0 and cells[t] == EMPTY:
                        return True
                if self.jumps_from(cells, s, False, me, ()):
                    return True
        return False

    def text(self, move: tuple[int, int]) -> str:
        labels = self.board.labels
        return f"{labels[move[0]]}-{labels[move[1]]}"

    def legal(self, state: State) -> list[str]:
        return [self.text(m) for m in self.moves(state)]

    def parse(self, action: str) -> tuple[int, int]:
        source, dash, target = action.partition("-")
        if not dash or not source or not target:
            raise ModelError(f"`{action}` is not a move `FROM-TO`")
        return self.board.site(source), self.board.site(target)

    def apply(self, state: State, action: str) -> State:
        """A new state after `action`; ModelError if it is not legal in `state`."""
        if state.outcome is not None:
            raise ModelError(f"`{action}` after the end of the game")
        move = self.parse(action)
        if move not in self.moves(state):
            what = PLAYERS[state.to_move - 1] + (", in the middle of a capture," if state.jumps else "")
            raise ModelError(f"`{action}` is not legal here ({what} to move)")
        return self.play(state, move)

    def play(self, state: State, move: tuple[int, int]) -> State:
        """The state after a legal action (not checked)."""
        kind, items = self.options(state)
        after = state.copy()
        after.actions += 1
        if not state.jumps:
            after.turns += 1  # the first action of a turn begins it
        cells = after.cells
        frm, to = move
        piece = cells[frm]
        cells[frm] = EMPTY
        cells[to] = piece
        if kind == "quiet":
            self.end_turn(after, to, (), IS_KING[piece])
            return after
        k = state.jumps
        left = [c for c in items if c.jump(k) == move]
        if k + 1 == len(left[0].lands):
            # The move is complete (every open move has the same length): the turn ends.
            self.end_turn(after, to, left[0].taken, False)
        else:
            after.jumps, after.captures = k + 1, left
        return after

    def finish(self, state: State, capture: Capture) -> State:
        """The state after the whole capturing move `capture` from the start of a turn, as if
        its jumps were played one by one."""
        after = state.copy()
        after.actions += len(capture.lands)
        after.turns += 1
        cells = after.cells
        piece = cells[capture.origin]
        cells[capture.origin] = EMPTY
        cells[capture.lands[-1]] = piece
        self.end_turn(after, capture.lands[-1], capture.taken, False)
        return after

    def end_turn(self, s: State, at: int, taken: tuple[int, ...], king_quiet: bool) -> None:
        """The move is over: the jumped pieces come off together, a man that ends its move on
        the far row is crowned, control passes. Then the draws (the 25-move rule, the third
        occurrence of a position), which come before the next player's turn begins; then a
        player without a move loses."""
        cells = s.cells
        for t in taken:
            cells[t] = EMPTY
        mover = s.to_move
        piece = cells[at]
        if not IS_KING[piece] and self.board.far_row[mover][at]:
            cells[at] = KING_OF[mover]
        s.jumps, s.captures, s.cache = 0, None, None
        s.to_move = 3 - mover
        position = key(cells, s.to_move)
        if king_quiet:
            s.quiet += 1
            s.history = s.history + (position,)
        else:
            s.quiet = 0
            s.history = (position,)
        if s.quiet >= QUIET_LIMIT:
            s.outcome, s.reason = ("draw", None), "25-move"
        elif king_quiet and s.history.count(position) >= REPETITIONS:
            s.outcome, s.reason = ("draw", None), "repetition"
        elif not self.has_move(cells, s.to_move):
            s.outcome, s.reason = ("win", mover), "blocked"

    # Reports ----------------------------------------------------------------------------------

    def describe(self, state: State) -> dict:
        """The position as `tabula moves --json` describes it (the keys the model can give)."""
        outcome = None
        team_wins = {name: 0 for name in PLAYERS}
        if state.outcome is not None:
            kind, player = state.outcome
            outcome = {"winner": player if kind == "win" else None, "draw": kind == "draw"}
            if kind == "win":
                team_wins[PLAYERS[player - 1]] = 1
        return {
            "to_move": None if state.outcome is not None else state.to_move,
            "legal": sorted(self.legal(state)),
            "outcome": outcome,
            "turns": state.turns,
            "actions": state.actions,
            "team_wins": team_wins,
        }

    def pieces(self, state: State) -> dict[str, list[str]]:
        labels = self.board.labels
        return {
            name: [labels[i] for i, v in enumerate(state.cells) if v == value]
            for name, value in (("white_men", WHITE_MAN), ("white_kings", WHITE_KING), ("black_men", BLACK_MAN), ("black_kings", BLACK_KING))
        }

    # Counting ---------------------------------------------------------------------------------

    def perft_all(self, state: State, depth: int) -> list[int]:
        """perft(1), …, perft(depth) in actions, in one walk. A finished game has no successors
        (CLI.md)."""
        counts = [0] * (depth + 1)

        def walk(s: State, d: int) -> None:
            moves = self.moves(s)
            counts[d + 1] += len(moves)
            if d + 1 == depth:
                return
            for move in moves:
                after = self.play(s, move)
                if after.outcome is None:
                    walk(after, d + 1)

        if depth > 0 and state.outcome is None:
            walk(state, 0)
        return counts[1:]

    def perft(self, state: State, depth: int) -> int:
        if depth == 0:
            return 1
        return self.perft_all(state, depth)[-1]

    def whole_turns(self, state: State) -> list[tuple[list[tuple[int, int]], object]]:
        """The whole turns from `state` (the rest of the turn under way, in the middle of a
        capture): each as its actions and a way to reach the state after it (a move or a
        Capture)."""
        kind, items = self.options(state)
        if kind == "quiet":
            return [([m], m) for m in items]
        k = state.jumps
        return [([c.jump(i) for i in range(k, len(c.lands))], c) for c in items]

    def after_turn(self, state: State, how: object) -> State:
        if isinstance(how, Capture):
            if state.jumps:
                s = state
                for i in range(state.jumps, len(how.lands)):
                    s = self.play(s, how.jump(i))
                return s
            return self.finish(state, how)
        return self.play(state, how)

    def count_turns(self, state: State, depth: int, turns_of) -> list[int]:
        """perft(1), …, perft(depth) over whole turns, the turns from a position being
        `turns_of(state)` (each a way to finish the turn, for `after_turn`)."""
        counts = [0] * (depth + 1)

        def walk(s: State, d: int) -> None:
            if s.outcome is not None:
                return
            turns = turns_of(s)
            counts[d + 1] += len(turns)
            if d + 1 == depth:
                return
            for how in turns:
                walk(self.after_turn(s, how), d + 1)

        if depth > 0:
            walk(state, 0)
        return counts[1:]

    def perft_turns_all(self, state: State, depth: int) -> list[int]:
        """perft(1), …, perft(depth) in whole turns: the distinct sequences of actions that make
        d whole turns (a turn is over when the next player's turn begins or the game ends)."""
        return self.count_turns(state, depth, lambda s: [how for _, how in self.whole_turns(s)])

    def perft_turns(self, state: State, depth: int) -> int:
        if depth == 0:
            return 1
        return self.perft_turns_all(state, depth)[-1]

    def distinct_moves(self, state: State) -> list[object]:
        """The whole moves from the start of a turn with duplicate captures merged, as Aart
        Bik's perft counts them: two captures with the same origin, destination and set of
        captured pieces are one move (they lead to the same position)."""
        kind, items = self.options(state)
        if kind == "quiet":
            return list(items)
        seen: dict[tuple, Capture] = {}
        for c in items:
            seen.setdefault((c.origin, c.lands[-1], frozenset(c.taken)), c)
        return list(seen.values())

    def perft_moves_all(self, state: State, depth: int) -> list[int]:
        """perft(1), …, perft(depth) in whole moves, duplicate captures merged (Bik), from the
        start of a turn (none from the middle of a capture)."""
        if state.jumps != 0:
            return [0] * depth
        return self.count_turns(state, depth, self.distinct_moves)


GAMES = {GAME: Draughts}


def new_game(name: str) -> Draughts:
    if name not in GAMES:
        raise ModelError(f"unknown game `{name}` (one of: {', '.join(GAMES)})")
    return GAMES[name]()


def split_actions(text: str) -> list[str]:
    """Actions separated by white space; `;` between turns is allowed as in `tabula moves
    --after`, and read as white space."""
    return text.replace(";", " ").split()


def play_all(game: Draughts, actions: list[str], state: State | None = None) -> State:
    state = game.start() if state is None else state
    for k, action in enumerate(actions, 1):
        try:
            state = game.apply(state, action)
        except ModelError as e:
            raise ModelError(f"action {k}: {e}") from None
    return state


# Records ------------------------------------------------------------------------------------

RESULT = re.compile(
    r"^;\s*result:\s*(?:(?P<name>.+?) wins|(?P<draw>draw)) after (?P<turns>\d+) turns?, (?P<actions>\d+) actions?(?P<rest>.*)$"
)


def check_record(game_name: str, path: str, players: list[str]) -> dict:
    """Replays one record in the model. Returns what the model found and a list of problems: an
    action illegal in the model, a line that is not one whole turn (a quiet move, or every jump
    of a capture), a game that goes on after the model ended it or ends before the model does,
    or a result comment that the model's outcome, turn or action count contradicts."""
    problems: list[str] = []
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        return {"record": path, "problems": [f"cannot read: {getattr(e, 'strerror', None) or e}"]}
    game = new_game(game_name)
    state = game.start()
    result = None
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
            continue  # the file's own name for the game or variant is not known to the model
        if word == "set":
            problems.append(f"line {number}: option `{rest.strip()}` is not modelled")
            break
        if line.startswith("("):
            problems.append(f"line {number}: a record begun from a position is not modelled")
            break
        actions = line.split()
        if state.outcome is not None:
            problems.append(f"line {number}: `{actions[0]}` after the end of the game")
            break
        for k, action in enumerate(actions):
            if k > 0 and (state.outcome is not None or not state.jumps):
                problems.append(f"line {number}: the turn ended before `{action}`, action {k + 1} of the line")
                break
            try:
                state = game.apply(state, action)
            except ModelError as e:
                problems.append(f"line {number}: {e}")
                break
        if problems:
            break
        if state.jumps:
            problems.append(f"line {number}: the line ends in the middle of a capture")
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
                        problems.append(f"the record says draw; the model says {players[winner - 1]} win ({state.reason})")
                elif kind == "draw":
                    problems.append(f"the record says {result['name']} wins; the model says draw ({state.reason})")
                else:
                    said = players.index(result["name"]) + 1 if result["name"] in players else None
                    if said != winner:
                        problems.append(f"the record says {result['name']} wins; the model says {players[winner - 1]} ({state.reason})")
    return {"record": path, "problems": problems, "outcome": found["outcome"], "actions": found["actions"], "reason": state.reason}


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
        if every and divide:
            raise ModelError("--all and --divide do not go together")
        if len(args) != 2:
            raise ModelError("usage: perft GAME DEPTH [--all | --divide] [--turns] [--after ACTIONS]")
        game = new_game(args[0])
        if not (args[1].isascii() and args[1].isdigit()):
            raise ModelError(f"depth `{args[1]}` is not a number")
        depth = int(args[1])
        state = play_all(game, split_actions(after))
        if divide and depth > 0:
            rows = []
            if turns:
                for actions, how in game.whole_turns(state) if state.outcome is None else []:
                    name = " ".join(game.text(a) for a in actions)
                    rows.append((name, game.perft_turns(game.after_turn(state, how), depth - 1)))
            else:
                for action in game.legal(state):
                    rows.append((action, game.perft(game.apply(state, action), depth - 1)))
            rows.sort()
            for name, count in rows:
                print(f"{name}: {count}")
            print(sum(count for _, count in rows))
        elif every and depth > 0:
            counts = game.perft_turns_all(state, depth) if turns else game.perft_all(state, depth)
            for d, count in enumerate(counts[:-1], 1):
                print(f"perft({d}) = {count}")
            print(counts[-1])
        else:
            print(game.perft_turns(state, depth) if turns else game.perft(state, depth))
        return 0
    if command == "moves":
        batch = take_flag(args, "--batch")
        after = take_value(args, "--after") or ""
        if len(args) != 1:
            raise ModelError("usage: moves GAME [--after ACTIONS] [--batch]")
        game = new_game(args[0])
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
        if len(args) != 1:
            raise ModelError("usage: board GAME")
        game = new_game(args[0])
        b = game.board
        sites = [
            {"label": b.labels[i], "dark": b.dark[i], "diagonal": sorted(b.labels[t] for t in b.step[i] if t >= 0)}
            for i in range(b.size)
        ]
        print(json.dumps({"sites": sites, "start": game.pieces(game.start())}, sort_keys=True))
        return 0
    if command == "replay":
        names = take_value(args, "--players")
        if len(args) < 2:
            raise ModelError("usage: replay GAME [--players NAME1,NAME2] RECORD...")
        new_game(args[0])  # validates the game before any record
        players = names.split(",") if names is not None else list(PLAYERS)
        if len(players) != 2:
            raise ModelError(f"--players needs two names, not `{names}`")
        bad = 0
        wins, draws = [0, 0], 0
        for path in args[1:]:
            report = check_record(args[0], path, players)
            if report["problems"]:
                bad += 1
                print(f"{path}: DISAGREE: " + "; ".join(report["problems"]))
                continue
            print(f"{path}: ok ({json.dumps(report['outcome'], sort_keys=True)}, {report['actions']} actions, {report['reason']})")
            if report["outcome"]["draw"]:
                draws += 1
            else:
                wins[report["outcome"]["winner"] - 1] += 1
        # The totals of the agreeing records, to hold against `tabula playout --json`.
        n = len(args) - 1
        print(f"{n} records: {n - bad} agree, {bad} disagree; wins {wins[0]} {wins[1]}, draws {draws}")
        return 1 if bad else 0
    raise ModelError(f"unknown command `{command}` (perft, moves, board, replay)")


if __name__ == "__main__":
    sys.setrecursionlimit(10000)
    try:
        status = main(sys.argv[1:])
        sys.stdout.flush()
    except ModelError as e:
        print(f"draughts.py: {e}", file=sys.stderr)
        status = 2
    except BrokenPipeError:
        # A reader that goes away (`| head`) ends the command quietly, as in CLI.md.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    except KeyboardInterrupt:
        status = 130
    sys.exit(status)
