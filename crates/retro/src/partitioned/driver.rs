//! The partitioned analysis run in one process: every partition's rounds in turn (rayon over
//! partitions and over chunks within each), with the messages exchanged in memory and counted.
//! A cluster driver does the same with partitions in other processes (see
//! `docs/tablebase/distributed.md`).

use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::error::PartitionError;
use super::message::Message;
use super::partition::{Applied, Expansion, Partition};
use super::partitioning::Partitioning;
use crate::generate::GenerateStats;
use crate::rules::RetroRules;
use crate::thread_pool::with_threads;

/// Options of [`retrograde_partitioned`].
#[derive(Clone, Copy, Debug, Default)]
pub struct PartitionedOptions {
    /// Worker threads; `None` uses the current rayon pool. The values do not depend on it.
    pub threads: Option<usize>,
    /// Ship every message through [`Message::to_bytes`] and [`Message::from_bytes`], as between
    /// processes (costs a copy; the values are the same).
    pub through_bytes: bool,
    /// Move counters to the side table once distances reach this (tests; `None` as in
    /// [`crate::retrograde`]).
    pub byte_cap: Option<u32>,
}

/// Messages of one kind of route (within a partition or across partitions) in a round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Volume {
    /// Messages (at most one per source and destination).
    pub messages: u64,
    /// Slots listed, repeats within a message merged.
    pub slots: u64,
    /// Bytes framed ([`Message::framed_len`]).
    pub bytes: u64,
}

impl Volume {
    fn add(&mut self, m: &Message) {
        self.messages += 1;
        self.slots += m.count;
        self.bytes += m.framed_len() as u64;
    }
}

/// One bulk-synchronous round: the slots at distance `level` expanded, messages exchanged and
/// applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Round {
    /// Distance of the slots expanded (even: losses, whose predecessors become wins; odd: wins,
    /// whose predecessors lose moves).
    pub level: u32,
    /// Slots at that distance, over all partitions.
    pub expanded: u64,
    /// Slots resolved at distance `level + 1`.
    pub resolved: u64,
    /// Messages a partition sent itself.
    pub local: Volume,
    /// Messages between different partitions.
    pub cross: Volume,
    /// Wall time of the round.
    pub time: Duration,
}

/// What [`retrograde_partitioned`] computed.
#[derive(Clone, Debug)]
pub struct PartitionedRun {
    /// The [`crate::Value`] byte of every slot, as [`crate::retrograde`] gives them.
    pub values: Vec<u8>,
    /// Longest mate and passes as [`crate::retrograde`] counts them; `side_table` sums the
    /// partitions' side tables (each partition switches at its own floor).
    pub stats: GenerateStats,
    /// Every round, in order.
    pub rounds: Vec<Round>,
    /// Time of the initial pass (decoding and counting moves).
    pub init_time: Duration,
    /// Time of the whole run.
    pub time: Duration,
}

/// The mate-only values of `rules`' index (the bytes [`crate::retrograde`] gives), computed as
/// bulk-synchronous rounds over the partitions of `partitioning`, with the messages of every
/// round counted.
pub fn retrograde_partitioned<R: RetroRules>(
    rules: &R,
    name: &str,
    partitioning: &Partitioning,
    options: &PartitionedOptions,
) -> Result<PartitionedRun, PartitionError> {
    with_threads(options.threads, || run(rules, name, partitioning, options))
        .map_err(|e| PartitionError::Generate(e.into()))?
}

fn run<R: RetroRules>(
    rules: &R,
    name: &str,
    partitioning: &Partitioning,
    options: &PartitionedOptions,
) -> Result<PartitionedRun, PartitionError> {
    let start = Instant::now();
    let mut parts: Vec<Partition> = (0..partitioning.parts())
        .into_par_iter()
        .map(|p| Partition::new(rules, name, partitioning, p, options.byte_cap))
        .collect::<Result<_, _>>()?;
    let init_time = start.elapsed();
    let (mut stats, mut rounds) = (GenerateStats::default(), Vec::new());
    let mut level = 0;
    loop {
        let round_start = Instant::now();
        stats.passes += 1;
        let expansions: Vec<Expansion> =
            parts.par_iter_mut().map(|p| p.expand(rules, level)).collect::<Result<_, _>>()?;
        let (mut local, mut cross) = (Volume::default(), Volume::default());
        let mut inboxes: Vec<Vec<Message>> = vec![Vec::new(); parts.len()];
        let expanded = expansions.iter().map(|e| e.expanded).sum();
        for m in expansions.into_iter().flat_map(|e| e.messages) {
            if m.from == m.to {
                local.add(&m)
            } else {
                cross.add(&m)
            }
            let m = if options.through_bytes { Message::from_bytes(&m.to_bytes())? } else { m };
            inboxes[m.to as usize].push(m);
        }
        let applied: Vec<Applied> = parts
            .par_iter_mut()
            .zip(inboxes)
            .map(|(p, inbox)| p.apply(level, &inbox))
            .collect::<Result<_, _>>()?;
        let resolved = applied.iter().map(|a| a.resolved).sum();
        rounds.push(Round { level, expanded, resolved, local, cross, time: round_start.elapsed() });
        if expanded > 0 {
            stats.longest = level as u16;
        }
        if expanded == 0 && !applied.iter().any(|a| a.seeds_ahead) {
            break;
        }
        level += 1;
    }
    stats.side_table = parts.iter().map(Partition::side_table).sum();
    let mut values = Vec::with_capacity(partitioning.size() as usize);
    for p in parts {
        values.extend_from_slice(&p.finish()?);
    }
    Ok(PartitionedRun { values, stats, rounds, init_time, time: start.elapsed() })
}
