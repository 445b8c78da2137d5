//! The position after an action *and its effects*, for the rules that judge an action by what
//! it leaves: `(after CONDITION...)` and `(no-repeat ...)`. The general path makes each
//! candidate action on a copy of the position, once, and asks both questions of that copy.
//! (The common capture rule answers them without a copy: [`super::enclose`].)

use super::eval::Env;
use super::fills::Fills;
use super::reach::Ask;
use super::state::{State, Work};
use super::{Action, ActionKind, Engine};
use crate::game::{Move, Repeat};

/// How deep `(no-reply)` questions nest: the replies are judged by their own rules, but a
/// reply's own `(no-reply)` is not asked (it is false: a reply to the reply is taken to exist).
/// Asked, it would hang each answer on the next down to the end of the game, where in a game
/// such as LANGUAGE.md's "Last gap" no move would ever be legal.
const REPLY_DEPTH: u8 = 1;

impl Engine {
    /// Whether a position with this board hash is banned for a move with `ban`: any position
    /// the game has had (superko), or the one before the last action (ko).
    #[inline]
    pub(crate) fn repeats(&self, s: &State, ban: Repeat, hash: u64) -> bool {
        match ban {
            Repeat::Any => s.history.contains(hash),
            Repeat::Last => s.actions > 0 && hash == s.before_last,
        }
    }

