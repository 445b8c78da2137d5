#!/usr/bin/env python3
"""An independent model of Hex, Y, Yavalath and Connect6, to cross-check Tabula's game files.

Written from the rules in CLASSICS.md (Connect6: the rules text of issue 41) and the board
sections (§4) of docs/LANGUAGE.md, without reading Tabula's engine, grammar or game files: the
point is that two programs written from the same texts by different hands agree, so that a
mistake in either shows up as a disagreement. Python 3.11 standard library only, because CI runs
`python3` directly.

Commands (the GAME is `hex`, `y`, `yavalath` or `connect6`; SIZE the board's `size` option):

    model.py perft GAME SIZE DEPTH [--all | --divide] [--turns] [--after "ACTIONS"]
    model.py moves GAME SIZE [--after "ACTIONS"] [--batch]
    model.py board GAME SIZE
    model.py replay GAME SIZE [--players NAME1,NAME2] RECORD...

`perft` prints the count alone on its last line (with `--all`, `perft(d) = n` for every depth
first; with `--divide`, `ACTION: COUNT` for each first action in byte order), as `tabula perft`
does; with `--turns` it counts whole turns (a Connect6 turn of two stones is the ordered pair of
its actions, and `--divide` then names a turn by its actions, `a1 a2: COUNT`). `moves` prints one JSON object like `tabula moves --json`
(`to_move`, `legal`, `outcome`, `turns`, `actions`); with `--batch` it reads one action sequence
per line on stdin and prints one such object per line. `board` prints the sites in index order
with their neighbours, and the sides, as JSON. `replay` checks Tabula records and prints one line
per record and a summary; it exits 1 if any record disagrees with the model.
"""

from __future__ import annotations

import json
import re
import sys
from collections import deque

EMPTY = 0


def column_letters(index: int) -> str:
    """`a`…`z`, then `aa`, `ab`, … (LANGUAGE.md §4, `square`: no letter is skipped)."""
    letters = ""
    index += 1
    while index > 0:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


class Board:
    """Sites in Tabula's index order, their labels, the `adjacent` relation, the sides, and the
    three axes of the hexagonal grid (for lines)."""

    def __init__(self, cells: list[tuple[int, int]], sides: dict[str, set[tuple[int, int]]]):
        # `cells` are (column, row) pairs, 0-based, already in index order.
        self.cells = cells
        self.index = {cell: i for i, cell in enumerate(cells)}
        self.labels = [column_letters(c) + str(r + 1) for c, r in cells]
        self.by_label = {label: i for i, label in enumerate(self.labels)}
        # On all three boards a cell (c, r) touches (c±1, r), (c, r±1), and along the third axis
        # the pair (c−1, r+1)/(c+1, r−1) on the skewed rhombus and triangle, (c−1, r−1)/(c+1, r+1)
        # on the hexhex (LANGUAGE.md §4): the subclasses give the three axes as (dc, dr) steps.
        self.axis_steps: list[list[int | None]] = []
        for dc, dr in self.axes():
            self.axis_steps.append([self.index.get((c + dc, r + dr)) for c, r in cells])
            self.axis_steps.append([self.index.get((c - dc, r - dr)) for c, r in cells])
        self.neighbors = [
            sorted(step[i] for step in self.axis_steps if step[i] is not None) for i in range(len(cells))
        ]
        self.sides = {name: frozenset(self.index[cell] for cell in side) for name, side in sides.items()}

    def axes(self) -> list[tuple[int, int]]:
        raise NotImplementedError

    def relations(self) -> dict[str, list[list[int]]]:
        """The board's named neighbour relations, as `tabula info --sites` names them."""
        return {"adjacent": self.neighbors}

    def size(self) -> int:
        return len(self.cells)


