//! The accumulators along a search line, computed lazily: playing a move only records what it
//! changes, and a perspective's half is computed when an evaluation asks for it, from the nearest
//! position up the line whose half is known (or from the refresh cache when that perspective's
//! king moved on the way). Nodes that end before evaluating (table cut-offs, repetitions, mate
//! distance) then cost the network nothing.

use super::accumulator::{apply_rows, Accumulator, FeatureList};
use super::cache::RefreshCache;
use super::delta::MoveDelta;
use super::features::View;
use super::network::Network;
use minishogi::{Color, Move, Position};

/// One position of the line: its accumulator (valid for the perspectives marked computed) and the
/// move that led to it (none at the root).
#[derive(Clone, Debug)]
struct Entry {
    acc: Accumulator,
    delta: Option<MoveDelta>,
    computed: [bool; 2],
}

/// The accumulators along a search line: one per position from the root, recorded as moves are
/// played and dropped as they are taken back (a null move changes no feature and needs none).
#[derive(Clone, Debug)]
pub struct AccumulatorStack {
    entries: Vec<Entry>,
    top: usize,
    cache: RefreshCache,
}

impl AccumulatorStack {
    /// A stack holding the accumulator of `root`.
    pub fn new(net: &Network, root: &Position) -> AccumulatorStack {
        let mut cache = RefreshCache::new(net);
        let mut acc = Accumulator::bias(net);
        for color in Color::ALL {
            cache.refresh(net, root, color, acc.half_mut(color));
        }
        AccumulatorStack { entries: vec![Entry { acc, delta: None, computed: [true; 2] }], top: 0, cache }
    }

    /// The accumulator of `pos`, the current position (the one reached by the moves recorded),
    /// computing the halves that are not known yet.
    #[inline]
    pub fn current(&mut self, net: &Network, pos: &Position) -> &Accumulator {
        for perspective in Color::ALL {
            if !self.entries[self.top].computed[perspective.index()] {
                self.compute(net, pos, perspective);
            }
        }
        &self.entries[self.top].acc
    }

    /// Computes `perspective`'s half at the top: forward from the last position up the line that
    /// has it, or from the refresh cache when a move on the way moved that perspective's king
    /// (its view changed, so the rows of the earlier positions do not apply).
    fn compute(&mut self, net: &Network, pos: &Position, perspective: Color) {
        let p = perspective.index();
        let mut from = self.top;
        while !self.entries[from].computed[p] {
            let delta = self.entries[from].delta.as_ref();
            if delta.is_some_and(|d| d.king_moved && d.mover == perspective) {
                let top = &mut self.entries[self.top];
                self.cache.refresh(net, pos, perspective, top.acc.half_mut(perspective));
                top.computed[p] = true;
                return;
            }
            from -= 1;
        }
        // The perspective's king stands where it stands now on the whole stretch, so the current
        // view gives every change its feature.
        let view = View::of(pos, perspective);
        for at in from + 1..=self.top {
            let (done, rest) = self.entries.split_at_mut(at);
            let entry = &mut rest[0];
            let mut removed = FeatureList::default();
            let mut added = FeatureList::default();
            if let Some(delta) = &entry.delta {
                delta.removed().iter().for_each(|c| removed.push(c.feature(&view)));
                delta.added().iter().for_each(|c| added.push(c.feature(&view)));
            }
            let parent = done[at - 1].acc.half(perspective);
            apply_rows(net, entry.acc.half_mut(perspective), parent, removed.as_slice(), added.as_slice());
            entry.computed[p] = true;
        }
    }

    /// Records a move whose changes `delta` were taken before it was played.
    #[inline]
    pub fn push(&mut self, delta: MoveDelta) {
        self.top += 1;
        if self.top == self.entries.len() {
            self.entries.push(self.entries[self.top - 1].clone());
        }
        let entry = &mut self.entries[self.top];
        entry.delta = Some(delta);
        entry.computed = [false; 2];
    }

    /// Plays `m` on `pos` and records it: the changes are read before the move.
    #[inline]
    pub fn play(&mut self, pos: &mut Position, m: Move) -> minishogi::Undo {
        self.push(MoveDelta::new(pos, m));
        pos.play(m)
    }

    /// Forgets the last move.
    #[inline]
    pub fn pop(&mut self) {
        self.top = self.top.saturating_sub(1);
    }
}
