//! What the chess-family tests share with their referee, the `shakmaty` crate (chess in
//! `chess.rs`, antichess in `antichess.rs`): moves in UCI notation on both sides, the
//! referee's own perft and positions, and a small random generator for replayable games.

use shakmaty::{CastlingMode, EnPassantMode, Position, fen::Epd};
use tabula::engine::{Engine, State};

/// A Tabula action in UCI notation: `e2-e4` is `e2e4`, `e7-e8=Q` is `e7e8q`.
pub fn uci(action: &str) -> String {
    let (squares, promotion) = action.split_once('=').unwrap_or((action, ""));
    format!("{}{}", squares.replace('-', ""), promotion.to_ascii_lowercase())
}

/// The texts sorted.
pub fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Tabula's legal actions in UCI notation, sorted.
pub fn tabula_moves(e: &Engine, s: &State) -> Vec<String> {
    sorted(super::legal(e, s).iter().map(|a| uci(a)).collect())
}

/// The referee's legal moves in UCI notation, sorted.
pub fn referee_moves(pos: &impl Position) -> Vec<String> {
    sorted(pos.legal_moves().iter().map(|m| m.to_uci(CastlingMode::Standard).to_string()).collect())
}

/// The referee's own perft, to compare with ours where no figure is published.
pub fn referee_perft<P: Position + Clone>(pos: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            referee_perft(&next, depth - 1)
        })
        .sum()
}

/// The referee's position for a repetition (FIDE 9.2.3): the pieces, the side to move, the
/// castling rights and a legal en passant capture, without the move counters.
pub fn referee_position<P: Position + Clone>(pos: &P) -> String {
    Epd::from_position(pos.clone(), EnPassantMode::Legal).to_string()
}

/// Makes Tabula's action `pick` on the referee's position too (it must have the move).
pub fn play_on_referee(pos: &mut impl Position, pick: &str) {
    let m = pos.legal_moves().into_iter().find(|m| m.to_uci(CastlingMode::Standard).to_string() == uci(pick));
    pos.play_unchecked(&m.expect("the referee has the move"));
}

/// A small deterministic generator, so that a failing game can be replayed.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}
