//! The mate solver's policy for the df-pn engine: the table keyed by the board alone (one
//! attacker and mode per table), the attacker's moves by mode, the defender's replies as
//! initial proof numbers.

use crate::dfpn::{board_key, disproof, proof, Numbers, Policy, Search, TablePolicy, UNLIMITED};
use crate::moves::{attacker_moves, defender_moves, Mode};
use minishogi::{Color, Kind, MoveList, Position};

/// A df-pn search for a mate.
pub type MateSearch<'a> = Search<'a, MatePolicy>;

/// The mate search in one mode.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MatePolicy {
    /// Tsume, or any moves within a bound.
    pub mode: Mode,
}

impl TablePolicy for MatePolicy {
    // A tsume table is small and short-lived: unsettled numbers of one bound guide the
    // post-search's shorter bounds, and a full cluster replaces its least worked entry.
    const UNSETTLED_BY_BOUND: bool = false;
    const COLLECT_GARBAGE: bool = false;
}

impl Policy for MatePolicy {
    #[inline]
    fn key(&self, pos: &Position, _attacker: Color) -> u64 {
        board_key(pos)
    }

    #[inline]
    fn moves(
        &self,
        pos: &mut Position,
        attacker_to_move: bool,
        remaining: u16,
        moves: &mut MoveList,
    ) -> Option<Numbers> {
        if attacker_to_move {
            if remaining == 0 {
                return Some(disproof(0));
            }
            attacker_moves(pos, self.mode, moves);
            // No check (tsume) or no move at all: the attacker can never mate from here.
            moves.is_empty().then_some(disproof(UNLIMITED))
        } else {
            defender_moves(pos, moves);
            if moves.is_empty() {
                return Some(proof(0));
            }
            (remaining == 0).then_some(disproof(0))
        }
    }

    #[inline]
    fn initial_numbers(
        &self,
        child: &Position,
        attacker_to_move: bool,
        _captured: Option<Kind>,
        remaining: u16,
    ) -> Numbers {
        if attacker_to_move {
            return Numbers { pn: 1, dn: 1, plies: remaining };
        }
        // A defender with few replies is closer to mate (df-pn+ style initial numbers).
        match child.legal_move_count() {
            0 => proof(0),
            n => Numbers { pn: n, dn: 1, plies: remaining },
        }
    }
}
