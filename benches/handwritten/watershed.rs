//! Watershed (RULES.md part 3) on N×N points, N ≤ 11 so that a board fits in a `u128`.
//!
//! Legality of a placement is L1 (empty) ∧ L2 (two empty C-neighbours, kept as a mask updated by
//! every stone that arrives or leaves) ∧ L3 (drainage). Because every empty point drains before
//! the placement, L3 fails exactly at the articulation points that cut some empty points off a
//! virtual root joined to the empty perimeter: one depth-first search per turn finds them all. The
//! search takes its next child as the lowest bit of neighbours ∧ empty ∧ unvisited.

use rand::RngCore;

use super::Finished;
use super::bits::{below, iter, select128};

/// The board and the variant, built once.
pub struct Watershed {
    n: usize,
    /// C-neighbours (drainage, two-empty rule, captures) of each point.
    drain: [u128; 128],
    /// G-neighbours (groups for the score) of each point.
    group: [u128; 128],
    perimeter: u128,
    /// Plateau: the capturer scores for captured enemy stones; Floodplain: their owner does.
    plateau: bool,
}

/// A position. `Copy`, so perft copies it per node.
#[derive(Clone, Copy)]
pub struct State {
    stones: [u128; 2],
    empty: u128,
    /// Points (empty or not) with at least two empty C-neighbours.
    two: u128,
    /// Empty C-neighbours of each point.
    count: [u8; 128],
    bonus: [u32; 2],
    mover: u8,
    actions: u32,
}

impl Watershed {
    /// `n` points a side (5 ≤ n ≤ 11), Plateau or Floodplain.
    pub fn new(n: usize, plateau: bool) -> Watershed {
        assert!((3..=11).contains(&n), "the hand-written Watershed keeps a board in 128 bits");
        let mut orth = [0u128; 128];
        let mut all = [0u128; 128];
        let mut perimeter = 0;
        for r in 0..n {
            for c in 0..n {
                let p = r * n + c;
                if r == 0 || c == 0 || r == n - 1 || c == n - 1 {
                    perimeter |= 1u128 << p;
                }
                for dr in -1i32..=1 {
                    for dc in -1i32..=1 {
                        let (rr, cc) = (r as i32 + dr, c as i32 + dc);
                        if (dr, dc) == (0, 0) || rr < 0 || cc < 0 || rr >= n as i32 || cc >= n as i32 {
                            continue;
                        }
                        let q = 1u128 << (rr as usize * n + cc as usize);
                        all[p] |= q;
                        if dr == 0 || dc == 0 {
                            orth[p] |= q;
                        }
                    }
                }
            }
        }
        let (drain, group) = if plateau { (all, orth) } else { (orth, all) };
        Watershed { n, drain, group, perimeter, plateau }
    }

    pub fn points(&self) -> usize {
        self.n * self.n
    }

    pub fn initial(&self) -> State {
        let cells = self.points();
        let empty = if cells == 128 { !0 } else { (1u128 << cells) - 1 };
        let mut count = [0u8; 128];
        let mut two = 0;
        for p in 0..cells {
            count[p] = self.drain[p].count_ones() as u8;
            if count[p] >= 2 {
                two |= 1 << p;
            }
        }
        State { stones: [0; 2], empty, two, count, bonus: [0; 2], mover: 0, actions: 0 }
    }

    /// The legal placements as a mask (empty when the game is over).
    #[inline]
    pub fn legal(&self, s: &State) -> u128 {
        let candidates = s.empty & s.two;
        if candidates == 0 { 0 } else { candidates & !self.cut_points(s) }
    }

