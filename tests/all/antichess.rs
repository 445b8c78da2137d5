//! Antichess as a data file (`games/antichess.game`), refereed by the `shakmaty` crate's
//! antichess (lichess's rules, as docs/RULINGS.md states them): legal moves compared move for
//! move over random games, the end of every game, and perft. OpenSpiel's antichess, which
//! counts en passant as no capture, is refereed with `--set openspiel=true` in
//! `python/tests/test_referee.py`.

use crate::common::*;
use std::collections::HashMap;

use crate::common::chess_referee::{
    Lcg, play_on_referee, referee_moves, referee_perft, referee_position, tabula_moves,
};
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

/// Plays `games` random games from the start; at every position the engine's legal moves must
/// be the referee's, and the engine must end a game exactly when the referee does: a side with
/// no piece or no move wins; only bishops on squares of both colours apart draw; the fifty-move
/// draw once 100 half-moves have passed without a capture or a pawn move; a threefold
/// repetition.
fn referee(games: u64, seed: u64) {
    let e = antichess(&[]);
    let mut rng = Lcg(seed);
    for game in 0..games {
        let mut s = e.initial();
        let mut pos = Antichess::default();
        let mut record = Vec::new();
        let mut seen: HashMap<String, u32> = HashMap::new();
        *seen.entry(referee_position(&pos)).or_default() += 1;
        loop {
            let occurrences = seen[&referee_position(&pos)];
            if let Some(outcome) = e.outcome(&s) {
                match pos.outcome() {
                    Some(Outcome::Decisive { winner }) => {
                        let name = if winner == shakmaty::Color::White { "White" } else { "Black" };
                        assert_eq!(
                            outcome.winner.map(|w| e.game().players[w].name.clone()).as_deref(),
                            Some(name),
                            "game {game}: {record:?}"
                        );
                    }
                    _ => {
                        assert!(outcome.is_draw(), "game {game}: {record:?}");
                        // The referee's own draw (only bishops, on squares of both colours
                        // apart), the fifty moves, or the third repetition.
                        let drawn = pos.outcome() == Some(Outcome::Draw) || pos.halfmoves() >= 100 || occurrences >= 3;
                        assert!(drawn, "game {game} ended early: {record:?}");
                    }
                }
                break;
            }
            assert!(pos.outcome().is_none(), "game {game}: the end is missed: {record:?}");
            assert!(pos.halfmoves() < 100, "game {game}: the fifty-move draw is missed: {record:?}");
            assert!(occurrences < 3, "game {game}: the third repetition is missed: {record:?}");
            assert_eq!(tabula_moves(&e, &s), referee_moves(&pos), "game {game} after {record:?}");
            let actions = legal(&e, &s);
            let pick = actions[rng.below(actions.len())].clone();
            play_on_referee(&mut pos, &pick);
            *seen.entry(referee_position(&pos)).or_default() += 1;
            play(&e, &mut s, &pick);
            record.push(pick);
        }
    }
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
