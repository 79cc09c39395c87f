//! The training loop: shuffled mini-batches, gradients in parallel (rayon) over slices of each
//! batch, summed in a fixed order (so a seed gives the same network for any thread count), sparse
//! first-layer updates, Adam with a cosine learning-rate schedule, and the validation loss after
//! every epoch; the network of the best validation epoch is kept.

use super::backprop::sample_loss;
use super::float_net::FloatNetwork;
use super::optimiser::Optimiser;
use super::samples::{Sample, SampleSets};
use crate::Error;
use minishogi_arena::Rng;
use rayon::prelude::*;
use std::time::Instant;

/// Settings of a training run.
#[derive(Clone, Debug)]
pub struct NetTrainConfig {
    /// Passes over the training samples.
    pub epochs: usize,
    /// Samples per Adam step.
    pub batch_size: usize,
    /// The learning rate at the start.
    pub learning_rate: f32,
    /// The learning rate at the end, as a fraction of the start (cosine decay in between).
    pub final_lr_fraction: f32,
    /// Weight of the game result in the target (1 = results only, 0 = search scores only).
    pub lambda: f32,
    /// Seed of the shuffling.
    pub seed: u64,
}

impl Default for NetTrainConfig {
    fn default() -> NetTrainConfig {
        NetTrainConfig {
            epochs: 20,
            batch_size: 2048,
            learning_rate: 2e-3,
            final_lr_fraction: 0.05,
            lambda: 0.3,
            seed: 1,
        }
    }
}

impl NetTrainConfig {
    /// The same settings, checked.
    pub fn validated(self) -> Result<NetTrainConfig, Error> {
        if !(0.0..=1.0).contains(&self.lambda) {
            return Err(Error::Lambda(f64::from(self.lambda)));
        }
        if self.batch_size == 0
            || self.epochs == 0
            || self.learning_rate.is_nan()
            || self.learning_rate <= 0.0
        {
            return Err(Error::TrainingSettings);
        }
        Ok(self)
    }
}

/// The losses after one epoch (epoch 0: before training).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct NetEpoch {
    /// Epoch number.
    pub epoch: usize,
    /// Mean loss over the training samples during the epoch (before it: of the initial network).
    pub train_loss: f64,
    /// Mean loss over the validation samples after the epoch.
    pub valid_loss: f64,
    /// The learning rate at the epoch's end.
    pub learning_rate: f32,
    /// Training samples per second during the epoch (0 for epoch 0).
    pub positions_per_second: f64,
}

impl NetEpoch {
    /// The header of the table of epochs that [`NetEpoch::table_row`] fills.
    pub const TABLE_HEADER: &'static str = "epoch  train loss  valid loss  learning rate  positions/s";

    /// This epoch as a row under [`NetEpoch::TABLE_HEADER`].
    pub fn table_row(&self) -> String {
        format!(
            "{:>5}  {:>10.6}  {:>10.6}  {:>13.6}  {:>11.0}",
            self.epoch, self.train_loss, self.valid_loss, self.learning_rate, self.positions_per_second
        )
    }
}

/// What a training run did.
#[derive(Clone, Debug, Default)]
pub struct NetTrainReport {
    /// One entry per epoch, epoch 0 first.
    pub epochs: Vec<NetEpoch>,
    /// The epoch whose network was kept (lowest validation loss).
    pub best_epoch: usize,
    /// Training samples.
    pub train_samples: usize,
    /// Validation samples.
    pub valid_samples: usize,
}

/// Progress of a run, for a progress bar.
#[derive(Copy, Clone, Debug)]
pub enum NetTrainEvent {
    /// A batch is done: `done` of `total` in epoch `epoch`.
    Batch {
        /// 1-based epoch.
        epoch: usize,
        /// Batches done in this epoch.
        done: usize,
        /// Batches per epoch.
        total: usize,
    },
    /// An epoch is done.
    Epoch(NetEpoch),
}

/// Mean loss of `net` over `samples` (0 when empty).
pub fn mean_loss(net: &FloatNetwork, samples: &[Sample], lambda: f32) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .par_chunks(1024)
        .map(|c| c.iter().map(|s| f64::from(sample_loss(net, s, lambda))).sum::<f64>())
        .collect::<Vec<_>>()
        .iter()
        .sum();
    sum / samples.len() as f64
}

/// The cosine schedule: `rate` at step 0, `rate · final_fraction` at `total`.
fn scheduled_rate(config: &NetTrainConfig, step: usize, total: usize) -> f32 {
    let x = step as f32 / total.max(1) as f32;
    let low = config.learning_rate * config.final_lr_fraction;
    low + 0.5 * (config.learning_rate - low) * (1.0 + (std::f32::consts::PI * x).cos())
}

/// Trains `net` on `sets.train` on the current rayon pool; on return `net` is the network of the
/// epoch with the lowest validation loss (the training loss when there are no validation samples).
pub fn train_network(
    net: &mut FloatNetwork,
    sets: &SampleSets,
    config: &NetTrainConfig,
    progress: &(dyn Fn(&NetTrainEvent) + Sync),
) -> NetTrainReport {
    let lambda = config.lambda;
    let measure = |n: &FloatNetwork, train: f64| {
        if sets.valid.is_empty() {
            train
        } else {
            mean_loss(n, &sets.valid, lambda)
        }
    };
    let start_train = mean_loss(net, &sets.train, lambda);
    let first = NetEpoch {
        epoch: 0,
        train_loss: start_train,
        valid_loss: measure(net, start_train),
        learning_rate: config.learning_rate,
        positions_per_second: 0.0,
    };
    progress(&NetTrainEvent::Epoch(first));
    let mut report = NetTrainReport {
        epochs: vec![first],
        best_epoch: 0,
        train_samples: sets.train.len(),
        valid_samples: sets.valid.len(),
    };
    let mut best = (first.valid_loss, net.clone());
    let mut order: Vec<u32> = (0..sets.train.len() as u32).collect();
    let mut rng = Rng::new(config.seed);
    let batches = sets.train.len().div_ceil(config.batch_size);
    let total_steps = batches * config.epochs;
    let mut opt = Optimiser::new();
    let mut batch: Vec<&Sample> = Vec::with_capacity(config.batch_size);
    for epoch in 1..=config.epochs {
        let clock = Instant::now();
        rng.shuffle(&mut order);
        let mut loss_sum = 0.0;
        let mut rate = config.learning_rate;
        for (b, chunk) in order.chunks(config.batch_size).enumerate() {
            batch.clear();
            batch.extend(chunk.iter().map(|&i| &sets.train[i as usize]));
            rate = scheduled_rate(config, (epoch - 1) * batches + b, total_steps);
            loss_sum += opt.step(net, &batch, lambda, rate);
            progress(&NetTrainEvent::Batch { epoch, done: b + 1, total: batches });
        }
        let train_loss = loss_sum / sets.train.len().max(1) as f64;
        let stats = NetEpoch {
            epoch,
            train_loss,
            valid_loss: measure(net, train_loss),
            learning_rate: rate,
            positions_per_second: sets.train.len() as f64 / clock.elapsed().as_secs_f64().max(1e-9),
        };
        if stats.valid_loss < best.0 {
            best = (stats.valid_loss, net.clone());
            report.best_epoch = epoch;
        }
        report.epochs.push(stats);
        progress(&NetTrainEvent::Epoch(stats));
    }
    *net = best.1;
    report
}
