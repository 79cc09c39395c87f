//! Retrograde generation of distance-to-mate values for every slot of a material set.
//!
//! One byte per slot during generation (the table itself): a slot holds either "illegal" (255), a
//! resolved distance `d` (byte `d`), or for an unresolved position a counter `c` of the moves not
//! yet known to lead to a win of the opponent (byte `255 - c`). Distances grow from 0 and counters
//! from the largest move count of the set down, so both fit as long as the longest mate is shorter
//! than `255 - max moves` plies.
//! 1. Every slot is decoded; illegal slots are marked, positions without a legal move are losses
//!    in 0, the others get their number of legal moves as counter.
//! 2. For n = 0, 2, 4, …: every loss in n marks its unresolved predecessors as wins in n + 1;
//!    then every win in n + 1 decrements the counters of its unresolved predecessors, and a
//!    counter reaching zero makes a loss in n + 2 (all moves lead to wins of the opponent, the
//!    longest in n + 1).
//! 3. Counters left are draws; distances are rewritten in the [`Value`] encoding.
//!
//! Each pass only ever writes one value (a win or a loss of one distance) and counter decrements
//! commute, so the bytes do not depend on the thread count or on scheduling.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};

use rayon::prelude::*;

use crate::index::Indexer;
use crate::material::Material;
use crate::retro::MinishogiRetro;
use crate::rules::RetroRules;
use crate::value::Value;

/// Work byte of an illegal slot (also its final value).
const ILLEGAL: u8 = 255;
/// Most legal moves a position may have for the generator's counters.
const MAX_MOVES: u32 = 200;
/// Slots handled per task.
const CHUNK: u64 = 1 << 15;

/// A report of generation progress: `done` of `total` slots in the current phase.
#[derive(Copy, Clone, Debug)]
pub struct Progress<'a> {
    /// What is being done: `"moves"` (counting moves), `"mate N"` (the pass that handles
    /// distance N) or `"values"` (final encoding).
    pub phase: &'a str,
    /// Slots done in this phase.
    pub done: u64,
    /// Slots in this phase.
    pub total: u64,
}

/// Options of [`generate`].
#[derive(Clone, Copy, Default)]
pub struct GenerateOptions<'a> {
    /// Worker threads; `None` uses rayon's global pool.
    pub threads: Option<usize>,
    /// Called from worker threads as slots are done (keep it cheap; an indicatif bar is).
    pub progress: Option<&'a (dyn Fn(Progress<'_>) + Sync)>,
}

/// Why generation failed.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// A position has more legal moves than the generation counters hold.
    #[error("material {material}: a position has {moves} legal moves, more than the {MAX_MOVES} the generator counts")]
    TooManyMoves {
        /// The material set.
        material: String,
        /// Its move count.
        moves: u32,
    },
    /// A mate is longer than the encoding holds.
    #[error("material {material}: mates longer than {limit} plies do not fit the generator's encoding")]
    MateTooLong {
        /// The material set.
        material: String,
        /// The longest distance that fits.
        limit: u32,
    },
    /// The worker thread pool could not be built.
    #[error("cannot start {threads} worker threads: {message}")]
    Threads {
        /// Requested threads.
        threads: usize,
        /// The error.
        message: String,
    },
    /// The table does not fit in memory addressable by this machine.
    #[error("material {material}: {slots} slots do not fit in memory")]
    TooLarge {
        /// The material set.
        material: String,
        /// Slots needed.
        slots: u64,
    },
}

/// Statistics of a finished generation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GenerateStats {
    /// Longest distance to mate found (plies).
    pub longest: u16,
    /// Number of passes over the table.
    pub passes: u32,
}

/// Computes the value byte ([`Value`] encoding) of every slot of `material`'s index.
pub fn generate(material: &Material, options: &GenerateOptions<'_>) -> Result<Vec<u8>, GenerateError> {
    generate_with_stats(material, options).map(|(values, _)| values)
}

/// [`generate`], also returning statistics.
pub fn generate_with_stats(
    material: &Material,
    options: &GenerateOptions<'_>,
) -> Result<(Vec<u8>, GenerateStats), GenerateError> {
    let rules = MinishogiRetro::new(Indexer::new(material));
    let name = material.name();
    run_in_pool(options.threads, || retrograde(&rules, &name, options.progress))?
}

/// Runs `f` on a pool of `threads` workers (or the global pool).
fn run_in_pool<T: Send>(threads: Option<usize>, f: impl FnOnce() -> T + Send) -> Result<T, GenerateError> {
    match threads {
        None => Ok(f()),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map(|pool| pool.install(f))
            .map_err(|e| GenerateError::Threads { threads: n, message: e.to_string() }),
    }
}

