//! Legal actions of the decision at hand (why an action is not one of them: [`super::explain`]).

use std::mem::take;

use super::attack::Guard;
use super::bits::Bits;
use super::connect;
use super::eval::{Env, matches};
use super::legal::{Legal, Steps};
use super::lower::{Condition, Generator, MaskedPlaces, MoveProgram, PlaceMask, Require, StageProgram};
use super::neutral::{NEUTRAL, is_team_piece};
use super::state::{State, Work};
use super::{Action, ActionKind, Engine};
use crate::game::{Bool, Constraint, Filter, Move, MoveKind, SiteVar, Sites, Stage};

/// What the moves of a stage that is not plain share while its actions are listed.
struct StageScratch {
    guard: Option<(u16, Option<Guard>)>,
    /// The mover's pieces by kind ([`StageProgram::by_kind`]).
    by_kind: Option<Vec<Vec<u16>>>,
}

impl Engine {
    /// The environment of the mover's rules.
    pub(crate) fn mover_env(&self, s: &State) -> Env {
        self.player_env(s, s.mover as usize)
    }

    /// The environment of `player`'s rules, as if it were his turn.
    pub(crate) fn player_env(&self, s: &State, player: usize) -> Env {
        Env {
            subject: self.game.players[player].team,
            mover: player,
            last: s.last_arrival,
            previous: s.previous,
            ..Env::default()
        }
    }

    /// How the current stage is run.
    #[inline]
    pub(crate) fn stage_program(&self, s: &State) -> &StageProgram {
        &self.program.phases[s.phase[s.mover as usize] as usize][s.stage as usize]
    }

    pub(crate) fn current_stage(&self, s: &State) -> &Stage {
        &self.game.phases[s.phase[s.mover as usize] as usize].stages[s.stage as usize]
    }

    /// Fills `s.legal` with the actions of the current stage (`end` included when the rest of
    /// the stage is optional and something else is possible).
    pub(crate) fn generate(&self, s: &mut State, w: &mut Work) {
        let stage_program = self.stage_program(s);
        if stage_program.plain {
            return self.generate_plain(s);
        }
        if let Some(steps) = stage_program.steps_only {
            return self.generate_steps(s, w, steps);
        }
        if let Some(masked) = &stage_program.masked_places {
            return self.generate_masked_places(s, w, masked);
        }
        // A capture deferred to the end of a sequence leaves a piece that may not be jumped
        // again, which the shifts do not know.
        if let Some(shifts) = &stage_program.shift_steps
            && s.deferred.is_empty()
        {
            return self.generate_shifts(s, w, shifts);
        }
        let mut legal = take(&mut s.legal);
        legal.clear();
        let mut rest = take(&mut legal.rest);
        let env = self.mover_env(s);
        let stage = self.current_stage(s);
        if stage_program.plain_moves {
            for (i, (m, program)) in stage.moves.iter().zip(&stage_program.moves).enumerate() {
                self.move_actions(s, w, (m, program), &env, None, &mut legal, &mut rest);
                legal.note_owner(&rest, i);
            }
        } else {
            self.guarded_stage_actions(s, w, &env, &mut legal, &mut rest);
        }
        legal.rest = rest;
        legal.offer_end(s.offers_end());
        // The placeholder `take` left is still empty and owns no memory: forgotten, it skips
        // the drop glue (a call per decision).
        let placeholder = std::mem::replace(&mut s.legal, legal);
        debug_assert!(placeholder.owns_nothing());
        std::mem::forget(placeholder);
    }

    /// [`Engine::generate`] for a [`StageProgram::plain`] stage: every empty site while the
    /// mover has a stone, and `end` where the rest of the stage is optional.
    fn generate_plain(&self, s: &mut State) {
        if s.hands[s.mover as usize] == 0 {
            s.legal.clear();
            return;
        }
        s.legal.set_plain_places(&s.empty, s.empty_count);
        s.legal.offer_end(s.offers_end());
    }

    /// [`Engine::generate`] for a [`StageProgram::masked_places`] stage: the empty sites in
    /// every bitset of the mover's team while he has a stone, and `end` where the rest of the
    /// stage is optional.
    fn generate_masked_places(&self, s: &mut State, w: &Work, masked: &MaskedPlaces) {
        if s.hands[s.mover as usize] == 0 {
            s.legal.clear();
            return;
        }
        let team = self.game.players[s.mover as usize].team;
        s.legal.set_masked_places(&s.empty, self.place_masks(team, w, masked));
        s.legal.offer_end(s.offers_end());
    }

