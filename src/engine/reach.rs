//! `(reachable PIECES REGION RELATION (avoiding FILTER))`: whether every piece the filter picks
//! still has a way to its owner's goal. Quoridor asks it after every wall, so it is a plain
//! depth-first search from each piece, stopping at the first goal site it meets, with the
//! scratch sets of [`Work`] (nothing allocated).

use super::Engine;
use super::eval::{Env, matches};
use super::state::{State, Work};
use crate::game::{Filter, RegionRef};

impl Engine {
    /// Pieces of nobody's have no goal, and are not asked. Kept out of line: the interpreter's
    /// `bool` stays small for the games that never ask.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn reachable(
        &self,
        s: &State,
        w: &mut Work,
        pieces: Filter,
        region: &RegionRef,
        rel: u8,
        avoid: Option<Filter>,
        env: &Env,
    ) -> bool {
        let open = |t: u16| avoid.is_none_or(|f| !matches(s.board[t as usize], s.kinds[t as usize], f, env.subject));
        s.stones.iter().enumerate().all(|(team, stones)| {
            let relation = &self.game.board.relations[self.program.rel(rel, team) as usize];
            let goal = &self.region_bits[region.by_team[team] as usize];
            stones.ones().all(|site| {
                !matches(s.board[site as usize], s.kinds[site as usize], pieces, env.subject)
                    || w.fill.reaches(relation, site, goal, open)
            })
        })
    }
}
