//! Jocly's piece values for Minjiku Shogi, the documented starting point of the material
//! weights.
//!
//! Source: Jocly (`fhoudebert/jocly2`, commit `a0d78e03`), `src/games/chessbase/minjiku-shogi-model.js`,
//! the `value` of each piece type, in pawn units of its own scale (Pawn 0.86). Here they are in
//! centipawns of that scale (×100). Jocly gives the King no value; the unmoved Lateral Mover has
//! the moved one's (3.54), as in Jocly.

use minjiku::Kind;

/// Jocly's value of `kind` × 100 (0 for the King).
pub const fn jocly_value(kind: Kind) -> i32 {
    match kind {
        Kind::Pawn => 86,
        Kind::Silver => 230,
        Kind::Gold => 293,
        Kind::Minister => 398,
        Kind::Kirin => 344,
        Kind::Phoenix => 407,
        Kind::LateralMover | Kind::UnmovedLateralMover => 354,
        Kind::Bishop => 394,
        Kind::Rook => 511,
        Kind::DiagonalJumper => 613,
        Kind::Viper => 638,
        Kind::Cobra => 868,
        Kind::Queen => 1682,
        Kind::AreaJumper => 1301,
        Kind::JumpingGeneral => 2000,
        Kind::FireDragon => 3497,
        Kind::King => 0,
        Kind::Tokin => 260,
        Kind::PromotedSilver => 377,
        Kind::PromotedGold => 496,
        Kind::OrthogonalJumper => 780,
        Kind::Samurai => 482,
        Kind::PromotedPhoenix => 952,
        Kind::Ninja => 464,
        Kind::PromotedBishop => 471,
        Kind::PromotedRook => 581,
        Kind::Lion => 973,
    }
}
