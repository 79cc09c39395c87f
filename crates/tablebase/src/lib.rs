//! Minishogi endgame tablebases: material sets, indexing, retrograde generation, the table file
//! format, probing and verification.
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
//! let pos = Position::from_sfen("4k/5/4P/5/K4 b G 1").unwrap();
//! assert_eq!(tb.value(&pos).unwrap(), None); // no table for GP in the directory
//! let pos = Position::from_sfen("4k/5/5/5/K4 b G 1").unwrap();
//! let probe = tb.probe(&pos).unwrap().unwrap();
//! assert!(probe.value.is_win());
//! let line = tb.line(&pos).unwrap().unwrap();
//! assert_eq!(line.len() as u16, probe.value.dtm().unwrap());
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

mod build;
mod build_run;
mod draw_count;
mod draw_value;
mod error;
mod exact;
mod format;
mod generate;
mod index;
mod material;
mod material_table;
mod memory;
mod memory_check;
mod minishogi_retro;
mod placement;
mod probe_answer;
mod progress;
mod repetition;
mod retro_rules;
mod rewritten_table;
mod table;
mod table_info;
mod tablebase;
mod thread_pool;
mod units;
mod value;
mod value_counts;
mod verdict;
mod verified_table;
mod verify;
mod verify_repetition;
mod write;

pub use build::{
    build_table, memory_needed, plan_build, requested_sets, BuildPlan, BuildSummary, MemoryNeed, Present,
    DEFAULT_BUILD_PIECES, MAX_BUILD_PIECES,
};
pub use build_run::{build_tables, BuildEvent, BuildRun};
pub use draw_value::{Case, CycleOutcome, DrawValue};
pub use error::TablebaseError;
pub use exact::ExactProbe;
pub use format::{
    table_file_name, Header, EXTENSION, FORMAT_VERSION, MAGIC, OLDEST_FORMAT_VERSION, RULE_SET,
    TRANSFORM_DONT_CARE, TRANSFORM_NONE,
};
pub use generate::{
    generate, generate_with_stats, repetition_values, retrograde, GenerateError, GenerateOptions,
    GenerateStats,
};
pub use index::{Indexer, SCHEME_VERSION};
pub use material::{Material, MaterialError, MAX_PER_KIND};
pub use material_table::{best_move, positions_covered, MaterialTable, RewriteSummary};
pub use memory::{available_memory, peak_memory, release_free_memory};
pub use memory_check::MemoryCheck;
pub use minishogi_retro::{MinishogiRetro, RetroPos};
pub use probe_answer::ProbeAnswer;
pub use progress::Progress;
pub use repetition::RepetitionValues;
pub use retro_rules::RetroRules;
pub use rewritten_table::RewrittenTable;
pub use table::{Table, DEFAULT_CACHE_BLOCKS};
pub use table_info::{OutcomeCount, TableInfo};
pub use tablebase::{OnTheFly, Probe, Tablebase};
pub use thread_pool::{with_threads, ThreadPoolError};
pub use value::Value;
pub use value_counts::ValueCounts;
pub use verdict::{By, Verdict, Wdl};
pub use verified_table::VerifiedTable;
pub use verify::{verify, VerifyError, VerifyReport};
pub use verify_repetition::{verify_repetition, RepetitionError, RepetitionReport};
pub use write::{
    write_table, write_table_for_rules, write_table_with_repetition, WriteOptions, WriteSummary,
};