def n_by_n(n: int):
    """The cells (column, row) of an N×N grid, row by row from the bottom, and its four sides
    (a rhombus and a square board are both indexed so)."""
    cells = [(c, r) for r in range(n) for c in range(n)]
    sides = {
        "side-N": {(c, n - 1) for c in range(n)},
        "side-E": {(n - 1, r) for r in range(n)},
        "side-S": {(c, 0) for c in range(n)},
        "side-W": {(0, r) for r in range(n)},
    }
    return cells, sides


class Rhombus(Board):
    """LANGUAGE.md §4 `rhombus`: each row half a cell right of the row below, so a cell touches
    the same column and one column left in the row above."""

    def __init__(self, n: int):
        super().__init__(*n_by_n(n))

    def axes(self):
        return [(1, 0), (0, 1), (-1, 1)]


class Triangle(Board):
    """LANGUAGE.md §4 `triangle`: the rhombus's labels and adjacency, row r (from 1) holding
    N − r + 1 cells; apex `a` + row N."""

    def __init__(self, n: int):
        cells = [(c, r) for r in range(n) for c in range(n - r)]
        sides = {
            "side-E": {(c, r) for c, r in cells if c + r == n - 1},
            "side-S": {(c, 0) for c in range(n)},
            "side-W": {(0, r) for r in range(n)},
        }
        super().__init__(cells, sides)

    def axes(self):
        return [(1, 0), (0, 1), (-1, 1)]


class Hexhex(Board):
    """LANGUAGE.md §4 `hexhex`: 2N−1 rows and slanting columns; column `a` holds rows 1…N, the
    last column rows N…2N−1; a cell touches one column left and one row down, and one column
    right and one row up."""

    def __init__(self, n: int):
        span = 2 * n - 1
        cells = [(c, r) for r in range(span) for c in range(span) if -(n - 1) <= r - c <= n - 1]
        last = span - 1
        sides = {
            "side-N": {(c, r) for c, r in cells if r == last},
            "side-NE": {(c, r) for c, r in cells if c == last},
            "side-SE": {(c, r) for c, r in cells if c - r == n - 1},
            "side-S": {(c, r) for c, r in cells if r == 0},
            "side-SW": {(c, r) for c, r in cells if c == 0},
            "side-NW": {(c, r) for c, r in cells if r - c == n - 1},
        }
        super().__init__(cells, sides)

    def axes(self):
        # E–W along a row, NW–SE along a column, NE–SW across both.
        return [(1, 0), (0, 1), (1, 1)]


class Square(Board):
    """LANGUAGE.md §4 `square`: an N×N grid of points, labelled by column letter from the left and
    row number from the bottom, index `row × N + column`. `orthogonal` is the up to 4 points at
    distance 1, `diagonal` the up to 4 diagonal points, `all` both. A line of points runs along
    one of four axes: a row, a column, or one of the two diagonals."""

    def __init__(self, n: int):
        super().__init__(*n_by_n(n))

    def axes(self):
        # E–W along a row, N–S along a column, SW–NE and NW–SE along the diagonals.
        return [(1, 0), (0, 1), (1, 1), (1, -1)]

    def relations(self):
        def near(steps):
            return [sorted(s for s in (self.index.get((c + dc, r + dr)) for dc, dr in steps) if s is not None) for c, r in self.cells]

        orthogonal = near([(1, 0), (-1, 0), (0, 1), (0, -1)])
        diagonal = near([(1, 1), (-1, -1), (1, -1), (-1, 1)])
        return {"orthogonal": orthogonal, "diagonal": diagonal, "all": [sorted(a + b) for a, b in zip(orthogonal, diagonal)]}


class ModelError(Exception):
    """A bad command line or record: reported as a message and exit status 2 (or a failed
    record), never a traceback."""


