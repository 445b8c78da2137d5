//! The rights a position holds, for `(repetition ...)`: what the game's history still allows.
//!
//! Two positions with the same pieces and the same player to move are the same position only if
//! the same moves are possible in them (FIDE 9.2.3): a king and rook that have not moved may
//! still castle, a pawn that has just made its two-step move may be taken in passing. Which
//! pieces have moved, and where the previous move went, are read by the rules through
//! `(unmoved ...)`, `previous-from` and `previous-to`. Hashing every piece's "unmoved" mark
//! would be too much (a knight that has gone out and come back changes no possible move), and
//! leaving the previous move out too little. So a position's rights are, for each piece move
//! whose `where` reads the history, the (origin, destination) pairs whose history conditions
//! hold — its other conditions left aside, for a right is kept while the way is blocked — over
//! every piece of every team and every destination the move's geometry reaches on an empty
//! board.

use super::Engine;
use super::eval::Env;
use super::repetition::splitmix;
use super::state::{State, Work};
use crate::game::{Bool, Game, Move, MoveKind, SiteVar, Sites};

/// The moves whose `where` reads the history, found once; `None` from [`lower`] when the
/// history is read anywhere else (an effect, an end rule, a placement): then which pieces are
/// unmoved is part of a position ([`super::lower::Program::tracks_unmoved`]).
#[derive(Debug, Clone)]
pub(crate) struct Rights {
    moves: Vec<RightMove>,
    /// Per team that has a player: (team, its first player), the mover its rights are read for.
    teams: Vec<(usize, usize)>,
}

#[derive(Debug, Clone)]
struct RightMove {
    phase: usize,
    stage: usize,
    index: usize,
    /// The move's `where` conditions that read the history (indices), by what they are about:
    /// neither origin nor destination (tried once per team), the origin only (once per piece),
    /// the destination (once per destination).
    fixed: Vec<usize>,
    at_from: Vec<usize>,
    at_to: Vec<usize>,
    /// One condition is `(unmoved from)`: only the pieces not yet moved are tried (it is
    /// then left out of `at_from`).
    unmoved_from: bool,
}

pub(crate) fn lower(game: &Game) -> Option<Rights> {
    let mut in_moves = 0;
    let mut moves = Vec::new();
    for (phase, p) in game.phases.iter().enumerate() {
        for (stage, st) in p.stages.iter().enumerate() {
            for (index, m) in st.moves.iter().enumerate() {
                if !m.kind.moves_a_piece() {
                    continue;
                }
                let mut tests = Vec::new();
                for (i, c) in m.conditions.iter().enumerate() {
                    let before = in_moves;
                    c.walk(&mut |b| in_moves += usize::from(b.reads_history_here()));
                    if in_moves > before {
                        tests.push(i);
                    }
                }
                if !tests.is_empty() {
                    let uses = |i: &usize, v: SiteVar| m.conditions[*i].uses(v);
                    let (at_to, rest): (Vec<usize>, Vec<usize>) = tests.iter().partition(|i| uses(i, SiteVar::To));
                    let (at_from, fixed): (Vec<usize>, Vec<usize>) = rest.iter().partition(|i| uses(i, SiteVar::From));
                    let bare = |i: &usize| m.conditions[*i] == Bool::Unmoved(Sites::At(SiteVar::From));
                    let unmoved_from = at_from.iter().any(bare);
                    let at_from = at_from.into_iter().filter(|i| !bare(i)).collect();
                    moves.push(RightMove { phase, stage, index, fixed, at_from, at_to, unmoved_from });
                }
            }
        }
    }
    let teams = (0..game.teams.len())
        .filter_map(|team| game.players.iter().position(|p| p.team == team).map(|mover| (team, mover)))
        .collect();
    (in_moves > 0 && !game.reads_history_outside_piece_wheres()).then_some(Rights { moves, teams })
}

impl Engine {
    /// The hash of the rights `s` holds (see the module's comment). Out of line: the turn
    /// boundary of the games without rights stays short.
    #[inline(never)]
    pub(crate) fn rights_hash(&self, rights: &Rights, s: &State, w: &mut Work) -> u64 {
        let mut h = 0;
        for (r, right) in rights.moves.iter().enumerate() {
            let m = &self.game.phases[right.phase].stages[right.stage].moves[right.index];
            let holds =
                |w: &mut Work, tests: &[usize], e: &Env| tests.iter().all(|&i| self.bool(s, w, &m.conditions[i], e));
            let key =
                |f: u16, t: u16| splitmix(((r as u64) << 40) ^ (u64::from(f) << 20) ^ u64::from(t) ^ 0x7269_6768_7400);
            for &(team, mover) in &rights.teams {
                let env = self.player_env(s, mover);
                if !holds(w, &right.fixed, &env) {
                    continue;
                }
                let mut origins = std::mem::take(&mut w.origins);
                origins.clear();
                self.for_each_site(s, &m.from, &env, |f| {
                    if s.board[f as usize] == team as u8 + 1 && (!right.unmoved_from || s.unmoved.contains(f)) {
                        origins.push(f);
                    }
                });
                for &f in &origins {
                    let e = Env { from: f, ..env };
                    if !holds(w, &right.at_from, &e) {
                        continue;
                    }
                    if right.at_to.is_empty() {
                        h ^= key(f, u16::MAX);
                        continue;
                    }
                    self.reach(m, team, f, |t| {
                        if holds(w, &right.at_to, &Env { to: t, ..e }) {
                            h ^= key(f, t);
                        }
                    });
                }
                w.origins = origins;
            }
        }
        h
    }

    /// Calls `f` for every site move `m` of `team` reaches from `from` on an empty board.
    fn reach(&self, m: &Move, team: usize, from: u16, mut f: impl FnMut(u16)) {
        let rel = |r: u8| self.program.rel(r, team);
        match &m.kind {
            // A ride's exact distance depends on the pieces: every site along the line.
            MoveKind::Slide { along } | MoveKind::Ride { along, .. } => {
                let along = rel(*along);
                let limit = m.range.unwrap_or(u32::MAX);
                for d in 0..self.rays.direction_count(along) {
                    let (mut at, mut steps) = (from, 0);
                    // At most one step per site: a direction may come round again.
                    while steps < limit && (steps as usize) < self.game.board.site_count() {
                        let Some(t) = self.rays.step(along, at, d) else { break };
                        f(t);
                        at = t;
                        steps += 1;
                    }
                }
            }
            MoveKind::Leap { paths, .. } => {
                for path in paths {
                    if let Some(t) = self.step(Some(from), path, team) {
                        f(t);
                    }
                }
            }
            MoveKind::Hop { over, .. } => {
                let over = rel(*over);
                for d in 0..self.rays.direction_count(over) {
                    if let Some(t) = self.rays.step(over, from, d).and_then(|mid| self.rays.step(over, mid, d)) {
                        f(t);
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
}
