//! Piece types, their promotions, jumping ranks and notation letters.

use crate::Color;

/// Every piece type of the game, promoted types included.
///
/// The Area Jumper, Jumping General and Fire Dragon both start on the board and are what the
/// Viper, Cobra and Queen promote to; they never promote further, so one type serves for both.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Kind {
    /// Pawn `P`: one step forward.
    Pawn,
    /// Silver General `S`: diagonal steps and a forward step.
    Silver,
    /// Gold General `G`: orthogonal steps and forward diagonal steps.
    Gold,
    /// Minister `M`: king steps; starts on an extra square.
    Minister,
    /// Kirin `Y`: diagonal steps and orthogonal leaps to the second square.
    Kirin,
    /// Phoenix `X`: orthogonal steps and diagonal leaps to the second square.
    Phoenix,
    /// Lateral Mover `L` that has moved: sideways slides, vertical steps.
    LateralMover,
    /// Lateral Mover `L*` that has not moved yet: also slides up to two squares forward.
    UnmovedLateralMover,
    /// Bishop `B`.
    Bishop,
    /// Rook `R`.
    Rook,
    /// Diagonal Jumper `D` (Bishop General): a Bishop that jumps to capture; rank 3.
    DiagonalJumper,
    /// Viper `V`: a Bishop with orthogonal rifle captures.
    Viper,
    /// Cobra `C`: a Rook with diagonal rifle captures.
    Cobra,
    /// Queen `Q`.
    Queen,
    /// Area Jumper `A` (also the promoted Viper): a jumping Bishop with the area move; rank 5.
    AreaJumper,
    /// Jumping General `J` (also the promoted Cobra): a Queen that jumps to capture; rank 7.
    JumpingGeneral,
    /// Fire Dragon `F` (also the promoted Queen): a Queen with the area move that burns.
    FireDragon,
    /// King `K`; starts on an extra square; no jumper may pass it.
    King,
    /// Promoted Pawn `+P`: moves as a Gold.
    Tokin,
    /// Promoted Silver `+S`: moves as a Bishop.
    PromotedSilver,
    /// Promoted Gold `+G`: moves as a Rook.
    PromotedGold,
    /// Orthogonal Jumper `+M` (Rook General, the promoted Minister): rank 3.
    OrthogonalJumper,
    /// Samurai `+Y` (promoted Kirin): knight leaps and rifle captures all round.
    Samurai,
    /// Promoted Phoenix `+X`: moves as a Queen.
    PromotedPhoenix,
    /// Ninja `+L` (promoted Lateral Mover): sideways slides that skip the adjacent square,
    /// diagonal steps, orthogonal rifle captures.
    Ninja,
    /// Promoted Bishop `+B`: moves as a Viper.
    PromotedBishop,
    /// Promoted Rook `+R`: moves as a Cobra.
    PromotedRook,
    /// Lion `+D` (promoted Diagonal Jumper): king steps and the area move.
    Lion,
}

impl Kind {
    /// Every kind, in declaration order.
    pub const ALL: [Kind; 28] = [
        Kind::Pawn,
        Kind::Silver,
        Kind::Gold,
        Kind::Minister,
        Kind::Kirin,
        Kind::Phoenix,
        Kind::LateralMover,
        Kind::UnmovedLateralMover,
        Kind::Bishop,
        Kind::Rook,
        Kind::DiagonalJumper,
        Kind::Viper,
        Kind::Cobra,
        Kind::Queen,
        Kind::AreaJumper,
        Kind::JumpingGeneral,
        Kind::FireDragon,
        Kind::King,
        Kind::Tokin,
        Kind::PromotedSilver,
        Kind::PromotedGold,
        Kind::OrthogonalJumper,
        Kind::Samurai,
        Kind::PromotedPhoenix,
        Kind::Ninja,
        Kind::PromotedBishop,
        Kind::PromotedRook,
        Kind::Lion,
    ];

