//! Texel tuning: fit a linear evaluation to game results (and optionally search scores) by
//! minimising the squared error of `sigmoid(eval / K)`, with exact gradients and Adam.
//!
//! The evaluation is `eval = Σ w_j x_j` over sparse features, in centipawns from the side to move.
//! The prediction is `p = σ(eval / K)` with `σ(x) = 1 / (1 + e^-x)`, the target
//! `t = λ·result + (1-λ)·σ(score / K)` (result 1 / ½ / 0 for the side to move, score the search
//! score), the loss `mean (p - t)²`, and the gradient
//! `∂L/∂w_j = mean 2 (p - t) p (1 - p) x_j / K`. `K` is fitted first, to the results, with the
//! initial weights, so the loss measures the evaluation and not its scale.

use crate::rng::Rng;
use rayon::prelude::*;
use std::time::Instant;

/// Sparse feature rows with their labels: the training positions.
#[derive(Clone, Debug, Default)]
pub struct TrainingSet {
    offsets: Vec<u32>,
    index: Vec<u32>,
    value: Vec<f32>,
    result: Vec<f32>,
    score: Vec<f32>,
    group: Vec<u32>,
}

impl TrainingSet {
    /// An empty set.
    pub fn new() -> TrainingSet {
        TrainingSet { offsets: vec![0], ..TrainingSet::default() }
    }

    /// Adds a position: its features, the result for the side to move (1, ½, 0), the search score
    /// in centipawns for the side to move, and a group (its game) for the validation split.
    pub fn push(
        &mut self,
        features: impl IntoIterator<Item = (u32, f32)>,
        result: f32,
        score: f32,
        group: u32,
    ) {
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        for (i, v) in features {
            self.index.push(i);
            self.value.push(v);
        }
        self.offsets.push(self.index.len() as u32);
        self.result.push(result);
        self.score.push(score);
        self.group.push(group);
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.result.len()
    }

    /// True without positions.
    pub fn is_empty(&self) -> bool {
        self.result.is_empty()
    }

    /// One more than the largest feature index used (0 when empty).
    pub fn feature_bound(&self) -> usize {
        self.index.iter().map(|&i| i as usize + 1).max().unwrap_or(0)
    }

    fn row(&self, r: usize) -> (&[u32], &[f32]) {
        let (a, b) = (self.offsets[r] as usize, self.offsets[r + 1] as usize);
        (&self.index[a..b], &self.value[a..b])
    }

    /// The linear evaluation of row `r` under `weights`.
    pub fn eval(&self, r: usize, weights: &[f64]) -> f64 {
        let (idx, val) = self.row(r);
        idx.iter().zip(val).map(|(&i, &v)| weights[i as usize] * v as f64).sum()
    }

    /// Splits by group: a group goes to validation when its hash falls below `fraction`, so the
    /// positions of one game are never on both sides.
    pub fn split(&self, fraction: f64, seed: u64) -> (TrainingSet, TrainingSet) {
        let (mut train, mut valid) = (TrainingSet::new(), TrainingSet::new());
        for r in 0..self.len() {
            let to_valid = Rng::for_item(seed, self.group[r] as u64).unit() < fraction;
            let (idx, val) = self.row(r);
            let target = if to_valid { &mut valid } else { &mut train };
            target.push(
                idx.iter().copied().zip(val.iter().copied()),
                self.result[r],
                self.score[r],
                self.group[r],
            );
        }
        (train, valid)
    }

    fn target(&self, r: usize, k: f64, lambda: f64) -> f64 {
        let result = self.result[r] as f64;
        if lambda >= 1.0 {
            result
        } else {
            lambda * result + (1.0 - lambda) * sigmoid(self.score[r] as f64 / k)
        }
    }
}

/// The logistic function `1 / (1 + e^-x)`.
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Rows per parallel work item.
const CHUNK: usize = 1024;

