//! The df-pn engine of both solvers: this crate's mate search and `minishogi-solve`'s game
//! solver run the same search and differ only in the [`Policy`] they give it.
//!
//! The engine is depth-first proof-number search with the 1+ε threshold trick, in φ/δ form
//! ([`Search`]); the combination of the children's numbers ([`pn`]); proofs and disproofs that
//! carry their length in plies, so that one table serves unbounded and bounded searches; the
//! graph-history handling, where a repetition of the path is no win and the disproofs that
//! lean on it are kept by path ([`repetition`]); the transposition table keyed by the board
//! without the hands, sharing proofs and disproofs between dominated hands
//! ([`TranspositionTable`]); and the node and time [`Budget`] with its phases.
//!
//! A [`Policy`] says what differs: the table key, the moves searched at each node and the
//! nodes settled without a search, the numbers a child starts with, and how the table keeps
//! its entries ([`TablePolicy`]). The search is generic over it, so each solver gets its own
//! monomorphised copy of the hot loop.

mod budget;
mod combine;
mod key;
mod node;
pub mod pn;
mod policy;
pub mod repetition;
mod search;
mod tt;

pub use budget::Budget;
pub use key::{board_key, dominates};
pub use node::{disproof, proof, NodeResult, Numbers, UNLIMITED};
pub use policy::{Policy, TablePolicy};
pub use search::Search;
pub use tt::TranspositionTable;
