//! `perft` in whole turns: the number of sequences of D turns from a position, where a turn is
//! every action one player makes before the turn flow passes to the next turn or the game ends.
//!
//! Published figures for games whose turns hold several actions (a draughts capture chain,
//! Amazons' move and arrow, a Domineering domino) count turns, not actions; counting the
//! sequences of actions of D turns gives the same number, since each whole turn is one path of
//! actions through the turn's decisions.

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
    count(engine, state, depth, &mut pool)
}

fn count(engine: &Engine, state: &State, depth: u32, pool: &mut Vec<State>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut next = pool.pop().unwrap_or_else(|| state.clone());
    let mut total = 0;
    for &action in engine.legal(state) {
        next.clone_from(state);
        engine.apply_unchecked(&mut next, action);
        total += match turn_over(engine, state, &next) {
            true if depth == 1 => 1,
            true => count(engine, &next, depth - 1, pool),
            false => count(engine, &next, depth, pool),
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
