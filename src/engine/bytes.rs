//! Sums over the engine's per-site bytes (the board's contents, kept counts).
//!
//! A stage of kept steps sums the counts of the mover's sites at every decision
//! ([`super::Engine::steps_total`]). On x86-64 that is sixteen sites an instruction: a byte
//! comparison with the team, a mask, and `psadbw`, which adds sixteen bytes at once; where the
//! sites are not a multiple of sixteen, the last sixteen are read again with the ones already
//! counted masked off. Elsewhere, the same sum is a plain loop.

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

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use std::arch::x86_64::{
        __m128i, _mm_add_epi64, _mm_and_si128, _mm_cmpeq_epi8, _mm_cvtsi128_si64, _mm_loadu_si128, _mm_sad_epu8,
        _mm_set1_epi8, _mm_setzero_si128, _mm_unpackhi_epi64,
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
        let n = values.len();
        let key = _mm_set1_epi8(key as i8);
        let masked = |at: usize| _mm_and_si128(_mm_cmpeq_epi8(load(keys, at), key), load(values, at));
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
}
