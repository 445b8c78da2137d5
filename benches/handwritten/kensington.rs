//! Kensington (RULES.md part 2), two players, with the engine rules of R-KS6: threefold
//! repetition at a turn boundary and 1 250 turns per player are draws.
//!
//! Actions as in CLI.md: a placement or a slide; then, per earned relocation, one `from>to`
//! action or `end` (the second relocation must move another stone); `pass` when a player in the
//! movement phase cannot slide. Vertex ids are those of RULES.md appendix A.

use rand::RngCore;

use super::Finished;
use super::bits::{below, iter, select128};

const VERTICES: usize = 72;
const FULL: u128 = (1u128 << VERTICES) - 1;

// Appendix A of RULES.md (A.4 neighbours, A.2 triangles, A.3 squares, A.1 hexagons).
#[rustfmt::skip]
const NEIGHBOURS: [&[u8]; 72] = [ &[1, 4, 7], &[0, 5, 7], &[3, 5, 8], &[2, 6, 8], &[0, 9, 10], &[1, 2, 11, 12], &[3, 13, 14], &[0, 1, 10, 11], &[2, 3, 12, 13], &[4, 10, 15], &[4, 7, 9, 16], &[5, 7, 12, 17], &[5, 8, 11, 18], &[6, 8, 14, 19], &[6, 13, 20], &[9, 16, 21, 25], &[10, 15, 22, 25], &[11, 18, 22, 26], &[12, 17, 23, 26], &[13, 20, 23, 27], &[14, 19, 24, 27], &[15, 28, 29], &[16, 17, 30, 31], &[18, 19, 32, 33], &[20, 34, 35], &[15, 16, 29, 30], &[17, 18, 31, 32], &[19, 20, 33, 34], &[21, 29, 36], &[21, 25, 28, 37], &[22, 25, 31, 38], &[22, 26, 30, 39], &[23, 26, 33, 40], &[23, 27, 32, 41], &[24, 27, 35, 42], &[24, 34, 43], &[28, 37, 47], &[29, 36, 44, 47], &[30, 39, 44, 48], &[31, 38, 45, 48], &[32, 41, 45, 49], &[33, 40, 46, 49], &[34, 43, 46, 50], &[35, 42, 50], &[37, 38, 51, 52], &[39, 40, 53, 54], &[41, 42, 55, 56], &[36, 37, 51], &[38, 39, 52, 53], &[40, 41, 54, 55], &[42, 43, 56], &[44, 47, 52, 57], &[44, 48, 51, 58], &[45, 48, 54, 59], &[45, 49, 53, 60], &[46, 49, 56, 61], &[46, 50, 55, 62], &[51, 58, 65], &[52, 57, 63, 65], &[53, 60, 63, 66], &[54, 59, 64, 66], &[55, 62, 64, 67], &[56, 61, 67], &[58, 59, 68, 69], &[60, 61, 70, 71], &[57, 58, 68], &[59, 60, 69, 70], &[61, 62, 71], &[63, 65, 69], &[63, 66, 68], &[64, 66, 71], &[64, 67, 70] ];
#[rustfmt::skip]
const TRIANGLES: [[u8; 3]; 24] = [ [0, 1, 7], [2, 3, 8], [4, 9, 10], [5, 11, 12], [6, 13, 14], [15, 16, 25], [17, 18, 26], [19, 20, 27], [21, 28, 29], [22, 30, 31], [23, 32, 33], [24, 34, 35], [36, 37, 47], [38, 39, 48], [40, 41, 49], [42, 43, 50], [44, 51, 52], [45, 53, 54], [46, 55, 56], [57, 58, 65], [59, 60, 66], [61, 62, 67], [63, 68, 69], [64, 70, 71] ];
#[rustfmt::skip]
const SQUARES: [[u8; 4]; 30] = [ [0, 4, 7, 10], [1, 5, 7, 11], [2, 5, 8, 12], [3, 6, 8, 13], [9, 10, 15, 16], [11, 12, 17, 18], [13, 14, 19, 20], [15, 21, 25, 29], [16, 22, 25, 30], [17, 22, 26, 31], [18, 23, 26, 32], [19, 23, 27, 33], [20, 24, 27, 34], [28, 29, 36, 37], [30, 31, 38, 39], [32, 33, 40, 41], [34, 35, 42, 43], [37, 44, 47, 51], [38, 44, 48, 52], [39, 45, 48, 53], [40, 45, 49, 54], [41, 46, 49, 55], [42, 46, 50, 56], [51, 52, 57, 58], [53, 54, 59, 60], [55, 56, 61, 62], [58, 63, 65, 68], [59, 63, 66, 69], [60, 64, 66, 70], [61, 64, 67, 71] ];
const WHITE: [[u8; 6]; 3] = [[25, 29, 30, 37, 38, 44], [26, 31, 32, 39, 40, 45], [27, 33, 34, 41, 42, 46]];
/// Home hexagons: Red's below the white row, Blue's above.
const HOMES: [[[u8; 6]; 2]; 2] =
    [[[48, 52, 53, 58, 59, 63], [49, 54, 55, 60, 61, 64]], [[7, 10, 11, 16, 17, 22], [8, 12, 13, 18, 19, 23]]];

