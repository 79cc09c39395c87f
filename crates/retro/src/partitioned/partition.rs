//! One partition of a table in the bulk-synchronous retrograde analysis: its slice of work bytes
//! and the two steps of a round, expand (messages out) and apply (messages in).
//!
//! The work bytes are those of the shared-memory generator ([`crate::retrograde`]): 255 illegal,
//! a distance `d` below the counters, a counter `c` stored as `255 − c` from the partition's
//! floor `255 − most moves` up (or 254 with the counter in a [`SideCounters`] table once mates
//! outgrow the byte). A round at level `n` expands the partition's slots at distance `n` into
//! their predecessors, grouped by destination partition ([`Partition::expand`]); then each
//! partition applies the messages addressed to it ([`Partition::apply`]): at even `n` marking
//! unresolved slots wins in `n + 1`, at odd `n` taking moves off counters, a counter reaching
//! zero making a loss in `n + 1`. Marks are idempotent and decrements commute, so the values do
//! not depend on the order of messages.

use rayon::prelude::*;

use super::chunk::{ChunkFlags, CHUNK, ILLEGAL};
use super::error::PartitionError;
use super::message::{Message, MessageKind};
use super::partitioning::Partitioning;
use super::side_counters::{SideCounters, UNRESOLVED};
use crate::generate::{GenerateError, MAX_MOVES};
use crate::rules::RetroRules;
use crate::value::Value;

/// The step a partition waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// Expanding the slots at this distance.
    Expand(u32),
    /// Applying the messages of the round at this distance.
    Apply(u32),
    /// An error left the partition unusable.
    Failed,
}

/// What [`Partition::expand`] produced.
#[derive(Clone, Debug)]
pub struct Expansion {
    /// The round's level (distance of the slots expanded).
    pub level: u32,
    /// Slots of the partition at that distance.
    pub expanded: u64,
    /// Predecessor messages, at most one per destination partition (own partition included).
    pub messages: Vec<Message>,
}

/// What [`Partition::apply`] resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Applied {
    /// The round's level.
    pub level: u32,
    /// Slots newly resolved at distance `level + 1`.
    pub resolved: u64,
    /// True when moves leaving the set still resolve slots of this partition at distance
    /// `level + 1` or later (the analysis may not stop yet; never for Minishogi).
    pub seeds_ahead: bool,
}

/// A chunk after the initial pass: its most moves, whether a position has none, and the slots
/// (offsets in the partition) that moves leaving the set resolve, with their distances.
type ChunkStart = (u32, bool, Vec<(u64, u8)>);

/// A chunk's expansion: slots at the level, their `(predecessor, weight)` pairs, and a
/// predecessor outside the index if the rules reported one.
type ChunkPredecessors = (u64, Vec<(u64, u8)>, Option<u64>);

/// One contiguous range of a table's slots with its work bytes (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    pub(super) name: String,
    pub(super) index: u32,
    pub(super) bounds: Vec<u64>,
    pub(super) work: Vec<u8>,
    /// Lowest counter byte while counters are in the work bytes.
    pub(super) floor: u8,
    pub(super) side: Option<SideCounters>,
    /// Distances at which the counters leave the work bytes at the latest (tests force it).
    pub(super) byte_cap: u32,
    /// Chunks holding slots at the level to expand next.
    pub(super) scan: ChunkFlags,
    /// Chunks receiving slots in the round being applied.
    pub(super) next: ChunkFlags,
    /// Offsets resolved by moves leaving the set, per distance (empty for closed sets).
    pub(super) seeds: Vec<Vec<u64>>,
    pub(super) step: Step,
}

