//! The evaluation weights: named, serialisable, convertible to and from a flat vector for tuning.

use crate::codec::{self, CodecError};
use crate::layout;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Magic bytes of a weights file.
const MAGIC: [u8; 4] = *b"MSHW";
/// Format version of a weights file.
const VERSION: u32 = 1;

/// The shipped weights, embedded in the binary.
static EMBEDDED: &[u8] = include_bytes!("../data/weights.bin");

/// Names of the board kinds with a material weight, in kind-index order (king left out).
const BOARD_KIND_NAMES: [&str; 9] =
    ["pawn", "silver", "gold", "bishop", "rook", "tokin", "prosilver", "horse", "dragon"];
/// Names of the ten board kinds in kind-index order.
const KIND_NAMES: [&str; 10] =
    ["pawn", "silver", "gold", "bishop", "rook", "king", "tokin", "prosilver", "horse", "dragon"];
/// Names of the hand kinds in hand-index order.
const HAND_KIND_NAMES: [&str; 5] = ["pawn", "silver", "gold", "bishop", "rook"];

/// The weights of the linear evaluation, in centipawns per unit of feature.
///
/// Every term is counted for the side to move minus the same term for the opponent, unless its
/// name says otherwise (`hanging_us`, `hanging_them`, `in_check`, `tempo`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Weights {
    /// Material on the board, per kind except the king (kind-index order, king skipped).
    pub board: [i32; 9],
    /// Each piece in hand, per hand kind.
    pub hand: [i32; 5],
    /// Extra for holding a second piece of a kind in hand (diminishing or increasing returns).
    pub hand_second: [i32; 5],
    /// Piece-square terms per kind (ten kinds), indexed `row * 3 + min(col, 4 - col)` from the
    /// owner's side (row 0 is the owner's promotion rank): left-right symmetric.
    pub psq: [[i32; 15]; 10],
    /// By the number of attacks (capped at 11) of enemy pieces on the squares around a king.
    pub king_attacks: [i32; 12],
    /// By the number (capped at 8) of empty squares around a king that no friendly piece other
    /// than the king guards, counted only when the enemy has a piece in hand to drop there.
    pub king_drop_squares: [i32; 9],
    /// Per friendly piece (other than the king) next to its own king.
    pub king_defenders: i32,
    /// Per square a piece attacks that does not hold a friendly piece, per kind (king skipped).
    pub mobility: [i32; 9],
    /// Per piece of the side to move that is attacked and not defended, per kind (king skipped).
    pub hanging_us: [i32; 9],
    /// Per piece of the opponent that is attacked and not defended, per kind (king skipped).
    pub hanging_them: [i32; 9],
    /// Having the move.
    pub tempo: i32,
    /// The side to move is in check.
    pub in_check: i32,
}

/// Why a weights vector or file was rejected.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    /// The vector has the wrong number of entries.
    #[error("expected {expected} weights, found {found}")]
    Length {
        /// The number of weights.
        expected: usize,
        /// The number given.
        found: usize,
    },
    /// A weight is not a finite number in range.
    #[error("weight {name} = {value} is out of range (at most {MAX_WEIGHT} in absolute value)")]
    OutOfRange {
        /// The weight's name.
        name: String,
        /// The offending value.
        value: f64,
    },
    /// Bytes that are not a weights file.
    #[error("not valid weights: {0}")]
    Codec(#[from] CodecError),
    /// A weights file could not be read.
    #[error("cannot read weights file {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A weights file could not be written.
    #[error("cannot write weights file {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A file that is not a weights file of this version (or is truncated or corrupted).
    #[error("{} is not a valid weights file: {reason}", path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: CodecError,
    },
}

/// Bound on any single weight (keeps sums far from `i32` overflow and from mate scores).
pub const MAX_WEIGHT: i32 = 5000;

impl Weights {
    /// Number of weights.
    pub const COUNT: usize = layout::COUNT;

