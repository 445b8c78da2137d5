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
    /// On a board of at most 64 sites where every direction is one translation of the sites'
    /// numbers, the directions as translations: the flanks of all sites at once are then a few
    /// shifts ([`Rays::flanking_sites`]).
    shifts: Option<Translations>,
}

/// The directions of a relation on a board of one word, each one translation of the sites'
/// numbers.
#[derive(Debug, Clone)]
struct Translations {
    /// Every site of the board.
    board: u64,
    steps: Vec<Translation>,
}

/// A direction in which a step from every site of `from` is `site + delta`, and from no other
/// site.
#[derive(Debug, Clone, Copy)]
struct Translation {
    delta: i32,
    from: u64,
}

/// Each of the `k` directions of the step table `next` as a translation; `None` when the board
/// is wider than a word or a direction is no translation (a hexagonal board numbered row by
/// row, whose rows differ in length).
fn translations(sites: usize, k: usize, next: &[u16]) -> Option<Translations> {
    if sites > 64 || k == 0 {
        return None;
    }
    let board = if sites == 64 { u64::MAX } else { (1u64 << sites) - 1 };
    let steps = (0..k)
        .map(|d| {
            let mut delta = None;
            let mut from = 0u64;
            for site in 0..sites {
                let to = next[site * k + d];
                if to == OFF {
                    continue;
                }
                let step = i32::from(to) - site as i32;
                if *delta.get_or_insert(step) != step {
                    return None;
                }
                from |= 1 << site;
            }
            // A direction with no step at all adds no flank: any delta will do.
            Some(Translation { delta: delta.unwrap_or(1), from })
        })
        .collect::<Option<_>>()?;
    Some(Translations { board, steps })
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
                let shifts = translations(sites, k, &next);
                Lines { k, next, shifts }
            })
            .collect();
        Rays { by_relation }
    }

    /// The empty sites on which a stone of the team whose stones are `own` flanks at least one
    /// enemy stone along the directions of `rel`, on a board of one word whose directions are
    /// translations; `None` on any other. As [`Rays::flanks_any`] asked of every site, in a few
    /// shifts a direction: from the friend stones backwards over enemy stones, one step at a
    /// time, to the empty sites the runs end on. Every stone not `own` counts as an enemy's, a
    /// piece of nobody's too: the lowering gives games with such pieces the interpreter's flanks
    /// (`lower_condition`), as it does for [`Rays::flanks_any`].
    #[inline]
    pub(crate) fn flanking_sites(&self, rel: u8, own: u64, empty: u64) -> Option<u64> {
        let Translations { board, steps } = self.by_relation[rel as usize].shifts.as_ref()?;
        let enemy = board & !empty & !own;
        let mut flanking = 0;
        for &Translation { delta, from } in steps {
            // The sites whose step this way lies in `to`.
            let back = |to: u64| (if delta > 0 { to >> delta } else { to << -delta }) & from;
            let mut run = back(own) & enemy;
            loop {
                let longer = run | (back(run) & enemy);
                if longer == run {
                    break;
                }
                run = longer;
            }
            flanking |= back(run) & empty;
        }
        Some(flanking)
    }

    /// Calls `f` on every site of the rays from `site` along the directions of `rel`: each
    /// direction in the board's order, outward.
    #[inline]
    pub(crate) fn ray(&self, rel: u8, site: u16, mut f: impl FnMut(u16)) {
        let Lines { k, next, .. } = &self.by_relation[rel as usize];
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
        let Lines { k, next, .. } = &self.by_relation[rel as usize];
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
        let Lines { k, next, .. } = &self.by_relation[rel as usize];
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
        let Lines { k, next, .. } = &self.by_relation[rel as usize];
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{Selection, check_str};
    use rand::{Rng, SeedableRng};

    /// The flanks of all sites at once, by shifts, are the sites where [`Rays::flanks_any`]
    /// answers yes, on random positions of boards whose directions are translations (squares
    /// and rectangles, with every direction or the orthogonal ones), for two and three teams;
    /// a board numbered so that a direction is no translation (hexagonal) has no shifts, and
    /// one wider than a word neither.
    #[test]
    fn flanks_by_shifts_are_the_walks_answer_at_every_site() {
        let boards = [
            ("(square 8)", "all", 2, true),
            ("(square 8)", "orthogonal", 3, true),
            ("(rectangle 7 5)", "all", 2, true),
            ("(rectangle 3 9)", "diagonal", 2, true),
            ("(hexhex 4)", "adjacent", 2, false),
            ("(square 9)", "all", 2, false),
        ];
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(9);
        let mut compared = 0;
        for (shape, rel, teams, shifts) in boards {
            let players: Vec<String> = (0..teams).map(|t| format!("\"P{t}\"")).collect();
            let text = format!(
                r#"(game "T" (players {}) (board {shape}) (play (turn (place (to empty)))) (end (when (board-full) draw)))"#,
                players.join(" ")
            );
            let (_, checked) = check_str("t.game", &text, &Selection::default());
            let game = checked.expect("selection").game.expect("the game checks");
            let rays = Rays::new(&game.board);
            let rel = game.board.relation(rel).expect("relation") as u8;
            let sites = game.board.site_count();
            for _ in 0..300 {
                let fill = rng.random_range(0.2..0.9);
                let board: Vec<u8> = (0..sites)
                    .map(|_| if rng.random_bool(fill) { rng.random_range(1..=teams as u8) } else { 0 })
                    .collect();
                let word = |f: &dyn Fn(u8) -> bool| {
                    board.iter().enumerate().filter(|&(_, &c)| f(c)).fold(0u64, |m, (i, _)| m | 1 << (i % 64))
                };
                let empty = word(&|c| c == 0);
                for subject in 0..teams {
                    let own = word(&|c| c == subject as u8 + 1);
                    let answer = rays.flanking_sites(rel, own, empty);
                    assert_eq!(answer.is_some(), shifts, "{shape}: shifts");
                    let Some(answer) = answer else { continue };
                    for site in 0..sites as u16 {
                        let walked = board[site as usize] == 0 && rays.flanks_any(rel, &board, site, subject);
                        assert_eq!(answer >> site & 1 == 1, walked, "{shape} site {site} team {subject}");
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 100_000, "{compared} sites compared");
    }
}
