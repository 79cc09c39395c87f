//! Adam for the float network: dense steps for the tail, and steps over only the first-layer rows
//! a batch touched (the gradient of every other row is zero; their moments wait).

/// Adam's moments for one array of parameters.
#[derive(Clone, Debug)]
pub struct AdamState {
    m: Vec<f32>,
    v: Vec<f32>,
}

/// The step size and the bias corrections of step `t` (1-based).
#[derive(Copy, Clone, Debug)]
pub struct AdamStep {
    rate: f32,
    c1: f32,
    c2: f32,
}

const B1: f32 = 0.9;
const B2: f32 = 0.999;
const EPS: f32 = 1e-8;

impl AdamStep {
    /// Step `t` (1-based) at learning rate `rate`.
    pub fn new(t: i32, rate: f32) -> AdamStep {
        AdamStep { rate, c1: 1.0 - B1.powi(t), c2: 1.0 - B2.powi(t) }
    }
}

impl AdamState {
    /// Zero moments for `n` parameters.
    pub fn new(n: usize) -> AdamState {
        AdamState { m: vec![0.0; n], v: vec![0.0; n] }
    }

    /// Moves `params[range]` against `grad[range]` and clamps them to `±limit`.
    #[inline]
    pub fn step_range(
        &mut self,
        params: &mut [f32],
        grad: &[f32],
        range: std::ops::Range<usize>,
        s: AdamStep,
        limit: f32,
    ) {
        for j in range {
            let g = grad[j];
            self.m[j] = B1 * self.m[j] + (1.0 - B1) * g;
            self.v[j] = B2 * self.v[j] + (1.0 - B2) * g * g;
            let update = s.rate * (self.m[j] / s.c1) / ((self.v[j] / s.c2).sqrt() + EPS);
            params[j] = (params[j] - update).clamp(-limit, limit);
        }
    }

    /// A step over every parameter.
    pub fn step(&mut self, params: &mut [f32], grad: &[f32], s: AdamStep, limit: f32) {
        let n = params.len();
        self.step_range(params, grad, 0..n, s, limit);
    }
}
