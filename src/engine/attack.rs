//! `(attacked SITES)`: whether another team's piece could capture on a site. The answer is
//! derived from the rules themselves, so that a game states only how its pieces move: the
//! piece moves with `(capture)` in the stages of the other team's phase are tried forward from
//! each of its pieces they could move, as if a piece of the subject's stood on the site (an
//! empty square a king would pass over is attacked by a pawn that could capture there).
//!
//! A move's `where` conditions are read on the position as it is, with the attacker as
//! subject; its `require`, `after` and `priority` are not consulted: a piece that may not move
//! because its own king would be exposed still attacks, as chess counts check.

use std::mem::take;

use super::Engine;
use super::eval::Env;
use super::state::{State, Work};
use crate::game::{Filter, Move, MoveKind, Side, Sites};

impl Engine {
    pub(crate) fn attacked(&self, s: &State, w: &mut Work, sites: &Sites, env: &Env) -> bool {
        let mut targets = take(&mut w.targets);
        targets.clear();
        self.for_each_site(s, sites, env, |t| targets.push(t));
        let mut hit = false;
        if !targets.is_empty() {
            for (player, p) in self.game.players.iter().enumerate() {
                // One player per team: the first (a team's players share its pieces and moves).
                if p.team == env.subject || self.game.players[..player].iter().any(|q| q.team == p.team) {
                    continue;
                }
                let enemy = Env { subject: p.team, mover: player, ..*env };
                let phase = &self.game.phases[s.phase[player] as usize];
                for m in phase.stages.iter().flat_map(|stage| &stage.moves) {
                    if m.capture.is_some() && m.kind.moves_a_piece() && self.move_attacks(s, w, m, &targets, &enemy) {
                        hit = true;
                        break;
                    }
                }
                if hit {
                    break;
                }
            }
        }
        w.targets = targets;
        hit
    }

    /// Whether move `m` of the attacker (`env.subject`) could capture on one of `targets`.
    fn move_attacks(&self, s: &State, w: &mut Work, m: &Move, targets: &[u16], env: &Env) -> bool {
        let mut origins = take(&mut w.attackers);
        origins.clear();
        let own = env.subject as u8 + 1;
        self.for_each_site(s, &m.from, env, |o| {
            if s.board[o as usize] == own {
                origins.push(o);
            }
        });
        let hit = origins.iter().any(|&o| targets.iter().any(|&t| self.reaches(s, w, m, o, t, env)));
        w.attackers = origins;
        hit
    }

    /// Whether the piece on `o`, moved by `m`, could capture a piece of another team on `t`.
    fn reaches(&self, s: &State, w: &mut Work, m: &Move, o: u16, t: u16, env: &Env) -> bool {
        let rel = |r: u8| self.program.rel(r, env.subject);
        match &m.kind {
            MoveKind::Slide { along } if m.range == Some(1) => {
                self.game.board.relations[rel(*along) as usize].neighbors(o).contains(&t)
                    && self.captures_on(s, w, m, o, t, t, env)
            }
            MoveKind::Slide { along } => {
                let along = rel(*along);
                let limit = m.range.unwrap_or(u32::MAX);
                for d in 0..self.rays.direction_count(along) {
                    let (mut at, mut steps) = (o, 0);
                    while steps < limit {
                        let Some(next) = self.rays.step(along, at, d) else { break };
                        if next == t {
                            return self.captures_on(s, w, m, o, t, t, env);
                        }
                        if s.board[next as usize] != 0 {
                            break;
                        }
                        at = next;
                        steps += 1;
                    }
                }
                false
            }
            MoveKind::Leap { paths } => {
                paths.iter().any(|path| self.step(Some(o), path) == Some(t)) && self.captures_on(s, w, m, o, t, t, env)
            }
            MoveKind::Hop { over, jumped } => {
                let over = rel(*over);
                (0..self.rays.direction_count(over)).any(|d| {
                    self.rays.step(over, o, d) == Some(t)
                        && self.rays.step(over, t, d).is_some_and(|beyond| {
                            s.board[beyond as usize] == 0
                                && pretend_matches(s, t, *jumped, env.subject)
                                && self.captures_on(s, w, m, o, t, beyond, env)
                        })
                })
            }
            MoveKind::Place | MoveKind::Relocate { .. } | MoveKind::Pass { .. } => false,
        }
    }

    /// Whether `m`'s destination set and conditions let the piece on `o` land on `to`,
    /// capturing on `t`, with `t` taken to hold another team's piece.
    #[allow(clippy::too_many_arguments)]
    fn captures_on(&self, s: &State, w: &mut Work, m: &Move, o: u16, t: u16, to: u16, env: &Env) -> bool {
        let e = Env { from: o, to, ..*env };
        let lands = match &m.to {
            Sites::Filter(f) if to == t => pretend_matches(s, t, *f, env.subject),
            set => self.contains(s, set, to, &e),
        };
        lands && m.conditions.iter().all(|c| self.bool(s, w, c, &e))
    }
}

/// Whether site `t`, taken to hold a piece of a team other than `attacker` (the piece there if
/// there is one, else a piece of unknown kind), matches `filter` for the attacker.
fn pretend_matches(s: &State, t: u16, filter: Filter, attacker: usize) -> bool {
    let content = s.board[t as usize];
    let kind = (content != 0 && content as usize != attacker + 1).then(|| s.kinds[t as usize]);
    match filter {
        Filter::Enemy | Filter::Occupied | Filter::Any => true,
        Filter::Empty | Filter::Friend => false,
        Filter::Piece(Side::Friend, _) => false,
        Filter::Piece(Side::Enemy | Side::Anyone, k) => kind.is_none_or(|own| own == k),
    }
}
