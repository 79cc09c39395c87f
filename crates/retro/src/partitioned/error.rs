//! Why a partitioned generation step failed.

use crate::generate::GenerateError;

/// An error of the partitioned generator: the analysis itself failed (as [`crate::retrograde`]
/// would), or a caller (a driver in another process) passed bad input: a partitioning that does
/// not cover the table, a message that does not decode or is not for this partition and round,
/// or steps out of their order. After an error a partition must not be used further.
#[derive(Debug, thiserror::Error)]
pub enum PartitionError {
    /// The analysis failed as the shared-memory generator fails (too many moves, a mate too long
    /// for the encoding, too large a table, no thread pool).
    #[error(transparent)]
    Generate(#[from] GenerateError),
    /// The bounds do not split the table into non-empty contiguous ranges.
    #[error("bad partitioning: {0}")]
    Partitioning(String),
    /// A message (or a partition's saved state) is damaged or not meant for its receiver.
    #[error("partition {partition}: bad message: {detail}")]
    Message {
        /// The receiving partition.
        partition: u32,
        /// What is wrong.
        detail: String,
    },
    /// A step was called out of the order expand(n), apply(n), expand(n + 1), …
    #[error("partition {partition}: expected {expected}, got {got}")]
    OutOfOrder {
        /// The partition.
        partition: u32,
        /// The step it waits for.
        expected: String,
        /// The step called.
        got: String,
    },
    /// The rules reported a predecessor outside the index.
    #[error("a predecessor slot {slot} lies outside the {size} slots of the index")]
    SlotOutOfRange {
        /// The slot reported.
        slot: u64,
        /// The index size.
        size: u64,
    },
}
