//! The evaluation as weights × features: one walk over the position feeds either a feature
//! vector (for tuning) or a running dot product (for search), so the two agree exactly.

use crate::layout::*;
use crate::Weights;
use minishogi::attacks::{attacks, step_attacks};
use minishogi::bitboard::Bitboard;
use minishogi::{Color, Kind, Position};
use serde::{Deserialize, Serialize};

/// The active features of a position from the side to move: sparse `(index, value)` pairs,
/// sorted by index, zero values left out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Features {
    /// `(weight index, feature value)` pairs.
    pub entries: Vec<(u16, i16)>,
}

impl Features {
    /// The dot product with a weight vector in feature-index order.
    pub fn dot(&self, weights: &[f64]) -> f64 {
        self.entries.iter().map(|&(i, v)| weights[usize::from(i)] * f64::from(v)).sum()
    }
}

/// Receives feature contributions.
trait Sink {
    fn add(&mut self, index: usize, value: i32);
}

struct Dense([i32; COUNT]);

impl Sink for Dense {
    #[inline]
    fn add(&mut self, index: usize, value: i32) {
        self.0[index] += value;
    }
}

struct Dot<'a> {
    weights: &'a [i32; COUNT],
    sum: i32,
}

impl Sink for Dot<'_> {
    #[inline(always)]
    fn add(&mut self, index: usize, value: i32) {
        self.sum += self.weights[index] * value;
    }
}

/// Weights flattened for fast evaluation in search.
#[derive(Clone, Debug)]
pub struct EvalWeights(Box<[i32; COUNT]>);

impl EvalWeights {
    /// Flattens named weights.
    pub fn new(weights: &Weights) -> EvalWeights {
        let mut flat = Box::new([0; COUNT]);
        flat.copy_from_slice(&weights.to_ints());
        EvalWeights(flat)
    }

    /// The static evaluation of `pos` in centipawns from the side to move.
    #[inline]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut dot = Dot { weights: &self.0, sum: 0 };
        walk(pos, &mut dot);
        dot.sum
    }
}

/// The features of `pos` from the side to move.
pub fn features(pos: &Position) -> Features {
    let mut dense = Dense([0; COUNT]);
    walk(pos, &mut dense);
    let entries = dense
        .0
        .iter()
        .enumerate()
        .filter(|(_, &v)| v != 0)
        .map(|(i, &v)| (i as u16, v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16))
        .collect();
    Features { entries }
}

/// The static evaluation of `pos` in centipawns from the side to move: exactly the dot product
/// of `weights.to_vec()` with `features(pos)`.
pub fn evaluate(pos: &Position, weights: &Weights) -> i32 {
    EvalWeights::new(weights).evaluate(pos)
}

/// Index of a non-king kind among the nine kinds with material, mobility and hanging terms.
#[inline]
fn board_index(kind: Kind) -> usize {
    let i = kind.index();
    if i < Kind::King.index() {
        i
    } else {
        i - 1
    }
}

