//! Groups: maximal sets of one team's stones connected under a relation. Found by flood fill
//! over the team's bitset, with the scratch buffers of the state.

use super::bits::Bits;
use crate::board::Relation;

/// Appends the size of every group of `stones` to `sizes`.
pub fn sizes(rel: &Relation, stones: &Bits, visited: &mut Bits, stack: &mut Vec<u16>, sizes: &mut Vec<u32>) {
    visited.clear();
    for start in stones.ones() {
        if visited.contains(start) {
            continue;
        }
        visited.insert(start);
        stack.clear();
        stack.push(start);
        let mut size = 0;
        while let Some(site) = stack.pop() {
            size += 1;
            for &n in rel.neighbors(site) {
                if stones.contains(n) && !visited.contains(n) {
                    visited.insert(n);
                    stack.push(n);
                }
            }
        }
        sizes.push(size);
    }
}

/// The size of the largest group of `stones` (0 without stones).
pub fn largest(rel: &Relation, stones: &Bits, visited: &mut Bits, stack: &mut Vec<u16>) -> u32 {
    visited.clear();
    let mut best = 0;
    let mut remaining = stones.count();
    for start in stones.ones() {
        // No group still unvisited can beat the best one found.
        if remaining <= best {
            break;
        }
        if visited.contains(start) {
            continue;
        }
        visited.insert(start);
        stack.clear();
        stack.push(start);
        let mut size = 0;
        while let Some(site) = stack.pop() {
            size += 1;
            for &n in rel.neighbors(site) {
                if stones.contains(n) && !visited.contains(n) {
                    visited.insert(n);
                    stack.push(n);
                }
            }
        }
        remaining -= size;
        best = best.max(size);
    }
    best
}
