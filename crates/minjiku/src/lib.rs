//! The rules of Minjiku Shogi, a 10×10 shogi variant without drops: a board with four extra
//! squares that vanish once vacated, area moves, jumping generals ranked against each other,
//! rifle captures and the Fire Dragon's burning. Positions, legal move generation, a position
//! notation, coordinate move notation, repetition and perft.
//!
//! The root holds what a program that plays or checks games needs: [`Position`], [`Move`],
//! [`Game`] and their parts. The rest lives in modules: [`error`] (every error type), [`game`]
//! (outcomes and the repetition rule), [`fen`] (the start position, piece symbols),
//! [`geometry`] (the board, square sets, distances), [`movement`] (what each kind can do, and
//! where a piece can go), [`moves`] (the move list's capacity) and [`perft`].
//!
//! ```
//! use minjiku::perft::perft;
//! use minjiku::Position;
//!
//! let pos = Position::startpos();
//! assert_eq!(pos.legal_move_list().len(), 24);
//! assert_eq!(perft(&pos, 2), 555);
//! let m = pos.parse_move("h2a9+").unwrap();
//! let next = pos.after(m);
//! assert_eq!(next.to_fen(), "km/rfsgbbgsqr/+Dxdvjacdyl*/pppppppppp/10/10/10/10/PPPPPPPPPP/L*YDCAJV1XL*/RQSGBBGSFR/MK b");
//! ```

#![forbid(unsafe_code)]

mod color;
mod display;
pub mod error;
pub mod fen;
pub mod game;
pub mod geometry;
pub mod movegen;
pub mod movement;
pub mod moves;
mod notation;
pub mod perft;
mod piece;
mod position;
mod position_moves;
mod setup;
mod zobrist;

pub use color::Color;
pub use game::Game;
pub use geometry::Square;
pub use moves::{Move, MoveList};
pub use piece::{Kind, Piece};
pub use position::Position;
pub use position_moves::PositionWithMoves;

// The crate's own paths for what lives in the public modules.
pub(crate) use error::{FenError, MoveError, PositionError};
