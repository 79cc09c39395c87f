//! The network file: a versioned file of the engine's codec (magic `MSNN`, format version,
//! length, checksum) whose payload names the feature set, the layer sizes and the scales before
//! the weights, so that a file made for another architecture is refused with a reason.

use super::features::{FEATURES, FEATURE_SET_ID};
use super::network::{Network, EVAL_SCALE, HIDDEN, L2, QA, QB, QC};
use crate::codec::{self, CodecError};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Magic bytes of a network file.
pub const MAGIC: [u8; 4] = *b"MSNN";
/// Format version of a network file.
pub const VERSION: u32 = 1;

/// The payload of a network file.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct NetworkFile {
    feature_set: u32,
    features: u32,
    hidden: u32,
    l2: u32,
    /// `[QA, QB, QC, EVAL_SCALE]`.
    scales: [i32; 4],
    description: String,
    l1_weights: Vec<i16>,
    l1_bias: Vec<i16>,
    l2_weights: Vec<i16>,
    l2_bias: Vec<i32>,
    l3_weights: Vec<i16>,
    l3_bias: i32,
}

/// Why a network file was refused.
#[derive(Debug, thiserror::Error)]
pub enum NetworkError {
    /// The file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// Not a network file of this format version, or truncated or corrupted.
    #[error("{} is not a valid network file: {reason}", path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: CodecError,
    },
    /// A valid file for another feature set, size or scale than this build uses.
    #[error("{} does not fit this engine: {reason}", path.display())]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// What differs.
        #[source]
        reason: NetworkMismatch,
    },
}

/// How a valid network file differs from the network this build uses.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetworkMismatch {
    /// Another feature set.
    #[error("feature set {found:#x}, this build uses {FEATURE_SET_ID:#x}")]
    FeatureSet {
        /// The file's feature set id.
        found: u32,
    },
    /// Other layer sizes (features, accumulator, second layer).
    #[error("layer sizes {found:?}, this build uses {:?} (or an accumulator up to {HIDDEN} wide)", (FEATURES, HIDDEN, L2))]
    LayerSizes {
        /// The file's sizes.
        found: (usize, usize, usize),
    },
    /// Weight arrays whose lengths do not match the layer sizes.
    #[error("weight arrays of the wrong length")]
    ArrayLengths,
    /// Other quantisation scales.
    #[error("scales {found:?}, this build uses {:?}", [QA, QB, QC, EVAL_SCALE])]
    Scales {
        /// The file's `[QA, QB, QC, EVAL_SCALE]`.
        found: [i32; 4],
    },
}

impl Network {
    /// The bytes of a network file.
    pub fn to_bytes(&self) -> Vec<u8> {
        codec::encode_versioned(MAGIC, VERSION, &self.to_file())
    }

    /// Decodes a network file's bytes; `path` names it in errors.
    pub fn from_bytes(bytes: &[u8], path: &Path) -> Result<Network, NetworkError> {
        let file: NetworkFile = codec::decode_versioned(MAGIC, VERSION, bytes)
            .map_err(|reason| NetworkError::Invalid { path: path.to_path_buf(), reason })?;
        Network::from_file(file).map_err(|reason| NetworkError::Mismatch { path: path.to_path_buf(), reason })
    }

    /// Reads a network file.
    pub fn load(path: &Path) -> Result<Network, NetworkError> {
        let bytes =
            std::fs::read(path).map_err(|source| NetworkError::Io { path: path.to_path_buf(), source })?;
        Network::from_bytes(&bytes, path)
    }

    /// Writes a network file (atomically: a temporary name, then renamed).
    pub fn save(&self, path: &Path) -> Result<(), NetworkError> {
        codec::save_versioned(path, MAGIC, VERSION, &self.to_file()).map_err(|e| match e {
            CodecError::Io { source, .. } => NetworkError::Io { path: path.to_path_buf(), source },
            reason => NetworkError::Invalid { path: path.to_path_buf(), reason },
        })
    }

    fn to_file(&self) -> NetworkFile {
        NetworkFile {
            feature_set: FEATURE_SET_ID,
            features: FEATURES as u32,
            hidden: HIDDEN as u32,
            l2: L2 as u32,
            scales: [QA, QB, QC, EVAL_SCALE],
            description: self.description.clone(),
            l1_weights: self.l1_weights.clone(),
            l1_bias: self.l1_bias.clone(),
            l2_weights: self.l2_weights.clone(),
            l2_bias: self.l2_bias.clone(),
            l3_weights: self.l3_weights.clone(),
            l3_bias: self.l3_bias,
        }
    }

    fn from_file(f: NetworkFile) -> Result<Network, NetworkMismatch> {
        if f.feature_set != FEATURE_SET_ID {
            return Err(NetworkMismatch::FeatureSet { found: f.feature_set });
        }
        let sizes = (f.features as usize, f.hidden as usize, f.l2 as usize);
        let narrower = f.hidden > 0 && f.hidden as usize <= HIDDEN;
        if (sizes.0, sizes.2) != (FEATURES, L2) || !narrower {
            return Err(NetworkMismatch::LayerSizes { found: sizes });
        }
        let f = widened(f).ok_or(NetworkMismatch::ArrayLengths)?;
        if f.scales != [QA, QB, QC, EVAL_SCALE] {
            return Err(NetworkMismatch::Scales { found: f.scales });
        }
        Network::from_parts(
            f.l1_weights,
            f.l1_bias,
            f.l2_weights,
            f.l2_bias,
            f.l3_weights,
            f.l3_bias,
            f.description,
        )
        .ok_or(NetworkMismatch::ArrayLengths)
    }
}

