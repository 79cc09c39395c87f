//! The symmetries the index folds: the colour flip (board turned by 180°, owners swapped) and the
//! left-right mirror, as square maps.

use crate::placement::IN_HAND;

/// Transform bit: colour flip (board turned by 180°, owners swapped).
pub(super) const FLIP: usize = 1;
/// Transform bit: left-right mirror.
pub(super) const MIRROR: usize = 2;

/// Where each square (and [`IN_HAND`]) goes under each transform (bit 0 flip, bit 1 mirror).
pub(super) const SQUARE_MAP: [[u8; 26]; 4] = {
    let mut maps = [[0u8; 26]; 4];
    let mut t = 0;
    while t < 4 {
        let mut sq = 0u8;
        while sq < 25 {
            let mut s = sq;
            if t & FLIP != 0 {
                s = 24 - s;
            }
            if t & MIRROR != 0 {
                s = s - s % 5 + (4 - s % 5);
            }
            maps[t][sq as usize] = s;
            sq += 1;
        }
        maps[t][IN_HAND as usize] = IN_HAND;
        t += 1;
    }
    maps
};

/// How a placement was turned to reach its index.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Orientation {
    /// The index describes the mirror image of the placement.
    pub mirrored: bool,
    /// The placement equals its mirror image.
    pub symmetric: bool,
}
