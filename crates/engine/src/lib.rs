//! The Minishogi engine: a linear evaluation over named, tunable weights ([`Weights`]) or an
//! evaluation network ([`Network`]), chosen through [`Evaluator`]; an alpha-beta search
//! ([`Searcher`]: iterative deepening, PVS, transposition table, null move, LMR, quiescence)
//! that knows the repetition rules and can consult endgame tables ([`TablebaseOracle`]). The USI
//! protocol over this search is the `minishogi-usi` crate.
//!
//! The root holds what a program that searches needs. The parts for tools live in modules:
//! [`nnue`] (the network's accumulators, features, sizes and quantisation constants, the shipped
//! network), [`linear`] (the linear evaluation's features, for tuning), [`oracle`] (the trait a
//! source of exact endgame values implements), [`codec`] (the versioned binary files of weights,
//! networks and datasets) and [`bench`](mod@bench) (the benchmark).
//!
//! ```
//! use minishogi::{Game, Position, RuleSet};
//! use minishogi_engine::nnue::{shipped_network, Accumulator};
//! use minishogi_engine::{Limits, Searcher, Weights};
//! use std::sync::atomic::AtomicBool;
//!
//! let game = Game::new(Position::startpos(), RuleSet::Standard);
//! let mut searcher = Searcher::new(Weights::initial(), 4);
//! let result = searcher.search(&game, &Limits::depth(4), &AtomicBool::new(false), &mut |_| {});
//! assert!(game.position().is_legal(result.best.unwrap()));
//!
//! // The shipped network evaluates a position from its accumulator, in centipawns.
//! let net = shipped_network();
//! let pos = game.position();
//! let eval = net.evaluate(&Accumulator::new(&net, pos), pos.side_to_move());
//! assert!(eval.abs() < 1_000);
//! ```

// The AVX2 inner loops of the network (three files of `nnue`) and the transposition table's memory
// (`tt_memory`: a map viewed as slots, a prefetch) are the only unsafe code.
#![deny(unsafe_code)]
#![cfg_attr(test, allow(clippy::unwrap_used))]

pub mod bench;
pub mod codec;
mod eval_spec;
mod evaluator;
mod features;
mod history;
mod layout;
mod limits;
pub mod linear;
pub mod nnue;
pub mod oracle;
mod ordering;
mod piece_value;
mod pv;
mod repetition;
mod report;
mod root_mate;
mod score;
mod search;
mod search_params;
mod see;
mod shared;
mod stability;
mod table_probe;
mod table_root;
mod time_budget;
mod tt;
#[allow(unsafe_code)]
mod tt_memory;
mod weights;
mod worker;

pub use eval_spec::{EvalSpec, EvalSpecError};
pub use evaluator::Evaluator;
pub use limits::{Clock, Limits};
pub use nnue::{Network, NetworkError};
pub use report::{Info, SearchResult};
pub use score::{Score, REPETITION_WIN};
pub use search::Searcher;
pub use table_probe::TablebaseOracle;
pub use time_budget::DEFAULT_MOVE_OVERHEAD;
pub use weights::{Weights, WeightsError};
