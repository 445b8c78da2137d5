//! The run of a stage of masked placements: one `place` whose destinations are the empty sites
//! narrowed by bitsets alone ([`crate::engine::lower::StageProgram::masked_places`]; Connect
//! Four's gravity is one).
//!
//! While such a stage lasts, its decision is the empty sites in every one of the mover's
//! bitsets, and `end` where the rest of the stage is optional: a random one is found from those
//! sites, without the legal set, and made as the stage's one move, with its effects. The run
//! goes on while the stage does, and crosses the turn's end into the next turn's stage of
//! masked placements, without writing the legal set: in Connect Four the turn's machinery
//! around each placement cost more than the placement.

use std::mem::take;

use crate::engine::state::State;
use crate::engine::{Action, Engine};

impl Engine {
    /// Plays uniformly random actions of the decision at hand, a masked stage's, and of the
    /// masked stages that follow it, until a decision of another kind, the end of the game or
    /// `cap` actions made in all. Returns `end` when the run draws it: the caller makes it as
    /// any action (the legal set is written again for it). Each placement, and `end`, is told
    /// to `note` before it is made (see [`crate::engine::playout::play_out_noted`]).
    pub(crate) fn play_masked_stage<D: crate::engine::playout::Draw>(
        &self,
        s: &mut State,
        draw: &mut D,
        cap: u32,
        note: &mut impl FnMut(&State, usize, Action, usize),
    ) -> Option<Action> {
        debug_assert!(s.legal.masked && s.outcome.is_none() && !s.legal.is_empty());
        self.with_work(s, |s, w| {
            let mut places = take(&mut w.run_places);
            places.copy_from(&s.legal.places);
            let mut count = s.legal.place_count;
            // What the run hands back, and whether the decision at hand is still to be written
            // (it is not where the general turn flow wrote it, or the game is over).
            let (stopped, unwritten) = loop {
                // `end` is offered with at least one placement (the stage would be over without).
                let end = s.offers_end();
                let choices = count as usize + usize::from(end);
                let i = draw.draw(s.mover as usize, choices);
                if i == count as usize {
                    note(s, s.mover as usize, Action::END, choices);
                    break (Some(Action::END), true);
                }
                let to = places.nth(i as u32).expect("i is below the number of placements");
                let action = Action::place(to);
                note(s, s.mover as usize, action, choices);
                let before = s.board_hash;
                let mover = self.mover_env(s);
                self.place_stone(s, w, to, self.current_stage(s).moves[0].piece, None, &mover);
                self.note_action(s, action);
                self.move_effects(s, w, &self.stage_program(s).moves[0], action, &mover);
                if self.game_ended_after(s, w, before) {
                    break (None, false);
                }
                s.stage_done += 1;
                count = match &self.stage_program(s).masked_places {
                    Some(masked) if s.stage_done < s.stage_max => self.masked_sites(s, w, masked, &mut places),
                    _ => 0,
                };
                if count == 0 {
                    // The stage is over: by its last action, or with no placement left in it.
                    if self.later_stage_in_turn(s, w) || !self.cross_turn_in_run(s, w) {
                        // A later stage's decision, written; or the game's end.
                        break (None, false);
                    }
                    if let Some(masked) = &self.stage_program(s).masked_places
                        && self.set_bounds(s, w) > 0
                    {
                        count = self.masked_sites(s, w, masked, &mut places);
                    }
                    if count == 0 {
                        // Any other beginning is the general one's.
                        self.seek_first_decision(s, w);
                        break (None, false);
                    }
                    // Entered as `enter_stage` enters it, but for the listing.
                    if self.end_rules(s, w, false, false) {
                        break (None, false);
                    }
                }
                if s.actions >= cap {
                    break (None, true);
                }
            };
            w.run_places = places;
            // The decision `end` is drawn from, or the one the cap stopped at, is written for
            // the caller.
            if unwritten {
                self.generate(s, w);
            }
            stopped
        })
    }
}
