//! The index of a material set: a dense numbering of its positions with sente to move.
//!
//! Scheme (version 1):
//! - Positions with gote to move are turned by 180° with owners swapped, so every index describes a
//!   position with sente to move.
//! - The left-right mirror puts sente's king on files 5–3 (columns 0–2); with sente's king on the
//!   middle file, gote's king is also put on files 5–3; with both kings on the middle file the
//!   orientation with the smaller index is used (the other slot is marked illegal).
//! - The most significant digit is the king pair: the 234 pairs (sente king, gote king) allowed by
//!   the rule above with the kings neither equal nor adjacent.
//! - Then one digit per piece kind of the set, in the order R B G S P. A piece's state is its
//!   square among the 23 squares the kings leave free × owner × promoted (if the kind promotes),
//!   or "in sente's hand" / "in gote's hand": 94 states for R B S P, 48 for G. Two pieces of a kind
//!   form an unordered pair of states (`a ≥ b`, rank `a(a+1)/2 + b`).
//! - Slots whose pieces collide, break a pawn rule, leave gote in check, or are the non-canonical
//!   mirror image are not legal positions: [`Indexer::position`] returns `None` for them.

use minishogi::{Color, Kind, Position};

mod division;
mod frames;
mod states;
mod symmetry;

use crate::material::Material;
use crate::placement::{Man, Placement, MAX_MEN};
use division::FastDiv;
use states::{man_of_state, state, unrank_pair, FREE_SQUARES, PROMO};
pub(crate) use symmetry::Orientation;
use symmetry::{FLIP, MIRROR, SQUARE_MAP};

/// Version of the index scheme written into [`Indexer::params`].
pub const SCHEME_VERSION: u8 = 1;

/// One digit of the index: the pieces of one kind.
#[derive(Copy, Clone, Debug)]
struct Group {
    /// Hand kind index (0..5 = P S G B R).
    kind: u8,
    /// 1 or 2 pieces.
    count: u8,
    /// 2 if the kind promotes, else 1.
    promo: u32,
    /// Number of values of this digit.
    size: u64,
    /// Division by `size` (used when the whole index fits in 32 bits).
    div: FastDiv,
}

/// Maps the positions of one material set to `0..size()` and back.
#[derive(Clone, Debug)]
pub struct Indexer {
    material: Material,
    groups: Vec<Group>,
    /// Canonical king pairs `(sente king, gote king)` in index order.
    king_pairs: Vec<(u8, u8)>,
    /// Rank of each king pair, `u16::MAX` for pairs that are not canonical or not legal.
    king_rank: [[u16; 25]; 25],
    pieces_size: u64,
    size: u64,
    /// Division by `pieces_size`, for indexes that fit in 32 bits.
    pieces_div: FastDiv,
    /// `(a, b)` of each pair rank `a(a+1)/2 + b` for `a` below the largest number of states.
    pairs: Vec<[u8; 2]>,
    /// Pieces of each hand kind (index 0..5 = P S G B R) in the set.
    kind_count: [u8; 5],
    /// Place value of each hand kind's digit in the index (0 for kinds not in the set).
    kind_stride: [u64; 5],
}

