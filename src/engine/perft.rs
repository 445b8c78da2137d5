//! `perft`: the number of action sequences of a given length from a position (DESIGN.md §2).

use super::{Engine, State};

/// perft(0) = 1; perft(d) = Σ over legal actions of perft(d−1) of the result; a finished game
/// at d > 0 contributes 0.
pub fn perft(engine: &Engine, state: &State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return engine.legal_count(state) as u64;
    }
    let legal = engine.legal(state);
    let mut total = 0;
    let mut next = state.clone();
    for &action in legal {
        next.clone_from(state);
        engine.apply_unchecked(&mut next, action);
        total += perft(engine, &next, depth - 1);
    }
    total
}
