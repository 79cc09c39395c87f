//! Building tables into a directory: which sets need a table, the memory a run needs, and one
//! table generated and written.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use minishogi_retro::memory::release_free_memory;
use minishogi_retro::{GenerateOptions, GenerateStats, Progress, WriteOptions, WriteSummary};

use crate::error::TablebaseError;
use crate::files::table_file_name;
use crate::generate::{generate_with_stats, repetition_values_of_draws};
use crate::index::Indexer;
use crate::material::Material;
use crate::material_table::MaterialTable;
use crate::repetition_analysis::draw_set;
use crate::write::{compress_table, write_compressed_table};

/// The most pieces (besides the kings) of the sets tables are built for: four pieces would need
/// about 10¹⁰ slots, beyond what one machine builds.
pub const MAX_BUILD_PIECES: u32 = 3;

/// Every set of at most this many pieces is built when a run names no set and no piece count.
pub const DEFAULT_BUILD_PIECES: u32 = 2;

/// The sets a run is asked for: the `named` ones, then every set of at most `max_pieces` pieces;
/// with neither, every set of at most [`DEFAULT_BUILD_PIECES`] pieces. A set named twice stays
/// twice ([`plan_build`] builds it once).
pub fn requested_sets(named: &[Material], max_pieces: Option<u32>) -> Vec<Material> {
    let max_pieces = max_pieces.or(named.is_empty().then_some(DEFAULT_BUILD_PIECES));
    named.iter().copied().chain(max_pieces.map_or(Vec::new(), Material::all_up_to)).collect()
}

/// A set whose table is already in the directory with a valid header.
#[derive(Clone, Debug)]
pub struct Present {
    /// The set.
    pub material: Material,
    /// Its file.
    pub path: PathBuf,
}

/// Which tables of a run to build and which to keep.
#[derive(Debug, Default)]
pub struct BuildPlan {
    /// Sets to generate, in the order given (duplicates removed).
    pub todo: Vec<Material>,
    /// Sets kept: their table is present with a valid header.
    pub present: Vec<Present>,
    /// Sets whose file exists but does not open as their table (it is regenerated), with why.
    pub replaced: Vec<(Material, TablebaseError)>,
    /// Sets whose table is present without repetition values (it predates them and is
    /// regenerated).
    pub mate_only: Vec<Material>,
}

/// Decides, for each of `sets`, whether its table in `dir` is kept or built; with `force`, all
/// are built.
pub fn plan_build(dir: &Path, sets: &[Material], force: bool) -> BuildPlan {
    let mut plan = BuildPlan::default();
    let mut seen = HashSet::new();
    for &material in sets.iter().filter(|m| seen.insert(**m)) {
        let path = dir.join(table_file_name(&material));
        if path.exists() && !force {
            match MaterialTable::open(&path, &material) {
                Ok(t) if !t.has_repetition() => plan.mate_only.push(material),
                Ok(_) => {
                    plan.present.push(Present { material, path });
                    continue;
                }
                Err(e) => plan.replaced.push((material, e)),
            }
        }
        plan.todo.push(material);
    }
    plan
}

/// The memory a run needs: that of its largest table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryNeed {
    /// The largest set of the run.
    pub largest: Material,
    /// Its slots.
    pub slots: u64,
    /// Bytes needed to generate and write it.
    pub bytes: u64,
}

/// The memory needed to build the tables of `sets` one after the other (`None` for no set).
pub fn memory_needed(sets: &[Material]) -> Option<MemoryNeed> {
    let (slots, largest) = sets.iter().map(|m| (Indexer::new(m).size(), *m)).max_by_key(|&(s, _)| s)?;
    // One byte per slot for the values, plus the generator's work bits and, after the values are
    // compressed into the file and dropped, the repetition analysis's arrays (under half a byte per
    // slot in every table measured), and slack. A set whose mates outgrow the work byte also keeps three
    // bytes per then unresolved position in a side table (RRP: 4.2 M positions, 12 MiB).
    let bytes = slots + slots / 2 + (64 << 20);
    Some(MemoryNeed { largest, slots, bytes })
}

