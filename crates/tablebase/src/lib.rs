//! Minishogi endgame tablebases on the game-independent retrograde core of `minishogi-retro`:
//! material sets, the index of their positions, Minishogi's un-moves, the values of mate-only
//! draws under the standard repetition rule, the directory of table files and its probes, and
//! verification against the rules.
//!
//! The root holds what a user needs: open a directory and probe it ([`Tablebase`], [`Query`]),
//! generate, build and verify a set ([`generate`](fn@generate), [`build_tables`], [`verify`]).
//! Advanced parts live in modules: [`build`], [`repetition`], [`partitioned`], [`index`],
//! [`files`], [`material_table`], [`retro_rules`] and [`error`]. Table files, values and options
//! are `minishogi_retro`'s ([`Value`](minishogi_retro::Value), [`Table`](minishogi_retro::Table)).
//!
//! ```
//! use minishogi::Position;
//! use minishogi_retro::{GenerateOptions, WriteOptions};
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

pub mod build;
mod build_run;
mod children;
mod draw_section;
mod draw_value;
pub mod error;
mod exact;
pub mod files;
pub mod generate;
pub mod index;
mod material;
pub mod material_table;
mod memory_check;
pub mod partitioned;
mod placement;
mod probe;
pub mod repetition;
mod repetition_analysis;
pub mod retro_rules;
mod rewritten_table;
mod table_info;
mod table_partition;
mod tablebase;
mod verdict;
mod verify;
mod verify_repetition;
mod write;

pub use build::{build_table, BuildSummary};
pub use build_run::{build_tables, BuildEvent, BuildRun, VerifiedTable};
pub use error::{TablebaseError, VerifyError};
pub use files::table_file_name;
pub use generate::generate;
pub use index::Indexer;
pub use material::{Material, MaterialError};
pub use material_table::MaterialTable;
pub use memory_check::MemoryCheck;
pub use probe::{Probe, Query};
pub use rewritten_table::RewrittenTable;
pub use table_info::TableInfo;
pub use tablebase::{OnTheFly, Tablebase};
pub use verdict::{By, Verdict, Wdl};
pub use verify::verify;
pub use write::write_table;
