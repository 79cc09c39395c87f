//! Frames: a placement seen through the transform that ranks it, so that variants differing in one
//! or two pieces are ranked by recomputing only their states (the un-move generator and the
//! verifier rank thousands of such variants per position).

use super::states::{state, PROMO};
use super::symmetry::{MIRROR, SQUARE_MAP};
use super::Indexer;
use crate::placement::{Man, Placement, MAX_MEN};

impl Indexer {
    /// The frame in which `p` (colour-flipped when `flip`) is ranked, for ranking variants of `p`
    /// whose kings stand where they stand in `p` ([`Frame::index_of`]).
    #[inline]
    pub(crate) fn frame(&self, p: &Placement, flip: bool) -> Frame {
        let t = usize::from(flip);
        let (ks, kg) = if flip { (p.kings[1], p.kings[0]) } else { (p.kings[0], p.kings[1]) };
        let (cs, cg) = (SQUARE_MAP[t][ks as usize] % 5, SQUARE_MAP[t][kg as usize] % 5);
        let (t, ambiguous) = if cs < 2 || (cs == 2 && cg < 2) {
            (t, false)
        } else if cs > 2 || cg > 2 {
            (t | MIRROR, false)
        } else {
            (t, true)
        };
        let map = &SQUARE_MAP[t];
        let (ks, kg) = (map[ks as usize], map[kg as usize]);
        let (lo, hi) = (ks.min(kg), ks.max(kg));
        let mut frame = Frame {
            t,
            flip,
            ambiguous,
            lo,
            hi,
            index: 0,
            states: [[0; 2]; 5],
            digits: [0; 5],
            slot: [0; MAX_MEN],
        };
        if ambiguous {
            return frame;
        }
        let mut seen = [0u8; 5];
        for (i, man) in p.men().iter().enumerate() {
            let k = man.kind as usize;
            let occurrence = seen[k] & 1;
            frame.slot[i] = (k as u8) << 1 | occurrence;
            frame.states[k][occurrence as usize] = frame.state_of(man);
            seen[k] += 1;
        }
        frame.index = u64::from(self.king_rank[ks as usize][kg as usize]) * self.pieces_size;
        for k in 0..5 {
            frame.digits[k] = self.digit(k, frame.states[k]);
            frame.index += frame.digits[k] * self.kind_stride[k];
        }
        frame
    }
}

/// A placement's kings and pieces seen through the transform that ranks it (colour flip and
/// mirror), so that variants moving one or two non-king pieces are ranked by recomputing only
/// their states.
pub(crate) struct Frame {
    /// The transform (bit 0 flip, bit 1 mirror).
    t: usize,
    /// Whether the placement is colour-flipped.
    flip: bool,
    /// Both kings on the middle file: the canonical mirror image depends on the pieces too.
    ambiguous: bool,
    lo: u8,
    hi: u8,
    /// The slot of the framed placement.
    index: u64,
    /// State of each piece by kind and occurrence.
    states: [[u32; 2]; 5],
    /// The index digit of each hand kind.
    digits: [u64; 5],
    /// `kind << 1 | occurrence` of each man of the placement.
    slot: [u8; MAX_MEN],
}

impl Frame {
    #[inline(always)]
    fn state_of(&self, man: &Man) -> u32 {
        let k = man.kind as usize;
        let seen_as =
            Man { sq: SQUARE_MAP[self.t][man.sq as usize], color: man.color ^ self.flip as u8, ..*man };
        state(&seen_as, self.lo, self.hi, PROMO[k])
    }

    /// True when both kings stand on the middle file, so that which mirror image is canonical
    /// depends on the pieces ([`Frame::index_of`] then ranks from scratch).
    #[inline]
    pub(crate) fn is_ambiguous(&self) -> bool {
        self.ambiguous
    }

    /// The slot of `p`, a variant of the framed placement with the same kings and the same men in
    /// the same order, differing at most in the men listed in `changed`.
    #[inline]
    pub(crate) fn index_of(&self, indexer: &Indexer, p: &Placement, changed: &[u8]) -> u64 {
        if self.ambiguous {
            return indexer.index_transformed(p, self.flip).0;
        }
        let mut men = [(0u8, Man::default()); 2];
        for (slot, &i) in men.iter_mut().zip(changed) {
            *slot = (i, p.men[i as usize]);
        }
        self.index_with(indexer, &men[..changed.len()])
    }

    /// The slot of the framed placement with men `(i, man)` replaced (same kings; the frame must
    /// not be ambiguous).
    #[inline(always)]
    pub(crate) fn index_with(&self, indexer: &Indexer, men: &[(u8, Man)]) -> u64 {
        debug_assert!(!self.ambiguous);
        // States are kept in registers: writing one into an array and reading the pair back
        // stalls on store forwarding.
        let (i, man) = men[0];
        let (k, first) = ((self.slot[i as usize] >> 1) as usize, self.slot[i as usize] & 1 == 0);
        let [a, b] = self.states[k];
        let new = self.state_of(&man);
        let (mut s0, mut s1) = if first { (new, b) } else { (a, new) };
        let mut index = self.index;
        if let Some(&(j, other)) = men.get(1) {
            let (k2, first2) = ((self.slot[j as usize] >> 1) as usize, self.slot[j as usize] & 1 == 0);
            let new2 = self.state_of(&other);
            if k2 == k {
                // Both men are the pair of one kind.
                if first2 {
                    s0 = new2;
                } else {
                    s1 = new2;
                }
            } else {
                let [c, d] = self.states[k2];
                let (t0, t1) = if first2 { (new2, d) } else { (c, new2) };
                let stride = indexer.kind_stride[k2];
                index = index - self.digits[k2] * stride + indexer.digit(k2, [t0, t1]) * stride;
            }
        }
        let stride = indexer.kind_stride[k];
        index - self.digits[k] * stride + indexer.digit(k, [s0, s1]) * stride
    }
}
