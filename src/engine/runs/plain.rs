//! The run of a plain stage: one unconditional placement on any empty site with no effects,
//! chosen once by the lowering ([`crate::engine::lower::StageProgram::plain`]).
//!
//! While such a stage lasts, the actions of its decision are the empty sites, and `end` where
//! the rest of the stage is optional: a random one is found from the empty sites themselves,
//! without the legal set, and made without asking which move makes it. The run goes on
//! through the stage's end into the next plain stage (most often the next turn's), and where
//! the next turn begins with a plain stage that has a placement to make, that stage is entered
//! without its legal set being written at all: in Ketchup, the turn boundary was most of the
//! cost of a playout.

use crate::engine::state::{State, Work};
use crate::engine::{Action, Engine};

impl Engine {
    /// Plays uniformly random actions of the decision at hand, a plain stage's, and of the
    /// plain stages that follow it, until a decision of another kind, the end of the game or
    /// `cap` actions made in all. Returns `end` when the
    /// run draws it: the caller makes it as any action (the legal set is written again for it).
    /// Each placement, and `end`, is told to `note` before it is made (see
    /// [`crate::engine::playout::play_out_noted`]).
    pub(crate) fn play_plain_stage<D: crate::engine::playout::Draw>(
        &self,
        s: &mut State,
        draw: &mut D,
        cap: u32,
        note: &mut impl FnMut(&State, usize, Action, usize),
    ) -> Option<Action> {
        debug_assert!(s.legal.plain && s.outcome.is_none());
        self.with_work(s, |s, w| {
            // The stage, and so its piece and its mover, stay the same until it ends. The
            // environment is made once a stage: a plain placement reads only its mover and
            // subject (`place_stone` with no enclosure), which stay the same too.
            let mut piece = self.current_stage(s).moves[0].piece;
            let mut mover = self.mover_env(s);
            loop {
                let places = s.empty_count as usize;
                let end = s.offers_end() && places > 0;
                let choices = places + usize::from(end);
                let i = draw.draw(s.mover as usize, choices);
                if i == places {
                    note(s, s.mover as usize, Action::END, choices);
                    self.restore_plain_legal(s);
                    return Some(Action::END);
                }
                let to = s.empty.nth(i as u32).expect("i is below the number of empty sites");
                let action = Action::place(to);
                note(s, s.mover as usize, action, choices);
                let before = s.board_hash;
                self.place_stone(s, w, to, piece, None, &mover);
                self.note_action(s, action);
                if self.game_ended_after(s, w, before) {
                    return None;
                }
                s.stage_done += 1;
                let stage_over = s.stage_done >= s.stage_max;
                // Whether a plain stage has begun, with its own piece and mover.
                let new_stage = if stage_over && self.is_last_stage(s) {
                    // The turn is over; the next one's plain stage, if it begins with one, goes
                    // on in the run without its legal set.
                    if !self.next_turn_in_run(s, w) {
                        return None;
                    }
                    true
                } else if stage_over || s.hands[mover.mover] == 0 || s.empty_count == 0 {
                    self.plain_stage_over(s, w);
                    // The next decision is most often the next turn's plain stage: the run goes
                    // on in it, with its legal set written.
                    if s.outcome.is_some() || !s.legal.plain {
                        return None;
                    }
                    true
                } else {
                    false
                };
                if s.actions >= cap {
                    self.restore_plain_legal(s);
                    return None;
                }
                if new_stage {
                    piece = self.current_stage(s).moves[0].piece;
                    mover = self.mover_env(s);
                }
            }
        })
    }

    /// Whether the stage at hand is the last of its phase: its end is the turn's.
    #[inline(always)]
    fn is_last_stage(&self, s: &State) -> bool {
        s.stage as usize + 1 == self.program.phases[s.phase[s.mover as usize] as usize].len()
    }

    /// The turn of a run ends after its last stage, and the next one begins, as
    /// [`Engine::end_turn`] makes them, through the same steps. Where the next turn begins with
    /// a plain stage in which the mover has a stone to place on an empty site, that stage is
    /// entered without writing its legal set: the run picks from the empty sites, and writes
    /// the set where it stops ([`Engine::restore_plain_legal`]). Returns whether the run goes
    /// on in a plain stage.
    #[inline(always)]
    fn next_turn_in_run(&self, s: &mut State, w: &mut Work) -> bool {
        // Past the last stage, as `next_stage` leaves it: a game that ends here shows it.
        s.stage += 1;
        if !self.cross_turn_in_run(s, w) {
            return false;
        }
        // Entered as `enter_stage` enters it, but for the listing: the stage's decision is
        // the empty sites (and `end` where the rest is optional), which are not none.
        if self.stage_program(s).plain
            && s.hands[s.mover as usize] != 0
            && s.empty_count > 0
            && self.set_bounds(s, w) > 0
        {
            return !self.end_rules(s, w, false, false);
        }
        // Any other beginning is the general one's.
        self.seek_first_decision(s, w);
        s.outcome.is_none() && s.legal.plain
    }

    /// A run of a plain stage has made the stage's last action, or its mover has no stone or
    /// no empty site left: the stage goes on to the next as after any action. Out of line, so
    /// that the run's loop is short and the general path's inlining is its own.
    #[inline(never)]
    fn plain_stage_over(&self, s: &mut State, w: &mut Work) {
        if s.stage_done < s.stage_max {
            // No placement is left in the stage: as the general loop finds it.
            self.generate(s, w);
            if !s.legal.is_empty() {
                return;
            }
        }
        self.next_stage(s, w);
    }

    /// The legal set of a plain stage's decision while its mover has stones: the empty sites,
    /// and `end` where the rest of the stage is optional.
    fn restore_plain_legal(&self, s: &mut State) {
        s.legal.set_plain_places(&s.empty, s.empty_count);
        s.legal.offer_end(s.offers_end());
    }
}
