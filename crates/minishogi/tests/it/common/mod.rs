//! Helpers shared by the property tests: the start positions, random playouts and random setups.

#![allow(dead_code)]

pub mod slow;

use minishogi::position::Setup;
use minishogi::{Color, Kind, Move, Piece, Position};
use proptest::prelude::*;

/// The start position and the six handicap starts (gote gives the handicap and moves first).
pub const STARTS: [&str; 7] = [
    "rbsgk/4p/5/P4/KGSBR b - 1",
    "r1sgk/4p/5/P4/KGSBR w - 1",
    "1bsgk/4p/5/P4/KGSBR w - 1",
    "2sgk/4p/5/P4/KGSBR w - 1",
    "3gk/4p/5/P4/KGSBR w - 1",
    "4k/4p/5/P4/KGSBR w - 1",
    "4k/5/5/P4/KGSBR w - 1",
];

/// How a random game is played: the start, then one number per ply that picks the move.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Index into [`STARTS`].
    pub start: usize,
    /// One choice per ply; the game stops early when no move is left.
    pub choices: Vec<u32>,
}

/// Random games of up to `max_plies` plies from the start and handicap positions.
pub fn plans(max_plies: usize) -> impl Strategy<Value = Plan> {
    (0..STARTS.len(), prop::collection::vec(any::<u32>(), 0..=max_plies))
        .prop_map(|(start, choices)| Plan { start, choices })
}

/// True for a move that makes hands grow or shrink or changes a piece: captures, drops and
/// promotions. Preferring them fills hands and boards with promoted pieces.
pub fn is_lively(pos: &Position, m: Move) -> bool {
    m.is_drop() || m.is_promotion() || pos.piece_at(m.to()).is_some()
}

/// Picks a move. Half the time among captures and promotions (board moves otherwise), which fills
/// the hands; a quarter among all lively moves, drops included; a quarter uniformly.
pub fn pick(pos: &Position, choice: u32) -> Option<Move> {
    let moves = pos.legal_move_list();
    if moves.is_empty() {
        return None;
    }
    let index = (choice >> 3) as usize;
    let among = |filter: &dyn Fn(Move) -> bool| -> Option<Move> {
        let subset: Vec<Move> = moves.iter().copied().filter(|&m| filter(m)).collect();
        (!subset.is_empty()).then(|| subset[index % subset.len()])
    };
    let chosen = match choice & 7 {
        0 | 1 => None,
        2..=5 => among(&|m| !m.is_drop() && is_lively(pos, m)).or_else(|| among(&|m| !m.is_drop())),
        _ => among(&|m| is_lively(pos, m)),
    };
    Some(chosen.unwrap_or(moves[index % moves.len()]))
}

/// Plays out `plan`, calling `visit` on every position reached (the start included) and the move
/// chosen there (`None` at the end).
pub fn play_out(plan: &Plan, mut visit: impl FnMut(&Position, Option<Move>)) {
    let mut pos = Position::from_sfen(STARTS[plan.start]).expect("start positions are legal");
    for &choice in &plan.choices {
        let Some(m) = pick(&pos, choice) else { break };
        visit(&pos, Some(m));
        pos.play(m);
    }
    visit(&pos, None);
}

/// Where one of the ten non-king pieces goes in a random setup.
#[derive(Clone, Copy, Debug)]
pub struct Placement {
    /// 0..25: a square (a piece already there sends this one to its owner's hand); 25..: hand.
    pub location: u8,
    /// The owner.
    pub sente: bool,
    /// Promoted, when on the board and promotable.
    pub promoted: bool,
}

/// Random setups with both kings and every one of the ten other pieces on the board or in a hand:
/// most are legal, some break a rule (nifu, a pawn on its last rank, the wrong side in check).
pub fn setups() -> impl Strategy<Value = Setup> {
    let placement = (0u8..32, any::<bool>(), prop::bool::weighted(0.3))
        .prop_map(|(location, sente, promoted)| Placement { location, sente, promoted });
    (0u8..25, 0u8..24, prop::collection::vec(placement, 10), any::<bool>()).prop_map(
        |(sente_king, gote_king, placements, sente_to_move)| {
            let mut setup = Setup::empty();
            let gote_king = if gote_king >= sente_king { gote_king + 1 } else { gote_king };
            setup.board[sente_king as usize] = Some(Piece::new(Color::Sente, Kind::King));
            setup.board[gote_king as usize] = Some(Piece::new(Color::Gote, Kind::King));
            let kinds = [Kind::Pawn, Kind::Silver, Kind::Gold, Kind::Bishop, Kind::Rook];
            for (i, p) in placements.iter().enumerate() {
                let kind = kinds[i / 2];
                let color = if p.sente { Color::Sente } else { Color::Gote };
                let sq = p.location as usize;
                if sq < 25 && setup.board[sq].is_none() {
                    let kind = match (p.promoted, kind) {
                        (true, Kind::Pawn) => Kind::Tokin,
                        (true, Kind::Silver) => Kind::ProSilver,
                        (true, Kind::Bishop) => Kind::Horse,
                        (true, Kind::Rook) => Kind::Dragon,
                        _ => kind,
                    };
                    setup.board[sq] = Some(Piece::new(color, kind));
                } else {
                    let hand = &mut setup.hands[color.index()];
                    hand.set(kind, hand.count(kind) + 1);
                }
            }
            setup.side_to_move = if sente_to_move { Color::Sente } else { Color::Gote };
            setup
        },
    )
}

/// Moves as sorted USI text, for comparing move sets with readable failures.
pub fn sorted_usi(moves: &[Move]) -> Vec<String> {
    let mut out: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    out.sort();
    out
}
