//! What a solver decides for the engine: the policy the search is generic over.

use crate::dfpn::node::Numbers;
use minishogi::{Color, Kind, MoveList, Position};

/// How a transposition table keeps its entries.
pub trait TablePolicy {
    /// True when unsettled numbers serve only a search with the bound they were searched with
    /// (an unbounded search's numbers would mislead a bounded one and the reverse); false when
    /// they serve any bound.
    const UNSETTLED_BY_BOUND: bool;

    /// True when the table is collected as it fills up (the least worked unsettled entries
    /// emptied, as KomoringHeights does) and a full cluster gives up unsettled entries before
    /// disproofs and disproofs before proofs; false when a full cluster gives up its least
    /// worked entry, whatever it holds, and nothing else is ever freed.
    const COLLECT_GARBAGE: bool;
}

/// What one solver searches for: everything the engine leaves to the solver.
pub trait Policy: TablePolicy {
    /// The transposition table key of `pos` in a search for a win of `attacker`: the same for
    /// positions that differ only in hands (see [`board_key`](crate::dfpn::board_key)).
    fn key(&self, pos: &Position, attacker: Color) -> u64;

    /// Fills `moves` with the moves searched at `pos` (the attacker's if `attacker_to_move`),
    /// in the order df-pn should try them on equal numbers, and returns `None`; or returns the
    /// numbers of a node settled without a search (no move, or no plies left: a node with
    /// `remaining == 0` must be settled here).
    fn moves(
        &self,
        pos: &mut Position,
        attacker_to_move: bool,
        remaining: u16,
        moves: &mut MoveList,
    ) -> Option<Numbers>;

    /// The numbers `child` starts with before it has an entry of its own, reached by a move
    /// that captured `captured` (if anything), with `remaining` plies left and the attacker to
    /// move if `attacker_to_move`. A proof returned here is stored in the table at once.
    fn initial_numbers(
        &self,
        child: &Position,
        attacker_to_move: bool,
        captured: Option<Kind>,
        remaining: u16,
    ) -> Numbers;
}
