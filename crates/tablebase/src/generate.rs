//! Retrograde generation of distance-to-mate values for every slot of a material set.
//!
//! One byte per slot during generation (the table itself): a slot holds either "illegal" (255), a
//! resolved distance `d` (byte `d`), or for an unresolved position a counter `c` of the moves not
//! yet known to lead to a win of the opponent (byte `255 - c`). Distances grow from 0 and counters
//! from the largest move count of the set down, so both fit as long as the longest mate is shorter
//! than `255 - max moves` plies. A set with longer mates (RRP: up to 64 legal moves and a mate in 203) goes
//! on with two-byte cells from the pass where the bytes run out.
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

use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, AtomicU8, Ordering};

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
    retrograde_capped(rules, name, progress, u32::MAX)
}

/// [`retrograde`] whose one-byte phase stops at distance `byte_cap` (tests force the switch to
/// two-byte cells with it).
fn retrograde_capped<R: RetroRules>(
    rules: &R,
    name: &str,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
    byte_cap: u32,
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
        let most = most.max(1) as u32;
        match passes(rules, work, most, 0, byte_cap, &mut scan, &mut next, &mut stats, progress) {
            PassesEnd::Done => floor_out = 255 - most as u8,
            PassesEnd::Widen(n) => {
                // Mates too long for one byte next to the counters: go on with two bytes a slot.
                let wide: Vec<AtomicU16> = work.par_iter().map(|b| AtomicU16::new(widen(b, most))).collect();
                drop(bytes);
                match passes(rules, &wide, most, n, u32::MAX, &mut scan, &mut next, &mut stats, progress) {
                    PassesEnd::Done => {}
                    PassesEnd::Widen(_) => {
                        return Err(GenerateError::MateTooLong {
                            material: name.to_string(),
                            limit: u32::from(Value::MAX_DTM),
                        })
                    }
                }
                return Ok((finish_wide(&wide, most, progress), stats));
            }
        }
    }
    finish(&mut bytes, floor_out, progress);
    Ok((bytes, stats))
}

/// How the passes ended: all values known, or distances reached the cell's limit at level `n`.
enum PassesEnd {
    Done,
    Widen(u32),
}

/// A work cell: one slot's value during generation (one or two bytes). `MAX` marks an illegal
/// slot; counters `c` are stored as `MAX - c`; distances as themselves.
trait Cell: Sync {
    const MAX: u32;
    fn get(&self) -> u32;
    fn set(&self, value: u32);
    fn update(&self, f: impl FnMut(u32) -> Option<u32>) -> Result<u32, u32>;
}

impl Cell for AtomicU8 {
    const MAX: u32 = u8::MAX as u32;
    #[inline]
    fn get(&self) -> u32 {
        u32::from(self.load(Ordering::Relaxed))
    }
    #[inline]
    fn set(&self, value: u32) {
        self.store(value as u8, Ordering::Relaxed);
    }
    #[inline]
    fn update(&self, mut f: impl FnMut(u32) -> Option<u32>) -> Result<u32, u32> {
        self.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |b| f(u32::from(b)).map(|v| v as u8))
            .map(u32::from)
            .map_err(u32::from)
    }
}

impl Cell for AtomicU16 {
    const MAX: u32 = u16::MAX as u32;
    #[inline]
    fn get(&self) -> u32 {
        u32::from(self.load(Ordering::Relaxed))
    }
    #[inline]
    fn set(&self, value: u32) {
        self.store(value as u16, Ordering::Relaxed);
    }
    #[inline]
    fn update(&self, mut f: impl FnMut(u32) -> Option<u32>) -> Result<u32, u32> {
        self.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |b| f(u32::from(b)).map(|v| v as u16))
            .map(u32::from)
            .map_err(u32::from)
    }
}

/// The two-byte cell of a one-byte work value (counters stay counters, distances distances).
fn widen(byte: &AtomicU8, most: u32) -> u16 {
    let b = byte.get();
    let wide = if b == AtomicU8::MAX {
        AtomicU16::MAX
    } else if b >= AtomicU8::MAX - most {
        AtomicU16::MAX - (AtomicU8::MAX - b)
    } else {
        b
    };
    wide as u16
}

