//! The accumulators: the first layer's output for both perspectives, rebuilt from the features of
//! a position or updated from the previous position's by the rows a move removes and adds; and
//! the stack of them along a search line.

use super::delta::MoveDelta;
use super::features::{active_features, View};
use super::network::{Network, HIDDEN};
use minishogi::{Color, Move, Position};

/// The first layer's output for both perspectives (indexed by colour), in fixed point.
#[derive(Clone, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Accumulator {
    halves: [[i16; HIDDEN]; 2],
}

impl Accumulator {
    /// The accumulator of `pos`, computed from all its features.
    pub fn new(net: &Network, pos: &Position) -> Accumulator {
        let mut acc = Accumulator { halves: [[0; HIDDEN]; 2] };
        for color in Color::ALL {
            acc.refresh(net, pos, color);
        }
        acc
    }

    /// One perspective's half.
    #[inline]
    pub fn half(&self, perspective: Color) -> &[i16; HIDDEN] {
        &self.halves[perspective.index()]
    }

    /// Recomputes `perspective`'s half from all features of `pos`.
    pub fn refresh(&mut self, net: &Network, pos: &Position, perspective: Color) {
        let half = &mut self.halves[perspective.index()];
        half.copy_from_slice(&net.l1_bias);
        active_features(pos, perspective, |f| add_row(half, net.feature_row(f)));
    }

    /// Sets `self` to `parent` updated by `delta`; `after` is the position after the move (used
    /// to rebuild the mover's half when its king moved).
    #[inline]
    pub fn update_from(&mut self, net: &Network, parent: &Accumulator, delta: &MoveDelta, after: &Position) {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: AVX2 is present (checked just above).
                return unsafe { self.update_from_avx2(net, parent, delta, after) };
            }
        }
        self.update_from_portable(net, parent, delta, after)
    }

    /// [`Accumulator::update_from`] compiled for AVX2: the same code, its row loops in 256-bit
    /// registers.
    ///
    /// # Safety
    /// The processor must support AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn update_from_avx2(
        &mut self,
        net: &Network,
        parent: &Accumulator,
        delta: &MoveDelta,
        after: &Position,
    ) {
        self.update_from_portable(net, parent, delta, after)
    }

    #[inline(always)]
    fn update_from_portable(
        &mut self,
        net: &Network,
        parent: &Accumulator,
        delta: &MoveDelta,
        after: &Position,
    ) {
        for perspective in Color::ALL {
            if delta.king_moved && perspective == delta.mover {
                self.refresh(net, after, perspective);
                continue;
            }
            let view = View::of(after, perspective);
            let half = &mut self.halves[perspective.index()];
            half.copy_from_slice(&parent.halves[perspective.index()]);
            for c in delta.removed() {
                sub_row(half, net.feature_row(c.feature(&view)));
            }
            for c in delta.added() {
                add_row(half, net.feature_row(c.feature(&view)));
            }
        }
    }
}

// Fixed-size loops: the compiler turns them into packed 16-bit adds (SSE2 `paddw`, or `vpaddw`
// on 256 bits inside the AVX2 wrapper). Wrapping arithmetic matches
// the trainer's bound on the first layer (no sum leaves i16) and keeps release and debug equal.
#[inline(always)]
fn add_row(half: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (h, &w) in half.iter_mut().zip(row.iter()) {
        *h = h.wrapping_add(w);
    }
}

#[inline(always)]
fn sub_row(half: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (h, &w) in half.iter_mut().zip(row.iter()) {
        *h = h.wrapping_sub(w);
    }
}

/// The accumulators along a search line: one per position from the root, updated as moves are
/// played and dropped as they are taken back (a null move changes no feature and needs none).
#[derive(Clone, Debug)]
pub struct AccumulatorStack {
    stack: Vec<Accumulator>,
    top: usize,
}

impl AccumulatorStack {
    /// A stack holding the accumulator of `root`.
    pub fn new(net: &Network, root: &Position) -> AccumulatorStack {
        AccumulatorStack { stack: vec![Accumulator::new(net, root)], top: 0 }
    }

    /// The accumulator of the current position.
    #[inline]
    pub fn current(&self) -> &Accumulator {
        &self.stack[self.top]
    }

    /// Records move `m`, whose changes `delta` were taken before it was played; `after` is the
    /// position after it.
    #[inline]
    pub fn push(&mut self, net: &Network, delta: &MoveDelta, after: &Position) {
        if self.top + 1 == self.stack.len() {
            self.stack.push(self.stack[self.top].clone());
        }
        let (done, rest) = self.stack.split_at_mut(self.top + 1);
        rest[0].update_from(net, &done[self.top], delta, after);
        self.top += 1;
    }

    /// Plays `m` on `pos` and records it: the changes are read before the move.
    #[inline]
    pub fn play(&mut self, net: &Network, pos: &mut Position, m: Move) -> minishogi::Undo {
        let delta = MoveDelta::new(pos, m);
        let undo = pos.play(m);
        self.push(net, &delta, pos);
        undo
    }

    /// Forgets the last move.
    #[inline]
    pub fn pop(&mut self) {
        self.top = self.top.saturating_sub(1);
    }
}
