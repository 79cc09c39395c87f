//! The dense tail with AVX2, input pair by input pair: the clipped ReLU of both halves is written
//! once, the pairs of activations that are not both zero are listed, and each listed pair adds
//! its 32 weight pairs to the 32 sums (`vpmaddwd` on the pair broadcast). Inactive inputs cost
//! nothing and no horizontal sum is needed per output; the sums are the scalar path's exactly
//! (integer addition in another order), so the evaluation is bit for bit the same.

use super::accumulator::Accumulator;
use super::network::{Network, HIDDEN, L2, QA, QB};
use minishogi::Color;

// The rounding division by QB is a shift.
const _: () = assert!(QB == 1 << 10);
const _: () = assert!(L2 == 32 && HIDDEN.is_multiple_of(16));

/// Input pairs: the 2 × [`HIDDEN`] activations taken two by two.
const PAIRS: usize = HIDDEN;

/// For each 8-bit mask, the positions of its set bits in increasing order (the rest 0).
const NONZERO_LUT: [[u16; 8]; 256] = {
    let mut lut = [[0u16; 8]; 256];
    let mut mask = 0;
    while mask < 256 {
        let mut bit = 0;
        let mut n = 0;
        while bit < 8 {
            if mask & (1 << bit) != 0 {
                lut[mask][n] = bit as u16;
                n += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    lut
};

/// The tail's output (before the conversion to centipawns) for `stm`, the side to move.
///
/// # Safety
/// The processor must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn output_avx2(net: &Network, acc: &Accumulator, stm: Color) -> i32 {
    use std::arch::x86_64::*;
    let zero = _mm256_setzero_si256();
    // Both buffers are written before they are read (every block of `input`; `nonzero` up to
    // `count`), so they are not zeroed first.
    let mut input = std::mem::MaybeUninit::<[i16; 2 * HIDDEN]>::uninit();
    let input_ptr = input.as_mut_ptr().cast::<i16>();
    // Room for one full block past the last pair listed (each block stores 8 indices).
    let mut nonzero = std::mem::MaybeUninit::<[u16; PAIRS + 8]>::uninit();
    let nonzero_ptr = nonzero.as_mut_ptr().cast::<u16>();
    let mut count = 0;
    for (h, half) in [acc.half(stm), acc.half(!stm)].into_iter().enumerate() {
        for b in 0..HIDDEN / 16 {
            let block = h * (HIDDEN / 16) + b;
            // SAFETY: `half` holds HIDDEN i16 and `input` 2·HIDDEN, so both blocks of 16 are in
            // bounds (unaligned loads and stores); `count` ≤ 8·block, so the 8 indices stored
            // fit in `nonzero`.
            unsafe {
                let v = _mm256_loadu_si256(half.as_ptr().add(b * 16).cast());
                let v = _mm256_min_epi16(_mm256_max_epi16(v, zero), _mm256_set1_epi16(QA as i16));
                _mm256_storeu_si256(input_ptr.add(block * 16).cast(), v);
                // A pair is an i32 of two activations in 0..=QA: positive unless both are zero.
                let mask = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(v, zero))) as usize;
                let positions = _mm_loadu_si128(NONZERO_LUT[mask].as_ptr().cast());
                let indices = _mm_add_epi16(positions, _mm_set1_epi16((block * 8) as i16));
                _mm_storeu_si128(nonzero_ptr.add(count).cast(), indices);
                count += mask.count_ones() as usize;
            }
        }
    }
    let bias = net.l2_bias.as_ptr();
    // SAFETY: the bias holds L2 = 32 i32, four blocks of 8.
    let mut sums = unsafe { [0, 1, 2, 3].map(|r| _mm256_loadu_si256(bias.add(r * 8).cast::<__m256i>())) };
    let pairs = input_ptr.cast_const().cast::<i32>();
    let weights = net.l2_by_pair.as_ptr();
    // SAFETY: the first `count` indices were written above.
    let listed = unsafe { std::slice::from_raw_parts(nonzero_ptr.cast_const(), count) };
    for &j in listed {
        let j = usize::from(j);
        // SAFETY: j < PAIRS, so the pair lies in `input` (unaligned i32 read of two i16) and its
        // 2·L2 weights lie in `l2_by_pair` (PAIRS · 2 · L2 long).
        unsafe {
            let x = _mm256_set1_epi32(pairs.add(j).read_unaligned());
            let w = weights.add(j * 2 * L2);
            for (r, sum) in sums.iter_mut().enumerate() {
                let wr = _mm256_loadu_si256(w.add(r * 16).cast());
                *sum = _mm256_add_epi32(*sum, _mm256_madd_epi16(x, wr));
            }
        }
    }
    // hidden = clamp((sum + QB/2) / QB, 0, QA): with a shift, the same for every sum (negative
    // ones clamp to 0 either way); then the output layer.
    let half_qb = _mm256_set1_epi32(QB / 2);
    let qa = _mm256_set1_epi32(QA);
    let mut out = _mm256_setzero_si256();
    let l3 = net.l3_weights.as_ptr();
    for (r, &sum) in sums.iter().enumerate() {
        let hidden = _mm256_srai_epi32::<10>(_mm256_add_epi32(sum, half_qb));
        let hidden = _mm256_min_epi32(_mm256_max_epi32(hidden, zero), qa);
        // SAFETY: the output weights hold L2 = 32 i16, four blocks of 8.
        let w = unsafe { _mm256_cvtepi16_epi32(_mm_loadu_si128(l3.add(r * 8).cast())) };
        out = _mm256_add_epi32(out, _mm256_mullo_epi32(hidden, w));
    }
    let s = _mm_add_epi32(_mm256_castsi256_si128(out), _mm256_extracti128_si256::<1>(out));
    let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0b01_00_11_10>(s));
    let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0b10_11_00_01>(s));
    net.l3_bias.wrapping_add(_mm_cvtsi128_si32(s))
}
