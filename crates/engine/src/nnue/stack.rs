//! The accumulators along a search line: each position's is its parent's plus and minus the rows
//! its move changes, computed when the move is played (nearly every node of the search evaluates,
//! so computing on demand saves little, and rebuilding after a king move from a per-square cache
//! cost more instructions than summing the at most 12 active rows).

use super::accumulator::Accumulator;
use super::delta::MoveDelta;
use super::network::Network;
use minishogi::{Move, Position};

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
    pub fn play(&mut self, net: &Network, pos: &mut Position, m: Move) -> minishogi::position::Undo {
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
