//! The loss of a linear evaluation over training positions, its exact gradient, and the fit of
//! the sigmoid scale `K`: the maths of Texel tuning.
//!
//! The evaluation is `eval = Σ w_j x_j` over sparse features, in centipawns from the side to move.
//! The prediction is `p = σ(eval / K)` with `σ(x) = 1 / (1 + e^-x)`, the target
//! `t = λ·result + (1-λ)·σ(score / K)` (result 1 / ½ / 0 for the side to move, score the search
//! score), the loss `mean (p - t)²`, and the gradient
//! `∂L/∂w_j = mean 2 (p - t) p (1 - p) x_j / K`. `K` is fitted first, to the results, with the
//! initial weights, so the loss measures the evaluation and not its scale.

use crate::training_set::TrainingSet;
use rayon::prelude::*;

/// The logistic function `1 / (1 + e^-x)`.
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The target of row `r`: the result blended with the squashed search score.
fn target(set: &TrainingSet, r: usize, k: f64, lambda: f64) -> f64 {
    let result = set.result(r) as f64;
    if lambda >= 1.0 {
        result
    } else {
        lambda * result + (1.0 - lambda) * sigmoid(set.score(r) as f64 / k)
    }
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
                    (p - target(set, r, k, lambda)).powi(2)
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
                let diff = p - target(set, r, k, lambda);
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

/// Random sparse rows labelled by a known weight vector, for the tuner's tests.
#[cfg(test)]
pub(crate) fn synthetic(n: usize, features: usize, truth: &[f64], seed: u64) -> TrainingSet {
    let mut rng = minishogi_arena::Rng::new(seed);
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
