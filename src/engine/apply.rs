//! Making an action, and the turn flow around it: effects, stages, the end of a turn, the next
//! player's phase and first decision, and the end of the game.
//!
//! The state's scratch space ([`Work`]) is taken out once per call from outside and passed
//! down, so that every step can read the position and write the scratch at the same time.

use std::mem::take;

use super::compile::IntCode;
use super::eval::Env;
use super::lower::{Bound, EndTest, MoveProgram, StageProgram, bound_value};
use super::outcome::EndReason;
use super::repetition::{Mix, splitmix};
use super::state::{State, UNLIMITED, Work};
use super::{Action, ActionKind, Engine, Outcome};
use crate::game::{Blocked, Effect, Move, MoveKind, Recipient, Who};

impl Engine {
    /// Makes an action known to be legal (from [`Engine::legal`]); playouts use this directly.
    pub fn apply_unchecked(&self, s: &mut State, action: Action) {
        self.with_work(s, |s, w| self.act(s, w, action));
        if self.program.maximizes {
            self.keep_maximal(s);
        }
    }

    /// Runs `f` with the state's scratch space taken out (a pointer moved, not the buffers).
    pub(crate) fn with_work<T>(&self, s: &mut State, f: impl FnOnce(&mut State, &mut Work) -> T) -> T {
        let mut w = s.work.take().expect("the scratch space is in the state between calls");
        let out = f(s, &mut w);
        s.work = Some(w);
        out
    }

    fn act(&self, s: &mut State, w: &mut Work, action: Action) {
        let before = s.board_hash;
        // A placement of a plain stage has one move with no effects: the stone, and on.
        let plain = action.kind == ActionKind::Place && s.legal.plain;
        if plain {
            let piece = self.current_stage(s).moves[0].piece;
            self.place_stone(s, w, action.to, piece, None, &self.mover_env(s));
            self.note_action(s, action);
        } else {
            self.make_move(s, w, action);
        }
        self.after_action(s, w, action, before, plain);
    }

    /// An action of any stage: the move that makes it, the board changed, its effects.
    #[inline(always)]
    fn make_move(&self, s: &mut State, w: &mut Work, action: Action) {
        let mover = self.mover_env(s);
        let stage = self.current_stage(s);
        // A blocked player's forced pass is no move's: no effects.
        let index = if s.forced_pass { None } else { self.move_of_legal(s, w, stage, action) };
        // The move, and its lowered form: the same index in the stage and in its program.
        let m = index.map(|i| &stage.moves[i]);
        let lowered = index.map(|i| &self.stage_program(s).moves[i]);
        // Only games whose rules keep chains have a capture on the fast path.
        let enclose = match (lowered, m) {
            (Some(p), _)
                if let super::lower::Generator::Enclose(e) = p.generator
                    && self.program.chains.is_some() =>
            {
                Some(e)
            }
            // A sowing, written as a placement on its site, is made out of line.
            (Some(p), Some(m)) if p.generator == super::lower::Generator::Sow => {
                return self.make_sowing(s, w, (m, p), action, &mover);
            }
            _ => None,
        };
        match action.kind {
            ActionKind::Place => {
                // A placement from a hand of kinds names its kind; any other, its move's.
                let kind = action.promoted().unwrap_or(m.map_or(0, |m| m.piece));
                self.place_stone(s, w, action.to, kind, enclose.as_ref(), &mover)
            }
            ActionKind::Slide => self.slide(s, w, m, action, mover.subject),
            ActionKind::Relocate => {
                self.carry(s, w, action.from, action.to, s.kinds[action.from as usize]);
                if !follow_relocated(&mut s.relocated, action.from, Some(action.to)) {
                    s.relocated.push(action.to);
                }
                s.last_arrival = Some(action.to);
                self.moved(s, action);
            }
            ActionKind::Take => {
                self.to_hand(s, action.to);
                self.lift(s, w, action.to);
                follow_relocated(&mut s.relocated, action.to, None);
            }
            ActionKind::End | ActionKind::Pass => {}
        }
        self.note_action(s, action);
        if let Some(p) = lowered {
            // The fast path of a capture has made the move's one effect already.
            if enclose.is_none() {
                self.move_effects(s, w, p, action, &mover);
            }
        }
    }

    /// A sowing from the site `action` names: its effects see `from` bound to that site and
    /// `to` to where the last seed fell.
    #[inline(never)]
    fn make_sowing(&self, s: &mut State, w: &mut Work, (m, p): (&Move, &MoveProgram), action: Action, mover: &Env) {
        let MoveKind::Sow { along, skip } = &m.kind else { return };
        let along = self.program.rel(*along, mover.subject);
        let last = self.sow(s, action.to, along, skip.as_ref(), mover);
        self.note_action(s, action);
        self.move_effects(s, w, p, Action { from: action.to, to: last, ..action }, mover);
    }

    /// A slide of move `m` (none for a piece moved otherwise): the piece keeps its owner and
    /// kind, whoever may move it, and is this turn's arrival.
    #[inline(always)]
    pub(super) fn slide(&self, s: &mut State, w: &mut Work, m: Option<&Move>, action: Action, subject: usize) {
        self.move_piece(s, w, m, action, subject);
        s.arrival = Some(action.to);
        s.last_arrival = Some(action.to);
        follow_relocated(&mut s.relocated, action.from, Some(action.to));
        self.moved(s, action);
    }

    /// The effects (`then`) of the move `program`, which has made `action`.
    #[inline(always)]
    pub(super) fn move_effects(&self, s: &mut State, w: &mut Work, program: &MoveProgram, action: Action, mover: &Env) {
        let env = Env { from: action.from, to: action.to, last: s.last_arrival, ..*mover };
        program.then.run(self, s, w, &env);
    }

