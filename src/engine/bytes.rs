//! Sums over the engine's per-site bytes (the board's contents, kept counts).
//!
//! A stage of kept steps sums the counts of the mover's sites at every decision
//! ([`super::Engine::steps_total`]). On x86-64 that is sixteen sites an instruction: a byte
//! comparison with the team, a mask, and `psadbw`, which adds sixteen bytes at once; where the
//! sites are not a multiple of sixteen, the last sixteen are read again with the ones already
//! counted masked off. Elsewhere, the same sum is a plain loop. A count of the pieces of one
//! kind (`(count (occupied KIND) any)`, which chess asks after every action for its dead
//! positions) is the same sum over two comparisons.

/// The sum of `values[i]` over the sites `i` where `keys[i] == key` (the two slices are as long
/// as each other).
#[inline]
pub(crate) fn sum_where(values: &[u8], keys: &[u8], key: u8) -> u32 {
    debug_assert_eq!(values.len(), keys.len());
    #[cfg(target_arch = "x86_64")]
    if values.len() >= 16 && keys.len() == values.len() {
        // SAFETY: SSE2 is part of every x86-64 processor.
        return unsafe { sse2::sum_where(values, keys, key) };
    }
    sum_where_portable(values, keys, key)
}

fn sum_where_portable(values: &[u8], keys: &[u8], key: u8) -> u32 {
    values.iter().zip(keys).map(|(&v, &k)| u32::from(if k == key { v } else { 0 })).sum()
}

/// The number of sites `i` where `kinds[i] == kind` and `board[i]` holds a piece: of the team
/// whose content byte is `content`, or of anyone's when `content` is 0 (the two slices are as
/// long as each other).
#[inline]
pub(crate) fn count_kind(kinds: &[u8], kind: u8, board: &[u8], content: u8) -> u32 {
    debug_assert_eq!(kinds.len(), board.len());
    #[cfg(target_arch = "x86_64")]
    if kinds.len() >= 16 && board.len() == kinds.len() {
        // SAFETY: SSE2 is part of every x86-64 processor.
        return unsafe { sse2::count_kind(kinds, kind, board, content) };
    }
    count_kind_portable(kinds, kind, board, content)
}

/// Whether some site holds a piece (anyone's) of the kind: [`count_kind`] above 0, answered at
/// the first sixteen sites that hold one.
#[inline]
pub(crate) fn any_kind(kinds: &[u8], kind: u8, board: &[u8]) -> bool {
    debug_assert_eq!(kinds.len(), board.len());
    #[cfg(target_arch = "x86_64")]
    if kinds.len() >= 16 && board.len() == kinds.len() {
        // SAFETY: SSE2 is part of every x86-64 processor.
        return unsafe { sse2::any_kind(kinds, kind, board) };
    }
    count_kind_portable(kinds, kind, board, 0) > 0
}

