//! A text diagram of a position.

use crate::fen::piece_symbol;
use crate::{Position, Square};
use std::fmt::Write;

impl Position {
    /// The board as text, rank 11 at the top, with the side to move, check status and notation.
    /// Empty squares are `.`; a vanished extra square is left blank.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for rank in (0..=11).rev() {
            let _ = write!(out, "{rank:>3} ");
            for file in 0..10 {
                let cell = match Square::new(file, rank) {
                    Some(sq) if self.exists(sq) => match self.piece_at(sq) {
                        Some(p) => piece_symbol(p),
                        None => ".".to_string(),
                    },
                    _ => String::new(),
                };
                let _ = write!(out, "{cell:>3}");
            }
            out.truncate(out.trim_end().len());
            out.push('\n');
        }
        out.push_str("    ");
        for file in 'a'..='j' {
            let _ = write!(out, "{file:>3}");
        }
        let _ = write!(
            out,
            "\nside to move: {}{}\n{}",
            self.side_to_move(),
            if self.is_check() { " (in check)" } else { "" },
            self.to_fen()
        );
        out
    }
}
