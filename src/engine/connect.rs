//! `(connected FILTER REGION RELATION)`: every matching site reaches the region through
//! matching sites.
//!
//! Checked for a placement on an empty site, the question "which empty sites may take a stone
//! and leave every other empty site connected to the region" is answered for all sites at once
//! by one depth-first search (Tarjan's articulation points) over the empty sites plus a virtual
//! root joined to the empty sites of the region: a site may be filled unless it separates some
//! empty site from the root. This is exact whether or not the constraint held before.
//!
//! On boards of up to [`MAX_WORDS`] × 64 sites the search runs on bitsets of a width fixed at
//! compile time ([`NeighborMasks`]): the next child of a site is the lowest bit of its
//! neighbours ∧ the empty sites not yet discovered, and its back edges, read once when it is
//! discovered, are its neighbours ∧ the empty sites discovered (its ancestors, then), so the
//! search neither walks adjacency lists site by site nor clears
//! per-site arrays between calls (it reads only the entries of the sites it discovers). Larger
//! boards use the same search over adjacency lists ([`placement_mask`]).

use super::bits::Bits;
use crate::board::Relation;

/// The articulation-point search's own memory, sized to the board once.
#[derive(Debug, Clone, Default)]
pub(crate) struct CutSearch {
    /// Per site and for the virtual root (the last entry).
    nodes: Vec<Node>,
    stack: Vec<u16>,
    /// The articulation points found.
    cuts: Bits,
}

/// One site's entry in the search: its discovery time, the lowest time it reaches, the next
/// neighbour to visit (adjacency-list search only) and its parent in the search tree. Kept
/// together so that one bounds check reaches all four.
#[derive(Debug, Clone, Copy, Default)]
struct Node {
    disc: u32,
    low: u32,
    cursor: u32,
    parent: u32,
}

impl CutSearch {
    pub fn new(sites: usize) -> CutSearch {
        CutSearch { nodes: vec![Node::default(); sites + 1], stack: Vec::with_capacity(sites), cuts: Bits::new(sites) }
    }

    /// The number of sites it was made for.
    pub fn sites(&self) -> usize {
        self.nodes.len().saturating_sub(1)
    }
}

/// A flood fill's own memory: the set it fills, what it reached, its stack.
#[derive(Debug, Clone, Default)]
pub(crate) struct Fill {
    pub set: Bits,
    pub visited: Bits,
    pub stack: Vec<u16>,
}

impl Fill {
    pub fn new(sites: usize) -> Fill {
        Fill { set: Bits::new(sites), visited: Bits::new(sites), stack: Vec::with_capacity(sites) }
    }

    /// The sites of `set` reached from `start` through `set` along `rel` (its group, when
    /// `set` is a team's stones), in `visited`.
    pub fn group(&mut self, rel: &Relation, set: &Bits, start: u16) -> &Bits {
        self.visited.clear();
        self.stack.clear();
        self.visited.insert(start);
        self.stack.push(start);
        while let Some(v) = self.stack.pop() {
            for &u in rel.neighbors(v) {
                if set.contains(u) && !self.visited.contains(u) {
                    self.visited.insert(u);
                    self.stack.push(u);
                }
            }
        }
        &self.visited
    }

    /// Whether every site of `self.set` reaches a site of `set ∩ region` through the set along
    /// `rel`; afterwards `visited` holds the sites reached.
    pub fn holds(&mut self, rel: &Relation, region: &Bits) -> bool {
        holds(rel, &self.set, region, &mut self.visited, &mut self.stack)
    }
}

/// The widest board, in 64-bit words, searched with [`NeighborMasks`] (512 sites).
pub(crate) const MAX_WORDS: usize = 8;

/// A relation as one bitset of neighbours per site, `words` words each, for the bitset search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NeighborMasks {
    words: usize,
    /// Site `s`'s neighbours are `masks[s * words..(s + 1) * words]`.
    masks: Vec<u64>,
}

