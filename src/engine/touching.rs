//! The shape of the group at a site: `(connects SITE RELATION REGION...)`, whether it touches
//! every region (or, `(connects SITE RELATION N REGION)`, at least N parts of one), and
//! `(encloses SITE RELATION)`, whether it has closed a loop around a site.
//!
//! The lowering ([`super::lower::Connection`]) normally gives each connected region (or each
//! part of a counted one) a bit, and the relation's union-find keeps per group the regions its
//! stones lie in, so a connection is one look-up at the group's root. Otherwise (more than 64
//! bits) the one group is flood filled from SITE.
//!
//! An enclosure is found by flood fills from the group's neighbours through the sites outside
//! it: one that cannot reach the edge of the board is enclosed. The sites a fill reached on its
//! way to the edge are remembered, so that a later fill in the same area stops on meeting one,
//! and one call looks at each site about once.

use super::Engine;
use super::bits::Bits;
use super::connect::Fill;
use super::eval::Env;
use super::state::{State, Work};
use crate::board::Relation;
use crate::game::{RegionRef, SiteVar};

impl Engine {
    /// The site SITE names, when it holds a stone of the subject's, with the subject's version
    /// of the relation (its index and itself): what each question about a group starts from.
    #[inline(always)]
    fn own_stone(&self, s: &State, var: SiteVar, rel: u8, env: &Env) -> Option<(u16, u8, &Relation)> {
        let site = env.var(var)?;
        if s.board[site as usize] as usize != env.subject + 1 {
            return None;
        }
        let rel = self.program.rel(rel, env.subject);
        Some((site, rel, &self.game.board.relations[rel as usize]))
    }

    /// Kept out of line: the interpreter's `bool` stays small for the games that never ask.
    #[inline(never)]
    pub(crate) fn connects(
        &self,
        s: &State,
        w: &mut Work,
        var: SiteVar,
        rel: u8,
        regions: &[RegionRef],
        env: &Env,
    ) -> bool {
        let Some((site, rel, relation)) = self.own_stone(s, var, rel, env) else { return false };
        if let Some(need) = self.program.connect_need(regions, env.subject) {
            if let Some(touched) = self.group_cache(s, w, rel).touched(relation, &s.board, site) {
                return touched & need == need;
            }
        }
        let group = w.fill.group(relation, &s.stones[env.subject], site);
        regions.iter().all(|r| self.region_bits[r.by_team[env.subject] as usize].count_and(group) > 0)
    }

    /// `(connects SITE RELATION N REGION)`: the group at SITE touches at least `least` parts of
    /// the region. Apart from [`Engine::connects`], whose games (Hex, Y) never count.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn connects_counted(
        &self,
        s: &State,
        w: &mut Work,
        var: SiteVar,
        rel: u8,
        region: &RegionRef,
        least: u32,
        env: &Env,
    ) -> bool {
        let Some((site, rel, relation)) = self.own_stone(s, var, rel, env) else { return false };
        if let Some(need) = self.program.part_mask(region, env.subject) {
            if let Some(touched) = self.group_cache(s, w, rel).touched(relation, &s.board, site) {
                return (touched & need).count_ones() >= least;
            }
        }
        let group = w.fill.group(relation, &s.stones[env.subject], site);
        let parts = &self.game.regions[region.by_team[env.subject] as usize].parts;
        parts.iter().filter(|part| part.iter().any(|&t| group.contains(t))).count() as u32 >= least
    }

    /// `(encloses SITE RELATION)`: SITE holds a stone of the subject's whose group surrounds
    /// some site — a site, empty or not, from which every path along the relation to the edge
    /// of the board (a site with fewer neighbours than the relation has directions) meets
    /// another stone of the group. That is a site outside the group in an area the group
    /// closes, or a stone of the group whose neighbours all belong to it.
    #[inline(never)]
    pub(crate) fn encloses(&self, s: &State, w: &mut Work, var: SiteVar, rel: u8, env: &Env) -> bool {
        let Some((site, rel, relation)) = self.own_stone(s, var, rel, env) else { return false };
        let full = usize::from(self.program.direction_counts[rel as usize]);
        // The group, copied into `enclosure.set`; `enclosure.visited` gathers the sites known
        // to reach the edge, `fill.visited` (free once the group is copied) those of one fill.
        let group = w.fill.group(relation, &s.stones[env.subject], site);
        w.enclosure.set.copy_from(group);
        let Fill { set, visited: reached, stack } = &mut w.enclosure;
        let current = &mut w.fill.visited;
        reached.clear();
        set.ones().any(|stone| {
            let neighbors = relation.neighbors(stone);
            (neighbors.len() == full && neighbors.iter().all(|&u| set.contains(u)))
                || neighbors
                    .iter()
                    .any(|&start| !set.contains(start) && cut_off(relation, full, set, reached, current, stack, start))
        })
    }
}

/// Whether `start`, a site outside `group`, cannot reach the edge through the sites outside
/// `group`. A fill stays within one area bounded by the group, so meeting a site of an earlier
/// fill that reached the edge (in `reached`) is reaching it too; a fill that reaches the edge
/// adds its sites (`current`) to `reached`.
fn cut_off(
    relation: &Relation,
    full: usize,
    group: &Bits,
    reached: &mut Bits,
    current: &mut Bits,
    stack: &mut Vec<u16>,
    start: u16,
) -> bool {
    if reached.contains(start) {
        return false;
    }
    current.clear();
    stack.clear();
    stack.push(start);
    current.insert(start);
    while let Some(v) = stack.pop() {
        let neighbors = relation.neighbors(v);
        let at_edge = neighbors.len() < full || neighbors.iter().any(|&u| reached.contains(u));
        if at_edge {
            reached.or_with(current);
            return false;
        }
        for &u in neighbors {
            if !group.contains(u) && !current.contains(u) {
                current.insert(u);
                stack.push(u);
            }
        }
    }
    true
}
