//! The accumulators: the first layer's output for both perspectives, rebuilt from the features of
//! a position or derived from another accumulator by the weight rows a change removes and adds.

use super::features::active_features;
use super::network::{Network, HIDDEN};
use minishogi::{Color, Position};

/// The first layer's output for both perspectives (indexed by colour), in fixed point.
#[derive(Clone, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Accumulator {
    halves: [[i16; HIDDEN]; 2],
}

impl Accumulator {
    /// The accumulator of `pos`, computed from all its features.
    pub fn new(net: &Network, pos: &Position) -> Accumulator {
        let mut acc = Accumulator::bias(net);
        for color in Color::ALL {
            acc.refresh(net, pos, color);
        }
        acc
    }

    /// Both halves at the first layer's bias (no feature active).
    pub(super) fn bias(net: &Network) -> Accumulator {
        let mut halves = [[0; HIDDEN]; 2];
        for half in &mut halves {
            half.copy_from_slice(&net.l1_bias);
        }
        Accumulator { halves }
    }

    /// One perspective's half.
    #[inline]
    pub fn half(&self, perspective: Color) -> &[i16; HIDDEN] {
        &self.halves[perspective.index()]
    }

    /// One perspective's half, to overwrite.
    #[inline]
    pub(super) fn half_mut(&mut self, perspective: Color) -> &mut [i16; HIDDEN] {
        &mut self.halves[perspective.index()]
    }

    /// Recomputes `perspective`'s half from all features of `pos`.
    pub fn refresh(&mut self, net: &Network, pos: &Position, perspective: Color) {
        let mut features = FeatureList::default();
        active_features(pos, perspective, |f| features.push(f));
        let half = &mut self.halves[perspective.index()];
        let bias: &[i16; HIDDEN] = net.l1_bias.as_slice().try_into().expect("the bias is HIDDEN wide");
        apply_rows(net, half, bias, &[], features.as_slice());
    }
}

/// A short list of feature indices (the changes of one move, or of a cached refresh).
#[derive(Clone, Copy, Debug)]
pub(super) struct FeatureList {
    items: [u16; FeatureList::CAPACITY],
    len: usize,
}

impl Default for FeatureList {
    fn default() -> FeatureList {
        FeatureList { items: [0; FeatureList::CAPACITY], len: 0 }
    }
}

impl FeatureList {
    /// Room for every feature of two positions (at most 12 active each).
    const CAPACITY: usize = 2 * super::features::MAX_ACTIVE;

    /// Appends `f`.
    #[inline]
    pub(super) fn push(&mut self, f: u16) {
        self.items[self.len] = f;
        self.len += 1;
    }

    /// The features pushed so far.
    #[inline]
    pub(super) fn as_slice(&self) -> &[u16] {
        &self.items[..self.len]
    }
}

/// `dst = src − Σ rows(removed) + Σ rows(added)`, with wrapping i16 arithmetic (the trainer keeps
/// every true sum inside i16, and wrapping sums are the same in any order, so an accumulator
/// reached by any path of updates equals the full refresh bit for bit).
#[inline]
pub(super) fn apply_rows(
    net: &Network,
    dst: &mut [i16; HIDDEN],
    src: &[i16; HIDDEN],
    removed: &[u16],
    added: &[u16],
) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: AVX2 is present (checked just above).
            return unsafe { apply_rows_avx2(net, dst, src, removed, added) };
        }
    }
    apply_rows_portable(net, dst, src, removed, added)
}

/// [`apply_rows`] compiled for AVX2: each 16-lane block is one `ymm` register.
///
/// # Safety
/// The processor must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn apply_rows_avx2(
    net: &Network,
    dst: &mut [i16; HIDDEN],
    src: &[i16; HIDDEN],
    removed: &[u16],
    added: &[u16],
) {
    apply_rows_portable(net, dst, src, removed, added)
}

/// Lanes of one block: 16 × i16 is one AVX2 register (two SSE2 registers).
const BLOCK: usize = 16;

// Block by block, every row's contribution is summed in registers and stored once (rather than
// reading and writing the whole half once per row).
#[inline(always)]
fn apply_rows_portable(
    net: &Network,
    dst: &mut [i16; HIDDEN],
    src: &[i16; HIDDEN],
    removed: &[u16],
    added: &[u16],
) {
    for b in 0..HIDDEN / BLOCK {
        let at = b * BLOCK;
        let mut v = [0i16; BLOCK];
        v.copy_from_slice(&src[at..at + BLOCK]);
        for &f in removed {
            let row = &net.feature_row(f)[at..at + BLOCK];
            for (x, &w) in v.iter_mut().zip(row) {
                *x = x.wrapping_sub(w);
            }
        }
        for &f in added {
            let row = &net.feature_row(f)[at..at + BLOCK];
            for (x, &w) in v.iter_mut().zip(row) {
                *x = x.wrapping_add(w);
            }
        }
        dst[at..at + BLOCK].copy_from_slice(&v);
    }
}
