//! `merge_datasets`: dataset files of one run's shards joined into one file.

use crate::dataset::dataset_error;
use minishogi_selfplay::{merge, Dataset};
use pyo3::prelude::*;
use std::path::PathBuf;

/// Concatenates the games of the dataset files `paths`, in order, into the file `out` (written
/// atomically) and returns its number of games. The files must come from one run's settings
/// (equal metadata); shards of consecutive game numbers (`selfplay(first_game=...)`) merge into
/// exactly the file of the whole run. The GIL is released.
#[pyfunction]
pub fn merge_datasets(py: Python<'_>, paths: Vec<PathBuf>, out: PathBuf) -> PyResult<usize> {
    py.allow_threads(|| {
        let parts = paths.iter().map(|p| Dataset::load(p)).collect::<Result<Vec<_>, _>>()?;
        let merged = merge(parts)?;
        merged.save(&out)?;
        Ok(merged.games.len())
    })
    .map_err(|e| dataset_error(&e))
}
