//! The evaluation weights: named, serialisable (JSON), convertible to and from a flat vector in
//! feature order, so that a Texel tuner fits them as it fits Minishogi's.

use crate::layout::*;
use crate::piece_values::jocly_value;
use minjiku::Kind;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Bound on any single weight, in centipawns (keeps every sum far from the decisive scores).
pub const MAX_WEIGHT: i32 = 10_000;

/// The weights of the linear evaluation, in centipawns per unit of feature. Per-kind arrays are
/// indexed by [`Kind::index`]. Every term counts for the side to move minus the same term for the
/// opponent, except `tempo` and `in_check`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Weights {
    /// Material per kind (the King's cancels out: each side always has one).
    pub material: [i32; KINDS],
    /// Advancement per kind: by rank counted from the owner's side, in five buckets (ranks
    /// 0–2, 3–4, 5–6, 7, and the promotion zone 8–11).
    pub rank: [[i32; RANK_BUCKETS]; KINDS],
    /// Centrality per kind: by the distance of the file from the nearer edge (0, 1–2, 3–4).
    pub file: [[i32; FILE_BUCKETS]; KINDS],
    /// Promotion prospects per kind: a piece that can still promote, outside the zone, 1, 2 or 3
    /// ranks from it (zero for kinds that never promote).
    pub promotion: [[i32; PROMOTION_DISTANCES]; KINDS],
    /// Per square a piece can move to or rifle-capture on, per kind.
    pub mobility: [i32; KINDS],
    /// By the number of enemy attacks on the squares around the king (capped at 15).
    pub king_attacks: [i32; KING_ATTACK_BUCKETS],
    /// Per own piece next to the own king.
    pub king_defenders: i32,
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
    /// A weights file could not be read or written.
    #[error("cannot access weights file {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A file that is not a JSON weights file of this shape.
    #[error("{} is not a Minjiku weights file: {source}", path.display())]
    Parse {
        /// The file.
        path: PathBuf,
        /// What the JSON reader said.
        source: serde_json::Error,
    },
}

/// The short name of each kind, in kind-index order (used in weight names).
fn kind_name(kind: Kind) -> String {
    kind.name().replace(' ', "_")
}

impl Weights {
    /// Number of weights.
    pub const COUNT: usize = COUNT;

    /// Hand-set weights, the starting point of tuning: Jocly's piece values as material (see
    /// Jocly's piece values), a few piece-square and king-safety terms, promotion prospects as a
    /// share of what promoting gains.
    pub fn initial() -> Weights {
        let mut material = [0; KINDS];
        let mut rank = [[0; RANK_BUCKETS]; KINDS];
        let mut file = [[0; FILE_BUCKETS]; KINDS];
        let mut promotion = [[0; PROMOTION_DISTANCES]; KINDS];
        let mut mobility = [0; KINDS];
        for kind in Kind::ALL {
            let k = kind.index();
            material[k] = jocly_value(kind);
            let short_range = minjiku::movement::movement(kind).is_short_range();
            mobility[k] = match kind {
                Kind::King | Kind::Pawn => 0,
                _ if short_range => 3,
                _ => 2,
            };
            if short_range && kind != Kind::King {
                // Step movers belong in the middle and forward, where they meet the enemy.
                rank[k] = [0, 6, 12, 14, 14];
                file[k] = [0, 6, 10];
            }
            if let Some(promoted) = kind.promoted() {
                let gain = (jocly_value(promoted) - jocly_value(kind)).max(0);
                promotion[k] = [gain / 5, gain / 10, gain / 25];
            }
        }
        rank[Kind::Pawn.index()] = [0, 4, 10, 16, 20];
        rank[Kind::King.index()] = [0, -40, -80, -100, -120];
        file[Kind::King.index()] = [0, 0, 0];
        Weights {
            material,
            rank,
            file,
            promotion,
            mobility,
            king_attacks: [
                0, -5, -15, -30, -50, -75, -105, -140, -180, -225, -275, -330, -390, -455, -525, -600,
            ],
            king_defenders: 12,
            tempo: 15,
            in_check: -30,
        }
    }

    /// The built-in weights: the hand-set ones Texel-tuned on self-play
    /// (`data/weights.json`, made by `tools/train-minjiku-weights.sh`; receipts in
    /// `data/training/minjiku/`). The engine plays with these unless told otherwise.
    pub fn builtin() -> Weights {
        static BUILTIN: std::sync::OnceLock<Weights> = std::sync::OnceLock::new();
        BUILTIN
            .get_or_init(|| {
                let parsed = serde_json::from_str::<Weights>(include_str!("../data/weights.json"));
                // A test checks the file; a broken one falls back rather than panic.
                parsed
                    .ok()
                    .filter(|w| Weights::from_vec(&w.to_vec()).is_ok())
                    .unwrap_or_else(Weights::initial)
            })
            .clone()
    }

    /// The weights a command-line spec names: `tuned` ([`Weights::builtin`]), `initial`
    /// ([`Weights::initial`]) or the path of a JSON weights file ([`Weights::load`]).
    pub fn from_spec(spec: &str) -> Result<Weights, WeightsError> {
        match spec {
            "tuned" => Ok(Weights::builtin()),
            "initial" => Ok(Weights::initial()),
            path => Weights::load(Path::new(path)),
        }
    }

    /// Reads a JSON weights file.
    pub fn load(path: &Path) -> Result<Weights, WeightsError> {
        let text = std::fs::read_to_string(path)
            .map_err(|source| WeightsError::Io { path: path.to_path_buf(), source })?;
        let w: Weights = serde_json::from_str(&text)
            .map_err(|source| WeightsError::Parse { path: path.to_path_buf(), source })?;
        Weights::from_vec(&w.to_vec())
    }

