//! Groups: maximal sets of one team's stones connected under a relation.
//!
//! Rules that ask for the largest group *during* play (Ketchup's "the largest group grew")
//! would pay a flood fill per question; instead a [`GroupCache`] per relation keeps a
//! union-find over the stones that is updated as each stone arrives. A stone leaving the board
//! can split a group, which union-find cannot undo: the cache is then marked stale and rebuilt
//! on the next question. Scoring at the end of a game reads the group sizes from it too.
//!
//! A cache may also keep, per group, the set of regions its stones touch (a bitmask: bit *i*
//! for the *i*-th region the rules connect), merged as groups merge, so that `(connects ...)`
//! is one look-up at the group's root instead of a flood fill.

use std::sync::Arc;

use super::bits::Bits;
use crate::board::Relation;

/// Union-find over the stones of every team under one relation, with the largest group of
/// each team.
#[derive(Debug, Default)]
pub struct GroupCache {
    pub rel: u8,
    /// Per site: its parent and, at a root, its group's size. One array, so that a step of a
    /// search reads one place.
    nodes: Vec<Node>,
    largest: Vec<u32>,
    fresh: bool,
    /// Region bits: per site, the regions it lies in (shared by every copy of the cache), and
    /// per group root, the regions its stones touch.
    touch: Option<(Arc<[u64]>, Vec<u64>)>,
}

/// A site of the union-find: its parent (itself at a root), and the size of its group while it
/// is a root.
#[derive(Debug, Default, Clone, Copy)]
struct Node {
    parent: u16,
    size: u16,
}

impl Clone for GroupCache {
    fn clone(&self) -> GroupCache {
        GroupCache {
            rel: self.rel,
            nodes: self.nodes.clone(),
            largest: self.largest.clone(),
            fresh: self.fresh,
            touch: self.touch.clone(),
        }
    }

    fn clone_from(&mut self, other: &GroupCache) {
        self.rel = other.rel;
        self.nodes.clone_from(&other.nodes);
        self.largest.clone_from(&other.largest);
        self.fresh = other.fresh;
        match (&mut self.touch, &other.touch) {
            (Some((sites, roots)), Some((other_sites, other_roots))) => {
                if !Arc::ptr_eq(sites, other_sites) {
                    *sites = Arc::clone(other_sites);
                }
                roots.clone_from(other_roots);
            }
            (mine, theirs) => mine.clone_from(theirs),
        }
    }
}

/// The root of the group of `site`, halving the path on the way: every other site on it then
/// points to its grandparent.
#[inline(always)]
fn find(nodes: &mut [Node], mut site: u16) -> u16 {
    loop {
        let parent = nodes[site as usize].parent;
        if parent == site {
            return site;
        }
        let grand = nodes[parent as usize].parent;
        nodes[site as usize].parent = grand;
        site = grand;
    }
}

/// Joins the group of root `root` with the group of `other`; returns the new root.
#[inline(always)]
fn join(nodes: &mut [Node], root: u16, other: u16) -> u16 {
    let other = find(nodes, other);
    if other == root {
        return root;
    }
    let (a, b) = (nodes[root as usize].size, nodes[other as usize].size);
    let (big, small) = if a >= b { (root, other) } else { (other, root) };
    nodes[small as usize].parent = big;
    nodes[big as usize].size = a + b;
    big
}

impl GroupCache {
    pub fn new(rel: u8, sites: usize, teams: usize) -> GroupCache {
        GroupCache {
            rel,
            nodes: (0..sites as u16).map(|parent| Node { parent, size: 1 }).collect(),
            largest: vec![0; teams],
            fresh: true,
            touch: None,
        }
    }

    /// A cache that also keeps the regions each group touches; `site_regions[site]` has bit *i*
    /// set when the site lies in the *i*-th connected region.
    pub fn with_touch(rel: u8, sites: usize, teams: usize, site_regions: Arc<[u64]>) -> GroupCache {
        GroupCache { touch: Some((site_regions, vec![0; sites])), ..GroupCache::new(rel, sites, teams) }
    }

    /// A cache that knows nothing yet: it is built on the first question.
    pub fn stale(rel: u8, sites: usize, teams: usize) -> GroupCache {
        GroupCache { fresh: false, ..GroupCache::new(rel, sites, teams) }
    }

    fn root(&mut self, site: u16) -> u16 {
        find(&mut self.nodes, site)
    }

    /// Joins the group of root `root` with the group of `other`; returns the new root.
    fn join(&mut self, root: u16, other: u16) -> u16 {
        join(&mut self.nodes, root, other)
    }

    /// A stone of `team` has arrived on `site` (`board` already shows it).
    #[inline]
    pub fn arrive(&mut self, rel: &Relation, board: &[u8], site: u16, team: usize) {
        let stone = team as u8 + 1;
        let friends = rel.neighbors(site).iter().copied().filter(|&n| board[n as usize] == stone);
        self.arrive_beside(site, team, friends);
    }

    /// As [`GroupCache::arrive`], on a board of one word: `friends` has a bit for each of the
    /// team's stones beside `site`. Whether a neighbour is a friend is as good as random, and a
    /// branch on it is mispredicted about as often as it is taken: the bits make one loop over
    /// the friends alone.
    #[inline]
    pub fn arrive_among(&mut self, site: u16, team: usize, friends: u64) {
        self.arrive_beside(site, team, WordOnes(friends));
    }

