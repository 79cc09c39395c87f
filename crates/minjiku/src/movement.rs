//! What each kind can do, as data: steps and leaps, slides, jumping slides, rifle directions and
//! the special abilities. Offsets are `(files, ranks)` from White's point of view; Black's are
//! mirrored through the centre. Where a piece on a square can go in a position is
//! [`destinations`](crate::movegen::destinations) and
//! [`rifle_victims`](crate::movegen::rifle_victims).

use crate::Kind;

/// An offset in files and ranks, from White's point of view (forward is +ranks).
pub type Offset = (i8, i8);

const ORTHOGONAL: &[Offset] = &[(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAGONAL: &[Offset] = &[(1, 1), (1, -1), (-1, -1), (-1, 1)];
const ALL_EIGHT: &[Offset] = &[(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
const SIDEWAYS: &[Offset] = &[(1, 0), (-1, 0)];
const VERTICAL: &[Offset] = &[(0, 1), (0, -1)];
const FORWARD: &[Offset] = &[(0, 1)];
const SILVER: &[Offset] = &[(0, 1), (1, 1), (-1, 1), (1, -1), (-1, -1)];
const GOLD: &[Offset] = &[(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0), (0, -1)];
const KIRIN: &[Offset] = &[(1, 1), (1, -1), (-1, -1), (-1, 1), (0, 2), (2, 0), (0, -2), (-2, 0)];
const PHOENIX: &[Offset] = &[(0, 1), (1, 0), (0, -1), (-1, 0), (2, 2), (2, -2), (-2, -2), (-2, 2)];
const KNIGHT: &[Offset] = &[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const NONE: &[Offset] = &[];

/// The abilities of one kind.
#[derive(Copy, Clone, Debug)]
pub struct Movement {
    /// Single steps and leaps to a fixed offset (what stands between does not matter).
    pub steps: &'static [Offset],
    /// Directions of unlimited slides.
    pub slides: &'static [Offset],
    /// Directions of slides limited to `short_slide_range` squares.
    pub short_slides: &'static [Offset],
    /// Range of `short_slides`.
    pub short_slide_range: i8,
    /// Directions of jumping slides: moves like a slider, captures over lower-ranked pieces.
    pub jumps: &'static [Offset],
    /// Directions of sideways slides that skip the adjacent square (the Ninja).
    pub skip_slides: &'static [Offset],
    /// Directions of rifle captures (the victim is removed, the piece stays).
    pub rifle: &'static [Offset],
    /// The area move: one or two king steps, the second only after a first step to an empty square.
    pub area: bool,
    /// Burns the enemies diagonally next to the square where each of its moves ends.
    pub burns: bool,
}

impl Movement {
    /// True when every ability reaches at most two king steps away (no slide of any kind).
    pub const fn is_short_range(&self) -> bool {
        self.slides.is_empty()
            && self.short_slides.is_empty()
            && self.jumps.is_empty()
            && self.skip_slides.is_empty()
            && !self.burns
    }
}

const BASE: Movement = Movement {
    steps: NONE,
    slides: NONE,
    short_slides: NONE,
    short_slide_range: 0,
    jumps: NONE,
    skip_slides: NONE,
    rifle: NONE,
    area: false,
    burns: false,
};

/// The abilities of every kind, indexed by [`Kind::index`].
static MOVEMENTS: [Movement; Kind::ALL.len()] = {
    let mut table = [BASE; Kind::ALL.len()];
    let mut i = 0;
    while i < Kind::ALL.len() {
        table[i] = abilities(Kind::ALL[i]);
        i += 1;
    }
    table
};

/// The abilities of `kind`.
#[inline]
pub fn movement(kind: Kind) -> &'static Movement {
    &MOVEMENTS[kind.index()]
}

/// The abilities of `kind`, spelt out.
const fn abilities(kind: Kind) -> Movement {
    match kind {
        Kind::Pawn => Movement { steps: FORWARD, ..BASE },
        Kind::Silver => Movement { steps: SILVER, ..BASE },
        Kind::Gold | Kind::Tokin => Movement { steps: GOLD, ..BASE },
        Kind::Minister | Kind::King => Movement { steps: ALL_EIGHT, ..BASE },
        Kind::Kirin => Movement { steps: KIRIN, ..BASE },
        Kind::Phoenix => Movement { steps: PHOENIX, ..BASE },
        Kind::LateralMover => Movement { steps: VERTICAL, slides: SIDEWAYS, ..BASE },
        Kind::UnmovedLateralMover => Movement {
            steps: VERTICAL,
            slides: SIDEWAYS,
            short_slides: FORWARD,
            short_slide_range: 2,
            ..BASE
        },
        Kind::Bishop | Kind::PromotedSilver => Movement { slides: DIAGONAL, ..BASE },
        Kind::Rook | Kind::PromotedGold => Movement { slides: ORTHOGONAL, ..BASE },
        Kind::DiagonalJumper => Movement { jumps: DIAGONAL, ..BASE },
        Kind::OrthogonalJumper => Movement { jumps: ORTHOGONAL, ..BASE },
        Kind::Viper | Kind::PromotedBishop => Movement { slides: DIAGONAL, rifle: ORTHOGONAL, ..BASE },
        Kind::Cobra | Kind::PromotedRook => Movement { slides: ORTHOGONAL, rifle: DIAGONAL, ..BASE },
        Kind::Queen | Kind::PromotedPhoenix => Movement { slides: ALL_EIGHT, ..BASE },
        Kind::AreaJumper => Movement { jumps: DIAGONAL, area: true, ..BASE },
        Kind::JumpingGeneral => Movement { jumps: ALL_EIGHT, ..BASE },
        Kind::FireDragon => Movement { slides: ALL_EIGHT, area: true, burns: true, ..BASE },
        Kind::Samurai => Movement { steps: KNIGHT, rifle: ALL_EIGHT, ..BASE },
        Kind::Ninja => Movement { steps: DIAGONAL, skip_slides: SIDEWAYS, rifle: ORTHOGONAL, ..BASE },
        Kind::Lion => Movement { steps: ALL_EIGHT, area: true, ..BASE },
    }
}

/// The eight king steps (used by area moves and burning).
pub(crate) const KING_STEPS: &[Offset] = ALL_EIGHT;
/// The four diagonal steps (the squares a Fire Dragon burns).
pub(crate) const DIAGONAL_STEPS: &[Offset] = DIAGONAL;
