//! The quantised network: its sizes and scales, its integer weights, and the forward pass from an
//! accumulator to centipawns.
//!
//! Layers: the sparse input (per perspective, [`FEATURES`] → [`HIDDEN`], shared weights, i16) into
//! two accumulators; clipped ReLU to `0..=`[`QA`]; the side to move's half first, then the other's
//! (2 × [`HIDDEN`]) → [`L2`] (i16 weights, scale [`QB`], i32 sums); clipped ReLU to `0..=QA`;
//! [`L2`] → 1 (i16 weights, scale [`QC`]). The output times [`EVAL_SCALE`] / (`QA`·`QC`) is the
//! evaluation in centipawns.

use super::accumulator::Accumulator;
use super::features::FEATURES;
use super::simd;
use minishogi::Color;

/// Width of one perspective's accumulator.
pub const HIDDEN: usize = 128;
/// Width of the hidden dense layer.
pub const L2: usize = 32;
/// Fixed-point scale of the first layer and of every activation: 1.0 is `QA`. At 255 (as in
/// Stockfish's u8 activations) the first layer's rounding cost a trained network 4 cp on
/// average; the accumulators are i16 either way.
pub const QA: i32 = 1023;
/// Fixed-point scale of the second layer's weights (i16). At 64 (what i8 weights allow) the
/// rounding cost about 5 cp on average; at 1024 it is below 1 cp.
pub const QB: i32 = 1024;
/// Fixed-point scale of the output layer's weights (i16).
pub const QC: i32 = 256;
/// Centipawns per unit of the float output: the trainer reads the output as a win-probability
/// logit, `sigmoid(out)`, and `EVAL_SCALE · out` is the engine's score.
pub const EVAL_SCALE: i32 = 320;
/// Largest evaluation the network returns, far below mate scores.
pub const MAX_EVAL: i32 = 15_000;
/// Largest magnitude of a second-layer weight in float: keeps the i32 sums of the second layer
/// (256 inputs up to `QA`, weights up to `4 · QB`) below 2^30.
pub const L2_WEIGHT_LIMIT: f32 = 4.0;

/// A quantised network, ready for integer inference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// First layer, feature-major: the [`HIDDEN`] weights of feature `f` start at `f · HIDDEN`.
    pub(super) l1_weights: Vec<i16>,
    /// First layer bias.
    pub(super) l1_bias: Vec<i16>,
    /// Second layer, output-major (`[L2][2 · HIDDEN]`).
    pub(super) l2_weights: Vec<i16>,
    /// Second layer bias at scale `QA · QB`.
    pub(super) l2_bias: Vec<i32>,
    /// Output weights at scale `QC`.
    pub(super) l3_weights: Vec<i16>,
    /// Output bias at scale `QA · QC`.
    pub(super) l3_bias: i32,
    /// Free text: what trained it.
    pub(super) description: String,
}

impl Network {
    /// A network from integer parameters in the layouts the fields describe; `None` when a
    /// length is wrong.
    pub fn from_parts(
        l1_weights: Vec<i16>,
        l1_bias: Vec<i16>,
        l2_weights: Vec<i16>,
        l2_bias: Vec<i32>,
        l3_weights: Vec<i16>,
        l3_bias: i32,
        description: String,
    ) -> Option<Network> {
        let ok = l1_weights.len() == FEATURES * HIDDEN
            && l1_bias.len() == HIDDEN
            && l2_weights.len() == L2 * 2 * HIDDEN
            && l2_bias.len() == L2
            && l3_weights.len() == L2;
        ok.then_some(Network { l1_weights, l1_bias, l2_weights, l2_bias, l3_weights, l3_bias, description })
    }

    /// A network whose weights are all zero (it evaluates every position as 0): a starting
    /// point for tests and examples.
    pub fn zeroed(description: &str) -> Network {
        Network {
            l1_weights: vec![0; FEATURES * HIDDEN],
            l1_bias: vec![0; HIDDEN],
            l2_weights: vec![0; L2 * 2 * HIDDEN],
            l2_bias: vec![0; L2],
            l3_weights: vec![0; L2],
            l3_bias: 0,
            description: description.to_string(),
        }
    }

    /// What trained this network (free text from the file).
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The [`HIDDEN`] first-layer weights of feature `f`.
    #[inline]
    pub(super) fn feature_row(&self, f: u16) -> &[i16; HIDDEN] {
        let at = usize::from(f) * HIDDEN;
        self.l1_weights[at..at + HIDDEN].try_into().expect("rows are HIDDEN wide")
    }

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