const STONES: u8 = 15;
const REPETITIONS: u8 = 3;
const TURN_CAP: u32 = 1250 * 2;
const TABLE: usize = 1 << 13;

fn mask(vertices: &[u8]) -> u128 {
    vertices.iter().fold(0, |m, &v| m | 1u128 << v)
}

/// The board, built once, and the repetition table, reused from game to game.
pub struct Kensington {
    adjacent: [u128; VERTICES],
    triangle: [u128; VERTICES],
    /// The one or two squares of each vertex (0 for none).
    squares: [[u128; 2]; VERTICES],
    /// Per player and vertex: the hexagon whose completion there wins (0 for none).
    winning: [[u128; VERTICES]; 2],
    zobrist: [[u64; VERTICES]; 2],
    table: Repetitions,
}

/// Positions seen at turn boundaries in the current game, with their counts. A generation stamp
/// empties the table at the start of a game without touching its memory.
struct Repetitions {
    keys: Vec<u64>,
    stamps: Vec<u32>,
    counts: Vec<u8>,
    generation: u32,
}

impl Repetitions {
    /// Counts one more sighting of `key` and returns the count.
    #[inline]
    fn see(&mut self, key: u64) -> u8 {
        let mut i = key as usize & (TABLE - 1);
        loop {
            if self.stamps[i] != self.generation {
                self.stamps[i] = self.generation;
                self.keys[i] = key;
                self.counts[i] = 1;
                return 1;
            }
            if self.keys[i] == key {
                self.counts[i] += 1;
                return self.counts[i];
            }
            i = (i + 1) & (TABLE - 1);
        }
    }
}

/// A position. `Copy`, so perft copies it per node.
#[derive(Clone, Copy)]
pub struct State {
    stones: [u128; 2],
    hand: [u8; 2],
    mover: u8,
    /// Relocations still allowed in this turn (0: the turn starts with a placement or slide).
    pending: u8,
    /// Where the stone relocated first in this turn now stands (it may not move again).
    relocated: u128,
    hash: u64,
    turns: u32,
    actions: u32,
    outcome: Option<Option<u8>>,
}

/// One action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Place(u8),
    Slide(u8, u8),
    Relocate(u8, u8),
    End,
    Pass,
}

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl Default for Kensington {
    fn default() -> Self {
        Self::new()
    }
}

impl Kensington {
    pub fn new() -> Kensington {
        let mut k = Kensington {
            adjacent: [0; VERTICES],
            triangle: [0; VERTICES],
            squares: [[0; 2]; VERTICES],
            winning: [[0; VERTICES]; 2],
            zobrist: [[0; VERTICES]; 2],
            table: Repetitions { keys: vec![0; TABLE], stamps: vec![0; TABLE], counts: vec![0; TABLE], generation: 0 },
        };
        for v in 0..VERTICES {
            k.adjacent[v] = mask(NEIGHBOURS[v]);
            for p in 0..2 {
                k.zobrist[p][v] = splitmix((p * VERTICES + v) as u64 + 1);
            }
        }
        for t in &TRIANGLES {
            for &v in t {
                k.triangle[v as usize] = mask(t);
            }
        }
        for sq in &SQUARES {
            for &v in sq {
                let slot = if k.squares[v as usize][0] == 0 { 0 } else { 1 };
                k.squares[v as usize][slot] = mask(sq);
            }
        }
        for player in 0..2 {
            for hex in WHITE.iter().chain(&HOMES[player]) {
                for &v in hex {
                    k.winning[player][v as usize] = mask(hex);
                }
            }
        }
        k
    }

    pub fn initial(&self) -> State {
        State {
            stones: [0; 2],
            hand: [STONES; 2],
            mover: 0,
            pending: 0,
            relocated: 0,
            hash: 0,
            turns: 1,
            actions: 0,
            outcome: None,
        }
    }

    #[inline]
    fn empty(s: &State) -> u128 {
        FULL & !(s.stones[0] | s.stones[1])
    }

    /// The mover's stone arrived on `v` by placement or slide: a win, or relocations earned.
    #[inline]
    fn arrive(&self, s: &mut State, v: usize) {
        let own = s.stones[s.mover as usize];
        let hexagon = self.winning[s.mover as usize][v];
        if hexagon != 0 && hexagon & own == hexagon {
            s.outcome = Some(Some(s.mover));
            return;
        }
        let complete = |m: u128| m != 0 && m & own == m;
        let [a, b] = self.squares[v];
        s.pending = if complete(a) || complete(b) { 2 } else { complete(self.triangle[v]) as u8 };
        if s.pending == 0 {
            self.end_turn(s);
        }
    }

    /// Passes the turn; after `TURN_CAP` turns the game is drawn.
    #[inline]
    fn end_turn(&self, s: &mut State) {
        s.mover ^= 1;
        s.pending = 0;
        s.relocated = 0;
        if s.turns >= TURN_CAP {
            s.outcome = Some(None);
        }
        s.turns += 1;
    }

