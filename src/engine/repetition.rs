//! Positions at turn boundaries, for `(repetition N)`: Zobrist hashes counted in a table that
//! keeps its memory from game to game (a playout resets it by starting a new generation).

/// Random keys per (site, team), per site for a piece that belongs to nobody, and per (site,
/// kind), fixed for a board so hashes are reproducible.
///
/// A piece's key is its owner's key on its site XOR its kind's key there; the first kind's key
/// is 0, so a game with one kind hashes exactly as it did before kinds were keyed. Two
/// positions that differ on a site — in owner, kind or both — differ by at least one key that
/// occurs nowhere else, as with one key per (site, owner, kind).
#[derive(Debug, Clone)]
pub struct Keys {
    stones: Vec<u64>,
    teams: usize,
    /// Per site: a neutral piece's owner key.
    neutral: Vec<u64>,
    /// Per (kind, site), `kind * sites + site`; 0 for the first kind.
    kinds: Vec<u64>,
    sites: usize,
}

/// SplitMix64: a fixed, well-mixed sequence (the keys must not depend on any RNG crate).
pub fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The small numbers of a position besides its pieces (the mover, hands, phases, counters,
/// allowances), folded into one key: each number is mixed into the state by a step that is a
/// bijection of the state for a given number, so two lists that differ in one place never
/// meet, and one SplitMix64 at the end spreads the state over every bit. The lists of a game
/// have fixed lengths, so where one ends is never in doubt. One multiplication a number,
/// where a SplitMix64 a number cost four times that at every turn boundary.
#[derive(Debug, Clone, Copy, Default)]
pub struct Mix(u64);

impl Mix {
    #[inline(always)]
    pub fn add(self, v: u64) -> Mix {
        Mix((self.0.rotate_left(5) ^ v).wrapping_mul(0x517c_c1b7_2722_0a95))
    }

    #[inline(always)]
    pub fn finish(self) -> u64 {
        splitmix(self.0)
    }
}

impl Keys {
    pub fn new(sites: usize, teams: usize, kinds: usize) -> Keys {
        let key = |i: usize| splitmix(i as u64 ^ 0x7461_6275_6C61);
        let stones = (0..sites * teams).map(key).collect();
        // The sequence goes on after the teams' keys, so no key repeats one of theirs.
        let neutral = (0..sites).map(|s| key(sites * teams + s)).collect();
        let base = sites * (teams + 1);
        let kinds = (0..sites * kinds.max(1)).map(|i| if i < sites { 0 } else { key(base + i) }).collect();
        Keys { stones, teams, neutral, kinds, sites }
    }

    /// The key of a team's stone on a site.
    #[inline]
    pub fn stone(&self, site: u16, team: usize) -> u64 {
        self.stones[site as usize * self.teams + team]
    }

    /// The key of a piece that belongs to nobody on a site.
    #[inline]
    pub fn neutral(&self, site: u16) -> u64 {
        self.neutral[site as usize]
    }

    /// The key of a piece's kind on a site (0 for the first kind).
    #[inline]
    pub fn kind(&self, site: u16, kind: u8) -> u64 {
        // The first kind's keys are 0, and in a game of one kind every piece is of it: no
        // look-up.
        if kind == 0 {
            return 0;
        }
        self.kinds[kind as usize * self.sites + site as usize]
    }
}

/// How often each position has occurred: open addressing on the hash itself. A slot belongs to
/// the current generation only if its stamp says so, so clearing is O(1).
#[derive(Debug, Default)]
pub struct Seen {
    slots: Vec<Slot>,
    generation: u32,
    len: usize,
}

/// One hash with its count and the generation that wrote it: together, so that a look-up
/// reads one cache line, where a table of three arrays read three (the table of a long game
/// is larger than the first-level cache, and a position's slot is as good as random).
#[derive(Debug, Default, Clone, Copy)]
struct Slot {
    key: u64,
    stamp: u32,
    count: u32,
}

impl Seen {
    /// Records one more occurrence; returns how many there have been. Inlined into the turn
    /// boundary: a new position is a few instructions; growing is out of line.
    #[inline(always)]
    pub fn record(&mut self, hash: u64) -> u32 {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let slot = &mut self.slots[i];
            if slot.stamp != self.generation {
                *slot = Slot { key: hash, stamp: self.generation, count: 1 };
                self.len += 1;
                return 1;
            }
            if slot.key == hash {
                slot.count += 1;
                return slot.count;
            }
            i = (i + 1) & mask;
        }
    }

    /// Whether the hash has occurred.
    pub fn contains(&self, hash: u64) -> bool {
        self.count(hash) > 0
    }

    /// How often the hash has occurred.
    pub fn count(&self, hash: u64) -> u32 {
        if self.slots.is_empty() {
            return 0;
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while self.slots[i].stamp == self.generation {
            if self.slots[i].key == hash {
                return self.slots[i].count;
            }
            i = (i + 1) & mask;
        }
        0
    }

    pub fn clear(&mut self) {
        self.len = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Stamps would be ambiguous after wrapping: start afresh.
            self.slots.fill(Slot { stamp: u32::MAX, ..Slot::default() });
            self.generation = 1;
        }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let old: Vec<(u64, u32)> = self.entries().collect();
        let size = (self.slots.len() * 2).max(64);
        self.slots = vec![Slot { stamp: self.generation.wrapping_sub(1), ..Slot::default() }; size];
        self.len = 0;
        for (key, count) in old {
            self.insert(key, count);
        }
    }

    /// The hashes of this generation with their counts.
    fn entries(&self) -> impl Iterator<Item = (u64, u32)> + '_ {
        self.slots.iter().filter(|slot| slot.stamp == self.generation).map(|slot| (slot.key, slot.count))
    }

    /// Puts a hash that is not in the table, with its count, into a table with room for it.
    fn insert(&mut self, hash: u64, count: u32) {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while self.slots[i].stamp == self.generation {
            i = (i + 1) & mask;
        }
        self.slots[i] = Slot { key: hash, stamp: self.generation, count };
        self.len += 1;
    }
}

