//! `(attacked SITES)`: whether another team's piece could capture on a site. The answer is
//! derived from the rules themselves, so that a game states only how its pieces move: each
//! piece move with `(capture)` in the stages of the other team's phase is traced back from the
//! site to where a piece making it would stand, as if a piece of the subject's stood on the
//! site (an empty square a king would pass over is attacked by a pawn that could capture
//! there). A move the lowering cannot trace back (a hop, a step along a relation that is not
//! made of directions) is tried forward from each piece.
//!
//! A move's `where` conditions are read on the position as it is, with the attacker as
//! subject; its `require`, `after` and `priority` are not consulted: a piece that may not move
//! because its own king would be exposed still attacks, as chess counts check.

use std::mem::take;

use super::Engine;
use super::bits::Bits;
use super::eval::Env;
use super::state::{State, Work};
use crate::game::{Bool, Effect, Filter, Game, Move, MoveKind, Side, Sites};

/// No site.
const OFF: u16 = u16::MAX;
/// No line.
const NONE: u8 = u8::MAX;

/// What [`Engine::guard`] found for a guarded move: the sites whose piece, lifted, could
/// change whether its target is attacked.
#[derive(Debug, Clone, Default)]
pub(crate) struct Guard {
    /// The target's sites, and each line of attack on them up to its first piece.
    sites: Bits,
    /// Per site of a line: its line (an index into the enemy's lines) and its distance from
    /// the target.
    line_of: Vec<(u8, u8)>,
    /// The one target and the one enemy player, when there is one of each.
    single: Option<(u16, usize)>,
}

/// How `(attacked ...)` finds attackers, compiled once: the ways back from a target to the
/// sites an attacker would stand on. Looking back from the target walks a few lines; looking
/// forward from every enemy piece would walk all of theirs. Moves that share a direction share
/// one walk (a rook's, a queen's and a king's line east are one line, each with its reach).
#[derive(Debug, Clone, Default)]
pub(crate) struct AttackProgram {
    /// Per direction of the board: per site, the site one step against the direction.
    back: Vec<Vec<u16>>,
    /// `teams[phase][team]`: how that team's capturing moves in that phase are traced back.
    teams: Vec<Vec<TeamAttacks>>,
    /// Every capturing move is traced back and has no `where`: whether a site is attacked
    /// depends only on what stands on its lines and leap origins, so a move that lifts no
    /// piece from them cannot make it attacked (see [`super::lower::MoveProgram::guarded`]).
    guardable: bool,
}

#[derive(Debug, Clone, Default)]
struct TeamAttacks {
    /// Per direction: the moves that step or ride along it, each with its reach.
    lines: Vec<Line>,
    /// Per leap path (reversed): the moves that leap by it.
    leaps: Vec<Leap>,
    /// Moves that cannot be traced back (a hop, a step along a relation not made of
    /// directions): tried forward from each piece.
    forward: Vec<MoveRef>,
}

#[derive(Debug, Clone)]
struct Line {
    direction: u8,
    /// The longest reach of its moves.
    range: u32,
    moves: Vec<(MoveRef, u32)>,
}

#[derive(Debug, Clone)]
struct Leap {
    path: Vec<u8>,
    moves: Vec<MoveRef>,
}

/// A move of a phase: (stage, index in the stage).
type MoveRef = (u16, u16);

