"""OpenSpiel as the referee: every game both have, played in lock-step and counted by perft.

The pairings and their move texts are in ``referee/pairings.py``, the referee in
``referee/lockstep.py``, and what each difference of rules is in docs/REFEREE.md. CI plays
``REFEREE_GAMES`` random games a pairing (default 200, or the pairing's own number); the long run
is ``python -m referee.lockstep --games 3000`` from this directory.
"""

import os
import re

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel (open-spiel in requirements-ci.txt) is the referee")

from conftest import ROOT  # noqa: E402
from referee import lockstep  # noqa: E402
from referee.pairings import PAIRINGS, Pairing, chess_text  # noqa: E402


def games_for(pairing: Pairing) -> int:
    return int(os.environ.get("REFEREE_GAMES", pairing.games))


@pytest.mark.parametrize("name", list(PAIRINGS))
def test_random_games_agree_in_lockstep(name):
    pairing = PAIRINGS[name]
    tally = lockstep.run(pairing, games_for(pairing), seed=1)
    assert [str(d) for d in tally.disagreements] == []
    assert tally.games == games_for(pairing)
    # Every position compared something: a game's moves, at least one a position.
    assert tally.moves_compared >= tally.positions - tally.games


# Published figures at the pairings' depths (docs/CLASSICS.md): chess perft(4), Connect Four's
# perft(7), Othello's perft(7), shogi's perft(3), and the first turn of 10×10 Amazons.
PUBLISHED = {"chess": 197_281, "connect-four": 823_536, "reversi": 55_092, "shogi": 25_470}


@pytest.mark.parametrize("name", list(PAIRINGS))
def test_perft_agrees(name):
    pairing = PAIRINGS[name]
    ours, theirs = lockstep.perft(pairing, pairing.perft_depth)
    assert ours == theirs
    if name in PUBLISHED:
        assert ours[-1] == PUBLISHED[name]
    if name == "amazons":
        assert ours[1] == 2_176


def test_the_referee_finds_a_rule_left_out(tmp_path):
    # Chess without its dead-position rule plays on where OpenSpiel draws: the referee must say
    # so, at the position where the last pawn, rook and queen are gone.
    text = (ROOT / "games" / "chess.game").read_text()
    without, n = re.subn(r"\n    \(when\s+\(and no-pawn-rook-or-queen .*\n +draw\)", "", text)
    assert n == 1
    path = tmp_path / "chess-without-dead-positions.game"
    path.write_text(without)
    pairing = Pairing("chess-alive", "chess", str(path), players=(1, 0), openspiel_text=chess_text)
    tally = lockstep.run(pairing, 20, seed=1)
    assert tally.disagreements, "20 random games reach a dead position"
    assert all("terminal: Tabula False, OpenSpiel True" in d.what for d in tally.disagreements)


def test_draughts_needs_the_openspiel_option():
    # Without `openspiel`, a man's move restarts the count of quiet turns and 80 of them draw:
    # OpenSpiel's checkers ends some random games where Tabula plays on.
    paired = PAIRINGS["english-draughts"]
    standard = Pairing("draughts-standard", "checkers", paired.tabula, openspiel_text=paired.openspiel_text)
    tally = lockstep.run(standard, 50, seed=1)
    assert tally.disagreements
    assert all(d.what == "terminal: Tabula False, OpenSpiel True" for d in tally.disagreements)


def test_lines_of_action_draws_at_openspiels_length_and_on_a_repeated_board(tmp_path):
    # OpenSpiel draws the game once its max_game_length moves are made, a winning last move
    # included. Random games never get near 1 000 moves, so the same rule is refereed with a
    # limit of 12 on both sides: every game ends there, as a draw in both.
    text = (ROOT / "games" / "lines-of-action.game").read_text()
    short, n = re.subn(r"\b1000\b", "12", text)
    assert n == 2
    path = tmp_path / "lines-of-action-12.game"
    path.write_text(short)
    paired = PAIRINGS["lines-of-action"]
    pairing = Pairing(
        "loa-12", "lines_of_action", str(path), params={"max_game_length": 12},
        options={"openspiel": True}, openspiel_text=paired.openspiel_text,
    )
    tally = lockstep.run(pairing, 50, seed=1)
    assert [str(d) for d in tally.disagreements] == []
    assert tally.wins == {"draw": 50}
    # Without the option, a repeated board does not draw: the referee finds where OpenSpiel
    # stops and Tabula plays on.
    standard = Pairing("loa-standard", "lines_of_action", paired.tabula, openspiel_text=paired.openspiel_text)
    tally = lockstep.run(standard, 30, seed=1)
    assert tally.disagreements
    assert all(d.what == "terminal: Tabula False, OpenSpiel True" for d in tally.disagreements)


def test_pentago_needs_the_openspiel_option():
    # Without it a placement that makes five wins before the twist; OpenSpiel twists first. The
    # referee finds the games where that happens, and nothing else.
    paired = PAIRINGS["pentago"]
    standard = Pairing(
        "pentago-standard", "pentago", paired.tabula, openspiel_text=paired.openspiel_text, tabula_turns=True
    )
    tally = lockstep.run(standard, 100, seed=1)
    assert tally.disagreements
    # A winning placement is a whole turn in Tabula (`b5`), the start of one in OpenSpiel.
    won = re.compile(r"legal moves differ: only Tabula \[('[a-f][1-6]'(, )?)+\], only OpenSpiel \['[a-f][1-6] ")
    assert all(won.match(d.what) for d in tally.disagreements), tally.disagreements[0]


def test_morris_needs_the_openspiel_option():
    # Without it the game plays on after 200 turns, where OpenSpiel draws, and a third repetition
    # draws, where OpenSpiel plays on; with the option the two agree (the parametrised runs
    # above). The referee finds games that end at different moments, and nothing else.
    paired = PAIRINGS["nine-mens-morris"]
    standard = Pairing(
        "morris-standard",
        "nine_mens_morris",
        paired.tabula,
        openspiel_text=paired.openspiel_text,
        tabula_text=paired.tabula_text,
    )
    tally = lockstep.run(standard, 40, seed=1)
    whats = {d.what for d in tally.disagreements}
    assert whats == {"terminal: Tabula False, OpenSpiel True", "terminal: Tabula True, OpenSpiel False"}


def test_morris_texts():
    import pyspiel

    from referee.pairings import morris_text

    state = pyspiel.load_game("nine_mens_morris").new_initial_state()
    assert [morris_text(state, a) for a in (0, 1, 23)] == ["a7", "d7", "g1"]
    # White closes a1 d1 g1 (points 21 22 23); Black's man on a7 (point 0) may then be taken.
    for action in (21, 0, 22, 1, 23):
        state.apply_action(action)
    assert "xa7" in {morris_text(state, a) for a in state.legal_actions()}


def test_move_texts():
    import pyspiel

    game = pyspiel.load_game("chess")
    state = game.new_initial_state()
    texts = sorted(chess_text(state, a) for a in state.legal_actions())
    assert texts[:3] == ["a2-a3", "a2-a4", "b1-a3"] and len(texts) == 20
    # A promotion names the piece; castling is the king's two-square move.
    state = game.new_initial_state("4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1")
    texts = {chess_text(state, a) for a in state.legal_actions()}
    assert {"b7-b8=Q", "b7-b8=N", "e1-g1", "e1-c1"} <= texts
    draughts = PAIRINGS["english-draughts"]
    state = draughts.load_openspiel().new_initial_state()
    assert sorted(draughts.moves(state)) == ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]
