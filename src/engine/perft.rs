//! `perft`: the number of action sequences of a given length from a position (docs/CLI.md,
//! "Turns and actions").

use super::{Engine, State};

/// perft(0) = 1; perft(d) = Σ over legal actions of perft(d−1) of the result; a finished game
/// at d > 0 contributes 0.
pub fn perft(engine: &Engine, state: &State, depth: u32) -> u64 {
    if depth <= 1 {
        return if depth == 0 { 1 } else { engine.legal_count(state) as u64 };
    }
    // One state per level below this one, allocated once: a child is copied into its level's
    // state in place (reusing its buffers), so the search allocates nothing per node.
    let mut levels: Vec<State> = (1..depth).map(|_| state.clone()).collect();
    perft_into(engine, state, depth, &mut levels)
}

fn perft_into(engine: &Engine, state: &State, depth: u32, levels: &mut [State]) -> u64 {
    if depth == 1 {
        return engine.legal_count(state) as u64;
    }
    let Some((next, deeper)) = levels.split_first_mut() else { return 0 };
    let mut total = 0;
    for &action in engine.legal(state) {
        next.clone_from(state);
        engine.apply_unchecked(next, action);
        total += perft_into(engine, next, depth - 1, deeper);
    }
    total
}
