//! One answer for any Minjiku position, the contract of `minishogi analyse`: the exact result
//! when the endgame tables hold the position, otherwise the engine's estimate, labelled as such.
//!
//! [`analyse`] tries, in order: no legal move (lost at once, by the rules); the tables, when the
//! directory has the position's set (the value and line `minjiku tb probe` gives); the engine's
//! search (probing the same tables inside), with its score, depth and principal variation.
//!
//! ```
//! use minjiku::Position;
//! use minjiku_engine::analysis::{analyse, GameResult, Source};
//! use minjiku_engine::Limits;
//!
//! let analysis = analyse(None, &Position::startpos(), &Limits::depth(2)).unwrap();
//! assert!(!analysis.exact);
//! assert_eq!((analysis.result, analysis.source), (GameResult::Unknown, Source::Engine));
//! assert!(analysis.best.is_some() && analysis.depth == Some(2));
//! ```

mod answer;
mod run;

pub use crate::error::AnalysisError;
pub use answer::{Analysis, GameResult, Source};
pub use run::{analyse, analyse_fen};