    /// The bitsets of `team` that narrow a masked stage's placements.
    #[inline(always)]
    fn place_masks<'a>(&'a self, team: usize, w: &'a Work, masked: &'a MaskedPlaces) -> impl Iterator<Item = &'a Bits> {
        masked.by_team[team].iter().map(|&mask| match mask {
            PlaceMask::Region(r) => &self.region_bits[r as usize],
            PlaceMask::KeptRange(slot) => &w.in_range[slot],
        })
    }

    /// The placements of a [`StageProgram::masked_places`] stage, into `out`: the empty sites
    /// in every bitset of the mover's team; returns their number, 0 (and `out` as it was) while
    /// he has no stone. What [`Engine::generate_masked_places`] lists, for a run of them
    /// ([`super::runs`]).
    #[inline(always)]
    pub(super) fn masked_sites(&self, s: &State, w: &Work, masked: &MaskedPlaces, out: &mut Bits) -> u32 {
        if s.hands[s.mover as usize] == 0 {
            return 0;
        }
        out.copy_from(&s.empty);
        for mask in self.place_masks(self.game.players[s.mover as usize].team, w, masked) {
            out.and_with(mask);
        }
        out.count()
    }

    /// [`Engine::generate`] for a [`StageProgram::shift_steps`] stage: the block of its
    /// actions, and `end` where the rest of the stage is optional.
    fn generate_shifts(&self, s: &mut State, w: &mut Work, shifts: &super::shifts::ShiftSteps) {
        let team = self.game.players[s.mover as usize].team;
        let word = |bits: &Bits| bits.words().first().copied().unwrap_or(0);
        let own = word(&s.stones[team]);
        let mut of_kind = [0; super::shifts::KINDS];
        if shifts.by_kind {
            let mut stones = own;
            while stones != 0 {
                let site = stones.trailing_zeros();
                stones &= stones - 1;
                of_kind[usize::from(s.kinds[site as usize]) % super::shifts::KINDS] |= 1 << site;
            }
        }
        let moves = &shifts.by_team[team];
        let shut = if shifts.gated { self.shut_moves(s, w, moves) } else { 0 };
        let pieces = super::shifts::Pieces {
            own,
            of_kind,
            last: s.last_arrival.map_or(0, |site| 1 << site),
            empty: word(&s.empty),
            board: u64::MAX >> (64 - s.board.len()),
            shut,
        };
        s.legal.set_shifts((moves, shifts.preferred), pieces);
        s.legal.offer_end(s.offers_end());
    }

    /// The moves of a stage made as shifts whose gates do not all hold, as bits.
    #[inline(never)]
    fn shut_moves(&self, s: &State, w: &mut Work, moves: &[super::shifts::ShiftMove]) -> u64 {
        let env = self.mover_env(s);
        let stage = self.current_stage(s);
        let mut shut = 0;
        for (i, (m, shift)) in stage.moves.iter().zip(moves).enumerate() {
            if !shift.gates.iter().all(|&g| self.bool(s, w, &m.conditions[usize::from(g)], &env)) {
                shut |= 1 << i;
            }
        }
        shut
    }

    /// [`Engine::generate`] for a [`StageProgram::steps_only`] stage: the block of steps, and
    /// `end` where the rest of the stage is optional.
    pub(super) fn generate_steps(&self, s: &mut State, w: &Work, kept: super::lower::KeptSteps) {
        let steps = self.steps_of(s, kept);
        let total = self.steps_total(s, w, steps);
        s.legal.clear();
        s.legal.set_steps(0, steps, total);
        s.legal.offer_end(s.offers_end());
        s.legal.kept_steps = true;
    }

    /// The steps of a [`StageProgram::steps_only`] stage for the mover.
    #[inline]
    pub(super) fn steps_of(&self, s: &State, kept: super::lower::KeptSteps) -> Steps {
        Steps { rel: kept.along, team: self.game.players[s.mover as usize].team as u8, slot: kept.slot }
    }

    /// The actions of a stage that is not [`StageProgram::plain_moves`]: with `(priority ...)`,
    /// guarded `after` tests sharing one guard, or pieces sorted by kind. Out of line, so that
    /// the loop of the other stages is as short as it can be.
    #[inline(never)]
    fn guarded_stage_actions(&self, s: &mut State, w: &mut Work, env: &Env, legal: &mut Legal, rest: &mut Vec<Action>) {
        let stage = self.current_stage(s);
        let stage_program = self.stage_program(s);
        let mut turn = StageScratch {
            // The guard of the stage's guarded moves, found once for all of them that share its
            // `after` (see `MoveProgram::guarded`): their key, and the sites.
            guard: None,
            by_kind: stage_program.by_kind.then(|| {
                let mut by_kind = take(&mut w.by_kind);
                self.sort_by_kind(s, env.subject, &mut by_kind);
                by_kind
            }),
        };
        for (i, (m, program)) in stage.moves.iter().zip(&stage_program.moves).enumerate() {
            // `(priority ...)`: its moves come first, and the others only if they had nothing.
            if i == stage.preferred && i > 0 && !(legal.is_empty() && rest.is_empty()) {
                break;
            }
            // A turn begun only to ask whether it has a decision (`(no-reply)`) needs one action.
            if w.replies > 0 && !(legal.is_empty() && rest.is_empty()) {
                break;
            }
            self.move_actions(s, w, (m, program), env, Some(&mut turn), legal, rest);
            legal.note_owner(rest, i);
        }
        if let Some((_, Some(lines))) = turn.guard {
            w.guard = lines;
        }
        if let Some(by_kind) = turn.by_kind {
            w.by_kind = by_kind;
        }
    }

    /// Lists the actions of one move of the stage (see [`Generator`]); `turn`: what the moves
    /// of a stage that is not plain share.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn move_actions(
        &self,
        s: &mut State,
        w: &mut Work,
        (m, program): (&Move, &MoveProgram),
        env: &Env,
        turn: Option<&mut StageScratch>,
        legal: &mut Legal,
        rest: &mut Vec<Action>,
    ) {
        if !program.invariant.is_empty() && !self.invariants_hold(s, w, m, program, env) {
            return;
        }
        let m = program.varying.as_deref().unwrap_or(m);
        match program.generator {
            Generator::Place => {
                self.places(s, w, m, program, env, legal);
                if program.require_conditions {
                    self.places_meeting_conditions(s, w, m, program, env, legal);
                }
                if program.after_effects {
                    let mut places = take(&mut w.candidates);
                    places.copy_from(&legal.places);
                    self.places_after_effects(s, w, m, env, program.fills.as_ref(), &mut places);
                    legal.set_places(&mut places);
                    w.candidates = places;
                }
            }
            Generator::Drop => self.drops(s, w, (m, program), env, turn.map(|t| &mut t.guard), rest),
            Generator::Enclose(e) => self.enclose_places(s, w, &e, env, legal),
            Generator::SlideOwnToEmpty { along } => {
                self.slides_own_to_empty(s, self.program.rel(along, env.subject), env, rest)
            }
            Generator::StepOwnCapturing { along, enemy_only } => {
                self.steps_own_capturing(s, self.program.rel(along, env.subject), enemy_only, env, rest)
            }
            // A legal set keeps one block: a second move that could be one is listed.
            Generator::StepsKept { along, slot } if !legal.has_block() => {
                let steps = Steps { rel: along, team: env.subject as u8, slot };
                legal.set_steps(rest.len(), steps, self.steps_total(s, w, steps));
            }
            Generator::StepsKept { along, .. } => self.slides_own_to_empty(s, along, env, rest),
            Generator::Slide { along } => {
                let start = rest.len();
                self.slides(s, w, m, self.program.rel(along, env.subject), env, rest);
                self.keep_after(s, w, (m, program), env, turn.map(|t| &mut t.guard), rest, start);
            }
            Generator::Piece { shared } => {
                let start = rest.len();
                let by_kind = turn.as_ref().and_then(|t| t.by_kind.as_deref()).unwrap_or(&[]);
                let checks = program.checks.as_deref();
                self.piece_moves(s, w, (m, checks), shared, by_kind, program.landing(env.subject), env, rest);
                self.keep_after(s, w, (m, program), env, turn.map(|t| &mut t.guard), rest, start);
            }
            Generator::Relocate { distinct } => self.relocations(s, w, m, distinct, env, rest),
            Generator::RelocateAnywhereEmpty { distinct } if !legal.has_block() => {
                self.relocations_anywhere_empty(s, m, distinct, env, legal, rest.len())
            }
            Generator::RelocateAnywhereEmpty { distinct } => self.relocations(s, w, m, distinct, env, rest),
            Generator::Take => self.takes(s, w, m, env, rest),
            Generator::Sow => self.sowings(s, w, m, env, legal),
            Generator::Pass { name } => {
                if self.conditions_hold(s, w, m, env) {
                    rest.push(Action::pass(name));
                }
            }
        }
    }

    /// Sorts the pieces of team `subject` by kind, each kind's in ascending order of site.
    fn sort_by_kind(&self, s: &State, subject: usize, by_kind: &mut Vec<Vec<u16>>) {
        by_kind.resize_with(self.game.pieces.len().max(1), Vec::new);
        for sites in by_kind.iter_mut() {
            sites.clear();
        }
        for t in s.stones[subject].ones() {
            by_kind[s.kinds[t as usize] as usize].push(t);
        }
    }

    /// Keeps the actions of `rest[start..]` that pass the move's `(after ...)` and
    /// `(no-repeat ...)`, if it has them: a guarded move asks the stage's guard first, and
    /// what the guard cannot tell is made on a copy of the position.
    #[allow(clippy::too_many_arguments)]
    fn keep_after(
        &self,
        s: &mut State,
        w: &mut Work,
        (m, program): (&Move, &MoveProgram),
        env: &Env,
        guard: Option<&mut Option<(u16, Option<Guard>)>>,
        rest: &mut Vec<Action>,
        start: usize,
    ) {
        if !program.after_effects {
            return;
        }
        let lines = match (program.guarded, guard) {
            (Some(key), Some(guard)) => self.stage_guard(s, w, m, key, env, guard),
            _ => None,
        };
        let mut kept = start;
        for i in start..rest.len() {
            let a = rest[i];
            let verdict = lines.and_then(|guard| {
                self.guard_verdict(s, w, guard, env, a).or_else(|| self.guarded_target_move(s, w, guard, env, a))
            });
            if verdict.unwrap_or_else(|| self.after_effects_fail(s, w, m, env, a).is_none()) {
                rest[kept] = a;
                kept += 1;
            }
        }
        rest.truncate(kept);
    }

    /// The guard of a guarded move: the one found earlier in the stage for the same `after`
    /// (the same `key`), or found now.
    #[inline(always)]
    fn stage_guard<'g>(
        &self,
        s: &State,
        w: &mut Work,
        m: &Move,
        key: u16,
        env: &Env,
        guard: &'g mut Option<(u16, Option<Guard>)>,
    ) -> Option<&'g Guard> {
        if guard.as_ref().is_none_or(|(found, _)| *found != key) {
            if let Some((_, Some(lines))) = guard.take() {
                w.guard = lines;
            }
            *guard = Some((key, self.guard(s, w, m, env)));
        }
        guard.as_ref().and_then(|(_, lines)| lines.as_ref())
    }

    /// The conditions of `m` that read none of the sites being tried, asked once.
    #[inline(never)]
    fn invariants_hold(&self, s: &State, w: &mut Work, m: &Move, program: &MoveProgram, env: &Env) -> bool {
        program.invariant.iter().all(|&i| self.bool(s, w, &m.conditions[i as usize], env))
    }

    fn conditions_hold(&self, s: &State, w: &mut Work, m: &Move, env: &Env) -> bool {
        m.conditions.iter().all(|c| self.bool(s, w, c, env))
    }

    /// The destinations condition `c` allows ([`Condition::Mask`]), into `out`: the regions'
    /// bits for `(in to REGION)`, the sites of another set for `(in to SITES)`, combined by
    /// `and`, `or` and `not`; a condition that does not read `to` is evaluated once, for all or
    /// none, and stops an `and` it fails or an `or` it satisfies. `depth` picks the scratch
    /// masks of `w.masks` that the levels below use.
    fn condition_mask(&self, s: &State, w: &mut Work, c: &Bool, env: &Env, depth: usize, out: &mut Bits) {
        match c {
            Bool::In(SiteVar::To, Sites::Region(r)) => {
                out.copy_from(&self.region_bits[r.by_team[env.subject] as usize])
            }
            Bool::In(SiteVar::To, sites) => {
                out.clear();
                self.for_each_site(s, sites, env, |t| out.insert(t));
            }
            Bool::And(all) | Bool::Or(all) => {
                let and = matches!(c, Bool::And(_));
                if and {
                    out.fill();
                } else {
                    out.clear();
                }
                if w.masks.len() <= depth {
                    w.masks.resize_with(depth + 1, || Bits::new(self.game.board.site_count()));
                }
                let mut part = take(&mut w.masks[depth]);
                for b in all {
                    // A condition without `to` (what `maskable` leaves besides these four)
                    // settles an `and` that fails or an `or` that holds, with no mask made.
                    if !matches!(b, Bool::In(SiteVar::To, _) | Bool::And(_) | Bool::Or(_) | Bool::Not(_)) {
                        if self.bool(s, w, b, env) != and {
                            match and {
                                true => out.clear(),
                                false => out.fill(),
                            }
                            break;
                        }
                        continue;
                    }
                    self.condition_mask(s, w, b, env, depth + 1, &mut part);
                    if and {
                        out.and_with(&part);
                    } else {
                        out.or_with(&part);
                    }
                }
                w.masks[depth] = part;
            }
            Bool::Not(inner) => {
                self.condition_mask(s, w, inner, env, depth, out);
                out.invert();
            }
            other => match self.bool(s, w, other, env) {
                true => out.fill(),
                false => out.clear(),
            },
        }
    }

    fn places(&self, s: &State, w: &mut Work, m: &Move, program: &MoveProgram, env: &Env, out: &mut Legal) {
        if s.hands[env.mover] == 0 {
            return;
        }
        let mut candidates = take(&mut w.candidates);
        // The empty sites of the destination set, then those meeting the conditions.
        match &m.to {
            Sites::Filter(Filter::Empty | Filter::Any) => candidates.copy_from(&s.empty),
            Sites::Region(r) => {
                candidates.copy_from(&s.empty);
                candidates.and_with(&self.region_bits[r.by_team[env.subject] as usize]);
            }
            to => {
                candidates.clear();
                self.for_each_site(s, to, env, |t| {
                    if s.board[t as usize] == 0 {
                        candidates.insert(t);
                    }
                });
            }
        }
        if !m.conditions.is_empty() {
            let mut keep = take(&mut w.keep);
            keep.copy_from(&candidates);
            // One condition at a time, over the candidates still in.
            for (i, (c, test)) in m.conditions.iter().zip(&program.conditions).enumerate() {
                match (*test, c) {
                    (Condition::InRegion, Bool::In(_, Sites::Region(r))) => {
                        keep.and_with(&self.region_bits[r.by_team[env.subject] as usize]);
                    }
                    (Condition::KeptRange { slot }, _) => keep.and_with(&w.in_range[slot]),
                    (Condition::Mask, _) => {
                        let mut mask = take(&mut w.mask);
                        self.condition_mask(s, w, c, env, 0, &mut mask);
                        keep.and_with(&mask);
                        w.mask = mask;
                    }
                    (Condition::EmptyNeighbors { slot, op, k }, _) => {
                        let counts = &w.empty_neighbors[slot];
                        for t in candidates.ones() {
                            if keep.contains(t) && !op.apply(i64::from(counts[t as usize]), k) {
                                keep.remove(t);
                            }
                        }
                    }
                    (Condition::FlanksAny { rel }, _) => {
                        let rel = self.program.rel(rel, env.subject);
                        if self.keep_flanking_by_shifts(s, rel, env.subject, &mut keep) {
                            continue;
                        }
                        for t in candidates.ones() {
                            if keep.contains(t) && !self.rays.flanks_any(rel, &s.board, t, env.subject) {
                                keep.remove(t);
                            }
                        }
                    }
                    (Condition::General | Condition::InRegion, _) => {
                        let check = program.checks.as_ref().map(|checks| &checks[i]);
                        for t in candidates.ones() {
                            if keep.contains(t) && {
                                let e = Env { to: t, ..*env };
                                !match check {
                                    Some(check) => check.eval(self, s, w, &e),
                                    None => self.bool(s, w, c, &e),
                                }
                            } {
                                keep.remove(t);
                            }
                        }
                    }
                }
            }
            std::mem::swap(&mut candidates, &mut keep);
            w.keep = keep;
        }
        for (req, how) in m.require.iter().zip(&program.require) {
            if candidates.is_empty() {
                break;
            }
            match how {
                Require::EmptyStaysConnected { region, rel } => {
                    let region = &self.region_bits[region.by_team[env.subject] as usize];
                    let rel = self.program.rel(*rel, env.subject) as usize;
                    let mut mask = take(&mut w.mask);
                    match &self.program.cut_masks[rel] {
                        Some(masks) => masks.placement_mask(&s.empty, region, &mut w.cuts, &mut mask),
                        None => {
                            let rel = &self.game.board.relations[rel];
                            connect::placement_mask(rel, &s.empty, region, &mut w.cuts, &mut mask);
                        }
                    }
                    candidates.and_with(&mask);
                    w.mask = mask;
                }
                Require::AfterAction => {
                    let mut keep = take(&mut w.mask);
                    keep.copy_from(&candidates);
                    for t in candidates.ones() {
                        if !self.connected_after(s, w, req, env, Arrival::Placed { kind: m.piece }, t) {
                            keep.remove(t);
                        }
                    }
                    candidates.copy_from(&keep);
                    w.mask = keep;
                }
                // After the rest, on the placements left: they need the position mutable.
                Require::Condition => {}
            }
        }
        out.set_places(&mut candidates);
        w.candidates = candidates;
    }

    /// The actions of a placement from a hand of kinds: the sites a placement of `m` could
    /// fill, then, for each kind of `m` the mover holds, the placements of that kind that pass
    /// `m`'s `after` rules (which may depend on the kind).
    fn drops(
        &self,
        s: &mut State,
        w: &mut Work,
        (m, program): (&Move, &MoveProgram),
        env: &Env,
        guard: Option<&mut Option<(u16, Option<Guard>)>>,
        rest: &mut Vec<Action>,
    ) {
        let kinds = self.game.pieces.len();
        let holds = |s: &State, k: u8| s.held[env.mover * kinds + k as usize] > 0;
        if !m.drops.iter().any(|&k| holds(s, k)) {
            return;
        }
        let mut sites = take(&mut w.drop_sites);
        self.places(s, w, m, program, env, &mut sites);
        if program.require_conditions {
            self.places_meeting_conditions(s, w, m, program, env, &mut sites);
        }
        // A guarded placement (its one `after` asks that a kind not placed be unattacked) lifts
        // nothing: where that kind is not attacked now (the stage's guard is found), every
        // placement passes; where it is, each is tried.
        let test_each = program.after_effects
            && match (program.guarded, guard) {
                (Some(key), Some(guard)) if sites.place_count > 0 => {
                    self.stage_guard(s, w, m, key, env, guard).is_none()
                }
                _ => true,
            };
        for &k in m.drops.iter().filter(|&&k| holds(s, k)) {
            for to in sites.places.ones() {
                let action = Action { kind: ActionKind::Place, from: 0, to, piece: k + 1 };
                if !test_each || self.after_effects_fail(s, w, m, env, action).is_none() {
                    rest.push(action);
                }
            }
        }
        sites.clear();
        w.drop_sites = sites;
    }

    /// Keeps in `keep` the sites where a stone of `subject` flanks something along `rel`, all at
    /// once by shifts ([`super::rays::Rays::flanking_sites`]), on a board of one word whose
    /// directions are translations; false, with `keep` as it was, on any other.
    fn keep_flanking_by_shifts(&self, s: &State, rel: u8, subject: usize, keep: &mut Bits) -> bool {
        let ([own], [empty], [kept]) = (s.stones[subject].words(), s.empty.words(), keep.words_mut()) else {
            return false;
        };
        match self.rays.flanking_sites(rel, *own, *empty) {
            Some(flanking) => {
                *kept &= flanking;
                true
            }
            None => false,
        }
    }

    /// Narrows the placements to those after which every condition of `require` holds (the
    /// stone is put on the board and taken back for each; see [`Engine::holds_after_condition`]).
    fn places_meeting_conditions(
        &self,
        s: &mut State,
        w: &mut Work,
        m: &Move,
        program: &MoveProgram,
        env: &Env,
        out: &mut Legal,
    ) {
        let mut keep = take(&mut w.mask);
        keep.copy_from(&out.places);
        for (req, how) in m.require.iter().zip(&program.require) {
            let (Constraint::Condition(c), Require::Condition) = (req, how) else { continue };
            for t in out.places.ones() {
                if keep.contains(t) && !self.holds_after_condition(s, w, c, env, Arrival::Placed { kind: m.piece }, t) {
                    keep.remove(t);
                }
            }
        }
        out.set_places(&mut keep);
        w.mask = keep;
    }

    /// A stone of one's own to a neighbour holding an enemy's piece, or also to an empty one
    /// (`enemy_only` false): what the piece moves' routine lists for a one-step capturing
    /// slide with no condition, in the same order.
    fn steps_own_capturing(&self, s: &State, along: u8, enemy_only: bool, env: &Env, out: &mut Vec<Action>) {
        let own = env.subject as u8 + 1;
        // As `may_land` has it: a team's piece not one's own (a piece of nobody's is no
        // enemy's), or an empty site.
        let lands = |content: u8| (is_team_piece(content) && content != own) || (content == 0 && !enemy_only);
        self.own_steps(s, along, env, out, lands);
    }

    /// A stone of one's own to any empty neighbour.
    fn slides_own_to_empty(&self, s: &State, along: u8, env: &Env, out: &mut Vec<Action>) {
        self.own_steps(s, along, env, out, |content| content == 0);
    }

    /// A stone of one's own to each neighbour whose content `lands` accepts, in a tight loop:
    /// origin by origin, each one's neighbours in the relation's order. Inlined, so that each
    /// caller's test is compiled into its own loop.
    #[inline(always)]
    fn own_steps(&self, s: &State, along: u8, env: &Env, out: &mut Vec<Action>, lands: impl Fn(u8) -> bool) {
        let rel = &self.game.board.relations[along as usize];
        for f in s.stones[env.subject].ones() {
            for &t in rel.neighbors(f) {
                if lands(s.board[t as usize]) {
                    out.push(Action::slide(f, t));
                }
            }
        }
    }

    /// The number of steps of a [`Generator::StepsKept`]: the sum of the mover's stones' kept
    /// counts (the steps themselves are found when one is picked). Summed over every site, not
    /// over the stones: a fixed number of rounds of a few vector operations
    /// ([`super::bytes::sum_where`]), where a loop over the stones ends at a place no branch
    /// predictor can guess.
    pub(super) fn steps_total(&self, s: &State, w: &Work, steps: Steps) -> u32 {
        let counts = &w.empty_neighbors[steps.slot as usize][..s.board.len()];
        super::bytes::sum_where(counts, &s.board, steps.team + 1)
    }

    fn slides(&self, s: &mut State, w: &mut Work, m: &Move, along: u8, env: &Env, out: &mut Vec<Action>) {
        let rel = &self.game.board.relations[along as usize];
        let start = out.len();
        self.for_each_site(s, &m.from, env, |f| {
            if s.board[f as usize] == 0 {
                return;
            }
            for &t in rel.neighbors(f) {
                if s.board[t as usize] != 0 {
                    continue;
                }
                let e = Env { from: f, to: t, ..*env };
                if self.contains(s, &m.to, t, &e) && self.conditions_hold(s, w, m, &e) {
                    out.push(Action::slide(f, t));
                }
            }
        });
        if m.require.is_empty() {
            return;
        }
        // The constraints look at the position after each slide, so they run once the
        // candidates are known.
        let mut kept = start;
        for i in start..out.len() {
            let a = out[i];
            let e = Env { from: a.from, ..*env };
            if m.require.iter().all(|r| self.holds_after(s, w, r, &e, Arrival::of(s, a), a.to)) {
                out[kept] = a;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// The relocations of a [`Generator::RelocateAnywhereEmpty`], as a product standing before
    /// `rest[at]`. Out of line: the placements' loop stays as short as it was.
    #[inline(never)]
    fn relocations_anywhere_empty(&self, s: &State, m: &Move, distinct: bool, env: &Env, legal: &mut Legal, at: usize) {
        legal.set_pairs(at, |origins, targets| {
            self.for_each_site(s, &m.from, env, |f| {
                if may_relocate(s, f, distinct) {
                    origins.push(f);
                }
            });
            targets.extend(s.empty.ones());
        });
    }

    /// The stones of `m`'s origins that its conditions let the mover take, `from` bound to each.
    /// Out of line, as every generator of a few games is, so that the others' dispatch stays
    /// as small as it was.
    #[inline(never)]
    fn takes(&self, s: &State, w: &mut Work, m: &Move, env: &Env, out: &mut Vec<Action>) {
        self.for_each_site(s, &m.from, env, |f| {
            if s.board[f as usize] != 0 && self.conditions_hold(s, w, m, &Env { from: f, ..*env }) {
                out.push(Action::take(f));
            }
        });
    }

    /// The sites of `m`'s origins that hold seeds and that its conditions let the mover sow
    /// from, `from` bound to each; each is written, and kept, as a placement on it is.
    #[inline(never)]
    fn sowings(&self, s: &State, w: &mut Work, m: &Move, env: &Env, legal: &mut Legal) {
        let mut sites = take(&mut w.candidates);
        sites.clear();
        self.for_each_site(s, &m.from, env, |f| {
            if s.seeds(f) > 0 && self.conditions_hold(s, w, m, &Env { from: f, ..*env }) {
                sites.insert(f);
            }
        });
        // A stage holds a sowing or a placement, never both: the set is the sowing's alone.
        legal.set_places(&mut sites);
        w.candidates = sites;
    }

    fn relocations(&self, s: &State, w: &mut Work, m: &Move, distinct: bool, env: &Env, out: &mut Vec<Action>) {
        let unconditional = m.conditions.is_empty();
        self.for_each_site(s, &m.from, env, |f| {
            if !may_relocate(s, f, distinct) {
                return;
            }
            let with_from = Env { from: f, ..*env };
            self.for_each_site(s, &m.to, &with_from, |t| {
                if s.board[t as usize] == 0
                    && (unconditional || self.conditions_hold(s, w, m, &Env { to: t, ..with_from }))
                {
                    out.push(Action::relocate(f, t));
                }
            });
        });
    }

    /// Whether a constraint holds in the position after the action: the piece of `arrival`
    /// on `to` — placed (the mover's, or nobody's for a kind of nobody's), or moved from its
    /// site (whoever owns it) as the kind it arrives as — the same position that making the
    /// action produces.
    pub(crate) fn holds_after(
        &self,
        s: &mut State,
        w: &mut Work,
        req: &Constraint,
        env: &Env,
        arrival: Arrival,
        to: u16,
    ) -> bool {
        match req {
            Constraint::Connected { .. } => self.connected_after(s, w, req, env, arrival, to),
            Constraint::Condition(c) => self.holds_after_condition(s, w, c, env, arrival, to),
        }
    }

    /// What the piece of `arrival` is once it stands on its destination: its site of origin
    /// (none for a placement), what its site holds (a team's value, or nobody's) and its kind.
    pub(crate) fn arriving(&self, s: &State, arrival: Arrival, subject: usize) -> (Option<u16>, u8, u8) {
        match arrival {
            Arrival::Placed { kind } if self.kind_is_neutral(kind) => (None, NEUTRAL, kind),
            Arrival::Placed { kind } => (None, subject as u8 + 1, kind),
            Arrival::Moved { from, kind } => (Some(from), s.board[from as usize], kind),
        }
    }

    /// [`Engine::holds_after`] for `connected`: a flood fill on the position after the action,
    /// which it builds without changing the state.
    fn connected_after(&self, s: &State, w: &mut Work, req: &Constraint, env: &Env, arrival: Arrival, to: u16) -> bool {
        let Constraint::Connected { filter, region, rel } = req else { return true };
        let (from, stone, stone_kind) = self.arriving(s, arrival, env.subject);
        let set = &mut w.fill.set;
        set.clear();
        for (i, &content) in s.board.iter().enumerate() {
            let site = i as u16;
            let (content, kind) = if site == to {
                (stone, stone_kind)
            } else if Some(site) == from {
                (0, 0)
            } else {
                (content, s.kinds[i])
            };
            if matches(content, kind, *filter, env.subject) {
                set.insert(site);
            }
        }
        let region = &self.region_bits[region.by_team[env.subject] as usize];
        let rel = &self.game.board.relations[self.program.rel(*rel, env.subject) as usize];
        w.fill.holds(rel, region)
    }
}

/// The move of a stage that makes this action (a stage holds at most one of each kind, and
/// one pass of each name).
#[inline]
pub(crate) fn move_for(stage: &Stage, action: Action) -> Option<&Move> {
    move_index(stage, action).map(|i| &stage.moves[i])
}

/// [`move_for`], by its index in the stage (and in the stage's program).
#[inline]
pub(crate) fn move_index(stage: &Stage, action: Action) -> Option<usize> {
    // A placement that names its kind is the first placement's that may take that kind.
    if let (ActionKind::Place, Some(kind)) = (action.kind, action.promoted()) {
        return stage.moves.iter().position(|m| matches!(m.kind, MoveKind::Place) && m.drops.contains(&kind));
    }
    stage.moves.iter().position(|m| {
        matches!(
            (&m.kind, action.kind),
            (MoveKind::Place | MoveKind::Sow { .. }, ActionKind::Place)
                | (
                    MoveKind::Slide { .. } | MoveKind::Ride { .. } | MoveKind::Leap { .. } | MoveKind::Hop { .. },
                    ActionKind::Slide
                )
                | (MoveKind::Relocate { .. }, ActionKind::Relocate)
                | (MoveKind::Take, ActionKind::Take)
        ) || matches!((&m.kind, action.kind), (MoveKind::Pass { name }, ActionKind::Pass) if *name == action.from)
    })
}

/// Whether the stone on `f` (if any) may be relocated: with `distinct`, not one relocated
/// already this turn.
#[inline]
fn may_relocate(s: &State, f: u16, distinct: bool) -> bool {
    s.board[f as usize] != 0 && !(distinct && s.relocated.contains(&f))
}

/// The piece an action puts on its destination, for the rules that judge the position after
/// it (`require`): what a placement or a move makes arrive, and so what [`Engine::apply`]
/// will put there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Arrival {
    /// A piece of this kind, placed by the mover (nobody's, for a kind of nobody's).
    Placed { kind: u8 },
    /// The piece on `from`, moved, as the kind it arrives as: a promotion's choice, or its own.
    Moved { from: u16, kind: u8 },
}

impl Arrival {
    /// What the `FROM-TO` action `a` makes arrive in the position `s`.
    pub(crate) fn of(s: &State, a: Action) -> Arrival {
        Arrival::Moved { from: a.from, kind: a.promoted().unwrap_or(s.kinds[a.from as usize]) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{Selection, check_str};
    use crate::engine::Setup;
    use crate::game::MoveKind;
    use rand::{Rng, SeedableRng};

    fn engine(text: &str) -> Engine {
        let (_, checked) = check_str("t.game", text, &Selection::default());
        Engine::new(checked.expect("selection").game.expect("the game checks"))
    }

    /// A random position of `sites` sites and `teams` teams, any of them to move: each site is
    /// empty with `empty` chances in `empty + 1 + teams`, else a block of nobody's (the second
    /// kind) or a stone of one of the teams, one chance each.
    fn random_setup(rng: &mut impl Rng, sites: u16, teams: usize, empty: usize) -> Setup {
        let mut setup = Setup { mover: rng.random_range(0..teams), ..Setup::default() };
        for site in 0..sites {
            match rng.random_range(0..empty + 1 + teams) {
                r if r < empty => {}
                r if r == empty => {
                    setup.stones.push((site, 0));
                    setup.kinds.push((site, 1));
                }
                r => setup.stones.push((site, r - empty - 1)),
            }
        }
        setup
    }

    /// A capturing step of one's own stones ([`Generator::StepOwnCapturing`]) lists what the
    /// piece moves' routine lists for it, in the same order, on random positions of three
    /// teams with blocks of nobody's among them, to `any` and to `enemy`.
    #[test]
    fn capturing_steps_list_what_the_piece_moves_routine_lists() {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3);
        let mut compared = 0;
        for to in ["any", "enemy"] {
            let text = format!(
                r#"(game "T" (players "A" "B" "C" (hand 0)) (board (square 5)) (pieces stone (block neutral))
                  (play (turn (slide (from friend) (along all) (to {to}) (capture))))
                  (end (turn-limit 10)))"#
            );
            let engine = engine(&text);
            let generator = engine.program.phases[0][0].moves[0].generator;
            assert!(
                matches!(generator, Generator::StepOwnCapturing { enemy_only, .. } if enemy_only == (to == "enemy"))
            );
            let m = &engine.game().phases[0].stages[0].moves[0];
            for _ in 0..200 {
                let setup = random_setup(&mut rng, 25, 3, 3);
                let mut s = engine.position(&setup).expect("position");
                let fast = engine.legal(&s).to_vec();
                let env = engine.mover_env(&s);
                let walked = engine.with_work(&mut s, |s, w| {
                    let mut out = Vec::new();
                    for f in s.stones[env.subject].ones() {
                        engine.piece_moves_from(s, w, m, f, &env, &mut out);
                    }
                    out
                });
                assert_eq!(fast, walked, "to {to}, mover {}", setup.mover);
                compared += fast.len();
            }
        }
        assert!(compared > 2000, "{compared} actions compared");
    }

    /// A rider that neither captures nor tests where it lands (an Amazons queen) lists, from
    /// each origin, the empty sites along each direction outward up to the first occupied one:
    /// here the directions are walked one step at a time, as the piece moves' routine walked
    /// them before it read the sight, on random positions with blocks of nobody's.
    #[test]
    fn a_rider_that_does_not_capture_lists_the_empty_sites_in_sight() {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(4);
        let mut compared = 0;
        for to in ["empty", "any"] {
            let text = format!(
                r#"(game "T" (players "A" "B" (hand 0)) (board (rectangle 7 5)) (pieces queen (block neutral))
                  (play (turn (slide (from (friend queen)) (along all) (to {to}) (range any))))
                  (end (turn-limit 10)))"#
            );
            let engine = engine(&text);
            let m = &engine.game().phases[0].stages[0].moves[0];
            let MoveKind::Slide { along } = m.kind else { panic!("a slide") };
            for _ in 0..200 {
                let mut s = engine.position(&random_setup(&mut rng, 35, 2, 5)).expect("position");
                let env = engine.mover_env(&s);
                let (listed, walked) = engine.with_work(&mut s, |s, w| {
                    let (mut listed, mut walked) = (Vec::new(), Vec::new());
                    for f in s.stones[env.subject].ones() {
                        engine.piece_moves_from(s, w, m, f, &env, &mut listed);
                        for d in 0..engine.rays.direction_count(along) {
                            let mut at = f;
                            while let Some(t) = engine.rays.step(along, at, d).filter(|&t| s.board[t as usize] == 0) {
                                walked.push(Action::slide(f, t));
                                at = t;
                            }
                        }
                    }
                    (listed, walked)
                });
                assert_eq!(listed, walked, "to {to}");
                compared += listed.len();
            }
        }
        assert!(compared > 2000, "{compared} actions compared");
    }
}
