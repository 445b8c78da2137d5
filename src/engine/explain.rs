//! Why an action is not legal now, in one line, for the person who typed it.
//!
//! A `FROM-TO` action is judged against the piece moves that may start from its origin, not
//! against the stage's first piece move: the one that makes it but for a rule judged on the
//! position after it; else the one whose pattern lands on the destination and comes furthest
//! through its tests; else the piece on the way that stops a rider; else the destination is out
//! of the piece's reach. A failed condition is told in its `(describe ...)` words, else in plain
//! words where its shape allows, and only else by its source text.

use super::eval::{Env, matches};
use super::generate::{Arrival, move_for};
use super::neutral::{NEUTRAL, is_team_piece};
use super::state::{State, Work};
use super::{Action, ActionKind, Engine};
use crate::game::{Bool, CmpOp, Constraint, Filter, Int, Move, MoveKind, Side, SiteVar, Sites, Stage};

/// How a piece move's pattern meets a destination, before what stands there and the move's
/// conditions are asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// The pattern ends there.
    Lands,
    /// The destination is on one of the move's lines, past the piece on this site.
    Blocked(u16),
    /// The destination is on one of the move's lines, `steps` away, but the move goes exactly
    /// `exact` steps.
    Distance { exact: u32, steps: u32 },
    /// A hop whose line leads there, with nothing it may jump on the way: the piece it may not
    /// jump, if one is there.
    NoJump(Option<u16>),
    /// The pattern does not lead there.
    Out,
}

/// Why a move whose pattern lands on the destination does not make the action, and how far
/// the action came through the move's tests (what stands there, the destinations the move
/// allows, its conditions, its promotion): of several moves, the one it came furthest with is
/// told.
struct Verdict {
    depth: u8,
    why: String,
}

impl Engine {
    /// Why `action` is not legal now, in one line.
    pub fn explain_illegal(&self, s: &State, action: Action) -> String {
        let stage = self.current_stage(s);
        let env = self.mover_env(s);
        let mut w = s.work.clone().expect("the scratch space is in the state between calls");
        if self.legal(s) == [Action::PASS] {
            return "you cannot move: your only action is `pass`".into();
        }
        if let Some(why) = self.narrowed_away(s, action) {
            return why;
        }
        if let Some(why) = self.drop_wrong(s, stage, action, &env) {
            return why;
        }
        match action.kind {
            ActionKind::Pass => return self.pass_wrong(s, &mut w, stage, action, &env),
            ActionKind::End => return end_wrong(s),
            _ => {}
        }
        if let Some(why) = self.promotion_choice_wrong(s, &mut w, stage, action, &env) {
            return why;
        }
        let Some(m) = move_for(stage, action) else { return self.kind_wrong(s, action) };
        match action.kind {
            ActionKind::Slide => self.piece_move_wrong(s, &mut w, stage, action, &env),
            _ => self.action_wrong(s, &mut w, stage, m, action, &env),
        }
    }

    /// A placement that names a kind the mover does not hold, or that no move may place.
    fn drop_wrong(&self, s: &State, stage: &Stage, action: Action, env: &Env) -> Option<String> {
        let (ActionKind::Place, Some(kind)) = (action.kind, action.promoted()) else { return None };
        let name = &self.game.pieces[kind as usize].name;
        if s.held[env.mover * self.game.pieces.len() + kind as usize] == 0 {
            return Some(format!("you have no {name} in hand"));
        }
        (!stage.moves.iter().any(|m| m.drops.contains(&kind))).then(|| format!("a {name} cannot be placed now"))
    }

    /// `pass`, or a named pass, refused: no such move now, or the condition it failed.
    fn pass_wrong(&self, s: &State, w: &mut Work, stage: &Stage, action: Action, env: &Env) -> String {
        let text = self.action_text(action);
        let Some(m) = move_for(stage, action) else {
            return match action.from {
                0 => "you can pass only when you have no other move".into(),
                _ => format!("`{text}` is not possible now"),
            };
        };
        for (c, condition) in m.conditions.iter().zip(&m.condition_text) {
            if !self.bool(s, w, c, env) {
                return format!("`{text}` {condition}");
            }
        }
        "it is not among the legal actions".into()
    }

