//! Moves of a piece from one site to another — a slide of one step or along a line (a rider),
//! a leap, a hop — with capture by replacement or by jumping, and the choice of the move that
//! makes a `FROM-TO` action when a stage holds several.
//!
//! Every piece move lists its actions origin by origin ([`Engine::piece_moves_from`]); the
//! same routine answers "does this move make `FROM-TO`?" by listing one origin, so that what
//! is generated and what is applied cannot disagree.

use std::mem::take;

use super::bits::Bits;
use super::compile::BoolCode;
use super::eval::Env;
use super::generate::Arrival;
use super::neutral::{NEUTRAL, is_team_piece};
use super::state::{State, Work};
use super::{Action, ActionKind, Engine};
use crate::game::{Filter, Int, Move, MoveKind, Promotion, Recipient, Side, Sites, Stage};

impl Engine {
    /// Whether a piece of `owner` (what its site holds: a team's value, or [`NEUTRAL`]) moved by
    /// `m` may end on site `t`: an empty site, or — when the move captures — one holding a
    /// piece of another team (never one of nobody's); and `t` in the move's `to` set.
    /// `env` is the origin's: the destination's is made only for a set that reads it.
    #[inline]
    fn may_land(&self, s: &State, m: &Move, owner: u8, t: u16, landing: impl Landing, env: &Env) -> bool {
        let content = s.board[t as usize];
        (content == 0 || (m.capture.is_some() && content != owner && content != NEUTRAL))
            && landing.allows(t)
            && match &m.to {
                Sites::Filter(Filter::Any) => true,
                Sites::Filter(Filter::Empty) => content == 0,
                Sites::Filter(Filter::Enemy) => is_team_piece(content) && content as usize != env.subject + 1,
                to => self.contains(s, to, t, &Env { to: t, ..*env }),
            }
    }

    /// Pushes the actions of piece move `m` from origin `f` (which holds a piece) whose
    /// destination passes the move's `to` set and conditions.
    pub(crate) fn piece_moves_from(&self, s: &State, w: &mut Work, m: &Move, f: u16, env: &Env, out: &mut Vec<Action>) {
        self.piece_moves_landing(s, w, m, None, f, Anywhere, env, out);
    }

