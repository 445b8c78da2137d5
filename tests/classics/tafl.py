#!/usr/bin/env python3
"""An independent model of Brandubh (7×7) and Hnefatafl (11×11), to cross-check Tabula's game
files for them.

Written from docs/RULINGS.md ("Tafl: Brandubh and Hnefatafl"), the `square` board section of
docs/LANGUAGE.md §4 (labels and index order) and docs/CLI.md (perft, `moves --json`, records),
without reading Tabula's engine, grammar or game files: two programs written from the same texts
by different hands must agree, so a mistake in either shows up as a disagreement.
Python 3.11 standard library only, because CI runs `python3` directly.

Commands (GAME is `brandubh` or `hnefatafl`):

    tafl.py perft GAME DEPTH [--all | --divide] [--after "ACTIONS"]
    tafl.py moves GAME [--after "ACTIONS"] [--batch]
    tafl.py board GAME
    tafl.py replay GAME [--players NAME1,NAME2] RECORD...

`perft` prints the count alone on its last line, as `tabula perft` does (with `--all`,
`perft(d) = n` for every depth first; with `--divide`, `ACTION: COUNT` for each first action in
byte order); one action is one move `FROM-TO`, and a finished game has no successors. `moves`
prints one JSON object like `tabula moves --json` (`to_move`, `legal`, `outcome`, `turns`,
`actions`, `team_wins`); with `--batch` it reads one action sequence per line on stdin and
prints one object per line. `board` prints the sites in index order with their orthogonal
neighbours, the throne, the corners and the pieces of the start. `replay` checks Tabula records
and prints one line per record and a summary; it exits 1 if any record disagrees with the model.
Bad input is a one-line error and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import os
import re
import sys

EMPTY, ATTACKER, DEFENDER, KING = 0, 1, 2, 3
# The side (player number) of each piece value: Attackers are player 1 and move first.
SIDE = (0, 1, 2, 2)
PLAYERS = ("Attackers", "Defenders")

# RULINGS.md, "The end": the game is drawn when this many turns have been played with no result.
# Ambiguity (see README): if the move that completes the last turn leaves the opponent without
# a move, is that a loss for him (checked "first", as a winning condition) or the draw? The
# model reads it as the draw: the game ends after the last turn, so the opponent never has the
# turn on which he "cannot move". Set this to True for the other reading.
BLOCKED_BEFORE_LIMIT = False


def column_letters(index: int) -> str:
    """`a`…`z`, then `aa`, … (LANGUAGE.md §4, `square`)."""
    letters = ""
    index += 1
    while index > 0:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


class ModelError(Exception):
    """A bad command line or record, or an action the model finds illegal: reported as a
    message (exit status 2, or a failed record), never a traceback."""


class Board:
    """LANGUAGE.md §4 `square`: index `row × N + column` from 0 at the bottom left (`a1` is 0,
    `b1` is 1), labels a column letter and a row number from 1. RULINGS.md: the throne is the
    centre, the four corners are the escape squares; both are restricted."""

    # N, E, S, W as (columns, rows).
    DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))

    def __init__(self, n: int):
        self.n = n
        self.size = n * n
        self.labels = [column_letters(i % n) + str(i // n + 1) for i in range(self.size)]
        self.by_label = {label: i for i, label in enumerate(self.labels)}
        self.throne = (n // 2) * n + n // 2
        self.corners = (0, n - 1, n * (n - 1), n * n - 1)
        self.is_corner = [False] * self.size
        for c in self.corners:
            self.is_corner[c] = True
        self.restricted = list(self.is_corner)
        self.restricted[self.throne] = True
        # step[i][d]: the neighbour of i in direction d, or None off the board.
        self.step: list[list[int | None]] = []
        # rays[i]: for each direction, the sites from i outwards to the edge (i excluded).
        self.rays: list[list[list[int]]] = []
        # orthogonal[i]: the on-board neighbours of i (fewer than four on the edge).
        self.orthogonal: list[list[int]] = []
        for i in range(self.size):
            c, r = i % n, i // n
            steps, rays = [], []
            for dc, dr in self.DIRECTIONS:
                steps.append(self.at(c + dc, r + dr))
                ray, k = [], 1
                while self.at(c + k * dc, r + k * dr) is not None:
                    ray.append(self.at(c + k * dc, r + k * dr))
                    k += 1
                rays.append(ray)
            self.step.append(steps)
            self.rays.append(rays)
            self.orthogonal.append([s for s in steps if s is not None])
        # The pairs (Y, Z) looked at after a move to X: Y next to X, Z beyond Y the same way.
        self.flanks: list[list[tuple[int, int]]] = []
        for i in range(self.size):
            pairs = []
            for d in range(4):
                y = self.step[i][d]
                if y is None:
                    continue
                z = self.step[y][d]
                if z is None:
                    continue  # a square off the board is not hostile
                pairs.append((y, z))
            self.flanks.append(pairs)

    def at(self, column: int, row: int) -> int | None:
        if 0 <= column < self.n and 0 <= row < self.n:
            return row * self.n + column
        return None

    def site(self, label: str) -> int:
        site = self.by_label.get(label)
        if site is None:
            raise ModelError(f"`{label}` is not a square of this board")
        return site


class State:
    """A position: `cells[i]` is EMPTY, ATTACKER, DEFENDER (a defending soldier) or KING; the
    player to move (1 Attackers, 2 Defenders); the outcome once the game is over, ("win", player)
    or ("draw", None), and how it ended (`reason`: corner, capture, blocked, limit); the counts of
    CLI.md (turns begun, actions applied: the same here, one action a turn); the king's square."""

    __slots__ = ("cells", "to_move", "outcome", "reason", "turns", "actions", "king")

    def __init__(self, cells: list[int], to_move: int = 1, turns: int = 0):
        self.cells = cells
        self.to_move = to_move
        self.outcome: tuple[str, int | None] | None = None
        self.reason: str | None = None
        self.turns = turns
        self.actions = 0
        self.king = cells.index(KING) if KING in cells else None

    def copy(self) -> State:
        other = State.__new__(State)
        other.cells = self.cells[:]
        other.to_move, other.outcome, other.reason = self.to_move, self.outcome, self.reason
        other.turns, other.actions, other.king = self.turns, self.actions, self.king
        return other


