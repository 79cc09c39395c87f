//! Texel tuning: fit the engine's linear evaluation to game results (and optionally search
//! scores) by minimising the squared error of `sigmoid(eval / K)` (see `gradient.rs`) with
//! Adam, keeping the weights of the epoch with the lowest validation loss.
//!
//! [`tune_weights`] tunes from datasets, [`tune`] from a [`TrainingSet`] (the quiet positions as
//! feature rows); [`tune_to_files`] writes the weights and the loss curve ([`write_loss_curve`]).

use crate::training_set::{SetStats, TrainingSet};

use crate::adam::Adam;
use crate::gradient::{fit_k, gradient, loss};
use crate::Error;
use minishogi_arena::variant::{Minishogi, Variant};
use minishogi_arena::Rng;
use minishogi_engine::Weights;
use minishogi_selfplay::variant_games::GameRecord;
use minishogi_selfplay::Dataset;
use std::time::Instant;

/// Settings of a tuning run.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Adam step size, in centipawns (Adam's steps are about this large).
    pub learning_rate: f64,
    /// Weight of the game result in the target (1 = results only, 0 = search scores only).
    pub lambda: f64,
    /// Positions per Adam step.
    pub batch_size: usize,
    /// Fraction of games held out for validation, in [0, 1).
    pub validation: f64,
    /// The sigmoid scale, or `None` to fit it to the results first.
    pub k: Option<f64>,
    /// Stop when the validation loss has not improved for this many epochs.
    pub patience: usize,
    /// Seed of the batch shuffling.
    pub seed: u64,
    /// Weights that stay fixed (by index), e.g. a reference material value.
    pub frozen: Vec<usize>,
}

impl Default for TuneConfig {
    fn default() -> TuneConfig {
        TuneConfig {
            epochs: 60,
            batch_size: 4096,
            learning_rate: 2.0,
            lambda: 0.2,
            k: None,
            seed: 1,
            patience: 10,
            frozen: Vec::new(),
            validation: 0.1,
        }
    }
}

impl TuneConfig {
    /// The same settings, checked: `lambda` in [0, 1] and `validation` in [0, 1).
    pub fn validated(self) -> Result<TuneConfig, Error> {
        if !(0.0..=1.0).contains(&self.lambda) {
            return Err(Error::Lambda(self.lambda));
        }
        if !(0.0..1.0).contains(&self.validation) {
            return Err(Error::ValidationFraction(self.validation));
        }
        Ok(self)
    }
}

/// The losses after one epoch.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct EpochStats {
    /// 1-based epoch number (0 = before training).
    pub epoch: usize,
    /// Loss on the training positions.
    pub train_loss: f64,
    /// Loss on the held-out positions.
    pub valid_loss: f64,
    /// Training positions per second in this epoch (gradient passes only).
    pub positions_per_second: f64,
}

/// What a tuning run produced.
#[derive(Clone, Debug)]
pub struct TuneReport {
    /// The sigmoid scale used.
    pub k: f64,
    /// Losses before training (epoch 0) and after each epoch.
    pub epochs: Vec<EpochStats>,
    /// The epoch whose weights are returned (lowest validation loss).
    pub best_epoch: usize,
    /// The tuned weights (of the best epoch), unrounded.
    pub weights: Vec<f64>,
}

impl TuneReport {
    /// The validation loss before training (NaN without a validation set).
    pub fn first_valid_loss(&self) -> f64 {
        self.epochs.first().map_or(f64::NAN, |e| e.valid_loss)
    }

    /// The validation loss of the returned weights.
    pub fn best_valid_loss(&self) -> f64 {
        self.epochs.iter().find(|e| e.epoch == self.best_epoch).map_or(f64::NAN, |e| e.valid_loss)
    }
}

