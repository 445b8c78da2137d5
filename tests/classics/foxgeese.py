#!/usr/bin/env python3
"""An independent model of Fox and Geese (the cross-shaped board of 33 points), to cross-check
Tabula's game file for it.

Written from docs/RULINGS.md ("Fox and Geese"), the `square` and `graph` board sections of
docs/LANGUAGE.md §4 (labels and index order) and docs/CLI.md (perft, `moves --json`, turns and
actions, `end`, records), without reading Tabula's engine, grammar or game files: two programs
written from the same texts by different hands must agree, so a mistake in either shows up as a
disagreement. Python 3.11 standard library only, because CI runs `python3` directly.

Commands (GAME is `fox-and-geese`):

    foxgeese.py perft GAME DEPTH [--all | --divide] [--after "ACTIONS"]
    foxgeese.py moves GAME [--after "ACTIONS"] [--batch]
    foxgeese.py board GAME
    foxgeese.py replay GAME [--players NAME1,NAME2] RECORD...

`perft` prints the count alone on its last line, as `tabula perft` does (with `--all`,
`perft(d) = n` for every depth first; with `--divide`, `ACTION: COUNT` for each first action in
byte order); it counts actions (a step, one jump, or `end`), and a finished game has no
successors. `moves` prints one JSON object like `tabula moves --json` (`to_move`, `legal`,
`outcome`, `turns`, `actions`, `team_wins`); with `--batch` it reads one action sequence per line
on stdin and prints one object per line. `board` prints the sites in index order with their
orthogonal and diagonal neighbours, and the pieces of the start. `replay` checks Tabula records
(one line per turn, a fox's jumps of one turn on one line) and prints one line per record and a
summary; it exits 1 if any record disagrees with the model. Bad input is a one-line error and
exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import os
import re
import sys

GAME = "fox-and-geese"
EMPTY, GOOSE, FOX = 0, 1, 2
# Geese are player 1 and move first; the Fox is player 2.
PLAYERS = ("Geese", "Fox")

# RULINGS.md, "The end": the Fox wins as soon as fewer than this many geese are left.
FEWEST_GEESE = 4
# RULINGS.md, "The end": a draw when this many turns have been played with no result. The wins
# (fewer than four geese) are checked first; a player left without a move by the last turn does
# not lose (RULINGS.md says so). Reading (README): a fox's last turn that is still jumping is
# not over, so the draw comes when that turn ends (`end`, or no further jump).
TURN_LIMIT = 200

# (name, columns, rows). N is towards higher rows, E towards later letters (LANGUAGE.md §4).
DIRECTIONS = (
    ("N", 0, 1),
    ("NE", 1, 1),
    ("E", 1, 0),
    ("SE", 1, -1),
    ("S", 0, -1),
    ("SW", -1, -1),
    ("W", -1, 0),
    ("NW", -1, 1),
)
# RULINGS.md, Geese: forwards (north, north-east, north-west) or sideways (east, west).
GOOSE_DIRECTIONS = tuple(d for d, (name, _, _) in enumerate(DIRECTIONS) if name in ("N", "NE", "NW", "E", "W"))

START_GEESE = "c1 d1 e1 c2 d2 e2 a3 b3 c3 d3 e3 f3 g3"
START_FOX = "d4"


class ModelError(Exception):
    """A bad command line or record, or an action the model finds illegal: reported as a
    message (exit status 2, or a failed record), never a traceback."""


def on_board(column: int, row: int) -> bool:
    """RULINGS.md, Board: the 7×7 grid of points less its 2×2 corners: column c, d or e (2–4
    from 0), or row 3, 4 or 5 (2–4 from 0)."""
    return 0 <= column < 7 and 0 <= row < 7 and (2 <= column <= 4 or 2 <= row <= 4)


class Board:
    """The 33 points. Index order (LANGUAGE.md §4, `graph`): the sites bottom row first, left
    to right within a row, so c1 d1 e1 are 0 1 2, c2 d2 e2 3 4 5, a3…g3 6…12, a4…g4 13…19,
    a5…g5 20…26, c6 d6 e6 27 28 29, c7 d7 e7 30 31 32. Labels as on a 7×7 square board."""

    def __init__(self) -> None:
        self.points = [(c, r) for r in range(7) for c in range(7) if on_board(c, r)]
        self.size = len(self.points)
        self.labels = ["abcdefg"[c] + str(r + 1) for c, r in self.points]
        self.by_label = {label: i for i, label in enumerate(self.labels)}
        index = {p: i for i, p in enumerate(self.points)}
        # step[i][d]: the point joined to i by a line in direction d, or None.
        self.step: list[list[int | None]] = []
        for c, r in self.points:
            row = []
            for _, dc, dr in DIRECTIONS:
                t = (c + dc, r + dr)
                diagonal = dc != 0 and dr != 0
                # A diagonal line only between points whose column + row is even (both ends
                # then are: a diagonal step keeps the parity of column + row).
                if not on_board(*t) or (diagonal and (c + r) % 2 != 0):
                    row.append(None)
                else:
                    row.append(index[t])
            self.step.append(row)
        self.orthogonal = [[s for d, s in enumerate(row) if s is not None and d % 2 == 0] for row in self.step]
        self.diagonal = [[s for d, s in enumerate(row) if s is not None and d % 2 == 1] for row in self.step]
        # jumps[i]: (over, land) for each direction where i, over and land lie on one straight
        # line of the board: i joined to `over` in direction d and `over` to `land` in the same.
        self.jumps: list[list[tuple[int, int]]] = []
        for i in range(self.size):
            pairs = []
            for d in range(8):
                over = self.step[i][d]
                if over is None:
                    continue
                land = self.step[over][d]
                if land is not None:
                    pairs.append((over, land))
            self.jumps.append(pairs)
        self.goose_steps = [[row[d] for d in GOOSE_DIRECTIONS if row[d] is not None] for row in self.step]
        self.fox_steps = [[s for s in row if s is not None] for row in self.step]

    def site(self, label: str) -> int:
        site = self.by_label.get(label)
        if site is None:
            raise ModelError(f"`{label}` is not a point of this board")
        return site


BOARD = Board()


class State:
    """A position: `cells[i]` is EMPTY, GOOSE or FOX; `fox` the fox's point; `geese` how many
    are left; the player to move (1 Geese, 2 Fox); `jumping`: the fox is in the middle of his
    turn after a jump, and may only jump again or `end`; the outcome once the game is over,
    ("win", player) or ("draw", None), and how it ended (`reason`: geese, shut-in, blocked,
    limit); the counts of CLI.md (turns begun, actions applied)."""

    __slots__ = ("cells", "fox", "geese", "to_move", "jumping", "outcome", "reason", "turns", "actions")

    def copy(self) -> State:
        other = State.__new__(State)
        other.cells = self.cells[:]
        other.fox, other.geese, other.to_move, other.jumping = self.fox, self.geese, self.to_move, self.jumping
        other.outcome, other.reason, other.turns, other.actions = self.outcome, self.reason, self.turns, self.actions
        return other


class FoxAndGeese:
    def __init__(self) -> None:
        self.name = GAME
        self.board = BOARD
        self.limit = TURN_LIMIT

    # Positions --------------------------------------------------------------------------------

    def start(self) -> State:
        return self.position(START_GEESE.split(), START_FOX)

    def position(self, geese: list[str], fox: str, to_move: int = 1, turns: int = 0) -> State:
        """A position set by hand (for tests): the geese's points, the fox's point, the player
        to move at the start of his turn and the turns already played. The outcome is not
        examined: the player to move is assumed to have a move."""
        b = self.board
        cells = [EMPTY] * b.size
        for label in geese + [fox]:
            site = b.site(label)
            if cells[site] != EMPTY:
                raise ModelError(f"two pieces on `{label}`")
            cells[site] = GOOSE
        cells[b.site(fox)] = FOX
        s = State.__new__(State)
        s.cells, s.fox, s.geese, s.to_move, s.jumping = cells, b.site(fox), len(geese), to_move, False
        s.outcome, s.reason, s.turns, s.actions = None, None, turns, 0
        return s

    # Moves ------------------------------------------------------------------------------------

    def fox_jumps(self, cells: list[int], fox: int) -> list[tuple[int, int]]:
        """The fox's jumps (from, to): over a goose next to him along a line to the empty point
        directly beyond it on the same straight line."""
        return [(fox, land) for over, land in self.board.jumps[fox] if cells[over] == GOOSE and cells[land] == EMPTY]

    def moves(self, state: State) -> list[tuple[int, int] | str]:
        """The legal actions: (from, to) pairs, and "end" in the middle of a fox's turn."""
        if state.outcome is not None:
            return []
        cells, b = state.cells, self.board
        if state.to_move == 1:
            return [(i, t) for i in range(b.size) if cells[i] == GOOSE for t in b.goose_steps[i] if cells[t] == EMPTY]
        jumps = self.fox_jumps(cells, state.fox)
        if state.jumping:
            return jumps + ["end"]
        return [(state.fox, t) for t in b.fox_steps[state.fox] if cells[t] == EMPTY] + jumps

    def has_move(self, state: State) -> bool:
        """Whether the player to move, at the start of his turn, has any action."""
        cells, b = state.cells, self.board
        if state.to_move == 1:
            return any(cells[t] == EMPTY for i in range(b.size) if cells[i] == GOOSE for t in b.goose_steps[i])
        fox = state.fox
        return any(cells[t] == EMPTY for t in b.fox_steps[fox]) or bool(self.fox_jumps(cells, fox))

    def text(self, move: tuple[int, int] | str) -> str:
        if isinstance(move, str):
            return move
        labels = self.board.labels
        return f"{labels[move[0]]}-{labels[move[1]]}"

    def legal(self, state: State) -> list[str]:
        return [self.text(m) for m in self.moves(state)]

    def parse(self, action: str) -> tuple[int, int] | str:
        if action == "end":
            return action
        source, dash, target = action.partition("-")
        if not dash or not source or not target:
            raise ModelError(f"`{action}` is not a move `FROM-TO` or `end`")
        return self.board.site(source), self.board.site(target)

    def apply(self, state: State, action: str) -> State:
        """A new state after `action`; ModelError if it is not legal in `state`."""
        if state.outcome is not None:
            raise ModelError(f"`{action}` after the end of the game")
        move = self.parse(action)
        if move not in self.moves(state):
            what = "the Fox, in the middle of his turn" if state.jumping else PLAYERS[state.to_move - 1]
            raise ModelError(f"`{action}` is not legal here ({what} to move)")
        return self.play(state, move)

    def play(self, state: State, move: tuple[int, int] | str) -> State:
        """The state after a legal action (not checked)."""
        after = state.copy()
        after.actions += 1
        if not state.jumping:
            after.turns += 1  # the first action of a turn begins it
        if move == "end":
            self.end_turn(after)
            return after
        cells = after.cells
        frm, to = move
        cells[to] = cells[frm]
        cells[frm] = EMPTY
        if after.to_move == 1:
            self.end_turn(after)
            return after
        after.fox = to
        jumped = to not in self.board.fox_steps[frm]
        if not jumped:
            self.end_turn(after)
            return after
        # A jump: the goose between is removed (the one point on the line between frm and to).
        over = next(o for o, land in self.board.jumps[frm] if land == to)
        cells[over] = EMPTY
        after.geese -= 1
        if after.geese < FEWEST_GEESE:
            after.outcome, after.reason = ("win", 2), "geese"
            after.jumping = False
            return after
        if self.fox_jumps(cells, to):
            after.jumping = True  # the Fox may jump again or `end`
        else:
            self.end_turn(after)  # no further jump: the turn ends by itself
        return after

    def end_turn(self, s: State) -> None:
        """The turn is over: control passes; then the turn limit, then whether the player to
        move has a move (he loses if not)."""
        s.jumping = False
        mover = s.to_move
        s.to_move = 3 - mover
        if s.turns >= self.limit:
            s.outcome, s.reason = ("draw", None), "limit"
        elif not self.has_move(s):
            s.outcome, s.reason = ("win", mover), "shut-in" if mover == 1 else "blocked"

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

    def pieces(self, state: State) -> dict:
        labels = self.board.labels
        return {"geese": [labels[i] for i, v in enumerate(state.cells) if v == GOOSE], "fox": labels[state.fox]}

    # Counting ---------------------------------------------------------------------------------

    def perft_all(self, state: State, depth: int) -> list[int]:
        """perft(1), …, perft(depth) in one walk. A finished game has no successors (CLI.md)."""
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


