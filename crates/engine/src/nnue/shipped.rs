//! The network shipped in `crates/engine/data/network.nnue`, built into the binary: the engine's default
//! evaluation, which `EvalSpec` names `embedded`.

use super::Network;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// The shipped network's file, the product of `minishogi nnue loop` (see `docs/nnue.md`).
const SHIPPED: &[u8] = include_bytes!("../../data/network.nnue");

/// The shipped network, decoded on first use and shared by every searcher.
pub fn shipped_network() -> Arc<Network> {
    static NETWORK: OnceLock<Arc<Network>> = OnceLock::new();
    let net = NETWORK.get_or_init(|| {
        // The bytes are part of the build and decoded by a test, so failing here is a build bug.
        Arc::new(
            Network::from_bytes(SHIPPED, Path::new("crates/engine/data/network.nnue"))
                .expect("the shipped network decodes"),
        )
    });
    Arc::clone(net)
}
