//! The loss of a sample and its gradient: dense for the small tail, and for the first layer the
//! gradient at the accumulator, which the trainer scatters onto the rows of the active features.

use super::float_net::{Activations, FloatNetwork};
use super::samples::Sample;
use crate::gradient::sigmoid;
use minishogi_engine::nnue::{EVAL_SCALE, HIDDEN, L2};

/// The target of a sample: `lambda · result + (1 − lambda) · sigmoid(score / EVAL_SCALE)`.
#[inline]
pub fn target(s: &Sample, lambda: f32) -> f32 {
    let from_score = sigmoid(f64::from(s.score) / f64::from(EVAL_SCALE)) as f32;
    lambda * s.result() + (1.0 - lambda) * from_score
}

/// The squared error `(sigmoid(out) − target)²` of a sample.
#[inline]
pub fn sample_loss(net: &FloatNetwork, s: &Sample, lambda: f32) -> f32 {
    let p = sigmoid(f64::from(net.forward_sample(s).out)) as f32;
    (p - target(s, lambda)).powi(2)
}

/// Summed gradients of the dense tail over some samples.
#[derive(Clone, Debug)]
pub struct TailGradient {
    /// Of the second layer's weights (`[L2][2 · HIDDEN]`).
    pub l2_weights: Vec<f32>,
    /// Of the second layer's bias.
    pub l2_bias: [f32; L2],
    /// Of the output weights.
    pub l3_weights: [f32; L2],
    /// Of the output bias.
    pub l3_bias: f32,
    /// Summed loss of the samples.
    pub loss: f64,
}

impl TailGradient {
    /// All zero.
    pub fn zero() -> TailGradient {
        TailGradient {
            l2_weights: vec![0.0; L2 * 2 * HIDDEN],
            l2_bias: [0.0; L2],
            l3_weights: [0.0; L2],
            l3_bias: 0.0,
            loss: 0.0,
        }
    }

    /// Adds another sum.
    pub fn merge(&mut self, other: &TailGradient) {
        self.l2_weights.iter_mut().zip(&other.l2_weights).for_each(|(a, b)| *a += b);
        self.l2_bias.iter_mut().zip(&other.l2_bias).for_each(|(a, b)| *a += b);
        self.l3_weights.iter_mut().zip(&other.l3_weights).for_each(|(a, b)| *a += b);
        self.l3_bias += other.l3_bias;
        self.loss += other.loss;
    }
}

/// Adds the gradient of sample `s` to `tail` and returns the gradient at its accumulators (side
/// to move's half first; zero where the clipped ReLU was flat).
pub fn backward(net: &FloatNetwork, s: &Sample, lambda: f32, tail: &mut TailGradient) -> [f32; 2 * HIDDEN] {
    let Activations { acc, z2, out } = net.forward_sample(s);
    let p = sigmoid(f64::from(out)) as f32;
    let t = target(s, lambda);
    tail.loss += f64::from((p - t).powi(2));
    let g = 2.0 * (p - t) * p * (1.0 - p);
    tail.l3_bias += g;
    let mut input = [0f32; 2 * HIDDEN];
    input.iter_mut().zip(&acc).for_each(|(x, a)| *x = a.clamp(0.0, 1.0));
    let mut d_input = [0f32; 2 * HIDDEN];
    for (o, &z) in z2.iter().enumerate() {
        tail.l3_weights[o] += g * z.clamp(0.0, 1.0);
        if z <= 0.0 || z >= 1.0 {
            continue;
        }
        let dz = g * net.l3_weights[o];
        tail.l2_bias[o] += dz;
        let w = &net.l2_weights[o * 2 * HIDDEN..(o + 1) * 2 * HIDDEN];
        let gw = &mut tail.l2_weights[o * 2 * HIDDEN..(o + 1) * 2 * HIDDEN];
        for i in 0..2 * HIDDEN {
            gw[i] += dz * input[i];
            d_input[i] += dz * w[i];
        }
    }
    for (d, a) in d_input.iter_mut().zip(&acc) {
        if *a <= 0.0 || *a >= 1.0 {
            *d = 0.0;
        }
    }
    d_input
}
