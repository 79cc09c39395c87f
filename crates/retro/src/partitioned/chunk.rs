//! The unit of parallel work inside a partition, and its per-chunk flags.

/// Work byte of an illegal slot (its final value byte).
pub(super) const ILLEGAL: u8 = crate::value::Value::ILLEGAL.to_byte();

/// Slots per chunk (the shared-memory generator's chunk size).
pub(super) const CHUNK: usize = 1 << 15;

/// Chunks of a partition holding slots of one level, one flag each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ChunkFlags(pub(super) Vec<bool>);

impl ChunkFlags {
    /// No chunk flagged, for a partition of `len` slots.
    pub(super) fn new(len: usize) -> ChunkFlags {
        ChunkFlags(vec![false; len.div_ceil(CHUNK)])
    }

    /// Flags the chunk of the slot at `offset`.
    #[inline]
    pub(super) fn mark(&mut self, offset: usize) {
        self.0[offset / CHUNK] = true;
    }

    /// The flagged chunks.
    pub(super) fn flagged(&self) -> Vec<usize> {
        (0..self.0.len()).filter(|&c| self.0[c]).collect()
    }

    /// Clears every flag.
    pub(super) fn clear(&mut self) {
        self.0.iter_mut().for_each(|f| *f = false);
    }
}
