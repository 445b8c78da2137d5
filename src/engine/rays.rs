//! Rays and flanks along the board's directions, on step tables compiled once.
//!
//! A relation such as `all` is, for these ludemes, the list of directions it is made of
//! ([`crate::board::Topology::directions_within`]); each direction is a flat table giving the
//! next site one step that way. A ray walks a table to the edge; a flank walks it over enemy
//! stones and keeps the run only if a friend stone closes it. Nothing is allocated: the caller
//! receives the sites one at a time.

use super::neutral::NEUTRAL;
use crate::board::Topology;

/// No site: the step leaves the board.
const OFF: u16 = u16::MAX;

#[derive(Debug, Clone, Default)]
pub(crate) struct Rays {
    /// Per relation of the board: its directions as one flat table.
    by_relation: Vec<Lines>,
}

/// The directions of one relation: `next[site * k + d]` is the site one step from `site` in
/// its `d`-th direction, or [`OFF`]. One table for all directions keeps a walk in a few cache
/// lines.
#[derive(Debug, Clone, Default)]
struct Lines {
    k: usize,
    next: Vec<u16>,
}

impl Rays {
    pub(crate) fn new(board: &Topology) -> Rays {
        let sites = board.site_count();
        let by_relation = (0..board.relations.len())
            .map(|r| {
                let dirs = board.directions_within(r);
                let k = dirs.len();
                let mut next = vec![OFF; sites * k];
                for (d, &dir) in dirs.iter().enumerate() {
                    for (site, step) in board.directions[dir].step.iter().enumerate() {
                        next[site * k + d] = step.unwrap_or(OFF);
                    }
                }
                Lines { k, next }
            })
            .collect();
        Rays { by_relation }
    }

    /// Calls `f` on every site of the rays from `site` along the directions of `rel`: each
    /// direction in the board's order, outward.
    #[inline]
    pub(crate) fn ray(&self, rel: u8, site: u16, mut f: impl FnMut(u16)) {
        let Lines { k, next } = &self.by_relation[rel as usize];
        for d in 0..*k {
            let mut at = next[site as usize * k + d];
            while at != OFF {
                f(at);
                at = next[at as usize * k + d];
            }
        }
    }

    /// Calls `f` on every empty site seen from `site` along the directions of `rel`: each
    /// direction outward until the first occupied site (excluded) or the edge. This is where a
    /// rider on `site` could go without capturing, or where it could shoot.
    #[inline]
    pub(crate) fn sight(&self, rel: u8, board: &[u8], site: u16, mut f: impl FnMut(u16)) {
        let Lines { k, next } = &self.by_relation[rel as usize];
        for d in 0..*k {
            let mut at = next[site as usize * k + d];
            while at != OFF && board[at as usize] == 0 {
                f(at);
                at = next[at as usize * k + d];
            }
        }
    }

    /// How many directions `rel` is made of (0 for a relation with none, such as a tiling's
    /// `edges`).
    #[inline]
    pub(crate) fn direction_count(&self, rel: u8) -> usize {
        self.by_relation[rel as usize].k
    }

    /// The site one step from `site` in the `d`-th direction of `rel`, if it is on the board.
    #[inline]
    pub(crate) fn step(&self, rel: u8, site: u16, d: usize) -> Option<u16> {
        let Lines { k, next } = &self.by_relation[rel as usize];
        let at = next[site as usize * k + d];
        (at != OFF).then_some(at)
    }

    /// The end of the enemy run that starts next to `site` in the `d`-th direction, if a stone
    /// of `friend` closes it: the closing site (the run is the sites before it).
    #[inline]
    fn closed_run(lines: &Lines, board: &[u8], site: u16, d: usize, friend: u8) -> Option<u16> {
        let k = lines.k;
        let mut at = lines.next[site as usize * k + d];
        // The first stone must be an enemy's (a piece of nobody's is no enemy's).
        if at == OFF || board[at as usize] == 0 || board[at as usize] == friend || board[at as usize] == NEUTRAL {
            return None;
        }
        loop {
            at = lines.next[at as usize * k + d];
            if at == OFF {
                return None;
            }
            match board[at as usize] {
                0 | NEUTRAL => return None,
                c if c == friend => return Some(at),
                _ => {}
            }
        }
    }

    /// Calls `f` on every enemy stone that a stone of team `subject` on `site` flanks along the
    /// directions of `rel`.
    #[inline]
    pub(crate) fn flanks(&self, rel: u8, board: &[u8], site: u16, subject: usize, mut f: impl FnMut(u16)) {
        let friend = subject as u8 + 1;
        let lines = &self.by_relation[rel as usize];
        for d in 0..lines.k {
            if let Some(end) = Self::closed_run(lines, board, site, d, friend) {
                let mut at = lines.next[site as usize * lines.k + d];
                while at != end {
                    f(at);
                    at = lines.next[at as usize * lines.k + d];
                }
            }
        }
    }

    /// Whether a stone of team `subject` on `site` flanks at least one enemy stone: the
    /// question a placement asks of every candidate, answered without listing the runs. The
    /// first steps of all directions are one slice: most directions stop at their first site.
    /// Only for games without pieces of nobody's ([`NEUTRAL`]), which it would take for enemy
    /// stones: the lowering gives the others the general path ([`Rays::flanks`]).
    #[inline]
    pub(crate) fn flanks_any(&self, rel: u8, board: &[u8], site: u16, subject: usize) -> bool {
        let friend = subject as u8 + 1;
        let Lines { k, next } = &self.by_relation[rel as usize];
        let k = *k;
        let row = &next[site as usize * k..site as usize * k + k];
        for (d, &first) in row.iter().enumerate() {
            if first == OFF {
                continue;
            }
            let c = board[first as usize];
            if c == 0 || c == friend {
                continue;
            }
            let mut at = next[first as usize * k + d];
            while at != OFF {
                match board[at as usize] {
                    0 => break,
                    c if c == friend => return true,
                    _ => at = next[at as usize * k + d],
                }
            }
        }
        false
    }
}