    /// The stone on `site` joins the groups of `friends`, the team's stones beside it.
    #[inline(always)]
    fn arrive_beside(&mut self, site: u16, team: usize, friends: impl Iterator<Item = u16>) {
        if !self.fresh {
            return;
        }
        // Two loops, so that caches without region masks (most games) test for them once.
        let size = match &mut self.touch {
            None => {
                // The new stone's group as it grows: its root and size stay in registers.
                let nodes = &mut self.nodes[..];
                nodes[site as usize].parent = site;
                let (mut root, mut size) = (site, 1);
                for n in friends {
                    let other = find(nodes, n);
                    if other != root {
                        let theirs = nodes[other as usize].size;
                        let (big, small) = if size >= theirs { (root, other) } else { (other, root) };
                        nodes[small as usize].parent = big;
                        size += theirs;
                        root = big;
                    }
                }
                nodes[root as usize].size = size;
                size
            }
            Some((sites, roots)) => {
                self.nodes[site as usize] = Node { parent: site, size: 1 };
                let mut root = site;
                let mut touched = sites[site as usize];
                for n in friends {
                    let other = find(&mut self.nodes, n);
                    touched |= roots[other as usize];
                    root = join(&mut self.nodes, root, other);
                }
                roots[root as usize] = touched;
                self.nodes[root as usize].size
            }
        };
        let largest = &mut self.largest[team];
        *largest = (*largest).max(u32::from(size));
    }

    /// A stone has left the board: groups may have split.
    pub fn leave(&mut self) {
        self.fresh = false;
    }

    /// The largest group of each team, by team, unless a stone has left since it was known.
    #[inline]
    pub fn largest_if_fresh(&self) -> Option<&[u32]> {
        self.fresh.then_some(&self.largest[..])
    }

    /// The largest group of each team, by team.
    pub fn largest(&mut self, rel: &Relation, board: &[u8]) -> &[u32] {
        if !self.fresh {
            self.rebuild(rel, board);
        }
        &self.largest
    }

    /// Appends the size of every group of a team to `out`: `stones` are the team's stones.
    pub fn sizes(&mut self, rel: &Relation, board: &[u8], stones: &Bits, out: &mut Vec<u32>) {
        if !self.fresh {
            self.rebuild(rel, board);
        }
        // Without a branch: whether a stone is its group's root is as good as random, so every
        // stone's size is written at the end and kept only if it is one.
        let start = out.len();
        out.resize(start + stones.count() as usize, 0);
        let mut len = start;
        for site in stones.ones() {
            let node = self.nodes[site as usize];
            out[len] = u32::from(node.size);
            len += usize::from(node.parent == site);
        }
        out.truncate(len);
    }

    /// Adds, for each group of `team`, one to `counts[size]`, and returns the team's largest
    /// size: `stones` are the team's stones, and `counts` has a slot for every size up to the
    /// number of sites. Without a branch, as [`GroupCache::sizes`]: every stone adds whether
    /// it is its group's root.
    pub fn size_counts(&mut self, rel: &Relation, board: &[u8], team: usize, stones: &Bits, counts: &mut [u32]) -> u32 {
        if !self.fresh {
            self.rebuild(rel, board);
        }
        for site in stones.ones() {
            let node = self.nodes[site as usize];
            counts[usize::from(node.size)] += u32::from(node.parent == site);
        }
        self.largest[team]
    }

    /// The regions touched by the group of the stone on `site` (bits as given to
    /// [`GroupCache::with_touch`]); `None` when this cache does not keep them.
    #[inline(always)]
    pub fn touched(&mut self, rel: &Relation, board: &[u8], site: u16) -> Option<u64> {
        self.touch.as_ref()?;
        if !self.fresh {
            self.rebuild(rel, board);
        }
        let root = self.root(site);
        self.touch.as_ref().map(|(_, roots)| roots[root as usize])
    }

    fn rebuild(&mut self, rel: &Relation, board: &[u8]) {
        self.largest.fill(0);
        for (i, node) in self.nodes.iter_mut().enumerate() {
            *node = Node { parent: i as u16, size: 1 };
        }

        for site in 0..board.len() as u16 {
            let content = board[site as usize];
            // A piece of nobody's is in no team's group.
            if content == 0 || content == super::neutral::NEUTRAL {
                continue;
            }
            let mut root = self.root(site);
            for &n in rel.neighbors(site) {
                if n < site && board[n as usize] == content {
                    root = self.join(root, n);
                }
            }
            let team = content as usize - 1;
            let size = u32::from(self.nodes[root as usize].size);
            if size > self.largest[team] {
                self.largest[team] = size;
            }
        }
        if let Some((sites, mut roots)) = self.touch.take() {
            roots.fill(0);
            for site in 0..board.len() as u16 {
                if board[site as usize] != 0 {
                    roots[self.root(site) as usize] |= sites[site as usize];
                }
            }
            self.touch = Some((sites, roots));
        }
        self.fresh = true;
    }
}

/// The sites of a one-word set, lowest first: one test a site, the last one ending the loop.
struct WordOnes(u64);

impl Iterator for WordOnes {
    type Item = u16;

    #[inline(always)]
    fn next(&mut self) -> Option<u16> {
        let word = self.0;
        if word == 0 {
            return None;
        }
        self.0 = word & (word - 1);
        Some(word.trailing_zeros() as u16)
    }
}

/// The largest group of each team by `rel`, read from the union-find in `slot` of `caches` if
/// that one is `rel`'s and fresh. The slot is fixed when the engine is made, but a `require`
/// evaluates its condition on scratch caches of its own (`holds_after_condition`), where the
/// slot may be missing or hold another relation's: then there is no answer here.
#[inline]
pub(crate) fn fresh_largest(caches: &[GroupCache], slot: usize, rel: u8) -> Option<&[u32]> {
    caches.get(slot).filter(|c| c.rel == rel).and_then(GroupCache::largest_if_fresh)
}
