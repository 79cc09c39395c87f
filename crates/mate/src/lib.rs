//! A mate solver for Minishogi: depth-first proof-number search (df-pn) for tsume — the
//! attacker checks with every move, the defender plays any legal move, pawn-drop mate is no
//! move — and for forced mates within a ply bound where the attacker may play quiet moves.
//!
//! The transposition table shares proofs between hands (a proof with fewer pieces in the
//! attacker's hand proves the same board with more), repetitions are handled on the path and
//! never as a win for the attacker, a post-search returns the shortest mate with a line in
//! which the defender resists longest, and every line is replayed with the rules crate before
//! it is returned.
//!
//! The root holds the solver and its answers; [`solver`] also has the default table size and
//! the ply bound, and [`line`](mod@line) the replay check of a mating line. The df-pn engine
//! itself lives in [`dfpn`], shared with the game solver (`minishogi-solve`), which runs it
//! under a policy of its own.
//!
//! ```
//! use minishogi::Position;
//! use minishogi_mate::{solve, Limits, MateResult, Mode};
//!
//! // A gold dropped in front of the king, guarded by the pawn, mates at once.
//! let pos = Position::from_sfen("4k/5/4P/5/K4 b G 1").unwrap();
//! let report = solve(&pos, Mode::Tsume, &Limits::default());
//! let MateResult::Mate { plies, line, .. } = report.result else { panic!("a mate in one") };
//! assert_eq!(plies, 1);
//! assert_eq!(line[0].to_string(), "G*1b");
//! ```

#![forbid(unsafe_code)]

mod answer;
mod budget;
pub mod dfpn;
mod limits;
pub mod line;
mod moves;
mod policy;
mod post_search;
pub mod solver;

pub use answer::Answer;
pub use limits::Limits;
pub use moves::Mode;
pub use solver::{solve, MateResult, Report, Solver};
