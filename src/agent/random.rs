//! The uniformly random agent.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::Agent;
use crate::engine::playout::Draw;
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

    /// The index it picks among `n` legal actions.
    fn pick(&mut self, n: usize) -> usize {
        self.rng.random_range(0..n)
    }
}

/// Random agents, one per player, drawing the choices of a playout as each would choose its
/// own actions one at a time: the same games, played through the playouts' runs of plain
/// stages and kept steps (`tabula analyze` with random players).
#[derive(Debug, Clone)]
pub struct RandomSeats(pub Vec<RandomAgent>);

impl Draw for RandomSeats {
    #[inline]
    fn draw(&mut self, player: usize, n: usize) -> usize {
        self.0[player].pick(n)
    }
}

impl Agent for RandomAgent {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, engine: &Engine, state: &State) -> Action {
        let count = engine.legal_count(state);
        assert!(count > 0, "choose called on a finished game");
        engine.legal_nth(state, self.pick(count))
    }
}