class Tafl:
    """One of the two games: RULINGS.md's rules on its board, with its setup and turn limit."""

    def __init__(self, name: str, n: int, attackers: str, defenders: str, king: str, limit: int):
        self.name = name
        self.board = Board(n)
        self.limit = limit
        self.setup_attackers = attackers.split()
        self.setup_defenders = defenders.split()
        self.setup_king = king

    # Positions --------------------------------------------------------------------------------

    def start(self) -> State:
        return self.position(self.setup_attackers, self.setup_defenders, self.setup_king)

    def position(
        self, attackers: list[str], defenders: list[str], king: str | None, to_move: int = 1, turns: int = 0
    ) -> State:
        """A position set by hand (for tests): the Attackers' soldiers, the Defenders' soldiers,
        the king's square (None: no king), the player to move and the turns already played.
        Soldiers may not stand on restricted squares. The outcome is not examined: the player to
        move is assumed to have a move."""
        b = self.board
        cells = [EMPTY] * b.size
        for labels, value in ((attackers, ATTACKER), (defenders, DEFENDER), ([king] if king else [], KING)):
            for label in labels:
                site = b.site(label)
                if cells[site] != EMPTY:
                    raise ModelError(f"two pieces on `{label}`")
                if value != KING and b.restricted[site]:
                    raise ModelError(f"a soldier on the restricted square `{label}`")
                cells[site] = value
        return State(cells, to_move, turns)

    # Moves ------------------------------------------------------------------------------------

    def moves(self, state: State) -> list[tuple[int, int]]:
        """The legal moves (from, to) of the player to move, none once the game is over.
        RULINGS.md, Moves: along a row or column over empty squares only, to an empty square;
        only the king may stop on a restricted square; any piece may pass over the empty throne
        (corners lie at the ends of lines, so nothing passes over them)."""
        if state.outcome is not None:
            return []
        cells, b = state.cells, self.board
        me = state.to_move
        restricted = b.restricted
        found = []
        for i in range(b.size):
            v = cells[i]
            if v == EMPTY or SIDE[v] != me:
                continue
            king = v == KING
            for ray in b.rays[i]:
                for t in ray:
                    if cells[t] != EMPTY:
                        break
                    if restricted[t] and not king:
                        continue  # passes over the empty throne; cannot stop there
                    found.append((i, t))
        return found

    def has_move(self, cells: list[int], me: int) -> bool:
        """Whether player `me` has any legal move in `cells`."""
        b = self.board
        restricted = b.restricted
        for i in range(b.size):
            v = cells[i]
            if v == EMPTY or SIDE[v] != me:
                continue
            king = v == KING
            for ray in b.rays[i]:
                for t in ray:
                    if cells[t] != EMPTY:
                        break
                    if restricted[t] and not king:
                        continue
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
            raise ModelError(f"`{action}` is not legal here ({PLAYERS[state.to_move - 1]} to move)")
        return self.play(state, move)

    def play(self, state: State, move: tuple[int, int]) -> State:
        """The state after a legal move (not checked)."""
        b = self.board
        after = state.copy()
        cells = after.cells
        frm, to = move
        me = after.to_move
        piece = cells[frm]
        cells[frm] = EMPTY
        cells[to] = piece
        if piece == KING:
            after.king = to
        after.turns += 1
        after.actions += 1
        # Capturing soldiers: custodial and active, around the square moved to only.
        enemy_soldier = DEFENDER if me == 1 else ATTACKER
        throne = b.throne
        for y, z in b.flanks[to]:
            if cells[y] != enemy_soldier:
                continue
            cz = cells[z]
            if (cz != EMPTY and SIDE[cz] == me) or b.is_corner[z] or (z == throne and cz == EMPTY):
                cells[y] = EMPTY
        # The end: winning conditions first.
        king = after.king
        if me == 2:
            if piece == KING and b.is_corner[to]:
                after.outcome, after.reason = ("win", 2), "corner"
        elif king is not None and to in b.orthogonal[king]:
            around = b.orthogonal[king]
            if len(around) == 4 and all(cells[s] == ATTACKER or (s == throne and cells[s] == EMPTY) for s in around):
                after.outcome, after.reason = ("win", 1), "capture"
        after.to_move = 3 - me
        if after.outcome is None:
            if BLOCKED_BEFORE_LIMIT and not self.has_move(cells, after.to_move):
                after.outcome, after.reason = ("win", me), "blocked"
            elif after.turns >= self.limit:
                after.outcome, after.reason = ("draw", None), "limit"
            elif not self.has_move(cells, after.to_move):
                after.outcome, after.reason = ("win", me), "blocked"
        return after

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
            "attackers": [labels[i] for i, v in enumerate(state.cells) if v == ATTACKER],
            "defenders": [labels[i] for i, v in enumerate(state.cells) if v == DEFENDER],
            "king": labels[state.king] if state.king is not None else None,
        }

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


