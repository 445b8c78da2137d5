//! Making an action, and the turn flow around it: effects, stages, the end of a turn, the next
//! player's phase and first decision, and the end of the game.

use std::mem::take;

use super::eval::Env;
use super::outcome::EndReason;
use super::repetition::splitmix;
use super::state::{State, UNLIMITED};
use super::{Action, ActionKind, Engine, Outcome};
use crate::game::{Blocked, Effect, EndRule, MoveKind, Recipient, Who};

impl Engine {
    /// Makes an action known to be legal (from [`Engine::legal`]); playouts use this directly.
    pub fn apply_unchecked(&self, s: &mut State, action: Action) {
        let env = Env { from: action.from, to: action.to, ..self.mover_env(s) };
        let stage = self.current_stage(s);
        let m = stage.moves.iter().find(|m| {
            matches!(
                (&m.kind, action.kind),
                (MoveKind::Place, ActionKind::Place)
                    | (MoveKind::Slide { .. }, ActionKind::Slide)
                    | (MoveKind::Relocate { .. }, ActionKind::Relocate)
            )
        });
        let team = env.subject;
        match action.kind {
            ActionKind::Place => {
                let hand = &mut s.hands[env.mover];
                if *hand != UNLIMITED {
                    *hand -= 1;
                }
                self.put(s, action.to, team);
                s.arrival = Some(action.to);
            }
            ActionKind::Slide => {
                self.lift(s, action.from);
                self.put(s, action.to, team);
                s.arrival = Some(action.to);
            }
            ActionKind::Relocate => {
                let owner = s.board[action.from as usize] as usize - 1;
                self.lift(s, action.from);
                self.put(s, action.to, owner);
                s.relocated.push(action.to);
            }
            ActionKind::End | ActionKind::Pass => {}
        }
        s.actions += 1;
        s.turn_started = true;
        s.last_mover = Some(s.mover);
        if let Some(m) = m {
            self.effects(s, &m.then, &env);
        }
        if s.outcome.is_some() || self.end_rules(s, false) {
            s.legal.clear();
            return;
        }
        match action.kind {
            ActionKind::Pass => self.end_turn(s),
            ActionKind::End => self.next_stage(s),
            _ => {
                s.stage_done += 1;
                if s.stage_done >= s.stage_max {
                    self.next_stage(s);
                } else {
                    self.generate(s);
                    if s.legal.is_empty() {
                        self.next_stage(s);
                    }
                }
            }
        }
    }

    /// Puts a stone of `team` on an empty site, without effects.
    pub(crate) fn put_stone(&self, s: &mut State, site: u16, team: usize) {
        self.put(s, site, team);
    }

    /// Puts a stone of `team` on an empty site.
    fn put(&self, s: &mut State, site: u16, team: usize) {
        s.board[site as usize] = team as u8 + 1;
        s.stones[team].insert(site);
        s.empty.remove(site);
        s.empty_count -= 1;
        s.board_hash ^= self.zobrist.stone(site, team);
    }

    /// Takes the stone off a site.
    fn lift(&self, s: &mut State, site: u16) {
        let team = s.board[site as usize] as usize - 1;
        s.board[site as usize] = 0;
        s.stones[team].remove(site);
        s.empty.insert(site);
        s.empty_count += 1;
        s.board_hash ^= self.zobrist.stone(site, team);
    }

    fn effects(&self, s: &mut State, effects: &[Effect], env: &Env) {
        for e in effects {
            if s.outcome.is_some() {
                return;
            }
            self.effect(s, e, env);
        }
    }

    fn next_player(&self, player: usize) -> usize {
        (player + 1) % self.game.players.len()
    }

