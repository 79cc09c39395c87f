//! Retrograde generation of distance-to-mate values for every slot of a material set.
//!
//! One byte per slot during generation (the table itself): a slot holds either "illegal" (255), a
//! resolved distance `d` (byte `d`), or for an unresolved position a counter of the moves not yet
//! known to lead to a win of the opponent (see [`counters`]: in the byte while distances leave room,
//! in a sparse side table for sets with very long mates).
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

mod chunks;
mod counters;
mod seeds;
mod successor_counts;
mod unmove_counts;
mod work;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use crate::progress::Progress;
use crate::rules::RetroRules;
use crate::thread_pool::{with_threads, ThreadPoolError};
use crate::value::Value;
use chunks::{advance, for_each_chunk, mark, CHUNK};
use counters::{Counters, InByte, Sparse};
use seeds::{ChunkSeeds, Seeds};
use work::{Work, ILLEGAL};

/// Most legal moves a position may have for the generator's counters.
pub(crate) const MAX_MOVES: u32 = 200;
/// Predecessor updates gathered (and prefetched) before they are applied.
const BATCH: usize = 64;

/// The work byte of a position with `moves` moves (at least one) still to refute: `255 - moves`,
/// the count capped at [`MAX_MOVES`] (a larger one is reported after the pass).
fn move_counter(moves: u32) -> u8 {
    ILLEGAL - moves.min(MAX_MOVES) as u8
}

/// Options of [`retrograde`].
#[derive(Clone, Copy, Default)]
pub struct GenerateOptions<'a> {
    /// Worker threads; `None` uses the current rayon pool. The values do not depend on it.
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
    #[error(transparent)]
    Threads(#[from] ThreadPoolError),
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
    /// Unresolved positions whose counters moved to the side table (three bytes each) because
    /// mates grew too long for the work byte; 0 for most sets.
    pub side_table: u64,
}

/// The value byte ([`Value`] encoding) of every slot of `rules`' index, by retrograde analysis;
/// `name` names the set in errors.
pub fn retrograde<R: RetroRules>(
    rules: &R,
    name: &str,
    options: &GenerateOptions<'_>,
) -> Result<(Vec<u8>, GenerateStats), GenerateError> {
    with_threads(options.threads, || retrograde_capped(rules, name, options.progress, u32::MAX))?
}

/// [`retrograde`] whose counters leave the work bytes at distance `byte_cap` at the latest (tests
/// force the switch to the side table with it).
fn retrograde_capped<R: RetroRules>(
    rules: &R,
    name: &str,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
    byte_cap: u32,
) -> Result<(Vec<u8>, GenerateStats), GenerateError> {
    let size = rules.size();
    let too_large = || GenerateError::TooLarge { material: name.to_string(), slots: size };
    let len = usize::try_from(size).map_err(|_| too_large())?;
    // Whole words, so that the last one is not shared with anything else.
    let mut bytes = crate::memory::zeroed(len.checked_add(7).ok_or_else(too_large)? & !7);
    let mut stats = GenerateStats::default();
    let unresolved = match Work::new(&mut bytes, size) {
        Some(work) => analyse(rules, name, &work, progress, byte_cap, &mut stats)?,
        None => {
            // An allocator that does not align large byte arrays to 8: work on words and copy.
            let mut words = vec![0u64; len.div_ceil(8)];
            let view = work::bytes_of_words(&mut words);
            let work = Work::new(view, size).ok_or_else(too_large)?;
            let unresolved = analyse(rules, name, &work, progress, byte_cap, &mut stats)?;
            bytes[..len].copy_from_slice(&view[..len]);
            unresolved
        }
    };
    bytes.truncate(len);
    finish(&mut bytes, unresolved, progress);
    Ok((bytes, stats))
}