/// Mean loss of the whole set.
pub fn loss(set: &TrainingSet, weights: &[f64], k: f64, lambda: f64) -> f64 {
    if set.is_empty() {
        return 0.0;
    }
    // Fixed chunks summed in order: the same bits whatever the thread count.
    let rows: Vec<usize> = (0..set.len()).collect();
    let partial: Vec<f64> = rows
        .par_chunks(CHUNK)
        .map(|chunk| {
            chunk
                .iter()
                .map(|&r| {
                    let p = sigmoid(set.eval(r, weights) / k);
                    (p - set.target(r, k, lambda)).powi(2)
                })
                .sum()
        })
        .collect();
    let sum: f64 = partial.iter().sum();
    sum / set.len() as f64
}

/// Mean loss and its exact gradient over the rows `rows` of the set.
pub fn gradient(set: &TrainingSet, rows: &[u32], weights: &[f64], k: f64, lambda: f64) -> (f64, Vec<f64>) {
    let n = weights.len();
    // Per-chunk sums reduced in chunk order, so results do not depend on the thread count.
    let partial: Vec<(f64, Vec<f64>)> = rows
        .par_chunks(CHUNK)
        .map(|chunk| {
            let mut loss_sum = 0.0;
            let mut grad = vec![0.0; n];
            for &r in chunk {
                let r = r as usize;
                let p = sigmoid(set.eval(r, weights) / k);
                let diff = p - set.target(r, k, lambda);
                loss_sum += diff * diff;
                let scale = 2.0 * diff * p * (1.0 - p) / k;
                let (idx, val) = set.row(r);
                for (&i, &v) in idx.iter().zip(val) {
                    grad[i as usize] += scale * v as f64;
                }
            }
            (loss_sum, grad)
        })
        .collect();
    let mut loss_sum = 0.0;
    let mut grad = vec![0.0; n];
    for (l, g) in partial {
        loss_sum += l;
        for (a, b) in grad.iter_mut().zip(g) {
            *a += b;
        }
    }
    let m = rows.len().max(1) as f64;
    (loss_sum / m, grad.into_iter().map(|g| g / m).collect())
}

/// The sigmoid scale `K` (centipawns) that best predicts the results with `weights`: golden-section
/// search on `ln K` over 10..10000 (the loss is unimodal in K in practice).
pub fn fit_k(set: &TrainingSet, weights: &[f64]) -> f64 {
    let f = |ln_k: f64| loss(set, weights, ln_k.exp(), 1.0);
    let (mut a, mut b) = (10f64.ln(), 10000f64.ln());
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    let mut c = b - phi * (b - a);
    let mut d = a + phi * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..40 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - phi * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + phi * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// Settings of a tuning run.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per Adam step.
    pub batch_size: usize,
    /// Adam step size, in centipawns (Adam's steps are about this large).
    pub learning_rate: f64,
    /// Weight of the game result in the target (1 = results only, 0 = search scores only).
    pub lambda: f64,
    /// The sigmoid scale, or `None` to fit it to the results first.
    pub k: Option<f64>,
    /// Seed of the batch shuffling.
    pub seed: u64,
    /// Stop when the validation loss has not improved for this many epochs.
    pub patience: usize,
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
        }
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

/// Adam (Kingma & Ba 2015) with the usual β1 = 0.9, β2 = 0.999, ε = 1e-8.
struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
    t: i32,
    rate: f64,
}

impl Adam {
    fn new(n: usize, rate: f64) -> Adam {
        Adam { m: vec![0.0; n], v: vec![0.0; n], t: 0, rate }
    }

