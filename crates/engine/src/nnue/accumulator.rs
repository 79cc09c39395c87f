//! The accumulators: the first layer's output for both perspectives, rebuilt from the features of
//! a position or updated from the previous position's by the weight rows a move removes and adds.

use super::delta::MoveDelta;
use super::features::{active_features, View};
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
    fn bias(net: &Network) -> Accumulator {
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

    /// Recomputes `perspective`'s half from all features of `pos`.
    pub fn refresh(&mut self, net: &Network, pos: &Position, perspective: Color) {
        let mut features = FeatureList::default();
        active_features(pos, perspective, |f| features.push(f));
        let half = &mut self.halves[perspective.index()];
        let bias: &[i16; HIDDEN] = net.l1_bias.as_slice().try_into().expect("the bias is HIDDEN wide");
        apply_rows(net, half, bias, &[], features.as_slice());
    }

    /// Sets `self` to `parent` updated by `delta`; `after` is the position after the move (the
    /// mover's half is rebuilt from it when its king moved: its bucket or mirror changed).
    #[inline]
    pub fn update_from(&mut self, net: &Network, parent: &Accumulator, delta: &MoveDelta, after: &Position) {
        for perspective in Color::ALL {
            if delta.king_moved && perspective == delta.mover {
                self.refresh(net, after, perspective);
                continue;
            }
            let view = View::of(after, perspective);
            let mut removed = FeatureList::default();
            let mut added = FeatureList::default();
            delta.removed().iter().for_each(|c| removed.push(c.feature(&view)));
            delta.added().iter().for_each(|c| added.push(c.feature(&view)));
            let p = perspective.index();
            apply_rows(net, &mut self.halves[p], &parent.halves[p], removed.as_slice(), added.as_slice());
        }
    }
}

/// A short list of feature indices (the changes of one move, or the active features).
#[derive(Clone, Copy, Debug)]
struct FeatureList {
    items: [u16; FeatureList::CAPACITY],
    len: usize,
}

impl Default for FeatureList {
    fn default() -> FeatureList {
        FeatureList { items: [0; FeatureList::CAPACITY], len: 0 }
    }
}

impl FeatureList {
    /// Room for every active feature.
    const CAPACITY: usize = super::features::MAX_ACTIVE;

    /// Appends `f`.
    #[inline]
    fn push(&mut self, f: u16) {
        self.items[self.len] = f;
        self.len += 1;
    }

    /// The features pushed so far.
    #[inline]
    fn as_slice(&self) -> &[u16] {
        &self.items[..self.len]
    }
}

/// `dst = src − Σ rows(removed) + Σ rows(added)`, with wrapping i16 arithmetic (the trainer keeps
/// every true sum inside i16, and wrapping sums are the same in any order, so an accumulator
/// reached by any path of updates equals the full refresh bit for bit).
#[inline]
fn apply_rows(net: &Network, dst: &mut [i16; HIDDEN], src: &[i16; HIDDEN], removed: &[u16], added: &[u16]) {
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
