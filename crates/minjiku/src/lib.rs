//! The rules of Minjiku Shogi, a 10×10 shogi variant without drops: a board with four extra
//! squares that vanish once vacated, area moves, jumping generals ranked against each other,
//! rifle captures and the Fire Dragon's burning. Positions, legal move generation, a position
//! notation, coordinate move notation, repetition and perft.
//!
//! ```
//! use minjiku::{perft, Position};
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
mod error;
mod fen;
mod game;
mod geometry;
mod movegen;
mod movement;
mod moves;
mod notation;
mod perft;
mod piece;
mod position;
mod position_moves;
mod setup;
mod zobrist;

pub use color::Color;
pub use error::{FenError, MoveError, PositionError};
pub use fen::{parse_piece, piece_symbol, STARTPOS_FEN};
pub use game::{repetition_verdict, EndReason, Game, Outcome};
pub use geometry::{king_distance, ParseSquareError, Square, SquareSet, EXTRA_SQUARES};
pub use movegen::{destinations, rifle_victims};
pub use movement::{movement, Movement, Offset};
pub use moves::{Move, MoveList, MOVE_LIST_CAPACITY};
pub use perft::{perft, perft_divide, perft_divide_coord, perft_parallel, PerftDivide};
pub use piece::{Kind, Piece};
pub use position::Position;
pub use position_moves::{BadMove, PositionMovesError, PositionWithMoves};
