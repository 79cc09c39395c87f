//! The linear evaluation's parts, for tuning and benchmarks: a position's feature vector
//! ([`features`], [`Features`]), the evaluation as weights × features ([`evaluate`]), the weights
//! laid out for the search's dot product ([`EvalWeights`]) and the bound on a weight
//! ([`MAX_WEIGHT`]). The weights themselves are [`crate::Weights`].

pub use crate::features::{evaluate, features, EvalWeights, Features};
pub use crate::weights::MAX_WEIGHT;
