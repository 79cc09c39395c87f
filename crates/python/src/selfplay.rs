//! `selfplay`: the self-play harness of `minishogi-selfplay` on a rayon pool, as
//! `minishogi selfplay` runs it.

use crate::convert::value_error;
use crate::dataset::{dataset_error, PyDataset};
use minishogi_arena::{load_weights, Evaluation, OpeningConfig};
use minishogi_engine::EvalSpec;
use minishogi_selfplay::{selfplay_with, SelfplayConfig, DEFAULT_NODE_JITTER};
use pyo3::exceptions::{PyFileNotFoundError, PyRuntimeError};
use pyo3::prelude::*;
use std::path::{Path, PathBuf};

/// What plays both sides: the linear `weights` (a spec of `load_weights`) or a network
/// (`embedded` or a file, see `EvalSpec`), and the name the dataset records (the weights' spec as the CLI
/// records it, or `network <spec>`).
fn evaluation(weights: Option<PathBuf>, network: Option<PathBuf>) -> PyResult<(Evaluation, String)> {
    let text = |p: PathBuf| p.to_string_lossy().into_owned();
    let missing = |spec: &str, e: &dyn std::fmt::Display| match Path::new(spec).exists() {
        false => PyFileNotFoundError::new_err(e.to_string()),
        true => value_error(e),
    };
    match (weights.map(text), network.map(text)) {
        (Some(_), Some(_)) => Err(value_error("give weights or network, not both")),
        (None, Some(spec)) => match EvalSpec::parse(&spec).network() {
            Ok(Some(net)) => Ok((Evaluation::Network(net), format!("network {spec}"))),
            Ok(None) => Err(value_error("network='linear' is weights=...: name the weights instead")),
            Err(e) => Err(if EvalSpec::parse(&spec).path().is_none() {
                value_error(&e)
            } else {
                missing(&spec, &e)
            }),
        },
        (weights, None) => {
            let spec = weights.unwrap_or_else(|| "linear".to_string());
            let w = load_weights(&spec).map_err(|e| match EvalSpec::parse(&spec).path() {
                None => value_error(&e),
                Some(_) => missing(&spec, &e),
            })?;
            Ok((Evaluation::Linear(Box::new(w)), spec))
        }
    }
}

/// Plays `games` self-play games, `nodes` nodes per move on average (each move's budget drawn
/// from `nodes · (1 ± node_jitter)`, so that games from one opening differ), on a pool of `threads` threads (all
/// cores when `None`), and returns them as a `Dataset`, also written to `out` when given (the
/// file `minishogi selfplay` writes for the same arguments). Game `i` uses the stream
/// `(seed, i)`: the run plays games `first_game .. first_game + games`, so shards of a run
/// concatenate to one run whatever the threads. The linear `weights` (`"linear"` by default,
/// `"initial"` or a file) play, or a `network` (`"embedded"` or a file); `name` replaces the
/// player's name the file records. The GIL is released.
#[pyfunction]
#[pyo3(signature = (games, out=None, nodes=2000, threads=None, seed=1, first_game=0, weights=None, network=None, opening_min=2, opening_max=6, opening_balance=150, ply_cap=300, name=None, node_jitter=DEFAULT_NODE_JITTER))]
#[allow(clippy::too_many_arguments)]
pub fn selfplay(
    py: Python<'_>,
    games: usize,
    out: Option<PathBuf>,
    nodes: u64,
    threads: Option<usize>,
    seed: u64,
    first_game: u64,
    weights: Option<PathBuf>,
    network: Option<PathBuf>,
    opening_min: usize,
    opening_max: usize,
    opening_balance: i32,
    ply_cap: usize,
    name: Option<String>,
    node_jitter: f64,
) -> PyResult<PyDataset> {
    if !(0.0..=1.0).contains(&node_jitter) {
        return Err(value_error("node_jitter must be from 0 to 1"));
    }
    if threads == Some(0) {
        return Err(value_error("threads must be at least 1"));
    }
    if first_game.checked_add(games as u64).is_none() {
        return Err(value_error("first_game + games overflows"));
    }
    let (evaluation, spec_name) = evaluation(weights, network)?;
    let name = name.unwrap_or(spec_name);
    let opening = OpeningConfig {
        min_plies: opening_min,
        max_plies: opening_max,
        max_score: opening_balance,
        ..OpeningConfig::default()
    }
    .validated()
    .map_err(|_| value_error("opening_min is larger than opening_max"))?;
    let config = SelfplayConfig {
        games,
        first_game,
        nodes,
        node_jitter,
        seed,
        ply_cap,
        opening,
        ..SelfplayConfig::default()
    };
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
        builder = builder.num_threads(n);
    }
    let pool = builder.build().map_err(|e| PyRuntimeError::new_err(format!("cannot start threads: {e}")))?;
    py.allow_threads(|| {
        let data = pool.install(|| selfplay_with(&config, &evaluation, &name, &|| {}));
        if let Some(path) = &out {
            data.save(path).map_err(|e| dataset_error(&e))?;
        }
        PyDataset::replay(data)
    })
}
