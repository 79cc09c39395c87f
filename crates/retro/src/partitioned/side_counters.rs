//! A partition's counters once mates outgrow the work byte: the counters of its unresolved slots
//! in a side table (offset within a chunk and counter, three bytes per slot), as the
//! shared-memory generator keeps them (see `generate::counters`).

use super::chunk::{CHUNK, ILLEGAL};

/// Work byte of an unresolved slot whose counter lives in the side table.
pub(super) const UNRESOLVED: u8 = 254;

/// Counters of a partition's unresolved slots, sorted by slot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct SideCounters {
    /// Offset of each unresolved slot within its chunk.
    pub(super) offsets: Vec<u16>,
    /// Its counter.
    pub(super) counters: Vec<u8>,
    /// Where each chunk's entries start (one more entry than chunks).
    pub(super) chunk_starts: Vec<u64>,
}

impl SideCounters {
    /// Moves the in-byte counters (bytes from `floor` up to 254) of `work` to a side table,
    /// marking their slots [`UNRESOLVED`].
    pub(super) fn take_over(work: &mut [u8], floor: u8) -> SideCounters {
        let mut side = SideCounters { offsets: Vec::new(), counters: Vec::new(), chunk_starts: Vec::new() };
        for chunk in work.chunks_mut(CHUNK) {
            side.chunk_starts.push(side.offsets.len() as u64);
            for (k, b) in chunk.iter_mut().enumerate() {
                if *b >= floor && *b != ILLEGAL {
                    side.offsets.push(k as u16);
                    side.counters.push(ILLEGAL - *b);
                    *b = UNRESOLVED;
                }
            }
        }
        side.chunk_starts.push(side.offsets.len() as u64);
        side
    }

    /// Number of counters held.
    pub(super) fn len(&self) -> usize {
        self.offsets.len()
    }

    /// The counter of the slot at `offset` in the partition, if it was unresolved at the switch.
    pub(super) fn counter_mut(&mut self, offset: usize) -> Option<&mut u8> {
        let chunk = offset / CHUNK;
        let lo = usize::try_from(*self.chunk_starts.get(chunk)?).ok()?;
        let hi = usize::try_from(*self.chunk_starts.get(chunk + 1)?).ok()?;
        let k = self.offsets.get(lo..hi)?.binary_search(&((offset % CHUNK) as u16)).ok()?;
        self.counters.get_mut(lo + k)
    }

    /// True when the table is consistent: sorted offsets per chunk, one counter each (a check of
    /// a state read back from bytes).
    pub(super) fn is_consistent(&self, len: usize) -> bool {
        let starts_ok = self.chunk_starts.len() == len.div_ceil(CHUNK) + 1
            && self.chunk_starts.first() == Some(&0)
            && self.chunk_starts.last() == Some(&(self.offsets.len() as u64))
            && self.chunk_starts.windows(2).all(|w| w[0] <= w[1]);
        starts_ok
            && self.counters.len() == self.offsets.len()
            && self
                .chunk_starts
                .windows(2)
                .all(|w| self.offsets[w[0] as usize..w[1] as usize].windows(2).all(|o| o[0] < o[1]))
    }
}
