//! Fast division by the index's fixed digit sizes.

/// Division of 32-bit numbers by a fixed divisor through one multiplication (Lemire, Kaser and
/// Kurz, "Faster remainder by direct computation", 2019: exact for all 32-bit dividends).
#[derive(Copy, Clone, Debug)]
pub(super) struct FastDiv {
    d: u32,
    m: u64,
}

impl FastDiv {
    /// The divisor `d` (only divisors below 2³² are used; larger ones divide nothing here).
    pub(super) fn new(d: u64) -> FastDiv {
        let d = u32::try_from(d).unwrap_or(u32::MAX);
        FastDiv { d, m: if d <= 1 { 0 } else { u64::MAX / u64::from(d) + 1 } }
    }

    /// `(n / d, n % d)`.
    #[inline]
    pub(super) fn div_rem(self, n: u32) -> (u32, u32) {
        if self.d <= 1 {
            return (n, 0);
        }
        let q = ((u128::from(self.m) * u128::from(n)) >> 64) as u32;
        (q, n - q * self.d)
    }
}

#[cfg(test)]
mod tests {
    use super::FastDiv;

    #[test]
    fn fast_division_is_exact() {
        for d in [1u64, 2, 3, 7, 48, 94, 234, 1176, 4465, 22_101, 830_584, 419_710, 3_000_000_007] {
            let f = FastDiv::new(d);
            let mut n: u32 = 0;
            for step in 0..200_000u32 {
                let expected = (n / d as u32, n % d as u32);
                assert_eq!(f.div_rem(n), expected, "{n} / {d}");
                n = n.wrapping_add(step.wrapping_mul(2_654_435_761) | 1);
            }
            assert_eq!(f.div_rem(u32::MAX), (u32::MAX / d as u32, u32::MAX % d as u32));
        }
    }
}
