//! Ketchup (RULES.md part 1), variant "Two stones", on a hexhex board of side n ≤ 7 (127 cells).
//!
//! One action per stone (CLI.md): White's opening turn is one stone, every later turn two, and a
//! bonus turn offers `end` or a third stone after the second. The largest group is kept by a
//! union-find with sizes updated by every stone; the empty cells are a list with positions, so a
//! random stone is one array read and filling a cell is a swap-remove.

use rand::RngCore;

use super::Finished;
use super::bits::below;

const MAX: usize = 128;

/// The board, built once.
pub struct Ketchup {
    cells: usize,
    neighbours: [[u8; 6]; MAX],
    degree: [u8; MAX],
}

/// A position. `Copy`, so perft copies it per node.
#[derive(Clone, Copy)]
pub struct State {
    /// 0 empty, 1 White, 2 Black.
    colour: [u8; MAX],
    empties: [u8; MAX],
    position: [u8; MAX],
    free: u8,
    parent: [u8; MAX],
    size: [u8; MAX],
    /// The largest group of either colour now, and when the turn began.
    largest: u8,
    largest_at_start: u8,
    /// Stones dropped this turn, the least and most this turn allows.
    dropped: u8,
    least: u8,
    most: u8,
    first_turn: bool,
    mover: u8,
    over: bool,
    actions: u32,
}

/// One action: a stone on a cell, or `end` of a bonus turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Drop(u8),
    End,
}

impl Ketchup {
    /// A board of `side` cells a side (2 ≤ side ≤ 7).
    pub fn new(side: usize) -> Ketchup {
        assert!((2..=7).contains(&side), "the hand-written Ketchup keeps at most 128 cells");
        let k = side as i32 - 1;
        let mut coords = Vec::new();
        for r in -k..=k {
            for q in -k..=k {
                if (q + r).abs() <= k {
                    coords.push((q, r));
                }
            }
        }
        let mut neighbours = [[0u8; 6]; MAX];
        let mut degree = [0u8; MAX];
        for (i, &(q, r)) in coords.iter().enumerate() {
            for (dq, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)] {
                if let Some(j) = coords.iter().position(|&c| c == (q + dq, r + dr)) {
                    neighbours[i][degree[i] as usize] = j as u8;
                    degree[i] += 1;
                }
            }
        }
        Ketchup { cells: coords.len(), neighbours, degree }
    }

    pub fn cells(&self) -> usize {
        self.cells
    }

    pub fn initial(&self) -> State {
        let mut s = State {
            colour: [0; MAX],
            empties: [0; MAX],
            position: [0; MAX],
            free: self.cells as u8,
            parent: [0; MAX],
            size: [0; MAX],
            largest: 0,
            largest_at_start: 0,
            dropped: 0,
            least: 1,
            most: 1,
            first_turn: true,
            mover: 0,
            over: false,
            actions: 0,
        };
        for i in 0..self.cells {
            s.empties[i] = i as u8;
            s.position[i] = i as u8;
        }
        s
    }

    #[inline]
    fn find(s: &mut State, mut x: u8) -> u8 {
        while s.parent[x as usize] != x {
            let grand = s.parent[s.parent[x as usize] as usize];
            s.parent[x as usize] = grand;
            x = grand;
        }
        x
    }

    /// Legal actions: `free` drops, plus `end` when this is the optional third stone.
    #[inline]
    pub fn count(&self, s: &State) -> u32 {
        if s.over { 0 } else { s.free as u32 + (s.dropped >= s.least) as u32 }
    }

    /// The `i`-th legal action: drops in the order of the empty list, then `end`.
    #[inline]
    pub fn nth(&self, s: &State, i: u32) -> Action {
        if i < s.free as u32 { Action::Drop(s.empties[i as usize]) } else { Action::End }
    }

    pub fn apply(&self, s: &mut State, action: Action) {
        s.actions += 1;
        let Action::Drop(cell) = action else {
            return self.end_turn(s);
        };
        let c = cell as usize;
        // Swap-remove the cell from the empty list.
        s.free -= 1;
        let last = s.empties[s.free as usize];
        let at = s.position[c];
        s.empties[at as usize] = last;
        s.position[last as usize] = at;
        let colour = s.mover + 1;
        s.colour[c] = colour;
        s.parent[c] = cell;
        s.size[c] = 1;
        let mut root = cell;
        for k in 0..self.degree[c] as usize {
            let n = self.neighbours[c][k];
            if s.colour[n as usize] == colour {
                let other = Self::find(s, n);
                if other != root {
                    let (big, small) =
                        if s.size[other as usize] >= s.size[root as usize] { (other, root) } else { (root, other) };
                    s.parent[small as usize] = big;
                    s.size[big as usize] += s.size[small as usize];
                    root = big;
                }
            }
        }
        s.largest = s.largest.max(s.size[root as usize]);
        if s.free == 0 {
            s.over = true;
            return;
        }
        s.dropped += 1;
        if s.dropped == s.most {
            self.end_turn(s);
        }
    }

    fn end_turn(&self, s: &mut State) {
        let bonus = !s.first_turn && s.largest > s.largest_at_start;
        s.first_turn = false;
        s.mover ^= 1;
        s.largest_at_start = s.largest;
        s.dropped = 0;
        s.least = 2;
        s.most = if bonus { 3 } else { 2 };
    }

    /// The cascade (RULES 1.6): the first group size at which the players' counts differ decides.
    pub fn winner(&self, s: &State) -> Option<u8> {
        let mut hist = [[0u8; MAX + 1]; 2];
        for c in 0..self.cells {
            if s.parent[c] == c as u8 && s.colour[c] != 0 {
                hist[(s.colour[c] - 1) as usize][s.size[c] as usize] += 1;
            }
        }
        (1..=MAX).rev().find(|&k| hist[0][k] != hist[1][k]).map(|k| if hist[0][k] > hist[1][k] { 0 } else { 1 })
    }

    pub fn playout<R: RngCore>(&self, rng: &mut R) -> Finished {
        let mut s = self.initial();
        while !s.over {
            let n = s.free as u32 + (s.dropped >= s.least) as u32;
            let action = self.nth(&s, below(rng, n));
            self.apply(&mut s, action);
        }
        Finished { winner: self.winner(&s), actions: s.actions }
    }

    pub fn perft(&self, s: &State, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let n = self.count(s);
        if depth == 1 {
            return n as u64;
        }
        (0..n)
            .map(|i| {
                let mut next = *s;
                self.apply(&mut next, self.nth(s, i));
                self.perft(&next, depth - 1)
            })
            .sum()
    }
}
