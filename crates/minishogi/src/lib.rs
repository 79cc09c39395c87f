//! The rules of Minishogi (5五将棋): squares, pieces, bitboards, positions, legal move
//! generation with drops and promotions, SFEN and USI notation, Zobrist hashing, repetition,
//! the handicap starts and perft.
//!
//! The root holds what a program that plays or checks games needs: [`Position`], [`Move`],
//! [`Game`] and their parts. The rest lives in modules: [`error`] (every error type), [`game`]
//! (outcomes and the repetition rule), [`position`] (unvalidated setups, undo records, the start
//! SFEN), [`perft`], and for engines and table generators [`bitboard`], [`attacks`] and
//! [`zobrist`].
//!
//! ```
//! use minishogi::perft::perft;
//! use minishogi::Position;
//!
//! let mut pos = Position::startpos();
//! assert_eq!(pos.legal_move_list().len(), 14);
//! assert_eq!(perft(&mut pos, 3), 2512);
//! let m = pos.parse_move("5d5c").unwrap();
//! pos.play(m);
//! assert_eq!(pos.to_sfen(), "rbsgk/4p/P4/5/KGSBR w - 2");
//! ```

#![forbid(unsafe_code)]

pub mod attacks;
pub mod bitboard;
mod captures;
mod checks;
mod color;
mod display;
pub mod error;
pub mod game;
mod hand;
mod handicap;
mod movegen;
mod moves;
pub mod perft;
mod piece;
pub mod position;
mod position_moves;
mod sfen;
mod square;
pub mod zobrist;

pub use color::Color;
pub use game::{Game, RuleSet};
pub use hand::Hand;
pub use handicap::Handicap;
pub use moves::{Move, MoveList};
pub use piece::{Kind, Piece};
pub use position::Position;
pub use position_moves::PositionWithMoves;
pub use square::Square;

// The crate's own paths for what lives in the public modules.
pub(crate) use bitboard::Bitboard;
pub(crate) use error::{MoveError, PositionError, SfenError, UnknownName};
pub(crate) use position::{Setup, Undo, STARTPOS_SFEN};