#[inline(always)]
fn walk<S: Sink>(pos: &Position, sink: &mut S) {
    let stm = pos.side_to_move();
    let occupied = pos.occupied();
    let kings = [pos.king_square(Color::Sente), pos.king_square(Color::Gote)];
    let zones =
        [step_attacks(Color::Sente, Kind::King, kings[0]), step_attacks(Color::Gote, Kind::King, kings[1])];
    let mut attacked = [Bitboard::EMPTY; 2];
    let mut guarded = [Bitboard::EMPTY; 2]; // attacked by pieces other than the king
    let mut zone_attacks = [0u32; 2]; // attacks of colour c on the enemy king's zone
    let mut defenders = [0i32; 2];

    for color in Color::ALL {
        let c = color.index();
        let sign = if color == stm { 1 } else { -1 };
        let own = pos.color_pieces(color);
        for sq in own {
            let Some(piece) = pos.piece_at(sq) else { continue };
            let kind = piece.kind;
            let a = attacks(color, kind, sq, occupied);
            attacked[c] |= a;
            let rel = if color == Color::Sente { sq } else { sq.flip() };
            let col = rel.col().min(4 - rel.col()) as usize;
            sink.add(PSQ + kind.index() * 15 + rel.row() as usize * 3 + col, sign);
            if kind == Kind::King {
                continue;
            }
            let b = board_index(kind);
            guarded[c] |= a;
            sink.add(BOARD + b, sign);
            sink.add(MOBILITY + b, sign * (a & !own).count() as i32);
            zone_attacks[c] += (a & zones[1 - c]).count();
            if zones[c].contains(sq) {
                defenders[c] += 1;
            }
        }
        let hand = pos.hand(color);
        for kind in Kind::HAND {
            let n = i32::from(hand.count(kind));
            if n > 0 {
                sink.add(HAND + kind.index(), sign * n);
                if n >= 2 {
                    sink.add(HAND_SECOND + kind.index(), sign);
                }
            }
        }
    }

    for color in Color::ALL {
        let c = color.index();
        let sign = if color == stm { 1 } else { -1 };
        let danger = zone_attacks[1 - c].min(11) as usize;
        sink.add(KING_ATTACKS + danger, sign);
        if !pos.hand(!color).is_empty() {
            let open = (zones[c] & !occupied & !guarded[c]).count().min(8) as usize;
            sink.add(KING_DROP_SQUARES + open, sign);
        }
        sink.add(KING_DEFENDERS, sign * defenders[c]);
        let base = if color == stm { HANGING_US } else { HANGING_THEM };
        let hanging = pos.color_pieces(color) & attacked[1 - c] & !attacked[c];
        for sq in hanging {
            if let Some(piece) = pos.piece_at(sq) {
                if piece.kind != Kind::King {
                    sink.add(base + board_index(piece.kind), 1);
                }
            }
        }
    }

    sink.add(TEMPO, 1);
    if attacked[1 - stm.index()].contains(kings[stm.index()]) {
        sink.add(IN_CHECK, 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use minishogi::Game;

    fn sample_positions() -> Vec<Position> {
        let sfens = [
            "rbsgk/4p/5/P4/KGSBR b - 1",
            "rbsgk/4p/P4/5/KGSBR w - 2",
            "4k/5/5/P4/KGSBR w - 1",
            "r1sgk/4p/5/P4/KGSBR w - 1",
            "2k2/G4/5/5/K4 b RBSPrbgs 1",
            "+R1+Bgk/2S2/5/2p2/K4 w GPbs 1",
            "k4/5/2+P2/5/4K b RB2S2Gr 1",
        ];
        let mut out: Vec<Position> = sfens.iter().map(|s| Position::from_sfen(s).unwrap()).collect();
        // And positions along a deterministic game.
        let mut game = Game::new(Position::startpos(), Default::default());
        for ply in 0..60 {
            let moves = game.position().legal_move_list();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            let m = moves[(ply * 7 + 3) % moves.len()];
            game.play(m).unwrap();
            out.push(game.position().clone());
        }
        out
    }

    #[test]
    fn evaluate_is_the_dot_product() {
        let mut w = Weights::initial();
        // Make every weight distinct so a misplaced index cannot cancel out.
        let v: Vec<f64> = w.to_vec().iter().enumerate().map(|(i, x)| x + (i % 17) as f64 - 8.0).collect();
        w = Weights::from_vec(&v).unwrap();
        let wv = w.to_vec();
        for pos in sample_positions() {
            let f = features(&pos);
            assert_eq!(f64::from(evaluate(&pos, &w)), f.dot(&wv), "{}", pos.to_sfen());
        }
    }

    #[test]
    fn colour_flip_and_mirror_give_the_same_features() {
        for pos in sample_positions() {
            assert_eq!(features(&pos), features(&pos.flipped()), "{}", pos.to_sfen());
            assert_eq!(features(&pos), features(&pos.mirrored()), "{}", pos.to_sfen());
        }
    }

    #[test]
    fn material_terms_count_pieces() {
        // Sente to move: rook and bishop in hand against nothing but kings and a gold.
        let pos = Position::from_sfen("4k/5/5/5/K3g b RB 1").unwrap();
        let f = features(&pos);
        let get = |i: usize| f.entries.iter().find(|e| usize::from(e.0) == i).map_or(0, |e| e.1);
        assert_eq!(get(HAND + Kind::Rook.index()), 1);
        assert_eq!(get(HAND + Kind::Bishop.index()), 1);
        assert_eq!(get(BOARD + board_index(Kind::Gold)), -1);
        assert_eq!(get(TEMPO), 1);
    }
}
