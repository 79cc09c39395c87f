//! The network in floating point, as the trainer fits it: the same layers as the engine's
//! quantised [`Network`](minishogi_engine::Network), with clipped ReLU on `[0, 1]`.

use super::samples::Sample;
use minishogi::Position;
use minishogi_arena::Rng;
use minishogi_engine::nnue::{active_features, EVAL_SCALE, FEATURES, HIDDEN, L2};
use serde::{Deserialize, Serialize};

/// Bound on a first-layer weight or bias: thirteen rows (a bias and twelve features) stay below
/// 32, so the quantised accumulator (scale 1023) never leaves i16.
pub const L1_LIMIT: f32 = 2.4;
/// Bound on an output weight (i16 at scale 256).
pub const L3_LIMIT: f32 = 120.0;

/// The float network's parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FloatNetwork {
    /// First layer, feature-major (`[FEATURES][HIDDEN]`).
    pub l1_weights: Vec<f32>,
    /// First layer bias (`[HIDDEN]`).
    pub l1_bias: Vec<f32>,
    /// Second layer, output-major (`[L2][2 · HIDDEN]`): side to move's half first.
    pub l2_weights: Vec<f32>,
    /// Second layer bias (`[L2]`).
    pub l2_bias: Vec<f32>,
    /// Output weights (`[L2]`).
    pub l3_weights: Vec<f32>,
    /// Output bias.
    pub l3_bias: f32,
}

/// The activations of one forward pass, kept for the backward pass.
#[derive(Clone, Debug)]
pub struct Activations {
    /// First layer sums, side to move's half then the other's.
    pub acc: [f32; 2 * HIDDEN],
    /// Second layer sums.
    pub z2: [f32; L2],
    /// The output (a win-probability logit).
    pub out: f32,
}

impl FloatNetwork {
    /// Small random weights from `seed` (uniform, scaled to each layer's fan-in).
    pub fn random(seed: u64) -> FloatNetwork {
        let mut rng = Rng::new(seed);
        let mut uniform = |n: usize, a: f64| -> Vec<f32> {
            (0..n).map(|_| ((rng.unit() * 2.0 - 1.0) * a) as f32).collect()
        };
        FloatNetwork {
            l1_weights: uniform(FEATURES * HIDDEN, 0.1),
            l1_bias: vec![0.25; HIDDEN],
            l2_weights: uniform(L2 * 2 * HIDDEN, (6.0 / (2 * HIDDEN) as f64).sqrt()),
            l2_bias: vec![0.05; L2],
            l3_weights: uniform(L2, (6.0 / L2 as f64).sqrt()),
            l3_bias: 0.0,
        }
    }

    /// True when every array has its layer's length.
    pub fn has_valid_sizes(&self) -> bool {
        self.l1_weights.len() == FEATURES * HIDDEN
            && self.l1_bias.len() == HIDDEN
            && self.l2_weights.len() == L2 * 2 * HIDDEN
            && self.l2_bias.len() == L2
            && self.l3_weights.len() == L2
    }

    /// The forward pass over the active features of the two perspectives (side to move first).
    pub fn forward<I: Iterator<Item = u16>>(&self, halves: [I; 2]) -> Activations {
        let mut acc = [0f32; 2 * HIDDEN];
        for (h, features) in halves.into_iter().enumerate() {
            let half = &mut acc[h * HIDDEN..(h + 1) * HIDDEN];
            half.copy_from_slice(&self.l1_bias);
            for f in features {
                let row = &self.l1_weights[usize::from(f) * HIDDEN..(usize::from(f) + 1) * HIDDEN];
                half.iter_mut().zip(row).for_each(|(a, w)| *a += w);
            }
        }
        let mut input = [0f32; 2 * HIDDEN];
        input.iter_mut().zip(&acc).for_each(|(x, a)| *x = a.clamp(0.0, 1.0));
        let mut z2 = [0f32; L2];
        let mut out = self.l3_bias;
        for (o, z) in z2.iter_mut().enumerate() {
            let row = &self.l2_weights[o * 2 * HIDDEN..(o + 1) * 2 * HIDDEN];
            *z = self.l2_bias[o] + row.iter().zip(&input).map(|(w, x)| w * x).sum::<f32>();
            out += self.l3_weights[o] * z.clamp(0.0, 1.0);
        }
        Activations { acc, z2, out }
    }

    /// The forward pass of a sample.
    pub fn forward_sample(&self, s: &Sample) -> Activations {
        self.forward([s.active(0), s.active(1)])
    }

    /// The evaluation of `pos` in centipawns for the side to move (unclipped, unrounded).
    pub fn evaluate(&self, pos: &Position) -> f32 {
        let stm = pos.side_to_move();
        let list = |c| {
            let mut v = Vec::with_capacity(12);
            active_features(pos, c, |f| v.push(f));
            v.into_iter()
        };
        self.forward([list(stm), list(!stm)]).out * EVAL_SCALE as f32
    }
}
