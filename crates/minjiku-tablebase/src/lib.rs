//! Endgame tables of Minjiku Shogi: two Kings and up to two more pieces, with distances to mate.
//!
//! The game-independent retrograde generator of `minishogi-retro` runs over this crate's
//! [`RetroRules`](minishogi_retro::RetroRules) implementation, and its files carry Minjiku's own
//! magic ([`GAME`]). Minjiku has no drops, so a
//! capture (or a Fire Dragon's burn, or a promotion) leaves a table's material set: such moves are
//! valued through the smaller tables built before, in dependency order ([`Material::build_order`]).
//! The page `docs/minjiku-tablebase.md` describes the tables, the index and how they are checked.
//!
//! ```
//! use minjiku::Position;
//! use minjiku_tablebase::*;
//!
//! // Build the Gold against the bare King (and the sets it needs: the Kings alone, the promoted
//! // Gold), then probe.
//! let dir = std::env::temp_dir().join(format!("mjtb-doctest-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let gold = Material::parse("KGvK").unwrap();
//! build(&dir, &[gold], &BuildOptions::default()).unwrap();
//! let tb = MinjikuTablebase::open(&dir).unwrap();
//! let kings = Position::from_fen("2/10/10/10/10/10/10/10/10/10/K1k7/2 w").unwrap();
//! assert!(tb.value(&kings).unwrap().unwrap().is_draw());
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

#![forbid(unsafe_code)]

mod build;
mod error;
mod file;
mod generate;
mod index;
mod info;
mod material;
mod moves;
mod origins;
mod probe;
mod retro;
mod tables;
mod verify;

pub use build::{build, default_sets, plan, BuildEvent, BuildOptions, TableSummary, DEFAULT_PAIRS};
pub use error::{MinjikuTbError, WrongTableProblem};
pub use file::{open, table_path, write, EXTENSION, GAME, RULE_SET};
pub use generate::generate;
pub use index::{Indexer, SCHEME};
pub use info::{info, side_summary, SideSummary, TableInfo};
pub use material::{Material, MaterialError, MAX_PIECES};
pub use minishogi_retro::{GenerateOptions, GenerateStats, Progress, Table, TableError, Value, ValueCounts};
pub use moves::{backed_up, best_of, stays_in_set};
pub use probe::{MinjikuTablebase, ProbeLine};
pub use retro::{Decoded, MinjikuRetro};
pub use tables::{turned, Tables, Values};
pub use verify::{verify, verify_values, VerifyError, VerifyReport};
