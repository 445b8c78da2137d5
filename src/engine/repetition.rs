//! Positions at turn boundaries, for `(repetition N)`: Zobrist hashes counted in a small table.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Random keys per (site, team), fixed for a board so hashes are reproducible.
#[derive(Debug, Clone)]
pub struct Keys {
    stones: Vec<u64>,
    teams: usize,
}

/// SplitMix64: a fixed, well-mixed sequence (the keys must not depend on any RNG crate).
pub fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl Keys {
    pub fn new(sites: usize, teams: usize) -> Keys {
        let stones = (0..sites * teams).map(|i| splitmix(i as u64 ^ 0x7461_6275_6C61)).collect();
        Keys { stones, teams }
    }

    /// The key of a team's stone on a site.
    #[inline]
    pub fn stone(&self, site: u16, team: usize) -> u64 {
        self.stones[site as usize * self.teams + team]
    }
}

/// Hashes are already uniformly random: use them as they are.
#[derive(Default, Clone, Copy)]
pub struct IdentityHasher(u64);

impl Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// How often each position has occurred at a turn boundary.
#[derive(Debug, Clone, Default)]
pub struct Seen {
    counts: HashMap<u64, u32, BuildHasherDefault<IdentityHasher>>,
}

impl Seen {
    /// Records one more occurrence; returns how many there have been.
    pub fn record(&mut self, hash: u64) -> u32 {
        let count = self.counts.entry(hash).or_insert(0);
        *count += 1;
        *count
    }
}
