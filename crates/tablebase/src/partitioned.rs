//! Minishogi tables by the partitioned (bulk-synchronous) analysis of `minishogi-retro`, split on
//! king pairs: the mate-only values, then the same finishing steps as `tb gen` (repetition
//! values, compression, atomic write), so that the file is byte for byte `tb gen`'s.

use std::path::Path;

use minishogi_retro::partitioned::{
    retrograde_partitioned, PartitionError, PartitionedOptions, PartitionedRun, Partitioning, Round,
};
use minishogi_retro::Progress;

use crate::build::{build_table_from_values, BuildSummary, MateOnly};
use crate::error::TablebaseError;
use crate::index::Indexer;
use crate::material::Material;
use crate::retro_rules::MinishogiRetro;

pub use crate::table_partition::{king_pair_bounds, ExpandedBytes, TablePartition};

/// `parts` partitions of `material`'s index, each a run of whole king pairs (the most significant
/// digit), as equal as possible; at most 234.
pub fn king_pair_partitioning(material: &Material, parts: usize) -> Result<Partitioning, PartitionError> {
    let indexer = Indexer::new(material);
    Partitioning::in_units(indexer.size(), indexer.slots_per_king_pair(), parts)
}

/// The mate-only values of `material` (the bytes of [`crate::generate()`]) by the partitioned
/// analysis over `parts` king-pair partitions, with the messages of every round counted.
pub fn generate_partitioned(
    material: &Material,
    parts: usize,
    options: &PartitionedOptions,
) -> Result<PartitionedRun, PartitionError> {
    let partitioning = king_pair_partitioning(material, parts)?;
    let rules = MinishogiRetro::new(Indexer::new(material));
    retrograde_partitioned(&rules, &material.name(), &partitioning, options)
}

/// Builds the table of `material` into `dir` at zstd `level` as [`crate::build_table`] does, with
/// the mate-only values from [`generate_partitioned`]; returns the build's summary and the rounds.
/// The file is identical to [`crate::build_table`]'s. Runs on `options.threads` (or the current
/// pool); `progress` reports the finishing phases.
pub fn build_table_partitioned(
    material: &Material,
    parts: usize,
    dir: &Path,
    level: i32,
    options: &PartitionedOptions,
    progress: &(dyn Fn(Progress<'_>) + Sync),
) -> Result<(BuildSummary, Vec<Round>), TablebaseError> {
    let run = generate_partitioned(material, parts, options)?;
    let mate = MateOnly { values: run.values, stats: run.stats, time: run.time };
    let summary = minishogi_retro::with_threads(options.threads, || {
        build_table_from_values(material, mate, dir, level, progress)
    })
    .map_err(minishogi_retro::GenerateError::from)??;
    Ok((summary, run.rounds))
}
