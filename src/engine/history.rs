//! The positions of the game so far, for bans on repetition (`(no-repeat)`): a table of board
//! hashes ([`Seen`]) behind a one-bit-per-slot filter. A placement is tested against the
//! history for every candidate site, and almost every candidate makes a new position: the
//! filter (8 KiB, which stays in the first-level cache) answers "never seen" with one bit for
//! nearly all of them, and only the rare hit looks in the table.

use super::repetition::Seen;

/// Bits of the filter (a power of two).
const FILTER_BITS: usize = 1 << 16;

#[derive(Debug)]
pub struct History {
    seen: Seen,
    filter: Vec<u64>,
    /// Nothing recorded since the last clear (a copy of an empty history only clears).
    empty: bool,
}

impl Default for History {
    fn default() -> History {
        History { seen: Seen::default(), filter: vec![0; FILTER_BITS / 64], empty: true }
    }
}

#[inline]
fn slot(hash: u64) -> (usize, u64) {
    // The high bits: the table of `Seen` indexes by the low ones.
    let bit = (hash >> 48) as usize & (FILTER_BITS - 1);
    (bit / 64, 1 << (bit % 64))
}

impl History {
    pub fn record(&mut self, hash: u64) {
        let (word, mask) = slot(hash);
        self.filter[word] |= mask;
        self.seen.record(hash);
        self.empty = false;
    }

    /// Whether a position with this hash has been recorded.
    #[inline]
    pub fn contains(&self, hash: u64) -> bool {
        let (word, mask) = slot(hash);
        self.filter[word] & mask != 0 && self.seen.contains(hash)
    }

    /// How often a position with this hash has been recorded.
    pub fn count(&self, hash: u64) -> u32 {
        let (word, mask) = slot(hash);
        if self.filter[word] & mask == 0 { 0 } else { self.seen.count(hash) }
    }

    pub fn clear(&mut self) {
        if !self.empty {
            self.seen.clear();
            self.filter.fill(0);
            self.empty = true;
        }
    }
}

impl Clone for History {
    fn clone(&self) -> History {
        History { seen: self.seen.clone(), filter: self.filter.clone(), empty: self.empty }
    }

    /// Copying an empty history (a fresh game) keeps this one's memory.
    fn clone_from(&mut self, other: &History) {
        if other.empty {
            self.clear();
        } else {
            self.seen.clone_from(&other.seen);
            self.filter.clone_from(&other.filter);
            self.empty = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::repetition::splitmix;

    #[test]
    fn remembers_what_was_recorded_and_forgets_on_clear() {
        let mut h = History::default();
        for i in 0..1000u64 {
            h.record(splitmix(i));
        }
        assert!((0..1000u64).all(|i| h.contains(splitmix(i))));
        assert!(!(1000..3000u64).any(|i| h.contains(splitmix(i))));
        h.clone_from(&History::default());
        assert!(!h.contains(splitmix(1)));
    }
}