fn count_kind_portable(kinds: &[u8], kind: u8, board: &[u8], content: u8) -> u32 {
    let holds = |c: u8| if content == 0 { c != 0 } else { c == content };
    kinds.iter().zip(board).filter(|&(&k, &c)| k == kind && holds(c)).count() as u32
}

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use std::arch::x86_64::{
        __m128i, _mm_add_epi64, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_cvtsi128_si64, _mm_loadu_si128,
        _mm_movemask_epi8, _mm_sad_epu8, _mm_set1_epi8, _mm_setzero_si128, _mm_unpackhi_epi64,
    };

    /// Sixteen zero bytes, then sixteen of all ones: sixteen read from offset `k` are a mask
    /// of the last `k` bytes of a vector.
    static TAIL: [u8; 32] = {
        let mut t = [0u8; 32];
        let mut i = 16;
        while i < 32 {
            t[i] = 0xff;
            i += 1;
        }
        t
    };

    /// Sixteen bytes of `bytes` from `at` (`at + 16 <= bytes.len()`).
    #[inline]
    #[target_feature(enable = "sse2")]
    fn load(bytes: &[u8], at: usize) -> __m128i {
        let chunk = &bytes[at..at + 16];
        // SAFETY: `chunk` is sixteen readable bytes; the load needs no alignment.
        unsafe { _mm_loadu_si128(chunk.as_ptr().cast()) }
    }

    /// [`super::sum_where`] for slices of at least sixteen bytes, of equal lengths.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) fn sum_where(values: &[u8], keys: &[u8], key: u8) -> u32 {
        let key = _mm_set1_epi8(key as i8);
        sum(values.len(), |at| _mm_and_si128(_mm_cmpeq_epi8(load(keys, at), key), load(values, at)))
    }

    /// [`super::count_kind`] for slices of at least sixteen bytes, of equal lengths: a 1 for
    /// every site that matches, summed.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) fn count_kind(kinds: &[u8], kind: u8, board: &[u8], content: u8) -> u32 {
        let (kind, one, zero) = (_mm_set1_epi8(kind as i8), _mm_set1_epi8(1), _mm_setzero_si128());
        let holds = |at: usize| match content {
            0 => _mm_andnot_si128(_mm_cmpeq_epi8(load(board, at), zero), one),
            c => _mm_and_si128(_mm_cmpeq_epi8(load(board, at), _mm_set1_epi8(c as i8)), one),
        };
        sum(kinds.len(), |at| _mm_and_si128(_mm_cmpeq_epi8(load(kinds, at), kind), holds(at)))
    }

    /// [`super::any_kind`] for slices of at least sixteen bytes, of equal lengths. The last
    /// sixteen sites may be read twice: a match is a match.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) fn any_kind(kinds: &[u8], kind: u8, board: &[u8]) -> bool {
        let (kind, zero) = (_mm_set1_epi8(kind as i8), _mm_setzero_si128());
        let found = |at: usize| {
            let matches =
                _mm_andnot_si128(_mm_cmpeq_epi8(load(board, at), zero), _mm_cmpeq_epi8(load(kinds, at), kind));
            _mm_movemask_epi8(matches) != 0
        };
        let n = kinds.len();
        let mut at = 0;
        while at + 16 <= n {
            if found(at) {
                return true;
            }
            at += 16;
        }
        at < n && found(n - 16)
    }

    /// The sum of the bytes of `masked(at)` over the `n` sites, sixteen at a time (`n >= 16`).
    #[inline]
    #[target_feature(enable = "sse2")]
    fn sum(n: usize, masked: impl Fn(usize) -> __m128i) -> u32 {
        let mut sums = _mm_setzero_si128();
        let whole = n / 16 * 16;
        let mut at = 0;
        while at < whole {
            sums = _mm_add_epi64(sums, _mm_sad_epu8(masked(at), _mm_setzero_si128()));
            at += 16;
        }
        if whole < n {
            // The last sixteen sites, less the `16 - (n - whole)` counted already.
            let fresh = n - whole;
            let tail = _mm_and_si128(masked(n - 16), load(&TAIL, fresh));
            sums = _mm_add_epi64(sums, _mm_sad_epu8(tail, _mm_setzero_si128()));
        }
        let low = _mm_cvtsi128_si64(sums) as u64;
        let high = _mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)) as u64;
        (low + high) as u32
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};

    use super::*;

    /// The vector sum is the plain loop's, for every length from 0 to 80 (whole vectors, a
    /// tail read again, and short slices) and random keys and values.
    #[test]
    fn the_vector_sum_is_the_loops() {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
        for n in 0..=80 {
            for _ in 0..20 {
                let values: Vec<u8> = (0..n).map(|_| rng.random_range(0..=15)).collect();
                let keys: Vec<u8> = (0..n).map(|_| rng.random_range(0..=3)).collect();
                let key = rng.random_range(0..=3);
                let expected: u32 =
                    values.iter().zip(&keys).filter(|&(_, &k)| k == key).map(|(&v, _)| u32::from(v)).sum();
                assert_eq!(sum_where(&values, &keys, key), expected, "{n} sites");
            }
        }
    }

    /// The vector count of a kind is the plain loop's, for a team's pieces and anyone's.
    #[test]
    fn the_vector_count_of_a_kind_is_the_loops() {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(11);
        for n in 0..=80 {
            for _ in 0..20 {
                let kinds: Vec<u8> = (0..n).map(|_| rng.random_range(0..=3)).collect();
                let board: Vec<u8> = (0..n).map(|_| rng.random_range(0..=3)).collect();
                let (kind, content) = (rng.random_range(0..=3), rng.random_range(0..=3));
                let expected = kinds
                    .iter()
                    .zip(&board)
                    .filter(|&(&k, &c)| k == kind && if content == 0 { c != 0 } else { c == content })
                    .count() as u32;
                assert_eq!(count_kind(&kinds, kind, &board, content), expected, "{n} sites");
                let anyones = kinds.iter().zip(&board).any(|(&k, &c)| k == kind && c != 0);
                assert_eq!(any_kind(&kinds, kind, &board), anyones, "{n} sites");
            }
        }
    }
}
