//! From datasets to tuned weights: quiet labelled positions → sparse features → Texel tuning.

use crate::dataset::{Dataset, LabelledPosition, NO_SCORE};
use crate::tune::{tune, TrainingSet, TuneConfig, TuneReport};
use crate::Error;
use minishogi_engine::{features, Weights};

/// Scores beyond this (centipawns) are treated as decided (mates, won repetitions) and skipped.
pub const DECIDED_SCORE: i16 = 2500;

/// True for a position worth fitting a static evaluation to: not in check, and the search's move
/// is neither a capture nor a promotion (so the static value is not about to change at once),
/// and the search did not see a decided result.
pub fn is_quiet(lp: &LabelledPosition) -> bool {
    let pos = &lp.position;
    lp.score != NO_SCORE
        && lp.score.abs() < DECIDED_SCORE
        && !pos.in_check()
        && !lp.best.is_promotion()
        && pos.piece_at(lp.best.to()).is_none()
}

/// The engine's bound on a single weight (`weights::MAX_WEIGHT`, not exported).
const WEIGHT_LIMIT: i32 = 5000;

/// Counts from building a training set.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SetStats {
    /// Labelled positions seen.
    pub positions: usize,
    /// Of which quiet (kept).
    pub quiet: usize,
}

/// The quiet positions of the datasets as sparse feature rows; a position's group is its game.
pub fn training_set(datasets: &[Dataset]) -> Result<(TrainingSet, SetStats), Error> {
    let mut set = TrainingSet::new();
    let mut stats = SetStats::default();
    let mut group_base = 0u32;
    for (n, data) in datasets.iter().enumerate() {
        data.for_each_position(|lp| {
            stats.positions += 1;
            if !is_quiet(lp) {
                return;
            }
            stats.quiet += 1;
            let f = features(&lp.position);
            set.push(
                f.entries.iter().map(|&(i, v)| (u32::from(i), f32::from(v))),
                lp.result,
                f32::from(lp.score),
                group_base + lp.game,
            );
        })
        .map_err(|message| Error::BadDataset {
            path: format!("dataset {} (seed {})", n + 1, data.meta.seed),
            message,
        })?;
        group_base += data.games.len() as u32;
    }
    Ok((set, stats))
}

/// Tunes `initial` on the quiet positions of `datasets`, holding out `validation` of the games.
/// Returns the rounded weights and the report.
pub fn tune_weights(
    datasets: &[Dataset],
    initial: &Weights,
    validation: f64,
    config: &TuneConfig,
    on_epoch: impl FnMut(&crate::tune::EpochStats),
) -> Result<(Weights, TuneReport, SetStats), Error> {
    let (set, stats) = training_set(datasets)?;
    if set.is_empty() {
        return Err(Error::NoData(format!("{} labelled positions, none quiet", stats.positions)));
    }
    let (train, valid) = set.split(validation, config.seed ^ 0x5eed);
    if train.is_empty() {
        return Err(Error::NoData("every game fell into the validation split".into()));
    }
    let report = tune(&train, &valid, &initial.to_vec(), config, on_epoch);
    let clamp = f64::from(WEIGHT_LIMIT);
    let bounded: Vec<f64> = report.weights.iter().map(|w| w.clamp(-clamp, clamp)).collect();
    let weights =
        Weights::from_vec(&bounded).map_err(|e| Error::Config(format!("tuned weights rejected: {e}")))?;
    Ok((weights, report, stats))
}