    fn effect(&self, s: &mut State, effect: &Effect, env: &Env) {
        let teams = s.stones.len();
        match effect {
            Effect::Remove { sites, conditions, credit } => {
                let mut w = take(&mut s.work);
                let mut victims = take(&mut w.victims);
                victims.clear();
                // Every victim is found in the position before any removal: removal is
                // simultaneous.
                self.for_each_site(s, sites, env, |site| {
                    let content = s.board[site as usize];
                    if content != 0 && conditions.iter().all(|c| self.bool(s, &mut w, c, &Env { site, ..*env })) {
                        victims.push((site, content));
                    }
                });
                for &(site, content) in &victims {
                    self.lift(s, site);
                    let owner = content as usize - 1;
                    if let Some((counter, recipient)) = credit {
                        if owner != env.subject {
                            let team = if *recipient == Recipient::Mover { env.subject } else { owner };
                            s.counters[counter * teams + team] += 1;
                        }
                    }
                }
                w.victims = victims;
                s.work = w;
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
            Effect::Allow { allowance, value, next } => {
                let mut w = take(&mut s.work);
                let v = self.int(s, &mut w, value, env);
                s.work = w;
                if *next {
                    s.allow_next[*allowance] = v;
                } else {
                    s.allow_now[*allowance] = v;
                }
            }
            Effect::Add { counter, who, value } => {
                let mut w = take(&mut s.work);
                let v = self.int(s, &mut w, value, env);
                s.work = w;
                let team = match who {
                    Who::Mover => env.subject,
                    Who::Next => self.game.players[self.next_player(env.mover)].team,
                };
                s.counters[counter * teams + team] += v;
            }
            Effect::If { condition, then, otherwise } => {
                let mut w = take(&mut s.work);
                let holds = self.bool(s, &mut w, condition, env);
                s.work = w;
                self.effects(s, if holds { then } else { otherwise }, env);
            }
        }
    }

    /// Evaluates the `(when ...)` end rules; returns whether the game ended.
    fn end_rules(&self, s: &mut State, no_moves: bool) -> bool {
        let env = Env { no_moves, ..self.mover_env(s) };
        let mut w = take(&mut s.work);
        for (i, rule) in self.game.end.iter().enumerate() {
            if let EndRule::When { condition, outcome, .. } = rule {
                if self.bool(s, &mut w, condition, &env) {
                    s.outcome = Some(self.decide(s, &mut w, outcome, EndReason::Rule(i)));
                    break;
                }
            }
        }
        s.work = w;
        if s.outcome.is_some() {
            s.legal.clear();
            return true;
        }
        false
    }

    /// Moves to the next stage of the turn that offers a decision, or ends the turn.
    fn next_stage(&self, s: &mut State) {
        let stages = self.game.phases[s.phase[s.mover as usize] as usize].stages.len();
        loop {
            s.stage += 1;
            if s.stage as usize >= stages {
                self.end_turn(s);
                return;
            }
            if self.enter_stage(s) {
                return;
            }
        }
    }

    /// Evaluates the stage's bounds and its actions; returns whether there is a decision.
    fn enter_stage(&self, s: &mut State) -> bool {
        let stage = self.current_stage(s);
        let env = self.mover_env(s);
        let mut w = take(&mut s.work);
        let max = self.int(s, &mut w, &stage.max, &env).max(0);
        let min = self.int(s, &mut w, &stage.min, &env).clamp(0, max);
        s.work = w;
        s.stage_min = min as u32;
        s.stage_max = max as u32;
        s.stage_done = 0;
        if max == 0 {
            s.legal.clear();
            return false;
        }
        self.generate(s);
        !s.legal.is_empty()
    }

    fn end_turn(&self, s: &mut State) {
        let phase = &self.game.phases[s.phase[s.mover as usize] as usize];
        let env = self.mover_env(s);
        self.effects(s, &phase.after_turn, &env);
        if s.outcome.is_some() || self.end_rules(s, false) {
            s.legal.clear();
            return;
        }
        s.turns_completed += 1;
        s.turn_started = false;
        s.arrival = None;
        s.relocated.clear();
        s.mover = self.next_player(s.mover as usize) as u8;
        for (i, rule) in self.game.end.iter().enumerate() {
            if let EndRule::TurnLimit { turns, outcome } = rule {
                if *turns > 0 && s.turns_completed >= *turns {
                    self.finish(s, outcome, i);
                    return;
                }
            }
        }
        if let Some((count, i)) = self.record_position(s) {
            if let EndRule::Repetition { outcome, .. } = &self.game.end[i] {
                let _ = count;
                self.finish(s, outcome, i);
                return;
            }
        }
        self.begin_turn(s);
    }

    fn finish(&self, s: &mut State, outcome: &crate::game::Outcome, rule: usize) {
        let mut w = take(&mut s.work);
        s.outcome = Some(self.decide(s, &mut w, outcome, EndReason::Rule(rule)));
        s.work = w;
        s.legal.clear();
    }

    /// Counts the position at a turn boundary; returns `(count, rule)` when a repetition rule
    /// ends the game.
    pub(crate) fn record_position(&self, s: &mut State) -> Option<(u32, usize)> {
        let (index, limit) = self.game.end.iter().enumerate().find_map(|(i, r)| match r {
            EndRule::Repetition { count, .. } if *count > 0 => Some((i, *count)),
            _ => None,
        })?;
        let mut h = s.board_hash ^ splitmix(0x6d6f_7665 ^ u64::from(s.mover));
        for (p, &hand) in s.hands.iter().enumerate() {
            h ^= splitmix(((p as u64) << 40) ^ u64::from(hand) ^ 0x68_616e_6400);
        }
        for (p, &phase) in s.phase.iter().enumerate() {
            h ^= splitmix(((p as u64) << 40) ^ u64::from(phase) ^ 0x70_6861_7300);
        }
        for (i, &c) in s.counters.iter().enumerate() {
            h ^= splitmix(((i as u64) << 40) ^ (c as u64) ^ 0x63_6f75_6e00);
        }
        for (i, &a) in s.allow_next.iter().enumerate() {
            h ^= splitmix(((i as u64) << 40) ^ (a as u64) ^ 0x61_6c6c_6f00);
        }
        let count = s.seen.record(h);
        (count >= limit).then_some((count, index))
    }

    /// Starts the turn of `s.mover`: phase changes, values for `grew`, allowances granted by
    /// the previous turn, and the first decision — or a pass, or the end of the game.
    pub(crate) fn begin_turn(&self, s: &mut State) {
        let player = s.mover as usize;
        let env = self.mover_env(s);
        let mut w = take(&mut s.work);
        loop {
            let current = s.phase[player] as usize;
            let Some(until) = &self.game.phases[current].until else { break };
            if current + 1 >= self.game.phases.len() || !self.bool(s, &mut w, until, &env) {
                break;
            }
            s.phase[player] += 1;
        }
        for (slot, value) in self.game.snapshots.iter().enumerate() {
            s.snapshots[slot] = self.int(s, &mut w, value, &env);
        }
        s.work = w;
        for (now, next) in s.allow_now.iter_mut().zip(s.allow_next.iter_mut()) {
            *now = *next;
            *next = 0;
        }
        let stages = self.game.phases[s.phase[player] as usize].stages.len();
        s.stage = 0;
        let mut decision = self.enter_stage(s);
        while !decision && (s.stage as usize) + 1 < stages {
            s.stage += 1;
            decision = self.enter_stage(s);
        }
        if !decision {
            s.stage = 0;
            s.stage_done = 0;
            if self.game.phases[s.phase[player] as usize].blocked == Blocked::Pass {
                s.legal.clear();
                s.legal.push(Action::PASS);
            }
        }
        if self.end_rules(s, s.legal.is_empty()) {
            return;
        }
        if s.legal.is_empty() {
            s.outcome = Some(Outcome { winner: None, scores: None, decided_by: None, reason: EndReason::Blocked });
        }
    }
}
