"""Which Tabula game plays which OpenSpiel game, and how their moves are written in one text.

A *pairing* names an OpenSpiel game (with its parameters) and a Tabula file (with its variant and
options) that play by the same rules, and says how to write a move of either side in a common
text: Tabula's action text (``c3``, ``c3-d4``, ``e7-e8=Q``, ``pass``) unless a pairing says
otherwise. The lock-step referee (``lockstep.py``) compares the two sides through these texts
only, so a mapping is the whole of what it assumes; docs/REFEREE.md lists them in one table.

OpenSpiel numbers its players from 0 in its own order; ``players[p]`` is the OpenSpiel player of
Tabula's player ``p``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pyspiel

ROOT = Path(__file__).resolve().parents[3]
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def label(column: int, row: int) -> str:
    """Tabula's label of a square grid's site: column letter, row number from 1 at the bottom."""
    return f"{LETTERS[column]}{row + 1}"


@dataclass(frozen=True)
class Pairing:
    """One game as both engines play it."""

    name: str
    openspiel: str
    tabula: str
    params: dict = field(default_factory=dict)
    variant: str | None = None
    options: dict = field(default_factory=dict)
    players: tuple[int, ...] = (0, 1)
    # OpenSpiel's legal moves in the common text: {text: [actions]}. Most games make one
    # OpenSpiel action a move; Amazons makes two of them one of Tabula's.
    openspiel_moves: Callable[[pyspiel.State], dict[str, list[int]]] | None = None
    openspiel_text: Callable[[pyspiel.State, int], str] | None = None
    tabula_text: Callable[[str], str] = lambda text: text
    # Random games at this count in CI, perft at this depth (both chosen to take seconds).
    games: int = 200
    perft_depth: int = 3
    # Compare whole turns of Tabula's, their actions' texts joined by a space (`c3 swcw`), with
    # OpenSpiel's single actions: Pentago's placement and twist are one action there.
    tabula_turns: bool = False
    # Moves OpenSpiel lists but cannot make: a random game stops when both sides offer only
    # one of them, counted apart (Quoridor's pass).
    unplayable: frozenset = frozenset()
    # OpenSpiel's returns in Tabula's terms, where the two differ: Tabula gives +1 to the winners
    # and -1 to the others; some of OpenSpiel's games for more than two pay the winner n - 1.
    openspiel_returns: Callable[[list[float]], list[float]] = lambda returns: returns
    # What the two positions show differently beyond the moves, if anything (TwixT's links,
    # which the rules make and no move names): a text for the report, or None.
    compare_positions: Callable[[object, pyspiel.State], str | None] | None = None

    def load_openspiel(self) -> pyspiel.Game:
        return pyspiel.load_game(self.openspiel, self.params)

    def load_tabula(self):
        import tabula

        return tabula.load(ROOT / self.tabula, variant=self.variant, options=self.options)

    def moves(self, state: pyspiel.State) -> dict[str, list[int]]:
        """OpenSpiel's legal moves, each under its common text."""
        if self.openspiel_moves is not None:
            return self.openspiel_moves(state)
        moves: dict[str, list[int]] = {}
        for action in state.legal_actions():
            text = self.openspiel_text(state, action)
            if text in moves:
                raise ValueError(f"{self.name}: two OpenSpiel actions are written {text!r}")
            moves[text] = [action]
        return moves


