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
        reason: String,
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

    fn from_file(f: NetworkFile) -> Result<Network, String> {
        if f.feature_set != FEATURE_SET_ID {
            return Err(format!("feature set {:#x}, this build uses {FEATURE_SET_ID:#x}", f.feature_set));
        }
        let sizes = (f.features as usize, f.hidden as usize, f.l2 as usize);
        if sizes != (FEATURES, HIDDEN, L2) {
            return Err(format!("layer sizes {sizes:?}, this build uses {:?}", (FEATURES, HIDDEN, L2)));
        }
        if f.scales != [QA, QB, QC, EVAL_SCALE] {
            return Err(format!("scales {:?}, this build uses {:?}", f.scales, [QA, QB, QC, EVAL_SCALE]));
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
        .ok_or_else(|| "weight arrays of the wrong length".to_string())
    }
}