impl Partition {
    /// Partition `index` of `partitioning` over `rules`' index, after the initial pass: every slot
    /// decoded, illegal ones marked, positions without a legal move losses in 0, the others
    /// holding their move counters. `name` names the set in errors; `byte_cap` (normally `None`)
    /// moves the counters to the side table once distances reach it.
    pub fn new<R: RetroRules>(
        rules: &R,
        name: &str,
        partitioning: &Partitioning,
        index: usize,
        byte_cap: Option<u32>,
    ) -> Result<Partition, PartitionError> {
        if partitioning.size() != rules.size() {
            return Err(PartitionError::Partitioning(format!(
                "{} slots partitioned, the index has {}",
                partitioning.size(),
                rules.size()
            )));
        }
        let range = partitioning
            .range(index)
            .ok_or_else(|| PartitionError::Partitioning(format!("no partition {index}")))?;
        let too_large =
            || GenerateError::TooLarge { material: name.to_string(), slots: range.end - range.start };
        let len = usize::try_from(range.end - range.start).map_err(|_| too_large())?;
        let mut work = crate::memory::zeroed(len);
        let chunks: Vec<ChunkStart> = work
            .par_chunks_mut(CHUNK)
            .enumerate()
            .map(|(c, bytes)| {
                let start = range.start + (c * CHUNK) as u64;
                bytes.fill(ILLEGAL);
                let (mut most, mut mated, mut seeds) = (0, false, Vec::new());
                rules.decode_range(start, start + bytes.len() as u64, &mut |slot, pos| {
                    let Some(pos) = pos else { return };
                    let exit = rules.exit_value(&pos);
                    // Moves that leave the set count as one more move (see `generate::seeds`).
                    let n = rules.move_count(&pos) + u32::from(exit.is_some());
                    if let Some(d) = exit.and_then(Value::dtm) {
                        seeds.push((slot - range.start, d.min(255) as u8));
                    }
                    most = most.max(n);
                    bytes[(slot - start) as usize] = if n == 0 {
                        mated = true;
                        0
                    } else {
                        ILLEGAL - n.min(MAX_MOVES) as u8
                    };
                });
                (most, mated, seeds)
            })
            .collect();
        let most = chunks.iter().map(|c| c.0).max().unwrap_or(0);
        if most > MAX_MOVES {
            return Err(GenerateError::TooManyMoves { material: name.to_string(), moves: most }.into());
        }
        let mut scan = ChunkFlags::new(len);
        let mut seeds: Vec<Vec<u64>> = Vec::new();
        for (c, (_, mated, chunk_seeds)) in chunks.into_iter().enumerate() {
            scan.0[c] = mated;
            for (offset, d) in chunk_seeds {
                if seeds.len() <= d as usize {
                    seeds.resize(d as usize + 1, Vec::new());
                }
                seeds[d as usize].push(offset);
            }
        }
        Ok(Partition {
            name: name.to_string(),
            index: index as u32,
            bounds: partitioning.bounds().to_vec(),
            work,
            floor: ILLEGAL - most.max(1) as u8,
            side: None,
            byte_cap: byte_cap.unwrap_or(u32::MAX),
            next: ChunkFlags::new(len),
            scan,
            seeds,
            step: Step::Expand(0),
        })
    }

    /// The partition's number in its partitioning.
    pub fn index(&self) -> usize {
        self.index as usize
    }

    /// The name of the set, as given to [`Partition::new`] (saved with the state).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The bounds of the partitioning the partition belongs to.
    pub fn bounds(&self) -> &[u64] {
        &self.bounds
    }

    /// The first slot of the partition.
    pub fn start(&self) -> u64 {
        self.bounds[self.index as usize]
    }

    /// Number of slots of the partition.
    pub fn len(&self) -> u64 {
        self.work.len() as u64
    }

    /// True for a partition without slots (never: partitions are non-empty).
    pub fn is_empty(&self) -> bool {
        self.work.is_empty()
    }

    /// The level of the next round, if the partition waits for an expansion.
    pub fn next_level(&self) -> Option<u32> {
        match self.step {
            Step::Expand(n) => Some(n),
            _ => None,
        }
    }

    /// Unresolved positions whose counters moved to the side table (0 unless mates grew too long
    /// for the work byte).
    pub fn side_table(&self) -> u64 {
        self.side.as_ref().map_or(0, |s| s.len() as u64)
    }