impl NeighborMasks {
    /// The masks of `rel`, or `None` when the board is wider than [`MAX_WORDS`] words.
    pub fn new(rel: &Relation, sites: usize) -> Option<NeighborMasks> {
        let words = sites.div_ceil(64).max(1);
        if words > MAX_WORDS {
            return None;
        }
        let mut masks = vec![0u64; sites * words];
        for site in 0..sites {
            for &u in rel.neighbors(site as u16) {
                masks[site * words + (u as usize >> 6)] |= 1 << (u & 63);
            }
        }
        Some(NeighborMasks { words, masks })
    }

    /// Site `site`'s neighbours on a board of one word.
    #[inline]
    pub fn one_word(&self, site: u16) -> u64 {
        debug_assert_eq!(self.words, 1, "a board of one word");
        self.masks[site as usize]
    }

    /// [`placement_mask`] by the bitset search, for boards of `self.words` words.
    pub fn placement_mask(&self, empty: &Bits, region: &Bits, w: &mut CutSearch, mask: &mut Bits) {
        match self.words {
            1 => self.search::<1>(empty, region, w, mask),
            2 => self.search::<2>(empty, region, w, mask),
            3 => self.search::<3>(empty, region, w, mask),
            4 => self.search::<4>(empty, region, w, mask),
            5 => self.search::<5>(empty, region, w, mask),
            6 => self.search::<6>(empty, region, w, mask),
            7 => self.search::<7>(empty, region, w, mask),
            _ => self.search::<8>(empty, region, w, mask),
        }
    }

    fn search<const W: usize>(&self, empty: &Bits, region: &Bits, w: &mut CutSearch, mask: &mut Bits) {
        let masks = &self.masks[..];
        let neighbors =
            |v: u16| -> [u64; W] { masks[v as usize * W..(v as usize + 1) * W].try_into().expect("W words a site") };
        let empty: [u64; W] = empty.words().try_into().expect("a board of W words");
        let region: [u64; W] = region.words().try_into().expect("a board of W words");
        let nodes = &mut w.nodes[..];
        // The empty sites not yet discovered.
        let mut open = empty;
        let mut cuts = [0u64; W];
        let root = (nodes.len() - 1) as u32;
        // The root's time is 1: a region site, joined to it, reaches 1.
        let mut timer = 1u32;
        let starts = and(empty, region);
        for (i, &word) in starts.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let start = (i * 64) as u16 + word.trailing_zeros() as u16;
                word &= word - 1;
                if !has(&open, start) {
                    continue;
                }
                clear(&mut open, start);
                timer += 1;
                nodes[start as usize] = Node { disc: timer, low: 1, cursor: 0, parent: root };
                // The search walks down to a new child and back up to the parent: the path from
                // the start is the chain of parents, so it needs no stack.
                let mut v = start;
                loop {
                    if let Some(u) = lowest(&and(neighbors(v), open)) {
                        clear(&mut open, u);
                        timer += 1;
                        // The discovered neighbours of a site just found are its ancestors
                        // (a finished site has no undiscovered neighbour): its back edges, all
                        // known now, once.
                        let mut low = if has(&region, u) { 1 } else { timer };
                        let back = and(neighbors(u), and_not(empty, open));
                        for (j, &b) in back.iter().enumerate() {
                            let mut b = b;
                            while b != 0 {
                                let a = j * 64 + b.trailing_zeros() as usize;
                                b &= b - 1;
                                low = low.min(nodes[a].disc);
                            }
                        }
                        nodes[u as usize] = Node { disc: timer, low, cursor: 0, parent: v as u32 };
                        v = u;
                        continue;
                    }
                    // v is finished: its subtree reaches `low`; cut off from above it, its
                    // parent separates it.
                    let Node { low, parent: p, .. } = nodes[v as usize];
                    if p == root {
                        break;
                    }
                    let parent = &mut nodes[p as usize];
                    parent.low = parent.low.min(low);
                    if low >= parent.disc {
                        cuts[p as usize >> 6] |= 1 << (p & 63);
                    }
                    v = p as u16;
                }
            }
        }
        mask.clear();
        match open.iter().map(|x| x.count_ones()).sum::<u32>() {
            0 => {
                for (i, m) in mask.words_mut().iter_mut().enumerate() {
                    *m = empty[i] & !cuts[i];
                }
            }
            // Filling the only cut-off site is the one way to satisfy the constraint.
            1 => mask.insert(lowest(&open).expect("one site")),
            _ => {}
        }
    }
}