    fn step(&mut self, weights: &mut [f64], grad: &[f64], frozen: &[bool]) {
        const B1: f64 = 0.9;
        const B2: f64 = 0.999;
        self.t += 1;
        let (c1, c2) = (1.0 - B1.powi(self.t), 1.0 - B2.powi(self.t));
        for j in 0..weights.len() {
            if frozen[j] || grad[j] == 0.0 && self.m[j] == 0.0 {
                continue;
            }
            self.m[j] = B1 * self.m[j] + (1.0 - B1) * grad[j];
            self.v[j] = B2 * self.v[j] + (1.0 - B2) * grad[j] * grad[j];
            weights[j] -= self.rate * (self.m[j] / c1) / ((self.v[j] / c2).sqrt() + 1e-8);
        }
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

/// The loss curve as CSV: `epoch,train_loss,valid_loss,positions_per_second`.
pub fn loss_csv(report: &TuneReport) -> String {
    let mut out = String::from("epoch,train_loss,valid_loss,positions_per_second\n");
    for e in &report.epochs {
        out.push_str(&format!(
            "{},{:.8},{:.8},{:.0}\n",
            e.epoch, e.train_loss, e.valid_loss, e.positions_per_second
        ));
    }
    out
}

/// The loss curve as an SVG chart.
pub fn loss_svg(report: &TuneReport) -> String {
    use crate::plot::{line_chart_svg, Series};
    let train = Series {
        name: "training loss".into(),
        color: "#1f77b4",
        points: report.epochs.iter().map(|e| (e.epoch as f64, e.train_loss)).collect(),
    };
    let valid = Series {
        name: "validation loss".into(),
        color: "#d62728",
        points: report.epochs.iter().map(|e| (e.epoch as f64, e.valid_loss)).collect(),
    };
    let title = format!("Texel tuning, K = {:.1} (best epoch {})", report.k, report.best_epoch);
    line_chart_svg(&title, "epoch", "mean squared error", &[train, valid])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random sparse rows labelled by a known weight vector.
    fn synthetic(n: usize, features: usize, truth: &[f64], seed: u64) -> TrainingSet {
        let mut rng = Rng::new(seed);
        let mut set = TrainingSet::new();
        for g in 0..n {
            let mut row = Vec::new();
            for j in 0..features {
                if rng.below(3) == 0 {
                    row.push((j as u32, rng.below(5) as f32 - 2.0));
                }
            }
            let eval: f64 = row.iter().map(|&(j, v)| truth[j as usize] * v as f64).sum();
            // Results drawn from the model itself, scores exact.
            let result = if rng.unit() < sigmoid(eval / 200.0) { 1.0 } else { 0.0 };
            set.push(row, result, eval as f32, g as u32);
        }
        set
    }

    #[test]
    fn gradient_matches_finite_differences() {
        let truth = [100.0, -50.0, 30.0, 0.0, 220.0, -10.0];
        let set = synthetic(300, truth.len(), &truth, 3);
        let w = [80.0, -20.0, 10.0, 5.0, 150.0, 0.0];
        let rows: Vec<u32> = (0..set.len() as u32).collect();
        for lambda in [1.0, 0.3] {
            let (l, grad) = gradient(&set, &rows, &w, 170.0, lambda);
            assert!((l - loss(&set, &w, 170.0, lambda)).abs() < 1e-12);
            for j in 0..w.len() {
                let h = 1e-3;
                let (mut up, mut down) = (w, w);
                up[j] += h;
                down[j] -= h;
                let numeric = (loss(&set, &up, 170.0, lambda) - loss(&set, &down, 170.0, lambda)) / (2.0 * h);
                let tol = 1e-6 * numeric.abs().max(1e-6);
                assert!(
                    (grad[j] - numeric).abs() <= tol.max(1e-10),
                    "j={j} exact {} numeric {numeric}",
                    grad[j]
                );
            }
        }
    }

    #[test]
    fn fitted_k_recovers_the_generating_scale() {
        let truth = [100.0, -50.0, 30.0, 60.0, 220.0, -10.0];
        let set = synthetic(20000, truth.len(), &truth, 5);
        let k = fit_k(&set, &truth);
        assert!((k - 200.0).abs() < 20.0, "K = {k}");
    }

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
