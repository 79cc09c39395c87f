//! The quantised network: its sizes and scales and its integer weights (the forward pass from an
//! accumulator to centipawns is in `forward.rs`).
//!
//! Layers: the sparse input (per perspective, [`FEATURES`] → [`HIDDEN`], shared weights, i16) into
//! two accumulators; clipped ReLU to `0..=`[`QA`]; the side to move's half first, then the other's
//! (2 × [`HIDDEN`]) → [`L2`] (i16 weights, scale [`QB`], i32 sums); clipped ReLU to `0..=QA`;
//! [`L2`] → 1 (i16 weights, scale [`QC`]). The output times [`EVAL_SCALE`] / (`QA`·`QC`) is the
//! evaluation in centipawns.

use super::features::FEATURES;

/// Width of one perspective's accumulator. A file of a narrower network (such as the 128 of
/// earlier releases) loads padded with inactive units, and evaluates exactly as before.
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
/// (2 × [`HIDDEN`] = 512 inputs up to `QA`, weights up to `2 · QB`) below 2^30. (A 128-wide file
/// may carry weights up to 4: its 256 inputs keep the same bound.)
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
    /// The second layer re-ordered by input pair for the AVX2 tail (derived from `l2_weights`).
    pub(super) l2_by_pair: Vec<i16>,
    /// Second layer bias at scale `QA · QB`.
    pub(super) l2_bias: Vec<i32>,
    /// Output weights at scale `QC`.
    pub(super) l3_weights: Vec<i16>,
    /// Output bias at scale `QA · QC`.
    pub(super) l3_bias: i32,
    /// Free text: what trained it.
    pub(super) description: String,
}

/// A network's integer parameters, borrowed (see [`Network`]'s fields for the layouts).
#[derive(Clone, Copy, Debug)]
pub struct NetworkParts<'a> {
    /// First layer, feature-major (`[FEATURES][HIDDEN]`), scale `QA`.
    pub l1_weights: &'a [i16],
    /// First layer bias, scale `QA`.
    pub l1_bias: &'a [i16],
    /// Second layer, output-major (`[L2][2 · HIDDEN]`), scale `QB`.
    pub l2_weights: &'a [i16],
    /// Second layer bias, scale `QA · QB`.
    pub l2_bias: &'a [i32],
    /// Output weights, scale `QC`.
    pub l3_weights: &'a [i16],
    /// Output bias, scale `QA · QC`.
    pub l3_bias: i32,
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
        ok.then(|| Network {
            l1_weights,
            l1_bias,
            l2_by_pair: weights_by_pair(&l2_weights),
            l2_weights,
            l2_bias,
            l3_weights,
            l3_bias,
            description,
        })
    }

    /// A network whose weights are all zero (it evaluates every position as 0): a starting
    /// point for tests and examples.
    pub fn zeroed(description: &str) -> Network {
        Network {
            l1_weights: vec![0; FEATURES * HIDDEN],
            l1_bias: vec![0; HIDDEN],
            l2_weights: vec![0; L2 * 2 * HIDDEN],
            l2_by_pair: vec![0; L2 * 2 * HIDDEN],
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

    /// The integer parameters, in the layouts of [`Network::from_parts`].
    pub fn parts(&self) -> NetworkParts<'_> {
        NetworkParts {
            l1_weights: &self.l1_weights,
            l1_bias: &self.l1_bias,
            l2_weights: &self.l2_weights,
            l2_bias: &self.l2_bias,
            l3_weights: &self.l3_weights,
            l3_bias: self.l3_bias,
        }
    }

    /// The [`HIDDEN`] first-layer weights of feature `f`.
    #[inline]
    pub(super) fn feature_row(&self, f: u16) -> &[i16; HIDDEN] {
        let at = usize::from(f) * HIDDEN;
        self.l1_weights[at..at + HIDDEN].try_into().expect("rows are HIDDEN wide")
    }
}

/// The second layer's weights re-ordered by input pair: for pair `j` (inputs `2j`, `2j + 1`), the
/// 32 outputs' two weights side by side, `[j][o][2]`, so that one `vpmaddwd` of the broadcast pair
/// with 16 of them yields 8 outputs' contributions.
/// The 2 × [`HIDDEN`] inputs make [`HIDDEN`] pairs.
fn weights_by_pair(l2_weights: &[i16]) -> Vec<i16> {
    let mut out = vec![0; l2_weights.len()];
    for j in 0..HIDDEN {
        for o in 0..L2 {
            for t in 0..2 {
                out[(j * L2 + o) * 2 + t] = l2_weights[o * 2 * HIDDEN + 2 * j + t];
            }
        }
    }
    out
}
