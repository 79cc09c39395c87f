//! The game between the mate-only draws, seen through a game's [`RetroRules`].
//!
//! Nodes are pairs (draw, case): node `2 i` is draw number `i` with the game's first player F to
//! move, node `2 i + 1` the same position with the second player S to move. A move from a node
//! leads to the node of the child position with the other player to move. Only moves between
//! mate-only draws count: a move out of them leads to a position the opponent wins by mate, so the
//! mover never makes it by choice. Whether a move gives check is a property of the position it
//! leads to (its side to move is in check), so it is kept once per draw.

use rayon::prelude::*;

use super::draws::DrawSet;
use minishogi_retro::RetroRules;

/// A node: `2 · draw + case` (case 0: the first player to move, 1: the second).
pub(crate) type Node = u32;

/// The player to move at `node`.
#[inline]
pub(crate) fn first_player_moves(node: Node) -> bool {
    node.is_multiple_of(2)
}

/// The draws of one table with their moves and check flags.
pub(crate) struct DrawGraph<'a, R: RetroRules> {
    rules: &'a R,
    draws: &'a DrawSet,
    in_check: Vec<bool>,
}

impl<'a, R: RetroRules> DrawGraph<'a, R> {
    /// The graph of `draws` (every slot in it must hold a legal position).
    pub(crate) fn new(rules: &'a R, draws: &'a DrawSet) -> DrawGraph<'a, R> {
        const WORDS: usize = 1 << 10;
        let words = draws.words();
        let in_check = (0..words.div_ceil(WORDS))
            .into_par_iter()
            .flat_map_iter(|c| {
                draws
                    .slots_in_words(c * WORDS..((c + 1) * WORDS).min(words))
                    .map(|slot| rules.decode_legal(slot).is_some_and(|pos| rules.in_check(&pos)))
            })
            .collect();
        DrawGraph { rules, draws, in_check }
    }

    /// Number of draws (nodes are twice as many).
    pub(crate) fn draws(&self) -> usize {
        self.draws.len()
    }

    /// True when the side to move of draw `i` is in check: the move into it gave check.
    #[inline]
    pub(crate) fn in_check(&self, i: u32) -> bool {
        self.in_check[i as usize]
    }

    /// The draws that the legal moves of draw `i` lead to, one entry per move.
    pub(crate) fn children(&self, i: u32, out: &mut Vec<u32>) {
        out.clear();
        if let Some(pos) = self.rules.decode_legal(self.draws.slot(i)) {
            self.rules.children(&pos, &mut |slot| {
                if let Some(c) = self.draws.number(slot) {
                    out.push(c);
                }
            });
        }
    }

    /// Calls `f(p, weight)` for the draws `p` from which legal moves lead to draw `i`; the
    /// weights reported for one `p` add up to its number of such moves (the contract of
    /// [`RetroRules::predecessors`]).
    pub(crate) fn parents(&self, i: u32, f: &mut dyn FnMut(u32, u8)) {
        if let Some(pos) = self.rules.decode_legal(self.draws.slot(i)) {
            self.rules.predecessors(&pos, false, &mut |slot, weight| {
                if let Some(p) = self.draws.number(slot) {
                    f(p, weight);
                }
            });
        }
    }
}
