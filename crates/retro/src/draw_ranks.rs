//! The numbers of the draws of a value array, read from the values themselves: the numbering of
//! a file's draw section entries.
//!
//! A verifier holds the table's values anyway: a draw's number (its rank among the draws, in
//! slot order) is the count of draws before its group of 64 slots plus the draw bytes before it
//! within the group. Counts are kept per 64 slots (two bytes, relative to the group's block of
//! 4096 slots) and per block: 0.032 bytes per slot, where a bitmap of the draws with counts
//! takes about 0.13 (BSP: 5.8 MiB instead of 24.6 MiB).

use rayon::prelude::*;

use crate::draw_count::count_draws;

/// Slots per counted group.
const GROUP: usize = 64;

/// Slots per block of groups (a group's count within its block fits in a `u16`).
const BLOCK: usize = 4096;

/// The draw numbers of a value array (one [`crate::Value`] byte per slot).
#[derive(Debug)]
pub struct DrawRanks<'a> {
    values: &'a [u8],
    /// Draws before each block.
    blocks: Vec<u64>,
    /// Draws before each group, from the start of its block.
    groups: Vec<u16>,
    len: u64,
}

impl<'a> DrawRanks<'a> {
    /// Counts the draws of `values`, in parallel.
    pub fn new(values: &'a [u8]) -> DrawRanks<'a> {
        let per_block: Vec<(Vec<u16>, u64)> = values
            .par_chunks(BLOCK)
            .map(|block| {
                let mut before = 0u64;
                let groups = block
                    .chunks(GROUP)
                    .map(|group| {
                        let at = before as u16;
                        before += count_draws(group);
                        at
                    })
                    .collect();
                (groups, before)
            })
            .collect();
        let mut blocks = Vec::with_capacity(per_block.len());
        let mut groups = Vec::with_capacity(values.len().div_ceil(GROUP));
        let mut len = 0u64;
        for (g, count) in per_block {
            blocks.push(len);
            groups.extend(g);
            len += count;
        }
        DrawRanks { values, blocks, groups, len }
    }

    /// Number of draws.
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> u64 {
        self.len
    }

    /// The number of the draw in `slot`, or `None` if the slot holds no draw.
    #[inline]
    pub fn number(&self, slot: u64) -> Option<u64> {
        let s = usize::try_from(slot).ok()?;
        if *self.values.get(s)? != 0 {
            return None;
        }
        let start = s & !(GROUP - 1);
        let before = self.blocks[s / BLOCK] + u64::from(self.groups[s / GROUP]);
        Some(before + count_draws(&self.values[start..s]))
    }
}

#[cfg(test)]
mod tests {
    use super::DrawRanks;

    #[test]
    fn numbers_draws_in_slot_order_across_groups_and_blocks() {
        let values: Vec<u8> =
            (0..20_000u32)
                .map(|i| {
                    if (i < 5000 && i % 3 == 0) || i % 977 == 0 || (i > 12_000 && i % 2 == 1) {
                        0
                    } else {
                        9
                    }
                })
                .collect();
        let ranks = DrawRanks::new(&values);
        let mut next = 0;
        for (slot, &v) in values.iter().enumerate() {
            if v == 0 {
                assert_eq!(ranks.number(slot as u64), Some(next), "{slot}");
                next += 1;
            } else {
                assert_eq!(ranks.number(slot as u64), None);
            }
        }
        assert_eq!(ranks.len(), next);
        assert_eq!(ranks.number(values.len() as u64), None);
    }
}