/// Retrograde analysis over any game's [`RetroRules`]; `name` names the set in errors.
pub fn retrograde<R: RetroRules>(
    rules: &R,
    name: &str,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> Result<(Vec<u8>, GenerateStats), GenerateError> {
    let size = rules.size();
    let len = usize::try_from(size)
        .map_err(|_| GenerateError::TooLarge { material: name.to_string(), slots: size })?;
    let mut bytes = vec![0u8; len];
    let mut stats = GenerateStats::default();
    let floor_out;
    {
        let work = as_atomic(&mut bytes);
        let most_moves = AtomicU64::new(0);
        // Chunks holding slots of the level the next pass handles, so that the long tail of
        // passes over few positions does not scan the whole table.
        let chunks = size.div_ceil(CHUNK) as usize;
        let mut scan: Vec<AtomicBool> = (0..chunks).map(|_| AtomicBool::new(false)).collect();
        let mut next: Vec<AtomicBool> = (0..chunks).map(|_| AtomicBool::new(false)).collect();
        for_each_chunk(size, "moves", progress, |start, end| {
            let mut most = 0;
            let mut mated = false;
            for index in start..end {
                let byte = match rules.decode(index) {
                    None => ILLEGAL,
                    Some(pos) => {
                        let n = rules.move_count(&pos);
                        most = most.max(n);
                        // No legal move: a loss in 0. Too many moves is reported after the pass.
                        if n == 0 {
                            mated = true;
                            0
                        } else {
                            255 - n.min(MAX_MOVES) as u8
                        }
                    }
                };
                work[index as usize].store(byte, Ordering::Relaxed);
            }
            most_moves.fetch_max(u64::from(most), Ordering::Relaxed);
            if mated {
                scan[(start / CHUNK) as usize].store(true, Ordering::Relaxed);
            }
        });
        let most = most_moves.load(Ordering::Relaxed);
        if most > u64::from(MAX_MOVES) {
            return Err(GenerateError::TooManyMoves { material: name.to_string(), moves: most as u32 });
        }
        // Bytes from `floor` to 254 are counters; distances must stay below it.
        let floor = 255 - most.max(1) as u8;
        let limit = u32::from(floor - 1).min(u32::from(Value::MAX_DTM));
        let is_counter = move |b: u8| b >= floor && b != ILLEGAL;

        let mut n: u8 = 0;
        loop {
            stats.passes += 1;
            let label = format!("mate {n}");
            let losses = pass(rules, work, n, &scan, &label, progress, |target, _| {
                let slot = &work[target as usize];
                if is_counter(slot.load(Ordering::Relaxed)) {
                    slot.store(n + 1, Ordering::Relaxed);
                    mark(&next, target);
                }
            });
            advance(&mut scan, &mut next);
            if losses == 0 {
                break;
            }
            stats.longest = u16::from(n);
            if u32::from(n) + 2 > limit {
                return Err(GenerateError::MateTooLong { material: name.to_string(), limit });
            }
            stats.passes += 1;
            let label = format!("mate {}", n + 1);
            let wins = pass(rules, work, n + 1, &scan, &label, progress, |target, weight| {
                if weight == 0 {
                    return;
                }
                let slot = &work[target as usize];
                let update = slot.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |b| {
                    if !is_counter(b) {
                        None
                    } else if 255 - b <= weight {
                        Some(n + 2)
                    } else {
                        Some(b + weight)
                    }
                });
                if update.is_ok_and(|b| 255 - b <= weight) {
                    mark(&next, target);
                }
            });
            advance(&mut scan, &mut next);
            if wins == 0 {
                break;
            }
            stats.longest = u16::from(n + 1);
            n += 2;
        }
        floor_out = floor;
    }
    finish(&mut bytes, floor_out, progress);
    Ok((bytes, stats))
}

/// Calls the predecessors of every slot holding `level` (a loss in 0 being the positions without
/// a legal move), with `update(slot, weight)`; returns how many slots held `level`.
fn pass<R: RetroRules>(
    rules: &R,
    work: &[AtomicU8],
    level: u8,
    scan: &[AtomicBool],
    label: &str,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
    update: impl Fn(u64, u8) + Sync,
) -> u64 {
    let found = AtomicU64::new(0);
    for_each_chunk(rules.size(), label, progress, |start, end| {
        if !scan[(start / CHUNK) as usize].load(Ordering::Relaxed) {
            return;
        }
        let mut count = 0;
        let mut emit = |target: u64, weight: u8| update(target, weight);
        for index in start..end {
            if work[index as usize].load(Ordering::Relaxed) != level {
                continue;
            }
            count += 1;
            if let Some(pos) = rules.decode_legal(index) {
                rules.predecessors(&pos, level == 0, &mut emit);
            }
        }
        found.fetch_add(count, Ordering::Relaxed);
    });
    found.load(Ordering::Relaxed)
}

/// Notes that the chunk of `slot` holds a newly resolved slot.
#[inline]
fn mark(flags: &[AtomicBool], slot: u64) {
    let flag = &flags[(slot / CHUNK) as usize];
    // Read first: most marks hit chunks already marked, and a read keeps the cache line shared.
    if !flag.load(Ordering::Relaxed) {
        flag.store(true, Ordering::Relaxed);
    }
}

/// The chunks marked during a pass are the ones the following pass scans.
fn advance(scan: &mut Vec<AtomicBool>, next: &mut Vec<AtomicBool>) {
    std::mem::swap(scan, next);
    next.par_iter().for_each(|f| f.store(false, Ordering::Relaxed));
}

/// Runs `f(start, end)` over all chunks of `0..size` in parallel, reporting progress.
fn for_each_chunk(
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

/// Rewrites work bytes as [`Value`] bytes: counters (from `floor` up) become draws, distances `d`
/// become `d + 1`.
fn finish(bytes: &mut [u8], floor: u8, progress: Option<&(dyn Fn(Progress<'_>) + Sync)>) {
    let total = bytes.len() as u64;
    bytes.par_chunks_mut(CHUNK as usize).for_each(|chunk| {
        for b in chunk.iter_mut() {
            *b = match *b {
                ILLEGAL => Value::ILLEGAL.to_byte(),
                b if b >= floor => Value::DRAW.to_byte(),
                b => b + 1,
            };
        }
    });
    if let Some(report) = progress {
        report(Progress { phase: "values", done: total, total });
    }
}

/// Views a byte slice as atomics for the parallel passes.
fn as_atomic(bytes: &mut [u8]) -> &[AtomicU8] {
    // SAFETY: AtomicU8 has the same size and alignment as u8, and the exclusive borrow guarantees
    // no other access to the bytes while the atomic view lives.
    unsafe { &*(bytes as *mut [u8] as *const [AtomicU8]) }
}
