//! The evaluation network (NNUE): sparse king-relative features with hands ([`features`]), two
//! accumulators updated move by move ([`accumulator`], [`delta`]), a quantised dense tail with
//! SIMD inner loops ([`network`], [`simd`]), and its versioned file ([`mod@file`]).
//!
//! ```
//! use minishogi::Position;
//! use minishogi_engine::nnue::{Accumulator, Network};
//!
//! let net = Network::zeroed("example");
//! let pos = Position::startpos();
//! assert_eq!(net.evaluate(&Accumulator::new(&net, &pos), pos.side_to_move()), 0);
//! ```

pub mod accumulator;
pub mod delta;
pub mod features;
pub mod file;
mod forward;
pub mod network;
mod shipped;
pub mod simd;
mod sparse_tail;
mod stack;

pub use accumulator::Accumulator;
pub use delta::MoveDelta;
pub use features::{active_features, View, FEATURES, FEATURE_SET_ID};
pub use file::NetworkError;
pub use network::{Network, EVAL_SCALE, HIDDEN, L2, L2_WEIGHT_LIMIT, MAX_EVAL, QA, QB, QC};
pub use shipped::{network_from_spec, shipped};
pub use stack::AccumulatorStack;