/// Fills `work` with final distances, illegal marks and (for draws) bytes for which
/// `is_unresolved` holds, returned as the lowest such byte: counters are all the bytes from it up
/// to 254.
fn analyse<R: RetroRules>(
    rules: &R,
    name: &str,
    work: &Work<'_>,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
    byte_cap: u32,
    stats: &mut GenerateStats,
) -> Result<u8, GenerateError> {
    let size = work.len();
    let most_moves = AtomicU64::new(0);
    // Chunks holding slots of the level the next pass handles, so that the long tail of passes
    // over few positions does not scan the whole table.
    let chunks = size.div_ceil(CHUNK) as usize;
    let mut scan: Vec<AtomicBool> = (0..chunks).map(|_| AtomicBool::new(false)).collect();
    let mut next: Vec<AtomicBool> = (0..chunks).map(|_| AtomicBool::new(false)).collect();
    let seed_chunks: ChunkSeeds = Mutex::new(Vec::new());
    let too_large = AtomicBool::new(false);
    // Counts from successors or un-moves: the first pass stores only the exits' move (see
    // `successor_counts`, `unmove_counts`).
    let by_successors = rules.counts_moves_by_successors();
    let by_unmoves = !by_successors && rules.counts_moves_by_predecessors();
    for_each_chunk(size, "moves", progress, |start, end| {
        let mut most = 0;
        let mut mated = false;
        let mut bytes = [ILLEGAL; CHUNK as usize];
        let mut seeds = Vec::new();
        rules.decode_range(start, end, &mut |index, pos| {
            let Some(pos) = pos else { return };
            let exit = rules.exit_value(&pos);
            if let Some(d) = exit.and_then(Value::dtm) {
                match u32::try_from(index) {
                    Ok(slot) => seeds.push((slot, d.min(255) as u8)),
                    Err(_) => too_large.store(true, Ordering::Relaxed),
                }
            }
            // Moves that leave the set count as one more move (see `seeds`).
            if by_successors || by_unmoves {
                bytes[(index - start) as usize] = u8::from(exit.is_some());
                return;
            }
            let n = rules.move_count(&pos) + u32::from(exit.is_some());
            most = most.max(n);
            // No legal move: a loss in 0. Too many moves is reported after the pass.
            bytes[(index - start) as usize] = if n == 0 {
                mated = true;
                0
            } else {
                move_counter(n)
            };
        });
        work.fill(start, &bytes[..(end - start) as usize]);
        most_moves.fetch_max(u64::from(most), Ordering::Relaxed);
        if mated {
            scan[(start / CHUNK) as usize].store(true, Ordering::Relaxed);
        }
        if !seeds.is_empty() {
            seed_chunks.lock().unwrap_or_else(|e| e.into_inner()).push((start / CHUNK, seeds));
        }
    });
    if too_large.load(Ordering::Relaxed) {
        return Err(GenerateError::TooLarge { material: name.to_string(), slots: size });
    }
    let seeds = Seeds::from_chunks(seed_chunks);
    let counted = if by_successors {
        successor_counts::count_moves(rules, work, &scan, progress)
    } else if by_unmoves {
        unmove_counts::count_moves(rules, work, &scan, progress)
    } else {
        0
    };
    most_moves.fetch_max(u64::from(counted), Ordering::Relaxed);
    let most = most_moves.load(Ordering::Relaxed);
    if most > u64::from(MAX_MOVES) {
        return Err(GenerateError::TooManyMoves { material: name.to_string(), moves: most as u32 });
    }
    let in_byte = InByte { floor: ILLEGAL - most.max(1) as u8 };
    let cap = byte_cap.min(u32::from(in_byte.floor) - 1).min(u32::from(Value::MAX_DTM));
    let flags = (&mut scan, &mut next);
    match passes(rules, work, &in_byte, &seeds, 0, cap, flags.0, flags.1, stats, progress) {
        PassesEnd::Done => Ok(in_byte.floor),
        PassesEnd::Limit(n) => {
            // Mates too long for the byte next to the counters: counters move to a side table.
            let sparse = Sparse::take_over(work, &in_byte);
            stats.side_table = sparse.len() as u64;
            let cap = u32::from(Value::MAX_DTM);
            match passes(rules, work, &sparse, &seeds, n, cap, &mut scan, &mut next, stats, progress) {
                PassesEnd::Done => Ok(counters::UNRESOLVED),
                PassesEnd::Limit(_) => Err(GenerateError::MateTooLong {
                    material: name.to_string(),
                    limit: u32::from(Value::MAX_DTM),
                }),
            }
        }
    }
}

