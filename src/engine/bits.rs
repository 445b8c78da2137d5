//! Fixed-width bitsets over the sites of one board.
//!
//! Every set in a position (empty sites, a team's stones, a region) has the same width, fixed
//! when the board is built, so operations are plain loops over a few words and never allocate
//! once the set exists.

#[derive(PartialEq, Eq, Hash, Default)]
pub struct Bits {
    words: Box<[u64]>,
}

impl Clone for Bits {
    fn clone(&self) -> Bits {
        Bits { words: self.words.clone() }
    }

    /// Copies in place when the widths match (every set of one board), without allocating.
    fn clone_from(&mut self, other: &Bits) {
        if self.words.len() == other.words.len() {
            copy_words(&mut self.words, &other.words);
        } else {
            *self = other.clone();
        }
    }
}

impl std::fmt::Debug for Bits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.ones()).finish()
    }
}

impl Bits {
    /// An empty set able to hold sites `0..len`.
    pub fn new(len: usize) -> Bits {
        Bits { words: vec![0; len.div_ceil(64).max(1)].into_boxed_slice() }
    }

    pub fn from_sites(len: usize, sites: impl IntoIterator<Item = u16>) -> Bits {
        let mut b = Bits::new(len);
        for s in sites {
            b.insert(s);
        }
        b
    }

    #[inline]
    pub fn contains(&self, site: u16) -> bool {
        let s = site as usize;
        self.words[s >> 6] & (1u64 << (s & 63)) != 0
    }

    #[inline]
    pub fn insert(&mut self, site: u16) {
        let s = site as usize;
        self.words[s >> 6] |= 1u64 << (s & 63);
    }

    #[inline]
    pub fn remove(&mut self, site: u16) {
        let s = site as usize;
        self.words[s >> 6] &= !(1u64 << (s & 63));
    }

    #[inline]
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    #[inline]
    pub fn count(&self) -> u32 {
        self.words.iter().map(|w| w.count_ones()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Copies `other` into `self` (same width).
    #[inline]
    pub fn copy_from(&mut self, other: &Bits) {
        copy_words(&mut self.words, &other.words);
    }

    #[inline]
    pub fn and_with(&mut self, other: &Bits) {
        for (a, b) in self.words.iter_mut().zip(other.words.iter()) {
            *a &= b;
        }
    }

    #[inline]
    pub fn or_with(&mut self, other: &Bits) {
        for (a, b) in self.words.iter_mut().zip(other.words.iter()) {
            *a |= b;
        }
    }

    /// Every site, and the bits past the last site too: a mask only to narrow another set
    /// with [`Bits::and_with`].
    #[inline]
    pub fn fill(&mut self) {
        self.words.iter_mut().for_each(|w| *w = u64::MAX);
    }

    /// The sites not in the set, and the bits past the last site: a mask only to narrow
    /// another set with [`Bits::and_with`].
    #[inline]
    pub fn invert(&mut self) {
        self.words.iter_mut().for_each(|w| *w = !*w);
    }

    #[inline]
    pub fn and_not_with(&mut self, other: &Bits) {
        for (a, b) in self.words.iter_mut().zip(other.words.iter()) {
            *a &= !b;
        }
    }

    /// Number of sites in both sets.
    #[inline]
    pub fn count_and(&self, other: &Bits) -> u32 {
        self.words.iter().zip(other.words.iter()).map(|(a, b)| (a & b).count_ones()).sum()
    }

    /// Calls `f` on each site in both sets, in ascending order.
    #[inline]
    pub fn for_each_and(&self, other: &Bits, mut f: impl FnMut(u16)) {
        for (k, (a, b)) in self.words.iter().zip(other.words.iter()).enumerate() {
            let mut both = a & b;
            while both != 0 {
                f((k * 64 + both.trailing_zeros() as usize) as u16);
                both &= both - 1;
            }
        }
    }

    /// Whether every site of `self` is in `other`.
    pub fn is_subset(&self, other: &Bits) -> bool {
        self.words.iter().zip(other.words.iter()).all(|(a, b)| a & !b == 0)
    }

    /// The `n`-th site of the set (0-based, ascending), if there is one. Random playouts ask
    /// this for every action: with the processor's population count and bit deposit it is a
    /// few instructions a word.
    #[inline]
    pub fn nth(&self, n: u32) -> Option<u16> {
        #[cfg(target_arch = "x86_64")]
        {
            if fast_select() {
                // SAFETY: the processor has POPCNT and BMI2, checked just above.
                return unsafe { nth_fast(&self.words, n) };
            }
        }
        nth_in(&self.words, n, select_portable)
    }

    /// The sites of the set, ascending.
    #[inline]
    pub fn ones(&self) -> Ones<'_> {
        Ones { words: &self.words, index: 0, current: self.words.first().copied().unwrap_or(0) }
    }

    pub fn words(&self) -> &[u64] {
        &self.words
    }

    pub fn words_mut(&mut self) -> &mut [u64] {
        &mut self.words
    }
}

/// Copies words of one set into another of the same width. Most boards fit one or two words,
/// where a call of the library's `memcpy` would cost more than the copy.
#[inline(always)]
fn copy_words(to: &mut [u64], from: &[u64]) {
    match (to, from) {
        ([a], [b]) => *a = *b,
        ([a, c], [b, d]) => (*a, *c) = (*b, *d),
        (to, from) => to.copy_from_slice(from),
    }
}

/// Whether the processor counts and selects bits in one instruction each (POPCNT, BMI2).
/// Asked at every random action: the answer is kept in one byte (0 not yet known, 1 yes,
/// 2 no), one load, where the standard detection tests two features in its cache.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn fast_select() -> bool {
    use std::sync::atomic::{AtomicU8, Ordering};
    static FAST: AtomicU8 = AtomicU8::new(0);
    match FAST.load(Ordering::Relaxed) {
        0 => detect_select(&FAST),
        known => known == 1,
    }
}

