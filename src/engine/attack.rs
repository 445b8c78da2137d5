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
use crate::game::{Bool, Effect, Filter, Game, Move, MoveKind, Side, SiteVar, Sites};

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
    /// Per team: the players whose pieces could attack it, one per other team (a team's
    /// players share its pieces and moves).
    enemies: Vec<Vec<usize>>,
    /// Every capturing move is traced back and its `where`, if any, reads nothing of the board
    /// ([`reads_no_board`]): whether a site is attacked depends only on what stands on its
    /// lines and leap origins, so a move that lifts no piece from them cannot make it attacked
    /// (see [`super::lower::MoveProgram::guarded`]).
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
    /// On a board of at most [`PAIRED_SITES`] sites, with at most 16 lines and 32 leaps: per
    /// target and origin (`target * sites + origin`), the lines and leaps by which a piece on
    /// the origin could reach the target on an empty board — bit `i` for line `i` one step
    /// away, bit `16 + i` further along it, bit `32 + j` for leap `j`. The few pieces of the
    /// team are then looked up instead of every line walked; empty when not built.
    pairs: Vec<u64>,
    /// Per kind of piece: the bits of `pairs` whose moves a piece of that kind makes.
    by_kind: Vec<u64>,
}

use crate::game::footprint::PAIRED_SITES;

#[derive(Debug, Clone)]
struct Line {
    direction: u8,
    /// The longest reach of its moves.
    range: u32,
    moves: Vec<(MoveRef, u32)>,
    /// The kinds of piece that could make one of its moves one step away, and further: most
    /// pieces met on a line are turned away by these without reading a move.
    near: Kinds,
    far: Kinds,
}

#[derive(Debug, Clone)]
struct Leap {
    path: Vec<u8>,
    /// Per site, where a piece leaping by the path onto it would stand (`OFF` if nowhere).
    origin: Vec<u16>,
    moves: Vec<MoveRef>,
    kinds: Kinds,
}

/// A set of piece kinds, as bits; a kind past the 64th is in every set (it is never turned
/// away, only tested the long way).
#[derive(Debug, Clone, Copy, Default)]
struct Kinds(u64);

impl Kinds {
    const ALL: Kinds = Kinds(u64::MAX);

    /// The kinds a move's `from` could take a piece of: one kind for `(friend K)`, else all.
    fn of(m: &Move) -> Kinds {
        match m.from {
            Sites::Filter(Filter::Piece(Side::Friend, k)) if k < 64 => Kinds(1 << k),
            _ => Kinds::ALL,
        }
    }

    fn has(self, kind: u8) -> bool {
        kind >= 64 || self.0 >> kind & 1 != 0
    }
}

/// A move of a phase: (stage, index in the stage).
type MoveRef = (u16, u16);

/// The attack program of a game whose rules ask `(attacked ...)`.
pub(crate) fn lower(game: &Game) -> Option<AttackProgram> {
    if !game.asks_attacked() {
        return None;
    }
    let board = &game.board;
    let back: Vec<Vec<u16>> = board
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
    // The board direction a step of a leap's path takes for `team`: the direction itself, or
    // the team's version of an owned direction (`ahead`), which the checker made one direction.
    let direction_of = |rel: u8, team: usize| {
        let r = &board.relations[rel as usize];
        if r.direction {
            return board.directions.iter().position(|d| d.name == r.name).map(|d| d as u8);
        }
        match board.directions_within(game.relation_for(rel, team) as usize)[..] {
            [d] => Some(d as u8),
            _ => None,
        }
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
                            let line = match out.lines.iter().position(|l| l.direction == d) {
                                Some(i) => &mut out.lines[i],
                                None => {
                                    let empty = Kinds::default();
                                    let line = Line { direction: d, range, moves: vec![], near: empty, far: empty };
                                    out.lines.push(line);
                                    out.lines.last_mut().expect("just pushed")
                                }
                            };
                            line.range = line.range.max(range);
                            line.moves.push((r#ref, range));
                            line.near.0 |= Kinds::of(m).0;
                            if range > 1 {
                                line.far.0 |= Kinds::of(m).0;
                            }
                        }
                    }
                    MoveKind::Leap { paths, .. } => {
                        // The checker admits only directions in a leap's path.
                        for path in paths {
                            let path: Vec<u8> = path.iter().rev().filter_map(|&r| direction_of(r, team)).collect();
                            let leap = match out.leaps.iter().position(|l| l.path == path) {
                                Some(i) => &mut out.leaps[i],
                                None => {
                                    let origin = (0..board.site_count() as u16)
                                        .map(|t| {
                                            path.iter().try_fold(t, |at, &d| {
                                                Some(back[d as usize][at as usize]).filter(|&a| a != OFF)
                                            })
                                        })
                                        .map(|o| o.unwrap_or(OFF))
                                        .collect();
                                    out.leaps.push(Leap { path, origin, moves: vec![], kinds: Kinds::default() });
                                    out.leaps.last_mut().expect("just pushed")
                                }
                            };
                            leap.moves.push(r#ref);
                            leap.kinds.0 |= Kinds::of(m).0;
                        }
                    }
                    _ => out.forward.push(r#ref),
                }
            }
        }
        pair(&mut out, &back, board.site_count());
        out
    };
    let teams: Vec<Vec<TeamAttacks>> =
        game.phases.iter().map(|phase| (0..game.teams.len()).map(|t| team_attacks(phase, t)).collect()).collect();
    let moves = game.phases.iter().flat_map(|p| &p.stages).flat_map(|s| &s.moves);
    let guardable = teams.iter().flatten().all(|t| t.forward.is_empty())
        && moves
            .filter(|m| m.capture.is_some() && m.kind.moves_a_piece())
            .all(|m| m.conditions.iter().all(reads_no_board));
    let enemies = (0..game.teams.len())
        .map(|team| {
            let players = &game.players;
            (0..players.len())
                .filter(|&p| players[p].team != team && !players[..p].iter().any(|q| q.team == players[p].team))
                .collect()
        })
        .collect();
    Some(AttackProgram { back, teams, enemies, guardable })
}

