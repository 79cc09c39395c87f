//! The Minishogi engine: a linear evaluation over named, tunable weights ([`Weights`]) or an
//! evaluation network ([`Network`]), chosen through [`Evaluator`]; an alpha-beta search
//! ([`Searcher`]: iterative deepening, PVS, transposition table, null move, LMR, quiescence)
//! that knows the repetition rules and can consult endgame tables ([`TablebaseOracle`]); the
//! versioned binary files of weights, networks and datasets; and a benchmark. The USI protocol
//! over this search is the `minishogi-usi` crate.
//!
//! ```
//! use minishogi::{Game, Position, RuleSet};
//! use minishogi_engine::{shipped_network, Accumulator, Limits, Searcher, Weights};
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

mod bench;
mod codec;
mod eval_spec;
mod evaluator;
mod features;
mod history;
mod layout;
mod limits;
mod nnue;
mod oracle;
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

pub use bench::{bench, bench_with, BenchResult, BENCH_POSITIONS};
pub use codec::{decode_payload, encode_payload, load_versioned, save_versioned, CodecError};
pub use eval_spec::{EvalSpec, EvalSpecError};
pub use evaluator::Evaluator;
pub use features::{evaluate, features, EvalWeights, Features};
pub use limits::{Clock, Limits};
pub use nnue::{
    active_features, shipped_network, Accumulator, AccumulatorStack, MoveDelta, Network, NetworkError,
    NetworkMismatch, NetworkParts, EVAL_SCALE, FEATURES, FEATURE_SET_ID, HIDDEN, L2, L2_WEIGHT_LIMIT,
    MAX_ACTIVE, MAX_EVAL, NETWORK_MAGIC, QA, QB, QC,
};
pub use oracle::{EndgameOracle, TbValue};
pub use report::{Info, SearchResult};
pub use score::{Score, REPETITION_WIN};
pub use search::Searcher;
pub use table_probe::TablebaseOracle;
pub use time_budget::{budget, Budget, DEFAULT_MOVE_OVERHEAD};
pub use weights::{Weights, WeightsError, MAX_WEIGHT};
