//! `(connects SITE RELATION REGION...)`: whether the group of the subject's stones at SITE
//! touches every region.
//!
//! The lowering ([`super::lower::Connection`]) normally gives each connected region a bit, and
//! the relation's union-find keeps per group the regions its stones lie in, so the question is
//! one look-up at the group's root. Otherwise (more than 64 regions) the one group is flood
//! filled from SITE.

use super::Engine;
use super::eval::Env;
use super::state::{State, Work};
use crate::game::{RegionRef, SiteVar};

impl Engine {
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
        let Some(site) = env.var(var) else { return false };
        if s.board[site as usize] as usize != env.subject + 1 {
            return false;
        }
        let rel = self.program.rel(rel, env.subject);
        let relation = &self.game.board.relations[rel as usize];
        if let Some(need) = self.program.connect_need(regions, env.subject) {
            if let Some(touched) = self.group_cache(s, w, rel).touched(relation, &s.board, site) {
                return touched & need == need;
            }
        }
        let group = w.fill.group(relation, &s.stones[env.subject], site);
        regions.iter().all(|r| self.region_bits[r.by_team[env.subject] as usize].count_and(group) > 0)
    }
}