    /// The mover places a stone of kind `piece` on `to` (from his hand, if he has one), through
    /// the capture's fast path when `enclose` is given.
    #[inline(always)]
    pub(super) fn place_stone(
        &self,
        s: &mut State,
        w: &mut Work,
        to: u16,
        piece: u8,
        enclose: Option<&super::enclose::Enclose>,
        mover: &Env,
    ) {
        let hand = &mut s.hands[mover.mover];
        if *hand != UNLIMITED {
            *hand -= 1;
        }
        if self.keeps_captures {
            self.take_from_hand(s, mover.mover, to, piece);
        }
        if self.kinds_tracked {
            self.place_tracked(s, w, enclose, mover, to, piece);
        } else {
            match enclose {
                Some(e) => self.enclose_place(s, w, e, mover, to),
                None => self.put(s, w, to, mover.subject),
            }
            s.kinds[to as usize] = piece;
        }
        s.arrival = Some(to);
        s.last_arrival = Some(to);
        s.turn_move = Some(Action::place(to));
        // A piece placed from a hand of captures has been on the board before: it has moved.
        if self.program.tracks_unmoved {
            if self.keeps_captures {
                s.unmoved.remove(to);
            } else {
                s.unmoved.insert(to);
            }
        }
    }

    /// A placement from a hand of captures: one piece of `kind` fewer held, and the piece on
    /// `to` never promoted. Out of line: the placements of other games read one flag.
    #[inline(never)]
    fn take_from_hand(&self, s: &mut State, player: usize, to: u16, kind: u8) {
        let held = &mut s.held[player * self.game.pieces.len() + kind as usize];
        *held = held.saturating_sub(1);
        s.bases[to as usize] = 0;
    }

    /// The pieces held, by kind, and which pieces on the board were promoted (a promoted pawn is
    /// not the piece it looks like), for a position compared by `repetition`.
    #[inline(never)]
    fn mix_hands(&self, s: &State, mut mix: Mix) -> Mix {
        for &held in &s.held {
            mix = mix.add(u64::from(held));
        }
        for (site, &base) in s.bases.iter().enumerate().filter(|(_, b)| **b != 0) {
            mix = mix.add(((site as u64) << 8) | u64::from(base));
        }
        mix
    }

    /// Counts an action made: the run of passes, the number of actions, who made the last.
    #[inline(always)]
    pub(super) fn note_action(&self, s: &mut State, action: Action) {
        if self.program.counts_passes {
            s.pass_streak = match (action.kind, action.from, s.turn_started) {
                // A turn whose first action is `pass` is a pass and nothing more: a pass ends it.
                (ActionKind::Pass, 0, false) => s.pass_streak.saturating_add(1),
                _ => 0,
            };
        }
        s.actions += 1;
        s.turn_started = true;
        s.last_mover = Some(s.mover);
        s.last_action = Some(action);
        if self.game.reads_visited {
            note_visited(s, action);
        }
    }

    /// After an action and its effects: the position's history, the end rules, and the stage
    /// going on, ending, or giving way to the next. `plain`: the action was a placement of a
    /// plain stage, whose legal set is the one before less the site filled.
    #[inline(always)]
    fn after_action(&self, s: &mut State, w: &mut Work, action: Action, before: u64, plain: bool) {
        if self.game_ended_after(s, w, before) {
            return;
        }
        // Whether the stage is over: `end`, its last action, or nothing left to do in it.
        let over = match action.kind {
            ActionKind::Pass => return self.end_turn(s, w),
            ActionKind::End => true,
            _ => {
                s.stage_done += 1;
                if s.stage_done >= s.stage_max {
                    true
                } else {
                    if plain && s.hands[s.mover as usize] != 0 {
                        // Only the site just filled has left the set: no need to look again.
                        s.legal.take_place(action.to);
                        s.legal.offer_end(s.offers_end());
                    } else {
                        self.generate(s, w);
                    }
                    s.legal.is_empty()
                }
            }
        };
        if over {
            self.next_stage(s, w);
        }
    }

    /// The first steps after any action: the position's history, and whether the game has
    /// ended (by an effect or an end rule; its legal set is then empty). `before`: the board's
    /// hash before the action.
    #[inline(always)]
    pub(super) fn game_ended_after(&self, s: &mut State, w: &mut Work, before: u64) -> bool {
        if self.program.keeps_history {
            s.before_last = before;
            s.history.record(s.board_hash);
        }
        if s.outcome.is_some() || self.end_rules(s, w, false, false) {
            s.legal.clear();
            return true;
        }
        false
    }

    /// Notes a piece moved by `action` for `previous-from`, `previous-to` and `(unmoved ...)`.
    #[inline]
    fn moved(&self, s: &mut State, action: Action) {
        s.turn_move = Some(action);
        if self.program.tracks_unmoved {
            s.unmoved.remove(action.from);
            s.unmoved.remove(action.to);
        }
    }

    /// A site has been filled (by anyone's piece): its neighbours under each tracked relation
    /// have one empty neighbour less, and may leave or enter the kept range of counts.
    #[inline(always)]
    pub(crate) fn neighbors_lose_empty(&self, w: &mut Work, site: u16) {
        self.neighbors_change_empty(w, site, false);
    }

    /// A site has been emptied: its neighbours have one empty neighbour more.
    #[inline(always)]
    pub(crate) fn neighbors_gain_empty(&self, w: &mut Work, site: u16) {
        self.neighbors_change_empty(w, site, true);
    }

    /// The neighbours' counts move by one; a count that crosses an end of its slot's kept range
    /// (from `lo - 1` to `lo` or `hi + 1` to `hi`, and back) moves its site into or out of the
    /// set of sites in range. Inlined with `gained` constant, so each caller has its own loop.
    #[inline(always)]
    fn neighbors_change_empty(&self, w: &mut Work, site: u16, gained: bool) {
        let slots = self.program.empty_neighbor_updates.iter().zip(&mut w.empty_neighbors);
        for (slot, (&rel, counts)) in slots.enumerate() {
            let range = self.program.kept_ranges[slot];
            if let (None, Some(padded)) = (range, &self.program.padded[slot]) {
                // The same number of rounds at every site; the pads count past the last site.
                for &n in padded.counted(site) {
                    let count = &mut counts[n as usize];
                    *count = if gained { count.wrapping_add(1) } else { count.wrapping_sub(1) };
                }
                continue;
            }
            for &n in self.game.board.relations[rel as usize].neighbors(site) {
                let count = &mut counts[n as usize];
                *count = if gained { *count + 1 } else { *count - 1 };
                if let Some((lo, hi)) = range {
                    // The count entered the range at one end, or left it past the other.
                    let (entered, left) = if gained { (lo, i16::from(hi) + 1) } else { (hi, i16::from(lo) - 1) };
                    if *count == entered {
                        w.in_range[slot].insert(n);
                    } else if i16::from(*count) == left {
                        w.in_range[slot].remove(n);
                    }
                }
            }
        }
    }

