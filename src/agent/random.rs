//! The uniformly random agent.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::Agent;
use crate::engine::{Action, Engine, State};

/// Picks uniformly among the legal actions; the same seed gives the same choices.
#[derive(Debug, Clone)]
pub struct RandomAgent {
    rng: Xoshiro256PlusPlus,
}

impl RandomAgent {
    pub fn new(seed: u64) -> Self {
        RandomAgent { rng: Xoshiro256PlusPlus::seed_from_u64(seed) }
    }
}

impl Agent for RandomAgent {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, engine: &Engine, state: &State) -> Action {
        let count = engine.legal_count(state);
        assert!(count > 0, "choose called on a finished game");
        engine.legal_nth(state, self.rng.random_range(0..count))
    }
}