/// The attack program of a game whose rules ask `(attacked ...)`.
pub(crate) fn lower(game: &Game) -> Option<AttackProgram> {
    let mut asked = false;
    game.visit_bools(&mut |b| asked |= matches!(b, crate::game::Bool::Attacked(_)));
    if !asked {
        return None;
    }
    let board = &game.board;
    let back = board
        .directions
        .iter()
        .map(|d| {
            let mut back = vec![OFF; board.site_count()];
            for (from, to) in d.step.iter().enumerate() {
                if let Some(to) = to {
                    back[*to as usize] = from as u16;
                }
            }
            back
        })
        .collect();
    let direction_of = |rel: u8| {
        let r = &board.relations[rel as usize];
        board.directions.iter().position(|d| r.direction && d.name == r.name).map(|d| d as u8)
    };
    // Whether a relation's pairs are exactly the steps of the directions within it.
    let covered = |rel: usize| {
        let dirs = board.directions_within(rel);
        (0..board.site_count()).all(|site| {
            let steps = dirs.iter().filter(|&&d| board.directions[d].step[site].is_some()).count();
            board.relations[rel].neighbors(site as u16).len() == steps
        })
    };
    let team_attacks = |phase: &crate::game::Phase, team: usize| {
        let mut out = TeamAttacks::default();
        for (stage, st) in phase.stages.iter().enumerate() {
            for (index, m) in st.moves.iter().enumerate() {
                if m.capture.is_none() || !m.kind.moves_a_piece() {
                    continue;
                }
                let r#ref = (stage as u16, index as u16);
                let range = m.range.unwrap_or(u32::MAX);
                match &m.kind {
                    // A one-step slide goes to its relation's neighbours; traced back only when
                    // the relation's directions are all of them (not on a tiling's `edges`).
                    MoveKind::Slide { along }
                        if m.range == Some(1) && !covered(game.relation_for(*along, team) as usize) =>
                    {
                        out.forward.push(r#ref)
                    }
                    MoveKind::Slide { along } => {
                        for d in board.directions_within(game.relation_for(*along, team) as usize) {
                            let d = d as u8;
                            match out.lines.iter_mut().find(|l| l.direction == d) {
                                Some(line) => {
                                    line.range = line.range.max(range);
                                    line.moves.push((r#ref, range));
                                }
                                None => out.lines.push(Line { direction: d, range, moves: vec![(r#ref, range)] }),
                            }
                        }
                    }
                    MoveKind::Leap { paths } => {
                        // The checker admits only directions in a leap's path.
                        for path in paths {
                            let path: Vec<u8> = path.iter().rev().filter_map(|&r| direction_of(r)).collect();
                            match out.leaps.iter_mut().find(|l| l.path == path) {
                                Some(leap) => leap.moves.push(r#ref),
                                None => out.leaps.push(Leap { path, moves: vec![r#ref] }),
                            }
                        }
                    }
                    _ => out.forward.push(r#ref),
                }
            }
        }
        out
    };
    let teams: Vec<Vec<TeamAttacks>> =
        game.phases.iter().map(|phase| (0..game.teams.len()).map(|t| team_attacks(phase, t)).collect()).collect();
    let moves = game.phases.iter().flat_map(|p| &p.stages).flat_map(|s| &s.moves);
    let guardable = teams.iter().flatten().all(|t| t.forward.is_empty())
        && moves.filter(|m| m.capture.is_some() && m.kind.moves_a_piece()).all(|m| m.conditions.is_empty());
    Some(AttackProgram { back, teams, guardable })
}

/// Whether a move's `after` is the one test [`Engine::guard`] can answer for most candidates:
/// `(not (attacked (friend K)))`, with effects that leave the board as the move left it and no
/// promotion into K.
pub(crate) fn guarded(m: &Move) -> bool {
    fn board_free(effects: &[Effect]) -> bool {
        effects.iter().all(|e| match e {
            Effect::Allow { .. } | Effect::Add { .. } | Effect::Win(_) | Effect::Draw => true,
            Effect::If { then, otherwise, .. } => board_free(then) && board_free(otherwise),
            Effect::Remove { .. }
            | Effect::RemoveGroups { .. }
            | Effect::Flip(_)
            | Effect::Put { .. }
            | Effect::Shift { .. }
            | Effect::Promote { .. } => false,
        })
    }
    let [Bool::Not(test)] = &m.after[..] else { return false };
    let Bool::Attacked(Sites::Filter(Filter::Piece(Side::Friend, king))) = &**test else { return false };
    m.no_repeat.is_none()
        && m.kind.moves_a_piece()
        && board_free(&m.then)
        && m.promote.as_ref().is_none_or(|p| !p.kinds.contains(king))
}

impl Engine {
    /// For a guarded move (see [`guarded`]) in a position where its target is not attacked:
    /// the target's sites and every site an attack on them could pass through, along each
    /// line up to its first piece. `None` when every candidate must be tested (the target is
    /// attacked, or the game's attacks are not all traced back).
    pub(crate) fn guard(&self, s: &State, w: &mut Work, m: &Move, env: &Env) -> Option<Guard> {
        let program = self.program.attack.as_ref().filter(|p| p.guardable)?;
        let [Bool::Not(test)] = &m.after[..] else { return None };
        let Bool::Attacked(sites) = &**test else { return None };
        if self.attacked(s, w, sites, env) {
            return None;
        }
        let mut guard = take(&mut w.guard);
        if guard.line_of.len() != s.board.len() {
            guard.sites = Bits::new(s.board.len());
        }
        guard.sites.clear();
        guard.line_of.resize(s.board.len(), (NONE, 0));
        let enemies: Vec<usize> = (0..self.game.players.len())
            .filter(|&p| self.game.players[p].team != env.subject)
            .filter(|&p| !self.game.players[..p].iter().any(|q| q.team == self.game.players[p].team))
            .collect();
        let mut targets = 0;
        let mut last_target = OFF;
        self.for_each_site(s, sites, env, |t| {
            targets += 1;
            last_target = t;
            guard.sites.insert(t);
            guard.line_of[t as usize] = (NONE, 0);
            for &player in &enemies {
                let team = self.game.players[player].team;
                let attacks = &program.teams[s.phase[player] as usize][team];
                for (index, line) in attacks.lines.iter().enumerate() {
                    let back = &program.back[line.direction as usize];
                    let (mut at, mut steps) = (t, 0u32);
                    // Up to the first piece: lifting one behind it opens nothing.
                    while steps < line.range {
                        at = back[at as usize];
                        if at == OFF {
                            break;
                        }
                        steps += 1;
                        guard.sites.insert(at);
                        guard.line_of[at as usize] = (index as u8, steps.min(255) as u8);
                        if s.board[at as usize] != 0 {
                            break;
                        }
                    }
                }
            }
        });
        // With one target and one enemy team, a piece lifted from a line opens that line only.
        guard.single = match (targets, &enemies[..]) {
            (1, &[player]) => Some((last_target, player)),
            _ => None,
        };
        Some(guard)
    }

    /// Whether a candidate of a guarded move leaves its target unattacked, when the guard
    /// tells: `None` when the candidate must be made on a copy.
    pub(crate) fn guard_verdict(
        &self,
        s: &State,
        w: &mut Work,
        guard: &Guard,
        env: &Env,
        action: super::Action,
    ) -> Option<bool> {
        let from = action.from;
        if !guard.sites.contains(from) {
            return Some(true);
        }
        let (target, player) = guard.single?;
        let (index, distance) = guard.line_of[from as usize];
        if from == target || index == NONE {
            return None;
        }
        // Landing between the target and where it came from, the piece still blocks the line.
        let to = action.to;
        if guard.sites.contains(to) && guard.line_of[to as usize].0 == index && guard.line_of[to as usize].1 < distance
        {
            return Some(true);
        }
        let program = self.program.attack.as_ref()?;
        let team = self.game.players[player].team;
        let phase = s.phase[player] as usize;
        let line = &program.teams[phase][team].lines[index as usize];
        let back = &program.back[line.direction as usize];
        let (mut at, mut steps) = (from, u32::from(distance));
        loop {
            at = back[at as usize];
            steps += 1;
            if at == OFF || steps > line.range || at == action.to {
                return Some(true);
            }
            if s.board[at as usize] != 0 {
                break;
            }
        }
        if s.board[at as usize] != team as u8 + 1 {
            return Some(true);
        }
        let enemy = Env { subject: team, mover: player, ..*env };
        let stages = &self.game.phases[phase].stages;
        let attacks = line.moves.iter().any(|&(r, range)| {
            let m = &stages[r.0 as usize].moves[r.1 as usize];
            steps <= range
                && self.contains(s, &m.from, at, &enemy)
                && self.captures_on(s, w, m, at, target, target, &enemy)
        });
        Some(!attacks)
    }

    /// A guarded move of the target piece itself (a king's step): whether the site it lands
    /// on is unattacked once it has left its own, traced back on the board with the piece
    /// moved (its lines may run through the site it leaves). `None` when the guard does not
    /// tell (several targets or enemies, or another piece moving).
    pub(crate) fn guarded_target_move(
        &self,
        s: &mut State,
        w: &mut Work,
        guard: &Guard,
        env: &Env,
        action: super::Action,
    ) -> Option<bool> {
        let (target, _) = guard.single?;
        if action.from != target {
            return None;
        }
        let program = self.program.attack.as_ref()?;
        let (from, to) = (action.from as usize, action.to as usize);
        // Only the contents and kinds of sites are read by the trace back: they are changed
        // for it and put back.
        let saved = (s.board[from], s.kinds[from], s.board[to], s.kinds[to]);
        s.board[to] = saved.0;
        s.kinds[to] = action.promoted().unwrap_or(saved.1);
        s.board[from] = 0;
        let attacked = self.attacked_back(s, w, program, &[action.to], env);
        s.board[from] = saved.0;
        s.kinds[from] = saved.1;
        s.board[to] = saved.2;
        s.kinds[to] = saved.3;
        Some(!attacked)
    }

    pub(crate) fn attacked(&self, s: &State, w: &mut Work, sites: &Sites, env: &Env) -> bool {
        let mut targets = take(&mut w.targets);
        targets.clear();
        self.for_each_site(s, sites, env, |t| targets.push(t));
        let hit = match &self.program.attack {
            Some(program) => self.attacked_back(s, w, program, &targets, env),
            None => false,
        };
        w.targets = targets;
        hit
    }

    /// `(attacked ...)` by the compiled ways back.
    fn attacked_back(&self, s: &State, w: &mut Work, program: &AttackProgram, targets: &[u16], env: &Env) -> bool {
        for (player, p) in self.game.players.iter().enumerate() {
            // One player per team: the first (a team's players share its pieces and moves).
            if p.team == env.subject || self.game.players[..player].iter().any(|q| q.team == p.team) {
                continue;
            }
            let enemy = Env { subject: p.team, mover: player, ..*env };
            let own = p.team as u8 + 1;
            let phase = s.phase[player] as usize;
            let stages = &self.game.phases[phase].stages;
            let attacks = &program.teams[phase][p.team];
            let by = |w: &mut Work, r: MoveRef, origin: u16, t: u16| {
                let m = &stages[r.0 as usize].moves[r.1 as usize];
                self.contains(s, &m.from, origin, &enemy) && self.captures_on(s, w, m, origin, t, t, &enemy)
            };
            for &t in targets {
                for line in &attacks.lines {
                    let back = &program.back[line.direction as usize];
                    let (mut at, mut steps) = (t, 0);
                    while steps < line.range {
                        at = back[at as usize];
                        steps += 1;
                        if at == OFF || s.board[at as usize] != 0 {
                            break;
                        }
                    }
                    if at != OFF && s.board[at as usize] == own {
                        for &(r, range) in &line.moves {
                            if steps <= range && by(w, r, at, t) {
                                return true;
                            }
                        }
                    }
                }
                for leap in &attacks.leaps {
                    let mut at = t;
                    for &d in &leap.path {
                        at = program.back[d as usize][at as usize];
                        if at == OFF {
                            break;
                        }
                    }
                    if at != OFF && s.board[at as usize] == own && leap.moves.iter().any(|&r| by(w, r, at, t)) {
                        return true;
                    }
                }
            }
            for &r in &attacks.forward {
                if self.move_attacks(s, w, &stages[r.0 as usize].moves[r.1 as usize], targets, &enemy) {
                    return true;
                }
            }
        }
        false
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

    /// Whether the piece on `o`, moved by `m`, could capture a piece of another team on `t`:
    /// for the moves the lowering leaves to be tried forward.
    fn reaches(&self, s: &State, w: &mut Work, m: &Move, o: u16, t: u16, env: &Env) -> bool {
        let rel = |r: u8| self.program.rel(r, env.subject);
        match &m.kind {
            MoveKind::Slide { along } if m.range == Some(1) => {
                self.game.board.relations[rel(*along) as usize].neighbors(o).contains(&t)
                    && self.captures_on(s, w, m, o, t, t, env)
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
            // Riders and leaps are always traced back (their steps are directions).
            MoveKind::Slide { .. } | MoveKind::Leap { .. } => false,
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