    /// Hand-set weights that play sensibly: the starting point of tuning.
    pub fn initial() -> Weights {
        // Piece-square terms: advance pawns and silvers, keep the king home and the golds by it.
        let row = |r: [i32; 5]| -> [i32; 15] {
            let mut t = [0; 15];
            for (i, v) in r.iter().enumerate() {
                for c in 0..3 {
                    t[i * 3 + c] = *v;
                }
            }
            t
        };
        let mut psq = [[0; 15]; 10];
        psq[0] = row([0, 30, 20, 10, 0]); // pawn
        psq[1] = row([10, 20, 15, 5, 0]); // silver
        psq[2] = row([0, 10, 10, 10, 5]); // gold
        psq[5] = row([-80, -50, -30, -10, 0]); // king
        psq[6] = row([10, 20, 15, 10, 0]); // tokin
        psq[7] = row([10, 20, 15, 10, 0]); // promoted silver
        Weights {
            board: [100, 420, 480, 560, 650, 500, 480, 800, 900],
            hand: [130, 460, 520, 600, 700],
            hand_second: [0; 5],
            psq,
            king_attacks: [0, -10, -30, -60, -100, -150, -210, -280, -350, -420, -480, -540],
            king_drop_squares: [0, -10, -25, -45, -70, -100, -130, -160, -190],
            king_defenders: 15,
            mobility: [0, 4, 4, 8, 8, 4, 4, 8, 8],
            hanging_us: [-10, -60, -70, -80, -100, -70, -70, -120, -140],
            hanging_them: [0; 9],
            tempo: 20,
            in_check: -20,
        }
    }

    /// The weights shipped in `crates/engine/data/weights.bin`, embedded in the binary.
    pub fn default_embedded() -> Weights {
        // The file is part of the source tree and checked by a test, so failing here is a build bug.
        Weights::from_bytes(EMBEDDED).expect("crates/engine/data/weights.bin is a valid weights file")
    }

