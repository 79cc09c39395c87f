//! Move counts from un-moves (see [`RetroRules::counts_moves_by_predecessors`]): each legal
//! position reports its predecessors once, and the weights reported for a slot add up to the
//! number of its moves that stay in the set (the weight contract of [`RetroRules`]). For a game
//! whose un-moves are cheap this replaces a legal move generation per position, and no legality
//! test is needed: a move into a legal position is legal, and illegal slots take no count.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::chunks::{for_each_chunk, CHUNK};
use super::work::{Work, ILLEGAL};
use super::{move_counter, BATCH};
use crate::progress::Progress;
use crate::rules::RetroRules;

/// Turns the work bytes of the legal slots, which hold the moves counted so far (the exits' one
/// move), into counters: the in-set moves are added from the un-moves of every legal slot, then a
/// slot without moves becomes a loss in 0 (its chunk flagged in `mated`) and the others hold
/// `255 - moves`. Returns the most moves of a position (at least 254 when a count overflowed).
pub(super) fn count_moves<R: RetroRules>(
    rules: &R,
    work: &Work<'_>,
    mated: &[AtomicBool],
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> u32 {
    // A count stops at 254, above every limit, so that it never reads as an illegal slot.
    let add = |target: u64, weight: u8| {
        // Illegal slots keep their mark; an update of one fails, as wanted.
        let _ = work.update(target, |b| (b != ILLEGAL).then(|| b.saturating_add(weight).min(ILLEGAL - 1)));
    };
    for_each_chunk(work.len(), "counts", progress, |start, end| {
        // Updates wait in a batch whose slots are prefetched, so that their cache misses overlap.
        let mut batch: Vec<(u64, u8)> = Vec::with_capacity(BATCH + 256);
        work.scan_other(start, end, ILLEGAL, |index| {
            if let Some(pos) = rules.decode_legal(index) {
                rules.predecessors(&pos, false, &mut |target, weight| {
                    work.prefetch(target);
                    batch.push((target, weight));
                });
            }
            if batch.len() >= BATCH {
                batch.drain(..).for_each(|(target, weight)| add(target, weight));
            }
        });
        batch.drain(..).for_each(|(target, weight)| add(target, weight));
    });
    let most = AtomicU64::new(0);
    for_each_chunk(work.len(), "counters", None, |start, end| {
        let (mut chunk_most, mut any_mated) = (0u8, false);
        work.rewrite(start, end, |b| match b {
            ILLEGAL => ILLEGAL,
            0 => {
                any_mated = true;
                0
            }
            n => {
                chunk_most = chunk_most.max(n);
                move_counter(u32::from(n))
            }
        });
        most.fetch_max(u64::from(chunk_most), Ordering::Relaxed);
        if any_mated {
            mated[(start / CHUNK) as usize].store(true, Ordering::Relaxed);
        }
    });
    most.load(Ordering::Relaxed) as u32
}
