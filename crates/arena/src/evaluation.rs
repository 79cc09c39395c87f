//! The evaluation a player searches with: linear weights or a quantised network.

use minishogi_engine::Network;
use minishogi_engine::{Searcher, Weights};
use std::sync::Arc;

/// What a self-play or match player evaluates positions with.
#[derive(Clone, Debug)]
pub enum Evaluation {
    /// The linear evaluation over these weights (boxed: they are large next to an `Arc`).
    Linear(Box<Weights>),
    /// A quantised network (the searcher's weights stay the shipped ones and are unused).
    Network(Arc<Network>),
}

impl Evaluation {
    /// A searcher evaluating this way with a table of `hash_mb` megabytes.
    pub fn searcher(&self, hash_mb: usize) -> Searcher {
        match self {
            Evaluation::Linear(weights) => Searcher::new((**weights).clone(), hash_mb),
            Evaluation::Network(net) => {
                let mut searcher = Searcher::new(Weights::default_embedded(), hash_mb);
                searcher.set_network(Some(Arc::clone(net)));
                searcher
            }
        }
    }
}
