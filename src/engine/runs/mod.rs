//! Random playouts through stages whose decisions the engine keeps compactly: a run plays the
//! actions of such a stage, and of the stages of its kind that follow it, without writing the
//! legal set at each decision and without asking which move makes each action.
//!
//! - [`plain`]: a stage whose actions are the empty sites ([`super::lower::StageProgram::plain`]).
//! - [`steps`]: a stage whose actions are steps of the mover's stones to empty neighbours, kept
//!   as counts ([`super::lower::StageProgram::steps_only`]).
//! - [`masked`]: a stage whose actions are the empty sites narrowed by bitsets
//!   ([`super::lower::StageProgram::masked_places`]).
//!
//! A run goes on through the end of its stage and across the turn's end, through the same steps
//! as [`Engine::end_turn`] (`close_turn`, `boundary_ends_game`, `open_turn`), and writes the
//! legal set again only where it stops: at a decision of another kind, at `end`, or at the
//! action cap. Every random number, action and position is the one the general loop of
//! [`super::playout::play_out_capped`] would make one action at a time: `playout::tests`
//! compares the two on every bundled game and variant, and on games made for a run's edges.

mod masked;
mod plain;
mod steps;

use super::Engine;
use super::state::{State, Work};

impl Engine {
    /// The turn of a run is over (its stage is past the last): the turn ends and the next one
    /// opens, as [`Engine::end_turn`] makes them, with the next turn's first stage at hand and
    /// not yet entered. Returns whether the game goes on.
    #[inline(always)]
    fn cross_turn_in_run(&self, s: &mut State, w: &mut Work) -> bool {
        if !self.close_turn(s, w) || self.boundary_ends_game(s, w) {
            return false;
        }
        self.open_turn(s, w);
        s.stage = 0;
        true
    }
}
