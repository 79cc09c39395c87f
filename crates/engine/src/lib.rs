//! The Minishogi engine: a linear evaluation over named, tunable weights, or an evaluation
//! network ([`nnue`], chosen through [`Evaluator`]); an alpha-beta search
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

mod bench;
mod captures;
pub mod codec;
mod evaluator;
mod features;
mod history;
pub mod layout;
mod limits;
pub mod nnue;
mod oracle;
mod ordering;
mod pv;
mod repetition;
mod report;
mod score;
mod search;
mod search_params;
mod shared;
mod table_probe;
mod table_root;
mod tactics;
mod tt;
mod usi;
mod usi_mate;
mod weights;
mod worker;

pub use bench::{bench, bench_with, BenchResult, BENCH_POSITIONS};
pub use evaluator::Evaluator;
pub use features::{evaluate, features, EvalWeights, Features};
pub use limits::{budget, Budget, Clock, Limits};
pub use oracle::{EndgameOracle, TbValue};
pub use report::{Info, SearchResult};
pub use score::{Score, REPETITION_WIN};
pub use search::Searcher;
pub use table_probe::TablebaseOracle;
pub use usi::Usi;
pub use weights::{Weights, WeightsError, MAX_WEIGHT};
