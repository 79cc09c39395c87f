//! The game solver's df-pn: the engine of `minishogi_mate::dfpn` (df-pn with the 1+ε trick,
//! proofs that carry their length, repetitions of the path kept by path) under the game
//! solver's policy.
//!
//! A win is any position where the defender has no legal move, reached by any moves. Without a
//! bound the solver searches with [`UNBOUNDED`] plies, deeper than any line it could ever
//! reach; proofs carry their length, so lengths strictly fall along every line of a proof and a
//! proof can never lean on a cycle. The policy keys the table with the attacker mixed in (both
//! sides' wins share one table), searches every legal move with the attacker's ordered by
//! `heuristics.rs`, starts children with the numbers `heuristics.rs` gives them, settles a node
//! with no plies left without a visit, and lets the table collect garbage as it fills up.

use crate::heuristics::{attacker_node_pn, defender_node_pn, order_attacker_moves, piece_value};
use crate::key::board_key;
use minishogi::{Color, Kind, MoveList, Position};
use minishogi_mate::dfpn::{
    disproof, proof, NodeResult, Numbers, Policy, Search, TablePolicy, TranspositionTable, UNLIMITED,
};

/// The plies an unbounded search may use: far more than any proof it could finish (the solver's
/// stack holds this many nested nodes).
pub const UNBOUNDED: u16 = 1000;

/// The game solver's policy for the df-pn engine.
#[derive(Copy, Clone, Debug, Default)]
pub struct SolvePolicy;

/// The game solver's transposition table.
pub type SolveTable = TranspositionTable<SolvePolicy>;

impl TablePolicy for SolvePolicy {
    // Unbounded searches and bounded ones share the table, and a solve may fill it.
    const UNSETTLED_BY_BOUND: bool = true;
    const COLLECT_GARBAGE: bool = true;
}

impl Policy for SolvePolicy {
    #[inline]
    fn key(&self, pos: &Position, attacker: Color) -> u64 {
        board_key(pos, attacker)
    }

    #[inline]
    fn moves(
        &self,
        pos: &mut Position,
        attacker_to_move: bool,
        remaining: u16,
        moves: &mut MoveList,
    ) -> Option<Numbers> {
        pos.legal_moves(moves);
        if moves.is_empty() {
            // The side to move has no legal move and has lost.
            return Some(if attacker_to_move { disproof(UNLIMITED) } else { proof(0) });
        }
        if remaining == 0 {
            return Some(disproof(0));
        }
        if attacker_to_move {
            order_attacker_moves(pos, moves);
        }
        None
    }

    #[inline]
    fn initial_numbers(
        &self,
        child: &Position,
        attacker_to_move: bool,
        captured: Option<Kind>,
        remaining: u16,
    ) -> Numbers {
        let captured = captured.map_or(0, piece_value);
        if attacker_to_move {
            if remaining == 0 {
                // The attacker to move with no plies left has not won.
                return disproof(0);
            }
            return Numbers { pn: attacker_node_pn(captured), dn: 1, plies: remaining };
        }
        match child.legal_move_count() {
            0 => proof(0),
            // No plies left and the defender has a move: no win within them, known without a
            // visit (the bounded searches' last layer is most of their nodes).
            _ if remaining == 0 => disproof(0),
            n => Numbers { pn: defender_node_pn(n, child.in_check(), captured), dn: 1, plies: remaining },
        }
    }
}

/// Searches `pos` (the root, reached by `path_key`) with `remaining` plies until it is proved
/// or disproved or the phase's budget runs out: then what the table knows of it, else 1 and 1.
pub fn prove(
    search: &mut Search<SolvePolicy>,
    pos: &mut Position,
    remaining: u16,
    path_key: u64,
) -> NodeResult {
    let result = search.prove(pos, 0, remaining, path_key);
    if result.is_proof() || result.is_disproof() {
        return result;
    }
    let unsettled = NodeResult { numbers: Numbers { pn: 1, dn: 1, plies: remaining }, repeats_from: None };
    search.known(pos, remaining, path_key).unwrap_or(unsettled)
}
