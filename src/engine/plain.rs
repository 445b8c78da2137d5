//! Random playouts through a plain stage: the shortest way of playing the placements of a
//! stage that is one unconditional placement on any empty site with no effects, chosen once
//! by the lowering ([`super::lower::StageProgram::plain`]).
//!
//! While such a stage lasts, the actions of its decision are the empty sites, and `end` where
//! the rest of the stage is optional: a random one is found from the empty sites themselves,
//! without the legal set, and made without asking which move makes it. The run goes on
//! through the stage's end into the next plain stage (most often the next turn's), until a
//! decision of another kind or the game's end, and writes the legal set again only where it
//! stops inside a stage. Every random number, action and position is the one the general loop of
//! [`super::playout::play_out_capped`] would make one action at a time: `playout::tests`
//! compares the two on every bundled game and variant.

use super::state::{State, Work};
use super::{Action, Engine};

impl Engine {
    /// Plays uniformly random actions of the decision at hand, a plain stage's, and of the
    /// plain stages that follow it, until a decision of another kind, the end of the game or
    /// `cap` actions made in all. Returns `end` when the
    /// run draws it: the caller makes it as any action (the legal set is written again for it).
    pub(crate) fn play_plain_stage<R: rand::Rng>(&self, s: &mut State, rng: &mut R, cap: u32) -> Option<Action> {
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
                let i = rng.random_range(0..places + usize::from(end));
                if i == places {
                    self.restore_plain_legal(s);
                    return Some(Action::END);
                }
                let to = s.empty.nth(i as u32).expect("i is below the number of empty sites");
                let action = Action::place(to);
                let before = s.board_hash;
                self.place_stone(s, w, to, piece, None, &mover);
                self.note_action(s, action);
                if self.game_ended_after(s, w, before) {
                    return None;
                }
                s.stage_done += 1;
                if s.stage_done >= s.stage_max || s.hands[mover.mover] == 0 || s.empty_count == 0 {
                    self.plain_stage_over(s, w);
                    // The next decision is most often the next turn's plain stage: the run goes
                    // on in it, with that stage's piece and mover, its legal set written.
                    if s.outcome.is_some() || !s.legal.plain || s.actions >= cap {
                        return None;
                    }
                    piece = self.current_stage(s).moves[0].piece;
                    mover = self.mover_env(s);
                    continue;
                }
                if s.actions >= cap {
                    self.restore_plain_legal(s);
                    return None;
                }
            }
        })
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