# Cells numbered row by row (``r * n + c``), each engine's row 0 at its own edge: OpenSpiel's at the
# top, Tabula's at the bottom. Writing OpenSpiel's row r as Tabula's row r reflects the board
# top to bottom, which keeps every line, group and side of these games.
def grid_text(columns: int) -> Callable[[pyspiel.State, int], str]:
    return lambda state, action: label(action % columns, action // columns)


def connect_four_text(state: pyspiel.State, action: int) -> str:
    """OpenSpiel's action is a column; Tabula's the cell the disc comes to rest on."""
    return LETTERS[action]


def own_text(state: pyspiel.State, action: int) -> str:
    """OpenSpiel's own text, which writes cells as Tabula labels them (Hex, Y, Othello)."""
    return state.action_to_string(state.current_player(), action)


def move_text(state: pyspiel.State, action: int) -> str:
    """``a5b5`` → ``a5-b5`` (Clobber, checkers: both label a1 at the bottom left)."""
    text = state.action_to_string(state.current_player(), action)
    return f"{text[:2]}-{text[2:]}"


def flipped_move_text(rows: int) -> Callable[[pyspiel.State, int], str]:
    """Breakthrough: OpenSpiel's first player starts at the top, Tabula's at the bottom, so rank
    k is rank rows + 1 − k. ``c7c6*`` → ``c2-c3``. (Ranks of two digits do not occur on the
    boards paired here.)"""

    def text(state: pyspiel.State, action: int) -> str:
        move = state.action_to_string(state.current_player(), action).rstrip("*")
        return f"{move[0]}{rows + 1 - int(move[1:-2])}-{move[-2]}{rows + 1 - int(move[-1])}"

    return text


def capture_text(state: pyspiel.State, action: int) -> str:
    """Lines of Action: ``c1xa3`` (a capture) and ``b1-b3`` → ``c1-a3``, ``b1-b3``; both label
    a1 at the bottom left, and both start Black on the first and last rows."""
    return state.action_to_string(state.current_player(), action).replace("x", "-")


def pentago_text(state: pyspiel.State, action: int) -> str:
    """``a1t`` → ``a1 swccw``: the cell, then the quadrant and the way it turns. OpenSpiel's letter
    ``s``–``z`` is 2 × quadrant + way, quadrants in the order south-west, south-east, north-east,
    north-west of Tabula's board (both label a1 alike), way 1 being clockwise with OpenSpiel's
    rows counted downwards: counterclockwise seen from above with row 1 at the bottom."""
    text = state.action_to_string(state.current_player(), action)
    r = ord(text[-1]) - ord("s")
    quadrant = ["sw", "se", "ne", "nw"][r >> 1]
    way = "ccw" if r & 1 else "cw"
    return f"{text[:-1]} {quadrant}{way}"


def chess_text(state: pyspiel.State, action: int) -> str:
    """Long algebraic notation: ``e2e4`` → ``e2-e4``, ``e7e8q`` → ``e7-e8=Q``; castling is the
    king's move two squares in both."""
    lan = pyspiel.chess.action_to_move(action, state.board()).to_lan()
    text = f"{lan[:2]}-{lan[2:4]}"
    return text + f"={lan[4].upper()}" if len(lan) == 5 else text


def crazyhouse_text(state: pyspiel.State, action: int) -> str:
    """As chess's (long algebraic notation), and a drop as both write it: ``P@e4``."""
    lan = pyspiel.crazyhouse.action_to_move(action, state.board()).to_lan()
    if "@" in lan:
        return lan
    text = f"{lan[:2]}-{lan[2:4]}"
    return text + f"={lan[4].upper()}" if len(lan) == 5 else text


def fen_squares(fen: str) -> dict[str, str]:
    """The pieces of a FEN's board by square (``{"e1": "K", "e8": "k", ...}``)."""
    squares: dict[str, str] = {}
    for r, row in enumerate(fen.split()[0].split("/")):
        column = 0
        for c in row:
            if c.isdigit():
                column += int(c)
            else:
                squares[label(column, 7 - r)] = c
                column += 1
    return squares


def antichess_text(state: pyspiel.State, action: int) -> str:
    """OpenSpiel's antichess has no board object in Python and names moves in SAN: the move is
    read off the boards before and after it (its FENs). The square the mover's piece left is
    the origin, the square where a piece of his now stands that did not before is the
    destination (en passant also empties the taken pawn's square, which is neither), and a
    pawn that arrives as another piece is promoted: ``e7-e8=K``."""
    mover_is_white = state.to_string().split()[1] == "w"
    before, after = fen_squares(state.to_string()), fen_squares(state.child(action).to_string())
    own = str.isupper if mover_is_white else str.islower
    (origin,) = [sq for sq, p in before.items() if own(p) and sq not in after]
    (target,) = [sq for sq, p in after.items() if own(p) and before.get(sq) != p]
    text = f"{origin}-{target}"
    if before[origin].lower() == "p" and after[target].lower() != "p":
        text += f"={after[target].upper()}"
    return text


def star_labels() -> list[str]:
    """OpenSpiel's Chinese checkers holes 0…120, row by row from the top of the star (rows of
    1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1 holes, two columns apart and
    centred), as labels of Tabula's 25 × 17 grid: column letter, row 17 at the top."""
    widths = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
    return [label(12 - (w - 1) + 2 * k, 16 - r) for r, w in enumerate(widths) for k in range(w)]


STAR = star_labels()


def chinese_checkers_text(state: pyspiel.State, action: int) -> str:
    """``3=>14`` (a hop) and ``6->14`` (a step) → ``k15-i13``; OpenSpiel's ``Pass`` stops a chain
    of hops, Tabula's ``end``, and is a blocked player's ``pass`` otherwise."""
    text = state.action_to_string(state.current_player(), action)
    if text == "Pass":
        return "end" if "hopping from" in str(state) else "pass"
    source, target = text.replace("=>", "->").split("->")
    return f"{STAR[int(source)]}-{STAR[int(target)]}"


def winner_takes_one(returns: list[float]) -> list[float]:
    """OpenSpiel's Chinese checkers pays the winner n - 1 and every other player -1, so that
    the returns add up to 0; Tabula's are +1 and -1."""
    return [float((r > 0) - (r < 0)) for r in returns]


def xiangqi_text(state: pyspiel.State, action: int) -> str:
    """Action ``from * 90 + to``, points numbered row by row from Black's back rank (row 0) to
    Red's (row 9): OpenSpiel's row r is Tabula's rank 10 − r, so ``S(6,0)-(5,0)`` → ``a4-a5``.
    Both start Red, at the bottom of Tabula's board."""
    source, target = divmod(action, 90)
    return f"{label(source % 9, 9 - source // 9)}-{label(target % 9, 9 - target // 9)}"


SHOGI_PROMOTED = {"P": "T", "L": "A", "N": "E", "S": "Z", "B": "H", "R": "D"}


def shogi_square(text: str) -> str:
    """A square in OpenSpiel's shogi notation (file 9 to 1 from Black's left, rank ``a`` at
    White's side to ``i`` at Black's), ``7g``, as Tabula labels it: file 9 is column a, rank i
    is row 1, so ``7g`` is ``c3``."""
    return label(9 - int(text[0]), ord("i") - ord(text[1]))


def shogi_text(state: pyspiel.State, action: int) -> str:
    """``7g7f`` → ``c3-c4``; a promotion ``8h2b+`` names the kind the piece becomes, by its
    letter in games/shogi.game (a bishop becomes a horse: ``b2-h8=H``); a drop ``P*5e`` →
    ``P@e5``. The moving piece's kind is read off the position's SFEN."""
    text = state.action_to_string(state.current_player(), action)
    if "*" in text:
        kind, square = text.split("*")
        return f"{kind}@{shogi_square(square)}"
    move = f"{shogi_square(text[:2])}-{shogi_square(text[2:4])}"
    if not text.endswith("+"):
        return move
    kind = sfen_squares(state.to_string())[shogi_square(text[:2])]
    return f"{move}={SHOGI_PROMOTED[kind.upper()]}"


def sfen_squares(sfen: str) -> dict[str, str]:
    """The pieces of an SFEN's board by Tabula's square (``{"e1": "K", "b8": "r", ...}``),
    a promoted piece with its ``+``."""
    squares: dict[str, str] = {}
    for r, row in enumerate(sfen.split()[0].split("/")):
        column, promoted = 0, ""
        for c in row:
            if c.isdigit():
                column += int(c)
            elif c == "+":
                promoted = "+"
            else:
                squares[label(column, 8 - r)] = promoted + c
                column, promoted = column + 1, ""
    return squares


def ultimate_moves(state: pyspiel.State) -> dict[str, list[int]]:
    """OpenSpiel plays a free choice of small board as two actions (``Choose local board 4``,
    then ``Local board 4: x(0,1)``), Tabula as one placement. Small boards are numbered row by
    row from the top, and so are the cells of each: OpenSpiel's board k, cell c is Tabula's
    column 3·(k mod 3) + c mod 3, row 9 − (3·(k div 3) + c div 3)."""

    def square(board: int, cell: int) -> str:
        return label(3 * (board % 3) + cell % 3, 8 - (3 * (board // 3) + cell // 3))

    forced = str(state).rsplit("Forced board: ", 1)[1].strip()
    if forced != "any":
        return {square(int(forced), cell): [cell] for cell in state.legal_actions()}
    return {
        square(board, cell): [board, cell]
        for board in state.legal_actions()
        for cell in state.child(board).legal_actions()
    }


def go_text(size: int) -> Callable[[pyspiel.State, int], str]:
    """Point ``r * n + c``, 0 = a1 (OpenSpiel's integers keep the letter I, its text skips it);
    ``n * n`` is the pass."""

    def text(state: pyspiel.State, action: int) -> str:
        return "pass" if action == size * size else label(action % size, action // size)

    return text


def amazons_moves(size: int) -> Callable[[pyspiel.State], dict[str, list[int]]]:
    """OpenSpiel plays a turn as three actions (the amazon, where it goes, where it shoots),
    Tabula as two (the move ``a4-a7``, then the arrow ``b8``). At the move, each of OpenSpiel's
    pairs (amazon, destination) is one move; the arrow is one action in both. Squares are
    numbered row by row from the top."""

    def square(action: int) -> str:
        return label(action % size, size - 1 - action // size)

    def moves(state: pyspiel.State) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for action in state.legal_actions():
            if "From" not in state.action_to_string(state.current_player(), action):
                out[square(action)] = [action]
                continue
            after = state.child(action)
            for to in after.legal_actions():
                out[f"{square(action)}-{square(to)}"] = [action, to]
        return out

    return moves


# Nine Men's Morris: OpenSpiel's points 0…23 read row by row from the top of its drawing; each is
# the Tabula label of the same point of the 7×7 grid (a1 at the bottom left).
MORRIS_POINTS = (
    "a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1".split()
)


def morris_text(state: pyspiel.State, action: int) -> str:
    """``Point 3`` → ``b6`` (a placement), or ``xb6`` when the last move made a mill (the man
    taken); ``Move 0 -> 1`` → ``a7-d7``, whether the man steps or flies."""
    if action < 24:
        taking = "Capture time!" in str(state)
        return ("x" if taking else "") + MORRIS_POINTS[action]
    source, dest = divmod(action - 24, 24)
    return f"{MORRIS_POINTS[source]}-{MORRIS_POINTS[dest]}"


def morris_tabula(text: str) -> str:
    """A man that flies is relocated in Tabula, ``a7>c3``: one move text for both."""
    return text.replace(">", "-")


def dots_and_boxes_text(columns: int, rows: int) -> Callable[[pyspiel.State, int], str]:
    """A line, as the point halfway along it on the grid of dots and midpoints: OpenSpiel numbers
    the lines across row by row (``row * columns + column``), then the upright ones (``row *
    (columns + 1) + column``), rows from the top. Writing OpenSpiel's row r as Tabula's row r
    from the bottom reflects the board top to bottom, which keeps every box."""

    def text(state: pyspiel.State, action: int) -> str:
        across = (rows + 1) * columns
        if action < across:
            row, column = divmod(action, columns)
            return label(2 * column + 1, 2 * row)
        row, column = divmod(action - across, columns + 1)
        return label(2 * column, 2 * row + 1)

    return text


# Kalah: OpenSpiel's board indices 0…13 go round counterclockwise from North's store, South's
# pits 1–6 and store 7, North's pits 8–13; each is the Tabula label of the same pit.
KALAH_PITS = "a2 b1 c1 d1 e1 f1 g1 h2 g3 f3 e3 d3 c3 b3".split()


def kalah_text(state: pyspiel.State, action: int) -> str:
    """A pit's index → its label: ``1`` → ``b1``, ``13`` → ``b3``."""
    return KALAH_PITS[action]


# Oware: OpenSpiel's houses 0…11 go round counterclockwise from South's leftmost; a player's
# action 0…5 is his house 6 × player + action.
OWARE_HOUSES = "b1 c1 d1 e1 f1 g1 g3 f3 e3 d3 c3 b3".split()


def oware_text(state: pyspiel.State, action: int) -> str:
    """Player 0's ``A``…``F`` → ``b1``…``g1``; player 1's ``a``…``f`` → ``g3``…``b3``."""
    return OWARE_HOUSES[6 * state.current_player() + action]


def quoridor_tabula(text: str) -> str:
    """``e9-e8`` → ``e8``: OpenSpiel names a pawn's move by the cell it reaches."""
    return text.split("-")[-1]


def quoridor_board(state: pyspiel.State) -> dict[tuple[int, int], str]:
    """OpenSpiel's Quoridor board read off its text, by point of its fine grid (x, y): a pawn
    `0 @ # %` (players 0 to 3) or `.` on a cell, `|` `-` `+` or a space between cells. A row of
    cells is its number in two characters, then three characters a cell and one a groove; a row
    of grooves two spaces, then the same widths."""
    lines = [line for line in str(state).split("\n")[2:] if line[:2].strip().isdigit() or line.startswith("  ")]
    board: dict[tuple[int, int], str] = {}
    for y, line in enumerate(lines):
        for x in range(len(line) // 4 * 2):
            at = 2 + (x // 2) * 4 + (1 if x % 2 == 0 else 3)
            board[(x, y)] = line[at] if at < len(line) else " "
    return board


def quoridor_moves(state: pyspiel.State) -> dict[str, list[int]]:
    """OpenSpiel's own text, each cell once: with more than two pawns OpenSpiel may list a
    cell twice, as a step beside one pawn and as a jump over another (two actions that make
    the same move). A player with no move is given the action numbered by his pawn's own point,
    which OpenSpiel reads as a move and cannot apply: it is `pass`, where the game stops
    (``unplayable``). OpenSpiel numbers a move by the point it would reach from its third point
    of its third row, so that pass reads as a move only for a pawn in the top-left cells; then
    it is a pass unless the step it reads as is open."""
    diameter = 2 * int(state.get_game().get_parameters()["board_size"]) - 1
    legal = state.legal_actions()
    if len(legal) == 1:
        board = quoridor_board(state)
        mark = "0@#%"[state.current_player()]
        (x, y) = next(point for point, c in board.items() if c == mark)
        if legal[0] == y * diameter + x:
            dx, dy = x - 2, y - 2
            step_open = (dx == 0) != (dy == 0) and board.get((x + dx // 2, y + dy // 2)) == " "
            if not step_open:
                return {"pass": legal}
    moves: dict[str, list[int]] = {}
    for action in legal:
        moves.setdefault(state.action_to_string(state.current_player(), action), [action])
    return moves


def quoridor_returns(order: tuple[int, ...]) -> Callable[[list[float]], list[float]]:
    """OpenSpiel's Quoridor for more than two numbers its players in its own way (player 2 is
    the third to move with three or four) but indexes its returns by turn: the returns put under
    the players' numbers, each by sign (the others share -1 there)."""

    def returns(by_turn: list[float]) -> list[float]:
        out = [0.0] * len(by_turn)
        for turn, player in enumerate(order):
            out[player] = float((by_turn[turn] > 0) - (by_turn[turn] < 0))
        return out

    return returns


def twixt_text(state: pyspiel.State, action: int) -> str:
    """OpenSpiel numbers a hole ``x × size + y``, x its column and y its row from the bottom,
    as Tabula's (it prints row y as size − y, so its labels differ, its holes not). On the
    second move the number of Red's first hole is Black's swap."""
    if state.history() == [action]:
        return "swap"
    n = int(state.get_game().get_parameters()["board_size"])
    return label(action // n, action % n)


# The links OpenSpiel records at a peg, in the order of its observation planes: to the hole
# (dx, dy) away, east of it, so that each link is recorded once.
TWIXT_LINKS = ((1, 2), (2, 1), (2, -1), (1, -2))


def twixt_openspiel_links(state: pyspiel.State) -> dict[str, set[str]]:
    """Each player's links as Tabula labels them (`c3/d5`, the lower hole first), read off
    OpenSpiel's observation: 12 planes of size × (size − 2), six a player; on planes 1 to 4 of
    a player's six, his pegs with a link that way. Red's pegs are laid out as (size − 1 − y,
    x − 1), Black's turned, as (size − 1 − x, size − 2 − y)."""
    n = int(state.get_game().get_parameters()["board_size"])
    tensor = state.observation_tensor(0)
    plane = n * (n - 2)
    out: dict[str, set[str]] = {"Red": set(), "Black": set()}
    for player, name in ((0, "Red"), (1, "Black")):
        for d, (dx, dy) in enumerate(TWIXT_LINKS):
            base = (6 * player + 1 + d) * plane
            for i in range(n):
                for j in range(n - 2):
                    if tensor[base + i * (n - 2) + j] == 0:
                        continue
                    x, y = (j + 1, n - 1 - i) if player == 0 else (n - 1 - i, n - 2 - j)
                    ends = sorted([(y, x), (y + dy, x + dx)])
                    out[name].add("/".join(label(c, r) for r, c in ends))
    return out


def twixt_tabula_links(state) -> dict[str, set[str]]:
    """Each player's links, from the lines under Tabula's text board: ``R Red links: c3/d5
    ...``, continued on lines that begin with four spaces."""
    out: dict[str, set[str]] = {"Red": set(), "Black": set()}
    current = None
    for line in str(state).split("\n"):
        if " links:" in line:
            head, rest = line.split(" links:", 1)
            current = head.split()[-1]
            out[current].update(rest.split())
        elif current and line.startswith("    "):
            out[current].update(line.split())
        else:
            current = None
    return out


def twixt_compare(tabula_state, state: pyspiel.State) -> str | None:
    ours, theirs = twixt_tabula_links(tabula_state), twixt_openspiel_links(state)
    for name in ("Red", "Black"):
        if ours[name] != theirs[name]:
            only_ours = sorted(ours[name] - theirs[name])
            only_theirs = sorted(theirs[name] - ours[name])
            return f"{name}'s links: only Tabula's {only_ours}, only OpenSpiel's {only_theirs}"
    return None


def connect_four_tabula(text: str) -> str:
    return text[0]


PAIRINGS: dict[str, Pairing] = {
    p.name: p
    for p in [
        Pairing(
            "tic-tac-toe",
            "tic_tac_toe",
            "games/tic-tac-toe.game",
            openspiel_text=grid_text(3),
            perft_depth=9,
        ),
        Pairing(
            "connect-four",
            "connect_four",
            "games/connect-four.game",
            openspiel_text=connect_four_text,
            tabula_text=connect_four_tabula,
            perft_depth=7,
        ),
        Pairing("hex", "hex", "games/hex.game", params={"board_size": 11}, openspiel_text=own_text),
        Pairing(
            "hex-7-swap",
            "hex",
            "games/hex.game",
            params={"board_size": 7, "swap": True},
            variant="Swap",
            options={"size": 7},
            # Both write the second player's swap as `swap`.
            openspiel_text=own_text,
        ),
        Pairing("y", "y", "games/y.game", params={"board_size": 13}, openspiel_text=own_text),
        # OpenSpiel's cell (x, y) of its 15×15 grid is written `a1`…`o15` as Tabula labels the
        # hexhex (the board reflected top to bottom, which keeps every ring, corner and side).
        Pairing(
            "havannah",
            "havannah",
            "games/havannah.game",
            params={"board_size": 8},
            openspiel_text=own_text,
            perft_depth=2,
        ),
        Pairing(
            "havannah-4",
            "havannah",
            "games/havannah.game",
            params={"board_size": 4},
            options={"base": 4},
            openspiel_text=own_text,
            perft_depth=3,
            games=400,
        ),
        Pairing("reversi", "othello", "games/reversi.game", openspiel_text=own_text, perft_depth=7),
        Pairing(
            "breakthrough",
            "breakthrough",
            "games/breakthrough.game",
            openspiel_text=flipped_move_text(8),
            perft_depth=4,
        ),
        Pairing(
            "breakthrough-5",
            "breakthrough",
            "games/breakthrough.game",
            params={"rows": 5, "columns": 5},
            options={"size": 5, "rows-of-pawns": 1},
            openspiel_text=flipped_move_text(5),
            perft_depth=6,
        ),
        Pairing("clobber", "clobber", "games/clobber.game", openspiel_text=move_text, perft_depth=4),
        Pairing(
            "amazons",
            "amazons",
            "games/amazons.game",
            openspiel_moves=amazons_moves(10),
            perft_depth=3,
        ),
        Pairing(
            "english-draughts",
            "checkers",
            "games/english-draughts.game",
            options={"openspiel": True},
            openspiel_text=move_text,
            perft_depth=8,
        ),
        Pairing(
            "chess",
            "chess",
            "games/chess.game",
            players=(1, 0),
            openspiel_text=chess_text,
            perft_depth=4,
        ),
        Pairing(
            "antichess",
            "antichess",
            "games/antichess.game",
            options={"openspiel": True},
            players=(1, 0),
            openspiel_text=antichess_text,
            perft_depth=3,
        ),
        Pairing(
            "crazyhouse",
            "crazyhouse",
            "games/crazyhouse.game",
            players=(1, 0),
            openspiel_text=crazyhouse_text,
            perft_depth=4,
        ),
        Pairing(
            "xiangqi",
            "xiangqi",
            "games/xiangqi.game",
            options={"openspiel": True},
            openspiel_text=xiangqi_text,
            perft_depth=3,
        ),
        Pairing(
            "shogi",
            "shogi",
            "games/shogi.game",
            options={"openspiel": True},
            openspiel_text=shogi_text,
            perft_depth=3,
        ),
        # OpenSpiel writes a pawn's move by the cell it reaches (`e8`, a jump too) and a wall by
        # its first groove (`a1h`, `a1v`), its rows numbered from its top row, where player 0
        # starts: Tabula's board reflected top to bottom, labels and all.
        Pairing(
            "quoridor",
            "quoridor",
            "games/quoridor.game",
            unplayable=frozenset({"pass"}),
            options={"openspiel": True},
            openspiel_moves=quoridor_moves,
            tabula_text=quoridor_tabula,
            perft_depth=3,
        ),
        Pairing(
            "quoridor-5",
            "quoridor",
            "games/quoridor.game",
            unplayable=frozenset({"pass"}),
            params={"board_size": 5, "wall_count": 3},
            options={"size": 5, "walls": 3, "openspiel": True},
            openspiel_moves=quoridor_moves,
            tabula_text=quoridor_tabula,
            perft_depth=4,
            games=400,
        ),
        # With three, OpenSpiel's players 0, 2, 1 move in that order, from the top, the left
        # and the bottom of its board; with four, 0, 2, 1, 3, the fourth from the right
        # (Tabula's top is its row 1 reflected).
        *(
            Pairing(
                f"quoridor-{len(order)}",
                "quoridor",
                f"games/variants/quoridor-{len(order)}.game",
                unplayable=frozenset({"pass"}),
                params={"players": len(order)},
                options={"walls": 10, "openspiel": True},
                players=order,
                openspiel_moves=quoridor_moves,
                tabula_text=quoridor_tabula,
                openspiel_returns=quoridor_returns(order),
                perft_depth=3,
            )
            for order in ((0, 2, 1), (0, 2, 1, 3))
        ),
        # OpenSpiel's default board, 8 × 8, with the links compared at every position; and its
        # smallest, where they are not: OpenSpiel keeps the shape of the first TwixT
        # observation a process makes for every board size after it.
        *(
            Pairing(
                name,
                "twixt",
                "games/twixt.game",
                params={"board_size": size, "ansi_color_output": False},
                options={"size": size},
                openspiel_text=twixt_text,
                compare_positions=compare,
                perft_depth=depth,
            )
            for name, size, compare, depth in (("twixt", 8, twixt_compare, 3), ("twixt-5", 5, None, 4))
        ),
        Pairing(
            "chinese-checkers",
            "chinese_checkers",
            "games/chinese-checkers.game",
            openspiel_text=chinese_checkers_text,
            perft_depth=3,
            games=100,
        ),
        *(
            Pairing(
                f"chinese-checkers-{n}",
                "chinese_checkers",
                f"games/variants/chinese-checkers-{n}.game",
                params={"players": n},
                players=tuple(range(n)),
                openspiel_text=chinese_checkers_text,
                openspiel_returns=winner_takes_one,
                perft_depth=3,
            )
            for n in (3, 4, 6)
        ),
        Pairing(
            "ultimate-tic-tac-toe",
            "ultimate_tic_tac_toe",
            "games/ultimate-tic-tac-toe.game",
            openspiel_moves=ultimate_moves,
            perft_depth=3,
        ),
        Pairing(
            "lines-of-action",
            "lines_of_action",
            "games/lines-of-action.game",
            options={"openspiel": True},
            openspiel_text=capture_text,
            perft_depth=3,
        ),
        Pairing(
            "pentago",
            "pentago",
            "games/pentago.game",
            options={"openspiel": True},
            openspiel_text=pentago_text,
            tabula_turns=True,
            perft_depth=2,
        ),
        Pairing(
            "nine-mens-morris",
            "nine_mens_morris",
            "games/nine-mens-morris.game",
            options={"openspiel": True},
            openspiel_text=morris_text,
            tabula_text=morris_tabula,
            perft_depth=5,
        ),
        Pairing(
            "dots-and-boxes",
            "dots_and_boxes",
            "games/dots-and-boxes.game",
            params={"num_rows": 3, "num_cols": 3},
            openspiel_text=dots_and_boxes_text(3, 3),
            perft_depth=4,
        ),
        Pairing(
            "dots-and-boxes-2x4",
            "dots_and_boxes",
            "games/dots-and-boxes.game",
            params={"num_rows": 2, "num_cols": 4},
            options={"width": 4, "height": 2},
            openspiel_text=dots_and_boxes_text(4, 2),
            perft_depth=4,
        ),
        Pairing(
            "kalah",
            "mancala",
            "games/kalah.game",
            openspiel_text=kalah_text,
            perft_depth=6,
        ),
        Pairing(
            "oware",
            "oware",
            "games/oware.game",
            openspiel_text=oware_text,
            perft_depth=5,
        ),
        Pairing(
            "go",
            "go",
            "games/go.game",
            params={"board_size": 9, "komi": 7.5, "max_game_length": 100_000},
            variant="OpenSpiel",
            openspiel_text=go_text(9),
            perft_depth=3,
        ),
    ]
}
