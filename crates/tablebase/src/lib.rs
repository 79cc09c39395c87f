//! Minishogi endgame tablebases on the game-independent retrograde core of `minishogi-retro`:
//! material sets, the index of their positions, Minishogi's un-moves, the values of mate-only
//! draws under the standard repetition rule, the directory of table files and its probes, and
//! verification against the rules.
//!
//! ```
//! use minishogi::Position;
//! use minishogi_tablebase::*;
//!
//! // Generate the table of a gold against the bare king, write it, probe it through the directory.
//! let dir = std::env::temp_dir().join(format!("tb-doctest-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let gold = Material::parse("G").unwrap();
//! let values = generate(&gold, &GenerateOptions::default()).unwrap();
//! let path = dir.join(table_file_name(&gold));
//! write_table(&path, &gold.name(), &Indexer::new(&gold).params(), &values, &WriteOptions::default(), &|_| {})
//!     .unwrap();
//! let tb = Tablebase::open(&dir).unwrap();
//! let query = Query::default(); // an even game under the standard rules
//! let pos = Position::from_sfen("4k/5/4P/5/K4 b G 1").unwrap();
//! assert_eq!(tb.probe(&pos, query).unwrap(), None); // no table for GP in the directory
//! let pos = Position::from_sfen("4k/5/5/5/K4 b G 1").unwrap();
//! let probe = tb.probe(&pos, query).unwrap().unwrap();
//! assert_eq!((probe.verdict.result, probe.verdict.by), (Wdl::Win, Some(By::Mate)));
//! let line = tb.line(&pos, query).unwrap().unwrap();
//! assert_eq!(line.first(), probe.best.as_ref());
//! assert_eq!(Some(line.len() as u16), probe.verdict.plies);
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

#![forbid(unsafe_code)]

mod build;
mod build_run;
mod children;
mod draw_section;
mod draw_value;
mod error;
mod exact;
mod files;
mod generate;
mod index;
mod material;
mod material_table;
mod memory_check;
mod partitioned;
mod placement;
mod probe;
mod repetition;
mod retro_rules;
mod rewritten_table;
mod table_info;
mod table_partition;
mod tablebase;
mod verdict;
mod verify;
mod verify_repetition;
mod write;

pub use build::{
    build_table, build_table_from_values, memory_needed, plan_build, requested_sets, BuildPlan, BuildSummary,
    MateOnly, MemoryNeed, Present, DEFAULT_BUILD_PIECES, MAX_BUILD_PIECES,
};
pub use build_run::{build_tables, BuildEvent, BuildRun, VerifiedTable};
pub use draw_value::{Case, CycleOutcome, DrawValue};
pub use error::{binary_units, RepetitionAnalysisError, RepetitionError, TablebaseError, VerifyError};
pub use files::{table_file_name, EXTENSION, GAME, RULE_SET};
pub use generate::{generate, generate_with_stats, repetition_values};
pub use index::{Indexer, SCHEME_VERSION};
pub use material::{Material, MaterialError, MAX_PER_KIND};
pub use material_table::{best_move, positions_covered, MaterialTable, RewriteSummary};
pub use memory_check::MemoryCheck;
pub use minishogi_retro::format::{FORMAT_VERSION, TRANSFORM_DONT_CARE, TRANSFORM_NONE};
pub use minishogi_retro::memory::available_memory;
pub use minishogi_retro::partitioned::{
    Applied, PartitionError, PartitionedOptions, PartitionedRun, Partitioning, Round,
};
pub use minishogi_retro::{
    with_threads, BlockProblem, GenerateError, GenerateOptions, GenerateStats, Header, Progress, Table,
    TableError, ThreadPoolError, Value, ValueCounts, VerifyReport, WriteOptions, WriteSummary,
    DEFAULT_CACHE_BLOCKS,
};
pub use partitioned::{build_table_partitioned, generate_partitioned, king_pair_partitioning};
pub use probe::{Probe, Query};
pub use repetition::RepetitionValues;
pub use retro_rules::{MinishogiRetro, RetroPos};
pub use rewritten_table::RewrittenTable;
pub use table_info::{OutcomeCount, TableInfo};
pub use table_partition::{king_pair_bounds, ExpandedBytes, TablePartition};
pub use tablebase::{OnTheFly, Tablebase};
pub use verdict::{By, Verdict, Wdl};
pub use verify::verify;
pub use verify_repetition::{verify_repetition, RepetitionReport};
pub use write::{write_table, write_table_with_repetition};