impl Indexer {
    /// The indexer of `material`.
    ///
    /// # Panics
    /// Never for sets of at most two pieces of a kind (the largest, all ten pieces, has about
    /// 6·10¹⁸ slots and still fits in a `u64`).
    pub fn new(material: &Material) -> Indexer {
        let mut groups = Vec::new();
        for (kind, count) in material.kinds() {
            let promo = if kind.promoted().is_some() { 2 } else { 1 };
            let states = FREE_SQUARES * 2 * promo + 2;
            let s = u64::from(states);
            let size = if count == 1 { s } else { s * (s + 1) / 2 };
            groups.push(Group { kind: kind.index() as u8, count, promo, size, div: FastDiv::new(size) });
        }
        let mut king_pairs = Vec::new();
        let mut king_rank = [[u16::MAX; 25]; 25];
        for ks in 0..25u8 {
            for kg in 0..25u8 {
                let (cs, rs, cg, rg) = (ks % 5, ks / 5, kg % 5, kg / 5);
                let adjacent = cs.abs_diff(cg) <= 1 && rs.abs_diff(rg) <= 1;
                if adjacent || cs > 2 || (cs == 2 && cg > 2) {
                    continue;
                }
                king_rank[ks as usize][kg as usize] = king_pairs.len() as u16;
                king_pairs.push((ks, kg));
            }
        }
        let pieces_size = groups.iter().map(|g| g.size).product::<u64>();
        let size = pieces_size * king_pairs.len() as u64;
        let max_states = u64::from(FREE_SQUARES * 2 * 2 + 2);
        let pairs = (0..max_states * (max_states + 1) / 2)
            .map(|t| {
                let (a, b) = unrank_pair(t);
                [a as u8, b as u8]
            })
            .collect();
        let pieces_div = FastDiv::new(pieces_size);
        let (mut kind_count, mut kind_stride) = ([0u8; 5], [0u64; 5]);
        let mut stride = 1;
        for g in groups.iter().rev() {
            kind_count[g.kind as usize] = g.count;
            kind_stride[g.kind as usize] = stride;
            stride *= g.size;
        }
        Indexer {
            material: *material,
            groups,
            king_pairs,
            king_rank,
            pieces_size,
            size,
            pieces_div,
            pairs,
            kind_count,
            kind_stride,
        }
    }

    /// The material set.
    pub fn material(&self) -> Material {
        self.material
    }

    /// Number of index slots (legal positions and marked illegal ones).
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Number of king pairs, the most significant digit of the index (234).
    pub fn king_pairs(&self) -> u64 {
        self.king_pairs.len() as u64
    }

    /// Slots per king pair: the place value of the king-pair digit (slots `k · s .. (k + 1) · s`
    /// hold the positions of king pair `k`).
    pub fn slots_per_king_pair(&self) -> u64 {
        self.pieces_size
    }

    /// Bytes describing the index scheme, stored in table headers and compared when a table is
    /// opened: scheme version, piece counts (R B G S P), the number of king pairs and the size.
    pub fn params(&self) -> Vec<u8> {
        let mut out = vec![b'I', b'X', SCHEME_VERSION];
        for kind in [Kind::Rook, Kind::Bishop, Kind::Gold, Kind::Silver, Kind::Pawn] {
            out.push(self.material.count(kind));
        }
        out.extend_from_slice(&(self.king_pairs.len() as u16).to_le_bytes());
        out.extend_from_slice(&self.size.to_le_bytes());
        out
    }

    /// The slot of `position`, or `None` if it does not hold exactly this material. Positions with
    /// gote to move are colour-flipped first, and the mirror image is used when canonical.
    pub fn index(&self, position: &Position) -> Option<u64> {
        let mut p = Placement::from_position(position)?;
        if position.side_to_move() == Color::Gote {
            p = p.flipped();
        }
        if !self.matches(&p) {
            return None;
        }
        Some(self.index_placement(&p).0)
    }

    /// The legal position in slot `index`, with sente to move; `None` for an illegal slot or an
    /// index out of range.
    pub fn position(&self, index: u64) -> Option<Position> {
        let p = self.placement(index)?;
        p.to_position(Color::Sente)
    }

    /// The pieces of slot `index` without any legality check; `None` if pieces collide or the
    /// index is out of range. For verification of the illegal slots.
    pub fn raw_setup(&self, index: u64) -> Option<minishogi::position::Setup> {
        let p = self.raw_placement(index)?;
        p.is_disjoint().then(|| p.to_setup(Color::Sente))
    }

    /// True when the placement holds exactly this material.
    pub(crate) fn matches(&self, p: &Placement) -> bool {
        let mut counts = [0u8; 5];
        for man in p.men() {
            counts[man.kind as usize] += 1;
        }
        Kind::HAND.iter().all(|&k| counts[k.index()] == self.material.count(k))
    }

    /// The slot of a placement with sente to move, holding this material, and how it was turned.
    #[inline]
    pub(crate) fn index_placement(&self, p: &Placement) -> (u64, Orientation) {
        self.index_transformed(p, false)
    }