class Game:
    """Placement on an empty cell, two players, player 1 first; the subclass says who has won
    after a stone arrives, and how many stones each turn places (one, unless it says otherwise).
    `cells[i]` is 0 (empty), 1 or 2 (the player)."""

    name = ""
    board_kind: type[Board] = Board
    min_size = 2
    max_size = 60

    def __init__(self, size: int):
        if size < self.min_size:
            raise ModelError(f"{self.name}: size {size} is below {self.min_size}")
        if size > self.max_size:
            raise ModelError(f"{self.name}: size {size} is above {self.max_size}")
        self.board = self.board_kind(size)
        self.cells = [EMPTY] * self.board.size()
        self.to_move = 1
        self.moves: list[int] = []
        self.outcome: tuple[str, int | None] | None = None  # ("win", player) or ("draw", None)
        self.empty_count = self.board.size()
        # CLI.md: `turns` counts the turns begun (the winning one too, even if cut short); `left`
        # is how many stones the turn under way still places (0 between turns).
        self.turns = 0
        self.left = 0
        self.history: list[tuple[int, int, int]] = []  # (to_move, turns, left) before each stone

    # The rules -------------------------------------------------------------------------------

    def judge(self, site: int, player: int) -> tuple[str, int | None] | None:
        """The outcome once `player`'s stone has arrived on `site`, or None if play goes on."""
        raise NotImplementedError

    def stones_per_turn(self, turn: int) -> int:
        """How many stones turn number `turn` (from 1) places."""
        return 1

    def in_turn(self) -> bool:
        """Whether a turn is under way: the game goes on and the mover has stones left to place."""
        return self.outcome is None and self.left > 0

    def next_ends_turn(self) -> bool:
        """Whether the next stone is the last of its turn."""
        return (self.left if self.left > 0 else self.stones_per_turn(self.turns + 1)) == 1

    # Play --------------------------------------------------------------------------------------

    def legal(self) -> list[int]:
        if self.outcome is not None:
            return []
        return [i for i, v in enumerate(self.cells) if v == EMPTY]

    def play(self, site: int) -> None:
        self.history.append((self.to_move, self.turns, self.left))
        if self.left == 0:
            self.turns += 1
            self.left = self.stones_per_turn(self.turns)
        player = self.to_move
        self.cells[site] = player
        self.empty_count -= 1
        self.moves.append(site)
        self.left -= 1
        self.outcome = self.judge(site, player)
        if self.left == 0:
            self.to_move = 3 - player

    def undo(self) -> None:
        site = self.moves.pop()
        self.cells[site] = EMPTY
        self.empty_count += 1
        self.outcome = None
        self.to_move, self.turns, self.left = self.history.pop()

    def play_label(self, label: str) -> None:
        """Plays an action written as Tabula writes it; ModelError if it is not legal here."""
        if self.outcome is not None:
            raise ModelError(f"`{label}` after the end of the game")
        site = self.board.by_label.get(label)
        if site is None:
            raise ModelError(f"`{label}` is not a cell of this board")
        if self.cells[site] != EMPTY:
            raise ModelError(f"`{label}` is not empty")
        self.play(site)

    def group_sides(self, site: int, player: int, sides: list[str]) -> bool:
        """Whether the group of `player`'s stones through `site` touches every side named."""
        wanted = [self.board.sides[s] for s in sides]
        touched = [False] * len(wanted)
        seen = {site}
        queue = deque([site])
        cells, neighbors = self.cells, self.board.neighbors
        while queue:
            s = queue.popleft()
            for k, side in enumerate(wanted):
                if not touched[k] and s in side:
                    touched[k] = True
                    if all(touched):
                        return True
            for t in neighbors[s]:
                if t not in seen and cells[t] == player:
                    seen.add(t)
                    queue.append(t)
        return False

    # Counting ----------------------------------------------------------------------------------

    def perft(self, depth: int) -> int:
        """Action sequences of length `depth`: a finished game has no successors (CLI.md)."""
        if self.outcome is not None:
            return 1 if depth == 0 else 0
        if depth == 0:
            return 1
        moves = self.legal()
        if depth == 1:
            return len(moves)
        total = 0
        for site in moves:
            self.play(site)
            if self.outcome is None:
                total += self.perft(depth - 1)
            self.undo()
        return total

    def turn_ends(self) -> int:
        """The ways to finish the turn under way (or the next one): sequences of the mover's
        stones up to the end of the turn or of the game."""
        moves = self.legal()
        if self.next_ends_turn():
            return len(moves)
        total = 0
        for site in moves:
            self.play(site)
            total += self.turn_ends() if self.in_turn() else 1
            self.undo()
        return total

    def each_turn(self, visit, done: list[int]) -> None:
        """Calls `visit(actions)` in every position reached by finishing the turn under way (or
        the next one), with the sites of that turn's actions."""
        for site in self.legal():
            self.play(site)
            done.append(site)
            if self.in_turn():
                self.each_turn(visit, done)
            else:
                visit(list(done))
            done.pop()
            self.undo()

    def perft_turns_all(self, depth: int) -> list[int]:
        """Whole turns (`perft --turns`): a level is a turn, the actions of a turn the mover's
        stones to its end or the end of the game; a finished game has no successors."""
        counts = [0] * (depth + 1)

        def walk(d: int) -> None:
            if d + 1 == depth:
                counts[d + 1] += self.turn_ends()
                return

            def visit(_actions):
                counts[d + 1] += 1
                if self.outcome is None:
                    walk(d + 1)

            self.each_turn(visit, [])

        if depth > 0 and self.outcome is None:
            walk(0)
        return counts[1:]

    def perft_all(self, depth: int, turns: bool = False) -> list[int]:
        """perft(1), …, perft(depth) in one walk of the tree (what `--all` prints)."""
        if turns:
            return self.perft_turns_all(depth)
        counts = [0] * (depth + 1)

        def walk(d: int) -> None:
            moves = self.legal()
            counts[d + 1] += len(moves)
            if d + 1 == depth:
                return
            for site in moves:
                self.play(site)
                if self.outcome is None:
                    walk(d + 1)
                self.undo()

        if depth > 0 and self.outcome is None:
            walk(0)
        return counts[1:]

    def describe(self) -> dict:
        """The position as `tabula moves --json` describes it (the keys it shares)."""
        outcome = None
        if self.outcome is not None:
            kind, player = self.outcome
            outcome = {"winner": player if kind == "win" else None, "draw": kind == "draw"}
        return {
            "to_move": None if self.outcome is not None else self.to_move,
            "legal": sorted(self.board.labels[s] for s in self.legal()),
            "outcome": outcome,
            "turns": self.turns,
            "actions": len(self.moves),
        }