GAMES = {GAME: FoxAndGeese}


def new_game(name: str) -> FoxAndGeese:
    if name not in GAMES:
        raise ModelError(f"unknown game `{name}` (one of: {', '.join(GAMES)})")
    return GAMES[name]()


def split_actions(text: str) -> list[str]:
    """Actions separated by white space; `;` between turns is allowed as in `tabula moves
    --after`, and read as white space."""
    return text.replace(";", " ").split()


def play_all(game: FoxAndGeese, actions: list[str], state: State | None = None) -> State:
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
    action illegal in the model, a line that is not one whole turn (a step, or a fox's jumps
    until his turn ends, by itself or with `end`), a game that goes on after the model ended it
    or ends before the model does, or a result comment that the model's outcome, turn or action
    count contradicts."""
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
            if k > 0 and (state.outcome is not None or not state.jumping):
                problems.append(f"line {number}: the turn ended before `{action}`, action {k + 1} of the line")
                break
            try:
                state = game.apply(state, action)
            except ModelError as e:
                problems.append(f"line {number}: {e}")
                break
        if problems:
            break
        if state.jumping:
            problems.append(f"line {number}: the line ends in the middle of the Fox's turn")
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
                    problems.append(f"the record says {result['name']} wins; the model says draw")
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
        after = take_value(args, "--after") or ""
        if every and divide:
            raise ModelError("--all and --divide do not go together")
        if len(args) != 2:
            raise ModelError("usage: perft GAME DEPTH [--all | --divide] [--after ACTIONS]")
        game = new_game(args[0])
        if not (args[1].isascii() and args[1].isdigit()):
            raise ModelError(f"depth `{args[1]}` is not a number")
        depth = int(args[1])
        state = play_all(game, split_actions(after))
        if divide and depth > 0:
            total = 0
            for action in sorted(game.legal(state)):
                count = game.perft(game.apply(state, action), depth - 1)
                total += count
                print(f"{action}: {count}")
            print(total)
        elif every and depth > 0:
            counts = game.perft_all(state, depth)
            for d, count in enumerate(counts[:-1], 1):
                print(f"perft({d}) = {count}")
            print(counts[-1])
        else:
            print(game.perft(state, depth))
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
            {
                "label": b.labels[i],
                "orthogonal": sorted(b.labels[t] for t in b.orthogonal[i]),
                "diagonal": sorted(b.labels[t] for t in b.diagonal[i]),
            }
            for i in range(b.size)
        ]
        print(json.dumps({"sites": sites, "start": game.pieces(game.start()), "turn_limit": game.limit}, sort_keys=True))
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
        print(f"foxgeese.py: {e}", file=sys.stderr)
        status = 2
    except BrokenPipeError:
        # A reader that goes away (`| head`) ends the command quietly, as in CLI.md.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    except KeyboardInterrupt:
        status = 130
    sys.exit(status)
