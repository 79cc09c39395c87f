//! The forward pass of the quantised network: from the accumulators of a position to centipawns.

use super::accumulator::Accumulator;
use super::network::{Network, EVAL_SCALE, HIDDEN, L2, MAX_EVAL, QA, QB, QC};
use super::simd;
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
                return unsafe { self.evaluate_avx2(acc, stm) };
            }
        }
        self.evaluate_with(acc, stm, simd::dot_scalar)
    }

    /// [`Network::evaluate`] compiled for AVX2, with the `vpmaddwd` dot product.
    ///
    /// # Safety
    /// The processor must support AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn evaluate_avx2(&self, acc: &Accumulator, stm: Color) -> i32 {
        // SAFETY: this function only runs when AVX2 is present; the rows are 2·HIDDEN long, a
        // multiple of 16.
        self.evaluate_with(acc, stm, |a, b| unsafe { simd::dot_avx2(a, b) })
    }

    #[inline(always)]
    fn evaluate_with(&self, acc: &Accumulator, stm: Color, dot: impl Fn(&[i16], &[i16]) -> i32) -> i32 {
        let mut input = [0i16; 2 * HIDDEN];
        simd::clipped_relu(acc.half(stm), &mut input[..HIDDEN]);
        simd::clipped_relu(acc.half(!stm), &mut input[HIDDEN..]);
        let mut out = self.l3_bias;
        for o in 0..L2 {
            let row = &self.l2_weights[o * 2 * HIDDEN..(o + 1) * 2 * HIDDEN];
            let sum = dot(&input, row) + self.l2_bias[o];
            // Back to activation scale (the weights carried QB), rounded to nearest.
            let hidden = ((sum + QB / 2) / QB).clamp(0, QA);
            out += hidden * i32::from(self.l3_weights[o]);
        }
        let cp = i64::from(out) * i64::from(EVAL_SCALE) / i64::from(QA * QC);
        (cp as i32).clamp(-MAX_EVAL, MAX_EVAL)
    }
}