    /// Puts a stone of `team` on an empty site.
    pub(crate) fn put(&self, s: &mut State, w: &mut Work, site: u16, team: usize) {
        s.board[site as usize] = team as u8 + 1;
        s.stones[team].insert(site);
        s.empty.remove(site);
        s.empty_count -= 1;
        if let Some(masks) = &self.lone_word_group
            && let [cache] = &mut w.groups[..]
        {
            return cache.arrive_among(site, team, masks.one_word(site) & s.stones[team].words()[0]);
        }
        if self.hashing {
            s.board_hash ^= self.zobrist.stone(site, team);
        }
        for cache in &mut w.groups {
            match &self.word_neighbors[cache.rel as usize] {
                Some(masks) => cache.arrive_among(site, team, masks.one_word(site) & s.stones[team].words()[0]),
                None => cache.arrive(&self.game.board.relations[cache.rel as usize], &s.board, site, team),
            }
        }
        if let Some(chains) = &mut w.chains {
            let key = self.zobrist.stone(site, team);
            chains.arrive(&self.game.board.relations[chains.rel as usize], &s.board, site, key);
        }
        self.neighbors_lose_empty(w, site);
    }

    /// Moves the piece on `from` to the empty site `to`, with its owner, as `kind`: what
    /// [`Engine::lift`] and then `put_content` make, in one pass over the position's sets. A
    /// piece of nobody's, and a game that keeps chains, take the two steps.
    #[inline(always)]
    pub(crate) fn carry(&self, s: &mut State, w: &mut Work, from: u16, to: u16, kind: u8) {
        debug_assert_eq!(s.board[to as usize], 0, "a piece is carried to an empty site");
        let content = s.board[from as usize];
        if content == super::neutral::NEUTRAL || w.chains.is_some() {
            self.lift(s, w, from);
            return self.put_content(s, w, to, content, kind);
        }
        let team = content as usize - 1;
        let (f, t) = (from as usize, to as usize);
        s.board[f] = 0;
        s.board[t] = content;
        let stones = &mut s.stones[team];
        stones.remove(from);
        stones.insert(to);
        s.empty.insert(from);
        s.empty.remove(to);
        if self.hashing {
            let z = &self.zobrist;
            s.board_hash ^= z.stone(from, team) ^ z.kind(from, s.kinds[f]) ^ z.stone(to, team);
            s.board_hash ^= z.kind(to, s.kinds[t]) ^ z.kind(to, kind);
            s.kinds[f] = 0;
        }
        s.kinds[t] = kind;
        if self.keeps_captures {
            s.bases[t] = std::mem::take(&mut s.bases[f]);
        }
        // A stone has left its group, which may split: the caches are rebuilt when next asked.
        for cache in &mut w.groups {
            cache.leave();
        }
        self.neighbors_gain_empty(w, from);
        self.neighbors_lose_empty(w, to);
    }

    /// In a game whose hands keep captures: the piece on `site`, about to be taken off the
    /// board, joins the mover's hand if it is another team's, as the kind it was before any
    /// promotion. Called by every removal that is a capture (not by a piece that moves).
    #[inline]
    pub(crate) fn to_hand(&self, s: &mut State, site: u16) {
        if !self.keeps_captures {
            return;
        }
        let content = s.board[site as usize];
        let mover = s.mover as usize;
        if !super::neutral::is_team_piece(content) || content as usize - 1 == self.game.players[mover].team {
            return;
        }
        let kind = s.bases[site as usize].checked_sub(1).unwrap_or(s.kinds[site as usize]);
        s.held[mover * self.game.pieces.len() + kind as usize] += 1;
        s.hands[mover] += 1;
        s.bases[site as usize] = 0;
    }

    /// Takes the stone off a site.
    pub(crate) fn lift(&self, s: &mut State, w: &mut Work, site: u16) {
        let content = s.board[site as usize];
        if content == super::neutral::NEUTRAL {
            return self.lift_neutral(s, w, site);
        }
        let team = content as usize - 1;
        s.board[site as usize] = 0;
        s.stones[team].remove(site);
        s.empty.insert(site);
        s.empty_count += 1;
        if self.hashing {
            s.board_hash ^= self.zobrist.stone(site, team) ^ self.zobrist.kind(site, s.kinds[site as usize]);
            // An empty site's kind is the first while the hash is kept: a piece that arrives
            // is of it until [`Engine::set_kind`] says otherwise.
            s.kinds[site as usize] = 0;
        }
        for cache in &mut w.groups {
            cache.leave();
        }
        if let Some(chains) = &mut w.chains {
            chains.leave();
        }
        self.neighbors_gain_empty(w, site);
    }

    /// Applies effects in order until one ends the game. Inlined, so that the common empty
    /// list costs its callers no call; each effect is one call of [`Engine::effect`].
    #[inline]
    pub(crate) fn effects(&self, s: &mut State, w: &mut Work, effects: &[Effect], env: &Env) {
        for e in effects {
            if s.outcome.is_some() {
                return;
            }
            self.effect(s, w, e, env);
        }
    }

    /// `(shift FROM TO)`: the piece on FROM's first occupied site moves to TO's first empty
    /// one. Out of line: the effects of other games are read without it.
    #[inline(never)]
    fn shift(&self, s: &mut State, w: &mut Work, from: &crate::game::Sites, to: &crate::game::Sites, env: &Env) {
        let mut origin = None;
        self.for_each_site(s, from, env, |t| {
            if origin.is_none() && s.board[t as usize] != 0 {
                origin = Some(t);
            }
        });
        let mut target = None;
        self.for_each_site(s, to, env, |t| {
            if target.is_none() && s.board[t as usize] == 0 {
                target = Some(t);
            }
        });
        if let (Some(from), Some(to)) = (origin, target) {
            self.carry(s, w, from, to, s.kinds[from as usize]);
            if self.program.tracks_unmoved {
                s.unmoved.remove(from);
                s.unmoved.remove(to);
            }
        }
    }

