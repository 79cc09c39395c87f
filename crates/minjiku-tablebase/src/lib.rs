//! Endgame tables of Minjiku Shogi: two Kings and up to two more pieces, with distances to mate.
//!
//! The game-independent retrograde generator of `minishogi-retro` runs over this crate's
//! [`RetroRules`](minishogi_retro::RetroRules) implementation, and its files carry Minjiku's own
//! magic ([`file::GAME`]). Minjiku has no drops, so a
//! capture (or a Fire Dragon's burn, or a promotion) leaves a table's material set: such moves are
//! valued through the smaller tables built before, in dependency order ([`Material::build_order`]).
//! The page `docs/minjiku-tablebase.md` describes the tables, the index and how they are checked.
//! The root holds what a user needs (build, probe, verify, info); the modules [`build`](mod@build),
//! [`dump`](mod@dump), [`file`](mod@file), [`tables`], [`verify`](mod@verify) and
//! [`info`](mod@info) hold the rest.
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

pub mod build;
pub mod dump;
mod error;
mod exits;
pub mod file;
mod generate;
mod index;
pub mod info;
mod material;
mod moves;
mod origins;
mod probe;
mod quiet;
mod reach;
mod retro;
mod squares;
pub mod tables;
pub mod verify;

pub use build::{build, default_sets, BuildEvent, BuildOptions, TableSummary};
pub use error::{MinjikuTbError, WrongTableProblem};
pub use generate::generate;
pub use info::{info, TableInfo};
pub use material::{Material, MaterialError};
pub use probe::{MinjikuTablebase, ProbeLine};
pub use verify::{verify, VerifyError, VerifyReport};
