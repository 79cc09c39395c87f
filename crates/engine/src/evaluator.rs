//! The evaluation a search uses: the linear weights or a network. Search code asks this one
//! place; with a network, workers keep an accumulator stack and evaluate from it.

use crate::features::EvalWeights;
use crate::nnue::{Accumulator, Network};
use minishogi::Position;
use std::sync::Arc;

/// Which static evaluation a search uses.
#[derive(Clone, Debug)]
pub enum Evaluator {
    /// The linear evaluation over the named weights.
    Linear(EvalWeights),
    /// The quantised network.
    Network(Arc<Network>),
}

impl Evaluator {
    /// The network, if this evaluator is one (search then keeps accumulators).
    #[inline]
    pub fn network(&self) -> Option<&Network> {
        match self {
            Evaluator::Linear(_) => None,
            Evaluator::Network(net) => Some(net),
        }
    }

    /// The static evaluation of `pos` from the side to move, computed from scratch (search
    /// evaluates from its accumulators instead).
    pub fn evaluate(&self, pos: &Position) -> i32 {
        match self {
            Evaluator::Linear(w) => w.evaluate(pos),
            Evaluator::Network(net) => net.evaluate(&Accumulator::new(net, pos), pos.side_to_move()),
        }
    }
}