#[inline]
fn and<const W: usize>(a: [u64; W], b: [u64; W]) -> [u64; W] {
    std::array::from_fn(|i| a[i] & b[i])
}

#[inline]
fn and_not<const W: usize>(a: [u64; W], b: [u64; W]) -> [u64; W] {
    std::array::from_fn(|i| a[i] & !b[i])
}

#[inline]
fn lowest<const W: usize>(set: &[u64; W]) -> Option<u16> {
    set.iter().position(|&x| x != 0).map(|i| (i * 64 + set[i].trailing_zeros() as usize) as u16)
}

#[inline]
fn has<const W: usize>(set: &[u64; W], site: u16) -> bool {
    set[site as usize >> 6] & (1 << (site & 63)) != 0
}

#[inline]
fn clear<const W: usize>(set: &mut [u64; W], site: u16) {
    set[site as usize >> 6] &= !(1 << (site & 63));
}

/// Sets `mask` to the empty sites on which a stone can be placed so that, afterwards, every
/// empty site is connected through empty sites along `rel` to an empty site of `region`.
#[inline(never)]
pub(crate) fn placement_mask(rel: &Relation, empty: &Bits, region: &Bits, w: &mut CutSearch, mask: &mut Bits) {
    let nodes = &mut w.nodes[..];
    let root = (nodes.len() - 1) as u32;
    nodes.fill(Node::default());
    mask.clear();
    w.cuts.clear();
    nodes[root as usize].disc = 1;
    let mut timer = 1u32;
    for start in empty.ones() {
        if !region.contains(start) || nodes[start as usize].disc != 0 {
            continue;
        }
        timer += 1;
        nodes[start as usize] = Node { disc: timer, low: timer, cursor: 0, parent: root };
        w.stack.clear();
        w.stack.push(start);
        while let Some(&v) = w.stack.last() {
            let vi = v as usize;
            let neighbors = rel.neighbors(v);
            let mut descended = false;
            while (nodes[vi].cursor as usize) < neighbors.len() {
                let u = neighbors[nodes[vi].cursor as usize];
                nodes[vi].cursor += 1;
                if !empty.contains(u) {
                    continue;
                }
                let ui = u as usize;
                if nodes[ui].disc == 0 {
                    timer += 1;
                    nodes[ui] = Node { disc: timer, low: timer, cursor: 0, parent: v as u32 };
                    w.stack.push(u);
                    descended = true;
                    break;
                } else if nodes[vi].parent != u as u32 {
                    nodes[vi].low = nodes[vi].low.min(nodes[ui].disc);
                }
            }
            if descended {
                continue;
            }
            // v is finished. A region site has a (virtual) edge to the root.
            if region.contains(v) && nodes[vi].parent != root {
                nodes[vi].low = nodes[vi].low.min(1);
            }
            w.stack.pop();
            let p = nodes[vi].parent;
            if p != root {
                let pi = p as usize;
                nodes[pi].low = nodes[pi].low.min(nodes[vi].low);
                if nodes[vi].low >= nodes[pi].disc {
                    w.cuts.insert(p as u16);
                }
            }
        }
    }
    // Empty sites the search never reached are already cut off.
    let mut unreached = None;
    let mut unreached_count = 0;
    for site in empty.ones() {
        if nodes[site as usize].disc == 0 {
            unreached_count += 1;
            unreached = Some(site);
        }
    }
    match (unreached_count, unreached) {
        (0, _) => {
            mask.copy_from(empty);
            mask.and_not_with(&w.cuts);
        }
        // Filling the only cut-off site is the one way to satisfy the constraint.
        (1, Some(site)) => mask.insert(site),
        _ => {}
    }
}

