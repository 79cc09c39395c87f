//! The refresh cache ("Finny table"): for each perspective and each square of its king, the half
//! accumulator of the last position refreshed there and that position's pieces and hands. A king
//! move needs the mover's half rebuilt in its new view; starting from the cached half of that view
//! and applying only the pieces that differ costs a few rows instead of every active feature.

use super::accumulator::{apply_rows, FeatureList};
use super::features::{View, MAX_HAND};
use super::network::{Network, HIDDEN};
use minishogi::{Color, Kind, Position};

/// One cached view: its half accumulator and the pieces and hand counts it holds.
#[derive(Clone, Debug)]
struct CacheEntry {
    half: [i16; HIDDEN],
    /// Squares of each colour's pieces of each kind (bitboards).
    pieces: [[u32; Kind::COUNT]; 2],
    /// Each colour's hand counts, capped at [`MAX_HAND`].
    hands: [[u8; 5]; 2],
}

/// The cached half accumulators of one search thread, per perspective and king square.
#[derive(Clone, Debug)]
pub struct RefreshCache {
    entries: Vec<CacheEntry>,
}

impl RefreshCache {
    /// A cache whose every entry is the empty position (the bias alone), so that the first refresh
    /// of a view adds all its features.
    pub fn new(net: &Network) -> RefreshCache {
        let mut half = [0; HIDDEN];
        half.copy_from_slice(&net.l1_bias);
        let empty = CacheEntry { half, pieces: [[0; Kind::COUNT]; 2], hands: [[0; 5]; 2] };
        RefreshCache { entries: vec![empty; 2 * 25] }
    }

    /// Writes `perspective`'s half of `pos` into `out`: the cached half of its king square, brought
    /// up to date by the pieces and hand steps that differ, then stored back.
    pub fn refresh(&mut self, net: &Network, pos: &Position, perspective: Color, out: &mut [i16; HIDDEN]) {
        let view = View::of(pos, perspective);
        let entry = &mut self.entries[perspective.index() * 25 + pos.king_square(perspective).index()];
        let mut removed = FeatureList::default();
        let mut added = FeatureList::default();
        for color in Color::ALL {
            for kind in Kind::ALL {
                let cached = &mut entry.pieces[color.index()][kind.index()];
                let now = pos.pieces(color, kind).0;
                for sq in minishogi::Bitboard(*cached & !now) {
                    removed.push(view.board(color, kind, sq));
                }
                for sq in minishogi::Bitboard(now & !*cached) {
                    added.push(view.board(color, kind, sq));
                }
                *cached = now;
            }
            let hand = pos.hand(color);
            for kind in Kind::HAND {
                let cached = &mut entry.hands[color.index()][kind.index()];
                let now = hand.count(kind).min(MAX_HAND);
                for count in now + 1..=*cached {
                    removed.push(view.hand(color, kind, count));
                }
                for count in *cached + 1..=now {
                    added.push(view.hand(color, kind, count));
                }
                *cached = now;
            }
        }
        apply_rows(net, out, &entry.half, removed.as_slice(), added.as_slice());
        entry.half = *out;
    }
}
