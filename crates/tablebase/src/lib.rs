//! Minishogi endgame tablebases: material sets, indexing, retrograde generation, the table file
//! format, probing and verification.

pub mod error;
pub mod format;
pub mod generate;
pub mod index;
pub mod material;
mod placement;
pub mod retro;
pub mod rules;
pub mod table;
pub mod tablebase;
pub mod value;
pub mod verify;
pub mod write;

pub use error::TablebaseError;
pub use generate::{generate, GenerateError, GenerateOptions, Progress};
pub use index::Indexer;
pub use material::{Material, MaterialError};
pub use table::Table;
pub use tablebase::{positions_covered, table_file_name, Probe, Tablebase};
pub use value::Value;
pub use verify::{verify, VerifyError, VerifyReport};
pub use write::{write_table, WriteOptions, WriteSummary};
