//! `(maximize NUMBER)`: of all the ways to play a whole turn, only those that make NUMBER
//! greatest are legal (draughts' majority rule: take the sequence that captures most).
//!
//! A turn is a sequence of actions, each its own decision, so the rule is applied at every
//! decision of a phase that has one: an action is legal when some way of finishing the turn
//! through it reaches the greatest value that any way of finishing the turn from the decision
//! reaches. The values are found by playing copies of the position forward to the turn's end;
//! the copies are marked as looking ahead, so that their own decisions are left whole, and each
//! records NUMBER as its turn ends ([`Engine::close_turn`]), before pieces captured for the
//! turn's end leave and before the after-turn effects. A turn that ends the game ends there:
//! NUMBER is read on the position it leaves.
//!
//! The narrowing is made once the decision's actions are listed, by [`Engine::apply_unchecked`]
//! and where a game begins, so that every caller of the engine sees the narrowed list.

use super::state::State;
use super::{Action, Engine};
use crate::engine::compile::IntCode;

impl Engine {
    /// Narrows the decision at hand to the actions through which the turn can reach the
    /// greatest value of its phase's `(maximize ...)`, if it has one.
    pub(crate) fn keep_maximal(&self, s: &mut State) {
        if s.looking_ahead || s.outcome.is_some() {
            return;
        }
        let Some(code) = &self.program.maximize[s.phase[s.mover as usize] as usize] else { return };
        let actions = self.legal(s).to_vec();
        if actions.len() < 2 {
            return;
        }
        // The copies of earlier decisions, kept with the state so that weighing allocates
        // once; taken out while in use, so that the copies made from the state hold none.
        let mut pool = std::mem::take(&mut s.work.as_mut().expect("the scratch space is in the state").ahead);
        let values: Vec<i64> = actions.iter().map(|&a| self.weigh(s, a, &mut pool, s.turns_completed, code)).collect();
        s.work.as_mut().expect("the scratch space is in the state").ahead = pool;
        let best = values.iter().copied().max().unwrap_or(i64::MIN);
        let kept: Vec<Action> = actions.iter().zip(&values).filter(|(_, v)| **v == best).map(|(a, _)| *a).collect();
        if kept.len() < actions.len() {
            s.legal.set_listed(&kept);
        }
    }

    /// Why `action`, one of the decision's actions before the narrowing, is not legal, if the
    /// narrowing took it away: the values it and the best action lead to.
    pub(crate) fn narrowed_away(&self, s: &State, action: Action) -> Option<String> {
        let code = self.program.maximize[s.phase[s.mover as usize] as usize].as_ref()?;
        let mut whole = s.clone();
        whole.looking_ahead = true;
        self.with_work(&mut whole, |t, w| self.generate(t, w));
        if !self.legal(&whole).contains(&action) {
            return None;
        }
        let mut pool = Vec::new();
        let turn = s.turns_completed;
        let value = self.weigh(&whole, action, &mut pool, turn, code);
        let best = self.legal(s).iter().map(|&a| self.weigh(&whole, a, &mut pool, turn, code)).max()?;
        Some(format!(
            "the rule `(maximize ...)` allows only the turns that make its number greatest: this one reaches at most {value}, others reach {best}"
        ))
    }

    /// The greatest value of `code` that turn `turn`, in progress in `from`, reaches through
    /// `action`: played on a copy taken from `pool` (a stack: one copy per action of the turn
    /// played so far) and given back.
    fn weigh(&self, from: &State, action: Action, pool: &mut Vec<State>, turn: u32, code: &IntCode) -> i64 {
        let mut t = match pool.pop() {
            Some(mut t) => {
                self.copy_for_weighing(&mut t, from);
                t
            }
            None => from.clone(),
        };
        t.looking_ahead = true;
        self.apply_unchecked(&mut t, action);
        let value = if t.turns_completed != turn {
            t.turn_value
        } else if t.outcome.is_some() {
            let env = self.mover_env(&t);
            self.with_work(&mut t, |t, w| code.eval(self, t, w, &env))
        } else {
            let actions = self.legal(&t).to_vec();
            actions.iter().map(|&a| self.weigh(&t, a, pool, turn, code)).max().unwrap_or(i64::MIN)
        };
        pool.push(t);
        value
    }

    /// Makes `t` a copy of `from` as far as the rest of a turn reads it: the position, the
    /// legal actions, the scratch space's caches and the history of positions (when moves
    /// read it); not the positions counted for repetition, which a turn's end would read, for
    /// a copy stops there.
    fn copy_for_weighing(&self, t: &mut State, from: &State) {
        t.copy_position_from(from);
        t.legal.clone_from(&from.legal);
        t.work.clone_from(&from.work);
        if self.program.keeps_history {
            t.history.clone_from(&from.history);
        }
    }
}
