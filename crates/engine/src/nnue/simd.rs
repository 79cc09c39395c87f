//! The inner loops of inference: the clipped ReLU of an accumulator half and the i16 dot product
//! of the dense layer, with AVX2 when the processor has it (checked at run time) and a scalar
//! loop otherwise. The accumulator updates are plain loops over fixed-size arrays, which the
//! compiler vectorises (SSE2 `paddw`/`psubw` on any x86-64).

use super::network::{HIDDEN, QA};

/// `out[i] = clamp(acc[i], 0, QA)`.
#[inline(always)]
pub fn clipped_relu(acc: &[i16; HIDDEN], out: &mut [i16]) {
    for (o, &a) in out.iter_mut().zip(acc.iter()) {
        *o = a.clamp(0, QA as i16);
    }
}

/// `Σ a[i] · b[i]` over equally long slices whose length is a multiple of 16.
#[inline]
pub fn dot(a: &[i16], b: &[i16]) -> i32 {
    debug_assert_eq!(a.len(), b.len());
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") && a.len() & 15 == 0 {
            // SAFETY: AVX2 is present (checked just above) and the lengths match.
            return unsafe { dot_avx2(a, b) };
        }
    }
    dot_scalar(a, b)
}

/// The portable dot product (also the reference of the AVX2 one in tests).
#[inline]
pub fn dot_scalar(a: &[i16], b: &[i16]) -> i32 {
    a.iter().zip(b).map(|(&x, &y)| i32::from(x) * i32::from(y)).sum()
}

/// The dot product with AVX2: 16 lanes of i16 multiplied and added in pairs to i32 (`vpmaddwd`).
///
/// # Safety
/// The processor must support AVX2; `a` and `b` must have the same length, a multiple of 16.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub unsafe fn dot_avx2(a: &[i16], b: &[i16]) -> i32 {
    use std::arch::x86_64::*;
    let mut sum = _mm256_setzero_si256();
    for (ca, cb) in a.chunks_exact(16).zip(b.chunks_exact(16)) {
        // SAFETY: each chunk holds 16 i16 (32 bytes); unaligned loads accept any address.
        let (va, vb) =
            unsafe { (_mm256_loadu_si256(ca.as_ptr().cast()), _mm256_loadu_si256(cb.as_ptr().cast())) };
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(va, vb));
    }
    let lo = _mm256_castsi256_si128(sum);
    let hi = _mm256_extracti128_si256::<1>(sum);
    let s = _mm_add_epi32(lo, hi);
    let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0b01_00_11_10>(s));
    let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0b10_11_00_01>(s));
    _mm_cvtsi128_si32(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dispatched_dot_equals_the_scalar_one() {
        let a: Vec<i16> = (0..256).map(|i| ((i * 37) % 256) as i16).collect();
        let b: Vec<i16> = (0..256).map(|i| ((i * 91) % 255) as i16 - 127).collect();
        assert_eq!(dot(&a, &b), dot_scalar(&a, &b));
    }
}