    /// First step of the round at `level`: the predecessors of every slot of the partition at
    /// distance `level`, as messages per destination partition (see [`MessageKind::of_level`]).
    pub fn expand<R: RetroRules>(&mut self, rules: &R, level: u32) -> Result<Expansion, PartitionError> {
        self.expect(Step::Expand(level), "expand", level)?;
        if level.is_multiple_of(2) {
            if let Err(e) = self.make_room(level) {
                self.step = Step::Failed;
                return Err(e);
            }
        }
        let kind = MessageKind::of_level(level);
        let (start, size) = (self.start(), *self.bounds.last().unwrap_or(&0));
        let byte = level as u8;
        let work = &self.work;
        let found: Vec<ChunkPredecessors> = self
            .scan
            .flagged()
            .into_par_iter()
            .map(|c| {
                let (mut count, mut targets, mut outside) = (0, Vec::new(), None);
                let first = c * CHUNK;
                for (k, &b) in work[first..(first + CHUNK).min(work.len())].iter().enumerate() {
                    if b != byte {
                        continue;
                    }
                    count += 1;
                    let Some(pos) = rules.decode_legal(start + (first + k) as u64) else { continue };
                    rules.predecessors(&pos, level == 0, &mut |target, weight| {
                        if target >= size {
                            outside = Some(target);
                        } else if kind == MessageKind::Win {
                            targets.push((target, 1));
                        } else if weight != 0 {
                            targets.push((target, weight));
                        }
                    });
                }
                (count, targets, outside)
            })
            .collect();
        if let Some(slot) = found.iter().find_map(|f| f.2) {
            self.step = Step::Failed;
            return Err(PartitionError::SlotOutOfRange { slot, size });
        }
        let expanded = found.iter().map(|f| f.0).sum();
        let mut targets: Vec<(u64, u8)> = Vec::with_capacity(found.iter().map(|f| f.1.len()).sum());
        found.into_iter().for_each(|f| targets.extend(f.1));
        targets.par_sort_unstable_by_key(|t| t.0);
        let mut messages = Vec::new();
        let mut rest = &targets[..];
        for (to, w) in self.bounds.windows(2).enumerate() {
            let split = rest.partition_point(|t| t.0 < w[1]);
            let (mine, after) = rest.split_at(split);
            rest = after;
            if !mine.is_empty() {
                messages.push(Message::encode_from(kind, level, self.index, to as u32, w[0], mine));
            }
        }
        self.step = Step::Apply(level);
        Ok(Expansion { level, expanded, messages })
    }

    /// Second step of the round at `level`: applies every message addressed to this partition in
    /// that round (any order; none from a partition that found nothing), then the moves leaving
    /// the set that resolve slots at `level + 1`.
    pub fn apply(&mut self, level: u32, messages: &[Message]) -> Result<Applied, PartitionError> {
        self.expect(Step::Apply(level), "apply", level)?;
        let kind = MessageKind::of_level(level);
        let parts = self.bounds.len() - 1;
        let index = self.index;
        let bad = move |detail: String| PartitionError::Message { partition: index, detail };
        if let Some(m) = messages.iter().find(|m| m.to != self.index || m.level != level || m.kind != kind) {
            return Err(bad(format!(
                "a {:?} message of level {} for partition {} in the round at level {level}",
                m.kind, m.level, m.to
            )));
        }
        if let Some(m) = messages.iter().find(|m| m.from as usize >= parts) {
            return Err(bad(format!("a message from partition {} of {parts}", m.from)));
        }
        let distance = (level + 1) as u8;
        let len = self.len();
        let mut resolved = 0;
        for m in messages {
            for t in m.targets() {
                let entry = t.and_then(|t| match t.0 < len {
                    true => Ok(t),
                    false => Err(bad(format!("slot offset {} beyond the partition's {len}", t.0))),
                });
                let (offset, weight) = match entry {
                    Ok(t) => t,
                    Err(e) => {
                        self.step = Step::Failed;
                        return Err(e);
                    }
                };
                resolved += u64::from(self.resolve(kind, offset as usize, weight, distance));
            }
        }
        let seeds = self.seeds.get(level as usize + 1).cloned().unwrap_or_default();
        for offset in seeds {
            resolved += u64::from(self.resolve(kind, offset as usize, 1, distance));
        }
        std::mem::swap(&mut self.scan, &mut self.next);
        self.next.clear();
        self.step = Step::Expand(level + 1);
        let seeds_ahead = self.seeds.iter().skip(level as usize + 1).any(|s| !s.is_empty());
        Ok(Applied { level, resolved, seeds_ahead })
    }

