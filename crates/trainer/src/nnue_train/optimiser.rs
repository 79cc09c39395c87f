//! One optimiser step on a mini-batch: gradients of slices of the batch in parallel (rayon),
//! summed in slice order so the result does not depend on the thread count; the first layer's
//! gradient scattered onto the rows of the active features; Adam on those rows and on the tail.

use super::backprop::{backward, TailGradient};
use super::float_net::{FloatNetwork, L1_LIMIT, L3_LIMIT};
use super::samples::Sample;
use crate::adam::{AdamState, AdamStep};
use minishogi_engine::nnue::{FEATURES, HIDDEN, L2, L2_WEIGHT_LIMIT};
use rayon::prelude::*;

/// Samples per parallel task within a batch.
const SLICE: usize = 128;

/// The optimiser state and the first-layer gradient buffer of a run.
pub(super) struct Optimiser {
    l1_weights: AdamState<f32>,
    l1_bias: AdamState<f32>,
    l2_weights: AdamState<f32>,
    l2_bias: AdamState<f32>,
    l3_weights: AdamState<f32>,
    l3_bias: AdamState<f32>,
    /// First-layer gradient, dense but only the touched rows are non-zero.
    l1_grad: Vec<f32>,
    touched: Vec<bool>,
    rows: Vec<u16>,
    t: i32,
}

impl Optimiser {
    /// Zero moments and an empty gradient buffer.
    pub(super) fn new() -> Optimiser {
        Optimiser {
            l1_weights: AdamState::new(FEATURES * HIDDEN),
            l1_bias: AdamState::new(HIDDEN),
            l2_weights: AdamState::new(L2 * 2 * HIDDEN),
            l2_bias: AdamState::new(L2),
            l3_weights: AdamState::new(L2),
            l3_bias: AdamState::new(1),
            l1_grad: vec![0.0; FEATURES * HIDDEN],
            touched: vec![false; FEATURES],
            rows: Vec::new(),
            t: 0,
        }
    }

    /// One step on a batch; returns the batch's summed loss.
    pub(super) fn step(&mut self, net: &mut FloatNetwork, batch: &[&Sample], lambda: f32, rate: f32) -> f64 {
        let parts: Vec<(TailGradient, Vec<[f32; 2 * HIDDEN]>)> = batch
            .par_chunks(SLICE)
            .map(|slice| {
                let mut tail = TailGradient::zero();
                let d_acc = slice.iter().map(|s| backward(net, s, lambda, &mut tail)).collect();
                (tail, d_acc)
            })
            .collect();
        let scale = 1.0 / batch.len() as f32;
        let mut tail = TailGradient::zero();
        let mut l1_bias_grad = [0f32; HIDDEN];
        for ((part, d_acc), slice) in parts.iter().zip(batch.chunks(SLICE)) {
            tail.merge(part);
            for (d, s) in d_acc.iter().zip(slice) {
                for half in 0..2 {
                    let d = &d[half * HIDDEN..(half + 1) * HIDDEN];
                    l1_bias_grad.iter_mut().zip(d).for_each(|(g, x)| *g += x * scale);
                    for f in s.active(half) {
                        let fi = usize::from(f);
                        if !self.touched[fi] {
                            self.touched[fi] = true;
                            self.rows.push(f);
                        }
                        let row = &mut self.l1_grad[fi * HIDDEN..(fi + 1) * HIDDEN];
                        row.iter_mut().zip(d).for_each(|(g, x)| *g += x * scale);
                    }
                }
            }
        }
        self.t += 1;
        let s = AdamStep::new(self.t, rate);
        for &f in &self.rows {
            let range = usize::from(f) * HIDDEN..(usize::from(f) + 1) * HIDDEN;
            self.l1_weights.step_range(&mut net.l1_weights, &self.l1_grad, range.clone(), s, L1_LIMIT);
            self.l1_grad[range].iter_mut().for_each(|g| *g = 0.0);
            self.touched[usize::from(f)] = false;
        }
        self.rows.clear();
        self.l1_bias.step(&mut net.l1_bias, &l1_bias_grad, s, L1_LIMIT);
        let scaled = |v: &[f32]| v.iter().map(|x| x * scale).collect::<Vec<f32>>();
        self.l2_weights.step(&mut net.l2_weights, &scaled(&tail.l2_weights), s, L2_WEIGHT_LIMIT);
        self.l2_bias.step(&mut net.l2_bias, &scaled(&tail.l2_bias), s, 1e6);
        self.l3_weights.step(&mut net.l3_weights, &scaled(&tail.l3_weights), s, L3_LIMIT);
        let mut b3 = [net.l3_bias];
        self.l3_bias.step(&mut b3, &[tail.l3_bias * scale], s, 1e6);
        net.l3_bias = b3[0];
        tail.loss
    }
}