GAMES = {
    "brandubh": lambda: Tafl("brandubh", 7, "d1 d2 d6 d7 a4 b4 f4 g4", "d3 d5 c4 e4", "d4", 200),
    "hnefatafl": lambda: Tafl(
        "hnefatafl",
        11,
        "d1 e1 f1 g1 h1 f2 d11 e11 f11 g11 h11 f10 a4 a5 a6 a7 a8 b6 k4 k5 k6 k7 k8 j6",
        "f4 e5 f5 g5 d6 e6 g6 h6 e7 f7 g7 f8",
        "f6",
        400,
    ),
}


def new_game(name: str) -> Tafl:
    if name not in GAMES:
        raise ModelError(f"unknown game `{name}` (one of: {', '.join(GAMES)})")
    return GAMES[name]()


def split_actions(text: str) -> list[str]:
    """Actions separated by white space; `;` between turns is allowed as in `tabula moves
    --after` (every action here is a whole turn)."""
    return [a for a in text.replace(";", " ").split()]


def play_all(game: Tafl, actions: list[str], state: State | None = None) -> State:
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
    action illegal in the model, a line that is not one whole turn (one move), a game that goes
    on after the model ended it or ends before the model does, or a result comment that the
    model's outcome, turn or action count contradicts."""
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
            # The file's own name for the game or variant is not known to the model; only the
            # other game's name is a mismatch.
            named = rest.strip().strip('"').lower()
            if named in GAMES and named != game_name:
                problems.append(f"line {number}: the record is for {named}, the model was given {game_name}")
                break
            continue
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
        if len(actions) != 1:
            problems.append(f"line {number}: a turn is one move, the line has {len(actions)} actions")
            break
        try:
            state = game.apply(state, actions[0])
        except ModelError as e:
            problems.append(f"line {number}: {e}")
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
        sites = [{"label": b.labels[i], "orthogonal": sorted(b.labels[t] for t in b.orthogonal[i])} for i in range(b.size)]
        print(
            json.dumps(
                {
                    "sites": sites,
                    "throne": b.labels[b.throne],
                    "corners": [b.labels[c] for c in b.corners],
                    "start": game.pieces(game.start()),
                    "turn_limit": game.limit,
                },
                sort_keys=True,
            )
        )
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
        print(f"tafl.py: {e}", file=sys.stderr)
        status = 2
    except BrokenPipeError:
        # A reader that goes away (`| head`) ends the command quietly, as in CLI.md.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    except KeyboardInterrupt:
        status = 130
    sys.exit(status)
