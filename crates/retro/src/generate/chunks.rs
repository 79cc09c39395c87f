//! The generator's unit of parallel work: chunks of consecutive slots, each handled by one task,
//! and the per-chunk flags that let a pass skip chunks holding nothing of its level.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rayon::prelude::*;

use crate::progress::Progress;

/// Slots handled per task.
pub(super) const CHUNK: u64 = 1 << 15;

/// Notes that the chunk of `slot` holds a newly resolved slot.
#[inline]
pub(super) fn mark(flags: &[AtomicBool], slot: u64) {
    let flag = &flags[(slot / CHUNK) as usize];
    // Read first: most marks hit chunks already marked, and a read keeps the cache line shared.
    if !flag.load(Ordering::Relaxed) {
        flag.store(true, Ordering::Relaxed);
    }
}

/// The chunks marked during a pass are the ones the following pass scans.
pub(super) fn advance(scan: &mut Vec<AtomicBool>, next: &mut Vec<AtomicBool>) {
    std::mem::swap(scan, next);
    next.par_iter().for_each(|f| f.store(false, Ordering::Relaxed));
}

/// Runs `f(start, end)` over all chunks of `0..size` in parallel, reporting progress.
pub(super) fn for_each_chunk(
    size: u64,
    phase: &str,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
    f: impl Fn(u64, u64) + Sync,
) {
    let done = AtomicU64::new(0);
    (0..size.div_ceil(CHUNK)).into_par_iter().for_each(|c| {
        let (start, end) = (c * CHUNK, ((c + 1) * CHUNK).min(size));
        f(start, end);
        let d = done.fetch_add(end - start, Ordering::Relaxed) + end - start;
        if let Some(report) = progress {
            report(Progress { phase, done: d, total: size });
        }
    });
}
