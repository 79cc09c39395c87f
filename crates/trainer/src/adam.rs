//! The Adam optimiser (Kingma & Ba 2015), β1 = 0.9, β2 = 0.999, ε = 1e-8, in `f64` for the
//! linear weights' tuner and in `f32` for the network trainer, which steps only the first-layer
//! rows a batch touched (the gradient of every other row is zero; their moments wait).

use std::ops::{Add, Div, Mul, Sub};

/// The float types Adam runs in: each computes in its own precision.
pub(crate) trait AdamFloat:
    Copy + PartialOrd + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Div<Output = Self>
{
    /// 1.
    const ONE: Self;
    /// β1, the decay of the first moment.
    const B1: Self;
    /// β2, the decay of the second moment.
    const B2: Self;
    /// ε, added to the root of the second moment.
    const EPS: Self;
    /// `self` to the power `n`.
    fn powi(self, n: i32) -> Self;
    /// The square root.
    fn sqrt(self) -> Self;
}

impl AdamFloat for f32 {
    const ONE: f32 = 1.0;
    const B1: f32 = 0.9;
    const B2: f32 = 0.999;
    const EPS: f32 = 1e-8;
    fn powi(self, n: i32) -> f32 {
        f32::powi(self, n)
    }
    fn sqrt(self) -> f32 {
        f32::sqrt(self)
    }
}

impl AdamFloat for f64 {
    const ONE: f64 = 1.0;
    const B1: f64 = 0.9;
    const B2: f64 = 0.999;
    const EPS: f64 = 1e-8;
    fn powi(self, n: i32) -> f64 {
        f64::powi(self, n)
    }
    fn sqrt(self) -> f64 {
        f64::sqrt(self)
    }
}

/// The step size and the bias corrections of step `t` (1-based).
#[derive(Copy, Clone, Debug)]
pub(crate) struct AdamStep<F> {
    rate: F,
    c1: F,
    c2: F,
}

impl<F: AdamFloat> AdamStep<F> {
    /// Step `t` (1-based) at learning rate `rate`.
    pub(crate) fn new(t: i32, rate: F) -> AdamStep<F> {
        AdamStep { rate, c1: F::ONE - F::B1.powi(t), c2: F::ONE - F::B2.powi(t) }
    }
}

/// Adam's moments for one array of parameters.
#[derive(Clone, Debug)]
pub(crate) struct AdamState<F> {
    m: Vec<F>,
    v: Vec<F>,
}

impl<F: AdamFloat + Default> AdamState<F> {
    /// Zero moments for `n` parameters.
    pub(crate) fn new(n: usize) -> AdamState<F> {
        AdamState { m: vec![F::default(); n], v: vec![F::default(); n] }
    }

    /// Whether parameter `j`'s first moment is still zero (it has never had a gradient).
    pub(crate) fn is_unmoved(&self, j: usize) -> bool {
        self.m[j] == F::default()
    }

    /// Takes gradient `g` of parameter `j` into its moments; returns the amount to subtract.
    #[inline]
    pub(crate) fn update(&mut self, j: usize, g: F, s: AdamStep<F>) -> F {
        self.m[j] = F::B1 * self.m[j] + (F::ONE - F::B1) * g;
        self.v[j] = F::B2 * self.v[j] + (F::ONE - F::B2) * g * g;
        s.rate * (self.m[j] / s.c1) / ((self.v[j] / s.c2).sqrt() + F::EPS)
    }

    /// Moves `params[range]` against `grad[range]` and clamps them to `±limit`.
    #[inline]
    pub(crate) fn step_range(
        &mut self,
        params: &mut [F],
        grad: &[F],
        range: std::ops::Range<usize>,
        s: AdamStep<F>,
        limit: F,
    ) {
        let low = F::default() - limit;
        for j in range {
            let p = params[j] - self.update(j, grad[j], s);
            // `clamp` as `f32::clamp` computes it (NaN stays NaN).
            params[j] = if p < low {
                low
            } else if p > limit {
                limit
            } else {
                p
            };
        }
    }

    /// A step over every parameter, clamped to `±limit`.
    pub(crate) fn step(&mut self, params: &mut [F], grad: &[F], s: AdamStep<F>, limit: F) {
        let n = params.len();
        self.step_range(params, grad, 0..n, s, limit);
    }
}

/// Adam over a dense weight vector with frozen weights (the linear weights' tuner).
pub(crate) struct Adam {
    state: AdamState<f64>,
    t: i32,
    rate: f64,
}

impl Adam {
    /// An optimiser for `n` weights taking steps of about `rate`.
    pub(crate) fn new(n: usize, rate: f64) -> Adam {
        Adam { state: AdamState::new(n), t: 0, rate }
    }

    /// One step against `grad`; frozen weights and weights never seen in a gradient stay put.
    pub(crate) fn step(&mut self, weights: &mut [f64], grad: &[f64], frozen: &[bool]) {
        self.t += 1;
        let s = AdamStep::new(self.t, self.rate);
        for j in 0..weights.len() {
            if frozen[j] || grad[j] == 0.0 && self.state.is_unmoved(j) {
                continue;
            }
            weights[j] -= self.state.update(j, grad[j], s);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first step moves each weight by about the rate against its gradient's sign (the
    /// bias-corrected moments are `g` and `g²`), in both precisions.
    #[test]
    fn the_first_step_is_the_rate_against_the_gradient() {
        let mut adam = Adam::new(3, 0.5);
        let mut w = [1.0, 1.0, 1.0];
        adam.step(&mut w, &[2.0, -3.0, 4.0], &[false, false, true]);
        assert!((w[0] - 0.5).abs() < 1e-6 && (w[1] - 1.5).abs() < 1e-6, "{w:?}");
        assert_eq!(w[2], 1.0, "a frozen weight stays put");
        let mut state = AdamState::<f32>::new(2);
        let mut p = [0.0f32, 0.0];
        state.step(&mut p, &[1.0, -1.0], AdamStep::new(1, 0.25), 0.1);
        assert_eq!(p, [-0.1, 0.1], "clamped to the limit");
    }
}