class Hex(Game):
    """CLASSICS.md: the first player joins the bottom and top rows, the second the left and right
    columns; the first chain joining a player's two sides wins. No draw is possible."""

    name = "hex"
    board_kind = Rhombus
    GOALS = {1: ["side-S", "side-N"], 2: ["side-W", "side-E"]}

    def judge(self, site, player):
        if self.group_sides(site, player, self.GOALS[player]):
            return ("win", player)
        if self.empty_count == 0:
            raise AssertionError("hex: a full board without a winner (impossible by the rules)")
        return None


class Y(Game):
    """CLASSICS.md: a chain touching all three sides wins; a corner is on both its sides."""

    name = "y"
    board_kind = Triangle

    def judge(self, site, player):
        if self.group_sides(site, player, ["side-S", "side-W", "side-E"]):
            return ("win", player)
        if self.empty_count == 0:
            raise AssertionError("y: a full board without a winner (impossible by the rules)")
        return None


class Yavalath(Game):
    """CLASSICS.md: making four or more in a row along one of the three axes wins; making a
    maximal run of exactly three loses unless the same move also makes four or more; a full board
    is a draw. Only runs through the new stone are new; the loss is checked before the full
    board, so a last stone that makes three loses rather than draws."""

    name = "yavalath"
    board_kind = Hexhex

    def run(self, site: int, player: int, forward: list, backward: list) -> int:
        length = 1
        for step in (forward, backward):
            s = step[site]
            while s is not None and self.cells[s] == player:
                length += 1
                s = step[s]
        return length

    def judge(self, site, player):
        steps = self.board.axis_steps
        runs = [self.run(site, player, steps[2 * k], steps[2 * k + 1]) for k in range(3)]
        if max(runs) >= 4:
            return ("win", player)
        if 3 in runs:
            return ("win", 3 - player)
        if self.empty_count == 0:
            return ("draw", None)
        return None