    /// [`Engine::piece_moves_from`] for a move some of whose conditions `landing` answers (see
    /// [`super::lower::MoveProgram::landing`]): it lands only on the mask's sites. `checks`:
    /// the move's conditions compiled ([`super::lower::MoveProgram::checks`]), asked instead of
    /// interpreting them.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn piece_moves_landing(
        &self,
        s: &State,
        w: &mut Work,
        m: &Move,
        checks: Option<&[BoolCode]>,
        f: u16,
        landing: impl Landing,
        env: &Env,
        out: &mut Vec<Action>,
    ) {
        let owner = s.board[f as usize];
        let with_from = Env { from: f, ..*env };
        let consider = |w: &mut Work, t: u16, out: &mut Vec<Action>| {
            self.consider(s, w, (m, checks), owner, t, landing, &with_from, out)
        };
        // An owned relation (`forward`) means the subject's version.
        let rel = |r: u8| self.program.rel(r, env.subject);
        match &m.kind {
            MoveKind::Slide { along } if m.range == Some(1) => {
                for &t in self.game.board.relations[rel(*along) as usize].neighbors(f) {
                    consider(w, t, out);
                }
            }
            // A rider that neither captures nor tests where it lands goes to the empty sites in
            // sight, in the same order as the walk below.
            MoveKind::Slide { along }
                if m.range.is_none()
                    && m.capture.is_none()
                    && m.conditions.is_empty()
                    && matches!(m.to, Sites::Filter(Filter::Empty | Filter::Any)) =>
            {
                self.rays.sight(rel(*along), &s.board, f, |t| {
                    if landing.allows(t) {
                        out.push(Action::slide(f, t));
                    }
                });
            }
            MoveKind::Slide { along } => {
                let along = &rel(*along);
                let limit = m.range.unwrap_or(u32::MAX);
                for d in 0..self.rays.direction_count(*along) {
                    let mut at = f;
                    let mut steps = 0;
                    while steps < limit {
                        let Some(t) = self.rays.step(*along, at, d) else { break };
                        consider(w, t, out);
                        if s.board[t as usize] != 0 {
                            break;
                        }
                        at = t;
                        steps += 1;
                    }
                }
            }
            MoveKind::Ride { along, distance, through } => {
                self.ride(s, w, m.range, rel(*along), distance.as_ref(), *through, f, &with_from, |w, t| {
                    consider(w, t, out)
                });
            }
            MoveKind::Leap { paths, owned } => {
                // Two paths may end on one site (`(E)` and `(N SE)`): its action is listed once.
                // (A site whose test failed fails it again: nothing is listed twice either way.)
                let start = out.len();
                for path in paths {
                    let end = match owned {
                        true => path.iter().try_fold(f, |at, &dir| self.rays.step(rel(dir), at, 0)),
                        false => path.iter().try_fold(f, |at, &dir| self.rays.step(dir, at, 0)),
                    };
                    if let Some(t) = end {
                        if !out[start..].contains(&Action::slide(f, t)) {
                            consider(w, t, out);
                        }
                    }
                }
            }
            MoveKind::Hop { over, jumped } if m.range != Some(1) => {
                let over = rel(*over);
                self.long_hops(
                    s,
                    over,
                    m.range,
                    f,
                    |mid| self.may_jump(s, mid, *jumped, env.subject),
                    |t| consider(w, t, out),
                );
            }
            MoveKind::Hop { over, jumped } => {
                let over = &rel(*over);
                for d in 0..self.rays.direction_count(*over) {
                    let Some(mid) = self.rays.step(*over, f, d) else { continue };
                    if !self.may_jump(s, mid, *jumped, env.subject) {
                        continue;
                    }
                    let Some(t) = self.rays.step(*over, mid, d) else { continue };
                    // A hop lands on an empty site only; what it captures is the piece jumped.
                    if s.board[t as usize] == 0 {
                        consider(w, t, out);
                    }
                }
            }
            MoveKind::Place
            | MoveKind::Relocate { .. }
            | MoveKind::Take
            | MoveKind::Sow { .. }
            | MoveKind::Pass { .. } => {}
        }
    }

    /// Pushes the action from `with_from.from` to `t` if the move may land there and its
    /// conditions hold. Inlined at each kind of move: a closure shared by all of them was not.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn consider(
        &self,
        s: &State,
        w: &mut Work,
        (m, checks): (&Move, Option<&[BoolCode]>),
        owner: u8,
        t: u16,
        landing: impl Landing,
        with_from: &Env,
        out: &mut Vec<Action>,
    ) {
        // The destination's environment is made only for a move with conditions: copying it
        // for every candidate cost more than the rest of a one-step move's test.
        if self.may_land(s, m, owner, t, landing, with_from)
            && (m.conditions.is_empty() || self.where_holds(s, w, (m, checks), &Env { to: t, ..*with_from }))
        {
            out.push(Action::slide(with_from.from, t));
        }
    }

    /// Whether a piece move's conditions hold for the action `e` binds: compiled, where the
    /// move has them so, or through the interpreter. Out of line, so that the test of a move
    /// with no conditions stays small where it is inlined.
    #[inline(never)]
    fn where_holds(&self, s: &State, w: &mut Work, (m, checks): (&Move, Option<&[BoolCode]>), e: &Env) -> bool {
        match checks {
            Some(checks) => checks.iter().all(|c| c.eval(self, s, w, e)),
            None => m.conditions.iter().all(|c| self.bool(s, w, c, e)),
        }
    }

    /// Calls `land` with each site a ride from `from` may end on, before its `to` set, capture
    /// and conditions are tested: along each direction of `along`, passing over pieces that
    /// match `through`, up to the first other piece; exactly `distance` steps away when it has
    /// one (counted with `from` bound), else within `range`.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    pub(crate) fn ride(
        &self,
        s: &State,
        w: &mut Work,
        range: Option<u32>,
        along: u8,
        distance: Option<&Int>,
        through: Option<Filter>,
        from: u16,
        env: &Env,
        mut land: impl FnMut(&mut Work, u16),
    ) {
        let exact = match distance {
            Some(d) => match u32::try_from(self.int(s, w, d, env)) {
                Ok(n) if n >= 1 => Some(n),
                _ => return,
            },
            None => None,
        };
        // At most one step per site: a direction may come round again.
        let limit = exact.or(range).unwrap_or(u32::MAX).min(self.game.board.site_count() as u32);
        for d in 0..self.rays.direction_count(along) {
            let (mut at, mut steps) = (from, 0);
            while steps < limit {
                let Some(t) = self.rays.step(along, at, d) else { break };
                steps += 1;
                if exact.is_none_or(|n| steps == n) {
                    land(w, t);
                }
                let content = s.board[t as usize];
                let passes =
                    through.is_some_and(|f| super::eval::matches(content, s.kinds[t as usize], f, env.subject));
                if content != 0 && !passes {
                    break;
                }
                at = t;
            }
        }
    }

    /// [`Engine::piece_moves_from`] with each move into the promotion's region made one action
    /// per kind: the actions themselves, for finding which move makes one.
    pub(crate) fn piece_actions_from(
        &self,
        s: &State,
        w: &mut Work,
        m: &Move,
        f: u16,
        env: &Env,
        out: &mut Vec<Action>,
    ) {
        let start = out.len();
        self.piece_moves_from(s, w, m, f, env, out);
        if let Some(p) = &m.promote {
            self.promotions(s, p, env.subject, out, start);
        }
    }

    /// Turns each move of `out[start..]` that ends in the mover's region of the promotion into
    /// one action per kind, in place and in order (the new list is written after the old one,
    /// which is then dropped: no allocation beyond the list's own growth). Done once the
    /// moves are listed, out of line, so that the loop of the moves without promotion is the
    /// same as it was. A piece of nobody's moved there keeps its kind, as under the `promote`
    /// effect: being nobody's is its kind's property.
    #[inline(never)]
    fn promotions(&self, s: &State, p: &Promotion, subject: usize, out: &mut Vec<Action>, start: usize) {
        let region = &self.region_bits[p.region.by_team[subject] as usize];
        let end = out.len();
        for i in start..end {
            let a = out[i];
            if region.contains(a.to) && !self.neutral_at(s, a.from) {
                for &k in &p.kinds {
                    out.push(Action::promote(a.from, a.to, k));
                }
            } else {
                out.push(a);
            }
        }
        out.drain(start..end);
    }

    /// Every action of piece move `m`: its origins in order, then the `require` constraints on
    /// the position after each. Out of line, so that the move generation of games without
    /// these moves compiles as it did.
    ///
    /// With `shared` (an earlier piece move of the stage could make the same actions), an
    /// action already listed by an earlier move of the stage is not listed again: two piece
    /// moves that can both make one `FROM-TO` make one action. `by_kind`: the mover's pieces
    /// by kind, when the stage sorted them ([`super::lower::StageProgram::by_kind`]).
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn piece_moves(
        &self,
        s: &mut State,
        w: &mut Work,
        (m, checks): (&Move, Option<&[BoolCode]>),
        shared: bool,
        by_kind: &[Vec<u16>],
        landing: Option<&Bits>,
        env: &Env,
        out: &mut Vec<Action>,
    ) {
        let start = out.len();
        match m.from {
            // The mover's pieces of one kind, sorted when the stage's moves began to be listed.
            Sites::Filter(Filter::Piece(Side::Friend, k)) if !by_kind.is_empty() => {
                for &f in &by_kind[k as usize] {
                    match landing {
                        None => self.piece_moves_landing(s, w, m, checks, f, Anywhere, env, out),
                        Some(mask) => self.piece_moves_landing(s, w, m, checks, f, mask, env, out),
                    }
                }
            }
            _ => {
                let mut origins = take(&mut w.origins);
                origins.clear();
                self.for_each_site(s, &m.from, env, |f| {
                    if s.board[f as usize] != 0 {
                        origins.push(f);
                    }
                });
                for &f in &origins {
                    match landing {
                        None => self.piece_moves_landing(s, w, m, checks, f, Anywhere, env, out),
                        Some(mask) => self.piece_moves_landing(s, w, m, checks, f, mask, env, out),
                    }
                }
                w.origins = origins;
            }
        }
        if let Some(p) = &m.promote {
            self.promotions(s, p, env.subject, out, start);
        }
        if m.require.is_empty() && !shared {
            return;
        }
        let mut kept = start;
        for i in start..out.len() {
            let a = out[i];
            let e = Env { from: a.from, ..*env };
            if (!shared || !out[..start].contains(&a))
                && m.require.iter().all(|r| self.holds_after(s, w, r, &e, Arrival::of(s, a), a.to))
            {
                out[kept] = a;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// The move of the current stage that makes `action`. A `FROM-TO` action belongs to the
    /// first piece move of the stage (in the order written) that can make it now; every other
    /// action to the move of its kind.
    #[inline]
    pub(crate) fn move_of<'g>(&'g self, s: &State, w: &mut Work, stage: &'g Stage, action: Action) -> Option<&'g Move> {
        self.move_index_of(s, w, stage, action, false).map(|i| &stage.moves[i])
    }

    /// [`Engine::move_of`] for an action known to be legal: when every earlier piece move has
    /// been ruled out, the last one that could start from the action's site is the one, without
    /// generating its actions again. The move is given by its index in the stage, which is its
    /// index in the stage's program too.
    #[inline]
    pub(crate) fn move_of_legal(&self, s: &State, w: &mut Work, stage: &Stage, action: Action) -> Option<usize> {
        self.move_index_of(s, w, stage, action, true)
    }

    /// The index of the move that makes `action`; `legal`: the action is known to be legal.
    /// Always inlined: every action asks it.
    #[inline(always)]
    fn move_index_of(&self, s: &State, w: &mut Work, stage: &Stage, action: Action, legal: bool) -> Option<usize> {
        if action.kind != ActionKind::Slide || self.stage_program(s).piece_moves < 2 {
            return super::generate::move_index(stage, action);
        }
        // The listing noted which move listed each legal action: the first that can make it.
        if legal && let Some(i) = s.legal.owner(action) {
            debug_assert_eq!(Some(i), self.piece_move_of(s, w, stage, action, true), "{}", self.action_text(action));
            return Some(i);
        }
        self.piece_move_of(s, w, stage, action, legal)
    }

    /// [`Engine::move_of`] among several piece moves: the index of the first that makes the
    /// action.
    #[inline(never)]
    fn piece_move_of(&self, s: &State, w: &mut Work, stage: &Stage, action: Action, legal: bool) -> Option<usize> {
        let env = Env { from: action.from, ..self.mover_env(s) };
        let can_start = |m: &Move| {
            m.kind.moves_a_piece() && s.board[action.from as usize] != 0 && self.contains(s, &m.from, action.from, &env)
        };
        let mut candidates = stage.moves.iter().enumerate().filter(|(_, m)| can_start(m)).peekable();
        let mut found = take(&mut w.found);
        let mut owner = None;
        while let Some((i, m)) = candidates.next() {
            if legal && candidates.peek().is_none() {
                owner = Some(i);
                break;
            }
            found.clear();
            self.piece_actions_from(s, w, m, action.from, &env, &mut found);
            if found.contains(&action) && (!legal || !self.yields(s, w, stage, i, &env, action, &mut found)) {
                owner = Some(i);
                break;
            }
        }
        w.found = found;
        owner
    }

    /// Whether the legal `action`, listed by the stage's move `i`, is a later move's instead:
    /// one the lowering found could make it too ([`super::lower::MoveProgram::yields_to`])
    /// makes it here, and move `i`'s `require`, `after` or `no-repeat` rules it out
    /// (LANGUAGE.md: the action is the first one's that *can* make it). `found`: scratch.
    #[allow(clippy::too_many_arguments)]
    fn yields(
        &self,
        s: &State,
        w: &mut Work,
        stage: &Stage,
        i: usize,
        env: &Env,
        action: Action,
        found: &mut Vec<Action>,
    ) -> bool {
        let yields_to = &self.stage_program(s).moves[i].yields_to;
        let later_makes = yields_to.iter().any(|&j| {
            let later = &stage.moves[j as usize];
            found.clear();
            self.contains(s, &later.from, action.from, env) && {
                self.piece_actions_from(s, w, later, action.from, env, found);
                found.contains(&action)
            }
        });
        later_makes && !self.passes_tests_after(s, w, &stage.moves[i], env, action)
    }

    /// Whether `action` of piece move `m` passes `m`'s `require`, `after` and `no-repeat`, the
    /// tests that the listing makes once the origins' actions are known; on the copy of the
    /// position kept for such tests ([`Engine::on_copy`]).
    fn passes_tests_after(&self, s: &State, w: &mut Work, m: &Move, env: &Env, action: Action) -> bool {
        let arrival = Arrival::of(s, action);
        let required = m.require.is_empty()
            || self
                .on_copy(s, w, |t, tw| m.require.iter().all(|r| self.holds_after(t, tw, r, env, arrival, action.to)));
        required
            && ((m.after.is_empty() && m.no_repeat.is_none())
                || self.after_effects_fail(s, w, m, env, action).is_none())
    }

    /// Takes the piece on `victim` off the board as a capture by `m`, crediting its counter.
    pub(crate) fn capture(&self, s: &mut State, w: &mut Work, m: &Move, victim: u16, subject: usize) {
        self.credit_capture(s, w, m, victim, subject);
        self.to_hand(s, victim);
        self.lift(s, w, victim);
    }

    /// A capture by `m` whose piece stays on `victim` until the turn ends
    /// (`(capture (at turn-end))`): credited now, taken off by [`Engine::remove_deferred`].
    fn defer_capture(&self, s: &mut State, w: &mut Work, m: &Move, victim: u16, subject: usize) {
        self.credit_capture(s, w, m, victim, subject);
        s.deferred.push(victim);
    }

    /// Takes off the pieces captured this turn that waited for its end.
    pub(crate) fn remove_deferred(&self, s: &mut State, w: &mut Work) {
        for i in 0..s.deferred.len() {
            let site = s.deferred[i];
            // Something else may have taken it off meanwhile.
            if s.board[site as usize] != 0 {
                self.to_hand(s, site);
                self.lift(s, w, site);
            }
        }
        s.deferred.clear();
    }

    /// Credits the counter of `m`'s capture for the piece on `victim`.
    fn credit_capture(&self, s: &mut State, w: &mut Work, m: &Move, victim: u16, subject: usize) {
        let owner = s.board[victim as usize] as usize - 1;
        if let Some(Some((counter, recipient))) = m.capture.map(|c| c.credit) {
            let team = if recipient == Recipient::Mover { subject } else { owner };
            let c = &mut s.counters[counter * s.stones.len() + team];
            *c = w.checked(c.checked_add(1), c.saturating_add(1));
        }
    }

    /// Whether a hop may jump the piece on `mid`: one is there, `jumped` (read for `subject`)
    /// matches it, and it is not a piece already captured this turn that waits to leave
    /// (`(capture (at turn-end))`), which is never jumped twice.
    #[inline(always)]
    fn may_jump(&self, s: &State, mid: u16, jumped: Filter, subject: usize) -> bool {
        s.board[mid as usize] != 0
            && super::eval::matches(s.board[mid as usize], s.kinds[mid as usize], jumped, subject)
            && (s.deferred.is_empty() || !s.deferred.contains(&mid))
    }

    /// The landing sites of a hop of `range` (`None`: any) from `from` along `over`, each
    /// found by calling `land`: along each direction, up to `range` steps over empty sites to
    /// the first piece, which `jumpable` must accept, then each empty site beyond it, up to
    /// `range` steps, until the next piece. A draughts king's flying capture.
    pub(crate) fn long_hops(
        &self,
        s: &State,
        over: u8,
        range: Option<u32>,
        from: u16,
        jumpable: impl Fn(u16) -> bool,
        mut land: impl FnMut(u16),
    ) {
        // At most one step per site: a direction may come round again.
        let limit = range.unwrap_or(u32::MAX).min(self.game.board.site_count() as u32);
        for d in 0..self.rays.direction_count(over) {
            let (mut at, mut steps) = (from, 0);
            let mid = loop {
                if steps == limit {
                    break None;
                }
                let Some(t) = self.rays.step(over, at, d) else { break None };
                if s.board[t as usize] != 0 {
                    break Some(t);
                }
                (at, steps) = (t, steps + 1);
            };
            let Some(mid) = mid.filter(|&mid| jumpable(mid)) else { continue };
            let (mut at, mut steps) = (mid, 0);
            while steps < limit {
                let Some(t) = self.rays.step(over, at, d) else { break };
                if s.board[t as usize] != 0 {
                    break;
                }
                land(t);
                (at, steps) = (t, steps + 1);
            }
        }
    }

    /// The site a hop of `range` (`None`: any) from `from` to `to` along `over` jumps: the one
    /// piece on the straight line between them, at most twice the range away (for a plain hop,
    /// the one step from both).
    pub(crate) fn jumped(&self, s: &State, over: u8, range: Option<u32>, from: u16, to: u16) -> Option<u16> {
        let limit = range.map_or(u32::MAX, |r| r.saturating_mul(2)).min(self.game.board.site_count() as u32);
        (0..self.rays.direction_count(over)).find_map(|d| {
            let (mut at, mut mid) = (from, None);
            for _ in 0..limit {
                let t = self.rays.step(over, at, d)?;
                if t == to {
                    return mid;
                }
                if s.board[t as usize] != 0 {
                    if mid.is_some() {
                        return None;
                    }
                    mid = Some(t);
                }
                at = t;
            }
            None
        })
    }

    /// Makes a `FROM-TO` action of piece move `m` (or of no move, for an action given without
    /// one): the piece travels with its owner and kind — or becomes the kind a promotion
    /// chose; a piece on the destination is captured (replacement), and a hop that captures
    /// removes the enemy piece it jumps.
    #[inline(always)]
    pub(crate) fn move_piece(&self, s: &mut State, w: &mut Work, m: Option<&Move>, action: Action, subject: usize) {
        let (from, to) = (action.from, action.to);
        // What the origin holds travels: a team's piece or one of nobody's, with its kind.
        let content = s.board[from as usize];
        if s.board[to as usize] != 0 {
            if let Some(m) = m {
                self.capture(s, w, m, to, subject);
            }
        }
        if let Some(m @ Move { kind: MoveKind::Hop { over, .. }, capture: Some(capture), .. }) = m {
            if let Some(mid) = self.jumped(s, self.program.rel(*over, subject), m.range, from, to) {
                let jumped = s.board[mid as usize];
                if is_team_piece(jumped) && jumped != content {
                    if capture.at_turn_end {
                        self.defer_capture(s, w, m, mid, subject);
                    } else {
                        self.capture(s, w, m, mid, subject);
                    }
                }
            }
        }
        // A promotion changes the kind as the piece arrives, before the move's `then`.
        let kind = match action.promoted() {
            Some(kind) => {
                self.note_promotion(s, from);
                kind
            }
            None => s.kinds[from as usize],
        };
        self.carry(s, w, from, to, kind);
    }
}

/// Where a piece move may land besides its `to` set: anywhere, or on a mask's sites (a move's
/// `(in to REGION)` conditions, [`super::lower::MoveProgram::landing`]). A type, so that the
/// moves without a mask are listed by code without the test.
pub(crate) trait Landing: Copy {
    fn allows(self, site: u16) -> bool;
}

/// No mask: every site the move's `to` set and conditions allow.
#[derive(Clone, Copy)]
pub(crate) struct Anywhere;

impl Landing for Anywhere {
    #[inline(always)]
    fn allows(self, _: u16) -> bool {
        true
    }
}

impl Landing for &Bits {
    #[inline(always)]
    fn allows(self, site: u16) -> bool {
        self.contains(site)
    }
}
