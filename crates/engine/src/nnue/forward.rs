//! The forward pass of the quantised network: from the accumulators of a position to centipawns.
//! With AVX2 the tail skips inactive inputs ([`super::sparse_tail`]); the scalar pass is the
//! portable path and the reference it is tested against.

use super::accumulator::Accumulator;
use super::network::{Network, EVAL_SCALE, HIDDEN, L2, MAX_EVAL, QA, QB, QC};
use minishogi::Color;

impl Network {
    /// The evaluation in centipawns for `stm`, the side to move, from the accumulator of the
    /// position.
    #[inline]
    pub fn evaluate(&self, acc: &Accumulator, stm: Color) -> i32 {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: AVX2 is present (checked just above).
                return to_centipawns(unsafe { super::sparse_tail::output_avx2(self, acc, stm) });
            }
        }
        self.evaluate_scalar(acc, stm)
    }

    /// [`Network::evaluate`] without SIMD: the reference of the AVX2 path.
    pub fn evaluate_scalar(&self, acc: &Accumulator, stm: Color) -> i32 {
        let mut input = [0i16; 2 * HIDDEN];
        clipped_relu(acc.half(stm), &mut input[..HIDDEN]);
        clipped_relu(acc.half(!stm), &mut input[HIDDEN..]);
        let mut out = self.l3_bias;
        for o in 0..L2 {
            let row = &self.l2_weights[o * 2 * HIDDEN..(o + 1) * 2 * HIDDEN];
            let sum = dot(&input, row).wrapping_add(self.l2_bias[o]);
            // Back to activation scale (the weights carried QB), rounded to nearest.
            let hidden = ((sum + QB / 2) / QB).clamp(0, QA);
            out = out.wrapping_add(hidden * i32::from(self.l3_weights[o]));
        }
        to_centipawns(out)
    }
}

/// The tail's output in centipawns, within ±[`MAX_EVAL`].
#[inline]
fn to_centipawns(out: i32) -> i32 {
    let cp = i64::from(out) * i64::from(EVAL_SCALE) / i64::from(QA * QC);
    (cp as i32).clamp(-MAX_EVAL, MAX_EVAL)
}

/// `out[i] = clamp(acc[i], 0, QA)`.
#[inline(always)]
fn clipped_relu(acc: &[i16; HIDDEN], out: &mut [i16]) {
    for (o, &a) in out.iter_mut().zip(acc.iter()) {
        *o = a.clamp(0, QA as i16);
    }
}

/// `Σ a[i] · b[i]` over equally long slices.
#[inline]
fn dot(a: &[i16], b: &[i16]) -> i32 {
    a.iter().zip(b).map(|(&x, &y)| i32::from(x) * i32::from(y)).sum()
}
