//! A game solver for Minishogi: proves that the side to move wins or loses by force, by any
//! moves and without a ply bound, with depth-first proof-number search (df-pn), and writes the
//! proof as a certificate that another program can check.
//!
//! - `search.rs`: the game solver's policy for the df-pn engine it shares with the mate solver
//!   (`minishogi_mate::dfpn`: df-pn with the 1+ε trick, proofs that carry their length so that
//!   no proof leans on a cycle, repetitions of the path kept by path, the transposition table,
//!   the budget): every legal move, the table keyed with the attacker, garbage collection.
//! - `heuristics.rs`: initial proof numbers and move order from the rules' knowledge (replies
//!   left to the defender, checks, captures).
//! - `key.rs`, `budget.rs`, `tt.rs`: the table key with the attacker mixed in, the limits and
//!   phases of a solve, the table's statistics.
//! - `solver.rs`: both sides' wins searched in turn, a proof shortened until a bounded search
//!   shows it shortest, or bounded searches that establish how far there is no win.
//! - `extract.rs`, `certificate.rs`: the proof tree read out of the table, rechecked, and the
//!   certificate format.
//! - [`split`]: a solve split into independent subproblems at the frontier a few plies below
//!   the root (for many machines), their results combined into the root's answer and one
//!   certificate.
//!
//! ```
//! use minishogi::Position;
//! use minishogi_solve::{Limits, Solver, Verdict};
//!
//! // A gold dropped next to the king, which the pawn guards, leaves gote no legal move: G*1b
//! // mates, and G*3b (no check) takes every square the king has, which wins as well.
//! let pos = Position::from_sfen("4k/5/4P/5/K4 b G 1").unwrap();
//! let mut solver = Solver::new(16);
//! let report = solver.solve(&pos, &Limits::default());
//! assert_eq!(report.verdict, Verdict::Win { plies: 1, shortest: true });
//! let certificate = solver.certificate(&Limits::default()).unwrap().unwrap();
//! let best = certificate.lines[0].best;
//! assert!(["G*1b", "G*3b"].contains(&best.to_string().as_str()));
//! assert_eq!(pos.after(best).legal_move_count(), 0);
//! certificate.check().unwrap();
//! ```

#![forbid(unsafe_code)]

mod budget;
mod certificate;
mod error;
mod extract;
mod heuristics;
mod key;
mod search;
mod solver;
pub mod split;
mod tt;

pub use budget::Limits;
pub use certificate::{position_key, Certificate, Line, Value, HEADER};
pub use error::{CertificateError, ExtractError};
pub use search::UNBOUNDED;
pub use solver::{Established, Report, Solver, Verdict, DEFAULT_TABLE_MB};
pub use tt::TableStats;