    /// An action of a kind that no move of the stage makes: the kinds it does make.
    fn kind_wrong(&self, s: &State, action: Action) -> String {
        let mut allowed: Vec<&str> = Vec::new();
        for a in self.legal(s) {
            if !allowed.contains(&kind_name(a.kind)) {
                allowed.push(kind_name(a.kind));
            }
        }
        allowed.sort_unstable();
        format!("{} is not possible now; expected {}", kind_name(action.kind), allowed.join(" or "))
    }

    /// A placement, relocation or take refused by move `m`, the stage's move of its kind.
    fn action_wrong(&self, s: &State, w: &mut Work, stage: &Stage, m: &Move, action: Action, env: &Env) -> String {
        let e = Env { from: action.from, to: action.to, ..*env };
        let from = action.from;
        if action.kind == ActionKind::Place {
            if s.hands[env.mover] == 0 {
                return "you have no stones left in hand".into();
            }
        } else if let Some(why) = self.origin_wrong(s, stage, m, from, &e) {
            return why;
        }
        if let MoveKind::Relocate { distinct: true } = m.kind {
            if s.relocated.contains(&from) {
                return format!("the stone on {} was already relocated this turn", self.label(from));
            }
        }
        if action.kind == ActionKind::Take {
            for (c, text) in m.conditions.iter().zip(&m.condition_text) {
                if !self.bool(s, w, c, &e) {
                    return format!("the stone on {} {text}", self.label(action.to));
                }
            }
            return "it is not among the legal actions".into();
        }
        match self.landing_wrong(s, w, m, action, &e) {
            Some(verdict) => verdict.why,
            None => self.after_wrong(s, w, stage, m, action, &e),
        }
    }

    /// Why the piece on `from` may not be moved by `m`, if it may not: an empty site, another
    /// team's piece (whoever's it is, rather than what the move wanted), or one not in `m`'s
    /// origins.
    fn origin_wrong(&self, s: &State, stage: &Stage, m: &Move, from: u16, e: &Env) -> Option<String> {
        if s.board[from as usize] == 0 {
            return Some(format!("there is no {} on {}", self.noun(), self.label(from)));
        }
        if self.contains(s, &m.from, from, e) {
            return None;
        }
        let piece = self.piece_on(s, from);
        Some(match s.board[from as usize] {
            NEUTRAL => format!("{piece} is nobody's, not yours"),
            t if t as usize != e.subject + 1 => {
                let whose = self.game.teams.get(t as usize - 1).map_or("", String::as_str);
                format!("{piece} is {}, not yours", possessive(whose))
            }
            _ if stage.moves.iter().filter(|m| m.kind.moves_a_piece()).count() > 1 => {
                format!("{piece} cannot move now")
            }
            _ => format!("{piece} is not {}", self.describe(&m.from)),
        })
    }