    /// Empty points whose filling would cut some empty point off the perimeter: the articulation
    /// points of (empty points + a root joined to the empty perimeter points).
    fn cut_points(&self, s: &State) -> u128 {
        let mut disc = [0u8; 128];
        let mut low = [0u8; 128];
        let mut stack = [0u8; 128];
        let mut visited = 0u128;
        let mut cut = 0u128;
        let mut time = 1u8;
        let mut starts = s.empty & self.perimeter;
        while starts != 0 {
            let start = starts.trailing_zeros() as usize;
            starts &= starts - 1;
            if visited >> start & 1 != 0 {
                continue;
            }
            visited |= 1 << start;
            disc[start] = time;
            low[start] = 0; // joined to the root
            time += 1;
            stack[0] = start as u8;
            let mut sp = 1;
            while sp > 0 {
                let p = stack[sp - 1] as usize;
                let next = self.drain[p] & s.empty & !visited;
                if next != 0 {
                    let c = next.trailing_zeros() as usize;
                    visited |= 1 << c;
                    disc[c] = time;
                    // Every visited neighbour of a newly found point is one of its ancestors.
                    let mut l = if self.perimeter >> c & 1 != 0 { 0 } else { time };
                    let mut back = self.drain[c] & visited & s.empty & !(1u128 << c);
                    while back != 0 {
                        let w = back.trailing_zeros() as usize;
                        back &= back - 1;
                        l = l.min(disc[w]);
                    }
                    low[c] = l;
                    time += 1;
                    stack[sp] = c as u8;
                    sp += 1;
                } else {
                    sp -= 1;
                    if sp > 0 {
                        let parent = stack[sp - 1] as usize;
                        if low[p] >= disc[parent] {
                            cut |= 1 << parent;
                        }
                        low[parent] = low[parent].min(low[p]);
                    }
                }
            }
        }
        cut
    }

    #[inline]
    fn vacate(&self, s: &mut State, p: usize) {
        s.empty |= 1 << p;
        for q in iter(self.drain[p]) {
            s.count[q] += 1;
            if s.count[q] == 2 {
                s.two |= 1 << q;
            }
        }
    }

    /// Places the mover's stone on the legal point `p`, with its captures and bonus.
    pub fn apply(&self, s: &mut State, p: usize) {
        let m = s.mover as usize;
        s.stones[m] |= 1 << p;
        s.empty &= !(1u128 << p);
        for q in iter(self.drain[p]) {
            s.count[q] -= 1;
            if s.count[q] == 1 {
                s.two &= !(1u128 << q);
            }
        }
        let victims = self.drain[p] & !s.empty & !s.two;
        if victims != 0 {
            let enemy = (victims & s.stones[1 - m]).count_ones();
            s.stones[0] &= !victims;
            s.stones[1] &= !victims;
            for v in iter(victims) {
                self.vacate(s, v);
            }
            s.bonus[if self.plateau { m } else { 1 - m }] += enemy;
        }
        s.mover ^= 1;
        s.actions += 1;
    }

    /// The winner of a finished game (RULES 3.8): largest G-group plus bonus, then the smaller
    /// largest unpaired group, then the last mover.
    pub fn winner(&self, s: &State) -> u8 {
        let mut hist = [[0u8; 129]; 2];
        let mut raw = [0u32; 2];
        for (player, h) in hist.iter_mut().enumerate() {
            let mut left = s.stones[player];
            let mut largest = 0;
            while left != 0 {
                let mut group = left & left.wrapping_neg();
                let mut frontier = group;
                while frontier != 0 {
                    let p = frontier.trailing_zeros() as usize;
                    frontier &= frontier - 1;
                    let new = self.group[p] & left & !group;
                    group |= new;
                    frontier |= new;
                }
                left &= !group;
                let size = group.count_ones();
                h[size as usize] += 1;
                largest = largest.max(size);
            }
            raw[player] = largest + s.bonus[player];
        }
        if raw[0] != raw[1] {
            return if raw[0] > raw[1] { 0 } else { 1 };
        }
        let unpaired = |a: usize| (1..129).rev().find(|&k| hist[a][k] > hist[1 - a][k]).unwrap_or(0);
        let (u0, u1) = (unpaired(0), unpaired(1));
        if u0 != u1 {
            return if u0 < u1 { 0 } else { 1 };
        }
        s.mover ^ 1 // the last mover
    }

    /// One uniformly random game from the start.
    pub fn playout<R: RngCore>(&self, rng: &mut R) -> Finished {
        let mut s = self.initial();
        loop {
            let legal = self.legal(&s);
            if legal == 0 {
                return Finished { winner: Some(self.winner(&s)), actions: s.actions };
            }
            let p = select128(legal, below(rng, legal.count_ones()));
            self.apply(&mut s, p);
        }
    }

    pub fn perft(&self, s: &State, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let legal = self.legal(s);
        if depth == 1 {
            return legal.count_ones() as u64;
        }
        iter(legal)
            .map(|p| {
                let mut next = *s;
                self.apply(&mut next, p);
                self.perft(&next, depth - 1)
            })
            .sum()
    }

    /// The point labelled like `c3` (column letter, row from the bottom).
    pub fn point(&self, label: &str) -> usize {
        let b = label.as_bytes();
        let col = (b[0] - b'a') as usize;
        let row: usize = label[1..].parse().expect("row number");
        (row - 1) * self.n + col
    }
}