    /// Writes the weights as pretty JSON.
    pub fn save(&self, path: &Path) -> Result<(), WeightsError> {
        let text = serde_json::to_string_pretty(self)
            .map_err(|e| WeightsError::Io { path: path.to_path_buf(), source: std::io::Error::other(e) })?;
        std::fs::write(path, text).map_err(|source| WeightsError::Io { path: path.to_path_buf(), source })
    }

    /// The name of every weight, in the order of [`Weights::to_vec`] and of feature indices.
    pub fn names() -> Vec<String> {
        let mut n = Vec::with_capacity(COUNT);
        n.extend(Kind::ALL.iter().map(|&k| format!("material.{}", kind_name(k))));
        for k in Kind::ALL {
            n.extend((0..RANK_BUCKETS).map(|b| format!("rank.{}.{b}", kind_name(k))));
        }
        for k in Kind::ALL {
            n.extend((0..FILE_BUCKETS).map(|b| format!("file.{}.{b}", kind_name(k))));
        }
        for k in Kind::ALL {
            n.extend((1..=PROMOTION_DISTANCES).map(|d| format!("promotion.{}.distance{d}", kind_name(k))));
        }
        n.extend(Kind::ALL.iter().map(|&k| format!("mobility.{}", kind_name(k))));
        n.extend((0..KING_ATTACK_BUCKETS).map(|i| format!("king_attacks.{i}")));
        n.push("king_defenders".into());
        n.push("tempo".into());
        n.push("in_check".into());
        debug_assert_eq!(n.len(), COUNT);
        n
    }

    /// The weights as integers, in feature-index order.
    pub fn to_ints(&self) -> Vec<i32> {
        let mut v = Vec::with_capacity(COUNT);
        v.extend_from_slice(&self.material);
        self.rank.iter().for_each(|r| v.extend_from_slice(r));
        self.file.iter().for_each(|r| v.extend_from_slice(r));
        self.promotion.iter().for_each(|r| v.extend_from_slice(r));
        v.extend_from_slice(&self.mobility);
        v.extend_from_slice(&self.king_attacks);
        v.extend([self.king_defenders, self.tempo, self.in_check]);
        debug_assert_eq!(v.len(), COUNT);
        v
    }

    /// The weights as numbers in feature-index order (for tuning).
    pub fn to_vec(&self) -> Vec<f64> {
        self.to_ints().into_iter().map(f64::from).collect()
    }

    /// Weights from numbers in feature-index order, each rounded to the nearest integer.
    pub fn from_vec(values: &[f64]) -> Result<Weights, WeightsError> {
        if values.len() != COUNT {
            return Err(WeightsError::Length { expected: COUNT, found: values.len() });
        }
        let names = Weights::names();
        let mut ints = Vec::with_capacity(COUNT);
        for (name, &x) in names.iter().zip(values) {
            if !x.is_finite() || x.abs() > f64::from(MAX_WEIGHT) {
                return Err(WeightsError::OutOfRange { name: name.clone(), value: x });
            }
            ints.push(x.round() as i32);
        }
        let mut rest = ints.as_slice();
        let mut take = |out: &mut [i32]| {
            let (head, tail) = rest.split_at(out.len());
            out.copy_from_slice(head);
            rest = tail;
        };
        let mut w = Weights::initial();
        take(&mut w.material);
        w.rank.iter_mut().for_each(|r| take(r));
        w.file.iter_mut().for_each(|r| take(r));
        w.promotion.iter_mut().for_each(|r| take(r));
        take(&mut w.mobility);
        take(&mut w.king_attacks);
        let mut last = [0; 3];
        take(&mut last);
        [w.king_defenders, w.tempo, w.in_check] = last;
        Ok(w)
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::initial()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_weights_file_reads_and_is_in_range() {
        let w: Weights = serde_json::from_str(include_str!("../data/weights.json")).unwrap();
        assert_eq!(Weights::from_vec(&w.to_vec()).unwrap(), w);
        assert_eq!(Weights::builtin(), w);
        assert_eq!(Weights::from_spec("tuned").unwrap(), w);
    }

    #[test]
    fn vector_round_trip_and_names() {
        let w = Weights::initial();
        let names = Weights::names();
        assert_eq!(names.len(), Weights::COUNT);
        let unique: std::collections::HashSet<_> = names.iter().collect();
        assert_eq!(unique.len(), names.len());
        let mut v = w.to_vec();
        assert_eq!(Weights::from_vec(&v).unwrap(), w);
        v[COUNT - 1] = 12.6;
        assert_eq!(Weights::from_vec(&v).unwrap().in_check, 13);
        assert!(matches!(Weights::from_vec(&v[1..]), Err(WeightsError::Length { .. })));
        v[0] = f64::NAN;
        assert!(matches!(Weights::from_vec(&v), Err(WeightsError::OutOfRange { .. })));
    }

    #[test]
    fn file_round_trip_and_errors() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("w.json");
        let mut w = Weights::initial();
        w.tempo = 7;
        w.save(&path).unwrap();
        assert_eq!(Weights::from_spec(path.to_str().unwrap()).unwrap(), w);
        std::fs::write(&path, "{\"material\": [1, 2]}").unwrap();
        assert!(matches!(Weights::load(&path), Err(WeightsError::Parse { .. })));
        assert!(matches!(Weights::load(&dir.path().join("none.json")), Err(WeightsError::Io { .. })));
        assert_eq!(Weights::from_spec("initial").unwrap(), Weights::initial());
    }
}
