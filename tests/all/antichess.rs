//! Antichess as a data file (`games/antichess.game`), refereed by the `shakmaty` crate's
//! antichess (lichess's rules, as docs/RULINGS.md states them): legal moves compared move for
//! move over random games, the end of every game, and perft. OpenSpiel's antichess, which
//! counts en passant as no capture, is refereed with `--set openspiel=true` in
//! `python/tests/test_referee.py`.

use crate::common::*;

use crate::common::chess_referee::{ensure, random_games, referee_moves, referee_perft, tabula_moves};
use shakmaty::variant::Antichess;
use shakmaty::{CastlingMode, Outcome, Position, fen::Fen};
use tabula::engine::{Engine, State, perft::perft};

fn antichess(options: &[&str]) -> Engine {
    engine("games/antichess.game", "", options)
}

/// The position of a FEN string, through the position text that the FEN utility writes.
fn at(e: &Engine, fen: &str) -> State {
    let text = fen::to_position(fen).unwrap_or_else(|err| panic!("{fen}: {err}"));
    let setup = tabula::position::read(e, 0, &text).unwrap_or_else(|d| panic!("{fen}: {d:?}"));
    e.position(&setup).unwrap_or_else(|err| panic!("{fen}: {err}"))
}

fn referee_at(fen: &str) -> Antichess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

#[test]
fn perft_from_the_start_agrees_with_the_referee() {
    let e = antichess(&[]);
    let s = e.initial();
    let pos = Antichess::default();
    for depth in 1..=3 {
        assert_eq!(perft(&e, &s, depth), referee_perft(&pos, depth), "depth {depth}");
    }
    assert_eq!(perft(&e, &s, 3), 8_067);
}

/// Positions for each rule, worked out by hand, each also counted by the referee.
#[test]
fn each_rule_in_a_position() {
    let e = antichess(&[]);
    let cases: [(&str, &[&str]); 4] = [
        // A capture is compulsory: of White's moves only the two captures of the d5 pawn (by
        // the e4 pawn and by the queen on d1) are legal.
        ("4k3/8/8/3p4/4P3/8/8/3QK3 w - - 0 1", &["d1d5", "e4d5"]),
        // The king is an ordinary piece: it may stand attacked, and capture.
        ("8/8/8/8/8/8/4q3/4K3 w - - 0 1", &["e1e2"]),
        // A pawn promotes to a king too.
        ("8/3P4/8/8/8/8/8/k7 w - - 0 1", &["d7d8b", "d7d8k", "d7d8n", "d7d8q", "d7d8r"]),
        // En passant is a capture, so it is compulsory: after ...d7-d5 beside White's e5 pawn.
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", &["e5d6"]),
    ];
    for (fen, moves) in cases {
        let s = at(&e, fen);
        let expected: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(tabula_moves(&e, &s), expected, "{fen}");
        assert_eq!(referee_moves(&referee_at(fen)), expected, "{fen}: the referee");
    }
    // OpenSpiel's way: en passant is no capture, so it is one quiet move among the others.
    let e = antichess(&["openspiel=true"]);
    let s = at(&e, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(tabula_moves(&e, &s), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e5d6", "e5e6"]);
}

#[test]
fn losing_every_piece_or_every_move_wins() {
    let e = antichess(&[]);
    // White's queen takes Black's last piece: Black, with nothing left, wins.
    let mut s = at(&e, "8/8/8/8/8/8/3k4/3Q4 w - - 0 1");
    play(&e, &mut s, "d1-d2");
    assert_eq!(winner(&e, &s).as_deref(), Some("Black"));
    // Black to move with his pawn blocked by White's: stalemated, Black wins.
    let s = at(&e, "8/8/8/8/8/p7/P7/8 b - - 0 1");
    assert!(legal(&e, &s).is_empty());
    assert_eq!(winner(&e, &s).as_deref(), Some("Black"));
    assert_eq!(
        referee_at("8/8/8/8/8/p7/P7/8 b - - 0 1").outcome(),
        Some(Outcome::Decisive { winner: shakmaty::Color::Black })
    );
    // Only bishops, White's on c1 (dark), Black's on c8 and f5 (light): neither can ever take,
    // a draw. With Black's on d8 (dark) as well, play goes on.
    let apart = "2b5/8/8/5b2/8/8/8/2B5 w - - 0 1";
    assert!(e.outcome(&at(&e, apart)).is_some_and(|o| o.is_draw()));
    assert_eq!(referee_at(apart).outcome(), Some(Outcome::Draw));
    let met = "2bb4/8/8/5b2/8/8/8/2B5 w - - 0 1";
    assert!(e.outcome(&at(&e, met)).is_none());
    assert_eq!(referee_at(met).outcome(), None);
    // OpenSpiel plays on.
    let e = antichess(&["openspiel=true"]);
    assert!(e.outcome(&at(&e, apart)).is_none());
}

/// Plays `games` random games from the start (`common::chess_referee::random_games`); the
/// engine must end a game exactly when the referee does: a side with no piece or no move wins;
/// only bishops on squares of both colours apart draw; the fifty-move draw once 100 half-moves
/// have passed without a capture or a pawn move; a threefold repetition.
fn referee(games: u64, seed: u64) {
    let e = antichess(&[]);
    let ended = |outcome: &tabula::engine::Outcome, pos: &Antichess, occurrences: u32| match pos.outcome() {
        Some(Outcome::Decisive { winner }) => {
            let name = if winner == shakmaty::Color::White { "White" } else { "Black" };
            let ours = outcome.winner.map(|w| e.game().players[w].name.clone());
            ensure(ours.as_deref() == Some(name), "another winner")
        }
        // The referee's own draw (only bishops, on squares of both colours apart), the fifty
        // moves, or the third repetition.
        _ => ensure(
            outcome.is_draw() && (pos.outcome() == Some(Outcome::Draw) || pos.halfmoves() >= 100 || occurrences >= 3),
            "ended early",
        ),
    };
    let going = |pos: &Antichess, occurrences: u32| {
        ensure(pos.outcome().is_none(), "the end is missed")?;
        ensure(pos.halfmoves() < 100, "the fifty-move draw is missed")?;
        ensure(occurrences < 3, "the third repetition is missed")
    };
    random_games(&e, &Antichess::default(), (games, seed), ended, going);
}

#[test]
fn the_referee_agrees_on_random_games() {
    referee(20, 1);
}

/// The long run: a thousand random games (`cargo test -- --ignored antichess::long_referee`).
#[test]
#[ignore = "long: 1 000 random games"]
fn long_referee() {
    referee(1000, 7);
}

/// Perft to depth 4 from the start (153 299), against the referee's own count.
#[test]
#[ignore = "long: perft 4 in both"]
fn long_perft() {
    let e = antichess(&[]);
    assert_eq!(perft(&e, &e.initial(), 4), referee_perft(&Antichess::default(), 4));
}
