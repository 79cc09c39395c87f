//! The evaluation network (NNUE): sparse king-relative features with hands (`features`), two
//! accumulators updated move by move (`accumulator`, `delta`), a quantised dense tail
//! (`network`, `forward`, with AVX2 in `sparse_tail`), and its versioned file (`file`). The
//! crate root re-exports [`Network`] and [`NetworkError`]; the rest is for tools (the trainer,
//! benchmarks) that work on the network itself.

// AVX2 intrinsics, each unsafe block with its `SAFETY:` reason.
#[allow(unsafe_code)]
mod accumulator;
mod delta;
mod features;
mod file;
#[allow(unsafe_code)]
mod forward;
mod network;
mod shipped;
#[allow(unsafe_code)]
mod sparse_tail;
mod stack;

pub use accumulator::Accumulator;
pub use delta::MoveDelta;
pub use features::{active_features, FEATURES, FEATURE_SET_ID, MAX_ACTIVE};
pub use file::{NetworkError, NetworkMismatch, MAGIC as NETWORK_MAGIC};
pub use network::{Network, NetworkParts, EVAL_SCALE, HIDDEN, L2, L2_WEIGHT_LIMIT, MAX_EVAL, QA, QB, QC};
pub use shipped::shipped_network;
pub use stack::AccumulatorStack;