    /// The player after `player` in turn order. A comparison, not `%`: a division at every
    /// turn's end costs more than the rest of the turn's bookkeeping.
    #[inline]
    fn next_player(&self, player: usize) -> usize {
        let next = player + 1;
        if next == self.game.players.len() { 0 } else { next }
    }

    #[inline(never)]
    pub(super) fn effect(&self, s: &mut State, w: &mut Work, effect: &Effect, env: &Env) {
        let teams = s.stones.len();
        match effect {
            Effect::Shift { from, to } => self.shift(s, w, from, to, env),
            Effect::Remove { sites, conditions, credit } => {
                let holds = |engine: &Engine, s: &State, w: &mut Work, env: &Env| {
                    conditions.iter().all(|c| engine.bool(s, w, c, env))
                };
                self.remove(s, w, sites, *credit, env, holds);
            }
            Effect::Win(who) => {
                let team = match who {
                    Who::Mover => env.subject,
                    Who::Next => self.game.players[self.next_player(env.mover)].team,
                };
                s.outcome =
                    Some(Outcome { winner: Some(team), scores: None, decided_by: None, reason: EndReason::Effect });
            }
            Effect::Draw => {
                s.outcome = Some(Outcome { winner: None, scores: None, decided_by: None, reason: EndReason::Effect });
            }
            Effect::Collect { from, into } => self.collect(s, w, from, into, env),
            Effect::Again => {
                s.stage_min = s.stage_min.saturating_add(1);
                s.stage_max = s.stage_max.saturating_add(1);
            }
            Effect::Allow { allowance, value, next } => {
                let v = self.int(s, w, value, env);
                if *next {
                    s.allow_next[*allowance] = v;
                } else {
                    s.allow_now[*allowance] = v;
                }
            }
            Effect::Add { counter, who, value } => {
                let v = self.int(s, w, value, env);
                let team = match who {
                    Who::Mover => env.subject,
                    Who::Next => self.game.players[self.next_player(env.mover)].team,
                };
                let c = &mut s.counters[counter * teams + team];
                *c = w.checked(c.checked_add(v), c.saturating_add(v));
            }
            Effect::If { condition, then, otherwise } => {
                let branch = if self.bool(s, w, condition, env) { then } else { otherwise };
                // An empty branch (an `if` without `else`) costs no call.
                if !branch.is_empty() {
                    self.effects(s, w, branch, env);
                }
            }
            Effect::Put { sites, piece } => {
                // The sites are found before any stone goes down: a set such as `empty` would
                // change under the loop.
                let mut targets = take(&mut w.victims);
                targets.clear();
                self.for_each_site(s, sites, env, |site| {
                    if s.board[site as usize] == 0 {
                        targets.push((site, 0));
                    }
                });
                for &(site, _) in &targets {
                    match *piece {
                        Some(kind) if self.kinds_tracked => self.place_tracked(s, w, None, env, site, kind),
                        _ => {
                            self.put(s, w, site, env.subject);
                            s.kinds[site as usize] = piece.unwrap_or(0);
                        }
                    }
                    if self.program.tracks_unmoved {
                        s.unmoved.insert(site);
                    }
                }
                w.victims = targets;
            }
            Effect::Flip(sites) => self.flip(s, w, sites, env),
            Effect::Rotate { moves } => self.rotate(s, w, moves),
            Effect::Promote { site, kind } => {
                // A team's piece only: one of nobody's keeps its kind (the checker refuses a
                // neutral kind here).
                if let Some(v) = env.var(*site).filter(|&v| super::neutral::is_team_piece(s.board[v as usize])) {
                    self.note_promotion(s, v);
                    self.set_kind(s, v, *kind);
                }
            }
            Effect::RemoveGroups { sites, rel, conditions, credit } => {
                self.remove_groups(s, w, (sites, *rel, conditions, *credit), env)
            }
        }
    }

    /// `(remove SITES (where CONDITION...) (credit ...))`, the conditions given as `holds`
    /// (interpreted or compiled): every victim is found in the position before any removal,
    /// for removal is simultaneous.
    #[inline]
    pub(super) fn remove(
        &self,
        s: &mut State,
        w: &mut Work,
        sites: &crate::game::Sites,
        credit: Option<(usize, Recipient)>,
        env: &Env,
        holds: impl Fn(&Engine, &State, &mut Work, &Env) -> bool,
    ) {
        let teams = s.stones.len();
        let mut victims = take(&mut w.victims);
        victims.clear();
        self.for_each_site(s, sites, env, |site| {
            let content = s.board[site as usize];
            if content != 0 && holds(self, s, w, &Env { site, ..*env }) {
                victims.push((site, content));
            }
        });
        for &(site, content) in &victims {
            self.to_hand(s, site);
            self.lift(s, w, site);
            follow_relocated(&mut s.relocated, site, None);
            let owner = content as usize - 1;
            if let Some((counter, recipient)) = credit {
                // A piece of nobody's is removed without credit.
                if owner != env.subject && content != super::neutral::NEUTRAL {
                    let team = if recipient == Recipient::Mover { env.subject } else { owner };
                    let c = &mut s.counters[counter * teams + team];
                    *c = w.checked(c.checked_add(1), c.saturating_add(1));
                }
            }
        }
        w.victims = victims;
    }

    /// `(flip SITES)`: every stone of SITES that is not the mover's team's becomes his. Out of
    /// line, so that the effects of games without it stay as they were.
    #[inline(never)]
    fn flip(&self, s: &mut State, w: &mut Work, sites: &crate::game::Sites, env: &Env) {
        let mut turned = take(&mut w.victims);
        turned.clear();
        // Every stone is found in the position before any changes owner, as `remove`
        // does: the set may depend on the stones it turns.
        let mine = env.subject as u8 + 1;
        self.for_each_site(s, sites, env, |site| {
            let content = s.board[site as usize];
            if super::neutral::is_team_piece(content) && content != mine {
                turned.push((site, content));
            }
        });
        for &(site, _) in &turned {
            // A set may name a site twice (two rays through it): turn it once.
            if s.board[site as usize] != mine {
                self.recolor(s, w, site, env.subject);
            }
        }
        w.victims = turned;
    }