/// Whether every site of `set` reaches a site of `set ∩ region` through `set` along `rel`.
pub fn holds(rel: &Relation, set: &Bits, region: &Bits, visited: &mut Bits, stack: &mut Vec<u16>) -> bool {
    visited.clear();
    stack.clear();
    for s in set.ones() {
        if region.contains(s) {
            visited.insert(s);
            stack.push(s);
        }
    }
    while let Some(v) = stack.pop() {
        for &u in rel.neighbors(v) {
            if set.contains(u) && !visited.contains(u) {
                visited.insert(u);
                stack.push(u);
            }
        }
    }
    set.is_subset(visited)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// A `side` × `side` grid with the 8 king-move neighbours (`diagonal`: also the diagonals).
    fn grid(side: u16, diagonal: bool) -> Relation {
        let mut edges = Vec::new();
        for y in 0..side {
            for x in 0..side {
                let s = y * side + x;
                if x + 1 < side {
                    edges.push((s, s + 1));
                }
                if y + 1 < side {
                    edges.push((s, s + side));
                }
                if diagonal && x + 1 < side && y + 1 < side {
                    edges.push((s, s + side + 1));
                    edges.push((s + 1, s + side));
                }
            }
        }
        Relation::from_edges("grid", usize::from(side * side), &edges)
    }

    /// The empty sites whose filling leaves every other empty site connected to the region's
    /// empty sites: each site filled in turn and the whole board flooded.
    fn by_definition(rel: &Relation, empty: &Bits, region: &Bits) -> Bits {
        let sites = rel.offsets.len() - 1;
        let mut out = Bits::new(sites);
        let (mut visited, mut stack) = (Bits::new(sites), Vec::new());
        for site in empty.ones() {
            let mut after = empty.clone();
            after.remove(site);
            if holds(rel, &after, region, &mut visited, &mut stack) {
                out.insert(site);
            }
        }
        out
    }

    /// The bitset search and the adjacency-list search agree with each other on every width of
    /// bitset, and with the definition on small boards, on random positions from nearly empty to nearly full, with the region the grid's border.
    #[test]
    fn the_bitset_search_finds_the_same_placements_as_the_list_search() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        for side in [3u16, 8, 9, 12, 16, 19, 22, 23] {
            let sites = usize::from(side * side);
            for diagonal in [false, true] {
                let rel = grid(side, diagonal);
                let region = Bits::from_sites(
                    sites,
                    (0..side * side).filter(|s| s % side == 0 || s / side == 0 || s % side == side - 1),
                );
                let masks = NeighborMasks::new(&rel, sites);
                assert_eq!(masks.is_some(), sites <= MAX_WORDS * 64);
                let mut w = CutSearch::new(sites);
                for trial in 0..60 {
                    let fill = f64::from(trial) / 60.0;
                    let empty = Bits::from_sites(sites, (0..side * side).filter(|_| !rng.random_bool(fill)));
                    let mut by_list = Bits::new(sites);
                    placement_mask(&rel, &empty, &region, &mut w, &mut by_list);
                    if side <= 9 {
                        assert_eq!(by_list, by_definition(&rel, &empty, &region), "side {side}, empty {empty:?}");
                    }
                    if let Some(masks) = &masks {
                        let mut by_bits = Bits::new(sites);
                        masks.placement_mask(&empty, &region, &mut w, &mut by_bits);
                        assert_eq!(by_bits, by_list, "side {side}, diagonal {diagonal}, empty {empty:?}");
                    }
                }
            }
        }
    }
}
