//! One solve split into independent subproblems, for many machines: the tree of the first few
//! plies from the root, whose frontier positions are solved apart (each by a [`Solver`] of its
//! own, anywhere, in any order) and whose results are combined by minimax back up the tree into
//! the root's answer and, when the root is proved, one complete certificate.
//!
//! The split is for a win of one side, the *attacker* (the side to move, or the other side for a
//! loss): at the attacker's nodes any child may prove the win, at the defender's all must. A
//! position with no legal move is lost for its side to move; a position met again on its own
//! path above the frontier is no win (a win that repeats a position is never needed: cut the
//! cycle out). Positions met twice by transposition share one subproblem.
//!
//! ```
//! use minishogi::{Color, Handicap};
//! use minishogi_solve::split::{solve_subproblem, Outcome, Split};
//! use minishogi_solve::{Limits, Solver};
//!
//! // The naked king (gote to move) is lost in 8: split sente's win at 2 plies.
//! let split = Split::new(&Handicap::NakedKing.position(), Color::Sente, 2).unwrap();
//! let limits = Limits { nodes: Some(200_000), ..Limits::default() };
//! let mut results = vec![None; split.subproblems().len()];
//! // Solve the open subproblems, first first, until the root is settled.
//! let outcome = loop {
//!     let combined = split.combine(&results);
//!     let next = combined.open.iter().find(|&&i| results[i].is_none());
//!     let Some(&next) = next.filter(|_| !combined.outcome.is_settled()) else { break combined.outcome };
//!     let mut solver = Solver::new(8);
//!     let pos = &split.subproblems()[next];
//!     results[next] = Some(solve_subproblem(&mut solver, pos, Color::Sente, &limits).unwrap());
//! };
//! assert!(matches!(outcome, Outcome::Win { plies: 8, .. }));
//! assert!(results.iter().flatten().count() < split.subproblems().len());
//! let certificate = split.certificate(&results).unwrap();
//! assert_eq!(certificate.plies, 8);
//! ```
//!
//! [`Solver`]: crate::Solver

mod assemble;
mod subproblem;
mod tree;

pub use crate::error::SplitError;
pub use subproblem::{solve_subproblem, Outcome, Solved};
pub use tree::{Combined, Split, MAX_TREE_NODES};
