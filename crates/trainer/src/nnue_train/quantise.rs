//! Quantisation of the float network into the engine's integer [`Network`], and the check that the
//! two evaluate alike.

use super::float_net::FloatNetwork;
use minishogi::Position;
use minishogi_engine::nnue::{Accumulator, MAX_EVAL, QA, QB, QC};
use minishogi_engine::Network;

/// The engine's network from the float one: each layer rounded at its scale (`QA` for the first
/// layer, `QB` for the second layer's weights, `QC` for the output's; biases at the scale of the
/// sums they join). `None` if the float network has wrong sizes.
pub fn quantise(net: &FloatNetwork, description: &str) -> Option<Network> {
    if !net.has_valid_sizes() {
        return None;
    }
    let round = |x: f32, scale: i32| (f64::from(x) * f64::from(scale)).round();
    let i16s = |v: &[f32], scale: i32| -> Vec<i16> {
        v.iter().map(|&x| round(x, scale).clamp(-32767.0, 32767.0) as i16).collect()
    };
    Network::from_parts(
        i16s(&net.l1_weights, QA),
        i16s(&net.l1_bias, QA),
        i16s(&net.l2_weights, QB),
        net.l2_bias.iter().map(|&x| round(x, QA * QB) as i32).collect(),
        i16s(&net.l3_weights, QC),
        round(net.l3_bias, QA * QC) as i32,
        description.to_string(),
    )
}

/// How far the quantised evaluation is from the float one, in centipawns.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct QuantisationError {
    /// Positions compared.
    pub positions: usize,
    /// Largest absolute difference.
    pub max_cp: f64,
    /// Mean absolute difference.
    pub mean_cp: f64,
}

/// `quantised vs float on 2000 positions: max 3.0 cp, mean 0.75 cp`.
impl std::fmt::Display for QuantisationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "quantised vs float on {} positions: max {:.1} cp, mean {:.2} cp",
            self.positions, self.max_cp, self.mean_cp
        )
    }
}

/// Compares the float and quantised evaluations (the float one clipped to the engine's range)
/// on `positions`.
pub fn quantisation_error<'a>(
    float: &FloatNetwork,
    quantised: &Network,
    positions: impl IntoIterator<Item = &'a Position>,
) -> QuantisationError {
    let mut e = QuantisationError::default();
    let mut sum = 0.0;
    for pos in positions {
        let f = f64::from(float.evaluate(pos)).clamp(-f64::from(MAX_EVAL), f64::from(MAX_EVAL));
        let q = f64::from(quantised.evaluate(&Accumulator::new(quantised, pos), pos.side_to_move()));
        let d = (f - q).abs();
        e.positions += 1;
        e.max_cp = e.max_cp.max(d);
        sum += d;
    }
    e.mean_cp = if e.positions == 0 { 0.0 } else { sum / e.positions as f64 };
    e
}
