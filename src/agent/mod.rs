//! Agents: players that choose actions in any game, knowing nothing of its rules beyond the
//! engine's API (legal actions, apply, outcome).
//!
//! [`RandomAgent`] picks uniformly among the legal actions; [`Mcts`] is UCT Monte Carlo tree
//! search with random playouts (or, with [`Grave`], GRAVE's all-moves-as-first values), under
//! an iteration or wall-time [`Budget`], reusing its tree between moves when told of every
//! action played ([`Agent::observe`]); [`AlphaBeta`] is minimax with alpha-beta pruning to a
//! depth or for a time, exact in short games. Front ends build them from specs
//! ([`make_agent`]).
//!
//! A turn may consist of several actions by the same player: agents decide one action at a
//! time and never assume that players alternate.

mod alphabeta;
mod heuristic;
mod mcts;
mod parallel;
mod random;
mod spec;

pub use alphabeta::{AlphaBeta, Eval};
pub use heuristic::Heuristic;
pub use mcts::{Grave, Mcts, MctsConfig, Proven, RootAction};
pub use parallel::RootParallel;
pub use random::{RandomAgent, RandomSeats};
pub use spec::{AGENTS, MAX_THINK_MS, make_agent, spec_iterations, split_players};

use crate::engine::{Action, Engine, State};

/// The action of a decision that has only one, which needs no search. Panics on a finished
/// game: an agent is never asked to choose there.
pub(crate) fn forced(engine: &Engine, state: &State) -> Option<Action> {
    let count = engine.legal_count(state);
    assert!(count > 0, "choose called on a finished game");
    (count == 1).then(|| engine.legal_nth(state, 0))
}

/// The `k`-th seed drawn from `seed`: a stream of its own for each pairing of a tournament and
/// each thread of a root-parallel search, so that adding one leaves the others as they were.
pub fn seed_stream(seed: u64, k: usize) -> u64 {
    seed.wrapping_add((k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// How much an agent may think per action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of search iterations: the choice depends only on the seed.
    Iterations(u32),
    /// Wall-clock milliseconds per decision.
    Millis(u64),
}

/// A player of any game.
pub trait Agent: Send {
    fn name(&self) -> &str;

    /// The action to make in `state`, which must not be over. Always one of
    /// `engine.legal(state)`.
    fn choose(&mut self, engine: &Engine, state: &State) -> Action;

    /// Tells the agent that `action` was played (by anyone, itself included) in
    /// `state_before`, so that it can keep what it learnt about the position that follows.
    fn observe(&mut self, engine: &Engine, state_before: &State, action: Action) {
        let _ = (engine, state_before, action);
    }
}