    /// Turns a block: every piece is lifted, then each is put down where its site goes, with
    /// its owner and kind. The pieces count as moved.
    fn rotate(&self, s: &mut State, w: &mut Work, moves: &[(u16, u16)]) {
        let mut lifted = take(&mut w.turned);
        lifted.clear();
        for &(from, to) in moves {
            let content = s.board[from as usize];
            if content != 0 {
                lifted.push((to, content, s.kinds[from as usize]));
                self.lift(s, w, from);
                if self.program.tracks_unmoved {
                    s.unmoved.remove(from);
                }
            }
        }
        for &(to, content, kind) in &lifted {
            self.put_content(s, w, to, content, kind);
        }
        w.turned = lifted;
    }

    /// Gives the stone on an occupied site to `team`: the site stays occupied, so the empty
    /// sites and their neighbour counts do not change; groups may split and join, so the group
    /// caches are rebuilt on their next question.
    fn recolor(&self, s: &mut State, w: &mut Work, site: u16, team: usize) {
        let old = s.board[site as usize] as usize - 1;
        s.board[site as usize] = team as u8 + 1;
        s.stones[old].remove(site);
        s.stones[team].insert(site);
        if self.hashing {
            s.board_hash ^= self.zobrist.stone(site, old) ^ self.zobrist.stone(site, team);
        }
        for cache in &mut w.groups {
            cache.leave();
        }
        if let Some(chains) = &mut w.chains {
            chains.leave();
        }
    }

    /// Evaluates the `(when ...)` end rules; returns whether the game ended.
    /// `no_moves` and `blocked` describe the player to move when a turn begins (see [`Env`]);
    /// both are false after an action and at the end of a turn.
    ///
    /// Inlined, for it runs after every action and almost always finds nothing: the loop and
    /// `board-full` are a few instructions; the game's end is out of line.
    #[inline]
    pub(super) fn end_rules(&self, s: &mut State, w: &mut Work, no_moves: bool, blocked: bool) -> bool {
        for when in &self.program.when_rules {
            if self.end_test(s, w, &when.test, no_moves, blocked) {
                self.end_by_rule(s, w, when.rule);
                return true;
            }
        }
        false
    }

    /// End rule `rule` has fired (a `when`, the turn limit or a repetition): its outcome
    /// decides the game.
    #[cold]
    #[inline(never)]
    fn end_by_rule(&self, s: &mut State, w: &mut Work, rule: usize) {
        s.outcome = Some(self.decide(s, w, self.game.end[rule].outcome(), EndReason::Rule(rule)));
        s.legal.clear();
    }

    /// An end rule's test: `board-full` here, the others in one call.
    #[inline(always)]
    fn end_test(&self, s: &State, w: &mut Work, test: &EndTest, no_moves: bool, blocked: bool) -> bool {
        match test {
            EndTest::BoardFull => s.empty_count == 0,
            _ => self.end_test_called(s, w, test, no_moves, blocked),
        }
    }

    /// The mover's environment is made only for the tests that read it.
    #[inline(never)]
    fn end_test_called(&self, s: &State, w: &mut Work, test: &EndTest, no_moves: bool, blocked: bool) -> bool {
        let env = || Env { no_moves, blocked, ..self.mover_env(s) };
        match test {
            EndTest::BoardFull => s.empty_count == 0,
            EndTest::NobodyCanMove => blocked && self.others_blocked(s, w, s.mover as usize),
            EndTest::Line(line) => self.mover_line_test(s, w, line, env),
            EndTest::General(code) => code.eval(self, s, w, &env()),
        }
    }

    /// Moves to the next stage of the turn that offers a decision, or ends the turn.
    pub(super) fn next_stage(&self, s: &mut State, w: &mut Work) {
        if !self.later_stage_in_turn(s, w) {
            self.end_turn(s, w);
        }
    }

    /// Moves to the next stage of the turn that offers a decision, with its actions in
    /// `s.legal`; returns false, with `s.stage` past the last, when none is left and the
    /// turn is over. Shared by [`Engine::next_stage`], the search for a turn's first decision
    /// and the runs of [`super::runs`].
    #[inline(always)]
    pub(super) fn later_stage_in_turn(&self, s: &mut State, w: &mut Work) -> bool {
        let stages = self.program.phases[s.phase[s.mover as usize] as usize].len();
        loop {
            s.stage += 1;
            if s.stage as usize >= stages {
                return false;
            }
            if let Some(allowance) = self.stage_program(s).earned
                && s.allowance(allowance) <= 0
            {
                // Nothing earned: what entering the stage would leave (bounds of 0, nothing
                // done, no action), without its bounds read through the general `Bound`.
                (s.stage_min, s.stage_max, s.stage_done) = (0, 0, 0);
                s.legal.clear();
                continue;
            }
            if self.enter_stage(s, w) {
                return true;
            }
        }
    }

    /// Whether every legal action of the decision at hand finishes the turn, known from where the
    /// turn stands, without making one (for `perft --turns`, which then counts the last turn in
    /// bulk). It follows the turn flow after an action ([`Engine::after_action`]): a game that
    /// ends finishes the turn; `pass` ends the turn; `end` ends the stage; any other action ends
    /// the stage when it is the stage's last possible one (MAX actions done, MAX fixed when the
    /// stage began); and a stage that ends when no later stage of the mover's phase is left
    /// ends the turn, for the phase does not change within a turn. A blocked player's forced
    /// `pass`, his only action, ends the turn too.
    ///
    /// Conservative where it must be: an action that may leave the stage open (fewer than MAX
    /// done, the stage perhaps ended by having nothing left to do) or a stage followed by
    /// others (whose bounds are read only when they begin, after the action's effects) answers
    /// false. `false` when the game is over (no decision).
    pub(crate) fn every_action_ends_turn(&self, s: &State) -> bool {
        if s.outcome.is_some() {
            return false;
        }
        if s.forced_pass {
            return true;
        }
        if self.program.moves_again {
            return false;
        }
        let stages = self.program.phases[s.phase[s.mover as usize] as usize].len();
        let last_stage = s.stage as usize + 1 >= stages;
        // `stage_done < stage_max` at a decision, so the sum does not overflow.
        last_stage && s.stage_done + 1 >= s.stage_max
    }