/// Tunes `initial` on `train`, watching `valid`; calls `on_epoch` after epoch 0 (the start) and
/// each epoch. Returns the weights with the lowest validation loss.
pub fn tune(
    train: &TrainingSet,
    valid: &TrainingSet,
    initial: &[f64],
    config: &TuneConfig,
    mut on_epoch: impl FnMut(&EpochStats),
) -> TuneReport {
    let k = config.k.unwrap_or_else(|| fit_k(train, initial));
    let lambda = config.lambda.clamp(0.0, 1.0);
    let mut frozen = vec![false; initial.len()];
    for &j in &config.frozen {
        if j < frozen.len() {
            frozen[j] = true;
        }
    }
    let mut weights = initial.to_vec();
    let valid_loss = |w: &[f64]| if valid.is_empty() { f64::NAN } else { loss(valid, w, k, lambda) };
    let start = EpochStats {
        epoch: 0,
        train_loss: loss(train, &weights, k, lambda),
        valid_loss: valid_loss(&weights),
        positions_per_second: 0.0,
    };
    on_epoch(&start);
    let mut epochs = vec![start];
    let (mut best, mut best_epoch, mut best_weights) = (start.valid_loss, 0, weights.clone());
    let mut adam = Adam::new(initial.len(), config.learning_rate);
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut rng = Rng::new(config.seed);
    for epoch in 1..=config.epochs {
        let clock = Instant::now();
        rng.shuffle(&mut order);
        let mut sum = 0.0;
        for batch in order.chunks(config.batch_size.max(1)) {
            let (l, grad) = gradient(train, batch, &weights, k, lambda);
            sum += l * batch.len() as f64;
            adam.step(&mut weights, &grad, &frozen);
        }
        let seconds = clock.elapsed().as_secs_f64();
        let stats = EpochStats {
            epoch,
            // The running mean over the epoch's batches: cheap, and close to the end-of-epoch loss.
            train_loss: sum / train.len().max(1) as f64,
            valid_loss: valid_loss(&weights),
            positions_per_second: train.len() as f64 / seconds.max(1e-9),
        };
        on_epoch(&stats);
        epochs.push(stats);
        let improved = stats.valid_loss < best || valid.is_empty();
        if improved {
            best = stats.valid_loss;
            best_epoch = epoch;
            best_weights.clone_from(&weights);
        } else if epoch - best_epoch >= config.patience {
            break;
        }
    }
    TuneReport { k, epochs, best_epoch, weights: best_weights }
}

/// Tunes `initial` on the quiet positions of `datasets`, holding out `config.validation` of the
/// games. Returns the rounded weights and the report.
pub fn tune_weights(
    datasets: &[Dataset],
    initial: &Weights,
    config: &TuneConfig,
    on_epoch: impl FnMut(&EpochStats),
) -> Result<(Weights, TuneReport, SetStats), Error> {
    let (set, stats) = TrainingSet::from_datasets(datasets)?;
    fit(&Minishogi::default(), &set, stats, initial, config, on_epoch)
}

/// [`tune_weights`] for any variant: tunes `initial` on the quiet positions of `games`.
pub fn tune_variant<V: Variant>(
    variant: &V,
    games: &[GameRecord<V>],
    initial: &V::Weights,
    config: &TuneConfig,
    on_epoch: impl FnMut(&EpochStats),
) -> Result<(V::Weights, TuneReport, SetStats), Error> {
    let (set, stats) = TrainingSet::from_games(variant, games);
    fit(variant, &set, stats, initial, config, on_epoch)
}