/// The passes for n, n + 1, n + 2, … from `n0` until nothing changes, or until distances would
/// reach the counters (or the [`Value`] encoding's limit).
#[allow(clippy::too_many_arguments)]
fn passes<R: RetroRules, C: Cell>(
    rules: &R,
    work: &[C],
    most: u32,
    n0: u32,
    cap: u32,
    scan: &mut Vec<AtomicBool>,
    next: &mut Vec<AtomicBool>,
    stats: &mut GenerateStats,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> PassesEnd {
    // Cells from `floor` to MAX - 1 are counters; distances must stay below it.
    let floor = C::MAX - most;
    let limit = (floor - 1).min(u32::from(Value::MAX_DTM)).min(cap);
    let is_counter = move |b: u32| b >= floor && b != C::MAX;
    let mut n = n0;
    loop {
        if n + 2 > limit {
            return PassesEnd::Widen(n);
        }
        stats.passes += 1;
        let label = format!("mate {n}");
        let losses = pass(rules, work, n, scan, &label, progress, |target, _| {
            let slot = &work[target as usize];
            if is_counter(slot.get()) {
                slot.set(n + 1);
                mark(next, target);
            }
        });
        advance(scan, next);
        if losses == 0 {
            return PassesEnd::Done;
        }
        stats.longest = n as u16;
        stats.passes += 1;
        let label = format!("mate {}", n + 1);
        let wins = pass(rules, work, n + 1, scan, &label, progress, |target, weight| {
            let weight = u32::from(weight);
            if weight == 0 {
                return;
            }
            let slot = &work[target as usize];
            let update = slot.update(|b| {
                if !is_counter(b) {
                    None
                } else if C::MAX - b <= weight {
                    Some(n + 2)
                } else {
                    Some(b + weight)
                }
            });
            if update.is_ok_and(|b| C::MAX - b <= weight) {
                mark(next, target);
            }
        });
        advance(scan, next);
        if wins == 0 {
            return PassesEnd::Done;
        }
        stats.longest = (n + 1) as u16;
        n += 2;
    }
}

/// Calls the predecessors of every slot holding `level` (a loss in 0 being the positions without
/// a legal move), with `update(slot, weight)`; returns how many slots held `level`.
fn pass<R: RetroRules, C: Cell>(
    rules: &R,
    work: &[C],
    level: u32,
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
            if work[index as usize].get() != level {
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

/// The [`Value`] bytes of two-byte work cells: counters become draws, distances `d` become `d + 1`.
fn finish_wide(work: &[AtomicU16], most: u32, progress: Option<&(dyn Fn(Progress<'_>) + Sync)>) -> Vec<u8> {
    let floor = AtomicU16::MAX - most;
    let values = work
        .par_iter()
        .map(|cell| match cell.get() {
            AtomicU16::MAX => Value::ILLEGAL.to_byte(),
            c if c >= floor => Value::DRAW.to_byte(),
            // Distances never pass Value::MAX_DTM (checked by the passes), so d + 1 fits a byte.
            d => (d + 1) as u8,
        })
        .collect();
    let total = work.len() as u64;
    if let Some(report) = progress {
        report(Progress { phase: "values", done: total, total });
    }
    values
}

/// Views a byte slice as atomics for the parallel passes.
fn as_atomic(bytes: &mut [u8]) -> &[AtomicU8] {
    // SAFETY: AtomicU8 has the same size and alignment as u8, and the exclusive borrow guarantees
    // no other access to the bytes while the atomic view lives.
    unsafe { &*(bytes as *mut [u8] as *const [AtomicU8]) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Switching to two-byte cells part-way gives the same values as staying on one byte.
    #[test]
    fn widening_keeps_values() {
        let material = Material::parse("GP").expect("a material");
        let rules = MinishogiRetro::new(Indexer::new(&material));
        let (narrow, narrow_stats) = retrograde(&rules, "GP", None).expect("generates");
        let (wide, wide_stats) = retrograde_capped(&rules, "GP", None, 9).expect("generates");
        assert!(narrow_stats.longest > 9, "the cap must fall inside the table's distances");
        assert_eq!(narrow_stats.longest, wide_stats.longest);
        assert!(narrow == wide, "values differ after widening");
    }
}