/// Whether a condition reads nothing of the board: where the bound sites stand, against
/// regions and the sites next to them (shogi's "not onto the last row", "from or into the
/// camp"). A capturing move's `where` of that kind says from where and to where it may capture,
/// never what stands in the way, so whether a site is attacked still depends only on what
/// stands on its lines and leap origins ([`AttackProgram::guardable`]).
/// Only `to` and `from` qualify as bound sites: `last` and `previous-…` move with the very move
/// being guarded.
fn reads_no_board(c: &Bool) -> bool {
    fn move_site(var: &SiteVar) -> bool {
        matches!(var, SiteVar::To | SiteVar::From)
    }
    fn fixed(set: &Sites) -> bool {
        match set {
            Sites::Region(_) => true,
            Sites::Neighbors(var, _) | Sites::Step(var, _) | Sites::At(var) => move_site(var),
            _ => false,
        }
    }
    match c {
        Bool::Const(_) => true,
        Bool::And(cs) | Bool::Or(cs) => cs.iter().all(reads_no_board),
        Bool::Not(c) => reads_no_board(c),
        Bool::In(var, set) => move_site(var) && fixed(set),
        Bool::InAt(site, set) => fixed(site) && fixed(set),
        _ => false,
    }
}

/// Whether a move's `after` is the one test [`Engine::guard`] can answer for most candidates:
/// `(not (attacked (friend K)))`, with effects that leave the board as the move left it and no
/// promotion into K. A placement from a hand of kinds other than K qualifies too: it lifts no
/// piece, so where K is not attacked, no placement makes it so.
pub(crate) fn guarded(m: &Move) -> bool {
    fn board_free(effects: &[Effect]) -> bool {
        effects.iter().all(|e| match e {
            Effect::Allow { .. }
            | Effect::Add { .. }
            | Effect::Win(_)
            | Effect::Draw
            | Effect::Again
            | Effect::Collect { .. } => true,
            Effect::If { then, otherwise, .. } => board_free(then) && board_free(otherwise),
            Effect::Remove { .. }
            | Effect::RemoveGroups { .. }
            | Effect::Flip(_)
            | Effect::Rotate { .. }
            | Effect::Put { .. }
            | Effect::Shift { .. }
            | Effect::Promote { .. } => false,
        })
    }
    let [Bool::Not(test)] = &m.after[..] else { return false };
    let Bool::Attacked(Sites::Filter(Filter::Piece(Side::Friend, king))) = &**test else { return false };
    let drops_other = matches!(m.kind, MoveKind::Place) && !m.drops.is_empty() && !m.drops.contains(king);
    m.no_repeat.is_none()
        && (m.kind.moves_a_piece() || drops_other)
        && board_free(&m.then)
        && m.promote.as_ref().is_none_or(|p| !p.kinds.contains(king))
}