    /// A `FROM-TO` action refused: judged against the piece moves that may start from its
    /// origin (see the module's documentation).
    fn piece_move_wrong(&self, s: &State, w: &mut Work, stage: &Stage, action: Action, env: &Env) -> String {
        let (from, to) = (action.from, action.to);
        let e = Env { from, to, ..*env };
        let starts =
            |m: &&Move| m.kind.moves_a_piece() && s.board[from as usize] != 0 && self.contains(s, &m.from, from, &e);
        let candidates: Vec<&Move> = stage.moves.iter().filter(starts).collect();
        if candidates.is_empty() {
            let first = stage.moves.iter().find(|m| m.kind.moves_a_piece()).or_else(|| move_for(stage, action));
            let why = first.and_then(|m| self.origin_wrong(s, stage, m, from, &e));
            return why.unwrap_or_else(|| "it is not among the legal actions".into());
        }
        if let Some(m) = self.move_making(s, w, &candidates, action, &e) {
            return self.after_wrong(s, w, stage, m, action, &e);
        }
        let reaches: Vec<Reach> = candidates.iter().map(|m| self.pattern_reach(s, w, m, from, to, &e)).collect();
        let landing = candidates.iter().zip(&reaches).filter(|(_, r)| **r == Reach::Lands).map(|(m, _)| *m);
        if let Some(verdict) = self.furthest_landing(s, w, landing, action, &e) {
            return verdict.why;
        }
        match reaches.iter().find(|r| **r != Reach::Out) {
            Some(&reach) => self.stopped(s, reach, from, to),
            None => self.out_of_reach(s, &candidates, from, to, env),
        }
    }

