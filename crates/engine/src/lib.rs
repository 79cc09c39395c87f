//! The Minishogi engine: a linear evaluation over named, tunable weights; an alpha-beta search
//! (iterative deepening, PVS, transposition table, null move, LMR, quiescence) that knows the
//! repetition rules and can consult endgame tables; the USI protocol loop and a benchmark.
//!
//! ```
//! use minishogi::{Game, Position, RuleSet};
//! use minishogi_engine::{Limits, Searcher, Weights};
//! use std::sync::atomic::AtomicBool;
//!
//! let game = Game::new(Position::startpos(), RuleSet::Standard);
//! let mut searcher = Searcher::new(Weights::initial(), 4);
//! let result = searcher.search(&game, &Limits::depth(4), &AtomicBool::new(false), &mut |_| {});
//! assert!(game.position().is_legal(result.best.unwrap()));
//! ```

#![cfg_attr(test, allow(clippy::unwrap_used))]

pub mod bench;
mod captures;
pub mod codec;
mod features;
mod limits;
mod oracle;
pub mod score;
mod search;
mod tablebase;
pub mod tt;
pub mod usi;
mod weights;
mod worker;

pub use features::{evaluate, features, layout, EvalWeights, Features};
pub use limits::{budget, Budget, Clock, Limits};
pub use oracle::{EndgameOracle, TbValue};
pub use score::Score;
pub use search::{Info, SearchResult, Searcher};
pub use tablebase::TablebaseOracle;
pub use weights::{Weights, WeightsError, MAX_WEIGHT};