/// Splits the set, tunes, and turns the best epoch's vector back into the variant's weights
/// (each clamped to the variant's bound, then rounded).
fn fit<V: Variant>(
    variant: &V,
    set: &TrainingSet,
    stats: SetStats,
    initial: &V::Weights,
    config: &TuneConfig,
    on_epoch: impl FnMut(&EpochStats),
) -> Result<(V::Weights, TuneReport, SetStats), Error> {
    if set.is_empty() {
        return Err(Error::NoQuietPositions { positions: stats.positions });
    }
    let (train, valid) = set.split(config.validation, config.seed ^ 0x5eed);
    if train.is_empty() {
        return Err(Error::NothingToTrain);
    }
    let report = tune(&train, &valid, &variant.weights_to_vec(initial), config, on_epoch);
    let clamp = variant.max_weight();
    let bounded: Vec<f64> = report.weights.iter().map(|w| w.clamp(-clamp, clamp)).collect();
    let weights = variant.weights_from_vec(&bounded).map_err(|e| Error::RejectedWeights(Box::new(e)))?;
    Ok((weights, report, stats))
}

/// One weight before and after tuning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightChange {
    /// The weight's name.
    pub name: String,
    /// Its value before.
    pub before: i32,
    /// Its value after.
    pub after: i32,
}

/// The `count` weights that moved most from `before` to `after`, largest first (ties in
/// weight order).
pub fn largest_changes(before: &Weights, after: &Weights, count: usize) -> Vec<WeightChange> {
    largest_changes_in(&Minishogi::default(), before, after, count)
}

/// [`largest_changes`] for any variant.
pub fn largest_changes_in<V: Variant>(
    variant: &V,
    before: &V::Weights,
    after: &V::Weights,
    count: usize,
) -> Vec<WeightChange> {
    let names = variant.weight_names();
    let ints =
        |w: &V::Weights| -> Vec<i32> { variant.weights_to_vec(w).iter().map(|x| x.round() as i32).collect() };
    let (b, a) = (ints(before), ints(after));
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse((a[i] - b[i]).abs()));
    order
        .into_iter()
        .take(count)
        .map(|i| WeightChange { name: names[i].clone(), before: b[i], after: a[i] })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gradient::synthetic;

    #[test]
    fn tuning_moves_weights_towards_the_truth() {
        let truth = [100.0, -50.0, 30.0, 60.0, 220.0, -10.0];
        let set = synthetic(6000, truth.len(), &truth, 9);
        let (train, valid) = set.split(0.1, 1);
        assert!(!valid.is_empty() && valid.len() < train.len());
        let init = [0.0; 6];
        let config = TuneConfig {
            epochs: 150,
            batch_size: 512,
            learning_rate: 3.0,
            lambda: 0.0,
            k: Some(200.0),
            patience: 150,
            ..TuneConfig::default()
        };
        let report = tune(&train, &valid, &init, &config, |_| {});
        let dist = |w: &[f64]| w.iter().zip(truth).map(|(a, b)| (a - b).powi(2)).sum::<f64>().sqrt();
        assert!(dist(&report.weights) < 0.05 * dist(&init), "{:?}", report.weights);
        assert!(report.epochs.last().unwrap().valid_loss < report.epochs[0].valid_loss);
    }

    #[test]
    fn tuning_is_the_same_for_any_thread_count() {
        let truth = [100.0, -50.0, 30.0, 60.0, 220.0, -10.0];
        let set = synthetic(5000, truth.len(), &truth, 4);
        let (train, valid) = set.split(0.1, 1);
        let config = TuneConfig { epochs: 3, ..TuneConfig::default() };
        let run = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            pool.install(|| tune(&train, &valid, &[0.0; 6], &config, |_| {}))
        };
        let (one, two) = (run(1), run(2));
        assert_eq!(one.k.to_bits(), two.k.to_bits());
        assert_eq!(one.weights, two.weights);
    }

    #[test]
    fn frozen_weights_stay_put() {
        let truth = [100.0, -50.0];
        let set = synthetic(500, 2, &truth, 2);
        let config = TuneConfig { epochs: 5, k: Some(200.0), frozen: vec![0], ..TuneConfig::default() };
        let report = tune(&set, &TrainingSet::new(), &[7.0, 7.0], &config, |_| {});
        assert_eq!(report.weights[0], 7.0);
        assert_ne!(report.weights[1], 7.0);
    }
}