    /// Whether the action (a placement or a slide of `m`) passes `m`'s `after` conditions and
    /// its ban on repetition: the action and its effects are made on a copy of the position.
    /// Returns the text of the rule it breaks, if any.
    pub(crate) fn after_effects_fail<'m>(
        &self,
        s: &State,
        w: &mut Work,
        m: &'m Move,
        env: &Env,
        action: Action,
    ) -> Option<&'m str> {
        self.on_copy(s, w, |t, tw| self.fails_after(s, t, tw, m, env, action))
    }

    /// Runs `f` on a copy of the position and of its scratch space, for a rule that makes an
    /// action to judge it. The copy is kept in `w` from call to call: copying into it reuses
    /// its buffers.
    pub(crate) fn on_copy<T>(&self, s: &State, w: &mut Work, f: impl FnOnce(&mut State, &mut Work) -> T) -> T {
        let mut scratch = after_scratch(s, w);
        scratch.0.copy_position_from(s);
        if self.reply_reads_history {
            scratch.0.history.clone_from(&s.history);
            scratch.0.before_last = s.board_hash;
        }
        scratch.1.clone_from(w);
        let out = f(&mut scratch.0, &mut scratch.1);
        w.after = Some(scratch);
        out
    }

    /// [`Engine::after_effects_fail`] on `t`, a copy of `s`.
    fn fails_after<'m>(
        &self,
        s: &State,
        t: &mut State,
        tw: &mut Work,
        m: &'m Move,
        env: &Env,
        action: Action,
    ) -> Option<&'m str> {
        match action.kind {
            // As `apply` makes them: a placement with its kind (nobody's piece for a kind of
            // nobody's) and from the hand; a piece that keeps or changes its kind and captures
            // what it lands on.
            ActionKind::Place => self.place_stone(t, tw, action.to, action.promoted().unwrap_or(m.piece), None, env),
            ActionKind::Slide => self.move_piece(t, tw, Some(m), action, env.subject),
            _ => return None,
        }
        t.arrival = Some(action.to);
        t.last_arrival = Some(action.to);
        let e = Env { to: action.to, from: action.from, last: Some(action.to), ..*env };
        self.effects(t, tw, &m.then, &e);
        for (c, text) in m.after.iter().zip(&m.after_text) {
            if !self.bool(t, tw, c, &e) {
                return Some(text);
            }
        }
        match m.no_repeat {
            Some(ban) if self.repeats(s, ban, t.board_hash) => Some(match ban {
                Repeat::Any => "(no-repeat superko)",
                Repeat::Last => "(no-repeat ko)",
            }),
            _ => None,
        }
    }

    /// `(no-reply)`, asked of `s`, the position an action leaves (after its effects, in a
    /// move's `after`): whether the player after `mover` could not begin his turn, were the
    /// turn to end now. His turn is tried as `nobody-can-move` tries one: on a copy, in his
    /// phase, with no allowance in force; his actions are judged by their own rules but for a
    /// `(no-reply)` of theirs ([`REPLY_DEPTH`]). The copy is kept in `w` from call to call.
    #[cold]
    #[inline(never)]
    pub(crate) fn no_reply(&self, s: &State, w: &mut Work, mover: usize) -> bool {
        if w.replies >= REPLY_DEPTH {
            return false;
        }
        let sites = s.board.len();
        let mut copy = w.reply.take().unwrap_or_else(|| {
            let mut copy = Box::new((s.clone(), w.clone()));
            copy.0.legal = super::legal::Legal::new(sites);
            copy
        });
        let (t, tw) = &mut *copy;
        t.copy_position_from(s);
        // A reply banned from repeating a position reads the history, with the position the
        // action leaves in it, and `before_last` the one it started from (as `apply` keeps them).
        if self.reply_reads_history {
            t.history.clone_from(&s.history);
            t.history.record(s.board_hash);
        }
        tw.clone_from(w);
        tw.replies = w.replies + 1;
        self.hand_over(t, mover);
        let blocked = !self.first_decision(t, tw);
        w.reply = Some(copy);
        blocked
    }

    /// Narrows a move's candidate placements (in `places`) to those that pass its `after`
    /// conditions and its ban. With `fills` (the move only fills sites and asks only whether
    /// pieces still have a way, [`super::fills`]) a candidate is not made on a copy: a way
    /// kept from an earlier answer that avoids what it fills passes it, and where its pieces
    /// close what they fill ([`Fills::closes`]) the ways are sought with those sites closed.
    pub(crate) fn places_after_effects(
        &self,
        s: &State,
        w: &mut Work,
        m: &Move,
        env: &Env,
        fills: Option<&Fills>,
        places: &mut super::bits::Bits,
    ) {
        let mut keep = std::mem::take(&mut w.mask);
        keep.copy_from(places);
        for t in places.ones() {
            let judged = fills.and_then(|fills| self.judge_filling(s, w, m, env, fills, t));
            if !judged.unwrap_or_else(|| self.after_effects_fail(s, w, m, env, Action::place(t)).is_none()) {
                keep.remove(t);
            }
        }
        places.copy_from(&keep);
        w.mask = keep;
    }

    /// Whether the placement on `t` passes, judged from the sites it fills without making it:
    /// `None` where that cannot tell (it fills a site that is not empty, or its pieces do not
    /// close what they fill and no kept way avoids it).
    fn judge_filling(&self, s: &State, w: &mut Work, m: &Move, env: &Env, fills: &Fills, t: u16) -> Option<bool> {
        let filled = fills.of(env.subject, t);
        if !filled.iter().all(|&f| s.empty.contains(f)) {
            return None;
        }
        if self.leaves_a_kept_way(s, w, m, env, filled) {
            return Some(true);
        }
        fills.closes.then(|| self.keeps_ways_closing(s, w, m, env, filled))
    }

    /// For a placement that fills `filled` (see `places_after_effects`): whether each of its
    /// `after` questions has a way kept from an earlier answer that is open now and runs
    /// through none of those sites. Such a way is open after the placement too. False where it
    /// cannot tell.
    fn leaves_a_kept_way(&self, s: &State, w: &Work, m: &Move, env: &Env, filled: &[u16]) -> bool {
        // The ways are kept where the questions were asked: in the copy's scratch space.
        w.after.as_ref().is_some_and(|copy| {
            m.after
                .iter()
                .all(|c| Ask::of(c).is_some_and(|ask| self.kept_way_avoids(s, &copy.1.reach, ask, env, filled)))
        })
    }

    /// For a placement that fills `filled`, closing them all ([`Fills::closes`]): the answer
    /// to its `after` questions, sought through none of them, with the ways kept in the
    /// copy's scratch space.
    fn keeps_ways_closing(&self, s: &State, w: &mut Work, m: &Move, env: &Env, filled: &[u16]) -> bool {
        let mut copy = after_scratch(s, w);
        let keeps = m.after.iter().all(|c| {
            let ask = Ask::of(c).expect("a placement that only fills sites asks only `reachable` (lower::fills_only)");
            self.reachable_closing(s, &mut copy.1.reach, ask, env, filled)
        });
        w.after = Some(copy);
        keeps
    }
}

/// The copy of the position and its scratch space that actions are judged on, kept in `w`
/// from call to call (taken out; the caller puts it back): made on first use.
fn after_scratch(s: &State, w: &mut Work) -> Box<(State, Work)> {
    w.after.take().unwrap_or_else(|| Box::new((s.clone(), w.clone())))
}
