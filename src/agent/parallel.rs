//! Root-parallel Monte Carlo tree search: several independent searches of the same position,
//! one a thread, each with its own tree and random numbers, pooled at the root.
//!
//! Root parallelism shares nothing while the searches run (no locks, no shared counters, each
//! tree in its own arena), so it scales with the cores; what it gives up is that the trees
//! learn nothing from one another. Pooling adds up each action's visits and rewards over the
//! trees; an action that any tree proved to win is played, and one that any tree proved to
//! lose is avoided. A budget of iterations is split between the threads, so that `sims=N`
//! means N iterations in all however many threads share them; a budget of time is every
//! thread's. With a budget of iterations the choice depends on the seed alone, never on how
//! the threads were scheduled.

use super::mcts::{Proven, RootAction, best_of};
use super::{Agent, Budget, Mcts, MctsConfig};
use crate::engine::{Action, Engine, State};

/// [`Mcts`] on several threads at once; see the module documentation.
pub struct RootParallel {
    name: String,
    searchers: Vec<Mcts>,
}

impl RootParallel {
    /// `threads` searches (at least 1) with `config`, the k-th seeded from `seed` and k.
    pub fn new(seed: u64, budget: Budget, config: MctsConfig, threads: usize) -> RootParallel {
        let threads = threads.max(1);
        let searchers = (0..threads)
            .map(|k| {
                let share = match budget {
                    Budget::Iterations(n) => {
                        let (each, extra) = (n / threads as u32, n % threads as u32);
                        Budget::Iterations((each + u32::from((k as u32) < extra)).max(1))
                    }
                    Budget::Millis(ms) => Budget::Millis(ms),
                };
                Mcts::with_config(super::seed_stream(seed, k), share, config.clone())
            })
            .collect();
        RootParallel { name: format!("mcts ({threads} threads)"), searchers }
    }

    /// Names the agent.
    pub fn named(mut self, name: String) -> Self {
        self.name = name;
        self
    }

    /// Iterations run by the last search, over all threads.
    pub fn last_iterations(&self) -> u64 {
        self.searchers.iter().map(|m| u64::from(m.last_iterations())).sum()
    }
}

/// Adds up the searches' summaries action by action: visits and rewards are summed, a win
/// proved by one search is a win, a loss proved by one (and no win) a loss.
fn pool(summaries: Vec<Vec<RootAction>>) -> Vec<RootAction> {
    let mut pooled: Vec<RootAction> = Vec::new();
    for summary in summaries {
        for r in summary {
            match pooled.iter_mut().find(|p| p.action == r.action) {
                Some(p) => {
                    p.visits = p.visits.saturating_add(r.visits);
                    p.value += r.value;
                    p.proven = match (p.proven, r.proven) {
                        (Some(Proven::Win), _) | (_, Some(Proven::Win)) => Some(Proven::Win),
                        (Some(Proven::Loss), _) | (_, Some(Proven::Loss)) => Some(Proven::Loss),
                        (a, b) => a.or(b),
                    };
                }
                None => pooled.push(r),
            }
        }
    }
    pooled
}

impl Agent for RootParallel {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, engine: &Engine, state: &State) -> Action {
        if let Some(only) = super::forced(engine, state) {
            return only;
        }
        let summaries: Vec<Vec<RootAction>> = std::thread::scope(|scope| {
            let handles: Vec<_> =
                self.searchers.iter_mut().map(|m| scope.spawn(move || m.search_root(engine, state))).collect();
            handles.into_iter().map(|h| h.join().expect("a search thread panicked")).collect()
        });
        best_of(&pool(summaries)).unwrap_or_else(|| engine.legal_nth(state, 0))
    }

    fn observe(&mut self, engine: &Engine, state_before: &State, action: Action) {
        for m in &mut self.searchers {
            m.observe(engine, state_before, action);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root(to: u16, visits: u32, value: f64, proven: Option<Proven>) -> RootAction {
        RootAction { action: Action::place(to), visits, value, proven }
    }

    #[test]
    fn pooling_adds_visits_and_keeps_what_any_tree_proved() {
        let pooled = pool(vec![
            vec![root(1, 10, 6.0, None), root(2, 30, 12.0, None), root(3, 5, 5.0, Some(Proven::Win))],
            vec![root(1, 25, 20.0, None), root(2, 10, 2.0, Some(Proven::Loss)), root(3, 2, 1.0, None)],
        ]);
        assert_eq!(pooled[0], root(1, 35, 26.0, None));
        assert_eq!(pooled[1], root(2, 40, 14.0, Some(Proven::Loss)));
        assert_eq!(pooled[2], root(3, 7, 6.0, Some(Proven::Win)));
        // The proven win is played however few its visits.
        assert_eq!(best_of(&pooled), Some(Action::place(3)));
        // Without it, the most visited of those not proven to lose: a1's 35, not a2's 40.
        assert_eq!(best_of(&pooled[..2]), Some(Action::place(1)));
    }

    #[test]
    fn a_budget_of_iterations_is_shared_out() {
        let agent = RootParallel::new(1, Budget::Iterations(1001), MctsConfig::default(), 4);
        let shares: Vec<Budget> = agent.searchers.iter().map(Mcts::budget).collect();
        assert_eq!(
            shares,
            [Budget::Iterations(251), Budget::Iterations(250), Budget::Iterations(250), Budget::Iterations(250)]
        );
    }
}