    /// Evaluates the stage's bounds and its actions; returns whether there is a decision.
    /// Inlined into the turn flow: listing the actions is the call.
    #[inline(always)]
    fn enter_stage(&self, s: &mut State, w: &mut Work) -> bool {
        if self.set_bounds(s, w) == 0 {
            s.legal.clear();
            return false;
        }
        self.generate(s, w);
        !s.legal.is_empty()
    }

    /// The first step of entering the stage at hand: its bounds in this position, nothing
    /// done yet. Returns its most.
    #[inline(always)]
    pub(super) fn set_bounds(&self, s: &mut State, w: &mut Work) -> u32 {
        let (min, max) = self.bounds_of(s, w, self.stage_program(s));
        s.stage_min = min.min(max);
        s.stage_max = max;
        s.stage_done = 0;
        max
    }

    /// The bounds of the stage `program` in this position: (least, most), the least not yet
    /// capped by the most.
    #[inline(always)]
    pub(super) fn bounds_of(&self, s: &State, w: &mut Work, program: &StageProgram) -> (u32, u32) {
        match &program.first_turn {
            Some(first) if s.is_first_turn() => self.first_turn_bounds(s, w, first),
            _ => self.stage_bounds(s, w, &program.min, &program.max),
        }
    }

    /// A stage's bounds: (least, most), the least not yet capped by the most. The mover's
    /// environment is made only for a computed bound.
    #[inline]
    fn stage_bounds(&self, s: &State, w: &mut Work, min: &Bound, max: &Bound) -> (u32, u32) {
        let mut env = None;
        let max = self.bound(s, w, &mut env, max);
        match min {
            Bound::AsMost => (max, max),
            min => (self.bound(s, w, &mut env, min), max),
        }
    }

    /// The bounds of a stage on the game's first turn, where they are not the later turns'.
    #[cold]
    #[inline(never)]
    fn first_turn_bounds(&self, s: &State, w: &mut Work, bounds: &(Bound, Bound)) -> (u32, u32) {
        self.stage_bounds(s, w, &bounds.0, &bounds.1)
    }

    /// One bound's value; `env` is the mover's environment, made by the first bound that needs it.
    #[inline(always)]
    fn bound(&self, s: &State, w: &mut Work, env: &mut Option<Env>, b: &Bound) -> u32 {
        match *b {
            Bound::Fixed(n) => n,
            Bound::Allowance { allowance, plus } => {
                // Checked as `(+ ...)` is: saturated where it overflows, the overflow noted.
                let v = s.allowance(allowance);
                bound_value(w.checked(v.checked_add(plus), v.saturating_add(plus)))
            }
            Bound::Computed(ref code) => self.computed_bound(s, w, env, code),
            // Only a least is the most's, and `stage_bounds` reads it from the most.
            Bound::AsMost => unreachable!("a most is never `AsMost`"),
        }
    }

    /// A bound that is code, out of line: the shapes above are the common ones.
    #[inline(never)]
    fn computed_bound(&self, s: &State, w: &mut Work, env: &mut Option<Env>, code: &IntCode) -> u32 {
        bound_value(code.eval(self, s, w, env.get_or_insert_with(|| self.mover_env(s))))
    }

    fn end_turn(&self, s: &mut State, w: &mut Work) {
        if self.close_turn(s, w) && !self.boundary_ends_game(s, w) {
            self.begin_turn(s, w);
        }
    }

    /// The first steps of a turn's end: the after-turn effects and the end rules they may
    /// fire, then the turn handed to the next player. Returns whether the game goes on (for a
    /// copy looking ahead, [`super::maximize`], whether there is more to play: never).
    /// Shared by [`Engine::end_turn`] and the runs of [`super::runs`].
    #[inline(always)]
    pub(super) fn close_turn(&self, s: &mut State, w: &mut Work) -> bool {
        debug_assert!(s.outcome.is_none(), "a turn ends in a game that goes on");
        let phase = s.phase[s.mover as usize] as usize;
        if s.looking_ahead {
            // A copy weighing a decision (`maximize`) needs the turn's value and nothing after.
            if let Some(code) = &self.program.maximize[phase] {
                s.turn_value = code.eval(self, s, w, &self.mover_env(s));
            }
            s.turns_completed += 1;
            s.legal.clear();
            return false;
        }
        // Pieces captured for the turn's end leave before the after-turn effects.
        let removed = !s.deferred.is_empty();
        if removed {
            self.remove_deferred(s, w);
        }
        let after_turn = self.program.after_turn[phase].of_turn(s.is_first_turn());
        // A turn ends right after the action that ended it, whose end rules were tested on
        // this same position for this same mover: only after-turn effects, or captured pieces
        // taken off, can change the answer.
        if !after_turn.is_empty() || removed {
            let env = self.mover_env(s);
            after_turn.run(self, s, w, &env);
            if s.outcome.is_some() || self.end_rules(s, w, false, false) {
                s.legal.clear();
                return false;
            }
        }
        self.hand_over(s, s.mover as usize);
        true
    }

    /// The last step of a turn's end: the turn counted, its move remembered as the previous
    /// one, and the turn handed to the player after `mover`.
    #[inline(always)]
    pub(super) fn hand_over(&self, s: &mut State, mover: usize) {
        s.turns_completed += 1;
        s.turn_started = false;
        s.previous = match s.turn_move.take() {
            Some(a) => [(a.kind != ActionKind::Place).then_some(a.from), Some(a.to)],
            None => [None; 2],
        };
        s.arrival = None;
        s.relocated.clear();
        s.visited.clear();
        s.mover = self.next_player(mover) as u8;
    }

