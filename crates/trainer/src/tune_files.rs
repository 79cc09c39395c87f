//! A tuning run that writes its products: the tuned weights file and the loss curve.

use crate::loss_curve::write_loss_curve;
use crate::texel::{tune_weights, EpochStats, TuneConfig, TuneReport};
use crate::training_set::SetStats;
use crate::Error;
use minishogi_engine::Weights;
use minishogi_selfplay::Dataset;
use std::path::{Path, PathBuf};

/// What [`tune_to_files`] produced and wrote.
#[derive(Clone, Debug)]
pub struct TunedFiles {
    /// The tuned weights (written to the run's `out`).
    pub weights: Weights,
    /// The run's losses.
    pub report: TuneReport,
    /// The positions tuned on.
    pub stats: SetStats,
    /// The loss curve's stem (`.csv` and `.svg` appended).
    pub curve: PathBuf,
}

/// Tunes `initial` on `datasets` ([`tune_weights`]), then writes the weights to `out` and the loss
/// curve to `curve` (default: `out` with extension `loss`).
pub fn tune_to_files(
    datasets: &[Dataset],
    initial: &Weights,
    config: &TuneConfig,
    out: &Path,
    curve: Option<&Path>,
    on_epoch: impl FnMut(&EpochStats),
) -> Result<TunedFiles, Error> {
    let (weights, report, stats) = tune_weights(datasets, initial, config, on_epoch)?;
    weights.save(out).map_err(|e| Error::weights_file(out, e))?;
    let curve = curve.map_or_else(|| out.with_extension("loss"), Path::to_path_buf);
    write_loss_curve(&report, &curve)?;
    Ok(TunedFiles { weights, report, stats, curve })
}
