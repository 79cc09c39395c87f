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

mod draw_value;
pub mod error;
mod exact;
pub mod format;
pub mod generate;
mod huge;
pub mod index;
pub mod material;
mod placement;
mod repetition;
pub mod retro;
pub mod rules;
pub mod table;
pub mod tablebase;
pub mod value;
mod verdict;
pub mod verify;
mod verify_repetition;
pub mod write;

pub use draw_value::{Case, CycleOutcome, DrawValue};
pub use error::TablebaseError;
pub use exact::ExactProbe;
pub use verdict::{By, Verdict, Wdl};
pub use generate::{generate, repetition_values, GenerateError, GenerateOptions, Progress};
pub use index::Indexer;
pub use material::{Material, MaterialError};
pub use repetition::RepetitionValues;
pub use table::Table;
pub use tablebase::{positions_covered, table_file_name, Probe, Tablebase};
pub use value::Value;
pub use verify::{verify, VerifyError, VerifyReport};
pub use verify_repetition::{verify_repetition, RepetitionError, RepetitionReport};
pub use write::{write_table, write_table_with_repetition, WriteOptions, WriteSummary};
