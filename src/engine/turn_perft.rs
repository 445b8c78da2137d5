//! `perft` in whole turns: the number of sequences of D turns from a position, where a turn is
//! every action one player makes before the turn flow passes to the next turn or the game ends.
//!
//! Published figures for games whose turns hold several actions (a draughts capture chain,
//! Amazons' move and arrow, a Domineering domino) count turns, not actions; counting the
//! sequences of actions of D turns gives the same number, since each whole turn is one path of
//! actions through the turn's decisions.
//!
//! The last turn is counted in bulk, as [`super::perft::perft`] counts the last action, where
//! the engine knows without making them that every legal action finishes the turn
//! (`Engine::every_action_ends_turn`, beside the turn flow it follows): in a game whose every
//! turn is one action, a count of D turns then costs what a count of D actions does. Elsewhere
//! each action of the last turn is made to learn whether it finished the turn.

use super::action::Action;
use super::{Engine, State};

/// Whether the action that led from `before` to `after` finished the turn: the next turn has
/// begun, or the game is over.
fn turn_over(engine: &Engine, before: &State, after: &State) -> bool {
    after.turns_completed() != before.turns_completed() || engine.outcome(after).is_some()
}

/// perft(0) = 1; perft(d) = Σ over whole first turns of perft(d − 1) of the position after
/// them; a finished game at d > 0 contributes 0.
pub fn perft_turns(engine: &Engine, state: &State, depth: u32) -> u64 {
    // States for the positions inside and after turns, reused as a stack: the search allocates
    // only while it goes deeper than before.
    let mut pool = Vec::new();
    count::<true>(engine, state, depth, &mut pool)
}

/// [`perft_turns`] without counting in bulk: every action of the last turn is made and the
/// turn's end seen in the position after it. The reference the bulk count is tested against.
pub fn perft_turns_by_applying(engine: &Engine, state: &State, depth: u32) -> u64 {
    let mut pool = Vec::new();
    count::<false>(engine, state, depth, &mut pool)
}

/// The count of [`perft_turns`]; `BULK`: a last turn whose every action finishes it is counted
/// by the number of its actions. A constant, so that each search is compiled without the other's
/// test.
fn count<const BULK: bool>(engine: &Engine, state: &State, depth: u32, pool: &mut Vec<State>) -> u64 {
    if depth == 0 {
        return 1;
    }
    if BULK && depth == 1 && engine.every_action_ends_turn(state) {
        return engine.legal_count(state) as u64;
    }
    let mut next = pool.pop().unwrap_or_else(|| state.clone());
    let mut total = 0;
    for &action in engine.legal(state) {
        next.clone_from(state);
        engine.apply_unchecked(&mut next, action);
        total += match turn_over(engine, state, &next) {
            true if depth == 1 => 1,
            true => count::<BULK>(engine, &next, depth - 1, pool),
            false => count::<BULK>(engine, &next, depth, pool),
        };
    }
    pool.push(next);
    total
}

/// Every whole first turn from `state`: its actions in order and the position after it.
pub fn first_turns(engine: &Engine, state: &State) -> Vec<(Vec<Action>, State)> {
    let mut out = Vec::new();
    let mut path = Vec::new();
    collect(engine, state, state, &mut path, &mut out);
    out
}

fn collect(engine: &Engine, start: &State, state: &State, path: &mut Vec<Action>, out: &mut Vec<(Vec<Action>, State)>) {
    for &action in engine.legal(state) {
        let mut next = state.clone();
        engine.apply_unchecked(&mut next, action);
        path.push(action);
        if turn_over(engine, start, &next) {
            out.push((path.clone(), next));
        } else {
            collect(engine, start, &next, path, out);
        }
        path.pop();
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};

    use super::*;

    /// Wherever `Engine::every_action_ends_turn` says so, every legal action does finish the
    /// turn, at every decision of random games of every bundled game and variant; and it says
    /// so often: at every decision of a game of one-action turns and at the last of a multi-action
    /// turn (6 103 of 12 522 decisions here, at 150469f).
    #[test]
    fn the_bulk_criterion_holds_for_every_action() {
        let (mut decisions, mut bulk) = (0, 0);
        for (path, variant, game) in crate::engine::bundled::selections() {
            let engine = Engine::new(game);
            let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
            for _ in 0..3 {
                let mut s = engine.initial();
                while s.outcome.is_none() && s.actions() < 300 {
                    decisions += 1;
                    if engine.every_action_ends_turn(&s) {
                        bulk += 1;
                        for &action in engine.legal(&s) {
                            let mut next = s.clone();
                            engine.apply_unchecked(&mut next, action);
                            let text = engine.action_text(action);
                            assert!(turn_over(&engine, &s, &next), "{path:?} {variant:?}: {text} left the turn open");
                        }
                    }
                    let action = engine.legal_nth(&s, rng.random_range(0..engine.legal_count(&s)));
                    engine.apply_unchecked(&mut s, action);
                }
            }
        }
        assert!(bulk * 3 > decisions, "{bulk} of {decisions} decisions counted in bulk");
    }
}