/// What [`build_table`] did.
#[derive(Clone, Debug)]
pub struct BuildSummary {
    /// The set.
    pub material: Material,
    /// Generation statistics (longest mate, passes).
    pub stats: GenerateStats,
    /// The file written.
    pub written: WriteSummary,
    /// Mate-only draws, which got repetition values.
    pub draws: u64,
    /// Time spent generating (both analyses).
    pub generate_time: Duration,
    /// Part of it spent on the repetition values.
    pub repetition_time: Duration,
    /// Time spent compressing and writing.
    pub write_time: Duration,
}

/// Generates the table of `material` on the current thread pool and writes it into `dir` at zstd
/// `level`. `progress` reports the generation phases (see [`Progress`]) and then `"compress"`
/// (blocks written).
pub fn build_table(
    material: &Material,
    dir: &Path,
    level: i32,
    progress: &(dyn Fn(Progress<'_>) + Sync),
) -> Result<BuildSummary, TablebaseError> {
    let start = Instant::now();
    let options = GenerateOptions { threads: None, progress: Some(progress) };
    let (values, stats) = generate_with_stats(material, &options)?;
    let mate = MateOnly { values, stats, time: start.elapsed() };
    build_table_from_values(material, mate, dir, level, progress)
}

/// The mate-only values of a table computed elsewhere (by [`crate::generate()`] or by the
/// partitioned analysis, [`crate::partitioned::generate_partitioned`]), for [`build_table_from_values`].
#[derive(Clone, Debug)]
pub struct MateOnly {
    /// The [`minishogi_retro::Value`] byte of every slot, 255 in the slots the index calls illegal.
    pub values: Vec<u8>,
    /// Longest mate and passes.
    pub stats: GenerateStats,
    /// Time it took (reported as part of [`BuildSummary::generate_time`]).
    pub time: Duration,
}

/// Finishes the table of `material` from its mate-only values: the values compressed into the
/// table's temporary file in `dir` at zstd `level`, the repetition analysis of the mate-only
/// draws, and the atomic write. The file is byte for byte the one [`build_table`] writes from the
/// same values (which it does through this function).
pub fn build_table_from_values(
    material: &Material,
    mate: MateOnly,
    dir: &Path,
    level: i32,
    progress: &(dyn Fn(Progress<'_>) + Sync),
) -> Result<BuildSummary, TablebaseError> {
    let start = Instant::now();
    let MateOnly { values, stats, time: mate_time } = mate;
    let options = GenerateOptions { threads: None, progress: Some(progress) };
    // The values are compressed into the file first and dropped: the repetition analysis then
    // needs only the set of draws (an eighth of a byte per slot) besides its own arrays.
    let draws = draw_set(*material, &values)?;
    let path = dir.join(table_file_name(material));
    let write_options = WriteOptions { level, ..WriteOptions::default() };
    let total = values.len().div_ceil(write_options.block_size.max(1) as usize) as u64;
    let indexer = Indexer::new(material);
    let compressed =
        compress_table(&path, &material.name(), &indexer.params(), &values, true, &write_options, &|done| {
            progress(Progress { phase: "compress", done, total })
        })?;
    drop(values);
    release_free_memory();
    let analysed = Instant::now();
    let repetition = repetition_values_of_draws(material, draws, &options)?;
    let repetition_time = analysed.elapsed();
    let written = write_compressed_table(compressed, &path, Some(&repetition))?;
    let draws = repetition.len() as u64;
    drop(repetition);
    // The analysis's arrays were large and many: hand them back before the next phase (checking
    // the file, or the next table) allocates its own.
    release_free_memory();
    let finish_time = start.elapsed();
    Ok(BuildSummary {
        material: *material,
        stats,
        written,
        draws,
        generate_time: mate_time + repetition_time,
        repetition_time,
        write_time: finish_time - repetition_time,
    })
}

#[cfg(test)]
mod tests {
    use super::{requested_sets, DEFAULT_BUILD_PIECES};
    use crate::material::Material;

    #[test]
    fn requested_sets_are_the_named_then_the_small_ones_or_the_default() {
        let rg = Material::parse("RG").expect("a set");
        assert_eq!(requested_sets(&[rg], None), vec![rg]);
        let up_to_one = Material::all_up_to(1);
        assert_eq!(requested_sets(&[rg], Some(1)), [vec![rg], up_to_one.clone()].concat());
        assert_eq!(requested_sets(&[], Some(1)), up_to_one);
        assert_eq!(requested_sets(&[], None), Material::all_up_to(DEFAULT_BUILD_PIECES));
    }
}