    /// The end rules of a turn boundary, the turn limits and repetition; returns whether one
    /// ended the game.
    #[inline(always)]
    pub(super) fn boundary_ends_game(&self, s: &mut State, w: &mut Work) -> bool {
        for &(turns, rule) in &self.program.turn_limits {
            if s.turns_completed >= turns {
                self.end_by_rule(s, w, rule);
                return true;
            }
        }
        if self.repetition.is_some()
            && let Some(rule) = self.record_position(s, w)
        {
            self.end_by_rule(s, w, rule);
            return true;
        }
        false
    }

    /// Counts the position at a turn boundary; returns the repetition rule that ends the game,
    /// if one does.
    #[inline(always)]
    pub(crate) fn record_position(&self, s: &mut State, w: &mut Work) -> Option<usize> {
        let (index, limit) = self.repetition?;
        let mut mix = Mix::default().add(u64::from(s.mover));
        for &hand in &s.hands {
            mix = mix.add(u64::from(hand));
        }
        if self.keeps_captures {
            mix = self.mix_hands(s, mix);
        }
        for p in 0..s.phase.len() {
            // The phase the player's next turn would begin in: a phase whose `until` holds is
            // over although its player has not had the turn that leaves it (LANGUAGE.md,
            // `repetition`), so that a hand emptied last turn is the same position as later.
            mix = mix.add(u64::from(self.phase_at_turn_start(s, w, p)));
        }
        for &i in &self.position_counters {
            mix = mix.add(s.counters[i] as u64);
        }
        for &i in &self.position_allowances {
            mix = mix.add(s.allow_next[i] as u64);
        }
        let mut h = s.board_hash ^ mix.finish();
        if let Some(rights) = &self.program.rights {
            // What the history still allows is part of the position (see `rights`).
            h ^= self.rights_hash(rights, s, w);
        } else if self.program.tracks_unmoved {
            h ^= unmoved_hash(s);
        }
        (s.seen.record(h) >= limit).then_some(index)
    }

    /// Starts the turn of `s.mover`: phase changes, values for `grew`, allowances granted by
    /// the previous turn, and the first decision — or a pass, or the end of the game.
    pub(crate) fn begin_turn(&self, s: &mut State, w: &mut Work) {
        self.open_turn(s, w);
        self.seek_first_decision(s, w);
    }

    /// The first decision of a turn that has been opened ([`Engine::open_turn`]), or the
    /// blocked player's pass, or the end of the game.
    pub(super) fn seek_first_decision(&self, s: &mut State, w: &mut Work) {
        // Most turns have a decision in their first stage: the end rules are then asked of
        // a player who can move, and nothing else is left to do.
        s.stage = 0;
        if self.enter_stage(s, w) {
            self.end_rules(s, w, false, false);
            return;
        }
        let decision = self.later_stage_in_turn(s, w);
        if !decision {
            s.stage = 0;
            s.stage_done = 0;
            if self.game.phases[s.phase[s.mover as usize] as usize].blocked == Blocked::Pass {
                s.legal.clear();
                s.legal.push(Action::PASS);
                s.forced_pass = true;
            }
        }
        if self.end_rules(s, w, s.legal.is_empty(), !decision) {
            return;
        }
        if s.legal.is_empty() {
            s.outcome = Some(Outcome { winner: None, scores: None, decided_by: None, reason: EndReason::Blocked });
        }
    }

    /// Whether no player but `mover` could begin his turn if it were his turn now (each tried
    /// on a copy of the position). Asked only when `mover` himself is blocked, which is rare,
    /// so the copies cost nothing in the common case.
    #[cold]
    #[inline(never)]
    pub(crate) fn others_blocked(&self, s: &State, w: &Work, mover: usize) -> bool {
        let players = self.game.players.len();
        (1..players).map(|k| (mover + k) % players).all(|p| {
            let mut t = s.clone();
            let mut tw = w.clone();
            t.mover = p as u8;
            !self.first_decision(&mut t, &mut tw)
        })
    }

    /// The phase `player`'s turn would begin in now: his phase, and the next while the
    /// current one's `until` holds for him.
    #[inline]
    fn phase_at_turn_start(&self, s: &State, w: &mut Work, player: usize) -> u8 {
        let phase = s.phase[player];
        if self.program.until[phase as usize].is_none() {
            return phase;
        }
        self.phase_after_untils(s, w, player)
    }

    #[inline(never)]
    fn phase_after_untils(&self, s: &State, w: &mut Work, player: usize) -> u8 {
        let env = self.player_env(s, player);
        let mut phase = s.phase[player];
        while let Some(until) = &self.program.until[phase as usize] {
            if phase as usize + 1 >= self.game.phases.len() || !until.eval(self, s, w, &env) {
                break;
            }
            phase += 1;
        }
        phase
    }

    /// Steps 1–4 of a turn's beginning for `s.mover` (phase, snapshots, allowances, the first
    /// stage that offers a decision); returns whether one does, with its actions in `s.legal`.
    pub(super) fn first_decision(&self, s: &mut State, w: &mut Work) -> bool {
        self.open_turn(s, w);
        self.first_stage_with_decision(s, w)
    }

    /// Steps 1–3 of a turn's beginning for `s.mover`: his phase, the values `grew` will
    /// compare, and the allowances granted by the previous turn. Inlined: it is the body of
    /// every turn's beginning.
    #[inline(always)]
    pub(super) fn open_turn(&self, s: &mut State, w: &mut Work) {
        s.forced_pass = false;
        let player = s.mover as usize;
        let phase = self.phase_at_turn_start(s, w, player);
        s.phase[player] = phase;
        if !self.program.snapshots.is_empty() {
            let env = self.mover_env(s);
            for (slot, value) in self.program.snapshots.iter().enumerate() {
                s.snapshots[slot] = value.eval(self, s, w, &env);
            }
        }
        for (now, next) in s.allow_now.iter_mut().zip(s.allow_next.iter_mut()) {
            *now = *next;
            *next = 0;
        }
    }

