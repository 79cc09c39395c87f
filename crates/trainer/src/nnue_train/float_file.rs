//! The float network's file (magic `MSNF`), through the engine's codec: what training writes so
//! that a network can be quantised again or trained further.

use super::float_net::FloatNetwork;
use crate::Error;
use minishogi_engine::codec::{load_versioned, save_versioned};
use minishogi_engine::nnue::FEATURE_SET_ID;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Magic bytes of a float network file.
pub const MAGIC: [u8; 4] = *b"MSNF";
/// Format version of a float network file.
pub const VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct FloatFile {
    feature_set: u32,
    network: FloatNetwork,
}

/// Writes a float network (atomically).
pub fn save_float(net: &FloatNetwork, path: &Path) -> Result<(), Error> {
    let file = FloatFile { feature_set: FEATURE_SET_ID, network: net.clone() };
    Ok(save_versioned(path, MAGIC, VERSION, &file)?)
}

/// Reads a float network, refusing another feature set or wrong sizes.
pub fn load_float(path: &Path) -> Result<FloatNetwork, Error> {
    let file: FloatFile = load_versioned(path, MAGIC, VERSION)?;
    let bad = |problem: &'static str| Error::BadFloatNetwork { path: path.to_path_buf(), problem };
    if file.feature_set != FEATURE_SET_ID {
        return Err(bad("a float network for another feature set"));
    }
    if !file.network.has_valid_sizes() {
        return Err(bad("a float network with wrong layer sizes"));
    }
    Ok(file.network)
}
