//! `(connected FILTER REGION RELATION)`: every matching site reaches the region through
//! matching sites.
//!
//! Checked for a placement on an empty site, the question "which empty sites may take a stone
//! and leave every other empty site connected to the region" is answered for all sites at once
//! by one depth-first search (Tarjan's articulation points) over the empty sites plus a virtual
//! root joined to the empty sites of the region: a site may be filled unless it separates some
//! empty site from the root. This is exact whether or not the constraint held before.

use super::bits::Bits;
use crate::board::Relation;

/// The articulation-point search's own memory, sized to the board once.
#[derive(Debug, Clone, Default)]
pub(crate) struct CutSearch {
    /// Per site and for the virtual root (the last entry): discovery time, lowest time reached,
    /// next neighbour to visit, parent in the search tree.
    disc: Vec<u32>,
    low: Vec<u32>,
    cursor: Vec<u32>,
    parent: Vec<u32>,
    stack: Vec<u16>,
    /// The articulation points found.
    cuts: Bits,
}

impl CutSearch {
    pub fn new(sites: usize) -> CutSearch {
        CutSearch {
            disc: vec![0; sites + 1],
            low: vec![0; sites + 1],
            cursor: vec![0; sites + 1],
            parent: vec![0; sites + 1],
            stack: Vec::with_capacity(sites),
            cuts: Bits::new(sites),
        }
    }

    /// The number of sites it was made for.
    pub fn sites(&self) -> usize {
        self.disc.len().saturating_sub(1)
    }
}

/// A flood fill's own memory: the set it fills, what it reached, its stack.
#[derive(Debug, Clone, Default)]
pub(crate) struct Fill {
    pub set: Bits,
    pub visited: Bits,
    stack: Vec<u16>,
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

/// Sets `mask` to the empty sites on which a stone can be placed so that, afterwards, every
/// empty site is connected through empty sites along `rel` to an empty site of `region`.
#[inline(never)]
pub(crate) fn placement_mask(rel: &Relation, empty: &Bits, region: &Bits, w: &mut CutSearch, mask: &mut Bits) {
    let n = w.disc.len() - 1;
    let root = n as u32;
    w.disc.fill(0);
    w.low.fill(0);
    mask.clear();
    w.cuts.clear();
    w.disc[n] = 1;
    let mut timer = 1u32;
    for start in empty.ones() {
        if !region.contains(start) || w.disc[start as usize] != 0 {
            continue;
        }
        timer += 1;
        w.disc[start as usize] = timer;
        w.low[start as usize] = timer;
        w.parent[start as usize] = root;
        w.cursor[start as usize] = 0;
        w.stack.clear();
        w.stack.push(start);
        while let Some(&v) = w.stack.last() {
            let vi = v as usize;
            let neighbors = rel.neighbors(v);
            let mut descended = false;
            while (w.cursor[vi] as usize) < neighbors.len() {
                let u = neighbors[w.cursor[vi] as usize];
                w.cursor[vi] += 1;
                if !empty.contains(u) {
                    continue;
                }
                let ui = u as usize;
                if w.disc[ui] == 0 {
                    timer += 1;
                    w.disc[ui] = timer;
                    w.low[ui] = timer;
                    w.parent[ui] = v as u32;
                    w.cursor[ui] = 0;
                    w.stack.push(u);
                    descended = true;
                    break;
                } else if w.parent[vi] != u as u32 {
                    w.low[vi] = w.low[vi].min(w.disc[ui]);
                }
            }
            if descended {
                continue;
            }
            // v is finished. A region site has a (virtual) edge to the root.
            if region.contains(v) && w.parent[vi] != root {
                w.low[vi] = w.low[vi].min(1);
            }
            w.stack.pop();
            let p = w.parent[vi];
            if p != root {
                let pi = p as usize;
                w.low[pi] = w.low[pi].min(w.low[vi]);
                if w.low[vi] >= w.disc[pi] {
                    w.cuts.insert(p as u16);
                }
            }
        }
    }
    // Empty sites the search never reached are already cut off.
    let mut unreached = None;
    let mut unreached_count = 0;
    for site in empty.ones() {
        if w.disc[site as usize] == 0 {
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