    /// Of the moves whose pattern lands on the destination, why the one the action came
    /// furthest with does not make it (the first of those that came as far).
    fn furthest_landing<'m>(
        &self,
        s: &State,
        w: &mut Work,
        moves: impl Iterator<Item = &'m Move>,
        action: Action,
        e: &Env,
    ) -> Option<Verdict> {
        let mut best: Option<Verdict> = None;
        for m in moves {
            let verdict = self.landing_wrong(s, w, m, action, e).unwrap_or_else(|| Verdict {
                depth: 0,
                why: format!("{} cannot go to {} with this move", self.label(action.from), self.label(action.to)),
            });
            if best.as_ref().is_none_or(|b| verdict.depth > b.depth) {
                best = Some(verdict);
            }
        }
        best
    }

    /// The first of `candidates` that makes `action` but for its `require`, `after` and
    /// `no-repeat` rules: the move [`Engine::move_of`] gives a legal action.
    fn move_making<'m>(
        &self,
        s: &State,
        w: &mut Work,
        candidates: &[&'m Move],
        action: Action,
        e: &Env,
    ) -> Option<&'m Move> {
        let mut found = Vec::new();
        candidates.iter().copied().find(|m| {
            found.clear();
            self.piece_actions_from(s, w, m, action.from, e, &mut found);
            found.contains(&action)
        })
    }

    /// A destination on the line of a move that does not get there, in words.
    fn stopped(&self, s: &State, reach: Reach, from: u16, to: u16) -> String {
        match reach {
            Reach::Blocked(site) => format!("{} is in the way", self.piece_on(s, site)),
            Reach::Distance { exact, steps } => {
                let piece = self.piece_on(s, from);
                format!("{piece} moves exactly {exact} step{} along that line, not {steps}", plural(exact))
            }
            Reach::NoJump(Some(mid)) => format!("{} cannot be jumped", self.piece_on(s, mid)),
            Reach::NoJump(None) => {
                format!("there is no {} to jump between {} and {}", self.noun(), self.label(from), self.label(to))
            }
            Reach::Lands | Reach::Out => format!("{} cannot go to {}", self.label(from), self.label(to)),
        }
    }

    /// A destination that none of the moves of the piece on `from` leads to. A piece with one
    /// move of one step is told which sites are next to it.
    fn out_of_reach(&self, s: &State, candidates: &[&Move], from: u16, to: u16, env: &Env) -> String {
        if let [Move { kind: MoveKind::Slide { along }, range: Some(1), .. }] = candidates[..] {
            let rel = &self.game.board.relations[self.program.rel(*along, env.subject) as usize];
            return format!("{} is not next to {} (along {})", self.label(to), self.label(from), rel.name);
        }
        format!("{} is out of reach of {}", self.label(to), self.piece_on(s, from))
    }

    /// How the pattern of piece move `m` from `from` meets `to` (see [`Reach`]).
    fn pattern_reach(&self, s: &State, w: &mut Work, m: &Move, from: u16, to: u16, e: &Env) -> Reach {
        let rel = |r: u8| self.program.rel(r, e.subject);
        match &m.kind {
            MoveKind::Slide { along } if m.range == Some(1) => {
                match self.game.board.relations[rel(*along) as usize].neighbors(from).contains(&to) {
                    true => Reach::Lands,
                    false => Reach::Out,
                }
            }
            MoveKind::Slide { along } => self.reach_line(s, rel(*along), m.range, None, from, to, |_| false),
            MoveKind::Ride { along, distance, through } => {
                let exact = distance.as_ref().map(|d| u32::try_from(self.int(s, w, d, e)).unwrap_or(0));
                if exact == Some(0) {
                    return Reach::Out;
                }
                let passes =
                    |t: u16| through.is_some_and(|f| matches(s.board[t as usize], s.kinds[t as usize], f, e.subject));
                self.reach_line(s, rel(*along), m.range, exact, from, to, passes)
            }
            MoveKind::Leap { paths, owned } => {
                let dir = |d: u8| if *owned { rel(d) } else { d };
                let end = |path: &Vec<u8>| path.iter().try_fold(from, |at, &d| self.rays.step(dir(d), at, 0));
                match paths.iter().any(|p| end(p) == Some(to)) {
                    true => Reach::Lands,
                    false => Reach::Out,
                }
            }
            MoveKind::Hop { over, jumped } => self.reach_hop(s, rel(*over), m.range, *jumped, from, to, e),
            MoveKind::Place
            | MoveKind::Relocate { .. }
            | MoveKind::Take
            | MoveKind::Sow { .. }
            | MoveKind::Pass { .. } => Reach::Out,
        }
    }

    /// [`Engine::pattern_reach`] for a rider along `rel`, within `range` steps or exactly `exact`,
    /// passing over the pieces that `passes` lets through.
    #[allow(clippy::too_many_arguments)]
    fn reach_line(
        &self,
        s: &State,
        rel: u8,
        range: Option<u32>,
        exact: Option<u32>,
        from: u16,
        to: u16,
        passes: impl Fn(u16) -> bool,
    ) -> Reach {
        let Some(way) = self.way(rel, from, to) else { return Reach::Out };
        let steps = way.len() as u32 + 1;
        match exact {
            Some(exact) if exact != steps => return Reach::Distance { exact, steps },
            None if range.is_some_and(|r| steps > r) => return Reach::Out,
            _ => {}
        }
        match way.into_iter().find(|&t| s.board[t as usize] != 0 && !passes(t)) {
            Some(site) => Reach::Blocked(site),
            None => Reach::Lands,
        }
    }

    /// [`Engine::pattern_reach`] for a hop over `over`: the destination two steps away (any number,
    /// for a long hop) with exactly one piece between, one that `jumped` accepts.
    #[allow(clippy::too_many_arguments)]
    fn reach_hop(&self, s: &State, over: u8, range: Option<u32>, jumped: Filter, from: u16, to: u16, e: &Env) -> Reach {
        let Some(way) = self.way(over, from, to) else { return Reach::Out };
        if range == Some(1) && way.len() != 1 {
            return Reach::Out;
        }
        let pieces: Vec<u16> = way.into_iter().filter(|&t| s.board[t as usize] != 0).collect();
        match pieces[..] {
            [] => Reach::NoJump(None),
            [mid] if matches(s.board[mid as usize], s.kinds[mid as usize], jumped, e.subject) => Reach::Lands,
            [mid] => Reach::NoJump(Some(mid)),
            [_, second, ..] => Reach::Blocked(second),
        }
    }

    /// The sites strictly between `from` and `to` along the direction of `rel` that leads from
    /// one to the other, if one does.
    fn way(&self, rel: u8, from: u16, to: u16) -> Option<Vec<u16>> {
        let limit = self.game.board.site_count();
        (0..self.rays.direction_count(rel)).find_map(|d| {
            let (mut at, mut way) = (from, Vec::new());
            // At most one step per site: a direction may come round again.
            for _ in 0..limit {
                let t = self.rays.step(rel, at, d)?;
                if t == to {
                    return Some(way);
                }
                way.push(t);
                at = t;
            }
            None
        })
    }

    /// Why move `m` does not put its piece or stone on `action.to`, if a test before the
    /// position after it rules it out: what stands there, the move's destinations, its
    /// conditions, its promotion.
    fn landing_wrong(&self, s: &State, w: &mut Work, m: &Move, action: Action, e: &Env) -> Option<Verdict> {
        let to = action.to;
        let content = s.board[to as usize];
        let captures = m.capture.is_some()
            && matches!(m.kind, MoveKind::Slide { .. } | MoveKind::Ride { .. } | MoveKind::Leap { .. });
        let takes = captures && is_team_piece(content);
        if content != 0 && !(takes && content != s.board[action.from as usize]) {
            return Some(Verdict { depth: 1, why: self.occupied(s, to, action.kind, e) });
        }
        if !self.contains(s, &m.to, to, e) {
            return Some(Verdict { depth: 2, why: self.destination_wrong(&m.to, to) });
        }
        for (c, text) in m.conditions.iter().zip(&m.condition_text) {
            if !self.bool(s, w, c, e) {
                let why = self.plain(s, w, c, e, false).unwrap_or_else(|| format!("{} {text}", self.label(to)));
                return Some(Verdict { depth: 2, why });
            }
        }
        // A placement's kind is the one taken from the hand, never a promotion.
        if action.kind == ActionKind::Place {
            return None;
        }
        self.promotion_wrong(m, action, e).map(|why| Verdict { depth: 3, why })
    }

    /// A destination that holds something a move may not land on: the mover's own piece is
    /// named as such.
    fn occupied(&self, s: &State, to: u16, kind: ActionKind, e: &Env) -> String {
        let own = s.board[to as usize] as usize == e.subject + 1;
        match (kind, own, self.game.has_kinds()) {
            (ActionKind::Slide, true, true) => {
                let name = &self.game.pieces[s.kinds[to as usize] as usize].name;
                format!("{} is occupied by your own {name}", self.label(to))
            }
            (ActionKind::Slide, true, false) => format!("{} is occupied by your own stone", self.label(to)),
            _ => format!("{} is occupied", self.label(to)),
        }
    }

    /// A destination not in a move's `to` set, said by what it holds where the set is a filter.
    fn destination_wrong(&self, sites: &Sites, to: u16) -> String {
        let label = self.label(to);
        let noun = self.noun();
        match sites {
            Sites::Filter(Filter::Occupied) => format!("{label} is empty"),
            Sites::Filter(Filter::Enemy) => format!("{label} holds no opponent's {noun}"),
            Sites::Filter(Filter::Friend) => format!("{label} holds none of your {noun}s"),
            Sites::Filter(Filter::Piece(side, k)) => format!("{label} does not hold {}", self.kind_words(*side, *k)),
            _ => format!("{label} is not {}", self.describe(sites)),
        }
    }

    /// Why the action that move `m` makes is still not legal: the position after it breaks a
    /// `require`, `after` or `no-repeat` rule, or a move of the stage's `(priority ...)` can be
    /// made.
    fn after_wrong(&self, s: &State, w: &mut Work, stage: &Stage, m: &Move, action: Action, e: &Env) -> String {
        let arrival = match action.kind {
            ActionKind::Slide => Arrival::of(s, action),
            _ => Arrival::Placed { kind: m.piece },
        };
        // `holds_after` puts the stone down and takes it back: on a copy, made only if needed.
        let mut after = None;
        for (r, text) in m.require.iter().zip(&m.require_text) {
            let after = after.get_or_insert_with(|| s.clone());
            if !self.holds_after(after, w, r, e, arrival, action.to) {
                return self.require_wrong(w, r, text, e);
            }
        }
        if !m.after.is_empty() || m.no_repeat.is_some() {
            if let Some(rule) = self.after_effects_fail(s, w, m, e, action) {
                return self.after_effect_wrong(s, w, m, rule, e);
            }
        }
        let index = stage.moves.iter().position(|x| std::ptr::eq(x, m)).unwrap_or(0);
        if stage.preferred > 0 && index >= stage.preferred {
            if let Some(&first) = self.legal(s).first() {
                return format!(
                    "a move in `(priority ...)` can be made, and then only those are legal (such as {})",
                    self.action_text(first)
                );
            }
        }
        "it is not among the legal actions".into()
    }

    /// A `require` constraint that the position after the action breaks; for `connected`, a
    /// site the fill did not reach.
    fn require_wrong(&self, w: &Work, r: &Constraint, text: &str, e: &Env) -> String {
        let Constraint::Connected { region, .. } = r else {
            return format!("afterwards {text} would not hold");
        };
        // The fill reached `visited`: name a site of the set it did not.
        let cut = w.fill.set.ones().find(|&site| !w.fill.visited.contains(site));
        let region = &self.game.regions[region.by_team[e.subject] as usize].name;
        match cut {
            Some(site) => format!("{} would be cut off from the {region} (the rule {text})", self.label(site)),
            None => format!("afterwards {text} would not hold"),
        }
    }

    /// The `after` condition (or the ban on repetition) that the action and its effects
    /// break, `rule` being its text: in plain words where its shape allows.
    fn after_effect_wrong(&self, s: &State, w: &mut Work, m: &Move, rule: &str, e: &Env) -> String {
        if m.no_repeat.is_some() && rule.starts_with("(no-repeat") {
            return "it would recreate an earlier position (the rule (no-repeat ...))".to_string();
        }
        let broken = m.after_text.iter().position(|t| std::ptr::eq(t.as_str(), rule));
        if let Some(words) = broken.and_then(|i| m.after_words.get(i)?.as_deref()) {
            return format!("{} {words}", self.label(e.to));
        }
        broken
            .map(|i| &m.after[i])
            .and_then(|c| self.plain(s, w, c, e, true))
            .unwrap_or_else(|| format!("after its effects, {rule} would not hold"))
    }

    /// A failed condition in plain words, where its shape is one of those below; `after`: it
    /// is asked of the position the action would leave.
    fn plain(&self, s: &State, w: &mut Work, c: &Bool, e: &Env, after: bool) -> Option<String> {
        match c {
            Bool::Is(Filter::Empty, var) => e.var(*var).and_then(|t| self.in_the_way(s, t)),
            Bool::IsAt(Filter::Empty, at) => self.one_site(s, at, e).and_then(|t| self.in_the_way(s, t)),
            Bool::In(var, Sites::Region(r)) => {
                let region = &self.game.regions[r.by_team[e.subject] as usize].name;
                Some(match var {
                    SiteVar::From => {
                        format!("{} is not in {region}, where this move must start", self.piece_on(s, e.from))
                    }
                    _ => format!("{} is not in {region}", self.label(e.var(*var)?)),
                })
            }
            Bool::Not(inner) => self.plain_not(s, inner, e, after),
            Bool::Unmoved(sites) => {
                let t = self.one_site(s, sites, e).filter(|&t| s.board[t as usize] != 0)?;
                Some(format!("{} has moved already", self.piece_on(s, t)))
            }
            Bool::Cmp(op, Int::Count(filter, sites), Int::Const(n)) => {
                self.plain_count(s, w, *op, *filter, sites, *n, e)
            }
            Bool::Reachable { pieces, region, .. } => {
                let what = match pieces {
                    Filter::Piece(_, k) => self.game.pieces[*k as usize].name.as_str(),
                    _ => "piece",
                };
                let goal = &self.game.regions[region.by_team[e.subject] as usize].name;
                Some(format!("it would leave a {what} no way to its {goal}"))
            }
            _ => None,
        }
    }

    /// [`Engine::plain`] for `(not CONDITION)`: a site in a region the move must avoid, or an
    /// attacked piece or site.
    fn plain_not(&self, s: &State, c: &Bool, e: &Env, after: bool) -> Option<String> {
        match c {
            Bool::In(var, Sites::Region(r)) => {
                let region = &self.game.regions[r.by_team[e.subject] as usize].name;
                Some(match var {
                    SiteVar::From => {
                        format!("{} is in {region}, where this move may not start", self.piece_on(s, e.from))
                    }
                    _ => format!("{} is in {region}, where this move may not end", self.label(e.var(*var)?)),
                })
            }
            Bool::Attacked(sites) => {
                let what = match sites {
                    Sites::Filter(Filter::Piece(Side::Friend, k)) => {
                        format!("your {}", self.game.pieces[*k as usize].name)
                    }
                    _ if after => self.label(self.one_site(s, sites, e)?).to_string(),
                    _ => {
                        let t = self.one_site(s, sites, e)?;
                        if s.board[t as usize] != 0 { self.piece_on(s, t) } else { self.label(t).to_string() }
                    }
                };
                Some(match after {
                    true => format!("it would leave {what} attacked"),
                    false => format!("{what} is attacked"),
                })
            }
            _ => None,
        }
    }

    /// [`Engine::plain`] for `(OP (count FILTER SITES) N)` over one site (what it must hold)
    /// or over the sites between two (how many must stand there).
    #[allow(clippy::too_many_arguments)]
    fn plain_count(
        &self,
        s: &State,
        w: &mut Work,
        op: CmpOp,
        filter: Filter,
        sites: &Sites,
        n: i64,
        e: &Env,
    ) -> Option<String> {
        let wants_one = matches!((op, n), (CmpOp::Eq | CmpOp::Ge, 1) | (CmpOp::Gt, 0));
        match sites {
            Sites::Between(a, b) => {
                let (a, b) = (e.var(*a)?, e.var(*b)?);
                let noun = match filter {
                    Filter::Occupied => self.noun(),
                    Filter::Empty => "empty site",
                    _ => return None,
                };
                let count = self.int(s, w, &Int::Count(filter, sites.clone()), e);
                let how = match op {
                    CmpOp::Eq => "exactly",
                    CmpOp::Ge => "at least",
                    CmpOp::Gt => "more than",
                    CmpOp::Le => "at most",
                    CmpOp::Lt => "fewer than",
                    CmpOp::Ne => "other than",
                };
                Some(format!(
                    "there must be {how} {n} {noun}{} between {} and {}, not {count}",
                    plural(n),
                    self.label(a),
                    self.label(b)
                ))
            }
            _ if wants_one && filter == Filter::Empty => self.one_site(s, sites, e).and_then(|t| self.in_the_way(s, t)),
            _ if wants_one => {
                let t = self.one_site(s, sites, e)?;
                let what = match filter {
                    Filter::Piece(side, k) => self.kind_words(side, k),
                    Filter::Friend => format!("one of your {}s", self.noun()),
                    Filter::Enemy => format!("an opponent's {}", self.noun()),
                    Filter::Occupied => format!("a {}", self.noun()),
                    Filter::Empty | Filter::Any => return None,
                };
                Some(format!("{} does not hold {what}", self.label(t)))
            }
            _ => None,
        }
    }

    /// The piece on `t` stands in the way, if one is there.
    fn in_the_way(&self, s: &State, t: u16) -> Option<String> {
        (s.board[t as usize] != 0).then(|| format!("{} is in the way", self.piece_on(s, t)))
    }

    /// The one site a site expression of a condition stands for (`(step from N)`, `from`), if
    /// it stands for exactly one.
    fn one_site(&self, s: &State, sites: &Sites, e: &Env) -> Option<u16> {
        let mut found = Vec::new();
        self.for_each_site(s, sites, e, |t| found.push(t));
        match found[..] {
            [t] => Some(t),
            _ => None,
        }
    }

    /// What the game calls what stands on a site: a piece in a game of kinds, else a stone.
    fn noun(&self) -> &'static str {
        if self.game.has_kinds() { "piece" } else { "stone" }
    }

    /// The piece on `site`, by its kind where the game has kinds: "the pawn on g7".
    fn piece_on(&self, s: &State, site: u16) -> String {
        let kind = self.game.pieces.get(s.kinds[site as usize] as usize).map_or(self.noun(), |k| k.name.as_str());
        format!("the {kind} on {}", self.label(site))
    }

    /// A kind of piece of one side, in words: "your rook", "an opponent's king", "a pawn".
    fn kind_words(&self, side: Side, k: u8) -> String {
        let name = &self.game.pieces[k as usize].name;
        match side {
            Side::Friend => format!("your {name}"),
            Side::Enemy => format!("an opponent's {name}"),
            Side::Anyone => format!("a {name}"),
        }
    }

    /// A set of sites in words, for messages.
    fn describe(&self, sites: &Sites) -> String {
        match sites {
            Sites::Filter(Filter::Piece(side, k)) => self.kind_words(*side, *k),
            _ => describe(sites).to_string(),
        }
    }
}