    /// The [`Value`] bytes of the partition's slots once the rounds are over: counters left are
    /// draws, distances `d` become `d + 1`.
    pub fn finish(self) -> Result<Vec<u8>, PartitionError> {
        if !matches!(self.step, Step::Expand(_)) {
            let expected = format!("{:?}", self.step).to_lowercase();
            return Err(PartitionError::OutOfOrder { partition: self.index, expected, got: "finish".into() });
        }
        let unresolved = if self.side.is_some() { UNRESOLVED } else { self.floor };
        let mut values = self.work;
        values.par_chunks_mut(CHUNK).for_each(|chunk| {
            for b in chunk.iter_mut() {
                *b = match *b {
                    ILLEGAL => Value::ILLEGAL.to_byte(),
                    b if b >= unresolved => Value::DRAW.to_byte(),
                    b => b + 1,
                };
            }
        });
        Ok(values)
    }

    /// Resolves the slot at `offset` by one message entry; true when it became `distance`.
    #[inline]
    fn resolve(&mut self, kind: MessageKind, offset: usize, weight: u8, distance: u8) -> bool {
        let b = self.work[offset];
        let done = match (&mut self.side, kind) {
            (None, MessageKind::Win) => b >= self.floor && b != ILLEGAL,
            (Some(_), MessageKind::Win) => b == UNRESOLVED,
            (None, MessageKind::Decrement) => {
                if b < self.floor || b == ILLEGAL {
                    false
                } else if ILLEGAL - b <= weight {
                    true
                } else {
                    self.work[offset] = b + weight;
                    false
                }
            }
            (Some(side), MessageKind::Decrement) => {
                b == UNRESOLVED
                    && side.counter_mut(offset).is_some_and(|c| {
                        let before = *c;
                        *c = c.saturating_sub(weight);
                        before > 0 && before <= weight
                    })
            }
        };
        if done {
            self.work[offset] = distance;
            self.next.mark(offset);
        }
        done
    }

    /// Before the round at even `level` (which writes distances `level + 1` and `level + 2`):
    /// counters leave the work bytes when those distances would reach them; an error when they
    /// pass the encoding's limit.
    fn make_room(&mut self, level: u32) -> Result<(), PartitionError> {
        let max = u32::from(Value::MAX_DTM);
        if self.side.is_none() && level + 2 > self.byte_cap.min(u32::from(self.floor) - 1).min(max) {
            self.side = Some(SideCounters::take_over(&mut self.work, self.floor));
        }
        if level + 2 > max {
            return Err(GenerateError::MateTooLong { material: self.name.clone(), limit: max }.into());
        }
        Ok(())
    }

    /// Checks that `step` is the one the partition waits for.
    fn expect(&mut self, step: Step, called: &str, level: u32) -> Result<(), PartitionError> {
        if self.step == step {
            return Ok(());
        }
        let expected = match self.step {
            Step::Expand(n) => format!("expand({n})"),
            Step::Apply(n) => format!("apply({n})"),
            Step::Failed => "nothing (an earlier step failed)".to_string(),
        };
        Err(PartitionError::OutOfOrder { partition: self.index, expected, got: format!("{called}({level})") })
    }
}