    /// Counts the boundary position for repetition; a third sighting draws. Only positions with
    /// both hands empty are counted: placements only add stones, so no earlier one can repeat.
    #[inline]
    fn count_repetition(&mut self, s: &mut State) {
        if s.outcome.is_none() && s.pending == 0 && s.hand == [0, 0] {
            let key = s.hash ^ (s.mover as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            if self.table.see(key) >= REPETITIONS {
                s.outcome = Some(None);
            }
        }
    }

    #[inline]
    fn put(&self, s: &mut State, player: usize, v: usize) {
        s.stones[player] |= 1 << v;
        s.hash ^= self.zobrist[player][v];
    }

    #[inline]
    fn lift(&self, s: &mut State, player: usize, v: usize) {
        s.stones[player] &= !(1u128 << v);
        s.hash ^= self.zobrist[player][v];
    }

    pub fn apply(&self, s: &mut State, action: Action) {
        s.actions += 1;
        let m = s.mover as usize;
        match action {
            Action::Place(v) => {
                s.hand[m] -= 1;
                self.put(s, m, v as usize);
                self.arrive(s, v as usize);
            }
            Action::Slide(from, to) => {
                self.lift(s, m, from as usize);
                self.put(s, m, to as usize);
                self.arrive(s, to as usize);
            }
            Action::Relocate(from, to) => {
                self.lift(s, 1 - m, from as usize);
                self.put(s, 1 - m, to as usize);
                s.relocated = 1 << to;
                s.pending -= 1;
                if s.pending == 0 {
                    self.end_turn(s);
                }
            }
            Action::End | Action::Pass => self.end_turn(s),
        }
    }

    /// The legal actions, in a fixed order (for perft and tests; playouts never build the list).
    pub fn legal(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if s.outcome.is_some() {
            return;
        }
        let m = s.mover as usize;
        let empty = Self::empty(s);
        if s.pending > 0 {
            for from in iter(s.stones[1 - m] & !s.relocated) {
                for to in iter(empty) {
                    out.push(Action::Relocate(from as u8, to as u8));
                }
            }
            out.push(Action::End);
        } else if s.hand[m] > 0 {
            out.extend(iter(empty).map(|v| Action::Place(v as u8)));
        } else {
            for from in iter(s.stones[m]) {
                for to in iter(self.adjacent[from] & empty) {
                    out.push(Action::Slide(from as u8, to as u8));
                }
            }
            if out.is_empty() {
                out.push(Action::Pass);
            }
        }
    }

    /// One uniform random action, chosen without listing the actions.
    #[inline]
    fn random_action<R: RngCore>(&self, s: &State, rng: &mut R) -> Action {
        let m = s.mover as usize;
        let empty = Self::empty(s);
        if s.pending > 0 {
            let movable = s.stones[1 - m] & !s.relocated;
            let targets = empty.count_ones();
            let i = below(rng, movable.count_ones() * targets + 1);
            if i == movable.count_ones() * targets {
                return Action::End;
            }
            let from = select128(movable, i / targets);
            let to = select128(empty, i % targets);
            return Action::Relocate(from as u8, to as u8);
        }
        if s.hand[m] > 0 {
            return Action::Place(select128(empty, below(rng, empty.count_ones())) as u8);
        }
        let mut counts = [0u8; STONES as usize];
        let mut total = 0;
        for (k, from) in iter(s.stones[m]).enumerate() {
            counts[k] = (self.adjacent[from] & empty).count_ones() as u8;
            total += counts[k] as u32;
        }
        if total == 0 {
            return Action::Pass;
        }
        let mut i = below(rng, total);
        for (k, from) in iter(s.stones[m]).enumerate() {
            let c = counts[k] as u32;
            if i < c {
                let to = select128(self.adjacent[from] & empty, i);
                return Action::Slide(from as u8, to as u8);
            }
            i -= c;
        }
        unreachable!("the index is below the number of slides")
    }

    pub fn playout<R: RngCore>(&mut self, rng: &mut R) -> Finished {
        self.table.generation = self.table.generation.wrapping_add(1);
        if self.table.generation == 0 {
            self.table.stamps.fill(0);
            self.table.generation = 1;
        }
        let mut s = self.initial();
        loop {
            if let Some(winner) = s.outcome {
                return Finished { winner, actions: s.actions };
            }
            let action = self.random_action(&s, rng);
            let before = s.turns;
            self.apply(&mut s, action);
            if s.turns != before {
                self.count_repetition(&mut s);
            }
        }
    }

    /// Perft without the repetition rule (no position can repeat within a few actions).
    pub fn perft(&self, s: &State, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut actions = Vec::new();
        self.legal(s, &mut actions);
        if depth == 1 {
            return actions.len() as u64;
        }
        actions
            .iter()
            .map(|&a| {
                let mut next = *s;
                self.apply(&mut next, a);
                self.perft(&next, depth - 1)
            })
            .sum()
    }
}