    /// The slot of `p` colour-flipped when `flip` (that is, of `p.flipped()`), without building
    /// the flipped or mirrored copies.
    #[inline]
    pub(crate) fn index_transformed(&self, p: &Placement, flip: bool) -> (u64, Orientation) {
        let t = usize::from(flip);
        let (ks, kg) = if flip { (p.kings[1], p.kings[0]) } else { (p.kings[0], p.kings[1]) };
        let (cs, cg) = (SQUARE_MAP[t][ks as usize] % 5, SQUARE_MAP[t][kg as usize] % 5);
        let plain = Orientation { mirrored: false, symmetric: false };
        let mirror = Orientation { mirrored: true, symmetric: false };
        if cs < 2 || (cs == 2 && cg < 2) {
            (self.rank(p, t), plain)
        } else if cs > 2 || cg > 2 {
            (self.rank(p, t | MIRROR), mirror)
        } else {
            let a = self.rank(p, t);
            let b = self.rank(p, t | MIRROR);
            if a == b {
                (a, Orientation { mirrored: false, symmetric: true })
            } else if a < b {
                (a, plain)
            } else {
                (b, mirror)
            }
        }
    }

    /// The rank of `p` seen through transform `t` (bit 0: colour flip, bit 1: mirror), which
    /// must put it in canonical orientation.
    #[inline]
    fn rank(&self, p: &Placement, t: usize) -> u64 {
        let map = &SQUARE_MAP[t];
        let flip = (t & FLIP) as u8;
        let (k0, k1) = if flip == 1 { (p.kings[1], p.kings[0]) } else { (p.kings[0], p.kings[1]) };
        let (ks, kg) = (map[k0 as usize], map[k1 as usize]);
        let (lo, hi) = (ks.min(kg), ks.max(kg));
        let pair = self.king_rank[ks as usize][kg as usize];
        debug_assert!(pair != u16::MAX);
        let mut index = u64::from(pair) * self.pieces_size;
        // The first state seen of each kind with two pieces, until the second arrives.
        let mut first = [u32::MAX; 5];
        for man in p.men() {
            let k = man.kind as usize;
            let seen_as = Man { sq: map[man.sq as usize], color: man.color ^ flip, ..*man };
            let s = state(&seen_as, lo, hi, PROMO[k]);
            if self.kind_count[k] == 1 {
                index += u64::from(s) * self.kind_stride[k];
            } else if first[k] == u32::MAX {
                first[k] = s;
            } else {
                index += self.digit(k, [first[k], s]) * self.kind_stride[k];
            }
        }
        index
    }

    /// The value of hand kind `k`'s digit for piece states `[s0, s1]` (0 for kinds not in the set).
    #[inline(always)]
    fn digit(&self, k: usize, [s0, s1]: [u32; 2]) -> u64 {
        match self.kind_count[k] {
            0 => 0,
            1 => u64::from(s0),
            _ => {
                let (a, b) = (u64::from(s0.max(s1)), u64::from(s0.min(s1)));
                a * (a + 1) / 2 + b
            }
        }
    }

    /// The placement in slot `index` if the slot holds a legal, canonical position.
    #[inline]
    pub(crate) fn placement(&self, index: u64) -> Option<Placement> {
        let p = self.raw_placement(index)?;
        if !p.is_legal(Color::Sente) {
            return None;
        }
        // With both kings on the middle file only the smaller of the two mirror images is used.
        if p.kings[0] % 5 == 2 && p.kings[1] % 5 == 2 && self.rank(&p, MIRROR) < index {
            return None;
        }
        Some(p)
    }

