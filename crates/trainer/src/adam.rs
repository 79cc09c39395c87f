//! The Adam optimiser (Kingma & Ba 2015) over a dense weight vector.

/// Adam with the usual β1 = 0.9, β2 = 0.999, ε = 1e-8.
pub(crate) struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
    t: i32,
    rate: f64,
}

impl Adam {
    /// An optimiser for `n` weights taking steps of about `rate`.
    pub(crate) fn new(n: usize, rate: f64) -> Adam {
        Adam { m: vec![0.0; n], v: vec![0.0; n], t: 0, rate }
    }

    /// One step against `grad`; frozen weights and weights never seen in a gradient stay put.
    pub(crate) fn step(&mut self, weights: &mut [f64], grad: &[f64], frozen: &[bool]) {
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
