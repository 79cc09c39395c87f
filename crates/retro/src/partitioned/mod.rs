//! The mate-only retrograde analysis as bulk-synchronous rounds over partitions of the slot
//! range, for tables too large for one machine.
//!
//! A [`Partitioning`] splits `0..size` into contiguous ranges. Each [`Partition`] holds the work
//! bytes of its range (one byte per slot, the encoding of [`crate::retrograde`]). One round per
//! distance level `n = 0, 1, 2, …`: every partition expands its slots at distance `n`
//! ([`Partition::expand`]) into [`Message`]s per destination partition — predecessors of losses
//! (`n` even) become wins in `n + 1`, predecessors of wins (`n` odd) lose the moves' weights, a
//! counter reaching zero being a loss in `n + 1` — and then applies the messages addressed to it
//! ([`Partition::apply`]). The analysis ends after a round that expanded nothing; counters left
//! are draws ([`Partition::finish`]). The values are exactly those of [`crate::retrograde`]
//! (tested for every partition count).
//!
//! Messages are plain bytes ([`Message::to_bytes`]): sorted slot offsets within the destination
//! as varint gaps, with weights for decrements. [`retrograde_partitioned`] runs every partition
//! in this process and counts the messages of each round; a cluster driver holds partitions in
//! other processes and ships the bytes.

mod chunk;
mod driver;
mod error;
mod message;
mod partition;
mod partitioning;
mod side_counters;
mod state;

#[cfg(test)]
mod tests;

pub use driver::{retrograde_partitioned, PartitionedOptions, PartitionedRun, Round, Volume};
pub use error::PartitionError;
pub use message::{Message, MessageKind, Targets, HEADER_BYTES};
pub use partition::{Applied, Expansion, Partition};
pub use partitioning::Partitioning;