/// `f` with its accumulator padded to [`HIDDEN`] units whose weights and bias are zero: they are
/// never active (clipped ReLU of 0) and add nothing to the second layer, so the evaluation is
/// the narrower network's exactly. `None` when an array's length does not match `f.hidden`.
fn widened(mut f: NetworkFile) -> Option<NetworkFile> {
    let h = f.hidden as usize;
    if h == HIDDEN {
        return Some(f);
    }
    let lengths = (f.l1_weights.len(), f.l1_bias.len(), f.l2_weights.len());
    if lengths != (FEATURES * h, h, L2 * 2 * h) {
        return None;
    }
    let pad = |rows: &[i16], width: usize| -> Vec<i16> {
        rows.chunks(width)
            .flat_map(|row| row.iter().copied().chain(std::iter::repeat_n(0, HIDDEN - width)))
            .collect()
    };
    f.l1_weights = pad(&f.l1_weights, h);
    f.l1_bias = pad(&f.l1_bias, h);
    // Each output's row is the side to move's h inputs, then the other side's h: pad each half.
    f.l2_weights = pad(&f.l2_weights, h);
    f.hidden = HIDDEN as u32;
    Some(f)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::{active_features, Accumulator};
    use minishogi::Position;

    /// A file of pseudo-random weights whose accumulator is `h` wide.
    fn narrow_file(h: usize) -> NetworkFile {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |m: i64| -> i64 {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((state >> 33) as i64 % (2 * m + 1)) - m
        };
        NetworkFile {
            feature_set: FEATURE_SET_ID,
            features: FEATURES as u32,
            hidden: h as u32,
            l2: L2 as u32,
            scales: [QA, QB, QC, EVAL_SCALE],
            description: "narrow".into(),
            l1_weights: (0..FEATURES * h).map(|_| next(150) as i16).collect(),
            l1_bias: (0..h).map(|_| (next(300) + 200) as i16).collect(),
            l2_weights: (0..L2 * 2 * h).map(|_| next(3000) as i16).collect(),
            l2_bias: (0..L2).map(|_| next(200_000) as i32).collect(),
            l3_weights: (0..L2).map(|_| next(400) as i16).collect(),
            l3_bias: next(100_000) as i32,
        }
    }

    /// The narrow network's output, written out plainly from its own arrays.
    fn narrow_output(f: &NetworkFile, pos: &Position) -> i32 {
        let h = f.hidden as usize;
        let stm = pos.side_to_move();
        let mut input = Vec::new();
        for c in [stm, !stm] {
            let mut acc: Vec<i32> = f.l1_bias.iter().map(|&b| i32::from(b)).collect();
            active_features(pos, c, |x| {
                let row = &f.l1_weights[usize::from(x) * h..(usize::from(x) + 1) * h];
                acc.iter_mut().zip(row).for_each(|(a, &w)| *a += i32::from(w));
            });
            input.extend(acc.iter().map(|&a| a.clamp(0, QA)));
        }
        let mut out = f.l3_bias;
        for o in 0..L2 {
            let row = &f.l2_weights[o * 2 * h..(o + 1) * 2 * h];
            let sum: i32 = input.iter().zip(row).map(|(&x, &w)| x * i32::from(w)).sum::<i32>() + f.l2_bias[o];
            out += ((sum + QB / 2) / QB).clamp(0, QA) * i32::from(f.l3_weights[o]);
        }
        let cp = i64::from(out) * i64::from(EVAL_SCALE) / i64::from(QA * QC);
        (cp as i32).clamp(-crate::nnue::MAX_EVAL, crate::nnue::MAX_EVAL)
    }

    #[test]
    fn a_narrower_file_loads_padded_and_evaluates_as_before() {
        let h = HIDDEN / 2;
        let file = narrow_file(h);
        let net = Network::from_file(narrow_file(h)).expect("a narrower file loads");
        for sfen in [
            "rbsgk/4p/5/P4/KGSBR b - 1",
            "2k2/G4/5/5/K4 b RBSPrbgs 1",
            "+R1+Bgk/2S2/5/2p2/K4 w GPbs 1",
            "4k/5/2K2/5/5 w RBGSPrbgsp 1",
        ] {
            let pos = Position::from_sfen(sfen).unwrap();
            let acc = Accumulator::new(&net, &pos);
            let want = narrow_output(&file, &pos);
            assert_eq!(net.evaluate_scalar(&acc, pos.side_to_move()), want, "{sfen}");
            assert_eq!(net.evaluate(&acc, pos.side_to_move()), want, "{sfen}");
        }
    }

    #[test]
    fn a_wider_or_inconsistent_file_is_refused() {
        let mut wide = narrow_file(16);
        wide.hidden = (HIDDEN + 16) as u32;
        let err = Network::from_file(wide).unwrap_err();
        assert!(matches!(err, NetworkMismatch::LayerSizes { .. }) && err.to_string().contains("layer sizes"));
        let mut short = narrow_file(HIDDEN / 2);
        short.l1_bias.pop();
        let err = Network::from_file(short).unwrap_err();
        assert_eq!(err, NetworkMismatch::ArrayLengths);
        assert!(err.to_string().contains("wrong length"));
    }
}