/// Builds [`TeamAttacks::pairs`] and [`TeamAttacks::by_kind`] where they fit.
fn pair(out: &mut TeamAttacks, back: &[Vec<u16>], sites: usize) {
    if sites > PAIRED_SITES || out.lines.len() > 16 || out.leaps.len() > 32 {
        return;
    }
    let mut pairs = vec![0u64; sites * sites];
    for (i, line) in out.lines.iter().enumerate() {
        let back = &back[line.direction as usize];
        for t in 0..sites {
            let (mut at, mut steps) = (t as u16, 0u32);
            // At most `sites` steps: a direction that comes round again stops there.
            while steps < line.range && (steps as usize) < sites {
                at = back[at as usize];
                if at == OFF {
                    break;
                }
                steps += 1;
                pairs[t * sites + at as usize] |= if steps == 1 { 1 << i } else { 1 << (16 + i) };
            }
        }
    }
    for (j, leap) in out.leaps.iter().enumerate() {
        for (t, &at) in leap.origin.iter().enumerate() {
            if at != OFF {
                pairs[t * sites + at as usize] |= 1 << (32 + j);
            }
        }
    }
    out.by_kind = (0..=u8::MAX)
        .map(|k| {
            let lines = out.lines.iter().enumerate();
            let near = lines.clone().filter(|(_, l)| l.near.has(k)).fold(0, |b, (i, _)| b | 1 << i);
            let far = lines.filter(|(_, l)| l.far.has(k)).fold(0, |b, (i, _)| b | 1 << (16 + i));
            let leaps =
                out.leaps.iter().enumerate().filter(|(_, l)| l.kinds.has(k)).fold(0, |b, (j, _)| b | 1 << (32 + j));
            near | far | leaps
        })
        .collect();
    out.pairs = pairs;
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
        self.with_targets(s, w, sites, env, |w, targets| {
            (!self.attacked_back(s, w, program, targets, env)).then(|| self.guard_lines(s, w, program, targets, env))
        })
    }

    /// Calls `f` with the sites of `sites` listed (in the work space's list, kept for reuse).
    fn with_targets<T>(
        &self,
        s: &State,
        w: &mut Work,
        sites: &Sites,
        env: &Env,
        f: impl FnOnce(&mut Work, &[u16]) -> T,
    ) -> T {
        let mut targets = take(&mut w.targets);
        targets.clear();
        self.for_each_site(s, sites, env, |t| targets.push(t));
        let out = f(w, &targets);
        w.targets = targets;
        out
    }

    /// [`Engine::guard`] for targets not attacked: their sites, and each line of attack on
    /// them up to its first piece.
    fn guard_lines(&self, s: &State, w: &mut Work, program: &AttackProgram, targets: &[u16], env: &Env) -> Guard {
        let mut guard = take(&mut w.guard);
        if guard.line_of.len() != s.board.len() {
            guard.sites = Bits::new(s.board.len());
        }
        guard.sites.clear();
        guard.line_of.resize(s.board.len(), (NONE, 0));
        let enemies = &program.enemies[env.subject];
        for &t in targets {
            guard.sites.insert(t);
            guard.line_of[t as usize] = (NONE, 0);
            for &player in enemies {
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
        }
        // With one target and one enemy team, a piece lifted from a line opens that line only.
        guard.single = match (targets, &enemies[..]) {
            (&[target], &[player]) => Some((target, player)),
            _ => None,
        };
        guard
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
            steps <= range && self.captures_from(s, w, &stages[r.0 as usize].moves[r.1 as usize], at, target, &enemy)
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
        let Some(program) = &self.program.attack else { return false };
        self.with_targets(s, w, sites, env, |w, targets| self.attacked_back(s, w, program, targets, env))
    }

    /// `(attacked ...)` by the compiled ways back.
    fn attacked_back(&self, s: &State, w: &mut Work, program: &AttackProgram, targets: &[u16], env: &Env) -> bool {
        for &player in &program.enemies[env.subject] {
            let p = &self.game.players[player];
            let enemy = Env { subject: p.team, mover: player, ..*env };
            let own = p.team as u8 + 1;
            let phase = s.phase[player] as usize;
            let stages = &self.game.phases[phase].stages;
            let attacks = &program.teams[phase][p.team];
            let by = |w: &mut Work, r: MoveRef, origin: u16, t: u16| {
                self.captures_from(s, w, &stages[r.0 as usize].moves[r.1 as usize], origin, t, &enemy)
            };
            for &t in targets {
                let found = if attacks.pairs.is_empty() {
                    self.attacker_on_lines(s, w, program, attacks, own, t, &by)
                } else {
                    self.attacker_among_pieces(s, w, program, attacks, p.team, t, &by)
                };
                if found {
                    return true;
                }
            }
            for &r in &attacks.forward {
                let m = &stages[r.0 as usize].moves[r.1 as usize];
                if self.move_attacks(s, w, m, targets, &enemy, env.subject) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a piece of `team`'s traced-back moves could capture on `t`, found by walking
    /// each line back from `t` to its first piece and looking at each leap's origin.
    #[allow(clippy::too_many_arguments)]
    fn attacker_on_lines(
        &self,
        s: &State,
        w: &mut Work,
        program: &AttackProgram,
        attacks: &TeamAttacks,
        own: u8,
        t: u16,
        by: &impl Fn(&mut Work, MoveRef, u16, u16) -> bool,
    ) -> bool {
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
            let kinds = if steps == 1 { line.near } else { line.far };
            if at != OFF && s.board[at as usize] == own && kinds.has(s.kinds[at as usize]) {
                for &(r, range) in &line.moves {
                    if steps <= range && by(w, r, at, t) {
                        return true;
                    }
                }
            }
        }
        attacks.leaps.iter().any(|leap| {
            let at = leap.origin[t as usize];
            at != OFF
                && s.board[at as usize] == own
                && leap.kinds.has(s.kinds[at as usize])
                && leap.moves.iter().any(|&r| by(w, r, at, t))
        })
    }

    /// [`Engine::attacker_on_lines`] by the table of pairs: each piece of `team` whose kind
    /// could reach `t` from where it stands, then the sites between it and `t` on its line.
    #[allow(clippy::too_many_arguments)]
    fn attacker_among_pieces(
        &self,
        s: &State,
        w: &mut Work,
        program: &AttackProgram,
        attacks: &TeamAttacks,
        team: usize,
        t: u16,
        by: &impl Fn(&mut Work, MoveRef, u16, u16) -> bool,
    ) -> bool {
        let own = team as u8 + 1;
        let sites = s.board.len();
        let row = &attacks.pairs[t as usize * sites..][..sites];
        for a in s.stones[team].ones() {
            // A site the caller has changed for the test may no longer hold the team's piece.
            if s.board[a as usize] != own {
                continue;
            }
            let mut ways = row[a as usize] & attacks.by_kind[s.kinds[a as usize] as usize];
            while ways != 0 {
                let bit = ways.trailing_zeros() as usize;
                ways &= ways - 1;
                if bit >= 32 {
                    if attacks.leaps[bit - 32].moves.iter().any(|&r| by(w, r, a, t)) {
                        return true;
                    }
                    continue;
                }
                let line = &attacks.lines[bit % 16];
                let back = &program.back[line.direction as usize];
                let (mut at, mut steps) = (back[t as usize], 1);
                while at != a && s.board[at as usize] == 0 {
                    at = back[at as usize];
                    steps += 1;
                }
                if at == a && line.moves.iter().any(|&(r, range)| steps <= range && by(w, r, a, t)) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether move `m` of the attacker (`env.subject`) could capture on one of `targets`.
    /// `defender`: the team whose piece is taken to stand on an empty target.
    fn move_attacks(&self, s: &State, w: &mut Work, m: &Move, targets: &[u16], env: &Env, defender: usize) -> bool {
        let mut origins = take(&mut w.attackers);
        origins.clear();
        let own = env.subject as u8 + 1;
        self.for_each_site(s, &m.from, env, |o| {
            if s.board[o as usize] == own {
                origins.push(o);
            }
        });
        let hit = origins.iter().any(|&o| targets.iter().any(|&t| self.reaches(s, w, m, o, t, env, defender)));
        w.attackers = origins;
        hit
    }

    /// Whether the piece on `o`, moved by `m`, could capture a piece of another team on `t`:
    /// for the moves the lowering leaves to be tried forward.
    #[allow(clippy::too_many_arguments)]
    fn reaches(&self, s: &State, w: &mut Work, m: &Move, o: u16, t: u16, env: &Env, defender: usize) -> bool {
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
            MoveKind::Ride { .. } if self.off_every_line(o, t) => false,
            MoveKind::Ride { along, distance, through } => {
                let mut lands = false;
                let from = Env { from: o, ..*env };
                let (along, distance, through) = (rel(*along), distance.as_ref(), *through);
                match distance {
                    // A distance may count the pieces the ride passes or lands on: it is
                    // worked out with the target taken as occupied by the defender's piece
                    // (of the first kind: which one is not known), as by the piece captured.
                    Some(_) if s.board[t as usize] == 0 => {
                        self.on_copy(s, w, |c, cw| {
                            self.put(c, cw, t, defender);
                            self.ride(c, cw, m.range, along, distance, through, o, &from, |_, x| lands |= x == t);
                        });
                    }
                    _ => self.ride(s, w, m.range, along, distance, through, o, &from, |_, x| lands |= x == t),
                }
                lands && self.captures_on(s, w, m, o, t, t, env)
            }
            // Riders and leaps are always traced back (their steps are directions).
            MoveKind::Slide { .. } | MoveKind::Leap { .. } => false,
            MoveKind::Place
            | MoveKind::Relocate { .. }
            | MoveKind::Take
            | MoveKind::Sow { .. }
            | MoveKind::Pass { .. } => false,
        }
    }

    /// Whether the piece on `o` is one `m` moves, and `m` could take it onto `t` capturing there
    /// (a move traced back: it lands where it captures).
    fn captures_from(&self, s: &State, w: &mut Work, m: &Move, o: u16, t: u16, env: &Env) -> bool {
        self.contains(s, &m.from, o, env) && self.captures_on(s, w, m, o, t, t, env)
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