#[cfg(target_arch = "x86_64")]
#[cold]
#[inline(never)]
fn detect_select(known: &std::sync::atomic::AtomicU8) -> bool {
    let fast = std::is_x86_feature_detected!("popcnt") && std::is_x86_feature_detected!("bmi2");
    known.store(if fast { 1 } else { 2 }, std::sync::atomic::Ordering::Relaxed);
    fast
}

/// The `n`-th set bit of the words, counted from the first, with `select` finding a bit in
/// its word. Inlined into each caller, so that each has its own instructions.
#[inline(always)]
fn nth_in(words: &[u64], mut n: u32, select: impl Fn(u64, u32) -> u32) -> Option<u16> {
    for (i, &w) in words.iter().enumerate() {
        let c = w.count_ones();
        if n < c {
            return Some((i * 64 + select(w, n) as usize) as u16);
        }
        n -= c;
    }
    None
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi2")]
fn nth_fast(words: &[u64], n: u32) -> Option<u16> {
    nth_in(words, n, |w, n| std::arch::x86_64::_pdep_u64(1u64 << n, w).trailing_zeros())
}

fn select_portable(mut word: u64, n: u32) -> u32 {
    for _ in 0..n {
        word &= word - 1;
    }
    word.trailing_zeros()
}

/// The `n`-th set bit of `word` (it has more than `n`), as [`Bits::nth`] finds it.
#[inline]
pub(crate) fn select(word: u64, n: u32) -> u16 {
    #[cfg(target_arch = "x86_64")]
    {
        if fast_select() {
            // SAFETY: the processor has POPCNT and BMI2, checked just above.
            return unsafe { nth_fast(&[word], n) }.expect("the word has more than n bits set");
        }
    }
    nth_in(&[word], n, select_portable).expect("the word has more than n bits set")
}

pub struct Ones<'a> {
    words: &'a [u64],
    index: usize,
    current: u64,
}

impl Iterator for Ones<'_> {
    type Item = u16;

    #[inline]
    fn next(&mut self) -> Option<u16> {
        loop {
            if self.current != 0 {
                let bit = self.current.trailing_zeros() as usize;
                self.current &= self.current - 1;
                return Some((self.index * 64 + bit) as u16);
            }
            self.index += 1;
            if self.index >= self.words.len() {
                return None;
            }
            self.current = self.words[self.index];
        }
    }

    /// Word by word, without the bookkeeping of `next` between items: `sum`, `for_each` and
    /// the other consuming adaptors come here.
    #[inline]
    fn fold<B, F: FnMut(B, u16) -> B>(self, init: B, mut f: F) -> B {
        let mut acc = init;
        let mut word = self.current;
        let mut base = self.index * 64;
        let mut rest = self.words.get(self.index + 1..).unwrap_or(&[]).iter();
        loop {
            while word != 0 {
                acc = f(acc, (base + word.trailing_zeros() as usize) as u16);
                word &= word - 1;
            }
            match rest.next() {
                Some(&next) => {
                    word = next;
                    base += 64;
                }
                None => return acc,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_hold_sites_across_words() {
        let mut b = Bits::new(130);
        for s in [0, 63, 64, 129] {
            b.insert(s);
        }
        assert_eq!(b.ones().collect::<Vec<_>>(), vec![0, 63, 64, 129]);
        assert_eq!(b.count(), 4);
        assert_eq!(b.nth(2), Some(64));
        assert_eq!(b.nth(4), None);
        let dense = Bits::from_sites(130, 0..130);
        for n in 0..130 {
            assert_eq!(dense.nth(n), Some(n as u16));
        }
        // The processor's instructions, where it has them, find what the portable loop finds.
        for word in [1u64, 0x8000_0000_0000_0001, 0xf0f0_1234_5678_9abc, u64::MAX] {
            let words = [word, 0, word.rotate_left(7)];
            let set = Bits { words: words.into() };
            for n in 0..=set.count() {
                assert_eq!(set.nth(n), nth_in(&words, n, select_portable), "{word:#x}, {n}");
            }
        }
        b.remove(63);
        assert!(!b.contains(63) && b.contains(64));
        let other = Bits::from_sites(130, [64, 100]);
        assert_eq!(b.count_and(&other), 1);
        b.and_with(&other);
        assert_eq!(b.ones().collect::<Vec<_>>(), vec![64]);
        assert!(b.is_subset(&other));
    }

    #[test]
    fn folding_the_ones_visits_what_next_does() {
        // A word with nothing in it between two that have sites, and a last word half used.
        let sites = [1, 2, 63, 130, 191, 192, 200];
        let b = Bits::from_sites(201, sites);
        let mut folded = Vec::new();
        b.ones().for_each(|s| folded.push(s));
        assert_eq!(folded, sites);
        assert_eq!(b.ones().map(u32::from).sum::<u32>(), sites.iter().map(|&s| u32::from(s)).sum::<u32>());
        // Folding what is left after some were taken by `next`.
        let mut ones = b.ones();
        ones.by_ref().take(3).for_each(drop);
        assert_eq!(
            ones.fold(Vec::new(), |mut v, s| {
                v.push(s);
                v
            }),
            [130, 191, 192, 200]
        );
        assert_eq!(Bits::new(0).ones().fold(0, |n, _| n + 1), 0);
    }
}