    /// The placement of slot `index` (pieces may collide or break rules).
    #[inline]
    pub(crate) fn raw_placement(&self, index: u64) -> Option<Placement> {
        if index >= self.size {
            return None;
        }
        let mut digits = [0u64; 5];
        let pair_index = if u32::try_from(self.size).is_ok() {
            // Every set of up to three pieces: 32-bit divisions by multiplication.
            let (pair, mut r) = self.pieces_div.div_rem(index as u32);
            for (digit, g) in digits.iter_mut().zip(&self.groups).rev() {
                let (q, d) = g.div.div_rem(r);
                *digit = u64::from(d);
                r = q;
            }
            pair as usize
        } else {
            let mut r = index % self.pieces_size;
            for (digit, g) in digits.iter_mut().zip(&self.groups).rev() {
                *digit = r % g.size;
                r /= g.size;
            }
            (index / self.pieces_size) as usize
        };
        let (ks, kg) = self.king_pairs[pair_index];
        let (lo, hi) = (ks.min(kg), ks.max(kg));
        let mut p = Placement { kings: [ks, kg], len: 0, men: [Man::default(); MAX_MEN] };
        let mut end = self.material.piece_count() as usize;
        p.len = end as u8;
        for (&digit, g) in digits.iter().zip(&self.groups).rev() {
            if g.count == 1 {
                end -= 1;
                p.men[end] = man_of_state(g.kind, digit as u32, lo, hi, g.promo);
            } else {
                let (a, b) = match self.pairs.get(digit as usize) {
                    Some(&[a, b]) => (u32::from(a), u32::from(b)),
                    None => unrank_pair(digit),
                };
                end -= 2;
                p.men[end] = man_of_state(g.kind, a, lo, hi, g.promo);
                // Equal board states put both on one square: the legality check rejects it.
                p.men[end + 1] = man_of_state(g.kind, b, lo, hi, g.promo);
            }
        }
        Some(p)
    }

    /// Calls `f(index, placement)` for every slot of `start..end` in order, as
    /// [`Indexer::raw_placement`] would give it, decoding only the least significant digit between
    /// slots that share the others (the scans over whole tables use this).
    pub(crate) fn for_each_raw_placement(&self, start: u64, end: u64, mut f: impl FnMut(u64, &Placement)) {
        let end = end.min(self.size);
        let Some(last) = self.groups.last() else {
            for index in start..end {
                if let Some(p) = self.raw_placement(index) {
                    f(index, &p);
                }
            }
            return;
        };
        let mut index = start;
        while index < end {
            let Some(mut p) = self.raw_placement(index) else { return };
            let (lo, hi) = (p.kings[0].min(p.kings[1]), p.kings[0].max(p.kings[1]));
            let first = index % last.size;
            let run_end = end.min(index - first + last.size);
            let at = p.len as usize - last.count as usize;
            f(index, &p);
            for digit in first + 1..first + (run_end - index) {
                if last.count == 1 {
                    p.men[at] = man_of_state(last.kind, digit as u32, lo, hi, last.promo);
                } else {
                    let (a, b) = match self.pairs.get(digit as usize) {
                        Some(&[a, b]) => (u32::from(a), u32::from(b)),
                        None => unrank_pair(digit),
                    };
                    p.men[at] = man_of_state(last.kind, a, lo, hi, last.promo);
                    p.men[at + 1] = man_of_state(last.kind, b, lo, hi, last.promo);
                }
                f(index - first + digit, &p);
            }
            index = run_end;
        }
    }

    /// Calls `f(index, placement)` for the slots of `start..end` holding legal, canonical
    /// positions, as [`Indexer::placement`] gives them.
    pub(crate) fn for_each_placement(
        &self,
        start: u64,
        end: u64,
        mut f: impl FnMut(u64, Option<&Placement>),
    ) {
        self.for_each_raw_placement(start, end, |index, p| {
            let legal = p.is_legal(Color::Sente)
                && !(p.kings[0] % 5 == 2 && p.kings[1] % 5 == 2 && self.rank(p, MIRROR) < index);
            f(index, legal.then_some(p));
        });
    }

    /// Counts the legal positions (canonical slots), in parallel.
    pub fn legal_positions(&self) -> u64 {
        use rayon::prelude::*;
        const CHUNK: u64 = 1 << 16;
        let chunks = self.size.div_ceil(CHUNK);
        (0..chunks)
            .into_par_iter()
            .map(|c| {
                let end = ((c + 1) * CHUNK).min(self.size);
                (c * CHUNK..end).filter(|&i| self.placement(i).is_some()).count() as u64
            })
            .sum()
    }
}

#[cfg(test)]
mod tests;
