#!/usr/bin/env python3
"""An independent model of Halma (two players, 16×16 board, camps of 19), to cross-check
Tabula's game file for it.

Written from docs/RULINGS.md ("Halma"), the `square` board section and "Directions" of
docs/LANGUAGE.md §4 (labels, index order, the eight directions) and docs/CLI.md (perft,
`moves --json`, turns and actions, `end`, `pass`, records), without reading Tabula's engine,
grammar, game files or Rust tests, and without running Tabula: two programs written from the
same texts by different hands must agree, so a mistake in either shows up as a disagreement.
Python 3.11 standard library only, because CI runs `python3` directly.

Commands (GAME is `halma`):

    halma.py perft GAME DEPTH [--all | --divide] [--after "ACTIONS"]
    halma.py moves GAME [--after "ACTIONS"] [--batch]
    halma.py board GAME
    halma.py replay GAME [--players NAME1,NAME2] RECORD...

`perft` prints the count alone on its last line, as `tabula perft` does (with `--all`,
`perft(d) = n` for every depth first; with `--divide`, `ACTION: COUNT` for each first action in
byte order); it counts actions (a step, one hop, `end` or `pass`), and a finished game has no
successors. `moves` prints one JSON object like `tabula moves --json` (`to_move`, `legal`,
`outcome`, `turns`, `actions`, `team_wins`); with `--batch` it reads one action sequence per line
on stdin and prints one object per line. `board` prints the sites in index order with their
orthogonal and diagonal neighbours, the pieces of the start, the camps and the turn limit.
`replay` checks Tabula records (one line per turn, the hops of one turn on one line) and prints
one line per record and a summary; it exits 1 if any record disagrees with the model. Bad input
is a one-line error and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import os
import re
import sys

GAME = "halma"
EMPTY, WHITE, BLACK = 0, 1, 2
# White is player 1 and moves first; Black is player 2.
PLAYERS = ("White", "Black")

# RULINGS.md, "The end": a draw after this many turns (both players together); 0 is no limit.
# The win is checked first, so a win on the last turn counts. Reading (README): a turn still
# hopping is not over, so the draw comes when that turn ends (`end`, or no further hop).
TURN_LIMIT = 1000

SIZE = 16
COLUMNS = "abcdefghijklmnop"

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

# RULINGS.md, "Camps and sides": rows of 5, 5, 4, 3 and 2 squares in a corner.
WHITE_CAMP = "a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 a3 b3 c3 d3 a4 b4 c4 a5 b5"
BLACK_CAMP = "l16 m16 n16 o16 p16 l15 m15 n15 o15 p15 m14 n14 o14 p14 n13 o13 p13 o12 p12"


class ModelError(Exception):
    """A bad command line or record, or an action the model finds illegal: reported as a
    message (exit status 2, or a failed record), never a traceback."""


class Board:
    """The 256 squares. Index (LANGUAGE.md §4, `square`): row × 16 + column, from 0 at the
    bottom left, so a1 is 0, p1 15, a2 16, p16 255."""

    def __init__(self) -> None:
        self.size = SIZE * SIZE
        self.labels = [COLUMNS[i % SIZE] + str(i // SIZE + 1) for i in range(self.size)]
        self.by_label = {label: i for i, label in enumerate(self.labels)}
        # step[i][d]: the square next to i in direction d, or None off the board.
        self.step: list[list[int | None]] = []
        for i in range(self.size):
            c, r = i % SIZE, i // SIZE
            row = []
            for _, dc, dr in DIRECTIONS:
                tc, tr = c + dc, r + dr
                row.append(tr * SIZE + tc if 0 <= tc < SIZE and 0 <= tr < SIZE else None)
            self.step.append(row)
        self.orthogonal = [[s for d, s in enumerate(row) if s is not None and d % 2 == 0] for row in self.step]
        self.diagonal = [[s for d, s in enumerate(row) if s is not None and d % 2 == 1] for row in self.step]
        # adjacent[i]: the up to eight squares next to i (a step's targets).
        self.adjacent = [[s for s in row if s is not None] for row in self.step]
        # hops[i]: (over, land) for each direction d with `over` next to i that way and `land`
        # next to `over` the same way: directly beyond it in the same direction.
        self.hops: list[list[tuple[int, int]]] = []
        for i in range(self.size):
            pairs = []
            for d in range(8):
                over = self.step[i][d]
                if over is None:
                    continue
                land = self.step[over][d]
                if land is not None:
                    pairs.append((over, land))
            self.hops.append(pairs)

    def site(self, label: str) -> int:
        site = self.by_label.get(label)
        if site is None:
            raise ModelError(f"`{label}` is not a square of this board")
        return site


BOARD = Board()
CAMPS = {WHITE: tuple(BOARD.site(s) for s in WHITE_CAMP.split()), BLACK: tuple(BOARD.site(s) for s in BLACK_CAMP.split())}
# RULINGS.md, "The end": White fills Black's camp, Black fills White's.
TARGET = {WHITE: CAMPS[BLACK], BLACK: CAMPS[WHITE]}


class State:
    """A position: `cells[i]` is EMPTY, WHITE or BLACK; `pieces[p]` the squares of player p's
    pieces; the player to move (1 White, 2 Black); `at`: in the middle of a turn after a hop
    from which another hop is possible, the hopping piece's square (else None), with `visited`
    the squares it has been on this turn (its start included); the outcome once the game is
    over, ("win", player) or ("draw", None), and how it ended (`reason`: camp, limit); the counts
    of CLI.md (turns begun, actions applied)."""

    __slots__ = ("cells", "pieces", "to_move", "at", "visited", "outcome", "reason", "turns", "actions")

    def copy(self) -> State:
        other = State.__new__(State)
        other.cells = self.cells[:]
        other.pieces = {WHITE: self.pieces[WHITE][:], BLACK: self.pieces[BLACK][:]}
        other.to_move, other.at, other.visited = self.to_move, self.at, self.visited
        other.outcome, other.reason, other.turns, other.actions = self.outcome, self.reason, self.turns, self.actions
        return other


class Halma:
    def __init__(self, limit: int = TURN_LIMIT) -> None:
        self.name = GAME
        self.board = BOARD
        self.limit = limit  # 0: no limit

    # Positions --------------------------------------------------------------------------------

    def start(self) -> State:
        return self.position(WHITE_CAMP.split(), BLACK_CAMP.split())

    def position(self, white: list[str], black: list[str], to_move: int = WHITE, turns: int = 0) -> State:
        """A position set by hand (for tests): the squares of White's and Black's pieces (any
        number), the player to move at the start of his turn and the turns already played. The
        outcome is not examined."""
        b = self.board
        cells = [EMPTY] * b.size
        pieces: dict[int, list[int]] = {WHITE: [], BLACK: []}
        for player, labels in ((WHITE, white), (BLACK, black)):
            for label in labels:
                site = b.site(label)
                if cells[site] != EMPTY:
                    raise ModelError(f"two pieces on `{label}`")
                cells[site] = player
                pieces[player].append(site)
        s = State.__new__(State)
        s.cells, s.pieces, s.to_move, s.at, s.visited = cells, pieces, to_move, None, None
        s.outcome, s.reason, s.turns, s.actions = None, None, turns, 0
        return s

    # Moves ------------------------------------------------------------------------------------

    def hops_from(self, cells: list[int], frm: int, visited: frozenset[int] | tuple = ()) -> list[tuple[int, int]]:
        """The hops (from, to) of the piece on `frm`: over a piece of either side next to it to
        the empty square directly beyond, never onto a square in `visited`."""
        return [
            (frm, land)
            for over, land in self.board.hops[frm]
            if cells[over] != EMPTY and cells[land] == EMPTY and land not in visited
        ]

    def moves(self, state: State) -> list[tuple[int, int] | str]:
        """The legal actions: (from, to) pairs; `end` in the middle of a turn of hops; `pass`
        alone when the player to move has no step and no hop."""
        if state.outcome is not None:
            return []
        cells = state.cells
        if state.at is not None:
            return self.hops_from(cells, state.at, state.visited) + ["end"]
        found: list[tuple[int, int] | str] = []
        adjacent, hops = self.board.adjacent, self.board.hops
        for i in state.pieces[state.to_move]:
            for t in adjacent[i]:
                if cells[t] == EMPTY:
                    found.append((i, t))
            for over, land in hops[i]:
                if cells[over] != EMPTY and cells[land] == EMPTY:
                    found.append((i, land))
        return found if found else ["pass"]

    def text(self, move: tuple[int, int] | str) -> str:
        if isinstance(move, str):
            return move
        labels = self.board.labels
        return f"{labels[move[0]]}-{labels[move[1]]}"

    def legal(self, state: State) -> list[str]:
        return [self.text(m) for m in self.moves(state)]

    def parse(self, action: str) -> tuple[int, int] | str:
        if action in ("end", "pass"):
            return action
        source, dash, target = action.partition("-")
        if not dash or not source or not target:
            raise ModelError(f"`{action}` is not a move `FROM-TO`, `end` or `pass`")
        return self.board.site(source), self.board.site(target)

    def apply(self, state: State, action: str) -> State:
        """A new state after `action`; ModelError if it is not legal in `state`."""
        if state.outcome is not None:
            raise ModelError(f"`{action}` after the end of the game")
        move = self.parse(action)
        if move not in self.moves(state):
            what = PLAYERS[state.to_move - 1] + (", in the middle of his turn" if state.at is not None else "")
            raise ModelError(f"`{action}` is not legal here ({what} to move)")
        return self.play(state, move)

    def play(self, state: State, move: tuple[int, int] | str) -> State:
        """The state after a legal action (not checked)."""
        after = state.copy()
        after.actions += 1
        if state.at is None:
            after.turns += 1  # the first action of a turn begins it (a pass is a whole turn)
        if move == "end" or move == "pass":
            self.end_turn(after)
            return after
        frm, to = move
        cells = after.cells
        player = cells[frm]
        cells[to] = player
        cells[frm] = EMPTY
        mine = after.pieces[player]
        mine[mine.index(frm)] = to
        if to in self.board.adjacent[frm]:
            self.end_turn(after)  # a step: no hop after it
            return after
        # A hop: the squares the piece has been on this turn, its start included.
        visited = (state.visited if state.at is not None else frozenset((frm,))) | {to}
        if self.hops_from(cells, to, visited):
            after.at, after.visited = to, visited  # it may hop again, or `end`
        else:
            self.end_turn(after)  # no hop left: the turn ends by itself
        return after

    def camp_filled(self, cells: list[int], player: int) -> bool:
        """All 19 squares of the other side's camp hold `player`'s pieces."""
        return all(cells[i] == player for i in TARGET[player])

    def end_turn(self, s: State) -> None:
        """The turn is over: the win of the player whose turn it was (his target camp filled
        with his own pieces), then the turn limit; then control passes."""
        s.at, s.visited = None, None
        mover = s.to_move
        s.to_move = 3 - mover
        if self.camp_filled(s.cells, mover):
            s.outcome, s.reason = ("win", mover), "camp"
        elif self.limit and s.turns >= self.limit:
            s.outcome, s.reason = ("draw", None), "limit"

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
        """The squares of each side's pieces, in index order."""
        labels = self.board.labels
        return {PLAYERS[p - 1]: [labels[i] for i in sorted(state.pieces[p])] for p in (WHITE, BLACK)}

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


