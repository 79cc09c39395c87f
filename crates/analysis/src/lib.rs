//! One answer for any Minishogi position: the exact result when something in the toolkit can
//! prove it, otherwise the engine's estimate, clearly labelled.
//!
//! [`analyse`] tries, in order:
//! 1. the endgame tables, if the position's material has one (the answer `tb probe` gives);
//! 2. the df-pn mate solver for the side to move: tsume (checks only), then any moves within a
//!    few plies — a mate is a proved win;
//! 3. the mate solver for the opponent after each legal reply — a mate against every reply is a
//!    proved loss;
//! 4. the engine's search, with depth and principal variation: an estimate (`exact: false`),
//!    unless it reports a mate that the solver then proves.
//!
//! ```
//! use minishogi::{Color, Position};
//! use minishogi_analysis::{analyse, AnalysisLimits, GameResult, Source};
//!
//! // A gold dropped in front of the king, guarded by the pawn, mates at once.
//! let pos = Position::from_sfen("4k/5/4P/5/K4 b G 1").unwrap();
//! let analysis = analyse(None, &pos, Color::Sente, &AnalysisLimits::default()).unwrap();
//! assert!(analysis.exact);
//! assert_eq!((analysis.result, analysis.source, analysis.plies), (GameResult::Win, Source::MateSolver, Some(1)));
//! assert_eq!(analysis.best.unwrap().to_string(), "G*1b");
//! ```

#![forbid(unsafe_code)]

mod analyse;
mod analysis;
mod error;
mod estimate;
mod from_table;
mod limits;
mod mate_budget;
mod proof;

pub use analyse::{analyse, analyse_sfen};
pub use analysis::{Analysis, GameResult, Source};
pub use error::AnalysisError;
pub use limits::AnalysisLimits;
