//! Placements that only fill empty sites and ask, after, only whether pieces still have a way
//! (Quoridor's wall; [`super::lower::fills_only`] says which). Such a placement can only close
//! sites, so it is judged without being made: the sites each candidate fills are a table worked
//! out once per game; a candidate passes at once when a way kept from an earlier answer avoids
//! them ([`super::reach`]), and where the ways avoid every piece it lays ([`Fills::closes`]),
//! the others are judged by seeking the ways here with those sites closed
//! ([`super::Engine::reachable_closing`]). Only the rest are made on a copy.

use super::bits::Bits;
use super::lists::Lists;
use crate::game::{Bool, Effect, Filter, Game, Move, Side, SiteVar, Sites};

/// Per team and candidate site, the sites a placement fills: the site itself, then those of its
/// `put`s. A `put` whose steps leave the board fills nothing.
#[derive(Debug, Clone)]
pub(crate) struct Fills {
    sites: usize,
    filled: Lists<u16>,
    /// Every piece the placement lays is one that each `after` question's ways avoid, so
    /// that the sites it fills are closed after it, whoever lays it: a candidate can then be
    /// judged by seeking ways through none of them, without making it.
    pub closes: bool,
}

impl Fills {
    /// The table of placement `m`, one that [`super::lower::fills_only`] accepts: its `put`s
    /// are a step path from `to`, under conditions `(in to REGION)`, negated or joined.
    pub(crate) fn new(game: &Game, m: &Move) -> Fills {
        let sites = game.board.site_count();
        let regions: Vec<Bits> = (0..game.regions.len()).map(|r| super::lower::region_set(game, r)).collect();
        // The first direction of each relation, as `(step ...)` follows it.
        let first: Vec<Option<usize>> =
            (0..game.board.relations.len()).map(|r| game.board.directions_within(r).first().copied()).collect();
        let mut filled = Lists::new();
        let mut list = Vec::new();
        for team in 0..game.teams.len() {
            for to in 0..sites as u16 {
                list.clear();
                list.push(to);
                puts(&Table { game, regions: &regions, first: &first }, &m.then, team, to, &mut list);
                filled.push(list.iter().copied());
            }
        }
        let mut laid = vec![Some(m.piece)];
        laid_kinds(&m.then, &mut laid);
        let closes = m.after.iter().all(|c| match c {
            Bool::Reachable { avoid: Some(Filter::Occupied), .. } => true,
            Bool::Reachable { avoid: Some(Filter::Piece(Side::Anyone, k)), .. } => laid.iter().all(|&l| l == Some(*k)),
            _ => false,
        });
        Fills { sites, filled, closes }
    }

    /// The sites a placement of `team` on `to` fills, `to` first.
    #[inline]
    pub(crate) fn of(&self, team: usize, to: u16) -> &[u16] {
        self.filled.get(team * self.sites + to as usize)
    }
}

/// What working out the table reads: the game, each region as a set, each relation's first
/// direction.
struct Table<'a> {
    game: &'a Game,
    regions: &'a [Bits],
    first: &'a [Option<usize>],
}

/// Appends the sites that `effects` fill for a placement of `team` on `to`.
fn puts(t: &Table, effects: &[Effect], team: usize, to: u16, into: &mut Vec<u16>) {
    for effect in effects {
        match effect {
            Effect::Put { sites: Sites::Step(SiteVar::To, path), .. } => into.extend(step(t, to, path, team)),
            Effect::If { condition, then, otherwise } => {
                let branch = if holds(t.regions, condition, team, to) { then } else { otherwise };
                puts(t, branch, team, to, into);
            }
            _ => unreachable!("a placement that only fills sites only puts (lower::fills_only)"),
        }
    }
}

/// The kinds of piece that `effects` put (`None` where a `put` names none).
fn laid_kinds(effects: &[Effect], into: &mut Vec<Option<u8>>) {
    for effect in effects {
        match effect {
            Effect::Put { piece, .. } => into.push(*piece),
            Effect::If { then, otherwise, .. } => {
                laid_kinds(then, into);
                laid_kinds(otherwise, into);
            }
            _ => {}
        }
    }
}

/// A condition on `to` alone, for `team`.
fn holds(regions: &[Bits], c: &Bool, team: usize, to: u16) -> bool {
    match c {
        Bool::In(SiteVar::To, Sites::Region(r)) => regions[r.by_team[team] as usize].contains(to),
        Bool::Not(inner) => !holds(regions, inner, team, to),
        Bool::And(items) => items.iter().all(|i| holds(regions, i, team, to)),
        Bool::Or(items) => items.iter().any(|i| holds(regions, i, team, to)),
        _ => unreachable!("a placement that only fills sites puts under conditions on `to` (lower::fills_only)"),
    }
}

/// The site one step along each relation of `path` leads to from `at`, as the interpreter's
/// `(step ...)` goes: the first direction of each relation, the team's version of it.
fn step(t: &Table, at: u16, path: &[u8], team: usize) -> Option<u16> {
    path.iter().try_fold(at, |at, &rel| {
        let d = t.first[t.game.relation_for(rel, team) as usize]?;
        t.game.board.directions[d].step[at as usize]
    })
}
