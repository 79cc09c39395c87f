//! The value of a position in a table, from the side to move, and its one-byte encoding.

use std::fmt;

/// A table value from the side to move's point of view.
///
/// Stored as one byte:
/// - `0`: draw (neither side can force mate);
/// - `1..=250`: distance to mate `d = byte - 1` plies; `d` odd is a win in `d`, `d` even a
///   loss in `d` (loss in 0: checkmated, or no legal move);
/// - `251..=254`: unused (a game that values its draws further keeps those values in a draw
///   section of the file, see [`crate::format::DrawSection`]);
/// - `255`: the index slot holds no legal position.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Value(u8);

impl Value {
    /// Neither side can force mate.
    pub const DRAW: Value = Value(0);
    /// The index slot is not a legal position.
    pub const ILLEGAL: Value = Value(255);
    /// The largest distance to mate the encoding holds.
    pub const MAX_DTM: u16 = 249;

    /// A win or loss with distance `dtm` plies (odd: win, even: loss); `None` if too long.
    pub const fn mate(dtm: u16) -> Option<Value> {
        if dtm <= Value::MAX_DTM {
            Some(Value(dtm as u8 + 1))
        } else {
            None
        }
    }

    /// The raw byte.
    pub const fn to_byte(self) -> u8 {
        self.0
    }

    /// The value stored as `byte`.
    pub const fn from_byte(byte: u8) -> Value {
        Value(byte)
    }

    /// Distance to mate in plies, if the position is won or lost.
    pub const fn dtm(self) -> Option<u16> {
        match self.0 {
            1..=250 => Some(self.0 as u16 - 1),
            _ => None,
        }
    }

    /// True for a win of the side to move.
    pub const fn is_win(self) -> bool {
        matches!(self.dtm(), Some(d) if d % 2 == 1)
    }

    /// True for a loss of the side to move.
    pub const fn is_loss(self) -> bool {
        matches!(self.dtm(), Some(d) if d % 2 == 0)
    }

    /// True for a draw.
    pub const fn is_draw(self) -> bool {
        self.0 == 0
    }

    /// True when the slot holds a legal position.
    pub const fn is_legal(self) -> bool {
        self.0 != Value::ILLEGAL.0
    }

    /// `"win"`, `"loss"`, `"draw"` or `"illegal"`.
    pub const fn result_name(self) -> &'static str {
        if self.is_win() {
            "win"
        } else if self.is_loss() {
            "loss"
        } else if self.is_draw() {
            "draw"
        } else {
            "illegal"
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.dtm() {
            Some(d) => write!(f, "{} in {d}", self.result_name()),
            None => f.write_str(self.result_name()),
        }
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