GAMES = {GAME: Halma}


def new_game(name: str) -> Halma:
    if name not in GAMES:
        raise ModelError(f"unknown game `{name}` (one of: {', '.join(GAMES)})")
    return GAMES[name]()


def split_actions(text: str) -> list[str]:
    """Actions separated by white space; `;` between turns is allowed as in `tabula moves
    --after`, and read as white space."""
    return text.replace(";", " ").split()


def play_all(game: Halma, actions: list[str], state: State | None = None) -> State:
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
    action illegal in the model, a line that is not one whole turn (a step; hops until the turn
    ends, by itself or with `end`; a `pass`), a game that goes on after the model ended it or
    ends before the model does, or a result comment that the model's outcome, turn or action
    count contradicts. A `set turns=N` line sets the turn limit; other options are not
    modelled."""
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
            key, eq, value = rest.strip().partition("=")
            if key.strip() == "turns" and eq and value.strip().isascii() and value.strip().isdigit() and state.actions == 0:
                game.limit = int(value.strip())
                continue
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
            if k > 0 and (state.outcome is not None or state.at is None):
                problems.append(f"line {number}: the turn ended before `{action}`, action {k + 1} of the line")
                break
            try:
                state = game.apply(state, action)
            except ModelError as e:
                problems.append(f"line {number}: {e}")
                break
        if problems:
            break
        if state.at is not None:
            problems.append(f"line {number}: the line ends in the middle of {PLAYERS[state.to_move - 1]}'s turn")
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
                        problems.append(f"the record says draw; the model says {players[winner - 1]} wins ({state.reason})")
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
        camps = {PLAYERS[p - 1]: [b.labels[i] for i in sorted(CAMPS[p])] for p in (WHITE, BLACK)}
        print(json.dumps({"sites": sites, "start": game.pieces(game.start()), "camps": camps, "turn_limit": game.limit}, sort_keys=True))
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
        print(f"halma.py: {e}", file=sys.stderr)
        status = 2
    except BrokenPipeError:
        # A reader that goes away (`| head`) ends the command quietly, as in CLI.md.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    except KeyboardInterrupt:
        status = 130
    sys.exit(status)