    /// Position in [`Kind::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The type this kind promotes to, or `None` if it cannot promote.
    pub const fn promoted(self) -> Option<Kind> {
        Some(match self {
            Kind::Pawn => Kind::Tokin,
            Kind::Silver => Kind::PromotedSilver,
            Kind::Gold => Kind::PromotedGold,
            Kind::Minister => Kind::OrthogonalJumper,
            Kind::Kirin => Kind::Samurai,
            Kind::Phoenix => Kind::PromotedPhoenix,
            Kind::LateralMover | Kind::UnmovedLateralMover => Kind::Ninja,
            Kind::Bishop => Kind::PromotedBishop,
            Kind::Rook => Kind::PromotedRook,
            Kind::DiagonalJumper => Kind::Lion,
            Kind::Viper => Kind::AreaJumper,
            Kind::Cobra => Kind::JumpingGeneral,
            Kind::Queen => Kind::FireDragon,
            _ => return None,
        })
    }

    /// The jumping rank: a jumper may pass only pieces of a lower rank. Non-jumpers have 0 (they
    /// never jump and never stop a jumper); the King has the top rank, so nothing jumps it.
    #[inline]
    pub const fn jump_rank(self) -> u8 {
        match self {
            Kind::King => 9,
            Kind::JumpingGeneral => 7,
            Kind::AreaJumper => 5,
            Kind::DiagonalJumper | Kind::OrthogonalJumper => 3,
            _ => 0,
        }
    }

    /// The notation: a letter, `+` and a letter for promoted kinds, `L*` for the unmoved
    /// Lateral Mover.
    pub const fn symbol(self) -> &'static str {
        match self {
            Kind::Pawn => "P",
            Kind::Silver => "S",
            Kind::Gold => "G",
            Kind::Minister => "M",
            Kind::Kirin => "Y",
            Kind::Phoenix => "X",
            Kind::LateralMover => "L",
            Kind::UnmovedLateralMover => "L*",
            Kind::Bishop => "B",
            Kind::Rook => "R",
            Kind::DiagonalJumper => "D",
            Kind::Viper => "V",
            Kind::Cobra => "C",
            Kind::Queen => "Q",
            Kind::AreaJumper => "A",
            Kind::JumpingGeneral => "J",
            Kind::FireDragon => "F",
            Kind::King => "K",
            Kind::Tokin => "+P",
            Kind::PromotedSilver => "+S",
            Kind::PromotedGold => "+G",
            Kind::OrthogonalJumper => "+M",
            Kind::Samurai => "+Y",
            Kind::PromotedPhoenix => "+X",
            Kind::Ninja => "+L",
            Kind::PromotedBishop => "+B",
            Kind::PromotedRook => "+R",
            Kind::Lion => "+D",
        }
    }

    /// The kind written `symbol` (upper case, as [`Kind::symbol`] gives it).
    pub fn from_symbol(symbol: &str) -> Option<Kind> {
        Kind::ALL.iter().copied().find(|k| k.symbol() == symbol)
    }

    /// The English name.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Pawn => "pawn",
            Kind::Silver => "silver general",
            Kind::Gold => "gold general",
            Kind::Minister => "minister",
            Kind::Kirin => "kirin",
            Kind::Phoenix => "phoenix",
            Kind::LateralMover => "lateral mover",
            Kind::UnmovedLateralMover => "unmoved lateral mover",
            Kind::Bishop => "bishop",
            Kind::Rook => "rook",
            Kind::DiagonalJumper => "diagonal jumper",
            Kind::Viper => "viper",
            Kind::Cobra => "cobra",
            Kind::Queen => "queen",
            Kind::AreaJumper => "area jumper",
            Kind::JumpingGeneral => "jumping general",
            Kind::FireDragon => "fire dragon",
            Kind::King => "king",
            Kind::Tokin => "promoted pawn",
            Kind::PromotedSilver => "promoted silver",
            Kind::PromotedGold => "promoted gold",
            Kind::OrthogonalJumper => "orthogonal jumper",
            Kind::Samurai => "samurai",
            Kind::PromotedPhoenix => "promoted phoenix",
            Kind::Ninja => "ninja",
            Kind::PromotedBishop => "promoted bishop",
            Kind::PromotedRook => "promoted rook",
            Kind::Lion => "lion",
        }
    }
}

/// A piece: a side and a kind.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// The owner.
    pub color: Color,
    /// The type.
    pub kind: Kind,
}

impl Piece {
    /// The piece of `color` and `kind`.
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }
}