/// "s" after a count other than one.
fn plural(n: impl Into<i64>) -> &'static str {
    if n.into() == 1 { "" } else { "s" }
}

/// A team's name as the owner of something: "White's", "Defenders'".
fn possessive(name: &str) -> String {
    match name.ends_with('s') {
        true => format!("{name}'"),
        false => format!("{name}'s"),
    }
}

/// An action's kind in words.
fn kind_name(kind: ActionKind) -> &'static str {
    match kind {
        ActionKind::Place => "a placement",
        ActionKind::Slide => "a slide",
        ActionKind::Relocate => "a relocation",
        ActionKind::Take => "a take",
        ActionKind::End => "`end`",
        ActionKind::Pass => "`pass`",
    }
}

/// `end` refused: the turn still requires actions, or none of it is optional now.
fn end_wrong(s: &State) -> String {
    if s.stage_done < s.stage_min {
        let left = s.stage_min - s.stage_done;
        return format!("this turn still requires {left} more action{}", plural(left));
    }
    "nothing in this turn is optional now".into()
}

/// A set of sites in words, for messages.
fn describe(sites: &Sites) -> &'static str {
    match sites {
        Sites::Filter(Filter::Empty) => "empty",
        Sites::Filter(Filter::Friend) => "one of your stones",
        Sites::Filter(Filter::Enemy) => "an opponent's stone",
        Sites::Filter(Filter::Occupied) => "occupied",
        Sites::Filter(Filter::Any) => "on the board",
        Sites::Region(_) => "in the region this move allows",
        Sites::Neighbors(..) => "among the neighbours this move allows",
        Sites::Ray(..) => "on the rays this move allows",
        Sites::Flanks(..) => "among the stones this move flanks",
        Sites::Image(crate::game::Symmetry::Transpose, _) => "the mirror image this move allows",
        Sites::Image(crate::game::Symmetry::QuarterTurn, _) => "the turned image this move allows",
        Sites::At(_) => "the one site this move allows",
        Sites::Filter(Filter::Piece(..)) => "a piece of the kind this move allows",
        Sites::Sight(..) => "in sight along the lines this move allows",
        Sites::Step(..) => "the site this move's steps lead to",
        Sites::Between(..) => "between the two sites",
        Sites::Run(..) => "in the run",
        Sites::Visited => "where this turn's pieces have been",
        Sites::Part(..) => "in the part of the region this move allows",
        Sites::Select(..) => "among the sites this move allows",
    }
}
