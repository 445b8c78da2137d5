//! The run of a stage of kept steps: one `slide` of the mover's stones to empty neighbours
//! whose counts the engine keeps, and nothing else ([`crate::engine::lower::StageProgram::steps_only`]).
//!
//! While such a stage lasts, its decision is the sum of the mover's stones' counts of empty
//! neighbours, and `end` where the rest of the stage is optional: a random step is found on the
//! board from the counts ([`Steps::nth`]) and made as the stage's one move, with its effects.
//! The run goes on while the stage does, passes the turn's later stages that have nothing
//! earned, and crosses the turn's end into the next turn's stage of kept steps, without
//! writing the legal set (in Kensington's movement phase, every turn).

use crate::engine::legal::Steps;
use crate::engine::lower::KeptSteps;
use crate::engine::state::State;
use crate::engine::{Action, Engine};

impl Engine {
    /// Plays uniformly random actions of the decision at hand, a steps-only stage's, and of
    /// the steps-only stages that follow it, until a decision of another kind, the end of the
    /// game or `cap` actions made in all. Returns `end` when the run draws it: the caller makes
    /// it as any action (the legal set is written again for it).
    /// Each step, and `end`, is told to `note` before it is made (see
    /// [`crate::engine::playout::play_out_noted`]).
    pub(crate) fn play_steps_stage<D: crate::engine::playout::Draw>(
        &self,
        s: &mut State,
        draw: &mut D,
        cap: u32,
        note: &mut impl FnMut(&State, usize, Action, usize),
    ) -> Option<Action> {
        debug_assert!(s.legal.kept_steps && s.outcome.is_none() && !s.legal.is_empty());
        self.with_work(s, |s, w| {
            let (mut kept, mut steps) = self.kept_steps(s);
            let mut total = s.legal.steps_count();
            loop {
                // `end` is offered with at least one step (the stage would be over without).
                let end = s.offers_end();
                let choices = total as usize + usize::from(end);
                let i = draw.draw(s.mover as usize, choices);
                if i == total as usize {
                    note(s, s.mover as usize, Action::END, choices);
                    self.generate_steps(s, w, kept);
                    return Some(Action::END);
                }
                let action = steps.nth(i, self.board_view(s, w));
                note(s, s.mover as usize, action, choices);
                let before = s.board_hash;
                let m = &self.current_stage(s).moves[0];
                let mover = self.mover_env(s);
                self.slide(s, w, Some(m), action, mover.subject);
                self.note_action(s, action);
                self.move_effects(s, w, &self.stage_program(s).moves[0], action, &mover);
                if self.game_ended_after(s, w, before) {
                    return None;
                }
                s.stage_done += 1;
                total = if s.stage_done < s.stage_max { self.steps_total(s, w, steps) } else { 0 };
                if total == 0 {
                    // The stage is over: by its last action, or with no step left in it.
                    if self.later_stage_in_turn(s, w) || !self.cross_turn_in_run(s, w) {
                        // A later stage's decision, written; or the game's end.
                        return None;
                    }
                    match self.stage_program(s).steps_only {
                        Some(next) if self.set_bounds(s, w) > 0 => {
                            (kept, steps) = (next, self.steps_of(s, next));
                            total = self.steps_total(s, w, steps);
                        }
                        _ => {}
                    }
                    if total == 0 {
                        // Any other beginning is the general one's.
                        self.seek_first_decision(s, w);
                        return None;
                    }
                    // Entered as `enter_stage` enters it, but for the listing.
                    if self.end_rules(s, w, false, false) {
                        return None;
                    }
                }
                if s.actions >= cap {
                    self.generate_steps(s, w, kept);
                    return None;
                }
            }
        })
    }

    /// The kept steps of the stage at hand, a steps-only stage's, for the mover.
    fn kept_steps(&self, s: &State) -> (KeptSteps, Steps) {
        let kept = self.stage_program(s).steps_only.expect("the stage at hand is steps-only");
        (kept, self.steps_of(s, kept))
    }
}
