//! The rules of Minishogi (5五将棋): squares, pieces, bitboards, positions, legal move
//! generation with drops and promotions, SFEN and USI notation, Zobrist hashing, repetition,
//! the handicap starts and perft.
//!
//! ```
//! use minishogi::{perft, Position};
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
mod bitboard;
mod captures;
mod checks;
mod color;
mod display;
mod error;
mod game;
mod hand;
mod handicap;
mod movegen;
mod moves;
mod perft;
mod piece;
mod position;
mod position_moves;
mod sfen;
mod square;
mod zobrist;

pub use bitboard::Bitboard;
pub use color::Color;
pub use error::{MoveError, PositionError, SfenError, UnknownName};
pub use game::{repetition_verdict, EndReason, Game, Outcome, RuleSet, PLY_LIMIT};
pub use hand::Hand;
pub use handicap::Handicap;
pub use moves::{Move, MoveList};
pub use perft::{perft, perft_divide, perft_parallel, PerftDivide};
pub use piece::{Kind, Piece};
pub use position::{Position, Setup, Undo, STARTPOS_SFEN};
pub use position_moves::{BadMove, PositionMovesError, PositionWithMoves};
pub use square::Square;
pub use zobrist::hand_key;
