//! Bitboard helpers shared by the hand-written engines.

use rand::RngCore;

/// The bits of a 128-bit board, lowest first.
#[inline]
pub fn iter(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(i)
        }
    })
}

/// The position of the `n`-th set bit (0-based) of `x`; `n < x.count_ones()`.
#[inline]
pub fn select64(x: u64, n: u32) -> u32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: the instruction set is enabled at compile time.
        unsafe { core::arch::x86_64::_pdep_u64(1u64 << n, x).trailing_zeros() }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        let (mut x, mut n, mut base) = (x, n, 0);
        loop {
            let c = (x & 0xffff).count_ones();
            if n < c {
                break;
            }
            n -= c;
            x >>= 16;
            base += 16;
        }
        let mut y = x & 0xffff;
        for _ in 0..n {
            y &= y - 1;
        }
        base + y.trailing_zeros()
    }
}

/// The position of the `n`-th set bit (0-based) of `x`; `n < x.count_ones()`.
#[inline]
pub fn select128(x: u128, n: u32) -> usize {
    let lo = x as u64;
    let c = lo.count_ones();
    if n < c { select64(lo, n) as usize } else { 64 + select64((x >> 64) as u64, n - c) as usize }
}

/// A uniform index below `n` (n > 0), by the multiply-shift method: the bias is below n / 2^64.
#[inline]
pub fn below<R: RngCore>(rng: &mut R, n: u32) -> u32 {
    ((rng.next_u64() as u128 * n as u128) >> 64) as u32
}
