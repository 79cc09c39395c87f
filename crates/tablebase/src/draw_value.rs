//! The value of a mate-only draw under the standard repetition rule, for one of the two cases
//! (the side to move is the game's first player, or the second), and its two-byte encoding.
//!
//! Under the standard rules a mate-only draw ends by fourfold repetition, and the verdict of the
//! repetition decides it (see `docs/tablebase/repetition.md`):
//! - **second player wins** (by repetition): the second player S makes non-checking moves for
//!   ever; the first player F loses the repetition;
//! - **first player wins** (by perpetual check): from some point on S checks with every move while
//!   F makes non-checking moves for ever;
//! - **draw**: from some point on both check with every move.
//!
//! Each entry also holds a *progress measure* that makes the outcome checkable move by move and
//! tells the prober which moves realise it (a move that merely keeps the outcome may cycle for ever
//! without the progress the winner needs):
//! - second player wins: the number of plies until S next makes a non-checking move, S taking
//!   the shortest way and F the longest (0 when F is to move and S's last move did not check);
//! - first player wins: a pair `(k, t)` stored as `k · T + t` with the table's base `T`: `k`
//!   bounds how many more non-checking moves S may make, `t` the plies until F's next
//!   non-checking move;
//! - draw: a pair `(c, d)` stored as `c · T + d` with the table's base `T`: `c` bounds S's
//!   remaining non-checking moves under F's play, `d` F's remaining non-checking moves under
//!   S's play.

use std::fmt;

/// Largest progress measure the encoding holds.
pub const MAX_PROGRESS: u32 = (1 << 14) - 1;

/// Who wins a mate-only draw under the standard repetition rule.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CycleOutcome {
    /// The second player wins: the play ends by repetition, which the first player loses.
    SecondPlayerWins,
    /// The first player wins: the second player checks with every move of the repetition.
    FirstPlayerWins,
    /// Both sides check with every move of the repetition.
    Draw,
}

/// One case's value of a mate-only draw: outcome and progress measure.
///
/// Encoded in a `u16`: bits 15–14 the outcome (1 second player wins, 2 first player wins, 3 draw;
/// 0 = the slot is not a mate-only draw), bits 13–0 the progress measure.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct DrawValue(u16);

impl DrawValue {
    /// The entry of a slot that is not a mate-only draw.
    pub const NONE: DrawValue = DrawValue(0);

    /// The entry for `outcome` with measure `progress`; `None` if the measure is too large.
    pub const fn new(outcome: CycleOutcome, progress: u32) -> Option<DrawValue> {
        if progress > MAX_PROGRESS {
            return None;
        }
        let code = match outcome {
            CycleOutcome::SecondPlayerWins => 1u16,
            CycleOutcome::FirstPlayerWins => 2,
            CycleOutcome::Draw => 3,
        };
        Some(DrawValue(code << 14 | progress as u16))
    }

    /// The entry stored as `bits`.
    pub const fn from_bits(bits: u16) -> DrawValue {
        DrawValue(bits)
    }

    /// The stored bits.
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// The outcome, `None` for [`DrawValue::NONE`].
    pub const fn outcome(self) -> Option<CycleOutcome> {
        match self.0 >> 14 {
            1 => Some(CycleOutcome::SecondPlayerWins),
            2 => Some(CycleOutcome::FirstPlayerWins),
            3 => Some(CycleOutcome::Draw),
            _ => None,
        }
    }

    /// The progress measure.
    pub const fn progress(self) -> u32 {
        (self.0 & MAX_PROGRESS as u16) as u32
    }
}

impl fmt::Debug for DrawValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.outcome() {
            Some(o) => write!(f, "{o:?}({})", self.progress()),
            None => f.write_str("NONE"),
        }
    }
}

/// Which case of a position a value is for: is the side to move the game's first player?
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Case {
    /// The side to move moved first in the game (sente in an even game).
    FirstPlayerToMove,
    /// The side to move is the second player.
    SecondPlayerToMove,
}

impl Case {
    /// Both cases, in storage order.
    pub const ALL: [Case; 2] = [Case::FirstPlayerToMove, Case::SecondPlayerToMove];

    /// Position in a stored pair of entries.
    pub const fn index(self) -> usize {
        match self {
            Case::FirstPlayerToMove => 0,
            Case::SecondPlayerToMove => 1,
        }
    }

    /// The case after a move (the other player is to move).
    pub const fn after_move(self) -> Case {
        match self {
            Case::FirstPlayerToMove => Case::SecondPlayerToMove,
            Case::SecondPlayerToMove => Case::FirstPlayerToMove,
        }
    }

    /// The case of a position whose side to move is `to_move` in a game that `first_player` began.
    pub fn of(to_move: minishogi::Color, first_player: minishogi::Color) -> Case {
        if to_move == first_player {
            Case::FirstPlayerToMove
        } else {
            Case::SecondPlayerToMove
        }
    }
}

/// A pair of flattened measures `hi · base + lo`, split again.
pub const fn split(progress: u32, base: u32) -> (u32, u32) {
    match progress.checked_div(base) {
        Some(hi) => (hi, progress % base),
        None => (0, progress),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_outcome_and_the_largest_measure() {
        for o in [CycleOutcome::SecondPlayerWins, CycleOutcome::FirstPlayerWins, CycleOutcome::Draw] {
            for p in [0, 1, 77, MAX_PROGRESS] {
                let v = DrawValue::new(o, p).expect("fits");
                assert_eq!(DrawValue::from_bits(v.to_bits()), v);
                assert_eq!((v.outcome(), v.progress()), (Some(o), p));
            }
            assert_eq!(DrawValue::new(o, MAX_PROGRESS + 1), None);
        }
        assert_eq!(DrawValue::NONE.outcome(), None);
    }
}
