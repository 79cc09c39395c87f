//! Move counters of the unresolved positions: in the work byte itself while distances leave room
//! for them, then in a sparse side table once mates grow long.
//!
//! In the work byte, a counter `c` (moves not yet known to lead to a win of the opponent) is
//! stored as `255 - c`, above every distance. A set whose mates reach those codes (RRP: up to 64
//! legal moves and a mate in 203 plies) moves the counters of its still unresolved positions to a
//! side table (slot offsets within a chunk and counters, three bytes per unresolved position) and
//! marks the slots [`UNRESOLVED`]; distances then use every code below it.

use std::sync::atomic::{AtomicU8, Ordering};

use rayon::prelude::*;

use super::chunks::CHUNK;
use super::work::{Work, ILLEGAL};

/// Work byte of an unresolved slot whose counter lives in the side table.
pub(super) const UNRESOLVED: u8 = 254;

/// Where the counters of unresolved positions are kept.
pub(super) trait Counters: Sync {
    /// True when a slot with work byte `b` is not resolved yet.
    fn is_unresolved(&self, b: u8) -> bool;

    /// Takes `weight` moves off the counter of `slot`; when none are left, stores `loss` as the
    /// slot's distance and returns true.
    fn take(&self, work: &Work<'_>, slot: u64, weight: u8, loss: u8) -> bool;

    /// Distances must stay below this byte.
    fn distance_limit(&self) -> u8;
}

/// Counters in the work byte: `255 - c` for `c` moves, from `floor = 255 - most moves` up.
pub(super) struct InByte {
    pub(super) floor: u8,
}

impl Counters for InByte {
    #[inline]
    fn is_unresolved(&self, b: u8) -> bool {
        b >= self.floor && b != ILLEGAL
    }

    #[inline]
    fn take(&self, work: &Work<'_>, slot: u64, weight: u8, loss: u8) -> bool {
        let result = work.update(slot, |b| {
            if !self.is_unresolved(b) {
                None
            } else if ILLEGAL - b <= weight {
                Some(loss)
            } else {
                Some(b + weight)
            }
        });
        matches!(result, Ok(b) if ILLEGAL - b <= weight)
    }

    fn distance_limit(&self) -> u8 {
        self.floor
    }
}

/// Counters of the unresolved slots in a side table, sorted by slot.
pub(super) struct Sparse {
    /// Offset of each unresolved slot within its chunk.
    offsets: Vec<u16>,
    /// Its counter.
    counters: Vec<AtomicU8>,
    /// Where each chunk's entries start (one more entry than chunks).
    chunk_starts: Vec<usize>,
}

impl Sparse {
    /// Moves the in-byte counters of `work` to a side table, marking their slots [`UNRESOLVED`].
    pub(super) fn take_over(work: &Work<'_>, from: &InByte) -> Sparse {
        let size = work.len();
        let per_chunk: Vec<(Vec<u16>, Vec<AtomicU8>)> = (0..size.div_ceil(CHUNK))
            .into_par_iter()
            .map(|c| {
                let (start, end) = (c * CHUNK, ((c + 1) * CHUNK).min(size));
                let mut offsets = Vec::new();
                let mut counters = Vec::new();
                for slot in start..end {
                    if let Ok(b) = work.update(slot, |b| from.is_unresolved(b).then_some(UNRESOLVED)) {
                        offsets.push((slot - start) as u16);
                        counters.push(AtomicU8::new(ILLEGAL - b));
                    }
                }
                (offsets, counters)
            })
            .collect();
        let mut chunk_starts = Vec::with_capacity(per_chunk.len() + 1);
        let total = per_chunk.iter().map(|(o, _)| o.len()).sum();
        let (mut offsets, mut counters) = (Vec::with_capacity(total), Vec::with_capacity(total));
        for (o, c) in per_chunk {
            chunk_starts.push(offsets.len());
            offsets.extend(o);
            counters.extend(c);
        }
        chunk_starts.push(offsets.len());
        Sparse { offsets, counters, chunk_starts }
    }

    /// Number of counters held.
    pub(super) fn len(&self) -> usize {
        self.offsets.len()
    }

    /// The counter of `slot`, if it was unresolved when the table was built.
    fn counter(&self, slot: u64) -> Option<&AtomicU8> {
        let chunk = (slot / CHUNK) as usize;
        let (lo, hi) = (self.chunk_starts[chunk], self.chunk_starts[chunk + 1]);
        let offset = (slot % CHUNK) as u16;
        let k = self.offsets[lo..hi].binary_search(&offset).ok()?;
        Some(&self.counters[lo + k])
    }
}

impl Counters for Sparse {
    #[inline]
    fn is_unresolved(&self, b: u8) -> bool {
        b == UNRESOLVED
    }

    fn take(&self, work: &Work<'_>, slot: u64, weight: u8, loss: u8) -> bool {
        if work.get(slot) != UNRESOLVED {
            return false;
        }
        let Some(counter) = self.counter(slot) else { return false };
        let before =
            counter.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |c| Some(c.saturating_sub(weight)));
        // Exactly one update takes the counter to zero; it resolves the slot.
        matches!(before, Ok(c) if c > 0 && c <= weight)
            && work.update(slot, |b| (b == UNRESOLVED).then_some(loss)).is_ok()
    }

    fn distance_limit(&self) -> u8 {
        UNRESOLVED
    }
}
