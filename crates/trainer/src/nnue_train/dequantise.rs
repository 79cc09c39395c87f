//! A quantised network back in floating point, to train further: each layer divided by its scale.
//! Units that are inactive in the file (a narrower network padded to the engine's width: bias and
//! weights all zero) get a random first layer and zero second-layer weights, so the float network
//! starts out evaluating as the quantised one and the new units can learn.

use super::float_net::FloatNetwork;
use minishogi_arena::Rng;
use minishogi_engine::nnue::{FEATURES, HIDDEN, L2, QA, QB, QC};
use minishogi_engine::Network;

/// `net` in floating point; `seed` draws the first layer of its inactive units.
pub fn dequantise(net: &Network, seed: u64) -> FloatNetwork {
    let p = net.parts();
    let scaled16 = |v: &[i16], s: i32| v.iter().map(|&x| f32::from(x) / s as f32).collect::<Vec<f32>>();
    let mut float = FloatNetwork {
        l1_weights: scaled16(p.l1_weights, QA),
        l1_bias: scaled16(p.l1_bias, QA),
        l2_weights: scaled16(p.l2_weights, QB),
        l2_bias: p.l2_bias.iter().map(|&x| (f64::from(x) / f64::from(QA * QB)) as f32).collect(),
        l3_weights: scaled16(p.l3_weights, QC),
        l3_bias: (f64::from(p.l3_bias) / f64::from(QA * QC)) as f32,
    };
    let mut rng = Rng::new(seed);
    for unit in inactive_units(net) {
        for f in 0..FEATURES {
            float.l1_weights[f * HIDDEN + unit] = ((rng.unit() * 2.0 - 1.0) * 0.1) as f32;
        }
        // The bias of `FloatNetwork::random`; the zero second-layer weights keep the output.
        float.l1_bias[unit] = 0.25;
    }
    float
}

/// The accumulator units whose bias, first-layer weights and second-layer weights (of both
/// halves) are all zero.
fn inactive_units(net: &Network) -> Vec<usize> {
    let p = net.parts();
    (0..HIDDEN)
        .filter(|&u| {
            p.l1_bias[u] == 0
                && (0..FEATURES).all(|f| p.l1_weights[f * HIDDEN + u] == 0)
                && (0..L2).all(|o| {
                    p.l2_weights[o * 2 * HIDDEN + u] == 0 && p.l2_weights[o * 2 * HIDDEN + HIDDEN + u] == 0
                })
        })
        .collect()
}