/// How the passes ended: all values known, or distances reached the limit at level `n`.
enum PassesEnd {
    Done,
    Limit(u32),
}

/// The passes for n, n + 1, n + 2, … from `n0` until nothing changes, or until distances would
/// pass `cap` (or reach the counters).
#[allow(clippy::too_many_arguments)]
fn passes<R: RetroRules, C: Counters>(
    rules: &R,
    work: &Work<'_>,
    counters: &C,
    seeds: &Seeds,
    n0: u32,
    cap: u32,
    scan: &mut Vec<AtomicBool>,
    next: &mut Vec<AtomicBool>,
    stats: &mut GenerateStats,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> PassesEnd {
    let limit = cap.min(u32::from(counters.distance_limit()) - 1);
    let mut n = n0;
    loop {
        if n + 2 > limit {
            return PassesEnd::Limit(n);
        }
        stats.passes += 1;
        let label = format!("mate {n}");
        let win = (n + 1) as u8;
        let make_win = |target: u64| {
            if work.update(target, |b| counters.is_unresolved(b).then_some(win)).is_ok() {
                mark(next, target);
            }
        };
        let losses = pass(rules, work, n as u8, scan, &label, progress, |target, _| make_win(target));
        seeds.at(n + 1).par_iter().for_each(|&slot| make_win(u64::from(slot)));
        advance(scan, next);
        if losses == 0 && !seeds.any_from(n + 1) {
            return PassesEnd::Done;
        }
        if losses > 0 {
            stats.longest = n as u16;
        }
        stats.passes += 1;
        let label = format!("mate {}", n + 1);
        let loss = (n + 2) as u8;
        let take = |target: u64, weight: u8| {
            if weight != 0 && counters.take(work, target, weight, loss) {
                mark(next, target);
            }
        };
        let wins = pass(rules, work, win, scan, &label, progress, take);
        seeds.at(n + 2).par_iter().for_each(|&slot| take(u64::from(slot), 1));
        advance(scan, next);
        if wins == 0 && !seeds.any_from(n + 2) {
            return PassesEnd::Done;
        }
        if wins > 0 {
            stats.longest = (n + 1) as u16;
        }
        n += 2;
    }
}

/// Calls the predecessors of every slot holding `level` (a loss in 0 being the positions without
/// a legal move), with `update(slot, weight)`; returns how many slots held `level`.
fn pass<R: RetroRules>(
    rules: &R,
    work: &Work<'_>,
    level: u8,
    scan: &[AtomicBool],
    label: &str,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
    update: impl Fn(u64, u8) + Sync,
) -> u64 {
    let found = AtomicU64::new(0);
    for_each_chunk(work.len(), label, progress, |start, end| {
        if !scan[(start / CHUNK) as usize].load(Ordering::Relaxed) {
            return;
        }
        let mut count = 0;
        // Updates wait in a batch whose slots are prefetched, so that their cache misses overlap.
        let mut batch: Vec<(u64, u8)> = Vec::with_capacity(BATCH + 256);
        work.scan(start, end, level, |index| {
            count += 1;
            if let Some(pos) = rules.decode_legal(index) {
                rules.predecessors(&pos, level == 0, &mut |target, weight| {
                    work.prefetch(target);
                    batch.push((target, weight));
                });
            }
            if batch.len() >= BATCH {
                batch.drain(..).for_each(|(target, weight)| update(target, weight));
            }
        });
        batch.drain(..).for_each(|(target, weight)| update(target, weight));
        found.fetch_add(count, Ordering::Relaxed);
    });
    found.load(Ordering::Relaxed)
}

/// Rewrites work bytes as [`Value`] bytes: bytes from `unresolved` up to 254 (counters) become
/// draws, distances `d` become `d + 1`.
fn finish(bytes: &mut [u8], unresolved: u8, progress: Option<&(dyn Fn(Progress<'_>) + Sync)>) {
    let total = bytes.len() as u64;
    bytes.par_chunks_mut(CHUNK as usize).for_each(|chunk| {
        for b in chunk.iter_mut() {
            *b = match *b {
                ILLEGAL => Value::ILLEGAL.to_byte(),
                b if b >= unresolved => Value::DRAW.to_byte(),
                b => b + 1,
            };
        }
    });
    if let Some(report) = progress {
        report(Progress { phase: "values", done: total, total });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::{expected, Piles};

    #[test]
    fn values_are_those_of_the_rules() {
        for threads in [1, 2] {
            let options = GenerateOptions { threads: Some(threads), progress: None };
            let (values, stats) = retrograde(&Piles(40), "piles", &options).expect("generates");
            assert_eq!(values, expected(40));
            assert_eq!(stats.longest, 26);
        }
    }

    /// How [`ExitPiles`] has its moves counted.
    #[derive(Clone, Copy, PartialEq)]
    enum Counting {
        Forward,
        Unmoves,
        Successors,
    }

    /// The piles with moves that leave the set (a pile of `i ≡ 4 (mod 5)` may leave winning in
    /// 1, one of `i ≡ 6 (mod 7)` losing in 2), their other moves counted forward, from the
    /// un-moves or from the successors.
    struct ExitPiles {
        piles: Piles,
        counting: Counting,
    }

    impl RetroRules for ExitPiles {
        type Pos = u64;

        fn size(&self) -> u64 {
            self.piles.size()
        }

        fn decode(&self, index: u64) -> Option<u64> {
            self.piles.decode(index)
        }

        fn counts_moves_by_predecessors(&self) -> bool {
            // Also when counting from successors, which must take precedence.
            self.counting != Counting::Forward
        }

        fn counts_moves_by_successors(&self) -> bool {
            self.counting == Counting::Successors
        }

        fn move_count(&self, pos: &u64) -> u32 {
            // Asked only when counting forward: a count of 0 from the other sides would show.
            if self.counting == Counting::Forward {
                self.piles.move_count(pos)
            } else {
                0
            }
        }

        fn successors(&self, pos: &u64, emit: &mut dyn FnMut(u64)) {
            // Also the illegal last slot, which must not be counted.
            self.piles.children(pos, emit);
            emit(self.piles.size() - 1);
        }

        fn exit_value(&self, &pos: &u64) -> Option<Value> {
            let n = self.piles.0;
            match (pos < n && pos % 5 == 4, pos < n && pos % 7 == 6) {
                (true, _) => Value::mate(1),
                (false, true) => Value::mate(2),
                _ => None,
            }
        }

        fn predecessors(&self, pos: &u64, no_moves: bool, emit: &mut dyn FnMut(u64, u8)) {
            self.piles.predecessors(pos, no_moves, emit);
        }

        fn in_check(&self, pos: &u64) -> bool {
            self.piles.in_check(pos)
        }

        fn children(&self, pos: &u64, emit: &mut dyn FnMut(u64)) {
            self.piles.children(pos, emit);
        }
    }

    #[test]
    fn counts_from_unmoves_or_successors_give_the_same_values() {
        for threads in [1, 2] {
            let options = GenerateOptions { threads: Some(threads), progress: None };
            let generate = |counting| {
                retrograde(&ExitPiles { piles: Piles(40), counting }, "piles", &options).expect("generates")
            };
            let (forward, forward_stats) = generate(Counting::Forward);
            assert!(forward != expected(40), "the exits must change some values");
            for counting in [Counting::Unmoves, Counting::Successors] {
                let (counted, counted_stats) = generate(counting);
                assert_eq!(counted, forward);
                assert_eq!(counted_stats, forward_stats);
            }
        }
    }

    /// Moving the counters to the side table part-way gives the same values as keeping them in
    /// the work bytes.
    #[test]
    fn side_table_keeps_values() {
        let rules = Piles(40);
        let (narrow, narrow_stats) = retrograde_capped(&rules, "piles", None, u32::MAX).expect("generates");
        let (wide, wide_stats) = retrograde_capped(&rules, "piles", None, 9).expect("generates");
        assert!(narrow_stats.longest > 9, "the cap must fall inside the table's distances");
        assert!(wide_stats.side_table > 0);
        assert_eq!(narrow_stats.longest, wide_stats.longest);
        assert!(narrow == wide, "values differ after moving the counters");
    }
}