    /// Decodes weights from the bytes of a weights file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, WeightsError> {
        let w: Weights = codec::decode_versioned(MAGIC, VERSION, bytes)?;
        w.validate()?;
        Ok(w)
    }

    /// The bytes of a weights file.
    pub fn to_bytes(&self) -> Vec<u8> {
        codec::encode_versioned(MAGIC, VERSION, self)
    }

    /// Reads a weights file.
    pub fn load(path: &Path) -> Result<Weights, WeightsError> {
        let w: Weights = codec::load_versioned(path, MAGIC, VERSION).map_err(|e| match e {
            CodecError::Io { source, .. } => WeightsError::Read { path: path.to_path_buf(), source },
            reason => WeightsError::Invalid { path: path.to_path_buf(), reason },
        })?;
        w.validate()?;
        Ok(w)
    }

    /// Writes a weights file (atomically).
    pub fn save(&self, path: &Path) -> Result<(), WeightsError> {
        codec::save_versioned(path, MAGIC, VERSION, self).map_err(|e| match e {
            CodecError::Io { source, .. } => WeightsError::Write { path: path.to_path_buf(), source },
            // Saving only does I/O; any other codec error would be a bug of the codec.
            other => WeightsError::Codec(other),
        })
    }

    fn validate(&self) -> Result<(), WeightsError> {
        let names = Weights::names();
        for (i, v) in self.to_ints().iter().enumerate() {
            if v.abs() > MAX_WEIGHT {
                return Err(WeightsError::OutOfRange { name: names[i].clone(), value: f64::from(*v) });
            }
        }
        Ok(())
    }

    /// The name of every weight, in the order of [`Weights::to_vec`] and of feature indices.
    pub fn names() -> Vec<String> {
        let mut n = Vec::with_capacity(Self::COUNT);
        n.extend(BOARD_KIND_NAMES.iter().map(|k| format!("board.{k}")));
        n.extend(HAND_KIND_NAMES.iter().map(|k| format!("hand.{k}")));
        n.extend(HAND_KIND_NAMES.iter().map(|k| format!("hand_second.{k}")));
        for k in KIND_NAMES {
            for r in 0..5 {
                for c in 0..3 {
                    // Rank counted from the owner's promotion rank, file from the edge.
                    n.push(format!("psq.{k}.rank{}.file{}", r + 1, c + 1));
                }
            }
        }
        n.extend((0..12).map(|i| format!("king_attacks.{i}")));
        n.extend((0..9).map(|i| format!("king_drop_squares.{i}")));
        n.push("king_defenders".to_string());
        n.extend(BOARD_KIND_NAMES.iter().map(|k| format!("mobility.{k}")));
        n.extend(BOARD_KIND_NAMES.iter().map(|k| format!("hanging_us.{k}")));
        n.extend(BOARD_KIND_NAMES.iter().map(|k| format!("hanging_them.{k}")));
        n.push("tempo".to_string());
        n.push("in_check".to_string());
        debug_assert_eq!(n.len(), Self::COUNT);
        n
    }

    /// The weights as integers, in feature-index order.
    pub fn to_ints(&self) -> Vec<i32> {
        let mut v = Vec::with_capacity(Self::COUNT);
        v.extend_from_slice(&self.board);
        v.extend_from_slice(&self.hand);
        v.extend_from_slice(&self.hand_second);
        for k in &self.psq {
            v.extend_from_slice(k);
        }
        v.extend_from_slice(&self.king_attacks);
        v.extend_from_slice(&self.king_drop_squares);
        v.push(self.king_defenders);
        v.extend_from_slice(&self.mobility);
        v.extend_from_slice(&self.hanging_us);
        v.extend_from_slice(&self.hanging_them);
        v.push(self.tempo);
        v.push(self.in_check);
        debug_assert_eq!(v.len(), Self::COUNT);
        v
    }

    /// The weights as a vector of numbers in feature-index order (for tuning).
    pub fn to_vec(&self) -> Vec<f64> {
        self.to_ints().into_iter().map(f64::from).collect()
    }

    /// Weights from a vector in feature-index order, each rounded to the nearest integer.
    pub fn from_vec(values: &[f64]) -> Result<Weights, WeightsError> {
        if values.len() != Self::COUNT {
            return Err(WeightsError::Length { expected: Self::COUNT, found: values.len() });
        }
        let names = Weights::names();
        let mut ints = Vec::with_capacity(Self::COUNT);
        for (i, &x) in values.iter().enumerate() {
            if !x.is_finite() || x.abs() > f64::from(MAX_WEIGHT) {
                return Err(WeightsError::OutOfRange { name: names[i].clone(), value: x });
            }
            ints.push(x.round() as i32);
        }
        let mut it = ints.into_iter();
        let mut take = || it.next().expect("length checked");
        let mut arr = |out: &mut [i32]| out.iter_mut().for_each(|x| *x = take());
        let mut w = Weights::initial();
        arr(&mut w.board);
        arr(&mut w.hand);
        arr(&mut w.hand_second);
        for k in &mut w.psq {
            arr(k);
        }
        arr(&mut w.king_attacks);
        arr(&mut w.king_drop_squares);
        let mut one = [0];
        arr(&mut one);
        w.king_defenders = one[0];
        arr(&mut w.mobility);
        arr(&mut w.hanging_us);
        arr(&mut w.hanging_them);
        arr(&mut one);
        w.tempo = one[0];
        arr(&mut one);
        w.in_check = one[0];
        Ok(w)
    }
}

impl Default for Weights {
    fn default() -> Self {
        Weights::default_embedded()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vector_round_trip_and_names() {
        let w = Weights::initial();
        assert_eq!(Weights::names().len(), Weights::COUNT);
        let names = Weights::names();
        let unique: std::collections::HashSet<_> = names.iter().collect();
        assert_eq!(unique.len(), names.len());
        let mut v = w.to_vec();
        assert_eq!(Weights::from_vec(&v).unwrap(), w);
        v[3] = 12.6;
        assert_eq!(Weights::from_vec(&v).unwrap().board[3], 13);
        assert!(Weights::from_vec(&v[1..]).is_err());
        v[0] = f64::NAN;
        assert!(Weights::from_vec(&v).is_err());
    }

    #[test]
    fn file_round_trip_and_embedded() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("w.bin");
        let w = Weights::initial();
        w.save(&path).unwrap();
        assert_eq!(Weights::load(&path).unwrap(), w);
        std::fs::write(&path, &w.to_bytes()[..40]).unwrap();
        assert!(Weights::load(&path).is_err());
        assert!(matches!(Weights::load(&path), Err(WeightsError::Invalid { .. })));
        assert!(matches!(Weights::load(&dir.path().join("none.bin")), Err(WeightsError::Read { .. })));
        // The shipped file decodes and is in range.
        let _ = Weights::default_embedded();
    }
}