class Connect6(Game):
    """Issue 41: on a `size`×`size` board of points (7 to 19, 19 by default), Black places one
    stone on his first turn, and every later turn (White's first included) places two, one
    after the other, each on an empty point. After each stone: if it is part of a line of six or
    more of the mover's stones in a row (a row, a column or a diagonal), the mover wins at once,
    even with the first stone of a turn; otherwise a full board is a draw."""

    name = "connect6"
    board_kind = Square
    min_size = 7
    max_size = 19

    def stones_per_turn(self, turn):
        return 1 if turn == 1 else 2

    def judge(self, site, player):
        steps = self.board.axis_steps
        for k in range(len(steps) // 2):
            length = 1
            for step in (steps[2 * k], steps[2 * k + 1]):
                s = step[site]
                while s is not None and self.cells[s] == player:
                    length += 1
                    s = step[s]
            if length >= 6:
                return ("win", player)
        if self.empty_count == 0:
            return ("draw", None)
        return None


GAMES = {"hex": Hex, "y": Y, "yavalath": Yavalath, "connect6": Connect6}


def new_game(name: str, size: str) -> Game:
    if name not in GAMES:
        raise ModelError(f"unknown game `{name}` (one of: {', '.join(GAMES)})")
    try:
        n = int(size)
    except ValueError:
        raise ModelError(f"size `{size}` is not a number") from None
    if n > 60:
        raise ModelError(f"size {n} is larger than the model supports (60)")
    return GAMES[name](n)


def split_actions(text: str) -> list[str]:
    """Actions separated by white space; `;` between turns is allowed as in `tabula moves
    --after` (it carries nothing here: the model knows where turns end)."""
    return text.replace(";", " ").split()


def play_all(game: Game, actions: list[str]) -> None:
    for k, action in enumerate(actions, 1):
        try:
            game.play_label(action)
        except ModelError as e:
            raise ModelError(f"action {k}: {e}") from None


# Records ------------------------------------------------------------------------------------

RESULT = re.compile(r"^;\s*result:\s*(?:(?P<name>.+?) wins|(?P<draw>draw)) after (?P<turns>\d+) turns?, (?P<actions>\d+) actions?\s*$")


def check_record(game_name: str, size: int, path: str, players: list[str] | None) -> dict:
    """Replays one record in the model. Returns what the model found and a list of problems:
    an action illegal in the model, a turn line that is not one whole turn (one placement, or
    Connect6's one or two), a game that goes on after the model ended it or ends before the
    model does, or a result comment that the model's outcome, turn or action count
    contradicts."""
    problems: list[str] = []
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as e:
        return {"record": path, "problems": [f"cannot read: {e.strerror}"]}
    game = new_game(game_name, str(size))
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
        if word == "game" or word == "variant":
            continue
        if word == "set" and not any(c in rest for c in " \t"):
            key, _, value = rest.partition("=")
            if key == "size":
                if value != str(size):
                    problems.append(f"line {number}: the record is for size={value}, the model was given {size}")
            else:
                problems.append(f"line {number}: option `{key}` is not modelled")
            continue
        actions = line.split()
        turns += 1
        for k, action in enumerate(actions):
            if k > 0 and not game.in_turn() and game.outcome is None:
                problems.append(f"line {number}: action {k + 1} `{action}` begins another turn; a line is one turn")
                break
            try:
                game.play_label(action)
            except ModelError as e:
                problems.append(f"line {number}: {e}")
                break
        if not problems and game.in_turn():
            problems.append(f"line {number}: the turn is not over after its {len(actions)} actions")
        if problems:
            break
    found = game.describe()
    if not problems:
        if game.outcome is None:
            problems.append(f"the model's game is not over after {len(game.moves)} actions")
        if result is None:
            problems.append("no `; result:` comment")
        else:
            said_turns, said_actions = int(result["turns"]), int(result["actions"])
            if (said_turns, said_actions) != (turns, len(game.moves)) or turns != game.turns:
                problems.append(
                    f"the record says {said_turns} turns, {said_actions} actions; it holds {turns} turns, {len(game.moves)} actions"
                    f" (the model counts {game.turns} turns)"
                )
            if game.outcome is not None:
                kind, winner = game.outcome
                if result["draw"]:
                    if kind != "draw":
                        problems.append(f"the record says draw; the model says player {winner} wins")
                elif kind == "draw":
                    problems.append(f"the record says {result['name']} wins; the model says draw")
                elif players is not None:
                    said = players.index(result["name"]) + 1 if result["name"] in players else None
                    if said != winner:
                        problems.append(f"the record says {result['name']} wins; the model says player {winner} ({players[winner - 1]})")
    return {"record": path, "problems": problems, "outcome": found["outcome"], "actions": found["actions"]}


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
        play_all(game, split_actions(after))
        depth = int(args[2])
        labels = game.board.labels
        if divide and turns and depth > 0:
            lines = []

            def visit(actions):
                count = game.perft_all(depth - 1, True)[-1] if depth > 1 else 1
                lines.append((" ".join(labels[s] for s in actions), count))

            if game.outcome is None:
                game.each_turn(visit, [])
            for text, count in sorted(lines):
                print(f"{text}: {count}")
            print(sum(count for _, count in lines))
        elif divide and depth > 0:
            total = 0
            for site in sorted(game.legal(), key=lambda i: game.board.labels[i]):
                game.play(site)
                count = game.perft(depth - 1)
                game.undo()
                total += count
                print(f"{game.board.labels[site]}: {count}")
            print(total)
        elif every and depth > 0:
            counts = game.perft_all(depth, turns)
            for d, count in enumerate(counts[:-1], 1):
                print(f"perft({d}) = {count}")
            print(counts[-1])
        elif turns:
            print(game.perft_all(depth, True)[-1] if depth > 0 else 1)
        else:
            print(game.perft(depth))
        return 0
    if command == "moves":
        batch = take_flag(args, "--batch")
        after = take_value(args, "--after") or ""
        if len(args) != 2:
            raise ModelError("usage: moves GAME SIZE [--after ACTIONS] [--batch]")
        sequences = [line for line in sys.stdin.read().splitlines()] if batch else [after]
        for sequence in sequences:
            game = new_game(args[0], args[1])
            try:
                play_all(game, split_actions(sequence))
                print(json.dumps(game.describe(), sort_keys=True))
            except ModelError as e:
                if not batch:
                    raise
                print(json.dumps({"error": str(e)}))
        return 0
    if command == "board":
        if len(args) != 2:
            raise ModelError("usage: board GAME SIZE")
        board = new_game(args[0], args[1]).board
        relations = board.relations()
        sites = [
            {"label": board.labels[i], **{name: [board.labels[t] for t in near[i]] for name, near in relations.items()}}
            for i in range(board.size())
        ]
        sides = {name: sorted((board.labels[i] for i in side), key=board.by_label.get) for name, side in board.sides.items()}
        print(json.dumps({"sites": sites, "sides": sides}, sort_keys=True))
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
            report = check_record(args[0], int(args[1]), path, players)
            if report["problems"]:
                bad += 1
                print(f"{path}: DISAGREE: " + "; ".join(report["problems"]))
                continue
            print(f"{path}: ok ({json.dumps(report['outcome'], sort_keys=True)}, {report['actions']} actions)")
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
        print(f"model.py: {e}", file=sys.stderr)
        sys.exit(2)