    /// Step 4 of a turn's beginning: the first stage of the mover's phase that offers a
    /// decision; returns whether one does, with its actions in `s.legal`.
    #[inline(always)]
    fn first_stage_with_decision(&self, s: &mut State, w: &mut Work) -> bool {
        s.stage = 0;
        self.enter_stage(s, w) || self.later_stage_in_turn(s, w)
    }
}

/// Adds the sites `action` moved a piece from and onto to the turn's `visited`, each once.
fn note_visited(s: &mut State, action: Action) {
    let sites = match action.kind {
        ActionKind::Place => [None, Some(action.to)],
        ActionKind::Slide | ActionKind::Relocate => [Some(action.from), Some(action.to)],
        ActionKind::Take | ActionKind::End | ActionKind::Pass => [None, None],
    };
    for site in sites.into_iter().flatten() {
        if !s.visited.contains(&site) {
            s.visited.push(site);
        }
    }
}

/// The part of a position's hash that says which pieces have not moved: rights that lapse when
/// a piece moves are part of the position. Out of line, as [`Engine::rights_hash`] is.
#[inline(never)]
fn unmoved_hash(s: &State) -> u64 {
    let on_board = s.unmoved.ones().filter(|&site| s.board[site as usize] != 0);
    on_board.fold(0, |h, site| h ^ splitmix(u64::from(site) ^ 0x75_6e6d_6f00))
}

/// Keeps the list of stones relocated this turn (by the sites they stand on) true to the stones
/// when one of them moves from `from` to `to`, or leaves the board (`None`): `distinct` is about
/// stones, not sites. Returns whether the stone on `from` was in the list.
fn follow_relocated(relocated: &mut Vec<u16>, from: u16, to: Option<u16>) -> bool {
    let Some(i) = relocated.iter().position(|&site| site == from) else { return false };
    match to {
        Some(to) => relocated[i] = to,
        None => {
            relocated.swap_remove(i);
        }
    }
    true
}

/// Forgets the stones taken off `sites` in the list of stones relocated this turn.
pub(super) fn forget_relocated(s: &mut State, sites: impl Iterator<Item = u16>) {
    for site in sites {
        follow_relocated(&mut s.relocated, site, None);
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::check::{Selection, load};

    /// The union-finds kept stone by stone — through the one join of [`Engine::put`] on a
    /// board of one word (`lone_word_group`), or through the general path — hold the groups
    /// that a rebuild from the board finds: each team's largest and every group's size, after
    /// every action of random games of every bundled game and variant.
    #[test]
    fn kept_groups_are_the_boards_groups() {
        let (mut compared, mut lone) = (0, 0);
        for (path, variant, game) in crate::engine::bundled::selections() {
            let engine = Engine::new(game);
            let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(11);
            for _ in 0..2 {
                let mut s = engine.initial();
                while s.outcome.is_none() && s.actions() < 400 {
                    let action = engine.legal_nth(&s, rng.random_range(0..engine.legal_count(&s)));
                    engine.apply_unchecked(&mut s, action);
                    let w = s.work.as_ref().expect("scratch");
                    for cache in w.groups.iter().filter(|c| c.largest_if_fresh().is_some()) {
                        let rel = &engine.game.board.relations[cache.rel as usize];
                        let (mut kept, mut rebuilt) = (cache.clone(), cache.clone());
                        rebuilt.leave();
                        let sizes = |c: &mut crate::engine::groups::GroupCache| {
                            let largest = c.largest(rel, &s.board).to_vec();
                            let mut all: Vec<Vec<u32>> = vec![Vec::new(); s.stones.len()];
                            for (team, list) in all.iter_mut().enumerate() {
                                c.sizes(rel, &s.board, &s.stones[team], list);
                                list.sort_unstable();
                            }
                            (largest, all)
                        };
                        assert_eq!(sizes(&mut kept), sizes(&mut rebuilt), "{path:?} {variant:?}");
                        compared += 1;
                        lone += usize::from(engine.lone_word_group.is_some());
                    }
                }
            }
        }
        assert!(compared > 1000 && lone > 300, "{compared} positions compared, {lone} with one word's join");
    }

    /// [`Engine::carry`] leaves what taking the piece off and putting it on the destination
    /// leaves — the board, the kinds, the sets, the position's hash and the kept counts — for
    /// every slide and relocation to an empty site in random games of every bundled game.
    #[test]
    fn carrying_a_piece_is_lifting_it_and_putting_it_down() {
        let mut carried = 0;
        for path in crate::engine::bundled::files(false) {
            let (_, game) = load(&path, &Selection::default()).expect("a bundled game loads");
            let engine = Engine::new(game);
            let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3);
            for _ in 0..3 {
                let mut s = engine.initial();
                while s.outcome.is_none() && s.actions() < 300 {
                    let action = engine.legal_nth(&s, rng.random_range(0..engine.legal_count(&s)));
                    let moves = matches!(action.kind, ActionKind::Slide | ActionKind::Relocate);
                    if moves && s.board[action.to as usize] == 0 {
                        let kind = s.kinds[action.from as usize];
                        let (mut a, mut b) = (s.clone(), s.clone());
                        engine.with_work(&mut a, |a, w| engine.carry(a, w, action.from, action.to, kind));
                        engine.with_work(&mut b, |b, w| {
                            let content = b.board[action.from as usize];
                            engine.lift(b, w, action.from);
                            engine.put_content(b, w, action.to, content, kind);
                        });
                        let seen = |t: &State| {
                            let w = t.work.as_ref().expect("scratch");
                            let sets = (t.stones.clone(), t.empty.clone(), t.empty_count);
                            (
                                t.board.clone(),
                                t.kinds.clone(),
                                sets,
                                t.board_hash,
                                w.empty_neighbors.clone(),
                                w.in_range.clone(),
                            )
                        };
                        assert_eq!(seen(&a), seen(&b), "{path:?}: {}", engine.action_text(action));
                        carried += 1;
                    }
                    engine.apply_unchecked(&mut s, action);
                }
            }
        }
        assert!(carried > 500, "{carried} pieces carried");
    }
}
