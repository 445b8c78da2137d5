//! Agents: players that choose actions in any game, knowing nothing of its rules beyond the
//! engine's API (legal actions, apply, outcome).
//!
//! [`RandomAgent`] picks uniformly among the legal actions; [`Mcts`] is UCT Monte Carlo tree
//! search with random playouts, under an iteration or wall-time [`Budget`], reusing its tree
//! between moves when told of every action played ([`Agent::observe`]); [`AlphaBeta`] is
//! minimax with alpha-beta pruning to a depth or for a time, exact in short games.
//!
//! A turn may consist of several actions by the same player: agents decide one action at a
//! time and never assume that players alternate.

mod alphabeta;
mod mcts;
mod random;

pub use alphabeta::AlphaBeta;
pub use mcts::{Mcts, MctsConfig};
pub use random::RandomAgent;

use crate::engine::{Action, Engine, State};

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

/// Builds an agent from a command-line spec: `random`, `mcts` (UCT thinking `think_ms`
/// milliseconds per action), `mcts:N` (UCT with N iterations per action), `alphabeta`
/// (deepening for `think_ms` milliseconds) or `alphabeta:N` (N actions deep).
pub fn make_agent(spec: &str, seed: u64, think_ms: u64) -> Result<Box<dyn Agent>, String> {
    let spec = spec.trim();
    let (kind, arg) = match spec.split_once(':') {
        Some((k, a)) => (k.trim(), Some(a.trim())),
        None => (spec, None),
    };
    match (kind.to_ascii_lowercase().as_str(), arg) {
        ("random", None) => Ok(Box::new(RandomAgent::new(seed))),
        ("mcts", None) => Ok(Box::new(Mcts::new(seed, Budget::Millis(think_ms.max(1))))),
        ("mcts", Some(n)) => match n.parse::<u32>() {
            Ok(n) if n > 0 => Ok(Box::new(Mcts::new(seed, Budget::Iterations(n)))),
            _ => Err(format!("`{spec}`: the number of iterations must be a whole number above 0 (`mcts:5000`)")),
        },
        ("alphabeta", None) => Ok(Box::new(AlphaBeta::timed(think_ms).with_seed(seed))),
        ("alphabeta", Some(n)) => match n.parse::<u32>() {
            Ok(n) if (1..=64).contains(&n) => Ok(Box::new(AlphaBeta::to_depth(n).with_seed(seed))),
            _ => Err(format!("`{spec}`: the depth must be a whole number from 1 to 64 (`alphabeta:6`)")),
        },
        ("random", Some(_)) => Err(format!("`{spec}`: the random agent takes no parameter")),
        _ => Err(format!(
            "unknown agent `{spec}`; agents are `random`, `mcts`, `mcts:ITERATIONS`, `alphabeta` and `alphabeta:DEPTH`"
        )),
    }
}
