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

/// Plays `games` random games from `start` on both sides, from a generator seeded with `seed`:
/// at every position the engine's legal moves must be the referee's. When the engine ends a
/// game, `ended` says whether the referee's rules end it there too (given the engine's outcome,
/// the referee's position and how often it has occurred); while it goes on, `going` says
/// whether they let it go on. Each returns what is wrong, if anything; a failure names the game
/// and its moves.
pub fn random_games<P: Position + Clone>(
    e: &Engine,
    start: &P,
    (games, seed): (u64, u64),
    ended: impl Fn(&tabula::engine::Outcome, &P, u32) -> Result<(), String>,
    going: impl Fn(&P, u32) -> Result<(), String>,
) {
    let mut rng = Lcg(seed);
    for game in 0..games {
        let mut s = e.initial();
        let mut pos = start.clone();
        let mut record: Vec<String> = Vec::new();
        let mut seen: std::collections::HashMap<String, u32> = Default::default();
        *seen.entry(referee_position(&pos)).or_default() += 1;
        loop {
            let occurrences = seen[&referee_position(&pos)];
            if let Some(outcome) = e.outcome(&s) {
                if let Err(why) = ended(outcome, &pos, occurrences) {
                    panic!("game {game}: {why}: {record:?}");
                }
                break;
            }
            if let Err(why) = going(&pos, occurrences) {
                panic!("game {game}: {why}: {record:?}");
            }
            assert_eq!(tabula_moves(e, &s), referee_moves(&pos), "game {game} after {record:?}");
            let actions = super::legal(e, &s);
            let pick = actions[rng.below(actions.len())].clone();
            play_on_referee(&mut pos, &pick);
            *seen.entry(referee_position(&pos)).or_default() += 1;
            super::play(e, &mut s, &pick);
            record.push(pick);
        }
    }
}

/// Whether a condition holds, or what is wrong.
pub fn ensure(holds: bool, what: &str) -> Result<(), String> {
    if holds { Ok(()) } else { Err(what.to_string()) }
}