impl Clone for Seen {
    fn clone(&self) -> Seen {
        Seen { slots: self.slots.clone(), generation: self.generation, len: self.len }
    }

    /// Copying a table that fits in this one (a fresh game's, with its start) keeps this one's
    /// memory: a playout does not grow its table again from the smallest size.
    fn clone_from(&mut self, other: &Seen) {
        if (other.len + 1) * 2 > self.slots.len() {
            *self = other.clone();
            return;
        }
        self.clear();
        for (key, count) in other.entries() {
            self.insert(key, count);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_occurrences_across_growth_and_clearing() {
        let mut seen = Seen::default();
        for round in 0..3 {
            for h in 0..500u64 {
                assert_eq!(seen.record(splitmix(h)), 1, "round {round}");
            }
            assert_eq!(seen.record(splitmix(7)), 2);
            assert_eq!(seen.record(splitmix(7)), 3);
            seen.clone_from(&Seen::default());
        }
    }

    #[test]
    fn copying_a_small_table_keeps_its_counts_and_this_ones_room() {
        let mut start = Seen::default();
        start.record(splitmix(1));
        start.record(splitmix(1));
        start.record(splitmix(2));
        let mut game = Seen::default();
        for h in 0..1000u64 {
            game.record(splitmix(h + 10));
        }
        let room = game.slots.len();
        game.clone_from(&start);
        assert_eq!(game.slots.len(), room, "the grown table is kept");
        assert_eq!(game.len, 2);
        // The copy's counts go on from the start's; what the last game saw is gone.
        assert_eq!(game.record(splitmix(1)), 3);
        assert_eq!(game.record(splitmix(2)), 2);
        assert_eq!(game.record(splitmix(10)), 1);
        // A table that does not fit is copied whole.
        let mut small = Seen::default();
        small.clone_from(&game);
        assert_eq!((small.len, small.record(splitmix(1))), (3, 4));
    }
}
