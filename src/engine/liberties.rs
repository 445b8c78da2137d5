//! The general answers about groups and the empty regions between them: `(liberties SITE R)`,
//! `(remove-groups ...)` and `(area R)`, by flood fill over scratch bitsets that belong to
//! this module. The common capture rule has a faster path ([`super::enclose`]); these serve
//! every other shape of rule and the end of the game.

use std::mem::take;

use super::Engine;
use super::bits::Bits;
use super::eval::Env;
use super::neutral::is_team_piece;
use super::state::{State, Work};
use crate::board::Relation;
use crate::game::{Bool, Recipient, Sites};

/// Scratch space of a flood fill over groups and empty regions.
#[derive(Debug, Clone, Default)]
pub(crate) struct GroupFill {
    /// Sites reached.
    seen: Bits,
    /// Liberties found (empty sites next to the group).
    libs: Bits,
    stack: Vec<u16>,
    /// Stones of the groups to remove, with what stood there.
    members: Vec<(u16, u8)>,
}

impl GroupFill {
    pub fn new(sites: usize) -> GroupFill {
        GroupFill { seen: Bits::new(sites), libs: Bits::new(sites), stack: Vec::new(), members: Vec::new() }
    }

    /// Adds the group of the stone on `site` to `seen` (and to `members`).
    fn group(&mut self, rel: &Relation, board: &[u8], site: u16) {
        let content = board[site as usize];
        self.seen.insert(site);
        self.stack.push(site);
        while let Some(x) = self.stack.pop() {
            self.members.push((x, content));
            for &n in rel.neighbors(x) {
                if board[n as usize] == content && !self.seen.contains(n) {
                    self.seen.insert(n);
                    self.stack.push(n);
                }
            }
        }
    }
}

impl Engine {
    /// The distinct empty sites next to the group of the stone on `site`: 0 if it is empty or
    /// holds a piece of nobody's, which is in no group.
    pub(crate) fn liberties(&self, s: &State, w: &mut Work, site: Option<u16>, rel: u8) -> i64 {
        let Some(site) = site else { return 0 };
        if !is_team_piece(s.board[site as usize]) {
            return 0;
        }
        let rel = &self.game.board.relations[rel as usize];
        let fill = &mut w.group_fill;
        fill.seen.clear();
        fill.libs.clear();
        fill.members.clear();
        fill.group(rel, &s.board, site);
        let mut count = 0;
        for &(x, _) in &fill.members {
            for &n in rel.neighbors(x) {
                if s.board[n as usize] == 0 && !fill.libs.contains(n) {
                    fill.libs.insert(n);
                    count += 1;
                }
            }
        }
        count
    }

    /// `(remove-groups SITES R (where ...) (credit ...))`: the groups are found on the position
    /// before any removal, then taken off together.
    pub(crate) fn remove_groups(
        &self,
        s: &mut State,
        w: &mut Work,
        (sites, rel, conditions, credit): (&Sites, u8, &[Bool], Option<(usize, Recipient)>),
        env: &Env,
    ) {
        // The stones that pass the conditions first: the conditions may use the fill. A piece
        // of nobody's is in no group, so none is removed.
        let mut seeds = take(&mut w.victims);
        seeds.clear();
        self.for_each_site(s, sites, env, |site| {
            let content = s.board[site as usize];
            if is_team_piece(content) && conditions.iter().all(|c| self.bool(s, w, c, &Env { site, ..*env })) {
                seeds.push((site, content));
            }
        });
        let relation = &self.game.board.relations[rel as usize];
        let mut fill = take(&mut w.group_fill);
        fill.seen.clear();
        fill.members.clear();
        for &(site, _) in &seeds {
            if !fill.seen.contains(site) {
                fill.group(relation, &s.board, site);
            }
        }
        let teams = s.stones.len();
        for &(site, content) in &fill.members {
            self.to_hand(s, site);
            self.lift(s, w, site);
            let owner = content as usize - 1;
            if let Some((counter, recipient)) = credit {
                if owner != env.subject {
                    let team = if recipient == Recipient::Mover { env.subject } else { owner };
                    let c = &mut s.counters[counter * teams + team];
                    *c = w.checked(c.checked_add(1), c.saturating_add(1));
                }
            }
        }
        super::apply::forget_relocated(s, fill.members.iter().map(|&(site, _)| site));
        w.group_fill = fill;
        w.victims = seeds;
    }

    /// `(area R)` for the subject: his stones, plus every empty region (connected under R)
    /// whose neighbouring stones are all his.
    pub(crate) fn area(&self, s: &State, w: &mut Work, rel: u8, subject: usize) -> i64 {
        let rel = &self.game.board.relations[rel as usize];
        let fill = &mut w.group_fill;
        fill.seen.clear();
        let mine = subject as u8 + 1;
        let mut total = i64::from(s.stones[subject].count());
        for start in s.empty.ones() {
            if fill.seen.contains(start) {
                continue;
            }
            // Which contents border the region: bit k for team k - 1.
            let mut border = 0u32;
            let mut size = 0i64;
            fill.seen.insert(start);
            fill.stack.push(start);
            while let Some(x) = fill.stack.pop() {
                size += 1;
                for &n in rel.neighbors(x) {
                    match s.board[n as usize] {
                        0 if !fill.seen.contains(n) => {
                            fill.seen.insert(n);
                            fill.stack.push(n);
                        }
                        // A piece of nobody's is no team's border, as the edge is none.
                        0 | super::neutral::NEUTRAL => {}
                        c => border |= 1 << (c - 1),
                    }
                }
            }
            if border == 1 << (mine - 1) {
                total += size;
            }
        }
        total
    }
}
