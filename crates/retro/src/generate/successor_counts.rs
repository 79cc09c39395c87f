//! Move counts from successors (see [`RetroRules::counts_moves_by_successors`]): once the first
//! pass has marked every illegal slot, each legal position counts its moves that stay in the set
//! as the successor slots not marked illegal ([`RetroRules::legal_successor_count`]). A position writes only its own counter and reads
//! the others' marks, which this pass never changes: no atomic update per move, and the reads'
//! cache misses overlap.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::chunks::{for_each_chunk, CHUNK};
use super::move_counter;
use super::work::{Work, ILLEGAL};
use crate::progress::Progress;
use crate::rules::RetroRules;

/// Turns the work bytes of the legal slots, which hold the moves counted so far (the exits' one
/// move), into counters: the in-set moves are added from each slot's successors, then a slot
/// without moves becomes a loss in 0 (its chunk flagged in `mated`) and the others hold
/// `255 - moves`. Returns the most moves of a position.
pub(super) fn count_moves<R: RetroRules>(
    rules: &R,
    work: &Work<'_>,
    mated: &[AtomicBool],
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> u32 {
    let most = AtomicU64::new(0);
    for_each_chunk(work.len(), "counts", progress, |start, end| {
        let (mut chunk_most, mut any_mated) = (0u32, false);
        let mut bytes = [ILLEGAL; CHUNK as usize];
        let bytes = &mut bytes[..(end - start) as usize];
        work.scan_other(start, end, ILLEGAL, |index| {
            let mut n = u32::from(work.get(index));
            if let Some(pos) = rules.decode_legal(index) {
                n +=
                    rules.legal_successor_count(&pos, &|slot| slot < work.len() && work.get(slot) != ILLEGAL);
            }
            chunk_most = chunk_most.max(n);
            bytes[(index - start) as usize] = if n == 0 {
                any_mated = true;
                0
            } else {
                move_counter(n)
            };
        });
        // Other threads only read whether these slots are illegal, which stays as it was.
        work.fill(start, bytes);
        most.fetch_max(u64::from(chunk_most), Ordering::Relaxed);
        if any_mated {
            mated[(start / CHUNK) as usize].store(true, Ordering::Relaxed);
        }
    });
    most.load(Ordering::Relaxed) as u32
}
