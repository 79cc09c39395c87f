//! A Minjiku Shogi engine over the `minjiku` rules crate: a linear evaluation over named,
//! tunable weights ([`Weights`], with Jocly's piece values as the starting material and a
//! feature vector for Texel tuning, [`features()`]); an iterative-deepening principal variation
//! search ([`Searcher`]) with a transposition table, quiescence over every kind of capture,
//! check extension, null move, late move reductions, killer and history ordering and the
//! game's repetition rule; the Minjiku endgame tables in play ([`Searcher::set_tables`]); time
//! management; a benchmark ([`bench()`]); the CECP (XBoard) protocol ([`cecp`]); and the
//! analysis of a position ([`analysis`]: the table's exact answer, else the engine's estimate).
//!
//! ```
//! use minjiku::{Game, Position};
//! use minjiku_engine::{Limits, Searcher, Weights};
//! use std::sync::atomic::AtomicBool;
//!
//! let game = Game::new(Position::startpos());
//! let mut searcher = Searcher::new(Weights::initial(), 4);
//! let result = searcher.search(&game, &Limits::depth(2), &AtomicBool::new(false), &mut |_| {});
//! assert!(game.position().is_legal(result.best.unwrap()));
//! ```

#![forbid(unsafe_code)]
#![cfg_attr(test, allow(clippy::unwrap_used))]

pub mod analysis;
mod bench;
pub mod cecp;
mod error;
pub mod features;
mod layout;
mod limits;
mod ordering;
mod params;
mod piece_values;
mod repetition;
mod report;
pub mod score;
mod search;
mod table_root;
mod tables;
pub mod time;
mod tt;
pub mod weights;

pub use bench::{bench, BenchResult};
pub use features::{evaluate, features, Features};
pub use limits::{Clock, Limits};
pub use report::{Info, SearchResult};
pub use search::Searcher;
pub use weights::{Weights, WeightsError};
