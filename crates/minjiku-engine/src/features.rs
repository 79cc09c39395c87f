//! The evaluation as weights × features: one walk over the position feeds either a feature
//! vector (for Texel tuning) or a running dot product (for search), so the two agree exactly.

use crate::layout::*;
use crate::Weights;
use minjiku::geometry::king_distance;
use minjiku::movegen::{destinations, rifle_victims};
use minjiku::{Color, Kind, Position, Square};

/// The active features of a position from the side to move: sparse `(index, value)` pairs sorted
/// by index, zeros left out (the shape of the Minishogi engine's `Features`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Features {
    /// `(weight index, feature value)` pairs.
    pub entries: Vec<(u16, i16)>,
}

impl Features {
    /// The dot product with a weight vector in feature-index order.
    pub fn dot(&self, weights: &[f64]) -> f64 {
        self.entries.iter().map(|&(i, v)| weights[usize::from(i)] * f64::from(v)).sum()
    }

    /// The dense vector of [`Weights::COUNT`] values.
    pub fn to_dense(&self) -> Vec<f32> {
        let mut dense = vec![0.0; COUNT];
        for &(i, v) in &self.entries {
            dense[usize::from(i)] = f32::from(v);
        }
        dense
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

    /// The material weight of `kind`.
    #[inline]
    pub fn material(&self, kind: Kind) -> i32 {
        self.0[MATERIAL + kind.index()]
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

/// The dense feature vector of `pos` (what a Texel tuner multiplies by the weights).
pub fn feature_vector(pos: &Position) -> Vec<f32> {
    features(pos).to_dense()
}

/// The static evaluation of `pos` in centipawns from the side to move: exactly the dot product
/// of `weights.to_vec()` with `features(pos)`.
pub fn evaluate(pos: &Position, weights: &Weights) -> i32 {
    EvalWeights::new(weights).evaluate(pos)
}

/// The rank counted from `color`'s side: 0 is its extra squares' rank, 11 the far one.
#[inline]
fn relative_rank(color: Color, sq: Square) -> i8 {
    match color {
        Color::White => sq.rank(),
        Color::Black => 11 - sq.rank(),
    }
}

/// Advancement bucket: ranks 0–2, 3–4, 5–6, 7, and the promotion zone 8–11.
#[inline]
fn rank_bucket(relative: i8) -> usize {
    match relative {
        ..=2 => 0,
        3..=4 => 1,
        5..=6 => 2,
        7 => 3,
        _ => 4,
    }
}

/// Centrality bucket: the file's distance from the nearer edge, 0, 1–2 or 3–4.
#[inline]
fn file_bucket(sq: Square) -> usize {
    match sq.file().min(9 - sq.file()) {
        0 => 0,
        1..=2 => 1,
        _ => 2,
    }
}

#[inline(always)]
fn walk<S: Sink>(pos: &Position, sink: &mut S) {
    let stm = pos.side_to_move();
    let kings = [pos.king(Color::White), pos.king(Color::Black)];
    // Attacks of each side on the squares around the other side's king, and defenders there.
    let mut zone_attacks = [0u32; 2];
    let mut defenders = [0i32; 2];
    for color in [Color::White, Color::Black] {
        let c = color.index();
        let sign = if color == stm { 1 } else { -1 };
        let enemy_king = kings[1 - c];
        for sq in pos.occupied(color) {
            let Some(piece) = pos.piece_at(sq) else { continue };
            let k = piece.kind.index();
            let relative = relative_rank(color, sq);
            sink.add(MATERIAL + k, sign);
            sink.add(RANK + k * RANK_BUCKETS + rank_bucket(relative), sign);
            sink.add(FILE + k * FILE_BUCKETS + file_bucket(sq), sign);
            if piece.kind == Kind::King {
                continue;
            }
            if piece.kind.promoted().is_some() && relative < 8 && relative >= 8 - PROMOTION_DISTANCES as i8 {
                sink.add(PROMOTION + k * PROMOTION_DISTANCES + (7 - relative) as usize, sign);
            }
            let targets = destinations(pos, sq, piece);
            let rifle = rifle_victims(pos, sq, piece);
            sink.add(MOBILITY + k, sign * (targets.len() + rifle.len()) as i32);
            zone_attacks[c] +=
                targets.chain(rifle).filter(|&t| king_distance(t, enemy_king) <= 1).count() as u32;
            if king_distance(sq, kings[c]) == 1 {
                defenders[c] += 1;
            }
        }
    }
    for color in [Color::White, Color::Black] {
        let c = color.index();
        let sign = if color == stm { 1 } else { -1 };
        let danger = (zone_attacks[1 - c] as usize).min(KING_ATTACK_BUCKETS - 1);
        sink.add(KING_ATTACKS + danger, sign);
        sink.add(KING_DEFENDERS, sign * defenders[c]);
    }
    sink.add(TEMPO, 1);
    if pos.is_check() {
        sink.add(IN_CHECK, 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample_positions() -> Vec<Position> {
        let mut out = vec![Position::startpos()];
        let mut pos = Position::startpos();
        for ply in 0..120 {
            let moves = pos.legal_move_list();
            if moves.is_empty() {
                break;
            }
            pos.play(moves.as_slice()[(ply * 31 + 7) % moves.len()]);
            out.push(pos.clone());
        }
        out
    }

    #[test]
    fn evaluation_is_the_dot_product_of_features_and_weights() {
        let w = Weights::initial();
        let flat = w.to_vec();
        for pos in sample_positions() {
            let f = features(&pos);
            assert_eq!(f64::from(evaluate(&pos, &w)), f.dot(&flat), "{}", pos.to_fen());
            assert_eq!(f.to_dense().len(), Weights::COUNT);
        }
    }

    #[test]
    fn the_start_is_balanced_and_material_counts() {
        let w = Weights::initial();
        let start = Position::startpos();
        // Symmetric position: only the tempo differs.
        assert_eq!(evaluate(&start, &w), w.tempo);
        // Without White's Fire Dragon, White (to move) is worse by about its value.
        let fen = "km/rfsgbbgsqr/l*xdvjacdyl*/pppppppppp/10/10/10/10/PPPPPPPPPP/L*YDCAJVDXL*/RQSGBBGS1R/MK w";
        let pos = Position::from_fen(fen).unwrap();
        assert!(evaluate(&pos, &w) < -3_000, "{}", evaluate(&pos, &w));
    }
}
